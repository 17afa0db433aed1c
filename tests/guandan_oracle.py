"""A slow brute-force oracle for Guandan combinations (not a test module).

Written from the rules text (sections 6.1-6.5) alone, sharing nothing with
:mod:`cardavia_cli.games.guandan.combos` but the card codes:

* :func:`natural_readings` reads a play without wild cards by the table of 6.3 over ranks,
  suits and jokers (sorted ranks, ``Counter`` of ranks; the ace-low sequences spelt out);
* :func:`oracle_classify` tries **every** substitution of the wild cards by one of the 52
  ordinary faces (6.2) and collects the readings;
* :func:`oracle_plays` enumerates every sub-multiset of a hand, classifies it with the
  oracle and keeps the readings that beat the previous play by an independent comparison
  (:func:`oracle_beats`, the ladder of 6.5 spelt out as a list).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

BJ, RJ = 52, 53
Reading = tuple[str, int, int]  # (type, rank, size)


def rank_of(code: int) -> int:
    """Natural rank 2..14 of an ordinary code."""
    return 2 + code // 4


def suit_of(code: int) -> int:
    """Suit 0..3 of an ordinary code."""
    return code % 4


def value_of(code: int, level: int) -> int:
    """Single value (6.1)."""
    if code == BJ:
        return 16
    if code == RJ:
        return 17
    return 15 if rank_of(code) == level else rank_of(code)


def _is_run(ranks: list[int]) -> int | None:
    """The top of ``ranks`` (distinct, sorted) as consecutive natural ranks, the ace high or
    low, else ``None``."""
    if all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False)):
        return ranks[-1]
    low = sorted(1 if r == 14 else r for r in ranks)
    if 14 in ranks and all(b == a + 1 for a, b in zip(low, low[1:], strict=False)):
        return low[-1]
    return None


@cache
def natural_readings(cards: tuple[int, ...], level: int) -> frozenset[Reading]:
    """Readings of a play in which every card stands for itself (sorted codes)."""
    n = len(cards)
    jokers = [c for c in cards if c >= BJ]
    ranks: dict[int, int] = {}
    for c in cards:
        if c < BJ:
            ranks[2 + c // 4] = ranks.get(2 + c // 4, 0) + 1
    out: set[Reading] = set()
    if n == 1:
        out.add(("single", value_of(cards[0], level), 1))
    elif n == 2:
        if cards[0] == cards[1] and jokers or not jokers and len(ranks) == 1:
            out.add(("pair", value_of(cards[0], level), 2))
    elif n == 3:
        if not jokers and len(ranks) == 1:
            out.add(("triple", value_of(cards[0], level), 3))
    if n >= 4 and not jokers and len(ranks) == 1:
        out.add(("bomb", value_of(cards[0], level), n))
    if cards == (BJ, BJ, RJ, RJ):
        out.add(("joker_bomb", 17, 4))
    if n == 5:
        for r, k in ranks.items():
            if k != 3:
                continue
            rest = [c for c in cards if c >= BJ or rank_of(c) != r]
            if rest[0] == rest[1] and rest[0] >= BJ:
                out.add(("full_house", 15 if r == level else r, 5))
            if max(rest) < BJ and rank_of(rest[0]) == rank_of(rest[1]):
                out.add(("full_house", 15 if r == level else r, 5))
        if not jokers and len(ranks) == 5:
            top = _is_run(sorted(ranks))
            if top is not None:
                out.add(("straight", top, 5))
                if len({suit_of(c) for c in cards}) == 1:
                    out.add(("straight_flush", top, 5))
    if n == 6 and not jokers:
        if len(ranks) == 3 and set(ranks.values()) == {2}:
            top = _is_run(sorted(ranks))
            if top is not None:
                out.add(("tube", top, 6))
        if len(ranks) == 2 and set(ranks.values()) == {3}:
            top = _is_run(sorted(ranks))
            if top is not None:
                out.add(("plate", top, 6))
    return frozenset(out)


def oracle_classify(cards: Iterable[int], level: int) -> list[Reading]:
    """Every reading of a play, trying every substitution of its wild cards (6.2, 6.4),
    in the order of 13.1."""
    cards = list(cards)
    wild = 4 * (level - 2) + 1
    w = cards.count(wild)
    rest = [c for c in cards if c != wild]
    if w and not rest:
        return [("single", 15, 1)] if w == 1 else [("pair", 15, 2)]
    found: set[Reading] = set()
    for subs in itertools.combinations_with_replacement(range(52), w):
        found |= natural_readings(tuple(sorted(rest + list(subs))), level)
    return sorted(found, key=reading_order)


TYPE_ORDER = [
    "single",
    "pair",
    "triple",
    "full_house",
    "straight",
    "tube",
    "plate",
    "bomb",
    "straight_flush",
    "joker_bomb",
]


def reading_order(r: Reading) -> tuple[int, int, int]:
    return (TYPE_ORDER.index(r[0]), r[1], r[2])


#: The bomb ladder of 6.5, low to high.
LADDER = [
    ("bomb", 4),
    ("bomb", 5),
    ("straight_flush", 5),
    ("bomb", 6),
    ("bomb", 7),
    ("bomb", 8),
    ("bomb", 9),
    ("bomb", 10),
    ("joker_bomb", 4),
]


def oracle_beats(new: Reading, old: Reading) -> bool:
    """Rule 6.5, spelt out."""
    tn = LADDER.index((new[0], new[2])) + 1 if (new[0], new[2]) in LADDER else 0
    to = LADDER.index((old[0], old[2])) + 1 if (old[0], old[2]) in LADDER else 0
    if tn and to:
        return tn > to or (tn == to and new[1] > old[1])
    if tn:
        return True
    if to:
        return False
    return new[0] == old[0] and new[1] > old[1]


def sub_multisets(hand: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every non-empty sub-multiset of ``hand`` (codes), each once, as sorted tuples."""
    counts = sorted(Counter(hand).items())
    for picks in itertools.product(*(range(k + 1) for _, k in counts)):
        cards = tuple(c for (c, _), k in zip(counts, picks, strict=True) for _ in range(k))
        if cards:
            yield cards


def oracle_plays(
    hand: Sequence[int], level: int, previous: Reading | None = None
) -> set[tuple[tuple[int, ...], Reading]]:
    """Every (sorted cards, reading) legal from ``hand``: leading, or beating ``previous``."""
    out = set()
    for cards in sub_multisets(hand):
        if len(cards) > 10:
            continue
        for r in oracle_classify(cards, level):
            if previous is None or oracle_beats(r, previous):
                out.add((cards, r))
    return out
