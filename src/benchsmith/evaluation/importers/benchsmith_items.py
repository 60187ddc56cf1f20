"""Our own generated benchmarks: OUT/benchmark.json pointing at items.jsonl, qrels.tsv and a corpus.

benchmark.json: {"kind": "benchmark", "name", "generator", "corpus_dir", "items", "qrels"};
paths are relative to the benchmark folder unless absolute. Items are read leniently: only
item_id and query are required, unknown fields are kept in `fields` when scalar.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery, Turn
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import normalize_answerability, require
from benchsmith.evaluation.importers.qrels import load_qrels
from benchsmith.fileio import iter_jsonl, read_json
from benchsmith.outdir import check_complete, read_marker

MANIFEST = "benchmark.json"
_KNOWN = {"item_id", "query", "question", "answer", "answers", "question_type", "evidence", "history", "rewrite", "answerability", "relevant", "provenance", "kind", "schema_version"}


def _resolve(root: Path, value: Any, default: str) -> Path:
    p = Path(value or default)
    return p if p.is_absolute() else root / p


def _answers(item: dict[str, Any]) -> list[str]:
    if isinstance(item.get("answers"), list):
        return [str(a) for a in item["answers"]]
    answer = item.get("answer")
    return [str(answer)] if answer not in (None, "") else []


def _history(item: dict[str, Any]) -> list[Turn]:
    turns = []
    for t in item.get("history") or []:
        if isinstance(t, dict):
            role = t.get("role") or ("user" if t.get("speaker") == "user" else "assistant")
            turns.append(Turn(role=role if role in ("user", "assistant", "system") else "assistant", content=str(t.get("content", t.get("text", "")))))
    return turns


def _kind_answerability(item: dict[str, Any]) -> str:
    """What the item's own kind says: each item model knows whether its items can be answered from the corpus."""
    from pydantic import ValidationError

    from benchsmith.schemas import SCHEMAS

    kind = item.get("kind")
    if isinstance(kind, str) and kind in SCHEMAS:
        model = SCHEMAS.get(kind)
        if isinstance(getattr(model, "answerable", None), property):
            try:
                return "answerable" if model.model_validate(item).answerable else "unanswerable"
            except ValidationError:
                pass  # read leniently, as below
    return "unanswerable" if item.get("question_type") == "unanswerable" else "answerable"


def _breakdown_value(value: Any) -> bool:
    """Scalars and label lists can be breakdown fields; nested objects cannot."""
    return isinstance(value, (str, int, float, bool)) or (isinstance(value, list) and all(isinstance(x, str) for x in value))


def _query(item: dict[str, Any], qrels: dict[str, dict[str, int]], path: Path, line: int) -> EvalQuery:
    qid = str(require(item, "item_id", path, line, "$", (str, int)))
    question = item.get("query", item.get("question"))
    if not isinstance(question, str) or not question.strip():
        raise InputError("item has no query text", path=path, line=line, json_path="$.query")
    qtype = item.get("question_type")
    evidence = item.get("evidence") or []
    if not isinstance(evidence, list):
        raise InputError("evidence must be a list", path=path, line=line, json_path="$.evidence")
    answerability = normalize_answerability(item.get("answerability")) or _kind_answerability(item)
    if qid in qrels:
        relevant = {d: r for d, r in qrels[qid].items() if r > 0}
    else:
        relevant = {str(e["chunk_id"]): 1 for e in evidence if isinstance(e, dict) and e.get("chunk_id")}
    if answerability == "unanswerable":
        relevant = {}
    fields: dict[str, Any] = {k: v for k, v in item.items() if k not in _KNOWN and _breakdown_value(v)}
    fields["question_type"] = qtype
    fields["n_evidence"] = len({e.get("doc_id") for e in evidence if isinstance(e, dict) and e.get("doc_id")})
    return EvalQuery(
        query_id=qid,
        question=question,
        history=_history(item),
        rewrite=item.get("rewrite") if isinstance(item.get("rewrite"), str) else None,
        answers=_answers(item),
        answerability=answerability,
        relevant=relevant,
        evidence=[e for e in evidence if isinstance(e, dict)],
        fields=fields,
    )


def load(path: Path, *, corpus: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """Read a benchsmith benchmark folder (or its benchmark.json, or a bare items.jsonl).

    Args:
        path: the folder, its benchmark.json, or an items.jsonl.
        corpus: an ingested corpus folder; overrides the manifest's corpus_dir.
    """
    from benchsmith.corpora.store import load_corpus_dir

    if path.is_file() and path.suffix == ".jsonl":
        root, manifest, items_path = path.parent, {}, path
    else:
        root = path if path.is_dir() else path.parent
        if read_marker(root) is not None:
            check_complete(root)  # a folder a generator wrote: every file it listed is there, unchanged in size
        manifest_path = root / MANIFEST
        manifest = read_json(manifest_path) if manifest_path.is_file() else {}
        if not isinstance(manifest, dict):
            raise InputError("benchmark.json must be an object", path=manifest_path, json_path="$")
        items_path = _resolve(root, manifest.get("items"), "items.jsonl")
    qrels_path = _resolve(root, manifest.get("qrels"), "qrels.tsv")
    qrels = load_qrels(qrels_path) if qrels_path.is_file() else {}
    queries, seen = [], set()
    for line, item in iter_jsonl(items_path):
        q = _query(item, qrels, items_path, line)
        if q.query_id in seen:
            raise InputError(f"duplicate item_id {q.query_id!r}", path=items_path, line=line, json_path="$.item_id")
        seen.add(q.query_id)
        queries.append(q)
    corpus_dir = corpus or (_resolve(root, manifest["corpus_dir"], "") if manifest.get("corpus_dir") else None)
    documents, chunks = [], []
    if corpus_dir is not None:
        store = load_corpus_dir(corpus_dir)
        documents, chunks = store.documents, store.chunks
    return EvalBenchmark(
        name=name or manifest.get("name") or root.name,
        queries=queries,
        documents=documents,
        chunks=chunks,
        id_level="chunk" if chunks or not documents else "doc",
        source_format="benchsmith",
        metadata={"path": str(path), "generator": manifest.get("generator"), "corpus_dir": str(corpus_dir) if corpus_dir else None},
    )


def detect(path: Path) -> bool:
    if path.is_dir():
        return (path / MANIFEST).is_file() or (path / "items.jsonl").is_file()
    if path.name == MANIFEST:
        return True
    if path.suffix == ".jsonl":
        from benchsmith.evaluation.importers._common import first_json_record

        rec = first_json_record(path)
        return isinstance(rec, dict) and "item_id" in rec and ("query" in rec or "question" in rec)
    return False


FORMATS.register("benchsmith")(BenchmarkFormat("benchsmith", load, detect, "benchsmith benchmark folder (benchmark.json, items.jsonl, qrels.tsv)"))
