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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cardavia_cli.engine.seats import SEATS, team

EventArg = int | str


@dataclass(frozen=True, slots=True)
class Event:
    """One event of the log: a public line, and per seat what that seat alone learns.

    ``kind`` and ``args`` are the event's fields (``kind="draw", args=(2, "wP")``); ``text`` is
    the canonical log line made from them (``"draw 2 wP"``), the line of ``run --json``'s log.
    ``seats`` is ``None`` when every seat sees the event, else the seats that see it at all (a
    private deal, a sealed answer). ``private`` holds, per seat, the details behind a public
    event that only that seat learns: a public ``swap 1 2`` whose cards only seats 1 and 2 see
    is ``Event("swap", (1, 2), private=((1, ("gK",)), (2, ("c3",))))``. The log a seat sees,
    the narration and ``run --json`` are all derived from this one value.

    >>> e = Event("swap", (1, 2), private=((1, ("gK",)), (2, ("c3",))))
    >>> e.text, e.detail(1), e.detail(3), e.line_for(2)
    ('swap 1 2', ('gK',), (), 'swap 1 2 [c3]')
    """

    kind: str
    args: tuple[EventArg, ...] = ()
    seats: frozenset[int] | None = None
    private: tuple[tuple[int, tuple[EventArg, ...]], ...] = ()

    @property
    def text(self) -> str:
        """The canonical log line: the kind, then the public fields."""
        if not self.args:
            return self.kind
        return " ".join([self.kind, *map(str, self.args)])

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` sees this event (``None`` = an observer who sees everything)."""
        return seat is None or self.seats is None or seat in self.seats

    def detail(self, seat: int | None) -> tuple[EventArg, ...]:
        """What ``seat`` alone learns from this event (empty for most events and seats)."""
        for who, fields in self.private:
            if who == seat:
                return fields
        return ()

    def line_for(self, seat: int | None) -> str:
        """The line as ``seat`` sees it: the public line and its own details in brackets;
        an observer (``None``) gets the public line."""
        mine = self.detail(seat)
        return f"{self.text} [{' '.join(map(str, mine))}]" if mine else self.text


class EventLog(list[Event]):
    """The event log: a list of :class:`Event` that also keeps, per seat, the events that seat
    sees, built incrementally (appending is the only change a log ever sees), so asking for a
    seat's log after every decision costs nothing over a long match."""

    __slots__ = ("_seen",)

    def __init__(self, events: Iterable[Event] = ()) -> None:
        super().__init__(events)
        self._seen: dict[int | None, tuple[list[Event], list[int]]] = {}

    def for_seat(self, seat: int | None) -> list[Event]:
        """The events ``seat`` sees, in order (all of them for ``None``). The list returned is
        the log's own cache: do not change it."""
        if seat is None:
            return self
        cached = self._seen.get(seat)
        if cached is None:
            cached = ([], [0])
            self._seen[seat] = cached
        events, scanned = cached
        n = len(self)
        if scanned[0] > n:  # the log was cut (never in play; tests may do it)
            events.clear()
            scanned[0] = 0
        for i in range(scanned[0], n):
            e = self[i]
            if e.seats is None or seat in e.seats:
                events.append(e)
        scanned[0] = n
        return events

    def copy(self) -> EventLog:
        """A new log with the same events (the per-seat caches are rebuilt on demand)."""
        return EventLog(self)


@dataclass(frozen=True, slots=True)
class Record:
    """One decision taken: the seat, the action's canonical text, whether it was forced (the
    seat's only legal answer), and ``event_index``: the length of the event log when it was
    taken, so the events it caused start at ``events[event_index]`` (-1 if unknown)."""

    seat: int
    text: str
    forced: bool
    event_index: int = -1

    def __str__(self) -> str:
        return f"{self.seat} {self.text}"


@dataclass(frozen=True)
class Outcome:
    """The end of a deal or match, like python-chess's ``Outcome``.

    ``termination`` names what happened (``"win"``, ``"exhausted"``, ...); ``winner`` is a seat
    (or a team in partnership games, see ``winner_is_team``) or ``None`` for a draw or tie;
    ``summary`` is one human sentence; ``data`` is the ``result`` object of ``run --json``
    (cli.md), already JSON-ready; ``score`` is the winner's score in the game's own unit
    (points, resti, ...) where the game has one, for the scores ledger.
    """

    termination: str
    winner: int | None
    summary: str
    data: dict[str, Any] = field(default_factory=dict)
    winner_is_team: bool = False
    score: int | None = None

    def winning_seats(self) -> list[int]:
        """The seats credited with a win (both partners in a partnership game)."""
        if self.winner is None:
            return []
        if self.winner_is_team:
            return [s for s in SEATS if team(s) == self.winner]
        return [self.winner]


class GameState(abc.ABC):
    """The state of one deal (or one match, for games with rounds) of one game.

    Subclasses keep every random choice in ``self.rng`` (a ``random.Random(seed)``) and append
    to ``self.events`` and ``self.history``.

    **Matches.** A game of several rounds or deals pauses between them: :attr:`at_break` is
    true, :attr:`to_act` is ``None``, and :meth:`next_round` deals the next one.
    :attr:`rounds_finished` counts the rounds or deals finished so far (replayed ones included);
    ``run --max-deals`` and the arena's cut-off read it.

    **Large action spaces.** :meth:`legal_actions` may be long (hundreds of plays in a Guandan
    lead). :meth:`is_legal`, :meth:`forced_action` and :meth:`is_forced` have defaults that list
    every action; a game with many overrides them with direct checks, and computer players get
    the legal actions as a lazy :class:`LegalActions`.

    **Search.** :meth:`copy` is a cheap, independent copy; :meth:`apply_unchecked` skips the
    legality check; :meth:`resample` deals the cards a seat cannot see anew, consistently with
    everything that seat has seen (determinization).
    """

    game: ClassVar[str]

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: EventLog = EventLog()
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
    def rounds_finished(self) -> int:
        """Rounds or deals of the match finished so far (1 once a one-deal game is over)."""
        return 1 if self.is_over else 0

    @property
    def phase(self) -> str:
        """A short name of the current decision point, used in messages (``"break"`` between
        rounds, ``"over"`` at the end)."""
        if self.is_over:
            return "over"
        return "break" if self.at_break else "play"

    def position(self) -> str:
        """Where the game stands, in a few words for a person: who is to act and at which
        decision point, a break between rounds, or the end."""
        if self.is_over:
            outcome = self.result()
            return outcome.summary if outcome is not None else "the game is over"
        if self.at_break:
            n = self.rounds_finished
            return f"a break after round {n}: the match goes on with the next round"
        return f"seat {self.to_act} is to act ({self.phase})"

    @abc.abstractmethod
    def legal_actions(self) -> list[Any]:
        """The legal actions of :attr:`to_act`, in canonical order (empty if nobody acts)."""

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is legal for :attr:`to_act` now. The default looks it up in
        :meth:`legal_actions`; a game with large action spaces checks it directly."""
        return self.to_act is not None and action in self.legal_actions()

    def forced_action(self) -> Any | None:
        """The only legal action of :attr:`to_act`, or ``None`` when there are several (or
        nobody acts). The default lists the actions; a game with many answers it directly."""
        if self.to_act is None:
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def is_forced(self) -> bool:
        """Whether the seat to act has exactly one legal answer (applied automatically)."""
        return self.forced_action() is not None

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

    def apply_unchecked(self, action: Any) -> None:
        """Play a legal ``action`` without checking it (for search). The default checks."""
        self.apply(action)

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may see, as an immutable game-specific view (never hidden cards).

        A view never carries the event log (that would copy it at every decision); the log a
        seat sees is :meth:`visible_events`."""

    @abc.abstractmethod
    def result(self) -> Outcome | None:
        """The outcome once :attr:`is_over`, else ``None``."""

    def partial_result(self) -> dict[str, Any]:
        """The ``result`` object of ``run --json`` (cli.md) for the state as it stands: the
        outcome's data once over, else the game's shape with what is known so far."""
        outcome = self.result()
        return dict(outcome.data) if outcome is not None else {}

    @abc.abstractmethod
    def zones(self) -> dict[str, list[str]]:
        """Every card of the game, by where it is now (``{"hand 0": [...], "stock": [...]}``),
        canonical card codes. Together they are exactly the pack (card conservation)."""

    def resample(self, seat: int, rng: random.Random) -> GameState:
        """A copy in which the cards ``seat`` cannot see are dealt anew with ``rng``,
        consistently with everything ``seat`` has seen: ``view(seat)`` is the same in both.
        Raises ``NotImplementedError`` for a game that does not support it."""
        raise NotImplementedError(f"{self.game} cannot resample hidden cards")

    # -- copies --------------------------------------------------------------------------------
    def copy(self) -> GameState:
        """An independent copy: playing on either one never changes the other. Cheap: a
        shallow copy, then :meth:`_copy_mutable` copies what the game changes in place."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.events = self.events.copy()
        new.history = list(self.history)
        self._copy_mutable(new)
        return new

    def _copy_mutable(self, new: GameState) -> None:
        """Give ``new`` its own copies of the containers this game changes in place (hands,
        piles, ...). Values never changed in place (tuples, frozen values) may be shared.
        The default copies nothing more (a game whose state holds only such values)."""
        return None

    # -- shared helpers ------------------------------------------------------------------------
    def play_text(self, text: str) -> Any:
        """Parse ``text`` for :attr:`to_act` and apply it; returns the action applied."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def record(self, seat: int, action: Any, forced: bool) -> Record:
        """Append the decision ``action`` of ``seat`` to :attr:`history` (call it in
        ``apply_unchecked`` before the events the action causes); returns the record."""
        rec = Record(seat, str(action), forced, len(self.events))
        self.history.append(rec)
        return rec

    def recorded_actions(self) -> list[str]:
        """The decisions so far as ``"SEAT COMMAND"`` lines, as saved in a deal file
        (see :func:`action_lines`)."""
        return action_lines(self.history)

    def visible_events(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (all of them for ``None``); do not change the list."""
        return self.events.for_seat(seat)


class LegalActions(Sequence[Any]):
    """The legal actions of a state, handed to computer players without listing them first.

    ``action in legal`` asks the state (:meth:`GameState.is_legal`); indexing, ``len`` and
    iteration list them once, on first use. A computer player that knows what it wants to play
    never pays for the list.
    """

    __slots__ = ("_state", "_list")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._list: list[Any] | None = None

    def _all(self) -> list[Any]:
        if self._list is None:
            self._list = self._state.legal_actions()
        return self._list

    def __contains__(self, action: object) -> bool:
        if self._list is not None:
            return action in self._list
        return self._state.is_legal(action)

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._all())

    def __repr__(self) -> str:
        return f"LegalActions({self._all()!r})"


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
    * ``partnerships``: whether seats 0+2 play against 1+3 (teams, see ``engine.seats.team``):
      then an outcome's winner is a team and the arena plays the duplicate format.
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
        """Raise ``ValueError`` unless ``cards`` is exactly the pack (see :func:`check_deck`)."""
        check_deck(self.pack, cards)


def check_deck(pack: Sequence[str], cards: Iterable[str]) -> None:
    """Raise ``ValueError`` naming the differences unless ``cards`` is exactly ``pack`` (as a
    multiset of canonical codes)."""
    from collections import Counter

    have = Counter(cards)
    want = Counter(pack)
    if have == want:
        return
    order = {code: i for i, code in reversed(list(enumerate(pack)))}
    problems = []
    for code in sorted(set(have) | set(want), key=lambda c: (order.get(c, len(pack)), c)):
        if have[code] != want[code]:
            problems.append(f"{code} x{have[code]} (the pack has {want[code]})")
    total = sum(have.values())
    head = f"{total} cards, the pack has {len(pack)}" if total != len(pack) else ""
    detail = ", ".join(problems[:6]) + (" ..." if len(problems) > 6 else "")
    raise ValueError("deck is not the pack: " + "; ".join(x for x in (head, detail) if x))
