"""FRAMES' multi-step retrieval baseline (algorithm 1), over any retriever.

For each of `steps` iterations and each of `queries_per_step` queries, the model writes
one search query from the question and the articles gathered so far; the retriever's
top `n_docs` for it are added to the context (only new ones). After the last search the
model answers from everything gathered, with the same prompt as the other FRAMES
baselines (rag_frames.v1.j2). So a question costs steps x queries_per_step query calls,
the same number of searches, and one answer call.

`planning=True` adds the search-planning instructions (the paper's second setting).
The retriever, the passage texts and the answer prompt are the baseline system's
(`BaselineRAG`); the reply is read with the multistep retriever's query parser.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.systems.baseline import BaselineRAG
from benchsmith.evaluation.systems.predictions import ContextPassage, Prediction
from benchsmith.evaluation.systems.presets import get_preset
from benchsmith.llm.base import GenerationConfig
from benchsmith.prompting import prompt_hash, render
from benchsmith.retrieval.multistep import parse as parse_query

QUERY_TEMPLATE = "frames_multistep_query.v1.j2"
QUERY_STEP = "frames_multistep_query"


class MultiStepRAG:
    """Algorithm 1 of FRAMES: k model-written queries per step, n steps, top n_docs per query.

    Args:
        benchmark: documents (or chunks) to search; its queries are answered by default.
        llm: an LLMClient; it writes the queries and the answer.
        retriever: a retriever spec ("bm25", "dense", ...) or a built Retriever.
        steps: iterations n.
        queries_per_step: queries k written in each iteration.
        n_docs: articles kept from each search.
        planning: add the search-planning instructions to the query prompt.
        snippet_chars: characters of each gathered article shown when writing a query.
        name: the setting's label.
    """

    def __init__(self, benchmark: EvalBenchmark, *, llm: Any, retriever: Any = "bm25", steps: int = 3,
                 queries_per_step: int = 3, n_docs: int = 2, planning: bool = False, snippet_chars: int = 300,
                 name: str | None = None) -> None:
        if min(steps, queries_per_step, n_docs) < 1:
            raise ValueError("steps, queries_per_step and n_docs must be at least 1")
        preset = replace(get_preset("frames-bm25"), k=n_docs, postprocess=str.strip)
        self.rag = BaselineRAG(benchmark, llm=llm, retriever=retriever, preset=preset)
        self.llm = llm
        self.steps, self.queries_per_step, self.n_docs = steps, queries_per_step, n_docs
        self.planning, self.snippet_chars = planning, snippet_chars
        self.name = name or ("multistep-plan" if planning else "multistep")
        self.traces: dict[str, list[str]] = {}
        self.unusable_queries = 0
        self.config = GenerationConfig(temperature=0.0)

    def settings(self) -> dict[str, Any]:
        return {"system": self.name, "algorithm": "FRAMES algorithm 1", "steps": self.steps,
                "queries_per_step": self.queries_per_step, "n_docs": self.n_docs, "planning": self.planning,
                "query_template": QUERY_TEMPLATE, "query_template_hash": prompt_hash(QUERY_TEMPLATE),
                "answer_template": self.rag.preset.template, "answer_template_hash": prompt_hash(self.rag.preset.template),
                "retriever": getattr(self.rag.retriever, "name", None), "model": getattr(self.llm, "model_id", str(self.llm)),
                "unusable_query_replies": self.unusable_queries}

    def query_messages(self, question: str, found: Sequence[str], queries: Sequence[str]) -> list[dict[str, str]]:
        shown = [self.rag.texts.get(pid, "")[: self.snippet_chars] for pid in found]
        return [{"role": "user", "content": render(QUERY_TEMPLATE, question=question, found=shown, queries=list(queries),
                                                   planning=self.planning)}]

    async def _gather(self, query: EvalQuery) -> tuple[list[str], list[str], str | None]:
        """Article ids in the order found, the queries searched, and the first failed call's reason."""
        found: list[str] = []
        searched: list[str] = []
        for i in range(self.steps):
            for j in range(self.queries_per_step):
                completion = await self.llm.complete(self.query_messages(query.question, found, searched), self.config,
                                                     step=QUERY_STEP, input_ref=f"{query.query_id}:{i + 1}.{j + 1}")
                if completion.rejected is not None:
                    return found, searched, f"{completion.rejected.reason}: {completion.rejected.detail}"
                text = parse_query(completion.text)
                if not text:
                    self.unusable_queries += 1  # no query in the reply: this search is skipped, not invented
                    continue
                searched.append(text)
                ranking = self.rag.retriever.search([text], self.n_docs)  # in-loop: retrievers are not thread-safe
                found += [pid for pid, _ in ranking[0] if pid not in found]
        return found, searched, None

    async def arun(self, queries: Sequence[EvalQuery] | None = None,
                   on_done: Callable[[], None] | None = None) -> list[Prediction]:
        queries = list(self.rag.benchmark.queries if queries is None else queries)

        async def one(query: EvalQuery) -> Prediction:
            found, searched, failed = await self._gather(query)
            self.traces[query.query_id] = searched
            ctx = [ContextPassage(id=pid, text=self.rag.texts.get(pid, "")) for pid in found]
            if failed:
                if on_done:
                    on_done()
                return Prediction(id=query.query_id, answer="", contexts=ctx, error=failed)
            prediction = await self.rag.answer(query, ctx, step=f"rag_{self.name}", config=self.config)
            if on_done:
                on_done()
            return prediction

        return list(await asyncio.gather(*(one(q) for q in queries)))

    def run(self, queries: Sequence[EvalQuery] | None = None) -> list[Prediction]:
        return asyncio.run(self.arun(queries))
