"""Seats at a table of four (design.md, rule 1): never write ``1 - seat`` or an inline ``% 4``.

Seat 0 is the human, seat 1 on the human's right, seat 2 opposite, seat 3 on the left. Turn
order is always 0 -> 1 -> 2 -> 3 -> 0 in every game of cardavia. Teams (in partnership games)
are 0 = seats {0, 2} and 1 = seats {1, 3}.
"""

from __future__ import annotations

from collections.abc import Container

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


def next_active(seat: int, active: Container[int], steps: int = 1) -> int | None:
    """The ``steps``-th seat after ``seat`` in turn order among the seats in ``active`` (seats
    still in the game), skipping the others; ``None`` if no seat is active. ``seat`` itself
    need not be active; it is reached again after a full turn if it is.

    >>> next_active(0, {0, 2, 3}), next_active(3, {0, 2, 3}), next_active(1, {1})
    (2, 0, 1)
    >>> next_active(1, set()) is None
    True
    """
    found = seat
    for _ in range(steps):
        for k in range(1, NUM_SEATS + 1):
            candidate = next_seat(found, k)
            if candidate in active:
                found = candidate
                break
        else:
            return None
    return found


def teammates(seat: int) -> tuple[int, int]:
    """The two seats of ``seat``'s team, lower seat first."""
    return tuple(sorted((seat, partner(seat))))  # type: ignore[return-value]


def team_seats(team_number: int) -> tuple[int, int]:
    """The seats of team ``team_number`` (0: seats 0 and 2; 1: seats 1 and 3)."""
    return tuple(s for s in SEATS if team(s) == team_number)  # type: ignore[return-value]
