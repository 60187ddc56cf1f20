"""Labelling one round of candidates: heuristic always; with a model, base answers, judgements, inference, double judging.

The base check runs first so that queries the model already knows (dropped as too
easy unless kept) cost one call, not a judgement per chunk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from benchsmith.generators.mirage.agreement import sampled
from benchsmith.generators.mirage.assemble import ChunkLabels
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


@dataclass
class RoundLabels:
    """Labels of one round, by query id."""

    chunks: dict[str, list[ChunkLabels]] = field(default_factory=dict)
    base: dict[str, Answered] = field(default_factory=dict)
    missing: dict[str, int] = field(default_factory=dict)
    too_easy: list[str] = field(default_factory=list)


def _question(m: Mapped, c: Candidate) -> ChunkQuestion:
    return ChunkQuestion(m.pair.query_id, m.pair.question, m.pair.answers, c.chunk.chunk_id, c.chunk.title, c.chunk.text)


def label_round(ctx: Any, config: Any, batch: Sequence[tuple[Mapped, list[Candidate]]]) -> RoundLabels:
    out = RoundLabels()
    for m, cands in batch:
        out.chunks[m.pair.query_id] = [
            ChunkLabels(c, heuristic_label(m.pair.question, m.pair.answers, c.chunk.title, c.chunk.text,
                                           min_coverage=config.min_coverage)) for c in cands]
    if ctx.client is None:
        return out
    with ctx.timer.step("base"):
        bare = [BareQuestion(m.pair.query_id, m.pair.question, m.pair.answers) for m, _ in batch]
        out.base = {a.query_id: a for a in ctx.run_step(AnswerWithoutContext(), bare)}
    if not config.keep_easy:
        out.too_easy = [qid for qid, a in out.base.items() if a.correct]
        ctx.reject([Rejected(step=AnswerWithoutContext.name, reason="answered_without_context", input_ref=qid,
                             detail=f"answered {out.base[qid].answer!r} with no context") for qid in out.too_easy])
    easy = set(out.too_easy)
    questions = [_question(m, c) for m, cands in batch if m.pair.query_id not in easy for c in cands]
    with ctx.timer.step("support"):
        judged = {(j.query_id, j.chunk_id): j for j in ctx.run_step(JudgeSupport(), questions)}
    with ctx.timer.step("inference"):
        answered = {(a.query_id, a.chunk_id): a for a in ctx.run_step(AnswerWithChunk(), questions)}
    sample = [q for q in questions if sampled(f"{q.query_id}|{q.chunk_id}", config.double_judge, ctx.seed)]
    with ctx.timer.step("support_second"):
        second = {(j.query_id, j.chunk_id): j for j in ctx.run_step(JudgeSupportSwapped(), sample)}
    for qid, labels in out.chunks.items():
        if qid in easy:
            continue
        for cl in labels:
            key = (qid, cl.candidate.chunk.chunk_id)
            cl.judge, cl.inference, cl.second = judged.get(key), answered.get(key), second.get(key)
            if cl.judge is None:
                out.missing[qid] = out.missing.get(qid, 0) + 1
    return out


def double_judged(chunk_labels: Sequence[ChunkLabels]) -> list[tuple[str, str]]:
    return [(cl.judge.verdict, cl.second.verdict) for cl in chunk_labels if cl.judge is not None and cl.second is not None]


__all__ = ["RoundLabels", "double_judged", "label_round", "Judgement"]
