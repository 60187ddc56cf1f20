"""report.html: one self-contained page (inline CSS and SVG, no external assets)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jinja2

from benchsmith.evaluation.report.plots import breakdown_bar_chart, score_histogram
from benchsmith.evaluation.report.tables import aggregate_table, all_metrics, breakdown_tables, counts_table, extra_tables

_MAX_HISTOGRAMS = 6  # plots are for the headline metrics; the tables hold them all

_TEMPLATE = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined).from_string(
    """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{ title }}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}
.plots{display:flex;flex-wrap:wrap;gap:1em}.plots figure{margin:0}.meta{color:#555;font-size:.9em}
svg{max-width:100%;height:auto}
</style></head><body>
<h1>{{ title }}</h1>
<p class="meta">Benchmark <b>{{ bench.name }}</b> ({{ bench.source_format }}, {{ bench.n_queries }} queries) <code>{{ bench.hash }}</code><br>
Created {{ created_at }}; {{ versions }}</p>
{% for t in tables %}<h2>{{ t.title }}</h2>
<table><tr>{% for h in t.header %}<th>{{ h }}</th>{% endfor %}</tr>
{% for row in t.rows %}<tr>{% for c in row %}<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}</table>
{% endfor %}
{% for s in breakdowns %}<h2>Breakdowns: {{ s.name }}</h2>
{% for t in s.tables %}<h3>by {{ t.field }}</h3>
<table><tr>{% for h in t.header %}<th>{{ h }}</th>{% endfor %}</tr>
{% for row in t.rows %}<tr>{% for c in row %}<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}</table>
{% if t.plot %}<figure>{{ t.plot | safe }}</figure>{% endif %}
{% endfor %}{% endfor %}
{% if histograms %}<h2>Score distributions</h2><div class="plots">
{% for h in histograms %}<figure>{{ h | safe }}</figure>{% endfor %}</div>{% endif %}
{% if settings %}<h2>Settings</h2><table>{% for k, v in settings.items() %}<tr><td>{{ k }}</td><td>{{ v }}</td></tr>{% endfor %}</table>{% endif %}
{% for n in notes %}<p class="meta">{{ n }}</p>{% endfor %}
</body></html>
"""
)


def _table(title: str, header, rows) -> dict[str, Any]:
    return {"title": title, "header": header, "rows": rows}


def render_html(doc: Mapping[str, Any]) -> str:
    """Render a completed results document (see `results.py`) as one HTML page."""
    systems = doc["systems"]
    tables = [_table("Results (mean [95% bootstrap CI])", *aggregate_table(systems))]
    header, rows = counts_table(systems)
    if len(header) > 1:
        tables.append(_table("Counts", header, rows))
    tables += [_table(title, header, rows) for title, header, rows in extra_tables(doc)]

    breakdowns = []
    for system in systems:
        items = []
        for field, header, rows in breakdown_tables(system):
            plot = breakdown_bar_chart(f"{system['name']} by {field}", system["breakdowns"][field])
            items.append({"field": field, "header": header, "rows": rows, "plot": plot})
        if items:
            breakdowns.append({"name": system["name"], "tables": items})

    histograms = []
    for metric in all_metrics(systems)[:_MAX_HISTOGRAMS]:
        per_system = {
            s["name"]: [scores.get(metric) for scores in s.get("per_item", {}).values() if isinstance(scores.get(metric), (int, float))]
            for s in systems
        }
        svg = score_histogram(metric, per_system)
        if svg:
            histograms.append(svg)

    return _TEMPLATE.render(
        title=doc.get("title", "benchsmith evaluation"),
        bench=_BenchView(doc["benchmark"]),
        created_at=doc.get("created_at", ""),
        versions=", ".join(f"{k} {v}" for k, v in doc.get("versions", {}).items()),
        tables=tables,
        breakdowns=breakdowns,
        histograms=histograms,
        settings={k: str(v) for k, v in (doc.get("settings") or {}).items()},
        notes=list(doc.get("notes") or []),
    )


class _BenchView:
    def __init__(self, bench: Mapping[str, Any]) -> None:
        self.name = bench.get("name", "?")
        self.source_format = bench.get("source_format", "?")
        self.n_queries = bench.get("n_queries", "?")
        self.hash = bench.get("hash", "")
