"""Tally, the engine's test game (see :mod:`.rules`): registered by the tests as ``tally``."""

from __future__ import annotations

from typing import Any

from cardavia_cli.engine.errors import DealFileError
from cardavia_cli.engine.game import GameInfo
from cardavia_cli.engine.seats import SEATS, team, team_seats

from .ai import AGENTS
from .rules import PACK, new_state, parse_card


def validate_match(values: dict[str, Any], where: str) -> dict[str, Any]:
    """``tokens = [a, b, c, d]``: whole numbers 0..99, each team with a seat above 0."""
    if "tokens" not in values:
        return values
    tokens = values["tokens"]
    if (
        not isinstance(tokens, list)
        or len(tokens) != 4
        or any(isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 99 for t in tokens)
    ):
        raise DealFileError("'tokens' must list four whole numbers 0..99", where)
    for t in (0, 1):
        if not any(tokens[s] for s in team_seats(t)):
            raise DealFileError(f"'tokens': team {t} has no seat in", where)
    return {"tokens": list(tokens)}


GAME = GameInfo(
    name="tally",
    title="Tally (the engine's test game)",
    pack=PACK,
    parse_card=parse_card,
    new_state=new_state,
    agents=AGENTS,
    match_keys=("tokens",),
    validate_match=validate_match,
    has_dealer=True,
    rules_file="RULES.md",
    partnerships=True,
)

__all__ = ["GAME", "SEATS", "team"]
