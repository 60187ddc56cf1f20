"""llama.cpp through llama-cpp-python on a local GGUF file; optional extra `benchsmith[llamacpp]`.

`Llama.create_chat_completion` applies the model's chat template; a JSON schema
is enforced natively with `response_format={"type": "json_object", "schema": ...}`
(a grammar built from the schema). One model instance is not thread-safe, so
requests run one at a time in a worker thread.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from benchsmith.errors import BenchsmithError
from benchsmith.llm.address import ModelAddress
from benchsmith.llm.backends import BACKENDS
from benchsmith.llm.base import GenerationConfig, Message, PermanentError, RawResponse, Usage


def chat_arguments(messages: list[Message], config: GenerationConfig, schema: dict[str, Any] | None,
                   *, default_max_tokens: int) -> dict[str, Any]:
    """Keyword arguments for `Llama.create_chat_completion`."""
    kwargs: dict[str, Any] = {"messages": [m.model_dump() for m in messages], "temperature": config.temperature,
                              "max_tokens": config.max_tokens or default_max_tokens}
    if config.top_p is not None:
        kwargs["top_p"] = config.top_p
    if config.seed is not None:
        kwargs["seed"] = config.seed
    if config.stop:
        kwargs["stop"] = list(config.stop)
    kwargs.update(config.extra)
    if schema is not None:
        kwargs["response_format"] = {"type": "json_object", "schema": schema}
    return kwargs


class LlamaCppBackend:
    provider = "llamacpp"

    def __init__(self, address: ModelAddress, *, timeout_s: float = 60.0, concurrency: int = 8,
                 n_ctx: int = 4096, n_gpu_layers: int = 0, default_max_tokens: int = 1024,
                 **llama_options: Any) -> None:
        del timeout_s, concurrency
        path = Path(address.model)
        if not path.is_file():
            raise BenchsmithError(f"llamacpp/{address.model}: no GGUF file at that path")
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise BenchsmithError("the llamacpp backend needs llama-cpp-python: "
                                  "pip install 'benchsmith[llamacpp]'") from exc
        self.model = address.model
        self.model_id = address.spec
        self.cache_identity = json.dumps({"n_ctx": n_ctx, **llama_options}, sort_keys=True, default=str)
        self.default_max_tokens = default_max_tokens
        self.llm = Llama(model_path=str(path), n_ctx=n_ctx, n_gpu_layers=n_gpu_layers, verbose=False,
                         **llama_options)
        self._lock = threading.Lock()

    async def generate(self, messages: list[Message], config: GenerationConfig,
                       response_schema: dict[str, Any] | None = None) -> RawResponse:
        kwargs = chat_arguments(messages, config, response_schema, default_max_tokens=self.default_max_tokens)
        return await asyncio.to_thread(self._run, kwargs, response_schema is not None)

    def _run(self, kwargs: dict[str, Any], native: bool) -> RawResponse:
        with self._lock:
            try:
                result = self.llm.create_chat_completion(**kwargs)
            except ValueError as exc:  # e.g. prompt longer than the context window
                raise PermanentError(f"llama.cpp refused the request: {exc}") from exc
        choice = result["choices"][0]
        usage = result.get("usage") or {}
        return RawResponse(text=choice["message"].get("content") or "",
                           usage=Usage(prompt_tokens=usage.get("prompt_tokens", 0),
                                       completion_tokens=usage.get("completion_tokens", 0)),
                           finish_reason=choice.get("finish_reason"), native_schema=native)


@BACKENDS.register("llamacpp")
def create(address: ModelAddress, **options: Any) -> LlamaCppBackend:
    return LlamaCppBackend(address, **options)
