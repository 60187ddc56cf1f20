"""How the corpus describes its people ("the American painter", "striker", "chief executive"): a newswire's null
question asks which organization named an invented person to one of the posts its stories name ("Which
organization named Bruno Dickens its chief executive?").

Descriptions are read from two shapes the documents use: "<Name> was an American painter" and the
appositive "... striker Lucia Brandt". Only descriptions given to at least MIN_PEOPLE distinct people of
the corpus count: a description held by one person would point at that person.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from benchsmith.generators.multihop.text import STOPWORDS
from benchsmith.generators.multihop.topics import _VERBS

MIN_PEOPLE = 2
_NAME = r"([A-Z][a-z]+(?: [A-Z][a-z]+){1,2})"
_IS_A = re.compile(_NAME + r" (?:was|is) (?:an?|the) ((?:[A-Z][\w\-]+ ){0,2}[a-z]+(?: [a-z]+)?)")
_BEFORE = re.compile(r"(?:^|[.;,]\s+|\b(?:the|a|an|by|with|and|of|for|to)\s+)((?:[A-Za-z]+\s+)?[a-z]+)\s+" + _NAME + r"\b")
_NOT_ROLE_WORDS = frozenset("""said says told added according former late then now also who whose which that whom
    member part one son daughter wife husband father mother brother sister child children friend grandson
    granddaughter grandfather grandmother stepfather stepmother later other another either neither whether rather
    together number order water paper power center centre winter summer letter manner matter chapter character
    cover border corner quarter owner holder partner leader player founder river department government banner
    parliament monument element moment document instrument apartment settlement movement tournament tower
    silver copper lower upper inner outer fever theater theatre""".split())
# A description of a person ends in a person noun: "painter", "director", "artist", "historian", "executive".
# Gendered descriptions ("actress", "chairman") and titles held by a few ("duke", "pope") are left out: the
# invented name's first name may not fit them, and a title points at the few who hold it.
_PERSON_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "ive", "eur")
_PERSON_NOUNS = frozenset("""coach poet mayor judge chef architect sculptor composer diplomat striker goalkeeper captain
    scientist engineer economist analyst""".split())
_GENDERED = frozenset("""actress waitress hostess duchess princess empress mistress stewardess heiress poetess
    chairman chairwoman businessman businesswoman spokesman spokeswoman""".split())
# Nationalities and other capitalised words that stay capitalised inside a description ("American artist").
_KEEP_CAPITAL = ("an", "ese", "ish", "ch", "i", "ic", "ss")


def _role(words: list[str]) -> str | None:
    while words and (words[-1] in STOPWORDS or words[-1] in _VERBS):
        words = words[:-1]
    if not words:
        return None
    head = words[-1].lower()
    if head in _GENDERED or not (head in _PERSON_NOUNS or head.endswith(_PERSON_ENDINGS)):
        return None
    if (len(head) < 4 or head in _NOT_ROLE_WORDS or head.endswith(("ly", "ed", "ing"))
            or any(w.lower() in _NOT_ROLE_WORDS or w.lower() in _VERBS or w.lower() in STOPWORDS for w in words)):
        return None
    if not words[0][0].isupper() and len(words) > 2:
        return None
    return " ".join(w if w[0].isupper() and i < len(words) - 1 and w.lower().endswith(_KEEP_CAPITAL) else w.lower()
                    for i, w in enumerate(words))


FALLBACK_MIN_PEOPLE = 3


def person_roles(texts: Iterable[str], people: Sequence[str]) -> list[str]:
    """Descriptions the corpus gives at least MIN_PEOPLE of `people`, most widely held first. Where the people
    found are too few to share any (an article collection about works names its artists in passing), any
    capitalised name in those two shapes counts, and a description needs FALLBACK_MIN_PEOPLE of them."""
    texts = list(texts)
    roles = _roles(texts, set(people), MIN_PEOPLE)
    return roles or _roles(texts, None, FALLBACK_MIN_PEOPLE)


def _roles(texts: Sequence[str], known: set[str] | None, min_people: int) -> list[str]:
    holders: dict[str, set[str]] = {}
    for text in texts:
        for m in _IS_A.finditer(text):
            if (known is None or m.group(1) in known) and (role := _role(m.group(2).split())):
                holders.setdefault(role, set()).add(m.group(1))
        for m in _BEFORE.finditer(text):
            if (known is None or m.group(2) in known) and (role := _role(m.group(1).split())):
                holders.setdefault(role, set()).add(m.group(2))
    counts = Counter({r: len(p) for r, p in holders.items() if len(p) >= min_people})
    return [r for r, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
