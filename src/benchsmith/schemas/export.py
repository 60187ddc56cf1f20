"""Export the registered item models as JSON Schema files, and detect drift.

The pydantic models are the source of truth; the `<kind>.schema.json` files
committed beside this module are the public contract that `benchsmith validate`
checks files against. After changing or registering a model, regenerate them::

    benchsmith schemas export src/benchsmith/schemas
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from benchsmith.fileio import write_text_atomic
from benchsmith.schemas import SCHEMAS

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID_PREFIX = "urn:benchsmith:schema:"
SCHEMA_SUFFIX = ".schema.json"
REGENERATE_COMMAND = "benchsmith schemas export src/benchsmith/schemas"


def committed_schema_dir() -> Path:
    """The folder holding the committed `<kind>.schema.json` files (this package's folder)."""
    return Path(__file__).resolve().parent


def schema_filename(kind: str) -> str:
    return f"{kind}{SCHEMA_SUFFIX}"


def schema_document(kind: str, model: type[BaseModel] | None = None) -> dict[str, Any]:
    """The JSON Schema of the model registered under `kind`, with `$schema`, `$id` and `title`.

    Args:
        kind: The registered kind (e.g. ``"chunk"``).
        model: The model to use instead of looking `kind` up in `SCHEMAS`.

    Returns:
        A JSON-able dict (Draft 2020-12).
    """
    model = model or SCHEMAS.get(kind)
    schema = model.model_json_schema()
    schema["$schema"] = JSON_SCHEMA_DIALECT
    schema["$id"] = f"{SCHEMA_ID_PREFIX}{kind}"
    schema["title"] = model.__name__
    return schema


def render_schema(kind: str, model: type[BaseModel] | None = None) -> str:
    """The exact text of `<kind>.schema.json`: sorted keys, two-space indent, final newline."""
    return json.dumps(schema_document(kind, model), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def export_schemas(directory: str | Path, *, prune: bool = True) -> list[Path]:
    """Write one `<kind>.schema.json` per registered model into `directory`.

    Each file is written atomically and only rewritten when its text changed.

    Args:
        directory: Target folder (created if missing).
        prune: Remove `*.schema.json` files in `directory` whose kind is no longer registered.

    Returns:
        The paths of the schema files for every registered kind, sorted by kind.
    """
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    kinds = SCHEMAS.names()
    written: list[Path] = []
    for kind in kinds:
        path = out / schema_filename(kind)
        text = render_schema(kind)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text_atomic(path, text)
        written.append(path)
    if prune:
        expected = {p.name for p in written}
        for stale in out.glob(f"*{SCHEMA_SUFFIX}"):
            if stale.name not in expected:
                stale.unlink()
    return written


def schema_drift(directory: str | Path | None = None) -> list[str]:
    """Differences between the registered models and the schema files in `directory`.

    Args:
        directory: Folder of exported files; the committed folder by default.

    Returns:
        One line per problem (missing, stale or out-of-date file); empty when in sync.
    """
    folder = Path(directory) if directory is not None else committed_schema_dir()
    problems: list[str] = []
    kinds = SCHEMAS.names()
    for kind in kinds:
        path = folder / schema_filename(kind)
        if not path.exists():
            problems.append(f"{path}: missing (model {kind!r} is registered)")
        elif path.read_text(encoding="utf-8") != render_schema(kind):
            problems.append(f"{path}: differs from model {SCHEMAS.get(kind).__name__}")
    for path in sorted(folder.glob(f"*{SCHEMA_SUFFIX}")):
        if path.name.removesuffix(SCHEMA_SUFFIX) not in kinds:
            problems.append(f"{path}: no model is registered for this kind")
    return problems
