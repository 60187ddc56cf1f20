"""MIRAGE construction: a user's QA pairs mapped to corpus documents, 330-token chunks, labelled candidate pools."""

from benchsmith.generators.core.generator import register_generator
from benchsmith.generators.mirage.config import MirageConfig
from benchsmith.generators.mirage.generate import MirageGenerator

GENERATOR = register_generator(MirageGenerator())

__all__ = ["GENERATOR", "MirageConfig", "MirageGenerator"]
