"""The reply schemas of the multihop llm steps, and per-input variants of them for grammar decoding.

A grammar-constrained server (llama.cpp, llama-cpp-python, vLLM's guided decoding) writes exactly the
keys and list lengths a schema asks for, which a 0.5B model does not manage on its own; validation
stays tolerant where a shortfall can be handled by the step (see `ClaimsOut`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class QueryOut(_Strict):
    query: str = Field(min_length=10, max_length=1500)


class QAAnswers(BaseModel):
    """The QA check's reply: the model's own answer from the evidence, and from each evidence document alone.

    Extra keys (a "reason" a model adds unasked) are ignored rather than re-asked: they cost nothing to drop.
    """

    model_config = ConfigDict(extra="ignore")
    answer: str = Field(max_length=500)
    answers_alone: list[str] = Field(default_factory=list)  # the answer from each evidence document read alone


def claim_key(number: int) -> str:
    return f"claim_{number}"


class ClaimsOut(BaseModel):
    """The model's claims keyed by sentence number, so a miscount loses only the claims it skipped.

    The schema sent to the server requires every key (a grammar-constrained server then writes them
    all); validation accepts missing ones, which fall back to the heuristic claim of that sentence.
    A bare list under "claims" (what a model without a grammar often writes) is read in order.
    """

    model_config = ConfigDict(extra="ignore")
    claims: dict[int, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _keyed(cls, value: Any) -> Any:
        if isinstance(value, list):
            value = {"claims": value}
        if not isinstance(value, dict):
            return value
        if isinstance(value.get("claims"), dict):  # {"claims": {"claim_1": ...}}
            value = value["claims"]
        if isinstance(value.get("claims"), list):
            listed = {i + 1: v for i, v in enumerate(value["claims"]) if isinstance(v, str)}
            if not listed:
                raise ValueError("the claims list holds no text")
            return {"claims": listed}
        keyed = {}
        for key, text in value.items():
            m = _CLAIM_KEY.fullmatch(str(key))
            if m and isinstance(text, str):
                keyed[int(m.group(1))] = text
        if not keyed:  # nothing keyed by a sentence number: worth one re-ask, not a silent fallback
            raise ValueError('no "claim_N" key in the reply')
        return {"claims": keyed}


_CLAIM_KEY = re.compile(r"(?:claim|sentence)?[_ ]?(\d+)", re.IGNORECASE)


@lru_cache(maxsize=16)
def claims_model(n: int) -> type[ClaimsOut]:
    """`ClaimsOut` whose JSON schema asks for exactly the keys claim_1 .. claim_n, all strings."""
    schema = {"type": "object", "properties": {claim_key(i): {"type": "string"} for i in range(1, n + 1)},
              "required": [claim_key(i) for i in range(1, n + 1)], "additionalProperties": False,
              "title": f"Claims{n}"}
    return type(f"Claims{n}", (ClaimsOut,), {"model_config": ConfigDict(extra="ignore", json_schema_extra=_replace(schema)),
                                             "__module__": __name__})


def _replace(schema: dict[str, Any]):
    def extra(target: dict[str, Any]) -> None:
        target.clear()
        target.update(schema)

    return extra


@lru_cache(maxsize=64)
def with_item_count(model: type[BaseModel], field: str, n: int) -> type[BaseModel]:
    """`model` whose JSON schema asks for exactly `n` entries in the list `field` (for grammar decoding);
    validation is unchanged, so a miscount still reaches the step's own check."""

    def extra(schema: dict[str, Any]) -> None:
        schema["properties"][field].update(minItems=n, maxItems=n)
        required = schema.setdefault("required", [])
        if field not in required:
            required.append(field)

    config = ConfigDict(**{**model.model_config, "json_schema_extra": extra})
    return type(f"{model.__name__}{n}", (model,), {"model_config": config, "__module__": __name__})


class AloneOut(_Strict):
    answers: list[str]
