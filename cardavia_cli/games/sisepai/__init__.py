"""Si Se Pai (Four Colour Cards, Wei-Hwa Huang's flower variant): rules/sisepai.md.

Modules, in the order every game package follows: :mod:`.cards` (pack and notation),
:mod:`.melds` (pure rule functions: meld kinds, win check, scoring, waits, claim options),
:mod:`.rules` (the state machine), :mod:`.ai` (computer players), :mod:`.view` (rendering).
"""

from __future__ import annotations

from cardavia_cli.engine.game import GameInfo
from cardavia_cli.games.sisepai.ai import AGENTS
from cardavia_cli.games.sisepai.cards import PACK, canonical
from cardavia_cli.games.sisepai.rules import new_state

GAME = GameInfo(
    name="sisepai",
    title="Si Se Pai (Four Colour Cards, flower variant)",
    pack=PACK,
    parse_card=canonical,
    new_state=new_state,
    agents=AGENTS,
    match_keys=(),
    has_dealer=True,
    rules_file="RULES.md",
)
