"""The llm strategy's steps: the claims of a drawn claim set, the wording of a draft (the QA check is in llm_qa).

Candidates are found without a model (fact sentences, NER, heuristic claims,
bridge groups); the model is asked only about the claim sets the request draws,
so the calls grow with the number of items asked for, not with the corpus.
Answers are still computed by construction (the heuristic drafts). Every reply is
parsed into a schema (see llm_replies) and checked against the evidence it came from:
malformed, off-schema or unsupported output becomes a Rejected record, never an item
(a model claim that fails gives way to the heuristic claim of its sentence, labelled).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from benchsmith.generators.core.step import LLMStep, Reply
from benchsmith.generators.multihop.claims import entailed
from benchsmith.generators.multihop.llm_qa import (  # noqa: F401  (re-exported: callers import the steps here)
    AloneInput,
    AnswerAlone,
    CheckItem,
    alone_input,
)
from benchsmith.generators.multihop.llm_replies import (  # noqa: F401  (re-exported: tests and callers import them here)
    AloneOut,
    ClaimsOut,
    QAAnswers,
    QueryOut,
    claim_key,
    claims_model,
    with_item_count,
)
from benchsmith.generators.multihop.models import Claim, ClaimSet, Draft
from benchsmith.generators.multihop.text import contains_phrase, content_tokens
from benchsmith.prompting import messages, prompt_hash
from benchsmith.types import Document, Rejected, content_id

# The prompt numbers the reports ("report 1's figure"); a question that repeats a number means nothing to a reader.
PROMPT_LABEL = re.compile(r"\b(?:report|claim|document|excerpt)\s*#?\d+\b", re.IGNORECASE)

QUERY_PROMPTS = {
    "inference_query": "multihop_inference.v1.j2",
    "comparison_query": "multihop_comparison.v1.j2",
    "temporal_query": "multihop_temporal.v1.j2",
    "null_query": "multihop_null.v1.j2",
    "bridge_query": "multihop_inference.v1.j2",  # composed drafts are not reworded (see WordQuery.skip)
}


def iso(doc: Document) -> str:
    return doc.published_at.isoformat() if doc.published_at else "unknown"


def _reject(step: str, reason: str, ref: str | None, detail: str | None = None, raw: str | None = None) -> Rejected:
    return Rejected(step=step, reason=reason, detail=detail, input_ref=ref, raw_output=raw)


# -- step 3: the claims of a drawn claim set ----------------------------------------
@dataclass(frozen=True)
class EvidenceView:
    """One evidence sentence of a claim set as the model sees it: the sentence, its article and the
    pronoun the heuristic resolved in it (a small model follows "'She' is Lucia Brandt" better than
    it reads a paragraph of context, and the prompt stays short)."""

    claim: Claim  # the heuristic claim the set was drawn with
    title: str
    source: str
    published_at: str
    pronoun: str = ""  # the leading words of the sentence the heuristic replaced ("She", "The company")


@dataclass(frozen=True)
class SetClaimsInput:
    bridge: str
    bridge_kind: str  # "entity" or "topic"
    evidence: tuple[EvidenceView, ...]


@dataclass
class SetClaims:
    claims: list[Claim]


def replaced_words(sentence: str, claim: Claim) -> str:
    """The leading words of `sentence` that the heuristic claim replaced with `claim.resolved` ("" if none)."""
    if not claim.resolved:
        return ""
    common = 0
    for a, b in zip(reversed(sentence), reversed(claim.text), strict=False):
        if a != b:
            break
        common += 1
    return sentence[: len(sentence) - common].strip()


def set_claims_input(cs: ClaimSet, documents: dict[str, Document]) -> SetClaimsInput:
    views = []
    for c in cs.claims:
        doc = documents[c.fact.doc_id]
        views.append(EvidenceView(c, doc.title, doc.source or "", iso(doc), replaced_words(c.fact.text, c)))
    return SetClaimsInput(cs.group.surface, cs.group.kind, tuple(views))


CLAIM_TOKENS = 70  # one claim and its key; a reply that runs past n claims is cut off, not waited for


@dataclass(frozen=True)
class WriteSetClaims(LLMStep):
    """The claims of one drawn claim set, written by the model in one call (MultiHop-RAG's claim step).

    The model is asked only for the sets the request needs, never for the whole corpus.
    Each claim is checked against its own evidence sentence (not the surrounding text,
    which a hostile document may fill with instructions): every content word must come
    from the sentence, the heuristic claim (whose pronouns are resolved) or the bridge, and an
    entity-bridged claim must still name the bridge.
    A claim that is missing or fails a check is replaced by the heuristic claim of that
    sentence (labelled strategy "heuristic" in the item's provenance) and recorded in the
    ledger: the set's items stay correct, and the model's failures stay visible.
    """

    name: ClassVar[str] = "multihop.claims_llm"
    version: ClassVar[str] = "2"
    template: ClassVar[str] = "multihop_claims_set.v1.j2"
    response_model: ClassVar[type] = ClaimsOut
    max_tokens: ClassVar[int | None] = 4 * CLAIM_TOKENS + 20
    output_type: ClassVar[type] = SetClaims

    def response_model_for(self, item: SetClaimsInput) -> type[ClaimsOut]:
        return claims_model(len(item.evidence))

    def max_tokens_for(self, item: SetClaimsInput) -> int:
        return CLAIM_TOKENS * len(item.evidence) + 20

    def variables(self, item: SetClaimsInput) -> dict[str, Any]:
        return {"bridge": item.bridge, "facts": [
            {"evidence": v.claim.fact.text, "pronoun": v.pronoun, "resolved": v.claim.resolved or ""}
            for v in item.evidence]}

    def parse(self, reply: Reply, item: SetClaimsInput) -> Any:
        written: dict[int, str] = reply.parsed.claims
        claims: list[Claim] = []
        dropped: list[Rejected] = []
        for number, view in enumerate(item.evidence, start=1):
            text = (written.get(number) or "").strip()
            problem = self._check(text, view, item)
            if problem is None:
                fact = view.claim.fact
                claims.append(replace(view.claim, claim_id=content_id(fact.fact_id, text, prefix="c-"), text=text,
                                      strategy="llm", raw_output=reply.text))
                continue
            reason, detail = problem
            dropped.append(_reject(self.name, reason, view.claim.fact.fact_id,
                                   f"{detail}; sentence {number} keeps its heuristic claim", reply.text))
            claims.append(view.claim)
        return [SetClaims(claims), *dropped]

    @staticmethod
    def _check(text: str, view: EvidenceView, item: SetClaimsInput) -> tuple[str, str] | None:
        """(reason, detail) when the model's claim for one sentence cannot be used, else None."""
        fact = view.claim.fact
        if not text:
            return "claim_missing", "no claim written"
        if item.bridge_kind == "entity" and not contains_phrase(text, item.bridge):
            return "bridge_missing_from_claim", f"does not name {item.bridge}"
        drift = entailed(text, " ".join((fact.text, view.claim.text)), item.bridge)
        if drift:
            return "claim_drift", f"unsupported tokens: {', '.join(drift)}"
        return None


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
    """The model's wording of a computed draft; the answer stays the computed one. A wording that does not
    draw on every claim (or a null query's wording that drops its entity) is recorded and the template
    wording kept."""

    name: ClassVar[str] = "multihop.query_llm"
    template: ClassVar[str] = "multihop_inference.v1.j2"  # per type: see `template_for`
    response_model: ClassVar[type] = QueryOut
    max_tokens: ClassVar[int | None] = 90  # one short question (replies run 15-50 tokens)
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

    def skip(self, item: WordingInput) -> Any:
        """Composed questions and corpus-built null queries are already short and fluent: no call."""
        draft = item.draft
        if all(c.strategy == "composed" for c in draft.claims) and draft.claims:
            return [draft]
        if draft.question_type == "null_query" and not draft.null_sources:
            return [draft]
        return None

    def parse(self, reply: Reply, item: WordingInput) -> Any:
        draft = item.draft
        ref = content_id(draft.query, prefix="d-")
        query = reply.parsed.query.strip()
        # A wording that fails its check gives way to the draft's own (template) wording, which was built
        # from every claim and stays labelled strategy "heuristic": the call is not wasted on a weak model.
        if draft.question_type == "null_query":
            if not contains_phrase(query, draft.null_entities[0]):
                return [draft, _reject(self.name, "null_entity_missing", ref,
                                       f"{draft.null_entities[0]}; the template wording is kept", reply.text)]
        elif not tied_to_evidence(query, draft, item.sources):
            return [draft, _reject(self.name, "query_not_tied_to_evidence", ref,
                                   f"{query[:200]}; the template wording is kept", reply.text)]
        if PROMPT_LABEL.search(query):
            return [draft, _reject(self.name, "prompt_label_in_query", ref,
                                   f"{query[:200]}; the template wording is kept", reply.text)]
        name = self.template_for(item)
        return replace(draft, query=query, strategy="llm", prompt_name=name, prompt_hash=prompt_hash(name),
                       model=reply.model, raw_output=reply.text)

    def key(self, item: WordingInput) -> str:
        return content_id(item.draft.query, item.draft.answer, *(c.claim_id for c in item.draft.claims), prefix="d-")
