"""Cuccu (Cucù, Cucco), the old Italian one-card game of lives: rules/cucu.md (``RULES.md``).

Modules, in the order every game package follows: :mod:`.cards` (the 40-card pack, its
notation and the special cards), :mod:`.round` (one round as a pure state machine, the
showdown, dealer rotation and the reference match of rules section 12), :mod:`.events` (the
log's events as values), :mod:`.rules` (the whole match on the engine:
:class:`~.rules.CucuState` and its :class:`~.rules.Phase`), :mod:`.ai` (computer players),
:mod:`.view` and :mod:`.repl` (the REPL).
"""

from __future__ import annotations

from typing import Any

from cardavia_cli.engine.errors import DealFileError
from cardavia_cli.engine.game import GameInfo
from cardavia_cli.engine.i18n import _
from cardavia_cli.games.cucu.ai import AGENTS
from cardavia_cli.games.cucu.cards import PACK, parse_card
from cardavia_cli.games.cucu.round import START_LIVES
from cardavia_cli.games.cucu.rules import new_state


def validate_match(values: dict[str, Any], where: str) -> dict[str, Any]:
    """The deal-file key ``lives`` (cli.md; rules section 5): four whole numbers 0..3 (lives
    of seats 0..3 at the start of the round, 0 = out), at least two of them above 0.

    ``where`` names the file (and line) in the message. Returns ``{"lives": [...]}`` or ``{}``
    when the key is absent; raises :class:`DealFileError`. The ``dealer`` is checked against
    the lives when the match is dealt (:func:`~.rules.new_state`).
    """
    if "lives" not in values:
        return {}
    lives = values["lives"]
    if (
        not isinstance(lives, list)
        or len(lives) != 4
        or any(isinstance(v, bool) or not isinstance(v, int) for v in lives)
    ):
        raise DealFileError(
            # TRANSLATORS: 'lives' is the key of the deal file, as it is written.
            _("'lives' must list four whole numbers 0..3, one per seat, e.g. [3, 3, 2, 0]"),
            where,
        )
    bad = [v for v in lives if not 0 <= v <= START_LIVES]
    if bad:
        raise DealFileError(
            _("'lives': {value} is not 0..{most} (lives {lives}; rules section 5)").format(
                value=bad[0], most=START_LIVES, lives=lives
            ),
            where,
        )
    if sum(1 for v in lives if v > 0) < 2:
        raise DealFileError(
            _("'lives' {lives}: at least two seats must have lives (rules section 5)").format(
                lives=lives
            ),
            where,
        )
    return {"lives": list(lives)}


GAME = GameInfo(
    name="cucu",
    title="Cuccu (Cucù, Cucco)",
    pack=PACK,
    parse_card=parse_card,
    new_state=new_state,
    agents=AGENTS,
    match_keys=("lives",),
    validate_match=validate_match,
    has_dealer=True,
    rules_file="player_rules.md",
    partnerships=False,
)

__all__ = ["GAME", "validate_match"]
