"""Two mentions of one name count as one entity only when their contexts agree.

"San Miguel" the Cuban district and "San Miguel" the Philippine brewer share a string, not an
entity. A bridge passes when its name is a document's title entity (a title match: the corpus
has an article about exactly that entity), or when the documents that mention it, with the name
masked, are alike: cosine similarity of their embeddings (the packaged all-MiniLM-L6-v2, which
reads about the first 200 words) at or above EMBEDDING_THRESHOLD for every pair. Without the
embedder (the local extra not installed), a lexical cosine of the masked documents' content
words is used with LEXICAL_THRESHOLD.

Both thresholds were calibrated with `benchmarks/multihop_same_entity.py --scope document` on
the 2WikiMultihopQA paragraphs: 400 pairs of documents naming the same title entity (positives)
against 400 pairs naming two different ones (negatives); each threshold keeps 95% of positives.
Embedding: positives median 0.440, negatives median 0.091, threshold 0.155 lets 30.5% of
negatives through. Lexical: positives median 0.178, negatives 0.024, threshold 0.013 lets 59.2%
through. Whole documents separate better than the mentioning sentences alone (sentence scope:
threshold 0.195 lets 39% through), so documents are compared.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

from benchsmith.generators.multihop.text import content_tokens

EMBEDDING_THRESHOLD = 0.155
LEXICAL_THRESHOLD = 0.013
MASK = "X"
CONTEXT_CHARS = 1500  # what the embedder reads of a document anyway (256 word pieces)


def masked(sentence: str, names: Sequence[str]) -> str:
    """The sentence with every writing of the entity replaced by a placeholder (the name itself must not count)."""
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        sentence = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", MASK, sentence, flags=re.IGNORECASE)
    return sentence


def lexical_cosine(a: str, b: str) -> float:
    ta, tb = Counter(content_tokens(a) - {MASK.lower()}), Counter(content_tokens(b) - {MASK.lower()})
    dot = sum(ta[w] * tb[w] for w in ta)
    norm = math.sqrt(sum(v * v for v in ta.values()) * sum(v * v for v in tb.values()))
    return dot / norm if norm else 0.0


def load_embedder() -> Callable[[list[str]], object] | None:
    """The packaged sentence embedder's encode function, or None when it is not installed."""
    try:
        from benchsmith.embedded import MissingModel
        from benchsmith.retrieval.dense import DenseRetriever

        retriever = DenseRetriever()
        retriever.model  # noqa: B018 - load now, so a missing model shows here and not mid-run
    except (ImportError, MissingModel, OSError):
        return None
    return retriever.encode


class ContextJudge:
    """Decides whether the mentions of a bridge in several sentences are one entity."""

    def __init__(self, title_names: set[str], embed: Callable[[list[str]], object] | None | str = "auto") -> None:
        self.title_names = title_names
        self._embed = embed
        self._vectors: dict[str, object] = {}

    @property
    def method(self) -> str:
        return "embedding" if self._encoder() is not None else "lexical"

    def _encoder(self):
        if self._embed == "auto":
            self._embed = load_embedder()
        return self._embed

    def similarity(self, a: str, b: str) -> float:
        encode = self._encoder()
        if encode is None:
            return lexical_cosine(a, b)
        missing = [t for t in (a, b) if t not in self._vectors]
        if missing:
            for t, v in zip(missing, encode(missing), strict=True):
                self._vectors[t] = v
        return float(self._vectors[a] @ self._vectors[b])

    def agree(self, key: str, names: Sequence[str], contexts: Sequence[str]) -> tuple[bool, float | None]:
        """(same entity?, the lowest pairwise similarity of the contexts, None for a title match).

        `contexts`: the text of each mentioning document (only its opening is embedded)."""
        if key in self.title_names:
            return True, None
        texts = [masked(c[:CONTEXT_CHARS], names) for c in contexts]
        low = min((self.similarity(texts[i], texts[j]) for i in range(len(texts)) for j in range(i + 1, len(texts))),
                  default=1.0)
        threshold = EMBEDDING_THRESHOLD if self.method == "embedding" else LEXICAL_THRESHOLD
        return low >= threshold, low
