"""Never a silent zero: what a run or a predictions file matched, and what it did not.

Every check either passes, returns counts (and a message for a partial match) to
record in results.json, or raises an `InputError` that says what did not match
with example ids from each side.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError


def examples(ids: Iterable[str], n: int = 3) -> str:
    """A few ids, quoted, for a message: "'a', 'b', 'c' (and 7 more)"."""
    ordered = sorted({str(i) for i in ids})
    shown = ", ".join(repr(i) for i in ordered[:n])
    return shown + (f" (and {len(ordered) - n} more)" if len(ordered) > n else "") if ordered else "none"


@dataclass
class Coverage:
    """How the ids one side gives (a run, predictions) meet the benchmark's query ids."""

    given: int
    matched: int
    unknown: list[str] = field(default_factory=list)  # given ids the benchmark does not have
    missing: list[str] = field(default_factory=list)  # benchmark ids the file does not give

    @property
    def partial(self) -> bool:
        return bool(self.unknown or self.missing)

    def counts(self) -> dict[str, Any]:
        return {"matched": self.matched, "unknown_ids": len(self.unknown), "missing_ids": len(self.missing),
                "unknown_examples": sorted(self.unknown)[:5], "missing_examples": sorted(self.missing)[:5]}

    def message(self, what: str, of: str) -> str:
        """e.g. "run:x.jsonl: 40 of 45 benchmark queries matched; 5 are not in the run (e.g. ...)"."""
        parts = [f"{what}: {self.matched} of {self.matched + len(self.missing)} {of} matched"]
        if self.missing:
            parts.append(f"{len(self.missing)} have none (e.g. {examples(self.missing)})")
        if self.unknown:
            parts.append(f"{len(self.unknown)} ids of its own are not in the benchmark (e.g. {examples(self.unknown)})")
        return "; ".join(parts)


def match_ids(given: Collection[str], benchmark_ids: Collection[str]) -> Coverage:
    given_set, known = set(given), set(benchmark_ids)
    return Coverage(len(given_set), len(given_set & known), sorted(given_set - known), sorted(known - given_set))


def run_coverage(benchmark: Any, run: Mapping[str, Mapping[str, float]], name: str, path: Path | None) -> Coverage:
    """The run's query ids against the benchmark's.

    Raises:
        InputError: the run retrieved nothing at all, or none of its query ids is a benchmark id.
    """
    label = "" if path is not None else f"{name}: "  # the error names the file already
    if not any(run.values()):
        raise InputError(f"{label}the run holds no retrieved passages ({len(run)} queries, all empty); "
                         "an empty run would score 0 on every measure", path=path)
    coverage = match_ids(run.keys(), [q.query_id for q in benchmark.queries])
    if not coverage.matched:
        hint = ""
        if benchmark.source_format == "multihop-rag":
            hint = " (MultiHop-RAG runs name queries by their text, which must equal the benchmark's query text)"
        raise InputError(f"{label}no query id of the run matches a benchmark query id (run: e.g. "
                         f"{examples(run.keys())}; benchmark: e.g. {examples(q.query_id for q in benchmark.queries)}){hint}",
                         path=path)
    return coverage


def standard_measures_problem(benchmark: Any, run: Mapping[str, Mapping[str, float]]) -> str | None:
    """Why the standard (qrels) measures would score this run 0 for want of matching ids; None when they can score."""
    judged = [q for q in benchmark.queries if not q.excluded_from_retrieval]
    if not judged:
        where = benchmark.metadata.get("qrels")
        return (f"no benchmark query has relevance judgements ({len(benchmark.queries)} queries, e.g. "
                f"{examples(q.query_id for q in benchmark.queries)}; judgements read from "
                f"{where or 'the benchmark file only: no qrels file was found beside it'}); pass --qrels FILE")
    judged_ids = {q.query_id for q in judged}
    answered = [qid for qid, docs in run.items() if docs and qid in judged_ids]
    if not answered:
        return (f"the run answers no judged query (run: e.g. {examples(q for q, d in run.items() if d)}; "
                f"judged: e.g. {examples(judged_ids)})")
    known = {d for q in benchmark.queries for d in q.relevant}
    known.update(c.chunk_id for c in benchmark.chunks)
    known.update(d.doc_id for d in benchmark.documents)
    retrieved = {d for qid in answered for d in run[qid]}
    if not retrieved & known:
        return (f"no retrieved passage id is one the benchmark knows (run: e.g. {examples(retrieved)}; "
                f"benchmark: e.g. {examples({d for q in judged for d in q.relevant})}); "
                "do the run's ids name the same unit (document or passage) as the benchmark's?")
    return None


def paper_problem(paper: str, counts: Mapping[str, Any], benchmark: Any, run: Mapping[str, Mapping[str, float]]) -> str | None:
    """Why a paper's metrics got nothing to score; None when they scored something."""
    if paper == "multihop-rag":
        if not counts.get("multihop_scored"):
            return "MultiHop-RAG's metrics skip null queries and the benchmark has no other query"
        if not counts.get("multihop_queries_with_retrieved_text"):
            return ("MultiHop-RAG's metrics match gold facts against retrieved chunk texts, and no retrieved passage "
                    "has a text (the run's ids are not in the benchmark's corpus; pass --corpus, or score the "
                    "MultiHop-RAG retrieval file that holds the texts)")
    if paper == "mtrag" and not counts.get("mtrag_scored"):
        judged = [q.query_id for q in benchmark.queries if q.relevant]
        return (f"mtRAG's metrics found no run task in the qrels (run: e.g. {examples(run)}; judged: e.g. "
                f"{examples(judged)}); pass --qrels FILE")
    if paper == "mirage" and not counts.get("mirage_scored_with_gold"):
        return ("MIRAGE's metrics found no retrieved query with a supporting chunk in the pool (run: e.g. "
                f"{examples(run)}); is the doc pool beside dataset.json or given with --corpus?")
    return None
