"""Helpers every importer shares: passages into Chunks, corpus files into Documents."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import Answerability
from benchsmith.fileio import iter_jsonl, read_json
from benchsmith.types import Chunk, Document, Span

# mtRAG/ClapNQ passage ids look like "822086267_6698-7277-0-579": document, then character offsets.
_OFFSET_ID = re.compile(r"^(?P<doc>.+?)_(?P<start>\d+)-(?P<end>\d+)(?:-.*)?$")

_ANSWERABILITY = {
    "answerable": "answerable",
    "partial": "partial",
    "partially_answerable": "partial",
    "partially answerable": "partial",
    "unanswerable": "unanswerable",
    "conversational": "conversational",
}


def normalize_answerability(value: Any) -> Answerability | None:
    """Map the benchmarks' spellings (ANSWERABLE, ["PARTIAL"], ...) to our four labels."""
    if isinstance(value, list):
        value = value[0] if value else None
    if not isinstance(value, str) or not value.strip():
        return None
    return _ANSWERABILITY.get(value.strip().lower().replace("-", "_"))  # type: ignore[return-value]


def as_label_list(value: Any) -> list[str]:
    """A multi-label enrichment (list, "a | b" string, NaN, "N/A") as a clean list of labels."""
    if value is None or (isinstance(value, float) and value != value):
        return []
    if isinstance(value, str):
        value = value.split("|")
    if not isinstance(value, list):
        return [str(value)]
    return [str(v).strip() for v in value if isinstance(v, str) and v.strip() and v.strip().upper() != "N/A"]


def passage_chunk(pid: str, text: str, title: str = "", *, doc_id: str | None = None, metadata: dict[str, Any] | None = None) -> Chunk:
    """A Chunk for a passage that comes without chunking information (BEIR, mtRAG, MIRAGE pools)."""
    start, end = 0, len(text)
    if doc_id is None:
        m = _OFFSET_ID.match(pid)
        if m:
            doc_id = m["doc"]
            start, end = int(m["start"]), max(int(m["start"]), int(m["end"]))
        else:
            doc_id = pid
    return Chunk(
        chunk_id=pid,
        doc_id=doc_id,
        title=title or "",
        text=text,
        span=Span(start=start, end=end),
        index=0,
        n_tokens=len(text.split()),
        metadata=metadata or {},
    )


def require(record: Any, key: str, path: Path, line: int | None, where: str = "$", types: type | tuple = str) -> Any:
    """record[key], or an InputError naming the file, line and JSON path."""
    if not isinstance(record, dict):
        raise InputError(f"expected a JSON object, got {type(record).__name__}", path=path, line=line, json_path=where)
    if key not in record:
        raise InputError(f"missing field {key!r}", path=path, line=line, json_path=where)
    value = record[key]
    if not isinstance(value, types):
        names = types.__name__ if isinstance(types, type) else "/".join(t.__name__ for t in types)
        raise InputError(f"field {key!r} must be {names}, got {type(value).__name__}", path=path, line=line, json_path=f"{where}.{key}")
    return value


def read_json_list(path: Path, *, key: str | None = None) -> list[Any]:
    """A JSON file holding a list (or a dict whose `key` holds the list)."""
    data = read_json(path)
    if isinstance(data, dict) and key is not None and isinstance(data.get(key), list):
        return data[key]
    if not isinstance(data, list):
        raise InputError(f"expected a JSON list{f' or an object with {key!r}' if key else ''}", path=path, line=1, json_path="$")
    return data


def _document_from_record(rec: dict[str, Any], path: Path, line: int | None, where: str) -> Document:
    doc_id = rec.get("doc_id") or rec.get("_id") or rec.get("document_id") or rec.get("id") or rec.get("url") or rec.get("title")
    text = rec.get("text") if rec.get("text") is not None else rec.get("body")
    if not doc_id or not isinstance(text, str):
        raise InputError("a corpus record needs an id (doc_id/_id/document_id/url/title) and a text (text/body)", path=path, line=line, json_path=where)
    meta = {k: v for k, v in rec.items() if k not in {"doc_id", "_id", "document_id", "id", "title", "text", "body", "url", "source", "published_at", "links", "metadata", "meta", "kind", "schema_version"}}
    meta.update(rec.get("metadata") or rec.get("meta") or {})
    try:
        return Document(
            doc_id=str(doc_id),
            title=str(rec.get("title") or ""),
            text=text,
            source=rec.get("source") if isinstance(rec.get("source"), str) else None,
            published_at=rec.get("published_at") or None,
            url=rec.get("url") or None,
            links=[str(x) for x in rec.get("links") or []],
            metadata=meta,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        raise InputError(first["msg"], path=path, line=line, json_path=f"{where}.{'.'.join(map(str, first['loc']))}") from exc


def load_corpus_any(path: Path) -> tuple[list[Document], list[Chunk]]:
    """Documents (and chunks, when present) from an ingested corpus folder, a JSONL or a JSON list.

    Accepts our corpus folders (documents.jsonl + chunks.jsonl), the shared corpus JSONL
    shape (doc_id/title/text/url), BEIR corpus.jsonl (_id/title/text), mtRAG passages
    (document_id/title/text) and MultiHop-RAG corpus.json (title/body/url...).
    """
    from benchsmith.corpora.store import DOCUMENTS_FILE, load_corpus_dir

    if path.is_dir():
        if (path / DOCUMENTS_FILE).is_file():
            corpus = load_corpus_dir(path)
            return corpus.documents, corpus.chunks
        for name in ("corpus.jsonl", "passages.jsonl", "corpus.json"):
            if (path / name).is_file():
                return load_corpus_any(path / name)
        raise InputError("no corpus found in folder (documents.jsonl, corpus.jsonl, passages.jsonl or corpus.json)", path=path)
    if path.suffix == ".jsonl":
        docs = [_document_from_record(rec, path, line, "$") for line, rec in iter_jsonl(path)]
    else:
        docs = [_document_from_record(rec, path, None, f"$[{i}]") for i, rec in enumerate(read_json_list(path, key="documents"))]
    return docs, []


def dedupe_chunks(chunks: Iterable[Chunk]) -> list[Chunk]:
    seen: dict[str, Chunk] = {}
    for c in chunks:
        seen.setdefault(c.chunk_id, c)
    return list(seen.values())


def first_json_record(path: Path) -> Any:
    """The first record of a JSONL file (for format sniffing); None when unreadable."""
    try:
        with path.open("r", encoding="utf-8-sig") as fh:
            for line in fh:
                if line.strip():
                    import json

                    return json.loads(line)
    except (OSError, ValueError):
        return None
    return None


def json_head(path: Path, n: int = 4096) -> str:
    """The first bytes of a file as text, for cheap sniffing."""
    try:
        with path.open("rb") as fh:
            return fh.read(n).decode("utf-8", errors="ignore")
    except OSError:
        return ""
