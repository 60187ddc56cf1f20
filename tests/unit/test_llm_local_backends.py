"""Local-engine backends: transformers on a tiny random model; llama.cpp and vLLM where installed."""

from __future__ import annotations

import asyncio
import importlib.util
import time
from pathlib import Path

import pytest
from pydantic import BaseModel

from benchsmith.errors import BenchsmithError
from benchsmith.llm import GenerationConfig, Message, get_client
from benchsmith.llm.backends.llamacpp import chat_arguments
from benchsmith.llm.batching import MicroBatcher


class Fact(BaseModel):
    subject: str


async def test_micro_batcher_groups_concurrent_requests_and_isolates_errors() -> None:
    calls: list[list[int]] = []

    def run(items):
        calls.append(list(items))
        time.sleep(0.01)
        return [ValueError(f"bad {i}") if i == 3 else i * 10 for i in items]

    batcher = MicroBatcher(run, max_batch=4, max_wait_s=0.01)
    results = await asyncio.gather(*(batcher.submit(i) for i in range(10)), return_exceptions=True)
    assert results[:3] == [0, 10, 20] and isinstance(results[3], ValueError) and results[9] == 90
    assert all(len(batch) <= 4 for batch in calls) and len(calls) == 3  # 4 + 4 + 2

    def broken(items):
        raise RuntimeError("engine died")

    with pytest.raises(RuntimeError, match="engine died"):
        await MicroBatcher(broken).submit(1)


def test_llamacpp_chat_arguments_use_json_object_schema() -> None:
    schema = Fact.model_json_schema()
    kwargs = chat_arguments([Message(role="user", content="q")], GenerationConfig(seed=3, stop=["\n\n"]), schema,
                            default_max_tokens=64)
    assert kwargs["response_format"] == {"type": "json_object", "schema": schema}
    assert kwargs["messages"] == [{"role": "user", "content": "q"}]
    assert (kwargs["max_tokens"], kwargs["seed"], kwargs["stop"], kwargs["temperature"]) == (64, 3, ["\n\n"], 0.0)
    assert "response_format" not in chat_arguments([], GenerationConfig(), None, default_max_tokens=1)


def test_llamacpp_backend_runs_when_installed(tmp_path: Path) -> None:
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(b"GGUF")  # a path that exists, so the missing package is what gets reported
    if importlib.util.find_spec("llama_cpp") is None:
        with pytest.raises(BenchsmithError, match="llama-cpp-python"):
            get_client(f"llamacpp/{gguf}")
        pytest.skip("llama-cpp-python is not installed here (optional extra benchsmith[llamacpp]) "
                    "and no GGUF model is available offline")
    with pytest.raises(BenchsmithError, match="no GGUF file"):
        get_client(f"llamacpp/{tmp_path / 'missing.gguf'}")
    pytest.skip("no GGUF model file is available offline to run llama.cpp end to end")


def test_vllm_backend_runs_when_installed(tmp_path: Path) -> None:
    if importlib.util.find_spec("vllm") is None:
        with pytest.raises(BenchsmithError, match="needs vLLM"):
            get_client(f"vllm/{tmp_path}")
        pytest.skip("vLLM is not installed here (optional extra benchsmith[vllm]; needs a CUDA GPU)")
    from benchsmith.llm.backends.vllm_offline import sampling_params

    params = sampling_params(GenerationConfig(max_tokens=5), Fact.model_json_schema(), default_max_tokens=9)
    assert params.max_tokens == 5
    pytest.skip("no local model weights are available offline to run vLLM end to end")


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-layer GPT-2 with random weights and a WordPiece tokenizer, saved locally (no download)."""
    transformers = pytest.importorskip("transformers", reason="transformers is not installed")
    import torch
    from tokenizers import BertWordPieceTokenizer

    from benchsmith.embedded import wordpiece_vocab_path

    try:
        vocab = wordpiece_vocab_path()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"the embedded WordPiece vocab is unavailable: {exc}")
    wordpiece = BertWordPieceTokenizer(str(vocab), lowercase=True)
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=wordpiece._tokenizer, unk_token="[UNK]", pad_token="[PAD]", eos_token="[SEP]",
        bos_token="[CLS]")
    tokenizer.chat_template = (
        "{% for m in messages %}[{{ m['role'] }}] {{ m['content'] }} {% endfor %}"
        "{% if add_generation_prompt %}[assistant]{% endif %}")
    torch.manual_seed(0)
    config = transformers.GPT2Config(vocab_size=tokenizer.vocab_size, n_positions=256, n_embd=32, n_layer=2,
                                     n_head=2, bos_token_id=tokenizer.bos_token_id,
                                     eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id)
    model = transformers.GPT2LMHeadModel(config)
    path = tmp_path_factory.mktemp("tiny-gpt2")
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


async def test_transformers_backend_generates_locally(tiny_model: Path, tmp_path: Path) -> None:
    client = get_client(f"transformers/{tiny_model}", device="cpu", cache_dir=tmp_path)
    config = GenerationConfig(max_tokens=6)
    prompts = [[{"role": "user", "content": f"who founded company number {i}?"}] for i in range(3)]
    first = await client.complete_many([{"messages": p, "config": config} for p in prompts])
    assert all(isinstance(c.text, str) and c.ok for c in first)
    assert all(0 < c.usage.completion_tokens <= 6 and c.usage.prompt_tokens > 5 for c in first)
    assert max(client.backend._batcher.batch_sizes) > 1  # concurrent requests were batched
    # Greedy decoding is deterministic: one prompt alone gives what it gave inside the batch.
    alone = get_client(f"transformers/{tiny_model}", device="cpu")
    assert (await alone.complete(prompts[1], config)).text == first[1].text
    # A random model cannot produce the JSON: the caller gets a Rejected with its raw text.
    done = await client.complete(prompts[0], config, response_model=Fact, step="facts")
    assert done.rejected is not None and done.rejected.reason in {"unparseable_output", "schema_validation"}
    assert done.rejected.raw_output == done.text and done.repairs == 1  # one re-ask by default
    rerun = get_client(f"transformers/{tiny_model}", device="cpu", cache_dir=tmp_path, max_calls=0)
    assert [c.text for c in await rerun.complete_many([{"messages": p, "config": config} for p in prompts])] == \
        [c.text for c in first]


def test_transformers_backend_rejects_missing_path(tmp_path: Path) -> None:
    with pytest.raises(BenchsmithError, match="no local model directory"):
        get_client(f"transformers/{tmp_path / 'nope'}")
