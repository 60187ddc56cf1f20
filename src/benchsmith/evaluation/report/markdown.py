"""report.md: the results document as Markdown tables."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from benchsmith.evaluation.report.tables import aggregate_table, breakdown_tables, counts_table, extra_tables

_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")


def escape_text(text: Any) -> str:
    """Text from benchmarks and runs is data: Markdown renderers pass raw HTML through, so no tag may open.

    Only a `<` that could start a tag, comment or declaration is escaped, so ids such as
    mtRAG's `conv<::>3` stay readable in the Markdown source.
    """
    return _TAG_START.sub("&lt;", str(text))


def _escape(cell: str) -> str:
    return escape_text(cell).replace("|", "\\|").replace("\n", " ")


def _code(value: Any) -> str:
    """An inline code span that no backtick inside the value can end early."""
    text = str(value).replace("\n", " ")
    longest = max((len(m) for m in re.findall("`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(_escape(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_escape(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def render_markdown(doc: Mapping[str, Any]) -> str:
    """Render a completed results document (see `results.py`)."""
    bench = doc["benchmark"]
    parts = [f"# {escape_text(doc.get('title', 'benchsmith evaluation'))}", ""]
    parts.append(
        f"Benchmark **{escape_text(bench.get('name'))}** ({escape_text(bench.get('source_format', '?'))}, "
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
        parts += [f"## {escape_text(title)}", "", markdown_table(header, rows), ""]
    for system in systems:
        tables = breakdown_tables(system)
        if not tables:
            continue
        parts += [f"## Breakdowns: {escape_text(system['name'])}", ""]
        for field, header, rows in tables:
            parts += [f"### by {escape_text(field)}", "", markdown_table(header, rows), ""]
    if doc.get("settings"):
        parts += ["## Settings", ""]
        parts += [f"- {_code(k)}: {_code(v)}" for k, v in doc["settings"].items()]
        parts.append("")
    for note in doc.get("notes") or []:
        parts.append(f"> {escape_text(note)}")
    if doc.get("notes"):
        parts.append("")
    return "\n".join(parts)
