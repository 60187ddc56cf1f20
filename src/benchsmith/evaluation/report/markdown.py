"""report.md: the results document as Markdown tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from benchsmith.evaluation.report.tables import aggregate_table, breakdown_tables, counts_table, extra_tables


def _escape(cell: str) -> str:
    return cell.replace("|", "\\|").replace("\n", " ")


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(_escape(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_escape(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def render_markdown(doc: Mapping[str, Any]) -> str:
    """Render a completed results document (see `results.py`)."""
    bench = doc["benchmark"]
    parts = [f"# {doc.get('title', 'benchsmith evaluation')}", ""]
    parts.append(
        f"Benchmark **{bench.get('name')}** ({bench.get('source_format', '?')}, "
        f"{bench.get('n_queries', '?')} queries), `{bench.get('hash', '')}`  "
    )
    versions = ", ".join(f"{k} {v}" for k, v in doc.get("versions", {}).items())
    parts += [f"Created {doc.get('created_at', '')}; {versions}.", ""]
    systems = doc["systems"]
    parts += ["## Results (mean [95% bootstrap CI])", "", markdown_table(*aggregate_table(systems)), ""]
    header, rows = counts_table(systems)
    if len(header) > 1:
        parts += ["## Counts", "", markdown_table(header, rows), ""]
    for title, header, rows in extra_tables(doc):
        parts += [f"## {title}", "", markdown_table(header, rows), ""]
    for system in systems:
        tables = breakdown_tables(system)
        if not tables:
            continue
        parts += [f"## Breakdowns: {system['name']}", ""]
        for field, header, rows in tables:
            parts += [f"### by {field}", "", markdown_table(header, rows), ""]
    if doc.get("settings"):
        parts += ["## Settings", ""]
        parts += [f"- `{k}`: `{v}`" for k, v in doc["settings"].items()]
        parts.append("")
    for note in doc.get("notes") or []:
        parts.append(f"> {note}")
    if doc.get("notes"):
        parts.append("")
    return "\n".join(parts)
