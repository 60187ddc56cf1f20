"""The validators of an item's kind, run on the item as generated and again on every edit.

An edit is refused, with the reasons, when the edited item fails its schema, when
a validator that applies to its kind reports an error the item did not have
before, or when the answer loses its grounding (it was in the evidence and the
edited one is not).
"""

from __future__ import annotations

import copy
from dataclasses import asdict
from typing import Any

from pydantic import ValidationError

from benchsmith.errors import BenchsmithError
from benchsmith.review.items import ReviewBench, editable_fields
from benchsmith.text import contains_phrase
from benchsmith.validators import Issue, ValidationContext, names_for, run_validators

# Run-wide checks that need every other item of a run; they say nothing about one edit.
RUN_WIDE = ("dedup.query",)
_NO_GROUNDING = frozenset({"yes", "no", "insufficient information", "insufficient information."})


class EditRefused(BenchsmithError):
    """An edit the validators reject; `reasons` are shown on the page."""

    def __init__(self, reasons: list[str]) -> None:
        self.reasons = reasons
        super().__init__("edit refused: " + "; ".join(reasons))


def validation_context(bench: ReviewBench) -> ValidationContext:
    """The settings the kind's generator validated with, read back from benchmark.json."""
    config = bench.manifest.get("config") or {}
    kind = bench.kind
    if kind == "frames_item":
        return ValidationContext(bench.index, evidence_range=(2, 15))
    if kind == "conversation":
        return ValidationContext(bench.index, settings={"max_unanswerable": config.get("max_unanswerable", 2)})
    evidence = config.get("evidence")
    if isinstance(evidence, list) and len(evidence) == 2 and all(isinstance(v, int) for v in evidence):
        return ValidationContext(bench.index, evidence_range=(evidence[0], evidence[1]))
    return ValidationContext(bench.index)


def check_item(bench: ReviewBench, item: Any, ctx: ValidationContext | None = None) -> list[Issue]:
    """Every issue the validators that apply to the item's kind raise."""
    return run_validators(item, ctx or validation_context(bench), names_for(item.kind, exclude=RUN_WIDE))


def issue_dict(issue: Issue) -> dict[str, str]:
    return {"code": issue.code, "severity": issue.severity, "message": issue.message, "validator": issue.validator}


def difficulty(bench: ReviewBench, item: Any) -> dict[str, Any]:
    """The difficulty figures of one item: copied span, overlaps, BM25 rank of its gold documents."""
    from benchsmith.validators.difficulty import BenchItem, item_card

    refs = item.evidence_refs()
    question = getattr(item, "query", None) or (item.dedup_text() if hasattr(item, "dedup_text") else "")
    answer = getattr(item, "answer", None) or next(iter(getattr(item, "answers", None) or []), "")
    labels = getattr(item, "question_type", None) or ",".join(getattr(item, "reasoning_types", None) or [])
    anchors = ((item.provenance.extra or {}).get("computation", {}) or {}).get("anchors", []) if item.provenance else []
    bench_item = BenchItem(item.item_id, question, str(answer), str(labels), [r.text for r in refs],
                           list(dict.fromkeys(r.doc_id for r in refs)), list(anchors))
    docs = {d: bench.corpus.documents_by_id[d].text for d in bench_item.gold_docs if d in bench.corpus.documents_by_id}
    card = asdict(item_card(bench_item, index=bench.index if refs else None, documents=docs))
    card.pop("item_id", None)
    card.pop("question_type", None)
    return card


# -- edits -----------------------------------------------------------------------------------------


def _set(record: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    target: Any = record
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    target[parts[-1]] = value


def _coerce(spec: dict[str, Any], value: Any) -> Any:
    """The submitted value in the field's own shape; a bad value is a refusal naming the field."""
    label = spec["label"]
    if spec["type"] == "choice":
        if value not in spec["options"]:
            raise EditRefused([f"{label}: {value!r} is not one of {', '.join(spec['options'])}"])
        return value
    if spec["type"] in ("choices", "lines"):
        if isinstance(value, str):
            value = [v.strip() for v in value.splitlines()]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise EditRefused([f"{label}: expected a list of strings"])
        value = [v.strip() for v in value if v.strip()]
        bad = [v for v in value if spec["options"] and v not in spec["options"]]
        if bad:
            raise EditRefused([f"{label}: {', '.join(map(repr, bad))} not among {', '.join(spec['options'])}"])
        return value
    if not isinstance(value, str):
        raise EditRefused([f"{label}: expected text"])
    value = value.strip()
    if not value:
        raise EditRefused([f"{label}: may not be empty"])
    return value


def apply_changes(bench: ReviewBench, record: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The record with the submitted field values; only the editable fields may change."""
    if not isinstance(changes, dict) or not changes:
        raise EditRefused(["nothing to change"])
    model = bench.model_for(record)
    specs = {s["path"]: s for s in editable_fields(model, record)}
    out = copy.deepcopy(record)
    for path, value in changes.items():
        spec = specs.get(path)
        if spec is None:
            raise EditRefused([f"{path!r} is not an editable field of this item"])
        _set(out, path, _coerce(spec, value))
    return out


def _answers(item: Any) -> list[str]:
    if isinstance(getattr(item, "answers", None), list):
        return [a for a in item.answers if a]
    answer = getattr(item, "answer", None)
    return [answer] if isinstance(answer, str) and answer.strip().lower() not in _NO_GROUNDING else []


def _grounding(bench: ReviewBench, item: Any) -> int:
    """2: an answer occurs in the evidence text; 1: in an evidence document; 0: in neither."""
    refs = item.evidence_refs()
    answers = _answers(item)
    if any(contains_phrase(r.text, a) for r in refs for a in answers):
        return 2
    docs = bench.corpus.documents_by_id
    if any(r.doc_id in docs and contains_phrase(docs[r.doc_id].text, a) for r in refs for a in answers):
        return 1
    return 0


def check_edit(bench: ReviewBench, before: dict[str, Any], after: dict[str, Any]) -> tuple[Any, list[Issue]]:
    """The edited item and its issues, or EditRefused with every reason it may not be saved."""
    model = bench.model_for(after)
    try:
        edited = model.model_validate(after)
    except ValidationError as exc:
        raise EditRefused([f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]) from None
    original = model.model_validate(before)
    ctx = validation_context(bench)
    had = {(i.validator, i.code) for i in check_item(bench, original, ctx) if i.is_error}
    issues = check_item(bench, edited, ctx)
    reasons = [f"{i.validator}: {i.message} ({i.code})" for i in issues if i.is_error and (i.validator, i.code) not in had]
    if _answers(edited) and _grounding(bench, edited) < _grounding(bench, original):
        where = "evidence" if _grounding(bench, original) == 2 else "evidence documents"
        reasons.append(f"review.answer_grounded: the answer no longer occurs in the {where} "
                       f"(was {', '.join(map(repr, _answers(original)))})")
    if reasons:
        raise EditRefused(reasons)
    return edited, issues
