"""Steps 5-7: claim sets -> query drafts -> items that pass every validator and are not near-duplicates.

Each query type is a lazy stream over the bridge groups, so a type that runs
short can be topped up by the others without leaving the 5-point mix tolerance.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from benchsmith.generators.core.timing import StepTimer
from benchsmith.generators.multihop.bridge_checks import BridgeChecker
from benchsmith.generators.multihop.compose.drafts import COMPOSED_TYPES
from benchsmith.generators.multihop.compose.hops import leave_one_out, single_document
from benchsmith.generators.multihop.compose.null import build_corpus_null, name_parts, product_names, proper_words
from benchsmith.generators.multihop.compose.null_roles import person_roles
from benchsmith.generators.multihop.compose.null_sources import DrawnNames
from benchsmith.generators.multihop.config import evidence_weights
from benchsmith.generators.multihop.grouping import draw_claim_set, iter_groups, keywords_for
from benchsmith.generators.multihop.items import draft_to_item
from benchsmith.generators.multihop.llm_steps import (
    AnswerAlone,
    CheckItem,
    Source,
    WordingInput,
    WordQuery,
    WriteSetClaims,
    alone_input,
    iso,
    set_claims_input,
)
from benchsmith.generators.multihop.models import BridgeGroup, ClaimSet, Draft
from benchsmith.generators.multihop.ner import BRIDGE_LABELS
from benchsmith.generators.multihop.queries import HEURISTIC_BUILDERS, build_null
from benchsmith.generators.multihop.queries._phrasing import type_noun
from benchsmith.generators.multihop.shaping import (
    balanced,
    build_short,
    claim_set_ref,
    computation_of,
    name_origins,
    null_names,
    work_kind,
)
from benchsmith.generators.multihop.spread import StorySpread
from benchsmith.schemas.multihop import MultihopItem
from benchsmith.types import Document, Rejected
from benchsmith.validators import errors, names_for, run_validators
from benchsmith.validators.dedup import QueryDeduplicator
from benchsmith.validators.markup import clean

DEDUP = "dedup.query"
LLM_BATCH = 8
LLM_MARGIN = 1.5  # candidates sent to the model per item still needed (its rejections eat the rest)
NULL_TRIES = 10_000
NULL_TRIES_WITH_MODEL = 200
SAMPLES = 20  # candidates kept per kind for rendering sample prompts in an estimate


@dataclass
class Assembler:
    """Draws claim sets, builds drafts, validates and deduplicates them into items."""

    documents: dict[str, Document]
    groups: Sequence[BridgeGroup]
    validation: object  # a ValidationContext
    evidence: tuple[int, int]
    seed: int
    max_sets_per_group: int
    timer: StepTimer
    vocabulary: set[str]
    # The run context: with an LLM client the drafts are worded (and, with `qa_check`, checked) by the model.
    gen: object = None
    qa_check: bool = False
    qa_inconclusive: str = "keep"  # an item the model doubts but the mechanics prove: keep (recorded) or drop
    hop_check: bool = False  # the model answers from each evidence document alone (llm strategy)
    composer: object = None  # a compose.Composer: the HotpotQA-style composed questions, drawn before the pasted ones
    index: object = None  # the CorpusIndex, for the leave-one-out retrieval record of each item
    composed_limit: int = 100
    quota: Mapping[str, int] = field(default_factory=dict)  # items asked per type: with a model, batches follow it
    person_names: frozenset[str] = frozenset()  # PERSON entities the sentence analysis found (null-query name parts)
    thing_names: frozenset[str] = frozenset()  # organization, product, facility ... entities (null-query name parts)
    doc_entities: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)  # per document: norm -> (label, surface)
    doc_claims: dict[str, list] = field(default_factory=dict)  # per document, all its claims (what a mention cites)
    embed: object = "auto"  # the sentence encoder for the same-entity check ("auto": the packaged MiniLM if installed)
    rejected: list[Rejected] = field(default_factory=list)
    # What the dry pass of an estimate counts: claim sets drawn, drafts built, items that passed the validators.
    tally: Counter[str] = field(default_factory=Counter)
    samples: dict[str, list] = field(
        default_factory=lambda: {"sets": [], "buildable_sets": [], "drafts": [], "worded": [], "items": []})

    def __post_init__(self) -> None:
        self.dedup = QueryDeduplicator()
        self._checks = names_for("multihop_item", exclude=(DEDUP,))
        self.llm = self.gen is not None and getattr(self.gen, "client", None) is not None
        self.bridges = BridgeChecker(self.documents, self.index, self.timer, self.person_names, self.doc_entities,
                                     self.embed)
        self.accepted: Counter[str] = Counter()
        self._drawing: str | None = None  # the type whose stream is being drawn (streams are drawn one at a time)
        self.spread = StorySpread(self.documents)

    @property
    def batch_size(self) -> int:
        """Candidates built before they are worded and checked together: with a model, enough for the items
        of the type being drawn that are still missing plus a margin (at most LLM_BATCH), else 1.

        The size depends on the request and on what was accepted, never on --concurrency, so the
        items of a seed stay the same whatever the concurrency; the client bounds requests in flight.
        The margin is rounded down, so a type still missing one item sends one candidate (another is drawn
        only if it is rejected): on a CPU-bound local server each spare candidate costs minutes.
        """
        if not self.llm:
            return 1
        if self._drawing is None or not self.quota:
            return LLM_BATCH
        need = max(1, self.quota.get(self._drawing, 0) - self.accepted[self._drawing])
        return min(LLM_BATCH, need + math.floor(need * (LLM_MARGIN - 1)))

    def wording_input(self, draft: Draft, cs: ClaimSet | None) -> WordingInput:
        sources = tuple(Source(d.source or "", d.title, iso(d)) for d in (self.documents[c.fact.doc_id] for c in draft.claims))
        return WordingInput(draft, sources, type_noun(cs.group.label) if cs is not None else "entity")

    def _word(self, todo: list[tuple[Draft, ClaimSet | None]]) -> list[Draft | None]:
        """The model's wording of each draft, in order (None where it was rejected: see the ledger)."""
        inputs = [self.wording_input(d, cs) for d, cs in todo]
        return [outs[0] if outs else None for outs in self.gen.run_step(WordQuery(), inputs, per_input=True)]

    # -- a batch of candidates -------------------------------------------------
    def accept_batch(self, batch: list[tuple[Draft | str, ClaimSet | None, str]]) -> list[MultihopItem]:
        """Word, validate, deduplicate and QA-check candidates; the accepted items in candidate order."""
        drafts: list[Draft | None] = []
        for draft, cs, qtype in batch:
            if isinstance(draft, str):
                self.rejected.append(Rejected(step=f"multihop.query.{qtype}", reason=draft, input_ref=claim_set_ref(cs)))
                drafts.append(None)
            else:
                drafts.append(draft)
                self._count("drafts", (draft, cs))
                if WordQuery().skip(self.wording_input(draft, cs)) is None:
                    self._count("worded", (draft, cs))  # the drafts the model will be asked to word
        templates = list(drafts)
        if self.llm:
            todo = [(d, cs) for d, (_, cs, _) in zip(drafts, batch, strict=True) if d is not None]
            with self.timer.step("llm_queries"):
                worded = iter(self._word(todo) if todo else [])
            drafts = [next(worded) if d is not None else None for d in drafts]
        items = []
        for draft, template in zip(drafts, templates, strict=True):
            item = self._check(draft) if draft is not None else None
            if item is None and template is not None and draft is not template:
                # The model's wording failed a validator (its rejection is recorded): the template wording,
                # built from every claim and labelled heuristic, is validated in its place.
                item = self._check(template)
            if item is not None:
                items.append(item)
        for item in items:
            self._count("items", item)
        if self.llm and self.qa_check and items:
            with self.timer.step("qa_check"):  # also the hop check: one call per item
                items = self.gen.run_step(CheckItem(inconclusive=self.qa_inconclusive), [alone_input(i, self.documents) for i in items])
        elif self.llm and self.hop_check and items:
            with self.timer.step("hop_check_llm"):
                items = self.gen.run_step(AnswerAlone(inconclusive=self.qa_inconclusive), [alone_input(i, self.documents) for i in items])
        return items

    def _hop_and_validators(self, draft: Draft) -> tuple[MultihopItem, list] | None:
        """The draft as an item with its validator issues, or None (recorded) when one document answers it
        or a validator finds an error."""
        item = draft_to_item(draft, self.documents, seed=self.seed)
        anchors = draft.computation.get("anchors") or []
        if anchors and draft.question_type != "null_query":
            texts = {c.fact.doc_id: self.documents[c.fact.doc_id].text for c in draft.claims}
            if single_document(texts, draft.answer, anchors):
                self.rejected.append(Rejected(step="multihop.hops", reason="single_document_answerable",
                                              input_ref=item.item_id, raw_output=item.query))
                return None
        with self.timer.step("validate"):
            issues = run_validators(item, self.validation, self._checks)
        errs = errors(issues)
        if errs:
            self.rejected.append(
                Rejected(step="multihop.validate", reason=errs[0].code, detail="; ".join(i.message for i in errs)[:500],
                         input_ref=item.item_id, raw_output=item.query)
            )
            return None
        return item, issues

    def _check(self, draft: Draft) -> MultihopItem | None:
        """The programmatic validators and the near-duplicate check; warnings are kept on the item."""
        checked = self._hop_and_validators(draft)
        if checked is None:
            return None
        item, issues = checked
        if not self.spread.admit(item.question_type, [e.doc_id for e in item.evidence],
                                 item.evidence[0].bridge_entity if item.evidence else None):
            self.rejected.append(Rejected(step="multihop.spread", reason="repeated_stories", input_ref=item.item_id,
                                          raw_output=item.query))
            return None
        with self.timer.step("dedup"):
            other = self.dedup.duplicate_of(item.item_id, item.query)
        if other is not None:
            self.rejected.append(Rejected(step="multihop.dedup", reason="near_duplicate_query", detail=f"near-duplicate of {other}",
                                          input_ref=item.item_id, raw_output=item.query))
            return None
        warnings = [i.code for i in issues]
        update: dict = {"warnings": warnings} if warnings else {}
        if self.index is not None and item.question_type != "null_query":
            with self.timer.step("hop_check"):
                comp = computation_of(item)
                hops = leave_one_out(self.index, item.query, list(dict.fromkeys(e.doc_id for e in item.evidence)),
                                     item.answer, comp.get("anchors", []))
            extra = {**(item.provenance.extra or {}), "hop_check": hops}
            update["provenance"] = item.provenance.model_copy(update={"extra": extra})
        return item.model_copy(update=update) if update else item

    def _template_passes(self, draft: Draft) -> bool:
        """Whether the heuristic draft of a set (its template wording) passes the hop and validator checks.

        With a model, only such sets are sent: the template wording is what stays when the model's claims or
        wording fail their checks, so every set the model is asked about can become an item whatever the model
        writes (save its QA check), and no call is spent on a set the validators would drop anyway. A failure is
        recorded like any other rejection (near duplicates are judged later, on the final wording).
        """
        return self._hop_and_validators(draft) is not None

    def _count(self, what: str, sample) -> None:
        self.tally[what] += 1
        if len(self.samples[what]) < SAMPLES:
            self.samples[what].append(sample)

    # -- streams per type ------------------------------------------------------
    def _composed_stream(self, qtype: str) -> Iterator[MultihopItem]:
        batch: list[tuple[Draft | str, ClaimSet | None, str]] = []
        for draft in self.composer.drafts(qtype, self.composed_limit):
            batch.append((draft, None, qtype))
            if len(batch) >= self.batch_size:
                yield from self.accept_batch(batch)
                batch = []
        yield from self.accept_batch(batch)

    def stream(self, qtype: str) -> Iterator[MultihopItem]:
        """The accepted items of one type; Yes/No answers are paired so that their shares stay near one half."""
        return balanced(self._drawn_as(qtype, self._stream(qtype)))

    def _drawn_as(self, qtype: str, items: Iterator[MultihopItem]) -> Iterator[MultihopItem]:
        """`items`, with the batch size following `qtype`'s quota while this stream runs."""
        while True:
            self._drawing = qtype
            item = next(items, None)
            if item is None:
                return
            self.accepted[qtype] += 1
            yield item

    def _stream(self, qtype: str) -> Iterator[MultihopItem]:
        rng = random.Random(f"{self.seed}:{qtype}")
        if self.composer is not None and qtype in COMPOSED_TYPES:
            yield from self._composed_stream(qtype)
        if qtype == "bridge_query":
            return
        if qtype == "null_query":
            yield from self._null_stream(rng)
            return
        extra = {"doc_claims": self.doc_claims} if qtype == "comparison_query" else {}
        builder = partial(HEURISTIC_BUILDERS[qtype], doc_entities=self.doc_entities, **extra)
        weights = evidence_weights(*self.evidence)
        kinds = ("entity",) if qtype == "inference_query" else ("entity", "topic")
        groups = [g for g in iter_groups(self.groups, None, rng) if g.kind in kinds]
        if qtype == "inference_query":
            groups = [g for g in groups if g.label in BRIDGE_LABELS]
        if qtype == "temporal_query":
            groups = [g for g in groups if sum(self.documents[d].published_at is not None for d in g.claims_by_doc) >= 2]
        used: dict[int, set[str]] = {}
        drawn: dict[int, int] = {}
        batch: list[tuple[Draft | str, ClaimSet | None, str]] = []
        sets: list[ClaimSet] = []  # drawn sets waiting for the model's claims (llm strategy)
        progress = True
        while progress:
            progress = False
            for gi, g in enumerate(groups):
                if drawn.get(gi, 0) >= self.max_sets_per_group:
                    continue
                u = used.setdefault(gi, set())
                if qtype == "temporal_query":
                    u.update(d for d in g.claims_by_doc if self.documents[d].published_at is None)
                free = g.n_docs - len(u)
                if free < self.evidence[0]:
                    continue
                ks = [k for k in weights if k <= free] or [free]
                k = rng.choices(ks, weights=[weights.get(x, 1) for x in ks])[0]
                with self.timer.step("queries"):
                    cs = draw_claim_set(g, k, self.documents, rng, u)
                    if cs is None:
                        continue
                    drawn[gi] = drawn.get(gi, 0) + 1
                    progress = True
                    self._count("sets", cs)
                    # The model is asked only about sets whose heuristic draft builds: what the
                    # builder refuses (no comparable value, a bad bridge, ...) the model's prose cannot fix.
                    draft, built = build_short(builder, cs, self.documents, rng, self.evidence[0])
                    if isinstance(draft, Draft):
                        draft = self.bridges.problem(draft) or draft
                    if isinstance(draft, Draft):
                        self._count("buildable_sets", built)
                    if self.llm and isinstance(draft, Draft) and self._template_passes(draft):
                        sets.append(cs)
                    elif self.llm and isinstance(draft, Draft):
                        continue  # recorded by _template_passes; the model is not asked about it
                    else:
                        batch.append((draft, built, qtype))
                if len(sets) >= self.batch_size:
                    yield from self.accept_batch(self._with_model_claims(sets, builder, rng, qtype))
                    sets = []
                if len(batch) >= self.batch_size:
                    yield from self.accept_batch(batch)
                    batch = []
        if sets:
            batch += self._with_model_claims(sets, builder, rng, qtype)
        yield from self.accept_batch(batch)

    def _with_model_claims(self, sets: list[ClaimSet], builder, rng: random.Random, qtype: str
                           ) -> list[tuple[Draft | str, ClaimSet | None, str]]:
        """Drafts built from the model's claims of each drawn set (a set whose claims failed is in the ledger)."""
        with self.timer.step("llm_claims"):
            written = self.gen.run_step(WriteSetClaims(), [set_claims_input(cs, self.documents) for cs in sets],
                                        per_input=True)
        out: list[tuple[Draft | str, ClaimSet | None, str]] = []
        for cs, outs in zip(sets, written, strict=True):
            if not outs:
                continue
            claims = tuple(outs[0].claims)
            cs = ClaimSet(group=cs.group, claims=claims, keywords=keywords_for(claims, cs.group.surface))
            with self.timer.step("queries"):
                draft, cs = build_short(builder, cs, self.documents, rng, self.evidence[0])
            out.append((draft, cs, qtype))
        return out

    def _null_stream(self, rng: random.Random) -> Iterator[MultihopItem]:
        groups = list(self.groups)
        names, sources, people = null_names(self.composer, self.person_names, self.documents)
        all_people = [*names, *self.person_names]  # before the filter below: "Frederic Church" is a person too
        # A real given name or surname is never written in lower case ("Command", "Log" and "Host" are).
        lower = {w for d in self.documents.values() for w in re.findall(r"\b[a-z]+\b", d.text)}
        names = [n for n in names if not any(part.lower() in lower for part in n.split())]
        firsts, lasts = name_parts(names)
        # A corpus without people to name (a manual) gets invented feature names built from its product names.
        texts = [clean(d.text) for d in self.documents.values()] if min(len(firsts), len(lasts)) < 8 else []
        things, proper = product_names(texts), proper_words(texts)
        news = sum(d.published_at is not None for d in self.documents.values()) * 2 >= len(self.documents)
        # the posts a wire's stories name, for its "named X its chief executive" nulls; an encyclopedia's nulls use none
        roles = (person_roles((d.text for d in self.documents.values()), all_people)
                 if not texts and (news or len(sources) >= 2) else [])
        origins = name_origins(self.composer)
        from_corpus = self.index is not None
        batch: list[tuple[Draft | str, ClaimSet | None, str]] = []
        drawn = DrawnNames()
        # Without a model a try costs microseconds; with one, a call: bound the calls, not just the tries.
        for _ in range(NULL_TRIES_WITH_MODEL if self.llm else NULL_TRIES):
            with self.timer.step("null"):
                cs = None
                draft: Draft | str = "too_few_name_parts"
                if from_corpus:
                    draft = build_corpus_null(names, sources, people, self.index, rng, things, work_kind(self.composer), proper,
                                              roles, news, origins)
                    from_corpus = draft != "too_few_name_parts"
                    if draft == "no_safe_null_names":
                        batch.append((draft, None, "null_query"))
                        break  # no names to invent from: no null queries (never the fixed list of other corpora)
                if draft == "too_few_name_parts":
                    if groups:
                        g = groups[rng.randrange(len(groups))]
                        doc_id = sorted(g.claims_by_doc)[0]
                        cs = ClaimSet(group=g, claims=(g.claims_by_doc[doc_id][0],), keywords=())
                    draft = build_null(cs, self.vocabulary, rng)
                if isinstance(draft, Draft) and not drawn.admit(draft):
                    continue  # one question per invented name, no name part or real person drawn on twice
            batch.append((draft, cs, "null_query"))
            if len(batch) >= self.batch_size:
                yield from self.accept_batch(batch)
                batch = []
        yield from self.accept_batch(batch)
