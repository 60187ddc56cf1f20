"""The core shapes, registered for schema export."""

from benchsmith.schemas import SCHEMAS
from benchsmith.types import Chunk, Document, Provenance, Rejected

for _model in (Document, Chunk, Provenance, Rejected):
    SCHEMAS.register(_model.model_fields["kind"].default)(_model)
