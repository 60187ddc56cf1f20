"""Facts first: typed facts of one article, each a value inside a verbatim sentence (or table row) of it.

- year: the year a work was made, or a person born, read from the article's lead sentence;
- quantity: a duration, a data size, a length or a percentage, kept only where the article
  gives one value of that measure (or names it by a table row), so a question can point at it;
- count: a limit on how many of a named thing one holder takes ("up to 10 tags with an object"), see counts.py;
- name: a link target of the article that occurs in its text (list membership: "articles naming X").
"""

from __future__ import annotations

from bisect import bisect_right

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.core.figures.builder import Builder, Fact
from benchsmith.generators.core.figures.quantities import page_pieces, read_quantities
from benchsmith.generators.core.figures.years import lead_year
from benchsmith.types import Chunk, Document


def _first_whole(text: str, target: str) -> int:
    """Where `target` first occurs as whole words, or -1. `str.find` and a look at its two neighbours: a regex
    opening with a lookbehind scans the text char by char, and a book printed as one page has thousands of links."""
    at = text.find(target)
    while at >= 0:
        end = at + len(target)
        if not (at and _word_char(text[at - 1])) and not (end < len(text) and _word_char(text[end])):
            return at
        at = text.find(target, at + 1)
    return -1


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _names(b: Builder, sentences: list[tuple[int, int]]) -> None:
    text = b.doc.text
    starts = [s for s, _ in sentences]
    seen = set()
    for target in b.doc.links:
        if target in seen or len(target) < 3 or target == b.doc.title:
            continue
        at = _first_whole(text, target)
        if at < 0:
            continue
        seen.add(target)
        i = bisect_right(starts, at) - 1  # the sentence starting last at or before the name
        if i >= 0 and at + len(target) <= sentences[i][1]:
            s, e = sentences[i]
            b.add("name", "name", target, "", s, e, at, at + len(target))


def extract_facts(doc: Document, chunks: tuple[Chunk, ...]) -> list[Fact]:
    b = Builder(doc, chunks)
    sentences = sentence_offsets(doc.text)
    lead_year(b, sentences)
    read_quantities(b, page_pieces(doc.text, sentences))
    _names(b, sentences)
    return b.facts
