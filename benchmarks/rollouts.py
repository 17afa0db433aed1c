"""Rollouts to the end of a deal from a mid-deal position, per game: what a search player
pays for one sample (the house issue, "cheap rollouts").

A *root* is a position halfway through the first deal (or round) of a seeded game played by
four ``basic`` players: the game is played once to the end of that deal to count its
decisions ``D``, then replayed for ``D // 2`` decisions. A *rollout* copies the root for
search (``state.copy(quiet=True)``: no log, no history) and plays it to the end of the deal
(the end of the game or the break before the next deal) with one policy for every seat:
``random`` or ``basic``, forced answers taken directly.

Used by ``benchmarks/test_bench_rollouts.py`` (pytest-benchmark) and runnable alone, which
also works on an engine without quiet copies (``copy()`` and ``apply_unchecked`` then), to
compare before and after::

    python benchmarks/rollouts.py [SECONDS_PER_CASE]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from cardavia_cli.engine.game import GameState, LegalActions
from cardavia_cli.games import load_game as game_info

GAMES = ("sisepai", "cucu", "guandan", "minchiate")
POLICIES = ("random", "basic")
#: Roots per game: the seeds of the games the roots come from.
SEEDS = (1, 2, 3, 4)


def _deal_ended(state: GameState, rounds: int) -> bool:
    return state.is_over or state.at_break or state.rounds_finished > rounds


def _play(state: GameState, agents: list[Any], rng: random.Random, limit: int | None) -> int:
    """Play ``state`` to the end of its deal (at most ``limit`` decisions); returns the
    decisions played."""
    rounds = state.rounds_finished
    push: Callable[[Any], None] = getattr(state, "push", state.apply_unchecked)
    n = 0
    while not _deal_ended(state, rounds) and (limit is None or n < limit):
        seat = state.to_act
        assert seat is not None
        action = state.forced_action()
        if action is None:
            action = agents[seat].choose(state.view(seat), LegalActions(state), rng)
        push(action)
        n += 1
    return n


def root(game: str, seed: int) -> GameState:
    """The position halfway through the first deal of ``game`` from ``seed`` (module
    docstring)."""
    info = game_info(game)
    agents = [info.agents["basic"]() for _ in range(4)]
    whole = _play(info.new_state(seed=seed), agents, random.Random(seed), None)
    state = info.new_state(seed=seed)
    _play(state, agents, random.Random(seed), whole // 2)
    return state


def quiet_copy(state: GameState) -> GameState:
    """A copy for search: quiet where the engine has quiet copies."""
    try:
        return state.copy(quiet=True)  # type: ignore[call-arg]
    except TypeError:
        return state.copy()


def rollout(start: GameState, policy: list[Any], rng: random.Random) -> int:
    """One rollout from ``start`` (not changed); returns its length in decisions."""
    return _play(quiet_copy(start), policy, rng, None)


def policy(game: str, level: str) -> list[Any]:
    """Four players of ``level``."""
    make = game_info(game).agents[level]
    return [make() for _ in range(4)]


def measure(game: str, level: str, seconds: float) -> tuple[float, float]:
    """Rollouts per second and decisions per rollout, over the roots of :data:`SEEDS`,
    for about ``seconds``."""
    roots = [root(game, s) for s in SEEDS]
    players = policy(game, level)
    rng = random.Random(f"rollouts:{game}:{level}")
    done = decisions = 0
    begin = time.process_time()
    while True:
        for r in roots:
            decisions += rollout(r, players, rng)
            done += 1
        spent = time.process_time() - begin
        if spent >= seconds:
            return done / spent, decisions / done


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    print(f"{'game':<10} {'policy':<7} {'rollouts/s':>11} {'decisions/rollout':>18}")
    for game in GAMES:
        for level in POLICIES:
            rate, length = measure(game, level, seconds)
            print(f"{game:<10} {level:<7} {rate:>11.1f} {length:>18.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
