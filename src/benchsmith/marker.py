"""The completeness marker of an output folder: every file listed with its size and SHA-256, written last.

A folder with a marker whose files all match it is complete: nothing was cut
short or changed after the command that wrote it finished.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from benchsmith.errors import InputError

COMPLETE_MARKER = ".benchsmith-complete"
MARKER_FORMAT = 1


def _os_error(message: str, exc: OSError, path: Path) -> InputError:
    return InputError(f"{message}: {exc.strerror or exc}", path=path)


# --- the swap ---------------------------------------------------------------------------------


def _hash_file(path: Path, *, sync: bool = False) -> tuple[str, int]:
    h = hashlib.sha256()
    size = 0
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
            size += len(block)
        if sync:
            os.fsync(fh.fileno())  # the data is on disk before the folder is swapped in
    return h.hexdigest(), size


def _listed_files(folder: Path, skip_top: Sequence[str]) -> list[str]:
    out = []
    for root, dirs, files in os.walk(folder):
        rel_root = Path(root).relative_to(folder)
        if rel_root == Path("."):
            dirs[:] = [d for d in dirs if d not in skip_top]
            files = [f for f in files if f not in skip_top and f != COMPLETE_MARKER]
        for name in files:
            if (Path(root) / name).is_file():
                out.append((rel_root / name).as_posix())
    return sorted(out)


def write_marker(folder: Path, *, skip: Sequence[str] = ()) -> dict:
    """Write the completeness marker listing every file under `folder` (top-level names in `skip` left out)."""
    files, sizes = {}, {}
    for rel in _listed_files(folder, skip):
        files[rel], sizes[rel] = _hash_file(folder / rel, sync=True)
    marker = {
        "format": MARKER_FORMAT,
        "files": files,
        "sizes": sizes,
        "written_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    path = folder / COMPLETE_MARKER
    with path.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps(marker, indent=1, sort_keys=True) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    return marker


def read_marker(folder: Path) -> dict | None:
    """The marker of `folder`, or None when it has none; a malformed marker is an InputError."""
    path = Path(folder) / COMPLETE_MARKER
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the completeness marker: {exc}", path=path) from exc
    try:
        marker = json.loads(text)
    except (ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)[:200]
        raise InputError(f"the completeness marker is not valid JSON ({reason}); re-run the command that wrote this folder", path=path) from None
    if not isinstance(marker, dict) or not isinstance(marker.get("files"), dict):
        raise InputError("the completeness marker has no 'files' object; re-run the command that wrote this folder", path=path)
    return marker


def check_complete(folder: str | Path, *, verify_hashes: bool = False) -> None:
    """Raise an InputError naming `folder` unless it is a complete output folder.

    Complete: the marker exists and every file it lists is there with the size
    it had when written (and, with `verify_hashes`, the same SHA-256).
    """
    folder = Path(folder)
    marker = read_marker(folder)
    if marker is None:
        raise InputError(
            f"incomplete output folder: no {COMPLETE_MARKER} marker (written last, so the command that made "
            "this folder was interrupted, failed, or predates the marker); re-run it",
            path=folder,
        )
    sizes = marker.get("sizes") if isinstance(marker.get("sizes"), dict) else {}
    for rel, digest in sorted(marker["files"].items()):
        path = folder / rel
        try:
            st = path.stat()
        except (OSError, ValueError):
            raise InputError(f"incomplete output folder: {rel} is listed in {COMPLETE_MARKER} but missing", path=folder) from None
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"output folder changed after it was written: {rel} is no longer a regular file", path=folder)
        size = st.st_size
        expected = sizes.get(rel)
        if expected is not None and size != expected:
            raise InputError(
                f"output folder changed after it was written: {rel} has {size} bytes, {COMPLETE_MARKER} says {expected}; "
                f"re-run the command that wrote it (or delete {COMPLETE_MARKER} if you edited it on purpose)",
                path=folder,
            )
        if verify_hashes and _readable_hash(path, folder) != digest:
            raise InputError(
                f"output folder changed after it was written: {rel} differs from the SHA-256 in {COMPLETE_MARKER}; "
                f"re-run the command that wrote it (or delete {COMPLETE_MARKER} if you edited it on purpose)",
                path=folder,
            )


def _readable_hash(path: Path, folder: Path) -> str:
    try:
        return _hash_file(path)[0]
    except OSError as exc:
        raise _os_error(f"cannot read {path.name}", exc, folder) from exc


# --- guards and stale folders -----------------------------------------------------------------
