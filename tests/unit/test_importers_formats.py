"""Importers on tiny inline samples of every format, and their errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchsmith.corpora.store import write_corpus_dir
from benchsmith.errors import InputError
from benchsmith.evaluation.importers import FORMATS, detect_format, load_benchmark
from benchsmith.evaluation.importers.multihop_rag import article_id
from benchsmith.retrieval.runs import mirage_chunk_id
from benchsmith.types import Chunk, Document, Span


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def jsonl(path: Path, rows: list) -> Path:
    return write(path, "".join(json.dumps(r) + "\n" for r in rows))


def test_all_formats_registered():
    assert set(FORMATS.names()) >= {"multihop-rag", "mtrag", "mirage", "frames", "beir", "benchsmith"}


# --- MultiHop-RAG ---------------------------------------------------------------------

MHR = [
    {
        "query": "Which company did both outlets cover?",
        "answer": "Google",
        "question_type": "comparison_query",
        "evidence_list": [
            {"title": "A", "author": "x", "url": "https://a.example/1", "source": "S1", "category": "tech", "published_at": "2023-10-01T00:00:00+00:00", "fact": "Google spent $26 billion."},
            {"title": "B", "author": "y", "url": "https://b.example/2", "source": "S2", "category": "tech", "published_at": "2023-10-02T00:00:00+00:00", "fact": "Google restrains competition."},
        ],
    },
    {"query": "Unknowable?", "answer": "Insufficient information.", "question_type": "null_query", "evidence_list": []},
]


def test_multihop_rag_queries_ids_null_and_evidence(tmp_path):
    path = write(tmp_path / "MultiHopRAG.json", json.dumps(MHR))
    b = load_benchmark(path)
    assert b.source_format == "multihop-rag" and b.id_level == "doc"
    q0, q1 = b.queries
    assert (q0.query_id, q1.query_id) == ("mhr-0000", "mhr-0001")
    assert q0.relevant == {article_id("https://a.example/1", "A"): 1, article_id("https://b.example/2", "B"): 1}
    assert [e["fact"] for e in q0.evidence] == ["Google spent $26 billion.", "Google restrains competition."]
    assert q0.fields == {"question_type": "comparison_query", "n_evidence": 2}
    assert q1.answerability == "unanswerable" and q1.relevant == {} and q1.excluded_from_retrieval


def test_multihop_rag_corpus_json_gives_documents(tmp_path):
    corpus = [
        {"title": "A", "author": "x", "source": "S1", "published_at": "2023-10-01T00:00:00+00:00", "category": "tech", "url": "https://a.example/1", "body": "Text A. Google spent $26 billion."},
        {"title": "B", "author": "y", "source": "S2", "published_at": "2023-10-02T00:00:00+00:00", "category": "tech", "url": "https://b.example/2", "body": "Text B."},
    ]
    write(tmp_path / "MultiHopRAG.json", json.dumps(MHR))
    write(tmp_path / "corpus.json", json.dumps(corpus))
    b = load_benchmark(tmp_path)  # a folder with both files
    assert [d.title for d in b.documents] == ["A", "B"]
    assert set(b.queries[0].relevant) == {d.doc_id for d in b.documents}


def test_multihop_rag_chunk_level_matches_fact_without_spaces(tmp_path):
    docs = [Document(doc_id="d1", title="A", text="x", url="https://a.example/1"), Document(doc_id="d2", title="B", text="y", url="https://b.example/2")]
    chunks = [
        Chunk(chunk_id="c1", doc_id="d1", text="Intro. Google spent\n$26   billion.", span=Span(start=0, end=5), index=0, n_tokens=5),
        Chunk(chunk_id="c2", doc_id="d1", text="Unrelated.", span=Span(start=5, end=9), index=1, n_tokens=1),
        Chunk(chunk_id="c3", doc_id="d2", text="Google restrains competition. More.", span=Span(start=0, end=9), index=0, n_tokens=4),
    ]
    write_corpus_dir(tmp_path / "corpus", docs, chunks, {})
    path = write(tmp_path / "q.json", json.dumps(MHR))
    b = load_benchmark(path, format="multihop-rag", corpus=tmp_path / "corpus")
    assert b.id_level == "chunk"
    assert b.queries[0].relevant == {"c1": 1, "c3": 1}


def test_multihop_rag_bad_evidence_names_json_path(tmp_path):
    bad = [{"query": "q", "answer": "a", "question_type": "inference_query", "evidence_list": [{"title": "no fact"}]}]
    path = write(tmp_path / "MultiHopRAG.json", json.dumps(bad))
    with pytest.raises(InputError) as err:
        load_benchmark(path, format="multihop-rag")
    assert err.value.json_path == "$[0].evidence_list[0]" and err.value.path == str(path)


# --- mtRAG ----------------------------------------------------------------------------

def _conversation():
    ctx = lambda pid, votes: {"document_id": pid, "text": f"text of {pid}", "title": "T", "feedback": {"relevant": votes}}  # noqa: E731
    return {
        "domain": "mt-rag-govt-elser-512-100-20240611",
        "messages": [
            {"speaker": "user", "text": "first q", "enrichments": {"Question Type": ["Factoid"], "Multi-Turn": ["N/A"], "Answerability": ["ANSWERABLE"]}},
            {"speaker": "agent", "text": "first a", "contexts": [ctx("111_0-10", {"u1": {"value": "yes", "timestamp": 1}}), ctx("111_10-20", {"u1": {"value": "yes", "timestamp": 1}, "rev": {"value": "no", "timestamp": 2}})]},
            {"speaker": "user", "text": "second q", "enrichments": {"Question Type": ["Explanation", "Factoid"], "Multi-Turn": ["Follow-up"], "Answerability": ["PARTIAL"]}},
            {"speaker": "agent", "text": "second a", "contexts": [ctx("222_5-9", {"u1": {"value": "yes", "timestamp": 3}})]},
        ],
    }


def test_mtrag_conversation_one_query_per_user_turn(tmp_path):
    write(tmp_path / "convs" / "conv_7.json", json.dumps(_conversation()))
    b = load_benchmark(tmp_path / "convs")
    assert b.source_format == "mtrag" and [q.query_id for q in b.queries] == ["conv_7<::>1", "conv_7<::>2"]
    q1, q2 = b.queries
    assert q1.relevant == {"111_0-10": 1}  # the reviewer's later "no" overrides the first "yes"
    assert q1.answers == ["first a"] and q1.answerability == "answerable" and q1.history == []
    assert [(t.role, t.content) for t in q2.history] == [("user", "first q"), ("assistant", "first a")]
    assert q2.answerability == "partial"
    assert q2.fields["question_type"] == ["Explanation", "Factoid"] and q2.fields["multi_turn_type"] == ["Follow-up"]
    assert q2.fields["domain"] == "govt" and q2.fields["turn"] == 2 and q2.fields["turn_position"] == "later"
    assert q1.fields["multi_turn_type"] == []
    chunk = {c.chunk_id: c for c in b.chunks}["222_5-9"]
    assert chunk.doc_id == "222" and (chunk.span.start, chunk.span.end) == (5, 9)


def test_mtrag_conversation_context_without_id_names_json_path(tmp_path):
    conv = _conversation()
    del conv["messages"][3]["contexts"][0]["document_id"]
    path = write(tmp_path / "conv_8.json", json.dumps(conv))
    with pytest.raises(InputError, match="document_id") as err:
        load_benchmark(path, format="mtrag")
    assert err.value.json_path == "$.messages[3].contexts[0]"

def test_mtrag_conversation_message_that_is_not_an_object_names_json_path(tmp_path):
    conv = _conversation()
    conv["messages"][1] = "agent reply as a bare string"
    path = write(tmp_path / "conv_8.json", json.dumps(conv))
    with pytest.raises(InputError, match="expected a JSON object") as err:
        load_benchmark(path, format="mtrag")
    assert err.value.json_path == "$.messages[1]"


def test_mtrag_retrieval_tasks_canonical_ids_and_history(tmp_path):
    tasks = jsonl(tmp_path / "clapnq_questions.jsonl", [
        {"_id": "c1<::>1", "text": "|user|: q one"},
        {"_id": "c1::2", "text": "|user|: q one\n|user|: q two"},
        {"_id": "c1<::>3", "text": "|user|: unjudged"},
    ])
    write(tmp_path / "clapnq_qrels_dev.tsv", "query-id\tcorpus-id\tscore\nc1<::>1\tp1\t1\nc1::2\tp2\t1\nc1<::>2\tp3\t1\n")
    jsonl(tmp_path / "passages.jsonl", [{"document_id": f"p{i}", "title": "t", "text": f"passage {i}"} for i in (1, 2, 3)])
    b = load_benchmark(tasks, corpus=tmp_path / "passages.jsonl")
    ids = [q.query_id for q in b.queries]
    assert ids == ["c1<::>1", "c1<::>2", "c1<::>3"]
    assert b.metadata["id_map"]["c1<::>2"] == "c1::2"
    q2 = b.by_id()["c1<::>2"]
    assert q2.question == "q two" and [t.content for t in q2.history] == ["q one"]
    assert q2.relevant == {"p2": 1, "p3": 1}
    assert b.by_id()["c1<::>3"].excluded_from_retrieval
    assert sorted(c.chunk_id for c in b.chunks) == ["p1", "p2", "p3"]


def test_mtrag_rewrite_file_sets_rewrite(tmp_path):
    tasks = jsonl(tmp_path / "x_rewrite.jsonl", [{"_id": "c<::>2", "text": "|user|: standalone question"}])
    b = load_benchmark(tasks, format="mtrag")
    assert b.queries[0].rewrite == "standalone question"


def test_mtrag_generation_tasks_keep_predictions(tmp_path):
    row = {
        "conversation_id": "c9", "task_id": "c9::2", "turn": 2, "collection": "mt-rag-fiqa-beir-elser-512-100-20240501",
        "contexts": [{"document_id": "d-1", "text": "ctx", "title": ""}],
        "input": [{"speaker": "user", "text": "hi"}, {"speaker": "agent", "text": "hello"}, {"speaker": "user", "text": "why?"}],
        "targets": [{"speaker": "agent", "text": "because"}],
        "Question Type": ["Explanation"], "answerability": ["ANSWERABLE"], "Multi-Turn": float("nan"),
        "predictions": [{"text": "pred"}],
    }
    path = write(tmp_path / "gen.jsonl", json.dumps(row) + "\n")
    b = load_benchmark(path)
    q = b.queries[0]
    assert q.query_id == "c9<::>2" and q.question == "why?" and q.answers == ["because"]
    assert q.fields["domain"] == "fiqa" and q.fields["multi_turn_type"] == []
    assert b.metadata["predictions"]["c9<::>2"] == {"answer": "pred", "contexts": ["d-1"]}


def test_mtrag_bad_line_names_file_and_line(tmp_path):
    path = write(tmp_path / "t.jsonl", '{"_id": "a<::>1", "text": "|user|: x"}\n{"_id": "a<::>2"}\n')
    with pytest.raises(InputError) as err:
        load_benchmark(path, format="mtrag")
    assert err.value.line == 2 and "text" in err.value.message


# --- MIRAGE ---------------------------------------------------------------------------

def test_mirage_pool_support_labels(tmp_path):
    queries = [{"source": "popqa", "query_id": "q1", "query": "Who?", "doc_name": "D", "answer": ["A", "a2"], "doc_url": "u", "num_doc_labels": 1},
               {"source": "popqa", "query_id": "q1", "query": "Who?", "doc_name": "D", "answer": ["A", "a2"], "doc_url": "u", "num_doc_labels": 1}]
    pool = [{"mapped_id": "q1", "doc_name": "D", "doc_chunk": "gold", "support": 1}, {"mapped_id": "q1", "doc_name": "D", "doc_chunk": "other", "support": 0}]
    path = write(tmp_path / "dataset.json", json.dumps(queries))
    write(tmp_path / "doc_pool.json", json.dumps(pool))
    b = load_benchmark(tmp_path)
    assert b.source_format == "mirage" and len(b.queries) == 1
    q = b.queries[0]
    assert q.answers == ["A", "a2"] and q.relevant == {mirage_chunk_id("q1", "gold"): 1}
    assert q.fields["occurrences"] == 2 and q.fields["n_evidence"] == 1
    assert len(b.chunks) == 2
    b2 = load_benchmark(path, corpus=tmp_path / "doc_pool.json")
    assert b2.queries[0].relevant == q.relevant


def test_mirage_bad_support_label(tmp_path):
    write(tmp_path / "dataset.json", json.dumps([{"query_id": "q", "query": "x", "doc_name": "D", "answer": ["a"]}]))
    write(tmp_path / "doc_pool.json", json.dumps([{"mapped_id": "q", "doc_name": "D", "doc_chunk": "c", "support": 7}]))
    with pytest.raises(InputError) as err:
        load_benchmark(tmp_path, format="mirage")
    assert err.value.json_path == "$[0].support"


# --- FRAMES ---------------------------------------------------------------------------

FRAMES_ROW = {"unique_id": 3, "Prompt": "Who? ", "Answer": "Jane", "reasoning_types": "Numerical reasoning | Temporal reasoning",
              "wiki_links": "['https://en.wikipedia.org/wiki/Charlotte_Bront%C3%AB', 'https://en.m.wikipedia.org/wiki/Jane_Eyre#Plot']"}


def test_frames_jsonl_fields_and_links(tmp_path):
    b = load_benchmark(jsonl(tmp_path / "frames.jsonl", [FRAMES_ROW]))
    q = b.queries[0]
    assert b.source_format == "frames" and b.id_level == "doc"
    assert q.query_id == "frames-0003" and q.question == "Who?" and q.answers == ["Jane"]
    assert q.fields == {"reasoning_types": ["Numerical reasoning", "Temporal reasoning"], "n_evidence": 2}
    assert set(q.relevant) == {"https://en.wikipedia.org/wiki/Charlotte_Brontë", "https://en.wikipedia.org/wiki/Jane_Eyre"}


def test_frames_tsv_with_corpus_matches_titles(tmp_path):
    header = "\tPrompt\tAnswer\twiki_links\treasoning_types\n"
    row = f"0\tWho?\tJane\t{FRAMES_ROW['wiki_links']}\tMultiple constraints\n"
    path = write(tmp_path / "test.tsv", header + row)
    jsonl(tmp_path / "corpus.jsonl", [
        {"doc_id": "w1", "title": "Charlotte Brontë", "text": "..."},
        {"doc_id": "w2", "title": "Other", "text": "...", "url": "https://en.wikipedia.org/wiki/Jane_Eyre"},
    ])
    b = load_benchmark(path, corpus=tmp_path / "corpus.jsonl")
    assert b.queries[0].relevant == {"w1": 1, "w2": 1} and b.queries[0].query_id == "frames-0000"


def test_frames_bad_links_literal(tmp_path):
    path = jsonl(tmp_path / "frames.jsonl", [FRAMES_ROW, {**FRAMES_ROW, "wiki_links": "['unterminated"}])
    with pytest.raises(InputError) as err:
        load_benchmark(path, format="frames")
    assert err.value.line == 2


# --- BEIR -----------------------------------------------------------------------------

def test_beir_folder(tmp_path):
    jsonl(tmp_path / "corpus.jsonl", [{"_id": "d1", "title": "T1", "text": "alpha"}, {"_id": "d2", "title": "", "text": "beta"}])
    jsonl(tmp_path / "queries.jsonl", [{"_id": "q1", "text": "alpha?"}, {"_id": "q2", "text": "unjudged"}])
    write(tmp_path / "qrels" / "test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\n")
    b = load_benchmark(tmp_path)
    assert b.source_format == "beir" and [q.query_id for q in b.queries] == ["q1"]
    assert b.queries[0].relevant == {"d1": 2}
    assert [c.chunk_id for c in b.chunks] == ["d1", "d2"] and b.chunks[0].title == "T1"


def test_beir_bad_qrels_line(tmp_path):
    jsonl(tmp_path / "corpus.jsonl", [{"_id": "d1", "text": "alpha"}])
    jsonl(tmp_path / "queries.jsonl", [{"_id": "q1", "text": "alpha?"}])
    write(tmp_path / "qrels" / "test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\tyes\n")
    with pytest.raises(InputError) as err:
        load_benchmark(tmp_path, format="beir")
    assert err.value.line == 2 and err.value.path.endswith("test.tsv")


def test_beir_repeated_query_id_names_the_line(tmp_path):
    # Two queries under one id would silently merge into one row of every run.
    jsonl(tmp_path / "corpus.jsonl", [{"_id": "d1", "text": "alpha"}])
    jsonl(tmp_path / "queries.jsonl", [{"_id": "q1", "text": "alpha?"}, {"_id": "q1", "text": "beta?"}])
    write(tmp_path / "qrels" / "test.tsv", "q1\td1\t1\n")
    with pytest.raises(InputError, match="appears twice") as err:
        load_benchmark(tmp_path, format="beir")
    assert err.value.line == 2 and err.value.path.endswith("queries.jsonl")


def test_frames_repeated_id_and_non_string_prompt(tmp_path):
    with pytest.raises(InputError, match="appears twice") as err:
        load_benchmark(jsonl(tmp_path / "a.jsonl", [FRAMES_ROW, FRAMES_ROW]), format="frames")
    assert err.value.line == 2
    with pytest.raises(InputError, match="no Prompt") as err:
        load_benchmark(jsonl(tmp_path / "b.jsonl", [{**FRAMES_ROW, "Prompt": 7}]), format="frames")
    assert err.value.line == 1


def test_qrels_infinite_relevance_is_an_input_error(tmp_path):
    from benchsmith.evaluation.importers import load_qrels

    with pytest.raises(InputError) as err:
        load_qrels(write(tmp_path / "q.tsv", "q1 0 d1 1\nq1 0 d2 inf\n"))
    assert err.value.line == 2


# --- benchsmith ------------------------------------------------------------------------

def _benchsmith_folder(root: Path) -> Path:
    docs = [Document(doc_id="d1", title="A", text="Alpha beta."), Document(doc_id="d2", title="B", text="Gamma delta.")]
    chunks = [Chunk(chunk_id="d1#0", doc_id="d1", text="Alpha beta.", span=Span(start=0, end=11), index=0, n_tokens=2),
              Chunk(chunk_id="d2#0", doc_id="d2", text="Gamma delta.", span=Span(start=0, end=12), index=0, n_tokens=2)]
    write_corpus_dir(root / "corpus", docs, chunks, {})
    out = root / "bench"
    jsonl(out / "items.jsonl", [
        {"item_id": "i1", "query": "Alpha and gamma?", "answer": "yes", "question_type": "comparison_query", "extra_obj": {"x": 1}, "difficulty": "hard",
         "evidence": [{"doc_id": "d1", "chunk_id": "d1#0", "span": {"start": 0, "end": 5}, "fact": "Alpha"}, {"doc_id": "d2", "chunk_id": "d2#0", "span": {"start": 0, "end": 5}, "fact": "Gamma"}]},
        # A null query as the multihop generator writes it: its kind says it is unanswerable.
        {"kind": "multihop_item", "item_id": "i2", "query": "Nothing?", "answer": "Insufficient information.",
         "question_type": "null_query", "evidence": [], "provenance": {"step": "multihop.query.null"}},
    ])
    write(out / "qrels.tsv", "i1 0 d1#0 1\ni1 0 d2#0 1\n")
    write(out / "benchmark.json", json.dumps({"kind": "benchmark", "name": "tiny", "generator": "multihop", "corpus_dir": "../corpus", "items": "items.jsonl", "qrels": "qrels.tsv"}))
    return out


def test_benchsmith_folder(tmp_path):
    out = _benchsmith_folder(tmp_path)
    assert detect_format(out) == "benchsmith"
    b = load_benchmark(out)
    assert b.name == "tiny" and b.id_level == "chunk" and len(b.chunks) == 2 and len(b.documents) == 2
    i1, i2 = b.queries
    assert i1.relevant == {"d1#0": 1, "d2#0": 1} and i1.answers == ["yes"]
    assert i1.fields["question_type"] == "comparison_query" and i1.fields["n_evidence"] == 2 and i1.fields["difficulty"] == "hard"
    assert "extra_obj" not in i1.fields
    assert i2.answerability == "unanswerable" and i2.relevant == {}


def test_benchsmith_answerability_comes_from_the_item_kind_or_field_not_a_type_name(tmp_path):
    out = _benchsmith_folder(tmp_path)
    rows = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    rows[1].pop("kind")  # a kindless item is read leniently: no type name is hard-coded as unanswerable
    rows.append({"item_id": "i3", "query": "Turn?", "answer": "", "answerability": "UNANSWERABLE"})
    jsonl(out / "items.jsonl", rows)
    by_id = {q.query_id: q.answerability for q in load_benchmark(out).queries}
    assert by_id == {"i1": "answerable", "i2": "answerable", "i3": "unanswerable"}


def test_benchsmith_duplicate_item_id(tmp_path):
    path = jsonl(tmp_path / "items.jsonl", [{"item_id": "a", "query": "x"}, {"item_id": "a", "query": "y"}])
    with pytest.raises(InputError) as err:
        load_benchmark(path, format="benchsmith")
    assert err.value.line == 2


# --- dispatch -------------------------------------------------------------------------

def test_unknown_format_and_missing_path(tmp_path):
    with pytest.raises(InputError):
        load_benchmark(tmp_path / "nope.json")
    path = write(tmp_path / "x.txt", "hello")
    with pytest.raises(InputError, match="cannot tell"):
        load_benchmark(path)
    with pytest.raises(InputError, match="unknown benchmark format"):
        load_benchmark(path, format="nonsense")


def test_unknown_option_is_an_input_error(tmp_path):
    path = jsonl(tmp_path / "frames.jsonl", [FRAMES_ROW])
    with pytest.raises(InputError, match="does not take option"):
        load_benchmark(path, format="frames", level="chunk")
