"""Comparisons of two settings of one product, each stated on its own page.

A manual of one service names few holders of limits (S3's buckets, objects, jobs) but many settings of its one
thing, each with its default and bounds on the page that explains it:

    "The default visibility timeout for a message is 30 seconds. ... The maximum is 12 hours."   (one page)
    "The maximum long polling wait time is 20 seconds."                                             (another)

    Is the default visibility timeout for a message longer than the maximum long polling wait time?   -> Yes

Only sentences that name the setting and its bound ("The default X is ...", "The maximum X is ...") are read, and a
bare "The maximum is 12 hours." right after one of them, which then cites both sentences. Two settings compare when
they measure one dimension (a time, a size), are stated on two pages, differ in name and in amount, and neither
amount is zero ("no delay" makes a trivial question). Each candidate carries its opposite wording (`flip`) so Yes
and No stay even; the comparison validator re-derives the answer (op `exceeds`) from the cited sentences.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.corpora.sentences import split_sentences
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document
from benchsmith.validators.multihop import limit_value

_UNITS = {"time": r"(?:milliseconds?|seconds?|minutes?|hours?|days?)", "data": r"(?:bytes?|KB|MB|GB|TB|KiB|MiB|GiB)"}
_FIGURE = rf"(?P<figure>\d[\d,]*(?:\.\d+)?\s?(?:{_UNITS['time']}|{_UNITS['data']}))(?![\w-])"
_STATED = re.compile(r"^(?:By default, )?[Tt]he (?P<bound>default|maximum|minimum)(?: \((?:default|minimum|maximum)\))? "
                     rf"(?P<name>[a-z][\w-]*(?: [\w-]+){{1,5}}?) (?:is|are) (?:set to )?{_FIGURE}\s*[.;,]")
_THEN = re.compile(rf"^The (?P<bound>maximum|minimum) is {_FIGURE}\s*[.;,]")
_GENERIC = frozenset({"value", "values", "setting", "settings", "number", "size", "amount", "limit", "one"})
_MORE = {"time": "longer", "data": "larger"}


@dataclass(frozen=True)
class Setting:
    """One bound of one named setting, as a page states it; `named` is the sentence naming the setting where the
    figure comes in the next one ("The maximum is 12 hours.")."""

    page: Profile
    bound: str  # default | maximum | minimum
    name: str  # "visibility timeout for a message"
    dimension: str  # time | data
    figure: str  # "30 seconds"
    amount: float
    sentence: Value
    named: Value | None = None

    @property
    def phrase(self) -> str:
        return f"the {self.bound} {self.name}"

    @property
    def key(self) -> str:
        return re.sub(r"\b(?:an?|the)\b\s*", "", self.name.lower()).strip()


def _dimension(figure: str) -> str | None:
    """The dimension whose base unit `limit_value` reads the figure in (the validator's own units), else None."""
    return next((d for d in _UNITS if limit_value(figure, d) is not None), None)


def read_settings(documents: Sequence[Document]) -> list[Setting]:
    """Every named setting's default or bound the pages state in a sentence of its own."""
    out: list[Setting] = []
    for doc in documents:
        if not re.search(r"\b(?:default|maximum|minimum)\b", doc.text):
            continue
        page = Profile(doc.doc_id, doc.title)
        last: Setting | None = None
        for span in split_sentences(doc.text):
            text = doc.text[span.start:span.end].strip()
            start = span.start + doc.text[span.start:span.end].index(text[:1]) if text else span.start
            m, then = _STATED.match(text), _THEN.match(text)
            if m is None and then is None:
                last = None
                continue
            found = m or then
            name = m.group("name") if m else last.name if last else None
            dimension = _dimension(found.group("figure"))
            if name is None or dimension is None or name.split()[-1].lower() in _GENERIC:
                continue
            amount = limit_value(found.group("figure"), dimension)
            value = Value(found.group("figure"), start, start + len(text))
            named = None if m else (last.named or last.sentence)
            setting = Setting(page, found.group("bound"), name, dimension, found.group("figure"), amount, value, named)
            out.append(setting)
            last = setting if m else last
    return out


def _cited(s: Setting) -> list[tuple[Profile, Value]]:
    return [*([(s.page, s.named)] if s.named is not None else []), (s.page, s.sentence)]


def _candidate(x: Setting, y: Setting) -> dict:
    return {
        "type": "comparison_query", "query": f"Is {x.phrase} {_MORE[x.dimension]} than {y.phrase}?",
        "answer": "Yes" if x.amount > y.amount else "No", "page_facts": True,
        "key": "setting | " + " | ".join(sorted((f"{x.bound} {x.key}", f"{y.bound} {y.key}"))),
        "evidence": [*_cited(x), *_cited(y)], "anchors": [x.figure, y.figure, x.key, y.key], "bridge": None,
        "template": f"comparison.setting.{x.dimension}",
        "computation": {"op": "exceeds", "values": [x.figure, y.figure], "dimension": x.dimension, "strict": True,
                        "subjects": [x.phrase, y.phrase], "attribute": "setting"},
    }


def setting_candidates(settings: Sequence[Setting], seed: int) -> list[dict]:
    """Pairs of two settings' bounds of one dimension on two pages, Yes and No in turn (their own seeded draw, so a
    corpus that states no settings keeps its order)."""
    pairs = [(x, y) for i, x in enumerate(settings) for y in settings[i + 1:]
             if x.dimension == y.dimension and x.key != y.key and x.page.doc_id != y.page.doc_id
             and x.amount > 0 and y.amount > 0 and x.amount != y.amount]
    if not pairs:
        return []
    rng = random.Random(f"{seed}:composed:settings")
    rng.shuffle(pairs)
    first_yes = rng.random() < 0.5
    out = []
    for i, (x, y) in enumerate(pairs):
        want_yes = first_yes == (i % 2 == 0)
        first, second = (x, y) if (x.amount > y.amount) == want_yes else (y, x)
        out.append({**_candidate(first, second), "flip": _candidate(second, first)})
    return out
