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


def _pair(qid, question="q?", answers=("x",), **kw):
    return QAPair(query_id=qid, question=question, answers=answers, **kw)


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
        _pair("5", question="Which Catholic high school is in Queens?", answers=("Queens",)),
        _pair("6", question="zzzz qqqq"),
    ]
    mapped, rejected = map_queries(pairs, idx, corpus_index)
    assert [(m.pair.query_id, m.doc_id, m.method) for m in mapped] == [
        ("1", "a", "title_exact"), ("2", "b", "url"), ("5", "c", "content_search")]
    assert {r.input_ref: r.reason for r in rejected} == {
        "3": "document_already_used", "4": "reference_not_in_corpus", "6": "unmappable"}
    mapped, _ = map_queries([_pair("4", question="the smallest planet", title="Not In Corpus", answers=("Mercury",))],
                            idx, corpus_index, search_fallback=True)
    assert [(m.doc_id, m.method) for m in mapped] == [("b", "content_search")]


def test_content_search_takes_the_best_ranked_free_document_holding_an_alias():
    docs = [Document(doc_id="top", title="Queens school",
                     text="Which school in Queens was founded? A school in Queens, founded as a school of Queens."),
            Document(doc_id="second", title="Francis school", text="St. Francis school is a school in Queens."),
            Document(doc_id="third", title="Other school", text="Another school, founded by Francis Baker.")]
    idx, corpus_index = TitleIndex(docs), CorpusIndex(docs, chunk_documents(docs))
    question = "Which school in Queens was founded by Francis?"
    assert [c.doc_id for c in corpus_index.top(question)] == ["top", "second", "third"]
    mapped, rejected = map_queries([
        _pair("a", question, answers=("St. Francis",)),  # the top hit lacks the alias: the next one holding it
        _pair("b", question, answers=("Baker",)),
        _pair("c", question, answers=("Francis",)),  # both documents holding it are taken by a and b
        _pair("d", question, answers=("Brooklyn",)),  # no ranked document holds it: dropped before any labelling
        _pair("e", question, answers=()),  # no aliases: the top document
    ], idx, corpus_index)
    assert {m.pair.query_id: m.doc_id for m in mapped} == {"a": "second", "b": "third", "e": "top"}
    assert {r.input_ref: r.reason for r in rejected} == {"c": "document_already_used",
                                                         "d": "no_search_hit_holds_answer"}
    # A document holding a generic alias but not what the question is about does not map.
    _, rejected = map_queries([_pair("f", "Which school did Kathy Saltzman attend in Queens?", answers=("school",))],
                              idx, corpus_index)
    assert [r.reason for r in rejected] == ["search_hits_off_topic"]
    # A follow-up turn out of its conversation names nothing to search for.
    _, rejected = map_queries([_pair("h", "What did he do?", answers=())], idx, corpus_index)
    assert [r.reason for r in rejected] == ["question_too_vague"]
    # Nor does one whose title names nothing of the question or the answer, though its text covers both.
    person = [Document(doc_id="w", title="Helmut Weiss", text="Helmut Weiss was a German actor who lived in Paris.")]
    _, rejected = map_queries([_pair("g", "What is Paris's occupation?", answers=("actor",))],
                              TitleIndex(person), CorpusIndex(person, chunk_documents(person)))
    assert [r.reason for r in rejected] == ["search_hits_off_topic"]
