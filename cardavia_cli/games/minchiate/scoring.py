"""Scoring: end-of-deal points, the running settlement into resti, the final rounding and the
result of the deal (RULES.md section 10).

Points are never simply totalled: one signed difference ``d`` (team 0 minus team 1) runs
through the deal, and each time it reaches 60 either way the leading team gets a resto and
the difference moves back by 60 (10.3). At the end the remaining difference plus the teams'
end-of-deal totals is rounded up to whole resti (10.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardavia_cli.games.minchiate.cards import Card, total_points
from cardavia_cli.games.minchiate.combos import combinations_points
from cardavia_cli.games.minchiate.deal import ScoringEvent

#: Points per resto (10.3, 10.4).
RESTO = 60
#: Cards in play: a pile above this many scores the excess (10.2).
COUNT_THRESHOLD = 42
#: The last trick's bonus (10.2).
LAST_TRICK = 10


@dataclass(frozen=True, slots=True)
class EndPoints:
    """A team's end-of-deal score (10.2) and its parts."""

    card_points: int
    combinations: int
    count_bonus: int
    last_trick: int

    @property
    def total(self) -> int:
        """The sum of the four parts (E0 or E1)."""
        return self.card_points + self.combinations + self.count_bonus + self.last_trick

    def to_json(self) -> dict[str, int]:
        """``{"card_points", "combinations", "count_bonus", "last_trick", "total"}`` (12)."""
        return {
            "card_points": self.card_points,
            "combinations": self.combinations,
            "count_bonus": self.count_bonus,
            "last_trick": self.last_trick,
            "total": self.total,
        }


def end_points(pile: Iterable[Card], last_trick: bool) -> EndPoints:
    """A team's end-of-deal score for its ``pile`` (after the Matto payment) (10.2): the card
    points (``T29`` = 0), the points of ``combinations(pile)``, ``max(0, cards - 42)``, and 10
    when ``last_trick`` (the team won trick 21)."""
    cards = set(pile)
    return EndPoints(
        card_points=total_points(cards),
        combinations=combinations_points(cards),
        count_bonus=max(0, len(cards) - COUNT_THRESHOLD),
        last_trick=LAST_TRICK if last_trick else 0,
    )


@dataclass(frozen=True, slots=True)
class Settlement:
    """The running settlement (10.3): resti won so far by each team and the remaining signed
    difference ``diff`` (team 0 minus team 1), always ``-60 < diff < 60``."""

    resti: tuple[int, int] = (0, 0)
    diff: int = 0

    def add(self, event: ScoringEvent) -> Settlement:
        """The settlement after one scoring event (10.3 steps 1-3)."""
        r0, r1 = self.resti
        d = self.diff + (event.points if event.team == 0 else -event.points)
        if d >= RESTO:
            won, d = divmod(d, RESTO)
            r0 += won
        elif d <= -RESTO:
            won, rest = divmod(-d, RESTO)
            r1, d = r1 + won, -rest
        return Settlement((r0, r1), d)

    def to_json(self) -> dict[str, object]:
        """``{"resti": [r0, r1], "diff": d}`` (12)."""
        return {"resti": list(self.resti), "diff": self.diff}


def settle(events: Iterable[ScoringEvent], start: Settlement | None = None) -> Settlement:
    """The running settlement of ``events`` in order (10.3), from ``start`` (default: no resti,
    difference 0)."""
    state = start if start is not None else Settlement()
    for event in events:
        state = state.add(event)
    return state


def final_resti(diff: int) -> tuple[int, int]:
    """The final rounding of ``D_end`` (10.4): the leading team gets ``ceil(|D_end| / 60)``
    resti, ``(f0, f1)``; ``(0, 0)`` for 0."""
    resti = -(-abs(diff) // RESTO)
    return (resti, 0) if diff > 0 else (0, resti)


@dataclass(frozen=True, slots=True)
class DealResult:
    """The result of the deal (10.5) with its breakdown.

    ``running`` is the settlement after the last running event, ``points`` the end-of-deal
    scores ``(E0 parts, E1 parts)``; ``d_end`` = ``running.diff + E0 - E1``.
    """

    running: Settlement
    points: tuple[EndPoints, EndPoints]

    @property
    def d_end(self) -> int:
        """``D_end`` of 10.4."""
        return self.running.diff + self.points[0].total - self.points[1].total

    @property
    def final_resti(self) -> tuple[int, int]:
        """``(f0, f1)``: the final rounding of ``D_end`` (10.4)."""
        return final_resti(self.d_end)

    @property
    def resti(self) -> tuple[int, int]:
        """``(R0, R1)``: running plus final resti (10.5)."""
        f0, f1 = self.final_resti
        return (self.running.resti[0] + f0, self.running.resti[1] + f1)

    @property
    def net(self) -> int:
        """``R0 - R1`` (10.5)."""
        return self.resti[0] - self.resti[1]

    @property
    def winner(self) -> int | None:
        """The winning team (0: seats 0 and 2, 1: seats 1 and 3), ``None`` for a tie (10.5)."""
        if self.net == 0:
            return None
        return 0 if self.net > 0 else 1

    def to_json(self) -> dict[str, object]:
        """The result shape of ``run --json`` for Minchiate (cli.md): ``points`` [E0, E1],
        ``diff`` (the remaining running difference), ``running_resti``, ``final_resti``,
        ``resti`` and ``winner``."""
        return {
            "points": [self.points[0].total, self.points[1].total],
            "diff": self.running.diff,
            "running_resti": list(self.running.resti),
            "final_resti": list(self.final_resti),
            "resti": list(self.resti),
            "winner": self.winner,
        }


def deal_result(
    running: Settlement, pile0: Iterable[Card], pile1: Iterable[Card], last_trick_team: int
) -> DealResult:
    """The result of a deal (10.2, 10.4, 10.5) from the running settlement after the last
    capture, the teams' piles after the Matto payment and the team that won trick 21."""
    return DealResult(
        running,
        (end_points(pile0, last_trick_team == 0), end_points(pile1, last_trick_team == 1)),
    )
