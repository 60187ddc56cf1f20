"""A local Hugging Face causal LM (`transformers/<path>`), loaded with local_files_only.

Prompts are rendered with the tokenizer's chat template (or a plain
`role: content` transcript when it has none), batched, left-padded and run
with `model.generate` in a worker thread. Nothing is downloaded. There is no
native schema enforcement: the client parses and validates the text.
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
from benchsmith.llm.base import GenerationConfig, Message, RawResponse, Usage
from benchsmith.llm.batching import MicroBatcher

_Request = tuple[list[Message], GenerationConfig]


def render_plain(messages: Sequence[Message]) -> str:
    """A transcript for tokenizers without a chat template."""
    return "".join(f"{m.role}: {m.content}\n" for m in messages) + "assistant:"


def _version_at_least(version: str, minimum: tuple[int, int]) -> bool:
    parts = []
    for piece in version.split(".")[:2]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts) >= minimum


def _cut_at_stop(text: str, stop: Sequence[str] | None) -> tuple[str, bool]:
    cut = min((i for i in (text.find(s) for s in stop or []) if i != -1), default=-1)
    return (text[:cut], True) if cut != -1 else (text, False)


class TransformersBackend:
    provider = "transformers"

    def __init__(self, address: ModelAddress, *, timeout_s: float = 60.0, concurrency: int = 8,
                 device: str | None = None, dtype: str = "auto", max_batch: int = 8, max_wait_s: float = 0.005,
                 default_max_tokens: int = 512) -> None:
        del timeout_s, concurrency
        path = Path(address.model)
        if not path.is_dir():
            raise BenchsmithError(f"transformers/{address.model}: no local model directory at that path "
                                  "(models are never downloaded; pass a saved model folder)")
        try:
            import torch
            import transformers
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise BenchsmithError("the transformers backend needs transformers and torch: "
                                  "pip install 'benchsmith[local]'") from exc
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        self.torch = torch
        self.model = address.model
        self.model_id = address.spec
        self.cache_identity = json.dumps({"dtype": dtype}, sort_keys=True)
        self.default_max_tokens = default_max_tokens
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
        self.tokenizer.padding_side = "left"  # generation continues from the right end
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        # transformers 4.56 renamed torch_dtype to dtype.
        dtype_key = "dtype" if _version_at_least(transformers.__version__, (4, 56)) else "torch_dtype"
        self.llm = AutoModelForCausalLM.from_pretrained(path, local_files_only=True, **{dtype_key: dtype})
        self.llm.to(self.device)
        self.llm.eval()
        self._batcher: MicroBatcher[_Request, RawResponse] = MicroBatcher(
            self._run_batch, max_batch=max_batch, max_wait_s=max_wait_s)

    def render(self, messages: Sequence[Message]) -> str:
        if getattr(self.tokenizer, "chat_template", None):
            return self.tokenizer.apply_chat_template([m.model_dump() for m in messages], tokenize=False,
                                                      add_generation_prompt=True)
        return render_plain(messages)

    async def generate(self, messages: list[Message], config: GenerationConfig,
                       response_schema: dict[str, Any] | None = None) -> RawResponse:
        return await self._batcher.submit((messages, config))

    def _run_batch(self, requests: Sequence[_Request]) -> list[RawResponse]:
        # One generate() per distinct configuration; requests keep their order.
        results: list[RawResponse | None] = [None] * len(requests)
        groups: dict[str, list[int]] = {}
        for i, (_, config) in enumerate(requests):
            groups.setdefault(config.model_dump_json(), []).append(i)
        for indices in groups.values():
            config = requests[indices[0]][1]
            outputs = self._generate([self.render(requests[i][0]) for i in indices], config)
            for i, output in zip(indices, outputs, strict=True):
                results[i] = output
        return [r for r in results if r is not None]

    def _generate(self, prompts: list[str], config: GenerationConfig) -> list[RawResponse]:
        torch = self.torch
        encoded = self.tokenizer(prompts, return_tensors="pt", padding=True, add_special_tokens=False)
        encoded = {k: v.to(self.device) for k, v in encoded.items() if k in ("input_ids", "attention_mask")}
        kwargs: dict[str, Any] = {"max_new_tokens": config.max_tokens or self.default_max_tokens,
                                  "pad_token_id": self.tokenizer.pad_token_id}
        if config.temperature > 0:
            kwargs.update(do_sample=True, temperature=config.temperature)
            if config.top_p is not None:
                kwargs["top_p"] = config.top_p
        else:
            kwargs["do_sample"] = False
        kwargs.update(config.extra)
        if config.seed is not None:
            torch.manual_seed(config.seed)
        with torch.inference_mode():
            generated = self.llm.generate(**encoded, **kwargs)
        prompt_width = encoded["input_ids"].shape[1]
        responses = []
        for row in range(len(prompts)):
            new_tokens = generated[row, prompt_width:]
            pad = self.tokenizer.pad_token_id
            new_tokens = new_tokens[new_tokens != pad] if pad is not None else new_tokens
            text = self.tokenizer.decode(new_tokens, skip_special_tokens=True)
            text, stopped = _cut_at_stop(text, config.stop)
            finish = "stop" if stopped or len(new_tokens) < kwargs["max_new_tokens"] else "length"
            responses.append(RawResponse(
                text=text,
                usage=Usage(prompt_tokens=int(encoded["attention_mask"][row].sum()),
                            completion_tokens=int(len(new_tokens))),
                finish_reason=finish,
            ))
        return responses


@BACKENDS.register("transformers")
def create(address: ModelAddress, **options: Any) -> TransformersBackend:
    return TransformersBackend(address, **options)
