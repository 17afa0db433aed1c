"""The command tree's help as plain text: for help printed off a terminal (no box panels, no
markup), for the man pages and for shell completion.

Typer builds the command tree from the app (``typer.main.get_command``); :func:`walk` visits it
and :func:`plain` takes rich markup (``[bold]...[/bold]``) out of a help string.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def plain(text: str | None) -> str:
    """``text`` without rich markup (``[bold]x[/bold]`` is ``x``; brackets that are not markup,
    such as ``[CARDS]``, stay)."""
    if not text:
        return ""
    from rich.markup import render

    return render(text).plain


def walk(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the tree under ``command`` with its path of names (the root's path is
    ``()``), the root first, then its subcommands in the order they are listed."""
    yield path, command
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name, sub in subcommands.items():
            if not getattr(sub, "hidden", False):
                yield from walk(sub, (*path, name))


def plain_help(command: Any, *, ascii_only: bool = False) -> None:
    """Make every command of the tree print its help as plain text, without markup (changes
    the tree in place); with ``ascii_only`` (``--ascii``), only ASCII characters
    (:func:`~cardavia_cli.repl.console.to_ascii`: ``Guandan (掼蛋)`` is ``Guandan``)."""
    convert = plain
    if ascii_only:
        from cardavia_cli.repl.console import to_ascii

        def convert(text: str | None) -> str:
            return to_ascii(plain(text))

    for _, cmd in walk(command):
        if hasattr(cmd, "rich_markup_mode"):
            cmd.rich_markup_mode = None
        for attr in ("help", "short_help", "epilog"):
            value = getattr(cmd, attr, None)
            if isinstance(value, str):
                setattr(cmd, attr, convert(value))
        for param in getattr(cmd, "params", []):
            if isinstance(getattr(param, "help", None), str):
                param.help = convert(param.help)
