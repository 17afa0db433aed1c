"""Man pages generated from the command tree of the Typer app and the REPL's command registry:

* ``cardavia.1``: the root, with the commands that are not groups (run, resume, arena), the
  groups, EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES;
* ``cardavia-GROUP.1`` for each command group that is no game (saves, scores);
* ``cardavia-GAME.6`` for each game (section 6, games): its commands, the commands of its REPL
  (:func:`~cardavia_cli.repl.commands.session_registry` of the game's UI, the source of the
  REPL's ``help``) and a short example of play.

Every option is written as ``--help`` writes it (its names and placeholder, its help with the
default: the parameter's own help record), so the two never differ. Every registered command
and REPL command is documented with no per-command code; regenerate after changing one:

    python -m cardavia_cli.manpages man/

The pages hold no date, so the same tree gives the same files (a test compares them).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardavia_cli import __version__
from cardavia_cli.commands.plainhelp import plain, walk

#: The section of the commands' pages.
SECTION = "1"
#: The section of the games' pages (games).
GAME_SECTION = "6"
#: The sections written by :func:`write` (the files ``cardavia*.N``).
SECTIONS = (SECTION, GAME_SECTION)


def _roff(text: str) -> str:
    """``text`` escaped for roff: backslashes and hyphens, a leading ``.`` or ``'`` of a line;
    in ASCII (:func:`~cardavia_cli.repl.console.to_ascii`: ``Guandan (掼蛋)`` is ``Guandan``), so
    that ``man`` shows every page without a warning whatever the locale's character set."""
    from cardavia_cli.repl.console import to_ascii

    text = to_ascii(text).replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.splitlines():
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def _paragraphs(text: str) -> list[str]:
    """The paragraphs of a help text (blank-line separated), each on one line."""
    out = []
    for block in plain(text).replace("\b", "").split("\n\n"):
        joined = " ".join(block.split())
        if joined:
            out.append(joined)
    return out


#: The names of the help option (the root's setting, which every command inherits).
_HELP_NAMES: list[str] = ["--help"]


def _context(command: Any, path: tuple[str, ...]) -> Any:
    import typer

    name = " ".join(["cardavia", *path])
    return typer.Context(command, info_name=name, help_option_names=_HELP_NAMES)


def _usage(command: Any, path: tuple[str, ...]) -> str:
    ctx = _context(command, path)
    tail = " ".join(command.collect_usage_pieces(ctx))
    return " ".join(["cardavia", *path, tail]).strip()


def _params(command: Any, path: tuple[str, ...]) -> list[str]:
    """``.TP`` entries for the arguments and options of ``command``, each as ``--help`` writes
    it: the help record's names and placeholder, and its help (with the default)."""
    ctx = _context(command, path)
    out: list[str] = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        names, help_text = record
        shown = []
        for word in names.split(" "):
            bare = word.rstrip(",")
            font = "B" if bare.startswith("-") else "I"
            shown.append(f"\\f{font}{_roff(bare)}\\fR" + word[len(bare) :])
        entry = " ".join(shown)
        out.append(f".TP\n{entry}\n{_roff(' '.join(plain(help_text).split()))}")
    return out


def _command_section(command: Any, path: tuple[str, ...], level: str = ".SS") -> list[str]:
    out = [f"{level} {_roff(' '.join(path))}", ".PP", f"\\fB{_roff(_usage(command, path))}\\fR"]
    for para in _paragraphs(command.help or ""):
        out += [".PP", _roff(para)]
    params = _params(command, path)
    if params:
        out += [".PP", "Options and arguments:", ".RS", *params, ".RE"]
    return out


def _header(name: str, summary: str, section: str = SECTION) -> list[str]:
    manual = "cardavia games" if section == GAME_SECTION else "cardavia manual"
    return [
        f'.TH {name.upper()} {section} "" "cardavia {__version__}" "{manual}"',
        ".SH NAME",
        f"{_roff(name)} \\- {_roff(summary)}",
    ]


def _first_sentence(text: str) -> str:
    paras = _paragraphs(text)
    return paras[0].split(". ")[0].rstrip(".") if paras else ""


def _example(lines: list[tuple[str, str]]) -> list[str]:
    """Command lines, each with what it does."""
    out = []
    for command, what in lines:
        out += [".TP", f"\\fB{_roff(command)}\\fR", _roff(what)]
    return out


@contextlib.contextmanager
def _placeholder_home() -> Iterator[Path]:
    """``CARDAVIA_HOME`` set to a placeholder for the time of the block, so that the FILES of
    the page are the code's paths under it, whatever the machine's folders are."""
    saved = os.environ.get("CARDAVIA_HOME")
    home = Path("/CARDAVIA_HOME")
    os.environ["CARDAVIA_HOME"] = str(home)
    try:
        yield home
    finally:
        if saved is None:
            del os.environ["CARDAVIA_HOME"]
        else:
            os.environ["CARDAVIA_HOME"] = saved


def _files() -> list[str]:
    """The FILES section: cardavia's folder and what the code keeps in it."""
    from cardavia_cli.commands.common import HISTORY
    from cardavia_cli.engine.ledger import ledger_path
    from cardavia_cli.engine.saves import AUTOSAVE, AUTOSAVES_KEPT, lock_file, saves_dir

    with _placeholder_home() as home:
        saves = saves_dir().relative_to(home)
        ledger = ledger_path().relative_to(home)
        lock = lock_file(saves_dir() / "NAME.toml").relative_to(home)
    where = "\\fI$CARDAVIA_HOME\\fR"
    entries = [
        (
            where,
            "cardavia's folder: \\fBCARDAVIA_HOME\\fR when set, else the user's application "
            "folder for cardavia (\\fI~/.config/cardavia\\fR on Linux, under "
            "\\fBXDG_CONFIG_HOME\\fR when that is set). Created when something is first kept.",
        ),
        (f"{where}/{saves}/", "The saves folder: the named saves and the scores ledger."),
        (
            f"{where}/{saves}/\\fINAME\\fR.toml",
            "A save (a deal file with the actions so far): \\fBcardavia resume NAME\\fR "
            "continues it. Written to a temporary file and renamed, so an interrupted save "
            "never destroys the previous one.",
        ),
        (
            f"{where}/{saves}/{AUTOSAVE}\\-\\fIGAME\\fR\\-\\fISEED\\fR.toml",
            "The autosave of a game played on a terminal, written after each of your "
            f"decisions; the {AUTOSAVES_KEPT} most recent are kept.",
        ),
        (
            f"{where}/{_roff(str(lock))}",
            "Held while a REPL has the save open (with the process id beside it, "
            "\\fI.NAME.toml.pid\\fR): a second REPL on the same save is refused.",
        ),
        (
            f"{where}/{ledger}",
            "The scores ledger (SQLite): every deal or match finished in the REPL or by "
            "\\fBrun\\fR, with the deal file that replays it.",
        ),
        (f"{where}/{HISTORY}", "The REPL's command history, kept across sessions."),
        (
            f"{where}/settings.toml",
            "Your settings (language, contrast, temperature, palette, bidi), as \\fBcardavia "
            "settings\\fR shows and changes them; only those changed from their defaults.",
        ),
    ]
    out = [".SH FILES"]
    for name, text in entries:
        out += [".TP", name, text]
    return out


def _exit_status() -> list[str]:
    from cardavia_cli.commands.arena import EXIT_PLAYER_ERRORS
    from cardavia_cli.commands.common import EXIT_BAD, EXIT_INTERRUPTED, EXIT_NO, EXIT_OK

    entries = {
        EXIT_OK: "Success.",
        EXIT_NO: "A well\\-formed yes/no question answered no: \\fBsisepai check\\fR, not a win "
        "(and a 20\\-card waits answer); \\fBguandan check\\fR, not a legal play, or with "
        "\\fB\\-\\-beats\\fR not beating. Also a question of cardavia answered no "
        "(replacing or deleting a save).",
        EXIT_BAD: "Bad usage or bad input (an unknown card, a wrong card count, a malformed "
        "file): one line on standard error names the problem and the place, never a traceback.",
        EXIT_INTERRUPTED: "Interrupted (Ctrl\\-C).",
    }
    entries[EXIT_NO] += (
        " The REPL: a game left with decisions that its save could not hold (a write failed, "
        "e.g. on a full disk; it was said when it failed, and on leaving)."
    )
    entries[EXIT_PLAYER_ERRORS] += (
        " \\fBarena\\fR: a computer player failed during the run (each failure replaced by a "
        "basic choice and reported on standard error)."
    )
    out = [".SH EXIT STATUS"]
    for code, text in entries.items():
        out += [".TP", f"\\fB{code}\\fR", text]
    out += [
        ".PP",
        "\\fBcucu check\\fR and \\fBminchiate check\\fR exit 0 whenever the input is valid.",
    ]
    return out


def _environment() -> list[str]:
    return [
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBCARDAVIA_HOME\\fR",
        "The folder of the saves, the history and the scores ledger (see \\fBFILES\\fR).",
        ".TP",
        "\\fBNO_COLOR\\fR, \\fBTERM=dumb\\fR",
        "No colours.",
        ".TP",
        "\\fBCARDAVIA_ASCII\\fR",
        "Only ASCII characters in the output (as \\fB\\-\\-ascii\\fR), when set to anything "
        "but empty or 0.",
        ".TP",
        "\\fBCOLUMNS\\fR",
        "The width of the output on a terminal, when the terminal does not say.",
        ".TP",
        "\\fBCARDAVIA_PACE\\fR",
        "The pause in seconds between the lines of a long run of computer plays on a terminal "
        "(default 0.3; 0 for none; the REPL's set pace changes it).",
        ".TP",
        "\\fBCARDAVIA_SEARCH_BUDGET\\fR",
        "The cap on a searching computer player's CPU time per move, in seconds (default 1); "
        "off (or none, or 0) for none, so that every move plays all its samples and a game "
        "replays the same "
        "way on any machine.",
    ]


def _root_examples() -> list[str]:
    return [
        ".SH EXAMPLES",
        *_example(
            [
                ("cardavia", "On a terminal: the lobby (pick a game, resume a save, see scores)."),
                (
                    "cardavia sisepai",
                    "A new deal of Si Se Pai (the same as: cardavia sisepai play).",
                ),
                (
                    "cardavia guandan play --seed 3 --ai random --save evening",
                    "A Guandan match of seed 3 against random players, saved as evening.",
                ),
                ("cardavia resume evening", "Continue it."),
                (
                    "printf 'hint\\nauto all\\n' | cardavia sisepai play --seed 3",
                    "A piped session: one command a line, no prompt.",
                ),
                (
                    "cardavia sisepai check rK rA rE yK yA yE wR wH wC gR gR gR gP gP gP F F "
                    "yP yP yP wK --json",
                    "Is this hand a win, and for how much?",
                ),
                (
                    "cardavia run saves/examples/cucu-cat.toml --json --stop",
                    "Run a deal file as far as its actions go.",
                ),
                (
                    "cardavia arena sisepai --seats basic,random,random,random --rotate "
                    "--deals 1000",
                    "Computer players against each other.",
                ),
                (
                    "cardavia scores export --format csv --output scores.csv",
                    "Export the finished games.",
                ),
                ("cardavia --install-completion bash", "Complete commands and names in bash."),
            ]
        ),
    ]


def _see_also(pages: list[tuple[str, str]]) -> list[str]:
    return [".SH SEE ALSO", ", ".join(f"\\fB{_roff(n)}\\fR({s})" for n, s in pages)]


def _repl_section(game: str) -> list[str]:
    """The REPL COMMANDS of ``game``: its moves, then the other commands, from the registry
    the REPL's ``help`` lists (usage, help, aliases)."""
    from cardavia_cli.repl.commands import session_registry
    from cardavia_cli.repl.hooks import load_ui

    registry = session_registry(load_ui(game))
    out = [
        ".SH REPL COMMANDS",
        "In the game, \\fBhelp\\fR lists these and \\fBhelp COMMAND\\fR explains one; a "
        "number answers a numbered choice; Tab completes verbs and the cards that fit.",
    ]
    for title, moves in (("Your moves", True), ("Other commands", False)):
        out += [".SS", _roff(title)]
        for cmd in registry:
            if cmd.action != moves:
                continue
            text = " ".join(plain(cmd.help).split())
            if cmd.aliases:
                text += f" (also: {', '.join(cmd.aliases)})"
            out += [".TP", f"\\fB{_roff(cmd.usage)}\\fR", _roff(text)]
    return out


def _game_examples(game: str) -> list[str]:
    """A short example of play: starting, the first commands at the prompt, saving, piping."""
    from cardavia_cli.repl.commands import session_registry
    from cardavia_cli.repl.hooks import load_ui

    moves = [c for c in session_registry(load_ui(game)) if c.action]
    lines = [
        (f"cardavia {game}", "A new game with a random seed, against basic computer players."),
        (
            f"cardavia {game} play --seed 3 --save evening",
            "The game of seed 3, saved as evening after each of your decisions.",
        ),
        ("help", "At the prompt: the commands, with the moves you may make now."),
        ("hint", "What the basic computer player would do in your place, and why."),
    ]
    lines += [(m.usage, f"A move: {plain(m.meta)}.") for m in moves[:2]]
    lines += [
        ("quit", "Leave; the save (or the autosave) keeps the game."),
        ("cardavia resume evening", "Continue it later."),
        (
            f"printf 'hint\\nauto all\\nlog 5\\n' | cardavia {game} play --seed 3",
            "A piped session: one command a line, no prompt; auto all plays on for you.",
        ),
    ]
    return [".SH EXAMPLES", *_example(lines)]


def pages(root: Any | None = None, games: dict[str, str] | None = None) -> dict[str, str]:
    """The man pages of the command tree ``root`` (default: cardavia's, freshly built, so
    with the English help) by file name; the groups named in ``games`` (default: the
    registered games, name: title) get a page in section 6 with their REPL's commands. The
    pages are English whatever the language spoken."""
    from cardavia_cli.engine.i18n import SOURCE_LANGUAGE, speaking

    with speaking(SOURCE_LANGUAGE):
        return _pages(root, games)


def _pages(root: Any | None, games: dict[str, str] | None) -> dict[str, str]:
    if root is None:
        import typer

        from cardavia_cli.app import app

        root = typer.main.get_command(app)
    if games is None:
        from cardavia_cli.games import GAMES

        games = dict(GAMES)
    _HELP_NAMES[:] = (root.context_settings or {}).get("help_option_names", ["--help"])
    tops = [(p, c) for p, c in walk(root) if len(p) == 1]
    groups = [(p, c) for p, c in tops if getattr(c, "commands", None)]
    plain_commands = [(p, c) for p, c in tops if not getattr(c, "commands", None)]
    section = {p[0]: (GAME_SECTION if p[0] in games else SECTION) for p, _ in groups}
    out: dict[str, str] = {}

    lines = _header("cardavia", _first_sentence(root.help or ""))
    lines += [".SH SYNOPSIS", "\\fBcardavia\\fR [\\fIOPTIONS\\fR] [\\fICOMMAND\\fR] ..."]
    lines += [".SH DESCRIPTION"]
    for para in _paragraphs(root.help or ""):
        lines += [".PP", _roff(para)]
    lines += [".SH OPTIONS", ".RS", *_params(root, ()), ".RE"]
    lines += [".SH COMMANDS"]
    for path, cmd in plain_commands:
        lines += _command_section(cmd, path)
    lines += [".SH COMMAND GROUPS"]
    for path, cmd in groups:
        summary = _first_sentence(cmd.help or "")
        lines += [
            ".TP",
            f"\\fBcardavia {path[0]}\\fR",
            f"{_roff(summary)}; see \\fBcardavia\\-{path[0]}\\fR({section[path[0]]}).",
        ]
    lines += _exit_status() + _environment() + _files() + _root_examples()
    lines += _see_also([(f"cardavia-{p[0]}", section[p[0]]) for p, _ in groups])
    out[f"cardavia.{SECTION}"] = "\n".join(lines) + "\n"

    for path, group in groups:
        name = f"cardavia-{path[0]}"
        is_game = path[0] in games
        lines = _header(name, _first_sentence(group.help or ""), section[path[0]])
        lines += [
            ".SH SYNOPSIS",
            f"\\fBcardavia {path[0]}\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] ...",
        ]
        lines += [".SH DESCRIPTION"]
        for para in _paragraphs(group.help or ""):
            lines += [".PP", _roff(para)]
        lines += [".SH COMMANDS"]
        for sub_path, sub in walk(group, path):
            if sub_path != path:
                lines += _command_section(sub, sub_path)
        if is_game:
            lines += _repl_section(path[0]) + _game_examples(path[0])
        lines += _see_also([("cardavia", SECTION)])
        out[f"{name}.{section[path[0]]}"] = "\n".join(lines) + "\n"
    return out


def write(folder: Path) -> list[Path]:
    """Write every page into ``folder`` (created if needed), and remove the pages of commands
    that are gone (or moved to another section); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    made = pages()
    for number in SECTIONS:
        for old in folder.glob(f"cardavia*.{number}"):
            if old.name not in made:
                old.unlink()
    written = []
    for name, text in made.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m cardavia_cli.manpages FOLDER``: write the man pages there."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m cardavia_cli.manpages FOLDER\n")
        return 2
    for path in write(Path(args[0])):
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
