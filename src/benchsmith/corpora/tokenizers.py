"""Token counters for chunk budgets: whitespace words (default) and bert-base-uncased WordPiece.

Both counters are additive over whitespace-separated pieces: the count of
``a + " " + b`` equals ``count(a) + count(b)``. The chunker relies on this to
count each sentence once and add the counts up.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from benchsmith.corpora.wordpiece_count import WordPieceCounter
from benchsmith.errors import InputError


class Tokenizer(Protocol):
    name: str

    def count(self, text: str) -> int:
        """Number of tokens in `text` (no special tokens)."""
        ...

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        """Token counts of many texts at once (may run in parallel)."""
        ...


class WhitespaceTokenizer:
    """Counts runs of non-whitespace characters."""

    name = "whitespace"

    def count(self, text: str) -> int:
        return len(text.split())

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        return [len(t.split()) for t in texts]


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
        return self._counter.count(text)

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        return self._counter.count_batch(texts)

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
