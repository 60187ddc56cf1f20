"""The llm strategy: conversations advanced in lockstep, one batch of model calls per turn position.

Without a model: the turn's target dimensions, the unused on-topic passages it should be
answerable from (active retrieval over the conversation's topic), retrieval on the
model's rewrite, the lexical/dense top-k candidates of an unanswerable proof, and the
repetition and grounding checks. With the model (one call each, only for turns the
request needs): the user turn and its rewrite, the response, the check (faithfulness
of every sentence and the question types), and the entailment judgement of every
proof candidate. A failed turn is tried once more with the next passage or topic;
then the conversation ends, and is kept if it is long enough.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from benchsmith.generators.conversations.builder import HeuristicBuilder, State
from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.dimensions import Dimensions
from benchsmith.generators.conversations.grounding import Retrieval, _context
from benchsmith.generators.conversations.heuristic import seed_passages
from benchsmith.generators.conversations.llm_steps import CheckTurn, ProveUnanswerable, WriteResponse, WriteUserTurn
from benchsmith.generators.conversations.passages import Passage, Seed, split_sentences
from benchsmith.generators.conversations.verify import classify_question
from benchsmith.generators.conversations.wording import CONVERSATIONAL
from benchsmith.schemas.conversation import ConversationItem, ConversationTurn, UnanswerableProof
from benchsmith.types import Provenance, Rejected, content_id

STEP = "conversations.llm.turn"
RETRIES = 2


@dataclass
class Conv:
    state: State
    seed: Passage
    plan: list[str]
    stop: str | None = None
    history: list[dict[str, str]] = field(default_factory=list)

    @property
    def open(self) -> bool:
        return self.stop is None and len(self.state.turns) < len(self.plan)


def _passage_view(chunk: Any) -> dict[str, str]:
    return {"id": chunk.chunk_id, "title": chunk.title, "text": chunk.text}


class LLMConversations:
    def __init__(self, ctx: Any, cfg: ConversationConfig, builder: HeuristicBuilder, dims: Dimensions,
                 rng: random.Random) -> None:
        self.ctx, self.cfg, self.builder, self.dims, self.rng = ctx, cfg, builder, dims, rng
        self.rejected: list[Rejected] = []
        self.model = ctx.model_id

    # -- planning (no model) -----------------------------------------------------------------
    def _target(self, conv: Conv, attempt: int) -> dict[str, Any]:
        state, pos = conv.state, len(conv.state.turns)
        answerability = conv.plan[pos]
        qtypes = self.dims.question_types()
        qtype = qtypes[attempt % len(qtypes)]
        multi = "N/A" if pos == 0 else ("Clarification" if self.dims.wants_clarification() and attempt == 0 else "Follow-up")
        task_id = f"{state.conversation_id}<::>{pos + 1}"
        target = {"task_id": task_id, "history": conv.history, "multi_turn": multi, "answerability": answerability,
                  "passages": [], "topic": "", "question_type": qtype}
        if answerability == "UNANSWERABLE":
            topics = list(dict.fromkeys(reversed(state.terms))) or [conv.seed.chunk.title]
            target["topic"] = topics[attempt % len(topics)]
            target["question_type"] = "Factoid" if qtype in ("Comparative", "Composite", "Keyword") else qtype
            return target
        pool: list[Seed] = self.builder._pool(state, conv.seed if pos == 0 else None)
        if not pool and pos > 0:  # the latest passages' neighbourhoods ran dry: anything the conversation used may lead on
            state.wide = True
            pool = self.builder._pool(state, None)
            state.wide = False
        chunks = list(dict.fromkeys(s.chunk_id for s in pool))
        if not chunks:  # the model writes from the passage itself: the seed or any unused neighbour will do, seeds or not
            topics = self.builder.topics
            chunks = [conv.seed.chunk.chunk_id] if pos == 0 else list(dict.fromkeys(
                n for a in state.anchors() for n in topics.neighbours(a) if n not in state.used))
        if not chunks:
            self._fail(conv, "no_unused_passage", f"no unused passage near the topic {state.topic[:120]!r}")
            return {**target, "passages": None}
        wanted = 3 if qtype in ("Comparative", "Composite", "Summarization") else 2  # unused passages to answer from
        picked = chunks[attempt * wanted:(attempt + 1) * wanted] or chunks[:wanted]
        target["passages"] = [_passage_view(self.ctx.index.chunks_by_id[c]) for c in picked]
        target["main_term"] = next((s.term for s in pool if s.chunk_id == picked[0]), conv.seed.chunk.title)
        return target

    def _retrieved(self, query: str) -> list[tuple[Any, float]]:
        return self.builder.retrieval.top(query, self.cfg.retrieval_k)

    # -- one turn position for many conversations --------------------------------------------
    def advance(self, convs: list[Conv]) -> None:
        pending = [c for c in convs if c.open]
        for attempt in range(RETRIES):
            if not pending:
                return
            failed = self._attempt(pending, attempt)
            pending = failed
        for conv in pending:
            conv.stop = f"turn {len(conv.state.turns) + 1} failed after {RETRIES} attempts"

    def _attempt(self, convs: list[Conv], attempt: int) -> list[Conv]:
        chat = [c for c in convs if c.plan[len(c.state.turns)] == "CONVERSATIONAL" and c.state.turns]
        for conv in chat:
            user, response = self.rng.choice(CONVERSATIONAL)
            self._keep(conv, ConversationTurn(
                turn=len(conv.state.turns) + 1, user=user, rewrite=user, question_types=["Non-Question"],
                multi_turn="Follow-up", answerability="CONVERSATIONAL", standalone=True, response=response,
                provenance=Provenance(step=STEP, strategy="llm", extra={"recipe": "conversational"})), None)
        convs = [c for c in convs if c not in chat]
        targets = {}
        for conv in convs:
            if conv.plan[len(conv.state.turns)] == "CONVERSATIONAL":
                conv.plan[len(conv.state.turns)] = "ANSWERABLE"
            targets[id(conv)] = self._target(conv, attempt)
        askable = [c for c in convs if targets[id(c)]["passages"] is not None]
        failed = [c for c in convs if c not in askable]
        written = self.ctx.run_step(WriteUserTurn(), [targets[id(c)] for c in askable], per_input=True)
        answer_in, proof_in, drafts = [], [], {}
        for conv, outs in zip(askable, written, strict=True):
            target = targets[id(conv)]
            if not outs:
                failed.append(conv)
                continue
            turn = outs[0]
            if conv.state.repetition.question_repeats(turn["rewrite"]):
                self._fail(conv, "repeated_question", turn["rewrite"])
                failed.append(conv)
                continue
            ranked = self._retrieved(turn["rewrite"])
            drafts[id(conv)] = (target, turn, ranked)
            if target["answerability"] in ("ANSWERABLE", "PARTIAL"):
                shown = {p["id"]: p for p in target["passages"]}
                for chunk, _ in ranked:
                    shown.setdefault(chunk.chunk_id, _passage_view(chunk))
                answer_in.append((conv, {"task_id": target["task_id"], "history": conv.history, "question": turn["question"],
                                         "rewrite": turn["rewrite"], "passages": list(shown.values()),
                                         "missing": turn["missing"] if target["answerability"] == "PARTIAL" else ""}))
            if target["answerability"] in ("UNANSWERABLE", "PARTIAL"):
                query = turn["rewrite"] if target["answerability"] == "UNANSWERABLE" else turn["missing"]
                candidates: dict[str, Any] = {}
                for spec in self.builder.prover.specs:
                    for chunk in self.builder.prover.search(spec, query):
                        candidates.setdefault(chunk.chunk_id, _passage_view(chunk))
                proof_in.append((conv, {"task_id": target["task_id"], "question": query,
                                        "passages": list(candidates.values())}))
        proofs = self._proofs(proof_in)
        responses = self.ctx.run_step(WriteResponse(max_words=self.cfg.max_response_words), [i for _, i in answer_in],
                                      per_input=True)
        answered = {}
        for (conv, inp), outs in zip(answer_in, responses, strict=True):
            if outs:
                answered[id(conv)] = (inp, outs[0])
        check_in = []
        for conv, inp in answer_in:
            if id(conv) in answered:
                out = answered[id(conv)][1]
                used = [p for p in inp["passages"] if p["id"] in out["passages"]]
                check_in.append((conv, {"task_id": inp["task_id"], "question": inp["question"],
                                        "sentences": [s.text for s in split_sentences(out["response"])], "passages": used}))
        checks = self.ctx.run_step(CheckTurn(), [i for _, i in check_in], per_input=True)
        checked = {id(conv): outs[0] for (conv, _), outs in zip(check_in, checks, strict=True) if outs}
        for conv in askable:
            if id(conv) not in drafts or conv in failed:
                continue
            if not self._finish(conv, drafts[id(conv)], answered.get(id(conv)), checked.get(id(conv)), proofs.get(id(conv))):
                failed.append(conv)
        return failed

    def _proofs(self, proof_in: list[tuple[Conv, dict[str, Any]]]) -> dict[int, UnanswerableProof | None]:
        judged = self.ctx.run_step(ProveUnanswerable(), [i for _, i in proof_in], per_input=True)
        out: dict[int, UnanswerableProof | None] = {}
        for (conv, inp), outs in zip(proof_in, judged, strict=True):
            if outs and not outs[0]["answering"]:
                out[id(conv)] = UnanswerableProof(query=inp["question"], retrievers=list(self.builder.prover.specs),
                                                  k=self.cfg.proof_k, candidates_checked=len(inp["passages"]),
                                                  missing=inp["question"], method=f"LLM entailment judgement ({self.model})")
            else:
                out[id(conv)] = None
                if outs:
                    self._fail(conv, "unanswerable_disproved", f"answered by {outs[0]['answering']}")
        return out

    def _finish(self, conv: Conv, draft: tuple, answered: tuple | None, check: dict | None,
                proof: UnanswerableProof | None) -> bool:
        target, turn, ranked = draft
        answerability = target["answerability"]
        extra: dict[str, Any] = {"recipe": f"llm/{answerability.lower()}", "term": target.get("main_term") or target["topic"],
                                 "target_type": target["question_type"]}
        if answerability in ("UNANSWERABLE", "PARTIAL") and proof is None:
            return False
        if answerability == "UNANSWERABLE":
            missing = turn["missing"].strip().rstrip(".")
            response = f"I do not have specific information about {missing}."
            contexts = [_context(c, 0, r, s) for r, (c, s) in enumerate(ranked, start=1)]
            # no response to check here, so the type is read back from the wording by rule
            found = sorted(classify_question(turn["question"]))
            types = [target["question_type"]] if not found or target["question_type"] in found else found
            if types != [target["question_type"]]:
                extra["relabelled_from"] = [target["question_type"]]
            proof = proof.model_copy(update={"missing": missing})
        else:
            if answered is None or check is None:
                return False
            inp, out = answered
            if not all(check["supported"]):
                bad = [s for s, ok in zip(split_sentences(out["response"]), check["supported"], strict=False) if not ok]
                self._fail(conv, "unfaithful", bad[0].text if bad else out["response"])
                return False
            response = out["response"]
            cited = set(out["passages"])
            seen = set()
            contexts = []
            for rank, (chunk, score) in enumerate(ranked, start=1):
                contexts.append(_context(chunk, int(chunk.chunk_id in cited), rank, score))
                seen.add(chunk.chunk_id)
            contexts += [_context(self.ctx.index.chunks_by_id[c], 1, None, None) for c in out["passages"] if c not in seen]
            types = check["question_types"]
            if target["question_type"] not in types:
                extra["relabelled_from"] = [target["question_type"]]
        if answerability != "UNANSWERABLE" and conv.state.repetition.response_repeats(response):
            self._fail(conv, "repeated_response", response)
            return False
        kept = ConversationTurn(
            turn=len(conv.state.turns) + 1, user=turn["question"], rewrite=turn["rewrite"], question_types=types,
            multi_turn=target["multi_turn"], answerability=answerability, standalone=turn["standalone"],
            contexts=contexts, response=response, proof=proof,
            provenance=Provenance(step=STEP, strategy="llm", prompt_name=WriteUserTurn.template,
                                  prompt_hash=turn.get("prompt_hash"), model=turn.get("model"), raw_output=turn.get("raw"),
                                  extra=extra))
        self._keep(conv, kept, extra["term"])
        return True

    def _keep(self, conv: Conv, turn: ConversationTurn, term: str | None) -> None:
        state = conv.state
        # recorded as kept (conversations advance in lockstep, so waiting for their end would skew the draws)
        self.dims.record(turn.question_types, turn.answerability, turn.multi_turn)
        state.turns.append(turn)
        if term:
            state.terms.append(term)
        state.used |= {c.chunk_id for c in turn.relevant}
        state.order += [c.chunk_id for c in turn.relevant]
        state.documents |= {c.doc_id for c in turn.relevant}
        state.repetition.add(turn.rewrite, turn.response if turn.answerability in ("ANSWERABLE", "PARTIAL") else None)
        if turn.answerability != "CONVERSATIONAL":
            state.topic = " ".join([turn.rewrite, term or "", split_sentences(turn.response)[0].text if turn.relevant else ""])
        conv.history = [*conv.history, {"speaker": "user", "text": turn.user}, {"speaker": "agent", "text": turn.response}]

    def _fail(self, conv: Conv, reason: str, detail: str) -> None:
        ref = f"{conv.state.conversation_id}<::>{len(conv.state.turns) + 1}"
        self.rejected.append(Rejected(step=STEP, reason=reason, detail=detail[:300], input_ref=ref))


def generate_llm(ctx: Any, cfg: ConversationConfig, prover: Any, retriever: Any, passages: dict[str, Passage],
                 terms: dict[str, list[Seed]]) -> tuple[list[ConversationItem], list[Rejected], dict]:
    rng = random.Random(cfg.seed)
    dims = Dimensions(cfg, rng)
    builder = HeuristicBuilder(cfg, passages, terms, Retrieval(retriever, ctx.index.chunks_by_id), prover, dims, rng)
    runner = LLMConversations(ctx, cfg, builder, dims, rng)
    items: list[ConversationItem] = []
    rejected: list[Rejected] = []
    seeds = seed_passages(passages, [d.doc_id for d in ctx.corpus.documents], rng)
    tried = 0
    while len(items) < cfg.n and tried < cfg.n * 3:
        batch = []
        for seed in seeds:
            conv_id = content_id("llm", str(cfg.seed), str(tried), seed.chunk.chunk_id, length=32)
            batch.append(Conv(State(conv_id, seed_chunk=seed.chunk.chunk_id), seed, dims.plan(rng.randint(*cfg.turns))))
            tried += 1
            if len(batch) >= cfg.n - len(items):
                break
        if not batch:
            break
        while any(c.open for c in batch):
            runner.advance(batch)
        for conv in batch:
            if len(conv.state.turns) < cfg.min_turns:
                rejected.append(Rejected(step="conversations.conversation", reason="too_short", input_ref=conv.state.conversation_id,
                                         detail=f"{len(conv.state.turns)} turns kept; stopped by: {conv.stop}"))
                continue
            items.append(ConversationItem(
                item_id=conv.state.conversation_id, strategy="llm", baseline=False, seed_chunk_id=conv.seed.chunk.chunk_id,
                turns=conv.state.turns,
                provenance=Provenance(step="conversations.llm", strategy="llm", model=ctx.model_id, seed=cfg.seed,
                                      extra={"planned_turns": len(conv.plan), "stopped_by": conv.stop})))
    return items, runner.rejected + rejected, {"seed_passages_tried": tried}
