"""Folders (or single files) of .txt, .md and .html documents, one document per file.

Titles: HTML ``<title>`` else first heading; Markdown's first ``# `` heading;
else the file name without suffix. Markdown is read as its prose (`markdown_text`: escapes,
anchors and images out; code as written). A YAML front matter block (``---`` lines at
the top of a .md/.txt file) may set doc_id/id, title, source, published_at/date,
url and links; its other keys go to metadata.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from benchsmith.corpora.html import normalize_text, parse_html
from benchsmith.corpora.loaders import LOADERS, RawRecord
from benchsmith.corpora.markdown_text import markdown_prose
from benchsmith.errors import InputError
from benchsmith.fileio import read_text

TEXT_SUFFIXES = (".txt", ".text")
MARKDOWN_SUFFIXES = (".md", ".markdown")
HTML_SUFFIXES = (".html", ".htm", ".xhtml")
SUFFIXES = TEXT_SUFFIXES + MARKDOWN_SUFFIXES + HTML_SUFFIXES

_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
_MD_TITLE = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
_MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_FRONT_KEYS = {"doc_id": ("doc_id", "id"), "title": ("title",), "source": ("source",), "published_at": ("published_at", "date"), "url": ("url",), "links": ("links",)}


def iter_text_files(root: Path) -> list[Path]:
    """Supported files under `root` (recursively, sorted, hidden names skipped)."""
    if root.is_file():
        return [root]
    files = [
        p
        for p in root.rglob("*")
        if p.is_file() and p.suffix.lower() in SUFFIXES and not any(part.startswith(".") for part in p.relative_to(root).parts)
    ]
    return sorted(files)


class TextFilesLoader:
    name = "text"
    priority = 0

    def sniff(self, path: Path, first: Any) -> bool:
        return path.is_dir() or path.suffix.lower() in SUFFIXES

    def load(self, path: Path, field_map: Mapping[str, str] | None = None) -> Iterator[RawRecord]:
        if not path.exists():
            raise InputError("no such file or folder", path=path)
        files = iter_text_files(path)
        if not files:
            raise InputError(f"no {', '.join(SUFFIXES)} files in this folder", path=path)
        base = path if path.is_dir() else path.parent
        for file in files:
            yield read_text_document(file, relative_to=base)


def read_text_document(file: Path, *, relative_to: Path | None = None) -> RawRecord:
    """One document from one .txt/.md/.html file."""
    raw = read_text(file)
    suffix = file.suffix.lower()
    fields: dict[str, Any] = {}
    metadata: dict[str, Any] = {}
    if suffix in HTML_SUFFIXES:
        page = parse_html(raw)
        fields.update(title=page.title, text=page.text, links=page.links)
        for key in ("published_at", "source", "url"):
            if getattr(page, key):
                fields[key] = getattr(page, key)
        if page.author:
            metadata["author"] = page.author
    else:
        body, front = _split_front_matter(raw, file)
        for f, keys in _FRONT_KEYS.items():
            for key in keys:
                if key in front:
                    fields[f] = front.pop(key)
                    break
        metadata.update(front)
        if suffix in MARKDOWN_SUFFIXES:
            body, heading = _take_markdown_title(markdown_prose(body))
            if heading and "title" not in fields:
                fields["title"] = heading
            fields.setdefault("links", list(dict.fromkeys(_MD_LINK.findall(body))))
        fields["text"] = normalize_text(body)
    if not fields.get("title"):
        fields["title"] = file.stem
    rel = file.relative_to(relative_to) if relative_to is not None and file.is_relative_to(relative_to) else file
    metadata["path"] = rel.as_posix()
    fields["metadata"] = metadata
    return RawRecord(fields=fields, path=file, line=None)


def _split_front_matter(raw: str, file: Path) -> tuple[str, dict[str, Any]]:
    m = _FRONT_MATTER.match(raw)
    if not m:
        return raw, {}
    try:
        front = yaml.safe_load(m.group(1)) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        raise InputError(f"invalid YAML front matter: {getattr(exc, 'problem', exc)}", path=file, line=line) from exc
    if not isinstance(front, dict):
        raise InputError("YAML front matter must be a mapping of keys to values", path=file, line=1)
    return raw[m.end() :], {str(k): v for k, v in front.items()}


def _take_markdown_title(body: str) -> tuple[str, str | None]:
    """The first '# ' heading; it is removed from the body when it is the body's first line."""
    m = _MD_TITLE.search(body)
    if not m:
        return body, None
    title = m.group(1).strip()
    if not body[: m.start()].strip():
        body = body[m.end() :]
    return body, title


TEXT_FILES = LOADERS.register("text")(TextFilesLoader())
