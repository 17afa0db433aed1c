"""Speed of Si Se Pai: the win check, a brute-force checker for comparison, whole deals.

Not part of the normal test run (``testpaths = ["tests"]``, and ``--benchmark-disable`` is in
the default options). Run them with::

    pytest benchmarks --benchmark-enable -n 0

Each win-check benchmark checks a fixed batch of hands per call; ``checks/s`` in its
``extra_info`` (``--benchmark-json``) and in the printed line is the batch size divided by the
mean time of a call. Two kinds of hands: *random* (21 cards dealt from a shuffled pack, almost
never complete) and *complete* (21 cards built from random legal melds, always complete, which
is the worst case for scoring).

The brute-force checker below knows nothing of the group tables of :mod:`melds`: it takes the
first card left and tries every combination of up to three other cards left (by position, so
identical cards are tried again and again) that makes a meld with it, and recurses, keeping the
best score over all complete partitions. A test checks that both agree on every sample hand.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.games import load_game
from cardavia_cli.games.sisepai.cards import COPIES, NUM_CODES, PACK, counts_of, parse_card
from cardavia_cli.games.sisepai.melds import MELD_POINTS, best_win, distance, is_complete, meld_kind

BATCH = 1000
#: Hands per call of the brute-force checker (it is slow on complete hands).
BRUTE_BATCH = {"random": 100, "complete": 20}
CODES = [parse_card(c) for c in PACK]


# -- sample hands --------------------------------------------------------------------------------


def random_hands(n: int, seed: int = 2024) -> list[list[int]]:
    """``n`` hands of 21 cards dealt from a shuffled pack (code indexes, sorted)."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        deck = CODES[:]
        rng.shuffle(deck)
        hands.append(sorted(deck[:21]))
    return hands


def _all_melds() -> list[tuple[int, ...]]:
    melds = []
    for size in (1, 2, 3, 4):
        for combo in itertools.combinations_with_replacement(range(NUM_CODES), size):
            if meld_kind(combo) is not None:
                melds.append(combo)
    return melds


ALL_MELDS = _all_melds()


def complete_hands(n: int, seed: int = 7) -> list[list[int]]:
    """``n`` complete 21-card hands made of random legal melds (no more copies than the pack)."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        counts = [0] * NUM_CODES
        cards: list[int] = []
        for _ in range(200):
            meld = rng.choice(ALL_MELDS)
            if len(cards) + len(meld) > 21:
                continue
            need = counts_of(meld)
            if any(counts[c] + need[c] > COPIES[c] for c in range(NUM_CODES)):
                continue
            for c in meld:
                counts[c] += 1
            cards.extend(meld)
            if len(cards) == 21:
                hands.append(sorted(cards))
                break
    return hands


RANDOM = random_hands(BATCH)
COMPLETE = complete_hands(BATCH)
HANDS = {"random": RANDOM, "complete": COMPLETE}


# -- brute force ---------------------------------------------------------------------------------


def brute_best(cards: Sequence[int]) -> int | None:
    """The best score of a partition of ``cards`` into melds by exhaustive search, or ``None``
    when there is none."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = None
    for size in (0, 1, 2, 3):
        for picked in itertools.combinations(range(len(rest)), size):
            kind = meld_kind((first, *(rest[i] for i in picked)))
            if kind is None:
                continue
            left = [c for i, c in enumerate(rest) if i not in picked]
            tail = brute_best(left)
            if tail is not None and (best is None or tail + MELD_POINTS[kind] > best):
                best = tail + MELD_POINTS[kind]
    return best


def _report(benchmark, checks: int, label: str) -> None:
    stats = benchmark.stats
    if stats is None:  # --benchmark-disable: the function ran once, untimed
        return
    rate = checks / stats.stats.mean
    benchmark.extra_info["checks_per_second"] = round(rate)
    print(f"\n{label}: {rate:,.0f} checks/s")


# -- the benchmarks ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "complete"])
def test_is_complete(benchmark, kind):
    counts = [counts_of(h) for h in HANDS[kind]]

    def run() -> int:
        return sum(1 for c in counts if is_complete(c))

    found = benchmark(run)
    if kind == "complete":
        assert found == BATCH
    _report(benchmark, BATCH, f"is_complete, {kind} hands")


@pytest.mark.parametrize("kind", ["random", "complete"])
def test_best_win(benchmark, kind):
    hands = HANDS[kind]

    def run() -> int:
        return sum(1 for h in hands if best_win(h) is not None)

    found = benchmark(run)
    if kind == "complete":
        assert found == BATCH
    _report(benchmark, BATCH, f"best_win, {kind} hands")


@pytest.mark.parametrize("kind", ["random", "complete"])
def test_brute_force(benchmark, kind):
    hands = HANDS[kind][: BRUTE_BATCH[kind]]

    def run() -> int:
        return sum(1 for h in hands if brute_best(h) is not None)

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=0)
    _report(benchmark, len(hands), f"brute force, {kind} hands")


@pytest.mark.parametrize("kind", ["random", "complete"])
def test_brute_force_agrees(kind):
    """Not a benchmark: the comparison is fair only if both compute the same thing."""
    for hand in HANDS[kind][: BRUTE_BATCH[kind]]:
        found = best_win(hand)
        assert brute_best(hand) == (None if found is None else found[0])


def test_distance(benchmark):
    """The measure behind the ``basic`` player, on the 20 cards of random hands."""
    counts = [counts_of(h[:20]) for h in RANDOM]
    benchmark(lambda: sum(distance(c) for c in counts))
    _report(benchmark, BATCH, "distance, random 20-card hands")


@pytest.mark.parametrize("levels", ["basic", "random"])
def test_whole_deal(benchmark, levels):
    """One whole deal with four players of one level (seeds 0, 1, 2, ... in turn)."""
    info = load_game("sisepai")
    seeds = itertools.count()

    def run() -> bool:
        state = info.new_state(seed=next(seeds))
        play_on(state, make_agents(info, [levels] * 4))
        return state.is_over

    assert benchmark(run)
    if benchmark.stats is not None:
        rate = 1 / benchmark.stats.stats.mean
        benchmark.extra_info["deals_per_second"] = round(rate, 1)
        print(f"\nwhole deal, four {levels} players: {rate:,.1f} deals/s")
