"""The events of a Si Se Pai deal, as values (rules/sisepai.md 6, 7.2, 7.4, 10, 11).

One frozen dataclass per event kind, each an :class:`~cardavia_cli.engine.game.Event`: the rules
emit them, the REPL ``match``es on them, and ``text`` is the line of ``run --json``. Seats are
seat numbers, cards code indexes (:mod:`.cards`), melds :class:`~.melds.Meld` values; the log
words are the canonical card texts.

============  ==========================================  ============================
kind          line                                        seen by
============  ==========================================  ============================
``deal``      ``deal 0 rK rK ... F`` (the 20 dealt cards)  that seat alone (rules 6.2)
``draw``      ``draw 2 wP``                               everyone (rules 7.2 step 1)
``respond``   ``respond 1 pass``, ``respond 1 claim ...``  that seat alone (rules 7.4)
``claim``     ``claim 3 wP wP wP`` (the whole meld)        everyone (rules 7.4)
``discard``   ``discard 3 gH``                            everyone (rules 7.2 step 3)
``dead``      ``dead wA``                                 everyone (rules 7.2 step 4)
``win``       ``win 2 7`` (the winner's points)           everyone (rules 10, 11)
``exhausted`` ``exhausted``                               everyone (rules 7.2 step 1)
============  ==========================================  ============================

>>> from cardavia_cli.games.sisepai.melds import Meld
>>> Claim(3, Meld.parse("wP wP wP"), card=20, drawn=True).text
'claim 3 wP wP wP'
>>> Respond(1, seats=frozenset({1})).text, Dead(8).text
('respond 1 pass', 'dead yA')
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_cli.engine.game import Event, EventArg
from cardavia_cli.games.sisepai.cards import card_str
from cardavia_cli.games.sisepai.melds import Meld


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """``seat`` is dealt ``cards`` (code indexes, canonical order); private to that seat."""

    kind = "deal"
    seat: int
    cards: tuple[int, ...]

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.seat, *map(card_str, self.cards))


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``seat`` draws ``card`` from the stock, face up (rules 7.2 step 1)."""

    kind = "draw"
    seat: int
    card: int

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.seat, card_str(self.card))


@dataclass(frozen=True, slots=True)
class Respond(Event):
    """``seat``'s sealed answer to the public card (rules 7.4): ``meld`` is the meld it claims
    (the public card included), ``None`` for a pass. Private to that seat."""

    kind = "respond"
    seat: int
    meld: Meld | None = None

    @property
    def args(self) -> tuple[EventArg, ...]:
        if self.meld is None:
            return (self.seat, "pass")
        return (self.seat, "claim", *self.meld.codes())


@dataclass(frozen=True, slots=True)
class Claim(Event):
    """The claim that takes the public card (rules 7.4): ``seat`` exposes ``meld``, made with
    the public ``card``; ``drawn``: the card came from the stock (claimed in its draw round or
    in the discard round that follows it, rules 7.2), else from a discard after a claim. The
    line names the seat and the meld."""

    kind = "claim"
    seat: int
    meld: Meld
    card: int
    drawn: bool

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.seat, *self.meld.codes())


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """``seat`` discards ``card`` after its claim (rules 7.2 step 3)."""

    kind = "discard"
    seat: int
    card: int

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.seat, card_str(self.card))


@dataclass(frozen=True, slots=True)
class Dead(Event):
    """Nobody takes ``card``: it goes to the dead pile (rules 7.2 step 4)."""

    kind = "dead"
    card: int

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (card_str(self.card),)


@dataclass(frozen=True, slots=True)
class Win(Event):
    """``seat`` wins with ``points`` (rules 10, 11); the outcome follows."""

    kind = "win"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Exhausted(Event):
    """A seat must draw and the stock is empty: the deal ends, nobody scores (rules 7.2)."""

    kind = "exhausted"


#: Every event type of the game.
EVENT_TYPES: tuple[type[Event], ...] = (
    Deal,
    Draw,
    Respond,
    Claim,
    Discard,
    Dead,
    Win,
    Exhausted,
)

__all__ = [
    "EVENT_TYPES",
    "Claim",
    "Dead",
    "Deal",
    "Discard",
    "Draw",
    "Exhausted",
    "Respond",
    "Win",
]
