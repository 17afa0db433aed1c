"""Minchiate (Germini), the Florentine tarot game of 97 cards: RULES.md.

The pure rule core, in the order every game package follows: :mod:`.cards` (the pack, the
notation, the card points), :mod:`.deal` (the cut, the robbing, the deal, the fola and the
discards), :mod:`.combos` (versicole and declarations), :mod:`.tricks` (trick play, captures,
piles and the Matto), :mod:`.scoring` (end-of-deal scoring, the running settlement, the final
rounding, the result) and :mod:`.contracts` (the rule functions of RULES.md section 12, over
card texts and JSON-shaped values); then :mod:`.rules` (the state machine of one whole
partnership deal) and :mod:`.ai` (computer players).
"""

from __future__ import annotations

from cardavia_cli.engine.game import GameInfo
from cardavia_cli.games.minchiate.ai import AGENTS
from cardavia_cli.games.minchiate.cards import CODES, parse_card
from cardavia_cli.games.minchiate.rules import new_state


def canonical(text: str) -> str:
    """The canonical code of a card written in any accepted notation (3.2); raises
    ``CardError``."""
    return str(parse_card(text))


GAME = GameInfo(
    name="minchiate",
    title="Minchiate (Germini)",
    pack=CODES,
    parse_card=canonical,
    new_state=new_state,
    agents=AGENTS,
    match_keys=(),
    has_dealer=True,
    rules_file="player_rules.md",
    partnerships=True,
)
