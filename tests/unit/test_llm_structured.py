"""Parsing model replies into validated objects, without any model."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from benchsmith.errors import BenchsmithError
from benchsmith.llm.address import parse_address
from benchsmith.llm.structured import (
    SCHEMA_VALIDATION,
    UNPARSEABLE,
    ParseFailure,
    extract_json,
    json_schema_for,
    parse_structured,
    repair_prompt,
    schema_name,
)


class Claim(BaseModel):
    text: str
    year: int


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ('Sure! Here it is:\n```json\n{"a": [1, 2]}\n```\nAnything else?', {"a": [1, 2]}),
        ("```\n[1, 2, 3]\n```", [1, 2, 3]),
        ('The answer is {"a": "braces } inside \\" strings {"} and more text.', {"a": 'braces } inside " strings {'}),
        ('{"a": 1,}', {"a": 1}),  # trailing comma forgiven
        ('noise {not json} then {"b": 2}', {"b": 2}),  # first balanced block that parses
    ],
)
def test_extract_json_finds_the_value(reply: str, expected: object) -> None:
    assert extract_json(reply) == (True, expected)


@pytest.mark.parametrize("reply", ["", "no json here", '{"a": 1', "{'a': 1}"])
def test_extract_json_reports_absence(reply: str) -> None:
    assert extract_json(reply) == (False, None)


def test_parse_structured_distinguishes_unparseable_from_invalid() -> None:
    ok = parse_structured('```json\n{"text": "x", "year": 2020}\n```', Claim)
    assert ok == Claim(text="x", year=2020)
    bad = parse_structured('{"text": "x", "year": "soon"}', Claim)
    assert isinstance(bad, ParseFailure) and bad.reason == SCHEMA_VALIDATION and "year" in bad.detail
    none = parse_structured("I cannot answer that.", Claim)
    assert isinstance(none, ParseFailure) and none.reason == UNPARSEABLE


def test_parse_structured_accepts_non_model_types() -> None:
    assert parse_structured("[1, 2]", list[int]) == [1, 2]
    assert json_schema_for(list[int])["type"] == "array"


def test_parse_structured_accepts_a_json_schema_dict() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    assert json_schema_for(schema) is schema
    assert parse_structured('{"n": 3}', schema) == {"n": 3}
    bad = parse_structured('{"n": "three"}', schema)
    assert isinstance(bad, ParseFailure) and bad.reason == SCHEMA_VALIDATION and "$.n" in bad.detail


def test_repair_prompt_carries_error_and_schema() -> None:
    schema = json_schema_for(Claim)
    text = repair_prompt(ParseFailure(SCHEMA_VALIDATION, "year: Input should be a valid integer"), schema)
    assert "year: Input should be a valid integer" in text
    assert '"required": ["text", "year"]' in text


def test_schema_name_is_safe() -> None:
    assert schema_name(Claim, {}) == "Claim"
    assert schema_name(None, {"title": "my schema!"}) == "my_schema_"
    assert schema_name(None, {}) == "response"


@pytest.mark.parametrize(
    ("spec", "provider", "model", "url"),
    [
        ("openai/gpt-4o-mini", "openai", "gpt-4o-mini", None),
        ("openai/Qwen/Qwen2.5-7B@http://localhost:8000/v1", "openai", "Qwen/Qwen2.5-7B", "http://localhost:8000/v1"),
        ("scripted/tests/data/x.json", "scripted", "tests/data/x.json", None),
        ("vllm/user@host/model", "vllm", "user@host/model", None),  # '@' without a URL stays in the name
    ],
)
def test_parse_address(spec: str, provider: str, model: str, url: str | None) -> None:
    address = parse_address(spec)
    assert (address.provider, address.model, address.base_url) == (provider, model, url)


@pytest.mark.parametrize("spec", ["gpt-4o", "openai/", "/model", "openai/@http://x"])
def test_parse_address_rejects_incomplete(spec: str) -> None:
    with pytest.raises(BenchsmithError):
        parse_address(spec)
