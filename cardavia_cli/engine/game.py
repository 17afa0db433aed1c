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
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Generic, TypeVar

from cardavia_cli.engine.errors import IllegalActionError
from cardavia_cli.engine.i18n import NP_, _, pgettext
from cardavia_cli.engine.seats import SEATS, team

EventArg = int | str

#: The phase names the base state knows: a break between rounds or deals, and the end. Every
#: game's ``Phase`` enum (a ``StrEnum``) has these two members with these values.
BREAK = "break"
OVER = "over"

#: The phases' names as a refusal's context says them (translated in the context ``phase``).
PHASE_WORDS = (
    NP_("phase", "break"),
    NP_("phase", "over"),
)


@dataclass(frozen=True, slots=True)
class Event:
    """One event of the log, as a value: the base class of every game's event payloads.

    A game declares one frozen dataclass per event kind (Guandan ``Play(seat, cards, key)``,
    ``Pass(seat)``, ...), subclassing this class and setting ``kind``; narrators ``match`` on
    those types. ``args`` are the public fields as log words (by default the dataclass fields
    in order, tuples spread out; a payload overrides :attr:`args` where its line is written
    otherwise) and ``text`` the canonical log line of ``run --json`` made from them.

    ``seats`` is ``None`` when every seat sees the event, else the seats that see it at all (a
    private deal, a sealed answer). ``private`` holds, per seat, the details behind a public
    event that only that seat learns: a public ``swap 1 2`` whose cards only seats 1 and 2 see
    has ``private=((1, ("gK",)), (2, ("c3",)))``. The log a seat sees, the narration and
    ``run --json`` are all derived from this one value. Both are keyword-only.

    >>> e = Line("swap", (1, 2), private=((1, ("gK",)), (2, ("c3",))))
    >>> e.text, e.detail(1), e.detail(3), e.line_for(2)
    ('swap 1 2', ('gK',), (), 'swap 1 2 [c3]')
    """

    kind: ClassVar[str] = ""
    seats: frozenset[int] | None = field(default=None, kw_only=True)
    private: tuple[tuple[int, tuple[EventArg, ...]], ...] = field(default=(), kw_only=True)

    @property
    def args(self) -> tuple[EventArg, ...]:
        """The public fields as log words: the payload's dataclass fields in order (``seats``
        and ``private`` left out), a tuple's items spread out, ``None`` left out."""
        out: list[EventArg] = []
        for name in _public_fields(type(self)):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, tuple):
                out.extend(value)
            else:
                out.append(value)
        return tuple(out)

    @property
    def text(self) -> str:
        """The canonical log line: the kind, then the public fields."""
        args = self.args
        if not args:
            return self.kind
        return " ".join([self.kind, *map(str, args)])

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` sees this event (``None`` = an observer who sees everything)."""
        return seat is None or self.seats is None or seat in self.seats

    def detail(self, seat: int | None) -> tuple[EventArg, ...]:
        """What ``seat`` alone learns from this event (empty for most events and seats)."""
        for who, words in self.private:
            if who == seat:
                return words
        return ()

    def line_for(self, seat: int | None) -> str:
        """The line as ``seat`` sees it: the public line and its own details in brackets;
        an observer (``None``) gets the public line."""
        mine = self.detail(seat)
        return f"{self.text} [{' '.join(map(str, mine))}]" if mine else self.text


_FIELDS: dict[type, tuple[str, ...]] = {}


def _public_fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.name not in ("seats", "private"))
        _FIELDS[cls] = names
    return names


@dataclass(frozen=True, slots=True, init=False)
class Line(Event):
    """An event written as its kind and its words, for a test that declares no payload types:
    ``Line("draw", (2, "wP"))`` is the line ``draw 2 wP``; ``seats`` and ``private`` may
    follow positionally."""

    kind: str  # type: ignore[misc]  # a field here, the class's constant in payloads
    words: tuple[EventArg, ...] = ()

    def __init__(
        self,
        kind: str,
        words: tuple[EventArg, ...] = (),
        seats: frozenset[int] | None = None,
        private: tuple[tuple[int, tuple[EventArg, ...]], ...] = (),
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "words", tuple(words))
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "private", private)

    @property
    def args(self) -> tuple[EventArg, ...]:
        return self.words


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


class QuietLog(EventLog):
    """The log of a quiet copy (:meth:`GameState.copy` with ``quiet=True``): it keeps nothing,
    so a rollout pays for no event it will never show."""

    __slots__ = ()

    def append(self, event: Event) -> None:  # noqa: D102 - keeps nothing
        return None

    def extend(self, events: Iterable[Event]) -> None:  # noqa: D102 - keeps nothing
        return None

    def copy(self) -> EventLog:
        return QuietLog()


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


A = TypeVar("A")
V = TypeVar("V")


class GameState(abc.ABC, Generic[A, V]):
    """The state of one deal (or one match, for games with rounds) of one game, generic over
    the game's action type ``A`` and view type ``V``.

    **The books.** The base keeps them; a game writes the rules. A game implements
    :meth:`_refusal` (the rule an action breaks now, or ``None``) and :meth:`_apply` (play a
    legal action and every automatic step after it); the base's :meth:`apply` checks once,
    :meth:`push` plays an action already known to be legal, and both record the decision in
    :attr:`history` (with whether it was forced) and clear the game's legal-action caches
    (:attr:`_caches`) before :meth:`_apply` runs. Events are values (:class:`Event`
    subclasses) appended to :attr:`events`.

    **Phases.** A game keeps its decision point in ``self._phase``, a member of its own
    ``Phase`` enum (a ``StrEnum``) that has the members ``BREAK = "break"`` and ``OVER =
    "over"``; :attr:`phase`, :attr:`is_over` and :attr:`at_break` come from it. A game whose
    point is derived otherwise overrides them.

    **Matches.** A game of several rounds or deals pauses between them: :attr:`at_break` is
    true, :attr:`to_act` is ``None``, and :meth:`next_round` deals the next one.
    :attr:`rounds_finished` counts the rounds or deals finished so far (replayed ones included);
    ``run --max-deals`` and the arena's cut-off read it.

    **Large action spaces.** :meth:`legal_actions` may be long (hundreds of plays in a Guandan
    lead). :meth:`is_legal` asks :meth:`_refusal`; :meth:`forced_action` has a default that
    lists every action, which a game with many overrides with a direct check. Computer players
    get the legal actions as a lazy :class:`LegalActions`.

    **Search.** :meth:`copy` is a cheap, independent copy; ``copy(quiet=True)`` is a copy for
    rollouts whose applies keep no history and no events (:attr:`quiet`; a game may skip
    building an event's values when it is set); :meth:`push` skips the legality check;
    :meth:`resample` deals the cards a seat cannot see anew, consistently with everything that
    seat has seen (determinization).
    """

    game: ClassVar[str]
    #: The game's action class: :meth:`apply` and :meth:`is_legal` refuse anything else.
    action_type: ClassVar[type] = object
    #: Attributes holding caches derived from the position (the legal actions, ...): set to
    #: ``None`` before every :meth:`_apply`.
    _caches: ClassVar[tuple[str, ...]] = ()

    #: The decision point: a member of the game's ``Phase`` enum (``"play"`` for a game that
    #: names none).
    _phase: str = "play"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: EventLog = EventLog()
        self.history: list[Record] = []
        #: A quiet copy (rollouts): no history, no events.
        self.quiet = False

    # -- the protocol ------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` (game over, or paused at a break)."""

    @property
    def is_over(self) -> bool:
        """Whether the deal (or match) has ended; then :meth:`result` is the outcome."""
        return self._phase == OVER

    @property
    def at_break(self) -> bool:
        """A round or deal has ended and the match goes on after :meth:`next_round`."""
        return self._phase == BREAK

    def next_round(self) -> None:
        """Start the next round or deal of the match (only when :attr:`at_break`); raises
        :class:`~cardavia_cli.engine.errors.IllegalActionError` elsewhere. A game with
        rounds implements :meth:`_next_round`."""
        if not self.at_break:
            raise IllegalActionError(
                _("there is no break between rounds now ({position})").format(
                    position=self.position()
                ),
                phase=str(self.phase),
            )
        self._invalidate()
        self._next_round()

    def _next_round(self) -> None:
        """Deal the next round or deal (called by :meth:`next_round` at a break)."""
        raise NotImplementedError(f"{self.game} has no rounds")

    @property
    def rounds_finished(self) -> int:
        """Rounds or deals of the match finished so far (1 once a one-deal game is over)."""
        return 1 if self.is_over else 0

    @property
    def phase(self) -> str:
        """A short name of the current decision point, used in messages (``"break"`` between
        rounds, ``"over"`` at the end): the game's ``Phase`` member."""
        if self.is_over:
            return OVER
        return BREAK if self.at_break else self._phase

    def position(self) -> str:
        """Where the game stands, in a few words for a person: who is to act and at which
        decision point, a break between rounds, or the end."""
        if self.is_over:
            outcome = self.result()
            return outcome.summary if outcome is not None else _("the game is over")
        if self.at_break:
            n = self.rounds_finished
            return _("a break after round {n}: the match goes on with the next round").format(n=n)
        return _("seat {seat} is to act ({phase})").format(seat=self.to_act, phase=self.phase)

    def where(self) -> str:
        """``seat 2, follow``: the seat to act and the phase, the context of a refusal. The
        phase is said in the language spoken now (its name in the context ``phase``: a game
        marks its phases' names with ``NP_("phase", NAME)``); ``seat N, `` stays as it is,
        the part of the context the REPL leaves out for the person's own refusals."""
        return f"seat {self.to_act}, {pgettext('phase', str(self.phase))}"

    @abc.abstractmethod
    def legal_actions(self) -> list[A]:
        """The legal actions of :attr:`to_act`, in canonical order (empty if nobody acts)."""

    def _refusal(self, action: A) -> str | None:
        """The rule ``action`` breaks now (a message naming the rule, with :meth:`where` in
        front), or ``None`` when it is legal; called only with an ``action_type`` value while
        a seat is to act. The default looks the action up in :meth:`legal_actions`; a game
        with large action spaces checks it directly."""
        if action in self.legal_actions():
            return None
        return f"{self.where()}: " + _("{action} is not a legal action now").format(action=action)

    @abc.abstractmethod
    def _apply(self, action: A) -> None:
        """Play the legal ``action`` of :attr:`to_act`, then every automatic step that
        follows (the base has recorded it and cleared the caches)."""

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is legal for :attr:`to_act` now (:meth:`_refusal`)."""
        if self.to_act is None or not isinstance(action, self.action_type):
            return False
        return self._refusal(action) is None  # type: ignore[arg-type]

    def refusal(self, action: object) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action`` (its seat, phase and rule as
        fields), or ``None`` when it is legal."""
        seat = self.to_act
        if seat is None:
            return IllegalActionError(
                _("{action}: nobody is to act ({position})").format(
                    action=action, position=self.position()
                ),
                phase=str(self.phase),
            )
        if not isinstance(action, self.action_type):
            return IllegalActionError(
                f"{self.where()}: "
                + _("not a {game} action: {action}").format(game=self.game, action=repr(action)),
                seat=seat,
                phase=str(self.phase),
            )
        why = self._refusal(action)  # type: ignore[arg-type]
        if why is None:
            return None
        return IllegalActionError(why, seat=seat, phase=str(self.phase))

    def forced_action(self) -> A | None:
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
    def parse_action(self, text: str) -> A:
        """Read the action text of :attr:`to_act` in this position and return a **checked**
        action: :meth:`push` plays it without a second check (python-chess's ``parse_san``
        then ``push``).

        Raises :class:`~cardavia_cli.engine.errors.InvalidActionError` (not an action),
        :class:`~cardavia_cli.engine.errors.IllegalActionError` (not legal here, naming the
        rule) or :class:`~cardavia_cli.engine.errors.AmbiguousActionError`.
        """

    def apply(self, action: A) -> None:
        """Check ``action`` for :attr:`to_act` and play it, then every automatic step that
        follows. Raises :class:`~cardavia_cli.engine.errors.IllegalActionError` (with the
        seat, the phase and the rule) if it is not legal."""
        error = self.refusal(action)
        if error is not None:
            raise error
        self._push(action)

    def push(self, action: A) -> None:
        """Play ``action``, known to be legal (from :meth:`parse_action`, :meth:`legal_actions`,
        :meth:`forced_action` or a legality check), without checking it again."""
        self._push(action)

    def apply_unchecked(self, action: A) -> None:
        """:meth:`push` (the name search code knows)."""
        self._push(action)

    def _push(self, action: A) -> None:
        if not self.quiet:
            seat = self.to_act
            assert seat is not None, "nobody is to act"
            forced = self.forced_action() is not None
            self.history.append(Record(seat, str(action), forced, len(self.events)))
        self._invalidate()
        self._apply(action)

    def _invalidate(self) -> None:
        """Clear the caches derived from the position (:attr:`_caches`)."""
        for name in self._caches:
            setattr(self, name, None)

    @abc.abstractmethod
    def view(self, seat: int) -> V:
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

    def resample(self, seat: int, rng: random.Random) -> GameState[A, V]:
        """A copy in which the cards ``seat`` cannot see are dealt anew with ``rng``,
        consistently with everything ``seat`` has seen: ``view(seat)`` is the same in both.
        Raises ``NotImplementedError`` for a game that does not support it."""
        raise NotImplementedError(f"{self.game} cannot resample hidden cards")

    # -- copies --------------------------------------------------------------------------------
    def copy(self, *, quiet: bool | None = None) -> GameState[A, V]:
        """An independent copy: playing on either one never changes the other. Cheap: a
        shallow copy, then :meth:`_copy_mutable` copies what the game changes in place.

        ``quiet=True``: a copy for rollouts, whose applies keep no history and no events (its
        :attr:`events` and :attr:`history` start empty); a quiet state's copies stay quiet
        unless ``quiet=False`` is given (then they start with an empty log)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        quiet = self.quiet if quiet is None else quiet
        new.quiet = quiet
        if quiet:
            new.events = QuietLog()
            new.history = []
        elif self.quiet:
            new.events = EventLog()
            new.history = []
        else:
            new.events = self.events.copy()
            new.history = list(self.history)
        self._copy_mutable(new)
        return new

    def _copy_mutable(self, new: GameState[A, V]) -> None:
        """Give ``new`` its own copies of the containers this game changes in place (hands,
        piles, ...). Values never changed in place (tuples, frozen values) may be shared.
        The default copies nothing more (a game whose state holds only such values)."""
        return None

    # -- shared helpers ------------------------------------------------------------------------
    def play_text(self, text: str) -> A:
        """Parse ``text`` for :attr:`to_act` and play it (checked once); returns the action."""
        action = self.parse_action(text)
        self.push(action)
        return action

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
    * ``rules_file``: the rules written for players, a Markdown file of the game's package
      (``player_rules.md``), that ``cardavia GAME rules`` and the REPL's ``rules`` show;
    * ``partnerships``: whether seats 0+2 play against 1+3 (teams, see ``engine.seats.team``):
      then an outcome's winner is a team and the arena plays the duplicate format;
    * ``hand_model``: what the game gives a learned model of where hidden cards lie
      (:class:`~cardavia_cli.engine.learning.HandModelSpec`), ``None`` without one;
    * ``single_deal(seed) -> (state, winners)``, for a match game whose deals the arena can
      play alone (``arena --single-deals``): a state at the start of one deal somewhere in a
      match, drawn from ``seed``, and a function giving the seats that won that deal once the
      state is at the break after it.
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
    single_deal: Callable[[int], tuple[GameState, Callable[[GameState], list[int]]]] | None = None
    #: The game's part of a learned hand model (:class:`~.learning.HandModelSpec`), if any.
    hand_model: Any = None

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
            problems.append(
                _("{code} x{n} (the pack has {m})").format(code=code, n=have[code], m=want[code])
            )
    total = sum(have.values())
    head = (
        _("{n} cards, the pack has {m}").format(n=total, m=len(pack)) if total != len(pack) else ""
    )
    detail = ", ".join(problems[:6]) + (" ..." if len(problems) > 6 else "")
    raise ValueError(
        _("deck is not the pack: {problems}").format(
            problems="; ".join(x for x in (head, detail) if x)
        )
    )
