"""Si Se Pai (Four Colour Cards, Wei-Hwa Huang's flower variant): rules/sisepai.md.

Modules, in the order every game package follows: :mod:`.cards` (pack and notation),
:mod:`.melds` (pure rule functions: meld kinds, win check, scoring, waits, claim options),
:mod:`.check` (the ``check`` calculator), :mod:`.rules` (the state machine), :mod:`.ai`
(computer players), :mod:`.view` (rendering).

``GAME`` is built on first use, so that importing :mod:`.cards` or :mod:`.melds` alone (as
``cardavia sisepai check`` does) does not import the state machine and the computer players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardavia_cli.engine.game import GameInfo

    GAME: GameInfo


def _game() -> GameInfo:
    from cardavia_cli.engine.game import GameInfo
    from cardavia_cli.engine.i18n import N_
    from cardavia_cli.games.sisepai.ai import AGENTS
    from cardavia_cli.games.sisepai.cards import PACK, canonical
    from cardavia_cli.games.sisepai.rules import new_state

    return GameInfo(
        name="sisepai",
        title=N_("Si Se Pai (Four Colour Cards, flower variant)"),
        pack=PACK,
        parse_card=canonical,
        new_state=new_state,
        agents=AGENTS,
        match_keys=(),
        has_dealer=True,
        rules_file="player_rules.md",
    )


def __getattr__(name: str) -> GameInfo:
    """``GAME``, the game's :class:`~cardavia_cli.engine.game.GameInfo`, built once on first
    access; raises ``AttributeError`` for any other name."""
    if name == "GAME":
        game = _game()
        globals()["GAME"] = game
        return game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
