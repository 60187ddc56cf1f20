"""MIRAGE: dataset.json (queries with answer aliases) plus a doc pool of labelled chunks.

The pool is a list of {"mapped_id": query id, "doc_name", "doc_chunk", "support"}; a
query's relevant chunks are its pool chunks with support 1. A pool record's chunk id is its
"chunk_id" when it has one (`generate mirage` writes our corpus chunk ids there, the ids of
its qrels.tsv), else a content id of (mapped_id, doc_chunk); `load_run` names the chunks of
MIRAGE run files by the same rule, since MIRAGE's retriever copies whole pool records.

oracle.json ({query_id: pool record}) names the one chunk the oracle setting shows; the
query lists it first among its relevant chunks and in `evidence` as "oracle".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import json_head, passage_chunk, read_json_list, require
from benchsmith.fileio import read_json
from benchsmith.outdir import check_complete, read_marker
from benchsmith.retrieval.runs import mirage_pool_chunk_id
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
        cid = mirage_pool_chunk_id(rec)
        chunks.setdefault(cid, passage_chunk(cid, text, doc, doc_id=str(rec.get("doc_id") or doc),
                                             metadata={"mapped_id": qid, "support": int(label)}))
        labels = support.setdefault(qid, {})
        labels[cid] = max(int(label), labels.get(cid, 0))
    return list(chunks.values()), support


def _oracle(path: Path) -> dict[str, dict[str, str]]:
    """oracle.json: query id -> {"chunk_id", "text"} of the chunk the oracle setting shows."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise InputError("oracle.json must be an object: query_id -> pool record", path=path, json_path="$")
    out = {}
    for qid, rec in data.items():
        where = f"$[{qid!r}]"
        if not isinstance(rec, dict):
            raise InputError("an oracle entry must be a pool record", path=path, json_path=where)
        text = require(rec, "doc_chunk", path, None, where)
        out[str(qid)] = {"chunk_id": mirage_pool_chunk_id({"mapped_id": qid, **rec}), "text": str(text)}
    return out


def load(path: Path, *, corpus: Path | None = None, oracle: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """Read MIRAGE queries and, when given (or embedded as "doc_pool"), the chunk pool.

    Args:
        path: dataset.json: a list of queries, or an object with "queries" (and maybe "doc_pool").
        corpus: doc_pool.json; optional when `path` embeds the pool.
        oracle: oracle.json; without it the oracle chunk is the query's first supported pool chunk.
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
    oracles = _oracle(oracle) if oracle is not None else {}
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
        relevant = {c: 1 for c, v in labels.items() if v == 1}
        evidence: dict[str, Any] = {"doc_name": rec.get("doc_name"), "doc_url": rec.get("doc_url")}
        if qid in oracles:
            chosen = oracles[qid]
            evidence["oracle"] = chosen
            if chosen["chunk_id"] in relevant:  # first, so that "the one gold chunk" is this one
                relevant = {chosen["chunk_id"]: 1, **relevant}
        fields: dict[str, Any] = {"source": rec.get("source"), "doc_name": rec.get("doc_name"), "occurrences": 1}
        if "num_doc_labels" in rec:
            fields["n_evidence"] = rec["num_doc_labels"]
        queries.append(
            EvalQuery(
                query_id=qid,
                question=question,
                answers=[str(a) for a in answers],
                answerability="answerable",
                relevant=relevant,
                evidence=[evidence],
                fields=fields,
            )
        )
    return EvalBenchmark(
        name=name or path.stem,
        queries=queries,
        chunks=chunks,
        id_level="chunk",
        source_format="mirage",
        metadata={"path": str(path), "pool": str(corpus) if corpus else None, "oracle": str(oracle) if oracle else None},
    )


def detect(path: Path) -> bool:
    if path.is_dir():
        return (path / "dataset.json").is_file() and "num_doc_labels" in json_head(path / "dataset.json")
    head = json_head(path)
    return path.suffix == ".json" and '"query_id"' in head and ('"doc_name"' in head or '"num_doc_labels"' in head)


def load_path(path: Path, *, corpus: Path | None = None, oracle: Path | None = None,
              name: str | None = None) -> EvalBenchmark:
    """dataset.json, or a folder holding it; doc_pool.json and oracle.json beside it are read too."""
    folder = path if path.is_dir() else path.parent
    if path.is_dir():
        if read_marker(folder) is not None:
            check_complete(folder)  # a folder `generate mirage` wrote: every file it listed is there, unchanged
        path = path / "dataset.json"
    if corpus is None and (folder / "doc_pool.json").is_file() and path.name == "dataset.json":
        corpus = folder / "doc_pool.json"
    if oracle is None and (folder / "oracle.json").is_file() and path.name == "dataset.json":
        oracle = folder / "oracle.json"
    if oracle is not None and not oracle.is_file():
        raise InputError("oracle file does not exist", path=oracle)
    return load(path, corpus=corpus, oracle=oracle, name=name)


FORMATS.register("mirage")(BenchmarkFormat("mirage", load_path, detect, "MIRAGE dataset.json (+ doc_pool.json)"))
