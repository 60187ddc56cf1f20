"""LLM calls per accepted item of the multihop llm strategy, on 500 and on 5,000 documents, beside the dry-run estimate.

The calls must grow with the request, not with the corpus: for --n 100 the
5,000-document figure should be within 20% of the 500-document one, and at most
5 calls per accepted item on both. The model is the scripted fake of the test
suite (plausible JSON, some malformed and off-schema replies; it cannot answer questions, so most QA
verdicts are inconclusive and an unproved answer is rejected),
so no server is needed; NER runs on rules to keep the script quick.

    .venv/bin/python benchmarks/llm_calls.py            (needs ../shared/data)
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpora" / "2wikimultihopqa_hipporag_corpus" / "corpus.jsonl"
sys.path.insert(0, str(ROOT / "tests" / "integration"))
N = 100


def main() -> int:
    if not CORPUS.is_file():
        print(f"skipped: {CORPUS} not found (the team's ../shared/data)")
        return 0
    from multihop_llm_fakes import scripted_responder

    from benchsmith.cli import main as cli
    from benchsmith.corpora.store import load_corpus_dir
    from benchsmith.generators.core.runner import GenerateOptions, estimate_generator
    from benchsmith.generators.multihop import GENERATOR, MultihopConfig, generate_multihop
    from benchsmith.llm import get_client

    lines = CORPUS.read_text(encoding="utf-8").splitlines(keepends=True)
    rows = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n_docs in (500, 5000):
            raw = Path(tmp) / f"docs{n_docs}.jsonl"
            raw.write_text("".join(lines[:n_docs]), encoding="utf-8")
            corpus_dir = Path(tmp) / f"corpus{n_docs}"
            try:
                cli(["corpus", "ingest", str(raw), "--out", str(corpus_dir)])
            except SystemExit as exc:
                if exc.code:
                    return int(exc.code)
            cfg = MultihopConfig(n=N, strategy="llm", llm="scripted/fake", ner="rules", min_tokens=30, seed=0)
            opts = GenerateOptions(corpus=corpus_dir, n=N, out=Path(tmp) / f"dry{n_docs}", strategy="llm",
                                   llm="scripted/fake", seed=0)
            estimate = estimate_generator(GENERATOR, opts, cfg)
            client = get_client("scripted/fake", responses=scripted_responder, retry_base_delay=0.0)
            t0 = time.perf_counter()
            result = generate_multihop(load_corpus_dir(corpus_dir), cfg, client=client)
            elapsed = time.perf_counter() - t0
            requests = client.usage.requests
            client.close()
            rows.append((n_docs, len(result.items), requests, estimate.calls, elapsed))
            by_model = Counter(r.reason for r in result.rejected if r.step.endswith(("_llm", "qa_check", "answer_alone")))
            verdicts = Counter(i.provenance.extra.get("qa_check", {}).get("verdict") for i in result.items)
            notes.append(f"{n_docs} documents: model rejections {dict(by_model.most_common(6))}; QA verdicts {dict(verdicts)}")
    print(f"\nmultihop llm strategy, --n {N}, scripted model (rules NER)")
    print(f"{'documents':>10} {'accepted':>9} {'LLM calls':>10} {'per item':>9} {'dry-run estimate':>17} {'seconds':>8}")
    for n_docs, accepted, calls, est, secs in rows:
        print(f"{n_docs:>10} {accepted:>9} {calls:>10} {calls / max(accepted, 1):>9.2f} {est:>17} {secs:>8.1f}")
    small, large = (r[2] / max(r[1], 1) for r in rows)
    print(f"ratio 5,000 / 500 documents: {large / small:.2f} (target within 0.80-1.20); "
          f"max per item {max(small, large):.2f} (target <= 5)")
    print("\n".join(notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
