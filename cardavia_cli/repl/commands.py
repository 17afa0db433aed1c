"""The REPL's command registry (design.md rule 7) and the interface commands.

Every command is registered once, with the :meth:`Registry.command` decorator: verb, aliases,
usage, help, a few words for the completion menu, an optional completer for its arguments and
an optional predicate saying when it is offered. Help, completion and the toolbar are
generated from the registry. A handler takes the session (any object of the :class:`Shell`
protocol) and the text after the verb and **returns** a :data:`~.output.Reply`; it never
prints. A command whose usage names no arguments refuses any (the session checks that before
calling it).

:data:`BUILTINS` holds the interface commands shared by every game (cli.md, "The REPL"):
``help hand table hint auto log rules save new next restart cancel set quit``. ``next`` and
``restart`` need a game with breaks between rounds, ``cancel`` one with plays of several
readings; they are left out for a game without them. A session adds, from the game's hook,
the action verbs (:func:`action_command`), the game's own commands (:func:`game_command`) and
one command per setting (:func:`setting_command`).

A command's ``help``, ``usage`` and ``short`` are the English texts, catalog messages (marked
:func:`~cardavia_cli.engine.i18n.N_` where they are written); what the person reads is
:attr:`Command.said_help`, :attr:`Command.said_usage` and :attr:`Command.meta`, in the language
spoken now. Every command may also be typed with its word in that language,
``pgettext("verb", VERB)`` (:attr:`Command.word`: Turkish ``pas`` for ``pass``); the English
verbs and aliases always work, and what a game records is always its English action.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.game import GameState
from cardavia_cli.engine.i18n import N_, _, language, ngettext
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.numbers import parse_seed
from cardavia_cli.engine.ui import HINT_HELP, TABLE_HELP, GameCommand, GameUI
from cardavia_cli.repl.output import Note, Problem, Reply
from cardavia_cli.repl.settings import (
    DEFAULT_PACE,
    MAX_PACE,
    PACE_ENV,
    Settings,
    parse_pace,
    parse_switch,
)
from cardavia_cli.repl.words import argument_words, fold, is_word, lower_first, said_word


class Shell(Protocol):
    """What the commands ask of a REPL session (the loop implements it; typed here so that
    this module never imports the session)."""

    ui: GameUI
    state: GameState
    settings: Settings

    @property
    def registry(self) -> Registry: ...

    def view(self) -> Any: ...

    def human_to_act(self) -> bool: ...

    def legal_verbs(self) -> list[str]: ...

    def pending_candidates(self) -> list[str] | None: ...

    def offered_commands(self) -> list[Command]: ...

    def control(self) -> Any:
        """The :class:`~cardavia_cli.engine.ui.GameControl` handed to the game's own
        commands."""

    def act(self, text: str) -> Reply: ...

    def hint(self) -> Reply: ...

    def review(self, start: int = 1, samples: int | None = None) -> Reply: ...

    def auto(self, every: bool = False) -> Reply: ...

    def auto_match(self) -> Reply: ...

    def log(self, last: int | None = None, *, raw: bool = False) -> Reply: ...

    def rules(self, topic: str | None = None) -> Reply: ...

    def save(self, name: str | None = None) -> Reply: ...

    def new_game(self, seed: int | None = None) -> Reply: ...

    def next_round(self) -> Reply: ...

    def restart(self, confirmed: bool = False) -> Reply: ...

    def cancel(self) -> Reply: ...

    def quit(self) -> Reply: ...

    def switch(self, name: str, value: bool | None) -> Reply: ...

    def set_pace(self, seconds: float | None) -> Reply: ...


Handler = Callable[[Shell, str], Reply]
ArgCompleter = Callable[[Shell, Sequence[str]], Iterable[Completion]]
Predicate = Callable[[Shell], bool]


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
    #: The help and the short words in the language spoken now, when they are made from
    #: parts (a setting's); otherwise ``help`` and ``short`` are looked up in the catalogs.
    explain: Callable[[], str] | None = None
    brief: Callable[[], str] | None = None

    def is_available(self, session: Shell) -> bool:
        """Whether the command is offered now (completion, toolbar); it may still be typed."""
        return self.available is None or self.available(session)

    @property
    def takes_args(self) -> bool:
        """Whether the usage names anything after the verb."""
        return len(self.usage.split()) > 1

    @property
    def word(self) -> str | None:
        """The command's word in the language spoken now (``pas`` for ``pass`` in Turkish),
        or ``None`` (English, or a language without one): typed, it is this command."""
        return said_word(self.verb)

    @property
    def said_help(self) -> str:
        """The help in the language spoken now."""
        return self.explain() if self.explain is not None else _(self.help)

    @property
    def said_usage(self) -> str:
        """The usage in the language spoken now (the verb stays English in it; a usage that
        is the bare verb is not looked up)."""
        return _(self.usage) if self.takes_args else self.usage

    @property
    def shown_usage(self) -> str:
        """:attr:`said_usage` with the language's word beside the verb: ``pass/pas``,
        ``save/kaydet [AD]``; as it is in English."""
        usage, word = self.said_usage, self.word
        if word is None:
            return usage
        parts = usage.split(" | ")
        verb = self.verb
        shown = [
            f"{verb}/{word}{p[len(verb) :]}" if p == verb or p.startswith(verb + " ") else p
            for p in parts
        ]
        if shown == parts:
            return f"{usage} ({verb}/{word})"
        return " | ".join(shown)

    @property
    def meta(self) -> str:
        """The few words shown beside the verb in the completion menu."""
        if self.brief is not None:
            return self.brief()
        if self.short:
            return _(self.short)
        first = self.said_help.split(". ")[0].split(" (")[0].rstrip(".")
        return lower_first(first)

    def usage_problem(self, what: str = "") -> Problem:
        """A refusal of the words after the verb, naming the usage (and the command by its
        word in the language spoken now)."""
        if not what:
            what = (
                _("{verb} takes nothing after it")
                if not self.takes_args
                else _("{verb} does not take that")
            ).format(verb=self.word or self.verb)
        return Problem(_("{what} (usage: {usage})").format(what=what, usage=self.shown_usage))


class Registry:
    """Commands by verb and alias, in registration order.

    Raises ``ValueError`` when a verb or alias is registered twice.
    """

    def __init__(self, commands: Iterable[Command] = ()) -> None:
        self._commands: list[Command] = []
        self._names: dict[str, Command] = {}
        self._local: tuple[str, dict[str, Command]] | None = None
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
        self._local = None
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
        explain: Callable[[], str] | None = None,
    ) -> Callable[[Handler], Handler]:
        """Decorator registering a handler as the command ``verb``. ``needs`` names a game
        feature (``"breaks"``, ``"readings"``) without which the command is left out;
        ``explain`` gives the help in the language spoken now when it is made from parts."""

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
                    explain=explain,
                )
            )
            return handler

        return decorate

    def lookup(self, word: str) -> Command | None:
        """The command named ``word`` (a verb or an alias, any case; or the command's word in
        the language spoken now, :func:`fold`-ed), or ``None``. An English name comes first."""
        found = self._names.get(word.lower())
        if found is None:
            found = self.local_words().get(fold(word))
        return found

    def local_words(self) -> dict[str, Command]:
        """The commands by their word in the language spoken now (:attr:`Command.word`,
        :func:`fold`-ed), leaving out a word that is an English name of a command."""
        lang = language()
        if self._local is None or self._local[0] != lang:
            words: dict[str, Command] = {}
            for cmd in self._commands:
                word = cmd.word
                if word is not None and word.lower() not in self._names:
                    words.setdefault(fold(word), cmd)
            self._local = (lang, words)
        return self._local[1]

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

    def with_help(self, helps: dict[str, str]) -> Registry:
        """A new registry where the commands named in ``helps`` (by verb) have that help."""
        return Registry(
            replace(c, help=helps[c.verb]) if c.verb in helps else c for c in self._commands
        )


BUILTINS = Registry()

#: The headings of ``help``.
YOUR_MOVES = N_("Your moves")
OTHER_COMMANDS = N_("Other commands")

#: The help of ``new``, in a game of single deals and in a game of matches.
NEW_HELP = N_(
    "After the deal ends, start a new one (a random one, or the one of SEED) with the same "
    "computer players."
)
NEW_MATCH_HELP = N_(
    "After the match ends, start a new one (a random one, or the one of SEED) with the same "
    "computer players."
)


def names_of(cmd: Command) -> list[str]:
    """The words that complete to ``cmd``: its word in the language spoken now, if any, then
    its English verb."""
    word = cmd.word
    return [word, cmd.verb] if word is not None else [cmd.verb]


# -- help ----------------------------------------------------------------------------------
def _complete_verbs(session: Shell, args: Sequence[str]) -> Iterable[Completion]:
    if args:
        return []
    return [Completion(name, c.meta) for c in session.registry for name in names_of(c)]


@BUILTINS.command(
    "help",
    aliases=("?",),
    # TRANSLATORS: a usage line: keep the command (help) and translate the placeholder only;
    # the REPL shows the language's word for the command beside it.
    usage=N_("help [COMMAND]"),
    short=N_("list the commands"),
    help=N_("List the commands, or explain one."),
    complete=_complete_verbs,
)
def _help(session: Shell, args: str) -> Reply:
    words = args.split()
    if len(words) > 1:
        return [_usage("help", _("help explains one command at a time"))]
    if words:
        cmd = session.registry.lookup(words[0])
        if cmd is None:
            return [
                Problem(_("no command {word}: type help for the list").format(word=repr(words[0])))
            ]
        line = Text(cmd.shown_usage, style="bold")
        line.append(f"  {cmd.said_help}")
        if cmd.aliases:
            also = _("(also: {names})").format(names=", ".join(cmd.aliases))
            line.append(f"  {also}", style="dim")
        return [Note(line)]
    legal = set(session.legal_verbs())
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    # as wide as its headings at least, so that "Other commands" stays on one line
    other = _(OTHER_COMMANDS)
    table.add_column(style="bold", no_wrap=True, min_width=len(other))
    table.add_column()
    table.add_row(Text(_(YOUR_MOVES), style="underline"), "")
    for cmd in session.registry:
        if cmd.action:
            mark = "" if cmd.verb in legal else "  " + _("(not now)")
            table.add_row(Text(cmd.shown_usage), Text(cmd.said_help + mark))
    table.add_row("", "")
    table.add_row(Text(other, style="underline"), "")
    for cmd in session.registry:
        if not cmd.action:
            alias = ""
            if cmd.aliases:
                alias = " " + _("(also {names})").format(names=", ".join(cmd.aliases))
            table.add_row(Text(cmd.shown_usage), Text(cmd.said_help + alias))
    tips = Text(
        _(
            "A number answers a numbered choice. Cards may be typed in any case or alias. "
            "Tab completes verbs and the cards that fit."
        ),
        style="dim",
    )
    return [table, tips]


def is_number(word: str) -> bool:
    """Whether ``word`` is a whole number written with the digits 0-9 only (``str.isdigit``
    also accepts ``'²'``, which ``int`` refuses)."""
    return re.fullmatch(r"[0-9]+", word) is not None


def _usage(verb: str, what: str) -> Problem:
    cmd = BUILTINS.lookup(verb)
    assert cmd is not None
    return cmd.usage_problem(what)


# -- looking --------------------------------------------------------------------------------
@BUILTINS.command("hand", short=N_("show your hand"), help=N_("Show your hand."))
def _hand(session: Shell, args: str) -> Reply:
    return [session.ui.hand(session.view())]


@BUILTINS.command(
    "table",
    short=N_("show the table"),
    help=TABLE_HELP,
)
def _table(session: Shell, args: str) -> Reply:
    return [session.ui.table(session.view())]


def _deciding(session: Shell) -> bool:
    return session.human_to_act()


def _deciding_or_break(session: Shell) -> bool:
    return session.human_to_act() or (session.state.at_break and not session.state.is_over)


@BUILTINS.command(
    "hint",
    short=N_("suggest a move"),
    help=HINT_HELP,
    available=_deciding,
)
def _hint(session: Shell, args: str) -> Reply:
    return session.hint()


def _reviewable(session: Shell) -> bool:
    return session.state.is_over or session.state.at_break


@BUILTINS.command(
    "review",
    # TRANSLATORS: a usage line: "--from" and "--samples" are typed as they are.
    usage=N_("review [--from N] [--samples N]"),
    short=N_("grade your decisions"),
    help=N_(
        "Once the deal or match is over, or at a break between its rounds or deals: every "
        "decision of yours graded by the strong computer player's search (good, inaccuracy "
        "from 5% lost, mistake from 10%, blunder from 20%), the three costliest moments, "
        "and, once it is over, the same deck played by the computer in your seat; "
        "--from N starts at your decision N (1 is the first); --samples N searches each "
        "decision over N sampled deals (default: the strong player's own; fewer is quicker "
        "and rougher)."
    ),
    available=_reviewable,
)
def _review(session: Shell, args: str) -> Reply:
    from cardavia_cli.engine.numbers import SAMPLES, START

    words: list[str] = []
    for word in args.split():  # --from=3 as the command line takes it
        option, eq, value = word.partition("=")
        words.extend([option, value] if eq and option in ("--from", "--samples") else [word])
    given: dict[str, int] = {}
    counts = {"--from": START, "--samples": SAMPLES}
    while words:
        option = words[0]
        if option not in counts:
            return [
                _usage(
                    "review",
                    _(
                        "{word}: review takes --from and the number of your decision to start "
                        "from, and --samples and the sampled deals per decision"
                    ).format(word=repr(option)),
                )
            ]
        if len(words) < 2:
            return [_usage("review", _("{option} needs a number after it").format(option=option))]
        text = words[1]
        problem = counts[option].problem(text)
        if problem is not None:
            return [
                _usage("review", _("{option}: {problem}").format(option=option, problem=problem))
            ]
        if option in given:  # as on the command line (commands.once)
            return [
                _usage(
                    "review",
                    _("option '{option}' is given more than once: give it once").format(
                        option=option
                    ),
                )
            ]
        given[option] = counts[option].parse(text)
        words = words[2:]
    return session.review(start=given.get("--from", 1), samples=given.get("--samples"))


def _complete_auto(session: Shell, args: Sequence[str]) -> Iterable[Completion]:
    if args:
        return []
    said = _("play on for you to the end of the deal or round")
    out = [Completion(w, said) for w in argument_words("all")]
    if not session.ui.has_breaks:
        return out  # a game of one deal: its match is its deal
    whole = _("play on for you to the end of the match, deal after deal")
    return out + [Completion(w, whole) for w in argument_words("match")]


@BUILTINS.command(
    "auto",
    # TRANSLATORS: a usage line: "all" and "match" are typed as they are.
    usage=N_("auto [all|match]"),
    short=N_("let the computer decide"),
    help=N_(
        "Let the basic computer player make this decision for you; 'auto all' plays on for you "
        "to the end of the deal or round, 'auto match' to the end of the match. Typed at a "
        "break of a match, it goes on first."
    ),
    complete=_complete_auto,
    available=_deciding_or_break,
)
def _auto(session: Shell, args: str) -> Reply:
    words = args.split()
    if len(words) == 1 and is_word(words[0], "match"):
        return session.auto_match()
    if words and not (len(words) == 1 and is_word(words[0], "all")):
        return [
            _usage(
                "auto",
                _("auto takes nothing, 'all' or 'match', not {text}").format(
                    text=repr(args.strip())
                ),
            )
        ]
    return session.auto(every=bool(words))


def _complete_log(session: Shell, args: Sequence[str]) -> Iterable[Completion]:
    if args:
        return []
    return [Completion(w, _("the canonical event lines")) for w in argument_words("raw")]


@BUILTINS.command(
    "log",
    # TRANSLATORS: a usage line: "raw" is typed as it is.
    usage=N_("log [raw] [N]"),
    short=N_("what happened so far"),
    help=N_(
        "Tell what you have seen happen so far, numbered (the last N events); 'log raw' "
        "shows the canonical event lines."
    ),
    complete=_complete_log,
)
def _log(session: Shell, args: str) -> Reply:
    words = args.split()
    raw = bool(words) and is_word(words[0], "raw")
    if raw:
        words = words[1:]
    if len(words) > 1 or (words and not (is_number(words[0]) and int(words[0]) >= 1)):
        return [
            _usage("log", _("log takes 'raw' and one number from 1: how many of the last events"))
        ]
    return session.log(int(words[0]) if words else None, raw=raw)


@BUILTINS.command(
    "rules",
    usage=N_("rules [TOPIC]"),
    short=N_("read the rules"),
    help=N_(
        "Show the rules of the game, or one section: its number or a word of its title, "
        "e.g. rules 7.3 or rules cards."
    ),
)
def _rules(session: Shell, args: str) -> Reply:
    return session.rules(" ".join(args.split()) or None)


# -- saves, deals, leaving ------------------------------------------------------------------
def _complete_saves(session: Shell, args: Sequence[str]) -> Iterable[Completion]:
    if args:
        return []
    from cardavia_cli.engine.saves import saves_folder

    folder = saves_folder()
    if not folder.is_dir():
        return []
    from cardavia_cli.engine.saves import resume_name

    return [Completion(resume_name(p), _("saved game")) for p in sorted(folder.glob("*.toml"))]


@BUILTINS.command(
    "save",
    usage=N_("save [NAME]"),
    short=N_("save the deal so far"),
    help=N_(
        "Save the deal so far (to NAME in the saves folder, or a path ending .toml in a "
        "folder that exists); without NAME, to the last save target."
    ),
    complete=_complete_saves,
)
def _save(session: Shell, args: str) -> Reply:
    words = args.split()
    if len(words) > 1:
        return [_usage("save", _("save takes one name (no spaces), e.g. save evening"))]
    return session.save(words[0] if words else None)


def _over(session: Shell) -> bool:
    return session.state.is_over


@BUILTINS.command(
    "new",
    usage=N_("new [SEED]"),
    short=N_("start another game"),
    help=NEW_HELP,
    available=_over,
)
def _new(session: Shell, args: str) -> Reply:
    words = args.split()
    seed = parse_seed(words[0]) if len(words) == 1 else None
    if len(words) > 1 or (words and seed is None):
        return [
            _usage(
                "new",
                _("new takes nothing or a seed (a whole number from 0 below 2^63), e.g. new 42"),
            )
        ]
    return session.new_game(seed)


def _at_break(session: Shell) -> bool:
    return session.state.at_break


@BUILTINS.command(
    "next",
    short=N_("go on to the next round"),
    help=N_("Go on to the next round or deal of the match."),
    available=_at_break,
    needs="breaks",
)
def _next(session: Shell, args: str) -> Reply:
    return session.next_round()


@BUILTINS.command(
    "restart",
    # TRANSLATORS: a usage line: "yes" is typed as it is.
    usage=N_("restart [yes]"),
    short=N_("abandon the match, start anew"),
    help=N_(
        "Abandon this match, between rounds or in the middle of one, and start a new one from "
        "a new random seed with the same computer players. On a terminal it asks first (y/N) "
        "while the match is under way; restart yes does not ask."
    ),
    needs="breaks",
)
def _restart(session: Shell, args: str) -> Reply:
    words = args.split()
    if not (words == [] or (len(words) == 1 and is_word(words[0], "yes"))):
        return [BUILTINS.lookup("restart").usage_problem()]  # type: ignore[union-attr]
    return session.restart(confirmed=bool(words))


def _numbered(session: Shell) -> bool:
    return session.pending_candidates() is not None


@BUILTINS.command(
    "cancel",
    short=N_("take back the play"),
    help=N_("Take back a play that asked you to choose its reading."),
    available=_numbered,
    needs="readings",
)
def _cancel(session: Shell, args: str) -> Reply:
    return session.cancel()


def _out(session: Shell) -> bool:
    return not session.state.is_over and bool(session.ui.is_out(session.view()))


def _not_out(verb: str) -> Reply:
    return [_not_now(verb, _(OUT_HELP[verb]))]


def _not_now(verb: str, help: str) -> Problem:
    """The refusal of a command typed when it is not available (named by its word in the
    language spoken now), with its help's first sentence."""
    return Problem(
        _("{verb} is not available now ({why})").format(
            verb=said_word(verb) or verb, why=_first_sentence(help)
        )
    )


#: The help of the commands for players who are out.
OUT_HELP = {
    "watch": N_("Once you are out: play the match on to its end, one line per round."),
    "finish": N_("Once you are out: play the match to its end and show the result."),
}


@BUILTINS.command(
    "watch",
    short=N_("follow the match, a line a round"),
    help=OUT_HELP["watch"],
    available=_out,
    needs="out",
)
def _watch(session: Shell, args: str) -> Reply:
    if not _out(session):
        return _not_out("watch")
    return list(session.control().play_on(through_breaks=True, summary=True))


@BUILTINS.command(
    "finish",
    short=N_("play the match to its end"),
    help=OUT_HELP["finish"],
    available=_out,
    needs="out",
)
def _finish(session: Shell, args: str) -> Reply:
    if not _out(session):
        return _not_out("finish")
    before = session.state.rounds_finished
    session.control().play_on(through_breaks=True, summary=True)
    played = session.state.rounds_finished - before
    return [
        Note(
            ngettext(
                "The match went on for {n} more round.",
                "The match went on for {n} more rounds.",
                played,
            ).format(n=played)
        )
    ]


def _complete_set(session: Shell, args: Sequence[str]) -> Iterable[Completion]:
    if not args:
        return [
            Completion(w, _("the pause between computer plays")) for w in argument_words("pace")
        ]
    if len(args) == 1 and is_word(args[0], "pace"):
        return [Completion("0", _("no pause")), Completion(f"{DEFAULT_PACE:g}", _("the default"))]
    return []


SET_HELP = N_(
    "Show or set the pause between the lines of a long run of computer plays on a "
    "terminal, in seconds from 0 (off) to {most} (default {default}, or "
    "{variable}); never off a terminal."
)


def _set_help(text: str) -> str:
    return text.format(most=f"{MAX_PACE:g}", default=f"{DEFAULT_PACE:g}", variable=PACE_ENV)


@BUILTINS.command(
    "set",
    # TRANSLATORS: a usage line: "pace" is typed as it is.
    usage=N_("set pace [SECONDS]"),
    short=N_("pause between computer plays"),
    help=_set_help(SET_HELP),
    explain=lambda: _set_help(_(SET_HELP)),
    complete=_complete_set,
)
def _set(session: Shell, args: str) -> Reply:
    words = args.split()
    if not words or not is_word(words[0], "pace") or len(words) > 2:
        return [_usage("set", _("set takes pace and a number of seconds, e.g. set pace 0"))]
    if len(words) == 1:
        return session.set_pace(None)
    seconds = parse_pace(words[1])
    if seconds is None:
        return [
            _usage(
                "set",
                _("set pace takes seconds from 0 to {most}, or off").format(most=f"{MAX_PACE:g}"),
            )
        ]
    return session.set_pace(seconds)


@BUILTINS.command("quit", aliases=("exit",), short=N_("leave"), help=N_("Leave the REPL."))
def _quit(session: Shell, args: str) -> Reply:
    return session.quit()


# -- commands made from the game's hook -----------------------------------------------------
def action_command(av: Verb) -> Command:
    """The command of a game action verb: the text is played through ``session.act``;
    completion asks the hook (only while the human is to act)."""
    verb = av.verb

    def handler(session: Shell, args: str) -> Reply:
        return session.act(f"{verb} {args}".strip())

    def complete(session: Shell, args: Sequence[str]) -> Sequence[Completion]:
        if not session.human_to_act():
            return []
        return session.ui.complete(session.view(), verb, args)

    def available(session: Shell) -> bool:
        return verb in session.legal_verbs()

    return Command(
        verb=verb,
        handler=handler,
        help=av.help,
        usage=av.usage,
        aliases=tuple(av.aliases),
        complete=complete,
        available=available,
        action=True,
        short=av.short,
    )


def game_command(gc: GameCommand) -> Command:
    """The command of a game's own command (``watch``, ``score``): offered when its
    ``available(control)`` says so; typed at another time, refused with its help."""

    def handler(session: Shell, args: str) -> Reply:
        control = session.control()
        if not gc.available(control):
            return [_not_now(gc.verb, _(gc.help))]
        return list(gc.handler(control, args))

    def available(session: Shell) -> bool:
        return bool(gc.available(session.control()))

    return Command(
        verb=gc.verb,
        handler=handler,
        help=gc.help,
        usage=gc.usage or gc.verb,
        aliases=tuple(gc.aliases),
        available=available,
        short=gc.short,
    )


def _first_sentence(text: str) -> str:
    first = text.split(". ")[0].rstrip(".")
    return lower_first(first)


def setting_command(setting: Switch) -> Command:
    """``NAME [on|off]`` for a game's setting: bare ``NAME`` shows the value. Its messages
    name it by its word in the language spoken now."""
    name = setting.name

    def handler(session: Shell, args: str) -> Reply:
        words = args.split()
        shown = said_word(name) or name
        if len(words) > 1:
            return [_setting_usage(name, _("{name} takes on or off").format(name=shown))]
        value = None
        if words:
            value = parse_switch(words[0])
            if value is None:
                return [
                    _setting_usage(
                        name,
                        _("{name} takes on or off, not {word}").format(
                            name=shown, word=repr(words[0])
                        ),
                    )
                ]
        return session.switch(name, value)

    def complete(session: Shell, args: Sequence[str]) -> Iterable[Completion]:
        if args:
            return []
        shown = said_word(name) or name
        return [
            *(Completion(w, _("turn {name} on").format(name=shown)) for w in argument_words("on")),
            *(
                Completion(w, _("turn {name} off").format(name=shown))
                for w in argument_words("off")
            ),
        ]

    def explain() -> str:
        text = (
            _("{help} (a setting, on at the start; bare {name} shows it)")
            if setting.default
            else _("{help} (a setting, off at the start; bare {name} shows it)")
        )
        return text.format(help=_(setting.help), name=said_word(name) or name)

    def brief() -> str:
        what = _first_sentence(_(setting.help))
        return _("setting: {what}").format(what=what)[:40]

    return Command(
        verb=name,
        handler=handler,
        help=f"{setting.help} (a setting, {'on' if setting.default else 'off'} at the start; "
        f"bare {name} shows it)",
        usage=f"{name} [on|off]",
        complete=complete,
        short=f"setting: {_first_sentence(setting.help)}"[:40],
        explain=explain,
        brief=brief,
    )


def _setting_usage(name: str, what: str) -> Problem:
    word = said_word(name)
    usage = f"{name} [on|off]" if word is None else f"{name}/{word} [on|off]"
    return Problem(_("{what} (usage: {usage})").format(what=what, usage=usage))


def session_registry(ui: GameUI) -> Registry:
    """The commands of a session of the game of ``ui``: its action verbs, the interface
    commands it needs (``next`` and ``restart`` with breaks, ``cancel`` with plays of several
    readings), its own commands and one per setting, with its ``table`` and ``hint`` help.
    Raises ``ValueError`` when a name is registered twice."""
    features = [
        name
        for name, has in (
            ("breaks", ui.has_breaks),
            ("readings", ui.has_ambiguous_plays),
            ("out", ui.players_go_out),
        )
        if has
    ]
    helps = {"table": ui.table_help, "hint": ui.hint_help}
    if ui.has_breaks:
        helps["new"] = NEW_MATCH_HELP
    base = BUILTINS.extended([action_command(av) for av in ui.actions], features)
    return Registry(
        [
            *base.with_help(helps),
            *(game_command(gc) for gc in ui.commands),
            *(setting_command(s) for s in ui.settings),
        ]
    )
