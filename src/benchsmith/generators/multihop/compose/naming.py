"""How a question names a work whose title alone would not pick it out outside the corpus.

A Wikipedia-style title that carries a disambiguation ("Les Baigneuses (Gleizes)", "Live (The Merry-Go-Round
song)", "May Night (Willard Metcalf painting)") or a one-word title ("Camel") names several things in the world:
a reader asked "Was X released before Live?" cannot tell which "Live". Such a work is named with what its
article says picks it out, never with the fact the question asks about:

- the disambiguation's own words beyond the kind and year: "the Merry-Go-Round song Live";
- else its creator: "Les Baigneuses by Albert Gleizes" (not where the question compares creators);
- else its year: "the 1865 painting Ville-d'Avray" (not where the question compares years).

A work with none of these left to name it by gets None, and the question is not asked. A title Wikipedia needed
only to tell from things of another kind ("Chichester Canal (painting)") is named with its kind.

A person's title disambiguated the same way ("John Mackay (poet)", "John Smith (Scottish footballer, born 1990)") is
named with its description: "the poet John Mackay". A year in it is one of the facts a question may compare, so a
person whose disambiguation needs the compared year, or says nothing a reader recognises as a description of a
person (an occupation), is not asked.
"""

from __future__ import annotations

import re

from benchsmith.generators.multihop.compose.profiles import _PERSON_OCCUPATIONS, Profile, Value

WORK_CREATOR_ROLES = ("painter", "director", "author", "composer")  # the roles routes between works follow
NAMING_ROLES = (*WORK_CREATOR_ROLES, "artist")  # a title may also be qualified by an artist's name
_KIND_WORDS = re.compile(r"\b(?:\d{4}|film|films|painting|paintings|song|album|novel|book|band|mural|series|opera|play|"
                         r"poem|art|artwork|documentary|television|TV|radio|soundtrack|single|EP|musical|work|watercolou?r)\b",
                         re.IGNORECASE)
_ARTICLES = {"the", "a", "an", "le", "la", "les", "l", "el", "il", "der", "die", "das"}


ROLE_NOUN = {"painter": "artist", "director": "director", "author": "author", "composer": "composer"}
_SCREEN_KINDS = ("film", "documentary", "series")


def creator_noun(role: str, kind: str | None) -> str:
    """The creator's noun in a question: "the artist of" a painting, "the writer of" a film (never "the author of")."""
    if role == "author" and kind in _SCREEN_KINDS:
        return "writer"
    return ROLE_NOUN.get(role, role)


def creator_link(p: Profile, roles: tuple[str, ...] = WORK_CREATOR_ROLES) -> tuple[str, str, Value] | None:
    """The first creator of one of `roles` a work's profile names in full (two words or more), with the role and
    the sentence stating it."""
    return next(((r, who, v) for r, who, v in p.links if r in roles and len(who.split()) >= 2), None)


def creator(p: Profile) -> str | None:
    link = creator_link(p, NAMING_ROLES)
    return link[1] if link else None


def _other_words(p: Profile) -> str:
    rest = " ".join(_KIND_WORDS.sub(" ", p.qualifier).split()).strip(" ,;-")
    return re.sub(r"^(?:the|The)\s+", "", rest)  # "the" is the question's own: "the Merry-Go-Round song Live"


def descriptor(p: Profile) -> str:
    """The disambiguation's words that are neither the work's kind nor a year: "The Merry-Go-Round" of
    "The Merry-Go-Round song", "Willard Metcalf" of "Willard Metcalf painting", "" of "1865 painting". A
    parenthesis of several words and no kind is the work's other title ("The Wallflower (Dance with Me, Henry)"),
    which describes nothing: "the Dance with Me, Henry song The Wallflower" reads as nonsense."""
    rest = _other_words(p)
    if not _KIND_WORDS.search(p.qualifier) and len(rest.split()) > 1:
        return ""
    return rest


def ambiguous(p: Profile) -> bool:
    """Whether the title alone names several things outside the corpus: a disambiguation that is more than the
    kind (a creator, a year, a band, another title), or a one-word title."""
    words = [w for w in re.findall(r"[\w'’-]+", p.name) if w.lower() not in _ARTICLES]
    return bool(_other_words(p) or re.search(r"\d{4}", p.qualifier)) or len(words) <= 1


def _is_creator(text: str, who: str | None) -> bool:
    return bool(who) and bool(set(text.lower().split()) & set(who.lower().split()))


def work_reference(p: Profile, hide: str = "", with_kind: bool = True) -> str | None:
    """The work named for a question that compares or asks `hide` ("year", "creator" or ""): its title, with its
    kind where `with_kind` or where the title needs it, and with a picking-out detail where the title is
    ambiguous (see the module doc); None where only the hidden fact would pick it out."""
    kind = p.kind if p.kind not in (None, "person") else None
    if kind is None:
        return p.name
    if p.name.endswith(("?", "!")):
        return None  # "... or Who's Your Brother?, was directed by ...": the title's mark ends the question early
    plain = f"the {kind} {p.name}" if with_kind or p.qualifier else p.name
    if not ambiguous(p):
        return plain
    if hide == "year" and re.search(r"\d{4}", p.qualifier):
        return None  # "Ville-d'Avray (1865 painting)": Corot painted several; the hidden year is what tells them apart
    who, desc = creator(p), descriptor(p)
    surname = re.fullmatch(r"[A-Z][\w'’.-]*", p.qualifier.strip()) is not None  # "(Gleizes)", "(Monet)": a creator
    if desc and not (hide == "creator" and _is_creator(desc, who)) and not surname:
        if desc.lower() == p.name.lower():  # a self-titled album: "the album One More Time by One More Time"
            return f"the {kind} {p.name} by {desc}"
        return f"the {desc} {kind} {p.name}"  # "the Merry-Go-Round song Live", "the Willard Metcalf painting May Night"
    if who and hide != "creator":
        if surname and len(who.split()) > 3 and p.qualifier.strip() in who.split():
            who = p.qualifier.strip()  # "by Rembrandt", as the title itself names him, not "by Rembrandt Harmenszoon van Rijn"
        return f"the {kind} {p.name} by {who}"
    if desc and hide != "creator":
        return f"the {desc} {kind} {p.name}"  # "(Monet)" with no creator read: "the Monet painting The Magpie"
    if p.year is not None and p.year.year is not None and hide != "year":
        return f"the {p.year.year} {kind} {p.name}"
    return None


_LIFE_YEARS = re.compile(r",?\s*\b(?:born|b\.|died|d\.|fl\.)?\s*(?:c\.\s*)?\d{3,4}s?(?:\s*[–-]\s*\d{3,4})?\s*")
_NOT_PEOPLE = {"film", "tennis", "television", "stage", "landscape", "portrait", "marine"}  # words the occupations list
# holds only as the first half of one ("film director", "tennis player")
_DESCRIPTION = re.compile(r"(?:[A-Z][a-z]+(?:[- ][A-Z][a-z]+)? )?(?:[a-z-]+ ){0,2}[a-z-]+")  # "Scottish footballer", "poet"


def person_reference(p: Profile, hide: str = "") -> str | None:
    """A person named for a question that compares `hide` ("born", "died" or ""): the name, or with the title's
    disambiguation where it has one (see the module doc); None where the name cannot be told apart that way."""
    q = p.qualifier.strip()
    if not q:
        return p.name
    years = _LIFE_YEARS.search(q) is not None and re.search(r"\d{3,4}", q) is not None
    desc = _LIFE_YEARS.sub(" ", q).strip(" ,;")
    noun = desc.split()[-1].split("-")[-1] if desc else ""
    if not _DESCRIPTION.fullmatch(desc) or not _PERSON_OCCUPATIONS.fullmatch(noun) or noun in _NOT_PEOPLE:
        return None  # "(born 1950)", "(American football)": nothing that reads as a description of the person
    if years and hide in ("born", "died"):
        return None  # the description alone does not pick out one of several namesakes with that occupation
    return f"the {desc} {p.name}"
