"""Small text helpers shared by the multihop steps: tokens, stopwords, normalisation."""

from __future__ import annotations

import re

from benchsmith.text import STOPWORDS, WORD_RE, contains_phrase, shingles

__all__ = ["STOPWORDS", "WORD_RE", "shingles", "words", "count_tokens", "content_tokens", "normalize_entity", "contains_phrase"]


PRONOUNS = frozenset("he she it they his her its their him them".split())

_POSSESSIVE = re.compile(r"['’]s$")
_NON_WORD = re.compile(r"[^\w\s]")
_SPACES = re.compile(r"\s+")


def words(text: str) -> list[str]:
    """Word tokens in order, case kept."""
    return WORD_RE.findall(text)


def count_tokens(text: str) -> int:
    """Whitespace token count, the unit of the article-length threshold."""
    return len(text.split())


def content_tokens(text: str) -> set[str]:
    """Lower-cased word tokens that are not stopwords (possessive 's stripped)."""
    out = set()
    for w in WORD_RE.findall(text):
        w = _POSSESSIVE.sub("", w.lower())
        if w and w not in STOPWORDS:
            out.add(w)
    return out


def normalize_entity(text: str) -> str:
    """A grouping key for an entity or topic: lower case, no leading article, possessive or punctuation."""
    s = _POSSESSIVE.sub("", text.strip())
    s = _NON_WORD.sub(" ", s.lower())
    s = _SPACES.sub(" ", s).strip()
    if s.startswith("the "):
        s = s[4:]
    return s


# Fixed-width wire copy: lines broken at ~70 characters inside sentences, paragraphs opened by an indent.
_SOFT_BREAK = re.compile(r"(?<=\S)[ \t]*\n(?=[^\s])")
_LONGEST_WRAPPED_LINE = 90


def is_hard_wrapped(text: str) -> bool:
    """Whether the text was broken into short fixed-width lines mid-sentence (old wire copy, e-mail, RFCs)."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) < 3 or max(len(ln) for ln in lines) > _LONGEST_WRAPPED_LINE:
        return False
    continued = sum(1 for ln in lines[:-1] if not ln.rstrip().endswith((".", "!", "?", ":", '"')))
    return continued >= max(2, len(lines) // 3)


def unwrapped(text: str) -> str:
    """The text with its mid-sentence line breaks read as spaces, every offset unchanged (same length), so a
    sentence span found in it is a span of the original; an indented or blank line still opens a paragraph."""
    if "\n" not in text or not is_hard_wrapped(text):
        return text
    return _SOFT_BREAK.sub(lambda m: " " * len(m.group(0)), text)


_WIRE_MONTHS = r"(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?"
# "CLEVELAND, Feb 26 - ", "PORTLAND, Ore., Feb 26 - ", "NEW YORK, March 2 - ": where and when the story was filed.
DATELINE = re.compile(rf"^[ \t]*[A-Z][A-Za-z .'&/-]{{1,40}}(?:, [A-Z][A-Za-z.]{{1,12}})*, {_WIRE_MONTHS} \d{{1,2}} - ")


def dateline_end(text: str, start: int) -> int:
    """Where the body begins when a wire dateline opens `text` at `start` (else `start`)."""
    m = DATELINE.match(text, start)
    return m.end() if m else start


_SPACE_RUN = re.compile(r"\s+")


def one_line(text: str) -> str:
    """A sentence with its line breaks and runs of spaces read as single spaces."""
    return _SPACE_RUN.sub(" ", text).strip()


# Wire abbreviations read as words, so a figure has its unit ("7.7 mln dlrs" is 7.7 million dollars, not 7.7
# "mln") and a question or answer taken from the sentence reads as prose.
_WIRE_WORDS = {"mln": "million", "bln": "billion", "dlrs": "dollars", "dlr": "dollar", "pct": "percent",
               "cts": "cents", "stg": "sterling", "yrs": "years", "qtr": "quarter"}
_WIRE_WORD = re.compile(r"(?<![\w.])(" + "|".join(_WIRE_WORDS) + r")(?![\w])")


def wire_words(text: str) -> str:
    """The sentence with wire-copy abbreviations (mln, dlrs, pct, cts, stg) written out."""
    return _WIRE_WORD.sub(lambda m: _WIRE_WORDS[m.group(1)], text)
