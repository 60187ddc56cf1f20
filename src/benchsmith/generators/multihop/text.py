"""Small text helpers shared by the multihop steps: tokens, stopwords, normalisation."""

from __future__ import annotations

import re

from benchsmith.text import STOPWORDS, WORD_RE, contains_phrase, shingles

__all__ = ["STOPWORDS", "WORD_RE", "shingles", "words", "count_tokens", "content_tokens", "normalize_entity", "contains_phrase"]


PRONOUNS = frozenset("he she it they his her its their him them".split())

_POSSESSIVE = re.compile(r"['’]s$")
_NON_WORD = re.compile(r"[^\w\s]")
_SPACES = re.compile(r"\s+")


def the_source(source: str) -> str:
    """A source named mid-sentence with its article: "the Harbor City Ledger", and "the Guardian" for "The
    Guardian" (never "the The Guardian")."""
    return "the " + (source[4:] if source.startswith("The ") else source)


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
