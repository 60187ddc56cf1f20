"""What a peer's own run file carries beyond {query id: {passage id: score}}.

The papers' scripts score their files as written: MultiHop-RAG by chunk text with
duplicates kept, MIRAGE by the `mapped_id`/`support` of each retrieved pool chunk,
mtRAG per the `Collection` each task names. These readers hand that to the paper metrics.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_json


def read_json_or_none(path: Path) -> Any:
    try:
        return read_json(path)
    except InputError:
        return None


def multihop_ranked_texts(data: Any, benchmark: Any) -> dict[str, list[str]]:
    """Ranked passage texts per query id of a MultiHop-RAG run, duplicates kept.

    The official script scores the list as retrieved (a repeated chunk takes a
    rank), so the paper metrics read it from the file rather than from the
    de-duplicated run.
    """
    ids = {q.question: q.query_id for q in benchmark.queries}
    out: dict[str, list[str]] = {}
    for rec in data if isinstance(data, list) else []:
        if not isinstance(rec, dict) or rec.get("query") not in ids or not isinstance(rec.get("retrieval_list"), list):
            continue
        out[ids[rec["query"]]] = [
            item["text"] for item in rec["retrieval_list"] if isinstance(item, dict) and isinstance(item.get("text"), str)
        ]
    return out


def mirage_pool(benchmark: Any) -> list[dict[str, Any]] | None:
    """The MIRAGE doc pool as written (repeats kept), from the file the benchmark came from."""
    for key in ("pool", "path"):
        where = benchmark.metadata.get(key)
        if not where or not str(where).endswith(".json"):
            continue
        data = read_json_or_none(Path(where))
        if isinstance(data, dict):
            data = data.get("doc_pool")
        if isinstance(data, list) and all(isinstance(c, dict) and "mapped_id" in c for c in data):
            return data
    return None


def mtrag_collections(path: Path) -> dict[str, str]:
    """task id -> `Collection` of an mtRAG run JSONL (the official script groups and weights by it)."""
    from benchsmith.retrieval.runs import canonical_task_id

    out: dict[str, str] = {}
    for _, rec in iter_jsonl(path):
        if isinstance(rec, dict) and "task_id" in rec:
            collection = rec.get("Collection") or rec.get("collection")
            if collection:
                out[canonical_task_id(str(rec["task_id"]))] = str(collection)
    return out


def paper_inputs(path: Path, paper: str | None, benchmark: Any) -> dict[str, Any]:
    """What a peer's own run file carries beyond ids, for its paper-exact metrics."""
    if paper == "mtrag" and path.suffix == ".jsonl":
        return {"collections": mtrag_collections(path)}
    if paper not in ("multihop-rag", "mirage") or path.suffix != ".json":
        return {}
    data = read_json_or_none(path)
    if paper == "multihop-rag":
        return {"ranked_texts": multihop_ranked_texts(data, benchmark)}
    if isinstance(data, list) and data and all(isinstance(r, dict) and "top_chunks" in r for r in data):
        return {"mirage_records": data, "mirage_pool": mirage_pool(benchmark)}
    return {}
