"""Numbers with their unit words in a sentence ('64 million dollars' -> 64e6 dollars), for computed answers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from benchsmith.text import STOPWORDS

_MONTHS = frozenset("january february march april may june july august september october november december".split())
_NUMBER = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*(%|(?:percent|per cent|pct|million|billion|thousand|trillion|mln|bln)\b))?"
    r"(?:\s+([a-zA-Z][a-zA-Z\-]+))?"
)
_SCALE = {"million": 1e6, "billion": 1e9, "thousand": 1e3, "trillion": 1e12, "mln": 1e6, "bln": 1e9}
# Wire-copy units ("7.7 mln dlrs", "seven cts") named as the written-out words are, so both writings compare.
_UNIT_WORDS = {"dlrs": "dollars", "dlr": "dollar", "cts": "cents", "stg": "sterling"}
_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})$")
_UNIT_SKIP = STOPWORDS | _MONTHS | {"per", "percent"}


@dataclass(frozen=True)
class Quantity:
    value: float
    unit: str
    text: str


def extract_quantities(sentence: str) -> tuple[Quantity, ...]:
    """Numbers with their unit word: '64 million dollars' -> (64e6, 'dollars'); a bare year -> unit 'year'."""
    out = []
    for m in _NUMBER.finditer(sentence):
        num, scale, unit = m.group(1), (m.group(2) or "").lower(), (m.group(3) or "").lower()
        try:
            value = float(num.replace(",", ""))
        except ValueError:
            continue
        unit = _UNIT_WORDS.get(unit, unit)
        if scale in ("%", "percent", "per cent", "pct"):
            out.append(Quantity(value, "percent", m.group(0).strip()))
            continue
        value *= _SCALE.get(scale, 1.0)
        if not scale and _YEAR.match(num) and (not unit or unit in _UNIT_SKIP):
            out.append(Quantity(value, "year", num))
            continue
        if unit and unit not in _UNIT_SKIP:
            out.append(Quantity(value, unit.rstrip("s") if len(unit) > 3 else unit, m.group(0).strip()))
    return tuple(out)
