"""Labels: the heuristic rule, the final support rule, agreement, the noise interval, item assembly."""

from __future__ import annotations

import pytest

from benchsmith.generators.mirage.agreement import cohen_kappa, label_noise, pairwise_agreement, sampled, wilson_interval
from benchsmith.generators.mirage.assemble import ChunkLabels, build_item, final_support, mirage_exports
from benchsmith.generators.mirage.heuristic import heuristic_label, term_coverage
from benchsmith.generators.mirage.llm_steps import Answered, Judgement
from benchsmith.generators.mirage.mapping import Mapped
from benchsmith.generators.mirage.pool import Candidate
from benchsmith.generators.mirage.qa_inputs import QAPair
from benchsmith.types import Chunk, Document, Span

DOC = Document(doc_id="d", title="John Mayne", text="John Mayne was a Scottish journalist. He died in London.")
OTHER = Document(doc_id="o", title="Other", text="Journalist is a job.")


def _chunk(doc, i=0):
    return Chunk(chunk_id=f"{doc.doc_id}#{i}", doc_id=doc.doc_id, title=doc.title, text=doc.text,
                 span=Span(start=0, end=len(doc.text)), index=i, n_tokens=10)


def test_heuristic_needs_alias_and_coverage():
    q = "What is John Mayne's occupation?"
    assert heuristic_label(q, ["journalist"], "John Mayne", DOC.text).supported
    assert not heuristic_label(q, ["poet"], "John Mayne", DOC.text).supported  # no alias
    low = heuristic_label(q, ["journalist"], "Other", OTHER.text)
    assert low.alias_match and not low.supported  # the alias alone is not enough
    assert term_coverage("Where is Mayne's grave?", "The grave of Mayne is in London.") == 1.0
    assert term_coverage("Where did Mayne die?", "Mayne lived in London.") == 0.5  # no stemming: die != lived
    # Without aliases only coverage speaks, and only for a question with two content words or more.
    assert heuristic_label("Who was John Mayne?", [], "John Mayne", DOC.text).supported
    assert not heuristic_label("What did he do?", [], "John Mayne", DOC.text).supported


def _labels(judge, correct, heuristic_doc=DOC):
    cand = Candidate("q", _chunk(heuristic_doc), 1, heuristic_doc is DOC)
    h = heuristic_label("What is John Mayne's occupation?", ["journalist"], heuristic_doc.title, heuristic_doc.text)
    j = None if judge is None else Judgement("q", cand.chunk.chunk_id, judge, "{}")
    a = Answered("q", cand.chunk.chunk_id, "journalist" if correct else "x", correct)
    return ChunkLabels(cand, h, j, a)


@pytest.mark.parametrize("judge,correct,expected", [
    ("supported", True, 1), ("supported", False, 0), ("not_supported", True, 0), ("supported", None, 1), (None, True, 0)])
def test_final_support_llm_rule(judge, correct, expected):
    assert final_support(_labels(judge, correct), "llm") == expected


def test_wilson_interval_known_values_and_sampling():
    low, high = wilson_interval(1, 10)
    assert (round(low, 4), round(high, 4)) == (0.0179, 0.4042)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert label_noise([("supported", "supported"), ("supported", "not_supported")])["flipped"] == 1
    draws = [sampled(str(i), 0.2, 0) for i in range(2000)]
    assert 300 < sum(draws) < 500 and draws == [sampled(str(i), 0.2, 0) for i in range(2000)]
    assert cohen_kappa([True, False], [True, False]) == 1.0


def test_pairwise_agreement_skips_missing_labels():
    rows = [{"judge": True, "inference": True, "heuristic": False}, {"judge": False, "inference": None, "heuristic": False}]
    out = pairwise_agreement(rows)
    assert out["inference_vs_heuristic"]["chunks"] == 1 and out["judge_vs_heuristic"]["agreement"] == 0.5
    assert "judge_vs_inference" not in out  # inference is asked only on the judge's positives: no kappa there


def test_inference_confirmation_counts_only_judged_positives():
    from benchsmith.generators.mirage.agreement import inference_confirmation

    rows = [{"judge": True, "inference": True}, {"judge": True, "inference": False}, {"judge": True, "inference": None},
            {"judge": False, "inference": None}]
    assert inference_confirmation(rows) == {"checked": 2, "confirmed": 1, "rate": 0.5}


def test_build_item_reasons_flags_and_exports():
    pair = QAPair("q", "What is John Mayne's occupation?", ("journalist",), title="John Mayne")
    mapped = Mapped(pair, "d", "title_exact", 100.0)
    common = dict(strategy="llm", model="m", seed=0, base=None, missing_judgements=0, doc_names={"d": "John Mayne"})
    assert build_item(mapped, DOC, [_labels("not_supported", False)], **common).reason == "no_supported_chunk"
    other_only = _labels("supported", True, OTHER)
    assert build_item(mapped, DOC, [other_only], **common).reason == "no_positive_in_reference_document"
    item = build_item(mapped, DOC, [_labels("supported", True), _labels("supported", False)], **common)
    assert item.num_doc_labels == 1 and [r.chunk_id for r in item.evidence_refs()] == ["d#0"]
    exports = mirage_exports([item])
    assert exports["dataset.json"][0]["num_doc_labels"] == 1
    assert [p["support"] for p in exports["doc_pool.json"]] == [1, 0]
    assert exports["oracle.json"]["q"]["doc_chunk"] == DOC.text


def test_alias_inside_a_longer_word_is_a_warning():
    from benchsmith.validators.mirage import PositiveHoldsAlias

    pair = QAPair("q", "How many floors did the John Mayne building have?", ("3",), title="John Mayne")
    doc = Document(doc_id="d", title="John Mayne", text="John Mayne built it in 1930.")
    cand = Candidate("q", _chunk(doc), 1, True)
    h = heuristic_label(pair.question, pair.answers, doc.title, doc.text)
    labels = ChunkLabels(cand, h, Judgement("q", cand.chunk.chunk_id, "supported", "{}"),
                         Answered("q", cand.chunk.chunk_id, "1930", True))
    item = build_item(Mapped(pair, "d", "title_exact", 100.0), doc, [labels], strategy="llm", model="m", seed=0,
                      base=None, missing_judgements=0, doc_names={})
    codes = [i.code for i in PositiveHoldsAlias().check(item, None)]
    assert codes == ["positive_without_alias", "alias_only_inside_words"]
    assert not h.alias_match  # the heuristic reads whole words
