"""Text helpers shared by validators and generators: word tokens, shingles, whole-word phrase search."""

from __future__ import annotations

import re
from functools import lru_cache

STOPWORDS = frozenset(
    """a an the and or but if of at by for with about against between into through during before after
    above below to from up down in out on off over under again further then once here there when where why
    how all any both each few more most other some such no nor not only own same so than too very s t can
    will just don should now is are was were be been being have has had having do does did doing would could
    this that these those i me my we our you your he him his she her it its they them their what which who
    whom as also said says say until while upon within without per via among across around than its one
    """.split()
)
WORD_RE = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ]+(?:['’][A-Za-z]+)?")


def shingles(text: str, n: int = 3) -> set[str]:
    """Word n-grams of the lower-cased text, for MinHash; short texts give their single n-gram."""
    toks = [t.lower() for t in WORD_RE.findall(text)]
    if len(toks) < n:
        return {" ".join(toks)} if toks else set()
    return {" ".join(toks[i : i + n]) for i in range(len(toks) - n + 1)}


def contains_phrase(text: str, phrase: str) -> bool:
    """Whether `phrase` occurs in `text` as whole words, ignoring case and how the words are spaced (a name
    broken over two lines of hard-wrapped text still occurs); a blank phrase never does."""
    if not phrase.strip():
        return False
    return phrase_pattern(phrase).search(text) is not None


@lru_cache(maxsize=65536)
def regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile`, kept in a cache of its own: `re` keeps only 512 patterns, and a corpus asks after thousands of
    distinct names, each recompiled costing more than its search."""
    return re.compile(pattern, flags)


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """The compiled whole-word, any-case, any-spacing pattern of `phrase`."""
    pattern = r"\s+".join(re.escape(w) for w in phrase.split())
    return regex(r"(?<!\w)" + pattern + r"(?!\w)", re.IGNORECASE)


def field_values(paragraph: str) -> frozenset[str]:
    """The values a labelled field lists, lower-cased: "Context: server config, virtual host" -> {"server config",
    "virtual host"} (a reference manual's field, hard-wrapped or not)."""
    _, _, values = " ".join(paragraph.split()).partition(": ")
    return frozenset(v.strip().rstrip(".;").lower() for v in values.split(",") if v.strip())
