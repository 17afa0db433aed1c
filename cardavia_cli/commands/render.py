"""Rendering shared by commands: the rules text."""

from __future__ import annotations

import re
import sys
from importlib import resources

from cardavia_cli.commands.common import console

#: Sentences addressed to implementers.
_TECHNICAL_LINE = re.compile(r"must hold in the implementation|tests encode them", re.IGNORECASE)


def for_players(text: str) -> str:
    """A rules file as players read it: without its status note and its notes to
    implementers. Every section stays, the rule functions too: the rest of the text refers
    to them (waits, claim options)."""
    out: list[str] = []
    paragraph_is_status = False
    for line in text.splitlines():
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


def print_rules(game: str, section: str | None = None) -> None:
    """Print a game's rules, or one numbered section of them (``"7.3"``), with rich Markdown,
    through a pager on a terminal. Raises ``CardaviaError`` for an unknown section."""
    from rich.markdown import Markdown

    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.repl.output import Paged
    from cardavia_cli.repl.render import Renderer
    from cardavia_cli.repl.session import rules_section

    text = rules_text(game)
    if section is not None:
        part = rules_section(text, section.strip())
        if part is None:
            raise CardaviaError(f"the rules have no section {section.strip()!r}")
        text = part
    Renderer(console(), pager=sys.stdout.isatty()).show([Paged(Markdown(text))])
