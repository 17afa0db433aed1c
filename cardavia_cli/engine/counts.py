"""Count vectors: a hand as how many copies of each card code it holds (games whose pack
repeats cards: Si Se Pai's four copies, Guandan's two packs).

>>> count_vector([2, 0, 2], 4)
[1, 0, 2, 0]
"""

from __future__ import annotations

from collections.abc import Iterable


def count_vector(codes: Iterable[int], size: int) -> list[int]:
    """The counts of ``codes`` (integers ``0 <= code < size``) as a list of ``size`` entries;
    raises ``IndexError`` for a code out of range."""
    counts = [0] * size
    for c in codes:
        counts[c] += 1
    return counts
