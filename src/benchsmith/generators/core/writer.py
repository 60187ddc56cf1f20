"""The benchmark folder every generator writes, replaced as a unit.

    items.jsonl      the items (schema-validated models)
    qrels.tsv        TREC qrels: `query_id 0 chunk_id relevance`
    benchmark.json   the manifest (generator, corpus folder, counts, settings)
    summary.json     the run's summary (the same numbers the console table shows)
    rejected.jsonl   every item dropped and call failed in this run, with its reason
    <exports>        the paper's own formats (e.g. MultiHopRAG.json)
    card.html/.md    the data card (added by the runner, `reports.card_html.card_exports`)

The folder is written beside the target and swapped in only when complete; the
run folder (`.run`, checkpoints and cache) is carried over. A run that produced
fewer items than requested never replaces a complete benchmark.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from benchsmith.corpora.store import Corpus, write_corpus_dir
from benchsmith.errors import InputError
from benchsmith.fileio import COMPLETE_MARKER, dumps, replacing_dir
from benchsmith.generators.core.generator import Generated, Generator
from benchsmith.schemas.benchmark import BenchmarkManifest
from benchsmith.schemas.run import RunSummary

_TREC_UNSAFE = re.compile(r"\s")
RUN_DIR_NAME = ".run"
REVIEW_DIR_NAME = "review"  # `benchsmith review`'s trail: a re-run keeps the decisions made on its items


def qrels_text(generator: Generator, items: list[Any]) -> str:
    """The qrels lines of all items; an id that TREC's whitespace-separated format cannot hold is an error."""
    lines = []
    for item in items:
        for qid, doc, rel in generator.qrels(item):
            for value in (qid, doc):
                if _TREC_UNSAFE.search(value):
                    raise InputError(f"id {value!r} holds whitespace, which a TREC qrels file cannot hold; "
                                     "re-ingest the corpus with ids without whitespace")
            lines.append(f"{qid} 0 {doc} {rel}\n")
    return "".join(lines)


def _write_records(path: Path, records: Any) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for record in records:
            fh.write(dumps(record) + "\n")


def _write_export(path: Path, value: Any) -> None:
    """A text value is written as it is (a TSV, say); a .jsonl name takes records; anything else is JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(value, str):
        path.write_text(value, encoding="utf-8")
    elif path.suffix == ".jsonl":
        _write_records(path, value)
    else:
        path.write_text(json.dumps(value, ensure_ascii=False, indent=1, default=str) + "\n", encoding="utf-8")


def keeps_earlier_benchmark(out: Path, generated: Generated, requested: int) -> bool:
    """A short run must not replace a complete benchmark already in `out`."""
    return len(generated.items) < requested and (out / COMPLETE_MARKER).is_file()


def write_benchmark(out: Path, generator: Generator, generated: Generated, *, manifest: BenchmarkManifest,
                    summary: RunSummary, rejected_path: Path, corpus: Corpus | None = None,
                    inputs: tuple[Path, ...] = ()) -> None:
    """Write the whole folder into a sibling and swap it in; `out/.run` and `out/review` are carried over.

    `corpus`, when given (a raw corpus ingested on the fly), is written as `out/corpus`.
    `inputs` inside `out` (a corpus folder, say) are refused before anything is written.
    """
    qrels = qrels_text(generator, generated.items)
    with replacing_dir(out, keep=(RUN_DIR_NAME, REVIEW_DIR_NAME), inputs=inputs) as tmp:
        if corpus is not None:
            write_corpus_dir(tmp / "corpus", corpus.documents, corpus.chunks, dict(corpus.manifest))
        _write_records(tmp / "items.jsonl", generated.items)
        (tmp / "qrels.tsv").write_text(qrels, encoding="utf-8")
        for name, value in generated.exports.items():
            _write_export(tmp / name, value)
        rejected = rejected_path.read_text(encoding="utf-8") if rejected_path.is_file() else ""
        (tmp / "rejected.jsonl").write_text(rejected, encoding="utf-8")
        (tmp / "summary.json").write_text(summary.model_dump_json(indent=2) + "\n", encoding="utf-8")
        (tmp / "benchmark.json").write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
