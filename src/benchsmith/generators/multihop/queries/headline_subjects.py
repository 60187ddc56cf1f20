"""A story named by its headline's actor and event: "Northern Telecom's stock split", "the Wrather stake".

A wire headline is telegraphic ("NORTHERN TELECOM LTD <NT> DECLARES STOCK SPLIT"): an actor, often a verb, and
the thing the story is about. A reader names the story by those two ("the Reuters report on Northern Telecom's
stock split"), not by a noun phrase that happens to open the lead ("the registration statement", "the slower
pace"). The actor is a name the lead writes whose first word(s) the headline repeats (its casing comes from the
lead, since headlines are often all capitals); the event is a run of headline words that the story itself
writes, together and in lower case, as a noun phrase (so a headline verb, a ticker or a figure never enters it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from benchsmith.generators.multihop.text import STOPWORDS
from benchsmith.generators.multihop.topics import _VERBS, is_topic_phrase
from benchsmith.text import regex

_TICKER = re.compile(r"<[^>]*>")
_TITLE_TOKEN = re.compile(r"[A-Za-z][A-Za-z\-.']*|[/,:;]")  # a slash or a comma ends a phrase ("NOTE/COMMERCIAL PAPER")
# A capitalised name in running text: "Du Pont Co", "Bank of Japan", "Shearson Lehman Brothers Inc".
_NAME = re.compile(r"[A-Z][\w&'’.\-]*(?:\s+(?:(?:of|and|&|de|du|von)\s+)?[A-Z][\w&'’.\-]*)*")
_PERSON_NAME = re.compile(r"^[A-Z][a-z]+ [A-Z][a-z]+$")
_NOT_NAMES = frozenset("""The A An In On At For But And After Before With Under Its His Her Their This That These
    Those It He She They We Shares Trading Prices Sales Net Profits Earnings Revenues Analysts Officials New Old
    Further More Higher Lower Additional Major""".split())
_LEGAL = frozenset("inc corp co ltd plc llc nv ag sa corporation incorporated limited cos".split())
# Words that name no event of their own ("the week", "the plan") unless another word qualifies them.
# Words that name an event only with an actor ("the Tower report", never "the report").
_ALONE_VAGUE = frozenset("""news story report article update week today year years plan plans deal deals move moves
    way thing things talks results""".split())
_VAGUE = frozenset("""thing things mln bln pct cts dlrs dlr shares net qtr said says sees seen set sets
    company companies firm firms group groups unit units maker makers official officials people money funds cash""".split())
# Nationality and regional adjectives read as modifiers ("Saudi crude output"), never take a possessive.
# Owners a headline names by another word than the lead (a country by its adjective, "INDONESIAN WHEAT IMPORTS"
# -> Indonesia; a person by surname, "SHULTZ VISIT" -> George Shultz): they always take the possessive.
_DEMONYM_ACTORS: dict[str, set[str]] = {}
_CALENDAR = frozenset("""January February March April May June July August September October November December
    Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Monday Tuesday Wednesday Thursday Friday Saturday Sunday""".split())
_POSSESSOR = r"(?:\s+(?:Co|Corp|Inc|Ltd|Plc|Cos|Corporation)\b\.?)?(?:\s*<[^>]*>)?(?:['’]s|\s+(?:said|says|has|have|had|is|was|will|would|agreed|announced|reported|plans|expects))\b"


def _possessor(name: str, text: str) -> bool:
    """Whether the story writes `name` as one who owns or does something ("Iran said", "Du Pont's"), so that
    "<name>'s <event>" reads right; "Swiss", "Saudi", "Gulf" (modifiers only) never take a possessive."""
    return regex(r"(?<![\w-])" + re.escape(name) + _POSSESSOR).search(text) is not None


@dataclass(frozen=True)
class HeadlineSubject:
    phrase: str   # "Northern Telecom's stock split"
    anchor: str   # words the story writes, for the hop check: "stock split" (or the actor for a one-word event)
    owner: str    # the actor as the lead writes it ("Northern Telecom"), "" for a bare event


# A wire headline's closing attribution ("... RATE CUT POSSIBLE - SOURCES", "... FOR NORTH YEMEN -- USDA"): who
# said it, not what happened.
_ATTRIBUTION = re.compile(r"\s+-{1,2}\s+[A-Z][A-Z .'&/]{0,30}$")


def _title_tokens(title: str) -> list[str]:
    title = _ATTRIBUTION.sub("", _TICKER.sub(" ", title or "").rstrip())
    return [t.strip(".'").upper() for t in _TITLE_TOKEN.findall(title)]


def _short(name: str) -> str:
    words = re.sub(r"^The\s+", "", name).replace("’", "'").removesuffix("'s").split()
    while len(words) > 1 and words[-1].lower().strip(".,") in _LEGAL:
        words.pop()
    return " ".join(words).strip(",")


def headline_actors(title: str, lead: str, text: str = "") -> list[tuple[str, int, int]]:
    """Names of the lead that the headline repeats, as (name in the lead's casing, start, end) of the headline
    words they cover: "HONG KONG FIRM UPS WRATHER STAKE" + "... stake in Wrather Corp" -> ("Wrather", 4, 5)."""
    tokens = _title_tokens(title)
    out: dict[int, tuple[str, int, int]] = {}
    demonyms = _DEMONYM_ACTORS.setdefault(title, set())
    surnames: dict[str, str] = {}
    # The lead first; a table story ("Two-for-one stock split / Pay May 12") names its company further down.
    for m in _NAME.finditer(lead + "\n" + text):
        words = _short(m.group(0)).split()
        while words and words[0] in _NOT_NAMES:
            words = words[1:]
        if not words or (len(words) == 1 and len(words[0]) < 3):
            continue
        if len(words) >= 2 and words[-1].upper() in tokens and words[0].upper() not in tokens \
                and words[-1] not in _CALENDAR and _PERSON_NAME.match(" ".join(words[-2:])) \
                and _as_person(" ".join(words[-2:]), lead + " " + text):
            surnames.setdefault(words[-1].upper(), " ".join(words[-2:]))
        if words[0].upper() not in tokens:
            # "INDONESIAN WHEAT IMPORTS" over "Indonesia's wheat imports": a country's adjective in the headline.
            near = [i for i, t in enumerate(tokens) if len(words) == 1 and len(words[0]) > 3
                    and t.startswith(words[0].upper())
                    and t[len(words[0]):] in ("N", "AN", "IAN", "ESE", "I", "ISH")]
            for i in near:
                out.setdefault(i, (words[0], i, i + 1))
                demonyms.add(words[0])
            continue
        whole = len(words) > 1  # "Tower" of "Tower Commission" is a name even where the headline keeps one word
        if words[0] in _CALENDAR or not whole and (
                _lower_in(lead + " " + text, words[0].lower())
                or not (re.search(r"[a-z,] " + re.escape(words[0]) + r"\b", lead + " " + text)
                        or _possessor(words[0], lead + " " + text))):
            continue  # "Fats", "Research", "February": a common word that opens a sentence or a date, not a name
        for start in (i for i, t in enumerate(tokens) if t == words[0].upper()):
            n = 1
            while n < len(words) and start + n < len(tokens) and tokens[start + n] == words[n].upper().strip(".'"):
                n += 1
            if n < len(words) and n == 1 and _lower_in(text, words[0].lower()):
                continue  # "PORT ORDERS" is no "Port Calloway": one common word of a longer name
            if start not in out or out[start][2] - out[start][1] < n:
                # a sentence's stop is no part of the name ("the United States Claims Court."); "U.S." keeps its own
                out[start] = (re.sub(r"(?<=[a-z]{2})\.$", "", " ".join(words[:n])), start, start + n)
    # "SHULTZ SAYS ..." over "Secretary of State George Shultz": a person the headline names by surname, where no
    # other name of the lead covers that headline word or its neighbours ("TEXACO CANADA" is not "Shell Canada").
    covered = {i for _, a, b in out.values() for i in range(a - 1, b + 1)}
    for i, t in enumerate(tokens):
        if t in surnames and i not in covered:
            out[i] = (surnames[t], i, i + 1)
            demonyms.add(surnames[t])  # a person owns the event: "George Shultz's visit", not "the George Shultz visit"
    return sorted(out.values(), key=lambda a: a[1])


def _as_person(name: str, text: str) -> bool:
    """Whether the story writes `name` as a person's: saying, owning or set off by a comma ("Karl Otto Poehl
    told", "Poehl's remarks"); "West German bankers" is a nationality before a noun, no person."""
    return re.search(r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in name.split())
                     + r"(?:['’]s\b|\s*[,.;)]|\s+(?:said|says|told|tells|has|had|is|was|will|would|added|urged|warned|"
                       r"met|visited|announced)\b)", text) is not None


def _lower_in(text: str, phrase: str) -> bool:
    return regex(r"(?<![\w-])" + re.escape(phrase) + r"(?!\w)").search(text) is not None  # "sodium-ion" writes "sodium"


_UNITS = frozenset("mln bln pct cts dlrs dlr bpd billion million thousand yen stg tonnes".split())
_NUMBERS = frozenset("""one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty
    fifty hundred half quarter-point""".split())
_MODALS = frozenset("may might must could would should will shall can cannot".split())


# Headline abbreviations a reader writes out.
_EXPAND = {"qtr": "quarter", "1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "div": "dividend",
           "govt": "government", "intl": "international"}
_DETERMINED = r"(?:\b(?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er|[Tt]his|[Tt]hat)|['’]s)\s+(?:[\w'’-]+\s+){0,3}"


# Words that end a noun phrase though no stopword list has them ("the ferry contract worth 64 mln").
_BREAKS = frozenset("worth despite because although though unless until since whether while also".split())


def _forms(word: str) -> list[str]:
    """The word and its singular ("victories" -> "victory", "stakes" -> "stake")."""
    if word.endswith("ies"):
        return [word, word[:-3] + "y"]
    if word.endswith("s") and not word.endswith("ss"):
        return [word, word[:-1]]
    return [word]


def _is_head(text: str, word: str) -> bool:
    """A noun the story writes at the end of a noun phrase somewhere: after a word and not before another
    lower-case noun ("prices fell", "the stake in", "new victories."); "consumer price index" makes no head
    of "consumer"."""
    if not any(regex(r"(?:" + _DETERMINED + r"|\b(?:for|of|in|on|from|with)\s+(?:[\w-]+\s+){0,2})" + re.escape(f)
                     + r"(?![\w-])").search(text) for f in _forms(word)):
        return False  # never after a determiner or a possessive: a verb ("ministers consider")
    for form in _forms(word):
        for m in regex(r"(?<=\w)[\s'’]+" + re.escape(form) + r"(?![\w-])(?:\s+([A-Za-z][\w-]*))?").finditer(text):
            nxt = m.group(1)
            if nxt is None or nxt[0].isupper() or nxt.lower() in STOPWORDS or nxt in _VERBS or nxt in _MODALS \
                    or nxt in _BREAKS or nxt.endswith(("ed", "ly")):
                return True
            if nxt is not None and re.match(r"\s*[,.;:]", text[m.start(0) + len(m.group(0)) - len(nxt) - 1:][:2]):
                return True
        if regex(r"(?<![\w-])" + re.escape(form) + r"\s*[,.;:)]").search(text):
            return True
    return False


def _written_as_phrase(text: str, words: list[str]) -> bool:
    """Whether the story writes the words together as a phrase that a verb, a stopword or punctuation ends
    ("M-1 money supply rose", "interest rate liberalisation by")."""
    if len(words) < 2:
        return False
    for m in regex(r"(?<![\w-])" + re.escape(" ".join(words)) + r"(?![\w-])(\s+[A-Za-z][\w-]*|\s*[,.;:)])?").finditer(text):
        nxt = (m.group(1) or ".").strip()
        if not nxt[0].isalpha() or nxt in STOPWORDS or nxt in _VERBS or nxt in _MODALS or nxt in _BREAKS \
                or nxt.endswith("ed"):
            return True
    return False


def _event_word(text: str, word: str) -> bool:
    if not word[:1].isalpha() or word in STOPWORDS or len(word) < 3 or word in _UNITS or word in _MODALS \
            or word in _NUMBERS or word in _FUNCTION_WORDS:
        return False
    if word in _VERBS and not (word in _NOUN_VERBS and _is_head(text, word)) or word.endswith("ed") or word.endswith("ly") and word not in _LY_NOUNS \
            or word.capitalize() in _CALENDAR:
        return False
    if word.endswith("ing") and word not in _ING_NOUNS:
        return False  # "CONSIDERING", "SEEKING": a headline verb
    if word.endswith("s") and regex(r"(?<![\w-])" + re.escape(word) + r"\s+(?:the|a|an|its|their|his|her)\b").search(text):
        return False  # "raises the", "ups its": a verb where the story writes it
    return any(_lower_in(text, f) for f in _forms(word))


def _compound_modifier(text: str, raw: list[str], i: int) -> bool:
    """A headline word the story writes in lower case right before the next headline word, as one compound
    ("SINKING FUND DEBENTURES": "sinking fund debentures"), though alone it would read as a verb."""
    return (i + 1 < len(raw) and raw[i].isalpha() and raw[i].endswith("ing") and len(raw[i]) > 4
            and _lower_in(text, f"{raw[i]} {raw[i + 1]}"))


_ING_NOUNS = frozenset("""funding financing offering meeting building hearing ruling listing spending trading earnings
    pricing opening filing housing shipping lending borrowing bidding holding holdings training marketing banking
    mining drilling refining planning licensing""".split())


def headline_events(title: str, text: str, taken: set[int]) -> list[tuple[str, int]]:
    """What the headline says happened, as a noun phrase of its own words: the runs of headline words that the
    story writes in lower case (no figure, ticker, verb or actor among them), ending in a word the story uses as
    a noun; longest first, each with its first headline position. `taken` are positions of actor words."""
    raw = [_EXPAND.get(t.lower(), t.lower()) for t in _title_tokens(title)]
    # A word after "TO" is a verb ("TO PROMOTE", "TO REDEEM") unless the story uses it as a noun ("a visit").
    ok = [i not in taken and (_event_word(text, w) or _compound_modifier(text, raw, i))
          and not (i and raw[i - 1] == "to" and not re.search(r"\b(?:[Tt]he|[Aa]n?)\s+" + re.escape(w) + r"\b", text))
          for i, w in enumerate(raw)]
    found: list[tuple[str, int]] = []
    i = 0
    while i < len(raw):
        if not ok[i]:
            i += 1
            continue
        j = i
        while j < len(raw) and ok[j]:
            j += 1
        run = raw[i:j][-4:]
        start = j - len(run)
        for k in range(len(run) - 1):
            if _plural(run[k]) and not _plural(run[k + 1]):
                run = run[:k + 1]  # "DATA SUGGEST", "PRICES FALL": a bare word after a plural is its verb
                break
            if run[k].endswith("s") and not run[k].endswith(("ss", "us")) and run[k] not in _PLURAL_MODIFIERS:
                run, start = run[k + 1:], start + k + 1  # "DEFERS PAYMENTS": a plural never modifies; a verb
                break
        if len(run) > 1 and _verb_before_figure(run[-1], raw[j] if j < len(raw) else ""):
            run = run[:-1]  # "MONTEDISON UNIT ISSUES 50 MLN ... BOND": a word before a figure is the verb
        # "FRANCE HAS LITTLE ROOM FOR MANOEUVRE" names no event of France's ("France's little room").
        if any(w in ("no", "not", "without", "never", "little") for w in raw[:start + 1]):
            i = j
            continue  # "SHULTZ SAYS NO RESIGNATION": the event did not happen
        while run and not (_is_head(text, run[-1]) or run[-1] in _ING_NOUNS or _written_as_phrase(text, run)):
            run = run[:-1]  # "COFFEE QUOTA TALKS CONTINUE": the phrase ends at its last noun
        while len(run) > 1 and (run[0] in _NOT_OPENERS):
            run, start = run[1:], start + 1
        phrase = " ".join(run)
        if run and (is_topic_phrase(phrase) or len(run) > 1 and is_topic_phrase(run[-1]) or run[-1] in _ALONE_VAGUE or run[-1] in _LY_NOUNS) \
                and run[-1] not in _VAGUE and run[-1] not in _TIME_WORDS \
                and not (len(run) > 1 and all(w in _VAGUE or w in _ALONE_VAGUE for w in run)):
            found.append((_cased(phrase, text), start))
        i = j
    return sorted(found, key=lambda e: -len(e[0].split()))


# "UP 71 PCT LAST YEAR": when, not what happened.
_TIME_WORDS = frozenset("year years week weeks month months quarter quarters day days half period".split())


def _verb_before_figure(word: str, following: str) -> bool:
    """Whether a headline's "-s" word is its verb, as one right before a figure is ("ISSUES 50 MLN", "BUYS 10 PCT";
    the figure's digits are no token, its unit is)."""
    return (word.endswith("s") and not word.endswith(("ss", "us", "is"))
            and (following[:1].isdigit() or following in ("mln", "billion", "pct", "dlr", "dlrs")))


def _cased(phrase: str, text: str) -> str:
    """The phrase with each word cased as the story writes it where it never writes it in lower case ("emergency
    OPEC talks", not "emergency opec talks")."""
    out = []
    for w in phrase.split():
        if not _lower_in(text, w):
            m = re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text, flags=re.IGNORECASE)
            w = m.group(0) if m else w
        out.append(w)
    return " ".join(out)


_FUNCTION_WORDS = frozenset("""behind ahead likely unlikely soon again still possible due over under near amid
    against toward towards underway pending""".split())
def _plural(word: str) -> bool:
    return word in ("data", "media", "people") or word.endswith("s") and not word.endswith(("ss", "us", "is"))


# Headline verbs that are nouns where the story writes them so ("price cuts", "the takeover offer").
_NOUN_VERBS = frozenset("offer offers bid bids cut cuts rise rises order orders increase purchase".split())
_LY_NOUNS = frozenset("supply rally family assembly monopoly ally anomaly".split())
_PLURAL_MODIFIERS = frozenset("""sales savings earnings arms futures securities goods services news operations
    options commodities grains oilseeds""".split())
# Headline words that open no noun phrase ("SEEN", "UP", "PUT"): left off the front of an event.
_NOT_OPENERS = frozenset("seen put up down off out set".split())


def _with_article(phrase: str) -> str:
    head = phrase.split()[-1]
    return phrase if head.endswith("s") and not head.endswith(("ss", "us", "is")) else f"the {phrase}"


# Heads of events every company or market reports: without their owner ("the report on improved results", "the
# strategic review", "the output growth") they name no story a reader would know.
_GENERIC_HEADS = frozenset("""results result earnings profit profits loss losses sales revenue revenues growth output
    review outlook forecast forecasts estimate estimates prices price rates rate figures performance trading
    operations plans changes""".split())


_THIN_EVENTS = frozenset("""quarter issue industry convertible study regulation year month week period half
    program programme unit business operations""".split())


_ADJECTIVE_END = re.compile(r"(?:id|ive|ous|ful|ic|able|ible|less)$")
_NOUN_END = (r"(?=\s*[.;:)]|\s+(?:of|in|for|to|on|at|and|or|is|are|was|were|will|would|has|have|had|said|that|which|"
             r"with|by|from|as|could|may|might|against|over|after|under|between|into|about)\b)")


def _written_as_noun(text: str, word: str) -> bool:
    """Whether the story writes `word` as a whole noun phrase's head: after an article or possessive and before
    punctuation or a function word ("the offer was", "its bid for"; not "a rapid strep test")."""
    return regex(r"\b(?:the|an?|its|their|his|her)\s+" + re.escape(word) + _NOUN_END, re.IGNORECASE).search(text) is not None


def _generic_event(event: str) -> bool:
    return event.split()[-1] in _GENERIC_HEADS and len(event.split()) < 3


def headline_subjects(title: str, lead: str, text: str) -> list[HeadlineSubject]:
    """The story named by its headline's actor and event, best first: "<actor>'s <event>" (or a compound,
    "the Wrather stake", "Saudi crude output", where the headline writes the name right before the event),
    then the event alone where it has two words or more ("the export licensing reform bill")."""
    if not title or not title.strip():
        return []
    actors = headline_actors(title, lead, text)
    demonyms = _DEMONYM_ACTORS.pop(title, set())
    taken = {i for _, s, e in actors for i in range(s, e)}
    out: list[HeadlineSubject] = []
    adjacent_first = sorted(headline_events(title, text, taken),
                            key=lambda e: not any(a[2] == e[1] for a in actors))
    for event, pos in adjacent_first:
        before = [a for a in actors if a[2] <= pos]
        if before:
            name, _, end = before[-1]
            # A name owns the event only where the story writes it as one who owns or acts ("Rohr Industries
            # said", "Du Pont's"): "Los Angeles' station" from "UNIT TO SELL LOS ANGELES TV STATION" is a place.
            adjacent, owner = end == pos, name in demonyms or _possessor(name, text)
            if not adjacent and len(event.split()) == 1 and event in _THIN_EVENTS:
                continue  # "BNL's issue", "Ohio Mattress' quarter": too thin to pick a story out
            if (not adjacent and len(event.split()) == 1 and _ADJECTIVE_END.search(event)
                    and not _written_as_noun(text, event)):
                continue  # "SYNTEX SETS RAPID STREP THROAT TEST": "rapid" opens a noun phrase, it is none
            if name in demonyms:
                phrase = f"{name}' {event}" if name.endswith("s") else f"{name}'s {event}"  # "Indonesia's wheat imports"
            elif adjacent and len(event.split()) == 1:
                # "the Wrather stake", "the Chrysler bid"; not "the Europe earnings" (of "FORD EUROPE EARNINGS UP"):
                # a result every company reports names no story by the word before it
                phrase = "" if event in _GENERIC_HEADS else f"the {name} {event}"
            elif adjacent and not owner:
                phrase = _with_article(f"{name} {event}")  # "the Swiss economy", "Saudi crude exports"
            elif owner:
                phrase = f"{name}' {event}" if name.endswith("s") else f"{name}'s {event}"
            else:
                phrase = ""
            if phrase:
                out.append(HeadlineSubject(phrase, event if _lower_in(text, event) and len(event.split()) > 1 else name, name))
        if len(event.split()) > 1 and _lower_in(text, event) and not _generic_event(event):
            out.append(HeadlineSubject(_with_article(event), event, ""))
    return out
