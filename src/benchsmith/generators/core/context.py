"""What a generator works with during one run: the corpus, the Run, the model client, the corpus index."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from benchsmith.corpora.store import Corpus
from benchsmith.generators.core.stages import run_step
from benchsmith.generators.core.step import Step
from benchsmith.generators.core.timing import StepTimer
from benchsmith.types import Rejected
from benchsmith.validators import CorpusIndex


@dataclass
class GenerationContext:
    """One generation run's shared state.

    Attributes:
        corpus: The ingested corpus.
        run: The pipeline Run (checkpoints, ledger, summary) in the work folder.
        n: Items requested.
        seed: The run's seed (fixed seeds give identical heuristic runs).
        strategy: "heuristic" (no model) or "llm".
        client: The LLM client of the llm strategy (None for heuristic).
        concurrency: LLM requests in flight at once.
        search: Retriever spec of the corpus index (bm25, elasticsearch:URL, ...).
    """

    corpus: Corpus
    run: Any
    n: int
    seed: int = 0
    strategy: str = "heuristic"
    client: Any = None
    concurrency: int = 4
    search: str = "bm25"
    timer: StepTimer = field(default_factory=StepTimer)

    def run_step(self, step: Step, inputs: Iterable[Any], *, per_input: bool = False) -> list[Any]:
        """Run a step over inputs as a checkpointed stage of the run (see `generators.core.stages.run_step`)."""
        return run_step(self.run, step, inputs, client=self.client, concurrency=self.concurrency, per_input=per_input)

    def reject(self, records: Rejected | Iterable[Rejected]) -> int:
        """Drops found outside a step (validation, dedup, assembly) go to the same ledger."""
        return self.run.reject(records)

    @cached_property
    def index(self) -> CorpusIndex:
        return CorpusIndex(self.corpus.documents, self.corpus.chunks, retriever=self.search)

    @property
    def model_id(self) -> str | None:
        return getattr(self.client, "model_id", None)
