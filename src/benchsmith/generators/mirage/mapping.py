"""Query -> document mapping (MIRAGE 3.2): by reference title, url or id when the dataset gives one, else by search.

Title matching goes from strict to loose: exact, normalized (case, accents,
underscores, punctuation), alias (redirects/aliases a loader kept in the document
metadata, and the title without its parenthetical disambiguation, when that is
unique), then fuzzy (rapidfuzz, above a cutoff, and only when the best match is
clearly ahead of the second). A query whose reference is not in the corpus is
dropped, not re-mapped by search, unless the user asks for that fallback:
search would tie it to a document its answer may not come from. Content search
takes the best-ranked document that holds an answer alias (when the pair has
aliases) and is not yet used by another query.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from benchsmith.generators.mirage.heuristic import question_terms, term_coverage
from benchsmith.generators.mirage.qa_inputs import QAPair
from benchsmith.text import contains_phrase
from benchsmith.types import Document, Rejected

STEP = "mirage.mapping"
_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_PAREN = re.compile(r"\s*\([^)]*\)\s*$")
_CURID = re.compile(r"curid=(\d+)")
#: Content words a question needs before content search may pick its document.
MIN_SEARCH_TERMS = 2
ALIAS_KEYS = ("aliases", "redirects", "alias", "redirect")


def normalize_title(title: str) -> str:
    text = unicodedata.normalize("NFKD", title.replace("_", " "))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return _NON_WORD.sub(" ", text).strip()


@dataclass(frozen=True)
class Mapped:
    pair: QAPair
    doc_id: str
    method: str
    score: float


class TitleIndex:
    """Title, alias, url and id lookups over the corpus documents."""

    def __init__(self, documents: Sequence[Document], fuzzy_cutoff: float = 92.0) -> None:
        self.documents = {d.doc_id: d for d in documents}
        self.fuzzy_cutoff = fuzzy_cutoff
        self.exact: dict[str, str] = {}
        self.normalized: dict[str, str] = {}
        self.url: dict[str, str] = {}
        aliases: dict[str, set[str]] = {}
        for doc in documents:
            if doc.title:
                self.exact.setdefault(doc.title, doc.doc_id)
                self.normalized.setdefault(normalize_title(doc.title), doc.doc_id)
                bare = normalize_title(_PAREN.sub("", doc.title))
                if bare:
                    aliases.setdefault(bare, set()).add(doc.doc_id)
            for key in ALIAS_KEYS:
                values = doc.metadata.get(key) or []
                for alias in [values] if isinstance(values, str) else values:
                    aliases.setdefault(normalize_title(str(alias)), set()).add(doc.doc_id)
            if doc.url:
                self.url[doc.url] = doc.doc_id
                match = _CURID.search(doc.url)
                if match:
                    self.url.setdefault(f"curid={match.group(1)}", doc.doc_id)
        # An alias that names two documents decides nothing.
        self.alias = {a: next(iter(ids)) for a, ids in aliases.items() if len(ids) == 1}

    @cached_property
    def _choices(self) -> list[str]:
        return list(self.normalized)

    def by_title(self, title: str) -> tuple[str, str, float] | None:
        if title in self.exact:
            return self.exact[title], "title_exact", 100.0
        norm = normalize_title(title)
        if norm in self.normalized:
            return self.normalized[norm], "title_normalized", 100.0
        if norm in self.alias:
            return self.alias[norm], "title_alias", 100.0
        return self._fuzzy(norm)

    def _fuzzy(self, norm: str) -> tuple[str, str, float] | None:
        from rapidfuzz import fuzz, process

        if not norm or not self._choices:
            return None
        best = process.extract(norm, self._choices, scorer=fuzz.ratio, limit=2, score_cutoff=self.fuzzy_cutoff)
        if not best:
            return None
        if len(best) > 1 and best[1][1] >= best[0][1] - 2:  # two near-equal matches: ambiguous
            return None
        return self.normalized[best[0][0]], "title_fuzzy", float(best[0][1])

    def by_url(self, url: str) -> str | None:
        if url in self.url:
            return self.url[url]
        match = _CURID.search(url)
        return self.url.get(f"curid={match.group(1)}") if match else None


def _reject(pair: QAPair, reason: str, detail: str) -> Rejected:
    return Rejected(step=STEP, reason=reason, detail=detail, input_ref=pair.query_id)


def map_by_reference(pair: QAPair, titles: TitleIndex) -> Mapped | Rejected | None:
    """The pair's reference document, a Rejected when it names one the corpus lacks, None when it names none."""
    if pair.doc_id:
        if pair.doc_id in titles.documents:
            return Mapped(pair, pair.doc_id, "title_exact", 100.0)
    if pair.url:
        found = titles.by_url(pair.url)
        if found:
            return Mapped(pair, found, "url", 100.0)
    if pair.title:
        hit = titles.by_title(pair.title)
        if hit:
            return Mapped(pair, hit[0], hit[1], hit[2])
    if pair.doc_id or pair.url or pair.title:
        named = pair.title or pair.url or pair.doc_id
        return _reject(pair, "reference_not_in_corpus", f"no corpus document matches {named!r}")
    return None


def _title_fits(title: str, pair: QAPair) -> bool:
    """A titled document is about the question when its title shares a content word with it or with an alias
    ("What is Paris's occupation?" is not about the article "Helmut Weiss", which mentions Paris)."""
    if not title.strip():
        return True
    named = question_terms(pair.question) | {w for a in pair.answers for w in question_terms(a)}
    return bool(question_terms(title) & named)


def map_by_search(pair: QAPair, titles: TitleIndex, index: Any, *, taken: dict[str, str],
                  min_coverage: float = 0.5) -> Mapped | Rejected:
    """The best-ranked free document of the content search that holds an answer alias (as whole words) and
    `min_coverage` of the question's content words.

    Without these tests a query whose article is missing lands on whatever ranks first (a generic alias such
    as "politician" occurs in many biographies) and is dropped only after its chunks were labelled; with
    them, that drop costs no model call. A pair without aliases takes the top document, as the paper's
    search does (and is dropped if another query has it).
    """
    terms = question_terms(pair.question)
    if len(terms) < MIN_SEARCH_TERMS:
        return _reject(pair, "question_too_vague",
                       f"{len(terms)} content word(s) ({', '.join(sorted(terms)) or 'none'}): too few to find the "
                       "question's document by search (a follow-up turn without its conversation?)")
    ranked = list(dict.fromkeys(c.doc_id for c in index.top(pair.question)))
    if not ranked:
        return _reject(pair, "unmappable", "content search found no document")
    if not pair.answers:
        return Mapped(pair, ranked[0], "content_search", 100.0)
    texts = {d: f"{titles.documents[d].title}\n{titles.documents[d].text}" for d in ranked if d in titles.documents}
    holding = [d for d in texts if any(contains_phrase(texts[d], a) for a in pair.answers)]
    if not holding:
        return _reject(pair, "no_search_hit_holds_answer",
                       f"none of the {len(ranked)} documents the search ranks highest holds an answer alias")
    on_topic = [d for d in holding if term_coverage(pair.question, texts[d]) >= min_coverage
                and _title_fits(titles.documents[d].title, pair)]
    if not on_topic:
        return _reject(pair, "search_hits_off_topic",
                       f"{len(holding)} of the documents the search ranks highest hold an answer alias, but none "
                       f"holds {min_coverage:.0%} of the question's content words under a title that names "
                       "something from the question or the answer")
    holding = on_topic
    free = [d for d in holding if d not in taken]
    return Mapped(pair, (free or holding)[0], "content_search", 100.0)


def map_queries(pairs: Sequence[QAPair], titles: TitleIndex, index: Any, *, search_fallback: bool = False,
                min_coverage: float = 0.5) -> tuple[list[Mapped], list[Rejected]]:
    """Map every pair to one document; unmappable pairs and pairs whose document is taken are rejected.

    `index` is the corpus index (`ctx.index`): its ranked search maps pairs without a
    reference (and, with `search_fallback`, pairs whose reference is missing).
    """
    first: list[Mapped | Rejected | None] = []
    for pair in pairs:
        hit = map_by_reference(pair, titles)
        if isinstance(hit, Rejected) and search_fallback:
            hit = None
        first.append(hit)
    needs_search = [p.question for p, h in zip(pairs, first, strict=True) if h is None]
    index.prefetch(needs_search)
    mapped: list[Mapped] = []
    rejected: list[Rejected] = []
    owner: dict[str, str] = {}
    for pair, hit in zip(pairs, first, strict=True):
        if hit is None:
            hit = map_by_search(pair, titles, index, taken=owner, min_coverage=min_coverage)
        if isinstance(hit, Rejected):
            rejected.append(hit)
            continue
        if hit.doc_id in owner:
            rejected.append(_reject(pair, "document_already_used", f"{hit.doc_id} is mapped by {owner[hit.doc_id]}"))
            continue
        owner[hit.doc_id] = pair.query_id
        mapped.append(hit)
    return mapped, rejected
