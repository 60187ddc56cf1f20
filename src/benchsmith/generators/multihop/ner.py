"""Entities, topics and quantities of fact sentences: spaCy when installed, rules otherwise.

spaCy runs once over all sentences with `nlp.pipe`, with everything but
tok2vec and ner disabled: on a 2-core machine the tagger and parser would add
60-80% to the dominant cost of the generator. Topics are read as the longest
run of lower-case content words (a rule-based noun phrase); pass
`topics="tagger"` to read noun phrases from spaCy part-of-speech tags instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.models import Entity, Quantity
from benchsmith.generators.multihop.text import STOPWORDS, normalize_entity
from benchsmith.quantities import extract_quantities

# Labels that can be a bridge entity (numbers and dates cannot).
BRIDGE_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "ENTITY"})
_SKIP_PIPES = ("tagger", "attribute_ruler", "parser", "lemmatizer", "senter")

_MONTHS = frozenset("january february march april may june july august september october november december".split())
# A capitalised word ("BankAmerica", "M-3") or a dotted abbreviation ("U.S.", "N.V."), and the capitalised
# words joined to it.
_NAME_WORD = (r"(?:(?:[A-Z]\.){2,}|[A-Z]\.(?=\s+(?!(?:She|He|It|They|The|This|That|In|On|At|But|And|An?)\b)[A-Z][a-z])"
              r"|[A-Z][a-zA-Z0-9’'\-]*)")
_RULE_ENTITY = re.compile(rf"\b{_NAME_WORD}(?:\s+(?:of|the|de|des|du|et|van|von|and|&)?\s*{_NAME_WORD})*")
_TITLES = frozenset(
    """mayor mr mrs ms dr prof professor president chief councillor senator minister founder coach captain sir lord
    executive ceo chairman chairwoman director manager partner striker goalkeeper defender midfielder""".split()
)
# Roles written before a name in wire copy ("Agriculture Secretary Richard Lyng", "Finance Minister Mario
# Brodersohn"): the person is the name after the last role word, the role is not part of it.
ROLE_WORDS = _TITLES | frozenset(
    """secretary undersecretary governor spokesman spokeswoman ambassador premier chancellor commissioner treasurer
    deputy vice analyst economist official officials trader dealer king queen prince sheikh judge general rep sen
    gov adviser advisor aide leader envoy negotiator""".split()
)
# Where a run of names is two names: before "and <Role>", and after a possessive ("Poor's and Moody's").
_AND_ROLE = re.compile(r"\s+and\s+(?=(?:" + "|".join(sorted(w.capitalize() for w in ROLE_WORDS)) + r")\b)"
                       r"|(?<=['’]s)\s+and\s+")
_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_WIRE_MONTHS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
# Capitalised only because they open the sentence.
_OPENERS = frozenset(
    """because however although though since last next under despite while whereas earlier later meanwhile
    separately also yesterday today total net shares sales profits revenues analysts officials traders dealers
    sources one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
    dozens""".split()
)
_NOT_A_NAME = STOPWORDS | _MONTHS | _WIRE_MONTHS | _DAYS | _OPENERS


def _without_role(text: str) -> tuple[str, bool]:
    """The name after the last role word of a span, and whether there was a role ("Secretary of State George
    Shultz" -> "George Shultz"); the span itself where what follows is not a name of two words or more."""
    words = text.split()
    last = max((i for i, w in enumerate(words[:-1]) if w.lower() in ROLE_WORDS), default=None)
    if last is None:
        return text, False
    rest = words[last + 1 :]
    if len(rest) >= 2 and rest[0] == "of":
        rest = rest[2:]  # "of State", "of Agriculture"
    if len(rest) < 2 or rest[0].lower() in STOPWORDS or not rest[0][:1].isupper():
        return text, False
    return " ".join(rest), True


@dataclass(frozen=True)
class SentenceAnalysis:
    entities: tuple[Entity, ...]
    topic: str
    quantities: tuple[Quantity, ...]


def _rule_entities(sentence: str) -> tuple[Entity, ...]:
    out = []
    for m in _spans(sentence):
        text = m.group(0).strip()
        if m.start() == 0 and len(text.split()) == 1 and not _looks_like_a_name(text) and not _NAME_LIKE_OPENER.match(
                sentence[m.end() :]):
            continue  # a sentence-initial capitalised word is usually not a name
        text, _role = _without_role(text)
        # Drop leading stopwords, months, days and titles by slicing, so `text` stays the exact suffix of the match.
        while text:
            first = text.split()[0]
            low = _POSSESSIVE.sub("", first.lower().rstrip("."))
            if low not in _NOT_A_NAME and low not in ROLE_WORDS:
                break
            text = text[len(first) :].lstrip()
        if re.match(r"[A-Z][a-z]+-based\s+[A-Z]", text):
            text = text.split(None, 1)[1]  # "Paris-based Union de Banques Arabes": where it is based is no part of it
        # The match's own offset: `sentence.find(text)` would point at an earlier, longer name.
        start = m.start() + len(m.group(0).rstrip()) - len(text)
        if not re.fullmatch(r"\S+ and \S+['’]s", text):  # "Standard and Poor's" is the name, possessive and all
            text = _without_echo(_POSSESSIVE.sub("", text))  # "Tower Commission's", "Saudi Press Agency SPA"
        if not text or _PARTY_STATE.match(text) or all(w.lower().rstrip(".") in _NOT_A_NAME for w in text.split()):
            continue  # "Wednesday February", "Thursday and Friday"
        for part, offset in _person_of_company(text):
            norm = normalize_entity(part)
            if _PARTY_STATE.match(part):
                continue
            if norm and norm not in STOPWORDS and len(norm.replace(" ", "")) > 1:
                out.append(Entity(part, "ENTITY", norm, start + offset))
    return tuple(out)


_COMPANY_ENDINGS = frozenset("inc ltd co corp plc llc ag nv sa bv gmbh spa bancorp".split())


def _spans(sentence: str) -> list[re.Match]:
    """The capitalised runs of a sentence, a run cut before "and <Role>" ("Mayor Elena Marsh and Councillor
    Rafael Okafor" is two people)."""
    out = []
    for m in _RULE_ENTITY.finditer(sentence):
        start = m.start()
        for cut in _AND_ROLE.finditer(m.group(0)):
            out.append(_RULE_ENTITY.match(sentence, start, m.start() + cut.start()))
            start = m.start() + cut.end()
        out.append(_RULE_ENTITY.match(sentence, start, m.end()) if start != m.start() else m)
    return [x for x in out if x is not None]


def _person_of_company(text: str) -> list[tuple[str, int]]:
    """A span naming a person and their employer ("Shigeki Matsumoto of Nikko Securities Co Ltd") as its two
    names with their offsets; any other span as itself."""
    left, sep, right = text.partition(" of ")
    if sep and len(left.split()) == 2 and right.split()[-1].lower().rstrip(".") in _COMPANY_ENDINGS:
        return [(left, 0), (right, len(left) + len(sep))]
    left, sep, right = text.partition(" and ")
    if sep and " " not in left and " " not in right and left != right and not _POSSESSIVE.search(right):
        # Two single words ("Algeria and Mali", "Canadian and Egyptian") are two names; "Standard and Poor's"
        # never gets here (its possessive is kept when the whole span is one name) nor "Johnson and Johnson".
        return [(left, 0), (right, len(left) + len(sep))]
    return [(text, 0)]


_POSSESSIVE = re.compile(r"['’]s$")
# A sentence-initial word is a company or country name when what follows says so ("Chrysler said it ...",
# "Venezuela and its bank advisory committee ..."); a surname opening a sentence ("Marsh said") repeats a full
# name given before and is left out.
_NAME_LIKE_OPENER = re.compile(r"^\s+(?:said\s+its?|reported|posted|and\s+its|has\s+agreed)\b")
_PARTY_STATE = re.compile(r"^(?:[RDI]-[A-Z][a-z]+|(?:A{1,3}|B{1,3}|C{1,3}|Baa|Ba|Caa|BAA|BA|CAA)(?:-\d)?)$")  # "(R-Iowa)", ratings "AA", "Baa-3": not names


def _without_echo(text: str) -> str:
    """A name without the acronym repeated after it ("Saudi Press Agency SPA" -> "Saudi Press Agency")."""
    words = text.split()
    if len(words) > 2 and words[-1].isupper() and words[-1] == "".join(w[0] for w in words[:-1] if w[0].isupper()):
        return text[: text.rfind(words[-1])].rstrip()
    return text


def split_conjoined(analyses: dict[str, list[SentenceAnalysis]]) -> dict[str, list[SentenceAnalysis]]:
    """Names the rules joined over "and" ("Shultz and Weinberger", "Paul Volcker and International Monetary
    Fund") split into their parts where each part is also named on its own somewhere in the corpus (a surname
    by its full name); "Standard and Poor's" and "Sumitomo Trust and Banking Co Ltd" stay."""
    alone = {e.norm for sents in analyses.values() for a in sents for e in a.entities if " and " not in e.text}
    alone |= {n.split()[-1] for n in alone if len(n.split()) == 2}  # "Weinberger" from "Caspar Weinberger"
    out: dict[str, list[SentenceAnalysis]] = {}
    for doc_id, sents in analyses.items():
        new = []
        for a in sents:
            ents: list[Entity] = []
            for e in a.entities:
                left, sep, right = e.text.partition(" and ")
                # "Sumitomo Trust and Banking Co Ltd": one company whose suffix follows the "and", never split.
                if sep and right[:1].isupper() and normalize_entity(left) in alone and normalize_entity(right) in alone \
                        and not (_company_suffix(right) and not _company_suffix(left)):
                    ents.append(Entity(left, e.label, normalize_entity(left), e.start))
                    ents.append(Entity(right, e.label, normalize_entity(right), e.start + len(left) + len(sep)))
                else:
                    ents.append(e)
            new.append(SentenceAnalysis(tuple(ents), a.topic, a.quantities) if len(ents) != len(a.entities) else a)
        out[doc_id] = new
    return out


_DATE_PIECE = re.compile(r"^(?:\d{1,4}(?:st|nd|rd|th)?|mid|early|late)$")


def is_date_like(text: str) -> bool:
    """A "name" made of months, days and numbers only ("Feb 25", "February 27-July 7"): a date, never a bridge."""
    pieces = [p for p in re.split(r"[\s\-/,.]+", text.lower()) if p]
    dated = [p for p in pieces if p in _MONTHS or p in _WIRE_MONTHS or p in _DAYS]
    return bool(dated) and all(p in dated or _DATE_PIECE.match(p) for p in pieces)


_ARTICLE = re.compile(r"^[Tt]he\s+(?=[A-Z0-9])")
_JOINABLE = frozenset({"ORG", "NORP", "GPE", "ENTITY"})


def _company_suffix(name: str) -> bool:
    return len(name.split()) > 1 and name.split()[-1].lower().rstrip(".") in _COMPANY_ENDINGS


def _joined_company_names(sentence: str, ents: list[Entity]) -> list[Entity]:
    """One company named as "X and Y Co Ltd" that NER read as two names ("Sumitomo Trust" and "Banking Co Ltd",
    "British" and "Commonwealth Shipping Co Plc"): the part after "and" carries the company's suffix and the part
    before is no whole company (no suffix of its own) nor a person; the name is the whole span."""
    out: list[Entity] = []
    for e in ents:
        prev = out[-1] if out else None
        if (prev is not None and prev.label in _JOINABLE and e.label in ("ORG", "ENTITY")
                and sentence[prev.start + len(prev.text) : e.start] == " and " and _company_suffix(e.text)
                and not _company_suffix(prev.text) and len(prev.text.split()) <= 2):
            text = sentence[prev.start : e.start + len(e.text)]
            out[-1] = Entity(text, "ORG", normalize_entity(text), prev.start)
        else:
            out.append(e)
    return out


def _looks_like_a_name(word: str) -> bool:
    """A sentence-initial word that is a name all the same: an inner capital or an acronym ("BankAmerica", "OPEC")."""
    letters = word.replace(".", "").replace("-", "")
    return len(letters) > 1 and (letters.isupper() or any(c.isupper() for c in letters[1:])) and word.lower() not in _NOT_A_NAME


def _rule_topic(sentence: str, entities: Sequence[Entity]) -> str:
    ent_words = {w for e in entities for w in e.norm.split()}
    best: list[str] = []
    run: list[str] = []
    for tok in re.findall(r"[A-Za-z][a-z\-]+|\S", sentence) + ["."]:
        low = tok.lower()
        if tok[0].islower() and low not in STOPWORDS and low not in ent_words and len(low) > 2 and not low.endswith(("ed", "ly")):
            run.append(low)
        else:
            if len(run) > len(best):
                best = run
            run = []
    return " ".join(best[-3:])


def _spacy_topic(doc, entity_tokens: set[int]) -> str:
    """The first noun phrase (ADJ/NOUN run ending in a NOUN) outside the entities, from tagger output."""
    best = ""
    run: list = []
    for tok in list(doc) + [None]:
        ok = tok is not None and tok.i not in entity_tokens and tok.pos_ in ("NOUN", "ADJ", "PROPN") and tok.is_alpha and not tok.is_stop
        if ok:
            run.append(tok)
            continue
        while run and run[-1].pos_ != "NOUN":
            run.pop()
        if run:
            phrase = " ".join(t.lower_ for t in run[-3:])
            if not best:
                best = phrase
        run = []
    return best


def analyze_sentences(
    sentences: Sequence[str], *, nlp=None, batch_size: int = 256, topics: str = "rules", n_process: int = 1
) -> list[SentenceAnalysis]:
    """Entities, a topic phrase and quantities for each sentence.

    Args:
        sentences: fact sentences.
        nlp: a loaded spaCy pipeline (e.g. `benchsmith.embedded.load_spacy()`), or None for rules.
        batch_size: spaCy `nlp.pipe` batch size.
        topics: "rules" (lower-case content-word runs) or "tagger" (spaCy POS noun phrases; slower).
        n_process: spaCy worker processes; more than 1 only pays off on an otherwise idle multi-core machine.
    """
    if nlp is None:
        out = []
        for s in sentences:
            ents = _rule_entities(s)
            out.append(SentenceAnalysis(ents, _rule_topic(s, ents), extract_quantities(s)))
        return out
    skip = [p for p in _SKIP_PIPES if not (topics == "tagger" and p in ("tagger", "attribute_ruler"))]
    disable = [p for p in skip if p in nlp.pipe_names]
    out = []
    for s, doc in zip(sentences, nlp.pipe(sentences, batch_size=batch_size, disable=disable, n_process=n_process), strict=True):
        ents = []
        ent_tokens: set[int] = set()
        for e in doc.ents:
            ent_tokens.update(range(e.start, e.end))
            text, start = e.text, e.start_char
            # spaCy often keeps a job title in a PERSON span ("Founder Jonah Kettering").
            while len(text.split()) > 1 and text.split()[0].lower() in _TITLES:
                head = text.split()[0]
                start += len(head) + 1
                text = text[len(head) :].lstrip()
            name, had_role = _without_role(text)
            if had_role:
                start += text.rfind(name)
                text = name
            article = _ARTICLE.match(text)
            if article and (text[0] == "t" or start == 0):
                # "the White House", a sentence's "The Commerce ...": the article is no part of the name
                # (mid-sentence "The Sunday Times" keeps it).
                start += article.end()
                text = text[article.end() :]
            norm = normalize_entity(text)
            if norm:
                ents.append(Entity(text, "DATE" if is_date_like(text) else e.label_, norm, start))
        ents = _joined_company_names(s, ents)
        topic = _spacy_topic(doc, ent_tokens) if topics == "tagger" and "tagger" in nlp.pipe_names else _rule_topic(s, ents)
        out.append(SentenceAnalysis(tuple(ents), topic, extract_quantities(s)))
    return out
