"""Comparisons of one measure of two articles' subjects: a population at one census, an elevation, a
length, a height.

    Which village had more inhabitants at the 2006 census, Marufabad or Qaleh-ye Sahar?    -> Qaleh-ye Sahar
    Is Mount Ossa higher than Mount Pelion?                                                   -> No
    Is the Saumur-Thouars railway longer than the Amiens-Rouen railway?                       -> ...

An encyclopedic article defines its subject in its first sentence ("Marufabad is a village in ... Iran.") and
states its measures in its lead, tied to the subject by the sentence's own words: "its population was 545", "The
population was 716 at the 2000 census", "X is 4,980 m high", "It lies at an elevation of 1,250 m", "It is 94 km
(58 mi) long" (the conversion after a figure is read past). A figure
predicated of something else ("stations along the 139 km long line", "the population of the district") is not
read. Two subjects are compared only where their first sentences give them one kind ("village", "mountain"), on
one measure, and for a population on one census year; figures within `MIN_GAP` of each other are left out (a
question of rounding), and so are figures whose separators may be read two ways ("1.140 meters").

Neither article alone answers: each holds one subject's figure. Each side cites its figure's sentence, and the
first sentence naming the subject where the figure's sentence says "its" or "It". Each Yes/No candidate carries
its opposite wording (`flip`) so Yes and No stay even; the comparison validator re-derives the answer (op
`exceeds`, dimension `count` or `distance`) from the two cited figures.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.lead_subjects import (
    asked,
    defined_leads,
    named_with_the,
    one_pair_each,
    opens_on,
    spoken_name,
    tied_to_subject,
)
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document
from benchsmith.validators.markup import has_markup
from benchsmith.validators.multihop import limit_value

MIN_GAP = 0.05  # figures closer than this share of the larger make a question of rounding

# The kind a first sentence gives its subject ("is a village in", "is a mountain of"), and its plural-free noun.
_KINDS = ("village", "town", "city", "hamlet", "locality", "municipality", "commune", "suburb", "settlement",
          "neighbourhood", "neighborhood", "mountain", "peak", "volcano", "hill", "river", "stream", "lake", "island",
          "bridge", "tower", "skyscraper", "building", "dam", "canal", "railway", "railway line", "road", "glacier")
_DEFINES = re.compile(r"\b(?:is|was) (?:a|an|the) (?:[\w'-]+ |\([^()]{1,30}\) ){0,5}?(?P<kind>" + "|".join(
    sorted(_KINDS, key=len, reverse=True)) + r")\b(?! (?:station|district|county|province|council|church|club)\b)")
_NUMBER = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?"
_ABOUT = r"(?:about |approximately |around |roughly |some |nearly |almost |over |just over |under )?"
_DISTANCE_UNIT = r"(?:km|kilometres?|kilometers?|m|metres?|meters?|mi|miles?|ft|feet|foot)"
_YEAR = r"(?:1[89]\d\d|20[0-4]\d)"
# Each reader: the measure, the pattern (groups `fig`, optional `unit`), and whether the pattern itself ties the
# figure to the article's subject ("its population"); otherwise the sentence must open on the subject or "It".
_SP = "[ \u00a0]?"  # "120 km", "120km", "120\u00a0km"
_CONVERTED = r"(?: \([^()]{1,30}\))?"  # the encyclopedia's conversion after a figure: "94 km (58 mi) long"
_WHOLE = r"(?![\d]|,\d{3}|\.\d)"  # the figure ends here: not the "1" of "1,545", nor the "3" of "3.5"
_HEIGHT_UNIT = "(?:m|metres|meters|ft|feet)"  # a mountain's height: never kilometres ("at 45 km from the city")
_MOUNTAINS = frozenset({"mountain", "peak", "volcano", "hill"})
_MOUNTAIN = "(?:" + "|".join(sorted(_MOUNTAINS)) + ")"
_READERS: tuple[tuple[str, re.Pattern, bool], ...] = (
    ("population", re.compile(rf"\b(?:[Ii]ts|[Tt]he) population (?:was|is|of|stood at|reached) {_ABOUT}"
                              rf"(?P<fig>{_NUMBER}){_WHOLE}"), True),
    ("population", re.compile(rf"\b(?:has|had) a population of {_ABOUT}(?P<fig>{_NUMBER}){_WHOLE}"), False),
    ("elevation", re.compile(rf"\b(?:an? |its )?(?:elevation|altitude) of {_ABOUT}(?P<fig>{_NUMBER}){_SP}"
                             rf"(?P<unit>{_DISTANCE_UNIT})\b"), False),
    ("elevation", re.compile(rf"\b(?:is|rises to|reaches) {_ABOUT}(?P<fig>{_NUMBER}){_SP}(?P<unit>{_DISTANCE_UNIT})"
                             rf"{_CONVERTED} (?:high|above sea level)\b"), False),
    # "Kangchen Peak (7,210 m) is a mountain", "... is a mountain of the Andes at 6,110 metres (20,046 ft)": a
    # mountain's height in its defining sentence, never a distance ("at 2,500 m north of the pass")
    ("elevation", re.compile(rf"^(?:The )?[^()]{{1,60}}? \((?P<fig>{_NUMBER}){_SP}(?P<unit>{_HEIGHT_UNIT})\)"
                             rf" (?:is|was) (?:a|an|the) (?:[\w'-]+ ){{0,4}}?{_MOUNTAIN}\b"), False),
    ("elevation", re.compile(rf"\b{_MOUNTAIN}\b[^.;]{{0,80}}? at {_ABOUT}(?P<fig>{_NUMBER}){_SP}"
                             rf"(?P<unit>{_HEIGHT_UNIT})\b(?!{_CONVERTED} (?:from|north|south|east|west|away))"), False),
    ("length", re.compile(rf"\b(?:is|runs) {_ABOUT}(?P<fig>{_NUMBER}){_SP}(?P<unit>{_DISTANCE_UNIT}){_CONVERTED}"
                          rf" (?:long|in length)\b"), False),
    ("length", re.compile(rf"\b(?:has a|with a|its) (?:total )?length of {_ABOUT}(?P<fig>{_NUMBER}){_SP}"
                          rf"(?P<unit>{_DISTANCE_UNIT})\b"), False),
    # "The Vara is a 120-kilometre-long river in ...": the first sentence measures what it defines
    ("length", re.compile(rf"\b(?:is|was) an? {_ABOUT}(?P<fig>{_NUMBER})-(?P<unit>{_DISTANCE_UNIT})"
                          rf"{_CONVERTED}[- ]long\b"), False),
    ("height", re.compile(rf"\b(?:is|stands) {_ABOUT}(?P<fig>{_NUMBER}){_SP}(?P<unit>{_DISTANCE_UNIT}){_CONVERTED}"
                          rf" (?:tall|high)\b"), False),
)
_CENSUS = re.compile(rf"\b(?:[Aa]t|[Ii]n|[Bb]y) the (?P<year>{_YEAR}) census\b|\b(?:[Aa]s of|[Ii]n) (?:the )?(?P<as_of>{_YEAR})\b")
_AMBIGUOUS = re.compile(r"^\d{1,3}\.\d{3}$")  # "1.140 meters": a thousands point or a decimal one


@dataclass(frozen=True)
class Measure:
    """One measure an article states of its subject."""

    page: Profile  # the article, named by its subject
    kind: str  # what the first sentence calls the subject: "village", "mountain"
    measure: str  # "population", "elevation", "length", "height"
    census: str | None  # the year a population was counted ("2006"); None for the other measures
    counted: bool  # the sentence calls the count a census ("at the 2006 census"), not a year's figure ("as of 2010")
    figure: str  # as written: "545", "5,020 m"
    amount: float  # people, or metres
    cited: Value  # the sentence stating the figure (Value.text is the figure)
    lead: Value | None  # the first sentence, cited too where the figure's sentence names the subject "it"
    the: bool = False  # the article names its subject with "the" ("The Vara is a river"): so does the question


def _figure_text(fig: str, unit: str | None, sentence: str, at: int) -> str:
    """The figure as the sentence writes it, unit included ("5,020 m", "4980m")."""
    if not unit:
        return fig
    for sep in (" ", "", "-", "\u00a0"):
        if sentence.startswith(f"{fig}{sep}{unit}", at):
            return f"{fig}{sep}{unit}"
    return f"{fig} {unit}"


def read_measures(documents: Sequence[Document]) -> list[Measure]:
    """Every population, elevation, length and height an article's lead states of the subject its first sentence
    defines as a kind of place or structure."""
    out: list[Measure] = []
    for lead_of in defined_leads(documents, _DEFINES):
        doc, name, spans, lead = lead_of.doc, lead_of.name, lead_of.spans, lead_of.first
        kind = lead_of.defined.group("kind")
        page = Profile(doc.doc_id, name)
        seen: set[str] = set()
        for start, end in spans:
            sentence = doc.text[start:end]
            if has_markup(sentence):
                continue
            for measure, pattern, ties in _READERS:
                m = pattern.search(sentence)
                if m is None or measure in seen or not (ties or tied_to_subject(sentence, name, _KINDS)):
                    continue
                fig, unit = m.group("fig"), m.groupdict().get("unit")
                # one figure of its measure per sentence ("rises to 2,100 m ... is 1,900 m above sea level" leaves
                # which one the subject's own in doubt), written one way only
                if _AMBIGUOUS.match(fig) or len(pattern.findall(sentence)) > 1:
                    continue
                census, counted = None, False
                if measure == "population":
                    year = _CENSUS.search(sentence)
                    if year is None:
                        continue  # a population without its year cannot be set against another
                    census, counted = year.group("year") or year.group("as_of"), bool(year.group("year"))
                figure = _figure_text(fig, unit, sentence, m.start("fig"))
                amount = limit_value(figure, "count" if measure == "population" else "distance")
                if not amount:
                    continue
                seen.add(measure)
                own = opens_on(sentence, name)
                out.append(Measure(page, kind, measure, census, counted, figure, amount,
                                    Value(figure, start, end), None if own or start == spans[0][0] else lead,
                                    the=named_with_the(lead.text, name)))
    return out


def _evidence(q: Measure) -> list:
    return [*([(q.page, q.lead)] if q.lead is not None else []), (q.page, q.cited)]


def _question(x: Measure, y: Measure, choice: bool) -> dict | None:
    a, b = spoken_name(x.page.name, x.the), spoken_name(y.page.name, y.the)
    if choice and ("," in a or "," in b):
        return None  # "Lima in Pepin County, Wisconsin or ...": the reader cannot tell where one name ends
    if x.measure == "population":
        when = f" at the {x.census} census" if x.counted and y.counted else f" in {x.census}"
        query = (f"Which {x.kind} had more inhabitants{when}, {a} or {b}?" if choice
                 else f"Did {a} have more inhabitants than {b}{when}?")
    elif x.measure == "elevation":
        if x.kind in _MOUNTAINS:
            query = f"Which {x.kind} is higher, {a} or {b}?" if choice else f"Is {a} higher than {b}?"
        else:
            query = (f"Which {x.kind} lies at a higher elevation, {a} or {b}?" if choice
                     else f"Does {a} lie at a higher elevation than {b}?")
    elif x.measure == "length":
        query = f"Which {x.kind} is longer, {a} or {b}?" if choice else f"Is {a} longer than {b}?"
    else:
        query = f"Which {x.kind} is taller, {a} or {b}?" if choice else f"Is {a} taller than {b}?"
    query = query[0].upper() + query[1:]
    names = [spoken_name(x.page.name), spoken_name(y.page.name)]  # the answer to a choice names it without "the"
    bigger = names[0] if x.amount > y.amount else names[1]
    return {
        "type": "comparison_query", "query": query,
        "answer": bigger if choice else ("Yes" if x.amount > y.amount else "No"),
        "key": "measure | " + " | ".join(sorted((x.page.doc_id, y.page.doc_id))) + f" | {x.measure}",
        "evidence": [*_evidence(x), *_evidence(y)], "anchors": [x.figure, y.figure], "bridge": None,
        "template": f"comparison.measure.{x.measure}{'.choice' if choice else ''}",
        "topics": [("measured", f"{x.kind} {x.measure} {x.census or ''}".strip())],  # three village censuses: enough
        "computation": {"op": "exceeds", "values": [x.figure, y.figure], "strict": True,
                        "dimension": "count" if x.measure == "population" else "distance",
                        "subjects": names, "attribute": x.measure, **({"choice": names} if choice else {})},
    }


def measure_candidates(measures: Sequence[Measure], seed: int, choice_every: int = 3) -> list[dict]:
    """Pairs of two subjects of one kind measured alike, Yes and No in turn, one in `choice_every` asked as a
    choice between the two (their own seeded draw: a corpus with no measures keeps its order)."""
    groups: dict[tuple, list[Measure]] = defaultdict(list)
    for q in measures:
        groups[(q.kind, q.measure, q.census)].append(q)
    if not any(len(g) > 1 for g in groups.values()):
        return []
    rng = random.Random(f"{seed}:composed:measures")
    pairs = one_pair_each(groups, rng, lambda x, y: abs(x.amount - y.amount) >= MIN_GAP * max(x.amount, y.amount))
    return asked(pairs, rng, _question, lambda x, y: x.amount > y.amount, choice_every)
