"""The CLI imports a built-in generator only when its command runs: `benchsmith --version` and `--help` stay fast."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from benchsmith.cli import get_app
from benchsmith.cli._groups import generate_app
get_app()
print(sorted(c.name for c in generate_app.registered_commands))
print(sorted(m for m in sys.modules if m.startswith("benchsmith.generators.") and m.endswith(".generate")))
"""


def test_registering_the_commands_imports_no_built_in_generator():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == str(["conversations", "frames", "mirage", "multihop"])
    assert out[1] == "[]"


def test_every_generator_is_still_found_for_the_library():
    from benchsmith.generators.core.generator import all_generators, generators_besides

    assert {"conversations", "frames", "mirage", "multihop"} <= set(all_generators())
    assert "frames" not in generators_besides({"frames"})
