"""Step 5 (heuristic): one module per query type; every answer is computed by construction."""

from benchsmith.generators.multihop.queries.comparison import build_comparison
from benchsmith.generators.multihop.queries.inference import build_inference
from benchsmith.generators.multihop.queries.null import NULL_ANSWER, build_null
from benchsmith.generators.multihop.queries.temporal import build_temporal

HEURISTIC_BUILDERS = {
    "inference_query": build_inference,
    "comparison_query": build_comparison,
    "temporal_query": build_temporal,
}

__all__ = ["HEURISTIC_BUILDERS", "NULL_ANSWER", "build_comparison", "build_inference", "build_null", "build_temporal"]
