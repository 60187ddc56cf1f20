"""FRAMES style generator: questions over 2-15 linked articles whose answers code computes from verified facts.

`benchsmith generate frames` runs it through the generator core (checkpoints, ledger, output folder).
"""

from benchsmith.generators.frames.config import (
    DEFAULT_MIX,
    REASONING_TYPES,
    FramesConfig,
    parse_mix,
)
from benchsmith.generators.frames.generate import GENERATOR, FramesGenerator

__all__ = ["DEFAULT_MIX", "GENERATOR", "REASONING_TYPES", "FramesConfig", "FramesGenerator", "parse_mix"]
