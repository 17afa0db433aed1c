"""Combinations (versicole) and their declaration (RULES.md sections 8 and 10.1).

``combinations(cards)`` is one pass over the trump numbers present: maximal runs of three or
more within 1..5 and within 28..40, the four special sets, the Kings. The Matto, when present,
joins every combination found (+5 each) and is a member of ``1-40-M`` once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia_cli.engine.errors import InvalidActionError
from cardavia_cli.games.minchiate.cards import MATTO, T29, Card, cards_str, codes, trump

#: The trump ranges that hold sequences (10.1): runs never cross 5/6 or 27/28.
SEQUENCE_RANGES: tuple[tuple[int, int], ...] = ((1, 5), (28, 40))
MIN_SEQUENCE = 3
MIN_KINGS = 3
#: Points of ``T29`` inside a combination (2.2, 10.1).
T29_IN_COMBINATION = 5
#: The special sets, in the order of the result list (10.1): kind, trump numbers, with Matto.
SPECIAL_SETS: tuple[tuple[str, tuple[int, ...], bool], ...] = (
    ("1-40-M", (1, 40), True),
    ("1-13-28", (1, 13, 28), False),
    ("10-20-30", (10, 20, 30), False),
    ("20-30-40", (20, 30, 40), False),
)
KINDS: tuple[str, ...] = ("sequence",) + tuple(k for k, _, _ in SPECIAL_SETS) + ("kings",)


def combination_value(card: Card) -> int:
    """A card's points inside a combination: its own points, but 5 for ``T29`` (10.1)."""
    return T29_IN_COMBINATION if card == T29 else card.points


@dataclass(frozen=True, slots=True)
class Combination:
    """One versicola: ``kind`` (one of :data:`KINDS`), its ``cards`` sorted canonically (the
    Matto included when it joins), and its ``points``."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {cards_str(self.cards)} ({self.points})"

    def to_json(self) -> dict[str, object]:
        """``{"kind", "cards", "points"}`` with canonical card codes (10.1, 12)."""
        return {"kind": self.kind, "cards": codes(self.cards), "points": self.points}


def _make(kind: str, members: Iterable[Card], matto: bool) -> Combination:
    cards = sorted(set(members) | ({MATTO} if matto else set()))
    return Combination(kind, tuple(cards), sum(combination_value(c) for c in cards))


def _runs(numbers: set[int], low: int, high: int) -> list[list[int]]:
    runs: list[list[int]] = []
    current: list[int] = []
    for n in range(low, high + 2):
        if low <= n <= high and n in numbers:
            current.append(n)
            continue
        if len(current) >= MIN_SEQUENCE:
            runs.append(current)
        current = []
    return runs


def combinations(cards: Iterable[Card]) -> list[Combination]:
    """Every combination in a set of cards (a hand or a pile), in the rules' order (10.1).

    Order: the 1..5 sequence, the 28..40 sequences by ascending start, ``1-40-M``,
    ``1-13-28``, ``10-20-30``, ``20-30-40``, ``kings``. Sequences are maximal runs of 3 or more
    consecutive trumps within 1..5 or 28..40; a card may be in several combinations; the Matto
    never fills a gap but joins every combination found (+5), once in ``1-40-M``. ``T29``
    counts 5 inside a combination. Repeated cards count once.
    """
    present = set(cards)
    numbers = {c.number for c in present if c.is_trump}
    matto = MATTO in present
    found: list[Combination] = []
    for low, high in SEQUENCE_RANGES:
        for run in _runs(numbers, low, high):
            found.append(_make("sequence", (trump(n) for n in run), matto))
    for kind, members, with_matto in SPECIAL_SETS:
        if all(n in numbers for n in members) and (matto or not with_matto):
            found.append(_make(kind, (trump(n) for n in members), matto))
    kings = [c for c in present if c.is_king]
    if len(kings) >= MIN_KINGS:
        found.append(_make("kings", kings, matto))
    return found


def combinations_points(cards: Iterable[Card]) -> int:
    """The sum of the points of :func:`combinations` of ``cards`` (10.2)."""
    return sum(c.points for c in combinations(cards))


_NUMBER = re.compile(r"[0-9]+")


def parse_declaration(words: Sequence[str], count: int) -> tuple[int, ...]:
    """The combinations a declaration names (8), as 0-based positions, ascending.

    ``words`` are the words after ``declare``: ``["all"]`` (every one of the ``count`` listed
    combinations) or distinct numbers 1..``count``; ``pass`` is the empty tuple and is not
    parsed here. Raises ``InvalidActionError`` for anything else (no number, ``0``, a number
    above ``count``, a repeated number, ``²``).
    """
    if count <= 0:
        raise InvalidActionError("there is no combination to declare (rules 8)")
    if len(words) == 1 and words[0].strip().lower() == "all":
        return tuple(range(count))
    if not words:
        raise InvalidActionError(f"declare all, or numbers 1..{count} (rules 8)")
    chosen: list[int] = []
    for word in words:
        text = word.strip()
        if not _NUMBER.fullmatch(text) or not 1 <= int(text) <= count:
            raise InvalidActionError(
                f"{word!r} is not a combination number: declare all, or numbers 1..{count} "
                "(rules 8)"
            )
        if int(text) - 1 in chosen:
            raise InvalidActionError(f"combination {int(text)} is named twice (rules 8)")
        chosen.append(int(text) - 1)
    return tuple(sorted(chosen))


def declaration_points(listed: Sequence[Combination], chosen: Iterable[int]) -> int:
    """The points a declaration scores (8): the sum of the chosen combinations' points.

    ``listed`` is ``combinations(hand)``, ``chosen`` 0-based positions in it (as returned by
    :func:`parse_declaration`). Raises ``IndexError`` for a position outside the list.
    """
    return sum(listed[i].points for i in chosen)
