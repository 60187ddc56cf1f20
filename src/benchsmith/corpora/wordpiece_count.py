"""Fast, exact bert-base-uncased WordPiece token counts with a per-word cache.

HF ``tokenizers`` tracks character alignments through normalization, which costs
about a microsecond per character; counting a corpus for MIRAGE's 330-token
chunks would then dominate ingest. Counting needs no alignments, and natural
text repeats its words, so each distinct whitespace-separated piece is counted
once and the counts are added up:

* ASCII pieces (nearly all of English text) are counted here, by the same rules
  as ``BertNormalizer`` + ``BertPreTokenizer`` + ``WordPiece``: control
  characters dropped, lower-cased, ASCII punctuation split off, greedy
  longest-match-first with ``##`` continuations, a word over 100 characters or
  with no matching piece is one ``[UNK]``.
* Any other piece (and any ASCII piece with a ``[``, which may hold a special
  token such as ``[SEP]``) goes to the HF tokenizer itself (in one batch per call), so
  Unicode rules (accents, CJK, categories that differ between Unicode versions)
  are whatever the real tokenizer does.

Adding per-piece counts is exact because pieces are split only at characters
the BERT pre-tokenizer always splits on (space, tab, newline, carriage return,
the Zs space separators, U+2028/U+2029). Tests compare with
``tokenizers.BertWordPieceTokenizer`` on real corpora and edge cases.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence

SEPARATORS = re.compile("[ \t\n\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")
_PUNCT_SPLIT = re.compile("([" + re.escape(string.punctuation) + "])")
_NON_PRINTABLE = re.compile(r"[\x00-\x1f\x7f]")
_MAX_WORD_CHARS = 100
_CACHE_LIMIT = 2_000_000


class WordPieceCounter:
    """Counts bert-base-uncased WordPiece tokens (no special tokens).

    Args:
        vocab: The WordPiece vocabulary (token strings).
        count_exact: Counts a batch of texts with the real tokenizer (used for non-ASCII pieces).
    """

    def __init__(self, vocab: Sequence[str] | frozenset[str], count_exact: Callable[[list[str]], list[int]]) -> None:
        self.vocab = frozenset(vocab)
        self._count_exact = count_exact
        self._cache: dict[str, int] = {"": 0}

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        if len(self._cache) > _CACHE_LIMIT:
            self._cache = {"": 0}
        cache = self._cache
        splits = [SEPARATORS.split(t) for t in texts]
        other: set[str] = set()
        for pieces in splits:
            for piece in pieces:
                if piece not in cache:
                    # "[" may open a special token ("[SEP]") that HF matches before normalizing.
                    if piece.isascii() and "[" not in piece:
                        cache[piece] = self._count_ascii(piece)
                    else:
                        other.add(piece)
        if other:
            todo = list(other)
            for piece, n in zip(todo, self._count_exact(todo), strict=True):
                cache[piece] = n
        get = cache.__getitem__
        return [sum(map(get, pieces)) for pieces in splits]

    def count(self, text: str) -> int:
        return self.count_batch([text])[0]

    def _count_ascii(self, piece: str) -> int:
        if not piece.isprintable():
            piece = _NON_PRINTABLE.sub("", piece)  # clean_text drops control characters
        return sum(self._count_word(w) for w in _PUNCT_SPLIT.split(piece.lower()) if w)

    def _count_word(self, word: str) -> int:
        n = len(word)
        if n > _MAX_WORD_CHARS:
            return 1
        vocab = self.vocab
        if word in vocab:
            return 1
        count, start = 0, 0
        while start < n:
            end = n
            while end > start:
                if (word[start:end] if start == 0 else "##" + word[start:end]) in vocab:
                    break
                end -= 1
            if end == start:
                return 1  # no piece matches: the whole word is one [UNK]
            count += 1
            start = end
        return count
