"""Helpers shared by `evaluate generation` and `evaluate mirage`: systems, LLM clients, progress."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console

from benchsmith.errors import InputError

LEDGER_NAME = "llm_usage.jsonl"


def split_system(spec: str) -> tuple[str | None, str]:
    """"bm25+openai/m@URL" -> ("bm25", "openai/m@URL"); a bare model means no retriever."""
    from benchsmith.retrieval.base import RETRIEVERS, parse_spec

    left, plus, right = spec.partition("+")
    if plus and right and parse_spec(left)[0] in RETRIEVERS.names():
        return left, right
    if plus and not right:
        raise InputError(f"--system {spec!r}: expected RETRIEVER+MODEL, e.g. bm25+openai/gpt-4o-mini")
    return None, spec


def make_client(spec: str, *, cache_dir: Path | None, out: Path, concurrency: int, max_calls: int | None) -> Any:
    from benchsmith.llm import get_client

    out.mkdir(parents=True, exist_ok=True)
    return get_client(spec, cache_dir=cache_dir, ledger_path=out / LEDGER_NAME, concurrency=concurrency,
                      max_calls=max_calls)


@contextmanager
def progress_bars(console: Console):
    """A rich Progress whose `track(name, total)` returns an advance callback."""
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                        TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(), console=console,
                        transient=True)
    tasks: dict[str, Any] = {}

    def track(name: str, total: int):
        tasks[name] = progress.add_task(name, total=total)
        return lambda n=1: progress.advance(tasks[name], n)

    def metric_progress(total: int):
        def advance(metric: str, n: int) -> None:
            if metric not in tasks:
                tasks[metric] = progress.add_task(f"scoring: {metric}", total=total)
            progress.advance(tasks[metric], n)
        return advance

    with progress:
        yield track, metric_progress


async def run_system(benchmark: Any, *, system: str | None, preset: str, k: int | None, query_mode: str,
                     endpoint: Any, client: Any, queries: Sequence[Any] | None = None,
                     on_done: Any = None) -> tuple[list[Any], dict[str, Any]]:
    """Answer the benchmark with the baseline RAG (`system`) or an endpoint; returns predictions and settings."""
    if endpoint is not None:
        preds = await endpoint.arun(list(queries if queries is not None else benchmark.queries), on_done=on_done)
        return preds, endpoint.settings()
    from benchsmith.evaluation.systems import BaselineRAG

    retriever, _model = split_system(system or "")
    rag = BaselineRAG(benchmark, llm=client, retriever=retriever, preset=preset, k=k, query_mode=query_mode)
    preds = await rag.arun(queries, on_done=on_done)
    return preds, rag.settings()
