"""Leading pronouns resolved against the article text before the fact.

"It/Its/The company" takes the most recent ORG that was the subject of an
earlier sentence of the article (else the article's most mentioned ORG);
"He/She/His/Her" the most recent PERSON subject (else the most mentioned
PERSON). Names are recognised in the text by the corpus-wide entity types, so a
district can never be the one who "said" something. When no compatible
antecedent exists the claim is dropped rather than guessed.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from benchsmith.corpora.wire import dateline_end, unwrapped
from benchsmith.generators.multihop.entity_types import PERSON_TITLES, EntityTypes
from benchsmith.generators.multihop.models import Entity
from benchsmith.generators.multihop.text import normalize_entity

_NAME = re.compile(r"[A-Z][\w’'\-]*(?:\s+(?:of\s+|de\s+|van\s+|&\s+)?[A-Z][\w’'\-]*)*")
_SENTENCE_START = re.compile(r"(?:^|[.!?][\"”]?\s+|\n\s*)$")
_LOOKBACK_SENTENCES = 4
_SENTENCE_SPAN = 5000  # the rest of a name's sentence is read within this much text
_OPENER_SPAN = 400  # the text before a name that tells whether it opens a sentence (a page may run to a megabyte)
_THING_LABELS = frozenset({"ORG", "GPE", "LOC", "FAC", "PRODUCT"})  # what "it" may also be

PERSON_PRONOUNS = ("He", "She", "His", "Her")
ORG_PRONOUNS = ("It", "Its")


@dataclass(frozen=True)
class Mention:
    entity: Entity
    start: int
    is_subject: bool


def mentions(text: str, types: EntityTypes, labels: frozenset[str]) -> list[Mention]:
    """Names in `text` whose voted type is in `labels`, with whether each opens a sentence."""
    out = []
    for m in _NAME.finditer(text):
        words = m.group(0).split()
        start = m.start()
        lead_title = False
        while len(words) > 1 and words[0].lower() in PERSON_TITLES:  # "Mayor Elena Marsh"
            start += len(words[0]) + 1
            words = words[1:]
            lead_title = True
        for n in range(len(words), 0, -1):  # longest known prefix: "Kestrel Robotics founder" -> "Kestrel Robotics"
            surface = " ".join(words[:n])
            norm = normalize_entity(surface)
            label = types.label(norm, "")
            if label in labels:
                opener = text[max(0, m.start() - _OPENER_SPAN): m.start()]
                subject = bool(_SENTENCE_START.search(opener)) or (opener.endswith(("The ", "the ")) and bool(_SENTENCE_START.search(opener[:-4])))
                out.append(Mention(Entity(surface, label, norm, start), start, subject or lead_title and bool(_SENTENCE_START.search(opener))))
                break
    return out


@lru_cache(maxsize=64)
def _sentence_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer(r"[.!?][\"”]?\s+", text)]


@lru_cache(maxsize=64)
def _article_mentions(text: str, types: EntityTypes, labels: frozenset[str]) -> list[Mention]:
    """`mentions` of a whole article, read once: every leading pronoun of it looks them up."""
    return mentions(text, types, labels)


_MALE = re.compile(r"\b(?:he|his|him|himself)\b", re.I)
_FEMALE = re.compile(r"\b(?:she|her|hers|herself)\b", re.I)


def person_genders(doc_text: str, people: list[Mention]) -> dict[str, str]:
    """'m'/'f' for people the article refers back to with one kind of pronoun only.

    Evidence: a pronoun later in the sentence naming the person, or one opening
    the next sentence ("Brandt opened the scoring. She added ...").
    """
    votes: dict[str, Counter[str]] = {}
    for m in people:
        after = doc_text[m.start + len(m.entity.text) : m.start + len(m.entity.text) + _SENTENCE_SPAN]
        end = re.search(r"[.!?][\"”]?\s+", after)
        window = after[: end.end()] + " ".join(after[end.end() :].split()[:1]) if end else after
        v = votes.setdefault(m.entity.norm, Counter())
        v["m"] += len(_MALE.findall(window))
        v["f"] += len(_FEMALE.findall(window))
    return {k: ("m" if v["m"] > v["f"] else "f") for k, v in votes.items() if (v["m"] == 0) != (v["f"] == 0)}


@lru_cache(maxsize=64)
def _article_genders(doc_text: str, types: EntityTypes) -> dict[str, str]:
    return person_genders(doc_text, _article_mentions(doc_text, types, frozenset({"PERSON"})))


@lru_cache(maxsize=64)
def wire_body(doc_text: str) -> str:
    """The text with hard-wrapped lines joined and a wire dateline blanked, every offset unchanged, so the
    story's first subject ("CLEVELAND, Feb 26 - Acme Corp said ...") opens a sentence and the place does not."""
    text = unwrapped(doc_text)
    end = dateline_end(text, 0)
    return "\n" + " " * (end - 1) + text[end:] if end else text


def resolve_antecedent(
    doc_text: str, fact_start: int, wanted: frozenset[str], types: EntityTypes, gender: str | None = None
) -> Entity | None:
    """The entity a leading pronoun at `fact_start` refers to, or None when unsure.

    `gender` ("m" for he/his, "f" for she/her) skips people the article itself
    refers to with the other pronoun only.
    """
    doc_text = wire_body(doc_text)
    if gender is not None:
        genders = _article_genders(doc_text, types)
        wanted_ok = lambda e: genders.get(e.norm, gender) == gender  # noqa: E731
    else:
        wanted_ok = lambda e: True  # noqa: E731
    # the article's sentence starts before the fact (a match running past the fact ends at or after it either way)
    all_starts = _sentence_starts(doc_text)
    starts = all_starts[:bisect_left(all_starts, fact_start)]
    window_start = starts[-_LOOKBACK_SENTENCES] if len(starts) >= _LOOKBACK_SENTENCES else 0
    # Recency over every typed subject, not only the wanted type: "Its population" after a
    # sentence about a district must not jump back to the firm named before it.
    # A subject of unsure type (ENTITY) in between also blocks: then the referent is unclear.
    rivals = wanted | {"ENTITY"} | (_THING_LABELS if wanted & {"ORG"} else frozenset())
    recent = [m for m in mentions(doc_text[window_start:fact_start], types, rivals) if m.is_subject and wanted_ok(m.entity)]
    if recent:
        return recent[-1].entity if recent[-1].entity.label in wanted else None
    everywhere = [m for m in _article_mentions(doc_text, types, wanted) if wanted_ok(m.entity)]
    counts = Counter(m.entity.norm for m in everywhere)
    if not counts:
        return None
    ranked = counts.most_common(2)
    if ranked[0][1] < 2 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None  # no clear main entity of that type
    return next(m.entity for m in everywhere if m.entity.norm == ranked[0][0])
