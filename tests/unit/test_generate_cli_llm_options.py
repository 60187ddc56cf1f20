"""Every generator command takes the LLM timeout and deadline: a CPU server needs minutes a reply, not 60 s."""

from __future__ import annotations

import pytest

from benchsmith.generators.core.generator import all_generators


class _Stop(Exception):
    pass


@pytest.mark.parametrize("kind", ["multihop", "frames", "conversations", "mirage"])
def test_generate_commands_accept_timeout_and_deadline(kind, monkeypatch):
    from benchsmith.cli import _generate_common as common
    from benchsmith.cli import main

    original = common.run_options
    seen = {}

    def recording(*args, **kwargs):
        opts = original(*args, **kwargs)
        seen.update(timeout=opts.timeout_s, deadline=opts.deadline_s)
        raise _Stop

    monkeypatch.setattr(common, "run_options", recording)
    args = ["generate", kind, "--corpus", "c", "--n", "1", "--out", "o", "--timeout", "600", "--deadline", "3600"]
    if kind == "mirage":
        args += ["--qa", "qa.jsonl"]
    with pytest.raises(_Stop):
        main(args)
    assert seen == {"timeout": 600.0, "deadline": 3600.0}
    assert kind in all_generators()
