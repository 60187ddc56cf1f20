"""Systems under test for generation: a predictions file, the baseline RAG, an HTTP endpoint."""

from benchsmith.evaluation.systems.baseline import BaselineRAG, gold_passages, passage_lookup
from benchsmith.evaluation.systems.endpoint import EndpointConfig, EndpointSystem
from benchsmith.evaluation.systems.predictions import (
    ContextPassage,
    Prediction,
    PredictionRecord,
    load_prediction_records,
    load_predictions,
    parse_prediction,
    write_predictions,
)
from benchsmith.evaluation.systems.presets import PRESETS, RagPreset, extract_multihop_answer, get_preset

__all__ = ["BaselineRAG", "ContextPassage", "EndpointConfig", "EndpointSystem", "PRESETS", "Prediction", "PredictionRecord", "RagPreset",
           "extract_multihop_answer", "get_preset", "gold_passages", "load_prediction_records", "load_predictions", "parse_prediction",
           "passage_lookup", "write_predictions"]
