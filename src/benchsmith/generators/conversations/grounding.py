"""Active retrieval on a turn's rewrite, and the extractive response grounded in the chosen passages."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from benchsmith.generators.conversations.passages import POINTS_ELSEWHERE, Passage, Seed, _usable, ui_step
from benchsmith.generators.conversations.unanswerable import names
from benchsmith.schemas.conversation import TurnContext
from benchsmith.text import STOPWORDS, shingles
from benchsmith.types import Chunk
from benchsmith.validators.conversation import content_words


@dataclass
class Grounded:
    """A response and the passages it quotes (chunk id -> sentences used)."""

    sentences: list[str] = field(default_factory=list)
    used: dict[str, list[str]] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The sentences joined; a line that introduces a list (ends with ':') keeps its line break."""
        out = ""
        for s in dict.fromkeys(self.sentences):  # one sentence quoted from two copies of a page is said once
            out += ("\n" if out.endswith(":") else " " if out else "") + s
        return out

    def words(self) -> int:
        return len(self.text.split())

    def drop(self, said: set[str]) -> bool:
        """Remove sentences the conversation already said; False when the first (the direct answer) was among them."""
        if self.sentences and self.sentences[0] in said:
            return False
        self.sentences = [s for s in self.sentences if s not in said]
        self.used = {c: kept for c, ss in self.used.items() if (kept := [s for s in ss if s not in said])}
        return True

    def add(self, chunk_id: str, sentence: str) -> None:
        self.sentences.append(sentence)
        self.used.setdefault(chunk_id, []).append(sentence)


_DANGLING = {"it", "its", "he", "she", "they", "them", "this", "that", "these", "those", "his", "her", "their",
             "there", "such", "both", "also", "however", "but", "and", "so", "then", "here", "next", "finally", "first",
             "second", "third", "lastly"}


class Retrieval:
    """Ranked search over every chunk with the run's retriever, remembered per (query, k)."""

    def __init__(self, retriever: Any, chunks_by_id: dict[str, Chunk]) -> None:
        self.retriever = retriever
        self.chunks_by_id = chunks_by_id
        self._memo: dict[tuple[str, int], list[tuple[Chunk, float]]] = {}

    def top(self, query: str, k: int) -> list[tuple[Chunk, float]]:
        key = (query, k)
        if key not in self._memo:
            ranking = self.retriever.search([query], k=k)[0]
            self._memo[key] = [(self.chunks_by_id[c], float(s)) for c, s in ranking if c in self.chunks_by_id]
        return self._memo[key]


def answer_from(passage: Passage, seed: Seed, grounded: Grounded, max_words: int) -> bool:
    """Add the seed's answer sentences (as many as fit in `max_words`); False when not even one fits."""
    picked: list[int] = []
    words = grounded.words()
    for i in seed.answer:
        sentence = passage.sentences[i].text
        if sentence in grounded.sentences:
            continue
        if words + len(sentence.split()) > max_words:
            break
        picked.append(i)
        words += len(sentence.split())
    # a line introducing a list ("... supports two types of databases:") says nothing without the items after it
    picked = [i for n, i in enumerate(picked) if not passage.sentences[i].text.rstrip().endswith(":")
              or (n + 1 < len(picked) and picked[n + 1] == i + 1)]
    for i in picked:
        grounded.add(passage.chunk.chunk_id, passage.sentences[i].text)
    return bool(picked)


def about(sentence: str, term: str) -> bool:
    """The sentence is about the term: it names it, every content word, within its first eight words (its subject,
    usually). Half the words will not do: "The IBM Cloudant SDK for Python library ..." is not about "a supported
    library"."""
    head = " ".join(sentence.split()[:10])
    return names(head, term)


def support_from(ranked: list[tuple[Chunk, float]], passages: dict[str, Passage], term: str, grounded: Grounded,
                 avoid: set[str], max_words: int, limit: int = 1, *, loose: bool = False) -> int:
    """Add up to `limit` sentences about `term` from other retrieved passages not used before in the conversation.

    With `loose` (summaries of a topic), a sentence naming the term anywhere will do.
    """
    added = 0
    have = shingles(grounded.text)
    topic = content_words(grounded.text) - content_words(term)
    for chunk, _ in ranked:
        if added >= limit:
            break
        if chunk.chunk_id in avoid or chunk.chunk_id in grounded.used:
            continue
        passage = passages.get(chunk.chunk_id)
        if passage is None:
            continue
        for s in passage.sentences:
            text = s.text
            if not _usable(text) or text.endswith(":") or text.split()[0].lower() in _DANGLING or ui_step(text):
                continue  # a sentence that leans on its own passage's previous one does not stand alone
            if POINTS_ELSEWHERE.search(text) or not (names(text, term) if loose else about(text, term)):
                continue
            if loose and not about(text, term) and len(content_words(text) & topic) < 2:
                continue  # names the term in passing, on another subject than the answer
            sh = shingles(text)
            if have and len(sh & have) / max(1, len(sh)) > 0.5:
                continue
            if grounded.words() + len(text.split()) > max_words:
                continue
            grounded.add(chunk.chunk_id, text)
            have |= sh
            added += 1
            break
    return added


_CONTINUES = {"it", "its", "they", "their", "this", "these", "he", "she", "his", "her", "the"}


def continue_answer(passages: dict[str, Passage], grounded: Grounded, term: str, target: int, max_words: int) -> int:
    """Lengthen a short answer toward `target` words with the sentences that follow its quotes in the same passage,
    as a person answering would go on reading: each continues the quoted one (a pronoun or "the" opening it), names the
    term, or shares two content words with the answer. Inserted right after the sentence they follow."""
    added = 0
    for chunk_id in list(grounded.used):
        passage = passages.get(chunk_id)
        if passage is None:
            continue
        texts = [x.text for x in passage.sentences]
        for quoted in list(grounded.used[chunk_id]):
            if grounded.words() >= target:
                return added
            i = texts.index(quoted) if quoted in texts else -1
            for nxt in texts[i + 1 : i + 3] if i >= 0 else []:
                if (nxt in grounded.sentences or not _usable(nxt.replace(nxt.split()[0], "X", 1)) or nxt.endswith(":")
                        or (ui_step(nxt) and not ui_step(quoted))):  # a click-step goes on only from another one
                    break
                shared = len(content_words(nxt) & content_words(grounded.text))
                opener = nxt.split()[0].lower().strip(",")
                # a sentence on goes on with the same subject: it names the term, or a pronoun picks the last one up
                # ("the" only with two of the answer's words and a subject the answer named: after "The Minnesota
                # Vikings were the first team ...", "The Buffalo Bills played ..." is about another team)
                goes_on = names(nxt, term) or (opener in _CONTINUES and (opener != "the" or (
                    shared >= 2 and _subject_named(nxt, grounded.text + " " + term))))
                if POINTS_ELSEWHERE.search(nxt) or not goes_on:
                    break
                if grounded.words() + len(nxt.split()) > max_words:
                    break
                at = grounded.sentences.index(quoted) + 1
                grounded.sentences.insert(at, nxt)
                grounded.used[chunk_id].append(nxt)
                quoted = nxt
                added += 1
                if grounded.words() >= target:
                    return added
    return added


def _subject_named(sentence: str, before: str) -> bool:
    """The noun phrase after a leading "The" (up to its first lower-case verb-like word) shares a word with `before`."""
    head: list[str] = []
    for w in sentence.split()[1:5]:
        if head and w[:1].islower() and w.lower() not in content_words(before):
            break
        head.append(w)
    return bool(content_words(" ".join(head)) & content_words(before))


def complete_lists(grounded: Grounded, passages: dict[str, Passage]) -> bool:
    """Drop quoted lines that introduce a list ("... follow these steps:") whose items did not come with them;
    False when the direct answer itself is such a line (the answer would be the introduction to nothing)."""
    follows: dict[str, str] = {}
    for chunk_id in grounded.used:
        passage = passages.get(chunk_id)
        if passage is not None:
            texts = [x.text for x in passage.sentences]
            follows.update({a: b for a, b in zip(texts, texts[1:]) if a.endswith(":")})
    dangling = [s for i, s in enumerate(grounded.sentences) if s.rstrip().endswith(":") and (
        i + 1 >= len(grounded.sentences) or follows.get(s) != grounded.sentences[i + 1])]
    if not dangling:
        return True
    if grounded.sentences and grounded.sentences[0] in dangling:
        return False
    grounded.sentences = [s for s in grounded.sentences if s not in dangling]
    grounded.used = {c: kept for c, ss in grounded.used.items() if (kept := [s for s in ss if s not in dangling])}
    return True


def _stems(text: str) -> set[str]:
    """Content words with a plural 's' dropped ("Super Bowls" states "Super Bowl")."""
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in content_words(text)}


_ASKING = {"what", "which", "who", "when", "where", "why", "how", "should", "can", "could", "would", "does", "do", "did",
           "know", "tell", "about", "explain", "mean", "need", "like", "want", "give", "overview", "summarize", "else"}


def _answers_question(sentence: str, question: str, common: frozenset[str] = frozenset()) -> bool:
    """The sentence holds what the question asks about (two thirds of its content words, all of two or three):
    'The Green Bay Packers ... is the oldest NFL franchise in continuous operation ...' for 'What is the oldest team
    not to change locations?' does not; for 'What is the oldest NFL franchise?' it does."""
    asks = _stems(question) - _ASKING - common
    need = len(asks) if len(asks) <= 3 else -(-2 * len(asks) // 3)  # a short question: every key word
    return len(asks) >= 2 and len(asks & _stems(sentence)) >= need


_DEFINES = re.compile(r"\b(?:is|are|means|refers to|stands for)\b")


def _phrase_words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z][\w\-]*", text)]


def shares_phrase(sentence: str, question: str, common: frozenset[str] = frozenset()) -> bool:
    """The sentence writes two adjacent words of the question's subject together ("free checking", "gift tax"), neither
    a function word nor a word of how it is asked, and not both words a third of the corpus uses."""
    words = _phrase_words(question)
    pairs = {(a, b) for a, b in zip(words, words[1:]) if a not in STOPWORDS and b not in STOPWORDS
             and a not in _ASKING and b not in _ASKING and not (_stems(a) | _stems(b)) <= common}
    have = _phrase_words(sentence)
    return any(pair in pairs for pair in zip(have, have[1:]))


def _prose(sentence: str) -> bool:
    """A sentence of prose, quotable or not: not a heading ("2017 Arizona Cardinals season"), a table row, code or a list of links."""
    return len(sentence.split()) >= 6 and not any(ch in sentence for ch in "{}=;<>|") and "//" not in sentence and "](" not in sentence \
        and sentence.lstrip()[:1] not in ("+", "*", "#") and not re.search(
        r"\b(?:Date|Week|Game time|Opponent)\s*:", sentence)


def states(sentence: str, claim: str, common: frozenset[str] = frozenset()) -> bool:
    """The sentence states the claim in its own words: three fifths of the claim's content words, four at least
    ("The Pittsburgh Steelers have won six Super Bowls, the most of any team" for "The Pittsburgh Steelers have the
    most Super Bowl championship titles, with six"). Sharing a few of its words is not stating it."""
    need = _stems(claim) - common
    return len(need) >= 4 and len(need & _stems(sentence)) >= max(4, -(-3 * len(need) // 5))


COMMON_SHARE = 1 / 3  # a word used by a third of the passages or more says nothing about which one answers


def common_stems(chunks: list[Chunk], share: float = COMMON_SHARE) -> frozenset[str]:
    """Words (stems) a third of the corpus uses or more: in one product's guide its name and its nouns ("Amazon S3",
    "bucket", "object"), which every passage shares with every answer (none in a corpus under 20 passages)."""
    df: Counter[str] = Counter()
    for chunk in chunks:
        df.update(_stems(chunk.text))
    return frozenset(w for w, n in df.items() if n >= share * max(1, len(chunks)) and len(chunks) >= 20)


def answer_bearing(ranked: list[tuple[Chunk, float]], passages: dict[str, Passage], term: str, grounded: Grounded,
                   limit: int | None = None, question: str = "", common: frozenset[str] = frozenset(),
                   claims: list[str] | None = None, overview: bool = False, defines: bool = False,
                   marked: set[str] = frozenset()) -> set[str]:
    """Retrieved passages the response does not quote that support it or answer the question too, as an mtRAG
    annotator marks every retrieved passage supporting part of the response: one holding a quoted sentence
    (overlapping windows, copies), one with a sentence stating a sentence of the response, one with a sentence about
    the term (every word of it) on the answer's subject (two more of its words), or one with a sentence holding the
    question's key words and two of the answer's own. A passage merely sharing a word is not relevant. `limit`
    caps the passages found by the loosest (the term and two words) (None: no cap). Words in `common` (a third of
    the corpus uses them: "bucket", "object", "Amazon S3" in the S3 guide) prove nothing and are not counted.
    `claims`: the sentences whose restatement makes a passage relevant (the direct answer; default every quoted
    sentence): a passage restating only a sentence added to round the answer off does not answer the question.
    `overview`: the question asks what there is to know about the term, which any sentence about it answers
    (`defines`: what it is, which a sentence about it saying what it is answers). `marked`: passages earlier turns of
    the conversation marked relevant; the capped loose places go to other passages first, so the conversation moves
    on through the corpus rather than marking the same passages again (a marked passage stating the answer still
    counts)."""
    found: set[str] = set()
    loose = 0
    topic = {w for w in content_words(grounded.text) - content_words(term) if not _stems(w) <= common}
    answer_words = _stems(grounded.text) - _stems(term) - _stems(question) - common
    quoted = [" ".join(s.split()) for s in grounded.sentences]
    restated = quoted if claims is None else [" ".join(s.split()) for s in claims]
    for chunk, _ in sorted(ranked, key=lambda pair: pair[0].chunk_id in marked):  # stable: retrieval order otherwise
        passage = passages.get(chunk.chunk_id)
        if passage is None or chunk.chunk_id in grounded.used or chunk.chunk_id in found:
            continue
        text = " ".join(chunk.text.split())
        if any(q in text for q in quoted):
            found.add(chunk.chunk_id)
            continue
        # any sentence may state it, quotable alone or not ("It was the Patriots' tenth Super Bowl appearance")
        if any(states(s.text, q, common) for s in passage.sentences for q in restated):
            found.add(chunk.chunk_id)
            continue
        usable = [s.text for s in passage.sentences if _usable(s.text)]
        on_answer = len(_stems(text) & answer_words) >= 2  # the passage is about what the answer says
        answers = question and on_answer and any(_prose(s.text) and _answers_question(s.text, question, common)
                                                 for s in passage.sentences)
        if answers and len(_stems(question) - _ASKING - common) >= 3:
            found.add(chunk.chunk_id)
            continue
        # a question that is little more than its subject ("Tell me about the NFL", "Super Bowl"): every passage
        # naming it would "answer" it, so these count among the capped loose ones
        # ... or a passage on the answer's subject naming the question's own phrase ("free checking" for "Can I get a
        # free checking account ...?"): another forum answer to the same question
        phrased = on_answer and any(_prose(s.text) and shares_phrase(s.text, question, common) for s in passage.sentences)
        # "What should I know about the lunar distance?": a passage with a sentence about it (its subject) tells some
        # ("What does EV mean?": one defining it, "EV is ...", "Enterprise Value means ...")
        overviewed = overview and any(about(s, term) and (not defines or _DEFINES.search(" ".join(s.split()[:12])))
                                      for s in usable)
        if (limit is None or loose < limit) and (answers or phrased or overviewed or any(
                names(s, term) and len(content_words(s) & topic) >= 2 for s in usable)):
            found.add(chunk.chunk_id)
            loose += 1
    return found


def contexts_for(ranked: list[tuple[Chunk, float]], grounded: Grounded, chunks_by_id: dict[str, Chunk],
                 also: set[str] = frozenset()) -> list[TurnContext]:
    """The turn's passages: the retrieved ones (relevance 1 where the response quotes them or, `also`, where they
    answer it as well) and any quoted passage that retrieval missed (as an annotator would add it by hand)."""
    out: list[TurnContext] = []
    seen: set[str] = set()
    for rank, (chunk, score) in enumerate(ranked, start=1):
        out.append(_context(chunk, 1 if chunk.chunk_id in grounded.used or chunk.chunk_id in also else 0, rank, score))
        seen.add(chunk.chunk_id)
    for cid in [*grounded.used, *sorted(also)]:
        if cid not in seen:
            seen.add(cid)
            out.append(_context(chunks_by_id[cid], 1, None, None))
    return out


def _context(chunk: Chunk, relevance: int, rank: int | None, score: float | None) -> TurnContext:
    return TurnContext(doc_id=chunk.doc_id, chunk_id=chunk.chunk_id, span=chunk.span, title=chunk.title, text=chunk.text,
                       relevance=relevance, rank=rank, score=None if score is None else round(score, 4))
