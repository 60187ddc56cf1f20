"""Steps 1-4: articles -> facts -> entities -> claims -> bridge groups, each expensive step a checkpointed stage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from benchsmith.generators.multihop.aliases import merge_aliases
from benchsmith.generators.multihop.claims import build_claims, document_frequency, is_headline, main_entity, shares_keywords
from benchsmith.generators.multihop.config import MultihopConfig
from benchsmith.generators.multihop.coref import resolve_antecedent
from benchsmith.generators.multihop.entity_types import EntityTypes, lowercase_words, relabel_all, vote_types
from benchsmith.generators.multihop.grouping import bridge_groups, build_claim_graph
from benchsmith.generators.multihop.models import BridgeGroup, Claim, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, split_conjoined
from benchsmith.generators.multihop.selection import select_articles, short_story_threshold
from benchsmith.generators.multihop.steps import AnalyzeSentences, ExtractFacts, doc_batches, load_nlp, sentence_batches
from benchsmith.generators.multihop.text import normalize_entity
from benchsmith.types import Document, Rejected

_DEFAULT_MIN_TOKENS = next(f.default for f in fields(MultihopConfig) if f.name == "min_tokens")


@dataclass
class Prepared:
    documents: list[Document]
    facts: dict[str, list[Fact]]
    claims: list[Claim]
    groups: list[BridgeGroup]
    entity_names: set[str]
    # Per document, the named entities of its fact sentences (norm -> (label, surface)): what an answer must be
    # unique among, and what a question may name a story by.
    doc_entities: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)
    duplicates: set[str] = field(default_factory=set)  # re-sent copies of an earlier document: never cited
    notes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def selection_note(total: int, kept: int, rejected: list[Rejected], min_tokens: int) -> str:
    """What the article selection kept and dropped, by reason (a wire collection holds many one-paragraph items)."""
    short = sum(r.reason == "too_short" for r in rejected if r.step == "multihop.select")
    copies = sum(r.reason == "near_duplicate_article" for r in rejected if r.step == "multihop.select")
    return (f"articles: {kept} of {total} used; {short} dropped as shorter than --min-tokens {min_tokens}, "
            f"{copies} as near-duplicates (re-sent copies) of another")


def heuristic_claims(
    documents: Sequence[Document],
    facts: dict[str, list[Fact]],
    analyses: dict[str, list[SentenceAnalysis]],
    rejected: list[Rejected],
    types: EntityTypes | None = None,
) -> list[Claim]:
    """Claims for the facts of articles that share keywords with another article.

    Leading pronouns are resolved in the article text with the corpus-wide entity
    `types` (voted from `analyses` when not given); an encyclopedic title entity
    is the fallback referent.
    """
    types = types or vote_types(facts, analyses)
    df = document_frequency(analyses)
    claims: list[Claim] = []
    for doc in documents:
        doc_analyses = analyses.get(doc.doc_id, [])
        if not facts.get(doc.doc_id):
            continue
        if not shares_keywords(doc.doc_id, doc_analyses, df):
            rejected.append(Rejected(step="multihop.keywords", reason="no_shared_keywords", input_ref=doc.doc_id))
            continue
        main = main_entity(doc, doc_analyses)
        # The fallback referent: an encyclopedic title's entity, or the subject of a wire story's headline.
        title_main = main if main is not None and doc.title and (
            main.norm == normalize_entity(doc.title) or is_headline(doc.title)) else None
        for fact, analysis in zip(facts[doc.doc_id], doc_analyses, strict=True):

            def antecedent(
                labels: frozenset[str], gender: str | None = None, doc: Document = doc, fact: Fact = fact, title_main=title_main
            ) -> Entity | None:
                found = resolve_antecedent(doc.text, fact.start, labels, types, gender)
                if found is None and title_main is not None and title_main.label in labels | {"ENTITY"}:
                    return title_main
                return found

            claim, rej = build_claims(fact, analysis, main, df, antecedent)
            if claim is not None:
                claims.append(claim)
            elif rej is not None:
                rejected.append(rej)
    return claims


def _facts(ctx, selected: list[Document], cfg) -> tuple[dict[str, list[Fact]], dict[str, int]]:
    """Fact sentences per selected document, and counts of the sentences skipped, by reason."""
    facts: dict[str, list[Fact]] = {}
    skipped: dict[str, int] = {}
    for out in ctx.run_step(ExtractFacts(classifier=cfg.classifier), doc_batches(selected, ctx.corpus.chunks_by_doc)):
        facts.update(out.facts)
        for k, v in out.skipped.items():
            skipped[k] = skipped.get(k, 0) + v
    return {d.doc_id: facts.get(d.doc_id, []) for d in selected}, skipped


def _analyses(ctx, selected: list[Document], facts: dict[str, list[Fact]], cfg) -> dict[str, list[SentenceAnalysis]]:
    step = AnalyzeSentences(ner=cfg.ner, batch_size=cfg.spacy_batch_size, n_process=cfg.spacy_processes)
    result: dict[str, list[SentenceAnalysis]] = {d: [] for d in facts}
    for out in ctx.run_step(step, sentence_batches(selected, facts)):
        result.update(out.analyses)
    return result


def prepare(ctx, cfg) -> Prepared:
    """Steps 1-4: articles -> facts -> entities -> claims -> bridge groups, with no model (both strategies).

    The llm strategy has the model rewrite the claims of only the sets it draws (see `assemble`).
    """
    rejected: list[Rejected] = []
    timer = ctx.timer
    min_tokens, lowered_note = cfg.min_tokens, None
    if cfg.min_tokens == _DEFAULT_MIN_TOKENS:
        lowered = short_story_threshold(ctx.corpus.documents, cfg.min_tokens)
        if lowered is not None:
            min_tokens = lowered
            lowered_note = (f"--min-tokens {cfg.min_tokens} (the default) would drop most of this collection of short "
                            f"stories; {lowered} tokens (its lower quartile) was used instead: pass --min-tokens to fix it")
    with timer.step("select"):
        selected, rej = select_articles(ctx.corpus.documents, min_tokens=min_tokens,
                                        dedup_threshold=cfg.article_dedup_threshold)
        rejected += rej
    with timer.step("facts"):
        facts, skipped = _facts(ctx, selected, cfg)
    with timer.step("ner"):
        analyses = split_conjoined(_analyses(ctx, selected, facts, cfg))
        nlp = load_nlp(cfg.ner)
        common = lowercase_words(d.text for d in selected)
        types = vote_types(facts, analyses, common)
        analyses = relabel_all(analyses, types)
    with timer.step("claims"):
        claims = heuristic_claims(selected, facts, analyses, rejected, types)
        claims, _aliases = merge_aliases(claims)
    with timer.step("grouping"):
        groups = bridge_groups(build_claim_graph(claims))
    ctx.reject(rejected)
    names = {e.text for a in analyses.values() for s in a for e in s.entities}
    notes = [f"NER: {'spaCy ' + nlp.meta.get('name', '') if nlp is not None else 'rules'}", selection_note(
        len(ctx.corpus.documents), len(selected), rejected, min_tokens), *([lowered_note] if lowered_note else [])]
    counts = {
        "documents": len(ctx.corpus.documents), "selected_documents": len(selected),
        "facts": sum(len(v) for v in facts.values()), "claims": len(claims),
        "entity_groups": sum(g.kind == "entity" for g in groups), "topic_groups": sum(g.kind == "topic" for g in groups),
        **{f"skipped_sentences.{k}": v for k, v in sorted(skipped.items())},
    }
    doc_entities: dict[str, dict[str, tuple[str, str]]] = {}
    for c in claims:
        doc_entities.setdefault(c.fact.doc_id, {}).update({e.norm: (e.label, e.text) for e in c.entities if e.norm})
    for doc_id, sents in analyses.items():
        ents = doc_entities.setdefault(doc_id, {})
        for s in sents:
            for e in s.entities:
                if e.norm:
                    ents.setdefault(_aliases.get(e.norm, e.norm), (e.label, e.text))
    duplicates = {r.input_ref for r in rejected if r.reason == "near_duplicate_article" and r.input_ref}
    return Prepared(list(selected), facts, claims, groups, names, doc_entities, duplicates, notes, counts)
