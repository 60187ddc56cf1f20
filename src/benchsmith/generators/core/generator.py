"""The generator interface and the GENERATORS registry (builtins by folder scan, plugins by entry point).

A generator is a small class: a name, the item model it produces, and
`generate(ctx, config)` returning `Generated`. Everything else (the Run with its
checkpoints and ledger, the LLM client, the corpus index, the output folder,
the summary) is the core's. A package outside benchsmith adds one by exposing
it under the entry-point group `benchsmith.generators`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, ClassVar

from pydantic import BaseModel

from benchsmith.registry import Registry

ENTRY_POINT_GROUP = "benchsmith.generators"


@dataclass
class Generated:
    """What a generator hands back: its items and what the manifest and console should say about them.

    Attributes:
        items: The accepted items (pydantic models with `item_id` and `evidence_refs()`).
        requested_by_type / produced_by_type: per question type, for the console table.
        counts: Numbers for benchmark.json (documents selected, claims, groups, ...).
        settings: The effective settings, for benchmark.json (e.g. the mix after redistribution).
        notes: Things the user should know (printed and kept in benchmark.json).
        shortfall: Why fewer items than requested were produced, when they were.
        exports: Extra files of the paper's own formats, by relative path: text (written as it is), a list of
            records for a .jsonl name, or any JSON value.
    """

    items: list[Any]
    requested_by_type: dict[str, int] = field(default_factory=dict)
    produced_by_type: dict[str, int] = field(default_factory=dict)
    counts: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    shortfall: str | None = None
    exports: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ExportSettings:
    """What a generator's paper-format files may need beyond the items themselves.

    `generate()` fills it from its run; `benchsmith export` fills it from the benchmark folder
    (benchmark.json and the corpus), so both write the same files through `Generator.exports`.

    Attributes:
        documents: Corpus documents by id (e.g. for titles and sources in MultiHopRAG.json).
        settings: The generator's effective settings, as benchmark.json's `config` records them.
        counts: The counts benchmark.json records (e.g. the conversations' collection name).
    """

    documents: Mapping[str, Any] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)
    counts: Mapping[str, Any] = field(default_factory=dict)


class Generator:
    """Base class of generators. Subclasses set `name`, `item_model` and `config_model`, and define `generate`."""

    name: ClassVar[str]
    help: ClassVar[str] = ""
    item_model: ClassVar[type[BaseModel]]
    config_model: ClassVar[type[BaseModel] | None] = None

    def generate(self, ctx: Any, config: Any) -> Generated:
        raise NotImplementedError

    def estimate(self, ctx: Any, config: Any) -> Any:
        """The LLM calls and tokens the request would take (an `Estimate`), computed without a model."""
        from benchsmith.errors import BenchsmithError

        raise BenchsmithError(f"the {self.name} generator cannot estimate its LLM calls; run it with --max-calls instead")

    def exports(self, items: list[Any], settings: ExportSettings) -> dict[str, Any]:
        """The paper's own formats for `items` (relative path -> value, as `Generated.exports`).

        Called by `generate()` and by `benchsmith export` after review, so both write the same
        files. Files about the run rather than the items (claims found, a difficulty card) stay in
        `generate()`.
        """
        return {}

    def qrels(self, item: Any) -> list[tuple[str, str, int]]:
        """(query id, chunk id, relevance) rows of one item: each distinct evidence chunk, relevance 1."""
        return [(item.item_id, cid, 1) for cid in dict.fromkeys(ref.chunk_id for ref in item.evidence_refs())]


GENERATORS: Registry[Generator] = Registry("generator")
_imported: set[str] = set()  # built-in generator packages imported (each registers its generator)
_plugins_loaded = False


def _builtin_packages() -> list[str]:
    import benchsmith.generators as pkg

    names = [info.name for info in pkgutil.iter_modules(pkg.__path__, prefix="benchsmith.generators.") if info.ispkg]
    return [name for name in names if (short := name.rsplit(".", 1)[-1]) != "core" and not short.startswith("_")]


def _load(skip: frozenset[str] = frozenset()) -> None:
    """Import the built-in generator packages not named in `skip`, and register every entry-point plugin once."""
    global _plugins_loaded
    for name in _builtin_packages():
        if name not in _imported and name.rsplit(".", 1)[-1] not in skip:
            importlib.import_module(name)
            _imported.add(name)
    if not _plugins_loaded:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            generator = ep.load()
            register_generator(generator() if isinstance(generator, type) else generator)
        _plugins_loaded = True


def register_generator(generator: Generator) -> Generator:
    """Register a generator instance under its name (a second, different one with the same name is an error)."""
    GENERATORS.register(generator.name)(generator)
    return generator


def all_generators() -> dict[str, Generator]:
    _load()
    return {name: GENERATORS.get(name) for name in GENERATORS.names()}


def generators_besides(names: set[str]) -> dict[str, Generator]:
    """Every registered generator but those named, without importing a built-in package of one of those names
    (the CLI's own `generate` commands import their generator only when run: `benchsmith --help` stays fast)."""
    _load(frozenset(names))
    return {name: GENERATORS.get(name) for name in GENERATORS.names() if name not in names}
