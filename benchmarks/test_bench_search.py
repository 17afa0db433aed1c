"""CPU time of one decision of level ``strong`` per game, at the real decisions of the first
deal of seeded games of four ``basic`` players (early, middle and late in the deal).

Not part of the normal test run::

    pytest benchmarks/test_bench_search.py --benchmark-enable -n 0 -s

Each round makes the ``strong`` decision at every chosen position; the median, p95 and
maximum of the single decisions (CPU time, one process) are printed and kept in
``extra_info``. The arena's ``decision_ms`` gives the same figures over whole runs.
"""

from __future__ import annotations

import math
import time

import pytest

from cardavia_cli.engine.agents import agent_rng, decide
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.game import GameState, LegalActions
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games import load_game

GAMES = ("sisepai", "cucu", "guandan", "minchiate")
#: Positions per game: every ``STRIDE``-th real decision of the first deal of seed 1 and 2.
STRIDE = 6


def positions(game: str) -> list[GameState]:
    info = load_game(game)
    basic = make_agents(info, ["basic"] * 4)
    found: list[GameState] = []
    for seed in (1, 2):
        state = info.new_state(seed=seed)
        n = 0
        while not (state.is_over or state.at_break):
            if state.forced_action() is None:
                if n % STRIDE == 0:
                    found.append(state.copy())
                n += 1
            state.push(decide(state, basic[state.to_act]))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_strong_decision_time(benchmark, game: str) -> None:
    roots = positions(game)
    times: list[float] = []

    def decide_all() -> None:
        for state in roots:
            seat = state.to_act
            player = load_game(game).agents["strong"]()
            rng = agent_rng(state.seed, seat, len(state.history))
            start = time.process_time()
            player.search(state.view(seat), LegalActions(state), rng, Belief(state, seat))
            times.append(time.process_time() - start)

    benchmark.pedantic(decide_all, rounds=1, iterations=1)
    times.sort()
    p95 = times[max(0, math.ceil(0.95 * len(times)) - 1)]
    figures = {
        "decisions": len(times),
        "median_ms": round(1000 * times[len(times) // 2], 1),
        "p95_ms": round(1000 * p95, 1),
        "max_ms": round(1000 * times[-1], 1),
    }
    benchmark.extra_info.update(figures)
    print(f"\n{game}: strong decision CPU time {figures}")
    assert len(times) == len(roots) > 0


@pytest.mark.parametrize("inference", [True, False], ids=["weighed", "plain"])
def test_guandan_sample_time(benchmark, monkeypatch, inference: bool) -> None:
    """CPU time of one sample of Guandan's belief (``resample``) at the positions above, with
    the inference from passes (``rules.PASS_BEATABLE``, ``PASS_IN_DANGER``) and without it
    (both 1.0): microseconds per sample, over 50 samples per position."""
    import random

    from cardavia_cli.games.guandan import rules

    if not inference:
        monkeypatch.setattr(rules, "PASS_BEATABLE", 1.0)
        monkeypatch.setattr(rules, "PASS_IN_DANGER", 1.0)
    roots = positions("guandan")
    beliefs = [Belief(state, state.to_act) for state in roots]

    def sample_all() -> None:
        for k, belief in enumerate(beliefs):
            for j in range(50):
                belief.sample(random.Random(1000 * k + j))

    start = time.process_time()
    benchmark.pedantic(sample_all, rounds=3, iterations=1)
    per_sample = (time.process_time() - start) / (3 * 50 * len(beliefs))
    benchmark.extra_info["us_per_sample"] = round(1e6 * per_sample, 1)
    print(f"\nguandan sample ({'weighed' if inference else 'plain'}): {1e6 * per_sample:.1f} us")
