from benchsmith.evaluation.benchmark import EvalQuery, Turn
from benchsmith.evaluation.stats import breakdown, query_fields


def test_multi_valued_fields_count_in_each_group_and_absent_fields_are_skipped():
    per_item = {"a": {"m": 1.0}, "b": {"m": 0.0}, "c": {"m": 0.5}}
    fields = {"a": {"reasoning_types": ["numerical", "temporal"], "question_type": "x"},
              "b": {"reasoning_types": ["temporal"], "question_type": "y"},
              "c": {"question_type": "x"}}
    out = breakdown(per_item, fields, ["reasoning_types", "question_type", "domain"])
    assert set(out) == {"reasoning_types", "question_type"}  # nobody carries "domain"
    assert out["reasoning_types"]["temporal"]["m"]["mean"] == 0.5
    assert out["reasoning_types"]["temporal"]["m"]["n"] == 2
    assert out["reasoning_types"]["numerical"]["m"]["n"] == 1
    assert out["question_type"]["x"]["m"]["mean"] == 0.75


def test_numeric_groups_sort_naturally():
    per_item = {str(i): {"m": float(i)} for i in range(12)}
    fields = {str(i): {"n_evidence": i % 11} for i in range(12)}
    out = breakdown(per_item, fields, ["n_evidence"])
    assert list(out["n_evidence"])[:3] == ["0", "1", "2"] and list(out["n_evidence"])[-1] == "10"


def test_query_fields_derives_turn_position_answerability_and_evidence_count():
    qs = [
        EvalQuery(query_id="t1", question="q", fields={"turn": 1}),
        EvalQuery(query_id="t3", question="q", fields={"turn": 3}),
        EvalQuery(query_id="h", question="q", history=[Turn(role="user", content="hi")]),
        EvalQuery(query_id="u", question="q", answerability="unanswerable", evidence=[{"fact": "a"}, {"fact": "b"}]),
    ]
    f = query_fields(qs)
    assert f["t1"]["turn_position"] == "first" and f["t3"]["turn_position"] == "later"
    assert f["h"]["turn_position"] == "later"
    assert f["u"]["answerability"] == "unanswerable" and f["u"]["n_evidence"] == 2
    assert "turn_position" not in f["u"]
