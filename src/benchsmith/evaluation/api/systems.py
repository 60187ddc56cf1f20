"""Systems that answer a benchmark: the baseline RAG (`--system RETRIEVER+MODEL`) and an HTTP endpoint."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError

LEDGER_NAME = "llm_usage.jsonl"


def split_system(spec: str) -> tuple[str | None, str]:
    """"bm25+openai/m@URL" -> ("bm25", "openai/m@URL"); a bare model means no retriever."""
    from benchsmith.retrieval.base import RETRIEVERS, parse_spec

    left, plus, right = spec.partition("+")
    if not plus:
        return None, spec
    if not left or not right:
        raise InputError(f"--system {spec!r}: expected RETRIEVER+MODEL, e.g. bm25+openai/gpt-4o-mini")
    if parse_spec(left)[0] not in RETRIEVERS.names():
        # "foo+openai/m": the part before "+" names the retriever, so that is what is unknown
        raise InputError(f"--system {spec!r}: unknown retriever {left!r}; use one of {', '.join(RETRIEVERS.names())} "
                         "(RETRIEVER+MODEL, e.g. bm25+openai/gpt-4o-mini)")
    return left, right


def make_client(spec: str, *, cache_dir: Path | None, ledger_dir: Path, concurrency: int, max_calls: int | None) -> Any:
    """An LLM client whose usage ledger is `ledger_dir/llm_usage.jsonl` (appended to, never replaced)."""
    from benchsmith.llm import get_client

    ledger_dir.mkdir(parents=True, exist_ok=True)
    return get_client(spec, cache_dir=cache_dir, ledger_path=ledger_dir / LEDGER_NAME, concurrency=concurrency,
                      max_calls=max_calls)


@dataclass
class EndpointOptions:
    """`--endpoint` and its settings; `fields` and `headers` are KEY=VALUE strings as typed."""

    url: str
    fields: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    timeout_s: float = 60.0
    retries: int = 3


def parse_pairs(values: list[str], option: str) -> dict[str, str]:
    """["question=q", "answer=data.text"] -> {"question": "q", "answer": "data.text"}."""
    out: dict[str, str] = {}
    for value in values:
        key, eq, val = value.partition("=")
        if not eq or not key.strip():
            raise InputError(f"{option} expects KEY=VALUE, got {value!r}")
        out[key.strip()] = val.strip()
    return out


def endpoint_system(options: EndpointOptions, concurrency: int) -> Any:
    """The user's HTTP system; a malformed URL or field option is an InputError before any request."""
    from benchsmith.evaluation.systems import EndpointConfig, EndpointSystem

    names = parse_pairs(options.fields, "--endpoint-field")
    allowed = {"question", "history", "id", "answer", "contexts"}
    if set(names) - allowed:
        raise InputError(f"--endpoint-field keys must be among {', '.join(sorted(allowed))}")
    for required in ("question", "answer"):  # the others may be switched off with an empty value
        if names.get(required) == "":
            raise InputError(f"--endpoint-field {required}= needs a field name")
    config = EndpointConfig(url=options.url, headers=parse_pairs(options.headers, "--endpoint-header"),
                            timeout_s=options.timeout_s, max_retries=options.retries, concurrency=concurrency,
                            **{f"{k}_field": (v or None) for k, v in names.items()})
    return EndpointSystem(config)


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
