"""The REPL's command registry (design.md rule 7) and the interface commands.

Every command is registered once, with the :meth:`Registry.command` decorator: verb, aliases,
usage, help, a few words for the completion menu, an optional completer for its arguments and
an optional predicate saying when it is offered. Help, completion and the toolbar are
generated from the registry. A handler takes the session and the text after the verb and
**returns** a :data:`~.output.Reply`; it never prints. A command whose usage names no
arguments refuses any (the session checks that before calling it).

:data:`BUILTINS` holds the interface commands shared by every game (cli.md, "The REPL"):
``help hand table hint auto log rules save new next cancel quit``. ``next`` and ``cancel``
``need`` a feature of the game (breaks between rounds, plays with several readings) and are
left out for a game without it. A session adds the game's action verbs (from its UI hook) on
top, each handled by ``session.act``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.numbers import parse_int
from cardavia_cli.repl.hooks import Candidate, Completion
from cardavia_cli.repl.output import Note, Problem, Reply

if TYPE_CHECKING:
    from cardavia_cli.repl.session import Session

Handler = Callable[["Session", str], Reply]
ArgCompleter = Callable[["Session", Sequence[str]], Iterable[Candidate]]
Predicate = Callable[["Session"], bool]


@dataclass(frozen=True)
class Command:
    """One REPL command. ``action`` marks a game action verb (a decision of the game)."""

    verb: str
    handler: Handler
    help: str
    usage: str
    aliases: tuple[str, ...] = ()
    complete: ArgCompleter | None = None
    available: Predicate | None = None
    action: bool = False
    short: str = ""
    needs: str | None = None

    def is_available(self, session: Session) -> bool:
        """Whether the command is offered now (completion, toolbar); it may still be typed."""
        return self.available is None or self.available(session)

    @property
    def takes_args(self) -> bool:
        """Whether the usage names anything after the verb."""
        return len(self.usage.split()) > 1

    @property
    def meta(self) -> str:
        """The few words shown beside the verb in the completion menu."""
        if self.short:
            return self.short
        first = self.help.split(". ")[0].split(" (")[0].rstrip(".")
        return first[:1].lower() + first[1:]

    def usage_problem(self, what: str = "") -> Problem:
        """A refusal of the words after the verb, naming the usage."""
        if not what:
            what = (
                f"{self.verb} takes nothing after it"
                if not self.takes_args
                else f"{self.verb} does not take that"
            )
        return Problem(f"{what} (usage: {self.usage})")


class Registry:
    """Commands by verb and alias, in registration order.

    Raises ``ValueError`` when a verb or alias is registered twice.
    """

    def __init__(self, commands: Iterable[Command] = ()) -> None:
        self._commands: list[Command] = []
        self._names: dict[str, Command] = {}
        for cmd in commands:
            self.add(cmd)

    def add(self, cmd: Command) -> Command:
        """Register ``cmd``; returns it."""
        for name in (cmd.verb, *cmd.aliases):
            if name in self._names:
                raise ValueError(f"REPL command {name!r} is registered twice")
        self._commands.append(cmd)
        for name in (cmd.verb, *cmd.aliases):
            self._names[name] = cmd
        return cmd

    def command(
        self,
        verb: str,
        *,
        help: str,
        usage: str | None = None,
        short: str = "",
        aliases: Sequence[str] = (),
        complete: ArgCompleter | None = None,
        available: Predicate | None = None,
        needs: str | None = None,
    ) -> Callable[[Handler], Handler]:
        """Decorator registering a handler as the command ``verb``. ``needs`` names a game
        feature (``"breaks"``, ``"readings"``) without which the command is left out."""

        def decorate(handler: Handler) -> Handler:
            self.add(
                Command(
                    verb=verb,
                    handler=handler,
                    help=help,
                    usage=usage or verb,
                    aliases=tuple(aliases),
                    complete=complete,
                    available=available,
                    short=short,
                    needs=needs,
                )
            )
            return handler

        return decorate

    def lookup(self, word: str) -> Command | None:
        """The command named ``word`` (a verb or an alias, any case), or ``None``."""
        return self._names.get(word.lower())

    def __iter__(self) -> Iterator[Command]:
        return iter(self._commands)

    def extended(
        self, commands: Iterable[Command], features: Iterable[str] | None = None
    ) -> Registry:
        """A new registry: ``commands`` first, then this registry's commands; with
        ``features``, only the commands that need none or one of them."""
        mine = self._commands
        if features is not None:
            have = set(features)
            mine = [c for c in mine if c.needs is None or c.needs in have]
        return Registry([*commands, *mine])


BUILTINS = Registry()


# -- help ----------------------------------------------------------------------------------
def _complete_verbs(session: Session, args: Sequence[str]) -> Iterable[Completion]:
    if args:
        return []
    return [Completion(c.verb, c.meta) for c in session.registry]


@BUILTINS.command(
    "help",
    aliases=("?",),
    usage="help [COMMAND]",
    short="list the commands",
    help="List the commands, or explain one.",
    complete=_complete_verbs,
)
def _help(session: Session, args: str) -> Reply:
    words = args.split()
    if len(words) > 1:
        return [_usage("help", "help explains one command at a time")]
    if words:
        cmd = session.registry.lookup(words[0])
        if cmd is None:
            return [Problem(f"no command {words[0]!r}: type help for the list")]
        line = Text(cmd.usage, style="bold")
        line.append(f"  {cmd.help}")
        if cmd.aliases:
            line.append(f"  (also: {', '.join(cmd.aliases)})", style="dim")
        return [Note(line)]
    legal = set(session.legal_verbs())
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row(Text("Your moves", style="underline"), "")
    for cmd in session.registry:
        if cmd.action:
            mark = "" if cmd.verb in legal else "  (not now)"
            table.add_row(Text(cmd.usage), Text(cmd.help + mark))
    table.add_row("", "")
    table.add_row(Text("Other commands", style="underline"), "")
    for cmd in session.registry:
        if not cmd.action:
            alias = f" (also {', '.join(cmd.aliases)})" if cmd.aliases else ""
            table.add_row(Text(cmd.usage), Text(cmd.help + alias))
    tips = Text(
        "A number answers a numbered choice. Cards may be typed in any case or alias. "
        "Tab completes verbs and the cards that fit.",
        style="dim",
    )
    return [table, tips]


def _usage(verb: str, what: str) -> Problem:
    cmd = BUILTINS.lookup(verb)
    assert cmd is not None
    return cmd.usage_problem(what)


# -- looking --------------------------------------------------------------------------------
@BUILTINS.command("hand", short="show your hand", help="Show your hand.")
def _hand(session: Session, args: str) -> Reply:
    return [session.ui.hand(session.view())]


@BUILTINS.command(
    "table",
    short="show the table",
    help="Show the table: every seat, the public card, the stock, the dead pile.",
)
def _table(session: Session, args: str) -> Reply:
    return [session.ui.table(session.view())]


def _deciding(session: Session) -> bool:
    return session.human_to_act()


@BUILTINS.command(
    "hint",
    short="suggest a move",
    help="Suggest a move (the basic computer player's choice for your seat) and show your waits.",
    available=_deciding,
)
def _hint(session: Session, args: str) -> Reply:
    return session.hint()


def _complete_auto(session: Session, args: Sequence[str]) -> Iterable[Completion]:
    return [] if args else [Completion("all", "play the rest of the deal for you")]


@BUILTINS.command(
    "auto",
    usage="auto [all]",
    short="let the computer decide",
    help="Let the basic computer player make this decision for you; 'auto all' plays the rest "
    "of the deal for you.",
    complete=_complete_auto,
    available=_deciding,
)
def _auto(session: Session, args: str) -> Reply:
    words = args.split()
    if words and words != ["all"]:
        return [_usage("auto", f"auto takes nothing or 'all', not {args.strip()!r}")]
    return session.auto(every=bool(words))


def _complete_log(session: Session, args: Sequence[str]) -> Iterable[Completion]:
    return [] if args else [Completion("raw", "the canonical event lines")]


@BUILTINS.command(
    "log",
    usage="log [raw] [N]",
    short="what happened so far",
    help="Tell what you have seen happen so far, numbered (the last N events); 'log raw' "
    "shows the canonical event lines.",
    complete=_complete_log,
)
def _log(session: Session, args: str) -> Reply:
    words = args.split()
    raw = bool(words) and words[0].lower() == "raw"
    if raw:
        words = words[1:]
    last = parse_int(words[0]) if words else None
    if len(words) > 1 or (words and (last is None or last < 1)):
        return [_usage("log", "log takes 'raw' and one number from 1: how many of the last events")]
    return session.log(last, raw=raw)


@BUILTINS.command(
    "rules",
    usage="rules [SECTION]",
    short="read the rules",
    help="Show the rules of the game, or one section of them (e.g. rules 8.1).",
)
def _rules(session: Session, args: str) -> Reply:
    words = args.split()
    if len(words) > 1:
        return [_usage("rules", "rules takes at most one section number, e.g. rules 7.3")]
    return session.rules(words[0] if words else None)


# -- saves, deals, leaving ------------------------------------------------------------------
def _complete_saves(session: Session, args: Sequence[str]) -> Iterable[Completion]:
    if args:
        return []
    from cardavia_cli.repl.saves import saves_folder

    folder = saves_folder()
    if not folder.is_dir():
        return []
    from cardavia_cli.repl.saves import resume_name

    return [Completion(resume_name(p), "saved game") for p in sorted(folder.glob("*.toml"))]


@BUILTINS.command(
    "save",
    usage="save [NAME]",
    short="save the deal so far",
    help="Save the deal so far (to NAME in the saves folder, or a path ending .toml in a "
    "folder that exists); without NAME, to the last save target.",
    complete=_complete_saves,
)
def _save(session: Session, args: str) -> Reply:
    words = args.split()
    if len(words) > 1:
        return [_usage("save", "save takes one name (no spaces), e.g. save evening")]
    return session.save(words[0] if words else None)


def _over(session: Session) -> bool:
    return session.state.is_over


@BUILTINS.command(
    "new",
    usage="new [SEED]",
    short="start another deal",
    help="After the deal ends, start a new one (a random one, or the one of SEED) with the same "
    "computer players.",
    available=_over,
)
def _new(session: Session, args: str) -> Reply:
    words = args.split()
    seed = parse_int(words[0]) if words else None
    if len(words) > 1 or (words and (seed is None or seed < 0)):
        return [_usage("new", "new takes nothing or a whole-number seed, 0 or more, e.g. new 42")]
    return session.new_deal(seed)


def _at_break(session: Session) -> bool:
    return session.state.at_break


@BUILTINS.command(
    "next",
    short="go on to the next round",
    help="Go on to the next round or deal of the match.",
    available=_at_break,
    needs="breaks",
)
def _next(session: Session, args: str) -> Reply:
    return session.next_round()


def _numbered(session: Session) -> bool:
    return session.pending_candidates() is not None


@BUILTINS.command(
    "cancel",
    short="take back the play",
    help="Take back a play that asked you to choose its reading.",
    available=_numbered,
    needs="readings",
)
def _cancel(session: Session, args: str) -> Reply:
    return session.cancel()


@BUILTINS.command("quit", aliases=("exit",), short="leave", help="Leave the REPL.")
def _quit(session: Session, args: str) -> Reply:
    return session.quit()
