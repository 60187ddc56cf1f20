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
from collections import Counter
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


def _counting(responses, kinds: Counter):
    """The scripted model, counting its calls by step (base, support, inference, second judge)."""
    def answer(messages) -> str:
        user = [m.content for m in messages if m.role == "user"][-1]
        if '"verdict"' in user:
            kinds["support_second" if "Passage:" in user else "support"] += 1
        else:
            kinds["inference" if "Context: <<<DATA" in user else "base"] += 1
        return responses(messages)
    return answer


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
        for available in (LLM_QUERIES, QUERIES):  # as many QA pairs as requested (the old setting), then 10x
            qa = _qa_file(Path(tmp), docs, available)
            kinds: Counter = Counter()
            client = get_client("scripted/fake", responses=_counting(scripted, kinds), retry_base_delay=0.0)
            result = generate_items(GENERATOR, corpus, MirageConfig(qa=str(qa)), n=LLM_QUERIES, client=client,
                                    run_dir=Path(tmp) / f"l{available}")
            calls = client.usage.requests
            client.close()
            accepted = len(result.items)
            per = calls / accepted if accepted else float("nan")
            counts = result.generated.counts
            print(f"llm (scripted), {available} QA pairs: {LLM_QUERIES} requested -> {accepted} accepted, "
                  f"{counts['queries_labelled']} queries drawn, {calls} calls = {per:.2f} calls per accepted query; "
                  f"by step: {dict(kinds)}; rejected: {dict(Counter(r.reason for r in result.rejected))}")
            print(f"  label noise: {counts['label_noise']}; inference confirms judge: "
                  f"{counts['inference_confirms_judge']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
