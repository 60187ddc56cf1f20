"""Exported JSON Schema files: deterministic, complete, and equal to the committed copies."""

from __future__ import annotations

import json

from benchsmith.cli import main
from benchsmith.schemas import SCHEMAS
from benchsmith.schemas.export import REGENERATE_COMMAND, export_schemas, render_schema, schema_drift


def test_committed_schema_files_match_the_models():
    problems = schema_drift()
    assert not problems, "JSON Schema files drifted from the models:\n  " + "\n  ".join(problems) + (
        f"\nRegenerate them with: {REGENERATE_COMMAND}"
    )


def test_export_is_deterministic_and_covers_every_registered_kind(tmp_path):
    first = export_schemas(tmp_path / "a")
    second = export_schemas(tmp_path / "b")
    assert [p.name for p in first] == [f"{k}.schema.json" for k in SCHEMAS.names()]
    assert {"document", "chunk", "provenance", "rejected", "run_summary"} <= set(SCHEMAS.names())
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()
    doc = json.loads((tmp_path / "a" / "chunk.schema.json").read_text())
    assert doc["$id"] == "urn:benchsmith:schema:chunk" and doc["title"] == "Chunk"
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert list(doc) == sorted(doc)


def test_drift_is_detected_and_export_repairs_it(tmp_path):
    export_schemas(tmp_path)
    (tmp_path / "chunk.schema.json").write_text(render_schema("chunk").replace('"minimum": 0', '"minimum": 1'))
    (tmp_path / "ghost.schema.json").write_text("{}")
    (tmp_path / "document.schema.json").unlink()
    problems = "\n".join(schema_drift(tmp_path))
    assert "chunk.schema.json: differs" in problems
    assert "ghost.schema.json: no model" in problems
    assert "document.schema.json: missing" in problems
    try:
        main(["schemas", "export", str(tmp_path)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    assert schema_drift(tmp_path) == []
    assert not (tmp_path / "ghost.schema.json").exists()
