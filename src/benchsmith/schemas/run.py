"""The run summary (summary.json) a pipeline run writes, registered for schema export."""

from benchsmith.pipeline_parts.summary import RunSummary
from benchsmith.schemas import SCHEMAS

SCHEMAS.register("run_summary")(RunSummary)
