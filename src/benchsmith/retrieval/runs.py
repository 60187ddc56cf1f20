"""Run files: TREC 6-column, JSON {qid: {docid: score}}, and the peers' run shapes.

Peer shapes read here:
- mtRAG JSONL: {"task_id", "contexts": [{"document_id", "score"}]} (task ids canonicalised).
- MIRAGE JSON: [{"query_id", "top_chunks": [{"mapped_id", "doc_chunk", ...}]}]; chunk ids are
  the same content ids the MIRAGE importer gives its pool.
- MultiHop-RAG JSON: [{"query", "retrieval_list": [{"text", "score"}]}]; these carry no ids, so
  query ids come from `query_ids` (query text -> id) or default to the query text, and passage
  ids are content ids of the text (see `text_passage_id`).
Duplicate passages in one ranking keep their best score (first rank).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import atomic_path, iter_jsonl, read_json, read_text
from benchsmith.types import content_id

Run = dict[str, dict[str, float]]


def canonical_task_id(task_id: str) -> str:
    """mtRAG writes task ids as `conv::turn` and `conv<::>turn`; we keep `conv<::>turn`."""
    if "<::>" in task_id:
        return task_id
    return task_id.replace("::", "<::>")


def text_passage_id(text: str) -> str:
    """Stable id for a passage known only by its text (MultiHop-RAG retrieval lists)."""
    return content_id(text, prefix="txt-")


def mirage_chunk_id(mapped_id: str, doc_chunk: str) -> str:
    """Stable id of a MIRAGE pool chunk: its query id and its text."""
    return content_id(mapped_id, doc_chunk, prefix="mirage-")


def mirage_pool_chunk_id(record: Any) -> str:
    """A pool record's own "chunk_id" (pools `generate mirage` writes), else the content id of MIRAGE's pools."""
    own = record.get("chunk_id")
    if isinstance(own, str) and own:
        return own
    return mirage_chunk_id(str(record.get("mapped_id", "")), str(record.get("doc_chunk", "")))


def _add(run: Run, qid: str, docid: str, score: float) -> None:
    ranking = run.setdefault(qid, {})
    if docid not in ranking or score > ranking[docid]:
        ranking[docid] = score


def _score(value: Any, path: Path, line: int | None, where: str) -> float:
    try:
        score = float(value)
    except (TypeError, ValueError):
        raise InputError(f"score {value!r} is not a number", path=path, line=line, json_path=where) from None
    if math.isnan(score):
        raise InputError("score is NaN", path=path, line=line, json_path=where)
    return score


def _load_trec(path: Path) -> Run:
    run: Run = {}
    for lineno, raw in enumerate(read_text(path).splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cols = line.split()
        if len(cols) != 6:
            raise InputError(f"a TREC run line has 6 columns (qid Q0 docid rank score tag), got {len(cols)}", path=path, line=lineno)
        qid, _, docid, rank, score, _tag = cols
        try:
            int(rank)
        except ValueError:
            raise InputError(f"rank {rank!r} is not an integer", path=path, line=lineno) from None
        _add(run, canonical_task_id(qid), docid, _score(score, path, lineno, "$"))
    return run


def _load_ranked_list(items: Any, path: Path, line: int | None, where: str, id_of) -> list[tuple[str, float]]:
    if not isinstance(items, list):
        raise InputError("expected a list of retrieved passages", path=path, line=line, json_path=where)
    out = []
    n = len(items)
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise InputError("expected an object", path=path, line=line, json_path=f"{where}[{i}]")
        docid = id_of(item)
        if not docid:
            raise InputError("retrieved passage has no id", path=path, line=line, json_path=f"{where}[{i}]")
        # Lists without scores are ranked by position.
        score = _score(item["score"], path, line, f"{where}[{i}].score") if "score" in item else float(n - i)
        out.append((str(docid), score))
    return out


def _load_mtrag_jsonl(path: Path) -> Run:
    run: Run = {}
    for lineno, rec in iter_jsonl(path):
        if not isinstance(rec, dict) or "task_id" not in rec or "contexts" not in rec:
            raise InputError("expected {\"task_id\", \"contexts\"} (mtRAG run line)", path=path, line=lineno)
        qid = canonical_task_id(str(rec["task_id"]))
        run.setdefault(qid, {})
        for docid, score in _load_ranked_list(rec["contexts"], path, lineno, "$.contexts", lambda c: c.get("document_id")):
            _add(run, qid, docid, score)
    return run


def _load_json(path: Path, query_ids: Mapping[str, str] | None) -> Run:
    data = read_json(path)
    run: Run = {}
    if isinstance(data, dict):
        for qid, ranking in data.items():
            if not isinstance(ranking, dict):
                raise InputError("expected {docid: score}", path=path, json_path=f"$.{qid}")
            run.setdefault(canonical_task_id(str(qid)), {})
            for docid, score in ranking.items():
                _add(run, canonical_task_id(str(qid)), str(docid), _score(score, path, None, f"$.{qid}.{docid}"))
        return run
    if not isinstance(data, list):
        raise InputError("expected a JSON object {qid: {docid: score}} or a list of per-query records", path=path, json_path="$")
    for i, rec in enumerate(data):
        where = f"$[{i}]"
        if not isinstance(rec, dict):
            raise InputError("expected an object", path=path, json_path=where)
        if "top_chunks" in rec:  # MIRAGE
            qid = str(rec.get("query_id", ""))
            ranked = _load_ranked_list(rec["top_chunks"], path, None, f"{where}.top_chunks", mirage_pool_chunk_id)
        elif "retrieval_list" in rec:  # MultiHop-RAG
            text = str(rec.get("query", ""))
            qid = (query_ids or {}).get(text, text)
            ranked = _load_ranked_list(rec["retrieval_list"], path, None, f"{where}.retrieval_list", lambda c: text_passage_id(str(c.get("text", ""))))
        elif "contexts" in rec and "task_id" in rec:  # mtRAG as a JSON list
            qid = canonical_task_id(str(rec["task_id"]))
            ranked = _load_ranked_list(rec["contexts"], path, None, f"{where}.contexts", lambda c: c.get("document_id"))
        else:
            raise InputError("unknown run record: expected top_chunks (MIRAGE), retrieval_list (MultiHop-RAG) or task_id+contexts (mtRAG)", path=path, json_path=where)
        if not qid:
            raise InputError("run record has no query id", path=path, json_path=where)
        run.setdefault(qid, {})
        for docid, score in ranked:
            _add(run, qid, docid, score)
    return run


def load_run(path: str | Path, *, query_ids: Mapping[str, str] | None = None) -> Run:
    """Read a run file into {qid: {docid: score}}.

    Args:
        path: TREC 6-column text, JSON {qid: {docid: score}}, mtRAG run JSONL, MIRAGE or
            MultiHop-RAG run JSON.
        query_ids: for MultiHop-RAG runs (keyed by query text), a map from query text to id.

    Returns:
        Each query's passages with their scores; a passage listed twice keeps its best score.
        mtRAG task ids are canonicalised to `conv<::>turn`.

    Raises:
        InputError: naming the file and line of the first bad record.
    """
    p = Path(path)
    if not p.is_file():
        raise InputError("run file does not exist", path=p)
    head = read_text(p).lstrip()
    if p.suffix == ".jsonl" or (head.startswith("{") and "\n{" in head.strip() and '"task_id"' in head.split("\n", 1)[0]):
        return _load_mtrag_jsonl(p)
    if head.startswith(("{", "[")):
        return _load_json(p, query_ids)
    return _load_trec(p)


def ranked(run_for_query: Mapping[str, float]) -> list[tuple[str, float]]:
    """One query's run as best-first (docid, score), ties broken by docid like trec_eval."""
    return sorted(run_for_query.items(), key=lambda kv: (-kv[1], kv[0]))


def write_trec_run(path: str | Path, run: Mapping[str, Mapping[str, float]], tag: str = "benchsmith") -> None:
    """Write a TREC 6-column run atomically (ranks from 1, best score first).

    Raises:
        InputError: an id or the tag contains whitespace, which the format cannot hold.
    """
    if not tag or any(ch.isspace() for ch in tag):
        raise InputError(f"run tag {tag!r} must be non-empty without whitespace", path=path)
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8") as fh:
        for qid in sorted(run):
            if any(ch.isspace() for ch in qid):
                raise InputError(f"query id {qid!r} contains whitespace", path=path)
            for rank, (docid, score) in enumerate(ranked(run[qid]), start=1):
                if any(ch.isspace() for ch in docid):
                    raise InputError(f"document id {docid!r} contains whitespace", path=path)
                fh.write(f"{qid} Q0 {docid} {rank} {score!r} {tag}\n")

