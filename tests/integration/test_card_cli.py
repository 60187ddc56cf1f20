"""`benchsmith card` and `benchsmith validate --report` end to end: a generated benchmark, the papers' samples,
bad input, and the card drawn by a real browser where one is installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.marker import check_complete

EXAMPLE = example_corpus() / "corpus.jsonl"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
PAPERS = {
    "multihop-rag": SHARED / "multihop-rag" / "MultiHopRAG_sample50.json",
    "mtrag": SHARED / "mtrag" / "conversations",
    "frames": SHARED / "frames" / "frames_subset_first100.jsonl",
    "mirage": SHARED / "mirage" / "mirage_queries_sample100.json",
}


def _cli(*args) -> int:
    try:
        main([str(a) for a in args])
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.fixture(scope="module")
def bench(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("card") / "bench"
    _cli("--quiet", "generate", "multihop", "--corpus", EXAMPLE, "--n", "12", "--out", out)
    assert (out / "items.jsonl").is_file()
    return out


def test_every_generate_run_writes_its_card_inside_the_complete_folder(bench):
    html = (bench / "card.html").read_text(encoding="utf-8")
    marker = json.loads((bench / ".benchsmith-complete").read_text())
    assert {"card.html", "card.md"} <= set(marker["files"])
    check_complete(bench, verify_hashes=True)
    assert "Data card: bench" in html and "<svg" in html and "not computed during generation" in html
    n_items = sum(1 for _ in (bench / "items.jsonl").open())
    assert f"{n_items} items" in html
    assert "BM25 rank of the best-ranked gold document" in html


def test_card_command_writes_beside_the_benchmark_and_keeps_it_complete(bench, capsys):
    assert _cli("card", bench, "--no-embeddings") == 0
    card = bench / "reports" / "card.html"
    assert card.is_file() and (bench / "reports" / "card.md").is_file()
    assert "turned off" not in card.read_text() and "--no-embeddings" in card.read_text()
    check_complete(bench, verify_hashes=True)
    assert _cli("validate", bench) == 0


def test_validate_report_writes_html_and_markdown(bench, tmp_path, capsys):
    code = _cli("validate", bench, "--report", "--out", tmp_path / "rep")
    out = capsys.readouterr().out
    assert code == 0
    assert (tmp_path / "rep" / "report.html").is_file() and (tmp_path / "rep" / "report.md").is_file()
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "## Flags by code and severity" in md and "grounding.verbatim | run" in md
    assert "difficulty card" in out and "median longest copied span" in out


def test_report_on_an_unreadable_file_names_file_and_line(bench, tmp_path, capsys):
    lines = (bench / "items.jsonl").read_text().splitlines()
    broken = tmp_path / "items.jsonl"
    broken.write_text("\n".join([lines[0], lines[1][:40], *lines[2:]]) + "\n")
    with pytest.raises(SystemExit) as exc:
        main(["validate", str(broken), "--report", "--out", str(tmp_path / "r")])
    assert exc.value.code != 0
    assert f"{broken}:2" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_strict_report_fails_on_error_flags(bench, tmp_path):
    records = [json.loads(line) for line in (bench / "items.jsonl").read_text().splitlines()]
    answerable = next(r for r in records if r["evidence"])
    answerable["evidence"][0]["fact"] = answerable["evidence"][0]["fact"] + " (edited)"
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    args = ("validate", path, "--report", "--corpus", bench / "corpus" if (bench / "corpus").is_dir() else EXAMPLE,
            "--out", tmp_path / "r")
    assert _cli(*args) == 0
    assert _cli(*args, "--strict") == 1
    assert "evidence_not_verbatim" in (tmp_path / "r" / "report.md").read_text()


@pytest.mark.parametrize("fmt", sorted(PAPERS))
def test_card_and_report_for_the_papers_samples(fmt, tmp_path):
    path = PAPERS[fmt]
    if not path.exists():
        pytest.skip(f"{path} is absent (the papers' samples live in ../shared/data)")
    assert _cli("card", path, "--out", tmp_path / "card.html", "--no-embeddings") == 0
    html = (tmp_path / "card.html").read_text()
    assert f"read as {fmt}" in html and "<svg" in html
    assert _cli("validate", path, "--report", "--out", tmp_path / "rep") == 0
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "not run:" in md  # a paper's file lacks what some validators need, and the report says so


def test_card_renders_in_a_real_browser(bench, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium on PATH (Debian package `chromium`); the card's screenshot needs a real browser")
    shot = tmp_path / "card.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", f"--screenshot={shot}", "--window-size=1200,2400",
                        (bench / "card.html").resolve().as_uri()], capture_output=True, timeout=120, check=False)
    assert shot.is_file() and shot.stat().st_size > 20_000  # a blank page is a few kB
    keep = os.environ.get("BENCHSMITH_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / "card-generated.png")


def test_a_card_that_cannot_be_drawn_never_costs_the_benchmark(tmp_path, monkeypatch, capsys):
    import benchsmith.reports.card_html as card_html

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(card_html, "card_exports", broken)
    out = tmp_path / "bench"
    _cli("generate", "multihop", "--corpus", EXAMPLE, "--n", "4", "--out", out)
    assert (out / "items.jsonl").is_file() and not (out / "card.html").exists()
    check_complete(out, verify_hashes=True)
    assert "card.html not written (RuntimeError: drawing failed)" in capsys.readouterr().err
