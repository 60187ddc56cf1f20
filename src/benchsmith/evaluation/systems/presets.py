"""The papers' own generation settings as named presets for the baseline RAG system.

Each preset fixes which passages the model sees (none, retrieved top-k, or the
gold passages), how many, the prompt template and how the answer is read back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from benchsmith.errors import InputError
from benchsmith.llm.base import GenerationConfig

ContextSource = Literal["none", "retrieved", "oracle_one", "oracle_all"]

_MULTIHOP_ANSWER = re.compile(r'The answer to the question is "(.*?)"', re.DOTALL)


def extract_multihop_answer(text: str) -> str:
    """The quoted answer of 'The answer to the question is "..."', else the stripped text."""
    m = _MULTIHOP_ANSWER.search(text)
    return m.group(1).strip() if m else text.strip()


def _identity(text: str) -> str:
    return text.strip()


@dataclass(frozen=True)
class RagPreset:
    """One generation setting.

    Attributes:
        name: the preset's CLI name.
        template: prompt file in benchsmith/prompts/.
        context: where passages come from.
        k: passages given to the model (retrieved) or most gold passages used (oracle_all).
        system_prompt: the system message, if the paper used one.
        config: sampling settings.
        postprocess: turns the raw reply into the scored answer.
        source: where the setting comes from.
    """

    name: str
    template: str
    context: ContextSource
    k: int = 5
    system_prompt: str | None = None
    config: GenerationConfig = field(default_factory=lambda: GenerationConfig(temperature=0.0))
    postprocess: Callable[[str], str] = field(default=_identity, compare=False)
    source: str = ""


PRESETS: dict[str, RagPreset] = {p.name: p for p in (
    RagPreset("multihop-rag", "rag_multihop.v1.j2", "retrieved", k=6,
              postprocess=extract_multihop_answer,
              source="MultiHop-RAG: top-6 retrieved chunks (<= 2,048 tokens), one word/entity answer"),
    RagPreset("mtrag", "rag_mtrag.v1.j2", "retrieved", k=5,
              source="mtRAG: N=5 passages, under 150 words, 'I do not have specific information' when unanswerable"),
    RagPreset("mtrag-reference", "rag_mtrag.v1.j2", "oracle_all", k=5,
              source="mtRAG Reference setting: the gold passages instead of retrieved ones"),
    RagPreset("mirage-base", "rag_mirage_base.v1.j2", "none", k=0, system_prompt="You are a helpful assistant.",
              source="MIRAGE base: no context"),
    RagPreset("mirage-oracle", "rag_mirage_context.v1.j2", "oracle_one", k=1,
              system_prompt="You are a helpful assistant.", source="MIRAGE oracle: the one gold chunk"),
    RagPreset("mirage-mixed", "rag_mirage_context.v1.j2", "retrieved", k=5,
              system_prompt="You are a helpful assistant.", source="MIRAGE mixed: top-5 retrieved chunks with noise"),
    RagPreset("frames-naive", "rag_frames.v1.j2", "none", k=0, source="FRAMES naive prompt: no retrieval"),
    RagPreset("frames-bm25", "rag_frames.v1.j2", "retrieved", k=4,
              source="FRAMES BM25-R: top n_docs (2 or 4) BM25 articles"),
    RagPreset("frames-bm25-2", "rag_frames.v1.j2", "retrieved", k=2, source="FRAMES BM25-R (n_docs=2)"),
    RagPreset("frames-bm25-4", "rag_frames.v1.j2", "retrieved", k=4, source="FRAMES BM25-R (n_docs=4)"),
    RagPreset("frames-oracle", "rag_frames.v1.j2", "oracle_all", k=100, source="FRAMES oracle: all gold articles"),
    RagPreset("rag", "rag_mtrag.v1.j2", "retrieved", k=5, source="generic grounded answer from top-5 passages"),
)}


def get_preset(name: str) -> RagPreset:
    try:
        return PRESETS[name]
    except KeyError:
        raise InputError(f"unknown preset {name!r}; known: {', '.join(sorted(PRESETS))}") from None
