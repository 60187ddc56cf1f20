"""A JSON array of objects in benchsmith's document shape (the .json twin of `jsonl`)."""

from benchsmith.corpora.loaders import LOADERS
from benchsmith.corpora.loaders._common import RecordLoader
from benchsmith.corpora.loaders.jsonl import NATIVE_FIELDS

# Same mapping as `jsonl`; the container (array vs lines) follows the file suffix for both.
JSON_ARRAY = LOADERS.register("json")(
    RecordLoader(name="json", defaults=NATIVE_FIELDS, sniff_record=lambda r: "text" in r, priority=0)
)
