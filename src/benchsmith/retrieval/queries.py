"""Turn a (possibly conversational) EvalQuery into one search string."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from benchsmith.evaluation.benchmark import EvalQuery, Turn

QUERY_MODES = ("last_turn", "all_user_turns", "full_conversation", "rewrite")

Rewriter = Callable[[list[Turn], str], Awaitable[str]]


def build_query(q: EvalQuery, mode: str = "last_turn", rewriter: Rewriter | None = None) -> str:
    raise NotImplementedError("being written")
