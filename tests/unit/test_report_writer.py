import json
import re

import pytest

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.report import benchmark_fingerprint, load_results, system_entry, write_results


def _bench(question="what?"):
    return EvalBenchmark(name="tiny", queries=[
        EvalQuery(query_id="a", question=question, relevant={"d1": 1}, fields={"question_type": "x"}),
        EvalQuery(query_id="b", question="why?", relevant={"d2": 1}, fields={"question_type": "y"}),
    ])


def _doc(**extra):
    per_item = {"a": {"nDCG@10": 1.0, "Recall@5": 0.5}, "b": {"nDCG@10": 0.0, "Recall@5": float("nan")}}
    fields = {"a": {"question_type": "x", "reasoning_types": ["r1", "r2"]}, "b": {"question_type": "y", "reasoning_types": ["r1"]}}
    system = system_entry("bm25", per_item, settings={"retriever": "bm25"}, counts={"scored": 2}, fields=fields, n_resamples=200)
    return {"kind": "retrieval", "benchmark": benchmark_fingerprint(_bench()), "settings": {"k": [5, 10]},
            "systems": [system], "tables": [{"title": "paper table", "columns": ["c", "v"], "rows": [["all", 0.123456]]}], **extra}


def test_writes_results_and_markdown_with_every_per_item_score_and_versions(tmp_path):
    paths = write_results(tmp_path / "out", _doc(), html=False)
    assert {p.name for p in paths.values()} == {"results.json", "report.md"}
    text = paths["results"].read_text()
    assert "NaN" not in text  # strict JSON
    doc = json.loads(text)
    assert doc["systems"][0]["per_item"]["a"] == {"nDCG@10": 1.0, "Recall@5": 0.5}
    assert doc["systems"][0]["per_item"]["b"]["Recall@5"] is None
    assert {"benchsmith", "ir_measures", "pytrec_eval", "python"} <= set(doc["versions"])
    assert doc["benchmark"]["hash"].startswith("sha256:") and doc["settings"] == {"k": [5, 10]}
    agg = doc["systems"][0]["aggregates"]["nDCG@10"]
    assert agg["mean"] == 0.5 and agg["low"] <= 0.5 <= agg["high"] and agg["n"] == 2
    assert doc["systems"][0]["breakdowns"]["reasoning_types"]["r1"]["nDCG@10"]["n"] == 2


def test_markdown_has_aggregate_breakdown_and_extra_tables(tmp_path):
    md = write_results(tmp_path, _doc(), html=False)["markdown"].read_text()
    assert "| bm25 | 0.5000 [" in md
    assert "### by question_type" in md and "| x | 1 | 1.0000" in md
    assert "## paper table" in md and "| all | 0.1235 |" in md


def test_html_is_self_contained_escaped_and_has_inline_svg_plots(tmp_path):
    doc = _doc()
    doc["systems"].append(dict(doc["systems"][0], name="<b>evil</b>"))
    html = write_results(tmp_path, doc)["html"].read_text()
    assert html.count("<svg") >= 3  # breakdown bars + histograms
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=", html)
    assert "<td>bm25</td>" in html
    assert "<b>evil</b>" not in html and "&lt;b&gt;evil&lt;/b&gt;" in html


def test_fingerprint_changes_with_content():
    assert benchmark_fingerprint(_bench())["hash"] == benchmark_fingerprint(_bench())["hash"]
    assert benchmark_fingerprint(_bench())["hash"] != benchmark_fingerprint(_bench("other?"))["hash"]


def test_failed_render_leaves_previous_results_untouched(tmp_path, monkeypatch):
    write_results(tmp_path, _doc(), html=False)
    before = (tmp_path / "results.json").read_text()
    import benchsmith.evaluation.report.html as html_mod

    def boom(doc):
        raise RuntimeError("render failed")

    monkeypatch.setattr(html_mod, "render_html", boom)
    with pytest.raises(RuntimeError):
        write_results(tmp_path, _doc(title="new"))
    assert (tmp_path / "results.json").read_text() == before
    assert not list(tmp_path.glob(".*.tmp"))


def test_missing_blocks_are_rejected():
    from benchsmith.evaluation.report.results import _complete

    with pytest.raises(ValueError, match="systems"):
        _complete({"benchmark": {}})


def test_load_results_checks_shape(tmp_path):
    write_results(tmp_path, _doc(), html=False)
    assert load_results(tmp_path)["systems"][0]["name"] == "bm25"
    bad = tmp_path / "bad.json"
    bad.write_text('{"benchmark": {}}')
    with pytest.raises(InputError, match="systems"):
        load_results(bad)
    bad.write_text("{not json")
    with pytest.raises(InputError) as exc:
        load_results(bad)
    assert exc.value.line == 1


def test_precomputed_aggregates_override_the_mean_but_keep_intervals():
    entry = system_entry("s", {"a": {"m": 1.0}, "b": {"m": 0.0}}, aggregates={"m": {"mean": 0.25}}, n_resamples=100)
    assert entry["aggregates"]["m"]["mean"] == 0.25 and entry["aggregates"]["m"]["n"] == 2


def test_markdown_escape_opens_no_tag_but_keeps_mtrag_ids():
    from benchsmith.evaluation.report.markdown import escape_text

    assert escape_text("<script>x</script>") == "&lt;script>x&lt;/script>"
    assert escape_text("<!-- hidden -->") == "&lt;!-- hidden -->"
    assert escape_text("conv<::>3 and 1 < 2") == "conv<::>3 and 1 < 2"
