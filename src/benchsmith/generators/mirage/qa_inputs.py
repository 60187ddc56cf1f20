"""QA pairs in: JSONL / CSV with a field mapping, MIRAGE dataset.json, PopQA, NQ, TriviaQA and benchsmith benchmarks.

Every reader yields `QAPair`s; a record it cannot read is an InputError naming the
file and line (JSONL, CSV) or JSON path (JSON files), never a skipped row.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_json, read_text
from benchsmith.types import content_id

#: Field names tried, in order, when the user maps none (PopQA, NQ-open, MIRAGE, BEIR queries, ...).
DEFAULT_FIELDS: dict[str, tuple[str, ...]] = {
    "question": ("question", "query", "Question", "question_text", "text"),
    "answer": ("answers", "answer", "possible_answers", "Answer", "answer_aliases"),
    "title": ("doc_name", "title", "s_wiki_title", "wiki_title", "document_title", "page"),
    "url": ("doc_url", "url", "document_url"),
    "doc_id": ("doc_id", "document_id"),
    "id": ("query_id", "id", "_id", "qid", "QuestionId", "example_id"),
    "source": ("source", "dataset"),
}
FORMATS = ("auto", "jsonl", "csv", "mirage", "triviaqa", "nq", "benchsmith")
_TURN_PREFIX = "|user|:"


@dataclass(frozen=True)
class QAPair:
    """One question with its answer aliases and, when the dataset has one, its reference document."""

    query_id: str
    question: str
    answers: tuple[str, ...]
    title: str | None = None
    url: str | None = None
    doc_id: str | None = None
    source: str = ""
    where: str = ""


def parse_field_mapping(pairs: Iterable[str]) -> dict[str, str]:
    """`["question=Q", "answer=A"]` -> {"question": "Q", "answer": "A"}; unknown targets are an error."""
    mapping: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key or not value.strip():
            raise InputError(f"--field: expected TARGET=SOURCE_FIELD, got {pair!r}")
        if key not in DEFAULT_FIELDS:
            raise InputError(f"--field: unknown target {key!r}; known: {', '.join(DEFAULT_FIELDS)}")
        mapping[key] = value.strip()
    return mapping


def answer_aliases(value: Any) -> list[str]:
    """Aliases from a list, a JSON-list string (PopQA's possible_answers), a TriviaQA answer object or a string."""
    if value is None:
        return []
    if isinstance(value, Mapping):
        found = [value.get("Value") or value.get("value") or value.get("text")]
        found += list(value.get("Aliases") or value.get("aliases") or [])
        return _unique(str(v) for v in found if v)
    if isinstance(value, (list, tuple)):
        return _unique(a for v in value for a in answer_aliases(v))
    text = str(value).strip()
    if text.startswith("[") and text.endswith("]"):
        try:
            return answer_aliases(json.loads(text))
        except json.JSONDecodeError:
            pass
    return [text] if text else []


def _unique(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(v.strip() for v in values if v and v.strip()))


def last_user_turn(text: str) -> str:
    """The last user turn of a conversation written as `|user|: ...` lines (mtRAG/ClapNQ question files)."""
    if _TURN_PREFIX not in text:
        return text.strip()
    turns = [t.strip() for t in text.split(_TURN_PREFIX) if t.strip()]
    return turns[-1] if turns else text.strip()


def _pick(record: Mapping[str, Any], target: str, mapping: Mapping[str, str]) -> Any:
    if target in mapping:
        return _dotted(record, mapping[target])
    for name in DEFAULT_FIELDS[target]:
        if name in record and record[name] not in (None, ""):
            return record[name]
    return None


def _dotted(record: Mapping[str, Any], name: str) -> Any:
    value: Any = record
    for part in name.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def pair_from_record(record: Any, mapping: Mapping[str, str], *, path: Path, where: str, line: int | None = None,
                     index: int = 0) -> QAPair:
    """One QA pair from a flat record; the mapped (or first known) fields give question, answers, title, ..."""
    if not isinstance(record, Mapping):
        raise InputError(f"expected an object, got {type(record).__name__}", path=path, line=line, json_path=where or None)
    question = _pick(record, "question", mapping)
    if not isinstance(question, str) or not question.strip():
        wanted = mapping.get("question") or " / ".join(DEFAULT_FIELDS["question"])
        raise InputError(f"no question (field {wanted}); map it with --field question=NAME", path=path, line=line,
                         json_path=where or None)
    question = last_user_turn(question)
    qid = _pick(record, "id", mapping)
    qid = str(qid) if qid not in (None, "") else content_id(question, prefix="q-", length=12)
    title = _pick(record, "title", mapping)
    url = _pick(record, "url", mapping)
    doc_id = _pick(record, "doc_id", mapping)
    source = _pick(record, "source", mapping)
    return QAPair(query_id=qid, question=question, answers=tuple(answer_aliases(_pick(record, "answer", mapping))),
                  title=str(title).strip() if title else None, url=str(url) if url else None,
                  doc_id=str(doc_id) if doc_id else None, source=str(source or ""),
                  where=f"{path}:{line}" if line else f"{path} at {where}" if where else str(path))


def read_jsonl(path: Path, mapping: Mapping[str, str]) -> list[QAPair]:
    return [pair_from_record(rec, mapping, path=path, where="", line=line) for line, rec in iter_jsonl(path)]


def read_csv(path: Path, mapping: Mapping[str, str]) -> list[QAPair]:
    text = read_text(path)
    dialect = "excel-tab" if path.suffix.lower() in (".tsv", ".tab") else "excel"
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    out = []
    try:
        for row in reader:
            if None in row:
                raise InputError(f"row has {len(reader.fieldnames or []) + len(row[None])} cells but the header has "
                                 f"{len(reader.fieldnames or [])}", path=path, line=reader.line_num)
            out.append(pair_from_record(row, mapping, path=path, where="", line=reader.line_num))
    except csv.Error as exc:
        raise InputError(f"invalid CSV: {exc}", path=path, line=reader.line_num) from exc
    return out


def _records(data: Any, path: Path, keys: tuple[str, ...]) -> tuple[list[Any], str]:
    if isinstance(data, list):
        return data, "$"
    if isinstance(data, Mapping):
        for key in keys:
            if isinstance(data.get(key), list):
                return data[key], f"$.{key}"
    raise InputError(f"expected a list of records or an object with {' / '.join(keys)}", path=path)


def read_json_records(path: Path, mapping: Mapping[str, str]) -> list[QAPair]:
    """A JSON file holding a list of records (MIRAGE dataset.json, PopQA/NQ exports) or {"queries"|"data": [...]}."""
    records, root = _records(read_json(path), path, ("queries", "data", "Data", "questions"))
    return [pair_from_record(rec, mapping, path=path, where=f"{root}[{i}]") for i, rec in enumerate(records)]


def read_triviaqa(path: Path, mapping: Mapping[str, str]) -> list[QAPair]:
    """TriviaQA's RC JSON: {"Data": [{"Question", "QuestionId", "Answer": {Value, Aliases}, "EntityPages"}]}."""
    records, root = _records(read_json(path), path, ("Data", "data"))
    out = []
    for i, rec in enumerate(records):
        where = f"{root}[{i}]"
        if isinstance(rec, Mapping) and "title" not in mapping:
            pages = rec.get("EntityPages") or rec.get("entity_pages") or []
            if isinstance(pages, Mapping):  # the HF version stores columns: {"title": [...], ...}
                titles = pages.get("title") or []
            else:
                titles = [p.get("Title") for p in pages if isinstance(p, Mapping)]
            if titles:
                rec = {**rec, "title": titles[0]}
        out.append(pair_from_record(rec, mapping, path=path, where=where))
    return out


def nq_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    """NQ simplified (question_text, document_text, annotations with short-answer token spans) to a flat record."""
    tokens = str(rec.get("document_text", "")).split(" ")
    answers = []
    for ann in rec.get("annotations") or []:
        for short in ann.get("short_answers") or []:
            start, end = short.get("start_token"), short.get("end_token")
            if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(tokens):
                answers.append(" ".join(tokens[start:end]))
    flat = {k: v for k, v in rec.items() if k not in ("document_text", "annotations", "long_answer_candidates")}
    flat["answers"] = answers
    return flat


def read_nq(path: Path, mapping: Mapping[str, str]) -> list[QAPair]:
    out = []
    for line, rec in iter_jsonl(path):
        flat = nq_record(rec) if isinstance(rec, Mapping) and "annotations" in rec else rec
        out.append(pair_from_record(flat, mapping, path=path, where="", line=line))
    return out


def read_benchsmith(path: Path, mapping: Mapping[str, str]) -> list[QAPair]:
    """A benchsmith benchmark folder (or its items.jsonl): query, answer(s), first evidence document as reference."""
    items = path / "items.jsonl" if path.is_dir() else path
    if not items.is_file():
        raise InputError("no items.jsonl in this benchmark folder", path=path)
    out = []
    for line, rec in iter_jsonl(items):
        if isinstance(rec, Mapping):
            evidence = [e for e in rec.get("evidence") or [] if isinstance(e, Mapping)]
            rec = {"id": rec.get("item_id"), "source": rec.get("kind", "benchsmith"), **rec}
            if evidence and "doc_id" not in rec:
                rec["doc_id"] = evidence[0].get("doc_id")
                rec.setdefault("title", evidence[0].get("title"))
        out.append(pair_from_record(rec, mapping, path=items, where="", line=line))
    return out


def detect_format(path: Path) -> str:
    if path.is_dir():
        return "benchsmith"
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv", ".tab"):
        return "csv"
    if suffix == ".jsonl":
        head = read_text(path)[:4096]
        return "nq" if '"annotations"' in head and '"document_text"' in head else "jsonl"
    if suffix == ".json":
        head = read_text(path)[:4096]
        return "triviaqa" if '"EntityPages"' in head or '"QuestionId"' in head else "mirage"
    raise InputError("cannot tell the QA file's format from its name; pass --qa-format "
                     + "|".join(FORMATS[1:]), path=path)


_READERS = {"jsonl": read_jsonl, "csv": read_csv, "mirage": read_json_records, "triviaqa": read_triviaqa,
            "nq": read_nq, "benchsmith": read_benchsmith}


def read_qa(path: str | Path, *, fmt: str = "auto", fields: Mapping[str, str] | None = None) -> list[QAPair]:
    """All QA pairs of a file; a repeated query id is an error (its labels would collide in the qrels)."""
    path = Path(path)
    if not path.exists():
        raise InputError("QA file not found", path=path)
    if fmt not in FORMATS:
        raise InputError(f"unknown QA format {fmt!r}; known: {', '.join(FORMATS)}", path=path)
    fmt = detect_format(path) if fmt == "auto" else fmt
    pairs = _READERS[fmt](path, dict(fields or {}))
    seen: dict[str, QAPair] = {}
    for pair in pairs:
        first = seen.get(pair.query_id)
        if first is not None and first.question != pair.question:
            raise InputError(f"query id {pair.query_id!r} is used for two different questions (first at {first.where})",
                             path=pair.where)
        # MIRAGE's own files repeat some records verbatim; a pair with no source is named after its file.
        seen.setdefault(pair.query_id, pair if pair.source else replace(pair, source=path.stem))
    if not seen:
        raise InputError("no QA pairs in this file", path=path)
    return list(seen.values())
