"""Size limits a manual states as what the reader can do: "With the Amazon S3 Console, you can upload a single object
up to 160 GB in size" is the maximum size of an object uploaded with the Amazon S3 Console.

The way the action is done (a leading "With X," / "Using X", or a trailing "in a single operation") is part of what
the figure measures: the same page says 5 GB for one PUT and 5 TB for a multipart upload, so a limit whose sentence
names no way of doing it gives no phrase at all.
"""

from __future__ import annotations

import re

PARTICIPLE = {"upload": "uploaded", "copy": "copied", "create a copy of": "copied", "store": "stored",
              "download": "downloaded", "retrieve": "retrieved", "restore": "restored", "transfer": "transferred"}
_VERBS = "|".join(sorted((re.escape(v) for v in PARTICIPLE), key=len, reverse=True))
# "With a single PUT operation, you can upload a single object up to" / "Using the multipart upload API you can upload
# objects up to" / "You can create a copy of your object up to"
_ACTION = re.compile(
    rf"(?:\b(?P<prep>With|Using)\s+(?P<means>(?:the\s+|a\s+|an\s+)?[\w.-]+(?:\s+[\w.-]+){{0,5}}?),?\s+)?"
    rf"\byou\s+can\s+(?P<verb>{_VERBS})\s+(?:a\s+single\s+|an?\s+|your\s+|single\s+|one\s+)?(?:large\s+)?"
    r"(?P<noun>objects?|files?|parts?|archives?)\s*,?\s+(?:of\s+)?(?:up\s+to|as\s+large\s+as)\s+$",
    re.IGNORECASE)
_TAIL = re.compile(r"^\s*(?:in\s+size\s*|size\s+|each\s*)?(?P<scope>(?:in|with)\s+(?:a|one)\s+single(?:\s+atomic|\s+PUT)?"
                   r"\s+(?:operation|request))\b", re.IGNORECASE)


def _singular(noun: str) -> str:
    return noun[:-1] if noun.lower().endswith("s") else noun


def action_phrase(line: str, value_start: int, value_end: int | None, dimension: str) -> str | None:
    """"the maximum size of an object uploaded with the Amazon S3 Console" for a data size the reader can act on,
    or None when the sentence is not such a statement or names no way of doing it."""
    if dimension != "data":
        return None
    m = _ACTION.search(re.sub(r"[*`]", " ", line[:value_start]))
    if m is None:
        return None
    noun = _singular(m.group("noun").lower())
    article = "an" if noun[0] in "aeiou" else "a"
    done = PARTICIPLE[m.group("verb").lower()]
    tail = _TAIL.match(line[value_end:]) if value_end is not None else None
    if m.group("means"):
        means = m.group("means")
        if means.split()[0].lower() in ("the", "a", "an"):
            means = means.split(maxsplit=1)[0].lower() + " " + means.split(maxsplit=1)[1]
        scope = f"{m.group('prep').lower()} {means}"
    elif tail:
        scope = tail.group("scope")
    else:
        return None
    return f"the maximum size of {article} {noun} {done} {scope}"
