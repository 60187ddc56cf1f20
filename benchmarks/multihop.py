"""Heuristic MultiHop-RAG generation speed on a 5,000-document corpus.

Usage:
    .venv/bin/python benchmarks/multihop.py [--docs 5000] [--n 500] [--corpus PATH] [--ner spacy rules]

Takes the first N documents of the 2WikiMultihopQA paragraph corpus in
../shared/data (replicated with suffixed ids if it holds fewer), chunks them
with the default chunker, and runs the heuristic generator. Prints
documents/s, accepted queries/s, the share of time per step, and the ratio of
spaCy NER to the rule-based NER fallback measured in the same run.
Target: 500 accepted queries from 5,000 documents in under 2 minutes on a
2-core machine.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.corpora.loading import load_documents
from benchsmith.corpora.store import Corpus
from benchsmith.generators.multihop import MultihopConfig, generate_multihop

DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpora" / "2wikimultihopqa_hipporag_corpus" / "corpus.jsonl"
TARGET_S = 120.0


def build_corpus(path: Path, n_docs: int) -> Corpus:
    docs = load_documents([path])
    out = list(docs[:n_docs])
    copy = 1
    while len(out) < n_docs:  # replicate with new ids when the source is smaller than asked
        out += [d.model_copy(update={"doc_id": f"{d.doc_id}-r{copy}"}) for d in docs[: n_docs - len(out)]]
        copy += 1
    return Corpus(documents=out, chunks=chunk_documents(out), manifest={})


def run(corpus: Corpus, n: int, ner: str, min_tokens: int, processes: int = 1) -> dict:
    cfg = MultihopConfig(n=n, ner=ner, min_tokens=min_tokens, seed=0, spacy_processes=processes)
    wall, cpu = time.perf_counter(), time.process_time()
    result = generate_multihop(corpus, cfg)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"result": result, "wall": wall, "cpu": cpu}


def report(name: str, corpus: Corpus, r: dict) -> None:
    res = r["result"]
    gen = res.generated
    counts = gen.counts
    print(f"\n== {name} ==")
    print(f"documents: {len(corpus.documents)}  chunks: {len(corpus.chunks)}  selected: {counts['selected_documents']}  "
          f"facts: {counts['facts']}  claims: {counts['claims']}")
    print(f"accepted queries: {len(res.items)} of {sum(gen.requested_by_type.values())}  by type: {gen.produced_by_type}")
    print(f"wall {r['wall']:.1f} s (process CPU {r['cpu']:.1f} s)  -> {len(corpus.documents) / r['wall']:.1f} documents/s, "
          f"{len(res.items) / r['wall']:.2f} accepted queries/s  [target < {TARGET_S:.0f} s: {'met' if r['wall'] < TARGET_S else 'MISSED'}]")
    stages = {s.name: s.elapsed_s for s in res.summary.stages if getattr(s, "elapsed_s", None) is not None}
    if stages:
        print("checkpointed stages: " + ", ".join(f"{k} {v:.1f}s" for k, v in sorted(stages.items(), key=lambda kv: -kv[1])))
    card = counts.get("difficulty", {})
    print("difficulty: " + ", ".join(f"{k} {card.get(k)}" for k in (
        "median_question_words", "share_copied_8_words", "yes_share", "bm25_recall_at_5", "single_document_answerable_share")))
    print(f"rejected by reason: {res.summary.rejected_by_reason}")
    if gen.shortfall:
        print(f"short: {gen.shortfall}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--docs", type=int, default=5000)
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--min-tokens", type=int, default=30, help="2Wiki paragraphs are short (median ~60 words)")
    ap.add_argument("--ner", nargs="+", default=["spacy", "rules"])
    ap.add_argument("--processes", type=int, default=1, help="spaCy worker processes for the spaCy run")
    args = ap.parse_args()
    if not args.corpus.is_file():
        raise SystemExit(f"corpus not found: {args.corpus} (pass --corpus)")
    t = time.perf_counter()
    corpus = build_corpus(args.corpus, args.docs)
    print(f"loaded and chunked {len(corpus.documents)} documents in {time.perf_counter() - t:.1f} s "
          f"(os.cpu_count()={os.cpu_count()}, load average {os.getloadavg()[0]:.1f})")
    runs = {ner: run(corpus, args.n, ner, args.min_tokens, args.processes) for ner in args.ner}
    for ner, r in runs.items():
        report(f"heuristic, NER={ner}", corpus, r)
    if "spacy" in runs and "rules" in runs:
        s, rr = runs["spacy"], runs["rules"]
        print(f"\nratio spaCy/rules: wall {s['wall'] / rr['wall']:.2f}x, CPU {s['cpu'] / rr['cpu']:.2f}x")


if __name__ == "__main__":
    main()
