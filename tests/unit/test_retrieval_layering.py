"""Layering: the retrieval modules that search a benchmark must not import evaluation (it imports them)."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "benchsmith" / "retrieval"


@pytest.mark.parametrize("module", ["queries.py", "runner.py"])
def test_module_does_not_import_evaluation(module):
    tree = ast.parse((SRC / module).read_text())
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.startswith("benchsmith.evaluation")], imported
