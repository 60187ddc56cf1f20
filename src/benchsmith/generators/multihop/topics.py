"""Is a phrase a topic? Noun phrases only: "ferry terminal", not "fell", "mention first" or "use cathode material".

The NER pass runs without spaCy's tagger (it would dominate the generator's
cost), so this is lexical: no word may be a common verb, an ordinal or a bare
adjective at the head, and the head must look like a noun.
"""

from __future__ import annotations

import re

from benchsmith.generators.multihop.text import STOPWORDS

_VERBS = frozenset(
    """be is are was were been has have had do does did make makes made take takes took give gives gave get gets got go
    goes went come comes came say says said tell told use uses used fell fall falls rise rises rose grow grows grew
    lift lifts win wins won lose loses lost lead leads led hold holds held mention mentions meet meets met pay pays paid
    buy buys bought sell sells sold raise raises build builds built open opens run runs ran expect expects plan plans
    reach reaches keep keeps kept leave leaves left join joins call calls begin begins began show shows find finds
    found become became bring brings brought move moves put puts set sets agree agrees survive survives cost costs
    welcome welcomes promise promises produce produces carry carries start starts finish finishes score scores
    manage manages managed help helps watch watches want wants need needs try tries ask asks
    receive receives sign signs offer offers hire hires employ employs announce announces launch launches
    approve approves unload unloads install installs train trains supervise measure measures test tests slow
    using making taking giving getting saying
    remain remains continue continues reduce reduces double doubles drop drops climb climbs cut cuts add adds""".split()
)
_NOT_HEADS = frozenset(
    """first second third fourth fifth last next new old low high higher lower largest biggest big small former
    latest early late familiar own main other such many much few several more most less least whole only
    same able likely public local annual total""".split()
)
# Adjectives that modify a topic ("foreign debt") but are never its head ("a higher dollar figure for the foreign").
_ADJECTIVES = frozenset(
    """foreign domestic international national federal economic financial political monetary fiscal commercial
    industrial official general certain various major minor key due payable outstanding net gross""".split()
)
_ADVERB_ENDINGS = ("ly",)


def is_topic_phrase(phrase: str) -> bool:
    """Whether `phrase` reads as a noun phrase with at least one content noun."""
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z\-]*", phrase)]
    content = [w for w in words if w not in STOPWORDS]
    if not content or len(content) != len(words):
        return False  # determiners/stopwords only, or a clause fragment
    if any(w in _VERBS for w in content):
        return False
    head = content[-1]
    if content[0] in _NOT_HEADS and len(content) == 2:
        return False  # "low shot", "first time": an evaluative modifier, not a subject of reporting
    if head in _NOT_HEADS or head in _ADJECTIVES or head.endswith(_ADVERB_ENDINGS) or len(head) < 3:
        return False
    return True


_WEAK_TAILS = frozenset(
    """since outside inside back behind together onto beside ago rest minute minutes numbers number while instead
    away ahead later earlier today yesterday chose say says told asked dollars dollar percent million billion thousand
    time times year years month months week weeks day days side part lot way thing things people near far long high
    low wide deep old spun every each any some worth about cannot almost creates lists provides removes enables
    shows describes contains returns uses allows requires supports includes explains stores takes makes gives
    following example upper-right lower-left""".split()
)


def is_story_topic(phrase: str) -> bool:
    """A topic that can name a news story: a noun phrase of two or three words with a noun-like head
    ("ferry terminal", "charge cycles"); single words and clause remnants ("goal back") are too vague."""
    words = phrase.lower().split()
    if not 2 <= len(words) <= 3 or not is_topic_phrase(phrase):
        return False
    if any(w in _WEAK_TAILS for w in words):
        return False
    return not any(w.endswith(("ed", "ing")) and len(w) > 5 or w.endswith("ly") for w in words)


def story_topic(sentence: str) -> str | None:
    """The first noun phrase of a sentence that can name its story (see `is_story_topic`), or None."""
    run: list[str] = []
    for tok in re.findall(r"[A-Za-z][A-Za-z\-]*|\S", sentence) + ["."]:
        low = tok.lower()
        if tok[0].islower() and low not in STOPWORDS and len(low) > 2:
            run.append(low)
            continue
        for i in range(len(run)):
            for size in (2, 3):
                if i + size <= len(run) and is_story_topic(" ".join(run[i : i + size])):
                    return " ".join(run[i : i + size])
        run = []
    return None
