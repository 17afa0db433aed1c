"""The events of a Cuccu match as values (rules/cucu.md 12.2, the log of a round).

One frozen dataclass per kind of log line, each an engine
:class:`~cardavia_cli.engine.game.Event`: its ``text`` is the line of section 12.2 (``ask 0
1``, ``show 2 lion``), its fields the seats (ints 0..3) and cards (canonical names, e.g.
``"7"``, ``"lion"``) the line names, in the line's order. A ``deal`` is seen by its seat alone
(``seats``); the cards behind a ``swap``, ``top``, ``draw`` or ``undo`` are ``private`` to the
seats that receive them, one card each.

>>> Swap(0, 1, private=((0, ("5",)), (1, ("2",)))).line_for(1), Lose(3, 2).text
('swap 0 1 [2]', 'lose 3 2')
>>> [e.text for e in (HorseShown(2), Restart(), Show(1, "lion"))]
['horse 2', 'restart', 'show 1 lion']
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_cli.engine.game import Event


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """``deal S C``: seat S is dealt card C (section 5), seen by S alone."""

    kind = "deal"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Keep(Event):
    """``keep S``: seat S keeps its card (on a turn, at an Inn, as the dealer; sections 6-8)."""

    kind = "keep"
    seat: int


@dataclass(frozen=True, slots=True)
class Ask(Event):
    """``ask A T``: seat A asks seat T to swap (section 7)."""

    kind = "ask"
    asker: int
    target: int


@dataclass(frozen=True, slots=True)
class Swap(Event):
    """``swap A T``: seats A and T swap cards (7.1, or an Inn refused, 7.5); each learns the
    card it gets (``private``)."""

    kind = "swap"
    asker: int
    target: int


@dataclass(frozen=True, slots=True)
class Special(Event):
    """A special card shown by seat S in answer to an ask (sections 7.2-7.6); the kind is the
    card's name. The base of the five kinds below, never in a log itself."""

    seat: int


@dataclass(frozen=True, slots=True)
class CuckooShown(Special):
    """``cuckoo S``: the ask ends, no swap (7.2)."""

    kind = "cuckoo"


@dataclass(frozen=True, slots=True)
class HunterShown(Special):
    """``hunter S``: the asker loses a life (7.3)."""

    kind = "hunter"


@dataclass(frozen=True, slots=True)
class HorseShown(Special):
    """``horse S``: the ask jumps on, or to the top card of the pack (7.4)."""

    kind = "horse"


@dataclass(frozen=True, slots=True)
class CatShown(Special):
    """``cat S``: the asker loses a life and the swaps that brought its card are undone
    (7.6)."""

    kind = "cat"


@dataclass(frozen=True, slots=True)
class InnShown(Special):
    """``inn S``: the swap stops; the asker keeps or asks the holder to pay (7.5)."""

    kind = "inn"


@dataclass(frozen=True, slots=True)
class Top(Event):
    """``top S``: seat S swaps with the top card of the pack (a Horse at the dealer, 7.4); S
    learns the card (``private``)."""

    kind = "top"
    seat: int


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``draw S``: the dealer S swaps with the bottom card of the pack (section 8); S learns
    the card (``private``)."""

    kind = "draw"
    seat: int


@dataclass(frozen=True, slots=True)
class Pay(Event):
    """``pay A H``: stopped by an Inn, seat A asks its holder H to pay for it (7.5)."""

    kind = "pay"
    asker: int
    holder: int


@dataclass(frozen=True, slots=True)
class Accept(Event):
    """``accept H``: the Inn holder H makes the pact (7.5)."""

    kind = "accept"
    holder: int


@dataclass(frozen=True, slots=True)
class Refuse(Event):
    """``refuse H``: the Inn holder H refuses; a ``swap`` follows (7.5)."""

    kind = "refuse"
    holder: int


@dataclass(frozen=True, slots=True)
class Lose(Event):
    """``lose S N``: seat S loses a life, N left (7.3, 7.6, 9.3)."""

    kind = "lose"
    seat: int
    left: int


@dataclass(frozen=True, slots=True)
class Out(Event):
    """``out S``: seat S has no life left (9.4)."""

    kind = "out"
    seat: int


@dataclass(frozen=True, slots=True)
class Undo(Event):
    """``undo G H``: the Cat sends the asker's card back from H to G, undoing their swap
    (7.6); each learns the card it gets back (``private``)."""

    kind = "undo"
    giver: int
    holder: int


@dataclass(frozen=True, slots=True)
class Show(Event):
    """``show S C``: at the showdown seat S shows its live card C (9.1)."""

    kind = "show"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Dead(Event):
    """``dead S C``: at the showdown seat S, out during play, shows its dead card C (9.4)."""

    kind = "dead"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """``paid H L``: the Inn holder H pays for the losing card of seat L by the pact (9.3)."""

    kind = "paid"
    holder: int
    loser: int


@dataclass(frozen=True, slots=True)
class Restart(Event):
    """``restart``: nobody has a life left, three lives each again (10.1)."""

    kind = "restart"


@dataclass(frozen=True, slots=True)
class Win(Event):
    """``win S``: seat S alone has lives and wins the match (10.2)."""

    kind = "win"
    seat: int


#: Every kind of event a Cuccu log holds.
EVENT_TYPES: tuple[type[Event], ...] = (
    Deal,
    Keep,
    Ask,
    Swap,
    CuckooShown,
    HunterShown,
    HorseShown,
    CatShown,
    InnShown,
    Top,
    Draw,
    Pay,
    Accept,
    Refuse,
    Lose,
    Out,
    Undo,
    Show,
    Dead,
    Paid,
    Restart,
    Win,
)

__all__ = [
    "EVENT_TYPES",
    "Accept",
    "Ask",
    "CatShown",
    "CuckooShown",
    "Deal",
    "Dead",
    "Draw",
    "HorseShown",
    "HunterShown",
    "InnShown",
    "Keep",
    "Lose",
    "Out",
    "Paid",
    "Pay",
    "Refuse",
    "Restart",
    "Show",
    "Special",
    "Swap",
    "Top",
    "Undo",
    "Win",
]
