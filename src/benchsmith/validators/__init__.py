"""Validators: `check(item, ctx) -> list[Issue]`; errors drop an item, warnings annotate it.

Each module in this package registers its validators in `VALIDATORS`; the
registry scan finds them, so a new check is one new file.

    from benchsmith.validators import VALIDATORS, run_validators
    issues = run_validators(item, ctx)                 # every registered validator
    issues = run_validators(item, ctx, names=["grounding.verbatim"])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from benchsmith.registry import Registry

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Issue:
    code: str
    severity: Severity
    message: str
    validator: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


@runtime_checkable
class Validator(Protocol):
    name: str

    def check(self, item: Any, ctx: Any) -> list[Issue]: ...


VALIDATORS: Registry[Validator] = Registry("validator", __name__)


def register(validator: Validator) -> Validator:
    """Register a validator instance under its `name`."""
    VALIDATORS.register(validator.name)(validator)
    return validator


def run_validators(item: Any, ctx: Any, names: Iterable[str] | None = None) -> list[Issue]:
    """All issues the named (default: all registered) validators raise for one item."""
    issues: list[Issue] = []
    for name in names if names is not None else VALIDATORS.names():
        v = VALIDATORS.get(name)
        for issue in v.check(item, ctx):
            issues.append(issue if issue.validator else Issue(issue.code, issue.severity, issue.message, name))
    return issues


def errors(issues: Iterable[Issue]) -> list[Issue]:
    return [i for i in issues if i.is_error]


__all__ = ["Issue", "Severity", "VALIDATORS", "Validator", "errors", "register", "run_validators"]
