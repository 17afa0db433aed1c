"""What a game provides to the REPL: its ``repl`` module's ``UI`` object.

The REPL core never names a game's verbs, cards, rules, commands or settings; it asks the
game's UI, which works on the view of the seat at the table (``state.view(seat)``, never the
state: design.md rule 5). A game package adds a module ``repl.py`` with ``UI``, an object of
the shape of :class:`GameUI`. The game does not import the REPL: the protocol is structural,
and the REPL reads every optional attribute with a default (:class:`Hook`), so an older hook
keeps working when an attribute is added here.

Required: ``actions``, ``intro``, ``status``, ``table``, ``hand``, ``prompt``,
``legal_verbs``, ``choices``, ``complete``, ``describe``, ``hint``, ``narrate``,
``log_lines``, ``outcome``.

Optional (default in brackets): ``has_breaks`` [False], ``has_ambiguous_plays`` [False],
``auto_answer`` [None], ``safeguard`` [None], ``story_start`` [the last
:data:`STORY_EVENTS` events], ``round_end`` [``"The round is over."``], ``round_summary``
[``round_end``], ``commands`` [none], ``settings`` [none], ``table_help``
[:data:`TABLE_HELP`], ``hint_help`` [:data:`HINT_HELP`].

Action texts are the game's canonical action texts (what ``state.parse_action`` reads and a
save records); the REPL applies them through ``state.parse_action`` and ``state.apply``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rich.console import RenderableType
from rich.text import Text

from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Completion as Completion  # re-exported

#: The default help of ``table`` and ``hint`` (a game gives its own as ``table_help`` and
#: ``hint_help``).
TABLE_HELP = "Show the table: every seat and what lies in view."
HINT_HELP = "Suggest a move (the basic computer player's choice for your seat)."
#: How many of the last visible events a resumed game tells again when the game's hook has no
#: ``story_start``.
STORY_EVENTS = 8


class ActionVerb(Protocol):
    """A game action verb for the REPL's command registry (help, completion, toolbar)."""

    @property
    def verb(self) -> str: ...

    @property
    def usage(self) -> str: ...

    @property
    def help(self) -> str: ...

    @property
    def short(self) -> str:
        """A few words for the completion menu, e.g. ``"claim the public card"``."""

    @property
    def aliases(self) -> tuple[str, ...]: ...


class Candidate(Protocol):
    """A completion candidate: the word to insert and a short description."""

    @property
    def text(self) -> str: ...

    @property
    def meta(self) -> str: ...


class GameControl(Protocol):
    """What the REPL hands a game's own commands (:class:`GameCommand`): the human's side of
    the table and a way to let the game move on. Seat numbers are those of the engine; the
    human is seat 0."""

    @property
    def view(self) -> Any:
        """The human seat's view now (``state.view(0)``)."""

    @property
    def events(self) -> Sequence[Event]:
        """The events the human has seen (``state.visible_events(0)``); do not change it."""

    @property
    def settings(self) -> Mapping[str, bool]:
        """The values of the game's settings (:class:`Setting`), by name."""

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
        does not decide; returns what to show (rich renderables and the REPL's own lines, for
        the handler to return as they are, in part or not at all). Standing at a break, the
        next round starts first. ``through_breaks``: go on past later breaks (else stop at the
        next one). ``summary``: one line per finished round (the
        hook's ``round_summary``) instead of the narration of every event. The outcome of a
        finished match is shown by the REPL after the command, whatever the handler returns;
        saves with ``--save`` follow as after any command."""


class GameCommand(Protocol):
    """A REPL command a game adds (e.g. ``watch``, ``finish``, ``score``). Its verb and
    aliases must not be those of another command (the REPL refuses to start otherwise)."""

    @property
    def verb(self) -> str: ...

    @property
    def usage(self) -> str:
        """``"watch"``, ``"score [SEAT]"``: anything after the verb means it takes words."""

    @property
    def help(self) -> str: ...

    @property
    def short(self) -> str:
        """A few words for the completion menu."""

    @property
    def aliases(self) -> tuple[str, ...]: ...

    def available(self, control: GameControl) -> bool:
        """Whether the command is offered now (help, completion, toolbar) and may be used:
        typed when not available, it is refused with its help."""

    def handler(self, control: GameControl, args: str) -> Sequence[Any]:
        """Run the command with the text after the verb; returns what to show (rich
        renderables, and anything ``play_on`` returned; never prints). A
        :class:`~cardavia_cli.engine.errors.CardaviaError` raised becomes one line."""


class Setting(Protocol):
    """An on/off setting of a game (e.g. Guandan ``autopass``, Minchiate ``autoplay``): the
    REPL registers ``NAME [on|off]`` (bare ``NAME`` shows the value). Settings live in the
    session, never in saves."""

    @property
    def name(self) -> str: ...

    @property
    def help(self) -> str: ...

    @property
    def default(self) -> bool: ...

    @property
    def controls_forced(self) -> bool:
        """When true and the setting is off, the human's forced answers (the only legal
        action, and the hook's ``auto_answer``) are not applied automatically: the human
        types them."""


class GameUI(Protocol):
    """The REPL hook of one game (required part). ``view`` is always the human seat's view.
    The optional attributes are listed in the module docstring and read through
    :class:`Hook`."""

    @property
    def actions(self) -> Sequence[ActionVerb]:
        """The game's action verbs, in the order help lists them."""

    def intro(self, view: Any, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """A few lines at the start of a deal or match: the game, where it comes from
        (``origin``: ``"seed 7"``, ``"deck from deal.toml"``), the dealer, the opponents."""

    def status(self, view: Any) -> RenderableType:
        """Shown before each decision: the table, the hand, and the legal choices (and the
        forced answer that waits to be typed when a setting holds it)."""

    def table(self, view: Any) -> RenderableType:
        """The public table (``table`` command)."""

    def hand(self, view: Any) -> RenderableType:
        """The seat's own hand (``hand`` command)."""

    def prompt(self, view: Any) -> str:
        """A short prompt for a terminal, e.g. ``"wP > "``."""

    def legal_verbs(self, view: Any) -> list[str]:
        """The action verbs that have a legal use now, in :attr:`actions` order."""

    def choices(self, view: Any) -> list[str]:
        """The answers the status lists with numbers (typing ``N`` means the N-th), or ``[]``."""

    def complete(self, view: Any, verb: str, args: Sequence[str]) -> Sequence[Candidate]:
        """Candidates for the next word of ``verb`` after the complete words ``args``."""

    def describe(self, view: Any, action: Any) -> str:
        """A short description of an action of the seat to act, for ``hint`` and ``auto``."""

    def hint(self, view: Any, suggestion: Any) -> RenderableType:
        """The ``hint`` answer: the suggested action and what helps judge the hand."""

    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """Short lines for ``events[start:]`` (the seat's visible events; earlier ones are
        context). ``forced`` holds indexes (in ``events``) of the first event caused by each
        of the seat's own answers given without asking (forced, or given by the rules)."""

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event of ``events`` (the seat's visible events), for ``log``;
        ``forced`` as for :meth:`narrate`. A game may fold several events into one line (its
        own answers given without asking into the line of what they answer): ``log`` numbers
        lines."""

    def outcome(self, view: Any, outcome: Outcome) -> RenderableType:
        """The end of the deal or match: winner, score, the winning hand."""


class Hook:
    """A game's UI with every optional attribute filled in by its default (module
    docstring). The REPL uses only this; the required part is passed through."""

    def __init__(self, ui: Any) -> None:
        self.ui = ui
        self.actions: Sequence[ActionVerb] = tuple(ui.actions)
        self.has_breaks = bool(getattr(ui, "has_breaks", False))
        self.has_ambiguous_plays = bool(getattr(ui, "has_ambiguous_plays", False))
        self.commands: tuple[GameCommand, ...] = tuple(getattr(ui, "commands", ()) or ())
        self.settings: tuple[Setting, ...] = tuple(getattr(ui, "settings", ()) or ())
        self.table_help: str = getattr(ui, "table_help", None) or TABLE_HELP
        self.hint_help: str = getattr(ui, "hint_help", None) or HINT_HELP

    def __getattr__(self, name: str) -> Any:
        # the required part, and anything a test asks of the game's own object
        if name == "ui":
            raise AttributeError(name)
        return getattr(self.ui, name)

    # -- optional methods ------------------------------------------------------------------
    def auto_answer(self, view: Any) -> str | None:
        """An answer the rules give without asking (not a forced single action), or ``None``."""
        fn = getattr(self.ui, "auto_answer", None)
        return fn(view) if fn is not None else None

    def safeguard(self, view: Any, action: Any) -> str | None:
        """A warning that refuses ``action`` once (typing it again accepts it), or ``None``."""
        fn = getattr(self.ui, "safeguard", None)
        return fn(view, action) if fn is not None else None

    def story_start(self, events: Sequence[Event]) -> int:
        """Where the story of the present moment begins in the seat's visible ``events`` (e.g.
        the draw of the current public card): narrated when a replayed game opens. Default:
        the last :data:`STORY_EVENTS` events."""
        fn = getattr(self.ui, "story_start", None)
        if fn is not None:
            return max(0, min(int(fn(events)), len(events)))
        return max(0, len(events) - STORY_EVENTS)

    def round_end(self, view: Any) -> RenderableType:
        """A break between rounds or deals of a match (``state.at_break``)."""
        fn = getattr(self.ui, "round_end", None)
        return fn(view) if fn is not None else Text("The round is over.")

    def round_summary(self, view: Any) -> RenderableType:
        """One line for a finished round (``play_on(summary=True)``); default
        :meth:`round_end`."""
        fn = getattr(self.ui, "round_summary", None)
        return fn(view) if fn is not None else self.round_end(view)


def load_ui(game: str) -> GameUI:
    """The ``UI`` of the registered game's ``repl`` module (``<package>.repl``); raises
    ``UnknownNameError`` for an unknown game or a game that has no REPL hook."""
    from cardavia_cli.games import game_module

    name = f"{game_module(game)}.repl"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise UnknownNameError(f"{game} cannot be played in the REPL yet") from None
    ui: GameUI = module.UI
    return ui
