"""FRAMES' autorater in the paper's own reply format (figure 6): "Explanation: ... Decision: TRUE|FALSE".

The judge is asked for plain text, not JSON, as in the paper; `parse_decision` reads
the decision robustly (markdown emphasis, quotes, a JSON object, a lone TRUE/FALSE
line) and anything else is a malformed reply: no score, and a `Rejected` record for
the ledger, never a silent FALSE.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from benchsmith.llm.base import GenerationConfig
from benchsmith.prompting import prompt_hash, render
from benchsmith.types import Rejected

TEMPLATE = "frames_autorater.v1.j2"
SYSTEM = "You are a helpful assistant."
STEP = "frames_autorater"

_DECISION = re.compile(r"decision\W{0,6}(true|false)\b", re.IGNORECASE)
_LONE = re.compile(r"^\W*(true|false)\W*$", re.IGNORECASE)


def build_messages(question: str, prediction: str, gold: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": SYSTEM},
            {"role": "user", "content": render(TEMPLATE, question=question, prediction=prediction, gold=gold)}]


def parse_decision(text: str) -> bool | None:
    """TRUE -> True, FALSE -> False; None when the reply holds no decision or contradicts itself."""
    text = text.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict):
            found = next((v for k, v in value.items() if str(k).lower() == "decision"), None)
            if isinstance(found, bool):
                return found
            if isinstance(found, str) and found.strip().upper() in ("TRUE", "FALSE"):
                return found.strip().upper() == "TRUE"
    decisions = {m.group(1).upper() for m in _DECISION.finditer(text)}
    if not decisions:
        # No "Decision:" label: accept only a reply whose last line is the bare word.
        lines = [line for line in text.splitlines() if line.strip()]
        m = _LONE.match(lines[-1]) if lines else None
        decisions = {m.group(1).upper()} if m else set()
    if len(decisions) != 1:
        return None
    return decisions.pop() == "TRUE"


@dataclass(frozen=True)
class Verdict:
    """One judgement: `correct` is None when the reply could not be read (see `rejected`)."""

    correct: bool | None
    raw: str | None
    rejected: Rejected | None = None


async def judge(client: Any, *, query_id: str, question: str, prediction: str, gold: str) -> Verdict:
    """Ask the autorater whether `gold` is in `prediction`."""
    completion = await client.complete(build_messages(question, prediction, gold), GenerationConfig(temperature=0.0),
                                       step=STEP, input_ref=query_id)
    if completion.rejected is not None:
        return Verdict(None, None, completion.rejected)
    decision = parse_decision(completion.text)
    if decision is None:
        return Verdict(None, completion.text, Rejected(
            step=STEP, reason="malformed_decision", input_ref=query_id, raw_output=completion.text,
            detail="the autorater's reply has no single 'Decision: TRUE' or 'Decision: FALSE'"))
    return Verdict(decision, completion.text)


def settings(client: Any) -> dict[str, Any]:
    return {"judge": getattr(client, "model_id", str(client)), "template": TEMPLATE,
            "template_hash": prompt_hash(TEMPLATE), "system": SYSTEM}
