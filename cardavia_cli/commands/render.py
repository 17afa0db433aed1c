"""Rendering shared by commands: the rules text."""

from __future__ import annotations

import sys

from cardavia_cli.commands.common import console
from cardavia_cli.games import for_players, rules_text

__all__ = ["for_players", "print_rules", "rules_text"]


def print_rules(game: str, section: str | None = None) -> None:
    """Print a game's rules, or one numbered section of them (``"7.3"``), with rich Markdown,
    through a pager on a terminal. Raises ``CardaviaError`` for an unknown section."""
    from rich.markdown import Markdown

    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.repl.output import Paged
    from cardavia_cli.repl.render import Renderer
    from cardavia_cli.repl.text import rules_section

    text = rules_text(game)
    if section is not None:
        part = rules_section(text, section.strip())
        if part is None:
            raise CardaviaError(f"the rules have no section {section.strip()!r}")
        text = part
    Renderer(console(), pager=sys.stdout.isatty()).show([Paged(Markdown(text))])
