"""MIRAGE: dataset.json (queries with answer aliases) plus a doc pool of labelled chunks.

The pool is a list of {"mapped_id": query id, "doc_name", "doc_chunk", "support"}; a
query's relevant chunks are its pool chunks with support 1. Chunk ids are content ids of
(mapped_id, doc_chunk), the same ids `load_run` gives MIRAGE run files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import json_head, passage_chunk, read_json_list, require
from benchsmith.evaluation.importers.runs import mirage_chunk_id
from benchsmith.types import Chunk


def _pool(path: Path) -> tuple[list[Chunk], dict[str, dict[str, int]]]:
    records = read_json_list(path, key="doc_pool")
    chunks: dict[str, Chunk] = {}
    support: dict[str, dict[str, int]] = {}
    for i, rec in enumerate(records):
        where = f"$[{i}]"
        qid = str(require(rec, "mapped_id", path, None, where))
        text = require(rec, "doc_chunk", path, None, where)
        doc = str(rec.get("doc_name") or qid)
        label = rec.get("support", 0)
        if label not in (0, 1, True, False):
            raise InputError(f"support must be 0 or 1, got {label!r}", path=path, json_path=f"{where}.support")
        cid = mirage_chunk_id(qid, text)
        chunks.setdefault(cid, passage_chunk(cid, text, doc, doc_id=doc, metadata={"mapped_id": qid, "support": int(label)}))
        labels = support.setdefault(qid, {})
        labels[cid] = max(int(label), labels.get(cid, 0))
    return list(chunks.values()), support


def load(path: Path, *, corpus: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """Read MIRAGE queries and, when given (or embedded as "doc_pool"), the chunk pool.

    Args:
        path: dataset.json: a list of queries, or an object with "queries" (and maybe "doc_pool").
        corpus: doc_pool.json; optional when `path` embeds the pool.
    """
    records = read_json_list(path, key="queries")
    chunks: list[Chunk] = []
    support: dict[str, dict[str, int]] = {}
    if corpus is not None:
        chunks, support = _pool(corpus)
    else:
        data = read_json_list(path, key="doc_pool") if '"doc_pool"' in json_head(path, 1 << 30) else None
        if data is not None and data is not records:
            chunks, support = _pool(path)
    queries: list[EvalQuery] = []
    position: dict[str, int] = {}
    for i, rec in enumerate(records):
        where = f"$[{i}]"
        qid = str(require(rec, "query_id", path, None, where))
        question = require(rec, "query", path, None, where)
        answers = rec.get("answer") or []
        if isinstance(answers, str):
            answers = [answers]
        if qid in position:
            # MIRAGE's files repeat some queries; its scripts average over records, so keep a count.
            prev = queries[position[qid]]
            if prev.question != question:
                raise InputError(f"query_id {qid!r} is used for two different queries", path=path, json_path=f"{where}.query_id")
            queries[position[qid]] = prev.model_copy(update={"fields": {**prev.fields, "occurrences": prev.fields["occurrences"] + 1}})
            continue
        position[qid] = len(queries)
        labels = support.get(qid, {})
        fields: dict[str, Any] = {"source": rec.get("source"), "doc_name": rec.get("doc_name"), "occurrences": 1}
        if "num_doc_labels" in rec:
            fields["n_evidence"] = rec["num_doc_labels"]
        queries.append(
            EvalQuery(
                query_id=qid,
                question=question,
                answers=[str(a) for a in answers],
                answerability="answerable",
                relevant={c: 1 for c, v in labels.items() if v == 1},
                evidence=[{"doc_name": rec.get("doc_name"), "doc_url": rec.get("doc_url")}],
                fields=fields,
            )
        )
    return EvalBenchmark(
        name=name or path.stem,
        queries=queries,
        chunks=chunks,
        id_level="chunk",
        source_format="mirage",
        metadata={"path": str(path), "pool": str(corpus) if corpus else None},
    )


def detect(path: Path) -> bool:
    if path.is_dir():
        return (path / "dataset.json").is_file() and "num_doc_labels" in json_head(path / "dataset.json")
    head = json_head(path)
    return path.suffix == ".json" and '"query_id"' in head and ('"doc_name"' in head or '"num_doc_labels"' in head)


def load_path(path: Path, *, corpus: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """dataset.json, or a folder holding dataset.json and doc_pool.json."""
    if path.is_dir():
        if corpus is None and (path / "doc_pool.json").is_file():
            corpus = path / "doc_pool.json"
        path = path / "dataset.json"
    return load(path, corpus=corpus, name=name)


FORMATS.register("mirage")(BenchmarkFormat("mirage", load_path, detect, "MIRAGE dataset.json (+ doc_pool.json)"))
