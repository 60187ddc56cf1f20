"""The data card's figures on tiny inline benchmarks: counts, diversity, difficulty, review status, escaping."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from card_fixtures import corpus, items  # noqa: E402

from benchsmith.reports import card_stats  # noqa: E402
from benchsmith.reports.card_html import build_card, card_exports  # noqa: E402
from benchsmith.reports.describe import categories, numbers  # noqa: E402
from benchsmith.reports.difficulty_view import best_rank_bins, difficulty  # noqa: E402
from benchsmith.reports.diversity import distinct_ngrams, near_duplicate_pairs, openings  # noqa: E402
from benchsmith.reports.load import from_items  # noqa: E402


def _bench(tmp_path=None, **kw):
    return from_items(items(), name="tiny", corpus=corpus(), review_dir=(tmp_path / "review") if tmp_path else None, **kw)


def test_contents_counts_types_and_answerability():
    sec = card_stats.contents(_bench())
    charts = {c.title: c for c in sec.charts}
    assert dict(charts["Question types"].bars) == {"inference_query": 2, "comparison_query": 1, "null_query": 1}
    assert "3 of the questions (75%) are labelled answerable" in sec.sentences[0]
    assert dict(charts["Answerability"].bars) == {"answerable": 3, "unanswerable": 1}
    # every answerable item cites 2 documents: one value, so a sentence and no plot
    hops = charts["Documents per question (hops)"]
    assert hops.bars == [] and "Every question has 2 documents" in hops.summary


def test_numbers_histogram_bins_and_sentence():
    chart = numbers("Question length", [5, 6, 7, 30], "question", "words")
    assert sum(v for _, v in chart.bars) == 4
    assert chart.bars[0][0] == "5–9" and "5 to 30 words" in chart.summary and "median 6.5" in chart.summary


def test_categories_reports_what_the_chart_leaves_out():
    from collections import Counter

    chart = categories("t", Counter({f"v{i}": 20 - i for i in range(15)}), "label", top=10)
    assert len(chart.bars) == 10 and "5 other values" in chart.summary


def test_diversity_finds_the_near_duplicate_and_openings():
    texts = [i.query for i in items()]
    pairs = near_duplicate_pairs([i.item_id for i in items()], texts)
    assert pairs == [("mh-2", "mh-1")]
    distinct, total = distinct_ngrams(["a b a b", "a b"], 1)
    assert (distinct, total) == (2, 6)
    assert openings(texts).most_common(1)[0] == ("which builder won", 2)
    sec = card_stats.diversity(_bench(), embeddings=False, embeddings_reason="switched off in the test")
    assert "1 of 4 questions (25%) are near-duplicates" in sec.sentences[0]
    assert any("not computed (switched off in the test)" in s for s in sec.sentences)


def test_difficulty_ranks_gold_documents_with_bm25():
    diff = difficulty(_bench())
    assert diff.ranked
    bins = dict(best_rank_bins(diff))
    assert sum(bins.values()) == 3  # the null query has no gold document
    assert diff.card["yes_no_items"] == 1 and diff.card["yes_share"] == 1.0
    sec = card_stats.difficulty_section(_bench(), diff)
    assert any(c.title.startswith("BM25 rank") for c in sec.charts)


def test_difficulty_without_a_corpus_says_so():
    bench = from_items(items(), name="tiny")
    sec = card_stats.difficulty_section(bench, difficulty(bench))
    assert any("not computed" in s for s in sec.sentences)


def test_review_status_counts_the_latest_verdict_per_reviewer(tmp_path):
    (tmp_path / "review").mkdir()
    lines = [{"item_id": "mh-1", "reviewer": "ana", "action": "reject", "time": "t1"},
             {"item_id": "mh-1", "reviewer": "ana", "action": "accept", "time": "t2"},  # changed her mind: accepted
             {"item_id": "mh-2", "reviewer": "bo", "action": "edit", "time": "t3"},  # edited, no verdict yet
             {"item_id": "mh-3", "reviewer": "ana", "decision": "accept", "time": "t4"},  # the brief's spelling
             {"item_id": "mh-3", "reviewer": "bo", "action": "reject", "time": "t5"},  # two reviewers disagree
             {"item_id": "gone", "reviewer": "bo", "action": "accept", "time": "t6"}]
    text = "\n".join(json.dumps(x) for x in lines) + "\n{not json\n" + json.dumps({"item_id": "mh-4", "action": "star"}) + "\n"
    (tmp_path / "review" / "trail.jsonl").write_text(text, encoding="utf-8")
    sec = card_stats.review(_bench(tmp_path))
    chart = sec.charts[0]
    assert dict(chart.bars) == {"accepted": 1, "rejected": 0, "disputed": 1, "edited (no verdict yet)": 1, "unreviewed": 1}
    assert "ana, bo" in chart.summary and "1 edited in all" in chart.summary and "3 of 4 items reviewed" in chart.summary
    assert any("2 line(s)" in s for s in sec.sentences) and any("no longer in the benchmark" in s for s in sec.sentences)


def test_no_trail_means_not_reviewed(tmp_path):
    assert card_stats.review(_bench(tmp_path)).sentences[0].startswith("Not reviewed")


def test_card_page_is_self_contained_and_escapes_corpus_text():
    html, md = build_card(_bench(), embeddings=False)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html)
    assert html.count("<svg") >= 4 and "<figcaption>" in html
    assert "# Data card: tiny" in md and "<script>" not in md


def test_card_exports_for_a_generate_run_skip_embeddings_with_the_reason():
    out = card_exports(items(), name="tiny", corpus=corpus())
    assert set(out) == {"card.html", "card.md"}
    assert "not computed during generation" in out["card.html"]


def test_card_of_no_items_still_renders():
    html, _ = build_card(from_items([], name="empty"), embeddings=False)
    assert "0 items" in html


def test_dates_axis_has_every_month_between_the_first_and_the_last():
    bench = _bench()
    bench.questions[0].dates = ["2024-01-09", "2024-04-02"]
    bench.questions[1].dates = []
    bench.questions[2].dates = []
    chart = next(c for c in card_stats.sources_and_dates(bench).charts if c.title == "Evidence dates")
    assert chart.bars == [("2024-01", 1), ("2024-02", 0), ("2024-03", 0), ("2024-04", 1)]


def test_gold_documents_missing_from_the_corpus_are_not_counted_as_misses():
    bench = _bench()
    bench.questions[0].gold_docs = ["d1", "not-in-corpus"]
    diff = difficulty(bench)
    assert diff.items[0].gold_ranks is not None and set(diff.items[0].gold_ranks) == {"d1"}
    assert any("1 question(s) name gold documents the corpus does not hold" in n for n in diff.notes)
