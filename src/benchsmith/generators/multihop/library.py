"""The multihop generator as a library call (the CLI runs the same generator through `core.runner`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchsmith.corpora.store import Corpus
from benchsmith.generators.core.runner import Result, generate_items
from benchsmith.generators.multihop.config import MultihopConfig
from benchsmith.generators.multihop.generate import GENERATOR


def generate_multihop(corpus: Corpus, cfg: MultihopConfig, *, client: Any = None, run_dir: str | Path | None = None,
                      concurrency: int = 4) -> Result:
    """Generate `cfg.n` MultiHop-RAG style items from a loaded corpus.

    Args:
        corpus: documents and chunks (`benchsmith.corpora.store.load_corpus_dir`).
        cfg: the run's settings.
        client: an LLM client for the llm strategy (None: heuristic).
        run_dir: where checkpoints go (a temporary folder when None); reusing it resumes.
        concurrency: LLM requests in flight at once.
    """
    if cfg.strategy == "llm" and client is None:
        raise ValueError("the llm strategy needs an LLM client (benchsmith.llm.get_client)")
    return generate_items(GENERATOR, corpus, cfg, n=cfg.n, seed=cfg.seed, client=client if cfg.strategy == "llm" else None,
                          run_dir=run_dir, concurrency=concurrency)
