"""The year of an article's subject, from its lead: the year a work was made, its maker's birth year, or a
person's own birth year; a year hedged ("circa", "between") or a span ("1816–17") gives none."""

from __future__ import annotations

import re

from benchsmith.generators.core.figures.builder import Builder

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
LEAD_SENTENCES = 2


def _own_birth(b: Builder, sentences: list[tuple[int, int]]) -> bool:
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


def lead_year(b: Builder, sentences: list[tuple[int, int]]) -> None:
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
