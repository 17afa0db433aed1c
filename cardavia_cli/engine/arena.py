"""The arena: computer players against each other, with honest statistics (ai.md, "Measuring
strength"; cli.md, ``cardavia arena``).

Everything here is game-independent and prints nothing. A run is a list of deals (for Cuccu
and Guandan a "deal" is a whole match); deal ``i`` is played from the seed
:func:`deal_seed` ``(seed, i)``, so the same ``--seed`` always plays the same decks and the
same games. Computer players draw their randomness from the game's seed (see
:func:`~cardavia_cli.engine.agents.agent_rng`), so a whole run is reproducible.

**Rotation** (ai.md: "for solo games rotate the candidate through every seat on the same
decks"). With ``rotate=True`` and seats that are not all the same level, each deck is played
four times, once per rotation of the seat list: in rotation ``r`` seat ``s`` is played by
``seats[(s - r) mod 4]``. Every level then sits in every seat on the same deck (and with the
same dealer), which removes most of the luck of the deal from a comparison of levels. The
per-level totals (:class:`LevelStats`) are the measure to read in that mode.

>>> wilson(5, 10)
(0.236593090512564, 0.7634069094874361)
>>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
True
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia_cli.engine.agents import fallback_for
from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.game import GameInfo
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.engine.seats import NUM_SEATS, SEATS

#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054

#: Deals or rounds at which a match game is cut off (as ``cardavia run --max-deals``); a match
#: cut off has no winner and counts as a draw.
MAX_ROUNDS = 200

#: ``progress(done, total)``, called after every deal played.
Progress = Callable[[int, int], None]


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``wins`` successes in ``n`` trials.

    ``z`` is the normal quantile (1.96 for 95%). Both bounds lie in ``[0, 1]``; with ``n == 0``
    nothing is known and the interval is ``(0.0, 1.0)``. Raises ``ValueError`` unless
    ``0 <= wins <= n``.

    >>> wilson(0, 10)
    (0.0, 0.2775327998628892)
    >>> wilson(10, 10)
    (0.7224672001371107, 1.0)
    """
    if n < 0 or wins < 0 or wins > n:
        raise ValueError(f"need 0 <= wins <= n, not wins={wins}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (low, high)


def deal_seed(seed: int, index: int) -> int:
    """The game seed of deck number ``index`` (0-based) of an arena run with ``seed``.

    The first 8 bytes of SHA-256 of ``"cardavia-arena:{seed}:{index}"``, as an unsigned
    big-endian integer: independent-looking seeds for every (seed, index), never colliding in
    practice between runs with different ``--seed``. A deal can be replayed on its own from
    this seed (``seed = ...`` in a deal file).
    """
    digest = hashlib.sha256(f"cardavia-arena:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def rotation(seats: Sequence[str], r: int) -> list[str]:
    """The seat list of rotation ``r``: seat ``s`` is played by ``seats[(s - r) mod 4]``.

    >>> rotation(["basic", "random", "random", "random"], 1)
    ['random', 'basic', 'random', 'random']
    """
    n = len(seats)
    return [seats[(s - r) % n] for s in range(n)]


@dataclass
class LevelStats:
    """Totals of one computer-player level over a run.

    ``seat_deals`` counts (deal, seat) pairs played by this level, so a level at one seat of
    100 deals has 100 and a level at three seats has 300; ``win_rate`` is ``wins /
    seat_deals``, the chance that one seat played by this level wins a deal (0.25 of the
    decided deals for players of equal strength), and ``ci95`` its Wilson interval (for a
    level at several seats of the same deal those seats are not independent trials; read the
    interval of a level at one seat per deal as the exact one).
    """

    level: str
    seat_deals: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_deals if self.seat_deals else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.seat_deals)

    def to_json(self) -> dict[str, Any]:
        """``{"level", "seat_deals", "wins", "win_rate", "ci95"}``."""
        return {
            "level": self.level,
            "seat_deals": self.seat_deals,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
        }


@dataclass
class ArenaResult:
    """The outcome of an arena run; :meth:`to_json` is the document of cli.md (plus extras).

    ``wins[s]`` counts the deals won by seat ``s`` (in partnership games both partners of the
    winning team count a win, so there ``sum(wins) + draws`` exceeds ``deals``); ``draws`` the
    deals without a winner; ``seconds`` the wall time of the play alone (no start-up);
    ``levels`` the per-level totals, in order of first appearance in ``seats``.
    """

    game: str
    seats: list[str]
    seed: int
    rotate: bool
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * NUM_SEATS)
    draws: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelStats] = field(default_factory=dict)
    agent_errors: int = 0

    @property
    def win_rate(self) -> list[float]:
        return [w / self.deals if self.deals else 0.0 for w in self.wins]

    @property
    def ci95(self) -> list[tuple[float, float]]:
        return [wilson(w, self.deals) for w in self.wins]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """cli.md's keys in its order, then ``seed``, ``rotate``, ``decks``, ``levels`` and
        ``agent_errors``."""
        return {
            "game": self.game,
            "deals": self.deals,
            "seats": list(self.seats),
            "wins": list(self.wins),
            "win_rate": self.win_rate,
            "ci95": [list(ci) for ci in self.ci95],
            "draws": self.draws,
            "deals_per_second": round(self.deals_per_second, 3),
            "seed": self.seed,
            "rotate": self.rotate,
            "decks": self.deals // NUM_SEATS if self.rotate else self.deals,
            "levels": [s.to_json() for s in self.levels.values()],
            "agent_errors": self.agent_errors,
        }


def plan(seats: Sequence[str], deals: int, rotate: bool) -> list[tuple[int, list[str]]]:
    """The schedule of a run: ``(deck index, seat levels)`` per deal, in playing order.

    Without rotation deal ``i`` plays deck ``i`` with ``seats``. With rotation (only when the
    seats are not all the same level) ``deals`` must be a multiple of 4 and deck ``j`` is played
    by the four rotations in turn. Raises ``ValueError`` for fewer than one deal or a
    rotation whose deal count is not a multiple of 4.
    """
    if deals < 1:
        raise ValueError(f"--deals must be at least 1, not {deals}")
    if not rotate or len(set(seats)) == 1:
        return [(i, list(seats)) for i in range(deals)]
    if deals % NUM_SEATS:
        raise ValueError(
            f"--deals must be a multiple of {NUM_SEATS} with --rotate (each deck is played once "
            f"per rotation of the seats), not {deals}"
        )
    rotations = [rotation(seats, r) for r in range(NUM_SEATS)]
    return [(j, rotations[r]) for j in range(deals // NUM_SEATS) for r in range(NUM_SEATS)]


def run_arena(
    info: GameInfo,
    seats: Sequence[str],
    *,
    deals: int = 100,
    seed: int = 0,
    rotate: bool = False,
    progress: Progress | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> ArenaResult:
    """Play ``deals`` deals of ``info``'s game with computer players at ``seats`` (four level
    names) and count the wins per seat and per level.

    Deal ``i`` of the schedule (:func:`plan`) starts from ``info.new_state(seed=deal_seed(seed,
    deck))``. A computer player that fails is replaced for that decision by ``basic`` (ai.md);
    the failures are counted in ``agent_errors``. Raises ``UnknownNameError`` naming an
    unknown level and ``ValueError`` for a bad seat list or deal count.
    """
    seats = list(seats)
    if len(seats) != NUM_SEATS:
        raise ValueError(f"--seats needs {NUM_SEATS} levels separated by commas, not {len(seats)}")
    if "human" in seats:
        raise UnknownNameError(
            f"'human' cannot play in the arena (levels: {', '.join(info.agents)})"
        )
    make_agents(info, seats)  # raises UnknownNameError naming an unknown level
    schedule = plan(seats, deals, rotate)
    rotating = rotate and len(set(seats)) > 1
    result = ArenaResult(game=info.name, seats=seats, seed=seed, rotate=rotating)
    for level in seats:
        result.levels.setdefault(level, LevelStats(level))
    fallback = fallback_for(info)
    errors: list[str] = []
    total = len(schedule)
    start = clock()
    for done, (deck, levels) in enumerate(schedule, 1):
        state = info.new_state(seed=deal_seed(seed, deck))
        play_on(
            state,
            make_agents(info, levels),
            max_deals=MAX_ROUNDS,
            fallback=fallback,
            on_error=errors.append,
        )
        outcome = state.result() if state.is_over else None
        result.deals += 1
        for s in SEATS:
            result.levels[levels[s]].seat_deals += 1
        winners = outcome.winning_seats() if outcome is not None else []
        if not winners:
            result.draws += 1
        for s in winners:
            result.wins[s] += 1
            result.levels[levels[s]].wins += 1
        if progress is not None:
            progress(done, total)
    result.seconds = clock() - start
    result.agent_errors = len(errors)
    return result
