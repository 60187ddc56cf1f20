"""Where a heuristic turn's candidates come from: unused passages near the conversation's subject, the same term
again, terms the agent just used, and attributes for unanswerable and partial turns (a mixin of HeuristicBuilder)."""

from __future__ import annotations

import re
from dataclasses import replace

from benchsmith.generators.conversations import drafts as D
from benchsmith.generators.conversations import wording as W
from benchsmith.generators.conversations.passages import Passage, Seed
from benchsmith.generators.conversations.state import State
from benchsmith.generators.conversations.unanswerable import a_subject, mentions
from benchsmith.generators.conversations.wording import KIND_TYPES
from benchsmith.validators.conversation import content_words

POOL_K = 40
_PAGE = re.compile(r"\b(?:examples?|overview|guide|walkthroughs?|resources|introduction|topics|support|documentation|notes|"
                   r"reference|faqs?|how-?to|tutorial)\b", re.I)  # a page, not a thing ('suEXEC Support')
DRIFT_FLOOR = 0.1  # tf-idf similarity to the conversation's passages below which a passage is another subject


class Candidates:
    """Drafts for one turn; expects the HeuristicBuilder's fields (cfg, passages, terms, retrieval, topics, dims, rng,
    run_use) and its `on_topic`, `generic` and `_attributes`."""

    # -- candidates -------------------------------------------------------------------
    def _pool(self, state: State, first: Passage | None) -> list[Seed]:
        """Seeds of unused passages near the conversation's topic, nearest first."""
        if first is not None:
            seeds = [s for s in first.seeds if s.kind not in ("entity", "recommendation") or not self.generic(s.term)]
            self.rng.shuffle(seeds)
            return seeds
        last = state.last
        query = state.topic or " ".join(filter(None, [last.wording.rewrite if last else "", last.term if last else "",
                                                      " ".join(last.grounded.sentences[:1]) if last else ""]))
        near: list[tuple[float, list[Seed]]] = []
        far: list[tuple[float, list[Seed]]] = []
        marks = state.anchors()
        # what a search for the topic finds, and the passages nearest the ones just used (a search can miss them)
        found = [chunk.chunk_id for chunk, _ in self.retrieval.top(query, POOL_K)]
        found += [n for a in marks for n in self.topics.neighbours(a)]
        again: list[Seed] = []  # a passage asked about already still answers its other questions, tried last
        for chunk_id in dict.fromkeys(found):
            if chunk_id in state.used:
                again += self._unsaid(state, chunk_id)
                continue
            chunk = self.retrieval.chunks_by_id[chunk_id]
            # a recommendation on the corpus's whole subject ("What do you recommend when it comes to Amazon S3?") is
            # too broad to ask; one on a page's task is not
            seeds = [s for s in self.passages[chunk_id].seeds if s.kind in ("overview", "procedure")
                     or not self.generic(s.term)] if chunk_id in self.passages else []
            self.rng.shuffle(seeds)
            shared = chunk.doc_id in state.documents or any(mentions(chunk.text, t) for t in state.terms[-3:])
            reused = 0.25 * self.run_use[chunk_id]
            score = self.topics.closeness(chunk_id, marks) + (0.2 if shared else 0.0) - reused
            if self.on_topic(state, chunk_id):
                near.append((score, seeds))
            elif self.topics.closeness(chunk_id, marks) >= DRIFT_FLOOR and shared:
                far.append((score, seeds))  # a step aside only to a page of the conversation or one naming its terms
        if not any(seeds for _, seeds in near):
            # a corpus of small subjects: a step to a neighbouring one (a page the conversation used, or one naming its
            # terms) rather than asking the same page again or ending, but never to a passage sharing nothing with the
            # conversation (Cloudant plans, then disaster kits, reads as two chats)
            near = far
        near.sort(key=lambda pair: -pair[0])
        return [s for _, seeds in near for s in seeds] + again  # the nearest unused passages first

    def _unsaid(self, state: State, chunk_id: str) -> list[Seed]:
        """Seeds of a passage the conversation drew a question from whose answers the agent has not said yet (a page
        answers more than one question; a second one from it is no repeat when its answer is another sentence)."""
        if chunk_id not in self.passages or not self.on_topic(state, chunk_id):
            return []
        passage = self.passages[chunk_id]
        return [s for s in passage.seeds if s.answer and s.kind not in ("overview", "entity", "topic")
                and not any(passage.sentences[i].text in state.said for i in s.answer) and not self.generic(s.term)]

    def _together(self, a: Seed, b: Seed) -> bool:
        """Two seeds one message can ask about: the same page or neighbouring passages, and one thing."""
        near = self.passages[a.chunk_id].chunk.doc_id == self.passages[b.chunk_id].chunk.doc_id or self.topics.related(
            b.chunk_id, [a.chunk_id])
        # one thing: the halves share a word (not "protecting data with KMS keys, and how do I change the Region?")
        return near and bool(content_words(a.term) & content_words(b.term) - {"the", "a", "an"})

    def _alike(self, a: Seed, b: Seed) -> bool:
        """Two things worth comparing share a word ("Signature Version 2" / "4"; not "a role" / "the home Region")."""
        return any(not self.generic(w) for w in content_words(a.term) & content_words(b.term))  # not just "S3"

    def _same_term(self, state: State) -> list[Seed]:
        if not state.last:
            return []
        seeds = [s for s in self.terms.get(state.last.term.lower(), [])
                 if s.chunk_id not in state.used and self.on_topic(state, s.chunk_id)]
        self.rng.shuffle(seeds)
        return sorted(seeds, key=lambda s: s.chunk_id in state.marked)  # passages new to the conversation first

    def _terms_said(self, state: State, text: str) -> list[Seed]:
        """Seeds (in unused passages) of terms the agent just used: what a user might ask to clarify."""
        words = text.replace(",", " ").replace(".", " ").split()
        found: list[Seed] = []
        for n in range(4, 0, -1):
            for i in range(len(words) - n + 1):
                phrase = " ".join(words[i : i + n]).lower()
                for seed in self.terms.get(phrase, []):
                    if (seed.kind in ("definition", "entity") and seed.chunk_id not in state.used
                            and phrase not in state.terms and not self.generic(seed.term) and self.on_topic(state, seed.chunk_id)):
                        found.append(seed)
        return found[:4]

    def _answerable_drafts(self, state: State, pos: int, first: Passage | None):
        cfg, rng, passages = self.cfg, self.rng, self.passages
        pool = self._pool(state, first)
        last = state.last
        if pos > 0 and last and last.grounded.text and self.dims.wants_clarification():
            for seed in self._terms_said(state, last.grounded.text):
                if d := D.clarification(seed, passages, rng, cfg.max_response_words):
                    yield d, "Clarification"
        previous = state.turns[-1].question_types if state.turns else []
        # the most needed types first, but not the previous turn's again (a run of keyword turns reads as a list)
        for qtype in sorted(self.dims.question_types(), key=lambda q: q in previous and q != "Factoid"):
            if qtype == "Comparative":
                defs = [s for s in pool if s.kind == "definition"]
                mine = [s for s in self._same_term(state) if s.kind == "definition"] or defs[:1]
                for a in mine[:2]:
                    for b in defs[:6]:
                        if b.term.lower() != a.term.lower() and b.chunk_id != a.chunk_id and self._alike(a, b):
                            if d := D.comparative(a, b, passages, pronoun=bool(last and a.term == last.term),
                                                  max_words=cfg.max_response_words):
                                yield d, "Follow-up"
                continue
            if qtype == "Composite":
                for a in pool[:8]:
                    for b in pool[:8]:
                        if a.chunk_id != b.chunk_id and b.kind in ("procedure", "capability") and a.kind in (
                                "definition", "overview") and self._together(a, b):
                            if d := D.composite(a, b, passages, rng, max_words=cfg.max_response_words):
                                yield d, "Follow-up"
                continue
            # more about a name asked before, from a passage not used yet (twice at most, worded differently each time)
            asked_more = sum(kind == "more" for kind, _ in state.intents)
            if qtype == "Summarization" and asked_more < 2:
                for seed in [s for s in pool if s.kind in ("entity", "overview") and (s.kind, s.term.lower()) in state.intents
                             and ("more", s.term.lower()) not in state.intents][:2]:
                    if d := D.answerable(replace(seed, kind="more", detail=str(asked_more)), qtype, passages, rng, pronoun=bool(
                            last and last.term == seed.term), max_words=cfg.max_response_words):
                        yield d, "Follow-up"
            same = [s for s in self._same_term(state) if qtype in KIND_TYPES.get(s.kind, ())]
            missed = bool(state.turns) and state.turns[-1].answerability == "UNANSWERABLE"
            for seed in same[:2]:
                if d := D.answerable(seed, qtype, passages, rng, pronoun=True, max_words=cfg.max_response_words):
                    if missed:  # what the agent could answer about the same thing, asked after it could not
                        d.wording = W.after_miss(d.wording)
                        yield d, "Clarification"
                    else:
                        yield d, "Follow-up"
            for seed in [s for s in pool if qtype in KIND_TYPES.get(s.kind, ())][:4]:
                if last and qtype == "Factoid" and last.recipe.startswith("definition") and rng.random() < 0.35:
                    if d := D.ellipsis(last.term, seed, passages, cfg.max_response_words):
                        yield d, "Follow-up"
                        continue
                if d := D.answerable(seed, qtype, passages, rng, pronoun=False, max_words=cfg.max_response_words):
                    yield d, "Follow-up"

    def _unanswerable_drafts(self, state: State, partial: bool):
        # what the conversation asked about, then what its passages define: the topics a user could ask more about
        seen = [s.term for cid in state.order for s in self.passages[cid].seeds
                if s.kind in ("definition", "capability", "entity", "fact", "topic")
                # a documentation page's title names a feature ("Amazon S3 inventory"); elsewhere a title names a topic
                # ("Earthquake Safety"), which has no cost or inventor
                or (s.kind == "overview" and self.technical and not s.term.split()[0].endswith("ing")
                    and not _PAGE.search(s.term))]
        terms = [t for t in dict.fromkeys([*reversed(state.nouns), *seen]) if not self.generic(t) and a_subject(t)
                 and not re.search(r"\b(?:your|my|our)\b", t, re.I)][:8]  # "your website endpoint" has no inventor
        if partial or len(terms) < 4:  # a new passage near the topic also names things to ask about
            nearby = [s for s in self._pool(state, None) if s.kind in ("definition", "capability", "entity")
                      and not self.generic(s.term) and a_subject(s.term)][:6]
            terms += [s.term.lower() if partial else s.term for s in nearby if s.term.lower() not in {t.lower() for t in terms}]
        for term in terms:
            kind, attributes = self._attributes(term, state)
            for attribute in attributes:
                if partial:
                    seeds = [s for s in self.terms.get(term.lower(), []) if s.chunk_id not in state.used]
                    for seed in seeds[:2]:
                        if d := D.partial(seed, attribute, self.passages, self.rng, max_words=self.cfg.max_response_words):
                            yield d
                else:
                    # a person is never "it"
                    yield D.unanswerable(term, attribute, pronoun=bool(state.last and term == state.last.term) and kind != "H")
