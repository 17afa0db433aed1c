"""What the human has been told (cli.md "The REPL"): the narration of the events the human
sees, the marks on the human's answers given without asking, and ``log``.

The marks are derived from the state's history, for any game: a record of the human with
``forced`` set (the only legal action) or given by the hook's ``auto_answer`` is marked at the
first event it caused, as an index in the human's visible events (``Record.event_index`` is an
index in the whole log; :meth:`Narrator.visible_index` maps it). A forced answer the human
typed because a setting held it is not marked. Answers given by ``auto_answer`` are known only
in the session that gave them: a resumed game marks the forced ones.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.game import Event, GameState
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.repl.output import Note, Reply

#: The human's seat (cli.md: you at seat 0 against three computer players).
HUMAN = 0


class Narrator:
    """The story of one game state as told to the human at :data:`HUMAN`.

    ``seen`` is how many of the human's visible events have been told. A new deal or match
    gets a new narrator.
    """

    def __init__(self, ui: GameUI, state: GameState, *, seat: int = HUMAN) -> None:
        self.ui = ui
        self.state = state
        self.seat = seat
        self.seen = 0
        self._typed: set[int] = set()
        self._given: set[int] = set()
        self._marks: set[int] = set()
        self._scanned = 0
        self._prefix: list[int] = [0]

    # -- marks ---------------------------------------------------------------------------------
    def typed_forced(self, record_index: int) -> None:
        """The human typed the forced answer that will be record ``record_index`` (a setting
        held it): it is not marked."""
        self._typed.add(record_index)

    def given(self, record_index: int) -> None:
        """Record ``record_index`` will be an answer the hook's ``auto_answer`` gave."""
        self._given.add(record_index)

    def visible_index(self, event_index: int) -> int:
        """The index in the human's visible events of the first of them at or after
        ``event_index`` in the whole log (the number the human saw before it)."""
        events = self.state.events
        prefix = self._prefix
        for i in range(len(prefix) - 1, min(event_index, len(events))):
            prefix.append(prefix[-1] + (1 if events[i].visible_to(self.seat) else 0))
        return prefix[min(event_index, len(prefix) - 1)]

    def forced(self) -> frozenset[int]:
        """The marks: indexes in the human's visible events where an answer of the human given
        without asking begins."""
        history = self.state.history
        for i in range(self._scanned, len(history)):
            record = history[i]
            if record.seat != self.seat or record.event_index < 0:
                continue
            if (record.forced and i not in self._typed) or i in self._given:
                self._marks.add(self.visible_index(record.event_index))
        self._scanned = len(history)
        return frozenset(self._marks)

    # -- telling -------------------------------------------------------------------------------
    def events(self) -> list[Event]:
        """The human's visible events (the state's cached list: do not change it)."""
        return self.state.visible_events(self.seat)

    def start_story(self) -> None:
        """A replayed game opens: tell again only the story of the present moment (the hook's
        ``story_start``)."""
        events = self.events()
        self.seen = max(0, min(int(self.ui.story_start(events)), len(events)))

    def narrate(self) -> Reply:
        """Lines for the human's visible events since the last call."""
        events = self.events()
        if len(events) <= self.seen:
            return []
        lines = self.ui.narrate(events, self.seen, self.seat, self.forced())
        self.seen = len(events)
        return list(lines)

    def skip(self) -> None:
        """Count every event so far as told (a summary stands for them)."""
        self.seen = len(self.events())

    def log(self, last: int | None = None, *, raw: bool = False) -> Reply:
        """The human's view of the event log, told in words (or, ``raw``, each event's line as
        the human sees it: the public line and the human's private details), numbered; all of
        it or the ``last`` lines. A game may tell several events in one line (its hook's
        ``log_lines`` folds them), so the lines are numbered, not the events."""
        events = self.events()
        if not events:
            return [Note(_("The log is empty."))]
        if raw:
            lines: list[Any] = [Text(e.line_for(self.seat)) for e in events]
        else:
            lines = list(self.ui.log_lines(events, self.seat, self.forced()))
        start = 0 if last is None else max(0, len(lines) - last)
        lines = lines[start:]
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="dim", no_wrap=True)
        grid.add_column()
        for i, line in enumerate(lines, start):
            grid.add_row(str(i + 1), line)
        return [grid]
