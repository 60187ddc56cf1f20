"""The data card's figures, section by section: contents, lengths, sources and dates, diversity, difficulty, review.

Every chart carries a sentence that states what it shows, so the card reads without its plots.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path

from benchsmith.reports.describe import Chart, Section, categories, numbers, ordered, pct, plural
from benchsmith.reports.difficulty_view import Difficulty, all_gold_found_share, best_rank_bins
from benchsmith.reports.diversity import distinct_ngrams, embedding_spread, near_duplicate_pairs, openings
from benchsmith.reports.load import KIND_LABELS, LoadedBenchmark
from benchsmith.validators.difficulty import COPY_LIMIT

REVIEW_DECISIONS = ("accept", "reject", "edit")


def _unit(bench: LoadedBenchmark) -> str:
    return "turn" if bench.kind == "conversation" else "question"


def contents(bench: LoadedBenchmark) -> Section:
    qs, unit = bench.questions, _unit(bench)
    items = bench.item_ids
    sec = Section("Contents")
    sec.facts = [("kind", KIND_LABELS.get(bench.kind, bench.kind)), ("format read", bench.source_format),
                 ("items", str(len(items)))]
    if bench.kind == "conversation":
        sec.facts.append(("turns", str(len(qs))))
    counts = bench.manifest.get("counts") or {}
    if counts.get("requested"):
        sec.facts.append(("requested / produced", f"{counts['requested']} / {counts.get('produced', len(items))}"))
    if bench.manifest.get("generator"):
        sec.facts.append(("generator", str(bench.manifest["generator"])))
    answerable = sum(q.answerability in ("answerable", "partial") for q in qs)
    sec.sentences.append(f"{plural(len(items), 'item')} with {plural(len(qs), unit)}; {answerable} of the {unit}s "
                         f"({pct(answerable, len(qs))}) are labelled answerable or partly answerable.")
    types = Counter(t for q in qs for t in q.types if not t.startswith("turn: "))
    chart = categories("Question types", types, "type label", total=sum(types.values()))
    if chart:
        if bench.kind == "conversation" or any(len(q.types) > 1 for q in qs if not q.turn):
            chart.summary += " A question may carry several labels."
        sec.charts.append(chart)
    sec.charts.append(categories("Answerability", Counter(q.answerability for q in qs), unit))
    if bench.kind == "conversation":
        turns = Counter(q.item_id for q in qs)
        sec.charts.append(categories("Multi-turn type", Counter(t[6:] for q in qs for t in q.types if t.startswith("turn: ")), unit))
        sec.charts.append(numbers("Turns per conversation", list(turns.values()), "conversation", "turns"))
        passages: dict[str, set[str]] = {}
        for q in qs:
            passages.setdefault(q.item_id, set()).update(q.evidence)
        sec.charts.append(numbers("Relevant passages per conversation", [len(v) for v in passages.values()], "conversation",
                                  "distinct passages"))
    else:
        label = {"frames_item": "Articles per question", "mirage_item": "Documents per query"}.get(bench.kind,
                                                                                                 "Documents per question (hops)")
        docs = [q.documents for q in qs if q.answerability != "unanswerable"]
        if docs:
            chart = numbers(label, docs, unit, "documents")
            sec.charts.append(chart)
    sec.charts = [c for c in sec.charts if c]
    return sec


def examples(bench: LoadedBenchmark, per_type: int = 1, limit: int = 8) -> Section:
    """The first question of each type with its answer: what the figures are about, in the benchmark's own words."""
    sec = Section("Examples")
    seen: Counter = Counter()
    for q in bench.questions:
        label = q.types[0] if q.types else "untyped"
        if seen[label] >= per_type or len(sec.facts) >= limit:
            continue
        seen[label] += 1
        answer = q.answer if len(q.answer) <= 200 else q.answer[:199] + "…"
        sec.facts.append((label, f"{q.text} → {answer}" if answer else q.text))
    if sec.facts:
        sec.sentences.append(f"The first {_unit(bench)} of each type, with its answer.")
    return sec


def lengths(bench: LoadedBenchmark) -> Section:
    qs, unit = bench.questions, _unit(bench)
    sec = Section("Lengths")
    q_words = [len(q.text.split()) for q in qs]
    a_words = [len(q.answer.split()) for q in qs if q.answer]
    asked = "user message" if bench.kind == "conversation" else unit
    sec.charts.append(numbers(f"{asked.capitalize()} length", q_words, asked, "words"))
    if a_words:
        noun = "response" if bench.kind == "conversation" else "answer"
        sec.charts.append(numbers(f"{noun.capitalize()} length", a_words, noun, "words"))
    sec.charts = [c for c in sec.charts if c]
    return sec


def sources_and_dates(bench: LoadedBenchmark) -> Section:
    qs = bench.questions
    sec = Section("Sources and dates")
    sources = Counter(s for q in qs for s in dict.fromkeys(q.sources))
    if len(sources) > 1:
        sec.charts.append(categories("Sources of the evidence", sources, "source mention", top=10))
    elif sources:
        sec.sentences.append(f"All evidence comes from one source: {next(iter(sources))}.")
    cited = Counter(t for q in qs for t in dict.fromkeys(q.titles))
    if cited:
        top, n = cited.most_common(1)[0]
        chart = categories("Documents cited most", cited, "citation", top=10)
        chart.summary = (f"{plural(len(cited), 'distinct document')} cited {sum(cited.values())} times; the most cited, "
                         f"“{top}”, is evidence for {n} of the {len(qs)} {_unit(bench)}s ({pct(n, len(qs))}).")
        if n == 1:
            chart.bars = []  # every document cited once: a chart of equal bars says nothing the sentence does not
        sec.charts.append(chart)
    else:
        sec.sentences.append("The items name no evidence document.")
    dated = [d[:10] for q in qs for d in q.dates if d and d[:4].isdigit()]
    if dated:
        by_month = len({d[:4] for d in dated}) <= 2
        by = Counter(d[:7] if by_month else d[:4] for d in dated)
        span = f"{min(by)} to {max(by)}" if len(by) > 1 else min(by)
        top, n = by.most_common(1)[0]
        sec.charts.append(ordered("Evidence dates", [(p, by.get(p, 0)) for p in _periods(min(by), max(by), by_month)],
                                  f"{len(dated)} dated evidence pieces span {span}; the busiest period is {top} "
                                  f"({pct(n, len(dated))}).", "month" if by_month else "year"))
    else:
        sec.sentences.append("No item records a publication date or an as-of date.")
    return sec


def _periods(first: str, last: str, by_month: bool) -> list[str]:
    """Every month (YYYY-MM) or year from first to last, so empty periods show as gaps on the axis."""
    if not by_month:
        return [str(y) for y in range(int(first), int(last) + 1)]
    out, (y, m) = [], (int(first[:4]), int(first[5:7]))
    while (y, m) <= (int(last[:4]), int(last[5:7])):
        out.append(f"{y:04d}-{m:02d}")
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def diversity(bench: LoadedBenchmark, *, embeddings: bool = True, embeddings_reason: str = "") -> Section:
    qs = bench.questions
    texts = [q.text for q in qs]
    ids = [q.item_id if q.turn is None else f"{q.item_id}<::>{q.turn}" for q in qs]
    sec = Section("Diversity")
    for n in (1, 2, 3):
        distinct, total = distinct_ngrams(texts, n)
        sec.facts.append((f"distinct {n}-grams", f"{distinct} of {total} ({distinct / total:.2f})" if total else "-"))
    pairs = near_duplicate_pairs(ids, texts)
    sec.facts.append(("near-duplicate questions", f"{len(pairs)} ({pct(len(pairs), len(texts))})"))
    sec.sentences.append(f"{len(pairs)} of {len(texts)} {_unit(bench)}s ({pct(len(pairs), len(texts))}) are near-duplicates "
                         f"of an earlier one (word 3-gram MinHash, Jaccard ≥ 0.8)"
                         + (f", e.g. {pairs[0][0]} repeats {pairs[0][1]}." if pairs else "."))
    opens = openings(texts)
    if opens:
        chart = categories("Most common openings (first three words)", opens, _unit(bench), top=8, total=len(texts))
        top, n = opens.most_common(1)[0]
        chart.summary = (f"{len(opens)} distinct openings; the most common, “{top} …”, starts {pct(n, len(texts))} of "
                         f"the {_unit(bench)}s (a few dominant openings mean templated wording).")
        sec.charts.append(chart)
    if not embeddings:
        sec.sentences.append(f"Embedding spread: not computed ({embeddings_reason or 'turned off'}).")
        return sec
    spread, reason = embedding_spread(texts)
    if spread is None:
        sec.sentences.append(f"Embedding spread: omitted, because {reason}.")
    else:
        sec.facts.append(("mean pairwise cosine distance", f"{spread.mean_distance:.3f}"))
        sec.facts.append(("median distance to nearest question", f"{spread.nearest_distance:.3f}"))
        sec.sentences.append(f"With {spread.model} over {spread.sampled} {_unit(bench)}s, the mean pairwise cosine distance "
                             f"is {spread.mean_distance:.2f} (0 = identical meaning, about 1 = unrelated) and a question's "
                             f"nearest neighbour lies at a median {spread.nearest_distance:.2f}.")
    return sec


def difficulty_section(bench: LoadedBenchmark, diff: Difficulty) -> Section:
    card = diff.card
    sec = Section("Difficulty")
    cards = [c for i, c in zip(diff.bench_items, diff.items, strict=True) if i.answerable and i.evidence]
    if cards:
        spans = [c.longest_copied_span for c in cards]
        top = COPY_LIMIT + 2
        bins = [(str(k) if k < top else f"{top}+", sum(1 for s in spans if (s == k if k < top else s >= top)))
                for k in range(0, top + 1)]
        copied = sum(s >= COPY_LIMIT for s in spans)
        sec.charts.append(ordered("Longest run of words copied from the evidence", bins,
                                  f"The median question copies at most {statistics.median(spans):g} consecutive words from "
                                  f"its evidence; {copied} of {len(spans)} ({pct(copied, len(spans))}) copy "
                                  f"{COPY_LIMIT} or more, a lexical shortcut for retrieval.", "words"))
        sec.facts.append(("median content-word overlap with evidence", str(card.get("median_content_overlap"))))
        sec.facts.append(("median wording overlap (names left out)", str(card.get("median_wording_overlap"))))
    else:
        sec.sentences.append("The benchmark records no evidence text, so copied spans and overlaps cannot be measured.")
    if diff.ranked:
        bins = best_rank_bins(diff)
        total = sum(n for _, n in bins)
        first = dict(bins)["1"]
        all5 = all_gold_found_share(diff)
        sec.charts.append(ordered("BM25 rank of the best-ranked gold document", bins,
                                  f"BM25 ranks a gold document first for {first} of {total} answerable {_unit(bench)}s "
                                  f"({pct(first, total)}); every gold document is in the top 5 for "
                                  f"{'-' if all5 is None else f'{100 * all5:.0f}%'} of them (“beyond 10”: none among "
                                  "the 10 chunks BM25 returns).", "rank"))
        sec.facts.append(("BM25 recall@5 of gold documents", str(card.get("bm25_recall_at_5"))))
    else:
        sec.sentences.append("BM25 ranks of gold documents: not computed (no corpus holding the gold documents).")
    if card.get("single_document_answerable_share") is not None:
        sec.facts.append(("answerable from one document", str(card["single_document_answerable_share"])))
    if card.get("yes_no_items"):
        sec.facts.append(("Yes share of Yes/No answers", f"{card['yes_share']} over {card['yes_no_items']}"))
    sec.sentences.extend(diff.notes)
    summaries = [c.summary for c in sec.charts]
    sec.lead = " ".join(summaries[:2]) if summaries else (sec.sentences[0] if sec.sentences else "")
    return sec


def read_trail(review_dir: Path | None) -> tuple[list[dict], int] | None:
    """The decisions of review/trail.jsonl in file order, and how many lines could not be read; None if absent.

    A line names its item (`item_id`), its `reviewer` and what was done (`action`, or `decision`):
    accept, reject or edit.
    """
    path = review_dir / "trail.jsonl" if review_dir else None
    if path is None or not path.is_file():
        return None
    records, bad = [], 0
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            bad += 1
            continue
        action = record.get("action", record.get("decision")) if isinstance(record, dict) else None
        if action not in REVIEW_DECISIONS or not record.get("item_id"):
            bad += 1
            continue
        records.append({**record, "action": action, "item_id": str(record["item_id"])})
    return records, bad


def review_status(records: list[dict]) -> dict[str, str]:
    """Each reviewed item's status: accepted / rejected (every reviewer's latest verdict agrees), disputed
    (reviewers disagree), or edited (edited, no verdict yet). The trail is appended in time order."""
    verdicts: dict[str, dict[str, str]] = {}
    edited: set[str] = set()
    for r in records:
        if r["action"] == "edit":
            edited.add(r["item_id"])
        else:
            verdicts.setdefault(r["item_id"], {})[str(r.get("reviewer", "?"))] = r["action"]
    status = {item: "edited" for item in edited}
    for item, by_reviewer in verdicts.items():
        kinds = set(by_reviewer.values())
        status[item] = "disputed" if len(kinds) > 1 else {"accept": "accepted", "reject": "rejected"}[kinds.pop()]
    return status


def review(bench: LoadedBenchmark) -> Section:
    sec = Section("Review status")
    trail = read_trail(bench.review_dir)
    if trail is None:
        sec.sentences.append("Not reviewed: no review/trail.jsonl beside the benchmark (run benchsmith review BENCH).")
        return sec
    records, bad = trail
    ids = set(bench.item_ids)
    status = review_status(records)
    counts = Counter(s for item, s in status.items() if item in ids)
    edited = len({r["item_id"] for r in records if r["action"] == "edit" and r["item_id"] in ids})
    reviewed = sum(counts.values())
    unreviewed = len(ids) - reviewed
    order = ("accepted", "rejected", "disputed", "edited")
    bars = [(f"{k} (no verdict yet)" if k == "edited" else k, float(counts[k])) for k in order if counts[k] or k != "disputed"]
    bars.append(("unreviewed", float(unreviewed)))
    reviewers = sorted({str(r.get("reviewer", "?")) for r in records})
    summary = (f"{reviewed} of {len(ids)} items reviewed ({pct(reviewed, len(ids))}) by {', '.join(reviewers) or 'nobody'}: "
               f"{counts['accepted']} accepted, {counts['rejected']} rejected"
               + (f", {counts['disputed']} disputed (the reviewers' latest verdicts differ)" if counts["disputed"] else "")
               + f"; {edited} edited in all ({counts['edited']} without a verdict yet); {unreviewed} not yet reviewed.")
    sec.charts.append(Chart("Review status (latest verdict per reviewer)", bars, summary))
    sec.lead = summary
    if bad:
        sec.sentences.append(f"{bad} line(s) of the trail could not be read and were left out.")
    stray = len({r["item_id"] for r in records} - ids)
    if stray:
        sec.sentences.append(f"{stray} reviewed item(s) are no longer in the benchmark.")
    return sec
