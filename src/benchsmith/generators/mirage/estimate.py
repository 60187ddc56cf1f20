"""The dry-run estimate: the calls one round of the llm strategy would make, from real prompts, with no model."""

from __future__ import annotations

import math
from typing import Any

from benchsmith.generators.core.estimate import Estimate, StepEstimate, average_tokens
from benchsmith.generators.mirage.agreement import sampled
from benchsmith.generators.mirage.llm_steps import (
    AnswerWithChunk,
    AnswerWithoutContext,
    BareQuestion,
    ChunkQuestion,
    JudgeSupport,
    JudgeSupportSwapped,
)
from benchsmith.generators.mirage.mapping import TitleIndex, map_queries
from benchsmith.generators.mirage.pool import MirageChunks, candidates_for, corpus_is_mirage_chunked
from benchsmith.generators.mirage.qa_inputs import read_qa

COMPLETION_TOKENS = {"base": 12, "support": 10, "inference": 12}
SAMPLE = 50


def estimate_mirage(ctx: Any, config: Any) -> Estimate:
    """Calls for the first round (n x margin mapped queries, all of their candidates); drops later rounds may add."""
    if ctx.strategy != "llm":
        return Estimate(requested=ctx.n, assumptions=["the heuristic strategy calls no model"])
    pairs = read_qa(config.qa, fmt=config.qa_format, fields=config.fields)
    titles = TitleIndex(ctx.corpus.documents, fuzzy_cutoff=config.fuzzy_cutoff)
    mapped, _ = map_queries(pairs, titles, ctx.index, search_fallback=config.search_fallback,
                            min_coverage=config.min_coverage)
    drawn = mapped[:max(1, math.ceil(ctx.n * config.margin))]
    store = MirageChunks(titles.documents, ctx.corpus.chunks, corpus_is_mirage_chunked(ctx.corpus.manifest))
    questions = [ChunkQuestion(m.pair.query_id, m.pair.question, m.pair.answers, c.chunk.chunk_id, c.chunk.title,
                               c.chunk.text)
                 for m in drawn for c in candidates_for(m.pair.query_id, m.pair.question, m.doc_id, store, ctx.index,
                                                        k=config.pool_k, fill=config.fill_pool, retriever=config.rank_with)]
    bare = [BareQuestion(m.pair.query_id, m.pair.question, m.pair.answers) for m in drawn]
    with_answers = [q for q in questions if q.answers]
    second = [q for q in questions if sampled(f"{q.query_id}|{q.chunk_id}", config.double_judge, ctx.seed)]
    rows = [
        ("mirage.base", AnswerWithoutContext(), [b for b in bare if b.answers], "base"),
        ("mirage.support", JudgeSupport(), questions, "support"),
        ("mirage.inference", AnswerWithChunk(), with_answers, "inference"),
        ("mirage.support_second", JudgeSupportSwapped(), second, "support"),
    ]
    steps = [StepEstimate(name, len(inputs), average_tokens([step.build_prompt(i) for i in inputs[:SAMPLE]]),
                          COMPLETION_TOKENS[kind]) for name, step, inputs, kind in rows]
    return Estimate(requested=ctx.n, steps=steps, assumptions=[
        f"{len(mapped)} of {len(pairs)} QA pairs map; the first {len(drawn)} are labelled (n x margin {config.margin})",
        "an upper bound for this round: queries dropped as too easy after the base call, or whose reference "
        "document has no confirmed positive, skip their other chunks; the reader is asked only about chunks the "
        "judge supports; queries passing beyond the missing items wait unlabelled",
        "later rounds, drawn when labels reject queries, add calls in the same proportions",
    ])
