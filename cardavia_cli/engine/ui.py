"""What a game gives the REPL: a :class:`GameUI` subclass, generic over the game's view and
action types, in the game's ``repl`` module as ``UI`` (an instance).

The REPL never names a game's verbs, cards, rules, commands or settings; it asks the game's
UI, which works on the view of the seat at the table (``state.view(seat)``, never the state:
design.md rule 5). The base class holds every default, so a game writes only what is its own:

* required (abstract): :meth:`~GameUI.intro`, :meth:`~GameUI.status`, :meth:`~GameUI.table`,
  :meth:`~GameUI.hand`, :meth:`~GameUI.prompt`, :meth:`~GameUI.legal_verbs`,
  :meth:`~GameUI.narrate`, :meth:`~GameUI.outcome`, and the class attribute ``actions``;
* with defaults: ``choices`` (none numbered), ``complete`` (nothing), ``describe`` (the
  action's text), ``hint`` (the suggestion), ``log_lines`` (each event's narration),
  ``auto_answer``, ``safeguard``, ``story_start``, ``round_end``, ``round_summary``,
  ``is_out``, and the class attributes ``has_breaks``, ``has_ambiguous_plays``,
  ``players_go_out`` (the REPL then offers ``watch`` and ``finish`` once the human is out),
  ``commands``, ``settings``, ``table_help``, ``hint_help``.

Action texts are the game's canonical action texts (what ``state.parse_action`` reads and a
save records). The game does not import the REPL: what the REPL hands a game's own commands
is the :class:`GameControl` protocol.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.console import RenderableType
from rich.text import Text

from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.i18n import N_, _
from cardavia_cli.engine.interface import Completion, Switch, Verb

#: The default help of ``table`` and ``hint``.
TABLE_HELP = N_("Show the table: every seat and what lies in view.")
HINT_HELP = N_("Suggest a move (the strong computer player's choice for your seat).")
#: How many of the last visible events a resumed game tells again by default.
STORY_EVENTS = 8

V = TypeVar("V")
A = TypeVar("A")


class GameControl(Protocol):
    """What the REPL hands a game's own commands (:class:`GameCommand`): the human's side of
    the table and a way to let the game move on. The human is seat 0."""

    @property
    def view(self) -> Any:
        """The human seat's view now (``state.view(0)``)."""

    @property
    def events(self) -> Sequence[Event]:
        """The events the human has seen (``state.visible_events(0)``); do not change it."""

    @property
    def settings(self) -> Mapping[str, bool]:
        """The values of the game's settings (:class:`~.interface.Switch`), by name."""

    @property
    def human_to_act(self) -> bool:
        """Whether the human must decide now."""

    @property
    def at_break(self) -> bool:
        """Whether the match stands at a break between rounds or deals."""

    @property
    def is_over(self) -> bool:
        """Whether the deal or match has ended."""

    def play_on(self, through_breaks: bool, summary: bool) -> list[Any]:
        """Let the computer players (and the human's automatic answers) play while the human
        does not decide; returns what to show. Standing at a break, the next round starts
        first. ``through_breaks``: go on past later breaks (else stop at the next one).
        ``summary``: one line per finished round (:meth:`GameUI.round_summary`) instead of
        the narration of every event."""


class GameCommand(Protocol):
    """A REPL command a game adds (e.g. Minchiate ``score``). Its verb and aliases must not
    be those of another command (the REPL refuses to start otherwise)."""

    verb: str
    usage: str
    help: str
    short: str
    aliases: tuple[str, ...]

    def available(self, control: GameControl) -> bool:
        """Whether the command is offered now and may be used."""

    def handler(self, control: GameControl, args: str) -> Sequence[Any]:
        """Run the command with the text after the verb; returns what to show (rich
        renderables; never prints). A ``CardaviaError`` raised becomes one line."""


class GameUI(abc.ABC, Generic[V, A]):
    """The REPL side of one game. ``view`` is always the human seat's view."""

    #: The game's action verbs, in the order help lists them.
    actions: ClassVar[Sequence[Verb]] = ()
    #: Rounds or deals with a break between them: the REPL adds ``next`` and ``restart``.
    has_breaks: ClassVar[bool] = False
    #: The parts of a match between breaks are deals (Guandan), not rounds (Cuccu): the
    #: words a review numbers them with.
    breaks_between_deals: ClassVar[bool] = False
    #: Plays that can be read several ways: the REPL numbers them and adds ``cancel``.
    has_ambiguous_plays: ClassVar[bool] = False
    #: The game's own REPL commands (:class:`GameCommand`).
    commands: ClassVar[Sequence[GameCommand]] = ()
    #: The game's on/off settings; the REPL adds ``NAME [on|off]``.
    settings: ClassVar[Sequence[Switch]] = ()
    #: Players go out of the match (Cuccu's lives): the REPL offers ``watch`` and ``finish``
    #: once :meth:`is_out` says the human is.
    players_go_out: ClassVar[bool] = False
    table_help: ClassVar[str] = TABLE_HELP
    hint_help: ClassVar[str] = HINT_HELP

    # -- required --------------------------------------------------------------------------
    @abc.abstractmethod
    def intro(self, view: V, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """A few lines at the start of a deal or match: the game, where it comes from
        (``origin``: ``"seed 7"``, ``"deck from deal.toml"``), the dealer, the opponents."""

    @abc.abstractmethod
    def status(self, view: V) -> RenderableType:
        """Shown before each decision: the table, the hand, and the legal choices."""

    @abc.abstractmethod
    def table(self, view: V) -> RenderableType:
        """The public table (``table`` command)."""

    @abc.abstractmethod
    def hand(self, view: V) -> RenderableType:
        """The seat's own hand (``hand`` command)."""

    @abc.abstractmethod
    def prompt(self, view: V) -> str:
        """A short prompt for a terminal, e.g. ``"wP > "``."""

    @abc.abstractmethod
    def legal_verbs(self, view: V) -> list[str]:
        """The action verbs that have a legal use now, in :attr:`actions` order."""

    @abc.abstractmethod
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """Short lines for ``events[start:]`` (the seat's visible events; earlier ones are
        context). ``forced`` holds indexes (in ``events``) of the first event caused by each
        of the seat's own answers given without asking (forced, or given by the rules)."""

    @abc.abstractmethod
    def outcome(self, view: V, outcome: Outcome) -> RenderableType:
        """The end of the deal or match: winner, score, the winning hand."""

    # -- with defaults ---------------------------------------------------------------------
    def outcome_line(self, view: V, outcome: Outcome) -> str:
        """The end of the deal or match in one sentence for the seat of ``view`` ("You win
        with 15 points."): the head of :meth:`outcome`, as a review's replay rows give it.
        Default: the engine's ``outcome.summary``, which names every seat by number."""
        return outcome.summary

    def choices(self, view: V) -> list[str]:
        """The answers the status lists with numbers (typing ``N`` means the N-th)."""
        return []

    def complete(self, view: V, verb: str, args: Sequence[str]) -> Sequence[Completion]:
        """Candidates for the next word of ``verb`` after the complete words ``args``."""
        return []

    def describe(self, view: V, action: A) -> str:
        """A short description of an action of the seat to act, for ``hint`` and ``auto``."""
        return str(action)

    def hint(self, view: V, suggestion: A) -> RenderableType:
        """The ``hint`` answer: the suggested action and what helps judge the hand."""
        return Text(_("Hint: {move}").format(move=self.describe(view, suggestion)))

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event of ``events`` (the seat's visible events) for ``log``;
        ``forced`` as for :meth:`narrate`. By default the narration of each event."""
        lines: list[RenderableType] = []
        for i in range(len(events)):
            lines.extend(self.narrate(events[: i + 1], i, seat, forced))
        return lines

    def auto_answer(self, view: V) -> str | None:
        """An answer the rules give without asking (not a forced single action), or ``None``."""
        return None

    def expand(self, view: V, text: str) -> str:
        """The action the person typed as ``text``, as the game's parser is to read it: a
        word the REPL answers for the game from the view (Minchiate's ``discard auto``: the
        cards the ``basic`` player would discard). Default: ``text`` unchanged."""
        return text

    def safeguard(self, view: V, action: A) -> str | None:
        """A warning that refuses ``action`` once (typing it again accepts it), or ``None``."""
        return None

    def story_start(self, events: Sequence[Event]) -> int:
        """Where the story of the present moment begins in the seat's visible ``events``:
        narrated when a replayed game opens. Default: the last :data:`STORY_EVENTS` events."""
        return max(0, len(events) - STORY_EVENTS)

    def round_end(self, view: V) -> RenderableType:
        """A break between rounds or deals of a match (``state.at_break``)."""
        return Text("The round is over.")

    def round_summary(self, view: V) -> RenderableType:
        """One line for a finished round (``watch``); default :meth:`round_end`."""
        return self.round_end(view)

    def is_out(self, view: V) -> bool:
        """Whether the viewer's seat is out of the match (only where :attr:`players_go_out`):
        the REPL then offers ``watch`` (the match on to its end, a line a round, with
        :meth:`round_summary`) and ``finish`` (to its end)."""
        return False


__all__ = [
    "HINT_HELP",
    "STORY_EVENTS",
    "TABLE_HELP",
    "Completion",
    "GameCommand",
    "GameControl",
    "GameUI",
    "Switch",
    "Verb",
]
