"""FRAMES-style multi-step retrieval: the LLM reads what was found and proposes the next search.

Each step searches with the current query, keeps the new passages, and asks the model
for the next query given the question and the passages so far; it stops after
`max_steps` searches or when the model answers DONE. The final ranking lists passages in
the order they were found (earlier steps first, each step's ranking kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchsmith.errors import InputError
from benchsmith.retrieval.base import RETRIEVERS, PassageLike, Ranking, Retriever, get_retriever, to_passages
from benchsmith.retrieval.queries import run_coroutine

PROMPT = "multistep_query.v1.j2"
DONE = "DONE"


def build_prompt(question: str, found: list[dict[str, str]], queries: list[str]) -> list[dict[str, str]]:
    from benchsmith.prompting import render

    return [{"role": "user", "content": render(PROMPT, question=question, found=found, queries=queries)}]


def parse(text: str) -> str | None:
    """Next search query, or None when the model says it has enough (DONE) or says nothing."""
    for line in text.strip().splitlines():
        line = line.strip().strip('"\'` ')
        if line.lower().startswith("query:"):
            line = line[6:].strip().strip('"\'` ')
        if line:
            return None if line.upper().startswith(DONE) else line
    return None


class MultiStepRetriever:
    """Wraps a base retriever; each query gets up to `max_steps` LLM-guided searches.

    Args:
        base: the retriever that searches (already built).
        llm: an LLMClient or a `provider/model` address.
        max_steps: searches per question (FRAMES used up to 5).
        per_step: passages kept from each search.
        snippet_chars: characters of each found passage shown to the model.
    """

    name = "multistep"

    def __init__(self, base: Retriever, llm: Any, *, max_steps: int = 3, per_step: int = 4, snippet_chars: int = 400, **client_options: Any) -> None:
        if isinstance(llm, str):
            from benchsmith.llm.client import get_client

            llm = get_client(llm, **client_options)
        self.base, self.client = base, llm
        self.max_steps, self.per_step, self.snippet_chars = int(max_steps), int(per_step), int(snippet_chars)
        self._texts: dict[str, str] = {}
        self.traces: list[list[str]] = []

    def settings(self) -> dict[str, Any]:
        base = self.base.settings() if hasattr(self.base, "settings") else {"retriever": self.base.name}
        return {"retriever": self.name, "base": base, "max_steps": self.max_steps, "per_step": self.per_step, "model": getattr(self.client, "model_id", None)}

    def index(self, passages: Sequence[PassageLike]) -> None:
        items = to_passages(passages)
        self._texts = {p.id: p.full_text for p in items}
        self.base.index(items)

    async def _one(self, question: str, k: int) -> tuple[Ranking, list[str]]:
        found: dict[str, float] = {}
        queries = [question]
        for step in range(self.max_steps):
            ranking = self.base.search([queries[-1]], self.per_step)[0]
            for pid, score in ranking:
                # Later steps rank below earlier ones: offset scores by step.
                found.setdefault(pid, (self.max_steps - step) * 1e6 + score)
            if step + 1 == self.max_steps or len(found) >= k:
                break
            shown = [{"id": pid, "text": self._texts.get(pid, "")[: self.snippet_chars]} for pid in found]
            completion = await self.client.complete(build_prompt(question, shown, queries), step="multistep_query", input_ref=question[:80])
            nxt = parse(completion.text) if completion.rejected is None else None
            if nxt is None or nxt in queries:
                break
            queries.append(nxt)
        ranked = sorted(found.items(), key=lambda kv: -kv[1])[:k]
        return ranked, queries

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]:
        async def all_() -> list[tuple[Ranking, list[str]]]:
            import asyncio

            return list(await asyncio.gather(*(self._one(q, k) for q in queries)))

        results = run_coroutine(all_())
        self.traces.extend(trace for _, trace in results)
        return [ranking for ranking, _ in results]


@RETRIEVERS.register("multistep")
def make_multistep(arg: str | None = None, *, llm: Any = None, **options: Any) -> MultiStepRetriever:
    """`multistep[:BASE]` with llm=ADDRESS; BASE defaults to bm25."""
    if llm is None:
        raise InputError("the multistep retriever needs an LLM: pass llm='provider/model'")
    own = {key: options.pop(key) for key in ("max_steps", "per_step", "snippet_chars") if key in options}
    return MultiStepRetriever(get_retriever(arg or "bm25", **options), llm, **own)
