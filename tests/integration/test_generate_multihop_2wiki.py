"""An undated real corpus (2WikiMultihopQA paragraphs): temporal queries are skipped, the mix is redistributed."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main

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
    # 0.32/0.33/0.12 renormalised over 0.77 is 0.416/0.429/0.156.
    for t, share in {"inference_query": 0.32 / 0.77, "comparison_query": 0.33 / 0.77, "null_query": 0.12 / 0.77}.items():
        assert abs(counts[t] / 30 - share) <= 0.05, counts
    manifest = json.loads((out / "benchmark.json").read_text())
    assert manifest["config"]["effective_mix"]["temporal_query"] == 0.0
