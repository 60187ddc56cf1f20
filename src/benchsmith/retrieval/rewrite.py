"""LLM query rewriting: a conversation's last question as a standalone search query."""

from __future__ import annotations

import re
from typing import Any, Protocol


class Turn(Protocol):
    """One message of the conversation so far (evaluation's Turn, or anything with these fields)."""

    role: str
    content: str


PROMPT = "query_rewrite.v1.j2"
_LABEL = re.compile(r"^(standalone (question|query)|rewritten (question|query)|question|query)\s*:\s*", re.IGNORECASE)


def build_prompt(history: list[Turn], question: str) -> list[dict[str, str]]:
    """The chat messages asking for a standalone rewrite."""
    from benchsmith.prompting import render

    return [{"role": "user", "content": render(PROMPT, history=history, question=question)}]


def parse(text: str, question: str) -> str | None:
    """The rewrite from a model reply: first non-empty line, labels and quotes removed; None if empty."""
    for line in text.strip().splitlines():
        line = _LABEL.sub("", line.strip()).strip().strip('"\u201c\u201d\'` ').strip()
        if line:
            return line
    return None


class LLMRewriter:
    """An async `(history, question) -> str` rewriter backed by any benchsmith LLM.

    Args:
        llm: an `LLMClient`, or a `provider/model` address for `benchsmith.llm.get_client`.
        **client_options: passed to `get_client` when `llm` is an address (cache_dir, ...).

    A reply that cannot be used (request failed, empty) falls back to the original
    question; each fallback is recorded in `failures` with its reason.
    """

    def __init__(self, llm: Any, **client_options: Any) -> None:
        if isinstance(llm, str):
            from benchsmith.llm.client import get_client

            llm = get_client(llm, **client_options)
        self.client = llm
        self.failures: list[dict[str, str]] = []

    async def __call__(self, history: list[Turn], question: str) -> str:
        completion = await self.client.complete(build_prompt(history, question), step="query_rewrite", input_ref=question[:80])
        if completion.rejected is not None:
            self.failures.append({"question": question, "reason": completion.rejected.reason})
            return question
        rewrite = parse(completion.text, question)
        if rewrite is None:
            self.failures.append({"question": question, "reason": "empty_rewrite"})
            return question
        return rewrite
