"""BERTScore precision / recall with a local encoder (default: the embedded MiniLM).

Greedy cosine matching of contextual token embeddings (Zhang et al., 2020),
without idf weighting or baseline rescaling: precision averages, over the
candidate's tokens, the best similarity to any reference token; recall the
reverse. [CLS]/[SEP] are left out. With MiniLM these numbers are labelled
"bertscore_minilm" and are not comparable with published BERTScore (which uses
large models and rescaling).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationMetric, GenerationSample

BERTSCORE_LABEL = "bertscore_minilm (not comparable with published BERTScore)"


class BertScorer:
    """Token embeddings from a local transformers encoder, cached per text."""

    def __init__(self, model: str | None = None, *, max_length: int = 512, device: str = "cpu") -> None:
        from benchsmith.embedded import offline_env, resolve_embedding_model

        offline_env()
        import torch
        from transformers import AutoModel, AutoTokenizer

        path = resolve_embedding_model(model)
        self.model_path = str(path)
        self._torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.encoder = AutoModel.from_pretrained(path).to(device).eval()
        self.device = device
        self.max_length = max_length
        self._cache: dict[str, object] = {}
        self._lock = threading.Lock()

    def embed(self, text: str):
        """L2-normalized contextual embeddings of the text's word pieces, [CLS]/[SEP] removed."""
        with self._lock:
            hit = self._cache.get(text)
            if hit is not None:
                return hit
            torch = self._torch
            enc = self.tokenizer(text, return_tensors="pt", truncation=True, max_length=self.max_length)
            with torch.no_grad():
                hidden = self.encoder(**{k: v.to(self.device) for k, v in enc.items()}).last_hidden_state[0]
            special = set(self.tokenizer.all_special_ids)
            keep = [i for i, t in enumerate(enc["input_ids"][0].tolist()) if t not in special]
            vecs = torch.nn.functional.normalize(hidden[keep], dim=-1) if keep else hidden[:0]
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[text] = vecs
            return vecs

    def precision_recall(self, candidate: str, reference: str) -> tuple[float, float]:
        """(precision, recall) of `candidate` against `reference`; (0, 0) when either has no tokens."""
        cand, ref = self.embed(candidate), self.embed(reference)
        if len(cand) == 0 or len(ref) == 0:
            return 0.0, 0.0
        sim = cand @ ref.T
        return float(sim.max(dim=1).values.mean()), float(sim.max(dim=0).values.mean())


@lru_cache(maxsize=4)
def get_bertscorer(model: str | None = None) -> BertScorer:
    """A shared scorer per model (loading takes a second or two)."""
    return BertScorer(model)


@dataclass(frozen=True)
class _BertMetric(GenerationMetric):
    model: str | None = None
    part: str = "precision"
    label: ClassVar[str | None] = BERTSCORE_LABEL

    def score(self, sample: GenerationSample) -> float | None:
        scorer = get_bertscorer(self.model)
        if self.part == "k_precision":
            return max(scorer.precision_recall(sample.prediction, c)[0] for c in sample.contexts)
        p, r = zip(*(scorer.precision_recall(sample.prediction, ref) for ref in sample.references))
        return max(p) if self.part == "precision" else max(r)

    def score_batch(self, samples: Sequence[GenerationSample]) -> list[float | None]:
        return [self.score(s) if self.applicable(s) else None for s in samples]


@GENERATION_METRICS.register("bertscore_precision")
def _precision(model: str | None = None) -> _BertMetric:
    """BERTScore precision against the best reference."""
    return _BertMetric(name="bertscore_precision", needs=("references",), model=model, part="precision")


@GENERATION_METRICS.register("bertscore_recall")
def _recall(model: str | None = None) -> _BertMetric:
    """BERTScore recall against the best reference."""
    return _BertMetric(name="bertscore_recall", needs=("references",), model=model, part="recall")


@GENERATION_METRICS.register("bert_k_precision")
def _k_precision(model: str | None = None) -> _BertMetric:
    """mtRAG's Bert-K-Precision: best BERTScore precision of the answer against any passage."""
    return _BertMetric(name="bert_k_precision", needs=("contexts",), model=model, part="k_precision")
