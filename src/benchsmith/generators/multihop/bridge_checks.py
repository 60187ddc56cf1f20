"""Whether an entity bridge links two documents through one clear entity (aliases, namesakes, generic names)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from benchsmith.generators.core.timing import StepTimer
from benchsmith.generators.multihop.collection import is_wire
from benchsmith.generators.multihop.compose.profiles import entity_name
from benchsmith.generators.multihop.grouping import names_bridge
from benchsmith.generators.multihop.models import Draft
from benchsmith.generators.multihop.ner import BRIDGE_LABELS
from benchsmith.generators.multihop.queries._phrasing import type_noun
from benchsmith.generators.multihop.queries.story_subjects import headline_names, is_about
from benchsmith.generators.multihop.same_entity import ContextJudge
from benchsmith.generators.multihop.text import contains_phrase, normalize_entity
from benchsmith.types import Document

_SAME_SUBJECT_TYPES = frozenset({"comparison_query", "temporal_query"})
_PLACE_LABELS = frozenset({"GPE", "LOC", "NORP"})
UBIQUITOUS_BRIDGE_SHARE = 0.5  # a bridge named in more than half of the documents (the home city) links anything to anything


class BridgeChecker:
    """The checks an entity-bridged draft passes before it is worded; `problem` names the first failure."""

    def __init__(self, documents: Mapping[str, Document], index: object, timer: StepTimer,
                 person_names: frozenset[str], doc_entities: Mapping[str, Mapping[str, tuple[str, str]]],
                 embed: object = "auto") -> None:
        self.documents, self.index, self.timer = documents, index, timer
        self.person_names, self.doc_entities = person_names, doc_entities
        self.judge = ContextJudge({normalize_entity(entity_name(d.title)) for d in documents.values() if d.title}, embed)
        self._shares: dict[str, float] = {}
        names = [n for ents in doc_entities.values() for n in ents if " " in n]
        self._sources = {normalize_entity(d.source) for d in documents.values() if d.source}
        names += list(self._sources)
        self._name_words = {w for n in names for w in n.split()}
        self._lower_words = {w for d in documents.values() for w in re.findall(r"\b[a-z][a-z\-]+\b", d.text)}
        self._wire = is_wire(documents)

    def problem(self, draft: Draft) -> str | None:
        """Why an entity-bridged draft's answer is not one clear entity, or None.

        A compound mention ("Wen Achterberg of Tidemark Ventures": a person and a firm) is no
        answer; and "Which organization appears in both ..." needs exactly one organization
        shared by the two documents (others, short forms of the answer aside, make it ambiguous).
        """
        bridge = draft.bridge_entity or ""
        words = bridge.split()
        key = normalize_entity(bridge)
        if key and key in self._sources and self._wire:
            return "source_name_bridge"  # "Reuters" of "told Reuters": where stories come from, not what they share
        group_keys = {e.norm for c in draft.claims for e in c.entities if normalize_entity(e.text) == key or e.norm == key}
        if draft.question_type != "null_query" and bridge and not all(
                any(names_bridge(c, k) for c in draft.claims if c.fact.doc_id == d for k in group_keys)
                for d in {c.fact.doc_id for c in draft.claims}):
            return "evidence_does_not_name_bridge"  # each document's cited sentences must state the link itself
        doc_ids = {c.fact.doc_id for c in draft.claims}
        if draft.question_type in _SAME_SUBJECT_TYPES and not bridge and self._wire and doc_ids and all(
                self.documents[d].published_at is not None for d in doc_ids):
            return "topic_bridge_unrelated"  # a mortgage loan and a syndicated loan: two wire stories, no one subject
        if draft.question_type in _SAME_SUBJECT_TYPES and bridge and self._wire and all(
                self.documents[d].published_at is not None for d in doc_ids):
            # MultiHop-RAG compares and orders two reports on one event or entity: each story names the bridge in
            # its lead (headline and first sentences); and one's headline names it, or both return to it, or they
            # share another name (one event has several actors): not "Congress" named in passing by a tax story
            # and a farm story, nor the SEC that two unrelated filing stories name in their leads.
            names = {bridge, *(e.text for c in draft.claims for e in c.entities if e.norm in group_keys)}
            docs = [self.documents[d] for d in doc_ids]
            recurring = [_mentions(doc.text, names) >= 2 for doc in docs]
            if not all(any(is_about(doc, n) for n in names) for doc in docs):
                return "bridge_not_central"  # an analyst's firm quoted twice in a gas story is not its subject
            if not (all(recurring) or any(headline_names(doc.title, names, self._lower_words) for doc in docs)
                    or self._share_another_name(list(doc_ids), group_keys | {key})):
                return "stories_not_related"  # a regulator every filing names in its lead ("SEC") is no shared subject
            if any(e.norm in group_keys and e.label in _PLACE_LABELS for c in draft.claims for e in c.entities):
                return "place_bridge"  # two stories datelined in one city are not about one event
        for cut in range(2, len(words)):
            if words[cut] in ("of", "at", "and", "from") and " ".join(words[:cut]) in self.person_names:
                return "compound_mention"
        if self.document_share(bridge) > UBIQUITOUS_BRIDGE_SHARE:
            return "generic_bridge"  # the corpus's home city, named in most stories: it links anything to anything
        if len(words) == 1 and key in self._name_words:
            return "ambiguous_short_name"  # "Rovers", "Northgate": a word of a longer name, which may be meant
        if bridge and len({c.fact.doc_id for c in draft.claims}) >= 2:
            names = [bridge, *(e.text for c in draft.claims for e in c.entities if e.norm in group_keys)]
            with self.timer.step("same_entity"):
                same, low = self.judge.agree(key, names, [self.documents[c.fact.doc_id].text for c in draft.claims])
            draft.computation["same_entity"] = {"method": "title" if low is None else self.judge.method,
                                                "min_similarity": None if low is None else round(low, 3)}
            if not same:
                return "contexts_disagree"  # one name, two entities ("San Miguel" the district and the brewer)
        comp = draft.computation
        if comp.get("op") != "bridge_entity" or not self.doc_entities:
            return None
        noun = type_noun(comp.get("label", ""))
        answer = normalize_entity(draft.answer)
        skip = {answer, *(normalize_entity(a) for a in comp.get("anchors", []))}
        doc_ids = list(dict.fromkeys(c.fact.doc_id for c in draft.claims))
        texts = [self.documents[d].text for d in doc_ids]
        rivals = {surface for d in doc_ids for n, (label, surface) in self.doc_entities.get(d, {}).items()
                  if type_noun(label) == noun and n not in skip and not answer.startswith(n + " ")
                  and not n.startswith(answer + " ") and not (len(n.split()) == 1 and n in answer.split())}
        # Checked against the whole articles: another entity of the asked type in both makes two answers.
        others = [r for r in sorted(rivals) if all(contains_phrase(t, r) for t in texts)]
        return "answer_not_unique" if others else None

    def _share_another_name(self, doc_ids: list[str], skip: set[str]) -> bool:
        """Whether the stories share a person, organization or other name besides the bridge (places aside:
        two American stories share "U.S.")."""
        sets = [{n for n, (label, _s) in self.doc_entities.get(d, {}).items()
                 if n not in skip and label not in _PLACE_LABELS and label in BRIDGE_LABELS} for d in doc_ids]
        return bool(sets) and bool(set.intersection(*sets))

    def document_share(self, name: str) -> float:
        """Share of the corpus's documents that name `name` (cached; 0 without a search index)."""
        if name not in self._shares:
            hits = len(self.index.documents_with_phrase(name)) if self.index is not None and name else 0
            self._shares[name] = hits / max(1, len(self.documents))
        return self._shares[name]


def _mentions(text: str, names: set[str]) -> int:
    """How many times the text writes any of `names` (the longest first, each place counted once)."""
    pattern = "|".join(r"\s+".join(re.escape(w) for w in n.split()) for n in sorted(names, key=len, reverse=True) if n)
    return len(re.findall(rf"(?<!\w)(?:{pattern})(?!\w)", text, flags=re.IGNORECASE)) if pattern else 0
