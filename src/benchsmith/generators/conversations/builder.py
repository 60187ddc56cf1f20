"""One heuristic conversation, turn by turn: plan, draft, retrieve, verify, keep or stop.

Each turn draws its target dimensions, drafts candidates from passages the
conversation has not used yet (found by searching the conversation's topic, so it
moves through the corpus), retrieves on the candidate's standalone rewrite, grounds
the response, and verifies it. A candidate that fails a check goes to the ledger and
the next one is tried; a turn with no surviving candidate ends the conversation.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from benchsmith.generators.conversations import drafts as D
from benchsmith.generators.conversations import grounding as G
from benchsmith.generators.conversations.candidates import Candidates
from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.dimensions import Dimensions
from benchsmith.generators.conversations.focus import (
    answers_keyword,
    focus_words,
    opener_names_subject,
    opens_on_statement,
    trim_to_focus,
)
from benchsmith.generators.conversations.passages import Passage, Seed
from benchsmith.generators.conversations.state import State, TurnFailed
from benchsmith.generators.conversations.topic import Topics
from benchsmith.generators.conversations.unanswerable import Prover, fitting_attributes, technical_corpus
from benchsmith.generators.conversations.verify import Repetition, agree, unsupported_sentences
from benchsmith.generators.conversations.wording import CONVERSATIONAL, _plural
from benchsmith.schemas.conversation import ConversationTurn
from benchsmith.text import shingles
from benchsmith.types import Provenance, Rejected
from benchsmith.validators.conversation import content_words, jaccard

STEP = "conversations.turn"
RESTATE_K = 3  # passages searched per response sentence for others stating it
MAX_CANDIDATES = 400  # drafts looked at per turn, repeats included
TARGET_WORDS = 95  # human mtRAG responses average 97 words (Table 8); answers are lengthened toward it from their passages
SUBJECT_SHARE = 0.15  # a term named by more of the documents than this is the corpus's subject, not a topic


_HEDGES = frozenset({"cannot", "can't", "must", "may", "might", "need", "needs", "yes", "no", "you", "should", "also",
                     "simply", "just", "always", "never", "now"})


def restates(response: str, question: str) -> bool:
    """The response only says the question back ("Can I modify the logging format at runtime?" -> "You cannot modify
    the logging format at runtime."): fewer than two words of substance the question did not have ("CAPM is a pricing
    model." tells two)."""
    return len(content_words(response) - content_words(question) - _HEDGES) < 2


class HeuristicBuilder(Candidates):
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
        around = dict.fromkeys([*state.order[-3:], *(n for c in state.order[-3:] for n in self.topics.neighbours(c, 25)
                                                     if self.on_topic(state, n))])
        neighbourhood = [self.retrieval.chunks_by_id[c].text for c in around]  # what the corpus discusses near it
        return fitting_attributes(term, own, recent, technical=self.technical, rng=self.rng, asked=self.attribute_use,
                                  neighbourhood=neighbourhood)

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
        if not state.turns and draft.seeds and not opener_names_subject(
                draft.wording.user, draft.seeds[0].kind, draft.term, self.passages[draft.seeds[0].chunk_id].chunk.title):
            raise TurnFailed(f"opener_without_subject: {draft.wording.user[:80]}")  # "Can I set a different value?"
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
            # the answer stops where it leaves the question (no sentence on something else to reach a length)
            trim_to_focus(draft.grounded, focus_words(draft.wording.rewrite, draft.term, self.common),
                          how_to="How-To" in draft.wording.types)
            if not G.complete_lists(draft.grounded, self.passages):  # the trim may have cut a list's items off
                raise TurnFailed("list_introduction_without_its_items")
            draft.response = draft.grounded.text
            if draft.recipe in ("composite", "comparative") and not {s.chunk_id for s in draft.seeds} <= set(draft.grounded.used):
                raise TurnFailed(f"half_answered: {draft.wording.user[:80]}")  # two questions, one of them answered
            # a manual's "You can X." for "Can I X?" says nothing; prose advice ("Should I move valuables to higher
            # levels?" -> "Move valuables to higher levels.") is the recommendation asked for
            if restates(draft.grounded.text, draft.wording.rewrite) and (self.technical or draft.recipe != "advice"):
                raise TurnFailed(f"response_restates_question: {draft.wording.user[:80]}")
            if draft.proof is not None:
                draft.response += " " + D.not_found(draft.proof.missing, partial=True)
            # what answers it too, among the retrieved passages and the ones next to the answer's (as an annotator
            # reading around the answer would mark them)
            also = G.answer_bearing(ranked + [x for x in nearby if x[0].chunk_id not in {c.chunk_id for c, _ in ranked}],
                                    self.passages, draft.term, draft.grounded, limit=3, question=draft.wording.rewrite,
                                    common=self.common, claims=direct,
                                    overview=bool(self._summary_words(draft)) or draft.recipe.startswith("definition"),
                                    defines=not self._summary_words(draft), marked=state.marked)
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
        if "Keyword" in types and draft.answerability == "ANSWERABLE" and not answers_keyword(draft.grounded, draft.term):
            raise TurnFailed(f"keyword_not_answered: {draft.wording.user[:80]}")
        if draft.answerability != "UNANSWERABLE" and not opens_on_statement(
                draft.grounded, types, draft.seeds[0].kind if draft.seeds else ""):
            raise TurnFailed(f"overview_answered_by_a_step: {draft.wording.user[:80]}")
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
            state.marked |= {c.chunk_id for c in turn.relevant}
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
