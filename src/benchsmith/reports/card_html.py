"""The data card: `build_card(bench) -> (html, markdown)`, and writing it beside a benchmark."""

from __future__ import annotations

from pathlib import Path

from benchsmith.fileio import write_text_atomic
from benchsmith.reports import card_stats
from benchsmith.reports.describe import Section
from benchsmith.reports.difficulty_view import difficulty
from benchsmith.reports.load import KIND_LABELS, LoadedBenchmark
from benchsmith.reports.page import md_escape, page, section_html, section_md, stamp
from benchsmith.validators.corpus_index import CorpusIndex


def card_sections(bench: LoadedBenchmark, *, index: CorpusIndex | None = None, embeddings: bool = True,
                  embeddings_reason: str = "") -> list[Section]:
    diff = difficulty(bench, index)
    return [card_stats.contents(bench), card_stats.examples(bench), card_stats.lengths(bench), card_stats.sources_and_dates(bench),
            card_stats.diversity(bench, embeddings=embeddings, embeddings_reason=embeddings_reason),
            card_stats.difficulty_section(bench, diff), card_stats.review(bench)]


def _lead(sections: list[Section]) -> list[str]:
    """The first sentence or chart summary of each section: the card in a paragraph."""
    out = []
    for sec in sections:
        if sec.title == "Examples":
            continue
        first = [sec.lead] if sec.lead else sec.sentences[:1] or [c.summary for c in sec.charts[:1]]
        out += [f"{sec.title}: {first[0]}"] if first else []
    return out


def build_card(bench: LoadedBenchmark, *, index: CorpusIndex | None = None, embeddings: bool = True,
               embeddings_reason: str = "") -> tuple[str, str]:
    """The card as one self-contained HTML page and as Markdown (same sentences and numbers, tables for plots)."""
    sections = card_sections(bench, index=index, embeddings=embeddings, embeddings_reason=embeddings_reason)
    title = f"Data card: {bench.name}"
    where = f"{KIND_LABELS.get(bench.kind, bench.kind)} read as {bench.source_format}"
    if bench.path is not None:
        where += f" from {bench.path}"
    meta = f"{where}; {stamp()}"
    html = page(title, meta, _lead(sections) + bench.notes, [section_html(s) for s in sections])
    md = "\n".join([f"# {title}\n", f"_{meta}_\n", *(f"- {md_escape(s)}" for s in _lead(sections) + bench.notes), "",
                    *(section_md(s) for s in sections)])
    return html, md


def write_card(bench: LoadedBenchmark, out: Path, **options) -> tuple[Path, Path]:
    """Write OUT (the HTML) and OUT with .md beside it, each atomically."""
    html, md = build_card(bench, **options)
    out.parent.mkdir(parents=True, exist_ok=True)
    md_path = out.with_suffix(".md")
    write_text_atomic(out, html)
    write_text_atomic(md_path, md)
    return out, md_path


GENERATION_EMBEDDINGS_NOTE = "not computed during generation, to keep runs fast; benchsmith card BENCH adds it"


def card_exports(items: list, *, name: str, corpus=None, index: CorpusIndex | None = None,
                 manifest: dict | None = None, review_dir: Path | None = None) -> dict[str, str]:
    """card.html and card.md for a generate run's folder, from the items in memory and the run's corpus index.

    `review_dir` is the folder's review/ (kept across re-runs): decisions on items that are still there count.
    """
    from benchsmith.reports.load import from_items

    bench = from_items(items, name=name, corpus=corpus, manifest=manifest, review_dir=review_dir)
    html, md = build_card(bench, index=index, embeddings=False, embeddings_reason=GENERATION_EMBEDDINGS_NOTE)
    return {"card.html": html, "card.md": md}
