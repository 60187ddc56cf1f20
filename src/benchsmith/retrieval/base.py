"""The Retriever protocol, the passage shape it indexes, and the registry of builtins."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from benchsmith.errors import InputError
from benchsmith.registry import Registry
from benchsmith.types import Chunk, Document

Ranking = list[tuple[str, float]]


class Passage(BaseModel):
    """The unit a retriever indexes: an id, its text and an optional title."""

    model_config = ConfigDict(frozen=True)
    id: str
    text: str
    title: str = ""

    @property
    def full_text(self) -> str:
        """Title and text as one string, the way the retrievers index them."""
        return f"{self.title}\n{self.text}" if self.title else self.text


PassageLike = Passage | Chunk | Document | tuple


def to_passage(item: PassageLike) -> Passage:
    """Accept a Passage, a Chunk, a Document or an (id, text[, title]) tuple."""
    if isinstance(item, Passage):
        return item
    if isinstance(item, Chunk):
        return Passage(id=item.chunk_id, text=item.text, title=item.title)
    if isinstance(item, Document):
        return Passage(id=item.doc_id, text=item.text, title=item.title)
    if isinstance(item, tuple) and len(item) in (2, 3):
        return Passage(id=str(item[0]), text=str(item[1]), title=str(item[2]) if len(item) == 3 and item[2] else "")
    raise TypeError(f"cannot index {type(item).__name__}: expected Passage, Chunk, Document or (id, text, title)")


def to_passages(items: Iterable[PassageLike]) -> list[Passage]:
    return [to_passage(item) for item in items]


@runtime_checkable
class Retriever(Protocol):
    """Index passages once, then answer batches of queries with ranked (id, score) lists."""

    name: str

    def index(self, passages: Sequence[PassageLike]) -> None: ...

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]: ...


RetrieverFactory = Callable[..., Retriever]

RETRIEVERS: Registry[RetrieverFactory] = Registry("retriever", "benchsmith.retrieval")


def parse_spec(spec: str) -> tuple[str, str | None]:
    """Split `name[:argument]` (e.g. `dense:/models/e5`, `run:runs/bm25.trec`)."""
    name, sep, arg = spec.partition(":")
    return name.strip(), (arg if sep and arg else None)


def get_retriever(spec: str, **options: Any) -> Retriever:
    """Build a retriever from a spec string.

    Args:
        spec: `bm25`, `dense[:MODEL]`, `hybrid[:SPEC,SPEC...]` (default bm25,dense),
            `elasticsearch[:URL]`, `run:PATH` or `multistep[:BASE]` (needs llm=).
        **options: passed to the retriever's constructor (k1, b, batch_size, cache_dir, ...).

    Raises:
        InputError: unknown retriever name.
    """
    name, arg = parse_spec(spec)
    try:
        factory = RETRIEVERS.get(name)
    except KeyError as exc:
        raise InputError(str(exc.args[0])) from None
    return factory(arg, **options)


def top_k(scores, ids: Sequence[str], k: int) -> Ranking:
    """Best-first (id, score) pairs of one score vector; ties broken by index order (stable)."""
    import numpy as np

    scores = np.asarray(scores)
    k = min(k, len(ids))
    if k <= 0:
        return []
    if k < len(ids):
        part = np.argpartition(-scores, k - 1)[:k]
    else:
        part = np.arange(len(ids))
    order = part[np.lexsort((part, -scores[part]))]
    return [(ids[i], float(scores[i])) for i in order]
