"""An undated real corpus (2WikiMultihopQA paragraphs): temporal queries are skipped, the mix is redistributed."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.generators.multihop import DEFAULT_MIX
from benchsmith.validators.difficulty import longest_copied_span

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "corpora" / "2wikimultihopqa_hipporag_corpus" / "corpus.jsonl"


def test_2wiki_subset_without_dates(tmp_path):
    if not CORPUS.is_file():
        pytest.skip(f"shared 2WikiMultihopQA corpus not found at {CORPUS}")
    subset = tmp_path / "wiki600.jsonl"
    subset.write_text("".join(CORPUS.read_text().splitlines(keepends=True)[:600]))
    out = tmp_path / "out"
    try:
        main(["generate", "multihop", "--corpus", str(subset), "--n", "30", "--min-tokens", "30", "--ner", "rules", "--out", str(out)])
        rc = 0
    except SystemExit as exc:
        rc = int(exc.code or 0)
    assert rc == 0
    items = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    counts = Counter(i["question_type"] for i in items)
    assert len(items) == 30 and counts["temporal_query"] == 0
    # The default mix without its temporal share (0.184), renormalised over the other four types.
    rest = {t: v for t, v in DEFAULT_MIX.items() if t != "temporal_query"}
    for t, share in rest.items():
        assert abs(counts[t] / 30 - share / sum(rest.values())) <= 0.05 + 1e-9, counts
    # Composed questions: short, no 8-word copy, and no single evidence document holds answer and anchors.
    for i in items:
        assert len(i["query"].split()) <= 30
        assert longest_copied_span(i["query"], [e["fact"] for e in i["evidence"]]) < 8, i["query"]
    bridges = [i for i in items if i["question_type"] == "bridge_query"]
    assert bridges and all(len({e["doc_id"] for e in i["evidence"]}) == 2 for i in bridges)
    for i in bridges:
        answer_doc = i["evidence"][1]
        assert i["answer"] in answer_doc["fact"]
    manifest = json.loads((out / "benchmark.json").read_text())
    assert manifest["config"]["effective_mix"]["temporal_query"] == 0.0
