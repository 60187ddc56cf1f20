"""Token counters for chunk budgets: whitespace words (default) and bert-base-uncased WordPiece.

Both counters are additive over whitespace-separated pieces: the count of
``a + " " + b`` equals ``count(a) + count(b)``. The chunker relies on this to
count each sentence once and add the counts up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Protocol

from benchsmith.corpora.wordpiece_count import SEPARATORS, WordPieceCounter
from benchsmith.errors import InputError


class Tokenizer(Protocol):
    name: str

    def count(self, text: str) -> int:
        """Number of tokens in `text` (no special tokens)."""
        ...

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        """Token counts of many texts at once (may run in parallel)."""
        ...


#: Texts longer than this are counted block by block: splitting a 50 MB text at once
#: builds millions of word strings (gigabytes) only to count them.
BLOCK_CHARS = 1 << 20
_WHITESPACE = re.compile(r"\s")


def blocks(text: str, separator: re.Pattern[str], size: int = BLOCK_CHARS) -> Iterator[str]:
    """`text` cut into pieces of about `size` characters, each cut made at a `separator` match.

    A cut never falls inside a run of non-separators, so a count that is additive
    over separator-delimited pieces gives the same total over the blocks.
    """
    n, start = len(text), 0
    while start < n:
        end = start + size
        if end >= n:
            yield text[start:]
            return
        m = separator.search(text, end)
        end = m.start() if m else n
        yield text[start:end]
        start = end


class WhitespaceTokenizer:
    """Counts runs of non-whitespace characters."""

    name = "whitespace"

    def count(self, text: str) -> int:
        if len(text) <= BLOCK_CHARS:
            return len(text.split())
        return sum(len(b.split()) for b in blocks(text, _WHITESPACE))

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        count = self.count
        return [count(t) for t in texts]


class WordPieceTokenizer:
    """bert-base-uncased WordPiece (lower-cased, accents stripped), from the vocab inside the packaged MiniLM.

    Uses ``tokenizers.BertWordPieceTokenizer``; ``BertTokenizerFast(vocab_file=...)``
    is avoided because it silently misbehaves on transformers 5.
    """

    name = "wordpiece"

    def __init__(self, vocab_path: str | None = None) -> None:
        from tokenizers import BertWordPieceTokenizer

        if vocab_path is None:
            from benchsmith.embedded import wordpiece_vocab_path

            vocab_path = str(wordpiece_vocab_path())
        self.vocab_path = vocab_path
        self._tok = BertWordPieceTokenizer(vocab_path, lowercase=True)
        # Exact counts with a per-word cache; non-ASCII words are counted by self._tok itself.
        self._counter = WordPieceCounter(self._tok.get_vocab().keys(), self.count_reference)

    def count(self, text: str) -> int:
        return self.count_batch([text])[0]

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        if all(len(t) <= BLOCK_CHARS for t in texts):
            return self._counter.count_batch(texts)
        return [
            self._counter.count_batch([t])[0] if len(t) <= BLOCK_CHARS
            else sum(self._counter.count_batch([b])[0] for b in blocks(t, SEPARATORS))
            for t in texts
        ]

    def count_reference(self, texts: Sequence[str]) -> list[int]:
        """Counts straight from ``tokenizers`` (slower; the reference the fast counter is tested against)."""
        if not texts:
            return []
        # encode_batch_fast skips character offsets (about twice as fast); older tokenizers lack it.
        encode = getattr(self._tok._tokenizer, "encode_batch_fast", None) or self._tok._tokenizer.encode_batch
        return [len(e.ids) for e in encode(list(texts), add_special_tokens=False)]

    def tokenize(self, text: str) -> list[str]:
        """The WordPiece tokens of `text` (for inspection and tests)."""
        return self._tok.encode(text, add_special_tokens=False).tokens


TOKENIZER_NAMES = ("whitespace", "wordpiece")


@lru_cache(maxsize=4)
def get_tokenizer(name: str = "whitespace") -> Tokenizer:
    """A token counter by name: ``"whitespace"`` (default) or ``"wordpiece"``.

    Raises:
        InputError: For an unknown name.
        benchsmith.embedded.MissingModel: When ``wordpiece`` is asked for but the
            packaged MiniLM (which holds the vocab) is not installed.
    """
    if name == "whitespace":
        return WhitespaceTokenizer()
    if name == "wordpiece":
        return WordPieceTokenizer()
    raise InputError(f"unknown tokenizer {name!r}; known: {', '.join(TOKENIZER_NAMES)}")
