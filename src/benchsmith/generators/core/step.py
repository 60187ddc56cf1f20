"""Steps: the units every generator is made of.

A step is plain data: a frozen dataclass whose fields are its settings, with a
name, a version and the type of its outputs as class attributes. It holds no
client, no open file and no closure, so a stage's inputs can be shipped to
other processes or machines without changing the step.

- `HeuristicStep.run(input)` computes outputs with no model.
- `LLMStep` is `build_prompt(input)` (a template plus `variables(input)`) and
  `parse(reply, input)`; the runner (`generators.core.stages.run_step`) does the
  asking, through the run's client with its cache, ledger, budget and retries.

Both return a list of outputs and `Rejected` records (or one output, or None).
A step's identity (`identity()`) is its version, its settings, its prompt's hash
and the model: a change to any of them recomputes that step, and only the steps
whose inputs change with it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from typing import Any, ClassVar

from benchsmith.pipeline_parts.stages import to_json
from benchsmith.prompting import DATA_SYSTEM, messages, prompt_hash


def content_key(value: Any) -> str:
    """A stable key for a stage input: the hash of its JSON form, so changed content is never read back stale."""
    data = json.dumps(to_json(value), sort_keys=True, ensure_ascii=False, default=str)
    return "k-" + hashlib.sha256(data.encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class Step:
    """What heuristic and LLM steps share: a name, a version, settings (the fields), an output type."""

    name: ClassVar[str]
    version: ClassVar[str] = "1"
    output_type: ClassVar[Any] = None

    def key(self, item: Any) -> str:
        """The stage key of one input (content-derived by default)."""
        return content_key(item)

    def settings(self) -> dict[str, Any]:
        return {f.name: to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def identity(self, model: str | None = None) -> str:
        """The checkpoint version of this step: what must not change for a checkpoint to be reused."""
        parts = {"version": self.version, "settings": self.settings(), "model": model}
        digest = hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:16]
        return f"{self.version}:{digest}"


@dataclass(frozen=True)
class HeuristicStep(Step):
    """A step computed without a model."""

    def run(self, item: Any) -> Any:
        raise NotImplementedError


@dataclass(frozen=True)
class Reply:
    """What the model answered for one input: the validated object and the text it came from."""

    parsed: Any
    text: str
    model: str
    prompt_name: str
    prompt_hash: str


@dataclass(frozen=True)
class LLMStep(Step):
    """A step that asks a model: one prompt per input, one parsed reply back."""

    template: ClassVar[str]
    template_dir: ClassVar[str | None] = None
    response_model: ClassVar[Any]
    system: ClassVar[str | None] = DATA_SYSTEM
    # A cap on the reply: a small model under a JSON grammar can run on until the context is full
    # (4,000 tokens, six minutes on a CPU server), and a retry repeats it.
    max_tokens: ClassVar[int | None] = 1024

    def variables(self, item: Any) -> dict[str, Any]:
        """The template's variables for one input."""
        raise NotImplementedError

    def build_prompt(self, item: Any) -> list[dict[str, str]]:
        return messages(self.template, self.template_dir, system=self.system, **self.variables(item))

    def response_model_for(self, item: Any) -> Any:
        """The reply schema for one input (e.g. one key per evidence sentence); `response_model` by default."""
        return self.response_model

    def max_tokens_for(self, item: Any) -> int | None:
        """The reply cap for one input (e.g. scaled by the sentences it covers); `max_tokens` by default."""
        return self.max_tokens

    def skip(self, item: Any) -> Any:
        """Outputs for an input that needs no model call (None: ask the model)."""
        return None

    def parse(self, reply: Reply, item: Any) -> Any:
        raise NotImplementedError

    def prompt_hash(self) -> str:
        return prompt_hash(self.template, self.template_dir)

    def identity(self, model: str | None = None) -> str:
        return f"{super().identity(model)}:{self.prompt_hash()}"
