"""Shared phrasing: how a report is referred to, and a claim turned into a clause."""

from __future__ import annotations

import re

from benchsmith.types import Document

from benchsmith.generators.multihop.text import contains_phrase

TYPE_NOUNS = {
    "PERSON": "person", "ORG": "organization", "GPE": "place", "LOC": "place", "NORP": "group",
    "FAC": "facility", "PRODUCT": "product", "EVENT": "event", "WORK_OF_ART": "work", "LAW": "law",
}


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


def clause(claim_text: str) -> str:
    """A claim as a clause after 'that': trailing period dropped, first letter lowered unless a name."""
    text = claim_text.strip().rstrip(".").strip()
    first = text.split(" ", 1)[0] if text else ""
    if first in ("The", "A", "An", "In", "On", "At", "By", "For", "After", "Before", "During", "Since"):
        text = first.lower() + text[len(first):]
    return text


def mask(text: str, phrase: str, replacement: str) -> str:
    """Replace every whole-word occurrence of `phrase` (and its possessive) with `replacement`."""
    pattern = re.compile(r"(?:\b[Tt]he\s+)?(?<!\w)" + re.escape(phrase) + r"(['’]s)?(?!\w)", re.IGNORECASE)
    return pattern.sub(lambda m: replacement + ("'s" if m.group(1) else ""), text)


def join_and(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]
