"""Chunker properties: exact spans, budget, overlap by whole sentences, full coverage, stable ids."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchsmith.corpora.chunking import PRESETS, chunk_documents
from benchsmith.corpora.sentences import split_sentences
from benchsmith.corpora.tokenizers import get_tokenizer
from benchsmith.errors import InputError
from benchsmith.types import Document

WORDS = "harbor ferry council budget terminal Eastport mayor robot battery 3.5 Dr. Marsh U.S. Inc. quarter".split()


def make_doc(doc_id: str, seed: int, paragraphs: int = 6) -> Document:
    rng = random.Random(seed)
    paras = []
    for _ in range(paragraphs):
        sents = []
        for _ in range(rng.randint(1, 8)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(3, 30))]
            sents.append(words[0].capitalize() + " " + " ".join(words[1:]) + rng.choice([".", "!", "?"]))
        paras.append(" ".join(sents))
    return Document(doc_id=doc_id, title=f"T{seed}", text="  " + "\n\n".join(paras) + "\n")


DOCS = [make_doc(f"d{i}", i) for i in range(30)]


def check_chunks(docs, chunks, max_tokens, tokenizer="whitespace", overlap=None):
    tok = get_tokenizer(tokenizer)
    by_id = {d.doc_id: d for d in docs}
    per_doc: dict[str, list] = {}
    for c in chunks:
        doc = by_id[c.doc_id]
        assert c.text == doc.text[c.span.start : c.span.end]
        assert c.text == c.text.strip() and c.text
        assert c.n_tokens == tok.count(c.text) <= max_tokens
        assert c.chunk_id == f"{c.doc_id}#{c.index}" and c.title == doc.title
        per_doc.setdefault(c.doc_id, []).append(c)
    for doc_id, cs in per_doc.items():
        doc = by_id[doc_id]
        assert [c.index for c in cs] == list(range(len(cs)))
        # every word of the document is in some chunk, in order
        covered = [False] * len(doc.text)
        for c in cs:
            covered[c.span.start : c.span.end] = [True] * (c.span.end - c.span.start)
        assert all(covered[i] for i, ch in enumerate(doc.text) if not ch.isspace())
        for a, b in zip(cs, cs[1:]):
            assert a.span.start < b.span.start and a.span.end < b.span.end
            if overlap is not None:
                shared = doc.text[b.span.start : a.span.end] if b.span.start < a.span.end else ""
                assert tok.count(shared) <= overlap


@pytest.mark.parametrize(("max_tokens", "overlap"), [(40, 0), (40, 10), (64, 16), (256, 32), (5, 2)])
def test_properties_whitespace(max_tokens: int, overlap: int) -> None:
    chunks = chunk_documents(DOCS, max_tokens=max_tokens, overlap=overlap)
    check_chunks(DOCS, chunks, max_tokens, overlap=overlap)


def test_overlap_is_whole_sentences() -> None:
    chunks = chunk_documents(DOCS, max_tokens=60, overlap=25)
    by_id = {d.doc_id: d for d in DOCS}
    overlapped = 0
    for a, b in zip(chunks, chunks[1:]):
        if a.doc_id != b.doc_id or b.span.start >= a.span.end:
            continue
        overlapped += 1
        starts = {s.start for s in split_sentences(by_id[b.doc_id].text)}
        assert b.span.start in starts
    assert overlapped > 10


def test_no_overlap_means_disjoint_spans() -> None:
    chunks = chunk_documents(DOCS, max_tokens=50, overlap=0)
    for a, b in zip(chunks, chunks[1:]):
        if a.doc_id == b.doc_id:
            assert a.span.end <= b.span.start


def test_short_document_is_one_stripped_chunk() -> None:
    doc = Document(doc_id="s", title="S", text="\n  One sentence. Two sentences.  \n")
    (c,) = chunk_documents([doc])
    assert c.text == "One sentence. Two sentences." and c.n_tokens == 4 and c.chunk_id == "s#0"


def test_blank_document_gives_no_chunks() -> None:
    assert chunk_documents([Document(doc_id="b", text=" \n ")]) == []


def test_paragraph_that_fits_is_not_split() -> None:
    p1 = " ".join(["Alpha beta gamma delta."] * 5)  # 20 tokens
    p2 = " ".join(["Epsilon zeta eta theta."] * 4)  # 16 tokens
    doc = Document(doc_id="p", text=p1 + "\n\n" + p2)
    chunks = chunk_documents([doc], max_tokens=30, overlap=0)
    assert [c.text for c in chunks] == [p1, p2]


def test_long_sentence_without_punctuation_is_split_by_words() -> None:
    text = "Intro line\n" + " ".join(f"w{i}" for i in range(100))
    chunks = chunk_documents([Document(doc_id="l", text=text)], max_tokens=30, overlap=0)
    check_chunks([Document(doc_id="l", text=text)], chunks, 30, overlap=0)
    assert chunks[0].text.startswith("Intro line\nw0") and chunks[0].n_tokens == 30


def test_ids_stable_across_runs() -> None:
    a = chunk_documents(DOCS, max_tokens=64, overlap=16)
    b = chunk_documents(list(reversed(DOCS)), max_tokens=64, overlap=16)
    assert sorted((c.chunk_id, c.span.start, c.span.end) for c in a) == sorted((c.chunk_id, c.span.start, c.span.end) for c in b)
    assert len({c.chunk_id for c in a}) == len(a)


@pytest.mark.parametrize(("max_tokens", "overlap"), [(0, 0), (10, 10), (10, -1)])
def test_invalid_settings(max_tokens: int, overlap: int) -> None:
    with pytest.raises(InputError):
        chunk_documents(DOCS[:1], max_tokens=max_tokens, overlap=overlap)


def test_mirage_preset_and_wordpiece_budget() -> None:
    try:
        get_tokenizer("wordpiece")
    except Exception as exc:
        pytest.skip(f"WordPiece vocab unavailable: {exc}")
    assert PRESETS["mirage"].max_tokens == 330 and PRESETS["mirage"].overlap == 0
    long_docs = [make_doc(f"m{i}", 100 + i, paragraphs=20) for i in range(5)]
    chunks = chunk_documents(long_docs, preset="mirage")
    check_chunks(long_docs, chunks, 330, tokenizer="wordpiece", overlap=0)
    assert len(chunks) > len(long_docs)
    # one "word" longer than the budget is cut by characters, still exact
    huge = Document(doc_id="h", text="x" + "ab1" * 400 + " end.")
    hc = chunk_documents([huge], max_tokens=50, overlap=0, tokenizer="wordpiece")
    check_chunks([huge], hc, 50, tokenizer="wordpiece")


def test_real_corpora_spans_and_budget(shared_data: Path) -> None:
    from benchsmith.corpora import load_documents

    docs = load_documents([shared_data / "corpora" / "wikipedia_landscape_paintings"])
    docs += load_documents([shared_data / "corpora" / "aws_s3_developer_guide"])
    docs += load_documents([shared_data / "mtrag" / "passages.jsonl"])
    for max_tokens, overlap in [(128, 24), (256, 32)]:
        check_chunks(docs, chunk_documents(docs, max_tokens=max_tokens, overlap=overlap), max_tokens, overlap=overlap)


def test_word_cut_by_characters_never_rejoins() -> None:
    try:
        get_tokenizer("wordpiece")
    except Exception as exc:
        pytest.skip(f"WordPiece vocab unavailable: {exc}")
    doc = Document(doc_id="w", text="Intro words here. " + "supercalifragilistic" * 4 + " tail words.")
    chunks = chunk_documents([doc], max_tokens=5, overlap=2, tokenizer="wordpiece")
    check_chunks([doc], chunks, 5, tokenizer="wordpiece")  # n_tokens == real count of each chunk's text
    assert len(chunks) > 4


def test_one_line_document_of_millions_of_words_chunks_in_bounded_memory() -> None:
    # issue 9 item 9: a 50 MB one-line document took 1.7-2.3 GB at ingest (every word a string and a tuple at once).
    import tracemalloc

    text = "word " * 300_000  # 1.5 MB, one line, no sentence boundary: split by words
    doc = Document(doc_id="big", text=text)
    tracemalloc.start()
    try:
        chunks = chunk_documents([doc], max_tokens=256, overlap=32)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(chunks) == -(-(300_000 - 32) // (256 - 32))
    assert chunks[0].n_tokens == 256 and chunks[1].text.startswith("word")
    # Before: 60 MiB for this 1.5 MB text (a list of all word strings and spans at once); now 16 MiB, mostly the chunks.
    assert peak < 30 * 2**20, f"peak {peak / 2**20:.0f} MiB"
