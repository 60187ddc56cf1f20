"""Labelling one round of candidates, cheapest drops first.

Heuristic labels cost nothing and are always computed. With a model, the calls go
in the order that drops a query as early and as cheaply as it can be dropped:

1. base: one call per query, no context; a query the model already answers is too easy (dropped unless kept);
2. support judgements of the reference document's chunks only;
3. inference (answer from the chunk alone) only on the chunks the judge supported, as the paper validates
   its positives: a query with no confirmed positive in its reference document cannot pass title
   verification, so it is dropped here, before any other chunk of its pool is judged;
4. only as many of the passing queries as items are still missing go on (the rest wait, labels cached, for
   a later round): their other pool chunks are judged (and confirmed) like the first, and a sample of all
   their chunks is judged a second time for the label-noise estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from benchsmith.generators.mirage.agreement import sampled
from benchsmith.generators.mirage.assemble import ChunkLabels, final_support
from benchsmith.generators.mirage.heuristic import heuristic_label
from benchsmith.generators.mirage.llm_steps import (
    Answered,
    AnswerWithChunk,
    AnswerWithoutContext,
    BareQuestion,
    ChunkQuestion,
    Judgement,
    JudgeSupport,
    JudgeSupportSwapped,
)
from benchsmith.generators.mirage.mapping import Mapped
from benchsmith.generators.mirage.pool import Candidate
from benchsmith.types import Rejected

Batch = Sequence[tuple[Mapped, list[Candidate]]]


@dataclass
class RoundLabels:
    """Labels of one round, by query id; `chosen` go on to items, `reserve` may in a later round."""

    chunks: dict[str, list[ChunkLabels]] = field(default_factory=dict)
    base: dict[str, Answered] = field(default_factory=dict)
    missing: dict[str, int] = field(default_factory=dict)
    too_easy: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    chosen: list[tuple[Mapped, list[Candidate]]] = field(default_factory=list)
    reserve: list[tuple[Mapped, list[Candidate]]] = field(default_factory=list)


def _question(m: Mapped, c: Candidate) -> ChunkQuestion:
    return ChunkQuestion(m.pair.query_id, m.pair.question, m.pair.answers, c.chunk.chunk_id, c.chunk.title, c.chunk.text)


def can_pass(labels: Sequence[ChunkLabels], strategy: str) -> bool:
    """Title verification: some chunk of the reference document is a positive."""
    return any(cl.candidate.from_reference_document and final_support(cl, strategy) for cl in labels)


def _judge_and_confirm(ctx: Any, out: RoundLabels, pairs: list[tuple[Mapped, ChunkLabels]]) -> None:
    """Support judgements for `pairs`, then the chunk-only answer for those the judge supported."""
    questions = [_question(m, cl.candidate) for m, cl in pairs]
    with ctx.timer.step("support"):
        judged = {(j.query_id, j.chunk_id): j for j in ctx.run_step(JudgeSupport(), questions)}
    supported = []
    for (_, cl), q in zip(pairs, questions, strict=True):
        cl.judge = judged.get((q.query_id, q.chunk_id))
        if cl.judge is None:
            out.missing[q.query_id] = out.missing.get(q.query_id, 0) + 1
        elif cl.judge.verdict == "supported":
            supported.append((cl, q))
    with ctx.timer.step("inference"):
        answered = {(a.query_id, a.chunk_id): a for a in ctx.run_step(AnswerWithChunk(), [q for _, q in supported])}
    for cl, q in supported:
        cl.inference = answered.get((q.query_id, q.chunk_id))


def _easy(ctx: Any, config: Any, batch: Batch, out: RoundLabels) -> set[str]:
    with ctx.timer.step("base"):
        bare = [BareQuestion(m.pair.query_id, m.pair.question, m.pair.answers) for m, _ in batch]
        out.base = {a.query_id: a for a in ctx.run_step(AnswerWithoutContext(), bare)}
    if not config.keep_easy:
        out.too_easy = [m.pair.query_id for m, _ in batch
                        if m.pair.query_id in out.base and out.base[m.pair.query_id].correct]
        ctx.reject([Rejected(step=AnswerWithoutContext.name, reason="answered_without_context", input_ref=qid,
                             detail=f"answered {out.base[qid].answer!r} with no context") for qid in out.too_easy])
    return set(out.too_easy)


def _reject_failed(ctx: Any, out: RoundLabels, m: Mapped) -> None:
    own = [cl for cl in out.chunks[m.pair.query_id] if cl.candidate.from_reference_document]
    judged = sum(cl.judge is not None and cl.judge.verdict == "supported" for cl in own)
    refuted = sum(cl.inference is not None and cl.inference.correct is False for cl in own)
    out.failed.append(m.pair.query_id)
    ctx.reject(Rejected(step="mirage.labels", reason="no_positive_in_reference_document", input_ref=m.pair.query_id,
                        detail=f"of the reference document's {len(own)} candidate chunks the judge supported {judged} "
                               f"(failed calls: {out.missing.get(m.pair.query_id, 0)}), and the chunk-only answer "
                               f"was wrong for {refuted} of those; its other candidates were not judged"))


def label_round(ctx: Any, config: Any, batch: Batch, needed: int) -> RoundLabels:
    """Label `batch`; at most `needed` queries that can pass are `chosen` and fully labelled."""
    out = RoundLabels()
    for m, cands in batch:
        out.chunks[m.pair.query_id] = [
            ChunkLabels(c, heuristic_label(m.pair.question, m.pair.answers, c.chunk.title, c.chunk.text,
                                           min_coverage=config.min_coverage)) for c in cands]
    if ctx.client is None:
        passing = [(m, c) for m, c in batch if can_pass(out.chunks[m.pair.query_id], ctx.strategy)]
        failing = [(m, c) for m, c in batch if not can_pass(out.chunks[m.pair.query_id], ctx.strategy)]
        out.chosen = failing + passing[:needed]  # the assembly names why each failing query has no item
        out.reserve = passing[needed:]
        return out
    easy = _easy(ctx, config, batch, out)
    live = [(m, cands) for m, cands in batch if m.pair.query_id not in easy]
    _judge_and_confirm(ctx, out, [(m, cl) for m, _ in live for cl in out.chunks[m.pair.query_id]
                                  if cl.candidate.from_reference_document])
    passing = []
    for m, cands in live:
        if can_pass(out.chunks[m.pair.query_id], ctx.strategy):
            passing.append((m, cands))
        else:
            _reject_failed(ctx, out, m)
    out.chosen, out.reserve = passing[:needed], passing[needed:]
    _judge_and_confirm(ctx, out, [(m, cl) for m, _ in out.chosen for cl in out.chunks[m.pair.query_id]
                                  if not cl.candidate.from_reference_document])
    sample = [(cl, _question(m, cl.candidate)) for m, _ in out.chosen for cl in out.chunks[m.pair.query_id]
              if sampled(f"{m.pair.query_id}|{cl.candidate.chunk.chunk_id}", config.double_judge, ctx.seed)]
    with ctx.timer.step("support_second"):
        second = {(j.query_id, j.chunk_id): j for j in ctx.run_step(JudgeSupportSwapped(), [q for _, q in sample])}
    for cl, q in sample:
        cl.second = second.get((q.query_id, q.chunk_id))
    return out


def double_judged(chunk_labels: Sequence[ChunkLabels]) -> list[tuple[str, str]]:
    return [(cl.judge.verdict, cl.second.verdict) for cl in chunk_labels if cl.judge is not None and cl.second is not None]


__all__ = ["RoundLabels", "can_pass", "double_judged", "label_round", "Judgement"]
