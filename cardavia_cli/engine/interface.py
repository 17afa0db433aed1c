"""Small values a game's REPL side is made of (see :mod:`cardavia_cli.engine.ui`), kept here
so that every game builds its UI from the same values without importing the REPL."""

from __future__ import annotations

from typing import NamedTuple


class Verb(NamedTuple):
    """An action verb for the REPL's command registry : the verb,
    its usage line, its help (citing the rules section), a few words for the completion menu,
    and aliases."""

    verb: str
    usage: str
    help: str
    short: str = ""
    aliases: tuple[str, ...] = ()


class Completion(NamedTuple):
    """A completion candidate : the word and a short description."""

    text: str
    meta: str = ""


class Switch(NamedTuple):
    """An on/off setting of a game ; ``controls_forced``: when it is
    off, the person's forced answers wait to be typed."""

    name: str
    help: str
    default: bool
    controls_forced: bool
