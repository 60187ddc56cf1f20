"""`corpus ingest` killed with SIGKILL at chosen and at random moments: the output folder is always the old
complete corpus or the new complete one, and the next call clears what the killed one left (issue 9 item 6).

Chosen points are hit by a driver that wraps `benchsmith.outdir` internals and kills its own process there:
while the marker is written, just before and just after the atomic exchange, while the old folder is
removed, and (with the exchange unavailable) between and after the two renames of the fallback path.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from benchsmith.corpora.store import load_corpus_dir
from benchsmith.errors import InputError
from benchsmith.outdir import check_complete, remove_stale

SRC = Path(__file__).resolve().parents[2] / "src"
RANDOM_KILLS = int(os.environ.get("BENCHSMITH_CRASH_KILLS", "6"))

DRIVER = textwrap.dedent(
    """
    import os, shutil, signal, sys
    import benchsmith.outdir as o

    point = os.environ.get("KILL_AT", "")

    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    class OsProxy:  # os for outdir only, with a rename that can die after the n-th call
        def __init__(self, die_after):
            self.calls, self.die_after = 0, die_after
        def rename(self, a, b):
            os.rename(a, b)
            self.calls += 1
            if self.calls == self.die_after:
                die()
        def __getattr__(self, name):
            return getattr(os, name)

    if point == "marker":
        import benchsmith.marker as m
        real_hash = m._hash_file
        def hash_then_die(path, _n=[0], **kwargs):
            _n[0] += 1
            if _n[0] == 2:
                die()
            return real_hash(path, **kwargs)
        m._hash_file = hash_then_die
    elif point == "before_exchange":
        o.exchange = lambda a, b: die()
    elif point == "after_exchange":
        real_exchange = o.exchange
        def exchange_then_die(a, b):
            assert real_exchange(a, b)
            die()
        o.exchange = exchange_then_die
    elif point == "removing_old":
        def rmtree_partly(path, ignore_errors=False):
            files = sorted(p for p in os.listdir(path))
            os.remove(os.path.join(path, files[0]))
            die()
        o.shutil = type("S", (), {"rmtree": staticmethod(rmtree_partly)})
    elif point == "between_renames":
        o.exchange = lambda a, b: False
        o.os = OsProxy(1)
    elif point == "after_renames":
        o.exchange = lambda a, b: False
        o.os = OsProxy(2)

    from benchsmith.cli import main
    main(sys.argv[1:])
    """
)
POINTS = ["marker", "before_exchange", "after_exchange", "removing_old", "between_renames", "after_renames"]


def _docs(prefix: str, n: int) -> str:
    rng = random.Random(prefix)
    words = "harbor ferry council budget river station museum bridge tram school".split()
    lines = []
    for i in range(n):
        text = " ".join(" ".join(rng.choice(words) for _ in range(12)).capitalize() + "." for _ in range(rng.randint(5, 40)))
        lines.append(json.dumps({"doc_id": f"{prefix}-{i}", "title": f"{prefix} {i}", "text": text}))
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("crash")
    (root / "old.jsonl").write_text(_docs("old", 50), encoding="utf-8")
    (root / "new.jsonl").write_text(_docs("new", 800), encoding="utf-8")
    return root / "old.jsonl", root / "new.jsonl"


def _ingest(src: Path, out: Path, *, kill_at: str = "", driver: Path | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(SRC), "KILL_AT": kill_at}
    cmd = [sys.executable, str(driver), "corpus", "ingest", str(src), "--out", str(out)]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _state(out: Path) -> str:
    """old, new, missing, incomplete or mixed."""
    if not out.exists():
        return "missing"
    try:
        check_complete(out, verify_hashes=True)
        ids = {d.doc_id.split("-")[0] for d in load_corpus_dir(out).documents}
    except InputError:
        return "incomplete"
    return ids.pop() if len(ids) == 1 else "mixed"


@pytest.fixture(scope="module")
def old_corpus(tmp_path_factory, inputs, driver) -> Path:
    out = tmp_path_factory.mktemp("old") / "corpus"
    proc = _ingest(inputs[0], out, driver=driver)
    assert proc.wait(60) == 0, proc.stderr.read().decode()
    assert _state(out) == "old"
    return out


def _fresh_old(tmp_path: Path, old_corpus: Path) -> Path:
    out = tmp_path / "out"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(old_corpus, out)
    return out


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("driver") / "driver.py"
    path.write_text(DRIVER, encoding="utf-8")
    return path


@pytest.mark.parametrize("point", POINTS)
def test_kill_at_a_chosen_point_leaves_old_or_new_complete(tmp_path, inputs, driver, old_corpus, point) -> None:
    new = inputs[1]
    out = _fresh_old(tmp_path, old_corpus)
    proc = _ingest(new, out, kill_at=point, driver=driver)
    assert proc.wait(120) == -signal.SIGKILL, proc.stderr.read().decode()
    state = _state(out)
    if point == "between_renames":
        assert state == "missing"  # only the fallback path has this window; the next call repairs it
        remove_stale(out)
        state = _state(out)
    expected = {"marker": "old", "before_exchange": "old", "after_exchange": "new", "removing_old": "new",
                "between_renames": "new", "after_renames": "new"}[point]
    assert state == expected
    remove_stale(out)
    assert _leftovers(out) == [] and _state(out) == expected


def _wait_for_temp_folder(out: Path, proc: subprocess.Popen, limit: float = 60.0) -> float:
    """Seconds until the temporary folder beside `out` appears (the write phase starts), or until the process ends."""
    start = time.monotonic()
    while time.monotonic() - start < limit and proc.poll() is None:
        if any(".tmp-" in name for name in _leftovers(out)):
            break
        time.sleep(0.002)
    return time.monotonic() - start


def test_kill_at_random_moments_never_leaves_a_mixed_or_half_folder(tmp_path, inputs, driver, old_corpus) -> None:
    new = inputs[1]
    out = _fresh_old(tmp_path, old_corpus)
    start = time.monotonic()
    proc = _ingest(new, out, driver=driver)
    to_write = _wait_for_temp_folder(out, proc)
    assert proc.wait(120) == 0
    runtime, write_phase = time.monotonic() - start, time.monotonic() - start - to_write
    rng = random.Random(9)
    seen: dict[str, int] = {}
    for i in range(RANDOM_KILLS):
        out = _fresh_old(tmp_path, old_corpus)
        proc = _ingest(new, out, driver=driver)
        if i % 2:  # anywhere in the run
            time.sleep(rng.uniform(0.0, runtime * 1.05))
        else:  # inside the write phase, where the folders are swapped
            _wait_for_temp_folder(out, proc)
            time.sleep(rng.uniform(0.0, write_phase * 1.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait(60)
        state = _state(out)
        seen[state] = seen.get(state, 0) + 1
        assert state in ("old", "new"), state
        remove_stale(out)  # what the next run does first
        assert _state(out) == state and _leftovers(out) == []
    print(f"random kills: {RANDOM_KILLS} (runtime {runtime:.2f}s, write phase {write_phase:.2f}s), states after kill: {seen}")
