"""Quantities of a page: durations, data sizes, lengths, percentages and counts, each kept only where the page
names what it measures (a measure phrase, a table row and column, a count's holder) and gives it one value."""

from __future__ import annotations

import re

from benchsmith.generators.core.figures.builder import UNITS, Builder, unit_factor
from benchsmith.generators.core.figures.counts import counts, row_count
from benchsmith.generators.core.figures.measure import measure_phrase

QUANTITY = re.compile(r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)([ \u00a0-]?)(%|[A-Za-z]+)(?![A-Za-z])")
_CODE_LINE = re.compile(r"^\s*(#|//|\$|<|\{|\}|import |def |puts |print|var |const |aws |[\w.]+\s*=)")
# Lines whose figures are no statement of the article's own: headings, FAQ titles, worked examples, hypotheticals.
_NOT_A_STATEMENT = re.compile(
    r"^(?:#|\*\*)|\?\**\s*$|\b(?:for example|for instance|e\.g\.|suppose|such as|example|if you (?:specify|set|choose))\b",
    re.IGNORECASE)


def _range_bound(line: str, start: int, end: int) -> bool:
    """A value that opens or closes a range: "from 1 to 4 bytes", "between 5 MB and 5 GB", "5-10 days"."""
    before, after = line[max(0, start - 30):start].lower(), line[end:end + 25].lower()
    return bool(re.search(r"\b(?:from|between)\s+$", before) or re.search(r"\b(?:to|and|through)\s+$|[–-]\s*$", before)
                and re.search(r"\b(?:from|between)\b", before)
                or re.match(r"\s*(?:to|and|through|[–-])\s*\d", after))



def _code_regions(text: str) -> list[tuple[int, int]]:
    fences = [m.start() for m in re.finditer(r"^```", text, re.MULTILINE)]
    return [(fences[i], fences[i + 1]) for i in range(0, len(fences) - 1, 2)]


def _lines(text: str, start: int, end: int):
    """Sentence pieces cut at line breaks, so a table row or list line is a unit of its own."""
    pos = start
    for line in text[start:end].split("\n"):
        a, b = pos, pos + len(line)
        pos = b + 1
        stripped = line.strip()
        if stripped:
            lead = len(line) - len(line.lstrip())
            yield a + lead, a + lead + len(stripped)



def _table_cells(line: str, offset: int):
    pos = 1
    for cell in line.strip("|").split("|"):
        start = offset + pos + (len(cell) - len(cell.lstrip()))
        yield cell.strip(), start
        pos += len(cell) + 1


def _plain(cell: str) -> str:
    return re.sub(r"[*`\[\]]|\(#\w+\)", "", cell).strip()


def _table_row(b: Builder, cells: list[tuple[str, int]], header: list[str], s: int, e: int) -> None:
    """Values of one table row, each named by its row (first cell) and its column (header cell)."""
    row = _plain(cells[0][0]) if cells else ""
    if not re.search(r"[A-Za-z]", row) or len(row) > 60 or "<" in row:
        return
    counted = row_count(row)
    for j, (cell, start) in enumerate(cells[1:], start=1):
        column = header[j] if j < len(header) else ""
        bare = re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", cell)
        if counted and bare and j == 1:  # "| Maximum number of parts per upload | 10,000 |": a count, named by its row
            b.add("quantity", "count", float(cell.replace(",", "")), counted[0], s, e, start, start + len(cell),
                  label=counted[1], from_table=True)
            continue
        m = re.fullmatch(r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \u00a0]?(%|[A-Za-z]+)", cell)
        if not m or m.group(2).lower() not in UNITS or not re.search(r"[A-Za-z]", column) or len(column) > 60:
            continue
        dim = UNITS[m.group(2).lower()][0]
        b.add("quantity", dim, float(m.group(1).replace(",", "")), m.group(2), s, e, start, start + len(cell),
              label=f"{column}|{row}", from_table=True)


def _count_only(by_dim: dict[str, list[tuple]], line: str) -> None:
    """Values that may not be cited (table cells, code) but still count against a page's single value."""
    for m in QUANTITY.finditer(line):
        unit = m.group(3)
        if unit.lower() in UNITS and unit != "in":
            by_dim.setdefault(UNITS[unit.lower()][0], []).append(
                (float(m.group(1).replace(",", "")), unit, 0, 0, 0, 0, False, None))


def read_quantities(b: Builder, pieces: list[tuple[int, int]]) -> None:
    text = b.doc.text
    by_dim: dict[str, list[tuple]] = {}
    code = _code_regions(text)
    header: list[str] = []
    previous_table_end = -1
    for s, e in pieces:
        if any(a <= s < z for a, z in code):
            continue
        line = text[s:e]
        if line.startswith("|"):
            cells = list(_table_cells(line, s))
            continuing = previous_table_end >= 0 and not text[previous_table_end:s].strip()
            previous_table_end = e
            if not continuing:
                header = [_plain(c) for c, _ in cells]  # a table's first row names its columns
                continue
            if re.fullmatch(r"[|:\-\s]+", line):
                continue
            _table_row(b, cells, header, s, e)
            _count_only(by_dim, line)  # a table's values make a page's prose figure ambiguous too
            continue
        previous_table_end = -1
        if _CODE_LINE.match(line) or len(line) < 25:
            _count_only(by_dim, line)
            continue
        citable = not _NOT_A_STATEMENT.search(line)
        for value, noun, label, vs, ve in counts(line, b.doc.title) if citable else ():
            by_dim.setdefault("count", []).append((value, noun, s, e, s + vs, s + ve, True, label))
        for m in QUANTITY.finditer(line):
            unit = m.group(3)
            if unit.lower() not in UNITS or unit == "in":
                continue
            if _range_bound(line, m.start(), m.end()):
                citable = False  # "from 1 to 4 bytes": a bound of a range is no single figure to compute with
            if re.search(r"(?:[×x]|\bby)\s*$", line[: m.start()]) or re.match(r"\s*(?:[×x]|by\b)", line[m.end():]):
                continue  # one side of "W × H": the question could not say which
            dim = UNITS[unit.lower()][0]
            if m.group(2) == "-":
                unit = unit + "s" if unit.lower() + "s" in UNITS else unit  # "a 30-day period" counts as 30 days
            unit = unit if unit.upper() in ("KB", "MB", "GB", "TB") or unit == "%" else unit.lower()
            phrase = measure_phrase(line, m.start(), dim, m.end()) if citable else None
            by_dim.setdefault(dim, []).append((float(m.group(1).replace(",", "")), unit, s, e, s + m.start(), s + m.end(),
                                               phrase is not None, phrase))
    for dim, found in by_dim.items():
        phrased = [f for f in found if f[6]]
        if len({round(v * unit_factor(u), 6) for v, u, *_ in found}) == 1:
            phrased = phrased[:1]  # one figure repeated: cite it once
        # A figure is asked about by its measure phrase, so a page may give several measures of one kind;
        # a phrase given two different values is ambiguous and names neither.
        values_of: dict[str, set] = {}
        for v, u, *_, phrase in phrased:
            values_of.setdefault(phrase.lower(), set()).add(round(v * unit_factor(u), 6))
        cited: set[str] = set()
        for v, u, s, e, vs, ve, _, phrase in phrased:
            if len(values_of[phrase.lower()]) == 1 and phrase.lower() not in cited:
                cited.add(phrase.lower())
                b.add("quantity", dim, v, u, s, e, vs, ve, label=phrase)



def page_pieces(text: str, sentences: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentence pieces, except that a table row is one piece however many sentences its cells hold
    ("| Part size | 5 MB to 5 GB. There is no size limit ... |" would otherwise end the table mid-row)."""
    rows = [(m.start(), m.end()) for m in re.finditer(r"^[ \t]*\|.*$", text, re.MULTILINE)]
    rows = [(a + len(text[a:z]) - len(text[a:z].lstrip()), a + len(text[a:z].rstrip())) for a, z in rows]

    def in_row(a: int, z: int) -> bool:
        return any(ra <= a < rz or ra < z <= rz for ra, rz in rows)

    prose = [p for s, e in sentences for p in _lines(text, s, e) if not in_row(*p)]
    return sorted(prose + [r for r in rows if r[1] > r[0]])
