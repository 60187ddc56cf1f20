"""The results document every evaluation writes, and the one writer for it.

A results document is a plain dict (JSON-ready):

    {
      "schema_version": 1,
      "kind": "retrieval" | "generation" | "mirage" | ...,
      "title": "...",
      "benchmark": {"name", "hash", "source_format", "id_level", "n_queries"},
      "settings": {...},                 # every command-line setting
      "versions": {"benchsmith", "python", "ir_measures", "pytrec_eval", ...},
      "created_at": "...Z",
      "systems": [system_entry(...), ...],   # one row per system in the tables
      "tables": [{"title", "columns", "rows"}],  # optional extra (paper) tables
      "notes": ["..."],
    }

`system_entry` builds one system: per-item scores, aggregates with bootstrap
intervals, counts and breakdowns.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import platform
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.stats import DEFAULT_BREAKDOWN_FIELDS, breakdown, summarize
from benchsmith.fileio import read_json, write_json_atomic, write_text_atomic
from benchsmith.redact import redact

RESULTS_SCHEMA_VERSION = 1
_VERSIONED_PACKAGES = {
    "benchsmith": "benchsmith",
    "ir_measures": "ir-measures",
    "pytrec_eval": "pytrec-eval-terrier",
    "numpy": "numpy",
    "scipy": "scipy",
}


def collect_versions(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Versions of Python and of the libraries that computed the numbers."""
    out = {"python": platform.python_version()}
    for key, dist in _VERSIONED_PACKAGES.items():
        try:
            out[key] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[key] = "not installed"
    out.update(extra or {})
    return out


def benchmark_fingerprint(benchmark: Any) -> dict[str, Any]:
    """Name and content hash of an `EvalBenchmark`.

    The hash covers every query's id, text, history, answers, answerability and
    relevance labels, so two results files can be checked to score the same
    benchmark.
    """
    h = hashlib.sha256()
    h.update(f"id_level={benchmark.id_level}\n".encode())
    for q in sorted(benchmark.queries, key=lambda q: q.query_id):
        record = {
            "id": q.query_id,
            "q": q.question,
            "h": [[t.role, t.content] for t in q.history],
            "a": list(q.answers),
            "ans": q.answerability,
            "rel": dict(sorted(q.relevant.items())),
        }
        h.update(json.dumps(record, sort_keys=True, ensure_ascii=False, default=str).encode())
        h.update(b"\n")
    return {
        "name": benchmark.name,
        "hash": "sha256:" + h.hexdigest(),
        "source_format": benchmark.source_format,
        "id_level": benchmark.id_level,
        "n_queries": len(benchmark.queries),
    }


def system_entry(
    name: str,
    per_item: Mapping[str, Mapping[str, float]],
    *,
    metrics: Sequence[str] | None = None,
    settings: Mapping[str, Any] | None = None,
    counts: Mapping[str, Any] | None = None,
    fields: Mapping[str, Mapping[str, Any]] | None = None,
    breakdown_by: Sequence[str] = DEFAULT_BREAKDOWN_FIELDS,
    aggregates: Mapping[str, Mapping[str, float]] | None = None,
    n_resamples: int = 1000,
    seed: int = 0,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One system's block of a results document.

    Args:
        name: Row label (e.g. "bm25", "dense", "openai/gpt-4o-mini").
        per_item: item id -> metric -> score (every per-item score is kept).
        metrics: Column order (default: first-seen order in `per_item`).
        settings: This system's settings (retriever spec, k, prompt, ...).
        counts: Item counts (scored, excluded and why, empty runs, ...).
        fields: item id -> breakdown field -> value; see `stats.query_fields`.
        breakdown_by: Fields to break down by (absent fields are skipped).
        aggregates: Precomputed aggregates to use instead of the per-item mean
            (intervals are still bootstrapped from `per_item`), e.g. a paper's
            own weighting.
        n_resamples, seed: Bootstrap settings.
        extra: Any further JSON-ready data to store with the system.
    """
    summary = summarize(per_item, metrics, n_resamples=n_resamples, seed=seed)
    if aggregates:
        for metric, agg in aggregates.items():
            summary.setdefault(metric, {"low": float("nan"), "high": float("nan"), "n": 0}).update(agg)
    entry: dict[str, Any] = {
        "name": name,
        "metrics": list(summary),
        "settings": dict(settings or {}),
        "aggregates": summary,
        "counts": dict(counts or {}),
        "per_item": {qid: dict(scores) for qid, scores in per_item.items()},
        "breakdowns": breakdown(per_item, fields or {}, breakdown_by, metrics, n_resamples=n_resamples, seed=seed)
        if fields
        else {},
    }
    if extra:
        entry.update(extra)
    return entry


def _complete(results: Mapping[str, Any]) -> dict[str, Any]:
    doc = dict(results)
    doc.setdefault("schema_version", RESULTS_SCHEMA_VERSION)
    doc.setdefault("kind", "evaluation")
    doc.setdefault("title", f"benchsmith {doc['kind']} evaluation")
    doc.setdefault("settings", {})
    doc.setdefault("tables", [])
    doc.setdefault("notes", [])
    doc["versions"] = {**collect_versions(), **dict(doc.get("versions") or {})}
    doc.setdefault("created_at", _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
    if "systems" not in doc or not isinstance(doc["systems"], list):
        raise ValueError("results need a 'systems' list (see benchsmith.evaluation.report.system_entry)")
    if "benchmark" not in doc:
        raise ValueError("results need a 'benchmark' block (see benchmark_fingerprint)")
    return doc


def write_results(out_dir: str | Path, results: Mapping[str, Any], *, html: bool = True,
                  extra_files: Mapping[str, Callable[[Path], None]] | None = None) -> dict[str, Path]:
    """Write results.json, report.md, report.html (and `extra_files`) into `out_dir`.

    Everything is rendered into a staging folder inside `out_dir` first; only when
    every file is complete are they moved into place, one rename each, results.json
    last. A failure while rendering leaves the earlier outputs untouched.

    Args:
        out_dir: Output directory (created if needed).
        results: A results document (see the module docstring). Versions and
            the creation time are filled in when absent; credentials in it are masked.
        html: Also render report.html with plots.
        extra_files: file name -> function writing that file at the path it is given
            (e.g. the predictions a system produced).

    Returns:
        Mapping "results" / "markdown" / "html" / each extra file name -> written path.
    """
    import os
    import shutil

    from benchsmith.evaluation.report.markdown import render_markdown

    # System specs, judge and endpoint addresses may carry credentials (http://user:KEY@host): never written.
    doc = redact(_complete(results))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    staging = out / f".staging-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        names = {"markdown": "report.md"}
        write_text_atomic(staging / names["markdown"], render_markdown(doc))
        if html:
            from benchsmith.evaluation.report.html import render_html

            names["html"] = "report.html"
            write_text_atomic(staging / names["html"], render_html(doc))
        for name, writer in (extra_files or {}).items():
            writer(staging / name)
            names[name] = name
        names["results"] = "results.json"
        write_json_atomic(staging / names["results"], _json_safe(doc))
        for name in names.values():  # results.json last: its presence means the rest is complete
            os.replace(staging / name, out / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return {key: out / name for key, name in names.items()}


def _json_safe(value: Any) -> Any:
    """NaN and infinities become null: results.json must be strict JSON."""
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else None
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if hasattr(value, "item") and callable(value.item):  # numpy scalars
        return _json_safe(value.item())
    return value


def load_results(path: str | Path) -> dict[str, Any]:
    """Read a results.json (or the directory holding one) and check its shape."""
    p = Path(path)
    if p.is_dir():
        p = p / "results.json"
    doc = read_json(p)
    if not isinstance(doc, dict):
        raise InputError("not a benchsmith results document (expected a JSON object)", path=p, line=1)
    for key in ("benchmark", "systems"):
        if key not in doc:
            raise InputError(f"not a benchsmith results document: missing '{key}'", path=p, json_path="$")
    if not isinstance(doc["systems"], list) or not doc["systems"]:
        raise InputError("results document has no systems", path=p, json_path="$.systems")
    for i, system in enumerate(doc["systems"]):
        if not isinstance(system, dict) or not isinstance(system.get("per_item"), dict):
            raise InputError("system without per-item scores", path=p, json_path=f"$.systems[{i}].per_item")
    return doc
