"""Run/stage: checkpoints, resume, ordering, ledger, summary, config checks (no LLM)."""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest
from pydantic import BaseModel

from benchsmith.errors import InputError
from benchsmith.pipeline import Rejected, Run, RunConfigMismatch
from benchsmith.schemas.validate import validate_files


class Square(BaseModel):
    n: int
    sq: int


def square(n: int) -> list:
    if n % 5 == 0:
        return [Rejected(step="square", reason="multiple of five")]
    return [Square(n=n, sq=n * n)]


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_stage_returns_outputs_in_input_order_and_checkpoints_each_input(tmp_path):
    with Run(tmp_path / "run", name="t", progress=False) as run:
        out = run.stage("square", range(12), square, key=str, out_model=Square)
        run.finish(produced=len(out))
    assert [o.n for o in out] == [1, 2, 3, 4, 6, 7, 8, 9, 11]
    assert all(isinstance(o, Square) for o in out)
    entries = lines(tmp_path / "run" / "stages" / "square.jsonl")
    assert [e["key"] for e in entries] == [str(i) for i in range(12)]
    assert entries[5]["outputs"] == [] and entries[5]["rejected"][0]["reason"] == "multiple of five"


def test_a_misspelt_stage_option_is_an_error_not_a_silent_default(tmp_path):
    with Run(tmp_path / "run", name="t", progress=False) as run:
        with pytest.raises(TypeError, match="concurency"):
            run.stage("square", range(3), square, key=str, concurency=4)
        assert not (tmp_path / "run" / "stages" / "square.jsonl").exists()


def test_stage_killed_by_exception_resumes_without_recomputing_finished_keys(tmp_path):
    calls: list[int] = []

    def flaky(n: int) -> list:
        calls.append(n)
        if n == 7 and len(calls) < 20:
            raise RuntimeError("boom")
        return square(n)

    run_dir = tmp_path / "run"
    with pytest.raises(RuntimeError, match="boom"):
        with Run(run_dir, name="t", config={"seed": 1}, progress=False) as run:
            run.stage("square", range(12), flaky, key=str, out_model=Square)
    assert calls == list(range(8))
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["status"] == "failed" and "boom" in summary["stop_reason"]

    calls.clear()
    calls.extend([-1] * 20)  # let 7 succeed now
    with Run(run_dir, name="t", config={"seed": 1}, progress=False) as run:
        assert run.resumed
        resumed = run.stage("square", range(12), flaky, key=str, out_model=Square)
        stats = run.stages["square"]
        run.finish(produced=len(resumed))
    assert calls[20:] == [7, 8, 9, 10, 11]
    assert (stats.resumed, stats.computed) == (7, 5)

    with Run(tmp_path / "fresh", name="t", config={"seed": 1}, progress=False) as run:
        uninterrupted = run.stage("square", range(12), square, key=str, out_model=Square)
        run.finish()
    assert resumed == uninterrupted
    keys = [e["key"] for e in lines(run_dir / "stages" / "square.jsonl")]
    assert sorted(keys) == sorted(set(keys))


@pytest.mark.parametrize("use_async", [True, False])
def test_outputs_keep_input_order_under_concurrency(tmp_path, use_async):
    rng = random.Random(3)
    delays = {i: rng.random() * 0.01 for i in range(40)}
    active = 0
    peak = 0
    lock = threading.Lock()

    async def slow_async(n: int) -> list[int]:
        nonlocal active, peak
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(delays[n])
        active -= 1
        return [n, n + 1000]

    def slow_sync(n: int) -> list[int]:
        import time

        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(delays[n])
        with lock:
            active -= 1
        return [n, n + 1000]

    with Run(tmp_path / "run", name="t", progress=False) as run:
        out = run.stage("s", range(40), slow_async if use_async else slow_sync, key=str, concurrency=8)
        run.finish()
    assert out == [v for n in range(40) for v in (n, n + 1000)]
    assert 1 < peak <= 8
    finished_order = [e["key"] for e in lines(tmp_path / "run" / "stages" / "s.jsonl")]
    assert finished_order != [str(i) for i in range(40)]  # they really ran out of order


def test_rejected_ledger_has_each_rejection_once_across_resumes(tmp_path):
    run_dir = tmp_path / "run"
    drop = Rejected(step="validate", reason="too short", input_ref="x1")
    for _ in range(2):
        with Run(run_dir, name="t", progress=False) as run:
            run.stage("square", range(11), square, key=str, out_model=Square)
            assert run.reject(drop) in (0, 1)
            run.reject([drop, drop])
            run.finish()
    records = lines(run_dir / "rejected.jsonl")
    assert len(records) == 4  # inputs 0, 5, 10 and the validator drop
    assert sorted(r["input_ref"] for r in records) == ["0", "10", "5", "x1"]

    # A kill between the checkpoint line and the ledger line loses nothing: the resume repairs it.
    (run_dir / "rejected.jsonl").write_text("\n".join(json.dumps(r) for r in records[1:]) + "\n")
    with Run(run_dir, name="t", progress=False) as run:
        run.stage("square", range(11), square, key=str, out_model=Square)
        run.finish()
    # The ledger is this invocation's: the stage's rejections come back from its checkpoint, the
    # validator drop of the earlier invocations does not (this invocation dropped nothing).
    assert sorted(r["input_ref"] for r in lines(run_dir / "rejected.jsonl")) == ["0", "10", "5"]


def test_summary_counts_exit_code_and_schema(tmp_path):
    run_dir = tmp_path / "run"
    with Run(run_dir, name="t", requested=10, progress=False) as run:
        out = run.stage("square", range(11), square, key=str, out_model=Square)
        run.reject(Rejected(step="dedup", reason="duplicate", input_ref="3"))
        summary = run.finish(produced=len(out) - 1)
    assert (summary.requested, summary.produced, summary.status, summary.exit_code) == (10, 7, "short", 1)
    assert summary.rejected == 4
    assert summary.rejected_by_reason == {"duplicate": 1, "multiple of five": 3}
    assert summary.rejected_by_step == {"dedup": 1, "square": 3}
    assert summary.stages[0].model_dump(exclude={"elapsed_s"}) == {
        "name": "square", "inputs": 11, "resumed": 0, "computed": 11, "outputs": 8, "rejected": 3}
    on_disk = json.loads((run_dir / "summary.json").read_text())
    assert on_disk["exit_code"] == 1 and on_disk["rejected_by_reason"]["multiple of five"] == 3
    report = validate_files([run_dir / "summary.json", run_dir / "rejected.jsonl"])
    assert report.ok, [str(i) for i in report.issues]

    with Run(tmp_path / "enough", name="t", requested=8, progress=False) as run:
        out = run.stage("square", range(11), square, key=str, out_model=Square)
        summary = run.finish(produced=len(out))
    assert (summary.status, summary.exit_code) == ("complete", 0)


def test_resuming_with_another_config_is_an_error_unless_fresh(tmp_path):
    run_dir = tmp_path / "run"
    with Run(run_dir, name="t", config={"seed": 1, "model": "a"}, progress=False) as run:
        run.stage("square", range(4), square, key=str)
        run.finish()
    with pytest.raises(RunConfigMismatch, match=r"seed: 1 -> 2.*--fresh"):
        Run(run_dir, name="t", config={"seed": 2, "model": "a"}, progress=False)
    with pytest.raises(RunConfigMismatch, match="holds run 't'"):
        Run(run_dir, name="other", config={"seed": 1, "model": "a"}, progress=False)
    calls = []
    with Run(run_dir, name="t", config={"seed": 2, "model": "a"}, fresh=True, progress=False) as run:
        run.stage("square", range(4), lambda n: calls.append(n) or square(n), key=str)
        run.finish()
    assert calls == [0, 1, 2, 3]
    # A new stage version (an edited prompt, another setting) recomputes that stage, and only it.
    calls.clear()
    with Run(run_dir, name="t", config={"seed": 2, "model": "a"}, progress=False) as run:
        run.stage("square", range(4), lambda n: calls.append(n) or square(n), key=str, version="2")
        run.stage("other", range(2), str, key=str)
        run.finish()
    assert calls == [0, 1, 2, 3]
    with Run(run_dir, name="t", config={"seed": 2, "model": "a"}, progress=False) as run:
        run.stage("square", range(4), lambda n: calls.append(n) or square(n), key=str, version="2")
        run.stage("other", range(2), str, key=str, version="2")
        assert run.stages["square"].resumed == 4 and run.stages["other"].computed == 2
        run.finish()
    assert json.loads((run_dir / "run.json").read_text())["stages"] == {"square": "2", "other": "2"}


def test_torn_last_checkpoint_line_is_dropped_and_recomputed(tmp_path):
    run_dir = tmp_path / "run"
    with Run(run_dir, name="t", progress=False) as run:
        run.stage("square", range(4), square, key=str, out_model=Square)
        run.finish()
    path = run_dir / "stages" / "square.jsonl"
    kept = path.read_text().splitlines()[:2]
    path.write_text("\n".join(kept) + '\n{"key": "2", "outputs": [{"n": 2, "s')  # killed mid-write
    calls = []
    with Run(run_dir, name="t", progress=False) as run:
        out = run.stage("square", range(4), lambda n: calls.append(n) or square(n), key=str, out_model=Square)
        run.finish()
    assert calls == [2, 3]
    assert [o.n for o in out] == [1, 2, 3]
    assert [e["key"] for e in lines(path)] == ["0", "1", "2", "3"]

    path.write_text(path.read_text().replace('"key": "1"', '"key": 1', 1))
    with pytest.raises(InputError, match="corrupt checkpoint") as info:
        with Run(run_dir, name="t", progress=False) as run:
            run.stage("square", range(4), square, key=str)
    assert info.value.line == 2


def test_on_error_reject_records_exceptions_and_goes_on(tmp_path):
    def picky(n: int) -> list[int]:
        if n == 2:
            raise ValueError("bad input")
        return [n]

    with Run(tmp_path / "run", name="t", progress=False) as run:
        out = run.stage("picky", range(4), picky, key=str, on_error="reject")
        summary = run.finish()
    assert out == [0, 1, 3]
    assert summary.rejected_by_reason == {"exception": 1}
    record = lines(tmp_path / "run" / "rejected.jsonl")[0]
    assert record["input_ref"] == "2" and "ValueError: bad input" in record["detail"]


def test_inputs_with_one_key_are_computed_once_and_bad_stage_names_are_refused(tmp_path):
    calls = []
    with Run(tmp_path / "run", name="t", progress=False) as run:
        out = run.stage("s", ["a", "b", "a"], lambda x: calls.append(x) or [x.upper()], key=str)
        assert out == ["A", "B", "A"] and calls == ["a", "b"]
        assert run.stage("s", ["a", "b", "a"], lambda x: [x], key=str, per_input=True) == [["A"], ["B"], ["A"]]
        assert (run.stages["s"].inputs, run.stages["s"].computed, run.stages["s"].resumed) == (4, 2, 2)
        with pytest.raises(ValueError, match="stage name"):
            run.stage("../escape", ["a"], lambda x: [x], key=str)
        run.finish()


async def test_astage_inside_an_event_loop(tmp_path):
    async def double(n: int) -> list[int]:
        await asyncio.sleep(0)
        return [2 * n]

    run = Run(tmp_path / "run", name="t", progress=False)
    with pytest.raises(RuntimeError, match="astage"):
        run.stage("d", range(3), double, key=str)
    assert await run.astage("d", range(3), double, key=str, concurrency=3) == [0, 2, 4]
    await run.aclose()


def test_a_run_directory_is_used_by_one_run_at_a_time(tmp_path):
    from benchsmith.errors import BenchsmithError

    first = Run(tmp_path / "run", name="t", progress=False)
    with pytest.raises(BenchsmithError, match="another benchsmith run"):
        Run(tmp_path / "run", name="t", progress=False)
    first.close()
    Run(tmp_path / "run", name="t", progress=False).close()


def test_output_that_does_not_fit_out_model_names_the_stage_not_the_checkpoint(tmp_path):
    def wrong(n: int) -> list:
        return [{"n": n, "sq": "not a number"}]

    run_dir = tmp_path / "run"
    with pytest.raises(ValueError, match=r"stage 'square' returned an output for key '0' that does not fit Square"):
        with Run(run_dir, name="t", progress=False) as run:
            run.stage("square", [0], wrong, key=str, out_model=Square)
    # Nothing was checkpointed, so a fixed stage function computes the input afresh.
    checkpoint = run_dir / "stages" / "square.jsonl"
    assert not checkpoint.exists() or not checkpoint.read_text().strip()


def test_summary_table_prints_brackets_in_reasons_literally(tmp_path):
    from rich.console import Console

    console = Console(record=True, width=200)
    with Run(tmp_path / "run", name="t[/x]", progress=False, console=console) as run:
        run.reject(Rejected(step="check", reason="KeyError: [/x] [bold]"))
        summary = run.finish(produced=0)
    assert summary.rejected == 1
    text = console.export_text()
    assert "KeyError: [/x] [bold]: 1" in text and "run t[/x]: complete" in text


def test_the_progress_bar_shows_llm_calls_tokens_and_cost_so_far(tmp_path):
    import io
    import re

    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=200)
    with Run(tmp_path / "run", name="t", console=console, progress=True) as run:
        client = run.llm_client("scripted/x", responses=lambda messages: "fine")

        async def ask(n: int) -> list[int]:
            await client.complete([{"role": "user", "content": str(n)}])
            return [n]

        run.stage("ask", range(3), ask, key=str)
        run.finish()
    assert re.search(r"LLM calls 3, tokens [\d,]+, \$0\.0000", buf.getvalue())


def test_failed_requests_are_ledgered_but_not_checkpointed_so_a_rerun_asks_again(tmp_path):
    """An outage must not poison the checkpoints (before: failures were read back as done forever)."""
    run_dir = tmp_path / "run"
    server_up = {"value": False}
    calls: list[int] = []

    def ask(n: int):
        calls.append(n)
        if n % 2 and not server_up["value"]:
            return Rejected(step="ask", reason="request_failed", detail="connection refused")
        return [n * 10]

    with Run(run_dir, name="t", requested=4, progress=False) as run:
        out = run.stage("ask", range(4), ask, key=str)
        summary = run.finish(produced=len(out))
    assert out == [0, 20] and summary.retryable_failures == 2 and summary.status == "short"
    assert summary.rejected_by_reason == {"request_failed": 2}
    assert [e["key"] for e in lines(run_dir / "stages" / "ask.jsonl")] == ["0", "2"]

    server_up["value"] = True
    calls.clear()
    with Run(run_dir, name="t", requested=4, progress=False) as run:
        out = run.stage("ask", range(4), ask, key=str)
        summary = run.finish(produced=len(out))
    assert calls == [1, 3] and out == [0, 10, 20, 30]
    assert summary.status == "complete" and summary.rejected == 0 and summary.retryable_failures == 0
