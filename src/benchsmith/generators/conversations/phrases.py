"""Whether a noun phrase names something a person could ask about on its own.

A topic of a turn must be a whole, specific noun phrase. Two kinds of phrase are not: one cut inside a clause
("the method that", "the depth actually", "the URL of some worker") and one whose words only point back at the page
("a side effect", "the specified location", "the standard approach"): asked about, they read as a fragment or as a
question about nothing in particular.
"""

from __future__ import annotations

import re

# words after which a noun phrase goes on as a clause ("the method that is used ..."): a phrase cut there is no term
RELATIVE = frozenset({"that", "which", "who", "whom", "whose", "where", "when", "whereby", "whether"})
# "the URL of some worker", "any necessary arguments": a quantifier says the thing is not one the reader can name
_QUANTIFIER = frozenset({"some", "any", "each", "every", "certain", "several", "all", "no", "such"})
# modifiers that point back at the page ("the specified location", "the standard approach", "a side effect") ...
GENERIC_MODIFIERS = frozenset("""specified given standard appropriate corresponding relevant required desired current
default particular same following above previous respective actual original side resulting underlying necessary specific
certain usual typical simple basic whole entire new old first last next common general normal proper correct different
various other additional optional existing preferred recommended best only single separate individual initial final
latter former aforementioned selected chosen matching associated related affected intended expected real possible
potential example sample main primary secondary special similar important own further present very""".split())
# ... and nouns that name nothing on their own ("the approach", "a value", "the method")
GENERIC_HEADS = frozenset("""approach method way location effect effects value values thing things result results case
cases option options step steps part parts problem problems issue issues reason reasons example examples situation point
kind type types number amount setting settings behavior behaviour feature features information data item items list name
names version time place end form manner purpose use change changes difference solution answer question idea process
order mode level fact detail details content contents section sections one ones matter subject work works alternative
alternatives request requests module modules directive directives file files page pages document documents
table tables command commands""".split())
_ADVERB_NOUNS = frozenset({"family", "assembly", "supply", "reply", "anomaly", "rally", "ally", "italy", "butterfly",
                           "fly", "july", "poly", "monopoly", "jelly", "belly", "lily", "bully", "holly", "early", "daily",
                           "weekly", "monthly", "yearly", "hourly", "quarterly", "only"})


def vague_phrase(term: str) -> bool:
    """A determiner-led common-noun phrase that names nothing without its page: 'a side effect', 'the specified
    location', 'the standard approach', 'the default value' (a name or a term of art stays: 'the Listen directive',
    'a safe room', 'a regular expression')."""
    words = term.split()
    if len(words) < 2 or words[0].lower() not in ("the", "a", "an", "this", "that", "these", "those", "its", "their"):
        return False
    # the noun phrase's own words, before what follows it ("the corresponding concept | in HTTP 1.1")
    rest = words[1:]
    cut = next((i for i, w in enumerate(rest) if i and (w in _PREPOSITIONS or w == "and" or w.endswith("ing"))), len(rest))
    tail = rest[cut:]
    if len(tail) == 3 and tail[0] in _PREPOSITIONS and tail[1] == "the" and tail[2] in GENERIC_HEADS:
        return True  # "the valid locations for the directive": which directive?
    rest = rest[:cut]
    if not all(re.fullmatch(r"[a-z][a-z\-]*", w) for w in rest):
        return False  # a name or code: 'the Listen directive', 'the mime.types file'
    if rest[0] in GENERIC_MODIFIERS or (len(rest) > 1 and rest[0] in _POINTING_PARTICIPLES):
        return True  # "the implied value judgement", "the specified location"
    # "the value for a user", "the order of the sections": a generic noun made specific only by what follows it
    return all(w in GENERIC_MODIFIERS or w in GENERIC_HEADS for w in rest)


# participles that point at the page's own text ("the implied value judgement", "the listed items")
_POINTING_PARTICIPLES = frozenset({"implied", "specified", "mentioned", "described", "listed", "indicated", "referenced",
                                   "noted", "stated", "provided", "supplied", "defined", "used", "named", "called",
                                   "aforesaid", "abovementioned"})
_PREPOSITIONS = frozenset({"of", "for", "in", "on", "to", "with", "from", "by", "at", "about", "between", "into", "under"})


def cut_phrase(term: str) -> bool:
    """A noun phrase cut inside a clause or ending on an adverb: 'the method that', 'the depth actually', 'the URL of
    some worker'."""
    words = term.split()[1:]  # as written: 'Doctor Who', 'Church of All Saints' are names
    if any(w in RELATIVE or w in _QUANTIFIER for w in words):
        return True
    return any(re.fullmatch(r"[a-z]{3,}ly", w) and w not in _ADVERB_NOUNS for w in term.split()[1:])
