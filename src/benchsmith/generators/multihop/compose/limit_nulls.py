"""Null queries for a manual: a count limit asked of a real holder for which the manual never states one.

    How many tags can a bucket hold?            (the manual states how many tags an object and a job take)

The question is one a reader of the manual takes as plausible: the manual states that kind of limit (tags) for
other holders, and it writes of this holder having such things ("add tags to a bucket"), so a system that
retrieves the object-tagging page is tempted to answer "10". It is provably unanswerable from the corpus: no
sentence of any page, read with the sentences beside it, names the holder and the counted thing together with a
figure or a word for one ("up to", "any number", "unlimited"). Nothing is invented but the pairing, and the
phrase recorded for the null validator ("tags per bucket") occurs nowhere in the corpus.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.core.figures.counts import singular
from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.compose.page_limits import _article, _subject, count_holder, read_page_limits
from benchsmith.generators.multihop.models import Draft
from benchsmith.generators.multihop.queries.null import NULL_ANSWER
from benchsmith.types import Document

TEMPLATES = ("How many {noun} can {holder} hold?", "What is the maximum number of {noun} per {bare}?")
# Words that state a limit ("up to", "any number of objects", "unlimited"): a window holding one with the holder and
# the counted thing may answer the question.
_LIMIT_WORDS = re.compile(r"\b(?:any number|unlimited|no limit|not limited|as many as|limit|limits|limited|maximum|"
                          r"minimum|at most|up to|no more than|cannot exceed|can't exceed|must not exceed|only one|"
                          r"quota|quotas)\b", re.IGNORECASE)
_NUMBER = r"(?:(?<![\w.-])\d[\d,]*|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|" \
          r"fifty|hundred|thousand|million|dozen))"
# Figures that count instances, not a capacity: "two or more rules conflict", "the two rules specify".
_INSTANCES = re.compile(r"\b(?:one|two|\d+) or more\b|\bthe (?:two|three|four|\d+)\b", re.IGNORECASE)
_EXAMPLE = re.compile(r"\bExample\s+\d", re.IGNORECASE)  # "Example 2: Replication configuration with two rules"
_DETERMINER = r"(?:(?:an?|the|each|every|your|that|this|its|their)\s+)?"
_VERBS = r"(?:add|apply|assign|associate|attach|set|create|configure|define|put|store|remove|delete)"


def _forms(phrase: str) -> str:
    """A regex matching the phrase in the singular or plural, whatever its case ("bucket" / "buckets")."""
    words = phrase.split()
    last = singular(words[-1].lower())
    head = r"\s+".join(re.escape(w) for w in words[:-1])
    tail = re.escape(last[:-1]) + r"(?:y|ies)" if last.endswith("y") else re.escape(last) + r"(?:s|es)?"
    lead = head + r"\s+" if head else ""
    return rf"(?<![\w-]){lead}{tail}(?![\w-])"


@lru_cache(maxsize=4096)
def _units(text: str) -> list[str]:
    return [text[s:e] for s, e in sentence_offsets(text)]


@lru_cache(maxsize=4096)
def _lower(text: str) -> str:
    return text.lower()


def _stem(phrase: str) -> str:
    """A lower-case piece every form of the phrase's last word contains ("polic" of "policy" and "policies")."""
    word = phrase.split()[-1].lower()
    return singular(word)[:-1] if len(word) > 3 else word


def _compound(holder: str, noun: str) -> str | None:
    """"replication rules" for rules of a "replication configuration": the holder's modifier before the noun."""
    words = holder.split()
    return f"{' '.join(words[:-1])} {noun}" if len(words) >= 2 else None


def stated_anywhere(holder: str, noun: str, documents: Sequence[Document]) -> bool:
    """Whether any page may state how many `noun` a `holder` takes: a sentence, read with the ones beside it, that
    names both (in either number), or the holder's own kind of the noun ("replication rules"), with a figure or a
    word for a limit."""
    h, n = re.compile(_forms(holder), re.IGNORECASE), re.compile(_forms(noun), re.IGNORECASE)
    compound = _compound(holder, noun)
    c = re.compile(_forms(compound), re.IGNORECASE) if compound else None
    h_stem, n_stem = _stem(holder), _stem(noun)
    for doc in documents:
        low = _lower(doc.text)
        if n_stem not in low or h_stem not in low and (compound is None or compound.split()[0].lower() not in low):
            continue
        own = c is not None and c.search(doc.text)
        if not (own or h.search(doc.text) and n.search(doc.text)):
            continue
        units = _units(doc.text)
        for i, unit in enumerate(units):
            window = " ".join(units[max(0, i - 1): i + 2])
            named = n.search(unit) and h.search(window) or (own and c.search(unit))
            if not named:
                continue
            # a limit word or a figure that bears on the noun (within a few words of it), outside a worked example
            near = re.compile(rf"(?:{_LIMIT_WORDS.pattern}|{_NUMBER})(?:\W+\w+){{0,5}}?\W+{n.pattern}"
                              rf"|{n.pattern}(?:\W+\w+){{0,5}}?\W+(?:{_LIMIT_WORDS.pattern}|{_NUMBER})", re.IGNORECASE)
            if any(near.search(_INSTANCES.sub(" ", u)) and not _EXAMPLE.search(u)
                   for u in units[max(0, i - 1): i + 2] if n.search(u)):
                return True
    return False


def held_by(holder: str, noun: str, documents: Sequence[Document]) -> bool:
    """Whether a page writes of the holder having the counted things: "tags to a bucket", "a bucket's tags",
    "tag the bucket", "rules in the replication configuration", "replication rules" (so the question is one a
    reader of the manual would ask)."""
    h, n = _forms(holder), _forms(noun)
    verb_noun = singular(noun.split()[-1].lower())
    compound = _compound(holder, noun)
    pattern = re.compile(
        rf"{n}\s+(?:to|on|with|for|of|per|in)\s+{_DETERMINER}{h}|{h}(?:'s|’s)\s+{n}"
        rf"|\b{_VERBS}\s+{n}\s+(?:to|on|for)\s+{_DETERMINER}{h}|\b{re.escape(verb_noun)}\s+{_DETERMINER}{h}"
        + (rf"|{_forms(compound)}" if compound else ""),
        re.IGNORECASE)
    h_stem, n_stem = _stem(holder), _stem(noun)
    return any(h_stem in (low := _lower(d.text)) and n_stem in low and pattern.search(d.text) for d in documents)


_NOT_MODIFIERS = frozenset("""the a an this that these those or and example existing optional s your each new same
following bucket object default current custom sample entire whole full my its their our any other""".split())
SIBLING_MIN = 5  # a sibling holder is a phrase the manual writes at least this many times


def siblings(heads: set[str], documents: Sequence[Document]) -> dict[str, str]:
    """Other things of a stated holder's kind that the manual names often ("replication configuration" beside
    "CORS configuration"): lower-case key -> the phrase as the manual most often writes it."""
    if not heads:
        return {}
    # written as a noun phrase ("the replication configuration"), not a verb's object ("managing object tags")
    pattern = re.compile(rf"\b(?:[Aa]n?|[Tt]he|[Yy]our|[Ee]ach) ([A-Za-z][\w-]+) ({'|'.join(map(re.escape, sorted(heads)))})s?\b")
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for d in documents:
        for m in pattern.finditer(d.text):
            if m.group(1).lower() not in _NOT_MODIFIERS and m.group(1).isalpha():
                counts[f"{m.group(1).lower()} {m.group(2)}"][f"{m.group(1)} {m.group(2)}"] += 1
    return {k: max(v, key=v.get) for k, v in counts.items() if sum(v.values()) >= SIBLING_MIN}


def limit_null_candidates(limits: Sequence, documents: Sequence[Document], phrase_occurs) -> list[dict]:
    """(noun, holder) pairs for null questions: a counted noun the manual limits for some holders, asked of another
    holder (of a stated count limit, or of the same kind as a stated holder) that the manual writes of having such
    things and never gives a figure for."""
    holders: dict[str, str] = {}  # lower -> as written
    nouns: dict[str, set[str]] = defaultdict(set)  # counted noun -> the holders it is stated for (lower)
    for lim in limits:
        if lim.dimension != "count":
            continue
        h = count_holder(lim)
        if h is None or h[0].split()[-1].lower() in ("request", "response", "upload", "region"):
            continue
        bare = re.sub(r"^(?:an?|the) ", "", h[0])
        holders.setdefault(bare.lower(), bare)
        if len(h[1].split()) == 1:
            nouns[h[1]].add(bare.lower())
    out = []
    for noun in sorted(nouns):
        stated = nouns[noun]
        # kin only of a holder named by more than its head ("CORS configuration"): "an object" has no kind to share
        kin = siblings({s.split()[-1] for s in stated if len(s.split()) >= 2}, documents)
        for low, bare in sorted({**holders, **kin}.items()):
            if any(set(low.split()) & set(s.split()) - set(kin and low.split()[-1:]) for s in stated):
                continue  # "S3 Batch Operations job" beside "Batch Operations job": the same holder, for all we know
            if singular(noun) in map(singular, low.split()):
                continue
            key = f"{noun} per {bare}"
            if phrase_occurs(key) or not held_by(bare, noun, documents) or stated_anywhere(bare, noun, documents):
                continue
            out.append({"noun": noun, "bare": bare, "key": key, "stated_for": sorted(stated)})
    return out


_SIZE = re.compile(r"(?<![\w.-])\d[\d,.]*\s*(?:KB|MB|GB|TB|KiB|MiB|bytes|kilobytes|megabytes|characters)\b"
                   r"|\b(?:size|sizes|length|larger|smaller|limited to|up to|maximum|at most|no more than)\b", re.IGNORECASE)
# Words that make a kind of the stated holder's head a wider class than it ("an access policy" covers bucket policies)
_WIDE = frozenset("access resource identity permission permissions following preceding example sample inline custom "
                  "new existing".split())


def size_stated_anywhere(holder: str, documents: Sequence[Document]) -> bool:
    """Whether any page may state how large a `holder` can be: a sentence naming it, read with the ones beside it,
    that gives a size or speaks of size or a limit."""
    h = re.compile(_forms(holder), re.IGNORECASE)
    stem = _stem(holder)
    for doc in documents:
        if stem not in _lower(doc.text) or not h.search(doc.text):
            continue
        units = _units(doc.text)
        for i, unit in enumerate(units):
            if h.search(unit) and _SIZE.search(" ".join(units[max(0, i - 1): i + 2])):
                return True
    return False


def size_null_candidates(limits: Sequence, documents: Sequence[Document], phrase_occurs) -> list[dict]:
    """Holders for "What is the maximum size of <holder>?" null questions: things of the kind whose size the manual
    limits for others ("bucket policies", "access point policies" -> "a key policy"), never given a size anywhere."""
    stated: dict[str, set[str]] = defaultdict(set)  # head -> the stated holders (lower)
    for lim in limits:
        sub = _subject(lim) if lim.dimension == "data" else None
        # a kind of thing named plainly ("bucket policies"), not a way of using one ("an object copied in a single
        # atomic operation") or a choice ("an input or output record")
        if sub is not None and re.fullmatch(r"[A-Za-z][\w-]*(?: [\w-]+){1,2}", sub[1]) and not re.search(
                r"\b(?:an?|the|or|and|\w+ed)\b", sub[1]):
            stated[singular(sub[1].split()[-1].lower())].add(" ".join(map(singular, sub[1].lower().split())))
    out = []
    for head in sorted(stated):
        for low, bare in sorted(siblings({head}, documents).items()):
            words = low.split()
            if words[0] in _WIDE or " ".join(map(singular, words)) in stated[head] or any(
                    set(words[:-1]) & set(s.split()[:-1]) for s in stated[head]):
                continue
            holder = _article(bare)
            key = f"maximum size of {holder}"
            if phrase_occurs(key) or phrase_occurs(f"{bare} size") or size_stated_anywhere(bare, documents):
                continue
            out.append({"noun": "", "bare": bare, "key": key, "holder": holder, "stated_for": sorted(stated[head]),
                        "size": True})
    return out


_CANDIDATES: PerCorpus[list[dict]] = PerCorpus()


def _candidates(index) -> list[dict]:
    """The candidates of a corpus index, computed once per index."""
    return _CANDIDATES.get(index, "limits", lambda: _compute_candidates(index))


def _compute_candidates(index) -> list[dict]:
    docs = list(index.documents)
    by_doc: dict[str, list] = defaultdict(list)
    for chunk in getattr(index, "chunks", ()):
        by_doc[chunk.doc_id].append(chunk)
    limits = read_page_limits(docs, by_doc)
    cands = [*limit_null_candidates(limits, docs, index.phrase_occurs),
             *size_null_candidates(limits, docs, index.phrase_occurs)]
    _units.cache_clear()  # the per-page splits served this one computation: not kept for the life of the process
    _lower.cache_clear()
    return cands


def build_limit_null(index, rng: random.Random) -> Draft | str:
    """One null query over an unstated count limit, or the reason there is none."""
    if not hasattr(index, "documents"):
        return "no_unstated_limits"
    cands = _candidates(index)
    if not cands:
        return "no_unstated_limits"
    cand = cands[rng.randrange(len(cands))]
    if cand.get("size"):
        i = len(TEMPLATES)
        query = f"What is the maximum size of {cand['holder']}?"
    else:
        i = rng.randrange(len(TEMPLATES))
        query = TEMPLATES[i].format(noun=cand["noun"], holder=_article(cand["bare"]), bare=cand["bare"])
    return Draft(
        query=query, answer=NULL_ANSWER, question_type="null_query", claims=(), bridge_entity=None, bridge_topic=None,
        keywords=(cand["key"],), null_entities=(cand["key"],), null_sources=(),
        computation={"op": "null", "invented": [cand["key"]], "from_parts": [cand["bare"]],
                     "unstated_limit": {"noun": cand["noun"] or "size", "holder": cand["bare"],
                                        "stated_for": cand["stated_for"]}},
        template=f"null.limit.{i}",
    )
