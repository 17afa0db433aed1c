"""Every view of every game rendered at a given width, for the layout tests (not a test module).

:func:`positions` plays a game's first deal or round with the ``basic`` player at every seat
and keeps three moments of it: the human's first decision (``early``), the human's last
decision before the deal or round ends (``late``), and the break or end that follows
(``end``). :func:`game_views` gives, for one such moment, what the REPL shows (the status,
``table``, ``hand``, ``hint``, ``log``, ``help``, the game's own commands such as Minchiate's
``score``, its settings, and the round's end or the outcome), each as the items of a reply;
:func:`lobby_views` the lobby's lists and the ``saves list`` and ``scores list`` tables.
:func:`render` prints items as a terminal of that width would show them, without colour.

:func:`split_words` and :func:`wrapped_headers` are the checks: a word of the text that is
not a word of the same items printed without a width limit was split across lines; a header
(a table's title or column heading, a one-line note) that fits the width must stay on one line.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.agents import decide, fallback_for
from cardavia_cli.engine.game import GameState
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, new_game_state
from cardavia_cli.repl.console import make_console
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.output import Note
from cardavia_cli.repl.render import Renderer
from cardavia_cli.repl.session import HUMAN, Session

#: The widths every view is checked at.
WIDTHS = (40, 80, 100)
#: Wide enough that nothing wraps: the "unwrapped" text.
UNBOUNDED = 2000
#: The seeds of the games played (one deal or round each).
SEEDS = {"sisepai": 3, "cucu": 1, "guandan": 3, "minchiate": 2}


@dataclass(frozen=True)
class Moment:
    """One moment of a game: its state and the name of the moment."""

    name: str
    state: GameState


def positions(game: str, seed: int) -> list[Moment]:
    """The human's first and last decisions of the first deal or round, and its end."""
    info = load_game(game)
    header = DealFile(game=game, seed=seed)
    state = new_game_state(header)
    agents = make_agents(info, ["basic"] * 4)
    fallback = fallback_for(info)
    decisions: list[GameState] = []
    while not state.is_over and not state.at_break:
        seat = state.to_act
        assert seat is not None
        if seat == HUMAN and state.forced_action() is None:
            decisions.append(state.copy())
        state.push(decide(state, agents[seat], fallback))
    assert decisions, f"{game} seed {seed}: the human never decides"
    return [
        Moment("early", decisions[0]),
        Moment("late", decisions[-1]),
        Moment("end", state),
    ]


def session_at(game: str, state: GameState, console: Any) -> Session:
    """A REPL session of ``game`` opened on ``state`` (the human at seat 0)."""
    header = DealFile(game=game, seed=state.seed)
    return Session(load_game(game), load_ui(game), header, state.copy(), console=console)


def game_views(game: str, state: GameState) -> dict[str, list[Any]]:
    """What the REPL shows at ``state``, by view name (each a list of reply items)."""
    session = session_at(game, state, make_console(file=io.StringIO(), terminal=False))
    ui = session.ui
    view = session.view()
    out: dict[str, list[Any]] = {
        "intro": [ui.intro(view, origin=f"seed {state.seed}", seats=session.header.seats)],
        "table": session.execute("table"),
        "hand": session.execute("hand"),
        "log": session.execute("log"),
        "help": session.execute("help"),
    }
    if session.human_to_act():
        out["status"] = list(session.before_prompt())
        out["hint"] = session.execute("hint")
    for command in ui.commands:
        out[command.verb] = session.execute(command.verb)
    for setting in ui.settings:
        out[setting.name] = session.execute(setting.name)
    if state.at_break:
        out["round end"] = [ui.round_end(view), ui.round_summary(view)]
    if state.is_over:
        outcome = state.result()
        assert outcome is not None
        out["outcome"] = [ui.outcome(view, outcome)]
    return out


def render(items: Iterable[Any], width: int) -> str:
    """``items`` printed on a terminal ``width`` columns wide, without colour."""
    out = io.StringIO()
    console = make_console(file=out, terminal=True, width=width)
    console.no_color = True
    console._color_system = None
    Renderer(console).show(items)
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue())


#: Box-drawing and the characters around cells: not part of any word.
_NOT_WORDS = re.compile(r"[\u2500-\u257f|+]")


def words(text: str) -> list[str]:
    """The words of ``text`` (runs of characters between spaces; box lines left out)."""
    return _NOT_WORDS.sub(" ", text).split()


def split_words(items: Sequence[Any], width: int) -> list[str]:
    """The words of ``items`` printed ``width`` columns wide that are not words of the same
    items printed without a width limit: pieces of words split across lines (or cut). The
    pieces of a word longer than ``width`` do not count: it cannot be kept whole."""
    whole = set(words(render(items, UNBOUNDED)))
    # a word longer than the line (a long path) can only be folded: its pieces are no fault
    too_long = [w for w in whole if len(w) > width]
    return [
        w
        for w in words(render(items, width))
        if w not in whole and not any(w in long for long in too_long)
    ]


def headers(items: Iterable[Any]) -> list[str]:
    """The headers among ``items``: table titles and column headings (in groups too), and
    notes and texts that head what follows (they end with ``:``)."""
    found: list[str] = []

    def walk(item: Any) -> None:
        if isinstance(item, Note) and str(item.text).rstrip().endswith(":"):
            found.append(str(item.text))
        elif isinstance(item, Table):
            if item.title is not None:
                found.append(str(item.title if isinstance(item.title, str) else item.title))
            found.extend(str(c.header) for c in item.columns if str(c.header).strip())
        elif isinstance(item, Group):
            for part in item.renderables:
                walk(part)
        elif isinstance(item, Text) and item.plain.rstrip().endswith(":"):
            found.append(item.plain)  # a heading of what follows
        elif hasattr(item, "layouts"):  # a Fit: its layouts' headers
            for layout in item.layouts:
                walk(layout)

    for item in items:
        walk(item)
    # a heading written on several lines is several headers, one a line
    lines = [line for h in found for line in h.splitlines()]
    return [" ".join(h.split()) for h in lines if h.strip()]


def wrapped_headers(items: Sequence[Any], width: int) -> list[str]:
    """The headers of ``items`` short enough for ``width`` that are not on one line of the
    items printed ``width`` columns wide (a header of one word cannot wrap)."""
    lines = [" ".join(line.split()) for line in render(items, width).splitlines()]
    return [
        h
        for h in headers(items)
        if " " in h and len(h) <= width and not any(h in line for line in lines)
    ]


def lobby_views(home: Any) -> dict[str, list[Any]]:
    """The lists of the lobby (games, saves, help, scores) and the tables of ``saves list``
    and ``scores list``, over the saves and scores in ``home`` (``CARDAVIA_HOME`` must name
    it)."""
    from cardavia_cli.commands.lobby import Lobby
    from cardavia_cli.commands.saves import describe, saves_table
    from cardavia_cli.commands.scores import finished_table, summary_table
    from cardavia_cli.engine.ledger import Ledger, ledger_path, summaries
    from cardavia_cli.engine.saves import save_files

    lobby = Lobby(make_console(file=io.StringIO(), terminal=False))
    with Ledger(ledger_path()) as ledger:
        entries = ledger.entries(None, None, None)
    return {
        "lobby welcome": lobby.welcome(),
        "lobby games": lobby.list_games(),
        "lobby saves": lobby.list_saves(),
        "lobby help": lobby.help(),
        "lobby scores": lobby.scores(None),
        "saves list": [saves_table([describe(p) for p in save_files()])],
        "scores list": [finished_table(entries), summary_table(summaries(entries))],
    }
