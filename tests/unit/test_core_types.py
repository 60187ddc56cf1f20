import pytest
from pydantic import ValidationError

from benchsmith.errors import InputError
from benchsmith.registry import Registry
from benchsmith.types import Chunk, Document, Span, content_id


def test_content_id_is_stable_and_separates_parts():
    assert content_id("a", "b") == content_id("a", "b")
    assert content_id("ab", "") != content_id("a", "b")
    assert content_id("x", prefix="doc-").startswith("doc-")


def test_span_must_be_ordered():
    with pytest.raises(ValidationError):
        Span(start=5, end=2)


def test_models_are_frozen_and_strict():
    d = Document(doc_id="d1", text="hello")
    with pytest.raises(ValidationError):
        d.text = "changed"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        Document(doc_id="d1", text="x", unknown_field=1)
    c = Chunk(chunk_id="d1#0", doc_id="d1", text="hello", span=Span(start=0, end=5), index=0, n_tokens=1)
    assert c.kind == "chunk" and c.schema_version


def test_input_error_formats_location():
    e = InputError("missing field", path="a.jsonl", line=4, json_path="$.text")
    assert str(e) == "a.jsonl:4 at $.text: missing field"


def test_registry_rejects_double_registration_and_names_known():
    reg: Registry[int] = Registry("thing")
    reg.register("a")(1)
    with pytest.raises(ValueError):
        reg.register("a")(2)
    with pytest.raises(KeyError, match="known: a"):
        reg.get("b")


def test_published_at_without_zone_is_taken_as_utc_so_dates_compare():
    naive = Document(doc_id="a", text="x", published_at="2025-03-01T10:00:00")
    aware = Document(doc_id="b", text="y", published_at="2025-03-01T09:00:00+00:00")
    assert naive.published_at.tzinfo is not None
    assert aware.published_at < naive.published_at
