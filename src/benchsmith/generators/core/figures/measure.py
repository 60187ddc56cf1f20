"""What a figure in a sentence measures, as a noun phrase a question can name it by.

"Bucket policies are limited to 20 KB in size." -> "the maximum size of bucket policies";
"The minimum storage duration is 30 days." -> "the minimum storage duration".
Only clear shapes are read: a short subject, then a limit verb (or "is" after a measure noun),
then the value. A figure without such a phrase gets none, and no question is asked about it.
"""

from __future__ import annotations

import functools
import re

from benchsmith.generators.core.figures.actions import action_phrase

# limit wording right before the value -> the bound it sets
_MAX = (r"(?:can ?not|can't|must not|may not|should not|doesn't|does not|do not|don't)\s+(?:exceed|be (?:larger|greater|"
        r"more|longer) than)|(?:is|are|be)\s+limited\s+to|(?:can|may)\s+(?:be|have|contain|hold|store|take|last|include)\s+"
        r"(?:up to|as (?:much|many|large|long) as)|(?:is|are|be)\s+(?:up to|at most|no (?:more|larger|longer) than)|"
        r"(?:has|have) a (?:maximum|limit) of|(?:maximum|limit) (?:is|of)|expires? after|(?:is|are|be) valid for(?: up to)?")
_MIN = r"(?:must|should)\s+be\s+at\s+least|(?:is|are)\s+at\s+least|(?:has|have) a minimum of|minimum (?:is|of)"
_PLAIN = r"(?:is|are|was|equals)"
MEASURE_NOUNS = re.compile(r"\b(size|duration|period|time|timeout|limit|length|lifetime|interval|age|retention|"
                           r"percentage|rate|durability|availability|window|delay|expiration|threshold)\b", re.IGNORECASE)
NOUN = {"data": "size", "time": "duration", "percent": "percentage", "length": "length"}
_CLAUSE_START = re.compile(r"(?:^|[,;:(]\s*|\b(?:that|which|where|because|while|when|if|then)\s+)", re.IGNORECASE)
_PRONOUNS = {"it", "this", "that", "they", "these", "those", "which", "you", "we", "there", "each", "one", "both", "all"}
_SUBJECT_WORD = re.compile(r"^[A-Za-z0-9][\w'’./-]*$")
_OWNER = re.compile(r"(?:^|[,;:]\s*)((?:[\w-]+\s+){0,7}?[\w-]+)\s+(?:has|have|uses|use|sets|set|gets|get)\s*$")
_FOR = re.compile(r"^\s*(?:for|of)\s+((?:the\s+)?(?:[A-Z0-9][\w-]*\s+){1,4}(?:storage class|class|tier|buckets?|objects?))\b")
MAX_SUBJECT_WORDS = 8


def _sentence_capital(word: str) -> bool:
    """"Bucket" opening a sentence, not a name such as "S3", "IAM" or "McDonald"."""
    return word[:1].isupper() and word[1:].islower() and word.isalpha()


def noun_subject(text: str) -> str | None:
    """The noun phrase ending `text` after its last clause boundary, if it is short and names something."""
    text = _STRAY.sub("", re.sub(r"\([^()]*\)", " ", text))
    cut = 0
    for m in _CLAUSE_START.finditer(text):
        if m.end() < len(text.rstrip()):
            cut = m.end()
    words = re.sub(r"[*`]", "", text[cut:]).split()
    if words and words[0].lower() in ("and", "but", "so", "or"):
        words = words[1:]
    if not words or len(words) > MAX_SUBJECT_WORDS or not all(_SUBJECT_WORD.match(w) for w in words):
        return None
    if words[0].lower() in _PRONOUNS and len(words) == 1 or words[-1].lower() in _PRONOUNS:
        return None
    if words[0].lower() in ("each", "every", "any", "a", "an", "the", "your", "its", "their"):
        words = words[1:]
        if not words:
            return None
        # "the length of your path" keeps its noun bare (it follows "the maximum"); "each object" becomes "an object"
        # "metadata" and "data" take no article; "a user", "an upload"
        if not words[-1].endswith(("s", "data")) and not MEASURE_NOUNS.fullmatch(words[0]):
            vowel = re.match(r"[aeio]|u(?:n|pl|pd|pp)", words[0].lower()) is not None
            words = ["an" if vowel else "a", *words]
    if _sentence_capital(words[0]):
        words[0] = words[0].lower()  # a sentence's capital, not a name's (S3, IAM keep theirs)
    return " ".join(words)


_NAMED_OF = re.compile(rf"\b(?:a|an|the)\s+((?:[\w-]+\s+){{0,4}}?{MEASURE_NOUNS.pattern}(?:\s+period)?)\s+(?:of|is)\s+(?:up to\s+)?$",
                       re.IGNORECASE)
# "The maximum length of a record in the input or result is 1 MB": the whole noun phrase before "is" names it
_BOUND_OF = re.compile(rf"\bthe\s+((?:maximum|minimum|default)\s+(?:[\w-]+\s+){{0,2}}?{MEASURE_NOUNS.pattern}\s+of\s+"
                       r"(?:[\w-]+\s+){1,8}?)(?:is|are)\s+$", re.IGNORECASE)
_LIMITS = re.compile(r"\blimits\s+(?:the\s+)?((?:[\w-]+\s+){1,6}?)to\s+$", re.IGNORECASE)
_HYPHENATED = re.compile(rf"^\s+((?:[\w-]+\s+){{0,3}}?{MEASURE_NOUNS.pattern}(?:\s+period)?)\b", re.IGNORECASE)


def _phrase(words: str) -> str | None:
    words = " ".join(words.split())
    if len(words.split()) < 2 or not all(_SUBJECT_WORD.match(w) for w in words.split()):
        return None
    parts = words.split()
    name = words[:2].isupper() or parts[1][:1].isupper()  # "S3 ...", "Object Lock ...": a name keeps its capitals
    return f"the {words if name else words[0].lower() + words[1:]}"


# a time figure after a preposition names the time of its clause: "S3 RTC replicates new objects within 15 minutes"
_CLAUSE_TIME = {"within": "the time within which", "for": "the length of time for which", "after": "the time after which",
                "every": "the interval at which", "in": "the time in which"}
_STRAY = re.compile(r"\b(?:also|only|still|currently|generally|usually|typically|now|then|just)\s+", re.IGNORECASE)
MAX_CLAUSE_WORDS = 12


def _clause(text: str) -> str | None:
    """The clause that ends `text` ("S3 RTC replicates new objects"), if it is a plain statement with a subject."""
    text = _STRAY.sub("", re.sub(r"\([^()]*\)|[*`]", "", text)).strip()
    cut = 0
    for m in re.finditer(r"(?:^|[,;:]\s+|\b(?:that|which|where|because|while|when|if|so|but|and)\s+(?=[A-Z]|you\b|it\b))", text):
        if m.end() < len(text):
            cut = m.end()
    words = text[cut:].split()
    if not 4 <= len(words) <= MAX_CLAUSE_WORDS or not all(_SUBJECT_WORD.match(w) and w[-1] not in ".," for w in words):
        return None
    if any(re.search(r"\d", w) and w not in ("S3", "EC2") for w in words) or "and" in words[1:]:
        return None  # "replicates most objects in seconds and 99.99 percent of objects": two figures, no one measure
    if words[0].lower() in ("it", "this", "that", "they", "these", "those", "there", "which", "we", "and", "or", "to", "you"):
        return None  # "you start getting the exported report daily": whose report is said elsewhere
    if _sentence_capital(words[0]) and words[0] not in ("Amazon", "AWS"):
        words[0] = words[0].lower()
    # a question speaks of "the log bucket", not the reader's own ("your log bucket")
    return " ".join("the" if w.lower() == "your" else w for w in words)


def _clause_phrase(before: str, dimension: str) -> str | None:
    table = _CLAUSE_TIME if dimension == "time" else {}
    for prep, lead in sorted(table.items(), key=lambda p: -len(p[0])):
        m = re.search(rf"\b{prep}$", before, re.IGNORECASE)
        if m:
            clause = _clause(before[:m.start()])
            return f"{lead} {clause}" if clause else None
    return None


_LIST_MARK = re.compile(r"^\s*(?:[+*\u2022-]\s+)+")


_BOUND_WORDS = {"the", "a", "an", "of", "for", "maximum", "minimum", "minimal", "default", "max", "min", "period"}


def specific(phrase: str) -> bool:
    """A phrase that says whose measure it is: "the data retention" or "the expiration period" could be any page's."""
    words = [w for w in re.findall(r"[\w-]+", phrase.lower()) if w not in _BOUND_WORDS and not MEASURE_NOUNS.fullmatch(w)]
    return len(words) >= 2 or (len(words) == 1 and re.search(r"\b(?:of|for|which)\b", phrase) is not None)


def measure_phrase(line: str, value_start: int, dimension: str, value_end: int | None = None) -> str | None:
    """The noun phrase naming the figure that starts at `value_start` in `line`, or None (also when it is too vague)."""
    phrase = _measure_phrase(line, value_start, dimension, value_end)
    return phrase if phrase and specific(phrase) else None


def _measure_phrase(line: str, value_start: int, dimension: str, value_end: int | None = None) -> str | None:
    line = _LIST_MARK.sub(lambda m: " " * len(m.group(0)), line)  # "+ The maximum length ...": a list item's marker
    phrase = _named_phrase(line, value_start, dimension, value_end)
    if phrase:
        phrase = re.sub(r"\bof your\b", "of the", phrase)
    return phrase or action_phrase(line, value_start, value_end, dimension) or _clause_phrase(line[:value_start].rstrip(), dimension)


def _named_phrase(line: str, value_start: int, dimension: str, value_end: int | None) -> str | None:
    before = line[:value_start].rstrip()
    bound_of = _BOUND_OF.search(line[:value_start])
    if bound_of:
        return _phrase(bound_of.group(1))
    named = _NAMED_OF.search(line[:value_start]) or _LIMITS.search(line[:value_start])
    if named:
        phrase = _phrase(named.group(1))
        if phrase is None:
            return None
        if _LIMITS.search(line[:value_start]):
            return phrase.replace("the ", "the maximum ", 1)
        owner = _OWNER.search(line[:named.start()])
        owner_np = owner and noun_subject(owner.group(1))
        if owner_np:
            return f"{phrase} of {owner_np if owner_np.split()[0] in ('a', 'an') else 'the ' + owner_np}"
        return phrase + _for_tail(line, value_end)
    if value_end is not None and line[value_start:value_end].count("-"):
        # "the 30-day minimum storage duration": the figure names its measure right after itself
        m = _HYPHENATED.match(line[value_end:])
        return _phrase(m.group(1)) if m else None
    for pattern, bound in ((_MAX, "maximum"), (_MIN, "minimum")):
        m = re.search(rf"(?:(?:can|may|must|will|should)\s+)?(?:{pattern})$", before, re.IGNORECASE)
        if m:
            subj = noun_subject(before[:m.start()].rstrip())
            if subj is None:
                return None
            if MEASURE_NOUNS.search(subj):
                return f"the {subj}" if re.match(r"(?:maximum|minimum|default)\b", subj) else f"the {bound} {subj}"
            return f"the {bound} {NOUN.get(dimension, 'value')} of {subj}"
    m = re.search(rf"\b(?:{_PLAIN})$", before, re.IGNORECASE)
    if m:
        subj = noun_subject(before[:m.start()].rstrip())
        if subj is not None and MEASURE_NOUNS.search(" ".join(subj.split()[:4])):
            return f"the {re.sub(r'^(?:a|an) ', '', subj)}{_for_tail(line, value_end)}"
    return None


def _for_tail(line: str, value_end: int | None) -> str:
    """" for the S3 Glacier storage class" when the figure is followed by what it holds for."""
    target = _FOR.match(line[value_end:]) if value_end is not None else None
    return f" for {target.group(1) if target.group(1).startswith('the ') else 'the ' + target.group(1)}" if target else ""


_KEY_STOP = {"the", "a", "an", "of", "for", "in", "to", "on", "your", "by", "its", "their", "amount", "number"}


def measure_key(phrase: str) -> tuple[str, ...]:
    """What a measure phrase is about, without its bound and measure words: "the maximum size of a SQL expression"
    and "the maximum length of a SQL expression" are both ("sql", "expression")."""
    words = re.findall(r"[\w-]+", phrase.lower())
    return tuple(w for w in words if w not in _KEY_STOP and w not in _BOUND_WORDS and not MEASURE_NOUNS.fullmatch(w))


def qualified(phrase: str, title: str) -> str | None:
    """The phrase narrowed to its page's task when the title names one ("Selecting content from objects" ->
    "... when selecting content from objects"), else None: a measure two pages give different values needs it."""
    words = title.split()
    if not words or not re.fullmatch(r"[A-Z][a-z]+ing", words[0]) or len(words) > 8:
        return None
    return f"{phrase} when {words[0].lower()} {' '.join(words[1:])}".rstrip()


# What a measure is of ends where a qualifier starts: "objects to be copied", "a SQL expression when querying ...".
_QUALIFIER = re.compile(r"\s+(?:when|to|in|that|which|with|from|stored|used|uploaded|copied|downloaded|retrieved|restored|"
                        r"per|on|by|after|before|while|if|you)\b.*$")
_BOUND = {"maximum": "max", "max": "max", "minimum": "min", "minimal": "min", "min": "min", "default": "default"}
_CLAUSE_LEADS = tuple(lead.removeprefix("the ") for lead in _CLAUSE_TIME.values())
_CLAUSE_STOP = {"the", "a", "an", "your", "its", "their", "of", "to", "in", "are", "is", "be", "must", "can", "amazon", "s3"}
_MEASURE_FILLER = {"period", "amount", "number", "total", "overall"}


def _singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") and not word.endswith("ss") else word


@functools.lru_cache(maxsize=4096)
def measure_kind(phrase: str, dimension: str, row: str | None = None) -> str | None:
    """What a figure is a measure of, so only figures a user would put side by side are compared: the bound and
    the thing bounded. "the maximum size of bucket policies" and "... of access point policies" are both
    max size of a policy; the minimum storage duration of two storage classes is one kind; the maximum size of
    user-defined metadata and that of a SQL expression are not. A measure of a named thing (a table row "S3
    Standard-IA", "the length of the Danube") is of the kind of its measure noun. None when nothing says what it
    measures."""
    text = re.sub(r"\([^()]*\)|[*`]", " ", phrase).strip()
    low = " ".join(text.lower().split()).removeprefix("the ")
    for lead in _CLAUSE_LEADS:
        if low.startswith(lead + " "):
            # "the time within which CloudFront writes logs to your log bucket": what the clause ends on
            words = [w for w in re.findall(r"[\w-]+", low[len(lead):]) if w not in _CLAUSE_STOP]
            return f"{dimension}:clause:{' '.join(_singular(w) for w in words[-2:])}" if len(words) >= 2 else None
    words = text.split()
    if words and words[0].lower() == "the":
        words = words[1:]
    bound = _BOUND.get(words[0].lower(), "") if words else ""
    if bound:
        words = words[1:]
    head_words, _, subject = " ".join(words).partition(" of ")
    if not subject:
        head_words, _, subject = head_words.partition(" for ")
    measure = [w for w in head_words.split() if w.lower() not in _MEASURE_FILLER]
    nouns = [w for w in measure if MEASURE_NOUNS.fullmatch(w)]
    modifiers = [w for w in measure[: measure.index(nouns[0])] if w.lower() not in _BOUND] if nouns else measure[:-1]
    if modifiers:  # "the maximum object size", "the minimum storage duration of S3 Standard-IA"
        return f"{dimension}:{bound}:{_singular(modifiers[-1].lower())}"
    thing = _QUALIFIER.sub("", subject).split()
    named = row is not None or (thing and thing[-1][:1].isupper() and not thing[-1].isupper())
    if named and (nouns or measure):
        return f"{dimension}:{bound}:named {(nouns or measure)[-1].lower()}"
    if not thing or thing[-1].lower() in ("data", "content", "value", "item", "it", "this"):
        return None  # "the maximum amount of data": of anything
    return f"{dimension}:{bound}:{_singular(thing[-1].lower())}"
