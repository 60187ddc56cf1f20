"""Unanswerable turns about attributes the corpus demonstrably lacks, and their corpus-wide proof.

A candidate asks for an attribute of the conversation's current term (who invented
it, when it was introduced, ...). It is accepted only when

1. no sentence of a document that mentions the term states the attribute for it
   (a cue word in a sentence naming the term, or anywhere in a document whose title
   names it; the documents come from the corpus index's word postings), and
2. no passage in the lexical and dense top-k for the standalone question (over the
   whole corpus) holds a sentence that states the attribute (a lexical entailment
   check: an attribute cue in a sentence that names the term or continues it).

The proof (query, retrievers, k, candidates checked) is stored with the turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from benchsmith.corpora.wire import unwrapped
from benchsmith.generators.conversations.passages import PERSON_DESCRIPTION, split_sentences
from benchsmith.generators.conversations.phrases import cut_phrase, vague_phrase
from benchsmith.schemas.conversation import UnanswerableProof
from benchsmith.text import STOPWORDS, WORD_RE
from benchsmith.types import Chunk

# What kind of thing a term names decides which questions about it a person would plausibly ask:
#   N  a named product, service or organisation the documents describe as something used (Amazon S3, IBM Cloudant)
#   E  another named thing (Europa Clipper, the Arizona Cardinals, NASA)
#   T  a technical common noun of such documents (a bucket, versioning)
#   C  an everyday common noun (floods, wildfires, a checking account)
#   P  a named part of a product, written with an article (the Standard plan, an ACL, the IAM user)
#   H  a person (Naila Boss, "an English underground rapper"): no price, no future, never "it"
#   D  a piece of a configuration or a program (the Listen directive, mod_ssl, the mime.types file, the env provider):
#      asked how it performs, what trips people up, why and when it came; it has no rivals, critics or history of its own
CATEGORIES = "NETCPHD"
_PIECE = (r"directive|module|file|option|command|flag|variable|header|parameter|signal|program|utility|script|function|"
          r"element|attribute|field|setting|property|provider|filter|handler|keyword|argument|switch|container|token|"
          r"key|value|method|operator|extension|daemon|binary|operation")
_PIECE_END = re.compile(rf"\b(?:{_PIECE})s?$", re.I)
_CODE_NAME = re.compile(r"^[a-z][a-z0-9]*(?:[_.\-/][a-z0-9]+)+$|^[a-z]+[A-Z]\w*$|^(?:[A-Z][a-z]+){2,}$|^mod_\w+$")
_PRODUCT_CUES = re.compile(r"\b(?:configur\w*|enabl\w*|install\w*|API|SDK|console|dashboard|plan|feature|service|"
                           r"account settings|request|endpoint|database|instance|integration|command|parameter)\b")


def category(term: str, texts: list[str]) -> str:
    """N, E, T, C, P or H (above) from the term's capitalisation and the passages that name it."""
    core = re.sub(r"^(?:the|a|an)\s+", "", term, flags=re.I)
    person = re.compile(re.escape(core) + r"\s*(?:\([^()]*\))?,?\s+(?:is|was)\s+" + PERSON_DESCRIPTION, re.I)
    if core[:1].isupper() and any(person.search(t) for t in texts):
        return "H"
    named = any(w[:1].isupper() for w in term.split() if w.lower() not in ("the", "a", "an"))
    technical = len(_PRODUCT_CUES.findall(" ".join(texts))) >= 3
    if technical and piece(core, texts):
        return "D"
    if named and technical and term.split()[0].lower() in ("the", "a", "an"):
        return "P"  # "the Standard plan", "an ACL": a part of the product (asked when it came, what it costs; not its rivals)
    return ("N" if technical else "E") if named else ("T" if technical else "C")


def piece(core: str, texts: list[str]) -> bool:
    """The term names a piece of a configuration or a program: it says so ('the env provider', 'the mime.types
    file'), is written as code ('mod_ssl', 'BrowserMatch', 'SetEnvIf'), or its passages call it a directive, module ...
    ('the Listen directive', 'the rotatelogs program')."""
    if _PIECE_END.search(core) or _CODE_NAME.match(core):
        return True
    # mostly written with its kind ('the Listen directive'), not now and then ('the Amazon S3 API' beside 'Amazon S3')
    joined = " ".join(texts)
    around = len(re.findall(rf"\b{re.escape(core)}\s+(?:{_PIECE})s?\b|\b(?:{_PIECE})\s+{re.escape(core)}\b", joined))
    return around > 0 and 3 * around >= len(re.findall(rf"\b{re.escape(core)}\b", joined))


def technical_corpus(texts) -> bool:
    """Most passages speak of configuring, APIs, consoles...: a product's documentation, where every common noun is
    a technical one (no one asks about the environmental impact of "a condition" in a SQL reference)."""
    texts = list(texts)
    return sum(bool(_PRODUCT_CUES.search(t)) for t in texts) > 0.5 * max(1, len(texts))


def fitting_attributes(term: str, own: list[str], recent: list[str], *, technical: bool, rng: Any,
                       asked: dict[str, int], neighbourhood: list[str] | None = None) -> tuple[str, list[Attribute]]:
    """The term's category and the ATTRIBUTES that fit it (below), least `asked` so far first (ties shuffled): the cost
    of a named mission, not the "original motivation" of floods. An attribute's context must be in the term's `own`
    passages, not a neighbour's; `recent` passages (the conversation's) help tell what the term names."""
    kind = category(term, own + recent)
    kind = "T" if kind == "C" and technical else kind  # "a condition" in a SQL guide
    if technical and kind != "H" and piece(re.sub(r"^(?:the|a|an)\s+", "", term, flags=re.I), own + recent):
        kind = "D"  # "Listen" in the Apache manual is a directive: no one asks who its competitors are
    joined = " ".join(own)
    order = [a for a in ATTRIBUTES if kind in a.fits and (not a.context or re.search(a.context, joined, re.I))
             # a product's guide is asked its own attributes (N, T, P above); prose for the public only those it discusses
             and (technical and a.question not in MARKET_QUESTIONS
                  or in_domain(a, neighbourhood if neighbourhood is not None else recent))]
    rng.shuffle(order)
    return kind, sorted(order, key=lambda a: asked[a.question])


# What an attribute is called where a corpus does discuss it. Some attributes belong to some domains only (prices,
# research, books and films, public opinion, health): such a question is in the corpus's own domain only when the
# passages around the conversation discuss that attribute for other things (prices on a page of plans, research on a
# page of missions), so the corpus demonstrably could answer it and lacks it for this subject (the proof checks that).
# "Are there any books or documentaries about astronauts?" on internship FAQ pages is not. How a thing changed, when it
# came, why and by whom it was made, and the mistakes people make with it can be asked of any subject.
DOMAIN_CUES = {
    "How much {does} {t} cost?": r"\bcosts?\b|\bpric(?:e|es|ed|ing)\b|\bfees?\b|\$\s?\d",
    "What are experts saying about the future of {t}?": r"\bexperts (?:say|predict|expect|believe|warn)|\bforecast|\bpredict",
    "What does the latest research say about {t}?": r"\bresearch|\bstud(?:y|ies)\b|\bscientists?\b|\bfound that",
    "Are there any books or documentaries about {t}?": r"\bbooks?\b(?! value)|\bdocumentar|\bfilms?\b|\bmovies?\b|\bnovels?\b",
    "How {is} {t} viewed by the public?": r"\bpublic opinion|\bpolls?\b|\bfans\b|\breputation|\bcriticized|\bpraised",
    "How {does} {t} affect people's health?": r"\bhealth|\binjur|\bdisease|\billness|\bhospital",
}
# a product's guide, too, is asked about prices and rivals only where its pages talk of them (the S3 guide's pricing
# pages; not the Apache manual, where "How much does the LocalSystem account cost?" or SSI's competitors read as noise)
MARKET_QUESTIONS = frozenset({"How much {does} {t} cost?", "Who are the main competitors to {t}?",
                              "How does {t} compare with similar offerings from other vendors?",
                              "How popular {is} {t} compared to the alternatives?"})
DOMAIN_CUES.update({
    "Who are the main competitors to {t}?": r"\bcompetitors?\b|\bvendors?\b|\bmarketplace\b|\bother (?:cloud )?providers\b",
    "How does {t} compare with similar offerings from other vendors?": r"\bcompetitors?\b|\bvendors?\b|\bother (?:cloud )?providers\b",
    "How popular {is} {t} compared to the alternatives?": r"\bpopular\b|\bmarket share\b|\bwidely used\b",
})
DOMAIN_MIN_PASSAGES = 1


def in_domain(attribute: Attribute, texts: list[str]) -> bool:
    """The attribute is discussed in a passage around the conversation (see DOMAIN_CUES)."""
    cue = DOMAIN_CUES.get(attribute.question)
    return cue is None or sum(bool(re.search(cue, t, re.I)) for t in texts) >= DOMAIN_MIN_PASSAGES


_PREPOSITIONS = {"under", "from", "of", "in", "on", "for", "with", "to", "at", "by", "behind", "into"}


def a_subject(term: str) -> bool:
    """A thing one asks about in its own right: a name ('University of Phoenix') or a short noun phrase, not a phrase
    with a preposition ('wet towels under a door', 'the core of the conversation': no one asks their price or rivals)."""
    words = term.split()
    if cut_phrase(term) or vague_phrase(term) or any(w.endswith("ing") and w.islower() for w in words[1:-1]):
        return False  # "the method that", "the URL identifying a direct worker": no one asks its price or rivals
    if re.search(r"\d", term) and not re.fullmatch(r"(?:[A-Z][\w\-]*\s+)*[A-Z][\w\-]*\s+\d+(?:\.\d+)*", term):
        return False  # "error code 2186", "RFC 2616 compliant caching": a number looked up, not a thing with a history
    if any(re.fullmatch(r"[a-z]+(?:_[a-z]+)+", w) and not w.startswith("mod_") for w in words):
        return False  # "test_condition": a placeholder of a syntax
    # a name keeps its prepositions ('University of Phoenix'); a common noun's phrase does not ('depiction of snow in
    # Europe': its price or public image is no question)
    named = words[0][:1].isupper() or (words[0].lower() in ("the", "a", "an") and words[1:2] and words[1][:1].isupper())
    return not any(w.lower() in _PREPOSITIONS for w in words[1:-1]) or bool(named)


@dataclass(frozen=True)
class Attribute:
    question: str  # with {t} for the term (or a pronoun) and {is}/{was}/{has}/{does}/{costs} agreeing with it
    missing: str  # what the corpus does not state, same placeholders
    cues: str  # regex of words that would state it
    fits: str = "NT"  # the CATEGORIES of term it is a plausible question about
    # words the conversation's passages must use for the question to be a natural next one (the environmental impact of
    # floods, on a page about water pollution; not of a lunar phase); empty: any conversation
    context: str = ""

    def ask(self, term: str, subject: str | None = None, *, plural: bool = False) -> str:
        return _fill(self.question, subject or term, plural)

    def missing_for(self, term: str, *, plural: bool = False) -> str:
        return _fill(self.missing, term, plural)


def _fill(template: str, term: str, plural: bool) -> str:
    verbs = {"is": "are", "was": "were", "has": "have", "does": "do", "costs": "cost", "Is": "Are"}
    return template.format(t=term, **{k: (v if plural else k) for k, v in verbs.items()})


ATTRIBUTES = (
    # a named product has an inventor and a launch date; "a manifest" or "authentication" in a product's guide has not
    Attribute("Who first came up with {t}?", "who first came up with {t}",
              r"invent|creat\w* by|design\w* by|develop\w* by|came up|coined|author|pioneer", "N"),
    Attribute("When {was} {t} first introduced?", "when {t} {was} first introduced",
              r"introduc|launch|releas|announc|since (?:19|20)\d\d|in (?:19|20)\d\d|first (?:became )?available", "NP"),
    Attribute("How {has} {t} changed over the years?", "how {t} {has} changed over the years",
              r"chang|histor|evolv|over the years|original|previous|formerly|updated|new in|no longer|used to|"
              r"(?:19|20)\d\d|decade|centur|increas|decreas|trend", "NEC"),  # a product, a team, a city; not 'a CSR' or a directive
    Attribute("What are the main criticisms of {t}?", "criticisms of {t}",
              r"critic|controvers|complain|drawback|disadvantage|downside|limitation|problem", "NH"),
    Attribute("How popular {is} {t} compared to the alternatives?", "how popular {t} {is} compared to the alternatives",
              r"popular|alternative|compar|widely|most common|commonly|competitor|versus|\bvs\b", "N"),
    Attribute("How much {does} {t} cost?", "what {t} {costs}",
              r"cost|pric|charg|fee|\$|free|bill|pay|expens|cheap|budget|fund|million|billion", "NEP"),
    Attribute("What is the environmental impact of {t}?", "the environmental impact of {t}",
              r"environment|carbon|emission|energy|climate|sustainab|pollut|green|ecosystem|habitat|wildlife", "C",
              r"\b(?:pollut|emission|ecosystem|wildlife|contamina|toxic|water quality|air quality|greenhouse)"),
    Attribute("Who are the main competitors to {t}?", "the main competitors to {t}",
              r"compet|rival|alternative|instead of|other (?:vendor|provider|compan)", "N"),
    Attribute("How does {t} compare with similar offerings from other vendors?",
              "how {t} compares with similar offerings from other vendors",
              r"azure|google|gcp|oracle|other (?:cloud|vendor|provider)|competitor|compar|alternative|versus|\bvs\b", "N"),
    Attribute("What are common mistakes people make with {t}?", "common mistakes people make with {t}",
              r"mistake|pitfall|common (?:error|problem|issue)|avoid|careful|troubleshoot|wrong|incorrect", "TPD"),
    # an everyday thing people handle (a checking account, a used car warranty, a safe room), on pages that advise on it
    Attribute("What are common mistakes people make with {t}?", "common mistakes people make with {t}",
              r"mistake|pitfall|common (?:error|problem|issue)|avoid|careful|troubleshoot|wrong|incorrect", "C",
              r"\b(?:you should|should not|avoid|don[’']t|never|make sure|be careful|recommend)"),
    Attribute("What is the performance impact of {t}?", "the performance impact of {t}",
              r"perform|latency|throughput|slow|fast|speed|overhead|millisecond|\bms\b|bandwidth|scal", "NTPD"),
    Attribute("What was the original motivation behind {t}?", "the original motivation behind {t}",
              r"motivat|original|reason|why|in order to|designed to|purpose", "NPD"),  # not of 'a frame'
    Attribute("What are experts saying about the future of {t}?", "what experts say about the future of {t}",
              r"future|roadmap|upcoming|will be|plan|expert|trend|predict|forecast", "E"),
    Attribute("What does the latest research say about {t}?", "what the latest research says about {t}",
              r"research|stud(?:y|ies)|scientist|found that|survey|report|paper|journal|evidence", "EC",
              r"\b(?:research|scien|stud(?:y|ies)|discover|observ|measur|mission|experiment)"),
    Attribute("Are there any books or documentaries about {t}?", "books or documentaries about {t}",
              r"book|documentar|film|movie|novel|publish|author|episode|series|wrote|written", "EH"),
    Attribute("How {is} {t} viewed by the public?", "how {t} {is} viewed by the public",
              r"public|opinion|poll|perceiv|percept|popular|fan|support|critic|controvers|reputation", "NEH"),
    Attribute("How {does} {t} affect people's health?", "how {t} {does} affect people's health",
              r"health|ill|injur|death|die|disease|sick|hospital|breath|asthma|lung|medical|safety", "C",
              r"\b(?:health|injur|disease|hospital|smoke|contamina|toxic|pollut|disaster|emergenc|evacuat)"),
)


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    """Plural and possessive folded away, so "Keys" names "a key"."""
    w = word.lower().removesuffix("'s").removesuffix("’s")
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]
    return w


@lru_cache(maxsize=50_000)
def _words(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in WORD_RE.findall(text) if w.lower() not in STOPWORDS)


def mentions(text: str, term: str) -> bool:
    """A sentence names the term when it holds most of the term's content words."""
    need = _words(term)
    have = _words(text)
    return bool(need) and len(need & have) >= max(1, (len(need) + 1) // 2)


def names(text: str, term: str) -> bool:
    """A sentence names the term itself: every content word of the term (stricter than `mentions`, which a proof
    needs to be wary; an answer padded with a sentence sharing half a term's words drifts off its subject)."""
    need = _words(term)
    return bool(need) and need <= _words(text)


class Prover:
    """Proves a candidate unanswerable corpus-wide.

    Args:
        index: the corpus index (documents, chunks, word postings).
        retrievers: retriever specs searched over every chunk (e.g. bm25, dense).
        k: passages checked per retriever.
        options: per-retriever options (e.g. an embedding cache folder for dense).
    """

    method = "lexical/structural: attribute cue in a sentence naming the term (documents mentioning the term, then top-k passages)"

    def __init__(self, index: Any, retrievers: tuple[str, ...], k: int, options: dict[str, dict[str, Any]] | None = None):
        self.index = index
        self.specs = retrievers
        self.k = k
        self.options = options or {}
        self._retrievers: dict[str, Any] = {}
        self._cache: dict[tuple[str, str], list[Chunk]] = {}
        self._sentences: dict[str, list[tuple[str, frozenset[str]]]] = {}

    def retriever(self, spec: str) -> Any:
        if spec not in self._retrievers:
            from benchsmith.retrieval.base import get_retriever

            r = get_retriever(spec, **self.options.get(spec.split(":", 1)[0], {}))
            r.index(self.index.chunks)
            self._retrievers[spec] = r
        return self._retrievers[spec]

    def search(self, spec: str, query: str) -> list[Chunk]:
        key = (spec, query)
        if key not in self._cache:
            ranking = self.retriever(spec).search([query], k=self.k)[0]
            self._cache[key] = [self.index.chunks_by_id[c] for c, _ in ranking if c in self.index.chunks_by_id]
        return self._cache[key]

    def documents_state_attribute(self, term: str, cues: re.Pattern) -> bool:
        core = " ".join(w for w in term.split() if w.lower() not in ("the", "a", "an"))
        variants = {core, core[:-1] if core.endswith("s") else core + "s"}  # "a key" is also named by "Keys"
        docs = {d.doc_id: d for v in variants for d in self.index.documents_with_phrase(v)}
        need = _words(term)
        enough = max(1, (len(need) + 1) // 2)
        for doc in docs.values():
            named = mentions(doc.title, term)
            for low, words in self._doc_sentences(doc):
                if (named or len(need & words) >= enough) and cues.search(low):
                    return True
        return False

    def _doc_sentences(self, doc: Any) -> list[tuple[str, frozenset[str]]]:
        if doc.doc_id not in self._sentences:
            self._sentences[doc.doc_id] = [(s.text.lower(), _words(s.text)) for s in split_sentences(unwrapped(doc.text))]
        return self._sentences[doc.doc_id]

    @staticmethod
    def passage_states_attribute(chunk: Chunk, term: str, cues: re.Pattern) -> bool:
        named = mentions(chunk.title, term)
        for s in split_sentences(unwrapped(chunk.text)):
            low = s.text.lower()
            if cues.search(low) and (named or mentions(s.text, term)):
                return True
        return False

    def prove(self, term: str, attribute: Attribute, query: str, *, plural: bool = False) -> UnanswerableProof | None:
        """The proof that the corpus does not state `attribute` of `term`, or None when it might."""
        cues = re.compile(attribute.cues)
        if self.documents_state_attribute(term, cues):
            return None
        checked: dict[str, Chunk] = {}
        for spec in self.specs:
            for chunk in self.search(spec, query):
                checked[chunk.chunk_id] = chunk
        if any(self.passage_states_attribute(c, term, cues) for c in checked.values()):
            return None
        return UnanswerableProof(query=query, retrievers=list(self.specs), k=self.k, candidates_checked=len(checked),
                                 missing=attribute.missing_for(term, plural=plural), method=self.method)
