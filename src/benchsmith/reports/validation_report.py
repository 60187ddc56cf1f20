"""`benchsmith validate BENCH --report`: every applicable validator on any benchmark, as report.html and report.md.

Which validators apply is `names_for(kind)`: the generic ones (grounding, dedup) and the kind's own.
A validator that needs what the benchmark does not hold (a corpus, character spans, a recorded
computation or proof) is not run, and the report says which and why, rather than counting the
missing data as a flag on every item.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from html import escape
from typing import Any

from benchsmith.reports.card_stats import difficulty_section
from benchsmith.reports.difficulty_view import difficulty, index_for
from benchsmith.reports.load import KIND_LABELS, LoadedBenchmark
from benchsmith.reports.page import md_escape, md_table, page, section_html, section_md, stamp, table
from benchsmith.types import Chunk
from benchsmith.validators import Issue, ValidationContext, names_for, run_validators
from benchsmith.validators.corpus_index import CorpusIndex
from benchsmith.validators.dedup import QueryDeduplicator
from benchsmith.validators.difficulty import CARD_ROWS

NEEDS_CORPUS = frozenset({"grounding.verbatim", "null.proof", "consistency.temporal", "conversation.passages",
                          "frames.answer", "frames.leave_one_out", "frames.answer_type"})
NO_SPANS = "the format records no character spans of its evidence"
NO_COMPUTATION = "the format records no computation to re-derive the answer from"
IMPORT_SKIPS = {
    "grounding.verbatim": NO_SPANS,
    "consistency.temporal": NO_COMPUTATION,
    "consistency.comparison": NO_COMPUTATION,
    "null.proof": "the format records no invented names to prove absent from the corpus",
    "conversation.passages": "the file's passages are its own; there is no corpus chunk to compare them with",
    "conversation.faithful": "the responses are not extractive, so sentence-by-sentence support needs a judge model",
}
IMPORT_PREFIX_SKIPS = {"frames.": "FRAMES' own file records no facts or derivation",
                       "mirage.": "MIRAGE's dataset.json holds no chunk pool or support labels"}
IMPORT_DROPPED_CODES = {"unproven_unanswerable": "the format records no corpus-wide proof for unanswerable turns"}
WORST_SHOWN = 10
SEVERITY_RANK = {"error": 0, "warning": 1}


@dataclass
class ValidationResult:
    issues: dict[str, list[Issue]]  # item id -> its flags
    ran: list[str]
    skipped: dict[str, str]  # validator -> why it was not run
    failed: dict[str, str] = field(default_factory=dict)  # validator -> the error it raised
    dropped: dict[str, int] = field(default_factory=dict)  # flag code left out for imports -> how many

    def counts(self) -> list[tuple[str, str, str, int, int]]:
        """(code, severity, validator, flags, items) rows, errors first, most frequent first."""
        flags: Counter = Counter()
        items: dict[tuple[str, str, str], set[str]] = {}
        for item_id, issues in self.issues.items():
            for i in issues:
                key = (i.code, i.severity, i.validator)
                flags[key] += 1
                items.setdefault(key, set()).add(item_id)
        rows = [(c, s, v, n, len(items[(c, s, v)])) for (c, s, v), n in flags.items()]
        return sorted(rows, key=lambda r: (SEVERITY_RANK.get(r[1], 2), -r[3], r[0]))

    def items_with(self, severity: str) -> int:
        return sum(1 for issues in self.issues.values() if any(i.severity == severity for i in issues))


def _skip_reason(name: str, bench: LoadedBenchmark, has_corpus: bool) -> str | None:
    if not bench.native:
        if name in IMPORT_SKIPS:
            return IMPORT_SKIPS[name]
        for prefix, reason in IMPORT_PREFIX_SKIPS.items():
            if name.startswith(prefix):
                return reason
    if name in NEEDS_CORPUS and not has_corpus:
        return "needs the corpus the benchmark was built from (pass --corpus)"
    return None


def _validation_index(bench: LoadedBenchmark) -> CorpusIndex:
    """The corpus, plus (for MIRAGE items) the labelled chunks they carry: MIRAGE re-chunks its documents."""
    documents = list(bench.corpus.documents) if bench.corpus else []
    chunks = {c.chunk_id: c for c in (bench.corpus.chunks if bench.corpus else [])}
    if bench.native and bench.kind == "mirage_item":
        for item in bench.items:
            for k, c in enumerate(item.chunks):
                chunks.setdefault(c.chunk_id, Chunk(chunk_id=c.chunk_id, doc_id=c.doc_id, title=c.doc_name, text=c.text,
                                                    span=c.span, index=k, n_tokens=len(c.text.split())))
    return CorpusIndex(documents, list(chunks.values()))


def _context(bench: LoadedBenchmark) -> ValidationContext:
    config = bench.manifest.get("config") or {}
    evidence = config.get("evidence")
    evidence_range = tuple(evidence) if isinstance(evidence, list) and len(evidence) == 2 else (
        (2, 15) if bench.kind == "frames_item" else (2, 4))
    settings = {k: config[k] for k in ("max_unanswerable",) if k in config}
    dedup = QueryDeduplicator(float(config.get("query_dedup_threshold") or config.get("dedup_threshold") or 0.85))
    return ValidationContext(_validation_index(bench), evidence_range=evidence_range, dedup=dedup, settings=settings)


def validate_benchmark(bench: LoadedBenchmark) -> ValidationResult:
    """Run every validator that applies to the benchmark's kind on every item; skip (with a reason) what cannot run."""
    has_corpus = bench.corpus is not None and bool(bench.corpus.documents)
    names, skipped = [], {}
    for name in names_for(bench.kind):
        reason = _skip_reason(name, bench, has_corpus)
        if reason:
            skipped[name] = reason
        else:
            names.append(name)
    ctx = _context(bench)
    result = ValidationResult({}, names, skipped)
    for item in bench.items:
        found: list[Issue] = []
        for name in names:
            if name in result.failed:
                continue
            try:
                found += run_validators(item, ctx, [name])
            except Exception as exc:  # a check that cannot read this format: reported once, never silent
                result.failed[name] = f"{type(exc).__name__}: {exc} (first on {item.item_id})"
        if not bench.native:
            for i in [i for i in found if i.code in IMPORT_DROPPED_CODES]:
                result.dropped[i.code] = result.dropped.get(i.code, 0) + 1
                found.remove(i)
        result.issues[item.item_id] = found
    return result


def worst_items(result: ValidationResult, n: int = WORST_SHOWN) -> list[tuple[str, list[Issue]]]:
    """Items with the most severe, then the most, flags (ties in benchmark order)."""
    flagged = [(k, v) for k, v in result.issues.items() if v]
    return sorted(flagged, key=lambda kv: (-sum(i.is_error for i in kv[1]), -len(kv[1])))[:n]


def _card_rows(card: dict) -> list[tuple[str, str]]:
    return [(label, "-" if card.get(key) is None else str(card[key])) for key, label in CARD_ROWS]


def build_report(bench: LoadedBenchmark, index: CorpusIndex | None = None) -> tuple[str, str, ValidationResult, dict]:
    """(report.html, report.md, the validation result, the difficulty card)."""
    result = validate_benchmark(bench)
    diff = difficulty(bench, index if index is not None else index_for(bench))
    n_items = len(bench.items)
    errors, warnings = result.items_with("error"), result.items_with("warning")
    lead = [f"{n_items} {KIND_LABELS.get(bench.kind, bench.kind)} checked by {len(result.ran)} validators: {errors} items "
            f"({100 * errors / max(n_items, 1):.0f}%) have at least one error and {warnings} at least one warning."]
    if result.skipped:
        lead.append(f"{len(result.skipped)} validators were not run; the validators table says why.")
    lead += bench.notes
    for code, count in result.dropped.items():
        lead.append(f"{count} '{code}' flags were left out: {IMPORT_DROPPED_CODES[code]}.")
    for name, err in result.failed.items():
        lead.append(f"Validator {name} failed and was stopped: {err}.")
    rows = result.counts()
    flag_header = ("code", "severity", "validator", "flags", "items")
    diff_sec = difficulty_section(bench, diff)
    body = ["<section><h2>Flags by code and severity</h2>",
            table(flag_header, rows, numeric=(3, 4)) if rows else "<p>No flags.</p>",
            "<h3>Validators</h3>", table(("validator", "status"), [(n, "run") for n in result.ran]
                                         + [(n, f"not run: {r}") for n, r in result.skipped.items()]
                                         + [(n, f"failed: {e}") for n, e in result.failed.items()]),
            "</section>", section_html(diff_sec),
            "<section><h3>Difficulty card</h3>", table(("measure", "value"), _card_rows(diff.card), numeric=(1,)),
            "</section>", _worst_html(bench, result)]
    title = f"Validation report: {bench.name}"
    meta = f"{bench.source_format} benchmark{f' at {bench.path}' if bench.path else ''}; {stamp()}"
    html = page(title, meta, lead, body)
    md = "\n".join([f"# {title}\n", f"_{meta}_\n", *(f"- {md_escape(s)}" for s in lead), "", "## Flags by code and severity\n",
                    md_table(flag_header, rows) if rows else "No flags.\n", "### Validators\n",
                    md_table(("validator", "status"), [(n, "run") for n in result.ran]
                             + [(n, f"not run: {r}") for n, r in result.skipped.items()]),
                    section_md(diff_sec), "### Difficulty card\n", md_table(("measure", "value"), _card_rows(diff.card)),
                    _worst_md(bench, result)])
    return html, md, result, diff.card


def _worst_html(bench: LoadedBenchmark, result: ValidationResult) -> str:
    worst = worst_items(result)
    parts = ["<section><h2>Worst items</h2>"]
    if not worst:
        return parts[0] + "<p>No item has a flag.</p></section>"
    parts.append(f"<p>The {len(worst)} items with the most severe, then the most, flags.</p>")
    for item_id, issues in worst:
        flags = "".join(f"<li><span class='flag-{escape(i.severity)}'>{escape(i.severity)}</span> {escape(i.code)} "
                        f"({escape(i.validator)}): {escape(i.message)}</li>" for i in issues)
        texts = "".join(f"<dt>{escape(label)}</dt><dd>{escape(_clip(text))}</dd>" for label, text in bench.shown.get(item_id, []))
        parts.append(f"<div class='item'><strong>{escape(item_id)}</strong><ul>{flags}</ul><dl>{texts}</dl></div>")
    return "".join(parts) + "</section>"


def _worst_md(bench: LoadedBenchmark, result: ValidationResult) -> str:
    worst = worst_items(result)
    lines = ["## Worst items\n"]
    if not worst:
        return lines[0] + "\nNo item has a flag.\n"
    for item_id, issues in worst:
        lines.append(f"### {md_escape(item_id)}\n")
        lines += [f"- **{i.severity}** `{i.code}` ({i.validator}): {md_escape(i.message)}" for i in issues]
        lines.append("")
        lines += [f"> **{md_escape(label)}:** {md_escape(_clip(text))}  " for label, text in bench.shown.get(item_id, [])]
        lines.append("")
    return "\n".join(lines)


def _clip(text: Any, limit: int = 600) -> str:
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
