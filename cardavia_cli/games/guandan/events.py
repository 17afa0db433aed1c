"""The events of a Guandan match, as values (RULES.md sections 5, 7, 9, 10).

One frozen dataclass per event kind; :mod:`.rules` appends them to the state's log and the
REPL's narration (:mod:`.repl`) ``match``es on their types. Seats are ``int``, cards face codes
(:mod:`.cards`), levels natural values 2..14. Each event's ``text`` is its line of ``run
--json``:

>>> Play(1, (29, 30), "pair 9").text, Deal(2, (0, 53), seats=frozenset({2})).text
('play 1 9H 9D as pair 9', 'deal 2 2S RJ')
>>> Start(1, 2, None).text, Levels((5, 14)).text, TributeCancelled((1, 3)).text
('start 1 2 none', 'levels 5 A', 'tribute_cancelled 1 3')
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia_cli.engine.game import Event, EventArg
from cardavia_cli.games.guandan.cards import CODES, level_str


@dataclass(frozen=True, slots=True)
class Start(Event):
    """A deal begins (9.1): its number in the match (from 1), the level it is played at
    (5.1) and the declaring team (``None`` in a match's first deal: ``start 1 2 none``)."""

    kind = "start"
    deal: int
    level: int
    level_team: int | None

    @property
    def args(self) -> tuple[EventArg, ...]:
        team: EventArg = "none" if self.level_team is None else self.level_team
        return (self.deal, level_str(self.level), team)


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A seat's 27 cards (5.2), in the display order of section 3; private to that seat
    (``seats=frozenset({seat})``): ``deal 0 3S 3H ...``."""

    kind = "deal"
    seat: int
    cards: tuple[int, ...]

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.seat, *(CODES[c] for c in self.cards))


@dataclass(frozen=True, slots=True)
class TributeCancelled(Event):
    """No tribute this deal (7.2): the payers, who hold both red jokers between them."""

    kind = "tribute_cancelled"
    payers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Transfer(Event):
    """A card passing from ``giver`` to ``receiver``, announced to all (section 7):
    ``KIND GIVER RECEIVER CARD``."""

    giver: int
    receiver: int
    card: int

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.giver, self.receiver, CODES[self.card])


@dataclass(frozen=True, slots=True)
class Tribute(_Transfer):
    """A tribute paid (7.3): ``tribute GIVER RECEIVER CARD``."""

    kind = "tribute"


@dataclass(frozen=True, slots=True)
class Return(_Transfer):
    """A card given back for a tribute (7.5): ``return GIVER RECEIVER CARD``."""

    kind = "return"


@dataclass(frozen=True, slots=True)
class Lead(Event):
    """A new trick: ``seat`` is to lead it (9.3, 9.5)."""

    kind = "lead"
    seat: int


@dataclass(frozen=True, slots=True)
class Play(Event):
    """A play (8.2): the seat, the cards (face codes, ascending) and the ``TYPE KEY`` it was
    played as (8.3: ``pair 9``, ``joker_bomb``): ``play 1 9H 9D as pair 9``."""

    kind = "play"
    seat: int
    cards: tuple[int, ...]
    key: str

    @property
    def args(self) -> tuple[EventArg, ...]:
        return (self.seat, *(CODES[c] for c in self.cards), "as", *self.key.split())


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """A pass (8.2)."""

    kind = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class Out(Event):
    """``seat`` has played its last card and takes ``place`` (1..3; 9.4)."""

    kind = "out"
    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class Places(Event):
    """The deal is over (9.6): the four seats in finishing order."""

    kind = "places"
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Advance(Event):
    """The deal's winning team goes up ``levels`` levels (10)."""

    kind = "advance"
    team: int
    levels: int


@dataclass(frozen=True, slots=True)
class Levels(Event):
    """Both teams' levels after a deal, team 0 first (10): ``levels 5 2``."""

    kind = "levels"
    levels: tuple[int, int]

    @property
    def args(self) -> tuple[EventArg, ...]:
        return tuple(level_str(v) for v in self.levels)


@dataclass(frozen=True, slots=True)
class Match(Event):
    """``team`` has won the match at level A (10)."""

    kind = "match"
    team: int


#: Every event type of Guandan, in the order a deal produces them.
EVENT_TYPES: tuple[type[Event], ...] = (
    Start,
    Deal,
    TributeCancelled,
    Tribute,
    Return,
    Lead,
    Play,
    Pass,
    Out,
    Places,
    Advance,
    Levels,
    Match,
)
