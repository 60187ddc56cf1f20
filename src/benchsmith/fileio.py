"""File helpers: JSON/JSONL reading that names file and line, atomic writes."""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from benchsmith.errors import InputError
from benchsmith.outdir import COMPLETE_MARKER, check_complete, check_target, refuse_inputs_inside, replacing_dir

__all__ = [
    "COMPLETE_MARKER", "append_jsonl", "atomic_path", "check_complete", "check_target", "current_umask", "dumps",
    "find_lone_surrogate", "iter_jsonl", "json_value_error", "loads_located", "read_json", "read_text",
    "refuse_inputs_inside", "reject_lone_surrogates", "replacing_dir", "write_json_atomic", "write_jsonl_atomic",
    "write_text_atomic",
]


def read_text(path: str | Path) -> str:
    """Read UTF-8 text, turning OS and decoding errors into an InputError naming the file.

    Only regular files are read: a FIFO, socket or device would block or never end.
    """
    p = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not hang before it can be refused.
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=p) from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "not a regular file"
            raise InputError(f"cannot read file: {kind}; give a regular file", path=p)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            data = fh.read()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=p) from exc
    finally:
        if fd >= 0:
            os.close(fd)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"not valid UTF-8 (byte offset {exc.start})", path=p, line=line) from exc


def iter_jsonl(path: str | Path) -> Iterator[tuple[int, Any]]:
    """Yield (line number, parsed value) for each non-blank line of a JSONL file."""
    p = Path(path)
    text = read_text(p)
    # Split on "\n" only: str.splitlines() also breaks on U+2028, U+0085 and friends,
    # which JSON strings may legally contain unescaped.
    # (Found one at a time rather than with split(): a list of every line would copy the whole file again.)
    start, lineno, n = 0, 0, len(text)
    while start <= n:
        end = text.find("\n", start)
        if end < 0:
            end = n
        lineno += 1
        line = text if start == 0 and end >= n - 1 else text[start:end]  # a one-line file is not copied again
        start = end + 1
        if not line.strip():
            continue
        yield lineno, loads_located(line, p, lineno)


def read_json(path: str | Path) -> Any:
    p = Path(path)
    return loads_located(read_text(p), p, None)


SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def loads_located(text: str, path: str | Path, line: int | None) -> Any:
    """`json.loads` whose every failure is an InputError naming the file and line.

    Beyond syntax errors: nesting too deep for the parser, integers longer than
    Python converts (4300 digits), and lone UTF-16 surrogates (``"\\ud800"``), which
    are not Unicode text and cannot be written back out as UTF-8.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})", path=path, line=_line(line, exc.lineno)) from exc
    except (RecursionError, ValueError) as exc:
        raise json_value_error(exc, path, line) from None
    if SURROGATE_ESCAPE.search(text):
        reject_lone_surrogates(value, path, line)
    return value


def json_value_error(exc: RecursionError | ValueError, path: str | Path, line: int | None) -> InputError:
    """The InputError for a JSON text the parser could not turn into values (not a syntax error)."""
    if isinstance(exc, RecursionError):
        msg = "nested too deeply for the parser"
    elif "integer string conversion" in str(exc):
        msg = f"an integer longer than {sys.get_int_max_str_digits()} digits; write it as a JSON string"
    else:
        msg = str(exc)
    return InputError(f"invalid JSON: {msg}", path=path, line=line)


def reject_lone_surrogates(value: Any, path: str | Path, line: int | None) -> None:
    """Raise an InputError when a string in `value` holds a lone surrogate (call it when SURROGATE_ESCAPE matched)."""
    where = find_lone_surrogate(value)
    if where is not None:
        raise InputError(
            "a string holds a lone UTF-16 surrogate escape (\\ud800-\\udfff without its pair), which is not valid "
            "Unicode; fix or drop that character",
            path=path, line=line, json_path=where,
        )


def _line(line: int | None, inner: int) -> int:
    return inner if line is None else line


def find_lone_surrogate(value: Any, where: str = "$") -> str | None:
    """JSON path of the first string (key or value) holding a lone surrogate, or None."""
    stack = [(value, where)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, str):
            if not _encodes(node):
                return at
        elif isinstance(node, dict):
            for key, child in node.items():
                if not _encodes(key):
                    return at
                stack.append((child, f"{at}.{key}"))
        elif isinstance(node, list):
            stack.extend((child, f"{at}[{i}]") for i, child in enumerate(node))
    return None


def _encodes(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _to_jsonable(record: Any) -> Any:
    if isinstance(record, BaseModel):
        return record.model_dump(mode="json")
    return record


def dumps(record: Any) -> str:
    return json.dumps(_to_jsonable(record), ensure_ascii=False, default=str)


@contextlib.contextmanager
def atomic_path(target: str | Path, *, is_dir: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside `target`; on success it replaces `target` in one rename.

    On any exception the temporary path is removed and `target` is left as it was.
    With ``is_dir`` this is :func:`benchsmith.outdir.replacing_dir` (marker and all).
    """
    target = Path(target)
    if is_dir:
        with replacing_dir(target) as tmp_dir:
            yield tmp_dir
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InputError(f"cannot write file: {exc.strerror or exc}", path=target) from exc
    try:
        os.fchmod(fd, 0o666 & ~current_umask())  # mkstemp's 0600 would make outputs private
    finally:
        os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def current_umask() -> int:
    """The process umask, read without changing it where the system allows."""
    with contextlib.suppress(OSError, ValueError):
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text_atomic(path: str | Path, text: str) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def write_json_atomic(path: str | Path, value: Any, *, indent: int | None = 2) -> None:
    write_text_atomic(path, json.dumps(_to_jsonable(value), ensure_ascii=False, indent=indent, default=str) + "\n")


def write_jsonl_atomic(path: str | Path, records: Iterable[Any]) -> int:
    n = 0
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8") as fh:
        for record in records:
            fh.write(dumps(record))
            fh.write("\n")
            n += 1
    return n


def append_jsonl(path: str | Path, records: Iterable[Any]) -> None:
    """Append records and fsync, so a checkpoint survives a SIGKILL right after."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with p.open("a", encoding="utf-8") as fh:
        for record in records:
            fh.write(dumps(record))
            fh.write("\n")
        fh.flush()
        os.fsync(fh.fileno())
