"""Hand-written SVG charts: bars to scale, labels escaped, nothing drawn for no data."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from benchsmith.reports.svg import bar_chart, histogram

NS = "{http://www.w3.org/2000/svg}"


def _rect_widths(svg: str) -> list[float]:
    return [float(r.get("width")) for r in ET.fromstring(svg).iter(f"{NS}rect")]


def test_bars_are_to_scale_and_the_svg_parses():
    svg = bar_chart("types", [("a", 10), ("b", 5), ("c", 0)])
    widths = _rect_widths(svg)
    assert widths[0] == 2 * widths[1] and widths[2] == 0


def test_labels_are_escaped():
    svg = bar_chart("<t>", [("<script>alert(1)</script>", 1)])
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)  # still well-formed


def test_long_labels_are_cut_but_kept_in_a_tooltip():
    label = "x" * 60
    svg = bar_chart("t", [(label, 1)])
    assert f"<title>{label}</title>" in svg and re.search(r">x{27}…<", svg)


def test_histogram_columns_follow_the_values():
    svg = histogram("lengths", [("1", 1), ("2", 4), ("3", 0)], x_label="words")
    root = ET.fromstring(svg)
    heights = [float(r.get("height")) for r in root.iter(f"{NS}rect")]
    assert heights[1] == 4 * heights[0] and heights[2] == 0
    assert "words" in svg


def test_no_data_draws_nothing():
    assert bar_chart("t", []) == "" and histogram("t", []) == ""
