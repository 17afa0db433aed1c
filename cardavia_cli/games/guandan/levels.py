"""Guandan levels after a deal and the lead after a trick (RULES.md sections 9.5, 10, 13).

Levels are natural values 2..14 (A = 14); seats and teams follow
:mod:`cardavia_cli.engine.seats`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia_cli.engine.seats import next_seat, partner, team
from cardavia_cli.games.guandan.cards import ACE, level_str

FIRST_LEVEL = 2
#: Levels gained by the winning team, by the place (2, 3, 4) of the 1st place's partner.
ADVANCE = {2: 3, 3: 2, 4: 1}


@dataclass(frozen=True, slots=True)
class LevelChange:
    """The outcome of a deal for the levels (section 10): both teams' ``levels`` after it, the
    ``winner_team``, its ``advance`` (1..3), whether the match is won, and the team whose
    level the next deal is played at."""

    levels: tuple[int, int]
    winner_team: int
    advance: int
    match_won: bool
    next_level_team: int

    def to_json(self) -> dict[str, object]:
        """The ``next_levels`` result of section 13 (levels as rank letters)."""
        return {
            "levels": [level_str(v) for v in self.levels],
            "winner_team": self.winner_team,
            "advance": self.advance,
            "match_won": self.match_won,
            "next_level_team": self.next_level_team,
        }


def next_levels(
    levels: Sequence[int], level_team: int | None, places: Sequence[int]
) -> LevelChange:
    """Apply section 10 to a finished deal.

    ``levels``: ``[team 0, team 1]`` before the deal (natural values 2..14). ``level_team``:
    the declaring team, whose level the deal was played at, or ``None`` for a match's first
    deal (played at 2). ``places``: ``[1st, 2nd, 3rd, 4th]`` (seats). The winner advances 3,
    2 or 1 levels as its partner finished 2nd, 3rd or 4th, capped at A; it wins the match when
    it was at A, the deal was played at A, and the partner finished 2nd or 3rd (decision 4).
    Raises ``ValueError`` for places that are not the four seats.
    """
    if sorted(places) != [0, 1, 2, 3]:
        raise ValueError(f"places must list the four seats once each, not {list(places)}")
    first = places[0]
    winner = team(first)
    place_of_partner = list(places).index(partner(first)) + 1
    advance = ADVANCE[place_of_partner]
    before = levels[winner]
    played_at = FIRST_LEVEL if level_team is None else levels[level_team]
    after = [levels[0], levels[1]]
    after[winner] = min(ACE, before + advance)
    won = before == ACE and played_at == ACE and place_of_partner in (2, 3)
    return LevelChange((after[0], after[1]), winner, advance, won, winner)


def lead_after_passes(last_player: int, finished: Iterable[int]) -> int:
    """Who leads after every other active player passed on ``last_player``'s play (9.5,
    decision 18): he himself if he still holds cards, else his partner if the partner does,
    else the next seat after him in turn order that holds cards. ``finished``: the seats
    with no cards left. Raises ``ValueError`` when every seat has finished."""
    done = set(finished)
    if last_player not in done:
        return last_player
    if partner(last_player) not in done:
        return partner(last_player)
    for step in (1, 2, 3):
        seat = next_seat(last_player, step)
        if seat not in done:
            return seat
    raise ValueError("every seat has finished: nobody leads")
