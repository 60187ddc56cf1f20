"""The one way a step runs: as a stage of a pipeline Run (checkpoint, ledger, cache, concurrency, budget)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from benchsmith.generators.core.step import HeuristicStep, LLMStep, Reply, Step
from benchsmith.llm.base import GenerationConfig


def _llm_fn(step: LLMStep, client: Any):
    async def ask(item: Any) -> Any:
        ready = step.skip(item)
        if ready is not None:
            return ready
        completion = await client.complete(step.build_prompt(item), GenerationConfig(max_tokens=step.max_tokens_for(item)),
                                           response_model=step.response_model_for(item), step=step.name,
                                           input_ref=step.key(item))
        if completion.rejected is not None:
            return [completion.rejected]
        reply = Reply(parsed=completion.parsed, text=completion.text, model=client.model_id,
                      prompt_name=step.template, prompt_hash=step.prompt_hash())
        return step.parse(reply, item)

    return ask


def stage_function(step: Step, client: Any = None):
    """The stage function of `step`: `step.run` for a heuristic step, a model call and `parse` for an LLM step."""
    if isinstance(step, LLMStep):
        if client is None:
            raise ValueError(f"step {step.name!r} asks a model, but no LLM client was given")
        return _llm_fn(step, client)
    if isinstance(step, HeuristicStep):
        return step.run
    raise TypeError(f"{type(step).__name__} is neither a HeuristicStep nor an LLMStep")


def run_step(run: Any, step: Step, inputs: Iterable[Any], *, client: Any = None, concurrency: int = 1,
             per_input: bool = False) -> list[Any]:
    """Run `step` over `inputs` as the stage `step.name` of `run`; the outputs in input order.

    Finished inputs are read back from the stage's checkpoint; rejections go to the
    run's ledger; an LLM step's calls go through `client` (its cache, budget and
    retries), at most `concurrency` at a time. Heuristic steps run one input at a time.
    With `per_input`, one list of outputs per input comes back (empty where the input was rejected).
    """
    model = getattr(client, "model_id", None) if isinstance(step, LLMStep) else None
    return run.stage(step.name, inputs, stage_function(step, client), key=step.key, out_model=step.output_type,
                     concurrency=concurrency if isinstance(step, LLMStep) else 1, version=step.identity(model),
                     per_input=per_input)
