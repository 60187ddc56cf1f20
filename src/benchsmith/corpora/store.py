"""An ingested corpus on disk: documents.jsonl, chunks.jsonl and manifest.json in one folder."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from benchsmith.errors import InputError
from benchsmith.fileio import atomic_path, dumps, iter_jsonl, read_json
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


def _read_models(path: Path, model: type) -> list:
    out = []
    for lineno, value in iter_jsonl(path):
        try:
            out.append(model.model_validate(value))
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(p) for p in first["loc"])
            raise InputError(f"{first['msg']}", path=path, line=lineno, json_path=f"$.{loc}" if loc else "$") from exc
    return out


def load_corpus_dir(path: str | Path) -> Corpus:
    """Load a folder written by `benchsmith corpus ingest`."""
    root = Path(path)
    docs_path = root / DOCUMENTS_FILE
    if not docs_path.is_file():
        raise InputError(f"not an ingested corpus folder (no {DOCUMENTS_FILE}); run `benchsmith corpus ingest` first", path=root)
    documents = _read_models(docs_path, Document)
    chunks_path = root / CHUNKS_FILE
    chunks = _read_models(chunks_path, Chunk) if chunks_path.is_file() else []
    manifest_path = root / MANIFEST_FILE
    manifest = read_json(manifest_path) if manifest_path.is_file() else {}
    return Corpus(documents=documents, chunks=chunks, manifest=manifest)


def write_corpus_dir(path: str | Path, documents: Iterable[Document], chunks: Iterable[Chunk], manifest: dict[str, Any]) -> None:
    """Write all three files into a temporary folder and swap it in with one rename."""
    import json

    with atomic_path(path, is_dir=True) as tmp:
        tmp.chmod(0o755)  # mkdtemp creates 0700; the corpus folder is ordinary shared output
        with (tmp / DOCUMENTS_FILE).open("w", encoding="utf-8") as fh:
            for d in documents:
                fh.write(dumps(d) + "\n")
        with (tmp / CHUNKS_FILE).open("w", encoding="utf-8") as fh:
            for c in chunks:
                fh.write(dumps(c) + "\n")
        (tmp / MANIFEST_FILE).write_text(json.dumps(manifest, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
