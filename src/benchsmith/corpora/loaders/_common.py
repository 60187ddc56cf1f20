"""Shared machinery for loaders whose records are JSON objects (JSONL lines or JSON array items)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.corpora.loaders import DOCUMENT_FIELDS, RawRecord
from benchsmith.errors import InputError
from benchsmith.fileio import SURROGATE_ESCAPE, iter_jsonl, json_value_error, read_text, reject_lone_surrogates

JSON_SUFFIXES = (".json",)
JSONL_SUFFIXES = (".jsonl", ".ndjson", ".jsonlines")
# Keys of our own documents.jsonl that are not document content; re-ingesting it must not copy them.
IGNORED_KEYS = frozenset({"kind", "schema_version"})

_decoder = json.JSONDecoder()
_MISSING = object()


def iter_json_array(path: Path) -> Iterator[tuple[int, Any]]:
    """Yield (line number, item) for each item of a top-level JSON array, decoding item by item.

    Decoding items one at a time gives each record the line it starts on, so
    errors in a 100 MB JSON array still point at a line.
    """
    text = read_text(path)
    n = len(text)
    pos = _skip_ws(text, 0)
    if pos >= n:
        raise InputError("empty file; expected a JSON array of objects", path=path, line=1)
    if text[pos] != "[":
        raise InputError("expected a JSON array of objects at the top level", path=path, line=_line_of(text, pos))
    pos = _skip_ws(text, pos + 1)
    line, line_pos = 1, 0
    first = True
    while True:
        if pos >= n:
            raise InputError("invalid JSON: unterminated array", path=path, line=text.count("\n") + 1)
        if text[pos] == "]":
            break
        if not first:
            if text[pos] != ",":
                line += text.count("\n", line_pos, pos)
                raise InputError("invalid JSON: expected ',' or ']' between array items", path=path, line=line)
            pos = _skip_ws(text, pos + 1)
        first = False
        line += text.count("\n", line_pos, pos)
        line_pos = pos
        try:
            value, end = _decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})", path=path, line=exc.lineno) from exc
        except (RecursionError, ValueError) as exc:
            raise json_value_error(exc, path, line) from None
        if SURROGATE_ESCAPE.search(text, pos, end):
            reject_lone_surrogates(value, path, line)
        yield line, value
        pos = _skip_ws(text, end)
    rest = _skip_ws(text, pos + 1)
    if rest < n:
        raise InputError("invalid JSON: extra data after the array", path=path, line=_line_of(text, rest))


def _skip_ws(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def iter_json_records(path: Path) -> Iterator[tuple[int, Any]]:
    """Records of a .json file (a JSON array) or of a JSONL file (any other suffix)."""
    if path.suffix.lower() in JSON_SUFFIXES:
        return iter_json_array(path)
    return iter_jsonl(path)


def first_json_record(path: Path) -> Any:
    """The first record of a JSON/JSONL file, or None when it has none or cannot be parsed."""
    try:
        for _, value in iter_json_records(path):
            return value
    except InputError:
        return None
    return None


def lookup(record: Mapping[str, Any], key: str) -> tuple[bool, Any]:
    """Find `key` in a record; a dotted key (``meta.id``) walks into nested objects."""
    value = record.get(key, _MISSING)
    if value is not _MISSING:
        return True, value
    if "." in key:
        node: Any = record
        for part in key.split("."):
            if type(node) is not dict or part not in node:
                return False, None
            node = node[part]
        return True, node
    return False, None


def check_field_map(field_map: Mapping[str, str] | None) -> dict[str, str]:
    """Validate a user field map (document field -> record key)."""
    if not field_map:
        return {}
    unknown = [k for k in field_map if k not in DOCUMENT_FIELDS]
    if unknown:
        raise InputError(f"unknown document field(s) in field map: {', '.join(unknown)}; known: {', '.join(DOCUMENT_FIELDS)}")
    return {k: str(v) for k, v in field_map.items()}


@dataclass(frozen=True)
class RecordLoader:
    """A loader for JSON objects: a default field mapping plus a detection rule.

    `defaults` maps each document field to the record keys tried in order. Keys
    not used by the mapping are kept in `metadata`, except those in
    `drop_keys`. For the ``metadata`` field, every matched key that holds an
    object is merged in.
    """

    name: str
    defaults: Mapping[str, Sequence[str]]
    sniff_record: Callable[[Mapping[str, Any]], bool]
    priority: int = 0
    drop_keys: frozenset[str] = field(default_factory=frozenset)

    def sniff(self, path: Path, first: Any) -> bool:
        return isinstance(first, Mapping) and self.sniff_record(first)

    def load(self, path: Path, field_map: Mapping[str, str] | None = None) -> Iterator[RawRecord]:
        mapping = {f: tuple(keys) for f, keys in self.defaults.items()}
        for f, key in check_field_map(field_map).items():
            mapping[f] = (key,)
        plain = [(f, keys) for f, keys in mapping.items() if f != "metadata"]
        meta_keys = mapping.get("metadata", ())
        skip = IGNORED_KEYS | self.drop_keys
        for lineno, value in iter_json_records(path):
            if type(value) is not dict:
                raise InputError(f"expected a JSON object, got {type(value).__name__}", path=path, line=lineno)
            yield self._map(value, plain, meta_keys, skip, path, lineno, mapping)

    @staticmethod
    def _map(
        record: dict[str, Any],
        plain: Sequence[tuple[str, Sequence[str]]],
        meta_keys: Sequence[str],
        skip: frozenset[str],
        path: Path,
        line: int,
        mapping: Mapping[str, Sequence[str]],
    ) -> RawRecord:
        # Hot path (runs once per record): plain dict operations only; error origins are worked out lazily.
        fields: dict[str, Any] = {}
        used: set[str] = set()
        for f, keys in plain:
            for key in keys:
                if key in record:
                    fields[f] = record[key]
                    used.add(key)
                    break
                if "." in key:
                    found, value = lookup(record, key)
                    if found:
                        fields[f] = value
                        used.add(key)  # a dotted key leaves its parent object in metadata
                        break
        metadata: dict[str, Any] = {}
        for key in meta_keys:
            found, value = lookup(record, key)
            if not found:
                continue
            used.add(key)
            if value is None:
                continue
            if type(value) is not dict:
                raise InputError(f"metadata must be a JSON object, got {type(value).__name__}", path=path, line=line, json_path=f"$.{key}")
            metadata.update(value)
        if not used.issuperset(record):
            for key, value in record.items():
                if key not in used and key not in skip:
                    metadata.setdefault(key, value)
        fields["metadata"] = metadata
        return RawRecord(fields=fields, path=path, line=line, raw=record, key_map=mapping)
