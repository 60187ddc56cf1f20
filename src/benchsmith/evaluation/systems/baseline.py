"""The built-in baseline RAG system: any retriever + any LLM backend, with a paper preset.

    system = BaselineRAG(benchmark, llm=get_client("openai/..."), retriever="bm25", preset="mtrag")
    predictions = system.run()            # list[Prediction], in query order

The retriever indexes the benchmark's chunks (or documents when it has no chunks).
A failed LLM call gives a Prediction with `error` set, never an invented answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.systems.predictions import ContextPassage, Prediction
from benchsmith.evaluation.systems.presets import RagPreset, get_preset
from benchsmith.prompting import prompt_hash, render


def passage_lookup(benchmark: EvalBenchmark) -> dict[str, str]:
    """id -> text over the benchmark's chunks and documents (chunks win on a shared id)."""
    texts = {d.doc_id: (f"{d.title}\n{d.text}" if d.title else d.text) for d in benchmark.documents}
    texts.update({c.chunk_id: c.text for c in benchmark.chunks})
    return texts


def gold_passages(query: EvalQuery, texts: dict[str, str], limit: int) -> list[ContextPassage]:
    """The query's relevant passages, most relevant first (ties in the benchmark's order).

    A chunk the benchmark names as its oracle (MIRAGE's oracle.json) comes first, with its own text.
    """
    ranked = sorted(query.relevant.items(), key=lambda kv: -kv[1])
    out = [ContextPassage(id=pid, text=texts[pid]) for pid, grade in ranked if grade > 0 and pid in texts]
    oracle = next((e["oracle"] for e in query.evidence if isinstance(e.get("oracle"), dict)), None)
    if oracle is not None:
        out = [ContextPassage(id=oracle["chunk_id"], text=oracle["text"]), *(c for c in out if c.id != oracle["chunk_id"])]
    return out[:limit]


class BaselineRAG:
    """Retrieve (per the preset), prompt, generate, post-process.

    Args:
        benchmark: the benchmark whose chunks/documents are searched and whose gold ids oracle presets use.
        llm: an LLMClient (`benchsmith.llm.get_client`).
        retriever: a retriever spec ("bm25", "dense", ...) or a Retriever; needed by retrieved presets.
        preset: a preset name or RagPreset.
        k: override the preset's number of passages.
        query_mode: how a conversation becomes a search string (see retrieval.queries).
    """

    def __init__(self, benchmark: EvalBenchmark, *, llm: Any, retriever: Any = None, preset: str | RagPreset = "rag",
                 k: int | None = None, query_mode: str = "last_turn") -> None:
        self.benchmark = benchmark
        self.llm = llm
        self.preset = get_preset(preset) if isinstance(preset, str) else preset
        if k is not None:
            self.preset = replace(self.preset, k=k)
        self.query_mode = query_mode
        self.texts = passage_lookup(benchmark)
        self.missing_gold: list[str] = []
        self.retriever = None
        if self.preset.context == "retrieved":
            if retriever is None:
                raise InputError(f"preset {self.preset.name!r} retrieves passages: give a retriever (e.g. bm25+MODEL)")
            self.retriever = self._build_retriever(retriever)

    def _build_retriever(self, retriever: Any) -> Any:
        from benchsmith.retrieval import get_retriever

        r = get_retriever(retriever) if isinstance(retriever, str) else retriever
        items = self.benchmark.chunks or self.benchmark.documents
        if not items:
            raise InputError(f"benchmark {self.benchmark.name!r} has no chunks or documents to retrieve from")
        r.index(list(items))
        return r

    def settings(self) -> dict[str, Any]:
        """Everything that determines the answers, for results.json."""
        return {
            "system": "baseline-rag", "preset": self.preset.name, "preset_source": self.preset.source,
            "context": self.preset.context, "k": self.preset.k, "template": self.preset.template,
            "template_hash": prompt_hash(self.preset.template), "model": getattr(self.llm, "model_id", str(self.llm)),
            "retriever": getattr(self.retriever, "name", None), "query_mode": self.query_mode,
            "generation_config": self.preset.config.model_dump(),
            "queries_without_gold_text": list(self.missing_gold),
        }

    def contexts_for(self, queries: Sequence[EvalQuery]) -> list[list[ContextPassage]]:
        """The passages each query's prompt will show."""
        mode = self.preset.context
        if mode == "none":
            return [[] for _ in queries]
        if mode in ("oracle_one", "oracle_all"):
            limit = 1 if mode == "oracle_one" else self.preset.k
            contexts = [gold_passages(q, self.texts, limit) for q in queries]
            self.missing_gold = [q.query_id for q, ctx in zip(queries, contexts) if not ctx]
            if queries and len(self.missing_gold) == len(queries):
                raise InputError(f"preset {self.preset.name!r} shows the gold passages, but the benchmark has no text "
                                 "for any of them (pass --corpus with the passages or articles)")
            return contexts
        from benchsmith.retrieval.queries import build_query

        search = [build_query(q, self.query_mode) for q in queries]
        rankings = self.retriever.search(search, k=self.preset.k)
        return [[ContextPassage(id=pid, text=self.texts.get(pid, "")) for pid, _ in ranking] for ranking in rankings]

    def build_messages(self, query: EvalQuery, contexts: Sequence[ContextPassage]) -> list[dict[str, str]]:
        """The chat messages for one query (pure: no model, no retrieval)."""
        user = render(self.preset.template, question=query.question, contexts=[c.text for c in contexts],
                      history=[(t.role, t.content) for t in query.history if t.role != "system"])
        messages = [{"role": "system", "content": self.preset.system_prompt}] if self.preset.system_prompt else []
        return [*messages, {"role": "user", "content": user}]

    async def answer(self, query: EvalQuery, ctx: list[ContextPassage], *, step: str | None = None,
                     config: Any = None) -> Prediction:
        """One generation over the given passages; a failed call gives a Prediction with `error` set."""
        completion = await self.llm.complete(self.build_messages(query, ctx), config or self.preset.config,
                                             step=step or f"rag_{self.preset.name}", input_ref=query.query_id)
        if completion.rejected is not None:
            return Prediction(id=query.query_id, answer="", contexts=ctx,
                              error=f"{completion.rejected.reason}: {completion.rejected.detail}")
        answer = self.preset.postprocess(completion.text)
        return Prediction(id=query.query_id, answer=answer, contexts=ctx,
                          raw=completion.text if answer != completion.text else None)

    async def arun(self, queries: Sequence[EvalQuery] | None = None,
                   on_done: Callable[[], None] | None = None) -> list[Prediction]:
        """Answer every query (default: the whole benchmark), in order."""
        queries = list(self.benchmark.queries if queries is None else queries)
        contexts = await asyncio.to_thread(self.contexts_for, queries)

        async def one(query: EvalQuery, ctx: list[ContextPassage]) -> Prediction:
            prediction = await self.answer(query, ctx)
            if on_done:
                on_done()
            return prediction

        return list(await asyncio.gather(*(one(q, c) for q, c in zip(queries, contexts))))

    def run(self, queries: Sequence[EvalQuery] | None = None) -> list[Prediction]:
        return asyncio.run(self.arun(queries))
