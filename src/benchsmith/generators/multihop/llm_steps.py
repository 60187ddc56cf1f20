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

    def __init__(self, client, *, seed: int = 0, max_facts: int = 12, claim_judge: bool = True) -> None:
        self.client = client
        self.claim_judge = claim_judge
        self.documents: dict[str, Document] = {}
        self.seed = seed
        self.max_facts = max_facts

    # -- step 2 ----------------------------------------------------------------
    def select_facts(self, documents: Sequence[Document], chunks_by_doc: dict[str, list[Chunk]], rejected: list[Rejected]) -> dict[str, list[Fact]]:
        cands: dict[str, list[Fact]] = {}
        requests = []
        for doc in documents:
            facts = [f for f, reason in candidate_sentences(doc, chunks_by_doc.get(doc.doc_id, [])) if reason not in _LLM_CANDIDATE_SKIPS]
            cands[doc.doc_id] = facts
            requests.append(LLMRequest(
                messages=messages(FACTS_PROMPT, title=doc.title, source=doc.source or "", published_at=_iso(doc),
                                  sentences=[f.text for f in facts], max_facts=self.max_facts),
                response_model=FactSelection, step="multihop.facts", input_ref=doc.doc_id,
            ))
        out: dict[str, list[Fact]] = {}
        for doc, completion in zip(documents, self.client.complete_many_sync(requests), strict=True):
            facts = cands[doc.doc_id]
            if completion.rejected is not None:
                rejected.append(completion.rejected)
                out[doc.doc_id] = []
                continue
            picked = []
            for i in dict.fromkeys(completion.parsed.fact_sentences):
                if 0 <= i < len(facts):
                    picked.append(facts[i])
                else:
                    rejected.append(_reject("multihop.facts", "fact_index_out_of_range", doc.doc_id, f"index {i} of {len(facts)}", completion.text))
            out[doc.doc_id] = sorted(picked, key=lambda f: f.start)[: self.max_facts]
        return out

    # -- step 3 ----------------------------------------------------------------
    def write_claims(self, documents: Sequence[Document], facts: dict[str, list[Fact]],
                     analyses: dict[str, list[SentenceAnalysis]], rejected: list[Rejected]) -> list[Claim]:
        docs = {d.doc_id: d for d in documents}
        flat: list[tuple[Fact, SentenceAnalysis, str]] = []
        requests = []
        for doc_id, fs in facts.items():
            doc = docs[doc_id]
            for f, a in zip(fs, analyses.get(doc_id, []), strict=True):
                context = doc.text[max(0, f.start - 400) : f.end + 200]
                flat.append((f, a, context))
                requests.append(LLMRequest(
                    messages=messages(CLAIMS_PROMPT, title=doc.title, source=doc.source or "", published_at=_iso(doc),
                                      context=context, evidence=f.text),
                    response_model=ClaimOut, step="multihop.claims", input_ref=f.fact_id,
                ))
        claims: list[Claim] = []
        contexts: dict[str, str] = {}
        for (f, a, context), completion in zip(flat, self.client.complete_many_sync(requests), strict=True):
            if completion.rejected is not None:
                rejected.append(completion.rejected)
                continue
            out: ClaimOut = completion.parsed
            claim_text, target, topic = out.claim.strip(), out.target.strip(), out.topic.strip()
            if not claim_text or not target:
                rejected.append(_reject("multihop.claims", "no_claim", f.fact_id, raw=completion.text))
                continue
            support = context + " " + docs[f.doc_id].title
            if not contains_phrase(support, target):
                rejected.append(_reject("multihop.claims", "target_not_in_context", f.fact_id, target, completion.text))
                continue
            drift = entailed(claim_text, support, target)
            if drift:
                rejected.append(_reject("multihop.claims", "claim_drift", f.fact_id, f"unsupported tokens: {', '.join(drift)}", completion.text))
                continue
            norm = normalize_entity(target)
            ents = list(a.entities)
            label = next((e.label for e in ents if e.norm == norm), "ENTITY")
            if all(e.norm != norm for e in ents):
                ents.insert(0, Entity(target, label, norm, 0))
            claims.append(Claim(
                claim_id=content_id(f.fact_id, claim_text, prefix="c-"), fact=f, text=claim_text, target=target,
                target_norm=norm, target_label=label, topic=topic or a.topic,
                topic_norm=singular(normalize_entity((topic or a.topic or target).split()[-1])),
                entities=tuple(ents), quantities=a.quantities, strategy="llm", raw_output=completion.text,
            ))
            contexts[claims[-1].claim_id] = context
        return self._judge_claims(claims, contexts, rejected) if self.claim_judge else claims

    def _judge_claims(self, claims: list[Claim], contexts: dict[str, str], rejected: list[Rejected]) -> list[Claim]:
        """The LLM fact check of each claim against its evidence (the paper used UniEval here)."""
        requests = [
            LLMRequest(messages=messages(CLAIM_CHECK_PROMPT, context=contexts[c.claim_id], evidence=c.fact.text, claim=c.text),
                       response_model=ClaimCheck, step="multihop.claim_check", input_ref=c.claim_id)
            for c in claims
        ]
        kept = []
        for c, completion in zip(claims, self.client.complete_many_sync(requests), strict=True):
            if completion.rejected is not None:
                rejected.append(completion.rejected)
            elif not completion.parsed.consistent:
                rejected.append(_reject("multihop.claim_check", "claim_judge_inconsistent", c.claim_id, completion.parsed.reason, completion.text))
            else:
                kept.append(c)
        return kept

    # -- step 5 ----------------------------------------------------------------
    def rewrite_query(self, draft: Draft, cs: ClaimSet | None) -> Draft | Rejected:
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
        ref = content_id(draft.query, prefix="d-")
        completion = self.client.complete_sync(messages(name, **variables), response_model=QueryOut, step=step, input_ref=ref)
        if completion.rejected is not None:
            return completion.rejected
        query = completion.parsed.query.strip()
        if draft.question_type == "null_query" and not contains_phrase(query, draft.null_entities[0]):
            return _reject(step, "null_entity_missing", ref, draft.null_entities[0], completion.text)
        return replace(draft, query=query, strategy="llm", prompt_name=name, prompt_hash=template_hash(name),
                       model=self.client.model_id, raw_output=completion.text)

    def _doc(self, claim: Claim) -> Document:
        return self.documents[claim.fact.doc_id]

    # -- step 6 ----------------------------------------------------------------
    def qa_check_one(self, item: MultihopItem) -> Rejected | None:
        """The paper's four criteria for one item; a Rejected names the first that failed."""
        msgs = messages(QA_PROMPT, question_type=item.question_type, query=item.query, answer=item.answer,
                        evidence=[{"source": e.source or "", "published_at": e.published_at or "", "fact": e.fact} for e in item.evidence])
        completion = self.client.complete_sync(msgs, response_model=QACheck, step="multihop.qa_check", input_ref=item.item_id)
        if completion.rejected is not None:
            return completion.rejected
        verdict: QACheck = completion.parsed
        failed = [k for k in ("uses_all_evidence", "answerable_from_evidence", "single_answer", "matches_type") if not getattr(verdict, k)]
        if failed:
            return _reject("multihop.qa_check", f"qa_{failed[0]}", item.item_id, verdict.reason, completion.text)
        return None
