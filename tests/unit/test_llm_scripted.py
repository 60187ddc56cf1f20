"""The scripted backend: exact, regex, sequence and default modes, from files and values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel

from benchsmith.errors import InputError
from benchsmith.llm import get_client
from benchsmith.llm.backends import BACKENDS


class Entity(BaseModel):
    name: str


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": "sys"}, {"role": "user", "content": text}]


def test_builtin_backends_are_registered() -> None:
    assert {"openai", "scripted", "transformers", "llamacpp", "vllm"} <= set(BACKENDS.names())


async def test_modes_in_priority_order(tmp_path: Path) -> None:
    script = {
        "rules": [
            {"prompt": "exact one", "response": "E1"},
            {"match": r"^entity:\s*(\w+)", "response": {"name": "Ada"}},
            {"response": "S1"},
            {"response": "S2"},
        ],
        "default": "D",
    }
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script))
    client = get_client(f"scripted/{path}")
    assert (await client.complete(user("exact one"))).text == "E1"
    entity = await client.complete(user("entity: Ada Lovelace"), response_model=Entity)
    assert entity.parsed == Entity(name="Ada")
    assert [(await client.complete(user(f"other {i}"))).text for i in range(3)] == ["S1", "S2", "D"]
    assert (await client.complete(user("exact one"))).text == "E1"  # exact rules are not consumed


async def test_plain_mapping_list_and_callable() -> None:
    mapping = get_client("scripted/inline", responses={"hi": "hello"})
    assert (await mapping.complete(user("hi"))).text == "hello"
    missing = await mapping.complete(user("bye"), step="greet")
    assert missing.rejected.reason == "request_failed" and "no scripted response" in missing.rejected.detail

    seq = get_client("scripted/inline", responses=["a", {"name": "b"}])
    assert [(await seq.complete(user("x"))).text for _ in range(2)] == ["a", '{"name": "b"}']

    fn = get_client("scripted/fn", responses=lambda messages: messages[-1].content.upper())
    assert (await fn.complete(user("shout"))).text == "SHOUT"


async def test_jsonl_and_yaml_files(tmp_path: Path) -> None:
    jsonl = tmp_path / "s.jsonl"
    jsonl.write_text('{"prompt": "q", "response": "from jsonl"}\n\n{"match": "z+", "response": "zz"}\n')
    client = get_client(f"scripted/{jsonl}")
    assert (await client.complete(user("q"))).text == "from jsonl"
    assert (await client.complete(user("buzz"))).text == "zz"
    yaml_file = tmp_path / "s.yaml"
    yaml_file.write_text("rules:\n  - prompt: q\n    response:\n      name: Grace\n")
    done = await get_client(f"scripted/{yaml_file}").complete(user("q"), response_model=Entity)
    assert done.parsed == Entity(name="Grace")


async def test_scripted_failures_drive_retry_and_repair() -> None:
    responses = [{"error": "transient", "message": "busy"}, "not json", '{"name": "Lin"}']
    client = get_client("scripted/x", responses=responses, retry_base_delay=0.001)
    done = await client.complete(user("who?"), response_model=Entity)
    assert done.parsed == Entity(name="Lin") and done.retries == 1 and done.repairs == 1


async def test_scripted_cache_tracks_file_content(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"q": "v1"}))
    cache = tmp_path / "cache"
    assert (await get_client(f"scripted/{path}", cache_dir=cache).complete(user("q"))).text == "v1"
    again = await get_client(f"scripted/{path}", cache_dir=cache).complete(user("q"))
    assert again.cached and again.text == "v1"
    path.write_text(json.dumps({"q": "v2"}))  # an edited script must not be answered from the old cache
    changed = await get_client(f"scripted/{path}", cache_dir=cache).complete(user("q"))
    assert not changed.cached and changed.text == "v2"


@pytest.mark.parametrize(
    ("name", "content", "line"),
    [
        ("bad.json", '{"rules": [\n  {"prompt": "a"\n]}', 3),
        ("bad.jsonl", '{"prompt": "a", "response": "b"}\n{"prompt": "c"}\n', 2),
        ("bad.jsonl", '{"prompt": "a", "response": "b"}\nnot json\n', 2),
        ("bad.yaml", "rules:\n  - prompt: [unclosed\n", 3),
    ],
)
def test_bad_script_files_name_file_and_line(tmp_path: Path, name: str, content: str, line: int) -> None:
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(InputError) as info:
        get_client(f"scripted/{path}")
    assert info.value.path == str(path) and info.value.line == line


def test_missing_script_file_and_bad_regex(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        get_client(f"scripted/{tmp_path / 'absent.json'}")
    with pytest.raises(InputError, match="invalid regex"):
        get_client("scripted/x", responses=[{"match": "(", "response": "r"}])
