"""bm25: exact-match ranking, agreement with bm25s called directly, edge cases."""

from __future__ import annotations

import bm25s
import numpy as np
import pytest

from benchsmith.errors import InputError
from benchsmith.retrieval import Passage, get_retriever
from benchsmith.retrieval.bm25 import BM25Retriever
from benchsmith.types import Chunk, Document, Span

CORPUS = [
    ("p0", "The Eiffel Tower is a wrought-iron lattice tower in Paris, France."),
    ("p1", "The Great Wall of China is a series of fortifications in northern China."),
    ("p2", "Mount Everest is the highest mountain above sea level, in the Himalayas."),
    ("p3", "The Amazon rainforest covers much of the Amazon basin of South America."),
    ("p4", "Paris is the capital and most populous city of France."),
    ("p5", "The Colosseum is an oval amphitheatre in the centre of Rome, Italy."),
]
QUERIES = ["highest mountain above sea level", "capital city of France", "amphitheatre in Rome", "lattice tower Paris", "fortifications northern China"]


def test_exact_match_passage_ranks_first():
    r = get_retriever("bm25")
    r.index(CORPUS)
    results = r.search(QUERIES, k=3)
    assert [ranking[0][0] for ranking in results] == ["p2", "p4", "p5", "p0", "p1"]
    assert all(s1 >= s2 for ranking in results for (_, s1), (_, s2) in zip(ranking, ranking[1:]))


def test_agrees_with_direct_bm25s_call():
    texts = [t for _, t in CORPUS]
    model = bm25s.BM25(k1=1.2, b=0.6)
    model.index(bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False)
    ours = BM25Retriever(k1=1.2, b=0.6)
    ours.index(CORPUS)
    # Direct bm25s scores every document for every query.
    for query, ranking in zip(QUERIES, ours.search(QUERIES, k=len(CORPUS))):
        vocab = model.vocab_dict
        tokens = [t for t in bm25s.tokenize([query], stopwords="en", return_ids=False, show_progress=False)[0] if t in vocab]
        expected = model.get_scores(tokens)
        got = dict(ranking)
        for i, (pid, _) in enumerate(CORPUS):
            if expected[i] > 0:
                assert got[pid] == pytest.approx(float(expected[i]), rel=1e-6)
            else:
                assert pid not in got  # no shared term: not returned
        assert [pid for pid, _ in ranking] == [CORPUS[i][0] for i in np.argsort(-expected, kind="stable") if expected[i] > 0]


def test_stopwords_matter_and_can_be_turned_off():
    corpus = [("a", "the the the of of"), ("b", "something else entirely")]
    default = BM25Retriever()
    default.index(corpus)
    assert default.search(["the of"], k=2) == [[]]
    plain = BM25Retriever(stopwords=None)
    plain.index(corpus)
    assert plain.search(["the of"], k=2)[0][0][0] == "a"


def test_accepts_chunks_documents_and_passages_and_uses_titles():
    chunk = Chunk(chunk_id="c1", doc_id="d", title="Zanzibar", text="An island.", span=Span(start=0, end=10), index=0, n_tokens=2)
    doc = Document(doc_id="d2", title="Other", text="A mainland city.")
    r = BM25Retriever()
    r.index([chunk, doc, Passage(id="p", text="Nothing relevant here.")])
    assert r.search(["zanzibar"], k=5)[0][0][0] == "c1"


def test_k_larger_than_corpus_and_empty_batches():
    r = BM25Retriever()
    r.index(CORPUS[:2])
    assert len(r.search(["tower paris china"], k=50)[0]) == 2
    assert r.search([], k=5) == []
    assert r.search(["zzzz unknown words"], k=5) == [[]]


def test_errors():
    with pytest.raises(RuntimeError, match="index"):
        BM25Retriever().search(["x"])
    with pytest.raises(InputError, match="empty"):
        BM25Retriever().index([])
    with pytest.raises(InputError, match="unknown retriever"):
        get_retriever("nope")
