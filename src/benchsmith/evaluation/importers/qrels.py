"""Relevance judgements: TREC qrels (`qid 0 docid rel`) and BEIR TSV (`query-id corpus-id score`)."""

from __future__ import annotations

from pathlib import Path

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


def write_trec_qrels(path: str | Path, qrels: Qrels) -> None:
    """Write TREC qrels atomically, queries and documents in sorted order."""
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8") as fh:
        for qid in sorted(qrels):
            for docid in sorted(qrels[qid]):
                fh.write(f"{qid} 0 {docid} {qrels[qid][docid]}\n")
