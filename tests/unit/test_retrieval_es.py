"""elasticsearch: the request bodies we build, and a live round trip when a server URL is given."""

from __future__ import annotations

import os
import uuid

import pytest

from benchsmith.errors import BenchsmithError, InputError
from benchsmith.retrieval import Passage, get_retriever
from benchsmith.retrieval.es import ES_URL_ENV, bm25_query, bulk_actions, index_body, knn_query, msearch_lines, parse_msearch


def test_index_body_with_vector_field_and_bm25_parameters():
    body = index_body(384, k1=1.2, b=0.5)
    assert body["mappings"]["properties"]["embedding"] == {"type": "dense_vector", "dims": 384, "index": True, "similarity": "dot_product"}
    assert body["mappings"]["properties"]["text"] == {"type": "text"}
    assert body["settings"]["index"]["similarity"]["default"] == {"type": "BM25", "k1": 1.2, "b": 0.5}
    assert "embedding" not in index_body()["mappings"]["properties"] and "settings" not in index_body()


def test_bulk_actions_use_passage_ids():
    actions = bulk_actions("idx", [Passage(id="p1", text="t", title="T")], [[0.5, 0.25]])
    assert actions == [{"_op_type": "index", "_index": "idx", "_id": "p1", "_source": {"pid": "p1", "title": "T", "text": "t", "embedding": [0.5, 0.25]}}]


def test_query_bodies():
    assert bm25_query("who", 5)["query"] == {"multi_match": {"query": "who", "fields": ["text", "title^1"], "type": "best_fields"}}
    assert bm25_query("who", 5)["size"] == 5
    knn = knn_query([0.1, 0.2], 3)
    assert knn["knn"] == {"field": "embedding", "query_vector": [0.1, 0.2], "k": 3, "num_candidates": 30} and knn["size"] == 3
    assert msearch_lines("idx", [{"a": 1}, {"b": 2}]) == [{"index": "idx"}, {"a": 1}, {"index": "idx"}, {"b": 2}]


def test_parse_msearch_response_and_errors():
    response = {"responses": [{"hits": {"hits": [{"_id": "p2", "_score": 3.5}, {"_id": "p1", "_score": 1.0}]}}, {"hits": {"hits": []}}]}
    assert parse_msearch(response) == [[("p2", 3.5), ("p1", 1.0)], []]
    with pytest.raises(BenchsmithError, match="search 0 failed"):
        parse_msearch({"responses": [{"error": {"type": "index_not_found_exception"}}]})


def test_no_url_is_a_clear_error(monkeypatch):
    monkeypatch.delenv(ES_URL_ENV, raising=False)
    with pytest.raises(InputError, match=ES_URL_ENV):
        get_retriever("elasticsearch")
    with pytest.raises(InputError, match="mode"):
        get_retriever("elasticsearch", url="http://localhost:9200", mode="fuzzy")


@pytest.mark.skipif(not os.environ.get(ES_URL_ENV), reason=f"no Elasticsearch server: set {ES_URL_ENV}")
def test_live_bm25_round_trip():
    name = f"benchsmith-test-{uuid.uuid4().hex[:8]}"
    r = get_retriever("elasticsearch", index_name=name)
    try:
        r.index([("p1", "The Eiffel Tower is in Paris."), ("p2", "Mount Everest is the highest mountain.")])
        assert r.search(["highest mountain"], k=2)[0][0][0] == "p2"
    finally:
        r.client.indices.delete(index=name, ignore_unavailable=True)
