"""The difficulty figures of any loaded benchmark, through `validators.difficulty` (one card for every kind).

Each question (a conversation's turn, too) becomes a `BenchItem`: copied spans and overlaps are
measured against its own evidence, BM25 ranks of its gold documents use the question as the
user wrote it, and single-document answerability is asked only of kinds that need several
documents (multi-hop, FRAMES).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from benchsmith.reports.load import LoadedBenchmark
from benchsmith.validators.corpus_index import CorpusIndex
from benchsmith.validators.difficulty import BenchItem, ItemCard, benchmark_card, item_card

MULTI_DOCUMENT_KINDS = frozenset({"multihop_item", "frames_item"})
RANK_BINS = ("1", "2", "3", "4", "5", "6–10", "beyond 10")  # "beyond 10": not among the top 10 chunks


@dataclass
class Difficulty:
    card: dict
    items: list[ItemCard]
    bench_items: list[BenchItem]
    ranked: bool  # BM25 ranks were computed (a corpus was available)
    notes: list[str] = field(default_factory=list)


def bench_items(bench: LoadedBenchmark) -> list[BenchItem]:
    out = []
    for q in bench.questions:
        qid = q.item_id if q.turn is None else f"{q.item_id}<::>{q.turn}"
        out.append(BenchItem(qid, q.text, q.answer, q.types[0] if q.types else "", list(q.evidence), list(q.gold_docs),
                             list(q.anchors), answerable=q.answerability in ("answerable", "partial")))
    return out


def index_for(bench: LoadedBenchmark, search: str = "bm25") -> CorpusIndex | None:
    if bench.corpus is None or not bench.corpus.chunks:
        return None
    return CorpusIndex(bench.corpus.documents, bench.corpus.chunks, retriever=search)


def difficulty(bench: LoadedBenchmark, index: CorpusIndex | None = None) -> Difficulty:
    """Per-question and benchmark figures; BM25 ranks only where a corpus index is at hand."""
    items = bench_items(bench)
    index = index if index is not None else index_for(bench)
    known = {d.doc_id for d in index.documents} if index is not None else set()
    ranked = index is not None and any(g in known for i in items for g in i.gold_docs)
    notes = []
    if index is not None and not ranked:
        notes.append("no gold document of this benchmark is in the corpus given, so BM25 ranks were left out")
    if ranked:
        # a gold document the corpus does not hold cannot be ranked: leave it out rather than count it as a miss
        unmapped = sum(1 for i in items if any(g not in known for g in i.gold_docs))
        for i in items:
            i.gold_docs = [g for g in i.gold_docs if g in known]
        if unmapped:
            notes.append(f"{unmapped} question(s) name gold documents the corpus does not hold; their ranks use the "
                         "gold documents it does hold")
    if ranked:
        index.prefetch([i.question for i in items if i.gold_docs])
    documents = bench.documents_text() if bench.kind in MULTI_DOCUMENT_KINDS else None
    cards = [item_card(i, index=index if ranked else None, documents=documents) for i in items]
    return Difficulty(benchmark_card(items, cards), cards, items, ranked, notes)


def best_rank_bins(diff: Difficulty) -> list[tuple[str, int]]:
    """How many answerable questions have their best-ranked gold document at each BM25 rank."""
    counts = dict.fromkeys(RANK_BINS, 0)
    for item, card in zip(diff.bench_items, diff.items, strict=True):
        if not card.gold_ranks or not item.answerable:
            continue
        ranks = [r for r in card.gold_ranks.values() if r is not None]
        best = min(ranks) if ranks else None
        key = "beyond 10" if best is None else str(best) if best <= 5 else "6–10" if best <= 10 else "beyond 10"
        counts[key] += 1
    return list(counts.items())


def all_gold_found_share(diff: Difficulty, k: int = 5) -> float | None:
    """Share of answerable questions whose every gold document is in BM25's top k (multi-document kinds need all)."""
    flags = [all(r is not None and r <= k for r in c.gold_ranks.values())
             for i, c in zip(diff.bench_items, diff.items, strict=True) if c.gold_ranks and i.answerable]
    return round(sum(flags) / len(flags), 3) if flags else None
