import subprocess
import sys

import pytest

from benchsmith.cli import get_app, main


def test_every_command_group_is_mounted():
    app = get_app()
    names = {g.name or g.typer_instance.info.name for g in app.registered_groups} | {c.name for c in app.registered_commands}
    assert {"evaluate", "generate", "version"} <= names


def test_unknown_command_exits_non_zero():
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code != 0


def test_console_script_prints_version():
    out = subprocess.run([sys.executable, "-m", "benchsmith", "version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == __import__("benchsmith").__version__


def test_error_line_prints_brackets_in_paths_literally(tmp_path, capsys):
    folder = tmp_path / "[draft]" / "[/x]"
    folder.mkdir(parents=True)
    with pytest.raises(SystemExit) as info:
        main(["corpus", "stats", str(folder)])
    assert info.value.code == 2
    assert f"error: {folder}: not an ingested corpus folder" in capsys.readouterr().err


def test_root_version_option_matches_the_version_command(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"benchsmith {__import__('benchsmith').__version__}"


def test_root_help_lists_the_shared_output_options(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--version" in out and "--quiet" in out and "--verbose" in out


def test_project_version_is_read_from_the_package():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())["project"]
    assert "version" in project["dynamic"] and "version" not in project
