"""BEIR: a folder with corpus.jsonl, queries.jsonl and qrels/<split>.tsv."""

from __future__ import annotations

from pathlib import Path

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import passage_chunk, require
from benchsmith.evaluation.importers.qrels import load_qrels
from benchsmith.fileio import iter_jsonl


def _qrels_file(root: Path, split: str | None) -> Path:
    folder = root / "qrels"
    if split:
        p = folder / f"{split}.tsv"
        if not p.is_file():
            raise InputError(f"no qrels for split {split!r}", path=p)
        return p
    for name in ("test", "dev", "validation", "train"):
        if (folder / f"{name}.tsv").is_file():
            return folder / f"{name}.tsv"
    found = sorted(folder.glob("*.tsv"))
    if not found:
        raise InputError("no qrels/*.tsv in BEIR folder", path=folder)
    return found[0]


def load(path: Path, *, corpus: Path | None = None, split: str | None = None, name: str | None = None, keep_unjudged: bool = False, qrels: str | Path | None = None) -> EvalBenchmark:
    """Read a BEIR dataset folder; passages become chunks (BEIR ids are the retrieval unit).

    Args:
        split: qrels split (default: test, then dev, validation, train).
        keep_unjudged: keep queries absent from the qrels (they score nothing).
        qrels: a qrels file to use instead of the folder's own.
    """
    qrels_path = Path(qrels) if qrels is not None else _qrels_file(path, split)
    if not qrels_path.is_file():
        raise InputError("qrels file does not exist", path=qrels_path)
    qrels = load_qrels(qrels_path)
    corpus_path = corpus or path / "corpus.jsonl"
    chunks = []
    for line, rec in iter_jsonl(corpus_path):
        pid = str(require(rec, "_id", corpus_path, line, "$", (str, int)))
        chunks.append(passage_chunk(pid, require(rec, "text", corpus_path, line), rec.get("title") or "", doc_id=pid, metadata=rec.get("metadata") or {}))
    queries = []
    first_line: dict[str, int] = {}
    queries_path = path / "queries.jsonl"
    for line, rec in iter_jsonl(queries_path):
        qid = str(require(rec, "_id", queries_path, line, "$", (str, int)))
        if qid in first_line:
            raise InputError(f"query id {qid!r} appears twice (first at line {first_line[qid]})", path=queries_path, line=line, json_path="$._id")
        first_line[qid] = line
        if qid not in qrels and not keep_unjudged:
            continue
        relevant = {d: r for d, r in qrels.get(qid, {}).items() if r > 0}
        queries.append(EvalQuery(query_id=qid, question=require(rec, "text", queries_path, line), relevant=relevant, answerability="answerable" if relevant else None, fields=dict(rec.get("metadata") or {})))
    return EvalBenchmark(
        name=name or path.name,
        queries=queries,
        chunks=chunks,
        id_level="chunk",
        source_format="beir",
        metadata={"path": str(path), "qrels": str(qrels_path)},
    )


def detect(path: Path) -> bool:
    return path.is_dir() and (path / "corpus.jsonl").is_file() and (path / "queries.jsonl").is_file() and (path / "qrels").is_dir()


FORMATS.register("beir")(BenchmarkFormat("beir", load, detect, "BEIR folder: corpus.jsonl, queries.jsonl, qrels/*.tsv"))
