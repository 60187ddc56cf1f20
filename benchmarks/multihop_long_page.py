"""What one very long page costs `generate multihop`: a corpus, against the same corpus plus one page that prints
all of it (as a documentation site's "print this book" page does: the Cargo book, the rustc book).

Usage:
    .venv/bin/python benchmarks/multihop_long_page.py [--corpus PATH] [--n 20]

Each run goes through the CLI (`--ner rules`, so NER does not dominate); the figure is the ratio of the two wall
times. Work that re-reads a page per sentence, pronoun or link grows with the square of that page and shows here
as a ratio of tens: on the paintings corpus plus its book page 21.2x before pronoun resolution read each page
once, 2.1x after (the rustc book: 622 s before, 29 s after).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_CORPUS = (Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpora"
                  / "wikipedia_landscape_paintings" / "corpus.jsonl")


def _run(corpus: Path, out: Path, n: int) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "benchsmith", "generate", "multihop", "--corpus", str(corpus),
                           "--n", str(n), "--ner", "rules", "--out", str(out)], capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: a short run, said in its summary
        raise SystemExit(done.stderr[-2000:])
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--n", type=int, default=20)
    args = ap.parse_args()
    if not args.corpus.exists():
        raise SystemExit(f"{args.corpus}: no such corpus (pass --corpus PATH to a JSONL corpus)")
    rows = [json.loads(line) for line in args.corpus.read_text().splitlines() if line.strip()]
    book = {"doc_id": "whole-book", "title": "The whole collection",
            "text": "\n\n".join(f"{r.get('title', '')}\n\n{r['text']}" for r in rows),
            "links": sorted({link for r in rows for link in r.get("links") or []})}
    with tempfile.TemporaryDirectory() as tmp:
        plain, with_book = Path(tmp) / "plain.jsonl", Path(tmp) / "book.jsonl"
        plain.write_text("".join(json.dumps(r) + "\n" for r in rows))
        with_book.write_text(plain.read_text() + json.dumps(book) + "\n")
        base = _run(plain, Path(tmp) / "out_plain", args.n)
        long = _run(with_book, Path(tmp) / "out_book", args.n)
    print(f"corpus: {len(rows)} pages; the book page: {len(book['text']):,} characters, {len(book['links'])} links")
    print(f"wall: corpus {base:.1f} s, corpus + book page {long:.1f} s -> ratio {long / base:.2f}x")


if __name__ == "__main__":
    main()
