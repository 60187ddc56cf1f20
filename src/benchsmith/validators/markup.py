"""Markup in corpus text (Markdown links, URLs, code spans, HTML and newswire angle-bracket tags).

`strip_markup` returns the readable text and, for every kept character, its offset in
the original, so a span found in the clean text maps back to the document exactly.
"""

from __future__ import annotations

import re

# Order matters: a Markdown link keeps its label; a URL, tag or image is dropped; a code span keeps its content.
_PATTERNS = (
    (re.compile(r"!\[[^\]]*\]\([^)]*\)"), None),
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), 1),
    (re.compile(r"`([^`]*)`"), 1),
    (re.compile(r"https?://\S+|www\.\S+"), None),
    # Newswire tags: a ticker after a company name ("USX <X>", "<BPCL.L>") says nothing a reader needs and is
    # dropped; a company tag ("<Qantas Airways Ltd>", wrapped over a line or not) keeps the name.
    (re.compile(r" ?<[A-Z0-9]{1,6}(?:\.[A-Z]{1,2})?>"), None),
    (re.compile(r"<([A-Z][A-Za-z0-9&.,'\s\-]{1,80})>"), 1),
    (re.compile(r"</?[A-Za-z][^<>]{0,80}>"), None),
    (re.compile(r"[*_]{2}([^*_]+)[*_]{2}"), 1),
)
_LEFTOVER = re.compile(r"\]\(|\[[^\]]*\]|`|https?://|www\.|</?[A-Za-z][^<>]*>|&[a-z]+;|\.md\b|[{}|#]|\*\*")


def has_markup(text: str) -> bool:
    """Whether text still carries markup that must not reach a question or an answer."""
    return bool(_LEFTOVER.search(text))


def strip_markup(text: str) -> tuple[str, list[int]]:
    """(clean text, offset in `text` of each clean character)."""
    keep = list(range(len(text)))
    for pattern, group in _PATTERNS:
        chars = [text[i] for i in keep]
        cur = "".join(chars)
        out: list[int] = []
        pos = 0
        for m in pattern.finditer(cur):
            out += keep[pos : m.start()]
            if group is not None:
                out += keep[m.start(group) : m.end(group)]
            pos = m.end()
        out += keep[pos:]
        keep = out
    clean = "".join(text[i] for i in keep)
    # Collapse the double spaces a dropped URL or tag leaves behind.
    squeezed, offsets = [], []
    for ch, i in zip(clean, keep, strict=True):
        if ch == " " and squeezed and squeezed[-1] == " ":
            continue
        squeezed.append(ch)
        offsets.append(i)
    return "".join(squeezed), offsets


def clean(text: str) -> str:
    return strip_markup(text)[0].strip()
