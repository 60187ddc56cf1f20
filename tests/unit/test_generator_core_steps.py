"""Steps are plain data with an identity; run_step runs both kinds through a Run with one ledger."""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import ClassVar

import pytest
from pydantic import BaseModel

from benchsmith.errors import InputError
from benchsmith.generators.core import HeuristicStep, LLMStep, run_step
from benchsmith.generators.core.quotas import cap_share, fill, parse_mix, quotas
from benchsmith.generators.core.step import content_key
from benchsmith.generators.multihop.llm_steps import WordQuery, WriteSetClaims
from benchsmith.generators.multihop.steps import AnalyzeSentences, DocBatch, ExtractFacts
from benchsmith.llm import get_client
from benchsmith.pipeline import Run
from benchsmith.types import Chunk, Document, Rejected, Span


@dataclass(frozen=True)
class Double(HeuristicStep):
    name: ClassVar[str] = "t.double"
    factor: int = 2

    def run(self, n: int):
        return Rejected(step=self.name, reason="negative") if n < 0 else [n * self.factor]


class Answer(BaseModel):
    word: str


@dataclass(frozen=True)
class Shout(LLMStep):
    name: ClassVar[str] = "t.shout"
    template: ClassVar[str] = "multihop_null.v1.j2"
    response_model: ClassVar[type] = Answer

    def variables(self, text: str):
        return {"entity": text, "sources": ["A", "B"], "topic": "t"}

    def skip(self, text: str):
        return [] if not text else None

    def parse(self, reply, text: str):
        return reply.parsed.word.upper()


def test_identity_follows_version_settings_and_model():
    assert Double().identity() == Double().identity()
    assert Double(factor=3).identity() != Double().identity()
    assert Shout().identity("scripted/a") != Shout().identity("scripted/b")
    assert Shout().identity("m").endswith(Shout().prompt_hash())
    # How spaCy is batched does not change what it finds, so it does not change the identity.
    assert AnalyzeSentences(ner="rules", batch_size=8).identity() == AnalyzeSentences(ner="rules", batch_size=512).identity()
    assert AnalyzeSentences(ner="rules").identity() != AnalyzeSentences(ner="spacy").identity()


def test_steps_and_their_inputs_are_plain_picklable_data():
    doc = Document(doc_id="d", text="Ada Lovelace wrote notes in 1843.")
    chunk = Chunk(chunk_id="d#0", doc_id="d", text=doc.text, span=Span(start=0, end=len(doc.text)), index=0, n_tokens=6)
    batch = DocBatch((doc,), ((chunk,),))
    for obj in (ExtractFacts(classifier="/models/x"), AnalyzeSentences(), WriteSetClaims(), WordQuery(), batch):
        assert pickle.loads(pickle.dumps(obj)) == obj
    assert content_key(batch) == content_key(pickle.loads(pickle.dumps(batch)))
    changed = DocBatch((doc.model_copy(update={"text": doc.text + " More."}),), ((chunk,),))
    assert content_key(changed) != content_key(batch)  # same ids, new text: a new key, never a stale read-back


def test_run_step_runs_heuristic_and_llm_steps_with_one_ledger(tmp_path):
    client = get_client("scripted/x", responses=lambda messages: '{"word": "yes"}')
    with Run(tmp_path / "run", name="t", progress=False) as run:
        assert run_step(run, Double(), [1, -1, 2]) == [2, 4]
        assert run_step(run, Shout(), ["a", "", "b"], client=client) == ["YES", "YES"]
        assert run_step(run, Shout(), ["a", ""], client=client, per_input=True) == [["YES"], []]
        with pytest.raises(ValueError, match="no LLM client"):
            run_step(run, Shout(), ["a"])
        summary = run.finish()
    assert client.usage.requests == 2  # the skipped input asked nothing; the repeat came from the checkpoint
    assert summary.rejected_by_reason == {"negative": 1}
    client.close()


def test_mix_quotas_and_top_up():
    mix = parse_mix("a=1,b=1,c=2", ["a", "b", "c"])
    assert mix == {"a": 0.25, "b": 0.25, "c": 0.5}
    for bad, message in (("a=nan", "finite"), ("a=-1", "finite"), ("z=1", "one of"), ("a=0", "sum to zero")):
        with pytest.raises(InputError, match=message):
            parse_mix(bad, ["a", "b"])
    assert quotas(10, {"a": 0.25, "b": 0.25, "c": 0.5}, ["a", "b", "c"]) == {"a": 3, "b": 2, "c": 5}
    # "a" gives 9 of its 10: "c" (the largest share) tops up, staying under 5 points above its share.
    def streams(a: int):
        return {"a": iter(range(a)), "b": iter(range(99)), "c": iter(range(99))}

    got = fill(streams(9), quotas(40, mix, ["a", "b", "c"]), mix, 40)
    assert [len(got[t]) for t in "abc"] == [9, 10, 21]
    # Past the tolerance nobody tops up: a short run rather than a skewed mix.
    got = fill(streams(0), quotas(40, mix, ["a", "b", "c"]), mix, 40)
    assert [len(got[t]) for t in "abc"] == [0, 11, 21]


def test_a_filler_type_never_becomes_most_of_a_short_set():
    # 10 answerable items and 6 nulls asked at 12%: at most 17% of the kept set may be null -> 2 nulls.
    produced = {"inference": list(range(4)), "comparison": list(range(6)), "null": list(range(6))}
    assert cap_share(produced, "null", 0.12) == 4
    assert produced["null"] == [0, 1] and len(produced["inference"]) == 4
    # A full set within the tolerance is left alone; nothing answerable means no nulls at all.
    full = {"inference": list(range(35)), "null": list(range(5))}
    assert cap_share(full, "null", 0.12) == 0 and len(full["null"]) == 5
    only_nulls = {"inference": [], "null": list(range(4))}
    assert cap_share(only_nulls, "null", 0.12) == 4 and only_nulls["null"] == []


def test_writer_exports_text_records_and_json(tmp_path):
    from benchsmith.generators.core.writer import _write_export

    _write_export(tmp_path / "test.tsv", "Prompt\tAnswer\nq\ta\n")
    _write_export(tmp_path / "sub" / "rows.jsonl", [{"a": 1}, {"a": 2}])
    _write_export(tmp_path / "data.json", {"k": [1]})
    assert (tmp_path / "test.tsv").read_text() == "Prompt\tAnswer\nq\ta\n"
    assert (tmp_path / "sub" / "rows.jsonl").read_text() == '{"a": 1}\n{"a": 2}\n'
    assert (tmp_path / "data.json").read_text().startswith("{")


def test_llm_steps_cap_the_reply_length(tmp_path):
    from benchsmith.llm.base import Completion

    seen = []

    class Recorder:
        model_id = "fake/recorder"

        async def complete(self, messages, config=None, response_model=None, *, step=None, input_ref=None):
            seen.append(config.max_tokens if config is not None else None)
            return Completion(text='{"word": "ok"}', parsed=Answer(word="ok"), model=self.model_id)

    @dataclass(frozen=True)
    class Short(Shout):
        name: ClassVar[str] = "t.short"
        max_tokens: ClassVar[int | None] = 64

    with Run(tmp_path / "run", name="t", progress=False) as run:
        run_step(run, Shout(), ["a"], client=Recorder())
        run_step(run, Short(), ["b"], client=Recorder())
        run.finish()
    assert seen == [1024, 64]
