"""FRAMES generator: LLM calls per accepted question (scripted model) and heuristic questions per minute.

On the two real linked corpora (../shared/data/corpora/wikipedia_landscape_paintings and
aws_s3_developer_guide), --n 100 each. The model is the scripted fake of the test suite
(rewordings with some truncated, yes/no and article-dropping replies, closed-book guesses),
so no server is needed. The calls should stay near 2 per accepted question (one wording,
one closed-book check) plus the rejected wordings; the dry-run estimate is printed beside them.

    .venv/bin/python benchmarks/frames.py            (needs ../shared/data)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "corpora"
CORPORA = ("wikipedia_landscape_paintings", "aws_s3_developer_guide")
sys.path.insert(0, str(ROOT / "tests" / "integration"))
N = 100


def main() -> int:
    missing = [c for c in CORPORA if not (DATA / c / "corpus.jsonl").is_file()]
    if missing:
        print(f"skipped: {', '.join(missing)} not found under {DATA} (the team's ../shared/data)")
        return 0
    from frames_llm_fakes import scripted_responder

    from benchsmith.cli import main as cli
    from benchsmith.corpora.store import load_corpus_dir
    from benchsmith.generators.core.runner import (
        GenerateOptions,
        estimate_generator,
        generate_items,
    )
    from benchsmith.generators.frames import GENERATOR, FramesConfig
    from benchsmith.llm import get_client

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in CORPORA:
            corpus_dir = Path(tmp) / name
            try:
                cli(["corpus", "ingest", str(DATA / name / "corpus.jsonl"), "--out", str(corpus_dir)])
            except SystemExit as exc:
                if exc.code:
                    return int(exc.code)
            corpus = load_corpus_dir(corpus_dir)
            t0 = time.perf_counter()
            heuristic = generate_items(GENERATOR, corpus, FramesConfig(n=N, seed=0), n=N)
            heuristic_s = time.perf_counter() - t0
            cfg = FramesConfig(n=N, strategy="llm", llm="scripted/fake", seed=0)
            opts = GenerateOptions(corpus=corpus_dir, n=N, out=Path(tmp) / f"dry-{name}", strategy="llm",
                                   llm="scripted/fake", seed=0)
            estimate = estimate_generator(GENERATOR, opts, cfg)
            client = get_client("scripted/fake", responses=scripted_responder, retry_base_delay=0.0)
            llm = generate_items(GENERATOR, corpus, cfg, n=N, client=client)
            requests = client.usage.requests
            client.close()
            rows.append((name, len(heuristic.items), heuristic_s, len(llm.items), requests, estimate.calls))
    print(f"\nframes generator, --n {N} per corpus")
    print(f"{'corpus':34} {'heuristic q':>11} {'q/min':>9} {'llm q':>6} {'calls':>6} {'calls/q':>8} {'estimate':>9}")
    for name, hn, hs, ln, calls, est in rows:
        print(f"{name:34} {hn:11d} {hn / hs * 60:9.0f} {ln:6d} {calls:6d} {calls / max(1, ln):8.2f} {est:9d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
