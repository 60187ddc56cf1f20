"""Read corpora in any supported format into validated `Document` objects with stable ids."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from benchsmith.corpora.dates import DateParseError, parse_date
from benchsmith.corpora.loaders import LOADERS, Loader, RawRecord
from benchsmith.corpora.loaders._common import JSON_SUFFIXES, JSONL_SUFFIXES, first_json_record
from benchsmith.corpora.loaders.text_files import SUFFIXES as TEXT_SUFFIXES
from benchsmith.corpora.site_template import remove_site_template
from benchsmith.errors import InputError
from benchsmith.types import Document, content_id

DOC_ID_PREFIX = "doc-"
#: What to do with a given doc_id holding whitespace or control characters.
ID_WHITESPACE_POLICIES = ("reject", "replace")
# A folder holding one of these is read as that file (BEIR datasets, our shared corpora).
CORPUS_FILE_NAMES = ("corpus.jsonl", "corpus.json")


def derive_doc_id(title: str, text: str) -> str:
    """The id of a document that has none: a hash of its title and text only.

    Paths, dates and sources are left out on purpose so that the same article
    gets the same id wherever its file lives and however often it is ingested.
    """
    return content_id(title, text, prefix=DOC_ID_PREFIX)


@dataclass
class SourceReport:
    path: str
    format: str
    records: int = 0


@dataclass
class LoadResult:
    """Documents plus what happened while reading them (for the manifest)."""

    documents: list[Document]
    sources: list[SourceReport] = field(default_factory=list)
    duplicates_dropped: int = 0
    short_dropped: int = 0
    ids_rewritten: int = 0
    template_lines_dropped: int = 0

    def summary(self) -> dict[str, Any]:
        return {
            "sources": [vars(s) for s in self.sources],
            "duplicates_dropped": self.duplicates_dropped,
            "short_dropped": self.short_dropped,
            "ids_rewritten": self.ids_rewritten,
            "template_lines_dropped": self.template_lines_dropped,
        }


def load_documents(
    paths: Sequence[str | Path] | str | Path,
    *,
    format: str = "auto",
    field_map: Mapping[str, str] | None = None,
    min_words: int = 0,
    id_whitespace: str = "reject",
    keep_template: bool = False,
) -> list[Document]:
    """Load documents from files and folders.

    Args:
        paths: Files or folders. A folder holding ``corpus.jsonl``/``corpus.json``
            is read as that file, one holding mostly ``.sgm`` files as Reuters-21578;
            any other folder as .txt/.md/.html files.
        format: A loader name (``jsonl``, ``json``, ``beir``, ``multihop-rag``,
            ``mtrag``, ``reuters-sgml``, ``text``) or ``auto`` to detect it from each
            path (its suffix, or a folder's files) and its first record.
        field_map: Document field -> record key (``{"text": "body", "doc_id": "id"}``),
            for JSON shapes the loaders do not know; dotted keys reach nested objects.
        min_words: Drop documents whose text has fewer whitespace-separated words.
        id_whitespace: A given doc_id holding whitespace or control characters (which
            TREC qrels and run files cannot hold) is an error with ``"reject"``; with
            ``"replace"`` each run of them becomes ``_`` and the original id is kept in
            ``metadata["original_doc_id"]``.
        keep_template: Keep a website's template. By default, in a folder of at least
            five .html/.md/.txt pages, paragraphs that open or close at least half of
            the pages (menus, breadcrumbs, footers) are dropped, and a title part most
            pages share (" - Site Name") is trimmed and kept as the page's source.

    Returns:
        The documents in input order, exact duplicates (same derived id) removed.

    Raises:
        InputError: Unreadable or malformed input, a missing ``text``, a bad
            date, a duplicated given id, or no documents at all; the error names
            the file and line.
    """
    return load_corpus(
        paths, format=format, field_map=field_map, min_words=min_words, id_whitespace=id_whitespace, keep_template=keep_template
    ).documents


def load_corpus(
    paths: Sequence[str | Path] | str | Path,
    *,
    format: str = "auto",
    field_map: Mapping[str, str] | None = None,
    min_words: int = 0,
    id_whitespace: str = "reject",
    keep_template: bool = False,
) -> LoadResult:
    """Like :func:`load_documents`, also reporting per-source counts and dropped documents."""
    if isinstance(paths, str | Path):
        paths = [paths]
    if not paths:
        raise InputError("no input paths given")
    if id_whitespace not in ID_WHITESPACE_POLICIES:
        raise InputError(f"unknown id whitespace policy {id_whitespace!r}; known: {', '.join(ID_WHITESPACE_POLICIES)}")
    result = LoadResult(documents=[])
    seen: dict[str, tuple[Path, int | None]] = {}  # doc_id -> (file, line) of its first occurrence
    for raw_path in paths:
        path = Path(raw_path)
        target, loader = resolve_loader(path, format=format, field_map=field_map)
        report = SourceReport(path=str(target), format=loader.name)
        result.sources.append(report)
        records = loader.load(target, field_map)
        if target.is_dir() and loader.name == "text" and not keep_template:
            # A site's template can only be told from content by comparing all pages of the folder.
            records = list(records)
            result.template_lines_dropped += remove_site_template(records).template_lines_dropped
        for record in records:
            report.records += 1
            doc, derived = to_document(record, id_whitespace=id_whitespace)
            rewritten = id_whitespace == "replace" and not derived and doc.doc_id != _given_id(record)
            if doc.doc_id in seen:
                if derived:
                    result.duplicates_dropped += 1
                    continue
                first_path, first_line = seen[doc.doc_id]
                first = f"{first_path}:{first_line}" if first_line is not None else str(first_path)
                how = " after --id-whitespace replace" if id_whitespace == "replace" else ""
                raise InputError(f"duplicate doc_id {doc.doc_id!r}{how} (first seen at {first})", path=record.path, line=record.line)
            result.ids_rewritten += rewritten
            seen[doc.doc_id] = (record.path, record.line)
            if min_words and _count_words(doc.text, min_words) < min_words:
                result.short_dropped += 1
                continue
            result.documents.append(doc)
        if report.records == 0:
            raise InputError("empty corpus: no documents in this file", path=target)
    if not result.documents:
        where = ", ".join(str(p) for p in paths)
        raise InputError(f"empty corpus: no documents left (min_words={min_words})", path=where)
    return result


def _count_words(text: str, limit: int) -> int:
    # Stops splitting early: only "at least `limit` words?" matters.
    return len(text.split(maxsplit=limit))


def resolve_loader(path: Path, *, format: str = "auto", field_map: Mapping[str, str] | None = None) -> tuple[Path, Loader]:
    """The file to read for `path` and the loader for it."""
    if not path.exists():
        raise InputError("no such file or folder", path=path)
    if path.is_dir():
        corpus_file = next((path / n for n in CORPUS_FILE_NAMES if (path / n).is_file()), None)
        if corpus_file is not None and format != "text":
            path = corpus_file
        elif format == "auto" and (claimed := _suffix_loader(path)) is not None:
            return path, claimed
        elif format in ("auto", "text"):
            return path, LOADERS.get("text")
        else:
            raise InputError(f"format {format!r} needs a file, but this is a folder without {' or '.join(CORPUS_FILE_NAMES)}", path=path)
    if format != "auto":
        try:
            return path, LOADERS.get(format)
        except KeyError as exc:
            raise InputError(f"unknown format {format!r}; known: auto, {', '.join(LOADERS.names())}") from exc
    return path, detect_loader(path, field_map=field_map)


def detect_loader(path: Path, *, field_map: Mapping[str, str] | None = None) -> Loader:
    """Choose a loader from the file suffix and, for JSON files, the keys of the first record."""
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return LOADERS.get("text")
    if (claimed := _suffix_loader(path)) is not None:
        return claimed
    if suffix not in JSON_SUFFIXES + JSONL_SUFFIXES:
        raise InputError(
            f"cannot tell the format of {suffix or 'a file without suffix'}; pass --format "
            f"({', '.join(LOADERS.names())})",
            path=path,
        )
    generic = LOADERS.get("json" if suffix in JSON_SUFFIXES else "jsonl")
    if field_map:
        return generic  # the user described the shape themselves
    first = first_json_record(path)
    candidates = sorted((LOADERS.get(n) for n in LOADERS.names()), key=lambda ld: -ld.priority)
    for loader in candidates:
        if loader.priority > generic.priority and loader.sniff(path, first):
            return loader
    return generic


def _suffix_loader(path: Path) -> Loader | None:
    """The loader that declares `path`'s suffix its own (``suffixes``); for a folder, the one owning more of its
    files than the text loader would read (Reuters-21578's folder holds 22 .sgm files beside a README.txt)."""
    if path.is_dir():
        suffixes = [p.suffix.lower() for p in path.iterdir() if p.is_file() and not p.name.startswith(".")]
    else:
        suffixes = [path.suffix.lower()]
    texts = sum(s in TEXT_SUFFIXES for s in suffixes)
    for name in LOADERS.names():
        loader = LOADERS.get(name)
        own = getattr(loader, "suffixes", ())
        if own and sum(s in own for s in suffixes) > texts:
            return loader
    return None


_ID_BREAKERS = re.compile(r"[\s\x00-\x1f\x7f-\x9f]+")


def id_breaker(doc_id: str) -> re.Match[str] | None:
    """The first run of whitespace or control characters in an id (TREC files split on them), or None."""
    return _ID_BREAKERS.search(doc_id)


def to_document(record: RawRecord, *, id_whitespace: str = "reject") -> tuple[Document, bool]:
    """Validate a raw record into a Document; returns (document, whether its id was derived)."""
    f = record.fields

    def fail(message: str, name: str) -> InputError:
        key = record.origin(name)
        return InputError(message, path=record.path, line=record.line, json_path=f"$.{key}")

    text = f.get("text")
    if text is None:
        present = ", ".join(sorted(record.fields.get("metadata", {}))) or "none"
        raise fail(f"missing required field 'text' (keys present: {present}; map one with --field text=KEY)", "text")
    if not isinstance(text, str):
        raise fail(f"'text' must be a string, got {type(text).__name__}", "text")
    title = _opt_str(f.get("title"), "title", fail) or ""
    try:
        published = parse_date(f.get("published_at"))
    except DateParseError as exc:
        raise fail(str(exc), "published_at") from exc
    links = f.get("links") or []
    if isinstance(links, str):
        links = [links]
    if not isinstance(links, list) or not all(isinstance(x, str) for x in links):
        raise fail("'links' must be a list of strings", "links")
    given = f.get("doc_id")
    if isinstance(given, bool) or (given is not None and not isinstance(given, str | int)):
        raise fail(f"'doc_id' must be a string, got {type(given).__name__}", "doc_id")
    doc_id = str(given).strip() if given is not None else ""
    derived = not doc_id
    metadata = dict(f.get("metadata") or {})
    if derived:
        doc_id = derive_doc_id(title, text)
    elif (bad := id_breaker(doc_id)) is not None:
        if id_whitespace != "replace":
            raise fail(
                f"doc_id {_short(doc_id)} holds whitespace or a control character ({bad.group()!r} at position {bad.start()}), "
                "which TREC qrels and run files cannot hold; fix the ids, map another field with --field doc_id=KEY, "
                "or pass --id-whitespace replace to turn each run of them into '_'",
                "doc_id",
            )
        metadata.setdefault("original_doc_id", doc_id)
        doc_id = _ID_BREAKERS.sub("_", doc_id)
    try:
        doc = Document(
            doc_id=doc_id,
            title=title,
            text=text,
            source=_opt_str(f.get("source"), "source", fail),
            published_at=published,
            url=_opt_str(f.get("url"), "url", fail),
            links=links,
            metadata=metadata,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise fail(first["msg"], loc) from exc
    return doc, derived


def _given_id(record: RawRecord) -> str:
    given = record.fields.get("doc_id")
    return str(given).strip() if given is not None else ""


def _short(value: str, limit: int = 60) -> str:
    return repr(value) if len(value) <= limit else repr(value[:limit]) + f"... ({len(value)} characters)"


def _opt_str(value: Any, name: str, fail: Callable[[str, str], InputError]) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(f"{name!r} is {value!r}, which is not text (JSON has no NaN or Infinity); write null for a missing value", name)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise fail(f"{name!r} must be a string, got {type(value).__name__}", name)

