"""Seats at a table of four (design.md, rule 1): never write ``1 - seat`` or an inline ``% 4``.

Seat 0 is the human, seat 1 on the human's right, seat 2 opposite, seat 3 on the left. Turn
order is always 0 -> 1 -> 2 -> 3 -> 0 in every game of cardavia. Teams (in partnership games)
are 0 = seats {0, 2} and 1 = seats {1, 3}.
"""

from __future__ import annotations

NUM_SEATS = 4
SEATS: tuple[int, ...] = (0, 1, 2, 3)
SEAT_NAMES: tuple[str, ...] = ("you", "right", "across", "left")


def next_seat(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in turn order (negative steps go back)."""
    return (seat + steps) % NUM_SEATS


def distance(origin: int, seat: int) -> int:
    """How many steps of turn order lead from ``origin`` to ``seat`` (0..3)."""
    return (seat - origin) % NUM_SEATS


def partner(seat: int) -> int:
    """The seat opposite ``seat``."""
    return (seat + 2) % NUM_SEATS


def team(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def turn_order_from(seat: int) -> list[int]:
    """All four seats in turn order, starting with ``seat``."""
    return [next_seat(seat, k) for k in range(NUM_SEATS)]


def check_seat(value: object) -> int:
    """``value`` as a seat number; raises ``ValueError`` for anything but an int 0..3."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < NUM_SEATS:
        raise ValueError(f"seat must be 0, 1, 2 or 3, not {value!r}")
    return value
