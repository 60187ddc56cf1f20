"""Conversation query modes and the LLM rewriter (scripted backend)."""

from __future__ import annotations

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalQuery, Turn
from benchsmith.retrieval.queries import build_queries, build_query, build_query_async
from benchsmith.retrieval.rewrite import LLMRewriter, build_prompt, parse

HISTORY = [Turn(role="user", content="Who founded Acme?"), Turn(role="assistant", content="Jane Roe founded it in 1990."), Turn(role="user", content="Where is it based?"), Turn(role="assistant", content="In Leeds.")]
LATER = EvalQuery(query_id="c<::>3", question="How big is it?", history=HISTORY)
FIRST = EvalQuery(query_id="c<::>1", question="Who founded Acme?")


def test_static_modes():
    assert build_query(LATER, "last_turn") == "How big is it?"
    assert build_query(LATER, "all_user_turns") == "Who founded Acme?\nWhere is it based?\nHow big is it?"
    assert build_query(LATER, "full_conversation") == "Who founded Acme?\nJane Roe founded it in 1990.\nWhere is it based?\nIn Leeds.\nHow big is it?"


def test_rewrite_mode_prefers_the_benchmark_rewrite_and_first_turns_need_none():
    with_rewrite = LATER.model_copy(update={"rewrite": "How big is Acme?"})
    assert build_query(with_rewrite, "rewrite") == "How big is Acme?"
    assert build_query(FIRST, "rewrite") == "Who founded Acme?"
    with pytest.raises(InputError, match="rewriter"):
        build_query(LATER, "rewrite")
    with pytest.raises(InputError, match="unknown query mode"):
        build_query(LATER, "everything")


async def test_rewrite_mode_calls_the_rewriter_with_history():
    seen = []

    async def rewriter(history, question):
        seen.append((len(history), question))
        return "How many employees does Acme have?"

    assert await build_query_async(LATER, "rewrite", rewriter) == "How many employees does Acme have?"
    assert build_query(LATER, "rewrite", rewriter) == "How many employees does Acme have?"  # sync, inside a running loop
    assert build_queries([FIRST, LATER], "rewrite", rewriter) == ["Who founded Acme?", "How many employees does Acme have?"]
    assert seen == [(4, "How big is it?")] * 3


def test_rewrite_prompt_and_parse():
    prompt = build_prompt(HISTORY, "How big is it?")[0]["content"]
    assert "user: Who founded Acme?" in prompt and "assistant: In Leeds." in prompt and "How big is it?" in prompt
    assert parse('Standalone question: "How big is Acme?"\nBecause...', "q") == "How big is Acme?"
    assert parse("  \n", "q") is None


async def test_llm_rewriter_with_scripted_backend():
    from benchsmith.llm.client import get_client

    client = get_client("scripted/rewrite", responses=[{"match": "How big is it", "response": "Rewritten query: How big is Acme in Leeds?"}, {"response": ""}])
    rewriter = LLMRewriter(client)
    assert await rewriter(HISTORY, "How big is it?") == "How big is Acme in Leeds?"
    assert await rewriter(HISTORY[:2], "And then?") == "And then?"  # empty reply falls back, recorded
    assert rewriter.failures == [{"question": "And then?", "reason": "empty_rewrite"}]
