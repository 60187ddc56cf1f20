"""Rule-based sentence splitting that returns character spans.

Used by the chunkers and by generators that need sentence-level evidence. Pure
Python and regular expressions: fast enough to split thousands of documents in
well under a second, with no model to load.

Rules, in order:

* A line break is always a boundary (paragraphs, list items and headings are
  never merged into one sentence).
* Within a line, a boundary is ``.``, ``!`` or ``?`` (optionally followed by
  closing quotes or brackets) followed by whitespace and then a character that
  can start a sentence (upper-case letter, digit, opening quote or bracket).
* A period is *not* a boundary after a title (``Mr.``, ``Dr.``), a single
  initial (``J. K. Rowling``), a month abbreviation followed by a number, or
  after a word like ``Inc.``/``U.S.``/``etc.`` unless the next word is a common
  sentence opener (``The``, ``He``, ``In`` ...).
* Decimals (``3.5``) and in-word dots never split because a boundary needs
  whitespace after the punctuation.
"""

from __future__ import annotations

import re

from benchsmith.types import Span

# Abbreviations that practically never end a sentence (they precede a name).
_TITLES = frozenset(
    """mr mrs ms dr prof rev fr sr jr st mt ft gen col lt sgt capt cmdr adm maj gov sen rep pres
    hon messrs mme mlle sra srta""".split()
)
# Abbreviations that may end a sentence; split after them only before a typical opener.
_AMBIGUOUS = frozenset(
    """inc ltd co corp llc plc bros dept est approx vs etc al fig figs eq no nos vol vols pp ed eds
    jan feb mar apr jun jul aug sep sept oct nov dec a.m p.m e.g i.e cf viz ca""".split()
)
_MONTHS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_OPENERS = frozenset(
    """the a an he she it they we i you his her its their our my this that these those there here
    in on at for after before when while however but and so then thus also meanwhile but if as
    according during since although though what who which why how where some many most all both
    one two three four five six seven eight nine ten no not yes today yesterday tomorrow""".split()
)

_CANDIDATE = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s+[\"'“‘(\[A-Z0-9À-ÖØ-Þ])")
_LINE = re.compile(r"[^\r\n]+")
_WORD_BEFORE = re.compile(r"(\S+?)[.!?]*[\"'”’)\]]*$")
_NEXT_WORD = re.compile(r"\s+[\"'“‘(\[]*([^\s\"'“‘(\[]+)")


def _is_boundary(text: str, line_start: int, punct_start: int, punct_end: int) -> bool:
    punct = text[punct_start:punct_end]
    if "!" in punct or "?" in punct:
        return True  # ! and ? always end a sentence, even right after "U.S."
    if punct.startswith(".."):
        return True  # an ellipsis followed by a capital starts a new sentence
    # The word right before the period ("Dr", "U.S", "J").
    word_start = text.rfind(" ", line_start, punct_start) + 1
    word = text[max(word_start, line_start) : punct_start].lstrip("\"'“‘([")
    if not word:
        return True
    lower = word.lower()
    if lower in _TITLES:
        return False
    if len(word) == 1 and word.isalpha() and word.isupper():
        return False  # an initial: "J. K. Rowling", "John F. Kennedy"
    nxt_match = _NEXT_WORD.match(text, punct_end)
    nxt = nxt_match.group(1) if nxt_match else ""
    if lower in _MONTHS and nxt[:1].isdigit():
        return False  # "Sept. 26"
    if lower in ("c", "ca") and nxt[:1].isdigit():
        return False  # "painted c. 1855": circa before a year
    if lower in _AMBIGUOUS or ("." in word and len(word) <= 6 and word.replace(".", "").isalpha()):
        # "Inc.", "U.S.", "e.g.": a boundary only before a word that typically opens a sentence.
        return nxt.strip(".,;:").lower() in _OPENERS
    return True


def split_sentences(text: str) -> list[Span]:
    """Split text into sentences and return their character spans.

    Args:
        text: Any text; line breaks are treated as hard boundaries.

    Returns:
        Half-open spans ``[start, end)`` into ``text``, in order, without
        leading or trailing whitespace; ``text[span.start:span.end]`` is the
        sentence. Whitespace-only text gives an empty list.
    """
    return [Span(start=s, end=e) for s, e in sentence_offsets(text)]


def sentence_offsets(text: str) -> list[tuple[int, int]]:
    """Like :func:`split_sentences` but returns plain ``(start, end)`` tuples (faster)."""
    out: list[tuple[int, int]] = []
    for line in _LINE.finditer(text):
        line_start, line_end = line.span()
        start = line_start
        for m in _CANDIDATE.finditer(text, line_start, line_end):
            if _is_boundary(text, line_start, m.start(), m.end()):
                _append_stripped(text, start, m.end(), out)
                start = m.end()
        _append_stripped(text, start, line_end, out)
    return out


def _append_stripped(text: str, start: int, end: int, out: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        out.append((start, end))


def sentences(text: str) -> list[str]:
    """The sentence strings of ``text`` (convenience wrapper over :func:`split_sentences`)."""
    return [text[s:e] for s, e in sentence_offsets(text)]
