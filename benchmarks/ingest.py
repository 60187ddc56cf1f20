"""Ingest throughput: load, chunk and end-to-end `corpus ingest` on the 2WikiMultihopQA corpus.

Runs on ../shared/data/corpora/2wikimultihopqa_hipporag_corpus (6,119 Wikipedia
paragraphs) and on a 10x replicated copy with distinct doc_ids, for the
whitespace and WordPiece tokenizers. The peer measured in the same run is the
floor any loader pays: reading the file and `json.loads` on every line (and,
for WordPiece, HF tokenizers' own batch encode of every document, which the
cached counter in benchsmith.corpora.wordpiece_count replaces).

Usage: .venv/bin/python benchmarks/ingest.py [--repeat 3] [--corpus PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT.parent / "shared" / "data" / "corpora" / "2wikimultihopqa_hipporag_corpus" / "corpus.jsonl"


def best_of(repeat: int, fn: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def replicate(src: Path, dst: Path, times: int) -> None:
    """Write `times` copies of every record, with doc_ids made distinct by a suffix."""
    lines = [json.loads(line) for line in src.read_text(encoding="utf-8").split("\n") if line.strip()]
    with dst.open("w", encoding="utf-8") as fh:
        for k in range(times):
            for rec in lines:
                fh.write(json.dumps({**rec, "doc_id": f"{rec['doc_id']}-r{k}"}, ensure_ascii=False) + "\n")


def bare_parse(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").split("\n") if line.strip() and json.loads(line))


def measure(path: Path, label: str, repeat: int, workdir: Path) -> list[dict]:
    from benchsmith.cli import main
    from benchsmith.corpora.chunking import chunk_documents
    from benchsmith.corpora.loading import load_documents
    from benchsmith.corpora.tokenizers import WordPieceTokenizer, get_tokenizer

    mb = path.stat().st_size / 1e6
    rows = []
    t_bare, n_docs = best_of(repeat, lambda: bare_parse(path))
    rows.append(dict(corpus=label, tokenizer="-", stage="peer: read + json.loads", seconds=t_bare, mb=mb, docs=n_docs))
    t_load, docs = best_of(repeat, lambda: load_documents([path]))
    rows.append(dict(corpus=label, tokenizer="-", stage="load", seconds=t_load, mb=mb, docs=len(docs)))
    for tok_name in ("whitespace", "wordpiece"):
        tok = get_tokenizer(tok_name)
        if tok_name == "wordpiece":
            texts = [d.text for d in docs]
            t_enc, _ = best_of(repeat, lambda: tok.count_reference(texts))
            rows.append(dict(corpus=label, tokenizer=tok_name, stage="peer: HF tokenizers encode_batch", seconds=t_enc, mb=mb, docs=len(docs)))
            fresh = WordPieceTokenizer()  # empty word cache: the cold figure, as a first ingest sees it
            t_cold, _ = best_of(1, lambda: fresh.count_batch(texts))
            rows.append(dict(corpus=label, tokenizer=tok_name, stage="count, cold word cache", seconds=t_cold, mb=mb, docs=len(docs)))
            t_warm, _ = best_of(repeat, lambda: fresh.count_batch(texts))
            rows.append(dict(corpus=label, tokenizer=tok_name, stage="count, warm word cache", seconds=t_warm, mb=mb, docs=len(docs)))
        t_chunk, chunks = best_of(repeat, lambda: chunk_documents(docs, max_tokens=256, overlap=32, tokenizer=tok_name))
        rows.append(dict(corpus=label, tokenizer=tok_name, stage=f"chunk ({len(chunks)} chunks)", seconds=t_chunk, mb=mb, docs=len(docs)))
        out = workdir / f"out-{label}-{tok_name}"

        def ingest() -> None:
            rc = 0
            try:
                main(["corpus", "ingest", str(path), "--out", str(out), "--tokenizer", tok_name])
            except SystemExit as exc:
                rc = int(exc.code or 0)
            if rc:
                raise RuntimeError(f"ingest failed with exit code {rc}")

        t_e2e, _ = best_of(repeat, ingest)
        rows.append(dict(corpus=label, tokenizer=tok_name, stage="end-to-end ingest (load+chunk+write)", seconds=t_e2e, mb=mb, docs=len(docs)))
    return rows


def main_cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--times", type=int, default=10, help="replication factor of the large copy")
    args = parser.parse_args()
    if not args.corpus.is_file():
        sys.exit(f"corpus not found: {args.corpus} (it lives in ../shared/data beside the repo)")
    # the ingest summary line goes to stderr; keep the figures readable
    devnull = open(os.devnull, "w")  # noqa: SIM115
    with tempfile.TemporaryDirectory(prefix="benchsmith-ingest-") as tmp:
        work = Path(tmp)
        big = work / "corpus_x10.jsonl"
        replicate(args.corpus, big, args.times)
        rows = []
        real_stderr = sys.stderr
        sys.stderr = devnull
        try:
            rows += measure(args.corpus, "2wiki x1", args.repeat, work)
            rows += measure(big, f"2wiki x{args.times}", max(1, args.repeat - 1), work)
        finally:
            sys.stderr = real_stderr
    print(f"cpu cores: {os.cpu_count()}  python {sys.version.split()[0]}")
    print(f"{'corpus':<11} {'tokenizer':<10} {'stage':<38} {'MB':>7} {'docs':>7} {'s':>7} {'MB/s':>7} {'docs/s':>9} {'vs peer':>8}")
    peer: dict[str, float] = {}
    for r in rows:
        mbps = r["mb"] / r["seconds"]
        dps = r["docs"] / r["seconds"]
        key = r["corpus"]
        if r["stage"].startswith("peer: read"):
            peer[key] = mbps
        if r["stage"].startswith("peer: HF"):
            peer[key + "/hf"] = mbps
        ratio = f"{mbps / peer[key]:.2f}" if key in peer and not r["stage"].startswith("peer") else ""
        if r["stage"].startswith("count,"):
            ratio = f"{mbps / peer[key + '/hf']:.2f}x HF"
        print(f"{r['corpus']:<11} {r['tokenizer']:<10} {r['stage']:<38} {r['mb']:>7.1f} {r['docs']:>7} {r['seconds']:>7.3f} {mbps:>7.1f} {dps:>9,.0f} {ratio:>8}")
    print("vs peer = MB/s of the stage / MB/s of reading + json.loads alone (1.00 would be free);")
    print("'x HF' = WordPiece counting speed relative to HF tokenizers' encode_batch on the same texts (counts are identical).")


if __name__ == "__main__":
    main_cli()
