"""The generator core: a plugin generator runs through `benchsmith generate` with no edit to the tree, an edited
prompt recomputes only the steps that use it, and the multihop port changed no output byte."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "multihop_seed7_rules"
EXAMPLE = example_corpus()
TOY = '''
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from pydantic import BaseModel

from benchsmith.generators.core import Generated, Generator, HeuristicStep, LLMStep
from benchsmith.types import EvidenceRef, Rejected, Span, content_id


class ToyItem(BaseModel):
    kind: str = "toy_item"
    item_id: str
    question: str
    answer: str
    ref: EvidenceRef

    def evidence_refs(self):
        return [self.ref]


@dataclass(frozen=True)
class FirstSentence(HeuristicStep):
    name: ClassVar[str] = "toy.first_sentence"
    output_type: ClassVar[type] = EvidenceRef

    def run(self, chunk):
        text = chunk.text.split(". ")[0]
        if len(text.split()) < 4:
            return Rejected(step=self.name, reason="too_short")
        start = chunk.span.start
        return EvidenceRef(doc_id=chunk.doc_id, chunk_id=chunk.chunk_id, span=Span(start=start, end=start + len(text)), text=text)


class Question(BaseModel):
    question: str


@dataclass(frozen=True)
class AskQuestion(LLMStep):
    name: ClassVar[str] = "toy.question"
    template: ClassVar[str] = "toy.j2"
    template_dir: ClassVar[str] = str(Path(__file__).parent)
    response_model: ClassVar[type] = Question
    output_type: ClassVar[type] = ToyItem

    def variables(self, ref):
        return {"sentence": ref.text}

    def parse(self, reply, ref):
        return ToyItem(item_id=content_id(ref.chunk_id, prefix="toy-"), question=reply.parsed.question,
                       answer=ref.text.split()[-1], ref=ref)


class Toy(Generator):
    name = "toy"
    help = "One question per chunk's first sentence."
    item_model = ToyItem

    def generate(self, ctx, config):
        refs = ctx.run_step(FirstSentence(), ctx.corpus.chunks[:8])
        items = ctx.run_step(AskQuestion(), refs)[: ctx.n]
        return Generated(items=items, requested_by_type={"toy": ctx.n}, produced_by_type={"toy": len(items)},
                         shortfall=None if len(items) >= ctx.n else "not enough first sentences")
'''


def _cli(*args) -> int:
    try:
        main(list(args))
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("core") / "corpus"
    assert _cli("corpus", "ingest", str(EXAMPLE / "corpus.jsonl"), "--out", str(out),
                "--chunk-tokens", "128", "--overlap", "16") == 0
    return out


@pytest.fixture
def plugin_site(tmp_path) -> Path:
    """A package installed only by a path entry: `toygen` with a `benchsmith.generators` entry point."""
    site = tmp_path / "site"
    (site / "toygen").mkdir(parents=True)
    (site / "toygen" / "__init__.py").write_text(textwrap.dedent(TOY))
    (site / "toygen" / "toy.j2").write_text("Write one question whose answer ends this sentence: {{ sentence | fence }}\n")
    info = site / "toygen-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toygen\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[benchsmith.generators]\ntoy = toygen:Toy\n")
    return site


def _generate_toy(site: Path, corpus_dir: Path, out: Path, script: Path, n: int = 4) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "benchsmith", "generate", "toy", "--corpus", str(corpus_dir), "--n", str(n),
           "--strategy", "llm", "--llm", f"scripted/{script}", "--out", str(out)]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)


def _stages(out: Path) -> dict[str, dict]:
    return {s["name"]: s for s in json.loads((out / "summary.json").read_text())["stages"]}


def test_a_plugin_generator_runs_through_the_cli_with_checkpoints_ledger_and_summary(plugin_site, corpus_dir, tmp_path):
    script = tmp_path / "model.json"
    script.write_text(json.dumps({"rules": [{"match": "Harbor City", "response": "no JSON here"}],
                                  "default": {"question": "Which word ends the sentence?"}}))
    out = tmp_path / "toy_out"
    done = _generate_toy(plugin_site, corpus_dir, out, script)
    assert done.returncode == 0, done.stderr
    items = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert len(items) == 4 and all(i["kind"] == "toy_item" for i in items)
    qrels = (out / "qrels.tsv").read_text().split()
    assert qrels[:4] == [items[0]["item_id"], "0", items[0]["ref"]["chunk_id"], "1"]
    summary = json.loads((out / "summary.json").read_text())
    rejected = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    assert summary["rejected"] == len(rejected) and summary["llm"]["requests"] > 0
    assert {s["name"] for s in summary["stages"]} == {"toy.first_sentence", "toy.question"}
    assert (out / ".run" / "stages" / "toy.question.jsonl").is_file()
    assert json.loads((out / "benchmark.json").read_text())["generator"] == "toy"
    # The same command again resumes every stage from its checkpoint.
    again = _generate_toy(plugin_site, corpus_dir, out, script)
    assert again.returncode == 0, again.stderr
    assert all(s["computed"] == 0 for s in _stages(out).values())


def test_editing_a_prompt_recomputes_only_the_steps_that_use_it(plugin_site, corpus_dir, tmp_path):
    script = tmp_path / "model.json"
    script.write_text(json.dumps({"default": {"question": "Which word ends the sentence?"}}))
    out = tmp_path / "edit"
    assert _generate_toy(plugin_site, corpus_dir, out, script).returncode == 0
    first = _stages(out)
    assert first["toy.first_sentence"]["computed"] > 0 and first["toy.question"]["computed"] > 0
    template = plugin_site / "toygen" / "toy.j2"
    template.write_text(template.read_text().replace("Write one question", "Ask one short question"))
    done = _generate_toy(plugin_site, corpus_dir, out, script)
    assert done.returncode == 0, done.stderr
    second = _stages(out)
    assert second["toy.first_sentence"]["computed"] == 0  # untouched step: read back
    assert second["toy.first_sentence"]["resumed"] == first["toy.first_sentence"]["inputs"]
    assert second["toy.question"]["computed"] == first["toy.question"]["computed"]  # its prompt changed: asked again
    assert second["toy.question"]["resumed"] == 0


def test_heuristic_multihop_output_is_byte_identical_to_the_pre_port_generator(corpus_dir, tmp_path):
    """The fixture pins the heuristic output (same corpus, seed 7, rules NER): regenerate it only for intended changes."""
    out = tmp_path / "bench"
    assert _cli("generate", "multihop", "--corpus", str(corpus_dir), "--n", "12", "--seed", "7", "--ner", "rules",
                "--out", str(out)) == 0
    for name in ("items.jsonl", "MultiHopRAG.json", "qrels.tsv"):
        if os.environ.get("BENCHSMITH_UPDATE_GOLDEN"):
            (FIXTURE / name).write_bytes((out / name).read_bytes())
        assert (out / name).read_bytes() == (FIXTURE / name).read_bytes(), name
