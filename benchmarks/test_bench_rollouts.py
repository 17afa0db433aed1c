"""Rollouts per second per game and policy, from mid-deal positions (see ``rollouts.py``).

Not part of the normal test run::

    pytest benchmarks/test_bench_rollouts.py --benchmark-enable -n 0 -s

Each round plays one rollout from each of the game's roots; the rollouts per second (the
roots over the round's median time) are printed and kept in ``extra_info``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rollouts import GAMES, POLICIES, SEEDS, policy, rollout, root  # noqa: E402


@pytest.mark.parametrize("level", POLICIES)
@pytest.mark.parametrize("game", GAMES)
def test_rollouts_to_the_end_of_the_deal(benchmark, game: str, level: str) -> None:
    roots = [root(game, s) for s in SEEDS]
    players = policy(game, level)
    rng = random.Random(f"bench:{game}:{level}")
    lengths: list[int] = []

    def round_of_rollouts() -> None:
        for r in roots:
            lengths.append(rollout(r, players, rng))

    benchmark.pedantic(round_of_rollouts, rounds=5, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:  # --benchmark-disable: the rollouts ran once, untimed
        assert all(n > 0 for n in lengths)
        return
    per_s = len(roots) / benchmark.stats.stats.median
    benchmark.extra_info["rollouts_per_s"] = round(per_s, 1)
    benchmark.extra_info["decisions_per_rollout"] = round(sum(lengths) / len(lengths), 1)
    print(f"\n{game} {level}: {per_s:.1f} rollouts/s, {sum(lengths) / len(lengths):.1f} decisions")
    # the root is never changed by a rollout: a quiet copy is independent
    assert [r.rounds_finished for r in roots] == [root(game, s).rounds_finished for s in SEEDS]
