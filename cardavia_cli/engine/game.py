"""The game protocol every game implements (design.md, "The game protocol").

A game package exposes one :class:`GameInfo` as ``GAME``; its states subclass :class:`GameState`.
The REPL, deal files, the runner and the arena are written once against this surface:

* ``GAME.new_state(seed=..., deck=..., dealer=..., match=...)`` deals deterministically;
* ``state.to_act`` is the seat that must decide now (``None`` when the game is over or paused at
  a break between rounds or deals); ``state.legal_actions()`` lists that seat's choices in
  canonical order; ``state.parse_action(text)`` reads REPL text; ``state.apply(action)`` checks
  and plays it, then runs every automatic step that follows;
* ``state.view(seat)`` is exactly what one seat may see;
* ``state.events`` is the event log (each event public or private to some seats);
* ``state.result()`` is the :class:`Outcome` once ``state.is_over``.

A state is a pure function of (game, params, deck order, actions): replaying the recorded
actions through ``apply`` rebuilds it exactly (design.md, rule 4).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the event log.

    ``seats`` is ``None`` for a public event, else the seats that may see it (a private deal,
    a sealed response). ``text`` is the canonical log line, e.g. ``"draw 2 wP"``.
    """

    text: str
    seats: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (``None`` = an observer who sees everything)."""
        return seat is None or self.seats is None or seat in self.seats


@dataclass(frozen=True, slots=True)
class Record:
    """One decision taken: the seat, the action's canonical text, and whether it was forced."""

    seat: int
    text: str
    forced: bool

    def __str__(self) -> str:
        return f"{self.seat} {self.text}"


@dataclass(frozen=True)
class Outcome:
    """The end of a deal or match, like python-chess's ``Outcome``.

    ``termination`` names what happened (``"win"``, ``"exhausted"``, ...); ``winner`` is a seat
    (or a team in partnership games, see ``winner_is_team``) or ``None`` for a draw or tie;
    ``summary`` is one human sentence; ``data`` is the ``result`` object of ``run --json``
    (cli.md), already JSON-ready.
    """

    termination: str
    winner: int | None
    summary: str
    data: dict[str, Any] = field(default_factory=dict)
    winner_is_team: bool = False

    def winning_seats(self) -> list[int]:
        """The seats credited with a win (both partners in a partnership game)."""
        if self.winner is None:
            return []
        if self.winner_is_team:
            return [s for s in range(4) if s % 2 == self.winner]
        return [self.winner]


class GameState(abc.ABC):
    """The state of one deal (or one match, for games with rounds) of one game.

    Subclasses keep every random choice in ``self.rng`` (a ``random.Random(seed)``) and append
    to ``self.events`` and ``self.history``.
    """

    game: ClassVar[str]

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.history: list[Record] = []

    # -- the protocol ------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` (game over, or paused at a break)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Whether the deal (or match) has ended; then :meth:`result` is the outcome."""

    @property
    def at_break(self) -> bool:
        """A round or deal has ended and the match goes on after :meth:`next_round`."""
        return False

    def next_round(self) -> None:
        """Start the next round or deal of the match (only when :attr:`at_break`)."""
        raise NotImplementedError(f"{self.game} has no rounds")

    @property
    def phase(self) -> str:
        """A short name of the current decision point, used in messages."""
        return "over" if self.is_over else "play"

    @abc.abstractmethod
    def legal_actions(self) -> list[Any]:
        """The legal actions of :attr:`to_act`, in canonical order (empty if nobody acts)."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read the action text of :attr:`to_act` in this position.

        Raises :class:`~cardavia_cli.engine.errors.InvalidActionError` (not an action),
        :class:`~cardavia_cli.engine.errors.IllegalActionError` (not legal here, naming the
        rule) or :class:`~cardavia_cli.engine.errors.AmbiguousActionError`. Returns a legal
        action.
        """

    @abc.abstractmethod
    def apply(self, action: Any) -> None:
        """Play ``action`` for :attr:`to_act`, then every automatic step that follows.

        Raises :class:`~cardavia_cli.engine.errors.IllegalActionError` if it is not legal.
        """

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may see, as an immutable game-specific view (never hidden cards)."""

    @abc.abstractmethod
    def result(self) -> Outcome | None:
        """The outcome once :attr:`is_over`, else ``None``."""

    def partial_result(self) -> dict[str, Any]:
        """The ``result`` object of ``run --json`` (cli.md) for the state as it stands: the
        outcome's data once over, else the game's shape with what is known so far."""
        outcome = self.result()
        return dict(outcome.data) if outcome is not None else {}

    # -- shared helpers ------------------------------------------------------------------------
    def play_text(self, text: str) -> Any:
        """Parse ``text`` for :attr:`to_act` and apply it; returns the action applied."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def is_forced(self) -> bool:
        """Whether the seat to act has exactly one legal answer (applied automatically)."""
        return self.to_act is not None and len(self.legal_actions()) == 1

    def recorded_actions(self) -> list[str]:
        """The decisions so far as ``"SEAT COMMAND"`` lines, as saved in a deal file
        (see :func:`action_lines`)."""
        return action_lines(self.history)

    def visible_events(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (all of them for ``None``)."""
        return [e for e in self.events if e.visible_to(seat)]


def action_lines(history: Sequence[Record]) -> list[str]:
    """The ``actions`` of a deal file that replays ``history`` exactly.

    Real decisions only, plus the few forced answers a replay would otherwise mistake: a
    replay applies a line at the first point where its seat is to act, so a forced answer
    followed by the same seat's next listed line with the same text (a forced ``pass`` before
    a real ``pass``) is listed too. cli.md allows listing forced answers.
    """
    out: list[str] = []
    following: Record | None = None
    for record in reversed(history):
        if not record.forced or (
            following is not None and (following.seat, following.text) == (record.seat, record.text)
        ):
            out.append(str(record))
            following = record
    return out[::-1]


MatchValidator = Callable[[dict[str, Any], "str"], dict[str, Any]]


@dataclass(frozen=True)
class GameInfo:
    """What the engine knows of one game; each game package exposes one as ``GAME``.

    * ``pack``: the canonical pack, one code per card (duplicates repeated);
    * ``parse_card(text) -> str``: a canonical code, raising ``CardError``;
    * ``new_state(seed, deck, dealer, match) -> GameState``;
    * ``match_keys``: the game-specific deal-file keys (cli.md) besides the common ones;
    * ``validate_match(values, where) -> dict``: checks those keys, raising ``DealFileError``;
    * ``agents``: computer players by level name;
    * ``has_dealer``: whether the deal file may name a ``dealer``;
    * ``partnerships``: whether seats 0+2 (team 0) play against seats 1+3 (team 1); the
      arena then plays the duplicate format.
    """

    name: str
    title: str
    pack: tuple[str, ...]
    parse_card: Callable[[str], str]
    new_state: Callable[..., GameState]
    agents: dict[str, Callable[[], Any]]
    match_keys: tuple[str, ...] = ()
    validate_match: MatchValidator | None = None
    has_dealer: bool = True
    rules_file: str = ""
    partnerships: bool = False

    def check_deck(self, cards: Iterable[str]) -> None:
        """Raise ``ValueError`` unless ``cards`` is exactly the pack (as a multiset)."""
        from collections import Counter

        have = Counter(cards)
        want = Counter(self.pack)
        if have == want:
            return
        problems = []
        for code in sorted(set(have) | set(want), key=self.pack.index):
            if have[code] != want[code]:
                problems.append(f"{code} x{have[code]} (the pack has {want[code]})")
        total = sum(have.values())
        head = f"{total} cards, the pack has {len(self.pack)}" if total != len(self.pack) else ""
        detail = ", ".join(problems[:6]) + (" ..." if len(problems) > 6 else "")
        raise ValueError("deck is not the pack: " + "; ".join(x for x in (head, detail) if x))
