"""Elasticsearch through the official client: BM25 `match` queries or approximate kNN on a dense_vector field.

The server URL comes from the `url` option or the BENCHSMITH_ES_URL environment variable.
Request bodies are built by small pure functions so they can be checked without a server.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from benchsmith.errors import BenchsmithError, InputError
from benchsmith.retrieval.base import RETRIEVERS, Passage, PassageLike, Ranking, to_passages

ES_URL_ENV = "BENCHSMITH_ES_URL"


def index_body(dims: int | None = None, *, similarity: str = "dot_product", k1: float | None = None, b: float | None = None) -> dict[str, Any]:
    """Settings and mappings for a passage index; a dense_vector field when `dims` is given."""
    properties: dict[str, Any] = {"pid": {"type": "keyword"}, "title": {"type": "text"}, "text": {"type": "text"}}
    if dims:
        properties["embedding"] = {"type": "dense_vector", "dims": int(dims), "index": True, "similarity": similarity}
    body: dict[str, Any] = {"mappings": {"properties": properties}}
    if k1 is not None or b is not None:
        sim = {"type": "BM25", **({"k1": k1} if k1 is not None else {}), **({"b": b} if b is not None else {})}
        body["settings"] = {"index": {"similarity": {"default": sim}}}
    return body


def bulk_actions(index: str, passages: Sequence[Passage], vectors: Sequence[Sequence[float]] | None = None) -> list[dict[str, Any]]:
    """One `index` action per passage for `elasticsearch.helpers.bulk`; the passage id is the document _id."""
    actions = []
    for i, p in enumerate(passages):
        source: dict[str, Any] = {"pid": p.id, "title": p.title, "text": p.text}
        if vectors is not None:
            source["embedding"] = [float(x) for x in vectors[i]]
        actions.append({"_op_type": "index", "_index": index, "_id": p.id, "_source": source})
    return actions


def bm25_query(text: str, k: int, *, title_boost: float = 1.0) -> dict[str, Any]:
    """A BM25 search over text and title (`multi_match` of `match` queries, best field wins)."""
    return {
        "size": k,
        "_source": False,
        "query": {"multi_match": {"query": text, "fields": ["text", f"title^{title_boost:g}"], "type": "best_fields"}},
    }


def knn_query(vector: Sequence[float], k: int, *, num_candidates: int | None = None) -> dict[str, Any]:
    """An approximate kNN search on the `embedding` field."""
    return {
        "size": k,
        "_source": False,
        "knn": {"field": "embedding", "query_vector": [float(x) for x in vector], "k": k, "num_candidates": max(num_candidates or 10 * k, k)},
    }


def msearch_lines(index: str, bodies: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Header/body pairs for one `_msearch` request."""
    lines: list[dict[str, Any]] = []
    for body in bodies:
        lines.append({"index": index})
        lines.append(body)
    return lines


def parse_msearch(response: dict[str, Any]) -> list[Ranking]:
    """Ranked (id, score) lists from an `_msearch` response; a failed sub-search raises."""
    out = []
    for i, item in enumerate(response.get("responses", [])):
        if "error" in item:
            raise BenchsmithError(f"Elasticsearch search {i} failed: {item['error']}")
        out.append([(hit["_id"], float(hit["_score"])) for hit in item.get("hits", {}).get("hits", [])])
    return out


class ElasticsearchRetriever:
    """Index passages into Elasticsearch and search them with BM25 or kNN.

    Args:
        url: server URL (default: $BENCHSMITH_ES_URL).
        mode: "bm25" or "knn".
        index_name: the index to (re)create (default "benchsmith-passages").
        model: embedding model for "knn" (default: the embedded MiniLM).
        recreate: delete an existing index of that name first (default True).
        api_key / basic_auth / verify_certs: passed to the client.
        batch_size: queries per `_msearch` and passages per bulk chunk.
    """

    name = "elasticsearch"

    def __init__(
        self,
        url: str | None = None,
        *,
        mode: str = "bm25",
        index_name: str = "benchsmith-passages",
        model: str | None = None,
        recreate: bool = True,
        api_key: str | None = None,
        basic_auth: tuple[str, str] | None = None,
        verify_certs: bool = True,
        batch_size: int = 200,
        k1: float | None = None,
        b: float | None = None,
        **_: Any,
    ) -> None:
        if mode not in ("bm25", "knn"):
            raise InputError(f"elasticsearch mode must be 'bm25' or 'knn', got {mode!r}")
        self.url = url or os.environ.get(ES_URL_ENV)
        if not self.url:
            raise InputError(f"no Elasticsearch server: pass url= or set {ES_URL_ENV}")
        self.mode, self.index_name, self.recreate = mode, index_name, recreate
        self.batch_size, self.k1, self.b = int(batch_size), k1, b
        self._client_options = {"api_key": api_key, "basic_auth": basic_auth, "verify_certs": verify_certs}
        self._encoder = None
        if mode == "knn":
            from benchsmith.retrieval.dense import DenseRetriever

            self._encoder = DenseRetriever(model)
        self._client = None

    def settings(self) -> dict[str, Any]:
        return {"retriever": self.name, "mode": self.mode, "index": self.index_name, "model": getattr(self._encoder, "model_name", None)}

    @property
    def client(self):
        if self._client is None:
            try:
                from elasticsearch import Elasticsearch
            except ImportError as exc:
                raise BenchsmithError("the elasticsearch client is not installed: pip install 'benchsmith[es]'") from exc
            options = {k: v for k, v in self._client_options.items() if v is not None}
            self._client = Elasticsearch(self.url, **options)
        return self._client

    def index(self, passages: Sequence[PassageLike]) -> None:
        from elasticsearch import helpers

        items = to_passages(passages)
        if not items:
            raise InputError("nothing to index: the passage list is empty")
        vectors = self._encoder.encode([p.full_text for p in items]) if self._encoder is not None else None
        client = self.client
        if client.indices.exists(index=self.index_name):
            if not self.recreate:
                raise BenchsmithError(f"Elasticsearch index {self.index_name!r} exists; pass recreate=True to replace it")
            client.indices.delete(index=self.index_name)
        body = index_body(vectors.shape[1] if vectors is not None else None, k1=self.k1, b=self.b)
        client.indices.create(index=self.index_name, **body)
        helpers.bulk(client, bulk_actions(self.index_name, items, vectors), chunk_size=self.batch_size, refresh="wait_for")

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]:
        out: list[Ranking] = []
        for start in range(0, len(queries), self.batch_size):
            batch = list(queries[start : start + self.batch_size])
            if self._encoder is not None:
                bodies = [knn_query(v, k) for v in self._encoder.encode(batch)]
            else:
                bodies = [bm25_query(q, k) for q in batch]
            response = self.client.msearch(searches=msearch_lines(self.index_name, bodies))
            out.extend(parse_msearch(dict(response)))
        return out


@RETRIEVERS.register("elasticsearch")
def make_elasticsearch(arg: str | None = None, **options: Any) -> ElasticsearchRetriever:
    if arg is not None:  # elasticsearch:http://host:9200 (the scheme's colon is part of the argument)
        options.setdefault("url", arg)
    return ElasticsearchRetriever(**options)
