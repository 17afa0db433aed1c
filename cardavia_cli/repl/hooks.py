"""The game's REPL side, found by name: :func:`load_ui`.

A game's ``repl`` module holds ``UI``, an instance of a
:class:`~cardavia_cli.engine.ui.GameUI` subclass; the base class there gives every optional
part its default, so the REPL uses the object as it is, never probing for attributes.
"""

from __future__ import annotations

import importlib

from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.ui import GameUI


def load_ui(game: str) -> GameUI:
    """The ``UI`` of the registered game's ``repl`` module (``<package>.repl``); raises
    ``UnknownNameError`` for an unknown game or a game that has no REPL side, and
    ``TypeError`` for a ``UI`` that is no :class:`~cardavia_cli.engine.ui.GameUI`."""
    from cardavia_cli.games import game_module

    name = f"{game_module(game)}.repl"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise UnknownNameError(
            _("{game} cannot be played in the REPL yet").format(game=game)
        ) from None
    ui = module.UI
    if not isinstance(ui, GameUI):
        raise TypeError(f"{name}.UI is not a GameUI (engine.ui)")
    return ui
