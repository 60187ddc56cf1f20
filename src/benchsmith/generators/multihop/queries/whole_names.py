"""Whether a story writes a name whole: not a piece of a longer name ("Electric Co" of "General Electric Co"), read
with what news copy puts around names (titles, officers, lists, possessives)."""

from __future__ import annotations

import re

from benchsmith.generators.multihop.text import STOPWORDS
from benchsmith.text import regex

# A capitalised word and a joiner right before: "Stock Exchange of Hong Kong", "Single Channel Ground and ...".
JOINED_BEFORE = re.compile(r"[A-Z][\w&'’.\-]*\s+(?:of|and|&|de|for)\s+$")
# "General Electric Co" read as "Electric Co"; "Single Channel Ground and Airborne Radio System" cut at "and".
_NAME_WORD_BEFORE = re.compile(r"([A-Z][\w&'’.\-]*)\s+$")
_JOINED_AFTER = re.compile(r"\s+(?:of|and|&|de|for)\s+[A-Z]")
# A company's name ends at its legal suffix: "Apple Computer Inc and AST Research Inc" is a list of two.
_COMPANY_END = re.compile(r"(?:Inc|Corp|Co|Cos|Ltd|Plc|PLC|AG|SA|NV|BV|Corporation|Company)\.?")
_LISTED_BEFORE = re.compile(r"([A-Z][\w&'’.\-]*)\s+(?:and|&)\s+$")


# A person's title is no part of the name: "Mayor Elena Marsh" writes the whole "Elena Marsh".
_PERSON_TITLE = re.compile(r"(?:Mayor|President|Chairman|Chairwoman|Secretary|Minister|Premier|Chancellor|Councill?or|"
                           r"Senator|Sen\.|Governor|Gov\.|Rep\.|Representative|Congressman|Congresswoman|Speaker|Judge|"
                           r"Justice|Director|Commissioner|Ambassador|Dr\.?|Mr\.?|Mrs\.?|Ms\.?|Sir|Lord|Lady|King|Queen|"
                           r"Prince|Princess|Professor|Prof\.|Coach|Captain|Bishop|Pope|Father|Sheikh|Deputy|Treasurer|"
                           r"General|Gen\.|Colonel|Col\.|Lieutenant|Admiral|Chief|Inspector|Leader|Spokesman|Spokeswoman|Envoy)")


def whole_name_in(text: str, name: str, person: bool = False) -> bool:
    """Whether `text` writes `name` (in any case) at least once as a whole name: no capitalised name word right
    before it ("General Electric Co" holds no whole "Electric Co"; "In", "The" and other small words are no name's;
    for a `person`, a title is not either) and no name going on after it (a capitalised word other than an officer's
    title, or, for all but a person, "and"/"of" and one)."""
    # "Southwest Airlines Co's" as a mention wrote it: the name is what precedes the possessive
    words = r"\s+".join(re.escape(w) for w in re.sub(r"['’]s$", "", name).split())
    # in any case ("NASDAQ" and "Nasdaq"); the words around it decide
    for m in regex(r"(?<![\w-])" + words + r"(?![\w-])", re.IGNORECASE).finditer(text):
        before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 40]
        word = _NAME_WORD_BEFORE.search(before)
        listed = _LISTED_BEFORE.search(before)
        if word is not None and word.group(1).lower() not in STOPWORDS \
                and not (person and _PERSON_TITLE.fullmatch(word.group(1))) \
                or JOINED_BEFORE.search(before) and not (listed and _COMPANY_END.fullmatch(listed.group(1))):
            continue
        title_after = re.match(r"\s+([A-Z][\w.]*)", after)
        if title_after and _PERSON_TITLE.fullmatch(title_after.group(1)):
            return True  # "Bank of Canada Governor John Crow": the name, then its officer's title
        # A person's name, or a company's after its suffix, goes on with no "and": "Paul Volcker and International
        # Monetary Fund", "AST Research Inc and Apple Computer Inc" are lists
        ends = person or _COMPANY_END.fullmatch(name.split()[-1]) is not None
        if re.match(r"\s+[A-Z][a-z]", after) or not ends and _JOINED_AFTER.match(after):
            continue
        return True
    return False
