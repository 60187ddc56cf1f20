"""The `benchsmith` command line.

Every module in this package that defines `register(app)` adds its commands;
a new command group is one new file, with no central list to edit.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import sys

import typer
from rich.console import Console
from rich.markup import escape

from benchsmith.cli import options
from benchsmith.errors import BenchsmithError

app = typer.Typer(
    name="benchsmith",
    help="Build verified RAG benchmarks from a corpus and score RAG systems on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
_registered = False


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time of the record (test runners swap it)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("%(levelname)s: %(name)s: %(message)s"))

    @property
    def stream(self):  # type: ignore[override]
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


def _configure_logging(level: str) -> None:
    """benchsmith's own loggers: warnings by default, errors only under --quiet, debug under --verbose.

    Third-party libraries are left alone here; their load-time noise is handled where the
    models load (benchsmith.embedded), which reads this level.
    """
    logger = logging.getLogger("benchsmith")
    if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
        logger.addHandler(_StderrHandler())
    logger.setLevel({options.QUIET: logging.ERROR, options.VERBOSE: logging.DEBUG}.get(level, logging.WARNING))


def _print_version(value: bool) -> None:
    if value:
        from benchsmith import __version__

        typer.echo(f"benchsmith {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_print_version, help="Print the benchsmith version and exit."
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Print only results and errors: no progress bars, status lines or summaries."
    ),
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="Also print debug logs, and third-party libraries' own progress and warnings."
    ),
) -> None:
    """Build verified RAG benchmarks from a corpus and score RAG systems on them."""
    from benchsmith.errors import InputError

    if quiet and verbose:
        raise InputError("--quiet and --verbose cannot be used together")
    level = options.QUIET if quiet else options.VERBOSE if verbose else options.NORMAL
    options.set_output_level(level)
    _configure_logging(level)
    # Progress bars that do not name a console (e.g. retrieval's) draw on rich's global console.
    import rich

    rich.get_console().quiet = quiet


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
