"""Reading fixed-width wire copy: hard-wrapped lines and datelines.

Old newswire, plain-text mail and RFCs break lines at ~70 characters inside sentences, and a wire story opens with
where and when it was filed ("PORTLAND, Ore., Feb 26 - "). Every generator that reads sentences needs both undone the
same way, and always without moving an offset, so a span found in the view is a span of the original text.
"""

from __future__ import annotations

import re

_SOFT_BREAK = re.compile(r"(?<=\S)[ \t]*\n(?=[^\s])")
_LONGEST_WRAPPED_LINE = 90
# Markdown's headings, tables, "*"/"+" lists and code are short on purpose, never wrapped prose ("- " opens list
# lines in wire copy too, so it proves nothing).
_MARKDOWN_LINE = re.compile(r"^\s*(?:#|\||\*|\+|```)")


def is_hard_wrapped(text: str) -> bool:
    """Whether the text was broken into short fixed-width lines mid-sentence."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) < 3 or max(len(ln) for ln in lines) > _LONGEST_WRAPPED_LINE:
        return False
    if any(_MARKDOWN_LINE.match(ln) for ln in lines):
        return False
    continued = sum(1 for ln in lines[:-1] if not ln.rstrip().endswith((".", "!", "?", ":", '"')))
    return continued >= max(2, len(lines) // 3)


def unwrapped(text: str) -> str:
    """The text with its mid-sentence line breaks read as spaces, every offset unchanged (same length); an indented
    or blank line still opens a paragraph."""
    if "\n" not in text or not is_hard_wrapped(text):
        return text
    return _SOFT_BREAK.sub(lambda m: " " * len(m.group(0)), text)


# Any case, and the wire's own typos ("MArch", "FEb", "Mach", "Narch").
_MONTHS = (r"(?i:(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|mach|narch|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
           r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?)")
# Region words split only at a space, and at most three regions: a list of capitalised words must not make the
# match backtrack through every way of cutting it (a manual's "Foo, Bar, Baz, ..." took minutes).
_REGION = r"[A-Z][A-Za-z.]{0,12}(?:\s[A-Z][A-Za-z.]{0,12}){0,2}"
# "CLEVELAND, Feb 26 - ", "PORTLAND, Ore., Feb 26 - ", "NEW YORK, March 2 - ", "ST. JOHN'S, Nfld., March 4 -- ",
# "HALIFAX, Nova Scotia, March 3 - ", "RICHMOND, Va. Feb 26 - " (no comma after an abbreviated state).
# No "^": the pattern is matched at a sentence's start, and "^" would hold only at the text's.
_DATELINE = re.compile(rf"[ \t]*[A-Z][A-Za-z .'’&/-]{{1,40}}(?:,\s+{_REGION}){{0,3}}(?:,|(?<=\.))\s+{_MONTHS}"
                      rf"\s+\d{{1,2}}\s*[-–—]+[ \t]*")


def dateline_end(text: str, start: int = 0) -> int:
    """Where the body begins when a wire dateline opens `text` at `start` (else `start`)."""
    m = _DATELINE.match(text, start)
    return m.end() if m else start


def without_dateline(text: str) -> str:
    """The text with a leading wire dateline removed."""
    return text[dateline_end(text):]
