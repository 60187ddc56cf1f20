"""Words a story misspells, found against the rest of the corpus.

A wire story typed in a hurry names "RLR Financial Serivces Inc"; a question built on that name copies
the typo, and a reviewer rejects it. Only the commonest slip is read as one: two neighbouring letters
swapped in a word the corpus otherwise writes the right way round many times. Brand names made from a
common word ("Cenergy", "Lumora") differ by an added or changed letter, and stay names.
"""

from __future__ import annotations

import re
from collections import Counter

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.collection import is_wire
from benchsmith.types import Document

MIN_LETTERS = 5  # shorter words swap into other real words too often ("form" / "from")
RARE_DOCS = 2  # the misspelling: in at most this many documents (a story and its re-sent copy)
COMMON_DOCS = 5  # the right spelling: in at least this many

_WORD = re.compile(r"[A-Za-z]+")
_MISSPELT: PerCorpus[frozenset[str]] = PerCorpus()


def _swaps(word: str) -> set[str]:
    """The word with each pair of neighbouring (different) letters swapped."""
    return {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1) if word[i] != word[i + 1]}


def misspelt_words(documents: dict[str, Document]) -> frozenset[str]:
    """Lower-case words of the corpus that are a swap of two letters in a word it writes far more often."""
    def compute() -> frozenset[str]:
        df: Counter[str] = Counter()
        for doc in documents.values():
            df.update({w.lower() for w in _WORD.findall(f"{doc.title or ''} {doc.text}") if len(w) >= MIN_LETTERS})
        return frozenset(w for w, n in df.items() if n <= RARE_DOCS and any(df[s] >= COMMON_DOCS for s in _swaps(w)))

    return _MISSPELT.get(documents, "misspelt", compute)


def has_misspelling(name: str, documents: dict[str, Document]) -> bool:
    """Whether a word of `name` is one of a wire collection's swapped-letter misspellings. Other corpora are not
    judged: an encyclopedia's rare spellings are names more often than slips ("Monet" beside "Monte")."""
    if not is_wire(documents):
        return False
    typos = misspelt_words(documents)
    return any(w.lower() in typos for w in _WORD.findall(name))
