"""FRAMES generator: LLM calls per accepted question (scripted model) and heuristic questions per minute.

On the two real linked corpora (../shared/data/corpora/wikipedia_landscape_paintings and
aws_s3_developer_guide), --n 100 each. The model is the scripted fake of the test suite
(rewordings with some truncated, yes/no and article-dropping replies, closed-book guesses),
so no server is needed. The calls should stay near 2 per accepted question (one wording,
one closed-book check) plus the rejected wordings; the dry-run estimate is printed beside them.

The heuristic run's speed is given against a peer in the same run: its time over the time of its own fact stage
(reading every article's facts, work the drafting does not touch), so a loaded machine slows both. Drafting
re-derived the same options, groups and checks in each of its ~50,000 attempts before they were kept per
Assembler: at 2aba811 the ratio was 24-27 on the S3 guide and 88-117 on the paintings (whose fact stage is short),
after 8-11 and 31-37 (the same items; the runs 34-39 s -> 12-16 s and 46-48 s -> 13-17 s on a shared 2-core box).

Then the FRAMES baselines (`benchsmith evaluate frames`, every setting, multi-step at k=n=2)
on a generated set per corpus (--n 50) and on ../shared/data/frames/frames_subset_first100.jsonl
(no articles: naive only), against the test-started local stub server answering by the
fixed rules of tests/integration/frames_eval_fakes.py. The accuracies say nothing about
any model; the table shows the pipeline end to end, its calls per question and its time.

    .venv/bin/python benchmarks/frames.py                    (needs ../shared/data)
    .venv/bin/python benchmarks/frames.py --heuristic-only   (the heuristic runs alone: no model, no baselines)
"""

from __future__ import annotations

import argparse
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
    ap = argparse.ArgumentParser()
    ap.add_argument("--heuristic-only", action="store_true", help="only the heuristic runs and their speed")
    args = ap.parse_args()
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
            peer_s = heuristic.timings["facts"]
            if args.heuristic_only:
                rows.append((name, len(heuristic.items), heuristic_s, peer_s, 0, 0, 0, mix(heuristic.items), ""))
                continue
            cfg = FramesConfig(n=N, strategy="llm", llm="scripted/fake", seed=0)
            opts = GenerateOptions(corpus=corpus_dir, n=N, out=Path(tmp) / f"dry-{name}", strategy="llm",
                                   llm="scripted/fake", seed=0)
            estimate = estimate_generator(GENERATOR, opts, cfg)
            client = get_client("scripted/fake", responses=scripted_responder, retry_base_delay=0.0)
            llm = generate_items(GENERATOR, corpus, cfg, n=N, client=client)
            requests = client.usage.requests
            client.close()
            rows.append((name, len(heuristic.items), heuristic_s, peer_s, len(llm.items), requests, estimate.calls,
                         mix(heuristic.items), mix(llm.items)))
        tables = [] if args.heuristic_only else baselines(Path(tmp))
    print(f"\nframes generator, --n {N} per corpus")
    print(f"{'corpus':34} {'heuristic q':>11} {'q/min':>9} {'s':>6} {'vs facts':>8} {'llm q':>6} {'calls':>6} "
          f"{'calls/q':>8} {'estimate':>9}  {'heuristic 2/3/4/5+':>18}  {'llm 2/3/4/5+':>14}   (FRAMES 36/35/16/13)")
    for name, hn, hs, peer, ln, calls, est, hmix, lmix in rows:
        print(f"{name:34} {hn:11d} {hn / hs * 60:9.0f} {hs:6.1f} {hs / peer:8.1f} {ln:6d} {calls:6d} "
              f"{calls / max(1, ln):8.2f} {est:9d}  {hmix:>18}  {lmix:>14}")
    print("vs facts = the heuristic run's seconds / its fact stage's seconds (the peer: work drafting does not touch)")
    for title, lines in tables:
        print(f"\nFRAMES baselines on {title} (stub server: accuracies are the fake's, not a model's)")
        print("\n".join(lines))
    return 0


def mix(items) -> str:
    """The article-count shares in percent, 2/3/4/5+."""
    from collections import Counter
    sizes = Counter(min(len(i.articles), 5) for i in items)
    return "/".join(str(round(100 * sizes[k] / max(1, len(items)))) for k in (2, 3, 4, 5))


def baselines(corpus_root: Path) -> list[tuple[str, list[str]]]:
    """Generate a FRAMES set on each corpus (--n 50), then run every baseline on them and on the subset file."""
    import json

    from frames_eval_fakes import FramesEvalModel

    from benchsmith.cli import main as cli
    from benchsmith.evaluation.frames.baselines import FramesOptions, run_baselines
    from benchsmith.llm.stub_server import StubServer

    sets = []
    for name in CORPORA:
        bench = corpus_root / f"frames-{name}"
        try:
            cli(["generate", "frames", "--corpus", str(corpus_root / name), "--n", "50", "--out", str(bench)])
        except SystemExit as exc:
            if exc.code and not (bench / "frames.jsonl").is_file():  # exit 1 with a shortfall still writes the set
                raise
        size = len((bench / "frames.jsonl").read_text().splitlines())
        sets.append((f"the generated {name} set ({size})", bench / "frames.jsonl", bench))
    subset = DATA.parent / "frames" / "frames_subset_first100.jsonl"
    sets.append(("the FRAMES subset (100)", subset, subset))
    corpus_dir = corpus_root / CORPORA[0]
    out = []
    for title, path, bench in sets:
        if not path.is_file():
            continue
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        model = FramesEvalModel({r["Prompt"]: r["Answer"] for r in rows})
        with StubServer(model.stub_responder) as server:
            t0 = time.perf_counter()
            result = run_baselines(FramesOptions(benchmark=bench, steps=2,
                                                 queries_per_step=2, model=f"openai/stub@{server.base_url}",
                                                 ledger_dir=corpus_dir.parent / "ledger", bootstrap=1000))
            seconds, requests = time.perf_counter() - t0, server.requests
        lines = [f"{'setting':16} {'accuracy [95% CI]':26} {'match (n)':16} {'malformed':>9}"]
        for system in result.doc["systems"]:
            acc, match = system["aggregates"]["accuracy"], system["aggregates"]["match"]
            lines.append(f"{system['name']:16} {acc['mean']:.3f} [{acc['low']:.3f}, {acc['high']:.3f}]{'':6} "
                         f"{match['mean']:.3f} ({match['n']:3d}){'':4} {system['counts']['judge_malformed']:9d}")
        for table in result.doc["tables"][1:]:
            lines.append(f"{table['title']}: " + "; ".join(
                f"{row[0]}: " + ", ".join(f"{c}={v.split(' ')[0]}" for c, v in zip(table["columns"][1:], row[1:]))
                for row in table["rows"][:1]))
        lines.append(f"{requests} requests to the server for {len(rows)} questions ({requests / len(rows):.1f} per "
                     f"question, judge included, after the LLM cache) in {seconds:.1f} s")
        out.append((title, lines))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
