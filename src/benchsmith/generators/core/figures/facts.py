"""Facts first: typed facts of one article, each a value inside a verbatim sentence (or table row) of it.

- year: the year a work was made, or a person born, read from the article's lead sentence;
- quantity: a duration, a data size, a length or a percentage, kept only where the article
  gives one value of that measure (or names it by a table row), so a question can point at it;
- count: a limit on how many of a named thing one holder takes ("up to 10 tags with an object"), see counts.py;
- name: a link target of the article that occurs in its text (list membership: "articles naming X").
"""

from __future__ import annotations

import re

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.core.figures.builder import Builder, Fact
from benchsmith.generators.core.figures.quantities import page_pieces, read_quantities
from benchsmith.generators.core.figures.years import lead_year
from benchsmith.types import Chunk, Document


def _names(b: Builder, sentences: list[tuple[int, int]]) -> None:
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



def extract_facts(doc: Document, chunks: tuple[Chunk, ...]) -> list[Fact]:
    b = Builder(doc, chunks)
    sentences = sentence_offsets(doc.text)
    lead_year(b, sentences)
    read_quantities(b, page_pieces(doc.text, sentences))
    _names(b, sentences)
    return b.facts
