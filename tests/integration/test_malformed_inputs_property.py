"""Property-based: random malformed JSONL, JSON, TSV and option values through the CLI (issue 9).

For `corpus ingest` and `validate` every example must end with exit code 0, 1
or 2 and, when it fails, one clear error line and no traceback; nothing outside
--out may be written (the working directory included), and a failing command
leaves the earlier output byte for byte as it was. `evaluate retrieval` gets
the same inputs in its own test.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from benchsmith.cli import main  # noqa: E402
from benchsmith.outdir import check_complete  # noqa: E402

SETTINGS = settings(
    max_examples=int(os.environ.get("BENCHSMITH_PROPERTY_EXAMPLES", "80")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # The same cases on every run, so CI is not flaky; BENCHSMITH_PROPERTY_EXPLORE=1 draws new ones.
    derandomize=not os.environ.get("BENCHSMITH_PROPERTY_EXPLORE"),
)

# --- inputs ------------------------------------------------------------------------------------

_ODD_STRINGS = st.sampled_from(
    ["", " ", "a b", "tab\there", "new\nline", "\u2028", "2024-13-45", "yesterday", "1e309", "[SEP]", "ü", "😀", "\x00", "\x1f"]
)
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    _ODD_STRINGS,
)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
_KEYS = st.sampled_from(
    ["doc_id", "_id", "document_id", "id", "title", "text", "body", "source", "published_at", "date", "url", "links",
     "metadata", "meta", "kind", "schema_version", "chunk_id", "span", "query_id", "item_id"]
) | st.text(max_size=6)
_BASES = st.sampled_from([
    {"doc_id": "d1", "title": "T", "text": "Alpha beta gamma. Delta."},
    {"_id": "b1", "title": "", "text": "Beir text here."},
    {"document_id": "m1", "title": "x", "text": "mtRAG passage."},
    {"title": "News", "body": "MultiHop body text.", "published_at": "2023-10-01T00:00:00+00:00", "source": "S"},
])
# A valid record with one field set to an odd value: reaches the checks past JSON syntax.
_NEAR_VALID = st.builds(lambda base, key, value: {**base, key: value}, _BASES, _KEYS, _VALUES)
_RECORDS = st.dictionaries(_KEYS, _VALUES, max_size=6) | _NEAR_VALID | _NEAR_VALID


@st.composite
def json_line(draw) -> str:
    """One line of JSONL: usually a record, sometimes broken on purpose."""
    rec = draw(_RECORDS | _VALUES)
    text = json.dumps(rec, ensure_ascii=draw(st.booleans()))
    breaker = draw(st.sampled_from(["none", "none", "none", "truncate", "deep", "bigint", "surrogate", "garbage", "nan"]))
    if breaker == "truncate" and text:
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif breaker == "deep":
        depth = draw(st.sampled_from([5, 900, 3000, 100_000]))
        text = '{"text": "x", "metadata": {"d": ' + "[" * depth + "]" * depth + "}}"
    elif breaker == "bigint":
        text = '{"doc_id": ' + "9" * draw(st.sampled_from([20, 4301, 5000])) + ', "text": "x"}'
    elif breaker == "surrogate":
        text = '{"text": "a\\ud800b", "doc_id": "s"}'
    elif breaker == "garbage":
        text = draw(st.text(max_size=20))
    elif breaker == "nan":
        text = '{"text": "x", "title": NaN, "doc_id": Infinity}'
    return text


@st.composite
def file_bytes(draw, suffix: str) -> bytes:
    lines = draw(st.lists(json_line(), min_size=0, max_size=4))
    if suffix == ".json" and draw(st.booleans()):
        body = "[" + ",\n".join(lines) + ("]" if draw(st.booleans()) else "")
    elif suffix == ".tsv":
        rows = draw(st.lists(st.lists(st.text(alphabet="qd0123 \t-x.#", max_size=6), max_size=6), max_size=4))
        body = "\n".join("\t".join(r) for r in rows)
    else:
        body = "\n".join(lines)
    data = body.encode("utf-8", "surrogatepass")
    tail = draw(st.sampled_from([b"", b"", b"\n", b"\r\n", b"\xff\xfe", b"\xc3", b"\x00"]))
    head = draw(st.sampled_from([b"", b"", b"\xef\xbb\xbf"]))
    return head + data + tail


SUFFIXES = st.sampled_from([".jsonl", ".json", ".ndjson", ".txt", ".md", ".html", ".tsv", ""])
_OPTION_TEXT = st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=8)
_INTISH = st.one_of(st.integers(-5, 600).map(str), st.sampled_from(["0", "-1", "1e3", "nan", "inf", "", "99999999999999999999"]), _OPTION_TEXT)
INGEST_OPTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("--format"), st.sampled_from(["auto", "jsonl", "json", "beir", "multihop-rag", "mtrag", "text"]) | _OPTION_TEXT),
        st.tuples(st.just("--chunk-tokens"), _INTISH),
        st.tuples(st.just("--overlap"), _INTISH),
        st.tuples(st.just("--tokenizer"), st.sampled_from(["whitespace", "wordpiece"]) | _OPTION_TEXT),
        st.tuples(st.just("--preset"), st.sampled_from(["default", "mirage"]) | _OPTION_TEXT),
        st.tuples(st.just("--min-words"), _INTISH),
        st.tuples(st.just("--field"), st.tuples(st.sampled_from(["text", "doc_id", "title", "nope", ""]), _KEYS).map("=".join) | _OPTION_TEXT),
        st.tuples(st.just("--id-whitespace"), st.sampled_from(["reject", "replace"]) | _OPTION_TEXT),
    ),
    max_size=3,
).map(lambda pairs: [x for pair in pairs for x in pair])

# --- the harness -------------------------------------------------------------------------------

GOOD_DOCS = [{"doc_id": "a", "title": "A", "text": "Alpha beta gamma. Delta epsilon zeta."}, {"doc_id": "b", "text": "Eta theta iota."}]


def _snapshot(root: Path) -> dict[str, bytes | None]:
    out: dict[str, bytes | None] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames:
            out[os.path.relpath(os.path.join(dirpath, name), root) + "/"] = None
        for name in filenames:
            p = os.path.join(dirpath, name)
            rel = os.path.relpath(p, root)
            out[rel] = Path(p).read_bytes() if os.path.isfile(p) and not os.path.islink(p) else b"<special>"
    return out


def run_cli(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run the CLI in-process in `cwd`; any exception other than SystemExit fails the test (a traceback)."""
    stdout, stderr = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                main(args)
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        os.chdir(old)
    return code, stdout.getvalue() + stderr.getvalue()


def assert_clear_failure(code: int, output: str) -> None:
    assert code in (1, 2), (code, output)
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    if errors:
        assert len(errors) == 1, output
        assert len(errors[0]) > len("error: ") + 10, output
    else:  # a usage error from the option parser: one message in its box, or validate's report
        assert "Error" in output or "Invalid value" in output or "failed:" in output, output


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A good corpus folder, written once, copied in front of every example as the earlier output."""
    root = tmp_path_factory.mktemp("template")
    src = root / "good.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in GOOD_DOCS), encoding="utf-8")
    code, output = run_cli(["corpus", "ingest", str(src), "--out", str(root / "out")], root)
    assert code == 0, output
    return root / "out"




@SETTINGS
@given(suffix=SUFFIXES, content=st.data(), options=INGEST_OPTIONS, as_folder=st.booleans())
def test_corpus_ingest_on_malformed_input(template: Path, suffix: str, content, options: list[str], as_folder: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        src = root / "in" / f"corpus{suffix}" if as_folder else root / f"input{suffix}"
        src.parent.mkdir(exist_ok=True)
        src.write_bytes(content.draw(file_bytes(suffix)))
        out = root / "out"
        shutil.copytree(template, out)
        before = _snapshot(root)
        code, output = run_cli(["corpus", "ingest", str(src.parent if as_folder else src), "--out", str(out), *options], root)
        after = _snapshot(root)
        if code == 0:
            check_complete(out, verify_hashes=True)
            assert {k: v for k, v in after.items() if not k.startswith("out")} == {k: v for k, v in before.items() if not k.startswith("out")}
        else:
            assert_clear_failure(code, output)
            assert after == before, "a failing ingest changed files"


@st.composite
def validate_case(draw, template: Path, root: Path) -> list[str]:
    """Files or a (possibly damaged) corpus folder, plus validate's options."""
    args: list[str] = []
    if draw(st.booleans()):
        folder = root / "corpus"
        shutil.copytree(template, folder)
        victim = folder / draw(st.sampled_from(["documents.jsonl", "chunks.jsonl", "manifest.json", ".benchsmith-complete"]))
        damage = draw(st.sampled_from(["append", "replace", "delete", "none"]))
        if damage == "append":
            with victim.open("ab") as fh:
                fh.write(draw(file_bytes(".jsonl")))
        elif damage == "replace":
            victim.write_bytes(draw(file_bytes(victim.suffix or ".json")))
        elif damage == "delete":
            victim.unlink()
        args.append(str(folder))
    for i in range(draw(st.integers(0 if args else 1, 2))):
        suffix = draw(SUFFIXES)
        path = root / f"file{i}{suffix}"
        path.write_bytes(draw(file_bytes(suffix)))
        args.append(str(path))
    if draw(st.booleans()):
        args += ["--kind", draw(st.sampled_from(["document", "chunk", "multihop_item", "benchmark", "run_summary"]) | _OPTION_TEXT)]
    if draw(st.integers(0, 4)) == 0:
        schema_dir = root / "schemas"
        schema_dir.mkdir()
        (schema_dir / "document.schema.json").write_bytes(draw(file_bytes(".json")))
        args += ["--schema-dir", str(schema_dir)]
    return args


@SETTINGS
@given(data=st.data())
def test_validate_on_malformed_input(template: Path, data) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        args = data.draw(validate_case(template, root))
        before = _snapshot(root)
        code, output = run_cli(["validate", *args], root)
        assert _snapshot(root) == before, "validate wrote something"
        if code != 0:
            assert_clear_failure(code, output)
        else:
            assert output.strip().splitlines()[-1].startswith("ok:"), output


# --- evaluate retrieval ------------------------------------------------------------------------

GOOD_BEIR = {
    "corpus.jsonl": "".join(json.dumps({"_id": k, "title": "", "text": v}) + "\n" for k, v in
                            {"d1": "Cats purr softly.", "d2": "Dogs bark loudly.", "d3": "Paris is in France."}.items()),
    "queries.jsonl": "".join(json.dumps({"_id": k, "text": v}) + "\n" for k, v in {"q1": "cats purr", "q2": "paris"}.items()),
    "qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\n",
}
GOOD_RUN = "q1 Q0 d1 1 3.0 x\nq1 Q0 d2 2 2.0 x\nq2 Q0 d3 1 5.0 x\n"


@st.composite
def trec_run(draw) -> bytes:
    rows = draw(st.lists(st.lists(st.sampled_from(["q1", "q2", "Q0", "d1", "d3", "1", "-1", "nan", "inf", "3.5", "x", "", "1e999"])
                                  | st.text(alphabet="qd0123 .-#", max_size=5), min_size=0, max_size=7), max_size=5))
    return ("\n".join(" ".join(r) for r in rows)).encode() + draw(st.sampled_from([b"", b"\n", b"\xff"]))


EVAL_OPTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("--k"), st.sampled_from(["1,3", "0", "-1", "1,,2", "x", "99999999999999999999", ""]) | _OPTION_TEXT),
        st.tuples(st.just("--measures"), st.sampled_from(["nDCG@10", "P@0", "Recall@x", "MAP", "F1@-1", "Hits@4,MRR@2", ""]) | _OPTION_TEXT),
        st.tuples(st.just("--bootstrap"), _INTISH),
        st.tuples(st.just("--format"), st.sampled_from(["auto", "beir", "benchsmith", "mtrag", "mirage", "frames"]) | _OPTION_TEXT),
        st.tuples(st.just("--paper"), st.sampled_from(["multihop-rag", "mtrag", "mirage"]) | _OPTION_TEXT),
        st.tuples(st.just("-r"), st.sampled_from(["bm25", "run:missing.trec", "run:", "dense", "bm25+rewrite", "hybrid:bm25"]) | _OPTION_TEXT),
        st.tuples(st.just("--query-mode"), st.sampled_from(["last_turn", "rewrite", "full_conversation"]) | _OPTION_TEXT),
    ),
    max_size=2,
).map(lambda pairs: [x for pair in pairs for x in pair])


@pytest.fixture(scope="module")
def eval_template(tmp_path_factory) -> Path:
    """A BEIR benchmark, a run file and an earlier evaluation in out/."""
    root = tmp_path_factory.mktemp("eval")
    for rel, text in GOOD_BEIR.items():
        (root / "beir" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "beir" / rel).write_text(text, encoding="utf-8")
    (root / "run.trec").write_text(GOOD_RUN, encoding="utf-8")
    code, output = run_cli(["evaluate", "retrieval", "-b", "beir", "-r", "run:run.trec", "--bootstrap", "20", "--no-html", "--out", "out"], root)
    assert code == 0, output
    return root


@settings(SETTINGS, max_examples=int(os.environ.get("BENCHSMITH_PROPERTY_EVAL_EXAMPLES", "30")))
@given(data=st.data())
def test_evaluate_retrieval_on_malformed_input(eval_template: Path, data) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(eval_template, root, dirs_exist_ok=True)
        victim = data.draw(st.sampled_from(["beir/corpus.jsonl", "beir/queries.jsonl", "beir/qrels/test.tsv", "run.trec", "none"]))
        if victim == "run.trec":
            (root / victim).write_bytes(data.draw(trec_run()))
        elif victim != "none":
            (root / victim).write_bytes(data.draw(file_bytes(Path(victim).suffix)))
        options = data.draw(EVAL_OPTIONS)
        before = _snapshot(root)
        code, output = run_cli(["evaluate", "retrieval", "-b", "beir", "-r", "run:run.trec", "--bootstrap", "20", "--no-html",
                                "--out", "out", *options], root)
        after = _snapshot(root)
        outside = {k for k in set(before) | set(after) if not k.startswith("out") and before.get(k) != after.get(k)}
        assert not outside, f"written outside --out: {sorted(outside)}"
        if code != 0:
            assert_clear_failure(code, output)
            assert after == before, "a failing evaluation changed the earlier output"
