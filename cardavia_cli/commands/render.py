"""Rendering shared by commands: the rules text, outcomes."""

from __future__ import annotations

import sys
from importlib import resources

from cardavia_cli.commands.common import console


def rules_text(game: str) -> str:
    """The rules file shipped with a game package (Markdown)."""
    from cardavia_cli.games import load_game

    info = load_game(game)
    return (
        resources.files(f"cardavia_cli.games.{game}").joinpath(info.rules_file).read_text("utf-8")
    )


def print_rules(game: str) -> None:
    """Print a game's rules with rich Markdown (through a pager on a terminal)."""
    from rich.markdown import Markdown

    from cardavia_cli.repl.output import Paged
    from cardavia_cli.repl.render import Renderer

    Renderer(console(), pager=sys.stdout.isatty()).show([Paged(Markdown(rules_text(game)))])
