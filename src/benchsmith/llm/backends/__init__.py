"""Builtin LLM backends, one small module each, registered by provider name.

A backend factory is called as `factory(address, *, timeout_s, concurrency, **options)`
and returns an object satisfying `benchsmith.llm.base.Backend`. Adding a backend
is one new module here with `@BACKENDS.register("name")`.
"""

from __future__ import annotations

from collections.abc import Callable

from benchsmith.llm.base import Backend
from benchsmith.registry import Registry

BackendFactory = Callable[..., Backend]

BACKENDS: Registry[BackendFactory] = Registry("llm backend", "benchsmith.llm.backends")

__all__ = ["BACKENDS", "BackendFactory"]
