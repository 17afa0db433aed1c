"""Speed of Cuccu: whole rounds and whole matches with the simple policy of rules 12.3.

Not part of the normal test run. Run with::

    pytest benchmarks/test_bench_cucu.py --benchmark-enable -n 0

``rounds/s`` and ``matches/s`` are printed and stored in ``extra_info``.
"""

from __future__ import annotations

import random

from cardavia_cli.games.cucu.cards import PACK_RANKS
from cardavia_cli.games.cucu.round import Round, play_match, simple_answer

ROUNDS = 1000
MATCHES = 100


def _rounds() -> int:
    rng = random.Random(7)
    for _ in range(ROUNDS):
        deck = list(PACK_RANKS)
        rng.shuffle(deck)
        rnd = Round(deck, rng.randrange(4), [3, 3, 3, 3])
        while rnd.decision is not None:
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(simple_answer(rnd.decision, rnd.rank[rnd.hold[seat]], rnd.lives[seat]))
    return ROUNDS


def test_bench_rounds(benchmark):
    assert benchmark(_rounds) == ROUNDS
    rate = ROUNDS / benchmark.stats.stats.mean
    benchmark.extra_info["rounds/s"] = rate
    print(f"\ncucu: {rate:.0f} rounds/s (simple policy, four seats)")


def test_bench_matches(benchmark):
    winners = benchmark(lambda: [play_match(seed)["winner"] for seed in range(MATCHES)])
    assert len(winners) == MATCHES
    rate = MATCHES / benchmark.stats.stats.mean
    benchmark.extra_info["matches/s"] = rate
    print(f"\ncucu: {rate:.0f} play_match/s")
