"""The optional fact classifier hook and the registered multihop schemas."""

from __future__ import annotations

import os

import pytest

from benchsmith.generators.multihop.facts import FactClassifier, extract_facts
from benchsmith.schemas import SCHEMAS
from benchsmith.types import Chunk, Document, Span

TEXT = "Harbor City opened a terminal in 2024. Greywater Shipping moved 1.7 million boxes in 2023."


class _KeepFirstWordHarbor:
    """Stands in for a transformers classifier: 'fact' only for sentences that start with Harbor."""

    def is_fact(self, sentences):
        return [s.startswith("Harbor") for s in sentences]


def test_classifier_filters_heuristic_facts():
    doc = Document(doc_id="d", text=TEXT)
    chunks = {"d": [Chunk(chunk_id="d#0", doc_id="d", text=TEXT, span=Span(start=0, end=len(TEXT)), index=0, n_tokens=15)]}
    facts, skipped = extract_facts([doc], chunks)
    assert len(facts["d"]) == 2
    facts, skipped = extract_facts([doc], chunks, classifier=_KeepFirstWordHarbor())
    assert [f.text for f in facts["d"]] == ["Harbor City opened a terminal in 2024."]
    assert skipped["classifier_not_fact"] == 1


def test_local_transformers_classifier():
    path = os.environ.get("BENCHSMITH_FACT_CLASSIFIER")
    if not path:
        pytest.skip("no local fact/opinion text-classification model: set BENCHSMITH_FACT_CLASSIFIER to its directory "
                    "(weights are never downloaded)")
    clf = FactClassifier(path)
    assert len(clf.is_fact(["Harbor City opened a terminal in 2024.", "I love this city."])) == 2


def test_multihop_schemas_are_registered():
    for kind in ("multihop_item", "multihop_claim", "multihop_rag_query", "benchmark"):
        model = SCHEMAS.get(kind)
        assert model.model_json_schema()["type"] == "object"
