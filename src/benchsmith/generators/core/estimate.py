"""Cost before spending: a generator's estimate of the LLM calls and tokens a request will take.

A generator estimates by running its model-free part (candidate discovery and a
heuristic dry pass over the candidates it would draw) and rendering real prompts
for a sample of them; nothing is sent to a model.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from benchsmith.llm.accounting import estimate_tokens
from benchsmith.llm.address import parse_address
from benchsmith.llm.ledger import PriceTable


@dataclass
class StepEstimate:
    """One LLM step: how many calls, and the tokens of an average call."""

    step: str
    calls: int
    prompt_tokens_per_call: int
    completion_tokens_per_call: int

    @property
    def prompt_tokens(self) -> int:
        return self.calls * self.prompt_tokens_per_call

    @property
    def completion_tokens(self) -> int:
        return self.calls * self.completion_tokens_per_call


@dataclass
class Estimate:
    requested: int
    steps: list[StepEstimate] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return sum(s.calls for s in self.steps)

    @property
    def prompt_tokens(self) -> int:
        return sum(s.prompt_tokens for s in self.steps)

    @property
    def completion_tokens(self) -> int:
        return sum(s.completion_tokens for s in self.steps)

    def cost(self, model: str | None) -> float | None:
        """USD from the price table named by BENCHSMITH_LLM_PRICES; None when the model has no price."""
        if not model or not os.environ.get("BENCHSMITH_LLM_PRICES"):
            return None
        address = parse_address(model)
        cost, known = PriceTable.coerce(os.environ["BENCHSMITH_LLM_PRICES"]).cost(
            address.provider, address.model, self.prompt_tokens, self.completion_tokens)
        return cost if known else None


def average_tokens(prompts: list[list[dict[str, str]]]) -> int:
    """The mean estimated token count of rendered prompts (about four characters per token)."""
    if not prompts:
        return 0
    return round(sum(estimate_tokens("".join(m["content"] for m in p)) for p in prompts) / len(prompts))


def render_estimate(estimate: Estimate, console: Console, model: str | None) -> None:
    table = Table(title=f"estimate for {estimate.requested} items (no model was called)")
    for col in ("step", "calls", "prompt tokens", "completion tokens"):
        table.add_column(col, justify="left" if col == "step" else "right")
    for s in estimate.steps:
        table.add_row(s.step, str(s.calls), str(s.prompt_tokens), str(s.completion_tokens))
    table.add_row("total", str(estimate.calls), str(estimate.prompt_tokens), str(estimate.completion_tokens), style="bold")
    console.print(table)
    cost = estimate.cost(model)
    console.print(f"estimated cost: ${cost:.4f}" if cost is not None else
                  "estimated cost: unknown (set BENCHSMITH_LLM_PRICES to a price table that names the model)",
                  highlight=False)
    for note in estimate.assumptions:
        console.print(f"assumes: {note}", highlight=False)
