"""benchsmith installed from its wheel works as from the checkout: the user's path, not an editable install.

The wheel is built from a copy of the source tree and installed into a new virtual environment
in a temporary folder. Only its dependencies are borrowed from the running environment (a
plain path in a .pth file, so that environment's own benchsmith is not importable), which keeps
the test well under a minute; .ci/run does the full fresh install with torch==2.13.0.
"""

from __future__ import annotations

import email.parser
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

import benchsmith

pytestmark = pytest.mark.slow
# .ci/run sets this: its release step, after the tests, installs the wheel with its real dependencies into a
# fresh environment and runs the demo there, a stronger check than the demo test here; no need to pay for both.
IN_CI_WITH_RELEASE_STEP = os.environ.get("BENCHSMITH_CI_RELEASE_CHECK") == "1"

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "benchsmith"
TREE = ["pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "CHANGELOG.md", "src"]
NOISE = re.compile(r"Loading weights|\d+%\|| it/s\]|Warning:|FutureWarning|DeprecationWarning")


def _run(cmd: list[str], *, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="python -m build is needed (it is in the dev extra)")
    tmp = tmp_path_factory.mktemp("wheel")
    tree = tmp / "tree"
    for name in TREE:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            tree.mkdir(exist_ok=True)
            shutil.copy2(source, tree / name)
    done = _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp / "dist"), str(tree)], cwd=tmp)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (built,) = (tmp / "dist").glob("benchsmith-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory) -> Path:
    """The bin folder of a new virtual environment holding only the wheel's benchsmith."""
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    # A clean environment: with PYTHONPATH on a source tree, pip may take benchsmith for installed already.
    done = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
                cwd=env_dir, env=_clean_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=env_dir).stdout.strip())
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "zz_borrowed_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    return env_dir / "bin"


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return {**env, "COLUMNS": "200"}


def test_wheel_holds_every_file_a_command_reads(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        "benchsmith/" + p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    assert expected - names == set()
    assert "benchsmith/py.typed" in names
    assert "benchsmith/data/examples/harbor_city_news/corpus.jsonl" in names
    assert {f"benchsmith/review/static/{n}" for n in ("index.html", "review.js", "review.css")} <= names
    assert len([n for n in names if n.startswith("benchsmith/prompts/") and n.endswith(".j2")]) >= 22
    assert len([n for n in names if n.startswith("benchsmith/schemas/") and n.endswith(".schema.json")]) >= 9


def test_wheel_metadata_is_complete(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode())
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in zf.namelist())
    assert meta["Version"] == benchsmith.__version__
    assert meta["License-Expression"] == "Apache-2.0"
    assert meta["Author"] == "benchsmith developers"
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "# benchsmith" in meta.get_payload()
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Repository", "Issues", "Changelog"} <= set(urls)
    assert "Typing :: Typed" in meta.get_all("Classifier")
    extras = set(meta.get_all("Provides-Extra"))
    assert {"local", "dev", "es", "vllm", "llamacpp", "ray", "distilabel"} <= extras


def test_installed_package_is_the_wheel_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    done = _run([str(installed / "python"), "-c", "import benchsmith; print(benchsmith.__file__)"], cwd=tmp_path,
                env=_clean_env())
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(installed.parent), done.stdout
    version = _run([str(installed / "benchsmith"), "--version"], cwd=tmp_path, env=_clean_env())
    assert version.stdout.strip() == f"benchsmith {benchsmith.__version__}"


@pytest.mark.skipif(IN_CI_WITH_RELEASE_STEP, reason=".ci/run's release step runs the demo from a fresh install after the tests")
def test_installed_demo_runs_from_any_folder_without_noise(installed: Path, tmp_path: Path) -> None:
    """Plain `benchsmith demo` (the bundled corpus), then `benchsmith validate`, from an empty folder."""
    demo = _run([str(installed / "benchsmith"), "demo", "--n", "20", "--out", "runs/demo"], cwd=tmp_path, env=_clean_env())
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    assert "ok: 20 records" in demo.stdout
    assert "bm25" in demo.stdout and "dense" in demo.stdout and "nDCG@10" in demo.stdout
    assert not NOISE.search(demo.stdout + demo.stderr), NOISE.search(demo.stdout + demo.stderr)
    out = tmp_path / "runs" / "demo"
    assert (out / "retrieval-eval" / "report.html").is_file()
    validate = _run([str(installed / "benchsmith"), "validate", str(out / "multihop" / "items.jsonl")], cwd=tmp_path,
                    env=_clean_env())
    assert validate.returncode == 0, validate.stdout + validate.stderr
    assert "ok: 20 records" in validate.stdout
