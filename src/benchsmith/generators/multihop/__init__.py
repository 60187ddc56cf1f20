"""MultiHop-RAG style generator: facts, claims with bridge entity and topic, claim sets, four query types.

    from benchsmith.generators.multihop import MultihopConfig, generate_multihop
    generated = generate_multihop(load_corpus_dir("corpus/"), MultihopConfig(n=40, seed=0))

`benchsmith generate multihop` runs the same generator through the core (checkpoints,
ledger, output folder); see `benchsmith.generators.core`.
"""

from benchsmith.generators.multihop.config import DEFAULT_MIX, MultihopConfig, parse_evidence, parse_mix, quotas
from benchsmith.generators.multihop.generate import GENERATOR, MultihopGenerator, effective_mix
from benchsmith.generators.multihop.library import generate_multihop

__all__ = [
    "DEFAULT_MIX", "GENERATOR", "MultihopConfig", "MultihopGenerator", "effective_mix", "generate_multihop",
    "parse_evidence", "parse_mix", "quotas",
]
