"""Overhead of the LLM layer over a bare httpx loop, against a local stub server.

A stub OpenAI-compatible server (in a subprocess, so it does not share our GIL)
answers every request after a fixed delay. N requests go out at concurrency C
twice in the same run: through `benchsmith.llm` (cache and ledger disabled,
retries on) and through a bare `httpx.AsyncClient` loop bounded by the same
semaphore. Prints throughput of each and the ratio (target >= 0.8 at C=64).

    .venv/bin/python benchmarks/llm_overhead.py --requests 512 --delay 0.05 --concurrency 1 16 64
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import time
from typing import Any

import httpx

from benchsmith.llm import get_client
from benchsmith.llm.http_pool import ShardedAsyncClient


def start_server(delay: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "benchsmith.llm.stub_server", "--port", "0", "--delay", str(delay), "--echo"],
        stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on "):
        proc.kill()
        raise SystemExit(f"stub server did not start: {line!r}")
    return proc, line.removeprefix("listening on ")


def payload(i: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": "You answer briefly."}, {"role": "user", "content": f"request number {i}"}]


async def bare_httpx(base_url: str, n: int, concurrency: int, *, sharded: bool = False) -> float:
    """Throughput of a plain loop: one httpx.AsyncClient (or the sharded pool the layer uses)."""
    semaphore = asyncio.Semaphore(concurrency)
    if sharded:
        http_cm: Any = ShardedAsyncClient(max_connections=concurrency, base_url=base_url, timeout=60.0)
    else:
        limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        http_cm = httpx.AsyncClient(base_url=base_url, limits=limits, timeout=60.0)
    async with http_cm as http:

        async def one(i: int) -> str:
            async with semaphore:
                response = await http.post("/chat/completions",
                                           json={"model": "stub", "messages": payload(i), "temperature": 0.0})
                response.raise_for_status()
                return response.json()["choices"][0]["message"]["content"]

        await asyncio.gather(*(one(i) for i in range(min(n, concurrency))))  # warm the pool
        started = time.perf_counter()
        results = await asyncio.gather(*(one(i) for i in range(n)))
        elapsed = time.perf_counter() - started
    assert results[-1] == f"request number {n - 1}"
    return n / elapsed


async def through_layer(base_url: str, n: int, concurrency: int) -> float:
    client = get_client(f"openai/stub@{base_url}", concurrency=concurrency, timeout_s=60.0)
    await client.complete_many([payload(i) for i in range(min(n, concurrency))])  # warm the pool
    started = time.perf_counter()
    results = await client.complete_many([payload(i) for i in range(n)])
    elapsed = time.perf_counter() - started
    await client.aclose()
    assert all(r.ok for r in results) and results[-1].text == f"request number {n - 1}"
    return n / elapsed


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", "-n", type=int, default=512)
    parser.add_argument("--delay", type=float, default=0.05, help="server reply delay in seconds")
    parser.add_argument("--concurrency", "-c", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; the best of each is kept")
    args = parser.parse_args()
    proc, base_url = start_server(args.delay)
    try:
        print(f"stub server {base_url}, delay {args.delay * 1000:.0f} ms, {args.requests} requests per run")
        print("ratio = benchsmith / bare httpx (target >= 0.8 at C=64); "
              "ratio* = benchsmith / bare httpx on the same sharded pool (the layer's own cost)")
        print(f"{'C':>4} {'n':>5} {'ideal r/s':>10} {'bare httpx':>11} {'bare sharded':>13} "
              f"{'benchsmith':>11} {'ratio':>7} {'ratio*':>7}")
        for c in args.concurrency:
            n = args.requests if c > 1 else min(args.requests, 64)  # C=1 is slow by design
            bare, sharded, layer = 0.0, 0.0, 0.0
            for _ in range(args.rounds):
                bare = max(bare, await bare_httpx(base_url, n, c))
                sharded = max(sharded, await bare_httpx(base_url, n, c, sharded=True))
                layer = max(layer, await through_layer(base_url, n, c))
            ideal = c / args.delay if args.delay else float("inf")
            flag = "" if c < 64 or layer / bare >= 0.8 else "  (below target 0.8)"
            print(f"{c:>4} {n:>5} {ideal:>10.1f} {bare:>11.1f} {sharded:>13.1f} {layer:>11.1f} "
                  f"{layer / bare:>7.3f} {layer / sharded:>7.3f}{flag}")
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    asyncio.run(main())
