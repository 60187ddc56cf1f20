"""The `benchsmith` command line.

Every module in this package that defines `register(app)` adds its commands;
a new command group is one new file, with no central list to edit.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer
from rich.console import Console
from rich.markup import escape

from benchsmith.errors import BenchsmithError

app = typer.Typer(
    name="benchsmith",
    help="Build verified RAG benchmarks from a corpus and score RAG systems on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
_registered = False


def _register_commands() -> None:
    global _registered
    if _registered:
        return
    _registered = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user-facing errors become one clear line and exit code 2."""
    _register_commands()
    try:
        app(args=argv)
    except BenchsmithError as exc:
        # Escaped: paths and messages may hold "[...]", which is not markup.
        Console(stderr=True).print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(2)


def get_app() -> typer.Typer:
    """The fully registered app, for tests that use typer's CliRunner."""
    _register_commands()
    return app
