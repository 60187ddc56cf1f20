"""The validation report: every applicable validator run, flags counted, skips explained, worst items shown escaped."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from card_fixtures import T1, T2, corpus, evidence, item, items  # noqa: E402

from benchsmith.reports.load import from_items, load_any  # noqa: E402
from benchsmith.reports.validation_report import build_report, validate_benchmark, worst_items  # noqa: E402


def _broken_items():
    good = items()[:3]
    pasted = item("mh-bad", "Harrowgate Builders won the contract for the Eastport ferry terminal and what else?", "Ridgeview",
                  evidence_list=[evidence("d1", T1, "Harrowgate Builders won the contract for the Eastport ferry terminal.", "Ferry"),
                                 evidence("d2", T2, "The renovation costs 48 million dollars.", "Stadium")])
    # evidence whose text is not at its span: a grounding error
    moved = evidence("d1", T1, "The contract is worth 64 million dollars.", "Ferry").model_copy(update={"fact": "The contract is worth 65 million dollars."})
    wrong = item("mh-moved", "Which builder works in Eastport <script>alert(1)</script>?", "Harrowgate Builders",
                 evidence_list=[moved, evidence("d2", T2, "The renovation costs 48 million dollars.", "Stadium")])
    return good + [pasted, wrong]


def test_every_applicable_validator_runs_and_flags_are_counted():
    bench = from_items(_broken_items(), name="t", corpus=corpus())
    result = validate_benchmark(bench)
    assert {"grounding.verbatim", "dedup.query", "multihop.surface", "null.proof"} <= set(result.ran)
    assert not result.skipped and not result.failed
    codes = {row[0]: row for row in result.counts()}
    assert codes["near_duplicate_query"][3] == 1  # mh-2 repeats mh-1
    assert codes["evidence_not_verbatim"][1] == "error"
    assert codes["copied_span"][2] == "multihop.surface"
    assert worst_items(result)[0][0] in {"mh-bad", "mh-moved"}


def test_without_a_corpus_the_corpus_checks_are_skipped_with_the_reason():
    result = validate_benchmark(from_items(items(), name="t"))
    assert "grounding.verbatim" in result.skipped and "--corpus" in result.skipped["null.proof"]
    assert "grounding.verbatim" not in result.ran


def test_report_escapes_item_text_and_lists_worst_items():
    html, md, result, card = build_report(from_items(_broken_items(), name="t", corpus=corpus()))
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in md
    assert "Worst items" in html and "mh-moved" in html and "evidence_not_verbatim" in html
    assert card["items"] == 5
    assert "Flags by code and severity" in md and "| near_duplicate_query | error | dedup.query | 1 | 1 |" in md


def test_papers_format_runs_what_it_can_and_says_why_not_the_rest(tmp_path):
    path = tmp_path / "MultiHopRAG.json"
    long_q = " ".join(["word"] * 35) + "?"
    path.write_text(json.dumps([{"query": long_q, "answer": "Yes", "question_type": "comparison_query",
                                 "evidence_list": [{"fact": "One fact.", "title": "A"}, {"fact": "Two facts.", "title": "B"}]}]),
                    encoding="utf-8")
    bench = load_any(path)
    result = validate_benchmark(bench)
    assert "spans" in result.skipped["grounding.verbatim"] and "computation" in result.skipped["consistency.comparison"]
    assert "multihop.surface" in result.ran and "grounding.documents" in result.ran
    assert [i.code for i in result.issues["mhr-0000"]] == ["question_too_long"]
