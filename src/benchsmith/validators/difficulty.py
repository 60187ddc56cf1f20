"""Difficulty card of a benchmark: how much of a question is copied from its evidence, how easily
retrieval finds its gold documents, whether one document answers it, and Yes/No balance.

Built for multi-hop questions and used for every kind (`reports.difficulty_view` turns conversation
turns, FRAMES and MIRAGE questions into `BenchItem`s). `read_benchmark` reads our items.jsonl,
MultiHop-RAG's `MultiHopRAG.json` and HotpotQA's json. Ranks need a corpus index; without one they
are left out.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from benchsmith.errors import InputError
from benchsmith.text import STOPWORDS, contains_phrase

_TOKEN = re.compile(r"[A-Za-z0-9]+")
COPY_LIMIT = 8  # a run of this many words copied from one evidence sentence is a lexical shortcut
YES_NO = frozenset({"yes", "no"})


@dataclass
class BenchItem:
    """What the card needs of one item, whatever file it came from."""

    item_id: str
    question: str
    answer: str
    question_type: str
    evidence: list[str]  # evidence sentences
    gold_docs: list[str] = field(default_factory=list)  # doc ids (or titles) of the gold documents
    anchors: list[str] = field(default_factory=list)
    answerable: bool = True  # False for null queries and unanswerable turns (also read from question_type)


@dataclass
class ItemCard:
    item_id: str
    question_type: str
    question_words: int
    longest_copied_span: int
    content_overlap: float
    wording_overlap: float
    gold_ranks: dict[str, int | None] | None
    single_document_answerable: bool | None


def tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def longest_copied_span(question: str, evidence: Sequence[str]) -> int:
    """The longest run of consecutive question words found consecutively in one evidence sentence."""
    q = tokens(question)
    best = 0
    for ev in evidence:
        e = tokens(ev)
        prev = [0] * (len(e) + 1)
        for i in range(1, len(q) + 1):
            cur = [0] * (len(e) + 1)
            for j in range(1, len(e) + 1):
                if q[i - 1] == e[j - 1]:
                    cur[j] = prev[j - 1] + 1
                    best = max(best, cur[j])
            prev = cur
    return best


def content_overlap(question: str, evidence: Sequence[str]) -> float:
    """Share of the question's content words (not stopwords) that occur in the evidence."""
    q = {t for t in tokens(question) if t not in STOPWORDS}
    if not q:
        return 0.0
    ev = {t for text in evidence for t in tokens(text)}
    return round(len(q & ev) / len(q), 3)


def wording_overlap(question: str, evidence: Sequence[str], names: Sequence[str] = ()) -> float:
    """Share of the question's own wording (content words that are not names or numbers) found in the evidence.

    Names must be repeated for a question to be answerable; the rest of its words show whether it
    was paraphrased or pasted. `names` are the things the question must name though written in lower
    case ("visibility timeout", a setting compared): their words repeated from the evidence count as names
    (so the share can only fall).
    """
    ev = {t for text in evidence for t in tokens(text)}
    named = {t for name in names for t in tokens(str(name))} & ev
    words = [w.lower() for w in _TOKEN.findall(question)
             if w[0].islower() and w.lower() not in STOPWORDS and w.lower() not in named]
    if not words:
        return 0.0
    return round(sum(w in ev for w in words) / len(words), 3)


_NAME_RUN = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w'’\-]*(?:\s+(?:of|the|de|and|&)?\s*[A-Z][\w'’\-]*)*")


def question_names(question: str) -> list[str]:
    """Capitalised name runs of a question (not its first word): the anchors of files that record none."""
    return [m.group(0) for m in _NAME_RUN.finditer(question.strip())]


def single_document_answerable(item: BenchItem, texts: dict[str, str]) -> bool | None:
    """Whether one gold document holds the answer and every anchor (for Yes/No: every anchor, at least two).

    Files that record no anchors (the papers') use the names the question mentions that occur in
    some gold document.
    """
    if not texts:
        return None
    anchors = item.anchors or [n for n in question_names(item.question) if any(contains_phrase(t, n) for t in texts.values())]
    yes_no = item.answer.strip().lower() in YES_NO
    if not anchors or (yes_no and len(anchors) < 2):
        return None
    for text in texts.values():
        if all(contains_phrase(text, a) for a in anchors):
            if yes_no or contains_phrase(text, item.answer):
                return True
    return False


def item_card(item: BenchItem, *, index=None, documents: dict[str, str] | None = None) -> ItemCard:
    ranks = None
    if index is not None and item.gold_docs:
        ranking: list[str] = []
        for chunk in index.top(item.question):
            if chunk.doc_id not in ranking:
                ranking.append(chunk.doc_id)
        ranks = {g: (ranking.index(g) + 1 if g in ranking else None) for g in item.gold_docs}
    texts = {d: documents[d] for d in item.gold_docs if documents and d in documents}
    return ItemCard(
        item_id=item.item_id, question_type=item.question_type, question_words=len(item.question.split()),
        longest_copied_span=longest_copied_span(item.question, item.evidence),
        content_overlap=content_overlap(item.question, item.evidence),
        wording_overlap=wording_overlap(item.question, item.evidence), gold_ranks=ranks,
        single_document_answerable=single_document_answerable(item, texts) if texts else None,
    )


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 3) if values else None


def _share(flags: list[bool]) -> float | None:
    return round(sum(flags) / len(flags), 3) if flags else None


def benchmark_card(items: Sequence[BenchItem], cards: Sequence[ItemCard]) -> dict:
    """The benchmark's figures over its answerable (non-null) items; copy figures over those that record evidence."""
    answerable = [(i, c) for i, c in zip(items, cards, strict=True)
                  if i.answerable and i.question_type != "null_query" and (i.evidence or i.gold_docs)]
    cs = [c for i, c in answerable if i.evidence]
    yes_no = [i.answer.strip().lower() for i, _ in answerable if i.answer.strip().lower() in YES_NO]
    recall = [sum(1 for r in c.gold_ranks.values() if r is not None and r <= 5) / len(c.gold_ranks)
              for _, c in answerable if c.gold_ranks]
    single = [c.single_document_answerable for _, c in answerable if c.single_document_answerable is not None]
    lengths = [c.question_words for c in cards]
    return {
        "items": len(items),
        "answerable_items": len(answerable),
        "median_question_words": _median(lengths),
        "max_question_words": max(lengths) if lengths else None,
        "median_longest_copied_span": _median([c.longest_copied_span for c in cs]),
        "share_copied_8_words": _share([c.longest_copied_span >= COPY_LIMIT for c in cs]),
        "median_content_overlap": _median([c.content_overlap for c in cs]),
        "median_wording_overlap": _median([c.wording_overlap for c in cs]),
        "yes_share": round(yes_no.count("yes") / len(yes_no), 3) if yes_no else None,
        "yes_no_items": len(yes_no),
        "bm25_recall_at_5": round(statistics.mean(recall), 3) if recall else None,
        "single_document_answerable_share": _share(single),
        "by_type": {t: sum(1 for i in items if i.question_type == t) for t in sorted({i.question_type for i in items})},
    }


def card_for(items: Sequence[BenchItem], *, index=None, documents: dict[str, str] | None = None) -> dict:
    cards = [item_card(i, index=index, documents=documents) for i in items]
    return {"benchmark": benchmark_card(items, cards), "items": [asdict(c) for c in cards]}


# -- reading benchmark files ---------------------------------------------------
def _from_ours(rec: dict) -> BenchItem:
    comp = (rec.get("provenance") or {}).get("extra", {}).get("computation", {}) or {}
    evs = rec.get("evidence") or []
    return BenchItem(rec["item_id"], rec["query"], rec["answer"], rec.get("question_type", ""), [e["fact"] for e in evs],
                     list(dict.fromkeys(e["doc_id"] for e in evs)), list(comp.get("anchors", [])))


def _from_multihop_rag(i: int, rec: dict) -> BenchItem:
    evs = rec.get("evidence_list") or []
    return BenchItem(f"q{i}", rec["query"], str(rec.get("answer", "")), rec.get("question_type", ""),
                     [e.get("fact", "") for e in evs], list(dict.fromkeys(e.get("title", "") for e in evs if e.get("title"))))


def _from_hotpot(rec: dict) -> BenchItem:
    context = {title: sents for title, sents in rec.get("context", [])}
    evidence = [context[t][k] for t, k in rec.get("supporting_facts", []) if t in context and k < len(context[t])]
    gold = list(dict.fromkeys(t for t, _ in rec.get("supporting_facts", [])))
    return BenchItem(str(rec.get("_id", "")), rec["question"], str(rec.get("answer", "")), rec.get("type", ""), evidence, gold)


def read_benchmark(path: Path) -> list[BenchItem]:
    """Items of an items.jsonl, a MultiHopRAG.json or a HotpotQA json file (detected from their fields)."""
    text = path.read_text(encoding="utf-8")
    try:
        if path.suffix in (".jsonl", ".ndjson"):
            records = [json.loads(line) for line in text.splitlines() if line.strip()]
        else:
            records = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg})") from None
    if not isinstance(records, list) or not records:
        raise InputError(f"{path}: expected a list of benchmark items")
    first = records[0]
    if "item_id" in first and "query" in first:
        return [_from_ours(r) for r in records]
    if "evidence_list" in first:
        return [_from_multihop_rag(i, r) for i, r in enumerate(records)]
    if "supporting_facts" in first:
        return [_from_hotpot(r) for r in records]
    raise InputError(f"{path}: items are neither benchsmith items, MultiHopRAG.json records nor HotpotQA records")


CARD_ROWS = (
    ("items", "items"), ("median_question_words", "median question words"), ("max_question_words", "longest question (words)"),
    ("median_longest_copied_span", "median longest copied span (words)"), ("share_copied_8_words", "share with an 8-word copy"),
    ("median_content_overlap", "median content-word overlap"),
    ("median_wording_overlap", "median wording overlap (names left out)"), ("yes_share", "Yes share of Yes/No answers"),
    ("bm25_recall_at_5", "BM25 recall@5 of gold documents"),
    ("single_document_answerable_share", "single-document answerable share"),
)


def card_table(cards: dict[str, dict], title: str = "difficulty card"):
    """A rich table, one column per benchmark."""
    from rich.table import Table

    table = Table(title=title)
    table.add_column("measure")
    for name in cards:
        table.add_column(name, justify="right")
    for key, label in CARD_ROWS:
        table.add_row(label, *("-" if c.get(key) is None else str(c[key]) for c in cards.values()))
    return table
