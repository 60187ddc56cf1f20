"""The expensive steps as resumable `pipeline.Run` stages: facts, NER and (llm strategy) claims.

Each stage checkpoints one JSON value per input in the run folder, so a run
killed at any point and started again with the same command reads finished
inputs back instead of recomputing them; LLM answers given before the kill come
from the response cache in the same folder. Rejections travel inside the
outputs (not the run's own ledger) so the generator's report is the same
whether an input was computed or read back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchsmith.types import Chunk, Document, Rejected, content_id

from benchsmith.generators.multihop.facts import FactClassifier, extract_facts
from benchsmith.generators.multihop.models import Claim, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, analyze_sentences
from benchsmith.generators.multihop.serialize import (
    analysis_from_json,
    analysis_to_json,
    claim_from_json,
    claim_to_json,
    fact_from_json,
    fact_to_json,
)

DOCS_PER_BATCH = 64  # documents per checkpointed NER/fact input: spaCy batches well, a resume loses little


def _batches(docs: Sequence[Document]) -> list[list[Document]]:
    return [list(docs[i : i + DOCS_PER_BATCH]) for i in range(0, len(docs), DOCS_PER_BATCH)]


def _batch_key(batch: Sequence[Document]) -> str:
    return content_id(*(d.doc_id for d in batch), prefix="b-")


def _rejected_json(records: list[Rejected]) -> list[dict[str, Any]]:
    return [r.model_dump(mode="json") for r in records]


def staged_facts(
    run, documents: Sequence[Document], chunks_by_doc: dict[str, list[Chunk]], *, classifier: FactClassifier | None,
    llm_steps=None, concurrency: int = 4,
) -> tuple[dict[str, list[Fact]], dict[str, int], list[Rejected]]:
    """Fact sentences per document (heuristic in batches, or one LLM selection per document)."""
    facts: dict[str, list[Fact]] = {}
    skipped: dict[str, int] = {}
    rejected: list[Rejected] = []
    if llm_steps is None:
        def heuristic(batch: list[Document]) -> dict[str, Any]:
            found, skip = extract_facts(batch, chunks_by_doc, classifier=classifier)
            return {"facts": {d: [fact_to_json(f) for f in fs] for d, fs in found.items()}, "skipped": skip}

        outs = run.stage("multihop.facts", _batches(documents), heuristic, key=_batch_key)
        for out in outs:
            for d, fs in out["facts"].items():
                facts[d] = [fact_from_json(f) for f in fs]
            for k, v in out["skipped"].items():
                skipped[k] = skipped.get(k, 0) + v
        return {d.doc_id: facts.get(d.doc_id, []) for d in documents}, skipped, rejected

    async def select(doc: Document) -> dict[str, Any]:
        rej: list[Rejected] = []
        picked = await llm_steps.facts_for(doc, chunks_by_doc.get(doc.doc_id, []), rej)
        return {"doc_id": doc.doc_id, "facts": [fact_to_json(f) for f in picked], "rejected": _rejected_json(rej)}

    outs = run.stage("multihop.facts_llm", documents, select, key=lambda d: d.doc_id, concurrency=concurrency)
    for out in outs:
        facts[out["doc_id"]] = [fact_from_json(f) for f in out["facts"]]
        rejected += [Rejected.model_validate(r) for r in out["rejected"]]
    return {d.doc_id: facts.get(d.doc_id, []) for d in documents}, skipped, rejected


def staged_ner(run, documents: Sequence[Document], facts: dict[str, list[Fact]], nlp, batch_size: int, n_process: int = 1
               ) -> dict[str, list[SentenceAnalysis]]:
    """Sentence analyses per document, checkpointed per batch of documents."""

    def analyze(batch: list[Document]) -> dict[str, Any]:
        flat = [f for d in batch for f in facts.get(d.doc_id, [])]
        analyses = analyze_sentences([f.text for f in flat], nlp=nlp, batch_size=batch_size, n_process=n_process)
        out: dict[str, list] = {d.doc_id: [] for d in batch}
        for f, a in zip(flat, analyses, strict=True):
            out[f.doc_id].append(analysis_to_json(a))
        return {"analyses": out}

    with_facts = [d for d in documents if facts.get(d.doc_id)]
    result: dict[str, list[SentenceAnalysis]] = {d: [] for d in facts}
    for out in run.stage("multihop.ner", _batches(with_facts), analyze, key=_batch_key):
        for d, rows in out["analyses"].items():
            result[d] = [analysis_from_json(r) for r in rows]
    return result


def staged_llm_claims(
    run, documents: Sequence[Document], facts: dict[str, list[Fact]], analyses: dict[str, list[SentenceAnalysis]],
    llm_steps, concurrency: int = 4,
) -> tuple[list[Claim], list[Rejected]]:
    """One LLM claim (written, then judged) per fact, checkpointed per fact."""
    docs = {d.doc_id: d for d in documents}
    flat = [(f, a) for d in facts for f, a in zip(facts[d], analyses.get(d, []), strict=True)]

    async def write(pair: tuple[Fact, SentenceAnalysis]) -> dict[str, Any]:
        f, a = pair
        rej: list[Rejected] = []
        claim = await llm_steps.claim_for(docs[f.doc_id], f, a, rej)
        return {"claim": claim_to_json(claim) if claim is not None else None, "rejected": _rejected_json(rej)}

    claims: list[Claim] = []
    rejected: list[Rejected] = []
    for out in run.stage("multihop.claims_llm", flat, write, key=lambda p: p[0].fact_id, concurrency=concurrency):
        if out["claim"] is not None:
            claims.append(claim_from_json(out["claim"]))
        rejected += [Rejected.model_validate(r) for r in out["rejected"]]
    return claims, rejected
