"""The multihop generator: corpus in, validated MultiHop-RAG style items out, on the generator core."""

from __future__ import annotations

import logging
import math
import re
from collections import Counter

from benchsmith.generators.core.context import GenerationContext
from benchsmith.generators.core.estimate import Estimate, StepEstimate, average_tokens
from benchsmith.generators.core.generator import ExportSettings, Generated, Generator, register_generator
from benchsmith.generators.core.quotas import MIX_TOLERANCE, cap_share, fill
from benchsmith.generators.multihop.assemble import Assembler
from benchsmith.generators.multihop.compose.drafts import Composer
from benchsmith.generators.multihop.compose.limit_multiples import limit_multiple_candidates
from benchsmith.generators.multihop.config import QUERY_TYPES, MultihopConfig, quotas
from benchsmith.generators.multihop.items import claim_record, to_multihop_rag
from benchsmith.generators.multihop.llm_steps import (
    AnswerAlone,
    CheckItem,
    WordQuery,
    WriteSetClaims,
    alone_input,
    set_claims_input,
)
from benchsmith.generators.multihop.prepare import prepare
from benchsmith.generators.multihop.shaping import YES_SHARE_BOUNDS, even_yes_no
from benchsmith.schemas.multihop import MultihopItem
from benchsmith.validators import ValidationContext
from benchsmith.validators.difficulty import BenchItem, card_for

log = logging.getLogger(__name__)
MODEL_MARGIN = 1.25  # candidates the model is expected to reject on top of the validators, for estimates
COMPLETION_TOKENS = {"claim": 40, "query": 40, "qa": 30, "alone": 25}  # per claim / per question / per check, for estimates


def _drop(mix: dict[str, float], qtype: str, msg: str, notes: list[str]) -> dict[str, float]:
    if mix.get(qtype, 0) == 0:
        return dict(mix)
    log.warning(msg)
    notes.append(msg)
    rest = {t: v for t, v in mix.items() if t != qtype}
    total = sum(rest.values())
    if total <= 0:
        return dict(mix)  # the only type asked for: keep it, and let the run come up short with its reason
    return {t: (rest.get(t, 0.0) / total if t != qtype else 0.0) for t in QUERY_TYPES}


def effective_mix(mix: dict[str, float], has_dates: bool, notes: list[str], has_links: bool = True) -> dict[str, float]:
    """Drop temporal queries when the corpus has no dates, bridge queries when no document names another's
    title entity, spreading their share over the other types."""
    if not has_dates:
        mix = _drop(mix, "temporal_query", "temporal queries skipped: fewer than two selected documents have "
                    "published_at; their share is redistributed", notes)
    if not has_links:
        mix = _drop(mix, "bridge_query", "bridge queries skipped: no document names another document's title entity "
                    "in a typed relation; their share is redistributed", notes)
    return dict(mix)


def difficulty_card(items: list[MultihopItem], index, documents: dict) -> dict:
    """The difficulty card (validators.difficulty) of the items, ranks from the run's own search index."""
    bench = [BenchItem(i.item_id, i.query, i.answer, i.question_type, [e.fact for e in i.evidence],
                       list(dict.fromkeys(e.doc_id for e in i.evidence)),
                       list(((i.provenance.extra or {}).get("computation") or {}).get("anchors", []))) for i in items]
    texts = {d: f"{documents[d].title}\n{documents[d].text}" for b in bench for d in b.gold_docs if d in documents}
    return card_for(bench, index=index, documents=texts)


def claims_by_doc(claims) -> dict[str, list]:
    out: dict[str, list] = {}
    for c in claims:
        out.setdefault(c.fact.doc_id, []).append(c)
    return out


# A short set may hold comparisons up to this share of the items asked (their Yes/No answers alternate, so the Yes
# share holds): 40 items, half of them comparisons, read better than 31 (MultiHop-RAG's own set is a third
# comparisons and a fifth temporal Yes/No questions). Reached only where the hop types cannot fill their share.
COMPARISON_CEILING = 0.5
DRAW_ORDER = ("inference_query", "bridge_query", "comparison_query", "temporal_query", "null_query")
assert set(DRAW_ORDER) == set(QUERY_TYPES)


class MultihopGenerator(Generator):
    name = "multihop"
    help = "MultiHop-RAG: facts, claims with bridge entity and topic, inference/comparison/temporal/null queries."
    item_model = MultihopItem

    def _assemble(self, ctx: GenerationContext, cfg: MultihopConfig, *, with_model: bool):
        prep = prepare(ctx, cfg)
        notes = list(prep.notes)
        dated = sum(d.published_at is not None for d in prep.documents)
        with ctx.timer.step("compose"):
            originals = {d: doc for d, doc in ctx.corpus.documents_by_id.items() if d not in prep.duplicates}
            composer = Composer(originals, ctx.corpus.chunks_by_doc, cfg.seed, n=cfg.n)
        mix = effective_mix(cfg.mix, dated >= 2, notes, has_links=composer.bridgeable)
        quota = quotas(cfg.n, mix)
        with ctx.timer.step("context"):
            validation = ValidationContext(ctx.index, evidence_range=cfg.evidence, entity_names=prep.entity_names)
            vocabulary = {w for d in ctx.corpus.documents for w in re.findall(r"[a-z]+", "\n".join(
                (d.title, d.text, d.source or "")).lower())}
        asm = Assembler(
            documents=ctx.corpus.documents_by_id, groups=prep.groups, validation=validation, evidence=cfg.evidence,
            seed=cfg.seed, max_sets_per_group=cfg.max_sets_per_group, timer=ctx.timer, vocabulary=vocabulary,
            gen=ctx if with_model else None, qa_check=cfg.qa_check, qa_inconclusive=cfg.qa_inconclusive,
            hop_check=cfg.hop_check, composer=composer, index=ctx.index, composed_limit=4 * cfg.n + 20,
            doc_entities=prep.doc_entities, quota=quota, doc_claims=claims_by_doc(prep.claims),
            person_names=frozenset(e.text for c in prep.claims for e in c.entities if e.label == "PERSON"),
            thing_names=frozenset(e.text for c in prep.claims for e in c.entities
                                  if e.label in ("ORG", "PRODUCT", "FAC", "WORK_OF_ART", "EVENT", "LAW")),
        )
        # The hop types draw first: their few routes share documents with the many comparisons, and a document
        # is cited only so often (compose.drafts.DOC_USE_PER).
        streams = {t: asm.stream(t) for t in DRAW_ORDER if quota[t] > 0}
        produced = fill(streams, quota, mix, cfg.n, ceilings={"comparison_query": COMPARISON_CEILING})
        short = sum(len(v) for v in produced.values()) < cfg.n
        dropped = cap_share(produced, "null_query", mix["null_query"]) if short else 0
        if dropped:
            notes.append(f"{dropped} null queries left out: on a corpus that falls short they stay within "
                         f"{round(MIX_TOLERANCE * 100)} points of their share ({mix['null_query']:.0%}) of the items kept, so "
                         "'Insufficient information' is never most of the answers")
        uneven = even_yes_no(produced)
        if uneven:
            notes.append(f"{uneven} Yes/No items left out so that Yes stays between {YES_SHARE_BOUNDS[0]:.0%} and "
                         f"{YES_SHARE_BOUNDS[1]:.0%} of the Yes/No answers across all types")
        return prep, notes, mix, quota, asm, produced

    def estimate(self, ctx: GenerationContext, cfg: MultihopConfig) -> Estimate:
        """The llm strategy's calls for this request, from a heuristic dry pass over the same candidates."""
        prep, _notes, _mix, _quota, asm, _produced = self._assemble(ctx, cfg, with_model=False)
        docs = ctx.corpus.documents_by_id
        claims = [WriteSetClaims().build_prompt(set_claims_input(cs, docs)) for cs in asm.samples["buildable_sets"]]
        wording = [WordQuery().build_prompt(asm.wording_input(d, cs)) for d, cs in asm.samples["worded"]]
        checks = [CheckItem().build_prompt(alone_input(i, docs)) for i in asm.samples["items"]]
        sampled = asm.samples["buildable_sets"]
        per_set = sum(len(cs.claims) for cs in sampled) / max(1, len(sampled))
        steps = [
            StepEstimate(WriteSetClaims.name, math.ceil(asm.tally["buildable_sets"] * MODEL_MARGIN), average_tokens(claims),
                         round(COMPLETION_TOKENS["claim"] * per_set)),
            StepEstimate(WordQuery.name, math.ceil(asm.tally["worded"] * MODEL_MARGIN), average_tokens(wording),
                         COMPLETION_TOKENS["query"]),
        ]
        if cfg.qa_check:
            steps.append(StepEstimate(CheckItem.name, math.ceil(asm.tally["items"] * MODEL_MARGIN), average_tokens(checks),
                                      COMPLETION_TOKENS["qa"]))
        if cfg.hop_check and not cfg.qa_check:  # with the QA check, the same call answers per document
            alone = [AnswerAlone().build_prompt(alone_input(i, docs)) for i in asm.samples["items"]]
            steps.append(StepEstimate(AnswerAlone.name, math.ceil(asm.tally["items"] * MODEL_MARGIN), average_tokens(alone),
                                      COMPLETION_TOKENS["alone"]))
        return Estimate(cfg.n, steps, [
            f"the model rejects {round((MODEL_MARGIN - 1) * 100)}% more candidates than the validators do",
            "completion tokens per call: " + ", ".join(f"{k} {v}" for k, v in COMPLETION_TOKENS.items()),
            f"{prep.counts['claims']} candidate claims in {len(prep.groups)} bridge groups were found without a model",
        ])

    def generate(self, ctx: GenerationContext, cfg: MultihopConfig) -> Generated:
        prep, notes, mix, quota, asm, produced = self._assemble(ctx, cfg, with_model=ctx.client is not None)
        ctx.reject(asm.rejected)
        items = [i for t in QUERY_TYPES for i in produced.get(t, [])]
        by_type = {t: len(produced.get(t, [])) for t in QUERY_TYPES}
        verdicts = Counter(((i.provenance.extra or {}).get("qa_check") or {}).get("verdict") for i in items)
        verdicts.pop(None, None)
        if verdicts.get("inconclusive"):
            notes.append(f"{verdicts['inconclusive']} items kept with the model's QA check inconclusive: it disagreed "
                         "with an answer their evidence proves mechanically (see provenance.extra.qa_check; "
                         "--qa-inconclusive drop leaves them out)")
        shortfall = None
        if len(items) < cfg.n:
            short = [f"{t.removesuffix('_query')} {by_type[t]}/{quota[t]}" for t in QUERY_TYPES if by_type[t] < quota[t]]
            shortfall = (
                f"produced {len(items)} of {cfg.n} items; short: {', '.join(short)}. "
                f"The corpus gave {prep.counts['claims']} claims in {prep.counts['entity_groups']} entity and "
                f"{prep.counts['topic_groups']} topic bridge groups from {prep.counts['selected_documents']} selected "
                "documents: not enough claim sets for the request (add documents, lower --min-tokens, or ask for fewer items)"
            )
            comp = asm.composer
            if comp is not None and not comp.links and not comp.routes and not comp.life_routes and not any(d.published_at for d in prep.documents):
                shortfall += (
                    f". This corpus has no dated stories and no article that names another article's person or work "
                    f"(a manual or a collection of unlinked articles): bridge questions need one of those and are not "
                    f"made from page links without a model, inference questions come only from "
                    f"{len({c['key'] for c in limit_multiple_candidates(comp.page_limits, list(comp.documents.values()))})} "
                    f"pairs of limits of one kind where one is a named multiple or fraction of the other, or equal to it; "
                    f"its comparisons come from the {comp.stated_limits} typed limits stated on its pages "
                    f"({comp.limit_pairs} pairs of one kind of limit for two things on two pages, each asked once), "
                    f"from the default states its pages give named features, from {comp.field_facts} versions and "
                    f"numeric defaults its reference entries state in labelled fields (two related entries on two pages), "
                    f"from {comp.command_pairs} pairs of related commands whose pages list their options and "
                    f"{comp.context_pairs} pairs of related entries whose fields say where each may be used (one "
                    f"question per pair), from {len(comp.lead_questions)} pairs of places' measures or organisations' "
                    f"start years and {len(comp.nationality_questions)} pairs of people's nationalities its articles' "
                    f"leads state (each subject once), and from related articles' dates and creators"
                )
            elif comp is not None and (comp.routes or comp.life_routes) and not comp.links:
                shortfall += (
                    f". No article names another article's subject; inference and bridge questions come only from "
                    f"{len(comp.routes)} routes between works that share a creator or a collection and "
                    f"{len({r.x.doc_id for r in comp.life_routes})} works whose creator's life another work's article states, each answer "
                    "asked once per shared entity and each article cited at most once per 20 items"
                )
        docs = ctx.corpus.documents_by_id
        with ctx.timer.step("difficulty"):
            card = difficulty_card(items, ctx.index, docs)
        return Generated(
            items=items, requested_by_type=quota, produced_by_type=by_type,
            counts={**prep.counts, "difficulty": card["benchmark"], **({"qa_check": dict(verdicts)} if verdicts else {})},
            settings={**cfg.as_dict(), "effective_mix": mix}, notes=notes, shortfall=shortfall,
            exports={
                **self.exports(items, ExportSettings(documents=docs)),
                "claims.jsonl": [claim_record(c, seed=cfg.seed) for c in prep.claims],
                "difficulty.json": card,
            },
        )


    def exports(self, items: list[MultihopItem], settings: ExportSettings) -> dict:
        return {"MultiHopRAG.json": [to_multihop_rag(i, settings.documents).model_dump(mode="json") for i in items]}


GENERATOR = register_generator(MultihopGenerator())
