"""benchsmith's own corpus JSONL: doc_id, title, text, source, published_at, url, links, meta/metadata."""

from benchsmith.corpora.loaders import LOADERS
from benchsmith.corpora.loaders._common import RecordLoader

NATIVE_FIELDS = {
    "doc_id": ("doc_id",),
    "title": ("title",),
    "text": ("text",),
    "source": ("source",),
    "published_at": ("published_at",),
    "url": ("url",),
    "links": ("links",),
    "metadata": ("metadata", "meta"),
}

JSONL = LOADERS.register("jsonl")(
    RecordLoader(name="jsonl", defaults=NATIVE_FIELDS, sniff_record=lambda r: "text" in r, priority=0)
)
