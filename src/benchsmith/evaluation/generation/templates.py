"""Render the versioned Jinja2 prompt files in benchsmith/prompts/ (StrictUndefined)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"


@lru_cache(maxsize=1)
def _env():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(loader=FileSystemLoader(str(PROMPTS_DIR)), undefined=StrictUndefined,
                       autoescape=False, keep_trailing_newline=False, trim_blocks=True, lstrip_blocks=True)


def render(name: str, **variables: Any) -> str:
    """Render `prompts/<name>` (e.g. "judge_idk.v1.j2") with the given variables."""
    return _env().get_template(name).render(**variables).strip()


def prompt_hash(name: str) -> str:
    """sha256 of the template file, for provenance and settings."""
    return "sha256:" + hashlib.sha256((PROMPTS_DIR / name).read_bytes()).hexdigest()[:16]
