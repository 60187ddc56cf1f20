"""Limits a manual's pages state, read as typed facts, and comparisons of one kind of limit between two pages.

The facts come from the shared figure reader (`generators/core/figures/`): a count limit only where its
sentence names the holder ("up to 10 tags with an object", "| Maximum number of parts per upload | 10,000 |"),
a size or a duration only where the sentence names what it measures ("Bucket policies are limited to 20 KB in
size"). Two limits compare when they bound one kind of thing (`measure_kind` / `count_kind`: tags with tags,
rule counts with rule counts, policy sizes with policy sizes) on two pages, for two different holders; one limit
restated on two pages is no pair. The question names each holder in its own words and never quotes a title:
"Can an object have more tags than an S3 Batch Operations job?", "Is the maximum size of bucket policies at
least as large as that of access point policies?". The answer is computed from the two figures
(`consistency.comparison`, op `exceeds`, re-derives it from the cited sentences).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from benchsmith.generators.core.figures.counts import count_kind, singular
from benchsmith.generators.core.figures.facts import extract_facts
from benchsmith.generators.core.figures.measure import measure_kind, qualified
from benchsmith.generators.multihop.compose.limits import cross_page_pairs
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Chunk, Document
from benchsmith.validators.multihop import limit_value

# A page states a limit only near these words: most pages state none and are not read at all.
_CUE = re.compile(r"\b(?:up to|limited to|limitation of|maximum|minimum|at most|no more than|cannot exceed|"
                  r"must not exceed|can't exceed|at least|valid for)\b", re.IGNORECASE)
DIMENSIONS = frozenset({"count", "data", "time"})
MAX_QUESTION_WORDS = 22
_COUNT_LABEL = re.compile(r"^the maximum number of (?P<noun>.+?) (?P<prep>per|in|returned for|for|with) (?P<holder>.+)$")
_OF_LABEL = re.compile(r"^(?P<head>the (?:maximum|minimum|minimal)(?: [\w-]+){0,3}? (?:size|length|duration(?: period)?)) "
                       r"(?P<prep>of|for) (?P<subject>.+)$")
_DEFAULT = re.compile(r"\bby default\b", re.IGNORECASE)
_MORE = {"data": "larger", "time": "longer", "length": "longer"}
_AS = {"data": "as large as", "time": "as long as", "length": "as long as"}


@dataclass(frozen=True)
class PageLimit:
    """One limit a page states: what it bounds (`kind`), in the page's words (`label`), its figure and sentence."""

    page: Profile
    kind: str  # "count:max:tag", "data:max:policy", ...
    dimension: str  # count | data | time
    label: str  # "the maximum number of tags per object"
    amount: float  # in the dimension's base unit (bytes, seconds, things)
    figure: str  # the figure as written: "10 tags", "20 KB", "10,000"
    sentence: Value  # the verbatim sentence (or table row) that states it; Value.text is the figure
    title: str
    context: Value | None = None  # the list lead that names a subjectless list item's subject, cited with it
    default: bool = False  # "By default, you can create up to 100 buckets": a quota the reader may have raised


def read_page_limits(documents: Sequence[Document], chunks_by_doc: Mapping[str, Sequence[Chunk]]) -> list[PageLimit]:
    """Every count, size and duration limit the pages state with a name for what they bound."""
    out: list[PageLimit] = []
    for doc in documents:
        if not _CUE.search(doc.text):
            continue
        page = Profile(doc.doc_id, doc.title)
        for fact in extract_facts(doc, tuple(chunks_by_doc.get(doc.doc_id, ()))):
            if fact.kind != "quantity" or fact.dimension not in DIMENSIONS or not fact.label or "|" in fact.label:
                continue
            kind = count_kind(fact.unit) if fact.dimension == "count" else measure_kind(fact.label, fact.dimension)
            amount = limit_value(fact.value_text, fact.dimension)
            if kind is None or amount is None or not fact.label.startswith("the "):
                continue
            sentence = doc.text[fact.span.start:fact.span.end]
            out.append(PageLimit(page, kind, fact.dimension, " ".join(fact.label.split()), amount, fact.value_text,
                                 Value(fact.value_text, fact.span.start, fact.span.end), doc.title,
                                 default=_DEFAULT.search(sentence) is not None))
    return out


def _article(bare: str) -> str:
    # "an ACL", "an S3 ...", "an Outpost", "a CORS ...", "a user"
    vowel = re.match(r"[aeioAEIO](?![A-Z])|[uU](?!ni|s[aeiu])|[AEFHILMNORSX](?:[A-Z0-9]|\b)", bare) is not None
    return f"{'an' if vowel else 'a'} {bare}"


def _named_holder(word: str, title: str) -> str:
    """A one-word holder ("job") takes the proper name the page's title gives it ("Managing S3 Batch Operations
    jobs" -> "S3 Batch Operations job"), so the question says which job."""
    m = re.search(rf"\b((?:[A-Z][\w-]* )*?[A-Z][\w-]*) {re.escape(word)}s?\b", title)
    if m is None:
        return word
    name = m.group(1).split()
    while name and name[0].endswith("ing"):  # "Managing S3 Batch Operations jobs": the task word is no part of it
        name = name[1:]
    return " ".join([*name, word]) if name else word


_TIME_UNIT = re.compile(r"^(?:(?:milli|micro)?second|minute|hour|day|week|month|year)s?\b", re.IGNORECASE)


def count_holder(limit: PageLimit) -> tuple[str, str, str] | None:
    """(holder with its article, counted noun, what follows the noun) of a count label: "the maximum number of
    access points per AWS account per Region" -> ("an AWS account", "access points", " per Region")."""
    m = _COUNT_LABEL.match(limit.label)
    if m is None or m.group("prep") in ("returned for", "for"):
        return None
    holder = re.sub(r"^(?:an?|the) ", "", m.group("holder"))
    holder, _, rest = holder.partition(" per ")
    if not re.fullmatch(r"[\w-]+(?: [\w-]+){0,4}", holder) or _TIME_UNIT.match(holder):
        return None  # "messages per second" is a rate: a second holds nothing
    if " " not in holder and holder.islower():
        holder = _named_holder(holder, limit.title)
    return _article(holder), m.group("noun"), f" per {rest}" if rest else ""


def _one(subject: str) -> str:
    """One of the things a plural subject names, with its article: "access point names" -> "an access point name"."""
    bare = re.sub(r"^(?:an?|the) ", "", subject)
    words = bare.split()
    words[-1] = singular(words[-1])
    return _article(" ".join(words))


def _head(phrase: str) -> str:
    return singular(re.findall(r"[\w-]+", phrase.lower())[-1]) if re.search(r"\w", phrase) else ""


# "objects to be copied": which copy is meant only the page's own feature says (a Batch Operations job)
_PENDING = re.compile(r"\bto be \w+ed\b")


def _subject(limit: PageLimit) -> tuple[str, str] | None:
    """(measure head, what it is of) of a size or duration label: ("the maximum size", "bucket policies"); None for
    a subject that names no feature and means one only on its page."""
    m = _OF_LABEL.match(limit.label)
    return (m.group("head"), m.group("subject")) if m and not _PENDING.search(m.group("subject")) else None


_STOP = frozenset({"a", "an", "the", "of", "in", "or", "and", "to", "be", "for", "per", "your"})


def _words(phrase: str) -> set[str]:
    return {singular(w) for w in re.findall(r"[\w-]+", phrase.lower()) if w not in _STOP}


def same_limit(x: PageLimit, y: PageLimit) -> bool:
    """One limit stated twice (on two pages, or in two wordings: "an input or output record" and "a record in the
    input or result"), or a general limit and a narrower holder of it at the same figure ("an object" and "an
    object uploaded using the multipart upload API", both 5 TB): one figure for holders named mostly by the same
    words, or one holder's words all within the other's. No question compares them."""
    if x.label.lower() == y.label.lower():
        return True
    if x.amount != y.amount:
        return False
    if x.dimension == "count":
        hx, hy = count_holder(x), count_holder(y)
        wx, wy = (_words(hx[0]) if hx else set()), (_words(hy[0]) if hy else set())
    else:
        sx, sy = _subject(x), _subject(y)
        wx, wy = (_words(sx[1]) if sx else set()), (_words(sy[1]) if sy else set())
    # "an object uploaded using the multipart upload API" (5 TB) beside "an object" (5 TB): the general limit and
    # one way of reaching it, one figure; asking whether either exceeds the other is a tautology.
    return not wx or not wy or len(wx & wy) / len(wx | wy) >= 0.5 or wx <= wy or wy <= wx


def question(x: PageLimit, y: PageLimit, strict: bool) -> str | None:
    """Whether x's limit exceeds y's (strict) or reaches it, in the words of their kind; None if they cannot be
    named apart. A default quota is asked as one ("Without a quota increase, can ..."): raised, it would answer
    otherwise (worded apart from the manual's "By default", which the overlap cap would count as copied)."""
    query = _question(x, y, strict)
    if query is None or not (x.default or y.default):
        return query
    return f"Without a quota increase, {query[0].lower()}{query[1:]}"


def same_noun(holder_x: str, noun_x: str, holder_y: str, noun_y: str) -> str | None:
    """The one noun two counts count, where each names it plainly or by its holder ("job tags" of a job): "tags";
    else None ("routing rules" of a website configuration are not "rules" of a CORS configuration)."""
    if noun_x.split()[-1] == noun_y.split()[-1] and all(
            len(n.split()) == 1 or _words(n.split()[0]) <= _words(h) for n, h in ((noun_x, holder_x), (noun_y, holder_y))):
        return noun_x.split()[-1]
    return None


def _question(x: PageLimit, y: PageLimit, strict: bool) -> str | None:
    if x.dimension == "count":
        hx, hy = count_holder(x), count_holder(y)
        if hx is None or hy is None:
            return None
        if hx[0].lower() == hy[0].lower():
            return _one_holder(hx, hy, strict) if x.kind != y.kind else None
        (holder_x, noun_x, rest_x), (holder_y, noun_y, rest_y) = hx, hy
        if (_head(holder_x) == "request") != (_head(holder_y) == "request"):
            return None  # what one request returns is a page size, not what a resource can hold
        if (shared := same_noun(holder_x, noun_x, holder_y, noun_y)) is not None:
            noun_x = noun_y = shared  # a job's "job tags" are its tags
        if (noun_x, rest_x) == (noun_y, rest_y):
            tail = ""
        elif noun_x == noun_y:
            # "... as an AWS account can hold in one Region"; "... per Region as an Outposts bucket"
            tail = " can have" + re.sub(r"^ per ", " in one ", rest_y) if rest_y else ""
        else:
            tail = f" can have {noun_y}{rest_y}"
        # "hold", not the manual's own "associate"/"add"/"have": the question is the reader's, not a pasted sentence
        tail = tail.replace(" can have ", " can hold ")
        if strict:
            return f"Can {holder_x} hold more {noun_x}{rest_x} than {holder_y}{tail}?"
        return f"Can {holder_x} hold as many {noun_x}{rest_x} as {holder_y}{tail}?"
    sx, sy = _subject(x), _subject(y)
    if sx is None or sy is None:
        return None
    (head_x, of_x), (head_y, of_y) = sx, sy
    if x.dimension == "length":  # names, keys, values: "Can an access point name be longer than a bucket name?"
        one_x, one_y = _one(of_x), _one(of_y)
        if one_x.lower() == one_y.lower():
            return None
        return f"Can {one_x} be longer than {one_y}?" if strict else f"Can {one_x} be as long as {one_y}?"
    label_x, label_y = x.label, y.label
    if of_x.lower() == of_y.lower():
        # One thing measured on two pages ("a SQL expression"): each side is narrowed to its page's task
        label_x, label_y = qualified(x.label, x.title), qualified(y.label, y.title)
        if label_x is None or label_y is None:
            return None
        second = label_y
    elif head_x.split()[:2] == head_y.split()[:2] and head_x.split()[-1] == head_y.split()[-1]:
        second = f"that of {of_y}"
    else:
        second = label_y
    more = _MORE[x.dimension]
    return f"Is {label_x} {more} than {second}?" if strict else f"Is {label_x} at least {_AS[x.dimension]} {second}?"


def _one_holder(hx: tuple[str, str, str], hy: tuple[str, str, str], strict: bool) -> str | None:
    """Two counts of one holder stated on two pages: "Can an AWS account hold more access points per Region than
    buckets?"."""
    (holder, noun_x, rest_x), (_, noun_y, rest_y) = hx, hy
    if "request" in (_head(holder),):
        return None
    if strict:
        return f"Can {holder} hold more {noun_x}{rest_x} than {noun_y}{rest_y}?"
    return f"Can {holder} hold as many {noun_x}{rest_x} as {noun_y}{rest_y}?"


def _anchors(x: PageLimit, y: PageLimit) -> list[str]:
    """What one page would have to state for a reader to answer alone: both figures (or both holders' names when
    the figures are equal)."""
    if x.amount != y.amount:
        return [x.figure, y.figure]
    names = []
    for lim in (x, y):
        holder = count_holder(lim) if lim.dimension == "count" else _subject(lim)
        names.append(re.sub(r"^(?:an?|the) ", "", holder[0] if lim.dimension == "count" else holder[1]) if holder else lim.figure)
    return names


def limit_side(lim: PageLimit) -> tuple[str, str, float]:
    """What one side of a comparison is: the kind, the head of its holder, the figure ("tag", "job", 50)."""
    holder = count_holder(lim) if lim.dimension == "count" else _subject(lim)
    return lim.kind, _head((holder[0] if lim.dimension == "count" else holder[1]) if holder else lim.label), lim.amount


def page_limit_pairs(limits: Sequence[PageLimit]) -> list[tuple[PageLimit, PageLimit]]:
    """Pairs of limits of one kind on two pages, for two holders, in a fixed order."""
    pairs = cross_page_pairs(limits, lambda x, y: x.dimension == y.dimension and not same_limit(x, y))
    # Counts of two things one holder takes, on two pages ("buckets per AWS account", "access points per AWS
    # account per Region"): what a user sizing one account or one bucket compares.
    by_holder: dict[str, list[PageLimit]] = defaultdict(list)
    for lim in limits:
        held = count_holder(lim) if lim.dimension == "count" else None
        if held is not None:
            by_holder[held[0].lower()].append(lim)
    for holder in sorted(by_holder):
        group = by_holder[holder]
        for i, x in enumerate(group):
            for y in group[i + 1:]:
                if x.page.doc_id != y.page.doc_id and x.kind != y.kind:
                    pairs.append((x, y))
    return pairs


def cited(lim: PageLimit) -> list[tuple[Profile, Value]]:
    """The sentence stating the limit, after the list lead that names its subject when it has none of its own."""
    return [*([(lim.page, lim.context)] if lim.context is not None else []), (lim.page, lim.sentence)]


def page_limit_candidates(limits: Sequence[PageLimit], rng) -> list[dict]:
    """Yes/No comparisons of related limits on two pages, its answer drawn Yes or No with equal chance ("more
    than" when the figures differ, "as many as" when they may be equal). A pair of limits is one question
    (`key`): the pages that restate it follow one another as alternatives, in the same orientation, so a
    page already cited enough gives way to another page stating the same limit; the first accepted one is
    asked, the rest are refused as already asked."""
    variants: dict[frozenset, list[tuple[PageLimit, PageLimit]]] = defaultdict(list)
    for x, y in page_limit_pairs(limits):
        variants[frozenset((limit_side(x), limit_side(y)))].append((x, y))
    groups = sorted(variants, key=lambda k: sorted(map(str, k)))
    rng.shuffle(groups)
    # Things of one sort first ("a bucket name" and "an access point name"; two configurations' rules): they make
    # the questions a user asks; a name against a tag value is asked only with what is left
    groups.sort(key=lambda k: len({side[1] for side in k}) > 1 and len(k) > 1)
    out: list[dict] = []
    # Yes and No in turn (first drawn at random), and each candidate carries its opposite (`flip`: the same pair
    # asked the other way), which the composer takes when the answers accepted so far lean the other way: an
    # answer left waiting for its opposite is an item lost
    first_yes = bool(groups) and rng.random() < 0.5  # no draw without limits: other corpora keep their seeded order
    for gi, sides in enumerate(groups):
        alternatives = variants[sides]
        rng.shuffle(alternatives)
        want_yes = first_yes == (gi % 2 == 0)
        loose = rng.random() < 0.5  # "at least as" rather than "more than", where the figures differ
        key = " | ".join(sorted(map(str, sides)))
        asked = [_oriented(alternatives, want, loose, key) for want in (want_yes, not want_yes)]
        for cand, flip in zip(*asked, strict=True):
            if cand is not None:
                out.append({**cand, "flip": flip} if flip is not None else cand)
    return out


def _oriented(alternatives: Sequence[tuple[PageLimit, PageLimit]], want_yes: bool, loose: bool, key: str) -> list:
    """One candidate per page pair stating the two limits (None where it cannot be worded), all asked so that the
    answer is Yes (`want_yes`) or No."""
    x0, y0 = alternatives[0]
    if x0.amount == y0.amount:
        strict = not want_yes  # "at least as large as" -> Yes; "larger than" -> No
    else:
        strict = not loose
        if (x0.amount > y0.amount) != want_yes:
            x0, y0 = y0, x0
    first = limit_side(x0)
    out: list[dict | None] = []
    for x, y in alternatives:
        if limit_side(x) != first:
            x, y = y, x
        query = question(x, y, strict)
        if query is None or len(query.split()) > MAX_QUESTION_WORDS:
            out.append(None)
            continue
        answer = "Yes" if (x.amount > y.amount if strict else x.amount >= y.amount) else "No"
        out.append({
            "type": "comparison_query", "query": query, "answer": answer, "key": key, "page_facts": True,
            "evidence": [*cited(x), *cited(y)], "anchors": _anchors(x, y), "bridge": None,
            "template": f"comparison.page_limit.{x.dimension}.{'more' if strict else 'at_least'}",
            "computation": {"op": "exceeds", "strict": strict, "dimension": x.dimension,
                            "values": [x.figure, y.figure], "attribute": x.kind, "subjects": [x.label, y.label]},
        })
    return out
