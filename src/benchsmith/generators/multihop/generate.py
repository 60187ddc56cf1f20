"""The multihop generator end to end: corpus in, validated items and a run report out."""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from dataclasses import dataclass, field

from benchsmith.corpora.store import Corpus
from benchsmith.types import Rejected

from benchsmith.generators.multihop.assemble import Assembler, take
from benchsmith.generators.multihop.config import QUERY_TYPES, MultihopConfig, quotas
from benchsmith.generators.multihop.prepare import prepare
from benchsmith.generators.multihop.timing import StepTimer
from benchsmith.schemas.multihop import MultihopItem
from benchsmith.validators._multihop_context import MultihopContext

log = logging.getLogger(__name__)
MIX_TOLERANCE = 0.05


@dataclass
class GenerationResult:
    items: list[MultihopItem]
    rejected: list[Rejected]
    requested: int
    quotas: dict[str, int]
    mix: dict[str, float]
    notes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    shortfall: str | None = None
    llm_usage: dict | None = None
    claims: list = field(default_factory=list)

    @property
    def by_type(self) -> dict[str, int]:
        c = Counter(i.question_type for i in self.items)
        return {t: c.get(t, 0) for t in QUERY_TYPES}

    @property
    def rejected_by_reason(self) -> dict[str, int]:
        return dict(sorted(Counter(r.reason for r in self.rejected).items()))


def effective_mix(mix: dict[str, float], has_dates: bool, notes: list[str]) -> dict[str, float]:
    """Drop temporal queries when the corpus has no dates, spreading their share over the other types."""
    if has_dates or mix.get("temporal_query", 0) == 0:
        return dict(mix)
    msg = "temporal queries skipped: fewer than two selected documents have published_at; their share is redistributed"
    log.warning(msg)
    notes.append(msg)
    rest = {t: v for t, v in mix.items() if t != "temporal_query"}
    total = sum(rest.values())
    return {t: (rest.get(t, 0.0) / total if t != "temporal_query" else 0.0) for t in QUERY_TYPES}


def _capacity(n: int, share: float) -> int:
    """The most items of a type that keep its share within the mix tolerance."""
    return max(0, math.floor((share + MIX_TOLERANCE) * n - 1e-9))


def generate_multihop(corpus: Corpus, cfg: MultihopConfig, *, llm_steps=None, run=None, concurrency: int = 4) -> GenerationResult:
    """Generate `cfg.n` MultiHop-RAG style items from an ingested corpus.

    Args:
        corpus: documents and chunks (`benchsmith.corpora.store.load_corpus_dir`).
        cfg: run settings.
        llm_steps: an `LLMSteps` for the llm strategy; None runs the heuristic strategy.
        run: a `benchsmith.pipeline.Run`: facts, NER and LLM claims then run as resumable
            stages in its folder (make the LLM client with `run.llm_client` so that
            answered requests are cached there too). None computes everything in memory.
        concurrency: LLM requests in flight at once in the staged steps.

    Returns:
        The accepted items (at most cfg.n), every rejection with its reason, and the
        counts, notes and per-step timings of the run. `shortfall` says why fewer
        than cfg.n items were produced.
    """
    timer = StepTimer()
    if llm_steps is not None:
        llm_steps.documents = corpus.documents_by_id
    prep = prepare(
        corpus.documents, corpus.chunks_by_doc, min_tokens=cfg.min_tokens, dedup_threshold=cfg.article_dedup_threshold,
        ner=cfg.ner, classifier=cfg.classifier, batch_size=cfg.spacy_batch_size, timer=timer, llm_steps=llm_steps,
        n_process=cfg.spacy_processes, run=run, concurrency=concurrency,
    )
    notes = list(prep.notes)
    dated = sum(d.published_at is not None for d in prep.documents)
    mix = effective_mix(cfg.mix, dated >= 2, notes)
    quota = quotas(cfg.n, mix)
    documents = corpus.documents_by_id
    with timer.step("context"):
        ctx = MultihopContext(corpus.documents, corpus.chunks, prep.entity_names, evidence_range=cfg.evidence)
        vocabulary = set(re.findall(r"[a-z]+", ctx.corpus_text_lower))
    asm = Assembler(
        documents=documents, groups=prep.groups, ctx=ctx, evidence=cfg.evidence, seed=cfg.seed,
        max_sets_per_group=cfg.max_sets_per_group, timer=timer, vocabulary=vocabulary,
        rewrite=llm_steps.rewrite_queries if llm_steps is not None else None,
        qa=llm_steps.qa_check_many if llm_steps is not None and cfg.qa_check else None,
    )
    streams = {t: asm.stream(t) for t in QUERY_TYPES if quota[t] > 0}
    produced: dict[str, list[MultihopItem]] = {t: take(s, quota[t]) for t, s in streams.items()}
    # Top up a short type from the others, each only as far as the mix tolerance allows.
    deficit = cfg.n - sum(len(v) for v in produced.values())
    for t in sorted(streams, key=lambda t: -mix[t]):
        if deficit <= 0:
            break
        room = _capacity(cfg.n, mix[t]) - len(produced[t])
        if room > 0 and len(produced[t]) == quota[t]:
            extra = take(streams[t], min(room, deficit))
            produced[t] += extra
            deficit -= len(extra)
    items = [i for t in QUERY_TYPES for i in produced.get(t, [])]
    rejected = prep.rejected + asm.rejected
    shortfall = None
    if len(items) < cfg.n:
        short = [f"{t.removesuffix('_query')} {len(produced.get(t, []))}/{quota[t]}" for t in QUERY_TYPES if len(produced.get(t, [])) < quota[t]]
        shortfall = (
            f"produced {len(items)} of {cfg.n} items; short: {', '.join(short)}. "
            f"The corpus gave {prep.counts['claims']} claims in {prep.counts['entity_groups']} entity and "
            f"{prep.counts['topic_groups']} topic bridge groups from {prep.counts['selected_documents']} selected documents: "
            "not enough claim sets for the request (add documents, lower --min-tokens, or ask for fewer items)"
        )
    return GenerationResult(
        items=items, rejected=rejected, requested=cfg.n, quotas=quota, mix=mix, notes=notes, counts=prep.counts,
        timings=dict(timer.seconds), shortfall=shortfall, claims=prep.claims,
    )
