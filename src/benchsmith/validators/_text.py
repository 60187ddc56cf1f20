"""Text helpers the validators share with the generators (kept here so validators import nothing from generators)."""

from __future__ import annotations

import re

WORD_RE = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ]+(?:['’][A-Za-z]+)?")


def shingles(text: str, n: int = 3) -> set[str]:
    """Word n-grams of the lower-cased text, for MinHash; short texts give their single n-gram."""
    toks = [t.lower() for t in WORD_RE.findall(text)]
    if len(toks) < n:
        return {" ".join(toks)} if toks else set()
    return {" ".join(toks[i : i + n]) for i in range(len(toks) - n + 1)}


def contains_phrase(text: str, phrase: str) -> bool:
    """Whether `phrase` occurs in `text` as whole words, ignoring case; a blank phrase never does."""
    if not phrase.strip():
        return False
    return re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", text, flags=re.IGNORECASE) is not None
