"""The games of cardavia, imported lazily by name so that start-up stays fast.

``GAMES`` maps a command name to its title; :func:`load_game` imports the package and returns
its :class:`~cardavia_cli.engine.game.GameInfo`. A game never imports another game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardavia_cli.engine.game import GameInfo

GAMES: dict[str, str] = {
    "sisepai": "Si Se Pai (Four Colour Cards, flower variant)",
}


def load_game(name: str) -> GameInfo:
    """The game registered as ``name``; raises
    :class:`~cardavia_cli.engine.errors.UnknownNameError` (a ``CardaviaError`` and a
    ``KeyError``) naming the known games."""
    if name not in GAMES:
        from cardavia_cli.engine.errors import UnknownNameError

        known = ", ".join(sorted(GAMES))
        raise UnknownNameError(f"unknown game {name!r} (known: {known})")
    module = importlib.import_module(f"cardavia_cli.games.{name}")
    info: GameInfo = module.GAME
    return info
