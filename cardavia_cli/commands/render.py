"""Rendering shared by commands: the rules text."""

from __future__ import annotations

import sys

from cardavia_cli.commands.common import console
from cardavia_cli.games import rules_text

__all__ = ["print_rules", "rules_text"]


def print_rules(game: str, topic: str | None = None) -> None:
    """Print a game's rules for players with rich Markdown, or the one section ``topic``
    names (a number, ``"7.5"``, or words of its title, ``"tribute"``: see
    :func:`cardavia_cli.games.rulebook.find_section`). The whole text goes through a pager
    on a terminal; piped, it is printed plainly. Raises ``UnknownTopicError`` (a
    ``CardaviaError``) naming nearby sections for a topic that names none."""
    from rich.markdown import Markdown

    from cardavia_cli.games.rulebook import find_section
    from cardavia_cli.repl.output import Paged
    from cardavia_cli.repl.render import Renderer

    text = rules_text(game)
    renderer = Renderer(console(), pager=sys.stdout.isatty())
    if topic is None or not topic.strip():
        renderer.show([Paged(Markdown(text))])
    else:
        section = find_section(text, topic, english=rules_text(game, "en"))
        renderer.show([Markdown(section.text)])
