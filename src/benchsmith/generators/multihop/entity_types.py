"""Corpus-wide entity types: one label per normalized entity, voted over all its mentions.

spaCy's small model labels the same name differently from sentence to sentence
("Quillpay" as GPE in one, ORG in the next; a robot model as PERSON). A question
that says "Which person ..." about a robot is wrong, so every mention votes:
the NER label counts once, and cues in the sentence count too (a title before
a name, a company suffix, "founded", "in <place>"). Surnames and short company
names inherit votes from their full forms ("Okafor" from "Rafael Okafor",
"Lumora" from "Lumora Energy"). A weak majority yields the neutral label
ENTITY, which questions phrase as "Which name ...".
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from benchsmith.generators.multihop.models import Entity
from benchsmith.generators.multihop.ner import SentenceAnalysis

NEUTRAL = "ENTITY"
COMMON = "COMMON"  # a common noun NER mistook for a name; not bridgeable
MIN_SHARE = 0.6  # the winning label's share of the votes below which the type is left neutral

PERSON_TITLES = frozenset(
    """mayor mr mrs ms dr prof professor president councillor senator minister founder coach captain sir lord ceo
    chairman chairwoman director striker goalkeeper defender midfielder scientist executive officer manager partner
    chief spokesman spokeswoman spokesperson economist researcher engineer analyst secretary undersecretary
    governor ambassador premier chancellor commissioner treasurer deputy sheikh""".split()
)
ORG_SUFFIXES = frozenset(
    """inc inc. ltd ltd. llc plc corp corp. corporation company co co. group holdings ventures capital energy robotics
    shipping materials builders labs partners industries logistics analytics university college bank fund agency
    council club rovers fc united systems technologies foundation institute authority association partnership
    bancorp bancorporation trust airways airlines petroleum motors securities n.v. nv a.g. ag s.a. sa plc gmbh
    exchange commission board department ministry service""".split()
)
# Wire copy: a company "said it" / "said its", a person "said he"; a place says nothing.
_SAID_IT = re.compile(r"^(?:'s)?\s*(?:Inc|Corp|Co|Ltd)?\.?\s*(?:said|reported|posted)\s+(?:it|its)\b")
_ORG_AFTER = re.compile(r"^\s*(?:,\s*which\s+)?(?:was\s+founded|founded\s+in|reported\s+revenue|raised|acquired|will\s+acquire|announced)\b", re.I)
# Things a place cannot do: a GPE/LOC label followed by these is spaCy's mistake for an organisation.
_ACTS_LIKE_ORG = re.compile(
    r"^(?:'s)?\s*(?:said|says|reported|raised|has\s+raised|will\s+acquire|acquired|has\s+completed|announced|plans|expects|"
    r"chief\s+executive|founder|ceo|board)\b",
    re.I,
)
_MODEL_NAME = re.compile(r"^[A-Z]{1,3}-?\d{1,4}$")
_PERSON_AFTER = re.compile(r"^\s*,\s*who\b|^\s*(?:said|told|added)\s+(?:she|he)\b", re.I)
_PLACE_BEFORE = re.compile(r"\b(?:in|near|across|to)\s+(?:the\s+)?$")
_PLACE_LABELS = frozenset({"GPE", "LOC"})
_THE_BEFORE = re.compile(r"\b[Tt]he\s+$")
_NOUN_AFTER = re.compile(r"^\s+[a-z][a-z\-]+")
_NATION_LABELS = frozenset({"NORP"})


def _ner_vote(sentence: str, e: Entity) -> tuple[str, float] | None:
    """The NER label's vote, or None where the context contradicts it."""
    if e.label == NEUTRAL:
        return None
    before = sentence[: e.start]
    after = sentence[e.start + len(e.text) :]
    if e.label in _PLACE_LABELS and _ACTS_LIKE_ORG.match(after):
        return None
    if e.label == "PERSON" and re.search(r"\b[Tt]he\s+$", before):
        return None  # "the K1": people do not take an article
    return (e.label, 1.0)


def _cue_votes(sentence: str, e: Entity) -> list[tuple[str, float]]:
    """Votes from the words around one mention."""
    votes: list[tuple[str, float]] = []
    before = sentence[: e.start]
    after = sentence[e.start + len(e.text) :]
    if _MODEL_NAME.match(e.text):
        votes.append(("PRODUCT", 2.0))
    if _ACTS_LIKE_ORG.match(after) and e.label in _PLACE_LABELS:
        votes.append(("ORG", 1.0))
    prev = before.split()[-1].lower().rstrip(".,") if before.split() else ""
    if prev in PERSON_TITLES:
        votes.append(("PERSON", 1.5))
    last = e.text.split()[-1].lower()
    if len(e.text.split()) > 1 and last in ORG_SUFFIXES:
        votes.append(("ORG", 2.0))
    if _ORG_AFTER.match(after):
        votes.append(("ORG", 1.0))
    if _SAID_IT.match(after):
        votes.append(("ORG", 1.5))
    if _PERSON_AFTER.match(after):
        votes.append(("PERSON", 1.0))
    if _PLACE_BEFORE.search(before) and e.label in _PLACE_LABELS:
        votes.append((e.label, 0.5))
    return votes


class EntityTypes:
    """Voted labels for normalized entity names."""

    def __init__(self, votes: Mapping[str, Counter[str]]):
        self.votes = {k: Counter(v) for k, v in votes.items()}
        self._labels = {k: _decide(v) for k, v in self.votes.items()}

    @classmethod
    def from_analyses(cls, sentences: Iterable[tuple[str, SentenceAnalysis]], common_words: set[str] | None = None) -> EntityTypes:
        """Vote over every (sentence, analysis) pair of the corpus.

        `common_words` (words seen in lower case in the corpus) unmasks
        sentence-initial common nouns that NER took for names ("Turnout was 61
        percent"): a one-word name only ever seen first in a sentence and also
        written in lower case elsewhere gets the label COMMON, which no bridge uses.
        """
        votes: dict[str, Counter[str]] = defaultdict(Counter)
        only_initial: dict[str, bool] = {}
        after_place_word: Counter[str] = Counter()
        acts_like_org: Counter[str] = Counter()
        attributive: dict[str, bool] = {}
        for sentence, a in sentences:
            for e in a.entities:
                only_initial[e.norm] = only_initial.get(e.norm, True) and e.start == 0
                attributive[e.norm] = attributive.get(e.norm, True) and bool(
                    _THE_BEFORE.search(sentence[: e.start]) and _NOUN_AFTER.match(sentence[e.start + len(e.text) :]))
                if _PLACE_BEFORE.search(sentence[: e.start]):
                    after_place_word[e.norm] += 1
                if _ACTS_LIKE_ORG.match(sentence[e.start + len(e.text) :]):
                    acts_like_org[e.norm] += 1
                vote = _ner_vote(sentence, e)
                votes[e.norm]  # every name takes part in inheritance, even with no vote of its own
                if vote is not None:
                    votes[e.norm][vote[0]] += vote[1]
                for label, w in _cue_votes(sentence, e):
                    votes[e.norm][label] += w
        _inherit(votes)
        types = cls(votes)
        for norm, v in votes.items():
            # A lone one-word "person" with no title, no full name and no other support is too weak to name.
            if " " not in norm and types._labels.get(norm) == "PERSON" and sum(v.values()) < 3 and set(v) == {"PERSON"} and v["PERSON"] == int(v["PERSON"]):
                types._labels[norm] = NEUTRAL
        for norm, n in acts_like_org.items():
            # A "place" that says, raises and reports but is never where something happens is an organisation.
            if types._labels.get(norm) in _PLACE_LABELS and n > 2 * after_place_word[norm]:
                types._labels[norm] = "ORG"
        for norm in votes:
            if generic_institution(norm):
                types._labels[norm] = COMMON
            elif " " not in norm and attributive.get(norm) and types._labels.get(norm) != "PERSON":
                # Only ever "the Challenger disaster", "the Challenger shuttle": the name of a thing the story
                # describes by a noun, whose kind the name alone does not tell ("Which organization ..." is wrong).
                types._labels[norm] = NEUTRAL
        for norm, initial in only_initial.items():
            if not initial or " " in norm:
                continue
            # Only ever first in a sentence: a common noun when written in lower case elsewhere, or when
            # its type vote is too weak to name it ("Turnout was 61 percent").
            if (common_words and norm in common_words) or types._labels.get(norm) == NEUTRAL:
                types._labels[norm] = COMMON
        return types

    def label(self, norm: str, default: str = NEUTRAL) -> str:
        return self._labels.get(norm, default)

    def relabel(self, a: SentenceAnalysis) -> SentenceAnalysis:
        """The analysis with every entity carrying its corpus-wide label."""
        ents = tuple(replace(e, label=self.label(e.norm, e.label)) for e in a.entities)
        return replace(a, entities=ents)


# "Finance Ministry", "Reserve Bank", "Agriculture Department": a kind of institution every country has, capitalised;
# two stories naming one need not mean the same body (Hungary's and Japan's finance ministries, Poland's and
# Hungary's "National Bank").
_PORTFOLIO = frozenset(
    """finance foreign trade agriculture economy economic interior defence defense industry energy oil labour labor
    commerce justice health education central reserve planning transport environment national state development""".split()
)
_INSTITUTION = frozenset("ministry ministries bank department treasury".split())


# Bodies every country (or every state) has, named without whose: "Parliament", "the Government", "District Court",
# "Court of Appeals" (which district's, which country's?).
_GENERIC_BODIES = frozenset(
    {"parliament", "government", "cabinet", "treasury", "police", "army", "navy", "customs", "court", "senate",
     "court of appeals", "full court of appeals", "stock exchange", "central bank", "stock market", "exchange"})


# A news agency a story quotes ("the New China News Agency said") is where the story came from, not what it is about.
_SOURCE_ENDINGS = ("news agency", "press agency", "news service", "wire service")


def generic_institution(norm: str) -> bool:
    words = norm.split()
    if norm.endswith(_SOURCE_ENDINGS):
        return True
    if norm in _GENERIC_BODIES or (len(words) == 2 and words[1] == "court" and words[0] in _COURT_KINDS):
        return True
    return 1 < len(words) <= 3 and words[-1] in _INSTITUTION and all(w in _PORTFOLIO for w in words[:-1])


_COURT_KINDS = frozenset("district federal supreme high appeals appellate bankruptcy county state".split())


def _decide(votes: Counter[str]) -> str:
    total = sum(votes.values())
    if total <= 0:
        return NEUTRAL
    label, n = max(sorted(votes.items()), key=lambda kv: kv[1])
    return label if n / total >= MIN_SHARE else NEUTRAL


def _inherit(votes: dict[str, Counter[str]]) -> None:
    """Single-word names take the votes of the full names they abbreviate."""
    singles = {k for k in votes if " " not in k}
    extra: dict[str, Counter[str]] = defaultdict(Counter)
    for norm, v in votes.items():
        words = norm.split()
        if len(words) < 2:
            continue
        full = _decide(v)
        if full == "PERSON" and words[-1] in singles:
            extra[words[-1]]["PERSON"] += 2 * sum(v.values())  # a full name is the strongest cue a surname has
        elif full == "ORG" and words[0] in singles and _decide(votes[words[0]]) not in _NATION_LABELS:
            # "Lumora" of "Lumora Energy"; never "British" of "British Printing and Communications Corp plc": a
            # nationality opening a company's name is still a nationality elsewhere.
            extra[words[0]]["ORG"] += 2 * sum(v.values())
    for k, v in extra.items():
        votes[k].update(v)


def relabel_all(analyses: dict[str, list[SentenceAnalysis]], types: EntityTypes) -> dict[str, list[SentenceAnalysis]]:
    return {d: [types.relabel(a) for a in items] for d, items in analyses.items()}


def lowercase_words(texts: Iterable[str]) -> set[str]:
    """Words written in lower case somewhere in `texts`."""
    out: set[str] = set()
    for t in texts:
        out.update(re.findall(r"\b[a-z][a-z\-]{2,}\b", t))
    return out


def vote_types(
    facts_by_doc: Mapping[str, Sequence], analyses: Mapping[str, Sequence[SentenceAnalysis]], common_words: set[str] | None = None
) -> EntityTypes:
    """EntityTypes from the fact sentences and their analyses, document by document."""
    pairs = ((f.readable, a) for d, fs in facts_by_doc.items() for f, a in zip(fs, analyses.get(d, ()), strict=False))
    return EntityTypes.from_analyses(pairs, common_words)
