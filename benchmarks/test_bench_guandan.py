"""Speed of the Guandan rule core: classification of one play, every legal play of a hand.

Not part of the normal test run. Run them on one core with::

    taskset -c 0 pytest benchmarks/test_bench_guandan.py --benchmark-enable -n 0

Goals (the issue): classifying one play of up to 10 cards with up to two wild cards takes at
most 100 microseconds (median); enumerating every distinct legal play of a 27-card hand
holding two wild cards takes at most 3 ms.

*Classification* times a batch of distinct plays per call, by kind; the microseconds per play
(the batch's median time over its size) are printed and kept in ``extra_info``. *Enumeration*
times one call of :func:`legal_plays` per round on fixed 27-card hands dealt from seeded
shuffles, each holding both wild cards, at several levels, leading and following.
"""

from __future__ import annotations

import random

import pytest

from cardavia_cli.games.guandan.cards import NUM_CODES
from cardavia_cli.games.guandan.combos import classify, interpretation, legal_plays

BATCH = 500


def _play(rng: random.Random, kind: str, level: int) -> list[int]:
    """A random play of the given kind (legal or not), with 0..2 wild cards."""
    wild = 4 * (level - 2) + 1
    w = rng.randint(0, 2)
    if kind == "bomb":  # 4..10 cards of one rank
        rank = rng.choice([r for r in range(2, 15) if r != level])
        size = rng.randint(4, 10)
        real = [4 * (rank - 2) + s for s in range(4)] * 2
        return rng.sample(real, min(size - w, 8)) + [wild] * w
    if kind == "straight":
        top = rng.randint(5, 14)
        ranks = [14 if r == 1 else r for r in range(top - 4, top + 1)]
        cards = [4 * (r - 2) + rng.randrange(4) for r in ranks]
        cards = [c for c in cards if c != wild]
        return cards[: 5 - w] + [wild] * min(w, 5 - len(cards[: 5 - w]))
    if kind == "tube":
        top = rng.randint(3, 14)
        ranks = [14 if r == 1 else r for r in range(top - 2, top + 1)]
        cards = [4 * (r - 2) + s for r in ranks for s in rng.sample(range(4), 2)]
        cards = [c for c in cards if c != wild]
        return cards[: 6 - w] + [wild] * min(w, 6 - len(cards[: 6 - w]))
    # "random": any 1..10 cards
    n = rng.randint(1, 10)
    pool = [c for c in range(NUM_CODES) for _ in range(2)]
    return rng.sample(pool, n)


def _plays(kind: str) -> list[tuple[list[int], int]]:
    rng = random.Random(f"guandan-{kind}")
    out = []
    for _ in range(BATCH):
        level = rng.randint(2, 14)
        out.append((_play(rng, kind, level), level))
    return out


@pytest.mark.parametrize("kind", ["random", "bomb", "straight", "tube"])
def test_classify(benchmark, kind):
    plays = _plays(kind)
    assert all(len(p) <= 10 for p, _ in plays)

    def run() -> int:
        return sum(len(classify(p, lv)) for p, lv in plays)

    found = benchmark(run)
    if kind != "random":
        assert found >= BATCH // 2  # most of them are combinations
    if benchmark.stats is not None:
        per_play = benchmark.stats.stats.median / BATCH * 1e6
        benchmark.extra_info["us_per_play_median"] = round(per_play, 2)
        print(f"\nclassify, {kind} plays: {per_play:.2f} us per play (median of batches)")


def _hands() -> list[tuple[list[int], int]]:
    """27-card hands holding both wild cards: one per level 2..A, from seeded shuffles."""
    rng = random.Random(2024)
    hands = []
    for level in range(2, 15):
        wild = 4 * (level - 2) + 1
        while True:
            deck = [c for c in range(NUM_CODES) for _ in range(2)]
            rng.shuffle(deck)
            hand = deck[:27]
            if hand.count(wild) == 2:
                hands.append((hand, level))
                break
    return hands


HANDS = _hands()


@pytest.mark.parametrize("index", range(len(HANDS)), ids=lambda i: f"level{HANDS[i][1]}")
def test_legal_plays_leading(benchmark, index):
    hand, level = HANDS[index]
    found = benchmark(legal_plays, hand, level)
    assert len(found) > 100
    if benchmark.stats is not None:
        benchmark.extra_info["plays"] = len(found)
        print(
            f"\nlegal_plays, level {level}: {len(found)} plays, "
            f"{benchmark.stats.stats.median * 1e3:.2f} ms median"
        )


@pytest.mark.parametrize(
    "previous",
    [("pair", 9), ("full_house", 8), ("straight", 8), ("tube", 6), ("bomb", 9, 5)],
    ids=lambda p: "-".join(map(str, p)),
)
def test_legal_plays_following(benchmark, previous):
    hand, level = HANDS[7]
    prev = interpretation(*previous)
    found = benchmark(legal_plays, hand, level, prev)
    assert all(i.beats(prev) for _, i in found)
