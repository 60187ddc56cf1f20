"""The predictions file: one JSON object per line, {"id", "answer", "contexts"?}.

`contexts` is optional: a list of passage texts or of {"id"?, "text"} objects,
in the order the system used them. Bad lines are reported with file and line.

The papers' own output files are read too: a JSON array instead of JSONL;
`query_id`/`task_id` for the id; MIRAGE's `model_predictions` (a string or a
one-element list) and mtRAG's `predictions: [{"text"}]` for the answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_json, write_jsonl_atomic


class ContextPassage(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str | None = None
    text: str


class Prediction(BaseModel):
    """One system answer. `error` is set (and `answer` empty) when the system failed on this query."""

    model_config = ConfigDict(frozen=True)
    id: str
    answer: str
    contexts: list[ContextPassage] = Field(default_factory=list)
    raw: str | None = Field(default=None, description="The unprocessed model output, when it differs from answer.")
    error: str | None = None

    @property
    def context_texts(self) -> tuple[str, ...]:
        return tuple(c.text for c in self.contexts)


def _context(value: Any, path: Path, line: int, index: int) -> ContextPassage:
    where = f"$.contexts[{index}]"
    if isinstance(value, str):
        return ContextPassage(text=value)
    if not isinstance(value, dict) or not isinstance(value.get("text"), str):
        raise InputError("a context must be a string or an object with a string 'text'", path=path, line=line,
                         json_path=where)
    cid = value.get("id", value.get("document_id"))
    return ContextPassage(id=None if cid is None else str(cid), text=value["text"])


def _answer_of(record: dict[str, Any]) -> Any:
    if "model_predictions" in record:  # MIRAGE
        value = record["model_predictions"]
        return value[0] if isinstance(value, list) and value else value
    if isinstance(record.get("predictions"), list):  # mtRAG
        first = record["predictions"][0] if record["predictions"] else None
        return first.get("text") if isinstance(first, dict) else first
    return record.get("answer", record.get("prediction"))


def parse_prediction(record: Any, path: Path, line: int | None, where: str = "$") -> Prediction:
    """Validate one predictions-file record; InputError names the file, line (or JSON path) and field."""
    if not isinstance(record, dict):
        raise InputError("each record must be a JSON object with 'id' and 'answer'", path=path, line=line,
                         json_path=where)
    qid = record.get("id", record.get("query_id", record.get("task_id")))
    if not isinstance(qid, (str, int)) or isinstance(qid, bool) or str(qid) == "":
        raise InputError("missing or invalid 'id' (a string)", path=path, line=line, json_path=f"{where}.id")
    answer = _answer_of(record)
    if not isinstance(answer, str):
        raise InputError("missing or invalid 'answer' (a string)", path=path, line=line, json_path=f"{where}.answer")
    contexts = record.get("contexts", [])
    if contexts is None:
        contexts = []
    if not isinstance(contexts, list):
        raise InputError("'contexts' must be a list", path=path, line=line, json_path=f"{where}.contexts")
    return Prediction(id=str(qid), answer=answer,
                      contexts=[_context(c, path, line, i) for i, c in enumerate(contexts)])


@dataclass(frozen=True)
class PredictionRecord:
    """One record of a predictions file, in file order, with gold answers when the file carries them."""

    prediction: Prediction
    answers: tuple[str, ...] | None
    line: int | None
    where: str


def _gold_of(record: dict[str, Any]) -> tuple[str, ...] | None:
    gold = record.get("answers", record.get("answer") if "model_predictions" in record else None)
    if gold is None and isinstance(record.get("targets"), list):
        gold = [t.get("text") for t in record["targets"] if isinstance(t, dict)]
    if isinstance(gold, str):
        return (gold,)
    if isinstance(gold, list):
        return tuple(str(g) for g in gold if g is not None)
    return None


def load_prediction_records(path: str | Path) -> list[PredictionRecord]:
    """Every record of a predictions file (JSONL or a JSON array), duplicates kept, in order."""
    p = Path(path)
    out: list[PredictionRecord] = []
    if p.suffix == ".json":
        data = read_json(p)
        if not isinstance(data, list):
            raise InputError("a .json predictions file must hold a JSON array of records", path=p, json_path="$")
        for i, record in enumerate(data):
            out.append(PredictionRecord(parse_prediction(record, p, None, f"$[{i}]"),
                                        _gold_of(record) if isinstance(record, dict) else None, None, f"$[{i}]"))
    else:
        for line, record in iter_jsonl(p):
            out.append(PredictionRecord(parse_prediction(record, p, line), _gold_of(record), line, "$"))
    if not out:
        raise InputError("the predictions file holds no predictions", path=p)
    return out


def load_predictions(path: str | Path) -> dict[str, Prediction]:
    """Read a predictions JSONL file into id -> Prediction.

    Raises:
        InputError: invalid JSON, a missing/invalid field, or an id given twice (with file and line).
    """
    p = Path(path)
    out: dict[str, Prediction] = {}
    first: dict[str, str] = {}
    for rec in load_prediction_records(p):
        pred = rec.prediction
        at = f"line {rec.line}" if rec.line is not None else rec.where
        if pred.id in out:
            raise InputError(f"id {pred.id!r} appears twice (first at {first[pred.id]})", path=p, line=rec.line,
                             json_path=f"{rec.where}.id")
        out[pred.id] = pred
        first[pred.id] = at
    return out


def write_predictions(path: str | Path, predictions: Iterable[Prediction]) -> None:
    """Write predictions as JSONL, atomically."""
    write_jsonl_atomic(path, [p.model_dump(mode="json", exclude_none=True) for p in predictions])
