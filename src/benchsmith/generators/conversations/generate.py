"""The conversation generator (mtRAG-S): multi-turn conversations with active retrieval, on the generator core."""

from __future__ import annotations

from typing import Any

from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.estimate import estimate_conversations
from benchsmith.generators.conversations.exports import flat_exports, mtrag_layout
from benchsmith.generators.conversations.heuristic import analyse, generate_heuristic
from benchsmith.generators.conversations.stats import table8
from benchsmith.generators.conversations.unanswerable import Prover
from benchsmith.generators.core.context import GenerationContext
from benchsmith.generators.core.estimate import Estimate
from benchsmith.generators.core.generator import ExportSettings, Generated, Generator, register_generator
from benchsmith.schemas.conversation import QUESTION_TYPES, ConversationItem
from benchsmith.types import Rejected
from benchsmith.validators import ValidationContext, errors, names_for, run_validators

BASELINE_NOTE = ("heuristic strategy: a no-model BASELINE (rule-written questions, extractive responses); "
                 "every response sentence is quoted from its passages and every unanswerable turn is proven corpus-wide")


BASELINE_ID = "benchsmith-heuristic-baseline"


def collection_name(ctx: GenerationContext, given: str | None = None) -> str:
    """The collection name mtRAG's files carry: given, else the corpus source's name (its folder for corpus.jsonl)."""
    manifest = ctx.corpus.manifest
    inputs = (manifest.get("loader") or {}).get("inputs") or []
    source = given or manifest.get("name") or (inputs[0].get("path") if inputs else None) or manifest.get("source") or "corpus"
    parts = str(source).rstrip("/").split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    if stem in ("corpus", "passages", "documents", "chunks") and len(parts) > 1:
        stem = parts[-2]
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in stem) or "corpus"


def retriever_options(ctx: GenerationContext) -> dict[str, dict[str, Any]]:
    run_dir = getattr(ctx.run, "run_dir", None)
    return {"dense": {"cache_dir": run_dir / "embeddings"}} if run_dir is not None else {}


def validate(ctx: GenerationContext, cfg: ConversationConfig, items: list[ConversationItem]):
    """Every finished conversation re-checked by the registered validators; one with an error is dropped."""
    vctx = ValidationContext(ctx.index, settings={"max_unanswerable": cfg.max_unanswerable})
    names = names_for("conversation", exclude=("dedup.query",))
    kept, dropped = [], []
    for item in items:
        found = errors(run_validators(item, vctx, names))
        if found:
            dropped.append(Rejected(step="conversations.validate", reason=found[0].code, input_ref=item.item_id,
                                    detail="; ".join(f"{i.validator}: {i.message}" for i in found[:3])))
        else:
            kept.append(item)
    return kept, dropped


class ConversationGenerator(Generator):
    name = "conversations"
    help = "mtRAG-S: multi-turn conversations with rewrites, question/multi-turn types, answerability and per-turn qrels."
    item_model = ConversationItem

    def qrels(self, item: ConversationItem) -> list[tuple[str, str, int]]:
        """One query per turn (`conv<::>turn`), judged on the passages its response is grounded in."""
        return [(item.task_id(t.turn), c.chunk_id, 1) for t in item.turns for c in t.relevant]

    def estimate(self, ctx: GenerationContext, cfg: ConversationConfig) -> Estimate:
        """The llm strategy's calls and tokens for this request (no model called, no dense index built)."""
        return estimate_conversations(ctx.index.chunks, cfg)

    def generate(self, ctx: GenerationContext, cfg: ConversationConfig) -> Generated:
        with ctx.timer.step("analyse"):
            passages, terms = analyse(ctx.index.chunks)
        prover = Prover(ctx.index, cfg.proof_retrievers, cfg.proof_k, retriever_options(ctx))
        retriever = prover.retriever(ctx.search)
        if ctx.client is None:
            with ctx.timer.step("conversations"):
                items, rejected, counts = generate_heuristic(ctx, cfg, prover, retriever, passages, terms)
            notes = [BASELINE_NOTE]
        else:
            from benchsmith.generators.conversations.llm import generate_llm

            with ctx.timer.step("conversations"):
                items, rejected, counts = generate_llm(ctx, cfg, prover, retriever, passages, terms)
            notes = []
        items, invalid = validate(ctx, cfg, items)
        ctx.reject(rejected + invalid)
        stats = table8(items)
        shortfall = None
        if len(items) < cfg.n:
            shortfall = (f"produced {len(items)} of {cfg.n} conversations: {counts.get('seed_passages_tried', 0)} seed "
                         f"passages tried, the others ended below {cfg.min_turns} turns or ran out of unused passages "
                         "(see rejected.jsonl; use a larger corpus, fewer conversations or --min-turns)")
            if "askable_passages" in counts:  # the heuristic's own limit: what its rules can ask about
                shortfall += (f"; the heuristic rules find a question in {counts['askable_passages']} of "
                              f"{counts['passages']} passages ({counts['distinct_questions']} different questions: "
                              "definitions, procedures, FAQ questions, advice, named subjects and topics), and "
                              f"{counts['subjects_with_room']} separate subjects hold the "
                              f"{counts['questions_per_conversation']} different answerable questions a conversation of "
                              f"{cfg.min_turns} turns needs; no question is asked twice in a run, even in other words, and "
                              "no conversation jumps to an unrelated subject: the llm strategy is not so limited")
        requested_share = cfg.answerability.get("UNANSWERABLE", 0.0)
        got = stats["answerability"]["UNANSWERABLE"]
        if stats["tasks"] and abs(got - requested_share) > 0.05:
            notes.append(f"unanswerable share {got:.0%} is more than 5 points from the requested {requested_share:.0%}")
        by_type = {t: stats["question_types"][t] for t in QUESTION_TYPES}
        collection = collection_name(ctx, cfg.collection)
        return Generated(
            items=items,
            requested_by_type={t: round(cfg.question_mix.get(t, 0) * stats["tasks"]) for t in QUESTION_TYPES},
            produced_by_type={t: round(v * stats["tasks"]) for t, v in by_type.items()},
            counts={**counts, "table8": stats, "collection": collection},
            settings={**cfg.as_dict(), "search": ctx.search, "baseline": ctx.client is None},
            notes=notes, shortfall=shortfall,
            exports=self.exports(items, ExportSettings(settings=cfg.as_dict(), counts={"collection": collection})),
        )

    def exports(self, items: list[ConversationItem], settings: ExportSettings) -> dict[str, Any]:
        collection = settings.counts.get("collection") or "corpus"
        # The model that wrote the conversations (their provenance), as mtRAG's files name their generator.
        generator_id = next((i.provenance.model for i in items if i.provenance.model), None) or BASELINE_ID
        return {**flat_exports(items, collection, generator_id), "conversation_stats.json": table8(items),
                **(mtrag_layout(items, collection, generator_id) if settings.settings.get("mtrag_layout", True) else {})}


GENERATOR = register_generator(ConversationGenerator())
