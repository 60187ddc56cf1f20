"""The mtRAG export reads back unchanged through the evaluator's mtRAG importers."""

from __future__ import annotations

import json

from benchsmith.evaluation.importers.mtrag import load_conversations, load_generation_tasks, load_retrieval_tasks
from benchsmith.generators.conversations.exports import mtrag_layout
from benchsmith.generators.conversations.generate import GENERATOR
from benchsmith.generators.conversations.stats import render, table8
from benchsmith.schemas.conversation import ConversationItem, ConversationTurn, TurnContext, UnanswerableProof
from benchsmith.types import Provenance, Span


def _ctx(cid: str, relevance: int, rank: int | None = 1) -> TurnContext:
    return TurnContext(doc_id=cid.split("#")[0], chunk_id=cid, span=Span(start=0, end=9), title="T", text=f"text of {cid}",
                       relevance=relevance, rank=rank, score=1.0)


def _item() -> ConversationItem:
    p = Provenance(step="test")
    turns = [
        ConversationTurn(turn=1, user="What is a vault?", rewrite="What is a vault?", question_types=["Factoid"],
                         multi_turn="N/A", answerability="ANSWERABLE", standalone=True,
                         contexts=[_ctx("d1#0", 1), _ctx("d2#0", 0, 2), _ctx("d3#0", 1, None)], response="A vault holds objects.",
                         provenance=p),
        ConversationTurn(turn=2, user="Who first came up with it?", rewrite="Who first came up with a vault?",
                         question_types=["Factoid"], multi_turn="Follow-up", answerability="UNANSWERABLE", standalone=False,
                         contexts=[_ctx("d4#0", 0)], response="I do not have specific information about who first came up with a vault.",
                         proof=UnanswerableProof(query="Who first came up with a vault?", retrievers=["bm25"], k=5,
                                                 candidates_checked=5, missing="who first came up with a vault", method="lexical"),
                         provenance=p),
        ConversationTurn(turn=3, user="How do I create one?", rewrite="How do I create a vault?", question_types=["How-To"],
                         multi_turn="Follow-up", answerability="ANSWERABLE", standalone=False, contexts=[_ctx("d5#0", 1)],
                         response="Open the console.", provenance=p),
    ]
    return ConversationItem(item_id="c0ffee", strategy="heuristic", baseline=True, seed_chunk_id="d1#0", turns=turns,
                            provenance=p)


def test_layout_reads_back_through_the_mtrag_importers(tmp_path):
    item = _item()
    for rel, text in mtrag_layout([item], "vaultdocs", "benchsmith-heuristic-baseline").items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    root = tmp_path / "mtrag"
    conv = load_conversations(root / "conversations")
    by_id = {q.query_id: q for q in conv.queries}
    assert set(by_id) == {"c0ffee<::>1", "c0ffee<::>2", "c0ffee<::>3"}
    assert by_id["c0ffee<::>1"].relevant == {"d1#0": 1, "d3#0": 1}  # the retrieved-but-unused d2 is judged "no"
    assert by_id["c0ffee<::>2"].relevant == {} and by_id["c0ffee<::>2"].answerability == "unanswerable"
    assert by_id["c0ffee<::>3"].fields["question_type"] == ["How-To"]
    assert [t.content for t in by_id["c0ffee<::>3"].history] == [
        "What is a vault?", "A vault holds objects.", "Who first came up with it?", item.turns[1].response]

    gen = load_generation_tasks(root / "generation_tasks" / "vaultdocs.jsonl")
    g3 = {q.query_id: q for q in gen.queries}["c0ffee<::>3"]
    assert g3.answers == ["Open the console."] and g3.fields["multi_turn_type"] == ["Follow-up"]
    assert len(g3.history) == 4

    rdir = root / "retrieval_tasks" / "vaultdocs"
    rewrite = load_retrieval_tasks(rdir / "vaultdocs_rewrite.jsonl")
    assert {q.query_id: q.rewrite for q in rewrite.queries} == {"c0ffee<::>1": "What is a vault?",
                                                                "c0ffee<::>3": "How do I create a vault?"}
    last = load_retrieval_tasks(rdir / "vaultdocs_lastturn.jsonl", qrels=rdir / "qrels" / "dev.tsv")
    assert {q.query_id: q.relevant for q in last.queries}["c0ffee<::>1"] == {"d1#0": 1, "d3#0": 1}
    questions = [json.loads(line) for line in (rdir / "vaultdocs_questions.jsonl").read_text().splitlines()]
    assert questions[-1]["text"] == "|user|: What is a vault?\n|user|: Who first came up with it?\n|user|: How do I create one?"


def test_core_qrels_are_per_turn_and_only_relevant_passages():
    assert GENERATOR.qrels(_item()) == [("c0ffee<::>1", "d1#0", 1), ("c0ffee<::>1", "d3#0", 1), ("c0ffee<::>3", "d5#0", 1)]


def test_table8_counts_grounded_turns_only_for_starred_rows():
    stats = table8([_item()])
    assert stats["turns"] == 3 and stats["unique_passages"] == 3 and stats["tasks"] == 3
    assert stats["relevant_passages"] == 1.5  # (2 + 1) over the two answerable turns
    assert stats["answerability"]["UNANSWERABLE"] == round(1 / 3, 4)
    assert "Avg # turns per conversation" in render(stats, "ours")


def _write_layout(tmp_path):
    for rel, text in mtrag_layout([_item()], "vaults", "gen").items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    return tmp_path / "mtrag"


def test_rewrite_query_mode_reads_the_exported_rewrites(tmp_path):
    from benchsmith.evaluation.importers.mtrag import load_path
    from benchsmith.retrieval.queries import build_query

    root = _write_layout(tmp_path)
    for path in (root / "conversations", root / "retrieval_tasks"):
        bench = load_path(path)
        later = {q.query_id: q for q in bench.queries}["c0ffee<::>3"]
        assert build_query(later, "rewrite") == "How do I create a vault?", path
        assert build_query(later, "last_turn") == "How do I create one?", path


def test_conversations_without_message_rewrites_take_mtrags_rewrite_tasks(tmp_path):
    """mtRAG's own conversation files carry no rewrites: they come from the rewrite task file beside them."""
    from benchsmith.evaluation.importers.mtrag import load_path

    root = _write_layout(tmp_path)
    for f in (root / "conversations").glob("*.json"):
        conv = json.loads(f.read_text())
        for m in conv["messages"]:
            m.pop("rewrite", None)
        f.write_text(json.dumps(conv))
    queries = {q.query_id: q for q in load_path(root / "conversations").queries}
    assert queries["c0ffee<::>3"].rewrite == "How do I create a vault?"
    assert queries["c0ffee<::>2"].rewrite is None  # unanswerable: no retrieval task, so no rewrite to read


def test_generated_folder_is_read_as_mtrag_with_its_rewrites(tmp_path):
    from benchsmith.evaluation.importers._base import detect_format, load_benchmark

    _write_layout(tmp_path)
    (tmp_path / "benchmark.json").write_text(json.dumps({"kind": "benchmark", "generator": "conversations"}))
    (tmp_path / "items.jsonl").write_text(_item().model_dump_json() + "\n")
    assert detect_format(tmp_path) == "mtrag"
    bench = load_benchmark(tmp_path)
    assert [q.rewrite for q in bench.queries] == [t.rewrite for t in _item().turns]
    assert bench.queries[0].relevant == {"d1#0": 1, "d3#0": 1}  # the context judged "no" is not relevant
