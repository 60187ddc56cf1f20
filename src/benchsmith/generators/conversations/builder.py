"""One heuristic conversation, turn by turn: plan, draft, retrieve, verify, keep or stop.

Each turn draws its target dimensions, drafts candidates from passages the
conversation has not used yet (found by searching the conversation's topic, so it
moves through the corpus), retrieves on the candidate's standalone rewrite, grounds
the response, and verifies it. A candidate that fails a check goes to the ledger and
the next one is tried; a turn with no surviving candidate ends the conversation.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from typing import Any

from benchsmith.generators.conversations import drafts as D
from benchsmith.generators.conversations import grounding as G
from benchsmith.generators.conversations import wording as W
from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.dimensions import Dimensions
from benchsmith.generators.conversations.passages import Passage, Seed
from benchsmith.generators.conversations.state import State, TurnFailed
from benchsmith.generators.conversations.topic import Topics
from benchsmith.generators.conversations.unanswerable import Prover, a_subject, fitting_attributes, mentions, technical_corpus
from benchsmith.generators.conversations.verify import Repetition, agree, unsupported_sentences
from benchsmith.generators.conversations.wording import CONVERSATIONAL, KIND_TYPES, _plural
from benchsmith.schemas.conversation import ConversationTurn
from benchsmith.text import shingles
from benchsmith.types import Provenance, Rejected
from benchsmith.validators.conversation import content_words, jaccard

STEP = "conversations.turn"
POOL_K = 40
RESTATE_K = 3  # passages searched per response sentence for others stating it
MAX_CANDIDATES = 400  # drafts looked at per turn, repeats included
TARGET_WORDS = 95  # human mtRAG responses average 97 words (Table 8); answers are lengthened toward it from their passages
_PAGE = re.compile(r"\b(?:examples?|overview|guide|walkthroughs?|resources|introduction|topics)\b", re.I)  # a page
DRIFT_FLOOR = 0.1  # tf-idf similarity to the conversation's passages below which a passage is another subject
SUBJECT_SHARE = 0.15  # a term named by more of the documents than this is the corpus's subject, not a topic


class HeuristicBuilder:
    def __init__(self, cfg: ConversationConfig, passages: dict[str, Passage], terms: dict[str, list[Seed]],
                 retrieval: G.Retrieval, prover: Prover, dims: Dimensions, rng: random.Random) -> None:
        self.cfg, self.passages, self.terms, self.retrieval = cfg, passages, terms, retrieval
        self.prover, self.dims, self.rng = prover, dims, rng
        self.rejected: list[Rejected] = []
        self.repeats_skipped = 0
        self.attribute_use: Counter[str] = Counter()
        self._generic: dict[str, bool] = {}
        self.topics = Topics(retrieval.chunks_by_id.values())
        self.common = G.common_stems(list(retrieval.chunks_by_id.values()))  # words that prove no passage relevant
        self.technical = technical_corpus(c.text for c in retrieval.chunks_by_id.values())
        self.run_use: Counter[str] = Counter()  # passages earlier conversations of the run answered from
        # questions of earlier conversations: a turn is never asked twice in a run, nor reworded ("What does a
        # supported library mean?" then "Can you explain what a supported library is?"): the same intent or the same
        # direct answer is the same question
        self.run_questions = Repetition()
        self.run_intents: set[tuple[str, str]] = set()
        self.run_answers: set[str] = set()

    def finished(self, state: State) -> None:
        """Remember a kept conversation's passages, so later ones prefer others (a benchmark of near-copies is no use)."""
        self.run_use.update(set(state.order))
        for t in state.turns:
            if t.answerability != "CONVERSATIONAL":
                self.run_questions.add(t.rewrite, None)
        self.run_intents |= {i for i in state.intents if i[0] != "more"}
        self.run_answers |= state.direct

    def on_topic(self, state: State, chunk_id: str) -> bool:
        """The passage is near the conversation's seed or its latest passages (no jump to an unrelated subject)."""
        return not state.order and state.seed_chunk is None or self.topics.related(chunk_id, state.anchors())

    def generic(self, term: str) -> bool:
        """A term most of the corpus names (the corpus's own subject): no one asks to clarify it mid-conversation."""
        key = term.lower()
        if key not in self._generic:
            core, index = " ".join(w for w in term.split() if w.lower() not in ("the", "a", "an")), self.prover.index
            self._generic[key] = len(index.documents_with_phrase(core)) > SUBJECT_SHARE * max(1, len(index.documents))
        return self._generic[key]

    def _attributes(self, term: str, state: State) -> tuple[str, list]:
        """Attributes that fit what the term names, least asked so far first, so unanswerable turns vary across the run."""
        own = [self.passages[s.chunk_id].chunk.text for s in self.terms.get(term.lower(), [])[:6]]
        recent = [self.retrieval.chunks_by_id[c].text for c in state.order[-3:]]  # what the conversation is about
        return fitting_attributes(term, own, recent, technical=self.technical, rng=self.rng, asked=self.attribute_use)

    # -- candidates -------------------------------------------------------------------
    def _pool(self, state: State, first: Passage | None) -> list[Seed]:
        """Seeds of unused passages near the conversation's topic, nearest first."""
        if first is not None:
            seeds = [s for s in first.seeds if s.kind != "entity" or not self.generic(s.term)]
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
            seeds = [s for s in self.passages[chunk_id].seeds if s.kind in ("overview", "procedure", "recommendation")
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
        return seeds

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

    # -- one turn -----------------------------------------------------------------------
    def _repeats(self, state: State, draft: D.Draft) -> bool:
        if self.run_questions.question_repeats(draft.wording.rewrite):
            return True  # an earlier conversation of the run asked it
        if draft.answerability != "UNANSWERABLE" and (
                self._keys({(s.kind, s.term.lower()) for s in draft.seeds}) & self._keys(self.run_intents)
                or (draft.grounded.sentences and draft.grounded.sentences[0] in self.run_answers)):
            return True  # ... or asked it in other words
        return self._repeats_here(state, draft)

    def _summary_words(self, draft: D.Draft) -> set[str]:
        """The words of the name a "tell me about" turn asks about, less the corpus's own subject ('S3 Object Lock'
        and 'Object Lock' are one name in the S3 guide); empty for other turns."""
        kinds = {x.kind for x in draft.seeds} | set(draft.wording.types)
        if not kinds & {"Summarization", "Keyword", "overview", "entity", "more"} or draft.answerability != "ANSWERABLE":
            return set()
        words = content_words(draft.term)
        return {w for w in words if not self.generic(w)} or words

    def _repeats_here(self, state: State, draft: D.Draft) -> bool:
        intents = {(s.kind, s.term.lower()) for s in draft.seeds}
        if draft.attribute is not None:  # "What are the main criticisms of it?" twice reads as a loop, whatever "it" is
            intents.add(("attribute", draft.attribute.question))
        first = draft.grounded.sentences[0] if draft.grounded.sentences else ""
        # answered before, in passing or in nearly the same words ("... enables you to meet" / "... helps you meet")
        said = bool(first) and (first in state.said or any(
            jaccard(shingles(first), shingles(x)) >= 0.5 or jaccard(content_words(first), content_words(x)) >= 0.6
            for x in state.said))  # "Object Lock helps you meet ..." after "S3 Object Lock enables you to meet ..."
        # "Can you give me an overview of S3 Object Lock?" then "Tell me more about Object Lock.": one name, asked twice
        words = self._summary_words(draft)
        again = bool(words) and any(words <= w or w <= words for w in state.summarized)
        return (said or again or bool(self._keys(intents) & self._keys(state.intents))
                or state.repetition.question_repeats(draft.wording.rewrite))

    def _keys(self, intents: set[tuple[str, str]]) -> set[tuple[str, str]]:
        """Intents with the corpus's own subject words left out: "What does Amazon S3 Storage Lens provide?" and "What
        does S3 Storage Lens provide?" are one question in the S3 guide."""
        return {(kind, " ".join(w for w in term.split() if w not in ("the", "a", "an") and not self.generic(w)) or term)
                for kind, term in intents}

    def _finish(self, state: State, draft: D.Draft, multi_turn: str) -> ConversationTurn:
        """Retrieve on the rewrite, ground or prove, and verify; raises TurnFailed with the reason."""
        cfg = self.cfg
        intents = {(s.kind, s.term.lower()) for s in draft.seeds}
        if state.repetition.question_repeats(draft.wording.rewrite) or intents & state.intents:
            raise TurnFailed("repeated_question")
        ranked = self.retrieval.top(draft.wording.rewrite, cfg.retrieval_k)
        if draft.attribute is not None:
            draft.proof = self.prover.prove(draft.term, draft.attribute, draft.wording.rewrite, plural=_plural(draft.term))
            if draft.proof is None:
                raise TurnFailed("unanswerable_disproved")
        if draft.answerability == "UNANSWERABLE":
            draft.response = D.not_found(draft.proof.missing, partial=False)
            contexts = G.contexts_for(ranked, draft.grounded, self.retrieval.chunks_by_id)
        else:
            limit = 3 if "Summarization" in draft.wording.types else 2
            budget = cfg.max_response_words - (25 if draft.proof else 0)
            target = min(budget, TARGET_WORDS - (25 if draft.proof else 0))
            direct = list(draft.grounded.sentences)  # what answers the question, before the answer is rounded off
            G.continue_answer(self.passages, draft.grounded, draft.term, target, budget)
            wider = list(self.retrieval.top(draft.wording.rewrite, cfg.retrieval_k * 2))
            seen = {c.chunk_id for c, _ in wider}
            for cid in list(draft.grounded.used):  # passages next to the answer's own: what an annotator would add
                wider += [(self.retrieval.chunks_by_id[n], 0.0) for n in self.topics.neighbours(cid, 6) if n not in seen]
            nearby = [(c, x) for c, x in wider if c.chunk_id in draft.grounded.used or self.on_topic(state, c.chunk_id)]
            room = min(budget, target + 20)  # past that, quoting more would use up what later turns can ask about
            G.support_from(nearby, self.passages, draft.term, draft.grounded, state.used, room, limit, loose=limit == 3)
            if len(draft.grounded.used) < 3:  # more passages that name the term on the same subject, as annotators added
                G.support_from(nearby, self.passages, draft.term, draft.grounded, state.used, room,
                             3 - len(draft.grounded.used), loose=True)
            G.continue_answer(self.passages, draft.grounded, draft.term, target, budget)
            if not draft.grounded.drop(state.said):  # an answer repeating what the agent already said reads as a loop
                raise TurnFailed("repeated_answer")
            if not G.complete_lists(draft.grounded, self.passages):
                raise TurnFailed("list_introduction_without_its_items")
            draft.response = draft.grounded.text
            if draft.proof is not None:
                draft.response += " " + D.not_found(draft.proof.missing, partial=True)
            # what answers it too, among the retrieved passages and the ones next to the answer's (as an annotator
            # reading around the answer would mark them)
            also = G.answer_bearing(ranked + [x for x in nearby if x[0].chunk_id not in {c.chunk_id for c, _ in ranked}],
                                    self.passages, draft.term, draft.grounded, limit=3, question=draft.wording.rewrite,
                                    common=self.common, claims=direct)
            # and, as an annotator searching for each statement of the response would, any passage stating one of them
            restating = [hit for s in direct for hit in self.retrieval.top(s, RESTATE_K)]
            also |= G.answer_bearing(restating, self.passages, draft.term, draft.grounded, limit=0, common=self.common,
                                     claims=direct)
            contexts = G.contexts_for(ranked, draft.grounded, self.retrieval.chunks_by_id, also)
            relevant = [c.text for c in contexts if c.chunk_id in draft.grounded.used]  # what the response quotes
            if missing := unsupported_sentences(draft.response, relevant):
                raise TurnFailed(f"unfaithful: {missing[0][:80]}")
        if draft.answerability != "UNANSWERABLE" and state.repetition.response_repeats(draft.response):
            raise TurnFailed("repeated_response")
        types = list(draft.wording.types)
        ok, found = agree(types, draft.wording.user)
        extra: dict[str, Any] = {"recipe": draft.recipe, "term": draft.term}
        if not ok:
            if not found:
                raise TurnFailed(f"type_unreadable: {types} for {draft.wording.user!r}")
            extra["relabelled_from"] = types
            types = found
        return ConversationTurn(
            turn=len(state.turns) + 1, user=draft.wording.user, rewrite=draft.wording.rewrite, question_types=types,
            multi_turn=multi_turn, answerability=draft.answerability, standalone=draft.wording.standalone,
            contexts=contexts, response=draft.response, proof=draft.proof,
            provenance=Provenance(step=STEP, strategy="heuristic", seed=cfg.seed, extra=extra),
        )

    def _conversational(self, state: State) -> ConversationTurn:
        user, response = self.rng.choice(CONVERSATIONAL)
        return ConversationTurn(
            turn=len(state.turns) + 1, user=user, rewrite=user, question_types=["Non-Question"], multi_turn="Follow-up",
            answerability="CONVERSATIONAL", standalone=True, response=response,
            provenance=Provenance(step=STEP, strategy="heuristic", seed=self.cfg.seed, extra={"recipe": "conversational"}),
        )

    def turn(self, state: State, pos: int, answerability: str, first: Passage | None) -> ConversationTurn:
        if answerability == "CONVERSATIONAL" and state.last is not None:
            return self._conversational(state)
        if answerability in ("UNANSWERABLE", "PARTIAL"):
            candidates = ((d, "Follow-up") for d in self._unanswerable_drafts(state, answerability == "PARTIAL"))
        else:
            candidates = self._answerable_drafts(state, pos, first)
        tries = seen = 0
        reasons: list[str] = []
        for draft, multi_turn in candidates:
            if tries >= self.cfg.attempts_per_turn * (4 if answerability != "ANSWERABLE" else 1) or seen >= MAX_CANDIDATES:
                break
            seen += 1
            if self._repeats(state, draft):  # regenerated: the next candidate is drawn instead
                self.repeats_skipped += 1
                continue
            tries += 1
            try:
                turn = self._finish(state, draft, "N/A" if pos == 0 else multi_turn)
            except TurnFailed as failed:
                reasons.append(str(failed))
                self.rejected.append(Rejected(step=STEP, reason=str(failed).split(":", 1)[0], detail=str(failed),
                                              input_ref=f"{state.conversation_id}<::>{pos + 1}"))
                continue
            state.last = draft
            if draft.attribute is not None:
                self.attribute_use[draft.attribute.question] += 1
            state.terms.append(draft.term)
            if any(s.kind in ("definition", "capability", "entity", "fact", "topic") for s in draft.seeds) and draft.answerability == "ANSWERABLE":
                state.nouns.append(draft.term)
            state.used |= D.used_up(draft)
            state.order += list(draft.grounded.used)
            state.said |= set(draft.grounded.sentences)
            if words := self._summary_words(draft):
                state.summarized.append(words)
            if draft.grounded.sentences:
                state.direct.add(draft.grounded.sentences[0])
            state.documents |= {c.doc_id for c in turn.relevant}
            state.intents |= {(s.kind, s.term.lower()) for s in draft.seeds}
            if draft.attribute is not None:
                state.intents.add(("attribute", draft.attribute.question))
            state.repetition.add(turn.rewrite, turn.response if turn.answerability != "UNANSWERABLE" else None)
            return turn
        if answerability == "ANSWERABLE" and not state.wide and state.order:
            state.wide = True  # before ending the conversation, go back to anything it talked about
            try:
                return self.turn(state, pos, answerability, first)
            finally:
                state.wide = False
        raise TurnFailed(f"no {answerability.lower()} candidate survived ({', '.join(sorted(set(reasons))) or 'none found'})")
