"""Comparison queries: yes/no over quantities stated in the claims, or over what the claims mention."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.claims import singular
from benchsmith.generators.multihop.collection import is_wire
from benchsmith.generators.multihop.models import Claim, ClaimSet, Draft, Quantity
from benchsmith.generators.multihop.ner import BRIDGE_LABELS
from benchsmith.generators.multihop.queries._phrasing import (
    _STAGE,
    INSTITUTION_HEAD,
    _lower_words,
    join_and,
    subject_refs,
    weak_bridge,
)
from benchsmith.generators.multihop.queries.story_subjects import (
    headline_names,
    leads_with,
    may_hold,
    own_mention,
)
from benchsmith.generators.multihop.queries.typos import has_misspelling
from benchsmith.generators.multihop.queries.whole_names import whole_name_in
from benchsmith.generators.multihop.text import STOPWORDS, contains_phrase, content_tokens
from benchsmith.generators.multihop.topics import is_topic_phrase
from benchsmith.text import regex
from benchsmith.types import Document


def _common_unit(claims: tuple[Claim, ...]) -> str | None:
    units = [{q.unit for q in c.quantities} for c in claims]
    common = set.intersection(*units) if units else set()
    return min(common) if common else None


def _value(c: Claim, unit: str) -> Quantity:
    return next(q for q in c.quantities if q.unit == unit)


_MEASURE_WINDOW = 5  # words each side of a number that may name what it measures
_GENERIC_MEASURE_WORDS = frozenset(
    {"million", "billion", "thousand", "percent", "dollars", "dollar", "year", "years", "about", "nearly", "more", "than",
     "figure", "figures", "number", "worth", "toward", "towards", "since", "ago", "until", "from", "last", "next", "early", "late", "back", "total", "record", "end", "start", "time", "season", "month", "week", "day"}
)


def measured_nouns(claim: Claim, q: Quantity) -> set[str]:
    """Content nouns near the number: what the quantity measures ("revenue", "round", "cycles")."""
    text = claim.text
    at = text.find(q.text)
    if at < 0:
        return set()
    before = re.findall(r"[A-Za-z][A-Za-z\-]+", text[:at])[-_MEASURE_WINDOW:]
    after = re.findall(r"[A-Za-z][A-Za-z\-]+", text[at + len(q.text) :])[:_MEASURE_WINDOW]
    ent_words = {w for e in claim.entities for w in e.norm.split()}
    out = set()
    for w in before + after:
        low = w.lower()
        if w[0].isupper() or low in ent_words or low in _GENERIC_MEASURE_WORDS or low == q.unit:
            continue
        if is_topic_phrase(low) and not low.endswith(("ed", "ing")):
            out.add(singular(low))
    return out


def shared_measure(claims: tuple[Claim, ...], unit: str) -> tuple[str | None, str | None]:
    """The head noun every claim's figure measures, or None and the rejection reason."""
    shared: set[str] | None = None
    heads: set[str] = set()
    for c in claims:
        qs = [q for q in c.quantities if q.unit == unit]
        if len(qs) != 1:
            return None, "ambiguous_quantity"  # two figures of one unit: which is compared is unclear
        nouns = measured_nouns(c, qs[0])
        shared = nouns if shared is None else shared & nouns
        after = re.match(r"\s+([A-Za-z][A-Za-z\-]+)", c.text[c.text.find(qs[0].text) + len(qs[0].text) :])
        heads.add(singular(after.group(1).lower()) if after else "")
    if not shared:
        return None, "different_measured_quantity"
    if len(heads) == 1 and heads <= shared:
        return heads.pop(), None  # "1,800 charge cycles": the noun right after the figure is what it counts
    return min(shared, key=lambda w: (-len(w), w)), None


def _counts_of(claims: tuple[Claim, ...], unit: str, measure: str) -> bool:
    """Whether every figure reads "<number> <unit> <measure>" (a count of things, as in "1,800 charge cycles")."""
    return all(re.search(re.escape(_value(c, unit).text) + r"\s+" + re.escape(measure), c.text, re.I) for c in claims)


def _plural(word: str) -> str:
    return word if word.endswith("s") else word + "s"


MONEY_UNITS = frozenset({"dollars", "dollar", "euros", "pounds", "yen", "usd", "eur"})


def _numeric(cs: ClaimSet, documents: dict[str, Document], rng: random.Random, unit: str,
             doc_entities: dict | None = None) -> Draft | str:
    claims = cs.claims
    if cs.group.kind == "entity" and weak_bridge(cs.group, documents):
        return "weak_bridge"  # "Regarding Series B, ...": a stage many deals pass, not one entity
    measure, reason = shared_measure(claims, unit)
    if measure is None:
        return reason or "different_measured_quantity"
    topic = cs.group.surface
    if cs.group.kind == "topic" and not is_topic_phrase(topic):
        return "topic_not_a_noun_phrase"
    ask_higher = rng.random() < 0.5
    if rng.random() < 0.5:
        # Half the time the extreme report goes first, so "Yes" is as common as "No" (the
        # answer is still computed below, never assumed).
        pick = max if ask_higher else min
        top = pick(range(len(claims)), key=lambda i: _value(claims[i], unit).value)
        claims = (claims[top], *claims[:top], *claims[top + 1 :])
    values = [_value(c, unit).value for c in claims]
    first, others = values[0], values[1:]
    if any(v == first for v in others):
        return "tied_quantities"
    # The measure never names a story: "the report on charge cycles give a higher number of charge cycles".
    named = subject_refs([documents[c.fact.doc_id] for c in claims], claims, documents, [topic, measure, _plural(measure)],
                         doc_entities=doc_entities)
    if named is None:
        return "reports_not_distinguishable"  # "the Valley Tech Review report": which of its many reports?
    refs = named[0]
    others_txt = "each of " + join_and(refs[1:]) if len(refs) > 2 else refs[1]
    # An entity bridge frames the question; a topic bridge is already the measured noun's context.
    lead = f"Regarding {topic}, does" if cs.group.kind == "entity" else "Does"
    if unit == "year":
        word = "a later" if ask_higher else "an earlier"
        query = f"{lead} {refs[0]} give {word} year for the {measure} than {others_txt}?"
    else:
        word = "higher" if ask_higher else "lower"
        what = f"{unit} figure for the {measure}" if unit not in ("percent", measure) else f"figure for the {measure}"
        if unit == "percent":
            what = f"percentage for the {measure}"
        elif _counts_of(claims, unit, measure):
            what = f"number of {unit} {_plural(measure)}"  # "1,800 charge cycles": a count, not a charge figure
        elif unit not in MONEY_UNITS:
            return "measure_unclear"  # "a lower league figure for the goal": what is compared is not clear
        query = f"{lead} {refs[0]} give a {word} {what} than {others_txt}?"
    yes = all(first > v for v in others) if ask_higher else all(first < v for v in others)
    return Draft(
        query=query, answer="Yes" if yes else "No", question_type="comparison_query", claims=claims,
        bridge_entity=cs.group.surface if cs.group.kind == "entity" else None,
        bridge_topic=cs.group.surface if cs.group.kind == "topic" else claims[0].topic,
        keywords=cs.keywords,
        computation={"op": "gt" if ask_higher else "lt", "unit": unit, "measure": measure, "values": values},
        template=f"comparison.numeric.{unit == 'year'}",
    )


def _mention(cs: ClaimSet, documents: dict[str, Document], rng: random.Random, doc_entities: dict | None = None,
             doc_claims: dict | None = None, want_yes: bool | None = None) -> Draft | str:
    """Do two stories on the bridge both mention a named entity? Checked against the whole articles.

    `want_yes` fixed (True) means a partner story was swapped in for a Yes: only a Yes draft is returned."""
    claims = cs.claims[:2]
    bridge = cs.group.surface
    if cs.group.kind != "entity":
        return "topic_bridge_not_comparable"
    if weak_bridge(cs.group, documents):
        return "weak_bridge"
    docs = [documents[c.fact.doc_id] for c in claims]
    if any(not d.source and d.published_at is None for d in docs):
        return "reports_not_distinguishable"
    # Candidate terms: other multi-word named entities of the claims, then of the two stories (never the bridge, a
    # number or a single letter): a story's other actors are what a reader asks whether both reports mention.
    wire = is_wire(documents)
    found = [(e.text, e.label, e.norm) for c in claims for e in c.entities]
    if wire:  # a wire story's other actors (a few dozen stories on one city's affairs: the cited sentences' names)
        found += [(text, label, norm) for d in docs
                  for norm, (label, text) in sorted((doc_entities or {}).get(d.doc_id, {}).items())]
    terms = [
        text for text, label, norm in found
        if norm != cs.group.key and label in BRIDGE_LABELS and len(text.split()) >= 2
        and text.split()[0].lower() not in _NUMBER_WORDS and text[:1].isupper()
        and text.split()[0] not in ("Like", "As", "With", "For", "But", "And")
        and not _STAGE.match(text)  # "Series A": a stage many companies pass, not something a story mentions
        and not re.search(r"\d|[A-Za-z]-[A-Z]", text)  # "Release 1.1", "Amsterdam-New York": a version, a route
        and ("," not in text or label in _PLACE_LABELS)  # "Copy, Clone" is a list read as one name; "Salem, Oregon" is one
        and not any(d.source and contains_phrase(text, d.source) for d in docs)  # "Reuters" is where they come from
    ]
    # "both mention New York Stock Exchange", no capital "The"; "Intel Corp." at a sentence end loses its stop.
    # "Bank of China's" is a possessive, "Standard and Poor's" a name: neither is asked
    terms = [t for t in (re.sub(r"^The (?=[A-Z])", "", t).rstrip(".") for t in terms) if not re.search(r"['’]s$", t)]
    people = {text for text, label, _ in found if label == "PERSON"}  # "Wen Achterberg of Tidemark Ventures" ends at "of"
    terms = [t for t in dict.fromkeys(terms) if not contains_phrase(bridge, t) and not contains_phrase(t, bridge)
             and any(whole_name_in(d.text, t, t in people) for d in docs)]  # "Electric Co" of "General Electric Co"
    # A term a headline names gives its answer away: "the report on wheat flour for North Yemen" mentions North Yemen.
    terms = [t for t in terms if not any(headline_names(d.title or "", {t}) for d in docs)]
    if not terms:
        return "nothing_to_compare"
    # Present only as a whole name ("the National Association of Securities Dealers Automated Quotation System" is
    # NASDAQ, not the NASD); a story holding the term only inside a longer name gives neither a clean Yes nor a No.
    present = {t: [whole_name_in(d.text, t, t in people) for d in docs] for t in terms}
    terms = [t for t in terms if all(p or not contains_phrase(d.text, t) for p, d in zip(present[t], docs, strict=True))]
    if not terms:
        return "nothing_to_compare"
    # A story that lacks the term but names a word of it ("A-300-600 aircraft from Airbus Industrie" against
    # "the Airbus A300s") leaves a reader unsure the No is right.
    terms = [t for t in terms if all(present[t]) or not any(_near_miss(d.text, t) for d, p in zip(docs, present[t],
                                                                                                 strict=True) if not p)]
    if not terms:
        return "nothing_to_compare"
    # Each story that mentions the term is cited by a sentence that shows it (and names the bridge): a Yes
    # must be visible in its evidence, not only somewhere in the articles.
    cited = {t: _citing(cs, claims, t, present[t], doc_claims or {}, t in people) for t in terms}
    terms = [t for t in terms if cited[t] is not None]
    if not terms:
        return "mention_not_in_evidence"
    if not wire:
        return _mention_named_last(cs, claims, docs, documents, rng, terms, present, cited, doc_entities)
    # The stories are named first (by their own actors and events, the bridge among them: it is not what is asked),
    # then a term their names do not give away is asked about.
    named = subject_refs(docs, claims, documents, [], doc_entities=doc_entities)
    if named is None:
        return "reports_not_distinguishable"
    refs, topics = named
    ref_words = {w.lower().strip("'’s") for r in refs for w in r.split() if w[:1].isupper()}
    terms = [t for t in terms if not any(contains_phrase(r, t) or contains_phrase(t, a) or contains_phrase(a, t)
                                         for r, a in zip(refs, topics, strict=True))
             and not {w.lower() for w in t.split()} & ref_words
             and not any(leads_with(d, t) for d in docs)]  # a story's own opening actor: its report surely names it
    if not terms:
        return "nothing_to_compare"
    partner_swapped = want_yes is not None
    if want_yes is None:
        want_yes = rng.random() < 0.5
    # Two stories datelined in or about one place "both mention New York" as their setting, and a place one story
    # names in passing ("West Germany", "the West Coast") makes a No any reader guesses: a term is a party
    # (organization, person, product), never a place.
    places = {re.sub(r"^The (?=[A-Z])", "", text).rstrip(".") for text, label, _ in found if label in _PLACE_LABELS}
    pool = [t for t in terms if all(present[t]) == want_yes and t not in places]
    if want_yes and not pool:
        # Two stories rarely share a second long name; a one-word one both write on its own ("OPEC", "Reagan")
        # gives the Yes the stream pairs with each No.
        pool = [t for t in _one_word_terms(found, cs.group.key, docs, documents, refs, topics)
                if t not in present and t not in places]
        cited.update({t: _citing(cs, claims, t, [True, True], doc_claims or {}, t in people) for t in pool})
        pool = [t for t in pool if cited[t] is not None]
        present.update({t: [True, True] for t in pool})
    if want_yes and not pool and not partner_swapped:
        # Wire comparisons are nearly all No: another story on the bridge that names a third party with this one
        # gives the Yes (the pair is re-checked as a whole, its stories by the bridge checks after the build).
        swapped = _yes_with_other_partner(cs, documents, rng, doc_entities, doc_claims)
        if swapped is not None:
            return swapped
    if partner_swapped and not pool:
        return "nothing_to_compare"
    # the stream pairs Yes with No (assemble.balanced); a place stays out of the fallback too
    pool = pool or [t for t in terms if t not in places]
    rng.shuffle(pool)
    # "Amazon S3" in every page makes no question; the share is read only for the terms tried (a corpus-wide scan).
    term = next((t for t in pool if document_share(documents, t) <= MAX_TERM_SHARE), None)
    if term is None or (partner_swapped and not all(present[term])):
        return "nothing_to_compare"
    return _mention_draft(cs, docs, refs, topics, term, present[term], cited[term])


_PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
# Words many names share: a story naming "the Bank" or "West Germany" has not half-named "Bank of China".
_NAME_WORDS = frozenset("""bank corp inc ltd plc group international national american general new west east north
    south united department ministry company association council commission board federal state first""".split())


def _near_miss(text: str, term: str) -> bool:
    """Whether `text` writes a distinctive word of `term` (not one many names share)."""
    return any(len(w) >= 3 and w[:1].isupper() and w.lower() not in _NAME_WORDS and w.lower() not in STOPWORDS
               and regex(r"(?<![\w-])" + re.escape(w)).search(text) for w in re.findall(r"[\w-]+", term))


_MAX_PARTNERS = 6  # other stories of the bridge tried for a Yes (each try names both stories and scans their names)


def _yes_with_other_partner(cs: ClaimSet, documents, rng, doc_entities, doc_claims) -> Draft | None:
    """A Yes mention draft over one drawn story and another story of the bridge, or None."""
    drawn = [c.fact.doc_id for c in cs.claims[:2]]
    others = [d for d in sorted(cs.group.claims_by_doc) if d not in drawn]
    rng.shuffle(others)
    # The drawn stories keep their places first: (first, other), then (other, second).
    pairs = [*[(drawn[0], d) for d in others], *[(d, drawn[1]) for d in others]]
    for a, b in pairs[:_MAX_PARTNERS]:
        claims = (cs.group.claims_by_doc[a][0], cs.group.claims_by_doc[b][0])
        # grouping.keywords_for (not imported: grouping imports this package): the bridge and words both claims state.
        shared = sorted(set(content_tokens(claims[0].text)) & set(content_tokens(claims[1].text)) - set(content_tokens(cs.group.surface)))
        trial = ClaimSet(group=cs.group, claims=claims, keywords=(cs.group.surface, *[w for w in shared if not w.isdigit()][:8]))
        draft = _mention(trial, documents, rng, doc_entities, doc_claims, want_yes=True)
        if isinstance(draft, Draft) and draft.answer == "Yes":
            return draft
    return None


def _mention_named_last(cs, claims, docs, documents, rng, terms, present, cited, doc_entities) -> Draft | str:
    """Outside a wire collection: the term is drawn first and the stories are named by anything but it and the
    bridge."""
    terms = [t for t in terms if document_share(documents, t) <= MAX_TERM_SHARE]  # "Amazon S3" in every page
    if not terms:
        return "nothing_to_compare"
    want_yes = rng.random() < 0.5
    pool = [t for t in terms if all(present[t]) == want_yes] or terms  # the stream pairs Yes with No (assemble.balanced)
    term = pool[rng.randrange(len(pool))]
    named = subject_refs(docs, claims, documents, [cs.group.surface, term], doc_entities=doc_entities)
    if named is None:
        return "reports_not_distinguishable"
    return _mention_draft(cs, docs, named[0], named[1], term, present[term], cited[term])


def _mention_draft(cs, docs, refs, topics, term, present, claims) -> Draft:
    query = f"Do {refs[0]} and {refs[1]} both mention {_as_named(term, docs)}?"
    return Draft(
        query=query, answer="Yes" if all(present) else "No", question_type="comparison_query", claims=claims,
        bridge_entity=cs.group.surface, bridge_topic=claims[0].topic, keywords=cs.keywords,
        computation={"op": "all_mention", "term": term, "present": present, "scope": "article",
                     "anchors": [*topics, term]},
        template="comparison.mention",
    )


def _one_word_terms(found, bridge_key: str, docs: Sequence[Document], documents: dict[str, Document],
                    refs: Sequence[str], topics: Sequence[str]) -> list[str]:
    """One-word names both stories write on their own (not inside a longer name: "Tobago" of "Trinidad and
    Tobago"): an organization, country or person the corpus never writes in lower case, and no reference's word."""
    lower = _lower_words(documents)
    out = []
    for text, label, norm in found:
        if (norm == bridge_key or len(text.split()) != 1 or label not in ("GPE", "ORG", "PERSON") or len(text) < 4
                or not text.isalpha() or not text[:1].isupper() or text.lower() in lower
                or has_misspelling(text, documents)):
            continue
        if any(contains_phrase(r, text) for r in (*refs, *topics)):
            continue
        # a place the tagger took for an organization: the stories write where ("all in Florida", "Dallas-based")
        if any(regex(rf"\bin\s+{re.escape(text)}\b|\b{re.escape(text)}-based\b").search(d.text) for d in docs):
            continue
        if all(own_mention(d.text, text) for d in docs):
            out.append(text)
    return list(dict.fromkeys(out))


def _as_named(term: str, docs: Sequence[Document]) -> str:
    """The term as a sentence names it mid-clause: with "the" where its head is an institution's common noun or
    where the stories themselves write "the" before it ("the New York Stock Exchange")."""
    # "the Ford Motor Co unit", "the Boeing 767" write "the" before the longer name or the model, not the maker.
    if INSTITUTION_HEAD.search(term) or any(re.search(r"\bthe\s+" + re.escape(term) + r"\b(?!\s+[A-Z0-9<])", d.text)
                                              for d in docs):
        return "the " + term
    return term


def _citing(cs: ClaimSet, claims, term: str, present: list[bool], doc_claims: dict, person: bool = False):
    """The claims to cite for a mention question: per story that mentions `term`, one of its claims that states
    the term as a whole name (one on the bridge first, else its bridge claim and then any of its claims that states
    it); None when such a story has none."""
    out = []
    for claim, has in zip(claims, present, strict=True):
        # The cited sentence itself (not the claim, whose pronouns are resolved) must show the term, whole: "the
        # National Association of Securities Dealers Automated Quotation System" does not show the NASD.
        if not has or whole_name_in(claim.fact.text, term, person):
            out.append(claim)
            continue
        doc_id = claim.fact.doc_id
        pool = [*cs.group.claims_by_doc.get(doc_id, ()), *doc_claims.get(doc_id, ())]
        other = next((c for c in pool if whole_name_in(c.fact.text, term, person)), None)
        if other is None:
            return None
        out += [claim, other] if other not in cs.group.claims_by_doc.get(doc_id, ()) else [other]
    return tuple(out)


MAX_TERM_SHARE = 0.2
_SHARES: PerCorpus[float] = PerCorpus()


def document_share(documents: dict[str, Document], term: str) -> float:
    """Share of the corpus documents that mention `term` (cached per corpus and term)."""
    def share() -> float:
        hits = sum(may_hold(d.text, term) and contains_phrase(d.text, term) for d in documents.values())
        return hits / max(1, len(documents))

    return _SHARES.get(documents, term, share)


_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve twenty thirty hundred".split())


def build_comparison(cs: ClaimSet, documents: dict[str, Document], rng: random.Random, doc_entities: dict | None = None,
                     doc_claims: dict | None = None) -> Draft | str:
    """A comparison query: numeric when every claim states a quantity of one unit, else a mention check."""
    unit = _common_unit(cs.claims)
    # On a wire, two stories' figures of one unit are rarely of one thing ("the U.S. offer of 112 dlrs per tonne"
    # against a board's breakeven price): its figures are compared from earnings tables (compose/earnings.py).
    if unit is not None and not is_wire(documents):
        draft = _numeric(cs, documents, rng, unit, doc_entities)
        if isinstance(draft, Draft):
            return draft
    return _mention(cs, documents, rng, doc_entities, doc_claims)
