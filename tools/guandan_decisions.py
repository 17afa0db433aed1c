"""The value of Guandan decisions judged by the real hands: a measure of a search player's
moves far cheaper than an arena (an experiment tool, not a player of the product)::

    python tools/guandan_decisions.py --deals 100 --stride 4 --players strong,basic,s16

It takes every ``--stride``-th decision of all-``basic`` single deals (``arena guandan
--single-deals``: random levels, a random previous finish). At each, every player of
``--players`` chooses its move from its seat's view; each move is then valued by playing it
out on the REAL state with ``basic`` at every seat (``basic`` is deterministic, so this is
exact), scored as level ``strong`` scores a deal
(:class:`~cardavia_cli.games.guandan.ai.DealSearch`: ±1 for a deal won or lost by 3 levels).
Prints, per player, the mean value, its mean paired
difference from the first player with its standard error, the positions where their moves
differ, and the median and p95 CPU time of a decision. No time cap; two processes.

Players: ``basic``; ``strong`` (as shipped, without the time cap); ``sN`` (the shipped search
with N samples and a second look of N).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import replace
from multiprocessing import Pool

from cardavia_cli.engine.agents import agent_rng
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.game import LegalActions
from cardavia_cli.engine.search import SearchPlayer, SearchSettings, deal_over
from cardavia_cli.games.guandan import ai
from cardavia_cli.games.guandan.rules import Action, GuandanState, single_deal

SPEC = ai.DealSearch()
BASIC = ai.BasicAgent()


def _basic_move(state: GuandanState) -> Action:
    forced = state.forced_action()
    if forced is not None:
        return forced
    seat = state.to_act
    assert seat is not None
    return BASIC.choose(state.view(seat), LegalActions(state), random.Random(0))


def positions(seed: int, stride: int) -> list[GuandanState]:
    """Every ``stride``-th decision (not forced) of single deal ``seed`` played by ``basic``."""
    state, _ = single_deal(seed)
    out: list[GuandanState] = []
    n = 0
    while not (state.is_over or state.at_break):
        if state.forced_action() is None:
            if n % stride == seed % stride:
                out.append(state.copy())
            n += 1
        state.push(_basic_move(state))
    return out


def true_value(state: GuandanState, action: Action, seat: int) -> float:
    """``action`` played in ``state``, then ``basic`` everywhere to the deal's end: the score
    of :class:`~cardavia_cli.games.guandan.ai.DealSearch` for ``seat``."""
    s = state.copy(quiet=True)
    s.push(action)
    while not deal_over(s, state):
        s.push(_basic_move(s))
    return SPEC.score(s, state, seat)


def make(name: str) -> ai.BasicAgent | SearchPlayer[GuandanState]:
    """The player called ``name`` (module docstring)."""
    shipped = SearchSettings(samples=ai.STRONG_SAMPLES, extra=ai.SECOND_LOOK, budget=None)
    if name == "basic":
        return ai.BasicAgent()
    if name == "strong":
        return SearchPlayer(ai.DealSearch(), ai.BasicAgent, shipped)
    if name.startswith("s") and name[1:].isascii() and name[1:].isdigit():
        n = int(name[1:])
        return SearchPlayer(ai.DealSearch(), ai.BasicAgent, replace(shipped, samples=n, extra=n))
    raise SystemExit(f"unknown player {name!r}: basic, strong or sN")


Row = tuple[dict[str, float], dict[str, float]]


def measure(job: tuple[int, int, tuple[str, ...]]) -> list[Row]:
    """The values and CPU times of every player's move at the positions of one deal."""
    seed, stride, names = job
    players = {name: make(name) for name in names}
    rows: list[Row] = []
    for state in positions(seed, stride):
        seat = state.to_act
        assert seat is not None
        legal = LegalActions(state)
        values: dict[str, float] = {}
        times: dict[str, float] = {}
        known: dict[Action, float] = {}
        for name, player in players.items():
            rng = agent_rng(state.seed, seat, len(state.history))
            start = time.process_time()
            if isinstance(player, SearchPlayer):
                move = player.search(state.view(seat), legal, rng, Belief(state, seat))
            else:
                move = player.choose(state.view(seat), legal, rng)
            times[name] = time.process_time() - start
            if move not in known:
                known[move] = true_value(state, move, seat)
            values[name] = known[move]
        rows.append((values, times))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--stride", type=int, default=4)
    parser.add_argument("--players", default="strong,basic")
    args = parser.parse_args()
    names = tuple(args.players.split(","))
    for name in names:
        make(name)  # an unknown name stops here, before any work
    jobs = [(seed, args.stride, names) for seed in range(1, args.deals + 1)]
    with Pool(2) as pool:
        rows = [row for chunk in pool.imap(measure, jobs) for row in chunk]
    first = names[0]
    print(f"{len(rows)} positions of {args.deals} deals; differences from {first}")
    for name in names:
        diffs = [values[name] - values[first] for values, _ in rows]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        value = sum(values[name] for values, _ in rows) / len(rows)
        spent = sorted(times[name] for _, times in rows)
        p95 = spent[max(0, math.ceil(0.95 * len(spent)) - 1)]
        stderr = math.sqrt(var / len(diffs))
        print(
            f"{name:8s} value {value:+.4f}  difference {mean:+.4f} ± {stderr:.4f}"
            f"  moves differ {sum(1 for d in diffs if d)}"
            f"  median {1000 * spent[len(spent) // 2]:.0f} ms  p95 {1000 * p95:.0f} ms"
        )


if __name__ == "__main__":
    main()
