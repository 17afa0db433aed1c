"""Rendering shared by commands: the rules text."""

from __future__ import annotations

import re
import sys
from importlib import resources

from cardavia_cli.commands.common import console

#: Sections of a rules file written for the tests, not for players (the rule-function
#: contracts and their JSON case format); left out of what ``rules`` shows.
_TECHNICAL_HEADING = re.compile(r"^##\s+\d+\.\s+Rule function", re.IGNORECASE)
#: Sentences addressed to implementers.
_TECHNICAL_LINE = re.compile(r"must hold in the implementation|tests encode them", re.IGNORECASE)


def for_players(text: str) -> str:
    """A rules file as players read it: without its status note and without the sections
    that specify the rule functions for the tests."""
    out: list[str] = []
    skipping = False
    paragraph_is_status = False
    for line in text.splitlines():
        if line.startswith("## "):
            skipping = bool(_TECHNICAL_HEADING.match(line))
        if skipping:
            continue
        if line.startswith("Status:"):
            paragraph_is_status = True
        if paragraph_is_status:
            if not line.strip():
                paragraph_is_status = False
            continue
        if _TECHNICAL_LINE.search(line):
            continue
        if line.startswith("# "):
            line = re.sub(r":?\s*rules specification$", ": rules", line)
        out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def rules_text(game: str) -> str:
    """The rules shipped with a game package (Markdown), as players read them."""
    from cardavia_cli.games import load_game

    info = load_game(game)
    package = resources.files(f"cardavia_cli.games.{game}")
    return for_players(package.joinpath(info.rules_file).read_text("utf-8"))


def print_rules(game: str) -> None:
    """Print a game's rules with rich Markdown (through a pager on a terminal)."""
    from rich.markdown import Markdown

    from cardavia_cli.repl.output import Paged
    from cardavia_cli.repl.render import Renderer

    Renderer(console(), pager=sys.stdout.isatty()).show([Paged(Markdown(rules_text(game)))])
