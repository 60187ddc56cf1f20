"""MultiHop-RAG corpus.json: a JSON array of news articles.

Each item is {title, body, source, published_at, url, author, category}; the
article has no id of its own, so ids are derived from title and body.
"""

from benchsmith.corpora.loaders import LOADERS
from benchsmith.corpora.loaders._common import RecordLoader

MULTIHOP_RAG = LOADERS.register("multihop-rag")(
    RecordLoader(
        name="multihop-rag",
        defaults={
            "doc_id": ("doc_id",),
            "title": ("title",),
            "text": ("body",),
            "source": ("source",),
            "published_at": ("published_at",),
            "url": ("url",),
            "metadata": ("metadata",),
        },
        sniff_record=lambda r: "body" in r and "text" not in r,
        priority=20,
    )
)
