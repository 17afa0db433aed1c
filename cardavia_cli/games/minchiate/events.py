"""The events of a Minchiate deal as values (RULES.md 5 to 10): one payload type per kind.

:mod:`.rules` appends them to the log; the narration of :mod:`.repl` matches on their types.
Each payload's :attr:`~cardavia_cli.engine.game.Event.text` is the log line of ``run --json``:
the kind, then its fields in order, cards by their canonical codes (``rob 1 T22 KC T3``).
Seats are seat numbers 0..3, teams 0 (seats 0 and 2) or 1 (seats 1 and 3), cards
:class:`~.cards.Card` values.

>>> from cardavia_cli.games.minchiate.cards import parse_cards
>>> Rob(1, tuple(parse_cards("T22 KC T3".split()))).text, Score(1, 8, -8).text, Result((1, 0)).text
('rob 1 T22 KC T3', 'score 1 8 -8', 'result 1 0')
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_cli.engine.game import Event, EventArg
from cardavia_cli.games.minchiate.cards import Card
from cardavia_cli.games.minchiate.combos import Combination


@dataclass(frozen=True, slots=True)
class MinchiateEvent(Event):
    """The base of Minchiate's payloads: the default log words, with each card as its code."""

    @property
    def args(self) -> tuple[EventArg, ...]:
        """The fields as log words (:attr:`Event.args`), cards by their canonical codes."""
        words = Event.args.fget(self)  # type: ignore[attr-defined]
        return tuple(str(w) if isinstance(w, Card) else w for w in words)


@dataclass(frozen=True, slots=True)
class Dealer(MinchiateEvent):
    """``dealer D C``: the dealer and the cutter, the seat before it (4)."""

    kind = "dealer"
    seat: int
    cutter: int


@dataclass(frozen=True, slots=True)
class Rob(MinchiateEvent):
    """``rob S CARD...``: the cutter's robbing from the bottom of the pack (6.2) or the
    dealer's from the fola (6.5), in the order taken."""

    kind = "rob"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealt(MinchiateEvent):
    """``deal S CARD...``: the 21 cards dealt to ``seat`` (6.3), sorted; private to that seat
    (``seats``)."""

    kind = "deal"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Expose(MinchiateEvent):
    """``expose D CARD``: the dealer shows the last card dealt to all (6.4)."""

    kind = "expose"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Discard(MinchiateEvent):
    """``discard S N``: ``seat`` discards ``count`` cards face down (7.4); the cards, as codes,
    are its own detail (``private``)."""

    kind = "discard"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Pass(MinchiateEvent):
    """``pass S``: ``seat`` declares nothing (8)."""

    kind = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class Declare(MinchiateEvent):
    """``declare S KIND POINTS CARD...``: one combination ``seat`` declares (8, 10.1)."""

    kind = "declare"
    seat: int
    combination: Combination

    @property
    def args(self) -> tuple[EventArg, ...]:
        """The seat, the combination's kind and points, then its cards."""
        combo = self.combination
        return (self.seat, combo.kind, combo.points, *map(str, combo.cards))


@dataclass(frozen=True, slots=True)
class Fola(MinchiateEvent):
    """``fola CARD...``: the fola shown once the declarations are over (6.5, step 8); dead
    cards, possibly none."""

    kind = "fola"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play(MinchiateEvent):
    """``play S CARD``: ``seat`` plays ``card`` to the trick (9.3)."""

    kind = "play"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Trick(MinchiateEvent):
    """``trick S``: the trick is complete and ``winner`` takes it (9.4)."""

    kind = "trick"
    winner: int


@dataclass(frozen=True, slots=True)
class Matto(MinchiateEvent):
    """``matto T CARD``: ``team``, which played the Matto, pays ``card`` for it to the other
    team (9.6); ``M``, the Matto itself, when that team won no trick."""

    kind = "matto"
    team: int
    card: Card


@dataclass(frozen=True, slots=True)
class Score(MinchiateEvent):
    """``score T P D``: a running scoring event (10.3): ``team`` scores ``points`` at once,
    and the running difference (team 0 minus team 1, less 60 per resto) is ``diff``."""

    kind = "score"
    team: int
    points: int
    diff: int


@dataclass(frozen=True, slots=True)
class Resto(MinchiateEvent):
    """``resto T``: ``team`` wins a resto in the running settlement (10.3)."""

    kind = "resto"
    team: int


@dataclass(frozen=True, slots=True)
class Count(MinchiateEvent):
    """``count T CARDS COMBOS BONUS LAST TOTAL``: ``team``'s end count and its parts (10.2)."""

    kind = "count"
    team: int
    card_points: int
    combinations: int
    count_bonus: int
    last_trick: int
    total: int


@dataclass(frozen=True, slots=True)
class Result(MinchiateEvent):
    """``result R0 R1``: each team's resti at the end of the deal (10.5)."""

    kind = "result"
    resti: tuple[int, int]


#: Every payload type, in the order the log first meets them.
EVENT_TYPES: tuple[type[MinchiateEvent], ...] = (
    Dealer,
    Rob,
    Dealt,
    Expose,
    Score,
    Resto,
    Discard,
    Pass,
    Declare,
    Fola,
    Play,
    Trick,
    Matto,
    Count,
    Result,
)

__all__ = [
    "EVENT_TYPES",
    "Count",
    "Dealer",
    "Dealt",
    "Declare",
    "Discard",
    "Expose",
    "Fola",
    "Matto",
    "MinchiateEvent",
    "Pass",
    "Play",
    "Result",
    "Resto",
    "Rob",
    "Score",
    "Trick",
]
