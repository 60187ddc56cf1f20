"""MultiHop-RAG's own metrics, reproducing its official scripts exactly.

Retrieval (`retrieval_evaluate.py`): a retrieved chunk is a hit when a gold
evidence *fact string* is a substring of the chunk's text after removing all
spaces and newlines from both. Over the top 10:

- Hits@k: 1 if any of the top k chunks is a hit;
- MRR@10: 1 / rank of the first hit;
- MAP@10: sum over ranks r of (gold facts first found at rank r) / r, divided
  by min(number of gold facts, 10).

Null queries (question_type "null_query") are skipped.

QA (`qa_evaluate.py`): the answer inside 'The answer to the question is "..."'
is extracted when present; a prediction is correct when it shares a lowercased
whitespace token with the gold answer. Precision = recall = F1 = correct / n,
and the script's printed "accuracy" is n / (3n - 2 * correct).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from benchsmith.evaluation.importers.multihop_rag import squash as _squash

NULL_QUERY = "null_query"
_ANSWER_PATTERN = re.compile(r'The answer to the question is "(.*?)"')


def multihop_retrieval_query(
    retrieved_texts: Sequence[str],
    gold_facts: Sequence[str],
    hits_ks: Iterable[int] = (4, 10),
    cutoff: int = 10,
) -> dict[str, float]:
    """MultiHop-RAG's retrieval scores for one query.

    Args:
        retrieved_texts: Texts of the retrieved chunks, best first.
        gold_facts: The query's gold evidence fact strings.
        hits_ks: Cutoffs k for Hits@k (the paper reports 4 and 10; any k <= cutoff).
        cutoff: Depth of MAP and MRR (10 in the paper).

    Returns:
        {"Hits@k": ..., "MAP@10": ..., "MRR@10": ...} with `cutoff` in the names.
    """
    gold = [_squash(g) for g in gold_facts]
    hits_ks = sorted(set(hits_ks))
    found: list[str] = []
    ap_sum = 0.0
    first_rank: int | None = None
    hit_at = dict.fromkeys(hits_ks, False)
    for rank, text in enumerate(retrieved_texts[: max([cutoff, *hits_ks])], start=1):
        chunk = _squash(text)
        if not any(g in chunk for g in gold):
            continue
        for k in hits_ks:
            if rank <= k:
                hit_at[k] = True
        if rank > cutoff:
            continue
        if first_rank is None:
            first_rank = rank
        newly = 0
        for g in gold:
            if g in chunk and g not in found:
                newly += 1
                found.append(g)
        ap_sum += newly / rank
    scores = {f"Hits@{k}": float(hit_at[k]) for k in hits_ks}
    scores[f"MAP@{cutoff}"] = ap_sum / min(len(gold), cutoff) if gold else 0.0
    scores[f"MRR@{cutoff}"] = 1.0 / first_rank if first_rank else 0.0
    return scores


@dataclass
class MultihopRetrievalResult:
    per_query: list[dict[str, Any]]  # {"query", "question_type", <metric>: value}
    aggregates: dict[str, float]
    n_scored: int
    n_skipped_null: int


def multihop_retrieval(
    items: Iterable[Mapping[str, Any]],
    hits_ks: Iterable[int] = (10, 4),
    cutoff: int = 10,
) -> MultihopRetrievalResult:
    """Score MultiHop-RAG retrieval records as the official script does.

    Args:
        items: Records with "query", "question_type", "retrieval_list" (dicts
            with "text") and "gold_list" (evidence dicts with "fact"), the
            official script's input.
        hits_ks: Hits@k cutoffs.
        cutoff: MAP / MRR depth.
    """
    per_query: list[dict[str, Any]] = []
    skipped = 0
    names: list[str] = []
    for item in items:
        if item.get("question_type") == NULL_QUERY:
            skipped += 1
            continue
        texts = [r["text"] for r in item.get("retrieval_list", [])]
        facts = [g["fact"] for g in item.get("gold_list", item.get("evidence_list", []))]
        scores = multihop_retrieval_query(texts, facts, hits_ks, cutoff)
        names = list(scores)
        per_query.append({"query": item.get("query"), "question_type": item.get("question_type"), **scores})
    n = len(per_query)
    aggregates = {name: (sum(q[name] for q in per_query) / n if n else 0.0) for name in names}
    ordered = {f"Hits@{k}": aggregates[f"Hits@{k}"] for k in hits_ks if f"Hits@{k}" in aggregates}
    ordered.update({k: v for k, v in aggregates.items() if k not in ordered})
    return MultihopRetrievalResult(per_query, ordered, n, skipped)


def extract_answer(text: str) -> str:
    """The quoted answer of 'The answer to the question is "..."', else the whole text."""
    m = _ANSWER_PATTERN.search(text)
    return m.group(1) if m else text


def multihop_qa_correct(prediction: str, gold: str) -> bool:
    """MultiHop-RAG's QA rule: the extracted answer shares a lowercased whitespace token with the gold."""
    return bool(set(extract_answer(prediction).lower().split()) & set(gold.lower().split()))


def multihop_qa_summary(correct: Sequence[bool]) -> dict[str, float]:
    """Precision, recall, F1 and the printed "accuracy" of the official QA script."""
    n = len(correct)
    tp = sum(bool(c) for c in correct)
    fp = n - tp
    fn = n - tp
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    accuracy = n / (n + fp + fn) if n else 0.0  # = n / (3n - 2tp), as the script prints it
    return {"precision": precision, "recall": recall, "f1": f1, "accuracy": accuracy, "n": n, "correct": tp}


def multihop_qa(records: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Official QA scores per question type (in first-seen order) and "overall".

    Args:
        records: Dicts with "model_answer", "gold_answer" and "question_type".
    """
    by_type: dict[str, list[bool]] = {}
    every: list[bool] = []
    for r in records:
        ok = multihop_qa_correct(str(r["model_answer"]), str(r["gold_answer"]))
        by_type.setdefault(str(r.get("question_type")), []).append(ok)
        every.append(ok)
    out = {qtype: multihop_qa_summary(flags) for qtype, flags in by_type.items()}
    out["overall"] = multihop_qa_summary(every)
    return out
