"""The LLM layer: one protocol, backends addressed `provider/model`, shared wrappers.

    from benchsmith.llm import get_client
    client = get_client("openai/Qwen2.5-7B@http://localhost:8000/v1", cache_dir=".benchsmith-cache")
    completion = await client.complete([{"role": "user", "content": "..."}], response_model=Answer, step="answer")
    if completion.ok: completion.parsed  else: completion.rejected
"""

from benchsmith.llm.address import ModelAddress, parse_address
from benchsmith.llm.base import (
    Backend,
    BackendConfigError,
    Completion,
    GenerationConfig,
    Message,
    PermanentError,
    RawResponse,
    TransientError,
    Usage,
)
from benchsmith.llm.cache import ResponseCache, cache_key
from benchsmith.llm.client import LLMClient, LLMRequest, LLMUsage, normalize_messages
from benchsmith.llm.factory import get_client
from benchsmith.llm.ledger import PriceTable, UsageLedger, summarize_ledger
from benchsmith.llm.retry import RetryPolicy
from benchsmith.llm.structured import (
    REQUEST_FAILED,
    SCHEMA_VALIDATION,
    UNPARSEABLE,
    extract_json,
    json_schema_for,
    parse_structured,
)

__all__ = [
    "Backend", "BackendConfigError", "Completion", "GenerationConfig", "LLMClient", "LLMRequest", "LLMUsage", "Message",
    "ModelAddress", "PermanentError", "PriceTable", "RawResponse", "ResponseCache", "RetryPolicy",
    "TransientError", "Usage", "UsageLedger", "REQUEST_FAILED", "SCHEMA_VALIDATION", "UNPARSEABLE",
    "cache_key", "extract_json", "get_client", "json_schema_for", "normalize_messages", "parse_address",
    "parse_structured", "summarize_ledger",
]
