"""MultiHop-RAG style generator: facts, claims with bridge entity and topic, claim sets, four query types.

    from benchsmith.generators.multihop import MultihopConfig, generate_multihop, write_outputs
    result = generate_multihop(load_corpus_dir("corpus/"), MultihopConfig(n=40, seed=0))
    write_outputs("out/", result, corpus, corpus_dir="corpus/", name="harbor", config=cfg)
"""

from benchsmith.generators.multihop.config import DEFAULT_MIX, MultihopConfig, parse_evidence, parse_mix, quotas
from benchsmith.generators.multihop.generate import GenerationResult, generate_multihop
from benchsmith.generators.multihop.output import write_outputs

__all__ = [
    "DEFAULT_MIX", "GenerationResult", "MultihopConfig", "generate_multihop", "parse_evidence", "parse_mix", "quotas",
    "write_outputs",
]
