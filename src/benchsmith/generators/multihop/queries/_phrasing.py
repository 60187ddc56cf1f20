"""Shared phrasing: how a report is referred to, and a claim turned into a clause."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from rapidfuzz.distance import Levenshtein

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.collection import is_wire
from benchsmith.generators.multihop.queries.story_subjects import (
    headline_names,
    leads_with,
    may_hold,
    opens_story,
    report_of,
    story_ref,
)
from benchsmith.generators.multihop.queries.typos import has_misspelling
from benchsmith.generators.multihop.queries.whole_names import whole_name_in
from benchsmith.generators.multihop.text import contains_phrase, the_source
from benchsmith.types import Document

TYPE_NOUNS = {
    "PERSON": "person", "ORG": "organization", "GPE": "place", "LOC": "place", "NORP": "group",
    "FAC": "facility", "PRODUCT": "product", "EVENT": "event", "WORK_OF_ART": "work", "LAW": "law",
}  # any other label (ENTITY: the corpus-wide type vote was weak) is phrased neutrally as "name"


def type_noun(label: str) -> str:
    return TYPE_NOUNS.get(label, "name")


def report_ref(doc: Document, *, avoid: str | None = None) -> str:
    """'the Harbor City Ledger article "Title"'; the title is left out when it would reveal `avoid`."""
    title = doc.title.strip()
    if title and avoid and contains_phrase(title, avoid):
        title = ""
    if doc.source and title:
        return f'{the_source(doc.source)} article "{title}"'
    if doc.source:
        return f"a {doc.source} report"
    if title:
        return f'the article "{title}"'
    return f"document {doc.doc_id}"


def _month(doc: Document) -> str | None:
    return doc.published_at.strftime("%B %Y") if doc.published_at is not None else None


def report_refs(docs: Sequence[Document], *, avoid: str | None = None) -> list[str]:
    """Short references for the reports of one query: "the Harbor City Ledger report from March 2025".

    Full titles make multi-source questions very long, so a report is named by
    source and month; the title is used only when two reports of the query share
    source and month (or have neither), where it is needed to tell them apart.
    """
    keys = [(d.source, _month(d)) for d in docs]
    counts = Counter(keys)
    out = []
    for d, key in zip(docs, keys, strict=True):
        source, month = key
        if source and counts[key] == 1:
            out.append(f"{the_source(source)} report from {month}" if month else f"{the_source(source)} report")
        elif not month and d.title and not (avoid and contains_phrase(d.title, avoid)):
            out.append(f'the article "{d.title.strip()}"')  # undated reports of one source: the title alone tells them apart
        else:
            out.append(report_ref(d, avoid=avoid))
    return out


def clause(claim_text: str, names: Sequence[str] = (), context: str = "") -> str:
    """A claim as a clause after 'that': trailing period dropped, first letter lowered unless a name.

    Args:
        claim_text: the claim sentence.
        names: entity surfaces of the claim; a clause opening with one keeps its capital.
        context: the claim's document; a first word also written in lower case there
            ("Work at ...") is a common word and is lowered.
    """
    text = claim_text.strip().rstrip(".").strip()
    first = text.split(" ", 1)[0] if text else ""
    if first in ("The", "A", "An", "In", "On", "At", "By", "For", "After", "Before", "During", "Since"):
        return first.lower() + text[len(first):]
    if (
        context and first[:1].isupper() and first[1:].isalpha() and first[1:].islower()
        and not any(text.startswith(n) for n in names if n)
        and re.search(r"\b" + re.escape(first.lower()) + r"\b", context)
    ):
        return first.lower() + text[len(first):]  # "Work at Ridgeview ..." -> "work at Ridgeview ..."
    return text


_TITLE_WORDS = (
    r"(?P<title>(?:(?:mayor|councillor|professor|prof\.|dr\.?|mr\.?|ms\.?|mrs\.?|head|coach|chief|scientist|executive"
    r"|founder|defender|striker|captain|president|director|manager|managing|partner)\s+)*)"
)
_NAME_BEFORE = re.compile(r"[A-Z][\w’'\-]*\s+$")


def mask(text: str, phrase: str, replacement: str) -> str:
    """Replace every whole-word occurrence of `phrase` (and its possessive) with `replacement`.

    A title right before the name goes with it ("Professor Ines Fairweather" ->
    "this person"), since "Professor this person" is not English; it stays when
    a name precedes it ("Lumora chief executive this person").
    """
    pattern = re.compile(r"(?:\b[Tt]he\s+)?" + _TITLE_WORDS + r"(?<!\w)" + re.escape(phrase) + r"(?P<pos>['’]s)?(?!\w)", re.IGNORECASE)

    def sub(m: re.Match) -> str:
        keep = m.group("title") if m.group("title") and _NAME_BEFORE.search(text[: m.start()]) else ""
        lead = m.group(0)[: m.start("title") - m.start()] if keep else ""
        return lead + keep + replacement + ("'s" if m.group("pos") else "")

    return pattern.sub(sub, text)


_MODIFIED_NOUNS = frozenset(
    """robot robots company companies firm team club plant factory group project startup maker chief executive founder
    model models unit units fleet deal order office headquarters board spokesman spokeswoman official officials
    spokesperson junction road site station stadium line area campus branch robotics energy shipping materials battery batteries ferry technology tech fintech payments district council""".split()
)


def placeholder_problem(text: str, placeholder: str) -> str | None:
    """Why a masked clause reads wrong, or None.

    "this place values this place at ..." (the bridge twice) and "60 this
    product robots" / "this place robotics company" (the bridge used as a
    modifier of another noun) cannot be phrased by substitution.
    """
    low = text.lower()
    placeholder = placeholder.lower()
    found = list(re.finditer(r"(?<!\w)" + re.escape(placeholder) + r"(?:'s)?(?!\w)", low))
    if len(found) > 1:
        return "placeholder_repeated"
    for m in found:
        before = low[: m.start()].split()
        after = low[m.end() :].split()
        if before and (before[-1].replace(",", "").isdigit() or before[-1] in ("a", "an")):
            return "bridge_used_as_modifier"
        if len(before) >= 2 and before[-2] in ("the", "a", "an") and before[-1].isalpha() and before[-1] not in ("of", "at", "in", "by"):
            return "bridge_after_modifier"  # "the renovated this facility"
        if after and m.group(0) == placeholder and after[0].strip(",.;") in _MODIFIED_NOUNS:
            return "bridge_used_as_modifier"
    return None


def join_and(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def story_refs(docs: Sequence[Document], topics: Sequence[str]) -> list[str] | None:
    """'the Harbor City Ledger story on the ferry terminal': a report named by source and topic, never by title.

    None when a report has no source (the title would be all that names it).
    """
    out = []
    one_source = len({d.source for d in docs}) == 1
    for d, topic in zip(docs, topics, strict=True):
        if not d.source:
            return None
        the = "the " if not topic.lower().startswith(("the ", "a ", "an ")) else ""
        # Reports of one source (a manual, an encyclopedia) are told apart by topic alone.
        out.append(f"the passage on {the}{topic}" if one_source and d.published_at is None else
                   f"{the_source(d.source)} story on {the}{topic}")
    return out


def source_refs(docs: Sequence[Document]) -> list[str]:
    """'the Harbor City Ledger report' when every source differs; otherwise source and month (`report_refs`)."""
    sources = [d.source for d in docs]
    if all(sources) and len(set(sources)) == len(sources):
        return [f"{the_source(s)} report" for s in sources]
    return report_refs(docs)


_CODE_LIKE = re.compile(r"[/.=_()<>\[\]{}]|^[A-Z]{1,4}$|[a-z][A-Z]")


_ACRONYM = re.compile(r"[A-Z]{2,5}")


def weak_bridge(group, documents: dict[str, Document] | None = None) -> bool:
    """A bridge too weak to tie two reports to one entity: a single word that is not an organization
    (a surname, a first name, a place fragment such as "Ridgeview" of "Ridgeview Stadium"), a stage name
    ("Series B"), or code-like text ("CreateBucket", "API/RESTServiceGET.html", "POST"). In a wire collection an
    organization written by its initials ("OPEC", "ICO") is a name, not code."""
    if documents is not None and group.label == "ORG" and _ACRONYM.fullmatch(group.surface) \
            and group.label_share >= 0.75 and is_wire(documents):
        return False
    if _CODE_LIKE.search(group.surface) or _STAGE.match(group.surface):
        return True
    if documents is not None and has_misspelling(group.surface, documents):
        return True  # "RLR Financial Serivces Inc": a question would copy the story's typo
    return len(group.surface.split()) < 2 and group.label != "ORG"


# "Series B", "Phase 2": a stage of many companies' deals or projects, not one entity.
_STAGE = re.compile(r"^(?:Series|Round|Phase|Stage|Tier|Level|Class|Type|Part|Chapter|Section)\s+[A-Z0-9]{1,3}$")


_SUBJECT_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "ENTITY"})
_BY_EDITION: PerCorpus[dict[tuple, list[Document]]] = PerCorpus()
_LOWER_WORDS: PerCorpus[set[str]] = PerCorpus()
_NAME_JOINERS = frozenset({"of", "de", "du", "da", "la", "le", "von", "van", "der", "for", "and", "&"})


def _lower_words(documents: dict[str, Document]) -> set[str]:
    """Words the corpus writes in lower case: a "name" made of one ("Ridership", "Star") is a misread."""
    def words() -> set[str]:
        found = {w for d in documents.values() for w in re.findall(r"\b[a-z][a-z\-]+\b", d.text)}
        # Words of the sources' names count as common too: "Northgate" alone may be the newswire, not the place.
        return found | {w.lower() for d in documents.values() if d.source for w in d.source.split()}

    return _LOWER_WORDS.get(documents, "lower", words)


def is_clean_name(text: str, lower_words: set[str]) -> bool:
    """A proper name a question can use: capitalised words (joiners aside), no digits, not a common word."""
    words = text.split()
    if any(ch.isdigit() for ch in text) or not words:
        return False
    for w in words:
        if w in _NAME_JOINERS:
            continue
        if not w[:1].isupper():
            return False
    caps = [w for w in words if w not in _NAME_JOINERS]
    return not all(w.lower() in lower_words for w in caps)


def _edition(doc: Document, dated: bool) -> tuple:
    return (doc.source, _month(doc) if dated else None)


def _editions(documents: dict[str, Document], dated: bool) -> dict[tuple, list[Document]]:
    """Documents by (source, month), cached per corpus: where a story reference must be unique."""
    def table() -> dict[tuple, list[Document]]:
        out: dict[tuple, list[Document]] = {}
        for d in documents.values():
            out.setdefault(_edition(d, dated), []).append(d)
        return out

    return _BY_EDITION.get(documents, dated, table)


_NUMBER_OPENERS = frozenset("""one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty
    hundred thousand first second third""".split())
_NOT_NAME_OPENERS = frozenset("Like As With For But And Unlike While When After Before Since Today Yesterday Now Also Then "
                              "Meanwhile Earlier Later".split())


def _subject_candidates(doc: Document, claim, avoid: Sequence[str], doc_entities: dict | None,
                        lower_words: set[str], taken: Sequence[str] = ()) -> list[str]:
    """Named entities that can name the story: those in the headline first, then the cited claim's, then the
    document's other ones."""
    names = []
    found = [(e.text, e.label) for e in claim.entities]
    found += [(text, label) for label, text in (doc_entities or {}).get(doc.doc_id, {}).values()]
    for raw, label in found:
        text = re.sub(r"^[Tt]he\s+", "", raw.strip())
        if label not in _SUBJECT_LABELS or "'" in text[-2:] or "’" in text or not is_clean_name(text, lower_words):
            continue
        if len(text.split()) < 2 and (label not in ("ORG", "PRODUCT", "FAC")
                                      or not re.search(r"[a-z,;] " + re.escape(text) + r"\b", doc.text)):
            continue  # a surname or a first name alone does not pick a story out, nor a word only seen opening a sentence
        if re.search(r" (?:and|&) [A-Z]", text) or re.match(r"^[A-Z][a-z]+ of ", text) and text.split()[0].lower() in lower_words:
            continue  # "Elena Marsh and Lumora" (two names read as one), "Shares of Greywater Shipping"
        if text.split()[0].lower() in _NUMBER_OPENERS or len(text.split()[-1]) == 1:
            continue  # "Twelve Kestrel K": a count and a model letter read as a name
        if text.split()[0] in _NOT_NAME_OPENERS or re.match(r"^Series [A-Z]$", text):
            continue  # "Like Quillpay" (a sentence's first word glued on), "Series A" (a funding round, not a subject)
        if _CODE_LIKE.search(text) or any(contains_phrase(text, a) or contains_phrase(a, text) for a in (*avoid, *taken) if a):
            continue
        if any(w.lower() in {x.lower() for a in avoid for x in a.split() if len(x) > 3} for w in text.split()):
            continue  # "Lumora" in the reference to a story whose answer is Lumora Energy gives it away
        names.append(text)
    names = list(dict.fromkeys(names))
    title = doc.title or ""
    return sorted(names, key=lambda n: (not contains_phrase(title, n.split()[0]), names.index(n)))


_LEGAL_ENDS = frozenset("inc corp co ltd plc llc nv ag sa corporation incorporated limited cos".split())


# "the Brussels Commission", "the Finance Ministry": a body named by a common noun takes an article in prose.
INSTITUTION_HEAD = re.compile(r"\b(?:Commission|Ministry|Board|Department|Exchange|Council|Committee|Agency|Authority|"
                              r"Office|Federation|Union|Organization|Organisation|Association|Court|Parliament|Senate|"
                              r"Institute|Administration|Treasury|Bureau|Fund|Service|Reserve|Party|Coast|Government|"
                              r"Community)(?: of(?: the)? [A-Z][\w.-]*(?: [A-Z][\w.-]*)*)?$")  # "Stock Exchange of Singapore"


def _as_written(name: str, text: str) -> str:
    """"the Gaza Strip" where the story writes the name after a lower-case "the", "the Soviet Union" where its
    head is an institution's or a union's common noun; a company with its legal suffix ("Anacomp Inc") stands
    bare."""
    if name.split()[-1].lower().strip(".,") in _LEGAL_ENDS:
        return name
    if INSTITUTION_HEAD.search(name):
        return f"the {name}"
    # The name must end its noun phrase there: "the Cheung Kong group" gives "Cheung Kong" no article.
    if re.search(r"\bthe\s+" + r"\s+".join(re.escape(w) for w in name.split())
                 + r"(?:\s*[,.;:)'’]|\s+(?:said|says|has|had|is|was|will|would|and|of|in|to|for|on|at|with|by|from|"
                   r"that|which|were|are|under|over|after|as|against|about|into|through|since)\b)", text):
        return f"the {name}"
    return name


_NAMING: PerCorpus[set[str]] = PerCorpus()


def _naming(documents: dict[str, Document], editions: dict, edition: tuple, name: str) -> set[str]:
    """The stories of an edition that name `name` (cached per corpus: names recur over many drawn pairs)."""
    return _NAMING.get(documents, (edition, name), lambda: {d.doc_id for d in editions.get(edition, [])
                                                            if may_hold(d.text, name) and contains_phrase(d.text, name)})


def _is_person(doc: Document, name: str, doc_entities: dict | None) -> bool:
    return any(label == "PERSON" and text == name for label, text in (doc_entities or {}).get(doc.doc_id, {}).values())


def subject_refs(docs: Sequence[Document], claims: Sequence, documents: dict[str, Document],
                 avoid: Sequence[str], *, dated: bool = True, doc_entities: dict | None = None
                 ) -> tuple[list[str], list[str]] | None:
    """Each report named as a reader would: by source and subject ("the Valley Tech Review report on the
    six-month trial", see `story_subjects.story_ref`), else by source, month and an entity it opens with
    or names ("Valley Tech Review's March 2024 report on Solvane Materials"). The reference must pick out one
    document of the corpus and reports must differ in it; never a title. `dated=False` leaves the month out
    (an ordering question must not give the dates away).
    Returns (references, the subjects or entities used: the hop check's anchors) or None when a report
    cannot be named so.
    """
    editions = _editions(documents, dated)
    lower_words = _lower_words(documents)
    refs, subjects = [], []
    # Pages of one site with its name (a title suffix read as their source) beside a few without are one source
    multi_source = len({k[0] for k in _editions(documents, False) if k[0]}) >= 2
    wire = is_wire(documents)
    for doc, claim in zip(docs, claims, strict=True):
        if doc.published_at is None and (not doc.source or not multi_source):
            return None  # an encyclopedia or a manual has no "stories": its articles are asked about by title entity
        rest = [d.text for d in docs if d.doc_id != doc.doc_id]
        by_subject = story_ref(doc, documents, avoid, subjects, rest, dated=dated)
        if by_subject is not None and not has_misspelling(by_subject[0], documents):
            refs.append(by_subject[0])
            subjects.append(by_subject[1].anchor)
            continue
        month = _month(doc) if dated else None
        chosen = None
        # A name the query's other reports also hold goes last: with it one report may hold every anchor and
        # the answer, and the question would fail its hop check for want of a better name. Names the story
        # is about (its headline or first sentence gives them) go first.
        # Only the story's own actor names it (the headline's, or the first sentence's subject): "the report on
        # Banque Paribas Capital Markets" (a lead manager quoted at the end of the first sentence) points at nothing
        # a reader would know.
        # (A collection of a few dozen stories on one city's affairs names its stories by the names they hold.)
        # ... and by its whole name: "the report on Refractories Co" of "General Refractories Co" names none.
        candidates = sorted((n for n in _subject_candidates(doc, claim, avoid, doc_entities, lower_words, subjects)
                             if not wire or opens_story(doc, n) and (headline_names(doc.title or "", {n}, lower_words)
                                                                     or leads_with(doc, n))
                             and whole_name_in(doc.text, n, _is_person(doc, n, doc_entities))
                             and not has_misspelling(n, documents)),
                            key=lambda n: (any(contains_phrase(t, n) for t in rest), not opens_story(doc, n)))
        for name in candidates:
            if not _naming(documents, editions, _edition(doc, dated), name) - {doc.doc_id}:
                chosen = name
                break
        if chosen is None:
            return None
        subjects.append(chosen)
        link = "on" if wire or opens_story(doc, chosen) else "naming"  # "naming": questions ask what reports "mention"
        refs.append(f"{report_of(doc, month or '')} {link} {_as_written(chosen, doc.text)}")
    if _misspelt_twins(subjects):
        return None
    return refs, subjects


def _misspelt_twins(subjects: Sequence[str]) -> bool:
    """Whether two reports are named by one name spelt two ways ("Cynergy Corp" and "Cenergy Corp": the wire's
    re-sent story with its typo, one event that no question should treat as two)."""
    def twins(a: str, b: str) -> bool:
        # one long word apart by a letter or two ("Lab A Group" and "Lab B Group" are two labs)
        diff = [(x, y) for x, y in zip(a.split(), b.split()) if x != y]
        return (len(a.split()) == len(b.split()) and len(diff) == 1 and min(map(len, diff[0])) >= 5
                and Levenshtein.distance(*diff[0]) <= 2)

    names = [s.lower() for s in subjects]
    return any(twins(a, b) for i, a in enumerate(names) for b in names[i + 1:])
