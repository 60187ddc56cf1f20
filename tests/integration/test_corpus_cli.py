"""`benchsmith corpus ingest|stats` end to end on the bundled example corpus and on real shared corpora."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.data import example_corpus

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = example_corpus().parent


def run_cli(args: list[str]) -> int:
    try:
        main([str(a) for a in args])
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def check_corpus_dir(out: Path, max_tokens: int) -> dict:
    corpus = load_corpus_dir(out)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["documents"] == len(corpus.documents) > 0
    assert manifest["counts"]["chunks"] == len(corpus.chunks) > 0
    assert manifest["counts"]["tokens"] == sum(c.n_tokens for c in corpus.chunks)
    assert len(manifest["content_sha256"]) == 64 and manifest["benchsmith_version"] and manifest["created_at"]
    docs = corpus.documents_by_id
    for c in corpus.chunks:
        assert c.text == docs[c.doc_id].text[c.span.start : c.span.end]
        assert 0 < c.n_tokens <= max_tokens
    assert set(corpus.chunks_by_doc) == {d.doc_id for d in corpus.documents if d.text.strip()}
    return manifest


def example(name: str) -> Path:
    path = EXAMPLES / name
    if not path.exists():
        pytest.skip(f"example corpus {path} is not in this checkout yet")
    return path


def test_ingest_and_stats_example_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = example("harbor_city_news")
    out = tmp_path / "hcn"
    assert run_cli(["corpus", "ingest", src, "--out", out, "--chunk-tokens", "128", "--overlap", "16"]) == 0
    manifest = check_corpus_dir(out, 128)
    assert manifest["chunker"]["max_tokens"] == 128 and manifest["chunker"]["overlap"] == 16
    assert manifest["loader"]["inputs"][0]["format"] == "jsonl"
    capsys.readouterr()

    assert run_cli(["corpus", "stats", out, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["documents"] == manifest["counts"]["documents"]
    assert stats["chunks"] == manifest["counts"]["chunks"]
    assert stats["date_range"] is not None and stats["date_range"]["first"] <= stats["date_range"]["last"]
    assert sum(stats["sources"].values()) == stats["documents"] and len(stats["sources"]) >= 3
    assert stats["tokens_per_chunk"]["max"] <= 128

    assert run_cli(["corpus", "stats", out]) == 0
    table = capsys.readouterr().out
    assert "documents per source" in table and "tokens per chunk" in table


def test_reingest_gives_identical_ids_and_hash(tmp_path: Path) -> None:
    src = example("harbor_city_news_txt")
    a, b = tmp_path / "a", tmp_path / "b"
    assert run_cli(["corpus", "ingest", src, "--out", a]) == 0
    assert run_cli(["corpus", "ingest", src, "--out", b]) == 0
    ma, mb = (json.loads((d / "manifest.json").read_text()) for d in (a, b))
    assert ma["content_sha256"] == mb["content_sha256"] and ma["chunks_sha256"] == mb["chunks_sha256"]
    assert (a / "chunks.jsonl").read_bytes() == (b / "chunks.jsonl").read_bytes()
    assert ma["loader"]["inputs"][0]["format"] == "text"
    check_corpus_dir(a, 256)


def test_bad_input_leaves_previous_output_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text('{"doc_id": "a", "text": "First document. It has two sentences."}\n', encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"doc_id": "b", "text": "fine"}\n{"doc_id": "c", "text": "oops"\n', encoding="utf-8")
    out = tmp_path / "out"
    assert run_cli(["corpus", "ingest", good, "--out", out]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    capsys.readouterr()

    assert run_cli(["corpus", "ingest", bad, "--out", out]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2" in err and "invalid JSON" in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl", "good.jsonl", "out"]  # no temp folders left

    # a failure after loading (bad chunk settings) must not touch the output either
    assert run_cli(["corpus", "ingest", good, "--out", out, "--chunk-tokens", "8", "--overlap", "8"]) == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_field_mapping_and_min_words_from_the_cli(tmp_path: Path) -> None:
    src = tmp_path / "articles.jsonl"
    src.write_text(
        '{"id": "n1", "headline": "H1", "body": "Some words in a body.", "when": "2024-02-01"}\n'
        '{"id": "n2", "headline": "H2", "body": "Short", "when": 1706745600}\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    args = ["corpus", "ingest", src, "--out", out, "--field", "text=body", "--field", "doc_id=id", "--field", "title=headline",
            "--field", "published_at=when", "--min-words", "2"]
    assert run_cli(args) == 0
    corpus = load_corpus_dir(out)
    assert [(d.doc_id, d.title) for d in corpus.documents] == [("n1", "H1")]
    assert corpus.manifest["counts"]["short_dropped"] == 1
    assert corpus.manifest["loader"]["field_map"] == {"text": "body", "doc_id": "id", "title": "headline", "published_at": "when"}
    assert run_cli(["corpus", "ingest", src, "--out", tmp_path / "x", "--field", "textbody"]) == 2


def test_wikipedia_paintings_with_mirage_preset(tmp_path: Path, shared_data: Path) -> None:
    try:
        from benchsmith.corpora.tokenizers import get_tokenizer

        get_tokenizer("wordpiece")
    except Exception as exc:
        pytest.skip(f"WordPiece vocab unavailable: {exc}")
    src = shared_data / "corpora" / "wikipedia_landscape_paintings"
    out = tmp_path / "wiki"
    assert run_cli(["corpus", "ingest", src, "--out", out, "--preset", "mirage"]) == 0
    manifest = check_corpus_dir(out, 330)
    assert manifest["counts"]["documents"] == 88
    assert manifest["chunker"]["tokenizer"] == "wordpiece" and manifest["chunker"]["overlap"] == 0
    assert manifest["counts"]["chunks"] > 88  # long articles are split


def test_brackets_in_paths_and_sources_are_printed_literally(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "docs.jsonl"
    src.write_text(json.dumps({"text": "One sentence here.", "source": "[/Reuters]"}) + "\n", encoding="utf-8")
    out = tmp_path / "[draft]"
    assert run_cli(["corpus", "ingest", src, "--out", out]) == 0
    assert "[draft]" in capsys.readouterr().err
    assert run_cli(["corpus", "stats", out]) == 0
    printed = capsys.readouterr().out
    assert "[/Reuters]" in printed
