"""The reviewed benchmark: decisions and edits from the trail applied, written in every format of its generator.

    benchmark.json, items.jsonl, qrels.tsv   a benchsmith benchmark (evaluate, validate and review read it)
    <the generator's own formats>            MultiHopRAG.json, mtrag/..., frames.jsonl, dataset.json + doc_pool.json
                                             + oracle.json: the same `Generator.exports` that `generate` writes
    review.json                              what was kept and why: status per item, counts, reviewer agreement

The folder is written beside the target and swapped in whole (the core's
`replacing_dir`), so a crash leaves either the old folder or the new one.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import dumps
from benchsmith.generators.core.generator import ExportSettings, Generator, all_generators
from benchsmith.generators.core.writer import qrels_text
from benchsmith.outdir import replacing_dir
from benchsmith.review.agreement import pairwise
from benchsmith.review.items import ReviewBench
from benchsmith.review.session import TRAIL_FILE, final_status
from benchsmith.review.trail import Trail, item_version, replay

#: The name of each builtin generator's own format, accepted by --format besides `all`, `benchsmith` and `native`.
PAPER_FORMATS = {"multihop": "multihop-rag", "conversations": "mtrag", "frames": "frames", "mirage": "mirage"}


@dataclass
class Reviewed:
    items: list[Any]
    statuses: dict[str, str]  # item_id -> accepted / rejected / disputed / undecided
    edited: list[str]
    unknown_ids: list[str]  # trail records about items not in the benchmark


def reviewed_items(bench: ReviewBench, *, accepted_only: bool) -> Reviewed:
    """The items with their latest edits, in benchmark order: accepted ones (`accepted_only`) or all but rejected."""
    states = replay(Trail(bench.review_dir / TRAIL_FILE, repair=False).records())
    items, statuses, edited = [], {}, []
    for item_id, original in bench.records.items():
        state = states.get(item_id)
        current = state.current(original) if state is not None else None
        record = current if current is not None else original
        status = final_status(state.decisions if state else {}, item_version(record))
        statuses[item_id] = status
        if current is not None:
            edited.append(item_id)
        if status == "accepted" or (not accepted_only and status == "undecided"):
            items.append(bench.model_for(record).model_validate(record))
    return Reviewed(items, statuses, edited, sorted(set(states) - set(bench.records)))


def formats_for(generator: str) -> list[str]:
    return ["all", "benchsmith", "native", *([PAPER_FORMATS[generator]] if generator in PAPER_FORMATS else [])]


def _generator(bench: ReviewBench) -> Generator:
    generators = all_generators()
    if bench.generator not in generators:
        raise InputError(f"benchmark.json names generator {bench.generator!r}, which is not installed "
                         f"(known: {', '.join(sorted(generators))})", path=bench.root / "benchmark.json")
    return generators[bench.generator]


def _check_out(bench: ReviewBench, out: Path) -> None:
    root, target = bench.root.resolve(), out.resolve()
    if target == root or root in target.parents:
        raise InputError("--out lies inside the benchmark folder; export to a folder outside it", path=out)


def _manifest(bench: ReviewBench, out: Path, reviewed: Reviewed, corpus_ref: str, qrels: int) -> dict[str, Any]:
    manifest = dict(bench.manifest)
    counts = dict(manifest.get("counts") or {})
    by_type: dict[str, int] = {}
    for item in reviewed.items:
        for label in _type_labels(item):
            by_type[label] = by_type.get(label, 0) + 1
    counts.update({"generated": len(bench.items), "produced": len(reviewed.items), "by_type": by_type, "qrels": qrels})
    manifest.update({"name": f"{manifest.get('name') or bench.root.name}-reviewed", "corpus_dir": corpus_ref,
                     "counts": counts, "items": "items.jsonl", "qrels": "qrels.tsv"})
    return manifest


def _type_labels(item: Any) -> list[str]:
    for name in ("question_type", "reasoning_types"):
        value = getattr(item, name, None)
        if value:
            return [value] if isinstance(value, str) else list(value)
    return [getattr(item, "kind", "item")]


def _write(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(value, str):
        path.write_text(value, encoding="utf-8")
    elif path.suffix == ".jsonl":
        path.write_text("".join(dumps(r) + "\n" for r in value), encoding="utf-8")
    else:
        path.write_text(json.dumps(value, ensure_ascii=False, indent=1, default=str) + "\n", encoding="utf-8")


def export_reviewed(bench: ReviewBench, out: str | Path, *, accepted_only: bool = True, fmt: str = "all") -> dict[str, Any]:
    """Write the reviewed benchmark to `out`; returns the review summary written as review.json."""
    out = Path(out)
    generator = _generator(bench)
    allowed = formats_for(bench.generator)
    if fmt not in allowed:
        raise InputError(f"--format {fmt!r} is not a format of the {bench.generator} generator; one of {', '.join(allowed)}")
    _check_out(bench, out)
    reviewed = reviewed_items(bench, accepted_only=accepted_only)
    if not reviewed.items:
        wanted = "accepted" if accepted_only else "not rejected"
        raise InputError(f"no item is {wanted} yet ({len(bench.items)} items; review them with `benchsmith review "
                         f"{bench.root}`); nothing was written")
    states = replay(Trail(bench.review_dir / TRAIL_FILE, repair=False).records())
    decisions = {i: {r: d.action for r, d in s.decisions.items()} for i, s in states.items() if i in bench.records}
    summary = {
        "source": str(bench.root), "generator": bench.generator, "selection": "accepted" if accepted_only else "not rejected",
        "items_in_source": len(bench.items), "items_exported": len(reviewed.items),
        "by_status": {s: list(reviewed.statuses.values()).count(s) for s in ("accepted", "rejected", "disputed", "undecided")},
        "edited_exported": [i.item_id for i in reviewed.items if i.item_id in reviewed.edited],
        "agreement": [p.as_dict() for p in pairwise(decisions)],
        "statuses": reviewed.statuses,
    }
    if reviewed.unknown_ids:
        summary["trail_ids_not_in_benchmark"] = reviewed.unknown_ids
    corpus_inside = bench.root.resolve() in bench.corpus_dir.resolve().parents
    settings = ExportSettings(documents=bench.corpus.documents_by_id, settings=bench.manifest.get("config") or {},
                              counts=bench.manifest.get("counts") or {})
    with replacing_dir(out, inputs=(bench.root, bench.corpus_dir)) as tmp:
        if fmt in ("all", "benchsmith"):
            corpus_ref = os.path.relpath(bench.corpus_dir.resolve(), out.resolve())
            if corpus_inside:  # a corpus the generator wrote into the benchmark travels with the export
                shutil.copytree(bench.corpus_dir, tmp / "corpus")
                corpus_ref = "corpus"
            qrels = qrels_text(generator, reviewed.items)
            _write(tmp / "items.jsonl", [i.model_dump(mode="json") for i in reviewed.items])
            (tmp / "qrels.tsv").write_text(qrels, encoding="utf-8")
            _write(tmp / "benchmark.json", _manifest(bench, out, reviewed, corpus_ref, qrels.count("\n")))
        if fmt != "benchsmith":
            for name, value in generator.exports(reviewed.items, settings).items():
                _write(tmp / name, value)
        _write(tmp / "review.json", summary)
    return summary
