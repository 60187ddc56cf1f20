"""Read records from JSON / JSONL files together with the line each record starts on.

Used by `benchsmith validate` so that every error can name its file and line:
for JSONL the line of the record, for a JSON array the line where the element
begins (found with `json.JSONDecoder.raw_decode` offsets).
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchsmith.fileio import json_value_error, read_text

JSONL_SUFFIXES = {".jsonl", ".ndjson", ".jsonlines"}
_WHITESPACE = " \t\n\r"


@dataclass(frozen=True)
class LocatedRecord:
    """One record of a file, or the reason a record could not be read (`error`)."""

    line: int
    value: Any = None
    error: str | None = None


class _LineIndex:
    def __init__(self, text: str) -> None:
        self._newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_left(self._newlines, offset) + 1


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WHITESPACE:
        i += 1
    return i


def _decode_error(exc: json.JSONDecodeError) -> LocatedRecord:
    return LocatedRecord(line=exc.lineno, error=f"invalid JSON: {exc.msg} (column {exc.colno})")


def iter_jsonl_records(text: str) -> Iterator[LocatedRecord]:
    """Each non-blank line is one record; a line that is not JSON yields an error and reading goes on."""
    # "\n" only, as in fileio.iter_jsonl: splitlines() would also break inside JSON strings
    # that hold U+2028, U+0085 and friends unescaped.
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            yield LocatedRecord(line=lineno, value=json.loads(line))
        except json.JSONDecodeError as exc:
            yield LocatedRecord(line=lineno, error=f"invalid JSON: {exc.msg} (column {exc.colno})")
        except (RecursionError, ValueError) as exc:  # too deep, or an integer over 4300 digits
            yield LocatedRecord(line=lineno, error=json_value_error(exc, "", lineno).message)


def iter_json_records(text: str) -> Iterator[LocatedRecord]:
    """A JSON array yields its elements (each with the line it starts on); any other value is one record.

    Reading stops at the first syntax error, which is yielded with its line.
    """
    decoder = json.JSONDecoder()
    lines = _LineIndex(text)
    i = _skip_ws(text, 0)
    if i == len(text):
        yield LocatedRecord(line=1, error="empty file: expected a JSON value")
        return
    if text[i] != "[":
        try:
            value, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            yield _decode_error(exc)
            return
        except (RecursionError, ValueError) as exc:
            yield LocatedRecord(line=lines.line_of(i), error=json_value_error(exc, "", None).message)
            return
        if _skip_ws(text, end) != len(text):
            yield LocatedRecord(line=lines.line_of(_skip_ws(text, end)), error="invalid JSON: extra data after the value")
            return
        yield LocatedRecord(line=lines.line_of(i), value=value)
        return
    i = _skip_ws(text, i + 1)
    if i < len(text) and text[i] == "]":
        i += 1
    else:
        while True:
            try:
                value, end = decoder.raw_decode(text, i)
            except json.JSONDecodeError as exc:
                yield _decode_error(exc)
                return
            except (RecursionError, ValueError) as exc:
                yield LocatedRecord(line=lines.line_of(i), error=json_value_error(exc, "", None).message)
                return
            yield LocatedRecord(line=lines.line_of(i), value=value)
            i = _skip_ws(text, end)
            if i < len(text) and text[i] == ",":
                i = _skip_ws(text, i + 1)
                continue
            if i < len(text) and text[i] == "]":
                i += 1
                break
            where = lines.line_of(min(i, len(text) - 1))
            yield LocatedRecord(line=where, error="invalid JSON: expected ',' or ']' after an array element")
            return
    rest = _skip_ws(text, i)
    if rest != len(text):
        yield LocatedRecord(line=lines.line_of(rest), error="invalid JSON: extra data after the array")


def looks_like_jsonl(path: Path, text: str) -> bool:
    """JSONL by suffix; `.json` is JSON; anything else is JSON when it parses as one value."""
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return True
    if suffix == ".json":
        return False
    start = _skip_ws(text, 0)
    if start < len(text) and text[start] == "[":
        return False
    try:
        json.loads(text)
    except (RecursionError, ValueError):
        return True
    return False


def iter_located_records(path: str | Path) -> Iterator[LocatedRecord]:
    """Records of a JSON or JSONL file with their line numbers.

    Raises:
        InputError: The file cannot be read or is not UTF-8.
    """
    p = Path(path)
    text = read_text(p)
    if looks_like_jsonl(p, text):
        yield from iter_jsonl_records(text)
    else:
        yield from iter_json_records(text)
