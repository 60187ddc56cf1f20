"""The mirage generator: QA pairs -> mapped documents -> candidate chunks -> labels -> items and MIRAGE's files.

Queries are drawn lazily, in input order: the first round takes the missing
items times a margin, later rounds the missing items over the share of drawn
queries that could pass so far. Queries that pass the cheap checks beyond what
is missing wait for a later round (see labels.py), so model calls grow with the
request, not with the QA file or the corpus.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, ClassVar

from benchsmith.generators.core.generator import ExportSettings, Generated, Generator
from benchsmith.generators.mirage.agreement import inference_confirmation, label_noise, pairwise_agreement
from benchsmith.generators.mirage.assemble import build_item, final_support, label_sources, mirage_exports
from benchsmith.generators.mirage.config import MirageConfig
from benchsmith.generators.mirage.labels import can_pass, double_judged, label_round
from benchsmith.generators.mirage.mapping import TitleIndex, map_queries
from benchsmith.generators.mirage.pool import MirageChunks, candidates_for, corpus_is_mirage_chunked
from benchsmith.generators.mirage.qa_inputs import read_qa
from benchsmith.schemas.mirage import MirageItem
from benchsmith.types import Rejected
from benchsmith.validators import CorpusIndex, ValidationContext, errors, names_for, run_validators

#: The least share of drawn queries a round assumes will pass (bounds how many one round draws).
MIN_PASS_RATE = 0.05
#: Queries come from a real dataset and each has its own document: near-duplicate wording is not a defect here.
CHECKS = names_for("mirage_item", exclude=("dedup.query",))


def validate(item: MirageItem, documents: dict, store: MirageChunks) -> MirageItem | Rejected:
    """Generic grounding plus the mirage validators, over the pool's own chunks; warnings annotate the item."""
    chunks = [c for cs in store.of([c.doc_id for c in item.chunks]).values() for c in cs]
    docs = [documents[d] for d in {c.doc_id for c in item.chunks}]
    issues = run_validators(item, ValidationContext(CorpusIndex(docs, chunks)), CHECKS)
    errs = errors(issues)
    if errs:
        return Rejected(step="mirage.validate", reason=errs[0].code, input_ref=item.item_id,
                        detail="; ".join(i.message for i in errs)[:500])
    warnings = sorted({i.code for i in issues})
    return item.model_copy(update={"warnings": warnings}) if warnings else item


class MirageGenerator(Generator):
    name: ClassVar[str] = "mirage"
    help: ClassVar[str] = "MIRAGE construction: your QA pairs mapped to corpus documents, labelled 330-token chunk pools."
    item_model: ClassVar[type] = MirageItem
    config_model: ClassVar[type] = MirageConfig

    def estimate(self, ctx: Any, config: MirageConfig) -> Any:
        from benchsmith.generators.mirage.estimate import estimate_mirage

        return estimate_mirage(ctx, config)

    def generate(self, ctx: Any, config: MirageConfig) -> Generated:
        pairs = read_qa(config.qa, fmt=config.qa_format, fields=config.fields)
        with ctx.timer.step("mapping"):
            titles = TitleIndex(ctx.corpus.documents, fuzzy_cutoff=config.fuzzy_cutoff)
            mapped, dropped = map_queries(pairs, titles, ctx.index, search_fallback=config.search_fallback,
                                          min_coverage=config.min_coverage)
        ctx.reject(dropped)
        reuse = corpus_is_mirage_chunked(ctx.corpus.manifest)
        store = MirageChunks(titles.documents, ctx.corpus.chunks, reuse)
        doc_names = {d: doc.title for d, doc in titles.documents.items()}
        items: list[MirageItem] = []
        all_labels: list[Any] = []
        pool_size, drawn, viable = 0, 0, 0
        reserve: list[tuple[Any, list[Any]]] = []
        while len(items) < ctx.n and (reserve or drawn < len(mapped)):
            missing = ctx.n - len(items)
            # Until a round has measured the share of drawn queries that can pass, assume 1 in `margin`.
            rate = viable / drawn if drawn else 1 / config.margin
            want = min(len(mapped) - drawn, max(0, math.ceil(missing / max(rate, MIN_PASS_RATE)) - len(reserve)))
            fresh = mapped[drawn:drawn + want]
            drawn += len(fresh)
            with ctx.timer.step("pool"):
                batch = reserve + [(m, candidates_for(m.pair.query_id, m.pair.question, m.doc_id, store, ctx.index,
                                                      k=config.pool_k, fill=config.fill_pool, retriever=config.rank_with))
                                   for m in fresh]
            labels = label_round(ctx, config, batch, needed=missing)
            fresh_ids = {m.pair.query_id for m in fresh}
            viable += sum(m.pair.query_id in fresh_ids for m, _ in labels.chosen + labels.reserve
                          if can_pass(labels.chunks[m.pair.query_id], ctx.strategy))
            reserve = labels.reserve
            for m, cands in labels.chosen:
                qid = m.pair.query_id
                pool_size += len(cands)
                all_labels.extend(labels.chunks[qid])
                result = build_item(m, titles.documents[m.doc_id], labels.chunks[qid], strategy=ctx.strategy,
                                    model=ctx.model_id, seed=ctx.seed, base=labels.base.get(qid),
                                    missing_judgements=labels.missing.get(qid, 0), doc_names=doc_names)
                if not isinstance(result, Rejected):
                    with ctx.timer.step("validate"):
                        result = validate(result, titles.documents, store)
                if isinstance(result, Rejected):
                    ctx.reject(result)
                else:
                    items.append(result)
        return self._generated(ctx, config, pairs, mapped, dropped, items, all_labels, pool_size, drawn, reuse)

    def _generated(self, ctx: Any, config: MirageConfig, pairs: list, mapped: list, dropped: list[Rejected],
                   items: list[MirageItem], all_labels: list, pool_size: int, drawn: int, reuse: bool) -> Generated:
        chunks = [c for item in items for c in item.chunks]
        outcome = Counter("positive" if c.support else "negative" for c in chunks)
        by_method = Counter(m.method for m in mapped)
        counts = {
            "qa_pairs": len(pairs), "mapped": len(mapped), "mapped_by_method": dict(by_method),
            "dropped_at_mapping": dict(Counter(r.reason for r in dropped)), "queries_labelled": drawn,
            "candidate_pool": pool_size, "pool_chunks_written": len(chunks),
            "labels_by_outcome": dict(Counter("positive" if final_support(cl, ctx.strategy) else "negative"
                                              for cl in all_labels)),
            "kept_labels_by_outcome": dict(outcome),
            "judge_by_outcome": dict(Counter(cl.judge.verdict for cl in all_labels if cl.judge)),
            "inference_by_outcome": dict(Counter({True: "correct", False: "wrong", None: "not_checkable"}[
                cl.inference.correct] for cl in all_labels if cl.inference)),
            "heuristic_by_outcome": dict(Counter("supported" if cl.heuristic.supported else "not_supported"
                                                 for cl in all_labels)),
            "items_flagged": dict(Counter(f.split(":")[0] for item in items for f in item.flags)),
            "agreement": pairwise_agreement(label_sources(cl) for cl in all_labels),
            "inference_confirms_judge": inference_confirmation(label_sources(cl) for cl in all_labels),
            "queries_full_agreement": sum(all(c.agreement for c in item.chunks) for item in items),
            "label_noise": label_noise(double_judged(all_labels)),
        }
        notes = []
        short_pools = sum(len(item.chunks) < config.pool_k for item in items)
        if short_pools:
            notes.append(f"{short_pools} queries have fewer than {config.pool_k} pool chunks (short documents and "
                         "nothing to fill with): MIRAGE's own 'fixed' setting, which reads doc_pool.json in blocks of "
                         "five per query, would misalign; `evaluate mirage` reads the pool by query id")
        if not reuse:
            notes.append("the corpus was not ingested with the mirage chunking preset: pool chunks were cut here "
                         "(ids DOC#w330.N); `evaluate retrieval` on items.jsonl needs the corpus ingested with "
                         "`--preset mirage`, while dataset.json + doc_pool.json carry their own pool")
        if ctx.strategy == "heuristic":
            notes.append("labels are heuristic (alias match + question-term coverage), not model judgements")
        shortfall = None
        if len(items) < ctx.n:
            shortfall = (f"{len(items)} of {ctx.n} queries survived: {len(pairs)} QA pairs, {len(mapped)} mapped, "
                         f"{drawn} labelled; the rest were dropped (see rejected.jsonl)")
        settings = config.model_dump(mode="json") | {"chunking": "mirage preset (330 WordPiece tokens, no overlap)"}
        return Generated(items=items, requested_by_type={"mirage": ctx.n}, produced_by_type={"mirage": len(items)},
                         counts=counts, settings=settings, notes=notes, shortfall=shortfall,
                         exports=self.exports(items, ExportSettings()))

    def exports(self, items: list[MirageItem], settings: ExportSettings) -> dict[str, Any]:
        return mirage_exports(items)
