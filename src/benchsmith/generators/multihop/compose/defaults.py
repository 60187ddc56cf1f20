"""A manual's default states compared between two pages: "Are both S3 Versioning and server access logging off
by default?", "Unlike S3 Versioning, is CloudTrail on by default?".

Each page states a feature's default in one sentence ("By default, S3 Versioning is disabled.", "CloudTrail is enabled
by default."); the two features are named in the question and their states are read from two pages, so the answer
needs both. A feature named by one common word ("logging", "notifications") takes the name the page's title gives it
("Amazon S3 server access logging"); a subject with a pronoun, a clause or a qualifier the sentence states after
"by default" ("... enabled by default for access points") keeps that qualifier or is not asked. The answer is
re-derived by `consistency.comparison` (op `default_state`) from the state words of the cited sentences.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document
from benchsmith.validators.multihop import DEFAULT_STATES

STATES = DEFAULT_STATES  # what each state word means, as the comparison validator reads it
_STATE = r"(?P<state>not enabled|disabled|enabled|turned off|turned on|off|on)"
_SUBJECT = r"(?P<subj>[A-Za-z][\w -]{2,50}?)"
_PATTERNS = (
    re.compile(rf"^\s*(?:[+*-]\s+)?By default, {_SUBJECT} (?:is|are) {_STATE}(?P<after>[^.;:]*)[.;:]?\s*$"),
    # "When you set up your AWS account, CloudTrail is enabled by default.": the occasion a default applies to
    re.compile(rf"^\s*(?:[+*-]\s+)?(?:When you [\w -]{{3,60}}, )?{_SUBJECT} (?:is|are) {_STATE} by default"
               rf"(?P<after>[^.;:]*)[.;:]?\s*$"),
)
_BAD = re.compile(r"\b(?:it|they|this|that|these|those|which|when|if|you|your|its|their|also|only|now)\b", re.IGNORECASE)
_FUNCTION = frozenset("how to the a an of for with in on and or by from your about".split())
_LEAD = re.compile(r"^(?:all|the|all the|any|every)\s+", re.IGNORECASE)
# "on"/"off", not the page's own "enabled"/"disabled": the question is the reader's words (wording overlap)
_WHEN = {"on": "on", "off": "off"}
MAX_SUBJECT_WORDS = 5


@dataclass(frozen=True)
class DefaultState:
    page: Profile
    subject: str  # "S3 Versioning", "Amazon S3 server access logging"
    state: str  # on | off
    word: str  # the state as the sentence writes it ("disabled", "not enabled")
    sentence: Value


def _titled(subject: str, title: str) -> str | None:
    """A one-word feature ("logging") named as the page's title names it ("Amazon S3 server access logging")."""
    m = re.search(rf"((?:[\w-]+ ){{0,4}}){re.escape(subject)}\b", title, re.IGNORECASE)
    if m is None:
        return None
    words = m.group(1).split()
    # only the name's own words: what follows the title's last task word or function word ("Configuring Amazon S3
    # event notifications" -> "Amazon S3 event notifications"; "Protecting data using encryption" -> none)
    cut = [i for i, w in enumerate(words) if w.lower().endswith("ing") or w.lower() in _FUNCTION]
    words = words[cut[-1] + 1:] if cut else words
    return " ".join([*words, subject]) if words else None


def _subject(raw: str, after: str, title: str) -> str | None:
    subject = _LEAD.sub("", raw.strip())
    after = after.strip()
    if _BAD.search(subject) or len(subject.split()) > 6:
        return None
    if after and not re.fullmatch(r"for (?:any|all|every)\b[\w -]*", after):
        # "enabled by default for access points": a qualifier the question must keep ("for any type of event" says
        # nothing more); anything else is not asked
        m = re.fullmatch(r"for (?:an? |the )?([\w -]{3,30})", after)
        if m is None:
            return None
        subject = f"{subject} for {m.group(1)}"
    if len(subject.split()) == 1 and subject.islower():
        subject = _titled(subject, title) or ""
    # a long name in common words ("block public access settings for access points") would make the question
    # mostly the page's own wording
    return subject if subject and len(subject.split()) <= MAX_SUBJECT_WORDS else None


def read_defaults(documents: Sequence[Document]) -> list[DefaultState]:
    """Every default a page states of a named feature, as on or off (one per page and feature)."""
    out: dict[tuple[str, str], DefaultState] = {}
    for doc in documents:
        if "by default" not in doc.text.lower():
            continue
        page = Profile(doc.doc_id, doc.title)
        for s, e in sentence_offsets(doc.text):
            sentence = doc.text[s:e]
            if "by default" not in sentence.lower() or "`" in sentence or "](" in sentence:
                continue
            for pattern in _PATTERNS:
                m = pattern.match(sentence)
                if m is None:
                    continue
                subject = _subject(m.group("subj"), m.group("after"), doc.title)
                if subject is not None:
                    state = STATES[m.group("state")]
                    out.setdefault((doc.doc_id, subject.lower()), DefaultState(
                        page, subject, state, m.group("state"), Value(m.group("state"), s, s + len(sentence.rstrip()))))
                break
    return list(out.values())


def _related(x: DefaultState, y: DefaultState) -> bool:
    """Two features apart: not one named within the other ("CloudTrail" and "CloudTrail data events")."""
    wx, wy = set(x.subject.lower().split()), set(y.subject.lower().split())
    return not (wx <= wy or wy <= wx)


def default_candidates(defaults: Sequence[DefaultState], rng: random.Random) -> list[dict]:
    """Yes/No comparisons of two features' default states on two pages, each feature in one pair (`key`),
    Yes and No in turn, each candidate carrying its opposite (`flip`) for the composer to take when the answers
    accepted so far lean the other way."""
    by_subject: dict[str, list[DefaultState]] = {}
    for d in defaults:
        by_subject.setdefault(d.subject.lower(), []).append(d)
    # a feature whose pages disagree on its default is not asked
    subjects = sorted(k for k, ds in by_subject.items() if len({d.state for d in ds}) == 1)
    pairs = [(a, b) for i, a in enumerate(subjects) for b in subjects[i + 1:]]
    rng.shuffle(pairs)
    # each feature in one question at most: three questions over three features ask one default twice each
    taken: set[str] = set()
    pairs = [p for p in pairs if not (set(p) & taken) and not taken.update(p)]
    out = []
    first_yes = bool(pairs) and rng.random() < 0.5  # no draw without defaults: other corpora keep their seeded order
    for i, (a, b) in enumerate(pairs):
        want_yes = first_yes == (i % 2 == 0)  # Yes and No in turn, so neither waits for its opposite
        for x in by_subject[a]:
            for y in by_subject[b]:
                if x.page.doc_id == y.page.doc_id or not _related(x, y):
                    continue
                order = rng.random() < 0.5
                cand, flip = (_candidate(x, y, want, random.Random(order)) for want in (want_yes, not want_yes))
                out.append({**cand, "flip": flip})
    return out


def _be(subject: str) -> str:
    """"is" or "are" for the subject: "block public access settings for access points" are; "S3 Versioning" is."""
    head = subject.split(" for ")[0].split()[-1]
    return "are" if head.islower() and head.endswith("s") and not head.endswith("ss") else "is"


def _candidate(x: DefaultState, y: DefaultState, want_yes: bool, rng: random.Random) -> dict:
    first, second = (x, y) if rng.random() < 0.5 else (y, x)
    if x.state != y.state and want_yes:
        # "Unlike X, is Y on by default?": asked only as stated (asked of X's state, "unlike" would say what is false)
        target, both, answer = second.state, False, "Yes"
        query = f"Unlike {first.subject}, {_be(second.subject)} {second.subject} {_WHEN[target]} by default?"
        first, second = second, first  # the state asked of comes first in the record
    else:
        # "Are both X and Y off by default?": Yes as stated; No asked of the other state, or of two states that differ
        if want_yes:
            target = x.state
        else:
            target = ("off" if x.state == "on" else "on") if x.state == y.state else first.state
        both = True
        answer = "Yes" if x.state == y.state == target else "No"
        query = f"Are both {first.subject} and {second.subject} {_WHEN[target]} by default?"
    return {
        "type": "comparison_query", "query": query, "answer": answer, "page_facts": True,
        "key": "default | " + " | ".join(sorted((x.subject.lower(), y.subject.lower()))),
        "evidence": [(first.page, first.sentence), (second.page, second.sentence)],
        "anchors": [first.subject, second.subject], "bridge": None,
        "template": f"comparison.default.{'both' if both else 'unlike'}",
        "computation": {"op": "default_state", "state": target, "both": both, "values": [first.word, second.word],
                        "subjects": [first.subject, second.subject], "attribute": "default state"},
    }
