"""Guandan hands as count vectors, and whether a hand can beat a play without listing its plays.

RULES.md sections 6.3 (the combination types, with wild cards), 6.5 (beating) and 8.2 (a
player on turn who holds nothing that beats the table passes automatically).

A hand here is a list of 54 counts, one per face code of :mod:`.cards` (0, 1 or 2 each). A
Guandan hand of 27 cards has hundreds of distinct plays (:func:`.combos.legal_plays` lists
them all); :func:`can_beat` answers the yes/no question "is there one that beats the table?"
from the counts alone, type by type, in a few microseconds.

>>> from cardavia_cli.games.guandan.cards import parse_codes
>>> from cardavia_cli.games.guandan.combos import interpretation
>>> can_beat(counts_of(parse_codes("9S 9D 3C".split())), 2, interpretation("pair", 8))
True
>>> can_beat(counts_of(parse_codes("9S 9D 3C".split())), 2, interpretation("pair", 9))
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardavia_cli.engine.counts import count_vector
from cardavia_cli.games.guandan.cards import (
    ACE,
    BJ,
    BJ_VALUE,
    LEVEL_VALUE,
    NUM_CODES,
    RJ,
    RJ_VALUE,
    VALUES,
    wild_code,
)
from cardavia_cli.games.guandan.combos import Interpretation

#: Tops and natural ranks of every window of each sequence type (the ace low as 14).
_WINDOWS: dict[int, list[tuple[int, tuple[int, ...]]]] = {
    length: [
        (top, tuple(14 if v == 1 else v for v in range(top - length + 1, top + 1)))
        for top in range(length, ACE + 1)
    ]
    for length in (5, 3, 2)
}
#: The tier of the joker bomb, the top of the bomb ladder (6.5).
JOKER_BOMB_TIER = 9


def counts_of(codes: Iterable[int]) -> list[int]:
    """The count vector (54 entries) of a list of face codes."""
    return count_vector(codes, NUM_CODES)


def expand(counts: Sequence[int]) -> list[int]:
    """The face codes of a count vector, ascending, a face twice when held twice."""
    out: list[int] = []
    for c, n in enumerate(counts):
        if n:
            out.extend(_REPEAT[n][c])
    return out


#: ``_REPEAT[n][c]``: the code ``c`` written ``n`` times (0..2), for :func:`expand`.
_REPEAT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple((c,) * n for c in range(NUM_CODES)) for n in range(3)
)


def natural_counts(counts: Sequence[int], level: int) -> list[int]:
    """``out[v]``: the ordinary cards of natural rank ``v`` (2..14) held, wild cards left out
    (entries 0 and 1 unused)."""
    out = rank_counts(counts)
    out[level] -= counts[wild_code(level)]  # the wild card is the level rank's heart
    return out


def rank_counts(counts: Sequence[int]) -> list[int]:
    """``out[v]``: the cards of natural rank ``v`` (2..14) held, wild cards included at their
    natural rank, the level's (entries 0 and 1 unused; jokers left out)."""
    out = [0, 0]
    out.extend(counts[b] + counts[b + 1] + counts[b + 2] + counts[b + 3] for b in _RANK_BASES)
    return out


#: The first code of each natural rank 2..14 (four codes a rank, by suit).
_RANK_BASES = tuple(range(0, 4 * (ACE - 1), 4))
#: ``_SUIT_WINDOWS[suit]``: the codes of each five-rank window of one suit, low to high
#: (tops 5..14, the ace low in the first), with each window's top.
_SUIT_WINDOWS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((top, tuple(4 * (v - 2) + suit for v in ranks)) for top, ranks in _WINDOWS[5])
    for suit in range(4)
)


def can_beat(counts: Sequence[int], level: int, previous: Interpretation) -> bool:
    """Whether a hand holds any play that beats ``previous`` at ``level`` (6.5).

    ``counts``: the hand as 54 counts; ``level``: natural value 2..14; ``previous``: the
    reading of the play on the table. Equals ``bool(legal_plays(hand, level, previous))``
    (tested), without listing the plays.
    """
    wild = wild_code(level)
    w = counts[wild]
    nat = natural_counts(counts, level)
    ltier = previous.tier
    if not ltier and _beats_in_kind(counts, level, previous, nat, w):
        return True  # the cheap answer first: the order of the tests does not change it
    lrank = previous.rank
    # the bomb ladder: bombs, straight flushes, the joker bomb
    most = max(nat[2:]) + w
    if most >= 4:
        top_tier = 1 if most == 4 else 2 if most == 5 else min(most, 10) - 2
        if top_tier > ltier:
            return True
        if top_tier == ltier:
            for v in range(2, ACE + 1):
                if nat[v] and nat[v] + w >= most:
                    if (LEVEL_VALUE if v == level else v) > lrank:
                        return True
    if counts[BJ] == 2 and counts[RJ] == 2 and ltier < JOKER_BOMB_TIER:
        return True
    if ltier < 3 or (ltier == 3 and lrank < ACE):
        low = lrank if ltier == 3 else -1
        for windows in _SUIT_WINDOWS:
            for top, codes in windows:
                if top <= low:
                    continue
                missing = 0
                for code in codes:
                    if not counts[code] or code == wild:
                        missing += 1
                        if missing > w:
                            break
                else:
                    return True
    return False


def beats_in_kind(counts: Sequence[int], level: int, previous: Interpretation) -> bool:
    """Whether a hand holds a play of ``previous``'s own type, off the bomb ladder, that
    beats it (6.5: the same type and size, a higher rank; wild cards may stand in, 6.3):
    :func:`can_beat` without the bombs, straight flushes and the joker bomb. ``False`` when
    ``previous`` is on the ladder itself (nothing off it beats a bomb).

    ``counts``: the hand as 54 counts; ``level``: natural value 2..14.

    >>> from cardavia_cli.games.guandan.cards import parse_codes
    >>> from cardavia_cli.games.guandan.combos import interpretation
    >>> four = counts_of(parse_codes("9S 9D 9H 9C".split()))
    >>> beats_in_kind(four, 2, interpretation("single", 5))
    True
    >>> bomb = interpretation("bomb", 5, 4)
    >>> beats_in_kind(four, 2, bomb), can_beat(four, 2, bomb)
    (False, True)
    """
    if previous.tier:
        return False
    wild = wild_code(level)
    return _beats_in_kind(counts, level, previous, natural_counts(counts, level), counts[wild])


def _beats_in_kind(
    counts: Sequence[int], level: int, previous: Interpretation, nat: Sequence[int], w: int
) -> bool:
    """The off-ladder part of :func:`can_beat` (``nat``: :func:`natural_counts`, ``w``: the
    wild cards held)."""
    if previous.tier:
        return False

    def value(v: int) -> int:
        return LEVEL_VALUE if v == level else v

    kind, r = previous.type, previous.rank
    if kind == "single":
        values = VALUES[level]
        return any(counts[c] and values[c] > r for c in range(NUM_CODES))
    if kind == "pair":
        if any(nat[v] and nat[v] + w >= 2 and value(v) > r for v in range(2, ACE + 1)):
            return True
        if w == 2 and LEVEL_VALUE > r:
            return True
        return (counts[BJ] == 2 and BJ_VALUE > r) or (counts[RJ] == 2 and RJ_VALUE > r)
    if kind == "triple":
        return any(nat[v] and nat[v] + w >= 3 and value(v) > r for v in range(2, ACE + 1))
    if kind == "full_house":
        return _full_house(nat, counts, w, level, r)
    each = {"straight": 1, "tube": 2, "plate": 3}[kind]
    length = {1: 5, 2: 3, 3: 2}[each]
    for top, ranks in _WINDOWS[length]:
        if top > r and sum(max(0, each - nat[v]) for v in ranks) <= w:
            return True
    return False


def _full_house(nat: Sequence[int], counts: Sequence[int], w: int, level: int, r: int) -> bool:
    """A full house above rank ``r``: a triple of rank ``v`` (some natural card and ``k1``
    wild cards) and a pair of another rank, of jokers, or of the remaining two wild cards."""
    for v in range(2, ACE + 1):
        if (LEVEL_VALUE if v == level else v) <= r or not nat[v]:
            continue
        k1 = max(0, 3 - nat[v])
        if k1 > w:
            continue
        left = w - k1
        if counts[BJ] == 2 or counts[RJ] == 2 or left == 2:
            return True
        for u in range(2, ACE + 1):
            if u != v and nat[u] and nat[u] + left >= 2:
                return True
    return False
