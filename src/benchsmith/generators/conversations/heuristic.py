"""The heuristic strategy: seed passages across documents, then conversations built turn by turn (no model)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from benchsmith.generators.conversations.builder import STEP, HeuristicBuilder, State, TurnFailed
from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.dimensions import Dimensions
from benchsmith.generators.conversations.grounding import Retrieval
from benchsmith.generators.conversations.passages import Passage, Seed, find_seeds
from benchsmith.generators.conversations.prose import advice_seeds, phrase_counts, topic_seeds
from benchsmith.generators.conversations.unanswerable import Prover, technical_corpus
from benchsmith.schemas.conversation import ConversationItem
from benchsmith.text import WORD_RE
from benchsmith.types import Provenance, Rejected, content_id

_NAME_WORD = re.compile(r"\b[A-Z][a-z]+\b")
_PERSONA = re.compile(r"\b(?:user|users|administrator|employee|customer|developer|named|called)\s+([A-Z][a-z]{2,})\b")
_MID_CAPITAL = re.compile(r"(?<=[a-z,;] )([A-Z][a-z][\w\-]*)")


_LEADS_INTO_NAME = {"the", "of", "in", "on", "at", "for", "and", "to", "from", "with", "by"}
MIN_REACH = 12  # passages a seed's topic must reach: the unique passages a conversation needs
FRESH_NEIGHBOURS = 6  # a seed's nearest passages looked at to tell a fresh subject from one already talked about
# a conversation moves through the corpus: at least one passage per turn (human mtRAG: 16.9 for 7.7 turns; mtRAG-S's
# 4.6 for 5.9 is what the issue calls too few)
MIN_PASSAGES_PER_TURN = 1.0
SEEDS_PER_CONVERSATION = 8  # seed passages tried per requested conversation (cheap without a model; topics run dry)


def common_words(chunks: list[Any]) -> set[str]:
    """Words the corpus writes in lower case more often than capitalised mid-sentence (so a title's words can be
    lowered: 'Drought Fuels Wildfires in the Amazon' -> 'drought fuels wildfires in the Amazon')."""
    lower: Counter[str] = Counter()
    capital: Counter[str] = Counter()
    for c in chunks:
        lower.update(w for w in WORD_RE.findall(c.text) if w.isalpha() and w.islower())
        capital.update(w.lower() for w in _MID_CAPITAL.findall(c.text))
    words = set(lower) | set(capital)
    return {w for w in words if capital[w] == 0 or lower[w] >= capital[w]}


def natural_case(term: str, common: set[str]) -> str:
    """'Lunar phase' -> 'lunar phase', 'The Minnesota Vikings' -> 'the Minnesota Vikings'; names stay as they are."""
    words = term.split()
    if len(words) > 1 and re.fullmatch(r"[A-Z][A-Z0-9]+|[A-Z]+\d\w*", words[0]):
        return term  # 'S3 Glacier Select', 'AWS Organizations': a product name, as written
    capitalised = [w[:1].isupper() and (w[1:].islower() or len(w) == 1) for w in words]
    capitalised = [c or bool(re.fullmatch(r"(?:[A-Z][a-z]+-)+[A-Z][a-z]+", w)) for c, w in zip(capitalised, words)]  # Server-Side
    # 'Listing Keys Using the AWS SDK for Java', 'Managing Access with ACLs' are Title Case too; 'AWS Amplify' is a name
    acronyms = [bool(re.fullmatch(r"[A-Z]{2,}s?", w)) and len(words) >= 4 for w in words]
    if len(words) > 1 and sum(capitalised) + sum(acronyms) >= 0.6 * len(words):  # Title Case: lower every common word
        out = [w.lower() if c and all(p in common for p in w.lower().split("-")) else w for w, c in zip(words, capitalised)]
        # 'Amazon S3 transfer Acceleration' is neither the name nor prose: a capital right after a lowered word,
        # unless a function word leads into a name ('wildfires in the Amazon'), keeps the name as written
        for i in range(1, len(out)):
            if out[i][:1].isupper() and out[i - 1] != words[i - 1] and out[i - 1] not in _LEADS_INTO_NAME:
                return term
        return " ".join(out)
    if capitalised and capitalised[0] and all(p in common for p in words[0].lower().split("-")):  # 'User-defined'
        return " ".join([words[0].lower(), *words[1:]])
    return term


def _proper(name: str, common: set[str]) -> bool:
    """A name worth asking about: not one common word capitalised at a sentence start ('Company', 'From')."""
    words = name.split()
    return len(words) > 1 or words[0].lower() not in common


def analyse(chunks: list[Any]) -> tuple[dict[str, Passage], dict[str, list[Seed]]]:
    """Every chunk's question seeds (terms in natural case), and the seeds of each term across the corpus."""
    common = common_words(chunks)
    # a one-word name the corpus uses in one document only and never in a title is an example's persona ('Jill',
    # 'Dave') or a quoted speaker ('Obregon said'), not a subject a user would ask about
    spread: dict[str, set[str]] = {}
    titles = " ".join(c.title or "" for c in chunks)
    personas: set[str] = set()  # 'user Dave', 'an employee named Jill': an example's people, not subjects
    for c in chunks:
        for w in set(_NAME_WORD.findall(c.text)):
            spread.setdefault(w, set()).add(c.doc_id)
        personas |= set(_PERSONA.findall(c.text))
    passages = {}
    for c in chunks:
        p = find_seeds(c)
        p.seeds = [replace(s, term=natural_case(s.term, common)) if s.kind not in ("procedure", "fact", "entity") else s
                   for s in p.seeds if s.kind != "entity" or (_proper(s.term, common) and s.term not in personas and (
                       len(s.term.split()) > 1 or len(spread.get(s.term, ())) >= 2 or s.term in titles))]
        passages[c.chunk_id] = p
    counts = phrase_counts(list(passages.values()))
    technical = technical_corpus(c.text for c in chunks)
    for p in passages.values():  # prose with no headings or definitions: advice, judgements, the noun phrases it is about
        if len(p.seeds) < 2:  # (documentation's own structure asks better questions where it has them)
            p.seeds += advice_seeds(p, technical=technical)
            p.seeds += topic_seeds(p, counts, technical=technical)
    terms: dict[str, list[Seed]] = {}
    for p in passages.values():
        for s in p.seeds:
            if s.kind in ("definition", "capability", "overview", "entity", "fact", "topic"):
                terms.setdefault(s.term.lower(), []).append(s)
    return passages, terms


def seed_passages(passages: dict[str, Passage], documents: list[str], rng: random.Random) -> Iterator[Passage]:
    """Seed passages spread over documents: one passage per document per round, documents in random order."""
    by_doc: dict[str, list[Passage]] = {}
    for p in passages.values():
        kinds = {s.kind for s in p.seeds}
        if kinds & {"definition", "capability", "procedure", "fact", "entity", "faq", "advice", "topic"} or len(p.seeds) >= 2:
            by_doc.setdefault(p.chunk.doc_id, []).append(p)
    order = [d for d in documents if d in by_doc]
    rng.shuffle(order)
    for chunks in by_doc.values():
        rng.shuffle(chunks)
    rounds = max((len(v) for v in by_doc.values()), default=0)
    for r in range(rounds):
        for doc in order:
            if r < len(by_doc[doc]):
                yield by_doc[doc][r]


def build_conversation(builder: HeuristicBuilder, dims: Dimensions, seed: Passage, conv_no: int,
                       cfg: ConversationConfig, rng: random.Random) -> ConversationItem | Rejected:
    conv_id = content_id(str(cfg.seed), str(conv_no), seed.chunk.chunk_id, length=32)
    length = rng.randint(*cfg.turns)
    plan = dims.plan(length)
    state = State(conv_id, seed_chunk=seed.chunk.chunk_id)
    stop: str | None = None
    for pos, answerability in enumerate(plan):
        if answerability == "CONVERSATIONAL" and state.turns and state.turns[-1].answerability == "CONVERSATIONAL":
            answerability = "ANSWERABLE"  # the topic ran dry and the user already said thanks: not twice in a row
        try:
            turn = _turn(builder, state, pos, answerability, seed)
        except TurnFailed as failed:
            if answerability == "ANSWERABLE":
                turn = _when_topic_runs_dry(builder, state, pos, cfg, plan)
                if turn is None:
                    stop = str(failed)
                    break
                state.turns.append(turn)
                continue
            builder.rejected.append(Rejected(step=STEP, reason=f"{answerability.lower()}_turn_failed", detail=str(failed),
                                             input_ref=f"{conv_id}<::>{pos + 1}"))
            retry_later(plan, pos, answerability)
            try:
                turn = builder.turn(state, pos, "ANSWERABLE", None)
            except TurnFailed as again:
                stop = str(again)
                break
        state.turns.append(turn)
    if len(state.turns) < cfg.min_turns:
        return Rejected(step="conversations.conversation", reason="too_short",
                        detail=f"{len(state.turns)} turns kept, fewer than {cfg.min_turns}; stopped by: {stop}",
                        input_ref=conv_id)
    passages = {c.chunk_id for t in state.turns for c in t.relevant}
    floor = MIN_PASSAGES_PER_TURN * len(state.turns)
    if len(passages) < floor:  # asked around one page (an FAQ's questions one after another): not moving through
        return Rejected(step="conversations.conversation", reason="too_few_passages",  # the corpus
                        detail=f"{len(state.turns)} turns grounded in {len(passages)} passages, fewer than {floor:g}",
                        input_ref=conv_id)
    for t in state.turns:
        dims.record(t.question_types, t.answerability, t.multi_turn)
    builder.finished(state)
    return ConversationItem(
        item_id=conv_id, strategy="heuristic", baseline=True, seed_chunk_id=seed.chunk.chunk_id, turns=state.turns,
        provenance=Provenance(step="conversations.heuristic", strategy="heuristic", seed=cfg.seed,
                              extra={"planned_turns": length, "stopped_by": stop,
                                     "label": "baseline: rule-written questions and extractive responses, no model"}),
    )


def retry_later(plan: list[str], pos: int, answerability: str) -> None:
    """A special turn that found no candidate at `pos` (answered instead) is tried again at the next answerable turn
    with answerable turns on both sides (never two special turns in a row), the last turn included, so the run's
    share of unanswerable turns holds when some subjects need a few turns before they name a thing to ask about."""
    for later in range(pos + 1, len(plan)):
        before_ok = later - 1 == pos or plan[later - 1] == "ANSWERABLE"
        after_ok = later + 1 >= len(plan) or plan[later + 1] == "ANSWERABLE"
        if plan[later] == "ANSWERABLE" and before_ok and after_ok:
            plan[later] = answerability
            return


def _turn(builder: HeuristicBuilder, state: State, pos: int, answerability: str, seed: Passage):
    """A turn; the first one opens on the seed passage, or when an earlier conversation already asked everything it
    offers, on an unused passage next to it (the same subject from another side, not the same question again)."""
    if pos > 0:
        return builder.turn(state, pos, answerability, None)
    try:
        return builder.turn(state, pos, answerability, seed)
    except TurnFailed:
        state.topic = " ".join([seed.chunk.title or "", seed.sentences[0].text if seed.sentences else ""])
        try:
            return builder.turn(state, pos, answerability, None)
        finally:
            state.topic = ""


def _when_topic_runs_dry(builder: HeuristicBuilder, state: State, pos: int, cfg: ConversationConfig, plan: list[str]):
    """Nothing new on the topic is answerable: a person would then ask for something the documents lack (or say
    thanks) before giving up, so one such turn is tried, within the per-conversation cap and never two in a row
    (it takes the place of a later planned unanswerable turn, so the run's share stays as requested)."""
    last = state.turns[-1].answerability if state.turns else "ANSWERABLE"
    if last != "ANSWERABLE" or pos == 0:
        return None
    done = sum(t.answerability == "UNANSWERABLE" for t in state.turns)
    if done < cfg.max_unanswerable:
        try:
            turn = builder.turn(state, pos, "UNANSWERABLE", None)
        except TurnFailed:
            turn = None
        if turn is not None:
            later = [i for i in range(pos + 1, len(plan)) if plan[i] == "UNANSWERABLE"]
            if later and done + 1 + len(later) > cfg.max_unanswerable:
                plan[later[-1]] = "ANSWERABLE"
            return turn
    if not any(t.answerability == "CONVERSATIONAL" for t in state.turns):
        return builder.turn(state, pos, "CONVERSATIONAL", None)
    return None


def _fresh_first(seeds: list[Passage], builder: HeuristicBuilder, taken: set[str]) -> Iterator[Passage]:
    """Seeds whose whole neighbourhood no earlier conversation answered from first (so conversations spread over the
    corpus's subjects instead of circling its biggest one), then seeds not used themselves, then the rest; decided
    lazily, as conversations are kept."""
    def crowded(seed: Passage) -> int:
        return sum(builder.run_use[n] > 0 for n in builder.topics.neighbours(seed.chunk.chunk_id, FRESH_NEIGHBOURS))

    for seed in seeds:
        if seed.chunk.chunk_id not in taken and not builder.run_use[seed.chunk.chunk_id] and crowded(seed) <= 1:
            taken.add(seed.chunk.chunk_id)
            yield seed
    for seed in seeds:
        if seed.chunk.chunk_id not in taken and not builder.run_use[seed.chunk.chunk_id]:
            taken.add(seed.chunk.chunk_id)
            yield seed
    for seed in seeds:
        if seed.chunk.chunk_id not in taken:
            yield seed


def generate_heuristic(ctx: Any, cfg: ConversationConfig, prover: Prover, retriever: Any,
                       passages: dict[str, Passage], terms: dict[str, list[Seed]]) -> tuple[list[ConversationItem], list[Rejected], dict]:
    rng = random.Random(cfg.seed)
    dims = Dimensions(cfg, rng)
    retrieval = Retrieval(retriever, ctx.index.chunks_by_id)
    builder = HeuristicBuilder(cfg, passages, terms, retrieval, prover, dims, rng)
    items: list[ConversationItem] = []
    rejected: list[Rejected] = []
    tried = 0
    askable = {cid for cid, p in passages.items() if p.seeds}
    spread = list(seed_passages(passages, [d.doc_id for d in ctx.corpus.documents], rng))
    reach = {p.chunk.chunk_id: builder.topics.reach(p.chunk.chunk_id, askable) for p in spread}
    # room for a whole conversation on topic first; then smaller subjects, which can still hold one that drifts a little
    # (a small corpus has few big subjects, and a run must not circle them asking the same things)
    seeds = ([p for p in spread if reach[p.chunk.chunk_id] >= MIN_REACH]
             + [p for p in spread if MIN_REACH // 2 <= reach[p.chunk.chunk_id] < MIN_REACH]
             + [p for p in spread if MIN_REACH // 3 <= reach[p.chunk.chunk_id] < MIN_REACH // 2]
             + [p for p in spread if reach[p.chunk.chunk_id] < MIN_REACH // 3])
    taken: set[str] = set()
    for conv_no, seed in enumerate(_fresh_first(seeds, builder, taken)):
        if len(items) >= cfg.n or tried >= cfg.n * SEEDS_PER_CONVERSATION:
            break
        taken.add(seed.chunk.chunk_id)
        tried += 1
        out = build_conversation(builder, dims, seed, conv_no, cfg, rng)
        (items if isinstance(out, ConversationItem) else rejected).append(out)
    return items, builder.rejected + rejected, {"seed_passages_tried": tried, "seed_passages": len(seeds),
                                                "askable_passages": len(askable), "passages": len(passages),
                                                "repeated_drafts_redrawn": builder.repeats_skipped,
                                                **supply(builder, passages, seeds, cfg)}


def supply(builder: HeuristicBuilder, passages: dict[str, Passage], seeds: list[Passage], cfg: ConversationConfig) -> dict:
    """How many different questions the rules found, and how many separate subjects (passage neighbourhoods sharing
    no passage) hold enough of them for a conversation of --min-turns at the requested answerable share: the figures
    that say why a run on a small corpus stops short."""
    intents = {(s.kind, s.term.lower()) for p in passages.values() for s in p.seeds}
    share = cfg.answerability.get("ANSWERABLE", 0.0) + cfg.answerability.get("PARTIAL", 0.0)
    need = max(1, round(cfg.min_turns * share))
    taken: set[str] = set()
    subjects = 0
    for seed in seeds:
        around = [seed.chunk.chunk_id, *builder.topics.neighbours(seed.chunk.chunk_id)]
        around = [c for c in around if c not in taken and c in passages]
        found = {(s.kind, s.term.lower()) for c in around for s in passages[c].seeds}
        if len(found) >= need:
            subjects += 1
            taken |= set(around)
    return {"distinct_questions": len(intents), "questions_per_conversation": need, "subjects_with_room": subjects}
