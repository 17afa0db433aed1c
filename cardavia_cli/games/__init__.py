"""The games of cardavia, imported lazily by name so that start-up stays fast.

``GAMES`` maps a command name to its title; :func:`load_game` imports the game's package and
returns its :class:`~cardavia_cli.engine.game.GameInfo`; :func:`register` adds a game (the
tests register a small game of their own). A game never imports another game.
:func:`rules_text` is a game's rules written for players (:mod:`.rulebook` finds a section).
"""

from __future__ import annotations

import importlib
from importlib import resources
from typing import TYPE_CHECKING

from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.i18n import N_, _, language

if TYPE_CHECKING:
    from cardavia_cli.engine.game import GameInfo

#: (English; :func:`game_title` is a title in the language spoken.)
GAMES: dict[str, str] = {
    "sisepai": N_("Si Se Pai (Four Colour Cards, flower variant)"),
    "cucu": N_("Cuccu (Cucù, Cucco)"),
    "minchiate": N_("Minchiate (Germini)"),
    "guandan": N_("Guandan (掼蛋)"),
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


def game_title(name: str) -> str:
    """The title of the game registered as ``name``, in the language spoken (the game's name
    stays as players say it: ``Guandan (掼蛋)``).

    >>> game_title("minchiate")
    'Minchiate (Germini)'
    """
    return _(GAMES[name])


def load_game(name: str) -> GameInfo:
    """The game registered as ``name``; raises ``UnknownNameError`` naming the known games."""
    if name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise UnknownNameError(
            _("unknown game {name} (known: {games})").format(name=repr(name), games=known)
        )
    module = importlib.import_module(MODULES[name])
    info: GameInfo = module.GAME
    return info


def game_module(name: str) -> str:
    """The package name of the registered game ``name``."""
    load_game(name)
    return MODULES[name]


def rules_text(name: str, lang: str | None = None) -> str:
    """The rules of the game registered as ``name`` written for players (Markdown), in
    ``lang`` (default: the language spoken now): the file its ``GameInfo.rules_file`` names
    in its package, e.g. ``player_rules.md``, or its translation beside it
    (``player_rules.tr.md``) when there is one; English otherwise. The developers'
    specification (``RULES.md`` beside it) is never shown to players. Raises
    ``UnknownNameError`` for an unknown game."""
    info = load_game(name)
    package = resources.files(MODULES[name])
    stem, dot, suffix = info.rules_file.rpartition(".")
    translated = package.joinpath(f"{stem}.{lang or language()}{dot}{suffix}")
    if stem and translated.is_file():
        return translated.read_text("utf-8")
    return package.joinpath(info.rules_file).read_text("utf-8")
