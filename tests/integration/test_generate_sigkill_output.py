"""`generate` killed (SIGKILL) at random moments, the output-folder swap included, leaves the old complete
benchmark or the new complete one: never a mix, never half a folder."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.generators.core.writer import REVIEW_DIR_NAME, RUN_DIR_NAME
from benchsmith.outdir import check_complete

BENCHSMITH = Path(sys.executable).with_name("benchsmith")
KILLS = int(os.environ.get("BENCHSMITH_CRASH_KILLS", "5"))


def _generate(corpus: Path, out: Path, seed: int) -> list[str]:
    return [str(BENCHSMITH), "generate", "multihop", "--corpus", str(corpus), "--n", "12", "--ner", "rules",
            "--seed", str(seed), "--out", str(out)]


def _items(out: Path) -> bytes:
    return (out / "items.jsonl").read_bytes()


def _generate_here(corpus: Path, out: Path, seed: int) -> None:
    """The same command, run in this process: for the runs that are not killed (no interpreter start to pay)."""
    try:
        main(_generate(corpus, out, seed)[1:])
    except SystemExit as exc:
        assert not exc.code


# What every run carries over from the folder it replaces (the run's checkpoints, review decisions).
CARRIED = (RUN_DIR_NAME, REVIEW_DIR_NAME)


def _restore(saved: Path, out: Path) -> None:
    """Put the saved old benchmark back in `out`, as a run of the old command would, the carried-over run folder kept."""
    for entry in out.iterdir():
        if entry.name in CARRIED:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for entry in saved.iterdir():
        if entry.is_dir():
            shutil.copytree(entry, out / entry.name, symlinks=True)
        else:
            shutil.copy2(entry, out / entry.name, follow_symlinks=False)


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("crash") / "corpus"
    try:
        main(["corpus", "ingest", str(example_corpus() / "corpus.jsonl"), "--out", str(out)])
    except SystemExit as exc:
        assert not exc.code
    return out


def test_a_killed_generate_leaves_the_old_or_the_new_complete_benchmark(corpus_dir, tmp_path):
    if not BENCHSMITH.is_file():
        pytest.skip(f"benchsmith console script missing beside {sys.executable}")
    out = tmp_path / "bench"
    reference = tmp_path / "reference"
    _generate_here(corpus_dir, out, 1)  # the old benchmark
    saved = tmp_path / "old-benchmark"  # a copy of it, to start each kill from
    shutil.copytree(out, saved, symlinks=True, ignore=lambda folder, names: CARRIED if folder == str(out) else ())
    t0 = time.monotonic()
    done = subprocess.run(_generate(corpus_dir, reference, 2), capture_output=True, text=True, timeout=120)
    duration = time.monotonic() - t0  # the killed runs repeat this seed-2 run, interpreter start included
    assert done.returncode == 0, done.stderr
    old, new = _items(out), _items(reference)
    assert old != new

    rng = random.Random(7)
    seen = {"old": 0, "new": 0}
    # Kill points spread over the whole run, the write and swap at its very end included.
    delays = sorted(rng.uniform(0.3, 1.0) * duration for _ in range(KILLS))
    for delay in delays:
        proc = subprocess.Popen(_generate(corpus_dir, out, 2), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        check_complete(out)  # raises unless every file the marker lists is there, unchanged
        state = "old" if _items(out) == old else "new" if _items(out) == new else "mixed"
        assert state != "mixed"
        seen[state] += 1
        if state == "new":  # start the next kill from the old benchmark again
            # (a copy of it: rerunning the seed-1 command took a whole run; its leftovers are the next run's to clean)
            _restore(saved, out)
            check_complete(out)
            assert _items(out) == old
    print(f"kill points {KILLS}: old complete {seen['old']}, new complete {seen['new']}")
    assert sum(seen.values()) == KILLS
    leftovers = [p.name for p in out.parent.iterdir() if p.name.startswith(".bench.")]
    _generate_here(corpus_dir, out, 2)  # the next run, not killed
    assert _items(out) == new
    # Temporary folders of killed runs are cleaned up by the next run.
    assert not [p.name for p in out.parent.iterdir() if p.name.startswith(".bench.")], leftovers
