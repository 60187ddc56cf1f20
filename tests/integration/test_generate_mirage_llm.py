"""The mirage llm strategy end to end: scripted backend, a test-started local stub server, resume from the cache."""

from __future__ import annotations

import json
import re
from pathlib import Path

from benchsmith.cli import main
from benchsmith.corpora.chunking import chunk_documents
from benchsmith.corpora.store import Corpus
from benchsmith.generators.core.runner import generate_items
from benchsmith.generators.mirage import GENERATOR, MirageConfig
from benchsmith.llm import get_client
from benchsmith.types import Document

DOCS = [
    ("d-mayne", "John Mayne", "John Mayne was a Scottish printer, journalist and poet born in Dumfries. "
     "He worked as a printer in Glasgow and later edited The Star in London."),
    ("d-lawyer", "John Dawson Mayne", "John Dawson Mayne was a British lawyer and legal expert in Madras."),
    ("d-rome", "Rome", "Rome is the capital city of Italy. It has almost three million residents."),
    ("d-paris", "Paris", "Paris is the capital and largest city of France, on the Seine."),
    ("d-nile", "Nile", "The Nile is a major river in northeastern Africa, flowing into the Mediterranean Sea."),
    ("d-bach", "Johann Sebastian Bach", "Bach was a German composer of the Baroque period, born in Eisenach."),
]
QA = [
    {"id": "q1", "question": "What is John Mayne's occupation?", "answers": ["journalist", "printer"], "title": "John Mayne"},
    {"id": "q2", "question": "What is the capital of Italy?", "answers": ["Rome"], "title": "rome"},
    {"id": "q3", "question": "Where was Bach born?", "answers": ["Eisenach"], "title": "Johann Sebastian Bach"},
    {"id": "q4", "question": "Which sea does the Nile flow into?", "answers": ["Mediterranean"], "title": "Nile"},
    {"id": "q5", "question": "Who wrote Hamlet?", "answers": ["Shakespeare"], "title": "Hamlet"},
]


def _field(pattern: str, text: str) -> str | None:
    m = re.search(pattern, text, re.S)
    return m.group(1) if m else None


def fake_reply(user: str) -> dict:
    """A deterministic stand-in model: the judge looks for an alias, the reader answers with the first sentence."""
    if '"verdict"' in user:
        aliases = (_field(r"nswer(?: \(any of\))?: <<<DATA (.*?) DATA>>>", user) or "").split(" | ")
        doc = (_field(r"(?:Document|Passage): <<<DATA (.*?) DATA>>>", user) or "").lower()
        supported = any(a and a.lower() in doc for a in aliases)
        if "Passage:" in user and "glasgow" in doc:  # the second judge disagrees here: label noise
            supported = not supported
        return {"verdict": "Supported" if supported else "Not supported"}
    question = _field(r"Question: <<<DATA (.*?) DATA>>>", user) or ""
    context = _field(r"Context: <<<DATA (.*?) DATA>>>", user)
    if context is None:
        return {"answer": "Rome" if "Italy" in question else "I do not know"}
    return {"answer": context.split(". ")[0]}  # a lazy reader: the first sentence of the context


def scripted(messages) -> str:
    user = [m.content for m in messages if m.role == "user"][-1]
    return json.dumps(fake_reply(user))


def _corpus() -> Corpus:
    docs = [Document(doc_id=d, title=t, text=x) for d, t, x in DOCS]
    return Corpus(documents=docs, chunks=chunk_documents(docs, preset="mirage"),
                  manifest={"chunker": {"max_tokens": 330, "overlap": 0, "tokenizer": "wordpiece"}})


def _qa(tmp_path: Path) -> Path:
    path = tmp_path / "qa.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in QA), encoding="utf-8")
    return path


def test_scripted_llm_strategy_labels_validates_and_reports(tmp_path):
    client = get_client("scripted/fake", responses=scripted, retry_base_delay=0.0)
    cfg = MirageConfig(qa=str(_qa(tmp_path)), pool_k=3, double_judge=1.0)
    result = generate_items(GENERATOR, _corpus(), cfg, n=5, client=client, run_dir=tmp_path / "run")
    client.close()
    reasons = {r.input_ref: r.reason for r in result.rejected}
    assert reasons == {"q5": "reference_not_in_corpus", "q2": "answered_without_context"}
    items = {i.item_id: i for i in result.items}
    assert set(items) == {"q1", "q3", "q4"}
    mayne = items["q1"]
    own = [c for c in mayne.chunks if c.from_reference_document]
    assert own[0].support == 1 and own[0].judge == "supported" and own[0].inference_correct is True
    assert own[0].judge_raw and '"verdict"' in own[0].judge_raw
    # Fill chunks from other documents are labelled too, and are negatives here.
    assert any(not c.from_reference_document and c.support == 0 for c in mayne.chunks)
    # The swapped judge flipped on the Mayne chunk: noise is measured, the query flagged, nothing dropped.
    assert own[0].second_judge == "not_supported" and not own[0].agreement
    assert any(f.startswith("label_disagreement") for f in mayne.flags)
    counts = result.generated.counts
    noise = counts["label_noise"]
    glasgow = sum("Glasgow" in c.text for i in result.items for c in i.chunks)
    assert glasgow >= 1 and noise["flipped"] == glasgow and noise["double_judged"] == sum(len(i.chunks) for i in result.items)
    low, high = noise["flip_rate_95ci"]
    assert 0 < low < noise["flip_rate"] < high < 1
    assert counts["inference_confirms_judge"]["rate"] == 1.0
    # The reader checks only what the judge supported: every inference answer belongs to a supported chunk.
    assert all(c.judge == "supported" for i in result.items for c in i.chunks if c.inference_answer is not None)
    assert result.generated.exports["oracle.json"]["q1"]["support"] == 1


def test_keep_easy_keeps_and_flags(tmp_path):
    client = get_client("scripted/fake", responses=scripted, retry_base_delay=0.0)
    cfg = MirageConfig(qa=str(_qa(tmp_path)), pool_k=2, keep_easy=True, double_judge=0.0)
    result = generate_items(GENERATOR, _corpus(), cfg, n=5, client=client, run_dir=tmp_path / "run")
    client.close()
    rome = next(i for i in result.items if i.item_id == "q2")
    assert rome.base_correct is True and "answerable_without_context" in rome.flags


def _run_cli(args: list[str]) -> int:
    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_stub_server_end_to_end_and_resume_from_cache(tmp_path):
    from benchsmith.llm.stub_server import StubServer, last_user_message

    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": d, "title": t, "text": x}) + "\n" for d, t, x in DOCS))
    out = tmp_path / "out"
    with StubServer(lambda req: json.dumps(fake_reply(last_user_message(req)))) as server:
        args = ["generate", "mirage", "--qa", str(_qa(tmp_path)), "--corpus", str(corpus), "--n", "3",
                "--strategy", "llm", "--llm", f"openai/stub@{server.base_url}", "--out", str(out), "--pool-k", "2"]
        assert _run_cli(args) == 0
        first = server.requests
        assert first > 0
        assert _run_cli(args + ["--fresh"]) == 0  # checkpoints gone, every call answered by the cache
        assert server.requests == first
    dataset = json.loads((out / "dataset.json").read_text())
    assert [d["query_id"] for d in dataset] == ["q1", "q3", "q4"]
    assert all(d["num_doc_labels"] >= 1 for d in dataset)
    from benchsmith.evaluation.importers.mirage import load_path

    bench = load_path(out)
    assert len(bench.queries) == 3 and all(q.relevant for q in bench.queries)
    ledger = [json.loads(x) for x in (out / "rejected.jsonl").read_text().splitlines()]
    assert {r["reason"] for r in ledger} >= {"reference_not_in_corpus", "answered_without_context"}


def test_dry_run_estimate_bounds_the_real_calls(tmp_path):
    from benchsmith.generators.core.runner import GenerateOptions, estimate_generator

    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": d, "title": t, "text": x}) + "\n" for d, t, x in DOCS))
    cfg = MirageConfig(qa=str(_qa(tmp_path)), pool_k=2, double_judge=0.5)
    est = estimate_generator(GENERATOR, GenerateOptions(corpus=corpus, n=3, out=tmp_path / "o", strategy="llm",
                                                        llm="scripted/x"), cfg)
    by_step = {s.step: s.calls for s in est.steps}
    assert by_step["mirage.base"] == 5 - 1  # every mapped query with answers; q5 does not map
    assert by_step["mirage.support"] == by_step["mirage.inference"] > 0
    client = get_client("scripted/fake", responses=scripted, retry_base_delay=0.0)
    generate_items(GENERATOR, _corpus(), cfg, n=3, client=client, run_dir=tmp_path / "run")
    real = client.usage.requests
    client.close()
    assert 0 < real <= est.calls  # the easy query's chunks are never asked about


def test_budget_stop_then_resume_repeats_no_call(tmp_path):
    from benchsmith.llm.stub_server import StubServer, last_user_message

    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": d, "title": t, "text": x}) + "\n" for d, t, x in DOCS))
    with StubServer(lambda req: json.dumps(fake_reply(last_user_message(req)))) as server:
        def args(out):
            return ["generate", "mirage", "--qa", str(_qa(tmp_path)), "--corpus", str(corpus), "--n", "3", "--strategy",
                    "llm", "--llm", f"openai/stub@{server.base_url}", "--out", str(out), "--pool-k", "2",
                    "--concurrency", "1"]
        assert _run_cli(args(tmp_path / "clean")) == 0
        clean = server.requests
        assert _run_cli(args(tmp_path / "out") + ["--max-calls", "5"]) != 0
        assert not (tmp_path / "out" / "items.jsonl").exists()
        stopped = server.requests - clean
        assert stopped == 5
        assert _run_cli(args(tmp_path / "out")) == 0
        assert server.requests - clean == clean  # the resumed run asked only what the stopped one had not
    first = (tmp_path / "clean" / "dataset.json").read_text()
    assert (tmp_path / "out" / "dataset.json").read_text() == first


class Recorder:
    """The scripted model, keeping every prompt it was asked, sorted by kind."""

    def __init__(self) -> None:
        self.prompts: list[str] = []

    def __call__(self, messages) -> str:
        self.prompts.append([m.content for m in messages if m.role == "user"][-1])
        return scripted(messages)

    def asked(self, kind: str, needle: str) -> list[str]:
        def of_kind(p: str) -> bool:
            if kind == "judge":
                return '"verdict"' in p
            if kind == "inference":
                return '"verdict"' not in p and "Context: <<<DATA" in p
            return '"verdict"' not in p and "Context: <<<DATA" not in p
        return [p for p in self.prompts if of_kind(p) and needle in p]


def test_cheap_drops_come_first_and_surplus_queries_are_not_fully_labelled(tmp_path):
    qa = tmp_path / "qa.jsonl"
    rows = [*QA, {"id": "q6", "question": "Who founded Paris?", "answers": ["Clovis"], "title": "Paris"}]
    qa.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    model = Recorder()
    client = get_client("scripted/fake", responses=model, retry_base_delay=0.0)
    cfg = MirageConfig(qa=str(qa), pool_k=3, double_judge=0.0)
    result = generate_items(GENERATOR, _corpus(), cfg, n=5, client=client, run_dir=tmp_path / "run")
    client.close()
    reasons = {r.input_ref: r.reason for r in result.rejected}
    assert reasons["q6"] == "no_positive_in_reference_document"
    # q6's own chunk was judged (and refuted): nothing else of its pool was asked about, no inference either.
    judged_q6 = model.asked("judge", "Who founded Paris?")
    assert len(judged_q6) == 1 and "capital and largest city of France" in judged_q6[0]
    assert not model.asked("inference", "Who founded Paris?")
    # The easy query costs its one base call and nothing more.
    assert len(model.asked("base", "capital of Italy")) == 1 and not model.asked("judge", "capital of Italy")
    # The reader is asked only about chunks the judge supported.
    assert all(c.inference_answer is None for i in result.items for c in i.chunks if c.judge != "supported")

    model = Recorder()
    client = get_client("scripted/fake", responses=model, retry_base_delay=0.0)
    cfg = MirageConfig(qa=str(qa), pool_k=3, double_judge=1.0, margin=3.0)
    result = generate_items(GENERATOR, _corpus(), cfg, n=1, client=client, run_dir=tmp_path / "run1")
    client.close()
    # n=1 with margin 3 draws q1, q2 (easy) and q3: both q1 and q3 pass the cheap checks; q1 is enough, so q3
    # waits in reserve with only its reference chunk judged: no judgement of its other candidates, no double judging.
    assert [i.item_id for i in result.items] == ["q1"]
    assert len(model.asked("judge", "Where was Bach born?")) == 1
    assert not model.asked("judge", "Which sea does the Nile flow into?")  # never drawn
