"""What a news story is about, as a reader would refer to it: "the Reuters report on Northern Telecom's stock split".

MultiHop-RAG's questions name a report by its source and its subject (the event or thing it covers),
never by a quoted headline or by a name that merely occurs in it. A story's subject is what its headline
says: the headline's actor and event (`headline_subjects`), or what the lead's opening name did ("Kestrel
Robotics' second robot"). A noun phrase only the lead holds ("the slower pace", "the joint statement") is
no subject: it names nothing a reader of the headlines would recognise.

A reference must pick out one story: among the stories of its source (and of its month, when the source
alone is not enough) no other story's lead is about the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from benchsmith.corpora.wire import without_dateline
from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.queries.headline_subjects import headline_subjects
from benchsmith.generators.multihop.queries.lead_topics import ACTOR_HEADS, VAGUE, lead_topics
from benchsmith.generators.multihop.queries.whole_names import JOINED_BEFORE
from benchsmith.generators.multihop.text import STOPWORDS, contains_phrase, the_source
from benchsmith.generators.multihop.topics import _VERBS
from benchsmith.types import Document

LEAD_SENTENCES = 2
_SENTENCE_END = re.compile(r"(?<=[.!?])(?<![A-Z]\.[A-Z]\.)\s+(?=[A-Z\"'“])")  # "U.S. Secretary" goes on


@dataclass(frozen=True)
class Subject:
    phrase: str   # as the question writes it: "the new ferry terminal", "container volumes"
    anchor: str   # the words as the story writes them: "new ferry terminal"
    owner: str = ""  # a name the phrase also gives ("Kestrel Robotics" of "Kestrel Robotics' second robot")


def lead_text(doc: Document) -> str:
    """The headline and the first sentences of the story, dateline removed."""
    return _lead(doc.title or "", doc.text or "")


@lru_cache(maxsize=100_000)
def _lead(title: str, text: str) -> str:
    # Read for every peer story of every candidate reference: cached (a str keeps its hash, so the key is cheap).
    body = without_dateline(text.strip().split("\n\n", 1)[0] if text else "")
    sentences = _SENTENCE_END.split(body.strip(), LEAD_SENTENCES)[:LEAD_SENTENCES]
    return f"{title}\n" + " ".join(sentences)


_TITLES = r"(?:(?:Mayor|Councillor|Professor|Prof\.|Dr\.?|Mr\.?|Ms\.?|Mrs\.?|Coach|Chairman|President)\s+)?"
_OWNER = re.compile(_TITLES + r"((?:The\s+)?[A-Z][\w&'’\-]*(?:\s+(?:of\s+|and\s+|&\s+)?[A-Z][\w&'’\-]*){0,4})"
                    r"\s+(?:has|have|had|will|is|was|said|says|[a-z]{3,}ed)\b")
_ITS = re.compile(r"\b(?:its|his|her|their)\s+((?:[a-z][a-z\-]+\s+){0,2}[a-z][a-z\-]+)")


def _stems(text: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z][A-Za-z\-]{3,}", text) if w.lower() not in STOPWORDS}


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _owned(doc: Document, first_sentence: str) -> list[Subject]:
    """"Kestrel Robotics unveiled its second robot" -> "Kestrel Robotics' second robot": the lead's opening
    name and what the sentence gives it (its object, or the sentence's first topic)."""
    m = _OWNER.match(first_sentence)
    if not m or m.group(1).split()[0] in ("The", "A", "An", "On", "In", "At", "After", "Before") and len(m.group(1).split()) < 2:
        return []
    owner = re.sub(r"^The\s+", "the ", m.group(1))
    rest = first_sentence[m.end(1):]
    # Only what the sentence gives the name as its own ("its second robot"): "Elena Marsh's ferry terminal"
    # from "Mayor Elena Marsh opened the ferry terminal" would be wrong.
    # The phrase must share a word with the headline ("A SECOND MACHINE"): "CalMat Co's affiliates" under
    # "CALMAT SUES INDUSTRIAL EQUITY" is a side detail, and "PPG's inteest" a typo the headline does not repeat.
    title_stems = _stems(doc.title or "")
    topics = [t for t in (_owned_phrase(x.group(1)) for x in _ITS.finditer(rest)) if t and _stems(t) & title_stems]
    return [Subject(f"{possessive(owner)} {t}", t, owner) for t in dict.fromkeys(topics)]


def _owned_phrase(words_text: str) -> str | None:
    """The noun phrase after "its": "second robot", "largest battery factory"; None for "its own", "its way"."""
    words = words_text.split()
    while words and (words[-1] in STOPWORDS or words[-1] in _VERBS):
        words.pop()  # "its robot to" -> "robot"
    if not words or any(w in STOPWORDS or w in _VERBS for w in words):
        return None
    head = words[-1]
    if head in VAGUE or head in ACTOR_HEADS or len(head) < 4 or head.endswith(("ed", "ly")) or head == "own":
        return None
    return " ".join(words)


def subject_candidates(doc: Document) -> list[Subject]:
    """`_subject_candidates`, read once per story (every query that cites it asks again)."""
    return list(_memo(_SUBJECTS, (doc.doc_id, doc.title, doc.text), lambda: tuple(_subject_candidates(doc))))


_SUBJECTS: dict = {}
_OPENS: dict = {}
_PROMINENT: dict = {}
_MEMO_SIZE = 200_000


def _memo(table: dict, key: tuple, compute):
    """A per-story memo (Documents are not hashable; a story's id, headline and text are, the text's hash
    cached by Python), emptied when it grows past _MEMO_SIZE."""
    if key not in table:
        if len(table) >= _MEMO_SIZE:
            table.clear()
        table[key] = compute()
    return table[key]


def _subject_candidates(doc: Document) -> list[Subject]:
    """The story's possible subjects, best first: its headline's actor and event ("Northern Telecom's stock
    split", `headline_subjects`), topics of the lead whose head word the headline repeats, then the lead's
    opening name with what the sentence gives it ("Kestrel Robotics' second robot"). A noun phrase only the
    lead holds ("the slower pace", "the registration statement") names no story: a reader knows a report by
    what its headline says."""
    lead = lead_text(doc).split("\n", 1)[-1]
    first = _SENTENCE_END.split(lead, 1)[0]
    # A bare event takes an article only where the story writes one before it ("the ferry contract", "grid storage").
    out = [Subject(h.phrase if h.owner else _with_article(doc, h.anchor), h.anchor, h.owner)
           for h in headline_subjects(doc.title or "", lead, doc.text)]
    # A topic of the lead whose head word and one more word the headline repeats ("the tapioca export quota" under
    # "THIRD TAPIOCA QUOTA"); one only the lead holds ("the slower pace") is no subject.
    title_stems = _stems(doc.title or "")
    for topic in dict.fromkeys([*lead_topics(doc, doc.title or ""), *lead_topics(doc, lead)]):
        words = topic.split()
        if _stems(words[-1]) & title_stems and len(_stems(topic) & title_stems) >= 2 and contains_phrase(lead, topic) \
                and not any(contains_phrase(s.anchor, topic) or contains_phrase(topic, s.anchor) for s in out):
            out.append(Subject(_with_article(doc, topic), topic))
    out += [o for o in _owned(doc, first) if o not in out]
    seen: set[str] = set()
    return [s for s in out if not (s.phrase.lower() in seen or seen.add(s.phrase.lower()))]


def _with_article(doc: Document, phrase: str) -> str:
    """"the new ferry terminal" where the story writes the phrase after an article; "grid storage" and
    "charge cycles" (mass nouns, plurals) stand bare."""
    head = phrase.split()[-1]
    if head.endswith("s") and not head.endswith(("ss", "us", "is")):
        return phrase
    bare = re.search(r"\b(?:for|of|in|on|with|to|from|by|about|buy|buys|use|uses|sell|sells)\s+" + re.escape(phrase)
                     + r"(?![\w-])", doc.text)
    # The phrase must end its noun phrase there: "the nitrogen dioxide levels" gives "nitrogen dioxide" no article,
    # "the largest container terminal at Port Calloway" does give one.
    pattern = r"\b(?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir)\s+(?:[\w'’-]+\s+){0,2}" + re.escape(phrase) + r"(?![\w-])(?:\s+([a-z]+))?"
    for m in re.finditer(pattern, doc.text):
        nxt = m.group(1)
        # A plural noun after it continues the compound ("levels"); "worth", "at", "developed" do not.
        if nxt is None or nxt in STOPWORDS or not (nxt.endswith("s") and not nxt.endswith("ss")) or nxt in _VERBS:
            return f"the {phrase}"
    # Written bare after a preposition or a verb ("for grid storage"): a mass noun. Else a count noun the story
    # only writes capitalised or in a compound ("Head coach Bram Tolliver"): it takes "the".
    return phrase if bare else f"the {phrase}"


def is_about(doc: Document, anchor: str) -> bool:
    """Whether the story's headline or lead holds the phrase (the story is "on" it)."""
    return may_hold(lead_text(doc), anchor) and contains_phrase(lead_text(doc), anchor)


@lru_cache(maxsize=200_000)
def _folded(text: str) -> str:
    return " ".join(text.lower().split())


def may_hold(text: str, phrase: str) -> bool:
    """A fast first test of `contains_phrase` (false only where it is false): the phrase's words, lower-cased and
    single-spaced, as a substring of the text's. Every story of a large wire collection is a peer of each
    reference, so the whole-word search runs only on the few that pass."""
    return _folded(phrase) in _folded(text)


def _same_subject(peer: Document, subject: Subject) -> bool:
    """Whether another story is about the same thing: its lead holds the anchor and, for a subject with an
    owner ("Texaco Canada's crude oil prices"), the owner and every word of the event too."""
    if not is_about(peer, subject.anchor):
        return False
    if not subject.owner:
        return True
    event = subject.phrase.replace(possessive(subject.owner), " ").replace(subject.owner, " ")
    return may_hold(peer.text, subject.owner) and contains_phrase(peer.text, subject.owner) \
        and _stems(event) <= _stems(lead_text(peer))


def pick_subject(doc: Document, peers: Sequence[Document], avoid: Sequence[str], taken: Sequence[str],
                 others: Sequence[str] = ()) -> Subject | None:
    """The first subject of `doc` that no peer story (same source and edition) is also about, that gives
    away nothing in `avoid` (the answer, the bridge) and differs from the other reports' subjects.
    Subjects that the query's other stories (`others`, their texts) also hold go last: with one, a single
    story could hold every anchor and the answer."""
    avoid_words = {w.lower() for a in avoid if a for w in a.split() if len(w) > 3}
    ranked = sorted(subject_candidates(doc), key=lambda s: any(contains_phrase(t, s.anchor) for t in others))
    for subject in ranked:
        words = {re.sub(r"['’]s?$", "", w.lower()) for w in subject.phrase.split()}  # "Pont's" gives away "Du Pont"
        if words & avoid_words or any(contains_phrase(subject.phrase, a) for a in avoid if a):
            continue
        if any(contains_phrase(t, subject.anchor) or contains_phrase(subject.anchor, t) for t in taken):
            continue
        if _about_subject(peers, subject) - {doc.doc_id}:
            continue
        return subject
    return None


class _Peers(tuple):
    """The stories of one edition (source, and month where dated), as a tuple with a memo of which of them are
    about a subject: in a wire collection every story is a peer of every reference to another."""

    def __new__(cls, docs):
        out = super().__new__(cls, docs)
        out.about = {}
        return out


def _about_subject(peers: Sequence[Document], subject: Subject) -> set[str]:
    memo = getattr(peers, "about", None)
    if memo is not None and subject in memo:
        return memo[subject]
    found = {p.doc_id for p in peers if _same_subject(p, subject)}
    if memo is not None:
        memo[subject] = found
    return found


_EDITIONS: PerCorpus[dict] = PerCorpus()


def _edition_peers(doc: Document, documents: dict[str, Document], dated: bool) -> Sequence[Document]:
    """The stories of `doc`'s source (and month, where `dated`), `doc` among them; cached per corpus."""
    def peers() -> dict:
        table: dict[tuple, list[Document]] = {}
        for d in documents.values():
            table.setdefault(_edition_key(d, dated), []).append(d)
        return {k: _Peers(v) for k, v in table.items()}

    return _EDITIONS.get(documents, dated, peers).get(_edition_key(doc, dated), ())


def _edition_key(doc: Document, dated: bool) -> tuple:
    month = (doc.published_at.year, doc.published_at.month) if dated and doc.published_at else None
    return (doc.source, month)


def story_ref(doc: Document, documents: dict[str, Document], avoid: Sequence[str], taken: Sequence[str],
              others: Sequence[str] = (), *, dated: bool = True) -> tuple[str, Subject] | None:
    """"the Harbor City Ledger report on the new ferry terminal", or, where another story of the source is
    about it too, "Harbor City Ledger's January 2024 report on ..." (only when `dated`); None when the story
    has no subject that picks it out. Dated stories without a source (a wire archive loaded without one) are
    "the report on ..." among all such stories."""
    if not doc.source and doc.published_at is None:
        return None
    subject = pick_subject(doc, _edition_peers(doc, documents, False), avoid, taken, others)
    if subject is not None:
        return f"{report_of(doc)} on {subject.phrase}", subject
    if dated and doc.published_at is not None:
        subject = pick_subject(doc, _edition_peers(doc, documents, True), avoid, taken, others)
        if subject is not None:
            return f"{report_of(doc, doc.published_at.strftime('%B %Y'))} on {subject.phrase}", subject
    return None


def report_of(doc: Document, when: str = "") -> str:
    """"the Harbor City Ledger report", "Harbor City Ledger's March 2024 report", "the March 1987 report"."""
    if not doc.source:
        return f"the {when} report" if when else "the report"
    return f"{possessive(doc.source)} {when} report" if when else f"{the_source(doc.source)} report"


def opens_story(doc: Document, name: str, *, as_modifier: bool = False) -> bool:
    """`_opens_story`, cached: pairs are drawn, and their stories named, many times over one run."""
    return may_hold(doc.text, name) and _memo(_OPENS, (doc.doc_id, doc.title, doc.text, name, as_modifier),
                                              lambda: _opens_story(doc, name, as_modifier))


def _opens_story(doc: Document, name: str, as_modifier: bool) -> bool:
    """Whether the story is about `name`: its first sentence names it as a name of its own, or its headline
    names it and the lead does so too. A name inside a longer one ("the Stock Exchange of Hong Kong",
    "Hongkong Electric") is the story's setting, and so is one used as a modifier ("a Hong Kong investment
    firm") unless `as_modifier` (a company or an event may lead a compound: "the Boeing lease", "the Gulf War
    southern front")."""
    lead = lead_text(doc)
    title, body = lead.split("\n", 1)
    first = _SENTENCE_END.split(body, 1)[0]
    # A headline names a person by surname ("SHULTZ VISIT TO MOSCOW").
    in_title = contains_phrase(title, name) or (len(name.split()) == 2 and contains_phrase(title, name.split()[-1]))
    return own_mention(first, name, as_modifier) or (in_title and own_mention(body, name, as_modifier))


def own_mentions(text: str, name: str) -> int:
    """How many times `text` names `name` on its own (as `own_mention` counts one: not inside a longer name,
    not as the office a filing is made with), modifiers included ("the Boeing lease")."""
    words = r"\s+".join(re.escape(w) for w in name.split())
    return sum(own_mention(text[max(0, m.start() - 40):m.end() + 30], name, True)
               for m in re.finditer(r"(?<![\w-])" + words + r"(?![\w-])", text, flags=re.IGNORECASE))


def leads_with(doc: Document, name: str) -> bool:
    """Whether the story's first sentence opens with `name` (its grammatical subject: "<Qantas Airways Ltd> has
    placed ...", "The Du Pont Co said ..."), not one quoted at its end ("..., lead manager Banque Paribas said")."""
    body = lead_text(doc).split("\n", 1)[-1].lstrip()
    words = r"\s+".join(re.escape(w) for w in name.split())
    return re.match(r"(?:<|[Tt]he\s+)?" + words + r"(?![\w-])", body) is not None


def prominent_in(doc: Document, name: str, *, as_modifier: bool = True) -> bool:
    """`_prominent_in`, cached."""
    return may_hold(doc.text, name) and _memo(_PROMINENT, (doc.doc_id, doc.title, doc.text, name, as_modifier),
                                              lambda: _prominent_in(doc, name, as_modifier))


def _prominent_in(doc: Document, name: str, as_modifier: bool) -> bool:
    """Whether a story gives `name` a part of its own beyond a passing mention: it opens the story
    (`opens_story`), or the lead names it on its own, or the story returns to it (two mentions of its own).
    A rating agency quoted once down the story, or the regulator a filing is made with, is not prominent."""
    if opens_story(doc, name, as_modifier=as_modifier):
        return True
    body = lead_text(doc).split("\n", 1)[-1]
    return own_mention(body, name, as_modifier) or own_mentions(doc.text, name) >= 2


_PROCEDURE_BEFORE = re.compile(r"\b(?:fil(?:e|es|ed|ing)|regist(?:er|ered|ering|ration)|told|tell|notif(?:y|ied)|"
                               r"submit(?:s|ted)?|report(?:ed)? to)\b[^.;]{0,50}\b(?:with|to|the)\s+$", re.IGNORECASE)


def own_mention(text: str, name: str, as_modifier: bool = False) -> bool:
    """Whether `text` names `name` on its own at least once (in any case: "the Gulf war"): not as part of a
    longer capitalised name and, unless `as_modifier`, not as a modifier of a lower-case noun ("Hong Kong
    investment firm"; "Iran said", "South Africa's mines" are the name's own)."""
    words = r"\s+".join(re.escape(w) for w in name.split())  # wire copy is hard-wrapped: "George\nShultz"
    for m in re.finditer(r"(?<![\w-])" + words + r"(?![\w-])", text, flags=re.IGNORECASE):
        before, after = text[max(0, m.start() - 40):m.start()], text[m.end():]
        if JOINED_BEFORE.search(before):
            continue  # "Stock Exchange of Hong Kong"
        if _PROCEDURE_BEFORE.search(before):
            continue  # "filed with the Securities and Exchange Commission", "told the SEC": where, not who
        nxt = re.match(r"\s+([A-Za-z][\w-]*)", after)
        if nxt is None or after[:2] in ("'s", "’s"):
            return True
        word = nxt.group(1)
        if word[0].isupper():
            continue  # "Hongkong Electric", "Hong Kong Telecom": a longer name
        if as_modifier or word in STOPWORDS or word in _VERBS or word.endswith(("ed", "ly")) or word in _NAME_ENDS:
            return True
    return False


# Lower-case words that follow a name that is a clause's subject ("Iran announces", "Japan may").
_NAME_ENDS = frozenset("""may might must could would should will shall can says said reported announced plans
    agreed expects also""".split())


def headline_names(title: str, names: set[str], lower_words: set[str] = frozenset()) -> bool:
    """Whether a headline names one of `names`: in full, by its initials ("CCC" for "Commodity Credit
    Corporation", as wire headlines write it), or by one of its words that the corpus never writes in lower case
    ("Lumora" of "Lumora Energy", "Marsh" of "Elena Marsh"; not "Credit" or "World")."""
    title = title or ""
    initials_seen = set(re.findall(r"[A-Z][A-Z&]+", title))
    for n in names:
        if contains_phrase(title, n):
            return True
        initials = "".join(w[0] for w in n.split() if w[:1].isupper())
        if len(initials) >= 2 and initials in initials_seen:
            return True
        if any(len(w) > 2 and w[:1].isupper() and w.lower() not in lower_words and contains_phrase(title, w)
               for w in n.split()):
            return True
    return False
