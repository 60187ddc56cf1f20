"""FRAMES: TSV or JSONL with Prompt, Answer, reasoning_types and wiki_links.

Relevance is at document level: the Wikipedia pages a question needs. With a corpus,
links are matched to its documents by URL (then by page title); without one, the
normalised URLs themselves are the relevant ids.
"""

from __future__ import annotations

import ast
import csv
import io
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import first_json_record, json_head, load_corpus_any
from benchsmith.fileio import iter_jsonl, read_text
from benchsmith.types import Document


def normalize_wiki_url(url: str) -> str:
    """Canonical form of a Wikipedia link: https, desktop host, decoded title, no fragment."""
    parts = urlsplit(url.strip())
    host = parts.netloc.lower().replace(".m.wikipedia.org", ".wikipedia.org")
    return f"https://{host}{unquote(parts.path)}"


def wiki_title(url: str) -> str:
    """The page title a Wikipedia URL points at (`.../wiki/James_A._Garfield` -> `James A. Garfield`)."""
    path = urlsplit(url).path
    return unquote(path.rsplit("/wiki/", 1)[-1]).replace("_", " ") if "/wiki/" in path else ""


def parse_links(value: Any, path: Path, line: int | None) -> list[str]:
    """wiki_links as a list, or as the Python-literal string the FRAMES files hold."""
    if isinstance(value, list):
        return [str(v) for v in value]
    if not isinstance(value, str) or not value.strip():
        return []
    text = value.strip()
    if text.startswith("["):
        try:
            parsed = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise InputError("wiki_links is not a list literal", path=path, line=line, json_path="$.wiki_links") from None
        return [str(v) for v in parsed]
    return [t for t in text.replace(",", " ").split() if t.startswith("http")]


def _rows(path: Path) -> list[tuple[int, dict[str, Any]]]:
    if path.suffix == ".jsonl":
        return list(iter_jsonl(path))
    text = read_text(path)
    reader = csv.DictReader(io.StringIO(text), delimiter="\t")
    # DictReader's line_num counts physical lines, so quoted multi-line cells still report the right line.
    return [(reader.line_num, row) for row in reader]


def _lookup(docs: list[Document]) -> dict[str, str]:
    table: dict[str, str] = {}
    for d in docs:
        table.setdefault(f"title:{d.title.lower()}", d.doc_id)
        if d.url:
            table[f"url:{normalize_wiki_url(d.url)}"] = d.doc_id
    return table


def load(path: Path, *, corpus: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """Read FRAMES questions from `.tsv` or `.jsonl`."""
    documents = load_corpus_any(corpus)[0] if corpus is not None else []
    table = _lookup(documents)
    queries = []
    first_line: dict[str, int] = {}
    for i, (line, row) in enumerate(_rows(path)):
        if not isinstance(row, dict) or not isinstance(row.get("Prompt"), str) or not row["Prompt"].strip():
            raise InputError("row has no Prompt", path=path, line=line)
        links = parse_links(row.get("wiki_links"), path, line)
        relevant = {}
        for link in links:
            url = normalize_wiki_url(link)
            doc_id = table.get(f"url:{url}") or table.get(f"title:{wiki_title(url).lower()}") or (url if not documents else None)
            if doc_id:
                relevant[doc_id] = 1
        types = [t.strip() for t in str(row.get("reasoning_types") or "").split("|") if t.strip()]
        raw_id = row.get("unique_id", row.get("") if row.get("") not in (None, "") else i)
        query_id = f"frames-{int(raw_id):04d}" if str(raw_id).isdigit() else str(raw_id)
        if query_id in first_line:
            raise InputError(f"question id {query_id!r} appears twice (first at line {first_line[query_id]})", path=path, line=line)
        first_line[query_id] = line
        queries.append(
            EvalQuery(
                query_id=query_id,
                question=row["Prompt"].strip(),
                answers=[str(row.get("Answer", "")).strip()] if row.get("Answer") not in (None, "") else [],
                answerability="answerable",
                relevant=relevant,
                evidence=[{"url": link} for link in links],
                fields={"reasoning_types": types, "n_evidence": len(links)},
            )
        )
    return EvalBenchmark(
        name=name or path.stem,
        queries=queries,
        documents=documents,
        id_level="doc",
        source_format="frames",
        metadata={"path": str(path), "unmatched_links": sum(len(q.evidence) - len(q.relevant) for q in queries) if documents else 0},
    )


def detect(path: Path) -> bool:
    if path.is_dir():
        return False
    if path.suffix == ".jsonl":
        rec = first_json_record(path)
        return isinstance(rec, dict) and "Prompt" in rec and "wiki_links" in rec
    head = json_head(path, 2048).split("\n", 1)[0]
    return path.suffix in (".tsv", ".txt") and "Prompt" in head and "wiki_links" in head


FORMATS.register("frames")(BenchmarkFormat("frames", load, detect, "FRAMES test.tsv or JSONL"))
