"""BEIR corpus.jsonl: {"_id", "title", "text", "metadata"}."""

from benchsmith.corpora.loaders import LOADERS
from benchsmith.corpora.loaders._common import RecordLoader

BEIR = LOADERS.register("beir")(
    RecordLoader(
        name="beir",
        defaults={"doc_id": ("_id",), "title": ("title",), "text": ("text",), "url": ("url",), "metadata": ("metadata",)},
        sniff_record=lambda r: "_id" in r and "text" in r,
        priority=20,
    )
)
