"""One conformance test over everything registered: each component folder's builtins are found
by the registry scan, and each registered thing has the shape its consumers rely on."""

import inspect
import json
from pathlib import Path

import pytest

from benchsmith.corpora.loaders import LOADERS
from benchsmith.evaluation.generation.base import GENERATION_METRICS
from benchsmith.evaluation.importers._base import FORMATS
from benchsmith.llm.backends import BACKENDS
from benchsmith.retrieval.base import RETRIEVERS
from benchsmith.schemas import SCHEMAS
from benchsmith.validators import VALIDATORS

# Records in a published benchmark's own format carry no schema_version of ours.
PEER_FORMATS = {"multihop_rag_query", "frames_record"}

EXPECTED = {
    "loader": (LOADERS, {"jsonl", "json", "beir", "multihop-rag", "mtrag", "text"}),
    "benchmark format": (FORMATS, {"benchsmith", "multihop-rag", "mtrag", "mirage", "frames", "beir"}),
    "llm backend": (BACKENDS, {"openai", "scripted", "transformers", "llamacpp", "vllm"}),
    "retriever": (RETRIEVERS, {"bm25", "dense", "hybrid", "elasticsearch", "run"}),
    "validator": (VALIDATORS, {"grounding.verbatim", "grounding.documents", "leakage.answer_in_query",
                               "consistency.temporal", "consistency.comparison", "null.proof", "dedup.query"}),
    "generation metric": (GENERATION_METRICS, {"em", "contains", "f1", "recall", "rouge_l", "extractiveness", "rb_alg",
                                               "bertscore_precision", "bertscore_recall", "bert_k_precision",
                                               "autorater", "rb_llm", "faithfulness", "idk", "em_loose", "em_strict"}),
    "schema": (SCHEMAS, {"document", "chunk", "provenance", "rejected", "run_summary", "multihop_item", "benchmark"}),
}


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_scan_finds_every_builtin(kind):
    registry, expected = EXPECTED[kind]
    assert expected <= set(registry.names()), f"missing {kind}s: {expected - set(registry.names())}"


def _entries():
    for kind, (registry, _) in sorted(EXPECTED.items()):
        for name in registry.names():
            yield pytest.param(kind, name, id=f"{kind}:{name}")


@pytest.mark.parametrize("kind,name", list(_entries()))
def test_registered_entry_has_the_expected_shape(kind, name):
    registry, _ = EXPECTED[kind]
    entry = registry.get(name)
    if kind == "schema":
        fields = entry.model_fields
        assert fields["kind"].default == name
        if name not in PEER_FORMATS:
            assert "schema_version" in fields
        committed = Path(__file__).resolve().parents[2] / "src" / "benchsmith" / "schemas" / f"{name}.schema.json"
        assert json.loads(committed.read_text())["title"], f"{committed} missing: run benchsmith schemas export"
    elif kind == "validator":
        assert callable(getattr(entry, "check", None))
        params = list(inspect.signature(entry.check).parameters)
        assert params[:2] == ["item", "ctx"]
    elif kind == "loader":
        assert callable(getattr(entry, "load", None)) or callable(entry)
    elif kind == "benchmark format":
        assert callable(getattr(entry, "load", None)) or callable(entry)
    else:
        assert callable(entry)
