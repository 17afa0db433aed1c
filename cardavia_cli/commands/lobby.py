"""The lobby: ``cardavia`` alone on a terminal (cli.md): pick a game, resume a save, or see the
scores, for every registered game with no per-game code.

:func:`run_lobby` is the entry point; it reads commands from any
:class:`~cardavia_cli.repl.reader.Reader` (a prompt with completion on a terminal, a list of
lines in the tests) and prints on a console. Commands:

* ``games`` lists the registered games, numbered, with their titles; ``play GAME [SEED]`` (or
  the game's number, or its name alone) starts a deal or match in the REPL;
* ``saves`` lists the saves, the most recent first, numbered, the finished ones marked;
  ``resume [NAME]`` (or ``resume N``, a number in that list) continues one, by default the
  most recent unfinished one;
* ``scores [GAME]`` shows the per-game summaries of the scores ledger;
* ``help``, ``quit`` (also ``exit``; Ctrl-D leaves too; Ctrl-C cancels the line).

When a game's REPL ends (``quit``), the lobby takes over again. Bad input gets one line and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.completion import Completion as PTCompletion
from prompt_toolkit.document import Document
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import N_, _, ngettext
from cardavia_cli.engine.interface import Completion
from cardavia_cli.engine.numbers import parse_int, parse_seed
from cardavia_cli.repl.commands import Registry
from cardavia_cli.repl.output import Note, Problem, Reply
from cardavia_cli.repl.reader import take_warning
from cardavia_cli.repl.render import Renderer
from cardavia_cli.repl.words import typed_line

if TYPE_CHECKING:
    from rich.console import Console

    from cardavia_cli.repl.reader import Reader

#: How many saves the lobby lists.
SAVES_SHOWN = 10


#: The lobby's commands, in the REPL's registry (:class:`~cardavia_cli.repl.commands.Registry`):
#: help, usage checks and completion come from it, as in a game's REPL. Handlers take the
#: :class:`Lobby` and the words after the verb.
LOBBY = Registry()


def _complete_games(lobby: Any, args: Sequence[str]) -> list[Completion]:
    return [Completion(name, _(title)) for name, title in games()] if not args else []


def _complete_saves(lobby: Any, args: Sequence[str]) -> list[Completion]:
    from cardavia_cli.engine.saves import resume_name

    try:
        return [Completion(resume_name(p)) for p in saves()] if not args else []
    except CardaviaError:
        return []


@LOBBY.command(
    "play",
    usage="play GAME [SEED] [LEVEL]",
    help=N_(
        "Play a game (its name or number) in the REPL against computer players of LEVEL "
        "(asked on a terminal when not given; strong by default)."
    ),
    short=N_("play a game"),
    complete=_complete_games,
)
def _play(lobby: Any, args: str) -> Reply:
    return lobby.play(args.split())


@LOBBY.command("games", help=N_("List the games."), short=N_("list the games"))
def _games(lobby: Any, args: str) -> Reply:
    return lobby.list_games()


@LOBBY.command(
    "resume",
    usage="resume [NAME]",
    help=N_("Continue a save (its name or number; default the latest unfinished one)."),
    short=N_("continue a save"),
    complete=_complete_saves,
)
def _resume(lobby: Any, args: str) -> Reply:
    return lobby.resume(args.split())


@LOBBY.command(
    "saves",
    help=N_("List the saves, the most recent first."),
    short=N_("list the saves, the most recent first"),
)
def _saves(lobby: Any, args: str) -> Reply:
    return lobby.list_saves()


@LOBBY.command(
    "scores",
    usage="scores [GAME]",
    help=N_("Your results per game."),
    short=N_("your results per game"),
    complete=_complete_games,
)
def _scores(lobby: Any, args: str) -> Reply:
    words = args.split()
    if len(words) > 1:
        return [Problem(_("usage: {usage}").format(usage="scores [GAME]"))]
    return lobby.scores(lobby.game_named(words[0]) if words else None)


@LOBBY.command("help", aliases=("?",), help=N_("List the commands."), short=N_("list the commands"))
def _help(lobby: Any, args: str) -> Reply:
    return lobby.help()


@LOBBY.command("quit", aliases=("exit",), help=N_("Leave cardavia."), short=N_("leave cardavia"))
def _quit(lobby: Any, args: str) -> Reply:
    lobby.done = True
    return [Note(_("Goodbye."))]


def games() -> list[tuple[str, str]]:
    """The registered games as ``(name, title)``, in registration order."""
    from cardavia_cli.games import GAMES

    return list(GAMES.items())


def saves() -> list[Path]:
    """The saves in the saves folder, the most recent first."""
    from cardavia_cli.engine.saves import save_files

    return save_files()


class Lobby:
    """The lobby's state and commands. ``play`` and ``resume`` are called to run a game's REPL
    (``play(game, seed, reader, console)``, ``resume(path, reader, console)``; defaults: the
    REPL of :mod:`.play`) and return its exit code."""

    def __init__(
        self,
        console: Console,
        *,
        play: Callable[[str, int | None, Any, Any, str | None], int] | None = None,
        resume: Callable[[Path, Any, Any], int] | None = None,
    ) -> None:
        self.console = console
        self.renderer = Renderer(console)
        self._play = play or _play_game
        self._resume = resume or _resume_game
        self.reader: Reader | None = None
        self.done = False

    # -- what is shown -------------------------------------------------------------------------
    def welcome(self) -> Reply:
        """The lobby's first screen: the games and the latest saves."""
        out: Reply = [Note(Text("cardavia", style="bold")), *self.list_games()]
        try:
            if saves():
                out.extend(self.list_saves(limit=3))
        except CardaviaError as exc:  # a saves folder that cannot be read: said, not fatal
            out.append(Problem(str(exc)))
        out.append(
            Note(
                _(
                    "Type a game's number or play GAME; resume continues the latest unfinished "
                    "save; scores; help; quit. Tab completes."
                ),
                style="dim",
            )
        )
        return out

    def list_games(self) -> Reply:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", style="bold")
        grid.add_column(no_wrap=True)
        grid.add_column()
        for i, (name, title) in enumerate(games(), 1):
            grid.add_row(str(i), name, _(title))
        return [Note(_("Games:")), grid]

    def list_saves(self, limit: int = SAVES_SHOWN) -> Reply:
        from cardavia_cli.commands.common import literal
        from cardavia_cli.commands.saves import describe

        files = saves()
        if not files:
            return [Note(_("No saves yet: type save in a game, or play with --save NAME."))]
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", style="bold")
        grid.add_column(no_wrap=True)
        grid.add_column()
        for i, path in enumerate(files[:limit], 1):
            info = describe(path)
            if info["error"] is not None:
                where = _("unreadable: {problem}").format(problem=info["error"])
            elif info["finished"]:
                where = _("finished: {state}").format(state=info["state"])
            else:
                where = str(info["state"])
            line = _("{game}, {where}").format(game=info["game"] or "?", where=where)
            grid.add_row(str(i), literal(info["name"]), literal(line))
        more = len(files) - limit
        out: Reply = [Note(_("Saves (the most recent first; resume N continues one):")), grid]
        if more > 0:
            out.append(
                Note(
                    ngettext(
                        "... and {n} more (type saves)", "... and {n} more (type saves)", more
                    ).format(n=more),
                    style="dim",
                )
            )
        return out

    def scores(self, game: str | None) -> Reply:
        from cardavia_cli.commands.scores import summary_table
        from cardavia_cli.engine.ledger import Ledger, ledger_path, no_ledger, summaries
        from cardavia_cli.games import load_game

        if game is not None:
            load_game(game)
        path = ledger_path()
        if no_ledger(path):
            return [Note(_("No finished deals or matches yet."))]
        with Ledger(path) as ledger:
            sums = summaries(ledger.entries(game, None, None))
        if not sums:
            return [Note(_("No finished deals or matches yet."))]
        return [summary_table(sums)]

    def help(self) -> Reply:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for c in LOBBY:
            if c.aliases:
                text = _("{help} (also {aliases})").format(
                    help=_(c.help), aliases=", ".join(c.aliases)
                )
            else:
                text = _(c.help)
            grid.add_row(c.usage, text)
        return [grid, Note(_("A number alone plays that game."), style="dim")]

    # -- running -------------------------------------------------------------------------------
    def game_named(self, word: str) -> str:
        """A game by name (any case) or by its number in :func:`games`; raises
        ``CardaviaError`` naming the games."""
        listed = games()
        number = parse_int(word)
        if number is not None:
            if 1 <= number <= len(listed):
                return listed[number - 1][0]
            raise CardaviaError(_("choose a game from 1 to {n}").format(n=len(listed)))
        low = word.lower()
        for name, _title in listed:
            if name == low:
                return name
        known = ", ".join(name for name, _title in listed)
        raise CardaviaError(
            _("unknown game {word} (games: {games})").format(word=repr(word), games=known)
        )

    def execute(self, line: str) -> Reply:
        """Run one lobby command; never raises for bad input."""
        line = typed_line(line)
        words = line.split()
        if not words:
            return []
        head, rest = words[0], line.strip()[len(words[0]) :].strip()
        try:
            cmd = LOBBY.lookup(head)
            if cmd is None:
                if parse_int(head) is not None or head.lower() in dict(games()):
                    return self.play(words)
                return [
                    Problem(
                        _("unknown command {word}: type help for the commands").format(
                            word=repr(head)
                        )
                    )
                ]
            if rest and not cmd.takes_args:
                return [cmd.usage_problem()]
            return cmd.handler(self, rest)  # type: ignore[arg-type]
        except CardaviaError as exc:
            return [Problem(str(exc))]
        except OSError as exc:
            return [Problem(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))]

    def play(self, args: list[str]) -> Reply:
        """``play GAME [SEED] [LEVEL]``: a new game; the level of the computer players is
        asked on a terminal when not given (Enter: the default level), never in a pipe."""
        from cardavia_cli.games import load_game

        if not args:
            return [Problem(_("play which game? type its name or number (games lists them)"))]
        if len(args) > 3:
            return [Problem(_("usage: {usage}").format(usage="play GAME [SEED] [LEVEL]"))]
        game = self.game_named(args[0])
        levels = [lv for lv in load_game(game).agents]
        seed = level = None
        for word in args[1:]:
            if word.lower() in levels and level is None:
                level = word.lower()
                continue
            number = parse_seed(word)
            if number is None or seed is not None:
                return [
                    Problem(
                        _(
                            "{word} is neither a seed (a whole number, 0 or more) nor a level "
                            "({levels})"
                        ).format(word=repr(word), levels=", ".join(levels))
                    )
                ]
            seed = number
        if level is None and self.reader is not None and self.reader.interactive:
            asked = self._ask_level(game, levels)
            if isinstance(asked, Problem):
                return [asked]
            level = asked
        self._play(game, seed, self._game_reader(), self.console, level)
        return [Note(_("Back in the lobby (help lists the commands)."), style="dim")]

    def _ask_level(self, game: str, levels: list[str]) -> str | Problem | None:
        """The level typed at the question (its name or number; Enter: the default), asked
        again after anything else; Ctrl-C or Ctrl-D cancel (a problem)."""
        from cardavia_cli.commands.play import default_level

        assert self.reader is not None
        default = default_level(game)
        listed = ", ".join(f"{i}) {lv}" for i, lv in enumerate(levels, 1))
        while True:
            try:
                question = _("computer players: {levels} [{default}] > ").format(
                    levels=listed, default=default
                )
                answer = self.reader.read(question).strip()
            except (KeyboardInterrupt, EOFError):
                return Problem(_("cancelled: no game started"))
            if not answer:
                return None
            number = parse_int(answer)
            if number is not None and 1 <= number <= len(levels):
                return levels[number - 1]
            if answer.lower() in levels:
                return answer.lower()
            if number is not None:  # a number off the menu is no unknown name
                said = _(
                    "there is no choice {n}: type a number from 1 to {last}, or a level's name "
                    "({levels})"
                ).format(n=number, last=len(levels), levels=", ".join(levels))
            else:
                said = _("unknown level {answer}: choose one of {levels}").format(
                    answer=repr(answer), levels=", ".join(levels)
                )
            self.renderer.show([Problem(said)])

    def resume(self, args: list[str]) -> Reply:
        """``resume [NAME|N]``: continue a save; without a name the most recent unfinished
        one."""
        from cardavia_cli.engine.saves import latest_unfinished, save_path
        from cardavia_cli.games import load_game

        if len(args) > 1:
            return [Problem(_("usage: {usage}").format(usage="resume [NAME]"))]
        files = saves()
        if not args:
            if not files:
                return [Problem(_("there are no saves yet"))]
            latest = latest_unfinished(lookup=load_game)
            if latest is None:
                return [
                    Problem(
                        _(
                            "every save is finished or unreadable: resume one by its name or "
                            "number, or play a new game"
                        )
                    )
                ]
            path = latest
        else:
            number = parse_int(args[0])
            if number is not None and not save_path(args[0]).exists():
                if not 1 <= number <= len(files):
                    return [
                        Problem(
                            ngettext(
                                "there are {n} saves: choose 1 to {n}",
                                "there are {n} saves: choose 1 to {n}",
                                len(files),
                            ).format(n=len(files))
                        )
                    ]
                path = files[number - 1]
            else:
                path = save_path(args[0])
                if not path.is_file():
                    names = ", ".join(p.stem for p in files[:SAVES_SHOWN]) or _("none yet")
                    return [
                        Problem(
                            _("no save named {name} (saves: {names})").format(
                                name=repr(args[0]), names=names
                            )
                        )
                    ]
        self._resume(path, self._game_reader(), self.console)
        return [Note(_("Back in the lobby (help lists the commands)."), style="dim")]

    def _game_reader(self) -> Reader | None:
        """The reader a game's REPL reads from: the lobby's own, except a terminal prompt
        (the game makes its own, with its completion)."""
        from cardavia_cli.repl.reader import PromptReader

        if self.reader is None or isinstance(self.reader, PromptReader):
            return None
        return self.reader

    def run(self, reader: Reader) -> int:
        """Read and run lobby commands until ``quit`` or the end of input; returns 0."""
        self.reader = reader
        self.renderer.pager = reader.interactive
        self.renderer.show(self.welcome())
        warning = take_warning(reader)
        if warning is not None:
            self.renderer.show([Problem(warning)])
        while not self.done:
            try:
                line = reader.read("cardavia > ")
            except EOFError:
                break
            except KeyboardInterrupt:
                continue
            self.renderer.show(self.execute(line))
        return 0


def complete_lobby(text: str) -> tuple[str, list[str]]:
    """The word being completed at the end of ``text`` and its candidates: commands and game
    names first, then what the command completes (games after ``play`` and ``scores``, save
    names after ``resume``)."""
    prefix, candidates = _candidates(text)
    return prefix, [c.text for c in candidates]


def _candidates(text: str) -> tuple[str, list[Completion]]:
    words = text.split()
    prefix = words.pop() if text and not text[-1].isspace() and words else ""
    if not words:
        found = [Completion(c.verb, _(c.meta)) for c in LOBBY] + _complete_games(None, [])
    else:
        cmd = LOBBY.lookup(words[0])
        complete = cmd.complete if cmd is not None else None
        found = list(complete(None, words[1:])) if complete is not None else []  # type: ignore[arg-type]
    low = prefix.lower()
    return prefix, [c for c in found if c.text.lower().startswith(low)]


class LobbyCompleter(Completer):
    """prompt_toolkit completer over the lobby's registry (:func:`complete_lobby`)."""

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[PTCompletion]:
        prefix, candidates = _candidates(document.text_before_cursor)
        for cand in candidates:
            yield PTCompletion(
                cand.text + " ",
                start_position=-len(prefix),
                display=cand.text,
                display_meta=cand.meta or None,
            )


def _play_game(
    game: str, seed: int | None, reader: Any, console: Any, level: str | None = None
) -> int:
    from cardavia_cli.commands.play import start

    return start(
        game,
        seed=seed,
        deal_path=None,
        ai=level,
        save=None,
        reader=reader,
        out=console,
        farewell=False,
    )


def _resume_game(path: Path, reader: Any, console: Any) -> int:
    from cardavia_cli.commands.play import resume

    return resume(path, reader, console, farewell=False)


def run_lobby(reader: Reader | None = None, console: Console | None = None) -> int:
    """The lobby: reads from ``reader`` (default: a prompt with completion and history on a
    terminal, else standard input) and prints on ``console`` (default: standard output).
    Returns the exit code (0)."""
    from cardavia_cli.commands.common import HISTORY, home
    from cardavia_cli.commands.common import console as make_console

    if reader is None:
        from cardavia_cli.repl.reader import make_reader

        reader = make_reader(home() / HISTORY, LobbyCompleter())
    lobby = Lobby(console if console is not None else make_console())
    return lobby.run(reader)
