"""Sentence-aware recursive chunking to a token budget, with overlap by whole sentences.

A document that fits the budget is one chunk. A longer one is cut at the
coarsest level that works: paragraphs (blank lines), then sentences
(:mod:`benchsmith.corpora.sentences`), then words, then characters (only for a
single "word" longer than the budget, such as a huge URL under WordPiece).
Units are packed greedily; a paragraph that fits in a chunk of its own is not
split across two chunks. Each new chunk may start with the trailing sentences
of the previous one, up to ``overlap`` tokens.

Chunk ids are positional, ``f"{doc_id}#{index}"``: readable, stable across runs
with the same settings (the manifest records them), and they sort with the
document. Spans are exact: ``chunk.text == doc.text[chunk.span.start:chunk.span.end]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import islice

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.corpora.tokenizers import Tokenizer, get_tokenizer
from benchsmith.errors import InputError
from benchsmith.types import Chunk, Document, Span

_WORD = re.compile(r"\S+")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_BATCH = 2048  # documents per tokenizer batch: bounds memory of WordPiece encodings


@dataclass(frozen=True)
class ChunkerSettings:
    """How documents are cut into chunks; recorded in the corpus manifest."""

    max_tokens: int = 256
    overlap: int = 32
    tokenizer: str = "whitespace"

    def __post_init__(self) -> None:
        if self.max_tokens < 1:
            raise InputError(f"chunk size must be at least 1 token, got {self.max_tokens}")
        if not 0 <= self.overlap < self.max_tokens:
            raise InputError(f"overlap must be >= 0 and smaller than the chunk size ({self.max_tokens}), got {self.overlap}")

    def as_dict(self) -> dict[str, object]:
        return {"strategy": "recursive-sentence", **asdict(self)}


#: Named settings. "mirage": MIRAGE's 330-token bert-base-uncased WordPiece chunks, no overlap.
PRESETS: dict[str, ChunkerSettings] = {
    "default": ChunkerSettings(),
    "mirage": ChunkerSettings(max_tokens=330, overlap=0, tokenizer="wordpiece"),
}


def chunk_documents(
    docs: Iterable[Document],
    *,
    max_tokens: int = 256,
    overlap: int = 32,
    tokenizer: str | Tokenizer = "whitespace",
    preset: str | None = None,
) -> list[Chunk]:
    """Cut documents into chunks of at most `max_tokens` tokens.

    Args:
        docs: Documents to chunk; those with blank text give no chunk.
        max_tokens: Token budget per chunk.
        overlap: Tokens of whole trailing sentences repeated at the start of the next chunk.
        tokenizer: ``"whitespace"``, ``"wordpiece"`` or a tokenizer object.
        preset: A name from :data:`PRESETS` (e.g. ``"mirage"``); overrides the three settings above.

    Returns:
        Chunks in document order, ``chunk_id == f"{doc_id}#{index}"``.
    """
    if preset is not None:
        if preset not in PRESETS:
            raise InputError(f"unknown chunking preset {preset!r}; known: {', '.join(PRESETS)}")
        settings = PRESETS[preset]
        max_tokens, overlap, tokenizer = settings.max_tokens, settings.overlap, settings.tokenizer
    name = tokenizer if isinstance(tokenizer, str) else tokenizer.name
    ChunkerSettings(max_tokens=max_tokens, overlap=overlap, tokenizer=name)  # validates
    tok = get_tokenizer(tokenizer) if isinstance(tokenizer, str) else tokenizer
    docs = list(docs)
    out: list[Chunk] = []
    for i in range(0, len(docs), _BATCH):
        batch = docs[i : i + _BATCH]
        totals = _document_totals([d.text for d in batch], tok, max_tokens)
        for doc, total in zip(batch, totals, strict=True):
            pieces = chunk_offsets(doc.text, tok, max_tokens, overlap, total=total)
            for index, (start, end, n) in enumerate(pieces):
                out.append(
                    Chunk(
                        chunk_id=f"{doc.doc_id}#{index}",
                        doc_id=doc.doc_id,
                        title=doc.title,
                        text=doc.text[start:end],
                        span=Span(start=start, end=end),
                        index=index,
                        n_tokens=n,
                    )
                )
    return out


def _document_totals(texts: list[str], tok: Tokenizer, max_tokens: int) -> list[int]:
    """Token count of each text, or ``max_tokens + 1`` for texts certainly over the budget.

    Every whitespace-separated word is at least one token for both tokenizers, so
    a text with more words than the budget needs splitting whatever its exact
    count: skipping its whole-text count saves a second WordPiece pass over long
    documents (their sentences are counted anyway).
    """
    if tok.name == "whitespace":
        return tok.count_batch(texts)
    over = max_tokens + 1
    totals = [over if len(t.split(maxsplit=max_tokens)) > max_tokens else -1 for t in texts]
    todo = [i for i, n in enumerate(totals) if n < 0]
    for i, n in zip(todo, tok.count_batch([texts[i] for i in todo]), strict=True):
        totals[i] = n
    return totals


def chunk_offsets(
    text: str, tok: Tokenizer, max_tokens: int, overlap: int, *, total: int | None = None
) -> list[tuple[int, int, int]]:
    """``(start, end, n_tokens)`` of each chunk of `text`; `total` is its token count when already known."""
    start, end = _strip(text, 0, len(text))
    if start == end:
        return []
    if total is None:
        total = tok.count(text)
    if total <= max_tokens:
        return [(start, end, total)]
    sentences = sentence_offsets(text)
    counts = _sentence_counts(text, sentences, tok)
    paras = _paragraph_numbers(text, sentences)
    para_tokens: dict[int, int] = {}
    for n, p in zip(counts, paras, strict=True):
        para_tokens[p] = para_tokens.get(p, 0) + n
    return _pack(_units(text, sentences, counts, paras, tok, max_tokens), para_tokens, max_tokens, overlap)


# A unit is (start, end, n_tokens, paragraph number).
Unit = tuple[int, int, int, int]
# Units are made and counted in batches and consumed as they come, so a one-line document
# of 50 MB never holds a list of all its words (and their strings) at once.
_SENTENCE_BATCH = 4096
_WORD_BATCH = 65536


def _sentence_counts(text: str, sentences: Sequence[tuple[int, int]], tok: Tokenizer) -> list[int]:
    counts: list[int] = []
    for i in range(0, len(sentences), _SENTENCE_BATCH):
        counts.extend(tok.count_batch([text[s:e] for s, e in sentences[i : i + _SENTENCE_BATCH]]))
    return counts


def _paragraph_numbers(text: str, sentences: Sequence[tuple[int, int]]) -> list[int]:
    paras: list[int] = []
    para = 0
    prev_end = None
    for s, e in sentences:
        if prev_end is not None and _PARAGRAPH_BREAK.search(text, prev_end, s):
            para += 1
        prev_end = e
        paras.append(para)
    return paras


def _units(
    text: str, sentences: Sequence[tuple[int, int]], counts: Sequence[int], paras: Sequence[int], tok: Tokenizer, max_tokens: int
) -> Iterator[Unit]:
    for (s, e), n, para in zip(sentences, counts, paras, strict=True):
        if n <= max_tokens:
            yield (s, e, n, para)
        else:
            for ws, we, wn in _words(text, s, e, tok, max_tokens):
                yield (ws, we, wn, para)


def _words(text: str, start: int, end: int, tok: Tokenizer, max_tokens: int) -> Iterator[tuple[int, int, int]]:
    """The words of an over-long sentence as packing units (an over-long word is cut by characters).

    Words rather than fixed windows, so that the packer can fill what is left of
    the current chunk before moving on.
    """
    matches = _WORD.finditer(text, start, end)
    while batch := [m.span() for m in islice(matches, _WORD_BATCH)]:
        counts = tok.count_batch([text[s:e] for s, e in batch])
        for (s, e), n in zip(batch, counts, strict=True):
            if n > max_tokens:
                yield from _char_windows(text, s, e, tok, max_tokens)
            else:
                yield (s, e, n)


def _char_windows(text: str, start: int, end: int, tok: Tokenizer, max_tokens: int) -> list[tuple[int, int, int]]:
    """Split one over-long word by halving until each piece fits (WordPiece on pathological strings)."""
    n = tok.count(text[start:end])
    if n <= max_tokens or end - start <= 1:
        return [(start, end, n)]
    mid = (start + end) // 2
    return _char_windows(text, start, mid, tok, max_tokens) + _char_windows(text, mid, end, tok, max_tokens)


def _pack(units: Iterable[Unit], para_tokens: Mapping[int, int], max_tokens: int, overlap: int) -> list[tuple[int, int, int]]:
    """Greedy packing of units into chunks; `para_tokens` is the token count of each paragraph."""
    chunks: list[tuple[int, int, int]] = []
    cur: list[Unit] = []
    cur_n = 0
    prev_para: int | None = None
    for unit in units:
        n, para = unit[2], unit[3]
        starts_para = prev_para is not None and prev_para != para
        prev_para = para
        # A paragraph that fits in a chunk of its own should not be split across two.
        need = para_tokens[para] if starts_para and para_tokens[para] <= max_tokens else n
        # Pieces of one word cut by characters touch (no space between); joined again they
        # would tokenize differently, so they never share a chunk and get no overlap.
        glued = bool(cur) and cur[-1][1] == unit[0]
        if cur and (glued or cur_n + need > max_tokens):
            chunks.append((cur[0][0], cur[-1][1], cur_n))
            cur = [] if glued else _overlap_tail(cur, min(overlap, max_tokens - need))
            cur_n = sum(u[2] for u in cur)
        cur.append(unit)
        cur_n += n
    if cur:
        chunks.append((cur[0][0], cur[-1][1], cur_n))
    return chunks


def _overlap_tail(units: list[Unit], budget: int) -> list[Unit]:
    """The longest run of trailing units within `budget` tokens, never the whole previous chunk."""
    tail: list[Unit] = []
    total = 0
    for unit in reversed(units[1:]):
        if total + unit[2] > budget:
            break
        tail.append(unit)
        total += unit[2]
    tail.reverse()
    return tail


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
