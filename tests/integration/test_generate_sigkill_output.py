"""`generate` killed (SIGKILL) at random moments, the output-folder swap included, leaves the old complete
benchmark or the new complete one: never a mix, never half a folder."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.outdir import check_complete

BENCHSMITH = Path(sys.executable).with_name("benchsmith")
KILLS = int(os.environ.get("BENCHSMITH_CRASH_KILLS", "5"))


def _generate(corpus: Path, out: Path, seed: int) -> list[str]:
    return [str(BENCHSMITH), "generate", "multihop", "--corpus", str(corpus), "--n", "12", "--ner", "rules",
            "--seed", str(seed), "--out", str(out)]


def _items(out: Path) -> bytes:
    return (out / "items.jsonl").read_bytes()


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
    durations = []
    for seed, folder in ((1, out), (2, reference)):
        t0 = time.monotonic()
        done = subprocess.run(_generate(corpus_dir, folder, seed), capture_output=True, text=True, timeout=120)
        durations.append(time.monotonic() - t0)
        assert done.returncode == 0, done.stderr
    old, new = _items(out), _items(reference)
    assert old != new
    duration = durations[1]  # the killed runs repeat this seed-2 run

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
            subprocess.run(_generate(corpus_dir, out, 1), capture_output=True, timeout=120, check=True)
    print(f"kill points {KILLS}: old complete {seen['old']}, new complete {seen['new']}")
    assert sum(seen.values()) == KILLS
    leftovers = [p.name for p in out.parent.iterdir() if p.name.startswith(".bench.")]
    done = subprocess.run(_generate(corpus_dir, out, 2), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and _items(out) == new
    # Temporary folders of killed runs are cleaned up by the next run.
    assert not [p.name for p in out.parent.iterdir() if p.name.startswith(".bench.")], leftovers
