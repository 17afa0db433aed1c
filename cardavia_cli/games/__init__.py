"""The games of cardavia, imported lazily by name so that start-up stays fast.

``GAMES`` maps a command name to its title; :func:`load_game` imports the game's package and
returns its :class:`~cardavia_cli.engine.game.GameInfo`; :func:`register` adds a game (the
tests register a small game of their own). A game never imports another game.
:func:`rules_text` is a game's rules file as players read it.
"""

from __future__ import annotations

import importlib
import re
from importlib import resources
from typing import TYPE_CHECKING

from cardavia_cli.engine.errors import UnknownNameError

if TYPE_CHECKING:
    from cardavia_cli.engine.game import GameInfo

GAMES: dict[str, str] = {
    "sisepai": "Si Se Pai (Four Colour Cards, flower variant)",
    "cucu": "Cuccu (Cucù, Cucco)",
    "minchiate": "Minchiate (Germini)",
    "guandan": "Guandan (掼蛋)",
}

#: The package of each game (by default ``cardavia_cli.games.<name>``).
MODULES: dict[str, str] = {name: f"cardavia_cli.games.{name}" for name in GAMES}


def register(name: str, title: str, module: str) -> None:
    """Register the game ``name`` whose package ``module`` exposes ``GAME`` (and may have a
    ``repl`` module with its REPL hook ``UI``)."""
    GAMES[name] = title
    MODULES[name] = module


def unregister(name: str) -> None:
    """Take a game registered with :func:`register` off the registry."""
    GAMES.pop(name, None)
    MODULES.pop(name, None)


def load_game(name: str) -> GameInfo:
    """The game registered as ``name``; raises ``UnknownNameError`` naming the known games."""
    if name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise UnknownNameError(f"unknown game {name!r} (known: {known})")
    module = importlib.import_module(MODULES[name])
    info: GameInfo = module.GAME
    return info


def game_module(name: str) -> str:
    """The package name of the registered game ``name``."""
    load_game(name)
    return MODULES[name]


#: Sentences of a rules file addressed to implementers.
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


def rules_text(name: str) -> str:
    """The rules shipped with a game's package (Markdown), as players read them."""
    info = load_game(name)
    package = resources.files(MODULES[name])
    return for_players(package.joinpath(info.rules_file).read_text("utf-8"))
