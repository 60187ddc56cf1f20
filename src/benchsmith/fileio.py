"""File helpers: JSON/JSONL reading that names file and line, atomic writes."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from benchsmith.errors import InputError


def read_text(path: str | Path) -> str:
    """Read UTF-8 text, turning OS and decoding errors into an InputError naming the file."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=p) from exc
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
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            yield lineno, json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})", path=p, line=lineno) from exc


def read_json(path: str | Path) -> Any:
    p = Path(path)
    text = read_text(p)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})", path=p, line=exc.lineno) from exc


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
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if is_dir:
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    else:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(name)
    try:
        yield tmp
        if is_dir:
            if target.exists():
                old = target.with_name(f".{target.name}.old-{os.getpid()}")
                os.replace(target, old)
                os.replace(tmp, target)
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.replace(tmp, target)
        else:
            os.replace(tmp, target)
    except BaseException:
        if is_dir:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
        raise


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


COMPLETE_MARKER = ".benchsmith-complete"


@contextlib.contextmanager
def replacing_dir(target: str | Path, *, keep: Iterable[str] = ()) -> Iterator[Path]:
    """Yield a fresh sibling folder to write into; on success it replaces `target` as a unit.

    The entries named in `keep` (e.g. a run folder) move from the old target into the
    new one first; a completeness marker is written last. On an exception the new
    folder is removed and `target` is left as it was.
    """
    target = Path(target)
    with atomic_path(target, is_dir=True) as tmp:
        yield tmp
        for name in keep:
            if (target / name).exists():
                os.replace(target / name, tmp / name)
        (tmp / COMPLETE_MARKER).write_text("{}\n", encoding="utf-8")


def check_complete(folder: str | Path) -> None:
    from benchsmith.errors import InputError

    if not (Path(folder) / COMPLETE_MARKER).is_file():
        raise InputError("the folder is incomplete (an interrupted write?); generate it again", path=folder)
