"""Limits that are counts of a named thing: "You can associate up to 10 tags with an object" is 10 tags per object.

The counted noun is the figure's kind (tags, rules, grants): a question compares only counts of one noun, so
"tags per object" sits beside "tags per job", never beside "buckets per account". A count is kept only where its
sentence says what holds the things counted (a "per"/"with"/"in each" scope after it, or a named subject before
it); "Each request returns up to 1,000 keys" says of no request in particular and gives no fact.
"""

from __future__ import annotations

import re

from benchsmith.generators.core.figures.measure import noun_subject

# the wording of an upper limit right before the number
_LEAD = (r"(?:\bup to(?: a maximum of)?|\bas many as|\ba maximum of|\bat most|\bno more than|\blimited to(?: a maximum of)?|"
         r"\blimit(?:ation)? of)\s+")
_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)"
# one optional modifier, then a plural noun: "tags", "job tags", "routing rules", "access points"
_COUNTED = r"((?:[a-z][a-z-]+\s+)?[a-z][a-z-]*[a-rt-z]s)\b"
COUNT = re.compile(rf"{_LEAD}{_NUMBER}\s+{_COUNTED}")
# nouns that are units of a measure, not things a limit counts
NOT_COUNTED = {"characters", "bits", "times", "years", "months", "requests", "results", "items", "entries", "values",
               "others", "words", "digits", "letters", "lines", "columns"}
_END = r"(?=\s*[.,;:()]|\s+(?:and|or|if|as|by|unless|so|but|that|which|before|after|when|to)\b|\s*$)"
# a holder's name: up to four words, none a participle ("with an indicator indicating ...": no holder)
_SCOPE_WORDS = r"((?:(?![\w-]*ing\b)[A-Za-z0-9][\w-]*\s+){0,3}?(?![\w-]*ing\b)[A-Za-z0-9][\w-]*)"
_PER = re.compile(rf"^\s+per\s+{_SCOPE_WORDS}(\s+per\s+[A-Z][\w-]*)?{_END}")
_WITH_EACH = re.compile(rf"^\s+(?:with|to|in|for|on)\s+(?:a single|an?|each|every)\s+{_SCOPE_WORDS}{_END}")
_IN_EACH_OF = re.compile(rf"^\s+in\s+each\s+of\s+(?:your|the)\s+{_SCOPE_WORDS}{_END}")
_HOLDER_VERB = re.compile(r"\s+(?:can|may)\s+(?:have|contain|hold|include|store)\s+$|\s+(?:is|are)\s+limited\s+to\s+$",
                          re.IGNORECASE)


def singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") and not word.endswith("ss") else word


_THE = re.compile(rf"^\s+(?:to|in|for|on)\s+the\s+([a-z][\w-]*){_END}")
_ACRONYM = re.compile(r"\(([A-Z][A-Z0-9]{1,7})\)\s*$")


def _scope_after(after: str, title: str = "") -> str | None:
    # "You can add up to 100 rules to the configuration" on "Cross-origin resource sharing (CORS)": the page's thing
    the, acronym = _THE.match(after), _ACRONYM.search(title)
    if the and acronym:
        return f"per {acronym.group(1)} {the.group(1)}"
    for pattern in (_PER, _IN_EACH_OF, _WITH_EACH):
        m = pattern.match(after)
        if m:
            words = m.group(1).split()
            if pattern is _IN_EACH_OF:
                words[-1] = singular(words[-1])
            scope = "per " + " ".join(words)
            return scope + (m.group(2) or "") if pattern is _PER and m.lastindex and m.lastindex >= 2 else scope
    return None


def _holder_before(before: str, noun: str) -> str | None:
    """"An ACL can have up to 100 grants" -> "in an ACL"; a holder named by the thing counted ("a tag set can
    contain 50 tags") or by one plain word ("a request") does not say whose limit it is."""
    m = _HOLDER_VERB.search(before)
    if m is None:
        return None
    holder = noun_subject(before[:m.start()])
    if holder is None:
        return None
    words = [w for w in holder.split() if w.lower() not in ("a", "an", "the", "even")]
    if not words or singular(noun.split()[-1]) in {singular(w.lower()) for w in words}:
        return None
    if len(words) < 2 and not any(c.isupper() for c in words[0]):
        return None
    if holder.split()[0] in ("a", "an"):
        bare = holder.split(maxsplit=1)[1]
        vowel = re.match(r"[aeiou]|[AEFHILMNORSX](?:[A-Z0-9]|\b)", bare) is not None  # "an ACL", "an S3 ..."
        return f"in {'an' if vowel else 'a'} {bare}"
    return f"in the {holder}"


_FOR_EACH = re.compile(rf"^\s*(?:[+*-]\s+)?For each\s+{_SCOPE_WORDS},", re.IGNORECASE)
# "Each list keys response returns a page of up to 1,000 keys": a holder of two words or more ("Each request returns
# up to 1,000 versions" says of no request in particular)
_EACH_RETURNS = re.compile(r"(?:^|[.;:]\s+)Each\s+((?:[a-z][\w-]*\s+){1,3}?(?:request|response|call|page|batch|job|"
                           r"upload|operation|query))\s+(?:returns|lists|contains|can return|can list)\s+(?:a page of\s+)?$")


def counts(line: str, title: str = ""):
    """(value, noun, label, start, end) of each count limit in `line` whose holder the sentence names."""
    for m in COUNT.finditer(line):
        noun = m.group(2)
        if noun.split()[-1] in NOT_COUNTED or noun.split()[0] in ("of", "more", "other"):
            continue
        # "For each list parts request, Amazon S3 returns ..., up to a maximum of 1,000 parts": the holder leads
        leading = _FOR_EACH.match(line[:m.start()]) or _EACH_RETURNS.search(line[:m.start()])
        scope = (_scope_after(line[m.end():], title) or _holder_before(line[:m.start()], noun)
                 or (f"per {leading.group(1)}" if leading else None))
        if scope is None:
            continue
        done = _done(line[:m.start()])
        yield (float(m.group(1).replace(",", "")), noun, f"the maximum number of {noun}{done} {scope}", m.start(1), m.end(2))


# "you can delete up to 1000 objects in a single HTTP request": objects deleted per HTTP request, not any objects
_ACTED = {"delete": "deleted", "upload": "uploaded", "copy": "copied", "list": "listed", "restore": "restored",
          "retrieve": "retrieved", "send": "sent", "replicate": "replicated", "return": "returned", "tag": "tagged"}
_ACTION_BEFORE = re.compile(r"\b(?:can|to)\s+(\w+)\s+$", re.IGNORECASE)


def _done(before: str) -> str:
    """" deleted" where the limit follows "can delete" / "to delete": what is done to the things counted."""
    m = _ACTION_BEFORE.search(before)
    verb = m.group(1).lower() if m else ""
    return f" {_ACTED[verb]}" if verb in _ACTED else ""


_ROW = re.compile(r"(?:Maximum|Max\.?) number of\s+((?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*s)\b(\s+.{3,80})?", re.IGNORECASE)


def row_count(row: str) -> tuple[str, str] | None:
    """A table row naming a count limit ("Maximum number of parts per upload") -> ("parts", its label), else None."""
    m = _ROW.fullmatch(row.strip())
    if m is None or m.group(1).split()[-1].lower() in NOT_COUNTED:
        return None
    return m.group(1).lower(), "the maximum number of " + (m.group(1) + (m.group(2) or "")).lower()


def count_kind(noun: str) -> str:
    """Counts compare only when they count one thing: "job tags" and "tags" are both tags."""
    return f"count:max:{singular(noun.split()[-1].lower())}"
