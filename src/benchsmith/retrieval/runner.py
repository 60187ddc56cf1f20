"""Index a benchmark's passages and search all its queries with one retriever."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from benchsmith.errors import InputError
from benchsmith.retrieval.base import PassageLike, Retriever, get_retriever
from benchsmith.retrieval.queries import EvalQuery, Rewriter, build_queries

Run = dict[str, dict[str, float]]


class EvalBenchmark(Protocol):
    """The benchmark shape searched here (`benchsmith.evaluation.benchmark.EvalBenchmark` has it).

    Declared here rather than imported so that retrieval does not depend on evaluation.
    """

    name: str
    queries: Sequence[EvalQuery]
    documents: Sequence[PassageLike]
    chunks: Sequence[PassageLike]
    id_level: str


def benchmark_passages(benchmark: EvalBenchmark) -> Sequence[PassageLike]:
    """What to index: the chunks, or the documents when the benchmark judges documents."""
    passages: Sequence[PassageLike] = benchmark.documents if benchmark.id_level == "doc" else benchmark.chunks
    if not passages:
        what = "documents" if benchmark.id_level == "doc" else "chunks"
        raise InputError(f"benchmark {benchmark.name!r} has no {what} to index; pass its corpus (--corpus)")
    return passages


def retriever_settings(retriever: Retriever) -> dict[str, Any]:
    """A retriever's settings for results.json."""
    settings = getattr(retriever, "settings", None)
    return settings() if callable(settings) else {"retriever": retriever.name}


@contextlib.contextmanager
def _progress(enabled: bool):
    """A transient rich progress bar; silent when disabled or when another live display is active."""
    from rich.errors import LiveError
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    bar = Progress(*columns, transient=True, disable=not enabled)
    try:
        bar.start()
    except LiveError:  # a caller's own progress display is running: do not fight it
        bar = Progress(*columns, disable=True)
    try:
        yield bar
    finally:
        bar.stop()


def run_retrieval(
    benchmark: EvalBenchmark,
    retriever_spec: str | Retriever,
    k: int = 10,
    query_mode: str = "last_turn",
    *,
    rewriter: Rewriter | None = None,
    batch_size: int = 256,
    progress: bool = True,
    **options: Any,
) -> Run:
    """Index the benchmark's passages, search every query, return {qid: {passage id: score}}.

    Args:
        benchmark: the benchmark; its chunks are indexed (documents when id_level is "doc").
        retriever_spec: a spec for `get_retriever` (`bm25`, `dense:PATH`, `run:FILE`, ...) or a built retriever.
        k: passages kept per query.
        query_mode: `last_turn`, `all_user_turns`, `full_conversation` or `rewrite`.
        rewriter: async LLM rewriter for `rewrite` mode (see `benchsmith.retrieval.rewrite.LLMRewriter`).
        batch_size: queries per search call.
        progress: show a rich progress bar.
        **options: retriever options when `retriever_spec` is a string.

    Every query appears in the result, with an empty ranking if nothing was found.
    """
    if k < 1:
        raise InputError(f"k must be at least 1, got {k}")
    retriever = get_retriever(retriever_spec, **options) if isinstance(retriever_spec, str) else retriever_spec
    queries = benchmark.queries
    replay = hasattr(retriever, "search_ids")
    with _progress(progress) as bar:
        if not replay:
            passages = benchmark_passages(benchmark)
            task = bar.add_task(f"indexing {len(passages)} passages ({retriever.name})", total=None)
            retriever.index(passages)
            bar.remove_task(task)
        texts = [] if replay else build_queries(queries, query_mode, rewriter)
        task = bar.add_task(f"searching ({retriever.name}, {query_mode})", total=len(queries))
        run: Run = {}
        for start in range(0, len(queries), batch_size):
            batch = queries[start : start + batch_size]
            if replay:
                rankings = retriever.search_ids([q.query_id for q in batch], k)  # type: ignore[attr-defined]
            else:
                rankings = retriever.search(texts[start : start + batch_size], k)
            for q, ranking in zip(batch, rankings):
                scores: dict[str, float] = {}
                for pid, score in ranking[:k]:
                    scores.setdefault(pid, float(score))
                run[q.query_id] = scores
            bar.advance(task, len(batch))
    return run
