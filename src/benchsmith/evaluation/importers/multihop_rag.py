"""MultiHop-RAG: MultiHopRAG.json (queries with evidence facts) plus an optional corpus.

Also reads the file the official `retrieval_evaluate.py` scores (records with `query`,
`question_type`, `retrieval_list` and `gold_list`): its gold facts make the benchmark and
`metadata["carries_run"]` says the same file holds a run (`-r run:FILE`); and the QA output
`qa_evaluate.py` reads (query, model_answer, gold_answer, question_type), whose gold answers
make the benchmark and whose model answers are scored when no other predictions are given.

Queries carry no ids, so each gets `mhr-NNNN` from its position in the file. Evidence
facts are kept in `EvalQuery.evidence`, because the paper's retrieval metric counts a
hit when a fact string occurs in a retrieved chunk. Relevant ids are the evidence
articles (doc level) or, when the corpus has chunks, the chunks holding a fact.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import json_head, load_corpus_any, read_json_list, require
from benchsmith.types import Chunk, Document, content_id

NULL_TYPE = "null_query"


def article_id(url: str | None, title: str | None) -> str:
    """Stable id of a MultiHop-RAG article (its corpus has no ids): from its URL, else its title."""
    return content_id(url or title or "", prefix="mhrdoc-")


def squash(text: str) -> str:
    """The paper's matching normal form: all spaces and newlines removed."""
    return text.replace(" ", "").replace("\n", "")


def _documents_lookup(docs: list[Document]) -> dict[str, str]:
    lookup: dict[str, str] = {}
    for d in docs:
        if d.title:
            lookup.setdefault(f"title:{d.title}", d.doc_id)
        if d.url:
            lookup[f"url:{d.url}"] = d.doc_id
    return lookup


def _evidence_doc(ev: dict[str, Any], lookup: dict[str, str]) -> str:
    url, title = ev.get("url"), ev.get("title")
    return lookup.get(f"url:{url}") or lookup.get(f"title:{title}") or article_id(url, title)


def _mhr_documents(records: list[Any], path: Path) -> list[Document]:
    """MultiHop-RAG corpus.json records (title, body, url, ...) keyed by `article_id`."""
    docs = []
    for i, rec in enumerate(records):
        body = require(rec, "body", path, None, f"$[{i}]")
        meta = {k: v for k, v in rec.items() if k in {"author", "category"}}
        docs.append(
            Document(
                doc_id=article_id(rec.get("url"), rec.get("title")),
                title=rec.get("title") or "",
                text=body,
                source=rec.get("source"),
                published_at=rec.get("published_at") or None,
                url=rec.get("url") or None,
                metadata=meta,
            )
        )
    return docs


def load_corpus(path: Path) -> tuple[list[Document], list[Chunk]]:
    if path.suffix == ".json" and not path.is_dir():
        records = read_json_list(path)
        if records and isinstance(records[0], dict) and "body" in records[0]:
            return _mhr_documents(records, path), []
    return load_corpus_any(path)


def _fact_chunks(facts: list[str], candidates: list[Chunk]) -> dict[str, int]:
    wanted = [squash(f) for f in facts if f]
    return {c.chunk_id: 1 for c in candidates if any(f in squash(c.text) for f in wanted)}


def load(path: Path, *, corpus: Path | None = None, level: str | None = None, name: str | None = None) -> EvalBenchmark:
    """Read MultiHopRAG.json (a list of queries).

    Args:
        path: MultiHopRAG.json.
        corpus: corpus.json with article bodies, or any corpus `load_corpus_any` reads.
        level: "doc" or "chunk"; default chunk when the corpus has chunks, else doc.
        name: benchmark name (default: the file stem).
    """
    records = read_json_list(path)
    documents, chunks = load_corpus(corpus) if corpus is not None else ([], [])
    if level is None:
        level = "chunk" if chunks else "doc"
    if level not in ("doc", "chunk"):
        raise InputError(f"level must be 'doc' or 'chunk', got {level!r}", path=path)
    if level == "chunk" and not chunks:
        raise InputError("level='chunk' needs a corpus with chunks (an ingested corpus folder)", path=corpus or path)
    lookup = _documents_lookup(documents)
    chunks_by_doc: dict[str, list[Chunk]] = {}
    for c in chunks:
        chunks_by_doc.setdefault(c.doc_id, []).append(c)

    queries = []
    for i, rec in enumerate(records):
        where = f"$[{i}]"
        question = require(rec, "query", path, None, where)
        qtype = rec.get("question_type") or ""
        # retrieval_evaluate.py's input calls the evidence gold_list
        key = "evidence_list" if "evidence_list" in rec or "gold_list" not in rec else "gold_list"
        evidence_list = rec.get(key) or []
        if not isinstance(evidence_list, list):
            raise InputError(f"{key} must be a list", path=path, json_path=f"{where}.{key}")
        evidence = []
        for j, ev in enumerate(evidence_list):
            if not isinstance(ev, dict) or not isinstance(ev.get("fact"), str):
                raise InputError("evidence needs a 'fact' string", path=path, json_path=f"{where}.{key}[{j}]")
            evidence.append({**ev, "doc_id": _evidence_doc(ev, lookup)})
        doc_ids = list(dict.fromkeys(ev["doc_id"] for ev in evidence))
        if level == "doc":
            relevant = {d: 1 for d in doc_ids}
        else:
            candidates = [c for d in doc_ids for c in chunks_by_doc.get(d, [])]
            relevant = _fact_chunks([ev["fact"] for ev in evidence], candidates)
        is_null = qtype == NULL_TYPE
        answer = rec.get("answer", rec.get("gold_answer"))  # qa_llama.py's output calls it gold_answer
        queries.append(
            EvalQuery(
                query_id=f"mhr-{i:04d}",
                question=question,
                answers=[str(answer)] if answer is not None and answer != "" else [],
                answerability="unanswerable" if is_null else "answerable",
                relevant={} if is_null else relevant,
                evidence=evidence,
                fields={"question_type": qtype, "n_evidence": len(evidence)},
            )
        )
    return EvalBenchmark(
        name=name or path.stem,
        queries=queries,
        documents=documents,
        chunks=chunks,
        id_level=level,  # type: ignore[arg-type]
        source_format="multihop-rag",
        metadata={"path": str(path), "corpus": str(corpus) if corpus else None,
                  # the official retrieval script's input: queries, gold facts and one system's ranked chunks
                  "carries_run": bool(records) and all(isinstance(r, dict) and "retrieval_list" in r for r in records)},
    )


def detect(path: Path) -> bool:
    if path.is_dir():
        return (path / "MultiHopRAG.json").is_file()
    head = json_head(path)
    if path.suffix != ".json" or not head.lstrip().startswith("["):
        return False
    # MultiHopRAG.json, or the retrieval results retrieval_evaluate.py reads (query, retrieval_list, gold_list)
    if '"question_type"' not in head:
        return False
    if '"evidence_list"' in head or ('"model_answer"' in head and '"gold_answer"' in head):
        return True
    return '"retrieval_list"' in head and '"gold_list"' in json_head(path, 1 << 22)


def load_path(path: Path, *, corpus: Path | None = None, level: str | None = None, name: str | None = None) -> EvalBenchmark:
    """A MultiHopRAG.json file, or a folder holding it (and corpus.json, used when present)."""
    if path.is_dir():
        if corpus is None and (path / "corpus.json").is_file():
            corpus = path / "corpus.json"
        path = path / "MultiHopRAG.json"
    return load(path, corpus=corpus, level=level, name=name)


FORMATS.register("multihop-rag")(BenchmarkFormat("multihop-rag", load_path, detect, "MultiHopRAG.json (+ corpus.json)"))
