"""Query -> document mapping: title levels, url, ambiguity, missing references, documents used twice."""

from __future__ import annotations

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.mirage.mapping import TitleIndex, map_queries, normalize_title
from benchsmith.generators.mirage.qa_inputs import QAPair
from benchsmith.types import Document
from benchsmith.validators import CorpusIndex

DOCS = [
    Document(doc_id="a", title="Luis Guillermo Solís", text="President of Costa Rica from 2014 to 2018."),
    Document(doc_id="b", title="Mercury (planet)", text="Mercury is the smallest planet.",
             url="https://en.wikipedia.org/wiki?curid=19694"),
    Document(doc_id="c", title="St. Francis Preparatory School", text="A Catholic high school in Queens.",
             metadata={"redirects": ["St Francis Prep"]}),
    Document(doc_id="d", title="John Smith (explorer)", text="An English explorer."),
    Document(doc_id="e", title="John Smith (actor)", text="An actor."),
]


def _pair(qid, question="q?", **kw):
    return QAPair(query_id=qid, question=question, answers=("x",), **kw)


def test_title_levels():
    idx = TitleIndex(DOCS)
    assert idx.by_title("Luis Guillermo Solís") == ("a", "title_exact", 100.0)
    assert idx.by_title("luis_guillermo_solis") == ("a", "title_normalized", 100.0)
    assert idx.by_title("Mercury") == ("b", "title_alias", 100.0)  # unique bare title
    assert idx.by_title("St Francis Prep")[:2] == ("c", "title_alias")  # a redirect kept by the loader
    assert idx.by_title("John Smith") is None  # two documents share the bare title: ambiguous
    fuzzy = idx.by_title("St. Francis Preperatory School")
    assert fuzzy[:2] == ("c", "title_fuzzy") and fuzzy[2] >= 92
    assert idx.by_title("Totally Different") is None
    assert normalize_title("Solís_(politician)") == "solis politician"


def test_map_queries_reasons_and_content_search():
    idx = TitleIndex(DOCS)
    corpus_index = CorpusIndex(DOCS, chunk_documents(DOCS))
    pairs = [
        _pair("1", title="Luis Guillermo Solís"),
        _pair("2", url="https://en.wikipedia.org/wiki?curid=19694"),
        _pair("3", title="Luis Guillermo Solis"),  # same document as 1
        _pair("4", title="Not In Corpus"),
        _pair("5", question="Which Catholic high school is in Queens?"),
        _pair("6", question="zzzz qqqq"),
    ]
    mapped, rejected = map_queries(pairs, idx, corpus_index)
    assert [(m.pair.query_id, m.doc_id, m.method) for m in mapped] == [
        ("1", "a", "title_exact"), ("2", "b", "url"), ("5", "c", "content_search")]
    assert {r.input_ref: r.reason for r in rejected} == {
        "3": "document_already_used", "4": "reference_not_in_corpus", "6": "unmappable"}
    mapped, _ = map_queries([_pair("4", question="the smallest planet", title="Not In Corpus")], idx, corpus_index,
                            search_fallback=True)
    assert [(m.doc_id, m.method) for m in mapped] == [("b", "content_search")]
