"""What an encyclopedic document says about its title entity: kind, dates, nationality, creator and kin.

Read with patterns from the first sentences of the document (where Wikipedia-style
articles define their subject). Every value keeps the character span of the
sentence it came from, so an item can cite that sentence verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from benchsmith.corpora.sentences import split_sentences
from benchsmith.types import Document
from benchsmith.validators.markup import has_markup

LEAD_SENTENCES = 3
_NAME = r"(?P<name>[A-ZÀ-ÖØ-Þ][\w'’.\-]*(?:\s+(?:de|da|di|van|von|der|del|la|le|du|of|y)?\s*[A-ZÀ-ÖØ-Þ][\w'’.\-]*){1,4})"
_YEAR = r"(?:1[0-9]{3}|20[0-2][0-9])"
_DATE = rf"(?:\d{{1,2}}\s+[A-Z][a-z]+\s+{_YEAR}|[A-Z][a-z]+\s+\d{{1,2}},\s+{_YEAR}|[A-Z][a-z]+\s+{_YEAR}|{_YEAR})"
_LIFE = re.compile(rf"\(\s*(?:born\s+)?(?P<born>{_DATE})?[^()]*?\s*[–\-]\s*(?P<died>{_DATE})\s*\)")
_BORN = re.compile(rf"\(\s*(?:b\.|born)\s+(?:on\s+)?(?P<born>{_DATE})")
_BORN_TEXT = re.compile(rf"\bwas born (?:on |in )?(?P<born>{_DATE})\b")
_DIED = re.compile(rf"\(\s*(?:d\.|died)\s+(?:on\s+)?(?:after\s+|c\.\s*)?(?P<died>{_DATE})")
# "(5 January 1910 in Helsinki – 6 June 1997)", "(born 12 May 1920 in Lyon, France)", "... was born in Solingen":
# a place right after the birth date or "born in", never a lower-case phrase ("born in the village of ...").
_PLACE = r"(?:St\.\s+)?[A-Z][\w'’\-]*(?:\s+(?:(?:upon|on|de|am|di|del|della|du|des|da|do|la|le|sur|of)\s+)?[A-Z][\w'’\-]*){0,3}"
# The place must end where the name does ("San Ferdinando" of "San Ferdinando di Puglia" is no place).
_BIRTHPLACE = re.compile(rf"(?:\(\s*(?:born\s+)?{_DATE}\s+in\s+|\bborn\s+(?:on\s+{_DATE}\s+)?in\s+)"
                         rf"(?P<place>{_PLACE}(?:,\s+{_PLACE})?)"
                         r"(?=\s*(?:[,;.)–]|$)|\s+[–-]\s|\s+(?:in|on|to|and|at|as|where|he|she)\b)")
# "... and Emma Clark who was born in Ohio": the birthplace of the person just named, not the subject's.
_OTHERS_BIRTH = re.compile(r"[A-Z][\w'’\-]+\s*,?\s+who\s+(?:was\s+)?$")
_MONTH = re.compile(r"^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|^\d")
_NATIONALITIES_RE = re.compile(
    r"\b(?:is|was) (?:an?|the) (?:former |retired |professional |renowned |prominent |noted )?"
    r"(?P<nat>[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?)\s+(?P<occ>[a-z]+(?: [a-z]+)?)"
)
_WORK = re.compile(
    rf"\b(?:is|was) (?:an?|the) (?:c\.\s*)?(?P<year>{_YEAR})?\s*(?:[A-Za-z\-]+\s+){{0,4}}?"
    r"(?P<kind>film|painting|watercolou?r|novel|album|song|opera|poem|play|book|series|sculpture|drawing|etching|documentary|"
    r"oil on canvas landscape|landscape in oils|mural|oil[- ]on[- ]canvas)\b(?! (?:painting|landscape)s?\b)"
    # "was a pioneering Russian film director": the kind of a person's work, not the subject's kind
    r"(?! (?:director|producer|editor|actor|actress|critic|maker|writer|composer|singer|artist|historian|scholar|"
    r"collector|dealer|journalist|publisher|executive|designer|photographer|distributor)s?\b)"
)
# The work's own verb ("was painted in", "Painted in 1833, it", "a painting created in 1912"), not a person's
# ("sketches Church made while traveling in 1857").
_YEAR_IN = re.compile(
    r"(?:\b(?:was|were|is|been|being)\s+(?:[a-z]+\s+)?|^|,\s*|\b(?:painting|work|canvas|landscape|film|novel|album)\s+)"
    rf"(?:[Pp]ainted|[Cc]ompleted|[Rr]eleased|[Pp]ublished|[Cc]reated|[Mm]ade|[Pp]remiered)\b[^.]{{0,40}}?\bin (?:c\.\s*)?(?P<year>{_YEAR})\b")
# "(1887) is an oil on canvas", "an oil painting of 1822", "painting ... from 1748": a single year, never a range.
_YEAR_SOLE = re.compile(rf"(?:^(?:[^()]|\([^()]*\)){{1,160}}?\((?P<paren>{_YEAR})\)|\b(?:painting|landscape|work) (?:of|from) (?P<of>{_YEAR}))(?![–\-]\d)")
# A work's year in other words its first sentence uses: "a painting ... that he made in 1849", "painted by ... on
# July 4, 1888", "a painting by Anna-Eva Bergman in 1966", "created during the winter of 1868" (never "1868–1869"),
# "an oil painting by Thomas Gainsborough, from 1748", "This 1862 watercolour is ...", "... Cupid, 1664, is a painting".
_KINDS = r"painting|watercolou?r|work|canvas|landscape"
_YEAR_LEAD = [re.compile(p) for p in (
    rf"\b(?:{_KINDS})\b[^.]{{0,80}}?\b(?:that|which) (?:he|she|they) (?:painted|made|completed|created) in (?P<year>{_YEAR})\b",
    rf"\b(?:painted|made|completed|created)\b[^.]{{0,60}}?\bon [A-Z][a-z]+ \d{{1,2}}, (?P<year>{_YEAR})\b",
    rf"\b(?:is|was) an? (?:[\w-]+ ){{0,4}}?(?:{_KINDS})\b[^.]{{0,60}}?\b(?:in|from) (?P<year>{_YEAR})\b",
    rf"\b(?:created|painted|made|completed) (?:during|in) the (?:winter|spring|summer|autumn|fall) of (?P<year>{_YEAR})\b",
    rf"\b(?:created|painted|made|completed) at the (?:outset|start|end|beginning) of (?P<year>{_YEAR})\b",
    rf"\b(?:{_KINDS})\b[^.]{{0,60}}?,\s+from (?P<year>{_YEAR})\b",
    rf"^This (?P<year>{_YEAR}) (?:{_KINDS})\b",
    rf"^[^.]{{0,140}}?, (?P<year>{_YEAR}), (?:is|was) an? (?:[\w-]+ ){{0,3}}?(?:{_KINDS})\b",
)]
_CREATOR = re.compile(
    r"\b(?P<verb>directed|painted|written|composed|produced|founded|designed|created)\s+(?:(?:in|circa|c\.)\s+\d{4}\s+)?by\s+(?:the\s+(?:[a-zA-Z\-]+\s+){0,5}?(?:artist|painter|director|writer|author|composer)\s+)?"
    + _NAME
)
# "painting by", and the medium or year between ("painting on canvas by", "painting of 1689 by", "painting, oil on
# canvas, by"): never another noun ("a painting of the valley by ..." names what it shows, not who painted it).
_WORK_BY = re.compile(
    r"\b(?:film|painting|watercolou?r|novel|album|song|opera|poem|work|drawing|etching|landscape|mural)"
    r"(?:\s+on canvas|\s+(?:of|from)\s+\d{4}|,\s+oil on (?:canvas|panel|wood),)?\s+by\s+(?:the\s+)?"
    r"(?:(?:[A-Za-z\-]+\s+){0,5}?(?:artist|painter|director|writer|author|composer)\s+)?" + _NAME
)
# Where a work is kept: "on display at the National Gallery of Art", "part of the collection of the Fondation ...".
# Present tense only where the verb alone would also fit a past loan ("is exhibited at", never "was exhibited at
# the Salon des Indépendants").
_HOME = re.compile(
    r"\b(?:on display (?:at|in)|on view (?:at|in)|in the (?:permanent )?collections? (?:of|at)|"
    r"part of the (?:permanent )?collection (?:of|at|in)|[Aa]cquired by|held (?:by|in|at)|housed (?:in|at)|hangs in|owned by|"
    r"(?:is|are) (?:now |currently |today |permanently )?(?:exhibited|displayed|located|kept) (?:at|in)|"
    r"(?:is|are|remains|now|currently|today) (?:now |currently |today )?in) (?:the )?(?:(?:[A-Z][\w\-]* )*[A-Z][\w\-]*'s )?(?:The )?"
    r"(?P<home>[A-Z][\w'’\-]*(?: (?:of|de|du|des|the|and|für|di|del)?\s?[A-Z][\w'’\-]*){0,6})"
)
# A collection is an institution: a name without one of these words is a person or a place ("acquired by Peter Widener").
_INSTITUTION = re.compile(r"\b(?:Museum|Museo|Musée|Museu|Gallery|Galleria|Galerie|Galerij|Louvre|Prado|Collection|Institute|"
                          r"Kunsthalle|Kunstsammlung|Hermitage|Rijksmuseum|Foundation|Fondation|Academy|Tate|House|Palace)\b")
# "by the French artist, theorist and writer Albert Gleizes": the name after the last occupation word.
_BY_ARTIST = re.compile(
    r"\bby (?:the )?(?:[A-Za-z\-]+,?\s+(?:and\s+)?){0,6}?(?:artist|painter|writer|theorist|master|landscapist|printmaker|watercolou?rist|engraver|draughtsman)s?,?\s+" + _NAME)
_EPITHET = re.compile(r"^(?!(?:Christian|Sebastian|Julian|Adrian|Brian|Florian|Damian|Fabian|Maximilian|Vivian|Lillian|Marian|"
                      r"Dan|Jan|Ivan|Stefan|Stephan|Johan|Roman|Milan|Morgan|Logan|Dean|Joan|Jean|Ian|Alan|Allan|Ethan|Nathan)$)"
                      r"(?:[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?:an|ese|ish|ch|ist|ian|ean|tic)|Baroque|Victorian|Flemish)$")
_PAINTED_BY = re.compile(r"[^.()]{0,80}?\s(?:was|is) painted by\b")
HOME_SENTENCES = 6
# After the first sentence, a creator is the work's own only in a sentence about the work ("The film was directed
# by ...", "It was painted by ..."); "The original Mexican film was directed by ..." is another work's.
_SUBJECT_WORDS = r"It|This \w+|The \w+"
_ABOUT_SUBJECT = re.compile(rf"(?:{_SUBJECT_WORDS})\s+(?:was|is|were)\b")
_KIN = re.compile(r"\b(?P<rel>son|daughter|wife|husband|widow)\s+of\s+(?:the\s+)?" + _NAME)
# A kin word inside a relative clause ("..., who was the youngest son of ...") is another person's kin.
_OTHERS_KIN = re.compile(r"\b(?:who|whom|whose|which)\s+(?:was|is|had been|were)?\s*(?:also\s+)?(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}$")
_MARRIED = re.compile(r"\b(?:He|She)\s+married\s+" + _NAME)

_CO_CREDIT = re.compile(r"\s*(?:,\s*|\s+and\s+|\s*&\s*|\s+with\s+)[A-Z]")
ROLE_OF_VERB = {
    "directed": "director", "painted": "painter", "written": "author", "composed": "composer", "produced": "producer",
    "founded": "founder", "designed": "designer", "created": "creator",
}
ROLE_OF_KIND = {"television play": "author", "radio play": "author", "film": "director", "painting": "painter", "watercolour": "painter", "watercolor": "painter",
                "novel": "author", "book": "author", "poem": "author", "album": "artist", "song": "artist",
                "opera": "composer", "drawing": "artist", "etching": "artist", "play": "author", "mural": "painter"}
# "West Indian", "Cape Verdean", "South Korean": a compass word or a country's first word before the demonym (never
# "Roman Catholic")
_DEMONYM = re.compile(r"^(?:(?:West|South|North|East|Northern|Central|Cape|Sri|Costa|Puerto|Saudi|New)[ -])?"
                      r"[A-Z][a-z]+(?:an|ese|ish|ch|i|ic|ian|ean|er)$")
KIND_ROLES = {"film": {"director", "author", "producer", "composer"}, "documentary": {"director", "producer"},
              "painting": {"painter"}, "mural": {"painter"}, "novel": {"author"}, "book": {"author"}, "poem": {"author"}, "play": {"author"},
              "television play": {"author", "director"}, "radio play": {"author"},
              "album": {"artist", "producer"}, "song": {"artist", "composer", "author"}, "opera": {"composer"}}
# Occupations that say the subject is a person (the nationality word before them is then a nationality).
_PERSON_OCCUPATIONS = re.compile(
    r"^(?:actor|actress|painter|artist|director|film|footballer|politician|writer|author|singer|composer|poet|novelist|"
    r"player|musician|architect|engraver|printmaker|sculptor|photographer|journalist|businessman|businesswoman|"
    r"lawyer|judge|noble|nobleman|noblewoman|king|queen|prince|princess|bishop|priest|general|soldier|officer|"
    r"scientist|physician|economist|historian|philosopher|producer|screenwriter|cinematographer|editor|dancer|"
    r"rapper|comedian|athlete|boxer|cyclist|swimmer|wrestler|cricketer|rower|tennis|television|film|stage|"
    r"landscape|portrait|marine|illustrator|designer|engineer|inventor|explorer|diplomat|aristocrat|courtier|monk|nun)"
)


# A person's occupation as the first sentence gives it: "is a South Korean ice hockey player" -> "hockey player",
# "was a British zoologist and museum curator" -> "zoologist", "is a former professional Lithuanian basketball
# player" -> "basketball player". The head noun ends the phrase: a word of the occupations list or one with a
# person noun's ending ("luger", "numismatist", "historian"); "member", "leader" of a party and the like are roles,
# not occupations one compares people by.
_OCCUPATION_ADJECTIVES = (r"(?:former|retired|professional|renowned|prominent|noted|well-known|leading|famous|celebrated|"
                          r"influential|popular|successful)")
_OCCUPATION_STOP = r"(?:and|or|who|which|of|in|for|from|at|with|on|to|by|best|known|born|based)\b"
_OCCUPATION = re.compile(
    rf"\b(?:is|was) (?:an?|the) (?:{_OCCUPATION_ADJECTIVES} )*(?:[A-Z][a-z]+(?:[- ][A-Z][a-z]+){{0,2}} )?"
    rf"(?:{_OCCUPATION_ADJECTIVES} )*"
    rf"(?P<occ>(?:(?!{_OCCUPATION_STOP})[a-z][a-z\-]* ){{0,2}}(?!{_OCCUPATION_STOP})[a-z][a-z\-]*)"
    rf"(?=\s*(?:[,.;(]|{_OCCUPATION_STOP}|$))"
)
_OCCUPATION_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "eur", "person", "man", "woman")
_NOT_OCCUPATIONS = frozenset("""member leader former number other part one figure character owner holder partner
    supporter contributor authority candidate resident citizen native descendant relative winner runner founder
    pioneer veteran survivor daughter son father mother brother sister wife husband widow widower child heir
    grandson granddaughter film television stage landscape portrait marine tennis""".split())


def occupation_of(sentence: str) -> str | None:
    """The occupation a person's first sentence gives (see _OCCUPATION), or None."""
    m = _OCCUPATION.search(sentence)
    if m is None:
        return None
    words = m.group("occ").split()
    head = words[-1]
    if head in _NOT_OCCUPATIONS or not (_PERSON_OCCUPATIONS.fullmatch(head) or head.endswith(_OCCUPATION_ENDINGS)):
        return None
    if len(words) >= 2 and (head == "player" or (head == "artist" and words[-2] in ("martial", "recording"))):
        return f"{words[-2]} {head}"  # a basketball player and a hockey player are not one occupation, nor a painter a boxer
    return head


@dataclass(frozen=True)
class Value:
    """A value read from a document: its text, a year when it is a date, and the sentence it came from."""

    text: str
    start: int  # sentence span in the document
    end: int
    year: int | None = None


@dataclass
class Profile:
    doc_id: str
    name: str
    kind: str | None = None  # "person" or a work kind ("film", "painting", ...)
    born: Value | None = None
    died: Value | None = None
    year: Value | None = None  # when a work was made or released
    nationality: Value | None = None
    birthplace: Value | None = None  # where a person was born, as the lead says it ("Helsinki", "Solingen, Germany")
    gender: str | None = None  # "m" / "f" from the pronouns of the document
    occupation: str | None = None  # a person's, from the first sentence (see occupation_of): "cricketer", "hockey player"
    links: list[tuple[str, str, Value]] = field(default_factory=list)  # (role, name, sentence) e.g. ("director", "Luis Mandoki", ...)
    home: Value | None = None  # the collection that holds a work ("National Gallery of Art"), with its sentence
    qualifier: str = ""  # the title's disambiguation ("Gleizes", "1865 painting"): the name is shared outside the corpus


GENERATION_YEARS = 30  # people born (or dead) this close are of one generation: an 1842-born colonial politician
# set against one born in 1936 is answered from the eras their articles evoke, not from their dates


def same_generation(x: Profile, y: Profile) -> bool:
    """Whether two people's birth years, or death years, are within GENERATION_YEARS."""
    return any(a.year is not None and b.year is not None and abs(a.year - b.year) <= GENERATION_YEARS
               for a, b in ((x.born, y.born), (x.died, y.died)) if a is not None and b is not None)


def title_qualifier(title: str) -> str:
    """The disambiguation a title carries in brackets ("Les Baigneuses (Gleizes)" -> "Gleizes"), or ""."""
    m = re.search(r"\(([^()]*)\)\s*$", title or "")
    return m.group(1).strip() if m else ""


def entity_name(title: str) -> str:
    """The entity a title names: its disambiguation in brackets dropped ("Ville-d'Avray (1865 painting)")."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", title or "").strip()


def _year(text: str) -> int | None:
    m = re.search(_YEAR, text)
    return int(m.group(0)) if m else None


def _gender(text: str) -> str | None:
    he = len(re.findall(r"\b(?:He|he|His|his|him)\b", text))
    she = len(re.findall(r"\b(?:She|she|Her|her)\b", text))
    if he > she and he >= 1:
        return "m"
    if she > he and she >= 1:
        return "f"
    return None


def _clean_name(name: str) -> str:
    name = re.sub(r"[.,;:'’]+$", "", name.strip())
    name = re.sub(r"\s+(?:and|in|at|on|with|from|for|who|which)$", "", name)
    words = name.split()
    while len(words) > 2 and _EPITHET.match(words[0]):
        words = words[1:]  # "French Impressionist Claude Monet" -> "Claude Monet"
    if all(_EPITHET.match(w) for w in words):
        return ""  # "by the English Romantic ...": no name
    return " ".join(words)


def _closed(prefix: str) -> bool:
    """Whether every parenthesis opened before a point is closed: "(born Manó Kaminer(1886-1905) ..." holds the
    years of a former name, not the life of the subject."""
    return prefix.count("(") <= prefix.count(")")


def read_profile(doc: Document) -> Profile | None:
    """The title entity's profile, or None when the document does not open by defining a named subject."""
    name = entity_name(doc.title)
    if not name or not name[:1].isupper() or len(name.split()) > 8 or title_qualifier(doc.title).lower() == "disambiguation":
        return None  # a disambiguation page lists several things of one name: no subject of its own
    prof = Profile(doc.doc_id, name, gender=_gender(doc.text), qualifier=title_qualifier(doc.title))
    spans = list(split_sentences(doc.text))[:LEAD_SENTENCES]
    shared_roles: set[str] = set()
    for i, span in enumerate(spans):
        s = doc.text[span.start : span.end]
        if has_markup(s):
            continue
        val = lambda text, s=span: Value(text, s.start, s.end, _year(text))  # noqa: E731
        if i == 0:
            verb = re.search(r"\b(?:is|was|were|are)\b", s)
            cut = verb.start() if verb else len(s)  # the subject's own dates come before its verb
            life = next((m for m in _LIFE.finditer(s[:cut]) if _closed(s[:m.start()])), None)
            if life:
                if life.group("born"):
                    prof.born = val(life.group("born"))
                prof.died = val(life.group("died"))
                prof.kind = "person"
            for pat, attr in ((_BORN, "born"), (_BORN_TEXT, "born"), (_DIED, "died")):
                m = pat.search(s if pat is _BORN_TEXT else s[:cut])
                if m and getattr(prof, attr) is None:
                    setattr(prof, attr, val(m.group(attr)))
                    prof.kind = "person"
            place = _BIRTHPLACE.search(s)
            if place and not _MONTH.match(place.group("place")) and not _OTHERS_BIRTH.search(s[: place.start()]):
                prof.birthplace = val(place.group("place"))
            prof.occupation = occupation_of(s)  # kept below only if the subject is a person
            nat = _NATIONALITIES_RE.search(s)
            if nat and _PERSON_OCCUPATIONS.match(nat.group("occ")) and _DEMONYM.match(nat.group("nat")):
                prof.nationality = val(nat.group("nat"))
                prof.kind = "person"
            work = _WORK.search(s)
            if work is None and prof.kind is None and s.startswith(name) and _PAINTED_BY.match(s, len(name)):
                prof.kind = "painting"  # "Vesuvius from Posillipo by Moonlight was painted by Joseph Wright of Derby in 1774."
            if work and prof.kind != "person":
                kind = re.sub(r"oil[- ]on[- ]canvas$", "oil on canvas", work.group("kind"))
                prof.kind = {"watercolor": "painting", "watercolour": "painting", "oil on canvas landscape": "painting",
                             "landscape in oils": "painting", "oil on canvas": "painting"}.get(kind, kind)
                if work.group("year") and not re.search(r"\bc\.\s*$", s[: work.start("year")]):
                    prof.year = val(work.group("year"))  # "a c. 1855 painting" gives no year a question may state
                medium = re.search(r"\b(television|TV|radio)\b", work.group(0))
                if prof.kind == "play" and medium:  # a television play is broadcast, not staged
                    prof.kind = "radio play" if medium.group(1) == "radio" else "television play"
        if prof.kind not in (None, "person") and prof.year is None:
            m = _YEAR_IN.search(s) or _YEAR_SOLE.search(s)
            if m is None and i == 0:
                m = next((found for pat in _YEAR_LEAD if (found := pat.search(s))), None)
            if m and not re.match(r"\s*[–\-/]\s*\d", s[m.end():]) and not re.search(r"\b(?:circa|c\.|between)\s*$", s[:m.start("year") if "year" in m.re.groupindex else m.start()]):
                prof.year = val(next(g for g in m.groups() if g))
        about_work = i == 0 or _ABOUT_SUBJECT.match(s) is not None or s.startswith(name)
        for m in _CREATOR.finditer(s):
            if i > 0 and not re.fullmatch(rf"(?:{_SUBJECT_WORDS}|{re.escape(name)})\s+(?:was|is|were|had been|has been)\s+"
                                          r"(?:\w+\s+)?", s[:m.start()]):
                continue  # "It was inspired by the 1936 film Modern Times, written by Charlie Chaplin": another work's
            role = ROLE_OF_VERB[m.group("verb")]
            if _CO_CREDIT.match(s, m.end()) or s[: m.start()].lower().endswith(("co-", "co ")):
                shared_roles.add(role)  # "co-directed by A", "directed by A and B": no one "director"
            prof.links.append((role, _clean_name(m.group("name")), val(m.group(0))))
        for m in [*_WORK_BY.finditer(s), *_BY_ARTIST.finditer(s)]:
            if prof.kind in ROLE_OF_KIND and about_work:
                if _CO_CREDIT.match(s, m.end()):
                    shared_roles.add(ROLE_OF_KIND[prof.kind])
                prof.links.append((ROLE_OF_KIND[prof.kind], _clean_name(m.group("name")), val(m.group(0))))
        if prof.kind == "person" or i == 0:
            for m in _KIN.finditer(s):
                if _OTHERS_KIN.search(s[: m.start()]):
                    continue  # "the son of X, who was the youngest son of Ismail I": the grandfather, not the father
                rel = {"son": "parent", "daughter": "parent", "wife": "spouse", "husband": "spouse", "widow": "spouse"}[m.group("rel")]
                prof.links.append((rel, _clean_name(m.group("name")), val(m.group(0))))
            for m in _MARRIED.finditer(s):
                prof.links.append(("spouse", _clean_name(m.group("name")), val(m.group(0))))
    if prof.kind != "person":
        prof.occupation = None  # "is an American film": a work's kind, not an occupation
    if prof.kind not in (None, "person"):
        for span in list(split_sentences(doc.text))[:HOME_SENTENCES]:
            s = doc.text[span.start : span.end]
            m = _HOME.search(s)
            if m and not has_markup(s) and len(m.group("home").split()) >= 2 and _INSTITUTION.search(m.group("home")):
                prof.home = Value(re.sub(r"\s+(?:in|at|on)$", "", m.group("home")).rstrip(".,;"), span.start, span.end)
                break
    prof.links = [link for link in prof.links if link[1]]
    # A work's article names many people "by" whom something was done: keep only the role its kind implies.
    if prof.kind in KIND_ROLES:
        prof.links = [link for link in prof.links if link[0] in KIND_ROLES[prof.kind]]
    prof.links = [link for link in prof.links if link[0] not in shared_roles]
    # One role names one entity: a film "directed by A and B" or two fathers are ambiguous, not a bridge.
    by_role: dict[str, set[str]] = {}
    for role, who, _ in prof.links:
        by_role.setdefault(role, set()).add(who)
    prof.links = [link for link in dict.fromkeys(prof.links) if len(by_role[link[0]]) == 1]
    seen: set[str] = set()
    prof.links = [link for link in prof.links if not (link[0] in seen or seen.add(link[0]))]
    return prof
