"""A benchmark folder opened for review: its items (any kind), its corpus, and what each item shows and may edit.

Any benchsmith benchmark folder works: benchmark.json names the generator and
the corpus folder (`corpus_dir`, relative to the benchmark), items.jsonl holds
one item per line with its `kind`, and every kind exposes `evidence_refs()`.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from benchsmith.corpora.store import Corpus, load_corpus_dir
from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_json
from benchsmith.outdir import check_complete, read_marker
from benchsmith.schemas import SCHEMAS
from benchsmith.types import Chunk

REVIEW_DIR = "review"

# Per kind: the fields the page shows as question, answer and type labels, and which of them may be edited.
# A kind not listed here (a plugin's) falls back to the first of the usual names its model has.
_QUESTION = ("query", "question")
_ANSWER = ("answer", "answers")
_LABELS = ("question_type", "question_types", "reasoning_types")
_TURN_EDITABLE = ("user", "rewrite", "response", "question_types", "answerability")


@dataclass
class ReviewBench:
    """One benchmark folder and its corpus, loaded for review."""

    root: Path
    manifest: dict[str, Any]
    items: list[BaseModel]
    corpus: Corpus
    corpus_dir: Path
    records: dict[str, dict[str, Any]] = field(default_factory=dict)  # item_id -> the item as generated (JSON)

    @property
    def kind(self) -> str:
        return self.items[0].kind if self.items else ""  # type: ignore[attr-defined]

    @property
    def generator(self) -> str:
        return str(self.manifest.get("generator") or "")

    @property
    def review_dir(self) -> Path:
        return self.root / REVIEW_DIR

    @cached_property
    def by_id(self) -> dict[str, BaseModel]:
        return {i.item_id: i for i in self.items}  # type: ignore[attr-defined]

    @cached_property
    def index(self):
        from benchsmith.validators import CorpusIndex

        return CorpusIndex(self.corpus.documents, self.corpus.chunks)

    def model_for(self, record: dict[str, Any]) -> type[BaseModel]:
        return SCHEMAS.get(record.get("kind") or self.kind)


def _item_chunks(item: Any) -> list[Chunk]:
    """Chunks an item carries itself (MIRAGE pools cut at generation time), for grounding checks."""
    out = []
    for c in getattr(item, "chunks", None) or []:
        if all(hasattr(c, a) for a in ("chunk_id", "doc_id", "span", "text")):
            out.append(Chunk(chunk_id=c.chunk_id, doc_id=c.doc_id, text=c.text, span=c.span, index=0,
                             n_tokens=len(c.text.split()), title=getattr(c, "doc_name", "") or ""))
    return out


def load_bench(path: str | Path, *, corpus: str | Path | None = None) -> ReviewBench:
    """Open a benchmark folder written by `benchsmith generate` (complete, as its marker says).

    Args:
        path: the benchmark folder.
        corpus: an ingested corpus folder, overriding benchmark.json's `corpus_dir`.
    """
    root = Path(path)
    if not root.is_dir():
        raise InputError("not a benchmark folder (review takes the folder `benchsmith generate --out` wrote)", path=root)
    if read_marker(root) is not None:
        check_complete(root)
    manifest_path = root / "benchmark.json"
    if not manifest_path.is_file():
        raise InputError("no benchmark.json: review takes a benchmark folder written by `benchsmith generate`", path=root)
    manifest = read_json(manifest_path)
    if not isinstance(manifest, dict):
        raise InputError("benchmark.json must be an object", path=manifest_path, json_path="$")
    items_path = root / str(manifest.get("items") or "items.jsonl")
    items: list[BaseModel] = []
    records: dict[str, dict[str, Any]] = {}
    for line, record in iter_jsonl(items_path):
        kind = record.get("kind") if isinstance(record, dict) else None
        if not isinstance(kind, str) or kind not in SCHEMAS:
            raise InputError(f"item has no known kind ({kind!r})", path=items_path, line=line, json_path="$.kind")
        try:
            item = SCHEMAS.get(kind).model_validate(record)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = "$." + ".".join(str(p) for p in first["loc"])
            raise InputError(f"invalid {kind}: {first['msg']}", path=items_path, line=line, json_path=where) from None
        if item.item_id in records:  # type: ignore[attr-defined]
            raise InputError(f"duplicate item_id {item.item_id!r}", path=items_path, line=line)  # type: ignore[attr-defined]
        records[item.item_id] = item.model_dump(mode="json")  # type: ignore[attr-defined]
        items.append(item)
    if corpus is not None:
        corpus_dir = Path(corpus)
    elif manifest.get("corpus_dir"):
        given = Path(str(manifest["corpus_dir"]))
        corpus_dir = given if given.is_absolute() else root / given
    else:
        raise InputError("benchmark.json names no corpus_dir; pass the ingested corpus with --corpus", path=manifest_path)
    if not corpus_dir.is_dir():
        raise InputError("the benchmark's corpus folder is not there (moved?); pass it with --corpus", path=corpus_dir)
    store = load_corpus_dir(corpus_dir)
    known = {c.chunk_id for c in store.chunks}
    extra = {c.chunk_id: c for i in items for c in _item_chunks(i) if c.chunk_id not in known}
    if extra:
        store = Corpus(store.documents, store.chunks + list(extra.values()), store.manifest)
    return ReviewBench(root=root, manifest=manifest, items=items, corpus=store, corpus_dir=corpus_dir, records=records)


# -- what the page shows ---------------------------------------------------------------------------


def _first(model: type[BaseModel], names: tuple[str, ...]) -> str | None:
    return next((n for n in names if n in model.model_fields), None)


def _options(annotation: Any) -> tuple[str, list[str]]:
    """('choice', options) for a Literal, ('choices', options) for a list of one, else ('text' | 'lines', [])."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return "choice", [str(a) for a in typing.get_args(annotation)]
    if origin is list:
        (inner,) = typing.get_args(annotation) or (str,)
        if typing.get_origin(inner) is typing.Literal:
            return "choices", [str(a) for a in typing.get_args(inner)]
        return "lines", []
    return "text", []


def _spec(model: type[BaseModel], name: str, path: str, label: str, value: Any) -> dict[str, Any]:
    kind, options = _options(model.model_fields[name].annotation)
    if kind == "text" and (name in ("response", "query", "question", "user", "rewrite") or len(str(value)) > 80):
        kind = "longtext"
    return {"path": path, "label": label, "type": kind, "options": options, "value": value}


def editable_fields(model: type[BaseModel], record: dict[str, Any]) -> list[dict[str, Any]]:
    """The fields a reviewer may edit (question, answer, type labels; per turn for conversations), with their values."""
    specs = []
    for names in (_QUESTION, _ANSWER, _LABELS):
        name = _first(model, names)
        if name is not None:
            specs.append(_spec(model, name, name, name.replace("_", " "), record.get(name)))
    turns = model.model_fields.get("turns")
    if turns is not None and isinstance(record.get("turns"), list):
        (turn_model,) = typing.get_args(turns.annotation)
        for i, turn in enumerate(record["turns"]):
            for name in _TURN_EDITABLE:
                if name in turn_model.model_fields:
                    specs.append(_spec(turn_model, name, f"turns.{i}.{name}", f"turn {i + 1} {name.replace('_', ' ')}",
                                       turn.get(name)))
    return specs


def _labels(record: dict[str, Any], model: type[BaseModel]) -> list[str]:
    name = _first(model, _LABELS)
    if name is not None:
        value = record.get(name)
        return [str(v) for v in value] if isinstance(value, list) else [str(value)]
    turns = record.get("turns")
    if isinstance(turns, list):
        return sorted({t for turn in turns for t in turn.get("question_types", [])})
    return [str(record["source"])] if record.get("source") else []


def item_view(bench: ReviewBench, record: dict[str, Any]) -> dict[str, Any]:
    """The item as the page shows it: question or turns, answer, labels, evidence inside its documents."""
    model = bench.model_for(record)
    item = model.model_validate(record)
    docs = bench.corpus.documents_by_id
    used_in: dict[str, list[int]] = {}  # for conversations: the turns whose response rests on each passage
    for turn in record.get("turns") or []:
        for c in turn.get("contexts") or []:
            if c.get("relevance"):
                used_in.setdefault(c.get("chunk_id"), []).append(turn.get("turn"))
    evidence, documents = [], {}
    for ref in item.evidence_refs():  # type: ignore[attr-defined]
        doc = docs.get(ref.doc_id)
        evidence.append({"doc_id": ref.doc_id, "chunk_id": ref.chunk_id, "start": ref.span.start, "end": ref.span.end,
                         "text": ref.text, "found": doc is not None and doc.text[ref.span.start:ref.span.end] == ref.text,
                         "turns": used_in.get(ref.chunk_id, [])})
        if doc is not None and doc.doc_id not in documents:
            documents[doc.doc_id] = {"title": doc.title, "text": doc.text, "source": doc.source, "url": doc.url}
    question_field, answer_field = _first(model, _QUESTION), _first(model, _ANSWER)
    turns = [{k: t.get(k) for k in ("turn", "user", "rewrite", "response", "question_types", "answerability", "multi_turn")}
             for t in record.get("turns") or []]
    return {
        "details": _details(record),
        "item_id": record["item_id"], "kind": record.get("kind"),
        "question": record.get(question_field) if question_field else None,
        "answer": record.get(answer_field) if answer_field else None,
        "labels": _labels(record, model), "turns": turns, "evidence": evidence, "documents": documents,
        "fields": editable_fields(model, record),
    }


def _details(record: dict[str, Any]) -> list[str]:
    """What else a reviewer needs to judge the item: how a computed answer was derived, how a query was mapped."""
    out = []
    derivation = record.get("derivation")
    if isinstance(derivation, dict):
        out += [str(s) for s in derivation.get("steps") or []]
    mapping = record.get("mapping")
    if isinstance(mapping, dict) and mapping.get("method"):
        out.append(f"mapped to {record.get('doc_name') or record.get('doc_id')} by {mapping['method']} "
                   f"(score {mapping.get('score')})")
    if record.get("base_answer") is not None:
        out.append(f"closed-book answer: {record['base_answer']} ({'correct' if record.get('base_correct') else 'wrong'})")
    if record.get("as_of"):
        out.append(f"as of {record['as_of']}")
    return out


def labels_of(bench: ReviewBench, record: dict[str, Any]) -> list[str]:
    return _labels(record, bench.model_for(record))
