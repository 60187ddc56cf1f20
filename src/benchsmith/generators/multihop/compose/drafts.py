"""Composed candidates turned into Drafts: each evidence value cited by its whole sentence, inside one chunk."""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from benchsmith.generators.multihop.compose.cli_options import option_candidates, read_commands
from benchsmith.generators.multihop.compose.creator_compare import creator_comparison_candidates
from benchsmith.generators.multihop.compose.creator_life import (
    birthplace_bridge_candidates,
    life_bridge_candidates,
    life_inference_candidates,
    life_routes,
    nationality_bridge_candidates,
)
from benchsmith.generators.multihop.compose.defaults import default_candidates, read_defaults
from benchsmith.generators.multihop.compose.earnings import earnings_candidates, read_results
from benchsmith.generators.multihop.compose.field_compare import field_candidates
from benchsmith.generators.multihop.compose.field_contexts import context_candidates, read_contexts
from benchsmith.generators.multihop.compose.field_facts import Default, Since, read_since
from benchsmith.generators.multihop.compose.field_facts import read_defaults as read_field_defaults
from benchsmith.generators.multihop.compose.field_inherit import inherit_candidates
from benchsmith.generators.multihop.compose.founding import founding_candidates, read_foundings
from benchsmith.generators.multihop.compose.hops import single_document
from benchsmith.generators.multihop.compose.inference_choice import swapped_options
from benchsmith.generators.multihop.compose.inverse import inference_candidates
from benchsmith.generators.multihop.compose.limit_lines import read_limit_lines
from benchsmith.generators.multihop.compose.limit_multiples import limit_multiple_candidates
from benchsmith.generators.multihop.compose.limits import limit_comparisons, page_links, read_limits
from benchsmith.generators.multihop.compose.links import find_links, read_profiles, works_by_creator
from benchsmith.generators.multihop.compose.naming import creator_link
from benchsmith.generators.multihop.compose.nationality import nationality_candidates, read_nationalities
from benchsmith.generators.multihop.compose.origins import Origins
from benchsmith.generators.multihop.compose.page_limits import (
    limit_side,
    page_limit_candidates,
    page_limit_pairs,
    read_page_limits,
)
from benchsmith.generators.multihop.compose.place_measures import measure_candidates, read_measures
from benchsmith.generators.multihop.compose.questions import bridge_candidates, comparison_candidates
from benchsmith.generators.multihop.compose.settings import read_settings, setting_candidates
from benchsmith.generators.multihop.compose.shared import (
    PhraseIndex,
    shared_entity_candidates,
    shared_routes,
)
from benchsmith.generators.multihop.compose.variety import by_turns
from benchsmith.generators.multihop.facts import _chunk_for
from benchsmith.generators.multihop.models import Claim, Draft, Fact
from benchsmith.generators.multihop.text import normalize_entity
from benchsmith.types import Chunk, Document, content_id
from benchsmith.validators.markup import clean, has_markup

COMPOSED_TYPES = ("bridge_query", "inference_query", "comparison_query")
MIN_BRIDGES = 4  # the bridge type gets a share where the corpus gives at least this many candidates
DOC_USE_PER = 20  # a document is cited by at most one composed item per this many requested
CITED_PER_ITEM = 24  # documents per requested item a corpus must hold for `doc_cap` to cite each once (a 600-article
# sample asked for 30 items has too few: its inference questions, four articles each, fell short of their share)
EARNINGS_SHARE = 0.25  # of the items requested, at most this share compares two companies' reported results
CONTEXT_SHARE = 0.25  # ... and at most this share asks where two reference entries may be used
LEAD_FACT_SHARE = 0.25  # ... and at most this share compares two places' measures or two organisations' start years
NATIONALITY_SHARE = 0.08  # ... and at most this share (a quarter of the comparisons) asks whether two people shared a nationality
LIFE_USES = 2  # a creator's life (read from any of the articles that state it) is asked at most this often, each
# of its two years once
TOPIC_SHARE = 0.03  # comparisons of one occupation's people (nine of one hockey team's players in 32 items) or
# of one creator's works are at most this share of the items requested (and at least two may be)
CREATOR_SHARE = 0.05  # the works of one creator (as answer, decoy or anchor) and their article are in at most this share
# of the items requested, two at least: Church, Friedrich and Gleizes in 9 of 17 paintings items read as overuse
PERSON_USES = 2  # a person compared with others (dates, nationality) in at most this many questions: one politician
# in five of sixty reads as a benchmark about him. Two people once compared with one third are never compared with
# each other: "A before X" and "X before B" would answer "A before B" for free.


def _claim(doc: Document, chunks: Sequence[Chunk], start: int, end: int, target: str, topic: str) -> Claim | None:
    text = doc.text[start:end].rstrip()
    end = start + len(text)
    ordered = sorted(chunks, key=lambda c: (c.span.start, c.span.end))
    chunk = _chunk_for(start, end, [c.span.start for c in ordered], ordered)
    if chunk is None or not text:
        return None
    fact = Fact(content_id(doc.doc_id, str(start), str(end), prefix="f-"), doc.doc_id, chunk.chunk_id, start, end, text)
    return Claim(
        claim_id=content_id(fact.fact_id, text, prefix="c-"), fact=fact, text=clean(text), target=target,
        target_norm=normalize_entity(target), target_label="ENTITY", topic=topic, topic_norm=normalize_entity(topic),
        strategy="composed",
    )


def _alternate(first: list, second: list) -> list:
    out = []
    for i in range(max(len(first), len(second))):
        out += [c[i] for c in (first, second) if i < len(c)]
    return out


@dataclass
class Composer:
    """Composed drafts per type, from the profiles of the corpus's encyclopedic documents."""

    documents: dict[str, Document]
    chunks_by_doc: dict[str, list[Chunk]]
    seed: int
    n: int = 20  # items requested: a document is cited at most once per DOC_USE_PER items
    used_sets: set[frozenset[str]] = field(default_factory=set)
    used_answers: set[tuple[str, str, str]] = field(default_factory=set)
    doc_uses: Counter = field(default_factory=Counter)
    used_keys: set[str] = field(default_factory=set)  # questions asked (a candidate's `key`), whatever pages cited
    used_sentences: set[tuple[str, int]] = field(default_factory=set)  # (document, start) of every cited sentence
    yes_no: Counter = field(default_factory=Counter)  # Yes and No answers of the drafts accepted so far
    used_hops: set[tuple] = field(default_factory=set)  # (work, creator) hops asked, whichever article gave the fact
    quota_uses: Counter = field(default_factory=Counter)  # drafts accepted per candidate family with a quota
    life_uses: Counter = field(default_factory=Counter)  # creator, and (creator, "born"/"died") -> questions asked
    person_uses: Counter = field(default_factory=Counter)  # a compared person's document -> questions asked
    used_facts: set[tuple[str, str]] = field(default_factory=set)  # (person, "born"/"died"...) a question turned on
    answer_positions: Counter = field(default_factory=Counter)  # 0 or 1: where a choice named its answer
    named_options: set[str] = field(default_factory=set)  # what choices named as options, answer or decoy
    creator_uses: Counter = field(default_factory=Counter)  # a creator -> items citing their works or their article
    topic_uses: Counter = field(default_factory=Counter)  # ("occupation" or "creator", name) -> comparisons asked
    compared_with: dict[str, set[str]] = field(default_factory=dict)  # a compared side's document -> those compared with it
    phrase_index: PhraseIndex | None = None  # built on first use (`index`)

    def __post_init__(self) -> None:
        self.profiles = read_profiles(list(self.documents.values()))
        self.links = find_links(self.profiles, self.documents)
        self.works = works_by_creator(self.profiles)
        docs = list(self.documents.values())
        self.limits = read_limits(docs)  # the typed limits a manual states, compared between related pages
        self.page_links = page_links(docs)
        # Works that share a creator or a collection though neither article names the other (inference, bridge)
        self.routes = shared_routes(self.profiles, self.documents)
        # Works whose creator's life another work's article states (bridge, inference)
        self.life_routes = life_routes(self.profiles, self.documents)

    @property
    def bridgeable(self) -> bool:
        """Whether the bridge type gets a share: only where an article names another's subject. Works that share
        an entity also give bridge questions, but in a corpus of unlinked articles the same few pairs feed the
        inference type, and a bridge share they cannot fill would only shrink the benchmark."""
        elsewhere = (life_bridge_candidates(self.life_routes) + nationality_bridge_candidates(self.profiles, self.documents)
                     + birthplace_bridge_candidates(self.profiles, self.documents))
        return bool(self.links) or len(elsewhere) >= MIN_BRIDGES

    @cached_property
    def texts(self) -> dict[str, str]:
        """The articles by document id."""
        return {d: doc.text for d, doc in self.documents.items()}

    @cached_property
    def origins(self) -> Origins:
        """Where each work comes from, read once for every template that pairs works."""
        return Origins(self.texts, self.profiles)

    @property
    def index(self) -> PhraseIndex:
        """The word index of the documents, built on the first request that describes works by their facts."""
        if self.phrase_index is None:
            self.phrase_index = PhraseIndex(self.texts)
        return self.phrase_index

    @cached_property
    def page_limits(self) -> list:
        """Counts, sizes and durations the pages state as limits of a named thing (a manual's comparable facts),
        read on the first comparison request."""
        docs = list(self.documents.values())
        return read_page_limits(docs, self.chunks_by_doc) + read_limit_lines(docs)

    def _keyed(self, cands: list[dict]) -> list[dict]:
        """The older patterns' comparisons, keyed like the page limits their sentences state, so a pair the
        page limits already asked is not asked again in other words."""
        side_of = {(lim.page.doc_id, lim.sentence.start): limit_side(lim) for lim in self.page_limits}
        out = []
        for cand in cands:
            sides = [side_of.get((p.doc_id, v.start)) for p, v in cand["evidence"]]
            out.append({**cand, "key": " | ".join(sorted(map(str, frozenset(sides))))} if None not in sides else cand)
        return out

    @cached_property
    def field_entries(self) -> tuple[list[Since], list[Default]]:
        """"Available since" versions and numeric defaults the reference entries state in labelled fields."""
        docs = list(self.documents.values())
        return read_since(docs), read_field_defaults(docs)

    @property
    def field_facts(self) -> int:
        return sum(map(len, self.field_entries))

    @cached_property
    def option_questions(self) -> list[dict]:
        """One question per pair of related commands whose pages print their options (a command-line reference)."""
        return option_candidates(read_commands(list(self.documents.values())), self.seed)

    @property
    def command_pairs(self) -> int:
        return len(self.option_questions)

    @cached_property
    def context_questions(self) -> list[dict]:
        """One question per pair of related reference entries whose "Context:" fields say where each may be used."""
        return context_candidates(read_contexts(list(self.documents.values())), self.seed)

    @property
    def context_pairs(self) -> int:
        return len(self.context_questions)

    @cached_property
    def lead_questions(self) -> list[dict]:
        """Two places' measures and two organisations' start years, each read from its article's lead, in turn."""
        docs = list(self.documents.values())
        return _alternate(measure_candidates(read_measures(docs), self.seed),
                          founding_candidates(read_foundings(docs), self.seed))

    @cached_property
    def nationality_questions(self) -> list[dict]:
        """Whether two people of one occupation shared a nationality, a shared one and two different ones in turn."""
        return nationality_candidates(read_nationalities(self.profiles, self.documents), self.seed)

    @property
    def stated_limits(self) -> int:
        """Limits the pages state (each sentence once, whichever reader found it)."""
        return len({(lim.page.doc_id, lim.sentence.start) for lim in [*self.page_limits, *self.limits]})

    @property
    def limit_pairs(self) -> int:
        """Distinct comparisons the stated limits allow (one per pair of limits, whatever pages restate them)."""
        return len({frozenset((limit_side(x), limit_side(y))) for x, y in page_limit_pairs(self.page_limits)})

    @property
    def doc_cap(self) -> int:
        """How many items may cite one document: once per DOC_USE_PER requested, and once only where the corpus
        has room for every item's documents (a director's article in three questions of forty reads as overuse)."""
        room = math.ceil(self.n * CITED_PER_ITEM / max(1, len(self.documents)))
        return max(1, min(math.ceil(self.n / DOC_USE_PER), room))

    def candidates(self, qtype: str, limit: int) -> list[dict]:
        rng = random.Random(f"{self.seed}:composed:{qtype}")
        if qtype == "bridge_query":
            cands = bridge_candidates(self.links, rng)
            lives = _alternate(life_bridge_candidates(self.life_routes),
                               _alternate(nationality_bridge_candidates(self.profiles, self.documents),
                                          birthplace_bridge_candidates(self.profiles, self.documents)))
            # (a work found through a shared creator and its year, "Who painted the 1865 painting in the same
            # collection as X?", is not asked: a museum holds many paintings of one year)
            for group in (cands, lives):
                rng.shuffle(group)
            return by_turns(_alternate(cands, lives))
        elif qtype == "inference_query":
            docs = list(self.documents.values())
            inverse = inference_candidates(self.links, self.texts, self.origins)
            shared = shared_entity_candidates(self.profiles, self.documents, self.routes, self.origins)
            lives = life_inference_candidates(self.life_routes, self.profiles, self.documents, self.origins)
            for group in (inverse, shared, lives):
                rng.shuffle(group)
            inverse = _alternate(by_turns(inverse), limit_multiple_candidates(self.page_limits, docs))
            inverse = _alternate(inverse, inherit_candidates(docs, self.field_entries[1]))  # a reference entry's default borrowed from another
            # The inverse bridge (an article names another's subject) and the shared entity (two articles name
            # one creator) alternate, so neither template fills the type. "Who painted both X and Y?"
            # (shared_creator_candidates) is answered by either article alone, so it is not drawn. A creator's
            # life, read from another work's article, comes last: the few lives a collection states are what its
            # bridge questions ask ("When was the artist of X born?"), and each is asked only so often.
            return _alternate(inverse, shared) + lives
        elif qtype == "comparison_query":
            typed = page_limit_candidates(self.page_limits, rng) + self._keyed(limit_comparisons(self.limits, rng, limit,
                                                                                             self.page_links))
            typed = _alternate(typed, default_candidates(read_defaults(list(self.documents.values())), rng))
            typed = _alternate(typed, field_candidates(*self.field_entries, self.seed))
            typed = _alternate(typed, setting_candidates(read_settings(list(self.documents.values())), self.seed))
            typed = _alternate(typed, self.option_questions)
            # where two entries may be used is one template: a share of the items, as for earnings
            share = ("contexts", math.ceil(self.n * CONTEXT_SHARE))
            contexts = [{**c, "quota": share, **({"flip": {**c["flip"], "quota": share}} if "flip" in c else {})}
                        for c in self.context_questions]
            typed = _alternate(typed, contexts)
            # One template filling a wire's comparisons makes a dull benchmark: a share of them, the stories' own after.
            earnings = [{**c, "quota": ("earnings", math.ceil(self.n * EARNINGS_SHARE))}
                        for c in earnings_candidates(read_results(list(self.documents.values())), self.seed)]
            typed = _alternate(typed, earnings)
            # Two works compared through their creators' lives (four articles) alternate with the works' own facts,
            # and with two places' measures or two organisations' start years, which share one quota (a collection
            # of census stubs would fill the type alone).
            creators = creator_comparison_candidates(self.profiles, self.links, self.documents, rng, limit, self.index,
                                                   self.origins)
            works = _alternate(comparison_candidates(self.profiles, self.links, self.works, rng, limit, self.origins),
                               creators)
            share = ("lead facts", math.ceil(self.n * LEAD_FACT_SHARE))
            leads = [{**c, "quota": share, **({"flip": {**c["flip"], "quota": share}} if "flip" in c else {})}
                     for c in self.lead_questions]
            share = ("nationality", math.ceil(self.n * NATIONALITY_SHARE))
            people = [{**c, "quota": share} for c in self.nationality_questions]
            return _alternate(_alternate(works, leads), people) + typed
        else:
            return []
        rng.shuffle(cands)
        return cands

    def drafts(self, qtype: str, limit: int) -> Iterator[Draft | str]:
        """Drafts in a seeded order, or the reason a candidate was dropped (for the ledger)."""
        for cand in self.candidates(qtype, limit):
            yield self.to_draft(cand)

    def to_draft(self, cand: dict) -> Draft | str:
        flip = cand.get("flip")
        if flip is not None and self.yes_no[cand["answer"]] > self.yes_no[flip["answer"]]:
            cand = flip  # the same question asked the other way round: Yes and No stay even
        if cand.get("options") is not None:
            at = cand["computation"]["choice"].index(cand["answer"])
            if self.answer_positions[at] > self.answer_positions[1 - at]:
                cand = swapped_options(cand)  # a choice's answer is its first option as often as its second
        if has_markup(cand["query"]) or has_markup(cand["answer"]):
            return "markup_in_question"
        ev_docs = list(dict.fromkeys(p.doc_id for p, _ in cand["evidence"]))
        if len(ev_docs) < 2 or len({(p.doc_id, v.start) for p, v in cand["evidence"]}) != len(cand["evidence"]):
            return "evidence_not_distinct"  # two documents at least; one document may give two sentences
        if frozenset(ev_docs) in self.used_sets:
            return "documents_already_asked"  # one question per set of documents, across types
        if cand.get("key") is not None and cand["key"] in self.used_keys:
            return "question_already_asked"  # another page's statement of the same pair was asked
        # One answer reached twice through one shared entity reads as one question asked twice; through another
        # entity (its artist, then its museum) it is another question.
        answer_key = (cand["type"], cand["answer"].strip().lower(), cand.get("bridge") or "")
        if answer_key[1] not in ("yes", "no") and answer_key in self.used_answers:
            return "answer_already_asked"
        if cand.get("hop") is not None and cand["hop"] in self.used_hops:
            return "hop_already_asked"  # "When was the artist of X born?" and "... die?", or its inverse, through another article
        if cand.get("life") is not None and (self.life_uses[cand["life"][0]] >= LIFE_USES or cand["life"] in self.life_uses):
            # one painter's dates in four questions of forty make a dull benchmark; "died in 1953" twice, a repeat
            return "life_asked_enough"
        makers = {p.name if p.kind == "person" else (creator_link(p) or (None, None))[1] for p, _ in cand["evidence"]} - {None}
        if any(self.creator_uses[m] >= max(2, math.ceil(self.n * CREATOR_SHARE)) for m in makers):
            return "creator_asked_enough"
        options = cand["computation"].get("choice") or ()
        if any(o in self.named_options for o in options):
            return "option_already_named"  # "A String of Pearls or Love Is Here to Stay", then "... or A String of Pearls"
        facts = cand.get("facts", ())
        if any(f in self.used_facts for f in facts):
            return "fact_already_asked"  # "When did the director of X die?" and "Did the director of X die before ...?"
        if cand.get("quota") is not None and self.quota_uses[cand["quota"][0]] >= cand["quota"][1]:
            return "template_asked_enough"
        topics = cand.get("topics", ())
        if any(self.topic_uses[t] >= max(2, math.ceil(self.n * TOPIC_SHARE)) for t in topics):
            return "topic_asked_enough"
        people = cand.get("people", ())
        if any(self.person_uses[d] >= PERSON_USES for d in people):
            return "person_asked_enough"
        # two people, or two works of a two-article comparison, both compared with one third: the answer may follow,
        # and three questions over Bailed Up, Golden Summer and Across the Black Soil Plains read as one
        sides = people or (ev_docs if cand["type"] == "comparison_query" and len(ev_docs) == 2 else ())
        if len(sides) == 2 and self.compared_with.get(sides[0], set()) & self.compared_with.get(sides[1], set()):
            return "pair_implied"
        sentences = {(p.doc_id, v.start) for p, v in cand["evidence"]}
        # A manual's limits page states many limits: a question citing sentences of it no other question cited may
        # use it twice as often (`page_facts`); a painting's article in three questions of forty makes a dull benchmark.
        fresh = {d for d in ev_docs if cand.get("page_facts") and not {x for x in sentences if x[0] == d} & self.used_sentences}
        # a choice's decoy counts too: a painting named in four questions of forty, as answer or as decoy, is overused
        if any(self.doc_uses[d] >= self.doc_cap * (2 if d in fresh else 1) for d in ev_docs):
            return "document_used_enough"
        for p, value in cand["evidence"]:
            if value.text.strip() and value.text.strip() not in self.documents[p.doc_id].text[value.start : value.end]:
                return "value_not_in_cited_sentence"
        # an article is about its title ("Tatiana Schlossberg") even where its text names her in full
        texts = {d: f"{self.documents[d].title}\n{self.documents[d].text}" for d in ev_docs}
        alone = single_document(texts, cand["answer"], cand["anchors"])
        if alone:
            return "single_document_answerable"
        claims = []
        for p, value in cand["evidence"]:
            c = _claim(self.documents[p.doc_id], self.chunks_by_doc.get(p.doc_id, []), value.start, value.end,
                       cand.get("bridge") or p.name, cand["computation"].get("attribute") or cand["computation"].get("relation", ""))
            if c is None:
                return "evidence_crosses_chunk"
            claims.append(c)
        if len({c.fact.text.strip().lower() for c in claims}) < len(claims):
            return "duplicated_evidence"
        self.used_sets.add(frozenset(ev_docs))
        self.used_answers.add(answer_key)
        if cand.get("key") is not None:
            self.used_keys.add(cand["key"])
        self.doc_uses.update(ev_docs)
        self.used_sentences.update(sentences)
        if cand["answer"] in ("Yes", "No"):
            self.yes_no[cand["answer"]] += 1
        if cand.get("options") is not None:
            self.answer_positions[cand["computation"]["choice"].index(cand["answer"])] += 1
        if cand.get("hop") is not None:
            self.used_hops.add(cand["hop"])
        if cand.get("quota") is not None:
            self.quota_uses[cand["quota"][0]] += 1
        if cand.get("life") is not None:
            self.life_uses.update((cand["life"][0], cand["life"]))  # per creator, and per (creator, born or died)
        self.person_uses.update(people)
        self.topic_uses.update(topics)
        self.used_facts.update(facts)
        self.named_options.update(options)
        self.creator_uses.update(makers)
        for a, b in ((sides[0], sides[1]), (sides[1], sides[0])) if len(sides) == 2 else ():
            self.compared_with.setdefault(a, set()).add(b)
        computation = {**cand["computation"], "anchors": cand["anchors"]}
        return Draft(
            query=re.sub(r"\?+$", "?", cand["query"]), answer=cand["answer"], question_type=cand["type"], claims=tuple(claims),
            bridge_entity=cand.get("bridge"), bridge_topic=cand["computation"].get("relation") or cand["computation"].get("attribute"),
            keywords=tuple(cand["anchors"]), computation=computation, template=cand["template"],
        )
