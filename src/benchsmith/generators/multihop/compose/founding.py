"""Which of two organisations, groups or buildings came first, each year read from its own article's lead.

    Which newspaper was founded first, Las Cruces Sun-News or Alamogordo Daily News?        -> Las Cruces Sun-News
    Was the Estonian Theatre and Music Museum established before the Geological Museum?      -> No
    Which band was formed first, Super Wild Horses or ...?

The first sentence defines the subject as a kind ("is a daily newspaper", "is a national museum"); the lead dates
its start with the verb that kind takes ("founded in 1881", "The museum was established in 1924", "formed in
2008"). The date is the subject's own only where the sentence ties it to the subject: a clause right after its name
("Las Cruces Sun-News, founded in 1881, is ..."), the participle right after the kind's noun ("a monthly sports
magazine founded in 1948"), or a later sentence opening on the name, "It" or "The <kind>". A date of something
else the sentence names ("a museum in a building of the society, founded in 1850") is not read. Two subjects of
one kind with years that differ are compared, each subject once; the question uses the kind's own verb, which both
articles use (a school "opened in 1954" is not set against one "founded"). A side cites its date's sentence, and
the first sentence where the date's sentence says "It" or "The museum". Re-derived by the comparison validator
(op `earlier`): each year in its sentence, the subject's name in its first sentence.
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
from benchsmith.generators.multihop.compose.origins import origin_words
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document
from benchsmith.validators.markup import has_markup

# The question's verb for each kind, and the verbs its article may date it with (all meaning that verb).
_VERB_OF: dict[str, tuple[str, tuple[str, ...]]] = {}
for verb, verbs, kinds in (
    ("founded", ("founded", "established", "incorporated"),
     "newspaper magazine journal periodical company corporation firm university college school academy club society "
     "party organization organisation association bank publisher airline brewery foundation agency cooperative "
     "team league federation institute institution charity label"),
    ("established", ("established", "founded"), "museum library archive gallery zoo"),
    ("formed", ("formed", "founded"), "band duo trio quartet orchestra choir ensemble"),
    ("opened", ("opened", "inaugurated"), "bridge stadium airport hotel theatre theater hospital arena"),
    ("built", ("built", "completed", "constructed"), "church cathedral castle lighthouse palace mosque temple fort"),
):
    for kind in kinds.split():
        _VERB_OF[kind] = (verb, verbs)
_KINDS = tuple(sorted(_VERB_OF, key=len, reverse=True))
# The kind is the noun phrase's last kind word: "a rugby league team" is a team
_DEFINES = re.compile(r"\b(?:is|was|are|were) (?:a|an|the) (?:[\w'-]+ ){0,7}?(?P<kind>" + "|".join(_KINDS) + r")\b"
                      r"(?![-\w])(?! (?:" + "|".join(_KINDS) + r")\b)")
_YEAR = r"(?:1[0-9]{3}|20[0-4][0-9])"
_DATE = rf"(?:in |on )(?:(?:[A-Z][a-z]+ )?\d{{1,2}},? )?(?:[A-Z][a-z]+ )?(?P<year>{_YEAR})\b(?![–-]\d)"
_VERBS = "founded|established|incorporated|formed|opened|inaugurated|built|completed|constructed"
# "formed in Boston in 1970", "founded in Poway, California, in 1992": the place between the verb and its year
_WHERE = r"(?:in (?:[A-Z][\w'.-]*)(?:,? [A-Z][\w'.-]*){0,3},? )?"
# "X, founded in 1881, is a daily newspaper": the clause right after the subject's name
_APPOSED = re.compile(rf", (?:first |originally )?(?P<verb>{_VERBS}) {_WHERE}{_DATE},")
# "... is an American monthly sports magazine founded in 1948 by ...": the participle right after the kind's noun
_PARTICIPLE = re.compile(rf",? (?:which was |that was )?(?P<verb>{_VERBS}) {_WHERE}{_DATE}")
# "It was established in 1924.", "The museum was opened in 2011.", "Shriro was founded in 1906 as ..."
_PREDICATE = re.compile(rf"^[^,;]{{0,80}}? (?:was|were) (?:first |originally |officially )?(?P<verb>{_VERBS}) {_WHERE}{_DATE}")


@dataclass(frozen=True)
class Founding:
    """The year an article dates its subject's start."""

    page: Profile
    kind: str  # "newspaper", "museum", "band"
    verb: str  # the verb the question uses for the kind: "founded", "established", "formed", "opened", "built"
    year: int
    year_text: str  # the year as the sentence writes it
    cited: Value  # the sentence that dates the subject
    lead: Value | None  # the first sentence, where the dating sentence names the subject "It" or "The museum"
    the: bool
    origin: frozenset[str] = frozenset()  # the demonyms before the kind ("American" of "an American chemical company")


def _origin(defined: re.Match) -> frozenset[str]:
    return frozenset(origin_words(" ".join(defined.group(0).split()[2:-1])))  # "is an American chemical company"


def _alike(x: Founding, y: Founding) -> bool:
    """Two subjects a person would compare: dated differently, and of one origin where either article gives one (an
    Indian film production company against an American chemical company, or against a company of nowhere said, is
    a question nobody asks)."""
    return x.year != y.year and (bool(x.origin & y.origin) or not x.origin and not y.origin)


def _dated(sentence: str, name: str, defined: re.Match | None) -> re.Match | None:
    """The dating match tied to the subject in one lead sentence, or None."""
    if defined is not None:  # the first sentence: right after the name, or right after the kind's noun
        joined = re.sub(r"-\s+", "-", sentence)  # "Las Cruces Sun- News, founded in 1881, is ..."
        head = re.match(rf"(?:The )?{re.escape(name.split(',')[0])}", joined)
        m = _APPOSED.match(joined, head.end()) if head else None
        if m is None:
            m = _PARTICIPLE.match(sentence, defined.end())
        if m is not None:
            return m
    m = _PREDICATE.match(sentence) if tied_to_subject(sentence, name, _KINDS) else None
    # "The museum's collection was established in 1850": the date of something the subject has
    return None if m is None or re.search(r"['’]s\b", sentence[:m.start("verb")]) else m


def read_foundings(documents: Sequence[Document]) -> list[Founding]:
    """Every organisation, group or building whose article's lead dates its start with its kind's verb."""
    out: list[Founding] = []
    for lead in defined_leads(documents, _DEFINES):
        doc, name, spans, first = lead.doc, lead.name, lead.spans, lead.first
        kind = lead.defined.group("kind")
        verb, verbs = _VERB_OF[kind]
        for i, (start, end) in enumerate(spans):
            sentence = doc.text[start:end]
            m = None if has_markup(sentence) else _dated(sentence, name, lead.defined if i == 0 else None)
            if m is None:
                continue
            if m.group("verb") not in verbs:
                continue  # a school "opened in 1954": not the question's "founded" (a later sentence may say it)
            out.append(Founding(Profile(doc.doc_id, name), kind, verb, int(m.group("year")), m.group("year"),
                                Value(m.group("year"), start, end),
                                None if i == 0 or opens_on(sentence, name) else first,
                                named_with_the(first.text, name), _origin(lead.defined)))
            break
    return out


def _question(x: Founding, y: Founding, choice: bool) -> dict | None:
    a, b = spoken_name(x.page.name, x.the), spoken_name(y.page.name, y.the)
    names = [spoken_name(x.page.name), spoken_name(y.page.name)]
    if choice and ("," in a or "," in b):
        return None  # the reader cannot tell where one name ends
    if choice:
        query = f"Which {x.kind} was {x.verb} first, {a} or {b}?"
    else:
        query = f"Was {a} {x.verb} before {b}?"
    earlier = x.year < y.year
    # The first sentence names a side only where its date's sentence says "It": cited after both dates, its name
    # the value the validator finds in it.
    leads = [(f.page, f.lead, f.page.name.split(",")[0]) for f in (x, y) if f.lead is not None]
    return {
        "type": "comparison_query", "query": query[0].upper() + query[1:],
        "answer": (names[0] if earlier else names[1]) if choice else ("Yes" if earlier else "No"),
        "key": "founding | " + " | ".join(sorted((x.page.doc_id, y.page.doc_id))),
        "evidence": [(x.page, x.cited), (y.page, y.cited), *[(p, v) for p, v, _ in leads]],
        "anchors": [x.page.name.split(",")[0], y.page.name.split(",")[0]], "bridge": None,
        "template": f"comparison.founding.{x.verb}{'.choice' if choice else ''}",
        "computation": {"op": "earlier", "attribute": "year", "values": [x.year_text, y.year_text, *[n for *_, n in leads]],
                        "years": [x.year, y.year], "subjects": names, **({"choice": names} if choice else {})},
    }


def founding_candidates(foundings: Sequence[Founding], seed: int, choice_every: int = 3) -> list[dict]:
    """Pairs of two subjects of one kind dated in different years, Yes and No in turn, one in `choice_every` a
    choice; each subject in one pair (their own seeded draw: a corpus with no such articles keeps its order)."""
    groups: dict[str, list[Founding]] = defaultdict(list)
    for f in foundings:
        groups[f.kind].append(f)
    if not any(len(g) > 1 for g in groups.values()):
        return []
    rng = random.Random(f"{seed}:composed:founding")
    pairs = one_pair_each(groups, rng, _alike)
    return asked(pairs, rng, _question, lambda x, y: x.year < y.year, choice_every)
