"""`benchsmith schemas export DIR`: write the JSON Schema files of every registered item model."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console


def register(app: typer.Typer) -> None:
    schemas_app = typer.Typer(name="schemas", help="JSON Schema files of the item models.", no_args_is_help=True)

    @schemas_app.command("export")
    def export(
        directory: Path = typer.Argument(..., help="Folder to write <kind>.schema.json files into.", file_okay=False),
        prune: bool = typer.Option(True, "--prune/--no-prune", help="Remove *.schema.json files of unregistered kinds."),
    ) -> None:
        """Write one <kind>.schema.json per registered model (regenerate the committed copies with
        `benchsmith schemas export src/benchsmith/schemas`)."""
        from benchsmith.schemas.export import export_schemas

        paths = export_schemas(directory, prune=prune)
        console = Console()
        for path in paths:
            console.print(str(path), highlight=False, markup=False)
        console.print(f"wrote {len(paths)} schema files to {directory}", highlight=False, markup=False)

    app.add_typer(schemas_app)
