"""`benchsmith generate mirage`: a MIRAGE-style benchmark from your QA pairs and a corpus."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from benchsmith.cli import _generate_common as common
from benchsmith.cli._groups import generate_app

if TYPE_CHECKING:
    from benchsmith.generators.core.runner import GenerateOptions

MIRAGE_CORPUS_DIR = "corpus-mirage"


def ingest_for_mirage(raw: Path, work_dir: Path) -> Path:
    """A raw corpus file/folder ingested with the mirage chunking preset into the run folder (reused while unchanged)."""
    from benchsmith.corpora.chunking import PRESETS, chunk_documents
    from benchsmith.corpora.loading import load_documents
    from benchsmith.corpora.store import MANIFEST_FILE, write_corpus_dir
    from benchsmith.fileio import read_json

    target = work_dir / MIRAGE_CORPUS_DIR
    stamp = {"path": str(raw.resolve()), "mtime_ns": raw.stat().st_mtime_ns}
    if (target / MANIFEST_FILE).is_file() and read_json(target / MANIFEST_FILE).get("ingested_from") == stamp:
        return target
    docs = load_documents([raw])
    chunks = chunk_documents(docs, preset="mirage")
    manifest = {"kind": "corpus_manifest", "ingested_from": stamp,
                "counts": {"documents": len(docs), "chunks": len(chunks)},
                "chunker": {**PRESETS["mirage"].as_dict(), "preset": "mirage", "chunk_id": "{doc_id}#{index}"}}
    work_dir.mkdir(parents=True, exist_ok=True)
    write_corpus_dir(target, docs, chunks, manifest)
    return target


@generate_app.command("mirage")
@common.generate_command()
def generate_mirage_cmd(
    opts: GenerateOptions,
    dry_run: bool,
    qa: Path = typer.Option(..., "--qa", help="QA pairs: JSONL, CSV, MIRAGE dataset.json, TriviaQA JSON, NQ JSONL or a benchsmith benchmark folder."),
    qa_format: str = typer.Option("auto", "--qa-format", help="auto, jsonl, csv, mirage, triviaqa, nq or benchsmith."),
    field: list[str] = typer.Option([], "--field", help="TARGET=SOURCE field of the QA file (question, answer, title, url, doc_id, id, source); repeatable."),
    pool_k: int = typer.Option(5, "--pool-k", help="Candidate chunks per query (the paper: 5)."),
    fill_pool: bool = typer.Option(True, "--fill-pool/--no-fill-pool", help="Top up short documents with chunks of other documents the search ranks."),
    search_fallback: bool = typer.Option(False, "--search-fallback", help="Map queries whose reference title is missing by content search instead of dropping them."),
    keep_easy: bool = typer.Option(False, "--keep-easy", help="Keep (and flag) queries the model answers without context."),
    min_coverage: float = typer.Option(0.5, "--min-coverage", help="Share of question terms a chunk needs for the heuristic label."),
    double_judge: float = typer.Option(0.2, "--double-judge", help="Share of (query, chunk) pairs judged twice to estimate label noise."),
) -> None:
    """Map QA pairs to documents, chunk them to 330 WordPiece tokens, label every candidate chunk, write MIRAGE's files."""
    from benchsmith.generators.core.runner import is_corpus_dir
    from benchsmith.generators.core.writer import RUN_DIR_NAME
    from benchsmith.generators.mirage import GENERATOR, MirageConfig
    from benchsmith.generators.mirage.qa_inputs import parse_field_mapping

    cfg = MirageConfig(qa=str(qa), qa_format=qa_format, fields=parse_field_mapping(field), pool_k=pool_k,
                       fill_pool=fill_pool, search_fallback=search_fallback, keep_easy=keep_easy,
                       min_coverage=min_coverage, double_judge=double_judge)
    if opts.corpus.exists() and not is_corpus_dir(opts.corpus):
        opts = replace(opts, corpus=ingest_for_mirage(opts.corpus, opts.work_dir or opts.out / RUN_DIR_NAME))
    common.run_and_report(GENERATOR, opts, cfg, dry_run=dry_run)
