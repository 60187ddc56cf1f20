"""Heuristic drafts of one turn: the user message, its rewrite and an extractive answer, before verification."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from benchsmith.generators.conversations import wording as W
from benchsmith.generators.conversations.grounding import Grounded, answer_from
from benchsmith.generators.conversations.passages import Passage, Seed, instructs
from benchsmith.generators.conversations.unanswerable import ATTRIBUTES, Attribute
from benchsmith.schemas.conversation import UnanswerableProof


@dataclass
class Draft:
    wording: W.Wording
    answerability: str
    term: str
    recipe: str
    seeds: list[Seed] = field(default_factory=list)
    grounded: Grounded = field(default_factory=Grounded)
    proof: UnanswerableProof | None = None
    attribute: Attribute | None = None
    response: str = ""


def used_up(draft: Draft) -> set[str]:
    """The passages a kept turn uses up: the ones its question was drawn from. A passage quoted only to round the answer
    off still holds questions of its own (its quoted sentences are never said twice); a turn drawn from no passage
    (unanswerable) uses up what it quotes, if anything."""
    return {s.chunk_id for s in draft.seeds} & set(draft.grounded.used) or set(draft.grounded.used)


def answerable(seed: Seed, qtype: str, passages: dict[str, Passage], rng: random.Random, *, pronoun: bool,
               max_words: int) -> Draft | None:
    wording = W.word(seed, qtype, rng, pronoun=pronoun)
    if wording is None:
        return None
    draft = Draft(wording, "ANSWERABLE", seed.term, f"{seed.kind}{'/pronoun' if pronoun else ''}", [seed])
    if not answer_from(passages[seed.chunk_id], seed, draft.grounded, max_words):
        return None
    if seed.kind == "overview" and qtype == "How-To" and not instructs(draft.grounded.sentences[0], strict=True):
        return None  # a task title ("Using Service-Linked Roles for ...") over prose that does not say how
    return draft



def clarification(seed: Seed, passages: dict[str, Passage], rng: random.Random, max_words: int) -> Draft | None:
    wording = W.clarification(seed.term, rng) if seed.kind == "definition" else W.clarify_name(seed.term, rng)
    draft = Draft(wording, "ANSWERABLE", seed.term, f"clarification/{seed.kind}", [seed])
    return draft if answer_from(passages[seed.chunk_id], seed, draft.grounded, max_words) else None


def ellipsis(previous_term: str, seed: Seed, passages: dict[str, Passage], max_words: int) -> Draft | None:
    wording = W.ellipsis(previous_term, seed)
    if wording is None:
        return None
    draft = Draft(wording, "ANSWERABLE", seed.term, "definition/ellipsis", [seed])
    return draft if answer_from(passages[seed.chunk_id], seed, draft.grounded, max_words) else None


def comparative(a: Seed, b: Seed, passages: dict[str, Passage], *, pronoun: bool, max_words: int) -> Draft | None:
    draft = Draft(W.comparative(a, b, pronoun=pronoun), "ANSWERABLE", a.term, "comparative", [a, b])
    half = max_words // 2
    if not answer_from(passages[a.chunk_id], Seed(a.chunk_id, a.kind, a.term, a.answer[:1]), draft.grounded, half):
        return None
    if not answer_from(passages[b.chunk_id], Seed(b.chunk_id, b.kind, b.term, b.answer[:1]), draft.grounded, max_words):
        return None
    return draft


def composite(a: Seed, b: Seed, passages: dict[str, Passage], rng: random.Random, *, max_words: int) -> Draft | None:
    first = W.word(a, "Factoid", rng) or W.word(a, "Summarization", rng)
    second_type = "How-To" if b.kind == "procedure" else "Factoid"
    second = W.word(b, second_type, rng, pronoun=a.term == b.term)
    if first is None or second is None:
        return None
    draft = Draft(W.composite(first, second), "ANSWERABLE", a.term, "composite", [a, b])
    half = max_words // 2
    if not answer_from(passages[a.chunk_id], Seed(a.chunk_id, a.kind, a.term, a.answer[:1]), draft.grounded, half):
        return None
    if not answer_from(passages[b.chunk_id], b, draft.grounded, max_words):
        return None
    return draft


def not_found(missing: str, *, partial: bool) -> str:
    lead = "However, I do not" if partial else "I do not"
    return f"{lead} have specific information about {missing} in the documents I can search."


def unanswerable(term: str, attribute: Attribute, *, pronoun: bool) -> Draft:
    """A question for an attribute of `term`; "it" stands for a singular term of the previous turn."""
    plural = W._plural(term)
    rewrite = attribute.ask(term, plural=plural)
    # "the future of them", "the environmental impact of it": a pronoun after "of" reads as a slip; name the term
    pronoun = pronoun and not re.search(r"\b(?:of|behind) \{t\}\?$", attribute.question)
    subject = re.search(r"(?:\{(?:is|Is|was|has|does)\}|^Can) \{t\}", attribute.question) is not None
    user = attribute.ask(term, W._pronoun(term) if subject else W._object_pronoun(term), plural=plural) if pronoun else rewrite
    user = user[0].upper() + user[1:]
    wording = W.Wording(user, rewrite, ("Factoid",), standalone=not pronoun)
    return Draft(wording, "UNANSWERABLE", term, f"unanswerable/{'pronoun' if pronoun else 'explicit'}", attribute=attribute)


def partial(seed: Seed, attribute: Attribute, passages: dict[str, Passage], rng: random.Random, *,
            max_words: int) -> Draft | None:
    first = W.word(seed, "Factoid", rng) or W.word(seed, "Summarization", rng)
    if first is None:
        return None
    plural = W._plural(seed.term)
    missing = W.Wording(attribute.ask(seed.term, W._object_pronoun(seed.term) if not plural else None, plural=plural),
                        attribute.ask(seed.term, plural=plural), ("Factoid",), True)
    wording = W.composite(first, missing)
    draft = Draft(wording, "PARTIAL", seed.term, f"partial/{seed.kind}", [seed], attribute=attribute)
    return draft if answer_from(passages[seed.chunk_id], seed, draft.grounded, max_words - 25) else None


def attributes_for(rng: random.Random) -> list[Attribute]:
    order = list(ATTRIBUTES)
    rng.shuffle(order)
    return order


def _article(term: str) -> str:
    return W._lower_article(term)
