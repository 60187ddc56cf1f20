"""Relevance judgements: TREC qrels (`qid 0 docid rel`) and BEIR TSV (`query-id corpus-id score`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import atomic_path, read_text

Qrels = dict[str, dict[str, int]]


def _as_int(value: str, path: Path, line: int) -> int:
    try:
        return int(float(value))
    except (ValueError, OverflowError):  # "abc", "nan", "inf"
        raise InputError(f"relevance {value!r} is not a number", path=path, line=line) from None


def load_qrels(path: str | Path, *, normalize_id=None) -> Qrels:
    """Read TREC 4-column or BEIR 3-column qrels (tab or space separated, optional header).

    Args:
        path: the qrels file.
        normalize_id: optional function applied to every query id (e.g. mtRAG's task-id canonicaliser).

    Raises:
        InputError: a line with the wrong number of columns or a non-numeric relevance.
    """
    p = Path(path)
    qrels: Qrels = {}
    for lineno, raw in enumerate(read_text(p).splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t") if "\t" in line else line.split()
        cols = [c.strip() for c in cols]
        if lineno == 1 and cols[-1].lower() in {"score", "relevance", "rel", "label"}:
            continue  # BEIR header
        if len(cols) == 4:
            qid, _, docid, rel = cols
        elif len(cols) == 3:
            qid, docid, rel = cols
        else:
            raise InputError(f"expected 3 (BEIR) or 4 (TREC) columns, got {len(cols)}", path=p, line=lineno)
        if normalize_id is not None:
            qid = normalize_id(qid)
        value = _as_int(rel, p, lineno)
        judged = qrels.setdefault(qid, {})
        judged[docid] = max(value, judged.get(docid, value))
    return qrels


_SPLIT_ORDER = ("dev", "test", "validation", "train")


def _prefer_split(files: list[Path]) -> Path | None:
    for split in _SPLIT_ORDER:
        for f in files:
            if f.stem == split:
                return f
    return files[0] if len(files) == 1 else None


def find_qrels_near(tasks: Path) -> Path | None:
    """The judgements for a task file, found where the peers' repositories keep them.

    Looks, in order, for `qrels/dev.tsv` (then test, validation, train, or the only
    `qrels/*.tsv`) beside the task file, as mtRAG's `retrieval_tasks/<domain>/` and BEIR
    folders lay them out; then for the one `*qrels*.tsv` beside it (a file named after
    the task file's prefix wins when there are several).

    Raises:
        InputError: several candidates and nothing to choose between them.
    """
    folder = tasks if tasks.is_dir() else tasks.parent
    sub = sorted((folder / "qrels").glob("*.tsv")) if (folder / "qrels").is_dir() else []
    if sub:
        chosen = _prefer_split(sub)
        if chosen is None:
            raise InputError(f"several qrels files in {folder / 'qrels'} ({', '.join(f.name for f in sub)}); "
                             "pass --qrels FILE", path=tasks)
        return chosen
    beside = sorted(folder.glob("*qrels*.tsv"))
    if len(beside) > 1:
        prefix = tasks.name.split("_", 1)[0]
        named = [f for f in beside if f.name.startswith(prefix + "_")]
        beside = named if len(named) == 1 else beside
    if len(beside) > 1:
        raise InputError(f"several qrels files beside the tasks ({', '.join(f.name for f in beside)}); "
                         "pass --qrels FILE", path=tasks)
    return beside[0] if beside else None


def write_trec_qrels(path: str | Path, qrels: Qrels) -> None:
    """Write TREC qrels atomically, queries and documents in sorted order."""
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8") as fh:
        for qid in sorted(qrels):
            for docid in sorted(qrels[qid]):
                fh.write(f"{qid} 0 {docid} {qrels[qid][docid]}\n")


def apply_qrels(benchmark: Any, path: str | Path, *, normalize_id=None) -> Any:
    """The benchmark with every query's relevance replaced by the judgements in `path`.

    Queries the file does not judge are left unjudged (excluded from retrieval scores).
    Returns a new `EvalBenchmark`; `metadata["qrels"]` names the file.
    """
    from dataclasses import replace

    judged = load_qrels(path, normalize_id=normalize_id)
    queries = []
    for q in benchmark.queries:
        key = normalize_id(q.query_id) if normalize_id else q.query_id
        relevant = {d: r for d, r in judged.get(key, {}).items() if r > 0}
        answerability = q.answerability if q.answerability is not None or not relevant else "answerable"
        queries.append(q.model_copy(update={"relevant": relevant, "answerability": answerability}))
    return replace(benchmark, queries=queries, metadata={**benchmark.metadata, "qrels": str(path)})
