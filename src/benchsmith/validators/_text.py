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
