"""The benchmark manifest (benchmark.json): what every generator writes beside its items."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from benchsmith.schemas import SCHEMAS
from benchsmith.types import SCHEMA_VERSION, Frozen


class BenchmarkManifest(Frozen):
    kind: Literal["benchmark"] = "benchmark"
    schema_version: str = SCHEMA_VERSION
    name: str
    generator: str
    corpus_dir: str
    items: str = "items.jsonl"
    qrels: str = "qrels.tsv"
    counts: dict[str, Any] = Field(default_factory=dict)
    config: dict[str, Any] = Field(default_factory=dict)


SCHEMAS.register("benchmark")(BenchmarkManifest)
