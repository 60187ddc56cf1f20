"""Exact match for FRAMES answers that are a number or a date, read from the answer's final line.

The baseline prompt (rag_frames.v1.j2) asks for the final answer on the last line, so
only that line is read: the reasoning above it mentions many numbers and dates.
Other answers (names, titles) get no match score; the autorater judges them.
"""

from __future__ import annotations

import math
import re
from typing import Literal

AnswerKind = Literal["number", "date", "text"]

MONTHS = {m: i + 1 for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                           "september", "october", "november", "december"))}
MONTHS.update({m[:3]: n for m, n in list(MONTHS.items())})
MONTHS["sept"] = 9
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+(\d{{3,4}})\b", re.IGNORECASE)
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{3,4}})\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(rf"\b{_MONTH},?\s+(\d{{3,4}})\b", re.IGNORECASE)
_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_NUMBER = re.compile(r"(?<![\w.])[-\u2212]?\d[\d,]*(?:\.\d+)?|(?<![\w.])[-\u2212]?\.\d+")
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_WORDS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                      "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                                      "eighteen", "nineteen", "twenty"))}
# A gold answer is a number when, besides the number, it holds at most a short unit ("12 years", "$3.5 million").
_NUMERIC_GOLD = re.compile(r"^[~$€£]?\s*[-\u2212]?[\d,]*\.?\d+\s*(%|[A-Za-z][A-Za-z.]*(?:\s+[A-Za-z][A-Za-z.]*){0,2})?\.?$")
_FINAL_PREFIX = re.compile(r"^\W*(?:final\s+answer|answer)\s*(?:is)?\s*[:\-]?\s*", re.IGNORECASE)

Date = tuple[int, int, int | None]  # year, month, day (None: month precision)


def final_line(answer: str) -> str:
    """The answer's last non-empty line, without a 'Final answer:' label or emphasis."""
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    return _FINAL_PREFIX.sub("", lines[-1].replace("**", "")).strip()


def dates_in(text: str) -> list[Date]:
    out: list[Date] = []
    for m in _DAY_MONTH_YEAR.finditer(text):
        out.append((int(m.group(3)), _month(m.group(2)), int(m.group(1))))
    for m in _MONTH_DAY_YEAR.finditer(text):
        out.append((int(m.group(3)), _month(m.group(1)), int(m.group(2))))
    for m in _ISO.finditer(text):
        out.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    if not out:
        out = [(int(m.group(2)), _month(m.group(1)), None) for m in _MONTH_YEAR.finditer(text)]
    return [d for d in out if 1 <= d[1] <= 12 and (d[2] is None or 1 <= d[2] <= 31)]


def _month(word: str) -> int:
    return MONTHS[word.lower().rstrip(".")[:3]]


def numbers_in(text: str) -> list[float]:
    """Numbers in `text`, with 'million'-style scales applied and small number words read."""
    out: list[float] = []
    for m in _NUMBER.finditer(text):
        raw = m.group(0).replace(",", "").replace("\u2212", "-")
        try:
            value = float(raw)
        except ValueError:
            continue
        following = text[m.end():m.end() + 12].strip().lower()
        for word, factor in _SCALE.items():
            if following.startswith(word):
                value *= factor
        out.append(value)
    if not out:  # "five" counts only where no digits are written
        out = [float(_WORDS[w]) for w in re.findall(r"[a-z]+", text.lower()) if w in _WORDS]
    return out


def answer_kind(gold: str) -> AnswerKind:
    g = gold.strip()
    if dates_in(g) and len(g) <= 40:
        return "date"
    if _NUMERIC_GOLD.match(g) and numbers_in(g):
        return "number"
    return "text"


def _decimals(gold: str) -> int:
    m = re.search(r"\.(\d+)", gold)
    return len(m.group(1)) if m else 0


def match(prediction: str, gold: str) -> float | None:
    """1.0 / 0.0 when the gold answer is a number or a date, else None (not applicable)."""
    kind = answer_kind(gold)
    if kind == "text":
        return None
    line = final_line(prediction)
    if kind == "date":
        want = dates_in(gold)[0]
        got = dates_in(line)
        return float(any(d[:2] == want[:2] and (want[2] is None or d[2] == want[2]) for d in got))
    want_n = numbers_in(gold)[0]
    places = _decimals(gold)
    return float(any(math.isclose(v, want_n, rel_tol=1e-9, abs_tol=1e-9) or round(v, places) == round(want_n, places)
                     for v in numbers_in(line)))
