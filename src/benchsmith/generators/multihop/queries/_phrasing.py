"""Shared phrasing: how a report is referred to, and a claim turned into a clause."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from benchsmith.generators.multihop.text import contains_phrase
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
        return f'the {doc.source} article "{title}"'
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
            out.append(f"the {source} report from {month}" if month else f"the {source} report")
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
                   f"the {d.source} story on {the}{topic}")
    return out


def source_refs(docs: Sequence[Document]) -> list[str]:
    """'the Harbor City Ledger report' when every source differs; otherwise source and month (`report_refs`)."""
    sources = [d.source for d in docs]
    if all(sources) and len(set(sources)) == len(sources):
        return [f"the {s} report" for s in sources]
    return report_refs(docs)


_CODE_LIKE = re.compile(r"[/.=_()<>\[\]{}]|^[A-Z]{1,4}$|[a-z][A-Z]")


def weak_bridge(group) -> bool:
    """A bridge too weak to tie two reports to one entity: a single word that is not an organization
    (a surname, a first name, a place fragment such as "Ridgeview" of "Ridgeview Stadium"), or code-like
    text ("CreateBucket", "API/RESTServiceGET.html", "POST")."""
    if _CODE_LIKE.search(group.surface):
        return True
    return len(group.surface.split()) < 2 and group.label != "ORG"
