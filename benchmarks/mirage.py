"""MIRAGE construction: pool construction time per 1,000 queries (heuristic) and LLM calls per accepted query (scripted).

QA pairs are made from the 2WikiMultihopQA corpus itself (one per document: the
title as reference and answer, so every pair maps and most survive), and run
through the mirage generator: mapping, 330-token WordPiece chunking, top-5
candidates with fill-up, labels, validation, exports. The llm figure uses the
deterministic fake model of the test suite (alias-finding judge and reader).

    .venv/bin/python benchmarks/mirage.py            (needs ../shared/data)
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpora" / "2wikimultihopqa_hipporag_corpus" / "corpus.jsonl"
sys.path.insert(0, str(ROOT / "tests" / "integration"))
QUERIES = 1000
LLM_QUERIES = 100


def _qa_file(folder: Path, documents: list, n: int) -> Path:
    path = folder / "qa.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for doc in documents[:n]:
            fh.write(json.dumps({"id": doc.doc_id, "question": f"What is {doc.title}?", "answers": [doc.title],
                                 "title": doc.title}) + "\n")
    return path


def main() -> int:
    if not CORPUS.is_file():
        print(f"skipped: {CORPUS} not found (the team's ../shared/data)")
        return 0
    from test_generate_mirage_llm import scripted

    from benchsmith.corpora.chunking import chunk_documents
    from benchsmith.corpora.loading import load_documents
    from benchsmith.corpora.store import Corpus
    from benchsmith.generators.core.runner import generate_items
    from benchsmith.generators.mirage import GENERATOR, MirageConfig
    from benchsmith.llm import get_client

    docs = load_documents([CORPUS])
    corpus = Corpus(documents=docs, chunks=chunk_documents(docs, preset="mirage"),
                    manifest={"chunker": {"max_tokens": 330, "overlap": 0, "tokenizer": "wordpiece"}})
    with tempfile.TemporaryDirectory() as tmp:
        qa = _qa_file(Path(tmp), docs, QUERIES)
        start = time.perf_counter()
        result = generate_items(GENERATOR, corpus, MirageConfig(qa=str(qa)), n=QUERIES, run_dir=Path(tmp) / "h")
        seconds = time.perf_counter() - start
        pool = result.generated.counts["candidate_pool"]
        print(f"heuristic: {QUERIES} queries -> {len(result.items)} items, pool of {pool} candidates "
              f"in {seconds:.2f} s = {seconds * 1000 / QUERIES:.2f} s per 1,000 queries")
        qa = _qa_file(Path(tmp), docs, LLM_QUERIES)
        client = get_client("scripted/fake", responses=scripted, retry_base_delay=0.0)
        result = generate_items(GENERATOR, corpus, MirageConfig(qa=str(qa)), n=LLM_QUERIES, client=client,
                                run_dir=Path(tmp) / "l")
        calls = client.usage.requests
        client.close()
        accepted = len(result.items)
        per = calls / accepted if accepted else float("nan")
        print(f"llm (scripted): {LLM_QUERIES} requested -> {accepted} accepted with {calls} calls "
              f"= {per:.2f} calls per accepted query (1 base + 2 per candidate + 0.2 double-judged per candidate)")
        print(f"label noise: {result.generated.counts['label_noise']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
