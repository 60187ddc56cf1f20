"""The llm strategy end to end: scripted backend and a local OpenAI-compatible stub server.

The fake model (multihop_llm_fakes.py) answers every step with plausible JSON,
and some prompts with malformed or off-schema output: those must end up as
rejections with their raw output, never as items.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.data import example_corpus
from benchsmith.generators.multihop import MultihopConfig, generate_multihop, parse_mix
from benchsmith.llm import get_client
from benchsmith.schemas.multihop import MultihopItem

sys.path.insert(0, str(Path(__file__).parent))
from multihop_llm_fakes import scripted_responder, stub_responder  # noqa: E402

EXAMPLE = example_corpus() / "corpus.jsonl"


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    if not EXAMPLE.is_file():
        pytest.skip(f"example corpus missing: {EXAMPLE}")
    out = tmp_path_factory.mktemp("hcn_llm") / "corpus"
    try:
        main(["corpus", "ingest", str(EXAMPLE), "--out", str(out)])
    except SystemExit as exc:
        assert not exc.code
    return out


def reasons_of(result) -> Counter:
    return Counter(r.reason for r in result.rejected)


def test_scripted_backend_end_to_end(corpus_dir, tmp_path):
    corpus = load_corpus_dir(corpus_dir)
    ledger = tmp_path / "ledger.jsonl"
    client = get_client("scripted/fake", responses=scripted_responder, ledger_path=ledger, retry_base_delay=0.0)
    # The 40-article example corpus gives few comparison sets that survive the model's refusals: ask for one.
    cfg = MultihopConfig(n=8, strategy="llm", llm="scripted/fake", ner="rules", seed=1,
                         mix=parse_mix("inference=0.5,comparison=0.1,temporal=0.3,null=0.1"))
    result = generate_multihop(corpus, cfg, client=client)
    client.close()
    assert len(result.items) == 8 and result.generated.shortfall is None
    # Null queries built from the corpus's name parts need no model; every other item was worded by it.
    # A wording that failed its check kept the template wording, labelled heuristic.
    worded = [i for i in result.items if i.question_type != "null_query" and i.provenance.strategy == "llm"]
    assert worded and all(i.provenance.prompt_name.startswith("multihop_") for i in worded)
    assert all(i.provenance.prompt_hash and i.provenance.raw_output for i in worded)
    assert all(i.provenance.strategy in ("llm", "heuristic") for i in result.items)
    assert all(i.provenance.prompt_name is None for i in result.items if i.provenance.strategy == "heuristic")
    # A wording that fails its check gives way to the template wording (test_multihop_llm_steps): the model is
    # asked only about drafts whose template passes, so an item falls back only where a model wording was
    # rejected by a validator or the hop check (the fake leaks the answer in some wordings), never for another cause.
    fallbacks = [i for i in result.items if i.question_type != "null_query" and i.provenance.strategy == "heuristic"]
    assert len(fallbacks) <= sum(r.step in ("multihop.validate", "multihop.hops") for r in result.rejected)
    assert len(fallbacks) < len(worded)
    assert all(i.answer not in i.query for i in result.items if i.question_type == "inference_query")
    qa_calls = [s for s in result.summary.stages if s.name == "multihop.qa_check"]
    assert qa_calls and qa_calls[0].inputs >= len(worded)  # the QA call also asks for the per-document answers
    reasons = Counter(r.reason for r in result.rejected)
    # Off-schema claims and truncated query JSON are rejected with the raw text kept.
    assert reasons["schema_validation"] + reasons["unparseable_output"] > 0
    # A claim the model skipped or made up falls back to that sentence's heuristic claim, and is in the ledger.
    # Which of the fake's faults this seed draws follows the candidate sets; the drift path is unit-tested
    # (test_multihop_llm_steps), and a drifted claim never reaching an item is checked below.
    assert reasons["claim_missing"] + reasons["claim_drift"] > 0
    strategies = [set(i.provenance.extra["claim_strategy"]) for i in worded]
    assert any("llm" in s for s in strategies)
    assert not any("Paris" in e.claim for i in result.items for e in i.evidence)  # the drifted claim never reached an item
    # The fake cannot answer the questions: every non-null item records the QA verdict, and the fake's wrong answers
    # to answers the evidence proves are kept as inconclusive, never silently confirmed.
    verdicts = Counter(i.provenance.extra["qa_check"]["verdict"] for i in result.items)
    assert verdicts["inconclusive"] > 0 and set(verdicts) <= {"confirmed", "inconclusive", "not_asked"}
    assert all(i.provenance.extra["qa_check"]["verdict"] == "not_asked" for i in result.items if i.question_type == "null_query")
    assert result.generated.counts["qa_check"] == dict(verdicts)
    bad = [r for r in result.rejected if r.reason in ("schema_validation", "unparseable_output")]
    assert all(r.raw_output for r in bad)
    assert len(ledger.read_text().splitlines()) == client.usage.requests
    # Candidates follow the items still missing (8 per type per batch made this 75 calls for 8 items).
    assert client.usage.requests <= 7 * len(result.items)
    assert result.summary.rejected == len(result.rejected)
    assert result.summary.llm.requests == client.usage.requests


def test_stub_server_through_the_cli(corpus_dir, tmp_path):
    from benchsmith.llm.stub_server import StubServer

    out = tmp_path / "stub_out"
    with StubServer(stub_responder) as server:
        args = ["generate", "multihop", "--corpus", str(corpus_dir), "--n", "8", "--strategy", "llm", "--ner", "rules",
                "--llm", f"openai/stub-model@{server.base_url}", "--cache-dir", str(tmp_path / "cache"), "--out", str(out)]
        try:
            main(args)
            rc = 0
        except SystemExit as exc:
            rc = int(exc.code or 0)
        requests = server.requests
    assert rc == 0
    items = [MultihopItem.model_validate_json(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert len(items) == 8
    assert 8 <= requests <= 7 * 8  # the model was asked about every non-null item, and only about what the request needs
    summary = json.loads((out / "summary.json").read_text())
    assert summary["llm"]["requests"] == requests
    assert (out / ".run" / "llm-usage.jsonl").is_file()  # the usage ledger lives in the run folder
    reasons = summary["rejected_by_reason"]
    # The model's claims that failed their checks came back over HTTP and landed in the ledger (malformed JSON is
    # covered by the scripted test above; with this request the stub's malformed replies are not drawn).
    assert reasons.get("claim_drift", 0) + reasons.get("bridge_missing_from_claim", 0) + reasons.get("claim_missing", 0) > 0


def test_query_wording_and_qa_are_batched_and_do_not_depend_on_concurrency(corpus_dir, tmp_path):
    corpus = load_corpus_dir(corpus_dir)
    runs = []
    for concurrency in (1, 6):
        client = get_client("scripted/fake", responses=scripted_responder, retry_base_delay=0.0, concurrency=concurrency)
        cfg = MultihopConfig(n=10, strategy="llm", llm="scripted/fake", ner="rules", seed=2)
        result = generate_multihop(corpus, cfg, client=client, concurrency=concurrency)
        client.close()
        stages = {s.name: s for s in result.summary.stages}
        # Drafts are worded, and items checked, several at a time: fewer stage calls than inputs.
        assert stages["multihop.query_llm"].inputs > 10 and stages["multihop.qa_check"].inputs > 10
        runs.append([i.model_dump(mode="json") for i in result.items])
    # The fake's wordings are crude; what matters is that both concurrencies give the same items.
    assert runs[0] == runs[1] and len(runs[0]) >= 5


def test_deadline_stops_a_slow_run_cleanly_and_the_same_command_continues(corpus_dir, tmp_path, capsys):
    from benchsmith.llm.stub_server import StubServer

    out = tmp_path / "slow"
    # The deadline counts from the client's start, CPU work before the first call included: leave room for it.
    with StubServer(stub_responder, delay=1.5) as server:
        args = ["generate", "multihop", "--corpus", str(corpus_dir), "--n", "4", "--strategy", "llm", "--ner", "rules",
                "--llm", f"openai/stub-model@{server.base_url}", "--concurrency", "2", "--deadline", "10",
                "--out", str(out)]
        try:
            main(args)
            rc = 0
        except SystemExit as exc:
            rc = int(exc.code or 0)
        asked = server.requests
    assert rc == 2 and "deadline" in capsys.readouterr().err.lower()
    summary = json.loads((out / ".run" / "summary.json").read_text())
    assert summary["status"] == "stopped" and 0 < asked < 20
    assert not (out / "items.jsonl").exists()
    with StubServer(stub_responder) as server:
        args[args.index("--llm") + 1] = f"openai/stub-model@{server.base_url}"
        args[args.index("--deadline") + 1] = "600"
        try:
            main(args)
            rc = 0
        except SystemExit as exc:
            rc = int(exc.code or 0)
    assert rc == 0 and len((out / "items.jsonl").read_text().splitlines()) == 4
