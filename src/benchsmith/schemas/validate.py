"""Validate JSON / JSONL files against the exported JSON Schema files with `jsonschema`.

Each record is checked against the schema of its `kind` (or of a kind given by
the caller, for files such as MultiHop-RAG's that carry none). Every problem is
reported with file, line and JSON path, e.g.
``items.jsonl:12 at $.evidence[1].span.start: -1 is less than the minimum of 0``.

A folder (a benchmark or an ingested corpus) is checked as a unit: it must be
complete (its ``.benchsmith-complete`` marker matches every file it lists),
then each file benchsmith writes there is validated, qrels.tsv included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError, ValidationError, best_match

from benchsmith.errors import InputError
from benchsmith.fileio import read_json, read_text
from benchsmith.outdir import COMPLETE_MARKER, check_complete
from benchsmith.schemas import SCHEMAS
from benchsmith.schemas.export import SCHEMA_SUFFIX, committed_schema_dir, schema_document
from benchsmith.schemas.records import iter_located_records


class SchemaFileError(InputError):
    """A schema file (from --schema-dir) that cannot be used: a usage error, not a problem of the data."""


@dataclass(frozen=True)
class Issue:
    """One validation problem, located by file, line and JSON path."""

    path: str
    line: int | None
    json_path: str | None
    message: str

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        if self.json_path:
            where += f" at {self.json_path}"
        return f"{where}: {self.message}"


@dataclass
class FileReport:
    """Outcome for one file: how many records were read, how many failed, and why."""

    path: str
    records: int = 0
    failed: int = 0
    unreadable: bool = False
    issues: list[Issue] = field(default_factory=list)
    is_folder: bool = False


@dataclass
class ValidationReport:
    files: list[FileReport] = field(default_factory=list)

    @property
    def records(self) -> int:
        return sum(f.records for f in self.files)

    @property
    def failed(self) -> int:
        return sum(f.failed for f in self.files)

    @property
    def unreadable(self) -> int:
        return sum(f.unreadable for f in self.files if not f.is_folder)

    @property
    def bad_folders(self) -> int:
        return sum(f.is_folder for f in self.files)

    @property
    def issues(self) -> list[Issue]:
        return [issue for f in self.files for issue in f.issues]

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.unreadable == 0 and self.bad_folders == 0

    def summary_line(self) -> str:
        n_files = sum(not f.is_folder for f in self.files)
        files = f"{n_files} file{'s' if n_files != 1 else ''}"
        if self.ok:
            return f"ok: {self.records} records in {files} are valid"
        line = f"failed: {self.failed} of {self.records} records in {files} are invalid"
        if self.unreadable:
            line += f", {self.unreadable} unreadable file{'s' if self.unreadable != 1 else ''}"
        if self.bad_folders:
            line += f", {self.bad_folders} incomplete or unknown folder{'s' if self.bad_folders != 1 else ''}"
        return line + f" ({len(self.issues)} errors)"


def _format_checker() -> FormatChecker:
    checker = FormatChecker()

    # jsonschema checks date-time only when rfc3339-validator is installed; check it
    # the way Python (and so, near enough, pydantic) parses ISO 8601 instead.
    @checker.checks("date-time", raises=ValueError)
    def _is_datetime(value: object) -> bool:
        if isinstance(value, str):
            datetime.fromisoformat(value)
        return True

    @checker.checks("date", raises=ValueError)
    def _is_date(value: object) -> bool:
        if isinstance(value, str):
            date.fromisoformat(value)
        return True

    return checker


class SchemaSet:
    """Compiled validators by kind, read from a folder of `<kind>.schema.json` files.

    With no folder, the committed schema files are used, and a registered model
    whose file has not been exported yet is validated against its live schema.
    """

    def __init__(self, schema_dir: str | Path | None = None) -> None:
        self._explicit = schema_dir is not None
        self._dir = Path(schema_dir) if schema_dir is not None else committed_schema_dir()
        self._validators: dict[str, Draft202012Validator] = {}
        self._checker = _format_checker()

    def kinds(self) -> list[str]:
        on_disk = {p.name.removesuffix(SCHEMA_SUFFIX) for p in self._dir.glob(f"*{SCHEMA_SUFFIX}")}
        if not self._explicit:
            on_disk |= set(SCHEMAS.names())
        return sorted(on_disk)

    def schema(self, kind: str) -> dict[str, Any]:
        path = self._dir / f"{kind}{SCHEMA_SUFFIX}"
        if path.exists():
            try:
                schema = read_json(path)
            except InputError as exc:
                raise SchemaFileError(f"schema file: {exc.message}", path=path, line=exc.line) from exc
            if not isinstance(schema, dict | bool):
                raise SchemaFileError(f"schema file must hold a JSON object, got {type(schema).__name__}", path=path, line=1)
            try:
                Draft202012Validator.check_schema(schema)
            except SchemaError as exc:
                raise SchemaFileError(f"not a valid JSON Schema: {exc.message}", path=path) from None
            return schema
        if not self._explicit and kind in SCHEMAS:
            return schema_document(kind)
        known = ", ".join(self.kinds()) or "none"
        raise KeyError(f"unknown kind {kind!r}; known kinds: {known}")

    def validator(self, kind: str) -> Draft202012Validator:
        if kind not in self._validators:
            self._validators[kind] = Draft202012Validator(self.schema(kind), format_checker=self._checker)
        return self._validators[kind]


def _describe(error: ValidationError) -> tuple[str, str]:
    """JSON path and message for an error, looking inside anyOf/oneOf for the useful part."""
    if error.context:
        here = list(error.absolute_path)
        # A branch failing only on `type` is one the value was never meant for; report the
        # branch whose type matched (e.g. a malformed date in an optional date-time) if any.
        wrong_type = [e for e in error.context if e.validator == "type" and list(e.absolute_path) == here]
        relevant = [e for e in error.context if e not in wrong_type]
        if relevant:
            deepest = best_match(relevant)
            return deepest.json_path, deepest.message
        types = " or ".join(repr(e.validator_value) for e in wrong_type)
        return error.json_path, f"{error.instance!r} is not of type {types}"
    return error.json_path, error.message


def record_errors(record: Any, schemas: SchemaSet, kind: str | None = None) -> list[tuple[str | None, str]]:
    """(JSON path, message) for every way `record` breaks the schema of its kind; empty when valid."""
    if not isinstance(record, dict):
        return [("$", f"expected a JSON object, got {type(record).__name__}")]
    chosen = kind if kind is not None else record.get("kind")
    if chosen is None:
        return [("$", "record has no 'kind'; pass --kind to name its schema")]
    if not isinstance(chosen, str):
        return [("$.kind", f"kind must be a string, got {chosen!r}")]
    try:
        validator = schemas.validator(chosen)
    except KeyError as exc:
        return [("$.kind" if kind is None else None, str(exc.args[0]))]
    errors = sorted(validator.iter_errors(record), key=lambda e: [str(p) for p in e.absolute_path])
    return [_describe(e) for e in errors]


def validate_file(path: str | Path, *, kind: str | None = None, schemas: SchemaSet | None = None) -> FileReport:
    """Validate every record of one JSON or JSONL file.

    Args:
        path: The file; `.jsonl` / `.ndjson` are JSONL, `.json` is an array or one object.
        kind: Validate every record against this kind instead of each record's `kind`.
        schemas: Where schemas come from; the committed files by default.

    Returns:
        A FileReport; unreadable files and lines that are not JSON count as failed records.
    """
    schemas = schemas or SchemaSet()
    report = FileReport(path=str(path))
    try:
        for located in iter_located_records(path):
            report.records += 1
            if located.error is not None:
                problems: list[tuple[str | None, str]] = [(None, located.error)]
            else:
                problems = record_errors(located.value, schemas, kind)
            if problems:
                report.failed += 1
                report.issues.extend(Issue(str(path), located.line, jp, msg) for jp, msg in problems)
    except SchemaFileError:
        raise
    except InputError as exc:
        report.unreadable = True
        report.issues.append(Issue(str(path), exc.line, None, exc.message))
    return report


def validate_files(
    paths: list[str | Path], *, kind: str | None = None, schema_dir: str | Path | None = None
) -> ValidationReport:
    """Validate several files or output folders; see `validate_file` and `validate_folder`."""
    schemas = SchemaSet(schema_dir)
    if kind is not None:
        try:  # an unknown --kind is a usage error, not one error per record
            schemas.validator(kind)
        except KeyError as exc:
            raise InputError(str(exc.args[0])) from None
    files: list[FileReport] = []
    for p in paths:
        if Path(p).is_dir():
            files.extend(validate_folder(p, schemas=schemas))
        else:
            files.append(validate_file(p, kind=kind, schemas=schemas))
    return ValidationReport(files=files)


#: The files benchsmith writes into a benchmark or corpus folder, with the kind of their records
#: where the records carry none (None: each record names its own kind).
FOLDER_FILES: dict[str, str | None] = {
    "documents.jsonl": None, "chunks.jsonl": None, "items.jsonl": None, "claims.jsonl": None,
    "rejected.jsonl": None, "summary.json": None, "benchmark.json": None, "MultiHopRAG.json": "multihop_rag_query",
}
FOLDER_MANIFESTS = ("benchmark.json", "manifest.json")
QRELS_FILE = "qrels.tsv"


def _folder_problem(folder: Path, message: str) -> FileReport:
    return FileReport(path=str(folder), unreadable=True, is_folder=True, issues=[Issue(str(folder), None, None, message)])


def validate_folder(folder: str | Path, *, schemas: SchemaSet | None = None) -> list[FileReport]:
    """Check a benchmark or corpus folder: complete as written, and every file benchsmith writes there valid.

    Returns one FileReport per file checked, plus one for the folder itself when it is not
    a benchsmith output folder or is incomplete (with the reason).
    """
    folder = Path(folder)
    schemas = schemas or SchemaSet()
    names = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
    reports: list[FileReport] = []
    if COMPLETE_MARKER not in names and not names.intersection(FOLDER_MANIFESTS):
        return [_folder_problem(folder, f"not a benchsmith output folder (no {', '.join(FOLDER_MANIFESTS)} or {COMPLETE_MARKER})")]
    try:
        check_complete(folder, verify_hashes=True)
    except InputError as exc:
        reports.append(_folder_problem(folder, exc.message))
    for name, file_kind in FOLDER_FILES.items():
        if name in names:
            reports.append(validate_file(folder / name, kind=file_kind, schemas=schemas))
    if QRELS_FILE in names:
        reports.append(validate_qrels(folder / QRELS_FILE))
    for sub in sorted(folder.iterdir()):
        if sub.is_dir() and not sub.name.startswith(".") and ({COMPLETE_MARKER, *FOLDER_MANIFESTS} & {p.name for p in sub.iterdir()}):
            reports.extend(validate_folder(sub, schemas=schemas))
    return reports


def validate_qrels(path: str | Path) -> FileReport:
    """TREC qrels: ``query_id iteration doc_id relevance`` per line, four fields, integer relevance."""
    report = FileReport(path=str(path))
    try:
        text = read_text(path)
    except InputError as exc:
        report.unreadable = True
        report.issues.append(Issue(str(path), exc.line, None, exc.message))
        return report
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        report.records += 1
        fields = line.split()
        if len(fields) != 4:
            problem = f"{len(fields)} fields, expected 4 (query_id iteration doc_id relevance); an id holds whitespace?"
        elif not fields[3].lstrip("-").isdigit():
            problem = f"relevance {fields[3][:40]!r} is not an integer"
        else:
            continue
        report.failed += 1
        report.issues.append(Issue(str(path), lineno, None, problem))
    return report
