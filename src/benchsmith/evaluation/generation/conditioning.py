"""mtRAG's conditioning of a metric on answerability and the IDK judge, and answerability accuracy.

IDK values: 1 = the answer says it cannot answer ("yes"), 0.5 = partly ("partial"),
0 = it answers ("no"). The rule of mtRAG's scoring code:

* unanswerable (or conversational) turn: 1 if IDK = 1, else 0;
* answerable or partial turn with IDK = 1: 0;
* otherwise the metric's own score (a partial IDK keeps it).
"""

from __future__ import annotations

from collections.abc import Mapping

IDK_VALUES: Mapping[str, float] = {"yes": 1.0, "partial": 0.5, "no": 0.0}
_NO_ANSWER = {"unanswerable", "conversational"}


def is_unanswerable(answerability: str | None) -> bool:
    return (answerability or "").lower() in _NO_ANSWER


def condition_on_idk(score: float | None, idk: float | None, answerability: str | None) -> float | None:
    """The IDK-conditioned score (see module docstring); None when IDK or answerability is unknown.

    An answerable turn without a base score (e.g. a rejected judge reply) stays None
    unless the IDK rule alone decides it.
    """
    if idk is None or answerability is None:
        return None
    if is_unanswerable(answerability):
        return 1.0 if idk == 1 else 0.0
    if idk == 1:
        return 0.0
    return score


def answerability_correct(idk: float | None, answerability: str | None) -> float | None:
    """1.0 when the IDK judge's verdict matches the gold answerability, else 0.0.

    A "yes" verdict predicts unanswerable; "no" and "partial" predict answerable
    (partial answers still answer). Conversational turns are not scored.
    """
    if idk is None or answerability is None or answerability.lower() == "conversational":
        return None
    return float((idk == 1) == is_unanswerable(answerability))
