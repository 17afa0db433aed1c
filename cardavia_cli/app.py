"""The root Typer app: one command group per game, plus run, resume and arena.

Game packages are imported only inside commands, so ``cardavia --help`` costs about as much as
importing Typer and rich.
"""

from __future__ import annotations

import sys

import typer

from cardavia_cli import __version__
from cardavia_cli.commands import arena as arena_cmd
from cardavia_cli.commands import run as run_cmd
from cardavia_cli.commands import sisepai as sisepai_cmd

app = typer.Typer(
    name="cardavia",
    help="Traditional card games at a table of four: you against three computer players.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardavia {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Traditional card games at a table of four: you against three computer players.

    Start with [bold]cardavia sisepai play[/bold].
    """
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit()


app.add_typer(sisepai_cmd.app, name="sisepai")
run_cmd.register(app)
arena_cmd.register(app)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="cardavia")


if __name__ == "__main__":  # pragma: no cover
    main()
    sys.exit(0)
