"""Mounts the shared command groups after importing every module that adds to them."""

import importlib
import pkgutil

import typer

from benchsmith.cli._groups import GROUPS


def register(app: typer.Typer) -> None:
    import benchsmith.cli as cli_pkg

    for info in sorted(pkgutil.iter_modules(cli_pkg.__path__), key=lambda i: i.name):
        prefix = info.name.split("_", 1)[0]
        if prefix in GROUPS and "_" in info.name:
            importlib.import_module(f"benchsmith.cli.{info.name}")
    from benchsmith.cli._generate_common import add_plugin_commands
    from benchsmith.cli._groups import generate_app

    add_plugin_commands(generate_app)
    for group in GROUPS.values():
        app.add_typer(group)
