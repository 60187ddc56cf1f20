"""From labelled candidates to an item (or the reason there is none), and MIRAGE's own files from the items."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchsmith.generators.mirage.heuristic import HeuristicLabel
from benchsmith.generators.mirage.llm_steps import Answered, Judgement
from benchsmith.generators.mirage.mapping import Mapped
from benchsmith.generators.mirage.pool import Candidate
from benchsmith.schemas.mirage import MirageChunkLabel, MirageItem, MirageMapping
from benchsmith.types import Document, Provenance, Rejected

STEP = "mirage.assemble"


@dataclass
class ChunkLabels:
    candidate: Candidate
    heuristic: HeuristicLabel
    judge: Judgement | None = None
    inference: Answered | None = None
    second: Judgement | None = None


def final_support(labels: ChunkLabels, strategy: str) -> int:
    """Heuristic: the alias rule. LLM: the judge says Supported and, where aliases exist, the chunk-only answer is right."""
    if strategy == "heuristic":
        return int(labels.heuristic.supported)
    if labels.judge is None or labels.judge.verdict != "supported":
        return 0
    correct = labels.inference.correct if labels.inference is not None else None
    return int(correct is not False)


def label_sources(labels: ChunkLabels) -> dict[str, bool | None]:
    return {"judge": None if labels.judge is None else labels.judge.verdict == "supported",
            "inference": None if labels.inference is None else labels.inference.correct,
            "heuristic": labels.heuristic.supported,
            "second_judge": None if labels.second is None else labels.second.verdict == "supported"}


def _chunk_record(labels: ChunkLabels, strategy: str, doc_names: dict[str, str]) -> MirageChunkLabel:
    c = labels.candidate
    sources = [v for v in label_sources(labels).values() if v is not None]
    return MirageChunkLabel(
        chunk_id=c.chunk.chunk_id, doc_id=c.chunk.doc_id, doc_name=doc_names.get(c.chunk.doc_id, c.chunk.title),
        span=c.chunk.span, text=c.chunk.text, rank=c.rank, from_reference_document=c.from_reference_document,
        support=final_support(labels, strategy), heuristic=labels.heuristic.supported,
        alias_match=labels.heuristic.alias_match, term_coverage=labels.heuristic.term_coverage,
        judge=labels.judge.verdict if labels.judge else None, judge_raw=labels.judge.raw if labels.judge else None,
        inference_correct=labels.inference.correct if labels.inference else None,
        inference_answer=labels.inference.answer if labels.inference else None,
        second_judge=labels.second.verdict if labels.second else None,
        agreement=len(set(sources)) <= 1,
    )


def build_item(mapped: Mapped, doc: Document, chunk_labels: Sequence[ChunkLabels], *, strategy: str, model: str | None,
               seed: int, base: Answered | None, missing_judgements: int, doc_names: dict[str, str]
               ) -> MirageItem | Rejected:
    """The item of one mapped query; Rejected when no chunk is positive or none comes from the reference document."""
    pair = mapped.pair
    chunks = [_chunk_record(cl, strategy, doc_names) for cl in chunk_labels]
    positives = [c for c in chunks if c.support == 1]
    if not positives:
        return Rejected(step=STEP, reason="no_supported_chunk", input_ref=pair.query_id,
                        detail=f"none of {len(chunks)} candidate chunks is labelled supported")
    if not any(c.from_reference_document for c in positives):
        return Rejected(step=STEP, reason="no_positive_in_reference_document", input_ref=pair.query_id,
                        detail=f"positives only from other documents ({', '.join(c.doc_id for c in positives)})")
    flags = []
    disagreeing = [c.chunk_id for c in chunks if not c.agreement]
    if disagreeing:
        flags.append(f"label_disagreement:{len(disagreeing)}")
    if base is not None and base.correct:
        flags.append("answerable_without_context")
    if not pair.answers:
        flags.append("no_answer_aliases")
    if missing_judgements:
        flags.append(f"judgement_failed:{missing_judgements}")
    if mapped.method in ("title_fuzzy", "content_search"):
        flags.append(f"mapped_by_{mapped.method}")
    return MirageItem(
        item_id=pair.query_id, query=pair.question, answers=list(pair.answers), source=pair.source,
        doc_id=doc.doc_id, doc_name=doc.title or pair.title or doc.doc_id, doc_url=pair.url or doc.url,
        mapping=MirageMapping(method=mapped.method, score=mapped.score, reference_title=pair.title),
        chunks=chunks, base_answer=base.answer if base else None, base_correct=base.correct if base else None,
        flags=flags,
        provenance=Provenance(step="mirage.generate", strategy=strategy, model=model, seed=seed,
                              prompt_name="mirage_support.v1.j2" if strategy == "llm" else None,
                              extra={"label_rule": "judge+inference" if strategy == "llm" else
                                     "heuristic:alias_match+term_coverage"}),
    )


def mirage_exports(items: Sequence[MirageItem]) -> dict[str, Any]:
    """dataset.json, doc_pool.json and oracle.json in MIRAGE's schema, plus the pool as a BEIR folder (beir/).

    Pool records carry our "chunk_id" and "doc_id" beside MIRAGE's keys (its scripts read keys by name, so
    they ignore them): every reader of these files, qrels.tsv and beir/ then names a chunk the same way.
    MIRAGE's "fixed" setting reads the pool in blocks of five per query, in dataset order: records stay grouped.
    """
    dataset, pool, oracle, queries, corpus, qrels, seen = [], [], {}, [], [], [], set()
    for item in items:
        dataset.append({"source": item.source, "query_id": item.item_id, "query": item.query, "doc_name": item.doc_name,
                        "answer": list(item.answers), "doc_url": item.doc_url, "num_doc_labels": item.num_doc_labels})
        queries.append({"_id": item.item_id, "text": item.query})
        for c in item.chunks:
            record = {"mapped_id": item.item_id, "doc_name": c.doc_name, "doc_chunk": c.text, "support": c.support,
                      "chunk_id": c.chunk_id, "doc_id": c.doc_id}
            pool.append(record)
            if c.support == 1:
                qrels.append(f"{item.item_id}\t{c.chunk_id}\t1\n")
                if item.item_id not in oracle:
                    oracle[item.item_id] = record
            if c.chunk_id not in seen:
                seen.add(c.chunk_id)
                corpus.append({"_id": c.chunk_id, "title": c.doc_name, "text": c.text})
    return {"dataset.json": dataset, "doc_pool.json": pool, "oracle.json": oracle,
            "beir/queries.jsonl": queries, "beir/corpus.jsonl": corpus,
            "beir/qrels/test.tsv": "query-id\tcorpus-id\tscore\n" + "".join(qrels)}
