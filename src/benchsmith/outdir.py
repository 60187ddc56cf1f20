"""Output folders written as a unit: a sibling temporary folder swapped in for the target in one step.

A reader (or a crash) sees either the old complete folder or the new complete
one, never a mix. The completeness marker (``.benchsmith-complete``, written
last inside the temporary folder) lists every file with its size and SHA-256,
so :func:`check_complete` can tell a finished folder from a half-copied or
hand-edited one.

Temporary folders are named ``.{name}.tmp-{pid}-{random}`` beside the target
and locked (``flock``) by their owner while it lives; a later call removes
those whose owner is gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import fcntl
import os
import re
import secrets
import shutil
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from benchsmith.errors import InputError
from benchsmith.marker import COMPLETE_MARKER, _os_error, check_complete, read_marker, write_marker

__all__ = ["COMPLETE_MARKER", "check_complete", "check_target", "read_marker", "refuse_inputs_inside", "remove_stale",
           "replacing_dir", "write_marker"]

# Files that an older benchsmith wrote into its output folders (before the marker existed):
# such a folder may be replaced; any other non-empty folder is someone else's and is refused.
LEGACY_OUTPUT_FILES = ("manifest.json", "benchmark.json", "summary.json", "results.json")
_LEGACY_TMP_AGE_S = 3600.0

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _libc_renameat2():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


_renameat2 = _libc_renameat2()


def exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two existing paths (Linux ``renameat2(RENAME_EXCHANGE)``).

    Returns False when the system or the filesystem cannot do it; raises OSError on other failures.
    """
    if _renameat2 is None:
        return False
    rc = _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(a), None, str(b))


def _swap_in(tmp: Path, target: Path) -> Path | None:
    """Put `tmp` at `target`; returns where the old target now is (to be removed), or None."""
    if not os.path.lexists(target):
        os.rename(tmp, target)
        return None
    if exchange(tmp, target):
        return tmp  # the old folder now sits at the temporary name
    # No atomic exchange: two renames. A crash between them leaves no target; the next
    # call's stale-folder pass puts the new (complete) folder in place.
    old = _sibling(target, "old")
    os.rename(target, old)
    try:
        os.rename(tmp, target)
    except BaseException:
        os.rename(old, target)
        raise
    return old


# --- the marker -------------------------------------------------------------------------------


def _sibling(target: Path, tag: str) -> Path:
    return target.parent / f".{target.name}.{tag}-{os.getpid()}-{secrets.token_hex(4)}"


def refuse_inputs_inside(target: str | Path, inputs: Sequence[str | Path], keep: Sequence[str] = ()) -> None:
    """Raise an InputError when an input path is `target` or lies inside it (replacing it would delete the input).

    Inputs inside an entry named in `keep` are fine: those entries move into the new folder.
    """
    out = Path(target).resolve()
    kept = [out / name for name in keep]
    for raw in inputs:
        p = Path(raw).resolve()
        if any(p == k or k in p.parents for k in kept):
            continue
        if p == out or out in p.parents:
            raise InputError(
                f"the output folder {target} holds this input, and writing it replaces the whole folder; "
                "choose an --out folder outside the inputs",
                path=raw,
            )


def check_target(target: str | Path, *, keep: Sequence[str] = (), inputs: Sequence[str | Path] = ()) -> None:
    """The checks `replacing_dir` makes before writing, for a command to run before its slow work."""
    target = Path(target)
    refuse_inputs_inside(target, inputs, keep)
    _check_replaceable(target, keep)


def _check_replaceable(target: Path, keep: Sequence[str]) -> None:
    if not os.path.lexists(target):
        return
    if not target.is_dir():
        raise InputError("the output path exists and is not a folder; choose a folder path for --out", path=target)
    try:
        names = os.listdir(target)
    except OSError as exc:
        raise _os_error("cannot read the output folder", exc, target) from exc
    if not names or COMPLETE_MARKER in names or set(names) <= set(keep):
        return
    if any(n in LEGACY_OUTPUT_FILES for n in names):
        return
    raise InputError(
        f"the output folder exists and is not a benchsmith output folder (no {COMPLETE_MARKER}); writing it would "
        "replace everything in it, so choose a new or empty folder, or remove this one yourself",
        path=target,
    )


_STALE = re.compile(r"\.(?P<name>.+)\.(?:tmp|old)-(?P<pid>\d+)-[0-9a-f]+\Z")
_LEGACY_OLD = re.compile(r"\.(?P<name>.+)\.old-(?P<pid>\d+)\Z")
_LEGACY_TMP = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp\Z")


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _locked(path: Path) -> bool:
    """Whether a live process holds the flock of folder `path`."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def _stale_siblings(target: Path) -> list[Path]:
    """Temporary and old folders for `target` left by processes that are gone."""
    out = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False):
            continue
        name = entry.name
        path = Path(entry.path)
        m = _STALE.match(name) or _LEGACY_OLD.match(name)
        if m and m.group("name") == target.name:
            if not _pid_alive(int(m.group("pid"))) and not _locked(path):
                out.append(path)
            continue
        m = _LEGACY_TMP.match(name)
        if m and m.group("name") == target.name:
            with contextlib.suppress(OSError):
                if time.time() - entry.stat().st_mtime > _LEGACY_TMP_AGE_S and not _locked(path):
                    out.append(path)
    return out


def remove_stale(target: str | Path, *, keep: Sequence[str] = ()) -> list[Path]:
    """Clean up after processes killed while replacing `target`; returns the folders removed.

    When `target` is missing (a crash between two renames) the newest complete
    leftover is moved into place first. Entries named in `keep` that a crash
    stranded in a leftover go back into `target`.
    """
    target = Path(target)
    stale = _stale_siblings(target)
    if not stale:
        return []
    if not os.path.lexists(target):
        # Prefer the newest complete folder (the new output, fully written); else the old one.
        complete = [p for p in stale if _has_valid_marker(p)]
        olds = [p for p in stale if ".old-" in p.name]
        chosen = max(complete, key=lambda p: (p / COMPLETE_MARKER).stat().st_mtime) if complete else (olds[0] if olds else None)
        if chosen is not None:
            os.rename(chosen, target)
            stale.remove(chosen)
    for leftover in stale:
        for name in keep:
            src = leftover / name
            if os.path.lexists(src) and target.is_dir() and not os.path.lexists(target / name):
                with contextlib.suppress(OSError):
                    os.rename(src, target / name)
        shutil.rmtree(leftover, ignore_errors=True)
    return stale


def _has_valid_marker(folder: Path) -> bool:
    try:
        check_complete(folder)
    except InputError:
        return False
    return True


# --- the context manager ----------------------------------------------------------------------


@contextlib.contextmanager
def replacing_dir(
    target: str | Path, *, keep: Sequence[str] = (), inputs: Sequence[str | Path] = ()
) -> Iterator[Path]:
    """Yield a fresh sibling temporary folder; on normal exit it replaces `target` as a unit.

    On normal exit: the completeness marker is written (listing every file but
    those named in `keep`), the entries named in `keep` (e.g. a run folder that
    must survive) move from the old target into the temporary folder, the
    temporary folder is swapped in for `target` (one atomic exchange on Linux;
    else two renames) and the old folder is removed. On an exception the
    temporary folder is removed and `target` is left exactly as it was.

    Args:
        target: The output folder.
        keep: Top-level names in the old target that carry over into the new one.
        inputs: Input paths of the command; one inside `target` is refused before anything is written.

    Raises:
        InputError: `target` is a file, an input lies inside it, it is a non-empty folder
            that benchsmith did not write, or its parent cannot be created or written.
    """
    target = Path(target)
    if target.is_symlink():  # replace the folder the link points to, and keep the link
        target = Path(os.path.realpath(target))
    check_target(target, keep=keep, inputs=inputs)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _os_error("cannot create the folder for the output", exc, target.parent) from exc
    remove_stale(target, keep=keep)
    tmp = _sibling(target, "tmp")
    try:
        os.mkdir(tmp, 0o777)  # the umask applies: ordinary folder permissions, not mkdtemp's 0700
    except OSError as exc:
        raise _os_error("cannot write beside the output folder", exc, target.parent) from exc
    lock_fd = os.open(tmp, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(lock_fd, fcntl.LOCK_EX)
    moved: list[str] = []
    try:
        yield tmp
        write_marker(tmp, skip=keep)
        for name in keep:
            if os.path.lexists(target / name) and not os.path.lexists(tmp / name):
                os.rename(target / name, tmp / name)
                moved.append(name)
        old = _swap_in(tmp, target)
        moved.clear()
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        for name in moved:  # put carried-over entries back before the temporary folder goes
            with contextlib.suppress(OSError):
                os.rename(tmp / name, target / name)
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        os.close(lock_fd)
