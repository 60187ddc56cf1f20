"""An ingested corpus on disk: documents.jsonl, chunks.jsonl and manifest.json in one folder."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from benchsmith.errors import InputError
from benchsmith.fileio import dumps, read_json, read_text
from benchsmith.outdir import COMPLETE_MARKER, check_complete, replacing_dir
from benchsmith.types import Chunk, Document

DOCUMENTS_FILE = "documents.jsonl"
CHUNKS_FILE = "chunks.jsonl"
MANIFEST_FILE = "manifest.json"


@dataclass
class Corpus:
    documents: list[Document]
    chunks: list[Chunk]
    manifest: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def documents_by_id(self) -> dict[str, Document]:
        return {d.doc_id: d for d in self.documents}

    @cached_property
    def chunks_by_id(self) -> dict[str, Chunk]:
        return {c.chunk_id: c for c in self.chunks}

    @cached_property
    def chunks_by_doc(self) -> dict[str, list[Chunk]]:
        out: dict[str, list[Chunk]] = {}
        for c in self.chunks:
            out.setdefault(c.doc_id, []).append(c)
        return out


def _read_models(path: Path, model: type) -> tuple[list, list[int]]:
    """Validate every line of a JSONL file straight from JSON (pydantic-core parses and validates in one pass).

    Returns the models and the line number of each.
    """
    out, lines = [], []
    validate = model.model_validate_json
    for lineno, line in enumerate(read_text(path).split("\n"), start=1):
        if not line.strip():
            continue
        try:
            out.append(validate(line))
            lines.append(lineno)
        except ValidationError as exc:
            first = exc.errors()[0]
            if first["type"] == "json_invalid":
                raise InputError(f"invalid JSON: {first['msg'].removeprefix('Invalid JSON: ')}", path=path, line=lineno) from exc
            loc = ".".join(str(p) for p in first["loc"])
            raise InputError(f"{first['msg']}", path=path, line=lineno, json_path=f"$.{loc}" if loc else "$") from exc
    return out, lines


def _check_ids(docs_path: Path, documents: list[Document], doc_lines: list[int],
               chunks_path: Path, chunks: list[Chunk], chunk_lines: list[int]) -> None:
    """A hand-edited corpus must fail here, naming the line, not later with a KeyError."""
    from benchsmith.corpora.loading import id_breaker

    first_line: dict[str, int] = {}
    for doc, line in zip(documents, doc_lines):
        if id_breaker(doc.doc_id) is not None:
            raise InputError(
                f"doc_id {doc.doc_id[:60]!r} holds whitespace or a control character, which TREC qrels and run files "
                "cannot hold; re-ingest the source with `benchsmith corpus ingest --id-whitespace replace`",
                path=docs_path, line=line, json_path="$.doc_id",
            )
        if doc.doc_id in first_line:
            raise InputError(f"duplicate doc_id {doc.doc_id!r} (first on line {first_line[doc.doc_id]})", path=docs_path, line=line)
        first_line[doc.doc_id] = line
    seen_chunks: dict[str, int] = {}
    for chunk, line in zip(chunks, chunk_lines):
        if chunk.doc_id not in first_line:
            raise InputError(f"chunk {chunk.chunk_id!r} names doc_id {chunk.doc_id!r}, which {DOCUMENTS_FILE} lacks", path=chunks_path, line=line)
        if chunk.chunk_id in seen_chunks:
            raise InputError(f"duplicate chunk_id {chunk.chunk_id!r} (first on line {seen_chunks[chunk.chunk_id]})", path=chunks_path, line=line)
        seen_chunks[chunk.chunk_id] = line


def load_corpus_dir(path: str | Path) -> Corpus:
    """Load a folder written by `benchsmith corpus ingest`.

    A folder with a completeness marker must match it; one without (written by
    hand or by an older benchsmith) is read as it is.
    """
    root = Path(path)
    docs_path = root / DOCUMENTS_FILE
    if not docs_path.is_file():
        raise InputError(f"not an ingested corpus folder (no {DOCUMENTS_FILE}); run `benchsmith corpus ingest` first", path=root)
    if (root / COMPLETE_MARKER).exists():
        check_complete(root)
    chunks_path = root / CHUNKS_FILE
    if not chunks_path.is_file():
        raise InputError(f"incomplete corpus folder: {CHUNKS_FILE} is missing; re-run `benchsmith corpus ingest`", path=root)
    documents, doc_lines = _read_models(docs_path, Document)
    chunks, chunk_lines = _read_models(chunks_path, Chunk)
    _check_ids(docs_path, documents, doc_lines, chunks_path, chunks, chunk_lines)
    manifest_path = root / MANIFEST_FILE
    manifest = read_json(manifest_path) if manifest_path.is_file() else {}
    if not isinstance(manifest, dict):
        raise InputError(f"expected a JSON object, got {type(manifest).__name__}", path=manifest_path, line=1)
    return Corpus(documents=documents, chunks=chunks, manifest=manifest)


def write_corpus_dir(
    path: str | Path, documents: Iterable[Document], chunks: Iterable[Chunk], manifest: dict[str, Any],
    *, inputs: Sequence[str | Path] = (),
) -> dict[str, Any]:
    """Write all three files into a temporary folder and swap it in as a unit (see `replacing_dir`).

    The manifest gets ``content_sha256`` and ``chunks_sha256``: SHA-256 of
    documents.jsonl and chunks.jsonl exactly as written. Returns the manifest
    as written. Nothing at `path` changes unless every file was written; an
    input path inside `path` is refused before anything is written.
    """
    import json

    manifest = dict(manifest)
    with replacing_dir(path, inputs=inputs) as tmp:
        manifest["content_sha256"] = _write_jsonl_hashed(tmp / DOCUMENTS_FILE, documents)
        manifest["chunks_sha256"] = _write_jsonl_hashed(tmp / CHUNKS_FILE, chunks)
        (tmp / MANIFEST_FILE).write_text(json.dumps(manifest, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    return manifest


def _write_jsonl_hashed(path: Path, records: Iterable[Any]) -> str:
    h = hashlib.sha256()
    with path.open("wb") as fh:
        for r in records:
            # pydantic-core's serializer straight to bytes (what model_dump_json decodes): several times
            # faster than dump + json.dumps, and no extra copies of a 50 MB document.
            data = r.__pydantic_serializer__.to_json(r) if isinstance(r, BaseModel) else dumps(r).encode("utf-8")
            for piece in (data, b"\n"):
                h.update(piece)
                fh.write(piece)
    return h.hexdigest()
