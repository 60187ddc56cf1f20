"""Facts first: typed facts of one article, each a value inside a verbatim sentence (or table row) of it.

- year: the year a work was made, or a person born, read from the article's lead sentence;
- quantity: a duration, a data size, a length or a percentage, kept only where the article
  gives one value of that measure (or names it by a table row), so a question can point at it;
- count: a limit on how many of a named thing one holder takes ("up to 10 tags with an object"), see counts.py;
- name: a link target of the article that occurs in its text (list membership: "articles naming X").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from pydantic import BaseModel

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.core.step import HeuristicStep
from benchsmith.generators.frames.counts import counts, row_count
from benchsmith.generators.frames.measure import measure_phrase
from benchsmith.schemas.frames import FramesFact
from benchsmith.types import Chunk, Document, Span, content_id

# unit word (as written, lower case) -> (dimension, factor to the dimension's base unit)
UNITS = {
    "second": ("time", 1), "seconds": ("time", 1), "minute": ("time", 60), "minutes": ("time", 60),
    "hour": ("time", 3600), "hours": ("time", 3600), "day": ("time", 86400), "days": ("time", 86400),
    "week": ("time", 604800), "weeks": ("time", 604800),
    "byte": ("data", 1), "bytes": ("data", 1), "kb": ("data", 1024), "mb": ("data", 1024**2),
    "gb": ("data", 1024**3), "tb": ("data", 1024**4),
    "cm": ("length", 1), "mm": ("length", 0.1), "centimetres": ("length", 1), "centimeters": ("length", 1),
    "in": ("length", 2.54), "inches": ("length", 2.54), "metres": ("length", 100), "meters": ("length", 100),
    "%": ("percent", 1), "percent": ("percent", 1),
}


def unit_factor(unit: str) -> float:
    """A unit's factor to its dimension's base unit; a counted noun ("tags") is its own unit."""
    return UNITS[unit.lower()][1] if unit.lower() in UNITS else 1.0


_QUANTITY = re.compile(r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)([ \u00a0-]?)(%|[A-Za-z]+)(?![A-Za-z])")
_RANGE_PARENS = re.compile(r"\([^()]*[–-][^()]*\)")
_YEAR = re.compile(r"(?<![\d.,-])(1[0-9]{3}|20[0-9]{2})(?![\d,]|\.\d|s\b)")  # "the 1960s" is no year
_LIFESPAN = re.compile(r"\((?:[^()]*?\b)?(?:c\.\s*)?(1[0-9]{3}|20[0-9]{2})\s*[–-]\s*(?:c\.\s*)?(1[0-9]{3}|20[0-9]{2})\)")
# "a painting by X (1830–1902)", "the most famous work of X (1830–1860)"; a bare "of" is a name's own
# ("Marie of Brittany (1268–1339) was the daughter of ..."): her life, not a maker's.
_MAKER = re.compile(r"\b(?:by|(?:work|works|masterpiece|painting|paintings|canvas)\s+of)\s+(?:the\s+)?(?:[\w.'’-]+\s+){0,3}?(?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*\s*$")
# A person's article opens on their name and life: "John Francis Dillon (July 13, 1884 – April 4, 1934) was an
# American film director", "Marie of Brittany( 1268–1339) was the daughter of ...": the person's own birth year.
_OWN_LIFE = re.compile(r"\(\s*(?P<inside>[^()]*?)\)\s*(?:,[^,()]{0,80},\s*)?(?:was|is)\b")
# "X is a 1926 American silent western film": a dated work that is not a painting.
_DATED_WORK = re.compile(r"\b(?:is|was)\s+an?\s+(1[0-9]{3}|20[0-9]{2})\s+(?:[\w'’-]+\s+){0,5}?"
                         r"(?:film|movie|documentary|novel|album|opera|play|video game)\b")
_ABOUT_THE_WORK = re.compile(r"(?:It|This|The (?:painting|work|picture|canvas|watercolou?r))\b")
_UNCERTAIN = re.compile(r"\b(?:between|circa|c\.|ca\.|about|around|likely|probably|possibly|perhaps)\s+(?:\w+\s+){0,2}$",
                        re.IGNORECASE)
_MADE = re.compile(r"\b(paint(?:ing|ed)|canvas|watercolou?r|drawing|work|created|completed|fresco|etching|print|sculpture)\b", re.IGNORECASE)
_CHANGEABLE = re.compile(r"\b(currently|now|today|at present|as of|maximum|minimum|up to|limit|default|at least|no more than)\b", re.IGNORECASE)
# A linked name stated as a present holder, place or record ("is currently on display at", "the incumbent",
# "holds the record") can change; "was painted in" cannot.
_CHANGEABLE_NAME = re.compile(
    r"\b(currently|now|today|at present|as of|is (?:held|housed|owned|kept|displayed|exhibited|on (?:display|loan|view)|"
    r"(?:now )?in the (?:permanent )?collection)|hangs|incumbent|(?:holds|held) the record|record)\b", re.IGNORECASE)
_CODE_LINE = re.compile(r"^\s*(#|//|\$|<|\{|\}|import |def |puts |print|var |const |aws |[\w.]+\s*=)")
LEAD_SENTENCES = 2
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


class DocFacts(BaseModel):
    doc_id: str
    facts: list[FramesFact]


@dataclass(frozen=True)
class DocInput:
    document: Document
    chunks: tuple[Chunk, ...]


def _chunk_for(chunks: tuple[Chunk, ...], start: int, end: int, text: str) -> str | None:
    for c in chunks:
        if c.span.start <= start and end <= c.span.end and text in c.text:
            return c.chunk_id
    return None


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


def _changeable(kind: str, dimension: str, sentence: str) -> bool:
    if kind == "name":
        return bool(_CHANGEABLE_NAME.search(sentence))
    if dimension == "count":
        return True  # a count is read only from limit wording ("up to 10 tags"), and limits change
    return bool(_CHANGEABLE.search(sentence)) and dimension in ("time", "data", "percent")


class _Builder:
    def __init__(self, doc: Document, chunks: tuple[Chunk, ...]) -> None:
        self.doc, self.chunks, self.facts = doc, chunks, []

    def add(self, kind: str, dimension: str, value, unit: str, s: int, e: int, vs: int, ve: int,
            label: str = "", from_table: bool = False) -> bool:
        sentence = self.doc.text[s:e]
        chunk = _chunk_for(self.chunks, s, e, sentence)
        if chunk is None:
            return False
        fid = content_id(self.doc.doc_id, kind, dimension, str(vs), prefix="fact-")
        self.facts.append(FramesFact(
            fact_id=fid, doc_id=self.doc.doc_id, chunk_id=chunk, kind=kind, dimension=dimension, value=value, unit=unit,
            span=Span(start=s, end=e), text=sentence, value_span=Span(start=vs, end=ve),
            value_text=self.doc.text[vs:ve], label=label, from_table=from_table,
            changeable=_changeable(kind, dimension, sentence)))
        return True


def _own_birth(b: _Builder, sentences: list[tuple[int, int]]) -> bool:
    """The article's subject's own birth year, from a first sentence that opens on their name and life span."""
    if not sentences or not b.doc.title.split() or re.search(r"\([^()]*\d{4}[^()]*\)", b.doc.title):
        return False  # "Margaret of York (1472)": a namesake told apart only by the year the question asks for
    s, e = sentences[0]
    sentence = b.doc.text[s:e]
    m = _OWN_LIFE.search(sentence)
    first = b.doc.title.split()[0].lower()
    if (m is None or m.start() > 100 or not sentence.lower().startswith(first)
            or re.search(r"\b(?:is|was|are|were)\b", sentence[:m.start()])):
        return False
    inside = m.group("inside")
    year = _YEAR.search(inside)
    if (year is None or re.match(r"\s*(?:died|d\.)", inside)
            or re.search(r"\b(?:before|after|between|circa|c\.|ca\.|about|around)\s*$", inside[:year.start()], re.I)):
        return False  # "(died 1540)": no birth; "(circa 1702 – 1735)": no single year
    before, after = inside[:year.start()], inside[year.end():]
    if not (re.match(r"\s*[–-]", after) or re.search(r"\b(?:born|b\.)", before)):
        return False  # "(1848) is an oil on canvas": a work's own year, not a life
    start = s + m.start("inside") + year.start(1)
    return b.add("year", "year:person_born", int(year.group(1)), "", s, e, start, start + len(year.group(1)))


def _lead_year(b: _Builder, sentences: list[tuple[int, int]]) -> None:
    text = b.doc.text
    title = re.sub(r"\s*\([^()]*\)\s*$", "", b.doc.title).strip().lower()
    if _own_birth(b, sentences):
        return
    for s, e in sentences[:LEAD_SENTENCES]:
        sentence = text[s:e]
        life = _LIFESPAN.search(sentence)
        # the maker's life span: "a painting by Albert Bierstadt (1830–1902)", "the most famous work of W. Holmberg
        # (1830–1860)"; "Before Renoir, Claude Monet (1840–1926) painted ..." is another painter's
        if life and life.start() < 120 and _MAKER.search(sentence[:life.start()]):
            b.add("year", "year:born", int(life.group(1)), "", s, e, s + life.start(1), s + life.end(1))
            return
        if title not in sentence.lower() and not _ABOUT_THE_WORK.match(sentence):
            continue  # "Before Renoir, Claude Monet painted "Bazille and Camille" (1865)": another work's sentence
        work = _DATED_WORK.search(sentence)
        if work and title in sentence.lower():
            b.add("year", "year:made", int(work.group(1)), "", s, e, s + work.start(1), s + work.end(1))
            return
        if _MADE.search(sentence):
            # Years in "(1776–1837)" or "(–1812)" are a life span, not the year the work was made.
            masked = _RANGE_PARENS.sub(lambda r: " " * len(r.group(0)), sentence)
            m = _YEAR.search(masked)
            if m and (re.match(r"\s*(?:[–-]|and)\s*\d{2,4}\b", masked[m.end():])
                      or _UNCERTAIN.search(masked[max(0, m.start() - 40):m.start()])):
                return  # "painted in 1816–17", "between 1652 and 1654", "circa 1907": no single year to compute with
            if m:
                b.add("year", "year:made", int(m.group(1)), "", s, e, s + m.start(1), s + m.end(1))
                return


def _table_cells(line: str, offset: int):
    pos = 1
    for cell in line.strip("|").split("|"):
        start = offset + pos + (len(cell) - len(cell.lstrip()))
        yield cell.strip(), start
        pos += len(cell) + 1


def _plain(cell: str) -> str:
    return re.sub(r"[*`\[\]]|\(#\w+\)", "", cell).strip()


def _table_row(b: _Builder, cells: list[tuple[str, int]], header: list[str], s: int, e: int) -> None:
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
    for m in _QUANTITY.finditer(line):
        unit = m.group(3)
        if unit.lower() in UNITS and unit != "in":
            by_dim.setdefault(UNITS[unit.lower()][0], []).append(
                (float(m.group(1).replace(",", "")), unit, 0, 0, 0, 0, False, None))


def _quantities(b: _Builder, pieces: list[tuple[int, int]]) -> None:
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
        for m in _QUANTITY.finditer(line):
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


def _names(b: _Builder, sentences: list[tuple[int, int]]) -> None:
    text = b.doc.text
    seen = set()
    for target in b.doc.links:
        if target in seen or len(target) < 3 or target == b.doc.title:
            continue
        m = re.search(rf"(?<!\w){re.escape(target)}(?!\w)", text)
        if not m:
            continue
        seen.add(target)
        for s, e in sentences:
            if s <= m.start() and m.end() <= e:
                b.add("name", "name", target, "", s, e, m.start(), m.end())
                break


def _pieces(text: str, sentences: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentence pieces, except that a table row is one piece however many sentences its cells hold
    ("| Part size | 5 MB to 5 GB. There is no size limit ... |" would otherwise end the table mid-row)."""
    rows = [(m.start(), m.end()) for m in re.finditer(r"^[ \t]*\|.*$", text, re.MULTILINE)]
    rows = [(a + len(text[a:z]) - len(text[a:z].lstrip()), a + len(text[a:z].rstrip())) for a, z in rows]

    def in_row(a: int, z: int) -> bool:
        return any(ra <= a < rz or ra < z <= rz for ra, rz in rows)

    prose = [p for s, e in sentences for p in _lines(text, s, e) if not in_row(*p)]
    return sorted(prose + [r for r in rows if r[1] > r[0]])


def extract_facts(doc: Document, chunks: tuple[Chunk, ...]) -> list[FramesFact]:
    b = _Builder(doc, chunks)
    sentences = sentence_offsets(doc.text)
    _lead_year(b, sentences)
    _quantities(b, _pieces(doc.text, sentences))
    _names(b, sentences)
    return b.facts


@dataclass(frozen=True)
class ExtractFacts(HeuristicStep):
    """The typed facts of one article (years, quantities, table values, linked names), each with its span."""

    name: ClassVar[str] = "frames.facts"
    version: ClassVar[str] = "8"
    output_type: ClassVar[type] = DocFacts

    def key(self, item: DocInput) -> str:
        return content_id(item.document.doc_id, item.document.text, *(c.chunk_id for c in item.chunks), prefix="doc-")

    def run(self, item: DocInput) -> DocFacts:
        return DocFacts(doc_id=item.document.doc_id, facts=extract_facts(item.document, item.chunks))
