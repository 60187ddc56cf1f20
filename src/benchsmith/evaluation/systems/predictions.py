"""The predictions file: one JSON object per line, {"id", "answer", "contexts"?}.

`contexts` is optional: a list of passage texts or of {"id"?, "text"} objects,
in the order the system used them. Bad lines are reported with file and line.

The papers' own output files are read too, as their scripts read them: a JSON
array instead of JSONL, or a TSV/CSV with a header (FRAMES' test.tsv with a model
answer column); `query_id`/`task_id`/`unique_id` for the id, or no id at all and the
query text (`query`, MultiHop-RAG's QA output; `Prompt`, FRAMES) to match on;
MIRAGE's `model_predictions` (a string or a one-element list), mtRAG's
`predictions: [{"text"}]`, MultiHop-RAG's `model_answer` and the other names in
`ANSWER_FIELDS` for the answer.
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


ID_FIELDS = ("id", "query_id", "task_id", "unique_id")
QUERY_FIELDS = ("query", "question", "Prompt")
# model-answer columns; "answer" comes last because MIRAGE and MultiHop-RAG use it for the gold answer
ANSWER_FIELDS = ("model_answer", "prediction", "predicted_answer", "model_response", "response", "output",
                 "generated_answer", "answer")


class Prediction(BaseModel):
    """One system answer. `error` is set (and `answer` empty) when the system failed on this query.

    `id` is empty when the file names the query only by its text (`query`).
    """

    model_config = ConfigDict(frozen=True)
    id: str
    answer: str
    query: str | None = Field(default=None, description="The query text, when the file gives it.")
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


def model_answer_field(record: dict[str, Any], override: str | None = None) -> str | None:
    """The field holding the system's answer (`override` when given), by the peers' names; None when there is none."""
    if override:
        return override if override in record else None
    if "model_predictions" in record:  # MIRAGE
        return "model_predictions"
    if isinstance(record.get("predictions"), list):  # mtRAG
        return "predictions"
    gold_answer = "model_predictions" in record or "gold_answer" in record
    return next((f for f in ANSWER_FIELDS if f in record and not (f == "answer" and gold_answer)), None)


def _answer_of(record: dict[str, Any], override: str | None = None) -> Any:
    field_name = model_answer_field(record, override)
    value = record.get(field_name) if field_name else None
    if field_name == "model_predictions":
        return value[0] if isinstance(value, list) and value else value
    if field_name == "predictions":
        first = value[0] if value else None
        return first.get("text") if isinstance(first, dict) else first
    return value


def parse_prediction(record: Any, path: Path, line: int | None, where: str = "$", answer_field: str | None = None) -> Prediction:
    """Validate one predictions-file record; InputError names the file, line (or JSON path) and field."""
    if not isinstance(record, dict):
        raise InputError("each record must be a JSON object with 'id' and 'answer'", path=path, line=line,
                         json_path=where)
    qid = next((record[f] for f in ID_FIELDS if record.get(f) not in (None, "")), None)
    query = next((record[f] for f in QUERY_FIELDS if isinstance(record.get(f), str) and record[f].strip()), None)
    if qid is None and query is not None:
        qid = ""  # matched on the query text
    if not isinstance(qid, (str, int)) or isinstance(qid, bool) or (str(qid) == "" and query is None):
        raise InputError(f"missing or invalid 'id' (a string; or the query text in one of {', '.join(QUERY_FIELDS)})",
                         path=path, line=line, json_path=f"{where}.id")
    answer = _answer_of(record, answer_field)
    if not isinstance(answer, str):
        names = repr(answer_field) if answer_field else f"one of: model_predictions, predictions[0].text, {', '.join(ANSWER_FIELDS)}"
        raise InputError(f"missing or invalid 'answer' (a string in {names}; name another field with --answer-field)",
                         path=path, line=line,
                         json_path=f"{where}.{answer_field or 'answer'}")
    contexts = record.get("contexts", [])
    if contexts is None:
        contexts = []
    if not isinstance(contexts, list):
        raise InputError("'contexts' must be a list", path=path, line=line, json_path=f"{where}.contexts")
    return Prediction(id=str(qid), answer=answer, query=query,
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


def load_prediction_records(path: str | Path, *, answer_field: str | None = None) -> list[PredictionRecord]:
    """Every record of a predictions file (JSONL or a JSON array), duplicates kept, in order."""
    p = Path(path)
    out: list[PredictionRecord] = []
    if p.suffix in (".tsv", ".csv"):
        for line, record in _table_rows(p):
            out.append(PredictionRecord(parse_prediction(record, p, line, answer_field=answer_field), None, line, "$"))
    elif p.suffix == ".json":
        data = read_json(p)
        if not isinstance(data, list):
            raise InputError("a .json predictions file must hold a JSON array of records", path=p, json_path="$")
        for i, record in enumerate(data):
            out.append(PredictionRecord(parse_prediction(record, p, None, f"$[{i}]", answer_field),
                                        _gold_of(record) if isinstance(record, dict) else None, None, f"$[{i}]"))
    else:
        for line, record in iter_jsonl(p):
            out.append(PredictionRecord(parse_prediction(record, p, line, answer_field=answer_field), _gold_of(record), line, "$"))
    if not out:
        raise InputError("the predictions file holds no predictions", path=p)
    return out


def _table_rows(path: Path) -> list[tuple[int, dict[str, Any]]]:
    import csv
    import io

    from benchsmith.fileio import read_text

    reader = csv.DictReader(io.StringIO(read_text(path)), delimiter="\t" if path.suffix == ".tsv" else ",")
    return [(reader.line_num, row) for row in reader]


def _first_record(path: Path) -> Any:
    import json

    if not path.is_file():
        return None
    try:
        if path.suffix in (".tsv", ".csv"):
            rows = _table_rows(path)
            return rows[0][1] if rows else None
        if path.suffix == ".json":
            data = read_json(path)
            return data[0] if isinstance(data, list) and data else None
        with path.open(encoding="utf-8-sig") as fh:
            return next((json.loads(line) for line in fh if line.strip()), None)
    except (InputError, OSError, ValueError):
        return None


def holds_model_answers(path: str | Path, answer_field: str | None = None) -> bool:
    """Whether a benchmark file also carries model answers (mtRAG `predictions`, a model-answer column)."""
    record = _first_record(Path(path))
    if not isinstance(record, dict):
        return False
    field_name = model_answer_field(record, answer_field)
    return field_name is not None and field_name != "answer"


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
