"""Noun phrases a story's lead writes that its headline also names: "the tapioca export quota" under "THAILAND
ANNOUNCES THIRD TAPIOCA QUOTA FOR EC".

A topic is two or three common words the story writes in lower case as a whole noun phrase (so an ALL-CAPS
headline, a ticker or a proper name never passes for one). `story_subjects` keeps only those whose head word
and one more word the headline repeats: a phrase only the lead holds ("the slower pace") names no story.
"""

from __future__ import annotations

import re

from benchsmith.generators.multihop.text import STOPWORDS
from benchsmith.generators.multihop.topics import _VERBS, is_story_topic
from benchsmith.text import regex
from benchsmith.types import Document

_WORD = re.compile(r"[A-Za-z][A-Za-z\-]*|[^\sA-Za-z]")
# Words that make a topic read as a headline fragment or an opinion, not a subject.
VAGUE = frozenset("""news story report article update week today year plan plans deal deals move moves way
    thing things hopes fears talks one two three four five six seven eight nine ten
    mln bln pct cts dlrs shares""".split())
# Heads that stand for an actor of the story ("the battery maker" is Lumora), not for what it is about.
ACTOR_HEADS = frozenset("""company companies maker makers firm firms startup startups executive executives officer
    officers group groups club clubs team teams operator operators specialist specialists regulator regulators
    people city figures competition spokesman spokeswoman spokesperson analyst analysts official officials""".split())
_DETERMINER_AFTER = re.compile(r"\s+(?:the|a|an|its|their|his|her|our|this|that)\b")
# Words the shared stopword list lacks that still end a noun phrase ("the auction system despite ...").
_PHRASE_BREAKS = frozenset("""despite because although though unless until since whether while may might must could
    would should will shall said says also worth dlr stg mln-dlr bln-dlr""".split())
# Where a story writes a phrase as a whole noun phrase: after a determiner (up to two modifiers between), or bare
# after a preposition ("for grid storage"); "to boost world oil prices" is a verb phrase, not a subject.
_NP_BEFORE = r"(?:\b(?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er)\s+(?:[\w'’-]+\s+){0,2}|\b(?:for|of|in|on|with|from|by|about)\s+)"


def _written_lower(doc: Document, phrase: str) -> bool:
    return regex(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])").search(doc.text) is not None


def _runs(text: str) -> list[list[str]]:
    """Runs of content words (lower-cased), split at stopwords, punctuation and digits."""
    runs, run = [], []
    for tok in _WORD.findall(text) + ["."]:
        low = tok.lower()
        if tok[0].isalpha() and low not in STOPWORDS and low not in _PHRASE_BREAKS and len(low) > 2:
            run.append(low)
            continue
        if run:
            runs.append(run)
        run = []
    return runs


# Nouns in -ing that newswire subjects are made of ("seed funding", "public offering", "annual meeting").
_ING_NOUNS = frozenset("""funding financing offering meeting building hearing ruling listing spending trading
    earnings pricing opening filing housing shipping lending borrowing bidding holding holdings training
    marketing banking mining drilling refining clothing planning""".split())


# Verbs that newswire uses as subjects' head nouns ("takeover offer", "price cut", "rate rise").
_NOUN_VERBS = frozenset("offer offers bid bids cut cuts rise rises raise order orders increase return purchase".split())
_LOOSE_MODIFIERS = frozenset("similar same other such various certain recent further".split())
_QUANTITIES = frozenset("little less more much few fewer enough".split())


def _is_topic(doc: Document, phrase: str) -> bool:
    words = phrase.split()
    if words[0] in _LOOSE_MODIFIERS:
        return False  # "the similar increase" points elsewhere; it names nothing
    if set(words) & _QUANTITIES:
        return False  # "little room for manoeuvre", "markets less dynamic": an amount, no thing a story is about
    if words[-1] in _ING_NOUNS or words[-1] in _NOUN_VERBS:
        # "public offering", "seed funding", "takeover offer": the head is a noun where the story writes it
        # after an article and not before a figure or an object ("the building cost 55 million" is a verb).
        if not 2 <= len(words) <= 3 or any(w in STOPWORDS or w in _VERBS or w.endswith(("ly", "ed")) for w in words[:-1]):
            return False
        return words[-1] in _ING_NOUNS or re.search(r"\b(?:[Tt]he|[Aa]n?)\s+" + re.escape(phrase)
                                                    + r"(?!\s+(?:\d|the\b|a\b|an\b|its\b))\b", doc.text) is not None
    return is_story_topic(phrase)


def _verb_like(doc: Document, word: str) -> bool:
    """A final "-s" word the story writes before a determiner ("operates the", "clears the way") is a verb."""
    return word.endswith("s") and regex(r"(?<![\w-])" + re.escape(word) + _DETERMINER_AFTER.pattern).search(doc.text) is not None


def _whole_noun_phrase(doc: Document, phrase: str) -> bool:
    """Whether the story writes `phrase` as a complete noun phrase somewhere: introduced by a determiner or a
    preposition, and not running on into another noun ("private political dominance" makes "private political"
    a fragment; a verb, a stopword or punctuation after it ends it)."""
    for m in regex(_NP_BEFORE + re.escape(phrase) + r"(?![\w-])(?:\s+([A-Za-z][\w-]*))?").finditer(doc.text):
        nxt = m.group(1)
        if (nxt is None or nxt.lower() in STOPWORDS or nxt.lower() in _PHRASE_BREAKS or nxt[0].isupper()
                or nxt.lower() in _VERBS or nxt.endswith(("ed", "ly"))):
            return True
    # A role between two names ("Gulls head coach Bram Tolliver") is a noun phrase too.
    return regex(r"\b[A-Z][\w'’-]*\s+" + re.escape(phrase) + r"\s+[A-Z]").search(doc.text) is not None


def lead_topics(doc: Document, text: str) -> list[str]:
    """Two- or three-word topics of `text` that the story writes in lower case, longest first within a run."""
    out = []
    for run in _runs(text):
        for size in (3, 2):
            for i in range(len(run) - size + 1):
                phrase = " ".join(run[i : i + size])
                words = phrase.split()
                if words[-1].endswith("ed"):
                    continue  # "the council voted"
                if (_is_topic(doc, phrase) and not set(words) & VAGUE and words[-1] not in ACTOR_HEADS
                        and _written_lower(doc, phrase) and not _verb_like(doc, words[-1])
                        and _whole_noun_phrase(doc, phrase)):
                    out.append(phrase)
    return list(dict.fromkeys(out))
