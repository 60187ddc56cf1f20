"""benchsmith: build verified RAG benchmarks from a corpus and score RAG systems on them."""

from benchsmith.errors import BenchsmithError, InputError
from benchsmith.types import Chunk, Document, Provenance, Rejected, Span

__version__ = "0.1.0"

__all__ = [
    "BenchsmithError",
    "Chunk",
    "Document",
    "InputError",
    "Provenance",
    "Rejected",
    "Span",
    "__version__",
]
