"""The llm strategy: fact selection, claim writing, query wording and the QA check through the LLM layer.

Answers are still computed by construction (the heuristic drafts); the model
words the question. Whatever the model returns is parsed into a strict schema:
malformed or off-schema output becomes a Rejected record (the client also logs
it in the usage ledger), never an item.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.llm import LLMRequest
from benchsmith.types import Chunk, Document, Rejected, content_id

from benchsmith.generators.multihop.claims import entailed, singular
from benchsmith.generators.multihop.facts import candidate_sentences
from benchsmith.generators.multihop.models import Claim, ClaimSet, Draft, Entity, Fact
from benchsmith.generators.multihop.ner import SentenceAnalysis
from benchsmith.generators.multihop.prompting import messages, template_hash
from benchsmith.generators.multihop.queries._phrasing import type_noun
from benchsmith.generators.multihop.text import contains_phrase, normalize_entity
from benchsmith.schemas.multihop import MultihopItem

FACTS_PROMPT = "multihop_facts.v1.j2"
CLAIMS_PROMPT = "multihop_claims.v1.j2"
CLAIM_CHECK_PROMPT = "multihop_claim_check.v1.j2"
QUERY_PROMPTS = {
    "inference_query": "multihop_inference.v1.j2",
    "comparison_query": "multihop_comparison.v1.j2",
    "temporal_query": "multihop_temporal.v1.j2",
    "null_query": "multihop_null.v1.j2",
}
QA_PROMPT = "multihop_qa_check.v1.j2"
_LLM_CANDIDATE_SKIPS = {"crosses_chunk_boundary", "too_short", "too_long", "not_a_sentence"}


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


def _iso(doc: Document) -> str:
    return doc.published_at.isoformat() if doc.published_at else "unknown"


def _reject(step: str, reason: str, ref: str | None, detail: str | None = None, raw: str | None = None) -> Rejected:
    return Rejected(step=step, reason=reason, detail=detail, input_ref=ref, raw_output=raw)


def _basis(draft: Draft) -> str:
    comp = draft.computation
    op = comp.get("op")
    n = len(draft.claims)
    if op in ("gt", "lt"):
        vals = ", ".join(f"report {i + 1}: {v:g}" for i, v in enumerate(comp["values"]))
        return f"the {comp['unit']} figures are {vals}; the question asks whether report 1's is {'higher' if op == 'gt' else 'lower'} than every other"
    if op == "all_mention":
        pres = ", ".join(f"report {i + 1} {'does' if p else 'does not'}" for i, p in enumerate(comp["present"]))
        return f"asked whether all {n} reports mention {comp['term']}: {pres}"
    if op in ("before_after", "in_order"):
        dates = ", ".join(f"report {i + 1} published {d}" for i, d in enumerate(comp["published_at"]))
        what = "report 1 came before or after report 2" if op == "before_after" else "the reports came out in the listed order"
        return f"{dates}; the question asks whether {what}"
    return "it follows from the claims"


class LLMSteps:
    """LLM versions of the generator steps, sharing one `LLMClient`."""

    def __init__(self, client, *, max_facts: int = 12, claim_judge: bool = True) -> None:
        self.client = client
        self.claim_judge = claim_judge
        self.documents: dict[str, Document] = {}
        self.max_facts = max_facts

    # -- step 2 ----------------------------------------------------------------
    def _facts_request(self, doc: Document, chunks: Sequence[Chunk]) -> tuple[list[Fact], LLMRequest]:
        facts = [f for f, reason in candidate_sentences(doc, chunks) if reason not in _LLM_CANDIDATE_SKIPS]
        request = LLMRequest(
            messages=messages(FACTS_PROMPT, title=doc.title, source=doc.source or "", published_at=_iso(doc),
                              sentences=[f.text for f in facts], max_facts=self.max_facts),
            response_model=FactSelection, step="multihop.facts", input_ref=doc.doc_id,
        )
        return facts, request

    def _facts_result(self, doc: Document, facts: list[Fact], completion, rejected: list[Rejected]) -> list[Fact]:
        if completion.rejected is not None:
            rejected.append(completion.rejected)
            return []
        picked = []
        for i in dict.fromkeys(completion.parsed.fact_sentences):
            if 0 <= i < len(facts):
                picked.append(facts[i])
            else:
                rejected.append(_reject("multihop.facts", "fact_index_out_of_range", doc.doc_id, f"index {i} of {len(facts)}", completion.text))
        return sorted(picked, key=lambda f: f.start)[: self.max_facts]

    def select_facts(self, documents: Sequence[Document], chunks_by_doc: dict[str, list[Chunk]], rejected: list[Rejected]) -> dict[str, list[Fact]]:
        asks = [self._facts_request(doc, chunks_by_doc.get(doc.doc_id, [])) for doc in documents]
        completions = self.client.complete_many_sync([r for _, r in asks])
        return {
            doc.doc_id: self._facts_result(doc, facts, c, rejected)
            for doc, (facts, _), c in zip(documents, asks, completions, strict=True)
        }

    async def facts_for(self, doc: Document, chunks: Sequence[Chunk], rejected: list[Rejected]) -> list[Fact]:
        """`select_facts` for one document (a resumable stage runs it per document)."""
        facts, request = self._facts_request(doc, chunks)
        (completion,) = await self.client.complete_many([request])
        return self._facts_result(doc, facts, completion, rejected)

    # -- step 3 ----------------------------------------------------------------
    def _claim_request(self, doc: Document, f: Fact) -> tuple[str, LLMRequest]:
        context = doc.text[max(0, f.start - 400) : f.end + 200]
        return context, LLMRequest(
            messages=messages(CLAIMS_PROMPT, title=doc.title, source=doc.source or "", published_at=_iso(doc),
                              context=context, evidence=f.text),
            response_model=ClaimOut, step="multihop.claims", input_ref=f.fact_id,
        )

    def _claim_result(self, doc: Document, f: Fact, a: SentenceAnalysis, context: str, completion, rejected: list[Rejected]) -> Claim | None:
        if completion.rejected is not None:
            rejected.append(completion.rejected)
            return None
        out: ClaimOut = completion.parsed
        claim_text, target, topic = out.claim.strip(), out.target.strip(), out.topic.strip()
        if not claim_text or not target:
            rejected.append(_reject("multihop.claims", "no_claim", f.fact_id, raw=completion.text))
            return None
        support = context + " " + doc.title
        if not contains_phrase(support, target):
            rejected.append(_reject("multihop.claims", "target_not_in_context", f.fact_id, target, completion.text))
            return None
        drift = entailed(claim_text, support, target)
        if drift:
            rejected.append(_reject("multihop.claims", "claim_drift", f.fact_id, f"unsupported tokens: {', '.join(drift)}", completion.text))
            return None
        norm = normalize_entity(target)
        ents = list(a.entities)
        label = next((e.label for e in ents if e.norm == norm), "ENTITY")
        if all(e.norm != norm for e in ents):
            ents.insert(0, Entity(target, label, norm, 0))
        return Claim(
            claim_id=content_id(f.fact_id, claim_text, prefix="c-"), fact=f, text=claim_text, target=target,
            target_norm=norm, target_label=label, topic=topic or a.topic,
            topic_norm=singular(normalize_entity((topic or a.topic or target).split()[-1])),
            entities=tuple(ents), quantities=a.quantities, strategy="llm", raw_output=completion.text,
        )

    def write_claims(self, documents: Sequence[Document], facts: dict[str, list[Fact]],
                     analyses: dict[str, list[SentenceAnalysis]], rejected: list[Rejected]) -> list[Claim]:
        docs = {d.doc_id: d for d in documents}
        flat = [(f, a) for doc_id, fs in facts.items() for f, a in zip(fs, analyses.get(doc_id, []), strict=True)]
        asks = [self._claim_request(docs[f.doc_id], f) for f, _ in flat]
        claims: list[Claim] = []
        contexts: dict[str, str] = {}
        for (f, a), (context, _), completion in zip(flat, asks, self.client.complete_many_sync([r for _, r in asks]), strict=True):
            claim = self._claim_result(docs[f.doc_id], f, a, context, completion, rejected)
            if claim is not None:
                claims.append(claim)
                contexts[claim.claim_id] = context
        return self._judge_claims(claims, contexts, rejected) if self.claim_judge else claims

    async def claim_for(self, doc: Document, f: Fact, a: SentenceAnalysis, rejected: list[Rejected]) -> Claim | None:
        """`write_claims` (claim, then the judge) for one fact, for a resumable stage."""
        context, request = self._claim_request(doc, f)
        (completion,) = await self.client.complete_many([request])
        claim = self._claim_result(doc, f, a, context, completion, rejected)
        if claim is None or not self.claim_judge:
            return claim
        (verdict,) = await self.client.complete_many([self._judge_request(claim, context)])
        return claim if self._judge_result(claim, verdict, rejected) else None

    def _judge_request(self, c: Claim, context: str) -> LLMRequest:
        return LLMRequest(messages=messages(CLAIM_CHECK_PROMPT, context=context, evidence=c.fact.text, claim=c.text),
                          response_model=ClaimCheck, step="multihop.claim_check", input_ref=c.claim_id)

    def _judge_result(self, c: Claim, completion, rejected: list[Rejected]) -> bool:
        if completion.rejected is not None:
            rejected.append(completion.rejected)
            return False
        if not completion.parsed.consistent:
            rejected.append(_reject("multihop.claim_check", "claim_judge_inconsistent", c.claim_id, completion.parsed.reason, completion.text))
            return False
        return True

    def _judge_claims(self, claims: list[Claim], contexts: dict[str, str], rejected: list[Rejected]) -> list[Claim]:
        """The LLM fact check of each claim against its evidence (the paper used UniEval here)."""
        requests = [self._judge_request(c, contexts[c.claim_id]) for c in claims]
        completions = self.client.complete_many_sync(requests)
        return [c for c, completion in zip(claims, completions, strict=True) if self._judge_result(c, completion, rejected)]

    # -- step 5 ----------------------------------------------------------------
    def _rewrite_request(self, draft: Draft, cs: ClaimSet | None) -> LLMRequest:
        name = QUERY_PROMPTS[draft.question_type]
        step = f"multihop.query.{draft.question_type.removesuffix('_query')}"
        if draft.question_type == "null_query":
            variables = {"entity": draft.null_entities[0], "sources": list(draft.null_sources), "topic": draft.bridge_topic or ""}
        else:
            variables = {
                "claims": [
                    {"source": c_doc.source or "", "title": c_doc.title, "published_at": _iso(c_doc), "claim": c.text}
                    for c, c_doc in ((c, self._doc(c)) for c in draft.claims)
                ],
                "keywords": list(draft.keywords),
                "answer": draft.answer,
                "noun": type_noun(cs.group.label) if cs is not None else "entity",
                "bridge": draft.bridge_entity or draft.bridge_topic or "",
                "basis": _basis(draft),
            }
        return LLMRequest(messages=messages(name, **variables), response_model=QueryOut, step=step,
                          input_ref=content_id(draft.query, prefix="d-"))

    def _rewrite_result(self, draft: Draft, request: LLMRequest, completion) -> Draft | Rejected:
        if completion.rejected is not None:
            return completion.rejected
        name = QUERY_PROMPTS[draft.question_type]
        query = completion.parsed.query.strip()
        if draft.question_type == "null_query" and not contains_phrase(query, draft.null_entities[0]):
            return _reject(request.step, "null_entity_missing", request.input_ref, draft.null_entities[0], completion.text)
        return replace(draft, query=query, strategy="llm", prompt_name=name, prompt_hash=template_hash(name),
                       model=self.client.model_id, raw_output=completion.text)

    def rewrite_queries(self, drafts: Sequence[tuple[Draft, ClaimSet | None]]) -> list[Draft | Rejected]:
        """The model's wording of each draft (answers stay the computed ones), asked together; in order."""
        requests = [self._rewrite_request(d, cs) for d, cs in drafts]
        completions = self.client.complete_many_sync(requests) if requests else []
        return [self._rewrite_result(d, r, c) for (d, _), r, c in zip(drafts, requests, completions, strict=True)]

    def _doc(self, claim: Claim) -> Document:
        return self.documents[claim.fact.doc_id]

    # -- step 6 ----------------------------------------------------------------
    def _qa_request(self, item: MultihopItem) -> LLMRequest:
        msgs = messages(QA_PROMPT, question_type=item.question_type, query=item.query, answer=item.answer,
                        evidence=[{"source": e.source or "", "published_at": e.published_at or "", "fact": e.fact} for e in item.evidence])
        return LLMRequest(messages=msgs, response_model=QACheck, step="multihop.qa_check", input_ref=item.item_id)

    @staticmethod
    def _qa_result(item: MultihopItem, completion) -> Rejected | None:
        if completion.rejected is not None:
            return completion.rejected
        verdict: QACheck = completion.parsed
        failed = [k for k in ("uses_all_evidence", "answerable_from_evidence", "single_answer", "matches_type") if not getattr(verdict, k)]
        if failed:
            return _reject("multihop.qa_check", f"qa_{failed[0]}", item.item_id, verdict.reason, completion.text)
        return None

    def qa_check_many(self, items: Sequence[MultihopItem]) -> list[Rejected | None]:
        """The paper's four criteria per item, asked together; a Rejected names the first that failed, in item order."""
        requests = [self._qa_request(i) for i in items]
        completions = self.client.complete_many_sync(requests) if requests else []
        return [self._qa_result(i, c) for i, c in zip(items, completions, strict=True)]
