"""Guandan (掼蛋): RULES.md, a copy of the rules specification.

Modules, in the order every game package follows:

- :mod:`.cards`: the two-pack 108-card deck, the notation (sections 2, 3), single strength at a
  level (6.1), the wild cards (6.2), hand order and the deal (5.2).
- :mod:`.combos`: the combinations of section 6.3 with wild cards, their interpretations (6.4),
  beating (6.5), every distinct legal play of a hand, the ``TYPE KEY`` text of ``as`` clauses
  (8.3), and the tribute step (section 7).
- :mod:`.levels`: the levels after a deal (section 10) and the lead after passes (9.5).
- :mod:`.hands`: hands as count vectors, and whether a hand can beat a play (8.2 auto-pass).
- :mod:`.rules`: the state machine of a whole match (sections 5, 7, 8, 9, 10, 11).
- :mod:`.ai`: the computer players ``random`` and ``basic``.
"""

from __future__ import annotations

from typing import Any

from cardavia_cli.engine.errors import DealFileError
from cardavia_cli.engine.game import GameInfo
from cardavia_cli.games.guandan.ai import AGENTS
from cardavia_cli.games.guandan.inference import HAND_MODEL
from cardavia_cli.games.guandan.rules import PACK, check_match, new_state, parse_card, single_deal

MATCH_KEYS = ("levels", "level_team", "previous_places", "first_leader")


def validate_match(values: dict[str, Any], where: str) -> dict[str, Any]:
    """The match keys of a deal file (cli.md, guandan; see :func:`.rules.check_match`), in
    canonical form. Raises :class:`DealFileError` naming the file and the key."""
    try:
        return check_match(values)
    except ValueError as exc:
        raise DealFileError(str(exc), where) from None


GAME = GameInfo(
    name="guandan",
    title="Guandan (掼蛋)",
    pack=PACK,
    parse_card=parse_card,
    new_state=new_state,
    agents=AGENTS,
    match_keys=MATCH_KEYS,
    validate_match=validate_match,
    has_dealer=False,
    rules_file="player_rules.md",
    partnerships=True,
    single_deal=single_deal,
    hand_model=HAND_MODEL,
)
