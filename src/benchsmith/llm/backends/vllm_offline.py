"""vLLM's offline engine (`vllm.LLM`) on a local model path; optional extra `benchsmith[vllm]`.

Concurrent requests are gathered into batches for `LLM.chat`. A JSON schema is
enforced natively with vLLM's structured outputs (`StructuredOutputsParams(json=...)`,
vLLM >= 0.10.2; older releases use `GuidedDecodingParams`). Raise the client's
`concurrency` (e.g. 256) so batches can fill up.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchsmith.errors import BenchsmithError
from benchsmith.llm.address import ModelAddress
from benchsmith.llm.backends import BACKENDS
from benchsmith.llm.base import GenerationConfig, Message, PermanentError, RawResponse, Usage
from benchsmith.llm.batching import MicroBatcher

_Request = tuple[list[Message], GenerationConfig, dict[str, Any] | None]


def sampling_params(config: GenerationConfig, schema: dict[str, Any] | None, *, default_max_tokens: int) -> Any:
    """A `vllm.SamplingParams` for one request, with structured output when a schema is given."""
    from vllm import SamplingParams

    kwargs: dict[str, Any] = {"temperature": config.temperature,
                              "max_tokens": config.max_tokens or default_max_tokens}
    if config.top_p is not None:
        kwargs["top_p"] = config.top_p
    if config.seed is not None:
        kwargs["seed"] = config.seed
    if config.stop:
        kwargs["stop"] = list(config.stop)
    kwargs.update(config.extra)
    if schema is not None:
        try:
            from vllm.sampling_params import StructuredOutputsParams
        except ImportError:  # vLLM before 0.10.2
            from vllm.sampling_params import GuidedDecodingParams

            kwargs["guided_decoding"] = GuidedDecodingParams(json=schema)
        else:
            kwargs["structured_outputs"] = StructuredOutputsParams(json=schema)
    return SamplingParams(**kwargs)


class VLLMBackend:
    """Batches chat requests into `vllm.LLM.chat` calls."""

    provider = "vllm"

    def __init__(self, address: ModelAddress, *, timeout_s: float = 60.0, concurrency: int = 8,
                 max_batch: int = 256, max_wait_s: float = 0.01, default_max_tokens: int = 1024,
                 **engine_options: Any) -> None:
        del timeout_s, concurrency
        path = Path(address.model)
        if not path.exists():
            raise BenchsmithError(f"vllm/{address.model}: no local model at that path (nothing is downloaded)")
        try:
            import vllm
        except ImportError as exc:
            raise BenchsmithError("the vllm backend needs vLLM: pip install 'benchsmith[vllm]' (and a GPU)") from exc
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        self.model = address.model
        self.model_id = address.spec
        self.cache_identity = json.dumps(engine_options, sort_keys=True, default=str)
        self.default_max_tokens = default_max_tokens
        self.llm = vllm.LLM(model=str(path), **engine_options)
        self._batcher: MicroBatcher[_Request, RawResponse] = MicroBatcher(
            self._run_batch, max_batch=max_batch, max_wait_s=max_wait_s)

    async def generate(self, messages: list[Message], config: GenerationConfig,
                       response_schema: dict[str, Any] | None = None) -> RawResponse:
        return await self._batcher.submit((messages, config, response_schema))

    def _run_batch(self, requests: Sequence[_Request]) -> list[RawResponse | BaseException]:
        conversations = [[m.model_dump() for m in messages] for messages, _, _ in requests]
        params = [sampling_params(config, schema, default_max_tokens=self.default_max_tokens)
                  for _, config, schema in requests]
        outputs = self.llm.chat(conversations, sampling_params=params, use_tqdm=False)
        results: list[RawResponse | BaseException] = []
        for (_, _, schema), output in zip(requests, outputs, strict=True):
            if not output.outputs:
                results.append(PermanentError("vLLM returned no output for a request"))
                continue
            best = output.outputs[0]
            results.append(RawResponse(
                text=best.text,
                usage=Usage(prompt_tokens=len(output.prompt_token_ids or []), completion_tokens=len(best.token_ids)),
                finish_reason=best.finish_reason,
                native_schema=schema is not None,
            ))
        return results


@BACKENDS.register("vllm")
def create(address: ModelAddress, **options: Any) -> VLLMBackend:
    return VLLMBackend(address, **options)
