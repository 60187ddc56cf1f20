"""Validators: `check(item, ctx) -> list[Issue]`; errors drop an item, warnings annotate it.

Each module in this package registers its validators in `VALIDATORS`; the
registry scan finds them, so a new check is one new file. A validator declares
the item kinds it applies to (`applies_to`, None for every kind); generic ones
read the shared evidence reference of an item (`item.evidence_refs()`), and
corpus lookups go through `ctx.index` (a `CorpusIndex`).

    from benchsmith.validators import VALIDATORS, ValidationContext, run_validators
    ctx = ValidationContext(CorpusIndex(documents, chunks))
    issues = run_validators(item, ctx)                 # every registered validator for item.kind
    issues = run_validators(item, ctx, names=["grounding.verbatim"])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, Protocol, runtime_checkable

from benchsmith.registry import Registry
from benchsmith.validators.corpus_index import CorpusIndex

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
    applies_to: frozenset[str] | None

    def check(self, item: Any, ctx: Any) -> list[Issue]: ...


@dataclass
class ValidationContext:
    """What validators may look up: the corpus index, a kind's settings, known names, a run-wide deduplicator.

    Args:
        index: documents, chunks, phrase lookups and ranked search over the corpus.
        evidence_range: allowed number of evidence pieces for multi-document items.
        entity_names: surface forms of entities found in the corpus, for fuzzy checks.
        dedup: a `QueryDeduplicator` shared over a run (None skips `dedup.query`).
    """

    index: CorpusIndex
    evidence_range: tuple[int, int] = (2, 4)
    entity_names: Iterable[str] = ()
    dedup: Any = None
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def documents_by_id(self):
        return self.index.documents_by_id

    @property
    def chunks_by_id(self):
        return self.index.chunks_by_id

    @cached_property
    def names(self) -> list[str]:
        """Lower-cased entity names, titles and sources, for fuzzy matching."""
        out = {n.lower() for n in self.entity_names if n}
        out.update(d.title.lower() for d in self.index.documents if d.title)
        out.update(d.source.lower() for d in self.index.documents if d.source)
        return sorted(out)


VALIDATORS: Registry[Validator] = Registry("validator", __name__)


def register(validator: Validator) -> Validator:
    """Register a validator instance under its `name`."""
    VALIDATORS.register(validator.name)(validator)
    return validator


def applies(validator: Validator, kind: str | None) -> bool:
    kinds = getattr(validator, "applies_to", None)
    return kinds is None or kind in kinds


def names_for(kind: str, exclude: Sequence[str] = ()) -> list[str]:
    """The registered validators that apply to items of `kind`."""
    return [n for n in VALIDATORS.names() if n not in exclude and applies(VALIDATORS.get(n), kind)]


def run_validators(item: Any, ctx: Any, names: Iterable[str] | None = None) -> list[Issue]:
    """All issues the named (default: every registered) validators that apply to `item.kind` raise for one item."""
    kind = getattr(item, "kind", None)
    issues: list[Issue] = []
    for name in names if names is not None else VALIDATORS.names():
        v = VALIDATORS.get(name)
        if not applies(v, kind):
            continue
        for issue in v.check(item, ctx):
            issues.append(issue if issue.validator else Issue(issue.code, issue.severity, issue.message, name))
    return issues


def errors(issues: Iterable[Issue]) -> list[Issue]:
    return [i for i in issues if i.is_error]


__all__ = ["CorpusIndex", "Issue", "Severity", "VALIDATORS", "ValidationContext", "Validator", "applies", "errors",
           "names_for", "register", "run_validators"]
