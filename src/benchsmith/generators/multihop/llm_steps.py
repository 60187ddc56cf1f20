"""The llm strategy's steps: fact selection, claim writing, the claim check, query wording and the QA check.

Answers are still computed by construction (the heuristic drafts); the model
picks sentences, writes claims and words questions. Every reply is parsed into
a strict schema and checked against the evidence it came from: malformed,
off-schema or unsupported output becomes a Rejected record, never an item.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.generators.core.step import LLMStep, Reply
from benchsmith.generators.multihop.claims import entailed, singular
from benchsmith.generators.multihop.facts import candidate_sentences
from benchsmith.generators.multihop.models import Claim, Draft, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis
from benchsmith.generators.multihop.text import content_tokens, contains_phrase, normalize_entity
from benchsmith.prompting import messages, prompt_hash
from benchsmith.schemas.multihop import MultihopItem
from benchsmith.types import Chunk, Document, Rejected, content_id

QUERY_PROMPTS = {
    "inference_query": "multihop_inference.v1.j2",
    "comparison_query": "multihop_comparison.v1.j2",
    "temporal_query": "multihop_temporal.v1.j2",
    "null_query": "multihop_null.v1.j2",
}
_LLM_CANDIDATE_SKIPS = {"crosses_chunk_boundary", "too_short", "too_long", "not_a_sentence"}
CONTEXT_BEFORE, CONTEXT_AFTER = 400, 200


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FactSelection(_Strict):
    fact_sentences: list[int]


class ClaimOut(_Strict):
    claim: str
    target: str
    topic: str


class ClaimCheck(_Strict):
    consistent: bool
    reason: str = ""


class QueryOut(_Strict):
    query: str = Field(min_length=10, max_length=1500)


class QACheck(_Strict):
    uses_all_evidence: bool
    answerable_from_evidence: bool
    single_answer: bool
    matches_type: bool
    reason: str = ""


def iso(doc: Document) -> str:
    return doc.published_at.isoformat() if doc.published_at else "unknown"


def _reject(step: str, reason: str, ref: str | None, detail: str | None = None, raw: str | None = None) -> Rejected:
    return Rejected(step=step, reason=reason, detail=detail, input_ref=ref, raw_output=raw)


# -- step 2: fact selection ------------------------------------------------------
@dataclass(frozen=True)
class DocCandidates:
    """One article's metadata and its candidate fact sentences (those that fit inside one chunk)."""

    doc_id: str
    title: str
    source: str
    published_at: str
    candidates: tuple[Fact, ...]


def doc_candidates(doc: Document, chunks: list[Chunk]) -> DocCandidates:
    facts = tuple(f for f, reason in candidate_sentences(doc, chunks) if reason not in _LLM_CANDIDATE_SKIPS)
    return DocCandidates(doc.doc_id, doc.title, doc.source or "", iso(doc), facts)


@dataclass
class Picked:
    doc_id: str
    facts: list[Fact]


@dataclass(frozen=True)
class SelectFacts(LLMStep):
    name: ClassVar[str] = "multihop.facts_llm"
    template: ClassVar[str] = "multihop_facts.v1.j2"
    response_model: ClassVar[type] = FactSelection
    output_type: ClassVar[type] = Picked
    max_facts: int = 12

    def variables(self, item: DocCandidates) -> dict[str, Any]:
        return {"title": item.title, "source": item.source, "published_at": item.published_at,
                "sentences": [f.text for f in item.candidates], "max_facts": self.max_facts}

    def skip(self, item: DocCandidates) -> Any:
        return Picked(item.doc_id, []) if not item.candidates else None

    def parse(self, reply: Reply, item: DocCandidates) -> list[Any]:
        out: list[Any] = []
        picked = []
        for i in dict.fromkeys(reply.parsed.fact_sentences):
            if 0 <= i < len(item.candidates):
                picked.append(item.candidates[i])
            else:
                out.append(_reject(self.name, "fact_index_out_of_range", item.doc_id,
                                   f"index {i} of {len(item.candidates)}", reply.text))
        return [Picked(item.doc_id, sorted(picked, key=lambda f: f.start)[: self.max_facts]), *out]


# -- step 3: claims and their check ------------------------------------------------
@dataclass(frozen=True)
class ClaimInput:
    fact: Fact
    analysis: SentenceAnalysis
    title: str
    source: str
    published_at: str
    context: str


def claim_input(doc: Document, fact: Fact, analysis: SentenceAnalysis) -> ClaimInput:
    context = doc.text[max(0, fact.start - CONTEXT_BEFORE) : fact.end + CONTEXT_AFTER]
    return ClaimInput(fact, analysis, doc.title, doc.source or "", iso(doc), context)


@dataclass(frozen=True)
class WriteClaim(LLMStep):
    """One self-contained claim per fact, with its target (bridge entity) and topic.

    The claim is checked against its own evidence sentence (not the surrounding
    context, which a hostile document may fill with instructions): every content
    word must come from the sentence, the article title or the target.
    """

    name: ClassVar[str] = "multihop.claims_llm"
    template: ClassVar[str] = "multihop_claims.v1.j2"
    response_model: ClassVar[type] = ClaimOut
    output_type: ClassVar[type] = Claim

    def variables(self, item: ClaimInput) -> dict[str, Any]:
        return {"title": item.title, "source": item.source, "published_at": item.published_at,
                "context": item.context, "evidence": item.fact.text}

    def parse(self, reply: Reply, item: ClaimInput) -> Any:
        f, a = item.fact, item.analysis
        out: ClaimOut = reply.parsed
        claim_text, target, topic = out.claim.strip(), out.target.strip(), out.topic.strip()
        if not claim_text or not target:
            return _reject(self.name, "no_claim", f.fact_id, raw=reply.text)
        if not contains_phrase(item.context + " " + item.title, target):
            return _reject(self.name, "target_not_in_context", f.fact_id, target, reply.text)
        drift = entailed(claim_text, f.text + " " + item.title, target)
        if drift:
            return _reject(self.name, "claim_drift", f.fact_id, f"unsupported tokens: {', '.join(drift)}", reply.text)
        norm = normalize_entity(target)
        ents = list(a.entities)
        label = next((e.label for e in ents if e.norm == norm), "ENTITY")
        if all(e.norm != norm for e in ents):
            ents.insert(0, Entity(target, label, norm, 0))
        return Claim(
            claim_id=content_id(f.fact_id, claim_text, prefix="c-"), fact=f, text=claim_text, target=target,
            target_norm=norm, target_label=label, topic=topic or a.topic,
            topic_norm=singular(normalize_entity((topic or a.topic or target).split()[-1])),
            entities=tuple(ents), quantities=a.quantities, strategy="llm", raw_output=reply.text,
        )


@dataclass(frozen=True)
class CheckInput:
    claim: Claim
    context: str


@dataclass(frozen=True)
class CheckClaim(LLMStep):
    """The model's fact check of each claim against its evidence (the paper used UniEval here)."""

    name: ClassVar[str] = "multihop.claim_check"
    template: ClassVar[str] = "multihop_claim_check.v1.j2"
    response_model: ClassVar[type] = ClaimCheck
    output_type: ClassVar[type] = Claim

    def variables(self, item: CheckInput) -> dict[str, Any]:
        return {"context": item.context, "evidence": item.claim.fact.text, "claim": item.claim.text}

    def parse(self, reply: Reply, item: CheckInput) -> Any:
        if not reply.parsed.consistent:
            return _reject(self.name, "claim_judge_inconsistent", item.claim.claim_id, reply.parsed.reason, reply.text)
        return item.claim


# -- step 5: wording the computed drafts --------------------------------------------
@dataclass(frozen=True)
class Source:
    source: str
    title: str
    published_at: str


@dataclass(frozen=True)
class WordingInput:
    draft: Draft
    sources: tuple[Source, ...]  # the document of each claim, in order
    noun: str


def _basis(draft: Draft) -> str:
    comp = draft.computation
    op = comp.get("op")
    n = len(draft.claims)
    if op in ("gt", "lt"):
        vals = ", ".join(f"report {i + 1}: {v:g}" for i, v in enumerate(comp["values"]))
        return (f"the {comp['unit']} figures are {vals}; the question asks whether report 1's is "
                f"{'higher' if op == 'gt' else 'lower'} than every other")
    if op == "all_mention":
        pres = ", ".join(f"report {i + 1} {'does' if p else 'does not'}" for i, p in enumerate(comp["present"]))
        return f"asked whether all {n} reports mention {comp['term']}: {pres}"
    if op in ("before_after", "in_order"):
        dates = ", ".join(f"report {i + 1} published {d}" for i, d in enumerate(comp["published_at"]))
        what = "report 1 came before or after report 2" if op == "before_after" else "the reports came out in the listed order"
        return f"{dates}; the question asks whether {what}"
    return "it follows from the claims"


def tied_to_evidence(query: str, draft: Draft, sources: tuple[Source, ...]) -> bool:
    """Whether the worded query draws on every evidence claim (a content word of the claim or its article).

    A query that says nothing of some evidence (e.g. one an injected title talked the model
    into) is not the question the computed answer belongs to.
    """
    words = content_tokens(query)
    for claim, src in zip(draft.claims, sources, strict=True):
        if not words & (content_tokens(claim.text) | content_tokens(src.title) | content_tokens(src.source)):
            return False
    return True


@dataclass(frozen=True)
class WordQuery(LLMStep):
    """The model's wording of a computed draft; the answer stays the computed one."""

    name: ClassVar[str] = "multihop.query_llm"
    template: ClassVar[str] = "multihop_inference.v1.j2"  # per type: see `template_for`
    response_model: ClassVar[type] = QueryOut
    output_type: ClassVar[type] = Draft

    def template_for(self, item: WordingInput) -> str:
        return QUERY_PROMPTS[item.draft.question_type]

    def build_prompt(self, item: WordingInput) -> list[dict[str, str]]:
        return messages(self.template_for(item), system=self.system, **self.variables(item))

    def prompt_hash(self) -> str:
        return ",".join(prompt_hash(name) for name in sorted(QUERY_PROMPTS.values()))

    def variables(self, item: WordingInput) -> dict[str, Any]:
        draft = item.draft
        if draft.question_type == "null_query":
            return {"entity": draft.null_entities[0], "sources": list(draft.null_sources), "topic": draft.bridge_topic or ""}
        return {
            "claims": [{"source": s.source, "title": s.title, "published_at": s.published_at, "claim": c.text}
                       for c, s in zip(draft.claims, item.sources, strict=True)],
            "keywords": list(draft.keywords),
            "answer": draft.answer,
            "noun": item.noun,
            "bridge": draft.bridge_entity or draft.bridge_topic or "",
            "basis": _basis(draft),
        }

    def parse(self, reply: Reply, item: WordingInput) -> Any:
        draft = item.draft
        ref = content_id(draft.query, prefix="d-")
        query = reply.parsed.query.strip()
        if draft.question_type == "null_query":
            if not contains_phrase(query, draft.null_entities[0]):
                return _reject(self.name, "null_entity_missing", ref, draft.null_entities[0], reply.text)
        elif not tied_to_evidence(query, draft, item.sources):
            return _reject(self.name, "query_not_tied_to_evidence", ref, query[:200], reply.text)
        name = self.template_for(item)
        return replace(draft, query=query, strategy="llm", prompt_name=name, prompt_hash=prompt_hash(name),
                       model=reply.model, raw_output=reply.text)

    def key(self, item: WordingInput) -> str:
        return content_id(item.draft.query, item.draft.answer, *(c.claim_id for c in item.draft.claims), prefix="d-")


# -- step 6: the paper's four criteria -----------------------------------------------
@dataclass(frozen=True)
class CheckItem(LLMStep):
    """The paper's quality criteria per item; a Rejected names the first that failed."""

    name: ClassVar[str] = "multihop.qa_check"
    template: ClassVar[str] = "multihop_qa_check.v1.j2"
    response_model: ClassVar[type] = QACheck
    output_type: ClassVar[type] = MultihopItem

    def key(self, item: MultihopItem) -> str:
        return item.item_id

    def variables(self, item: MultihopItem) -> dict[str, Any]:
        return {"question_type": item.question_type, "query": item.query, "answer": item.answer,
                "evidence": [{"source": e.source or "", "published_at": e.published_at or "", "fact": e.fact}
                             for e in item.evidence]}

    def parse(self, reply: Reply, item: MultihopItem) -> Any:
        verdict: QACheck = reply.parsed
        failed = [k for k in ("uses_all_evidence", "answerable_from_evidence", "single_answer", "matches_type")
                  if not getattr(verdict, k)]
        if failed:
            return _reject(self.name, f"qa_{failed[0]}", item.item_id, verdict.reason, reply.text)
        return item
