"""mtRAG passage JSONL: {"document_id", "title", "text", "url"?, ...}; other keys go to metadata."""

from benchsmith.corpora.loaders import LOADERS
from benchsmith.corpora.loaders._common import RecordLoader

MTRAG = LOADERS.register("mtrag")(
    RecordLoader(
        name="mtrag",
        defaults={"doc_id": ("document_id",), "title": ("title",), "text": ("text",), "url": ("url",), "metadata": ("metadata",)},
        sniff_record=lambda r: "document_id" in r and "text" in r,
        priority=20,
    )
)
