"""The frames generator: linked article sets, facts first, questions whose answers code computes, verified items."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import networkx as nx

from benchsmith.generators.core.context import GenerationContext
from benchsmith.generators.core.estimate import Estimate, StepEstimate, average_tokens
from benchsmith.generators.core.generator import (
    ExportSettings,
    Generated,
    Generator,
    register_generator,
)
from benchsmith.generators.frames.assemble import Assembler, Draft
from benchsmith.generators.frames.balance import MIX_TOLERANCE, interleaved, settle
from benchsmith.generators.frames.config import (
    FRAMES_SIZE_SHARES,
    LABELS,
    REASONING_TYPES,
    FramesConfig,
    size_bucket,
)
from benchsmith.generators.frames.facts import DocInput, ExtractFacts
from benchsmith.generators.frames.graph import link_graph
from benchsmith.generators.frames.items import snapshot_date, to_frames_record, to_frames_tsv, to_item
from benchsmith.generators.frames.plan import plan_slots
from benchsmith.generators.frames.usage import overused, pair_key, reuse_caps, usage, variety_caps
from benchsmith.generators.frames.wording_llm import (
    ClosedBook,
    WordQuestion,
    closed_book_input,
    wording_input,
)
from benchsmith.schemas.frames import FramesItem
from benchsmith.types import Provenance, Rejected
from benchsmith.validators import ValidationContext, errors, names_for, run_validators
from benchsmith.validators.dedup import QueryDeduplicator

# FRAMES' longest questions run to about 400 characters; a template listing many long page titles goes past that.
MAX_QUESTION_CHARS = 450
ROUNDS = 8  # rounds of drafting when validation or the model eats the margin
EXHAUSTED_AFTER = 2  # slots of one (type, size) that found nothing in a round before the round stops trying it
MODEL_MARGIN = 1.3  # worded questions the model's checks reject on top of the validators, for estimates
COMPLETION_TOKENS = {"word": 80, "closed_book": 15}
RUN_WIDE_CHECKS = ("dedup.query",)  # what a draft is checked against besides itself: the set accepted so far


def distribution(items: list[FramesItem]) -> dict:
    sizes = Counter(size_bucket(len(i.articles)) for i in items)
    labels = Counter(t for i in items for t in i.reasoning_types)
    total = max(1, len(items))
    return {"items": len(items), "articles": {k: round(sizes[k] / total, 4) for k in ("2", "3", "4", "5+")},
            "frames_articles": dict(FRAMES_SIZE_SHARES),
            "as_of": sum(i.as_of is not None for i in items),
            "changeable_undated": sum("changeable_fact_undated" in i.warnings for i in items),
            "articles_count": dict(sorted(Counter(len(i.articles) for i in items).items())),
            "reasoning_types": {k: round(v / total, 4) for k, v in sorted(labels.items())}}


@dataclass
class Fill:
    """One drafting pass: the settled set, the slots left empty, what the mix and shape caps dropped, the ledger."""

    accepted: list  # (slot, reasoning type drafted, item)
    pending: list[tuple[str, int]]
    unbalanced: list[Rejected]
    rejected: list[Rejected]
    asm: Assembler
    slots: list[tuple[str, int]]  # the plan drafted for
    held: int  # verified questions before the set was settled


REPLANS = 3  # passes planned at the size the corpus held, after the pass at the request


def _two_article_bound(got: Counter, wanted: Counter) -> str:
    """Why a short set stops where it does when two-article questions ran out first (a manual's usual limit)."""
    if got["2"] >= wanted["2"] or not got["2"]:
        return ""
    floor = FRAMES_SIZE_SHARES["2"] - MIX_TOLERANCE
    return (f"; two-article questions ran out at {got['2']} (two linked pages each giving a figure of one kind, neither "
            f"page stating the other's), and with them at {round(floor * 100)}% or more of the set, FRAMES' mix holds "
            f"the set to about {math.floor(got['2'] / floor + 1e-9)}")


class FramesGenerator(Generator):
    name = "frames"
    help = "FRAMES: questions over 2-15 linked articles, answers computed from verified facts, five reasoning types."
    item_model = FramesItem

    def estimate(self, ctx: GenerationContext, cfg: FramesConfig) -> Estimate:
        """The llm strategy's calls: one wording per drafted question (with a margin) and one closed-book check per item."""
        docs = ctx.corpus.documents_by_id
        asm = Assembler(docs, *self._sources(ctx, cfg), cfg.seed)
        precheck = self._prechecker(ctx, cfg, [])
        # one pair of values is drafted once for the whole plan, as in a run (a short corpus re-drafted it per slot);
        # the caps a run loosens round by round are left open here
        tried: set[str] = set()
        drafts = [d for d in (self._draft(asm, slot, cfg, tried, Counter(), precheck, reuse_caps(cfg, 0))
                              for slot in plan_slots(cfg.n, cfg.mix)) if d is not None]
        wording = [WordQuestion().build_prompt(wording_input(d, docs)) for d in drafts]
        closed = [ClosedBook().build_prompt(closed_book_input(d)) for d in drafts]
        steps = [StepEstimate(WordQuestion.name, math.ceil(len(drafts) * MODEL_MARGIN), average_tokens(wording),
                              COMPLETION_TOKENS["word"])]
        if cfg.closed_book:
            steps.append(StepEstimate(ClosedBook.name, len(drafts), average_tokens(closed), COMPLETION_TOKENS["closed_book"]))
        return Estimate(cfg.n, steps, [
            f"the model's wording is rejected {round((MODEL_MARGIN - 1) * 100)}% of the time and redrafted",
            f"{len(drafts)} of {cfg.n} questions could be drafted from this corpus without a model",
        ])

    def _sources(self, ctx: GenerationContext, cfg: FramesConfig) -> tuple[dict, nx.Graph]:
        """The facts of every page and the link graph: what an Assembler is built from."""
        chunks = ctx.corpus.chunks_by_doc
        with ctx.timer.step("facts"):
            outs = ctx.run_step(ExtractFacts(), [DocInput(d, tuple(chunks.get(d.doc_id, []))) for d in ctx.corpus.documents])
        with ctx.timer.step("graph"):
            graph = link_graph(ctx.corpus.documents, cfg.hub_max_share)
        return {o.doc_id: o.facts for o in outs}, graph

    def generate(self, ctx: GenerationContext, cfg: FramesConfig) -> Generated:
        docs = ctx.corpus.documents_by_id
        facts, graph = self._sources(ctx, cfg)
        slots = plan_slots(cfg.n, cfg.mix)
        if ctx.client is not None:
            # The model words only what the corpus can hold: drafted without it first (no call), a short corpus
            # plans the model's slots at the size the templates settled to, so the mix trim does not throw worded
            # questions away (planned for the full request, --n 100 gave a third of what --n 40 gave).
            probe = self._fill(ctx, cfg, Assembler(docs, facts, graph, cfg.seed), slots, word=False)
            if len(probe.accepted) < cfg.n:
                probe = self._replan(ctx, cfg, docs, facts, graph, probe, word=False)
                slots = plan_slots(max(2, len(probe.accepted)), cfg.mix)
        fill = self._fill(ctx, cfg, Assembler(docs, facts, graph, cfg.seed), slots)
        if len(fill.accepted) < cfg.n and ctx.client is None:
            fill = self._replan(ctx, cfg, docs, facts, graph, fill)
        accepted, unbalanced, asm = fill.accepted, fill.unbalanced, fill.asm
        notes: list[str] = []
        if unbalanced:
            notes.append(f"{len(unbalanced)} verified question(s) left out so the article counts stay within "
                         f"{round(MIX_TOLERANCE * 100)} points of FRAMES' and no shape passes "
                         f"{round(cfg.shape_share * 100)}% of the set (the corpus could not fill the other slots)")
        ctx.reject(fill.rejected + unbalanced)
        items = [i for _, _, i in accepted]
        if ctx.client is not None and cfg.closed_book and items:
            items = self._closed_book(ctx, items)
            flagged = sum(bool(i.contamination and i.contamination.get("matched")) for i in items)
            notes.append(f"closed-book contamination: {flagged} of {len(items)} answered without any article (flagged, kept)")
        substituted = Counter(slot[0] for slot, drafted, _ in accepted if slot[0] != drafted)
        undated = sum("changeable_fact_undated" in i.warnings for i in items)
        if undated:
            notes.append(f"{undated} question(s) rest on a fact that can change (a limit, a current holder), but the corpus "
                         "gives no date to pin them with 'As of ...' (give --as-of, the date the corpus was captured); "
                         "they carry the warning changeable_fact_undated")
        pinned = sum(i.as_of is not None for i in items)
        if pinned:
            notes.append(f"{pinned} question(s) rest on a fact that can change and are pinned with 'As of <date>'")
        widened = sum(1 for slot, _, i in accepted if slot[1] < 5 and len(i.articles) != slot[1])
        if widened:
            notes.append(f"{widened} question(s) planned over k articles use k+1: the corpus had no other verified "
                         "question of that size")
        for t, n in sorted(substituted.items()):
            notes.append(f"{n} {t} slot(s) had no candidate on this corpus and were filled with another reasoning type")
        requested = Counter(t for t, _ in slots)
        produced = Counter(t for _, t, _ in accepted)
        shortfall = None
        if len(items) < cfg.n:
            wanted = Counter(size_bucket(k) for _, k in slots)
            got = Counter(size_bucket(len(i.articles)) for i in items)
            sizes = ", ".join(f"{b} articles {got[b]} of {wanted[b]}" for b in ("2", "3", "4", "5+") if got[b] < wanted[b])
            caps = variety_caps(cfg, len(fill.slots))
            shortfall = (f"produced {len(items)} of {cfg.n} ({sizes}). The corpus gave "
                         f"{sum(len(v) for v in asm.alternatives.values())} value facts on {sum(len(v) for v in asm.value_facts.values())} "
                         f"pages in {len(asm.value_facts)} measures, {asm.comparable_figures()} of them figures that share "
                         "their kind with a figure on another page (only such figures are compared or combined); "
                         f"each question shape is capped at {caps[0]} and each threshold at {caps[1]} "
                         "so the set does not repeat itself" + _two_article_bound(got, wanted) +
                         "; ask for fewer items or add linked articles")
        dist = distribution(items)
        return Generated(
            items=items, requested_by_type={t: requested[t] for t in REASONING_TYPES},
            produced_by_type={t: produced[t] for t in REASONING_TYPES},
            counts={"documents": len(docs), "value_facts": {k: len(v) for k, v in sorted(asm.value_facts.items())},
                    "table_facts": {k: len(v) for k, v in sorted(asm.table_facts.items())},
                    "graph_edges": asm.graph.number_of_edges(), "distribution": dist},
            settings={**cfg.as_dict(), "labels": LABELS}, notes=notes, shortfall=shortfall,
            exports=self.exports(items, ExportSettings()),
        )

    def exports(self, items: list[FramesItem], settings: ExportSettings) -> dict:
        return {"frames.jsonl": [to_frames_record(i, n) for n, i in enumerate(items)], "frames.tsv": to_frames_tsv(items),
                "distribution.json": distribution(items)}

    def _replan(self, ctx, cfg: FramesConfig, docs, facts, graph, fill: Fill, word: bool = True) -> Fill:
        """A short heuristic run drafted again for what the corpus held, keeping the largest settled set (no model
        call is made). Planned for the full request, two-article slots drafted first take the figures the larger
        sets need and the mix trim then undoes them, so a bigger request came out smaller. Drafted in turns across
        article counts, every size comes up short by its share instead; planned at the size the corpus held (then
        at what that pass settled to), the slots follow FRAMES' mix at a size the corpus can fill."""
        best = fill
        other = self._fill(ctx, cfg, Assembler(docs, facts, graph, cfg.seed), interleaved(fill.slots), word)
        best = max(best, other, key=lambda f: len(f.accepted))
        size = max(fill.held, other.held)
        tried = {cfg.n}
        for _ in range(REPLANS):
            if size in tried or size < 2:
                break
            tried.add(size)
            again = self._fill(ctx, cfg, Assembler(docs, facts, graph, cfg.seed), plan_slots(size, cfg.mix), word)
            if len(again.accepted) > len(best.accepted):
                best = again
            size = len(again.accepted) if len(again.accepted) < size else again.held
        # planned a little above what settled, the shape cap while drafting is about the one the settled set is held
        # to (drafted for far more, a set fills its favourite shapes past the cap and the trim then cascades);
        # planned for more than settled, a size the corpus cannot fill (two-article pairs run out first) leaves its
        # slots empty while the others take their share of the larger plan
        for size in range(len(best.accepted) + 1, len(best.accepted) + 5):
            if size not in tried and size < cfg.n:
                tried.add(size)
                again = self._fill(ctx, cfg, Assembler(docs, facts, graph, cfg.seed), plan_slots(size, cfg.mix), word)
                best = max(best, again, key=lambda f: len(f.accepted))
        return best

    def _fill(self, ctx: GenerationContext, cfg: FramesConfig, asm: Assembler, slots: list[tuple[str, int]],
              word: bool = True) -> Fill:
        """Draft, word and check questions for the slots over up to ROUNDS rounds, then settle the set."""
        docs = ctx.corpus.documents_by_id
        validation = ValidationContext(ctx.index, evidence_range=(2, 15), dedup=QueryDeduplicator(cfg.dedup_threshold))
        checks = names_for("frames_item")
        accepted: list[tuple[tuple[str, int], str, FramesItem]] = []  # (slot, reasoning type drafted, item)
        rejected: list[Rejected] = []
        precheck = self._prechecker(ctx, cfg, rejected)
        pending = list(slots)
        tried: set[str] = set()  # a draft that failed once would fail again (same prompt, same cached reply)
        used: Counter = Counter()  # fact id (and "answer:" doc id) -> drafts that passed the checks
        for _round in range(ROUNDS):
            drafts: list[tuple[tuple[str, int], Draft]] = []
            # (type, size) pairs that found nothing new for two slots this round: within a round the caps hold and
            # what is used or tried only grows, so they would hardly find anything again (a short corpus spent
            # minutes re-trying them)
            exhausted: Counter = Counter()
            for slot in pending:
                draft = self._draft(asm, slot, cfg, tried, used, precheck, reuse_caps(cfg, _round),
                                    widen=_round >= ROUNDS - 3, planned=len(slots), exhausted=exhausted)
                if draft is not None:
                    drafts.append((slot, draft))
            done, kept = self._accept(ctx, cfg, drafts, docs, validation, checks, rejected, word)
            for _, d in drafts:
                if id(d) not in kept:  # its wording or the run-wide checks failed: its facts and pair are free again
                    used.subtract(usage(d))
                    tried.discard(pair_key(d))
            accepted += done
            taken = Counter(s for s, _, _ in done)
            still = []
            for slot in pending:
                if taken[slot] > 0:
                    taken[slot] -= 1
                else:
                    still.append(slot)
            pending = still
            if not pending:
                break
        held = len(accepted)
        accepted, unbalanced = settle(accepted, Counter(size_bucket(k) for _, k in slots), cfg.shape_share)
        return Fill(accepted, pending, unbalanced, asm.rejected + rejected, asm, slots, held)

    @staticmethod
    def _draft(asm: Assembler, slot: tuple[str, int], cfg: FramesConfig, tried: set[str], used: Counter,
               precheck, caps: tuple[int, int], widen: bool = False, planned: int | None = None,
               exhausted: Counter | None = None) -> Draft | None:
        """A draft for the slot that passes the checks that do not depend on wording (so no call is spent on it)."""
        rtype, k = slot
        # Keep the article count (FRAMES' distribution); a type the corpus cannot serve gives way to one that can.
        # FRAMES counts 5 to 15 articles as one group, so a 5+ slot may take another size in that group.
        sizes = [k] if k < 5 else sorted(range(5, 16), key=lambda s: (abs(s - k), s))
        if widen and k < 5:
            sizes.append(k + 1)  # the last rounds: one more article than planned beats no question
        exhausted = Counter() if exhausted is None else exhausted
        # what the attempts below read of `used` and the plan: `used` changes only when a draft is returned
        shape_use = Counter({k[6:]: n for k, n in used.items() if k.startswith("shape:")})
        variety = variety_caps(cfg, planned)
        for size, t in ((s, t) for s in sizes for t in [rtype] + [o for o in REASONING_TYPES if o != rtype]):
            if (t != rtype or size != k) and not asm.options(t, size) or exhausted[(t, size)] >= EXHAUSTED_AFTER:
                continue
            for _ in range(cfg.attempts_per_item):
                draft = asm.draft(t, size, shape_use)
                if draft is None:
                    continue
                # The same operation over the same facts in another order is the same question reworded;
                # two works by one painter are one pair of birth years: any question on the pair is asked once.
                same = f"{draft.op}:" + "|".join(sorted(f.fact_id for f in draft.facts))
                pair = pair_key(draft)
                if draft.question in tried or same in tried or pair in tried or overused(draft, used, caps, variety):
                    continue
                tried.update((draft.question, same))
                if precheck(draft):
                    tried.add(pair)
                    used.update(usage(draft))
                    return draft
            exhausted[(t, size)] += 1
        return None

    @staticmethod
    def _prechecker(ctx: GenerationContext, cfg: FramesConfig, rejected: list[Rejected]):
        """Validation of a draft as worded by its template: everything but the run-wide dedup."""
        docs = ctx.corpus.documents_by_id
        validation = ValidationContext(ctx.index, evidence_range=(2, 15))
        checks = names_for("frames_item", exclude=RUN_WIDE_CHECKS)
        prov = Provenance(step="frames.assemble", strategy=ctx.strategy, seed=cfg.seed)
        snapshot = snapshot_date(cfg)

        def precheck(draft: Draft) -> bool:
            if len(draft.question) > MAX_QUESTION_CHARS:
                rejected.append(Rejected(step="frames.validate", reason="question_too_long", raw_output=draft.question,
                                         detail=f"{len(draft.question)} characters (at most {MAX_QUESTION_CHARS}): no one "
                                                "would read, let alone ask, it"))
                return False
            item = to_item(draft, docs, prov, snapshot=snapshot)
            bad = errors(run_validators(item, validation, checks))
            if bad:
                rejected.append(Rejected(step="frames.validate", reason=bad[0].code, detail=bad[0].message,
                                         input_ref=item.item_id, raw_output=item.question))
            return not bad

        return precheck

    def _accept(self, ctx, cfg, drafts, docs, validation, checks, rejected: list[Rejected],
                word: bool = True) -> tuple[list, set[int]]:
        """The accepted (slot, type drafted, item) and the ids of the drafts they came from; failures go to `rejected`.
        word=False keeps the template wording even with a model (a probe of what the corpus holds)."""
        client = ctx.client if word else None
        prov = Provenance(step="frames.assemble", strategy=ctx.strategy, seed=cfg.seed)
        worded: dict[int, tuple[str, Provenance]] = {}
        if client is not None and drafts:
            inputs = [wording_input(d, docs) for _, d in drafts]
            outs = ctx.run_step(WordQuestion(), inputs, per_input=True)
            for n, out in enumerate(outs):
                if out:
                    worded[n] = (out[0].question, Provenance(
                        step=WordQuestion.name, strategy="llm", seed=cfg.seed, prompt_name=WordQuestion.template,
                        prompt_hash=out[0].prompt_hash, model=out[0].model, raw_output=out[0].raw))
        done, kept = [], set()
        for n, (slot, draft) in enumerate(drafts):
            if client is not None and n not in worded:
                continue  # the wording step already put its reason in the ledger
            question, p = worded.get(n, (None, prov))
            item = to_item(draft, docs, p, question, snapshot=snapshot_date(cfg))
            # in its template wording the item is the one _draft's precheck passed: the run-wide checks are left
            issues = run_validators(item, validation, checks if question is not None else
                                    [c for c in checks if c in RUN_WIDE_CHECKS])
            bad = errors(issues)
            if bad:
                rejected.append(Rejected(step="frames.validate", reason=bad[0].code, detail=bad[0].message,
                                         input_ref=item.item_id, raw_output=item.question))
                continue
            done.append((slot, draft.rtype, item))
            kept.add(id(draft))
        return done, kept

    @staticmethod
    def _closed_book(ctx, items: list[FramesItem]) -> list[FramesItem]:
        outs = ctx.run_step(ClosedBook(), [closed_book_input(i) for i in items], per_input=True)
        return [i.model_copy(update={"contamination": o[0].model_dump() if o else None}) for i, o in zip(items, outs)]


GENERATOR = register_generator(FramesGenerator())
