"""RB_alg: mtRAG's harmonic mean of Bert-Recall, ROUGE-L and Bert-K-Precision.

The combination follows mtRAG's scoring script exactly:

* recall term: (BERTScore recall + 1) / 2, or token recall when BERTScore recall is absent;
* ROUGE-L F against the reference;
* faithfulness term: (max over passages of BERTScore precision + 1) / 2 (None counts as 0),
  and 0 when there is no Bert-K-Precision at all;
* if any term is 0 the result is 0, else 3abc / (ab + ac + bc).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from benchsmith.evaluation.generation.base import GENERATION_METRICS, GenerationMetric, GenerationSample


def rb_alg_combine(
    rouge_l: float,
    *,
    bert_recall: float | None = None,
    token_recall: float | None = None,
    bert_k_precisions: Sequence[float | None] | None = None,
) -> float:
    """Combine the three terms as mtRAG does (see module docstring)."""
    if bert_recall is not None:
        recall = (bert_recall + 1) / 2
    elif token_recall is not None:
        recall = token_recall
    else:
        raise ValueError("RB_alg needs BERTScore recall or token recall")
    if bert_k_precisions is None:
        faithful = 0.0
    else:
        faithful = (max((0.0 if v is None else v) for v in bert_k_precisions) + 1) / 2 if bert_k_precisions else 0.0
    if rouge_l == 0 or recall == 0 or faithful == 0:
        return 0.0
    return 3 * recall * rouge_l * faithful / (recall * rouge_l + recall * faithful + rouge_l * faithful)


@dataclass(frozen=True)
class RbAlg(GenerationMetric):
    """RB_alg with BERTScore from a local model (see bertscore.py: not the paper's DeBERTa numbers)."""

    model: str | None = None
    label: ClassVar[str | None] = "rb_alg with bertscore_minilm (not comparable with published RB_alg)"

    def score(self, sample: GenerationSample) -> float | None:
        return self.score_batch([sample])[0]

    def score_batch(self, samples: Sequence[GenerationSample]) -> list[float | None]:
        from benchsmith.evaluation.generation.bertscore import get_bertscorer
        from benchsmith.evaluation.generation.rouge import rouge_l

        scorer = get_bertscorer(self.model)
        scorer.prefetch([t for s in samples if s.references for t in (s.prediction, s.references[0], *s.contexts)])
        out: list[float | None] = []
        for s in samples:
            if not s.references:
                out.append(None)
                continue
            ref = s.references[0]
            _, bert_r = scorer.precision_recall(s.prediction, ref)
            kprec = [scorer.precision_recall(s.prediction, c)[0] for c in s.contexts] if s.contexts else None
            out.append(rb_alg_combine(rouge_l(s.prediction, ref), bert_recall=bert_r, bert_k_precisions=kprec))
        return out


@GENERATION_METRICS.register("rb_alg")
def _rb_alg(model: str | None = None) -> RbAlg:
    return RbAlg(name="rb_alg", needs=("references",), model=model)
