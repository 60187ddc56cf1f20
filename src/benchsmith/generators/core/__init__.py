"""The generator core: what every generator stands on.

- `step`: heuristic and LLM steps (plain data: settings as fields, `run` / `build_prompt` + `parse`).
- `stages`: the one way a step runs, as a checkpointed stage of a pipeline Run.
- `context`: a run's shared state (corpus, Run, client, corpus index) handed to a generator.
- `generator`: the Generator base class, `Generated`, and the GENERATORS registry (plus entry-point plugins).
- `quotas`: type mixes, quotas and top-up; `near_duplicates`: MinHash near-duplicate texts.
- `writer`: the benchmark folder, replaced as a unit; `runner`: one run end to end (CLI and library).
"""

from benchsmith.generators.core.context import GenerationContext
from benchsmith.generators.core.generator import GENERATORS, Generated, Generator, all_generators, register_generator
from benchsmith.generators.core.stages import run_step
from benchsmith.generators.core.step import HeuristicStep, LLMStep, Reply, Step

__all__ = [
    "GENERATORS", "GenerationContext", "Generated", "Generator", "HeuristicStep", "LLMStep", "Reply", "Step",
    "all_generators", "register_generator", "run_step",
]
