"""Corpora: loaders into `Document`, sentence splitting, tokenizers, chunking, the on-disk store.

Public entry points (imported lazily so that `benchsmith.corpora.sentences` stays cheap):

* :func:`load_documents` — read files/folders in any supported format into documents.
* :func:`chunk_documents` — split documents into token-budgeted chunks with exact spans.
* :func:`split_sentences` — rule-based sentence spans.
* :func:`get_tokenizer` — ``"whitespace"`` or ``"wordpiece"`` token counters.
* :class:`Corpus`, :func:`load_corpus_dir`, :func:`write_corpus_dir` — the ingested folder.
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "load_documents": "benchsmith.corpora.loading",
    "LOADERS": "benchsmith.corpora.loaders",
    "chunk_documents": "benchsmith.corpora.chunking",
    "ChunkerSettings": "benchsmith.corpora.chunking",
    "split_sentences": "benchsmith.corpora.sentences",
    "get_tokenizer": "benchsmith.corpora.tokenizers",
    "parse_date": "benchsmith.corpora.dates",
    "Corpus": "benchsmith.corpora.store",
    "load_corpus_dir": "benchsmith.corpora.store",
    "write_corpus_dir": "benchsmith.corpora.store",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'benchsmith.corpora' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
