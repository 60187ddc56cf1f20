"""`--dry-run` for conversations: the llm strategy's calls and tokens for a request, with no model and no embedding.

Per kept turn the llm strategy asks for the user message (every turn but the
conversational ones), a response and its check (answerable and partial turns), and
one corpus-wide entailment judgement (unanswerable and partial turns, over the proof
retrievers' top-k). Turns are the request's conversations times the mean planned
length, plus the share the model is expected to fail and retry. Prompt sizes come from
real prompts rendered on passages of this corpus (bm25 only for the sample: no dense
index is built for an estimate).
"""

from __future__ import annotations

import math
import random
from statistics import mean
from typing import Any

from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.llm_steps import CheckTurn, ProveUnanswerable, WriteResponse, WriteUserTurn
from benchsmith.generators.core.estimate import Estimate, StepEstimate, average_tokens
from benchsmith.validators.conversation import split_sentences

RETRY_MARGIN = 1.15  # turns the model writes again (malformed, unfaithful, disproved) on top of those kept
HISTORY_TURNS = 4  # the history an average prompt carries (turns are 8-10; the middle one sees about four)
COMPLETION_TOKENS = {"user_turn": 60, "response": 140, "check": 40, "unanswerable": 40}
SAMPLES = 6


def _view(chunk: Any) -> dict[str, str]:
    return {"id": chunk.chunk_id, "title": chunk.title, "text": chunk.text}


def _history(chunks: list[Any]) -> list[dict[str, str]]:
    out = []
    for c in chunks[:HISTORY_TURNS]:
        sentences = [s.text for s in split_sentences(c.text)][:3]
        out += [{"speaker": "user", "text": f"What can you tell me about {c.title or 'this'}?"},
                {"speaker": "agent", "text": " ".join(sentences)}]
    return out


def estimate_conversations(chunks: list[Any], cfg: ConversationConfig) -> Estimate:
    rng = random.Random(cfg.seed)
    if not chunks:
        return Estimate(cfg.n, [], ["the corpus has no chunks"])
    share = cfg.answerability
    turns = cfg.n * mean(cfg.turns) * RETRY_MARGIN
    asked = share.get("ANSWERABLE", 0) + share.get("PARTIAL", 0) + share.get("UNANSWERABLE", 0)
    answered = share.get("ANSWERABLE", 0) + share.get("PARTIAL", 0)
    proved = share.get("UNANSWERABLE", 0) + share.get("PARTIAL", 0)
    proof_passages = min(len(chunks), cfg.proof_k * len(cfg.proof_retrievers))
    user_prompts, response_prompts, check_prompts, proof_prompts = [], [], [], []
    for _ in range(SAMPLES):
        picked = rng.sample(chunks, min(len(chunks), HISTORY_TURNS + 2 + cfg.retrieval_k))
        history, shown = _history(picked), [_view(c) for c in picked[HISTORY_TURNS:]]
        user_prompts.append(WriteUserTurn().build_prompt({
            "history": history, "question_type": "Factoid", "multi_turn": "Follow-up", "answerability": "ANSWERABLE",
            "passages": shown[:2], "topic": ""}))
        question = f"What can you tell me about {picked[-1].title or 'it'}?"
        response_prompts.append(WriteResponse(max_words=cfg.max_response_words).build_prompt({
            "history": history, "question": question, "rewrite": question, "passages": shown, "missing": ""}))
        check_prompts.append(CheckTurn().build_prompt({
            "question": question, "sentences": [s.text for s in split_sentences(shown[0]["text"])][:4],
            "passages": shown[:2]}))
        proof_prompts.append(ProveUnanswerable().build_prompt({
            "question": question, "passages": [_view(c) for c in rng.sample(chunks, proof_passages)]}))
    steps = [
        StepEstimate(WriteUserTurn.name, math.ceil(turns * asked), average_tokens(user_prompts),
                     COMPLETION_TOKENS["user_turn"]),
        StepEstimate(WriteResponse.name, math.ceil(turns * answered), average_tokens(response_prompts),
                     COMPLETION_TOKENS["response"]),
        StepEstimate(CheckTurn.name, math.ceil(turns * answered), average_tokens(check_prompts), COMPLETION_TOKENS["check"]),
        StepEstimate(ProveUnanswerable.name, math.ceil(turns * proved), average_tokens(proof_prompts),
                     COMPLETION_TOKENS["unanswerable"]),
    ]
    return Estimate(cfg.n, steps, [
        f"{cfg.n} conversations of {cfg.turns[0]}-{cfg.turns[1]} turns (mean {mean(cfg.turns):g}), "
        f"{round((RETRY_MARGIN - 1) * 100)}% of turns written again after a failed check",
        "answerability shares " + ", ".join(f"{k} {v:.0%}" for k, v in share.items()),
        f"each unanswerable or partial turn is judged against {proof_passages} passages "
        f"({'+'.join(cfg.proof_retrievers)} top-{cfg.proof_k})",
        f"history of about {HISTORY_TURNS} turns per prompt; completion tokens per call: "
        + ", ".join(f"{k} {v}" for k, v in COMPLETION_TOKENS.items()),
        "the heuristic strategy calls no model",
    ])
