"""Lenient date parsing for corpus metadata: ISO 8601, bare dates, epoch numbers, RFC 2822."""

from __future__ import annotations

import email.utils
import re
from datetime import UTC, date, datetime

# Plausible epoch seconds for a document date (1970 .. ~2286); larger numbers are milliseconds.
_EPOCH_MS_THRESHOLD = 1e11
_NUMERIC = re.compile(r"^-?\d+(\.\d+)?$")
_FORMATS = (
    "%Y/%m/%d",
    "%Y/%m/%d %H:%M:%S",
    "%Y.%m.%d",
    "%d.%m.%Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%b. %d, %Y",
    "%d %B %Y",
    "%d %b %Y",
    "%B %Y",
    "%Y%m%d",
)


class DateParseError(ValueError):
    pass


def parse_date(value: object) -> datetime | None:
    """Parse a document date leniently into a timezone-aware datetime.

    Accepts ISO 8601 strings (``2023-09-26T17:00:00+00:00``, ``...Z``, ``2023-09-26``),
    a year alone (``"2023"``), epoch seconds or milliseconds (numbers or numeric
    strings), RFC 2822 (``Tue, 26 Sep 2023 17:00:00 GMT``) and a few spelled-out
    forms (``September 26, 2023``, ``26 Sep 2023``). Values without a time zone
    are taken as UTC.

    Args:
        value: A string, number, ``date``/``datetime``, or ``None``/``""``.

    Returns:
        The datetime, or ``None`` when the value is empty.

    Raises:
        DateParseError: When the value is present but not a recognizable date.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise DateParseError(f"not a date: {value!r}")
    if isinstance(value, datetime):
        return _aware(value)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if isinstance(value, int | float):
        return _from_epoch(float(value))
    if not isinstance(value, str):
        raise DateParseError(f"not a date: {value!r}")
    s = value.strip()
    if not s:
        return None
    if _NUMERIC.match(s):
        if len(s) == 4:
            return datetime(int(s), 1, 1, tzinfo=UTC)
        if len(s) == 8 and s.isdigit() and s[:2] in ("19", "20"):
            return _strptime(s, "%Y%m%d")
        return _from_epoch(float(s))
    try:
        return _aware(datetime.fromisoformat(s))
    except ValueError:
        pass
    try:
        return _aware(email.utils.parsedate_to_datetime(s))
    except (TypeError, ValueError, IndexError):
        pass
    for fmt in _FORMATS:
        try:
            return _strptime(s, fmt)
        except ValueError:
            continue
    raise DateParseError(f"unrecognized date {value!r} (expected ISO 8601, a date, or epoch seconds)")


def _strptime(s: str, fmt: str) -> datetime:
    return datetime.strptime(s, fmt).replace(tzinfo=UTC)


def _from_epoch(x: float) -> datetime:
    if abs(x) >= _EPOCH_MS_THRESHOLD:
        x /= 1000.0
    try:
        return datetime.fromtimestamp(x, tz=UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise DateParseError(f"epoch value {x!r} is out of range") from exc


def _aware(d: datetime) -> datetime:
    return d if d.tzinfo is not None else d.replace(tzinfo=UTC)
