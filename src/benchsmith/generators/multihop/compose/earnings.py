"""Comparisons of two companies' reported results, each read from its own earnings report on a wire.

A wire's earnings report names its company and period only in the headline and opens on a table of the period's
figures against the year before:

    BROWN-FORMAN INC <BFD> 4TH QTR NET
    LOUISVILLE, Ky., Feb 26 - Shr one dlr vs 73 cts
        Net 12.6 mln vs 15.8 mln
        Revs 337.3 mln vs 315.2 mln

Two companies' reports for one period (the same headline period, filed within `_SAME_SEASON` of each other, in
one currency: `currency_zone`) are compared on one figure of the table's first block (the headline's period): net
income, revenue or sales.

    Did Brown-Forman Inc report higher fourth-quarter net income than Farmers Group Inc?    -> No
    Which company reported higher fourth-quarter revenue, Cinram Ltd or Brown-Forman Inc?   -> Brown-Forman Inc

Neither report alone answers: each holds one company's figure. A loss ("Net loss 7,041,000 vs ..."), a line that
qualifies its figure, or figures within `_MIN_GAP` of each other are not compared. Each candidate cites its
report's opening through the compared line (the dateline and the line name the report's date and figure; the
headline names the company) and carries its opposite wording (`flip`) so Yes and No stay even; the comparison
validator re-derives the answer (op `exceeds`, dimension `money`) from the two cited figures.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from benchsmith.corpora.wire import dateline_end
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document
from benchsmith.validators.multihop import limit_value

_PERIOD = r"(?P<period>(?:1ST|2ND|3RD|4TH) QTR|YEAR)"
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUNE", "JULY", "AUG", "SEPT", "OCT", "NOV", "DEC")
_HEADLINE = re.compile(rf"^(?P<name>.+?)\s+{_PERIOD}(?:\s+(?P<month>{'|'.join(_MONTHS)}))?\s+(?:NET|PROFIT|EARNINGS)\s*$")
_FIGURE = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?(?:\s(?:mln|billion))?"
_LINE = re.compile(rf"^[ \t]*(?P<label>Net|Revs?|Revenues?|Sales)[ \t]+(?P<now>{_FIGURE})(?:[ \t]+dlrs)?[ \t]+vs[ \t]+"
                   rf"(?:{_FIGURE})(?:[ \t]+dlrs)?[ \t]*$")
_MEASURE = {"Net": "net income", "Rev": "revenue", "Revs": "revenue", "Revenue": "revenue", "Revenues": "revenue",
            "Sales": "sales"}
_ORDINAL = {"1ST QTR": "first-quarter", "2ND QTR": "second-quarter", "3RD QTR": "third-quarter",
            "4TH QTR": "fourth-quarter", "YEAR": "full-year"}
_MONTH_NAMES = dict(zip(_MONTHS, ("January", "February", "March", "April", "May", "June", "July", "August",
                                  "September", "October", "November", "December"), strict=True))
_SAME_SEASON = timedelta(days=45)  # reports of "the fourth quarter" filed months apart may be of two years
_MIN_GAP = 0.05  # figures closer than this share of the larger make a question of rounding
_PAIRS_PER_REPORT = 3  # pairs drawn per report and figure: a wire of thousands of reports has millions of pairs
# A headline's words kept in capitals (tickers, initials) and the small words written in lower case.
_SMALL = frozenset({"and", "of", "the", "for", "de"})
_WORDS = frozenset("""inc co corp ltd plc oil gas air sun sea new one two big car bay old art bio pay lab net
    way fun toy max cos""".split())


def company_name(headline_name: str, lower_words: frozenset[str] = frozenset()) -> str:
    """A wire headline's company in the case prose writes it: "BROWN-FORMAN INC" -> "Brown-Forman Inc",
    "<CINRAM LTD>" -> "Cinram Ltd", "USX CORP" -> "USX Corp" (a short word is initials unless it is a common word
    or one the corpus writes as a word or a name, `lower_words`: "HUB" -> "Hub", "BEN" -> "Ben")."""
    name = re.sub(r"<[^<>\s]*>", " ", headline_name).replace("<", " ").replace(">", " ")
    out = []
    for i, word in enumerate(name.split()):
        low = word.lower()
        if i and low in _SMALL:
            out.append(low)
        elif low in _WORDS or (len(word) <= 3 and (low in lower_words or word.capitalize() in lower_words)):
            out.append(word.capitalize())
        elif len(word) <= 3 or not re.search(r"[AEIOUY]", word) or "." in word:
            out.append(word)
        else:
            out.append("-".join(part.capitalize() for part in word.split("-")))
    return " ".join(out)


@dataclass(frozen=True)
class Result:
    """One figure of one company's report for one period."""

    page: Profile  # the report, named by its company
    period: str  # "4TH QTR", "YEAR"
    month: str | None  # the month the period ended, where the headline says it ("2ND QTR JAN")
    measure: str  # "net income", "revenue", "sales"
    figure: str  # "12.6 mln", as written
    amount: float
    published: datetime
    cited: Value  # the report's opening through the figure's line
    currency: str  # "US" or "CA" dollars


# Figures are compared only between reports in one currency: a Montreal company reports Canadian dollars, a
# Manila one pesos (`currency_zone`); a table naming another currency, or a dateline abroad, is not compared at all.
_CANADA = re.compile(r"\b(?:TORONTO|MONTREAL|VANCOUVER|CALGARY|OTTAWA|EDMONTON|WINNIPEG|HALIFAX|Ontario|Ont\.|Quebec|"
                     r"Que\.|Alberta|Alta\.|British Columbia|B\.C\.|Manitoba|Man\.|Saskatchewan|Sask\.|Nova Scotia|"
                     r"N\.S\.|New Brunswick|N\.B\.|Newfoundland|Nfld\.)", re.I)
_ABROAD = re.compile(r"\b(?:LONDON|TOKYO|PARIS|FRANKFURT|ZURICH|GENEVA|AMSTERDAM|BRUSSELS|MILAN|ROME|MADRID|STOCKHOLM|"
                     r"OSLO|COPENHAGEN|HELSINKI|VIENNA|HONG KONG|SINGAPORE|SYDNEY|MELBOURNE|WELLINGTON|JOHANNESBURG|"
                     r"MANILA|SEOUL|TAIPEI|BOMBAY|NEW DELHI|MEXICO CITY|SAO PAULO|BUENOS AIRES|KUALA LUMPUR|JAKARTA|"
                     r"BANGKOK|DUBLIN|LUXEMBOURG|BONN|HAMBURG|MUNICH|DUSSELDORF|OSAKA)\b")
_CANADIAN_NOTE = re.compile(r"\b(?:Canadian (?:dlrs|dollars)|Cdn dlrs|C\$)")
_OTHER_MONEY = re.compile(r"\b(?:pesos?|yen|marks?|francs?|stg|sterling|pounds?|guilders?|lire|lira|crowns?|rand|"
                          r"kronor|kroner|schillings?|pesetas?|rupees?|won|baht|ringgit|[ABD-Z]\$|Aus dlrs|HK dlrs|"
                          r"NZ dlrs)\b")


def currency_zone(doc: Document, table_end: int) -> str | None:
    """"CA" or "US" for a report in Canadian or U.S. dollars, None for any other or where it cannot be told. The
    dateline says it best (Reuters-21578's place codes call a Scarborough, Ontario company "usa"); then the
    collection's place codes; a report with neither is taken as U.S. only where its headline names a company with a
    U.S. ticker ("<CINRAM LTD>", a name in brackets, has none; "<SAXIF>", "<NSPA.TO>" are foreign listings)."""
    if _OTHER_MONEY.search(doc.text[:table_end]):
        return None
    canadian = bool(re.search(r"\bCanad(?:a|ian)\b", doc.title or "") or _CANADIAN_NOTE.search(doc.text))
    head = doc.text[:dateline_end(doc.text)]
    if head:
        if _ABROAD.search(head):
            return None
        return "CA" if canadian or _CANADA.search(head) else "US"
    places = (doc.metadata or {}).get("places")
    if isinstance(places, list) and places:
        zone = {"usa": "US", "canada": "CA"}.get(places[0]) if len(set(places)) == 1 else None
        return "CA" if zone and canadian else zone
    if canadian:
        return "CA"
    tickers = re.findall(r"<([^<>]*)>", doc.title or "")
    us_listed = any(re.fullmatch(r"[A-Z]{1,4}|[A-Z]{1,4}\.[AB]", t) for t in tickers)
    return "US" if us_listed else None


def read_results(documents: Sequence[Document]) -> list[Result]:
    """The first-block figures of every dated earnings report whose headline names a company and a period."""
    out: list[Result] = []
    lower_words: frozenset[str] | None = None
    for doc in documents:
        m = _HEADLINE.match(" ".join((doc.title or "").split()))
        if m is None or doc.published_at is None:
            continue
        if lower_words is None:  # read only where the corpus has earnings reports
            # short words the corpus writes as words ("hub") or as names ("Ben", "Kay"), not only in capitals
            lower_words = frozenset(w for d in documents for w in re.findall(r"\b[A-Z]?[a-z]{1,2}[a-z]?\b", d.text))
        name = company_name(m.group("name"), lower_words)
        if len(name) < 3 or re.search(r"[()]| - ", name):  # "(CORRECTED) - TRANSALTA ...": a correction's label
            continue
        page = Profile(doc.doc_id, name)
        start = dateline_end(doc.text)
        pos, rows = start, []
        for line in doc.text[start:].split("\n"):
            if " vs " not in line and line.strip():
                break  # "Year", "Nine mths": the next block is another period
            row = _LINE.match(line)
            if row is not None and limit_value(row.group("now"), "money"):
                rows.append((row, pos + len(line.rstrip())))
            pos += len(line) + 1
        zone = currency_zone(doc, pos)
        if zone is None:
            continue
        for row, end in rows:
            out.append(Result(page, m.group("period"), m.group("month"), _MEASURE[row.group("label")], row.group("now"),
                              limit_value(row.group("now"), "money"), doc.published_at, Value(row.group("now"), 0, end),
                              zone))
    return out


def _question(x: Result, y: Result, choice: bool) -> dict:
    ended = f" for the quarter ended in {_MONTH_NAMES[x.month]}" if x.month and x.period != "YEAR" else ""
    what = f"{_ORDINAL[x.period]} {x.measure}" if not ended else x.measure
    if choice:
        query = f"Which company reported higher {what}{ended}, {x.page.name} or {y.page.name}?"
        answer = x.page.name if x.amount > y.amount else y.page.name
    else:
        query = f"Did {x.page.name} report higher {what} than {y.page.name}{ended}?"
        answer = "Yes" if x.amount > y.amount else "No"
    return {
        "type": "comparison_query", "query": query, "answer": answer,
        "key": "earnings | " + " | ".join(sorted((x.page.doc_id, y.page.doc_id))) + f" | {x.measure}",
        "evidence": [(x.page, x.cited), (y.page, y.cited)], "anchors": [x.figure, y.figure], "bridge": None,
        "template": f"comparison.earnings{'.choice' if choice else ''}",
        "computation": {"op": "exceeds", "values": [x.figure, y.figure], "dimension": "money", "strict": True,
                        "subjects": [x.page.name, y.page.name], "attribute": x.measure,
                        **({"choice": [x.page.name, y.page.name]} if choice else {})},
    }


def earnings_candidates(results: Sequence[Result], seed: int, choice_every: int = 3) -> list[dict]:
    """Pairs of two companies' figures for one period and measure, Yes and No in turn, one in `choice_every` asked
    as a choice between the two companies (their own seeded draw: a corpus with no earnings reports keeps its
    order)."""
    groups: dict[tuple, list[Result]] = defaultdict(list)
    for r in results:
        groups[(r.period, r.month, r.measure, r.currency)].append(r)
    rng = random.Random(f"{seed}:composed:earnings")
    pairs = []
    for key in sorted(groups, key=str):
        group = sorted(groups[key], key=lambda r: r.page.doc_id)
        for x in group:
            # a few drawn partners per report (a wire of thousands of reports would otherwise pair each with all)
            drawn = rng.sample(group, min(len(group), 4 * _PAIRS_PER_REPORT))
            partners = [y for y in drawn if y.page.name.lower() != x.page.name.lower() and y.page.doc_id > x.page.doc_id
                        and abs(y.published - x.published) <= _SAME_SEASON
                        and abs(x.amount - y.amount) >= _MIN_GAP * max(x.amount, y.amount)]
            pairs += [(x, y) for y in partners[:_PAIRS_PER_REPORT]]
    rng.shuffle(pairs)
    first_yes = rng.random() < 0.5
    out = []
    for i, (x, y) in enumerate(pairs):
        if i % choice_every == choice_every - 1:
            out.append(_question(x, y, choice=True))
            continue
        want_yes = first_yes == (i % 2 == 0)
        first, second = (x, y) if (x.amount > y.amount) == want_yes else (y, x)
        out.append({**_question(first, second, choice=False), "flip": _question(second, first, choice=False)})
    return out
