"""Command groups shared by several modules: `evaluate`, `generate`.

A module named `evaluate_*.py` or `generate_*.py` adds its subcommand to the
group here; `groups.py` imports those modules and mounts the groups.
"""

import typer

evaluate_app = typer.Typer(name="evaluate", help="Score retrieval and generation on a benchmark.", no_args_is_help=True)
generate_app = typer.Typer(name="generate", help="Generate a benchmark from an ingested corpus.", no_args_is_help=True)

GROUPS = {"evaluate": evaluate_app, "generate": generate_app}
