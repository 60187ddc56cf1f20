"""The package's layers import only downward (the order DESIGN.md states)."""

from __future__ import annotations

import ast
from pathlib import Path

import benchsmith

# Top to bottom; names in one row may import each other.
LAYERS = [
    ["cli", "__main__"],
    ["review"],
    ["generators"],
    ["reports"],
    ["evaluation"],
    ["validators"],
    ["retrieval"],
    ["llm", "pipeline", "pipeline_parts"],
    ["corpora", "schemas", "data"],
    ["prompting", "embedded", "registry", "marker", "outdir", "redact", "quantities", "text", "fileio", "types",
     "errors", "__init__"],
]
RANK = {name: i for i, row in enumerate(LAYERS) for name in row}
PACKAGE = Path(benchsmith.__file__).parent


def imported_modules(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name


def upward_imports(package: Path) -> list[str]:
    found = []
    for path in sorted(package.rglob("*.py")):
        here = path.relative_to(package).parts[0].removesuffix(".py")
        for line, module in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
            parts = module.split(".")
            if parts[0] != "benchsmith" or len(parts) < 2 or parts[1] == here:
                continue
            where = f"{path.relative_to(package)}:{line} imports {module}"
            if here not in RANK or parts[1] not in RANK:
                found.append(f"{where} (a top-level name with no layer: add it to LAYERS and DESIGN.md)")
            elif RANK[parts[1]] < RANK[here]:
                found.append(where)
    return found


def test_every_import_points_down_or_sideways_within_a_row():
    assert upward_imports(PACKAGE) == []


def test_an_upward_import_is_reported(tmp_path):
    (tmp_path / "retrieval").mkdir()
    (tmp_path / "retrieval" / "x.py").write_text("from benchsmith.evaluation.benchmark import Turn\n")
    (tmp_path / "newroom").mkdir()
    (tmp_path / "newroom" / "y.py").write_text("import benchsmith.types\n")
    assert upward_imports(tmp_path) == [
        "newroom/y.py:1 imports benchsmith.types (a top-level name with no layer: add it to LAYERS and DESIGN.md)",
        "retrieval/x.py:1 imports benchsmith.evaluation.benchmark",
    ]
