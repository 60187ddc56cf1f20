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
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()

        path = resolve_embedding_model(model)
        self.model_path = str(path)
        self._torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.encoder = AutoModel.from_pretrained(path).to(device).eval()
        self.device = device
        self.max_length = max_length
        self._cache: dict[str, object] = {}
        self._lock = threading.Lock()

    def prefetch(self, texts: Sequence[str], batch_size: int = 16) -> None:
        """Embed every text not yet cached, in padded batches of similar length (much faster than one by one)."""
        torch = self._torch
        with self._lock:
            todo = sorted({t for t in texts if t not in self._cache}, key=len)
            if len(self._cache) + len(todo) > 50_000:
                self._cache.clear()
            special = set(self.tokenizer.all_special_ids)
            for start in range(0, len(todo), batch_size):
                batch = todo[start:start + batch_size]
                enc = self.tokenizer(batch, return_tensors="pt", truncation=True, max_length=self.max_length,
                                     padding=True)
                with torch.no_grad():
                    hidden = self.encoder(**{k: v.to(self.device) for k, v in enc.items()}).last_hidden_state
                for row, text in enumerate(batch):
                    ids, mask = enc["input_ids"][row].tolist(), enc["attention_mask"][row].tolist()
                    keep = [i for i, (t, m) in enumerate(zip(ids, mask)) if m and t not in special]
                    vecs = hidden[row][keep]
                    self._cache[text] = torch.nn.functional.normalize(vecs, dim=-1) if keep else vecs

    def embed(self, text: str):
        """L2-normalized contextual embeddings of the text's word pieces, [CLS]/[SEP] removed."""
        hit = self._cache.get(text)
        if hit is None:
            self.prefetch([text])
            hit = self._cache[text]
        return hit

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
        scorable = [s for s in samples if self.applicable(s)]
        get_bertscorer(self.model).prefetch([t for s in scorable for t in (s.prediction, *self._targets(s))])
        return [self.score(s) if self.applicable(s) else None for s in samples]

    def _targets(self, sample: GenerationSample) -> tuple[str, ...]:
        return sample.contexts if self.part == "k_precision" else sample.references


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
