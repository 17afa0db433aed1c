"""Tally's events, as values: one frozen payload per kind (the log line is the kind and the
public fields, e.g. ``play 1 a2``; private cards in ``private``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_cli.engine.game import Event


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """The cards dealt to ``seat`` (seen by that seat alone): ``deal 1 a2 b3 c4``."""

    kind = "deal"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Give(Event):
    """The dealer gives his partner a card (the card in ``private`` for both)."""

    kind = "give"
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class Bid(Event):
    """A sealed bid (the card in ``private`` for its seat)."""

    kind = "bid"
    seat: int


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    kind = "reveal"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Play(Event):
    kind = "play"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Trick(Event):
    kind = "trick"
    seat: int


@dataclass(frozen=True, slots=True)
class Lose(Event):
    """``seat`` loses a token; ``left`` remain."""

    kind = "lose"
    seat: int
    left: int


@dataclass(frozen=True, slots=True)
class Out(Event):
    kind = "out"
    seat: int


@dataclass(frozen=True, slots=True)
class Win(Event):
    """The match is won by ``team``."""

    kind = "win"
    team: int


TallyEvent = Deal | Give | Bid | Reveal | Play | Trick | Lose | Out | Win
