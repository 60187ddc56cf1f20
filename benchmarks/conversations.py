"""Conversation generator: heuristic conversations per minute on the S3 guide, LLM calls per accepted turn (scripted)
on the S3 guide and the mtRAG sample.

The heuristic figure times generation only (the corpus is ingested first, outside the
clock); the proof retrievers are given on the command line (bm25 by default: dense
embeds the whole corpus once, which on a shared CPU dominates the first run; its
vectors are cached in the run folder). The llm figure uses the scripted fake of the
test suite (plausible JSON for every prompt), so no server is needed: it counts the
model calls the strategy spends per turn it keeps, for two request sizes, to show the
calls grow with the request.

    .venv/bin/python benchmarks/conversations.py [N] [bm25|bm25,dense]     (needs ../shared/data)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
S3 = ROOT.parent / "shared" / "data" / "corpora" / "aws_s3_developer_guide" / "corpus.jsonl"
MTRAG = ROOT.parent / "shared" / "data" / "mtrag" / "passages.jsonl"
sys.path.insert(0, str(ROOT / "tests" / "integration"))


def main() -> int:
    if not S3.is_file():
        print(f"skipped: {S3} not found (the team's ../shared/data)")
        return 0
    from conversation_llm_fakes import respond

    from benchsmith.corpora.chunking import chunk_documents
    from benchsmith.corpora.loading import load_documents
    from benchsmith.corpora.store import Corpus
    from benchsmith.generators.conversations import GENERATOR, ConversationConfig
    from benchsmith.generators.conversations.stats import table8
    from benchsmith.generators.core.runner import generate_items
    from benchsmith.llm import get_client

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    proof = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("bm25",)
    docs = load_documents([S3])
    corpus = Corpus(documents=docs, chunks=chunk_documents(docs), manifest={"source": str(S3)})
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        result = generate_items(GENERATOR, corpus, ConversationConfig(n=n, proof_retrievers=proof), n=n, run_dir=tmp)
        seconds = time.perf_counter() - t0
    turns = sum(len(i.turns) for i in result.items)
    stats = table8(result.items)
    print(f"heuristic shape: {stats['turns']:.1f} turns, {stats['unique_passages']:.1f} unique relevant passages per "
          f"conversation, {stats['answerability']['UNANSWERABLE']:.0%} unanswerable")
    print(f"heuristic, S3 guide ({len(docs)} pages, {len(corpus.chunks)} chunks), proof {'+'.join(proof)}: "
          f"{len(result.items)} conversations, {turns} turns in {seconds:.1f} s = "
          f"{len(result.items) / seconds * 60:.1f} conversations/min")
    corpora = [("S3 guide", corpus)]
    if MTRAG.is_file():  # the second corpus: the 168 passages of the human mtRAG sample
        docs = load_documents([MTRAG], format="mtrag")
        corpora.append(("mtRAG sample", Corpus(documents=docs, chunks=chunk_documents(docs), manifest={"source": str(MTRAG)})))
    for (label, corpus), size in [(corpora[0], max(2, n // 4)), *((c, n) for c in corpora)]:
        client = get_client("scripted/fake", responses=respond)
        cfg = ConversationConfig(n=size, strategy="llm", llm="scripted/fake", proof_retrievers=("bm25",))
        with tempfile.TemporaryDirectory() as tmp:
            result = generate_items(GENERATOR, corpus, cfg, n=size, client=client, run_dir=tmp)
        kept = sum(len(i.turns) for i in result.items)
        calls = result.summary.llm.requests
        stats = table8(result.items) if result.items else None
        shape = (f"; {stats['turns']:.1f} turns and {stats['unique_passages']:.1f} unique relevant passages per "
                 f"conversation, {stats['answerability']['UNANSWERABLE']:.0%} unanswerable") if stats else ""
        print(f"llm (scripted), {label}, n={size}: {len(result.items)} conversations, {kept} turns kept, {calls} calls = "
              f"{calls / max(1, kept):.2f} calls per accepted turn{shape}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
