"""FRAMES generation on the real linked corpora, both strategies: distribution, independent re-derivation, leave-one-out.

The independent check below reads every value back from the cited document text
with its own parser and recomputes every answer with its own arithmetic: it shares
no code with the generator's derivation (generators/frames/derive.py).
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.corpora.store import load_corpus_dir
from benchsmith.generators.core.runner import generate_items
from benchsmith.generators.frames import GENERATOR, FramesConfig
from benchsmith.generators.frames.kinds import family_kind
from benchsmith.llm import get_client
from benchsmith.schemas.frames import FramesItem
from benchsmith.validators import CorpusIndex, ValidationContext, run_validators

sys.path.insert(0, str(Path(__file__).parent))
from frames_llm_fakes import scripted_responder, stub_responder

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "corpora"
CORPORA = ["wikipedia_landscape_paintings", "aws_s3_developer_guide"]
FRAMES_SHARES = {"2": 0.36, "3": 0.35, "4": 0.16, "5+": 0.13}
SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}
BYTES = {"byte": 1, "kb": 2**10, "mb": 2**20, "gb": 2**30, "tb": 2**40}
CHOICES = ("earliest", "largest", "second", "same", "order", "after", "between", "within")
CM = {"cm": 1, "mm": 0.1, "inche": 2.54, "metre": 100, "meter": 100, "centimetre": 1, "centimeter": 1}


def _scale(unit: str, dimension: str = "") -> float:
    if dimension == "count":  # a limit on how many tags, rules ...: the unit is the noun counted
        return 1
    u = unit.lower().rstrip("s") if unit.lower() not in ("%",) else "%"
    for table in (SECONDS, BYTES, CM):
        if u in table:
            return table[u]
    if u in ("%", "percent"):
        return 1
    raise AssertionError(f"unit {unit!r} unknown to the independent check")


def independent_answer(item: FramesItem, docs) -> str:
    """The answer from the cited spans alone, by this test's own reading and arithmetic."""
    by_id = {f.fact_id: f for f in item.facts}
    vals, names = [], []
    for fid in item.derivation.inputs:
        f = by_id[fid]
        doc = docs[f.doc_id]
        sentence = doc.text[f.span.start:f.span.end]
        assert sentence == f.text, "the evidence sentence is not verbatim at its span"
        raw = doc.text[f.value_span.start:f.value_span.end]
        assert f.span.start <= f.value_span.start and f.value_span.end <= f.span.end
        number = float(re.match(r"[\d,.]+", raw).group(0).replace(",", ""))
        vals.append(number if f.kind == "year" else number * _scale(f.unit, f.dimension))
        if f.kind == "year":
            names.append(re.sub(r"\s*\([^()]*\)$", "", doc.title))
        else:  # a figure the question names is answered by that name
            names.append(item.derivation.params.get("names", {}).get(fid, ""))
            assert item.derivation.op not in CHOICES or names[-1].lower() in item.question.lower(), item.question
    first = by_id[item.derivation.inputs[0]]
    declared = item.derivation.unit
    if first.kind != "year" and item.derivation.op not in ("convert", "gap_in"):  # the declared unit must be the largest among the inputs, as the item claims
        assert _scale(declared, first.dimension) == max(_scale(by_id[i].unit, by_id[i].dimension) for i in item.derivation.inputs)
    per = 1 if first.kind == "year" else _scale(declared, first.dimension)
    unit = "" if first.kind == "year" else " " + declared

    def num(x: float) -> str:
        x = round(x, 2)
        return f"{x:.0f}" if x == int(x) else f"{x:.2f}".rstrip("0")

    op = item.derivation.op
    if op == "gap_in":
        # the difference one unit down from the larger input's, as the question asks ("Give the difference in bytes")
        assert _scale(declared) < max(_scale(by_id[i].unit) for i in item.derivation.inputs)
        assert f"Give the difference in {declared}." in item.question, item.question
        return num(abs(vals[0] - vals[1]) / _scale(declared)) + unit
    if op == "ratio":
        assert min(vals) > 0 and max(vals) > min(vals)
        return num(max(vals) / min(vals))
    if op in ("within", "count_within"):
        # "larger than 3 KB but smaller than 10 KB"; limits on different things are bounded by bare numbers
        m = re.search(r"than ([\d.,]+)(?: ([A-Za-z]+))? but \w+ than ([\d.,]+)(?: ([A-Za-z]+))?", item.question)
        lo, hi = (float(m.group(g).replace(",", "")) * _scale(m.group(g + 1) or "", first.dimension) for g in (1, 3))
        inside = [n for v, n in zip(vals, names) if lo < v < hi]
        if op == "count_within":
            assert 0 < len(inside) < len(vals) and min(vals) <= lo and max(vals) >= hi, item.question
            return str(len(inside))
        # one figure inside, and each bound rules another out: both constraints and every figure are needed
        assert len(inside) == 1 and min(vals) <= lo and max(vals) >= hi, item.question
        return inside[0]
    if op == "gap":
        # leave-one-out: without either side the gap would read as the other side's value
        assert num(abs(vals[0] - vals[1]) / per) not in (num(vals[0] / per), num(vals[1] / per)), item.question
        return num(abs(vals[0] - vals[1]) / per) + unit
    if op == "sum":
        return num(sum(vals) / per) + unit
    if op == "count":
        # the question's own threshold, read back from its words ("before 1850", "larger than 200 KB")
        m = re.search(r"(?:before|than) ([\d.,]+)(?: (\w+))?", item.question)
        limit = float(m.group(1).replace(",", "")) * (1 if first.kind == "year" else _scale(m.group(2), first.dimension))
        assert abs(limit - item.derivation.params["threshold"]) < 1e-6 * max(1, limit)
        n = sum(v < limit for v in vals) if first.kind == "year" else sum(v > limit for v in vals)
        assert 0 < n < len(vals), "a count every or no article fits needs no article"
        return str(n)
    if op == "mean":
        return num(round(sum(vals) / len(vals))) if first.kind == "year" else num(sum(vals) / len(vals) / per) + unit
    if op in ("sum", "mean", "convert"):
        # leave-one-out for an aggregate: without any one article the computed figure must change
        for k in range(len(vals)):
            rest = vals[:k] + vals[k + 1:]
            total = sum(rest) / (len(rest) if op == "mean" else 1)
            whole = sum(vals) / (len(vals) if op == "mean" else 1)
            assert num(total / per) != num(whole / per) or op == "convert", f"article {k} does not change {item.question}"
    if op == "second":
        top = sorted(vals, reverse=True)
        assert top.count(top[0]) == 1 and top.count(top[1]) == 1, item.question
        return names[vals.index(top[1])]
    if op == "same":
        # exactly one pair shares a value; every other figure stands alone
        twins = [v for v in set(vals) if vals.count(v) == 2]
        assert len(twins) == 1 and all(vals.count(v) == 1 for v in vals if v != twins[0]), item.question
        return " and ".join(n for v, n in zip(vals, names) if v == twins[0])
    if op in ("earliest", "largest"):
        pick = (min if op == "earliest" else max)(vals)
        assert vals.count(pick) == 1
        return names[vals.index(pick)]
    if op == "order":
        assert len(set(vals)) == len(vals)
        return "; ".join(n for _, n in sorted(zip(vals, names)))
    if op == "roman":
        year, out = int(min(vals)), ""
        for v, s in zip((1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1),
                        ["M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"]):
            out += s * (year // v)
            year %= v
        return out
    if op == "convert":
        # a conversion goes to a smaller unit than the largest input's
        assert _scale(item.derivation.unit) < max(_scale(by_id[i].unit) for i in item.derivation.inputs)
        return f"{num(sum(vals) / _scale(item.derivation.unit))} {item.derivation.unit}"
    if op == "after":
        # the named candidate soonest after the bound; every candidate is named, so each one's date is needed
        later = sorted((v, n) for v, n in zip(vals[1:], names[1:]) if v > vals[0])
        assert later and (len(later) == 1 or later[0][0] < later[1][0]), item.question
        return later[0][1]
    if op == "between":
        lo, hi = sorted(vals[:2])
        inside = [n for v, n in zip(vals[2:], names[2:]) if lo < v < hi]
        assert len(inside) == 1 and len(vals) >= 4, item.question
        return inside[0]
    raise AssertionError(f"unknown op {op}")


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    out = {}
    for name in CORPORA:
        src = DATA / name / "corpus.jsonl"
        if not src.is_file():
            pytest.skip(f"real corpus missing: {src} (../shared/data is not part of a user's clone)")
        target = tmp_path_factory.mktemp(name) / "corpus"
        try:
            main(["corpus", "ingest", str(src), "--out", str(target)])
        except SystemExit as exc:
            assert not exc.code
        out[name] = target
    return out


def _check(items: list[FramesItem], corpus, requested: int, mix: bool = True) -> None:
    docs = corpus.documents_by_id
    shares = Counter(("5+" if len(i.articles) >= 5 else str(len(i.articles))) for i in items)
    for bucket, share in FRAMES_SHARES.items():
        assert not mix or round(abs(shares[bucket] / len(items) - share), 9) <= 0.05, (bucket, shares)
    # figures are compared or combined only with figures of the same kind (two storage classes' minimum durations),
    # never "the maximum size of user-defined metadata" against "the maximum length of a SQL expression"; limits on
    # how many of different things meet only where each is named and none is added to another ("Which of these
    # limits is the highest: tags per object, rules per CORS configuration, ...")
    for i in items:
        inputs = [f for f in i.facts if f.fact_id in i.derivation.inputs]
        kinds = {family_kind(f, i.derivation.op) for f in inputs}
        assert len(kinds) == 1 and None not in kinds, i.question
    # what a reviewer rejects on sight: an open "which work whose article mentions X" set, one pair asked twice
    assert not any("mention" in i.question for i in items)
    # variety: no question shape over 16% of the set, no count threshold more than twice (at least 2 and 1)
    shapes = Counter((i.derivation.op, "year" if i.facts[0].kind == "year" else i.facts[0].dimension == "count",
                      i.derivation.dimension == "year:born") for i in items)
    assert max(shapes.values()) <= max(2, len(items) * 16 // 100), shapes.most_common(2)
    shown = Counter(v for i in items for k, v in i.derivation.params.items() if k in ("shown", "shown_low", "shown_high"))
    assert max(shown.values(), default=0) <= max(1, -(-requested * 4 // 100)), shown.most_common(2)
    # a measure named alike on two pages with different values is told apart in the question, or not asked
    named: dict[str, set] = {}
    for i in items:
        for f in i.facts:
            if f.kind == "quantity" and not f.from_table:
                named.setdefault(f.label.lower(), set()).add((f.value, f.unit.lower()))
    assert all(len(v) == 1 for v in named.values()), [k for k, v in named.items() if len(v) > 1]
    pairs = Counter(frozenset((f.dimension, f.value, f.unit.lower()) for f in i.facts if f.fact_id in i.derivation.inputs)
                    for i in items if len(i.derivation.inputs) == 2)
    assert max(pairs.values(), default=1) == 1, pairs.most_common(1)
    ctx = ValidationContext(CorpusIndex(corpus.documents, corpus.chunks))
    for item in items:
        assert independent_answer(item, docs) == item.answer, item.question
        assert not run_validators(item, ctx, ["frames.leave_one_out", "grounding.verbatim", "grounding.documents"])
        assert item.answer.lower() not in ("yes", "no")
        assert all(any(f.doc_id == a.doc_id for f in item.facts) for a in item.articles)


HEURISTIC_CASES = CORPORA


@pytest.mark.parametrize("name", HEURISTIC_CASES)
def test_heuristic_on_real_corpus(corpora, name, tmp_path):
    out = tmp_path / "bench"
    try:
        main(["generate", "frames", "--corpus", str(corpora[name]), "--n", "50", "--out", str(out)])
        rc = 0
    except SystemExit as exc:
        rc = exc.code
    items = [FramesItem.model_validate_json(line) for line in (out / "items.jsonl").read_text().splitlines()]
    if name == "aws_s3_developer_guide":
        # the manual's linked pages hold nine pairs of figures of one kind on two pages, each page needed (rules of
        # three configurations, tags of an object and a job, three object-size limits ...), and fourteen count limits
        # listed side by side: with two-article questions at FRAMES' share, about 29 questions, short of 50 and
        # saying why (exit 1) rather than compare unrelated figures
        summary = json.loads((out / "summary.json").read_text())
        assert rc == 1 and 28 <= len(items) < 50 and "share their kind" in summary["stop_reason"]
    else:
        assert rc == 0 and len(items) == 50
    _check(items, load_corpus_dir(corpora[name]), 50)
    # FRAMES' own layout, read back by the evaluator's FRAMES importer unchanged.
    from benchsmith.evaluation.importers.frames import load
    rows = [json.loads(line) for line in (out / "frames.jsonl").read_text().splitlines()]
    assert set(rows[0]) == {"unique_id", "Prompt", "Answer", "reasoning_types", "wiki_links"}
    bench = load(out / "frames.jsonl", corpus=corpora[name])
    for q, item in zip(bench.queries, items):
        assert set(q.relevant) == {a.doc_id for a in item.articles}
        assert q.fields["reasoning_types"] == list(item.reasoning_types)
    assert all(isinstance(ast.literal_eval(r["wiki_links"]), list) for r in rows)
    # test.tsv's layout too: the same questions, answers, types and articles as the JSONL, through the same importer
    tsv = load(out / "frames.tsv", corpus=corpora[name])
    assert [(q.query_id, q.question, q.answers, q.relevant, q.fields) for q in tsv.queries] == \
        [(q.query_id, q.question, q.answers, q.relevant, q.fields) for q in bench.queries]
    header = (out / "frames.tsv").read_text().split("\n", 1)[0].split("\t")
    assert header[:4] == ["", "Prompt", "Answer", "wikipedia_link_1"] and header[-2:] == ["reasoning_types", "wiki_links"]
    qrels = (out / "qrels.tsv").read_text().splitlines()
    assert {line.split()[0] for line in qrels} == {i.item_id for i in items}
    summary = json.loads((out / "distribution.json").read_text())
    assert set(summary["articles"]) == {"2", "3", "4", "5+"}


@pytest.mark.parametrize("name", HEURISTIC_CASES)
def test_llm_strategy_scripted(corpora, name, tmp_path):
    corpus = load_corpus_dir(corpora[name])
    client = get_client("scripted/fake", responses=scripted_responder, retry_base_delay=0.0)
    result = generate_items(GENERATOR, corpus, FramesConfig(n=40, strategy="llm", llm="scripted/fake", seed=3), n=40,
                            client=client)
    client.close()
    items = result.items
    manual = name == "aws_s3_developer_guide"
    # the manual holds about 30 (ten pairs of one kind run out first); the fake rejects some wordings on top
    assert len(items) >= 20 if manual else len(items) == 40
    _check(items, corpus, 40)
    assert all(i.provenance.prompt_name == "frames_word_question.v1.j2" and i.provenance.raw_output for i in items)
    assert all(i.question.startswith(("Here is a puzzle", "As of")) for i in items)
    reasons = Counter(r.reason for r in result.rejected)
    if not manual:  # the fake's faults, drawn per wording, show on a full set
        assert reasons["worded_binary"] > 0 and reasons["worded_drops_article"] > 0
        assert reasons["unparseable_output"] + reasons["schema_validation"] > 0
    assert all(i.contamination is not None for i in items)
    flagged = sum(i.contamination["matched"] for i in items)
    # a flag means the closed-book reply holds the computed answer (matching rules: tests/unit/test_frames_prompts.py)
    assert all(i.answer.lower() in i.contamination["answer"].lower() for i in items if i.contamination["matched"])
    assert any("closed-book contamination" in n for n in result.generated.notes)
    assert f"{flagged} of {len(items)}" in " ".join(result.generated.notes)


def test_a_bigger_request_never_gives_fewer_items(corpora):
    """A short run re-plans at the size the corpus held: --n 100 keeps at least what --n 50 gives, in FRAMES' mix."""
    corpus = load_corpus_dir(corpora["wikipedia_landscape_paintings"])
    sizes = {n: generate_items(GENERATOR, corpus, FramesConfig(n=n), n=n).items for n in (50, 100)}
    assert len(sizes[100]) >= len(sizes[50]) == 50
    _check(sizes[100], corpus, 100)


def test_the_model_words_only_what_the_corpus_can_hold(corpora):
    """The llm strategy plans its slots at what a call-free template pass settled to: --n 100 on the 88 paintings
    keeps more than --n 40 gives, in FRAMES' mix, at under three calls per question."""
    corpus = load_corpus_dir(corpora["wikipedia_landscape_paintings"])
    client = get_client("scripted/fake", responses=scripted_responder, retry_base_delay=0.0)
    result = generate_items(GENERATOR, corpus, FramesConfig(n=100, strategy="llm", llm="scripted/fake"), n=100,
                            client=client)
    calls = client.usage.requests
    client.close()
    assert len(result.items) > 40 and calls < 3 * len(result.items)
    _check(result.items, corpus, 100)


def test_llm_strategy_through_stub_server(corpora, tmp_path):
    from benchsmith.llm.stub_server import StubServer

    out = tmp_path / "stub"
    with StubServer(stub_responder) as server:
        try:
            main(["generate", "frames", "--corpus", str(corpora["wikipedia_landscape_paintings"]), "--n", "12",
                  "--strategy", "llm", "--llm", f"openai/stub@{server.base_url}", "--cache-dir", str(tmp_path / "c"),
                  "--out", str(out)])
            rc = 0
        except SystemExit as exc:
            rc = int(exc.code or 0)
        requests = server.requests
    assert rc == 0
    items = [FramesItem.model_validate_json(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert len(items) == 12 and requests >= 24  # one wording and one closed-book call per item at least


def test_rerun_resumes_and_gives_the_same_items(corpora, tmp_path):
    out = tmp_path / "bench"
    args = ["generate", "frames", "--corpus", str(corpora["aws_s3_developer_guide"]), "--n", "40", "--out", str(out),
            "--mix", "tabular=0.5,numerical=0.5"]
    for _ in range(2):
        try:
            main(args)
        except SystemExit as exc:
            assert exc.code == 1  # short, and says so (see test_heuristic_on_real_corpus)
        if _ == 0:
            first = (out / "items.jsonl").read_bytes()
    assert (out / "items.jsonl").read_bytes() == first
    # a short rerun keeps the benchmark already there and leaves its own counts in .run/
    summary = json.loads((out / ".run" / "summary.json").read_text())
    facts_stage = next(s for s in summary["stages"] if s["name"] == "frames.facts")
    assert facts_stage["resumed"] == facts_stage["inputs"] > 0  # the facts were read back from the checkpoint
    items = [FramesItem.model_validate_json(line) for line in first.decode().splitlines()]
    assert items and any("Tabular reasoning" in i.reasoning_types for i in items)


def test_facts_that_can_change_are_pinned_with_the_corpus_dates(corpora, tmp_path):
    """Wikipedia: each article's revision date; the S3 guide has none, so --as-of gives the capture date."""
    from benchsmith.generators.frames.items import article_date

    runs = {"wikipedia_landscape_paintings": ["--n", "40"], "aws_s3_developer_guide": ["--n", "40", "--as-of", "2021-01-19"]}
    for name, extra in runs.items():
        out = tmp_path / name
        try:
            main(["generate", "frames", "--corpus", str(corpora[name]), "--out", str(out), *extra])
        except SystemExit as exc:
            assert exc.code == (1 if name == "aws_s3_developer_guide" else 0)  # the manual runs short
        docs = load_corpus_dir(corpora[name]).documents_by_id
        items = [FramesItem.model_validate_json(line) for line in (out / "items.jsonl").read_text().splitlines()]
        changing = [i for i in items if any(f.changeable for f in i.facts)]
        # the year a work was painted cannot change: no painting question is pinned; the S3 limits can
        assert bool(changing) == (name == "aws_s3_developer_guide"), name
        for item in changing:
            dates = [article_date(docs[f.doc_id]) for f in item.facts if f.changeable]
            want = max(d.date() for d in dates if d).isoformat() if any(dates) else "2021-01-19"
            assert item.as_of == want and item.question.startswith("As of "), item.question
            assert "changeable_fact_undated" not in item.warnings
        assert all(i.as_of is None and not i.question.startswith("As of") for i in items if i not in changing)


def test_bad_as_of_is_a_clear_error(corpora, tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "frames", "--corpus", str(corpora["aws_s3_developer_guide"]), "--n", "5", "--as-of", "19/01/2021",
              "--out", str(tmp_path / "x")])
    assert exc.value.code


def test_bad_mix_is_a_clear_error(corpora, tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "frames", "--corpus", str(corpora["aws_s3_developer_guide"]), "--n", "5",
              "--out", str(tmp_path / "x"), "--mix", "arithmetic=1"])
    assert exc.value.code != 0 and not (tmp_path / "x" / "items.jsonl").exists()
