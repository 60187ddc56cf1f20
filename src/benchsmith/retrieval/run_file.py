"""An external system's stored run: search answers with the ranking recorded for each query id."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.retrieval.base import RETRIEVERS, PassageLike, Ranking


class RunFileRetriever:
    """Replays a run file (any shape `load_run` reads). Queries are looked up by id.

    `search` also works when the run is keyed by query text (MultiHop-RAG retrieval lists);
    otherwise use `search_ids`. Queries missing from the run get an empty ranking.
    """

    name = "run"

    def __init__(self, path: str | Path, **_: Any) -> None:
        from benchsmith.retrieval.runs import load_run, ranked

        self.path = Path(path)
        self._rankings = {qid: ranked(scores) for qid, scores in load_run(self.path).items()}
        self.missing: list[str] = []

    def settings(self) -> dict[str, Any]:
        return {"retriever": self.name, "path": str(self.path)}

    def index(self, passages: Sequence[PassageLike]) -> None:
        """Nothing to index: the rankings are already stored."""

    def search_ids(self, query_ids: Sequence[str], k: int = 10) -> list[Ranking]:
        from benchsmith.retrieval.runs import canonical_task_id

        out = []
        for qid in query_ids:
            ranking = self._rankings.get(qid) or self._rankings.get(canonical_task_id(qid))
            if ranking is None:
                self.missing.append(qid)
                ranking = []
            out.append(ranking[:k])
        return out

    def search(self, queries: Sequence[str], k: int = 10) -> list[Ranking]:
        if queries and not any(q in self._rankings for q in queries):
            raise InputError("a run file answers by query id: call search_ids (run_retrieval does)", path=self.path)
        return self.search_ids(queries, k)


@RETRIEVERS.register("run")
def make_run(arg: str | None = None, **options: Any) -> RunFileRetriever:
    path = arg or options.pop("path", None)
    if not path:
        raise InputError("the run retriever needs a file: run:PATH")
    return RunFileRetriever(path, **options)
