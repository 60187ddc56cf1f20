import typer

from benchsmith import __version__


def register(app: typer.Typer) -> None:
    @app.command("version")
    def version() -> None:
        """Print the benchsmith version."""
        typer.echo(__version__)
