"""What a game provides to the REPL: its ``repl`` module's ``UI`` object.

The REPL core never names a game's verbs, cards or rules; it asks the game's UI, which works on
the view of the seat at the table (``state.view(seat)``, never the state: design.md rule 5).
A game package ``cardavia_cli.games.<name>`` adds a module ``repl.py`` with ``UI``, an object
of this shape. The game does not import the REPL: the protocol is structural.

Action texts are the game's canonical action texts (what ``state.parse_action`` reads and a
save records); the REPL applies them through ``state.parse_action`` and ``state.apply``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from rich.console import RenderableType

from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.game import Event, Outcome


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


class Completion(NamedTuple):
    """The REPL's own completion candidates (a :class:`Candidate`)."""

    text: str
    meta: str = ""


class GameUI(Protocol):
    """The REPL hook of one game. ``view`` is always the human seat's view."""

    @property
    def actions(self) -> Sequence[ActionVerb]:
        """The game's action verbs, in the order help lists them."""

    @property
    def has_breaks(self) -> bool:
        """Whether the game pauses between rounds or deals of a match (then the REPL offers
        ``next``)."""

    @property
    def has_ambiguous_plays(self) -> bool:
        """Whether a play can have several readings to choose from by number (then the REPL
        offers ``cancel``)."""

    def intro(self, view: Any, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """A few lines at the start of a deal: the game, where the deal comes from
        (``origin``: ``"seed 7"``, ``"deck from deal.toml"``), the dealer, the opponents."""

    def status(self, view: Any) -> RenderableType:
        """Shown before each decision: the table, the hand, and the legal choices."""

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

    def auto_answer(self, view: Any) -> str | None:
        """An answer the rules give without asking (not a forced single action), or ``None``."""

    def safeguard(self, view: Any, action: Any) -> str | None:
        """A warning that refuses ``action`` once (typing it again accepts it), or ``None``."""

    def describe(self, view: Any, action: Any) -> str:
        """A short description of an action of the seat to act, for ``hint`` and ``auto``."""

    def hint(self, view: Any, suggestion: Any) -> RenderableType:
        """The ``hint`` answer: the suggested action and what helps judge the hand."""

    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """Short lines for ``events[start:]`` (the seat's visible events; earlier ones are
        context). ``forced`` holds indexes of the seat's own answers given without asking
        (forced, or given by the rules)."""

    def story_start(self, events: Sequence[Event]) -> int:
        """Where the story of the present moment begins in the seat's visible ``events``
        (e.g. the draw of the current public card): narrated when a replayed game opens."""

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event of ``events`` (the seat's visible events), for ``log``;
        ``forced`` as for :meth:`narrate`."""

    def outcome(self, view: Any, outcome: Outcome) -> RenderableType:
        """The end of the deal or match: winner, score, the winning hand."""

    def round_end(self, view: Any) -> RenderableType:
        """A break between rounds or deals of a match (``state.at_break``)."""


def load_ui(game: str) -> GameUI:
    """The ``UI`` of ``cardavia_cli.games.<game>.repl``; raises
    :class:`~cardavia_cli.engine.errors.UnknownNameError` (a ``CardaviaError`` and a
    ``KeyError``) for a game that has no REPL hook."""
    name = f"cardavia_cli.games.{game}.repl"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise UnknownNameError(f"{game} cannot be played in the REPL yet") from None
    ui: GameUI = module.UI
    return ui
