"""One self-contained HTML page (inline CSS and SVG, no script, no external asset) and its Markdown twin."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape

from benchsmith.reports import svg
from benchsmith.reports.describe import Chart, Section

STYLE = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 20px;color:#1d2329;line-height:1.45}
h1{font-size:1.6em;margin-bottom:4px} h2{border-bottom:1px solid #d6dde4;padding-bottom:4px;margin-top:32px}
.meta{color:#5b6773;font-size:.9em} .lead{background:#f3f6f9;border-left:4px solid #3b6ea8;padding:10px 14px}
table{border-collapse:collapse;margin:8px 0 14px} td,th{border:1px solid #d6dde4;padding:4px 10px;text-align:left;vertical-align:top}
th{background:#f3f6f9} td.num{text-align:right;font-variant-numeric:tabular-nums}
.charts{display:flex;flex-wrap:wrap;gap:18px 28px} figure{margin:0;flex:1 1 440px;max-width:520px} figure svg{width:100%;height:auto}
figcaption{font-size:.92em;color:#333;margin-top:4px} figure h3{font-size:1em;margin:6px 0}
.item{border:1px solid #d6dde4;border-radius:4px;padding:8px 12px;margin:10px 0}
.item dt{font-weight:600;color:#44505c;font-size:.85em} .item dd{margin:0 0 6px 0;white-space:pre-wrap;word-break:break-word}
.flag-error{color:#a3221b;font-weight:600} .flag-warning{color:#8a5a00;font-weight:600}
.note{color:#5b6773;font-style:italic}
"""


def chart_svg(chart: Chart) -> str:
    if chart.style == "histogram":
        return svg.histogram(chart.title, chart.bars, x_label=chart.x_label)
    return svg.bar_chart(chart.title, chart.bars)


def facts_table(facts: Sequence[tuple[str, str]]) -> str:
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in facts)
    return f"<table>{rows}</table>" if rows else ""


def table(header: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[int] = ()) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td class='num'>{escape(str(v))}</td>" if k in numeric else f"<td>{escape(str(v))}</td>"
                                    for k, v in enumerate(r)) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def section_html(sec: Section) -> str:
    parts = [f"<section><h2>{escape(sec.title)}</h2>"]
    parts += [f"<p>{escape(s)}</p>" for s in sec.sentences]
    parts.append(facts_table(sec.facts))
    if sec.charts:
        parts.append("<div class='charts'>")
        for c in sec.charts:
            drawn = chart_svg(c) if c.bars else ""
            parts.append(f"<figure><h3>{escape(c.title)}</h3>{drawn}<figcaption>{escape(c.summary)}</figcaption></figure>")
        parts.append("</div>")
    parts.append("</section>")
    return "".join(parts)


def page(title: str, meta: str, lead: Sequence[str], body: Sequence[str]) -> str:
    lead_html = "".join(f"<p>{escape(s)}</p>" for s in lead)
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1><p class='meta'>{escape(meta)}</p>"
            + (f"<div class='lead'>{lead_html}</div>" if lead_html else "") + "".join(body) + "</body></html>\n")


def stamp() -> str:
    from benchsmith import __version__

    return f"written by benchsmith {__version__} on {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}"


# -- Markdown --------------------------------------------------------------------------------------
def md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")


def md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(md_escape(str(v)) for v in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def section_md(sec: Section) -> str:
    parts = [f"## {sec.title}\n"]
    parts += [f"{md_escape(s)}\n" for s in sec.sentences]
    if sec.facts:
        parts.append(md_table(("measure", "value"), sec.facts))
    for c in sec.charts:
        parts.append(f"**{c.title}.** {md_escape(c.summary)}\n")
        if c.bars:
            parts.append(md_table(("value", "count"), [(k, f"{v:g}") for k, v in c.bars]))
    return "\n".join(parts)
