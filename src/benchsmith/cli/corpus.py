"""`benchsmith corpus ingest|stats`: read sources into a corpus folder and describe it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from benchsmith.cli.options import OutDir, info_console
from benchsmith.errors import InputError

corpus_app = typer.Typer(name="corpus", help="Ingest documents into a corpus folder and inspect it.", no_args_is_help=True)


def parse_field_map(pairs: list[str]) -> dict[str, str]:
    """``["text=body", "doc_id=id"]`` -> ``{"text": "body", "doc_id": "id"}``."""
    out: dict[str, str] = {}
    for pair in pairs:
        field, sep, key = pair.partition("=")
        if not sep or not field.strip() or not key.strip():
            raise InputError(f"--field expects FIELD=KEY (e.g. text=body), got {pair!r}")
        out[field.strip()] = key.strip()
    return out


@corpus_app.command("ingest")
def ingest(
    sources: list[Path] = typer.Argument(..., help="Files or folders to read."),
    out: Path = OutDir,
    format: str = typer.Option("auto", "--format", "-f", help="auto, jsonl, json, beir, multihop-rag, mtrag, reuters-sgml or text."),
    field: list[str] = typer.Option([], "--field", help="Map a document field to a record key: --field text=body (repeatable)."),
    preset: str | None = typer.Option(None, "--preset", help="Chunking preset: default or mirage (330 WordPiece tokens, no overlap)."),
    chunk_tokens: int | None = typer.Option(None, "--chunk-tokens", help="Token budget per chunk (default 256)."),
    overlap: int | None = typer.Option(None, "--overlap", help="Overlap between chunks in tokens, whole sentences (default 32)."),
    tokenizer: str | None = typer.Option(None, "--tokenizer", help="whitespace or wordpiece (default whitespace)."),
    min_words: int = typer.Option(1, "--min-words", help="Drop documents with fewer words than this."),
    id_whitespace: str = typer.Option(
        "reject", "--id-whitespace",
        help="A given doc_id with whitespace or control characters (TREC files cannot hold them): "
        "reject (an error naming file and line) or replace (each run becomes '_'; the original id goes to metadata.original_doc_id).",
    ),
    keep_template: bool = typer.Option(
        False, "--keep-template",
        help="Keep a website's template. By default, in a folder of 5 or more .html/.md/.txt pages, paragraphs that open "
        "or close at least half of the pages (menus, breadcrumbs, footers) are dropped, and a title part most pages share "
        "(' - Site Name') is trimmed and kept as the source.",
    ),
) -> None:
    """Read SOURCES, chunk them, and write documents.jsonl, chunks.jsonl and manifest.json to --out
    (the folder is replaced as a unit, and only when everything was written)."""
    from benchsmith import __version__
    from benchsmith.corpora.chunking import PRESETS, ChunkerSettings, chunk_documents
    from benchsmith.corpora.loading import ID_WHITESPACE_POLICIES, load_corpus
    from benchsmith.corpora.store import write_corpus_dir
    from benchsmith.outdir import check_target

    check_target(out, inputs=sources)  # before the slow part: an input inside --out would be deleted
    if id_whitespace not in ID_WHITESPACE_POLICIES:
        raise InputError(f"--id-whitespace must be one of {', '.join(ID_WHITESPACE_POLICIES)}, got {id_whitespace!r}")
    if preset is not None and preset not in PRESETS:
        raise InputError(f"unknown chunking preset {preset!r}; known: {', '.join(PRESETS)}")
    base = PRESETS[preset or "default"]
    settings = ChunkerSettings(
        max_tokens=chunk_tokens if chunk_tokens is not None else base.max_tokens,
        overlap=overlap if overlap is not None else base.overlap,
        tokenizer=tokenizer or base.tokenizer,
    )
    field_map = parse_field_map(field)
    loaded = load_corpus(sources, format=format, field_map=field_map or None, min_words=min_words, id_whitespace=id_whitespace,
                         keep_template=keep_template)
    docs = loaded.documents
    chunks = chunk_documents(docs, max_tokens=settings.max_tokens, overlap=settings.overlap, tokenizer=settings.tokenizer)
    manifest = {
        "kind": "corpus_manifest",
        "benchsmith_version": __version__,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "counts": {
            "documents": len(docs),
            "chunks": len(chunks),
            "tokens": sum(c.n_tokens for c in chunks),
            "duplicates_dropped": loaded.duplicates_dropped,
            "short_dropped": loaded.short_dropped,
            "ids_rewritten": loaded.ids_rewritten,
            "template_lines_dropped": loaded.template_lines_dropped,
        },
        # content_sha256 / chunks_sha256 are added by write_corpus_dir from the bytes it writes
        "loader": {"format": format, "field_map": field_map, "min_words": min_words,
                   "id_whitespace": id_whitespace, "keep_template": keep_template, "inputs": loaded.summary()["sources"]},
        "chunker": {**settings.as_dict(), "preset": preset, "chunk_id": "{doc_id}#{index}"},
    }
    manifest = write_corpus_dir(out, docs, chunks, manifest, inputs=sources)
    dropped = f", {loaded.template_lines_dropped} site-template lines dropped" if loaded.template_lines_dropped else ""
    info_console().print(
        f"ingested {len(docs)} documents into {len(chunks)} chunks "
        f"({manifest['counts']['tokens']} {settings.tokenizer} tokens{dropped}) -> {out}",
        highlight=False,
        markup=False,
    )


@corpus_app.command("stats")
def stats(
    corpus_dir: Path = typer.Argument(..., help="A folder written by `benchsmith corpus ingest`."),
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables."),
) -> None:
    """Print counts, length distributions, date range and sources of an ingested corpus."""
    from benchsmith.corpora.stats import corpus_stats
    from benchsmith.corpora.store import load_corpus_dir

    s = corpus_stats(load_corpus_dir(corpus_dir))
    if as_json:
        typer.echo(json.dumps(s, indent=2, ensure_ascii=False))
        return
    render_stats(s, title=str(corpus_dir))


def render_stats(s: dict, *, title: str, console: Console | None = None) -> None:
    """Rich tables for the output of `corpus_stats`."""
    console = console or Console()
    overview = Table(title=f"corpus {escape(title)}", show_header=False)
    overview.add_column("", style="bold")
    overview.add_column("", justify="right")
    overview.add_row("documents", f"{s['documents']:,}")
    overview.add_row("chunks", f"{s['chunks']:,}")
    overview.add_row("words", f"{s['words']:,}")
    overview.add_row(f"chunk tokens ({s['tokenizer'] or '?'}, overlap included)", f"{s['tokens']:,}")
    dr = s["date_range"]
    overview.add_row("dated documents", f"{s['dated_documents']:,}")
    overview.add_row("date range", f"{dr['first'][:10]} .. {dr['last'][:10]}" if dr else "-")
    console.print(overview)

    lengths = Table(title="lengths")
    lengths.add_column("")
    for col in ("min", "p50", "p90", "max"):
        lengths.add_column(col, justify="right")
    for label, key in (("words per document", "words_per_document"), ("tokens per chunk", "tokens_per_chunk"), ("chunks per document", "chunks_per_document")):
        d = s[key]
        lengths.add_row(label, *(str(d[c]) for c in ("min", "p50", "p90", "max")))
    console.print(lengths)

    sources = Table(title="documents per source")
    sources.add_column("source")
    sources.add_column("documents", justify="right")
    for name, n in s["sources"].items():
        sources.add_row(escape(name), f"{n:,}")
    console.print(sources)


def register(app: typer.Typer) -> None:
    app.add_typer(corpus_app)
