"""With a model, the multihop assembler sends it candidates for the items still missing, not a fixed batch."""

from __future__ import annotations

from types import SimpleNamespace

from benchsmith.generators.core.timing import StepTimer
from benchsmith.generators.multihop.assemble import LLM_BATCH, Assembler


def _assembler(**kw) -> Assembler:
    return Assembler(documents={}, groups=[], validation=None, evidence=(2, 4), seed=0, max_sets_per_group=4,
                     timer=StepTimer(), vocabulary=set(), **kw)


def test_batches_follow_the_items_still_needed_with_a_margin():
    asm = _assembler(gen=SimpleNamespace(client=object()), quota={"inference_query": 2, "temporal_query": 9})
    asm._drawing = "inference_query"
    assert asm.batch_size == 3  # 2 needed, 1.5 candidates each
    asm.accepted["inference_query"] = 1
    assert asm.batch_size == 1  # one missing item: one candidate (the margin rounds down; a spare costs minutes)
    asm.accepted["inference_query"] = 2
    assert asm.batch_size == 1  # a top-up past the quota still draws lazily, one at a time
    asm._drawing = "temporal_query"
    assert asm.batch_size == LLM_BATCH  # never more than LLM_BATCH in one go


def test_without_a_model_or_a_quota_the_batch_is_fixed():
    assert _assembler().batch_size == 1
    asm = _assembler(gen=SimpleNamespace(client=object()))
    asm._drawing = "inference_query"
    assert asm.batch_size == LLM_BATCH


def test_streams_count_their_accepted_items_per_type():
    asm = _assembler(gen=SimpleNamespace(client=object()), quota={"comparison_query": 4})
    seen = []

    def inner():
        for i in range(3):
            seen.append(asm.batch_size)
            yield i

    out = list(asm._drawn_as("comparison_query", inner()))
    assert out == [0, 1, 2] and asm.accepted["comparison_query"] == 3
    assert seen == [6, 4, 3]  # still needed + floor(0.5 * still needed), as items arrive
