"""The root Typer app: one command group per game, plus run, resume and arena.

Game packages are imported only inside commands, so ``cardavia --help`` costs about as much as
importing Typer and rich.
"""

from __future__ import annotations

import sys

import typer

from cardavia_cli import __version__
from cardavia_cli.commands import arena as arena_cmd
from cardavia_cli.commands import completion
from cardavia_cli.commands import cucu as cucu_cmd
from cardavia_cli.commands import guandan as guandan_cmd
from cardavia_cli.commands import minchiate as minchiate_cmd
from cardavia_cli.commands import review as review_cmd
from cardavia_cli.commands import run as run_cmd
from cardavia_cli.commands import saves as saves_cmd
from cardavia_cli.commands import scores as scores_cmd
from cardavia_cli.commands import settings as settings_cmd
from cardavia_cli.commands import sisepai as sisepai_cmd

app = typer.Typer(
    name="cardavia",
    help="Traditional card games at a table of four: you against three computer players. "
    "Alone on a terminal, cardavia opens the lobby: pick a game, resume a save, see your "
    "scores.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardavia {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
    show_completion: str | None = typer.Option(
        None,
        "--show-completion",
        metavar="SHELL",
        callback=completion.show,
        expose_value=False,
        is_eager=True,
        help="Print the completion script of SHELL: bash, zsh or fish.",
    ),
    install_completion: str | None = typer.Option(
        None,
        "--install-completion",
        metavar="SHELL",
        callback=completion.install,
        expose_value=False,
        is_eager=True,
        help="Install completion for SHELL (bash, zsh or fish) where it reads it.",
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        metavar="LANG",
        help="The language: en, tr or ar (also CARDAVIA_LANG, the settings file, the locale).",
    ),
    ascii_only: bool = typer.Option(
        False,
        "--ascii",
        help="Only ASCII characters in the output, for terminals without the card and box "
        "glyphs (also CARDAVIA_ASCII=1).",
    ),
) -> None:
    """Traditional card games at a table of four: you against three computer players.

    Alone on a terminal, cardavia opens the lobby: pick a game, resume a save, see your
    scores. Start a game directly with: cardavia sisepai play
    """
    from cardavia_cli.commands.common import apply_language

    apply_language(lang, lenient=ctx.invoked_subcommand == "settings")
    if isinstance(ctx.obj, dict) and ctx.obj.get("json"):
        # `--json` output is English in every language, its usage errors too (main)
        from cardavia_cli.engine import i18n

        i18n.set_language(i18n.SOURCE_LANGUAGE)
    settings_cmd.forget_display()
    _check_search_budget()
    if ascii_only:
        import os

        os.environ["CARDAVIA_ASCII"] = "1"
    if ctx.invoked_subcommand is None:
        from cardavia_cli.repl.reader import is_terminal

        if is_terminal():
            from cardavia_cli.commands.common import guarded
            from cardavia_cli.commands.lobby import run_lobby

            # bad input (a CARDAVIA_HOME that is a file) is one line, as for every command
            raise typer.Exit(guarded(run_lobby)())
        typer.echo(ctx.get_help())
        raise typer.Exit()


app.add_typer(sisepai_cmd.app, name="sisepai")
app.add_typer(cucu_cmd.app, name="cucu")
app.add_typer(minchiate_cmd.app, name="minchiate")
app.add_typer(guandan_cmd.app, name="guandan")
app.add_typer(saves_cmd.app, name="saves")
app.add_typer(scores_cmd.app, name="scores")
run_cmd.register(app)
review_cmd.register(app)
arena_cmd.register(app)
settings_cmd.register(app)


def _click_error(name: str) -> type[typer.BadParameter]:
    """An exception class of the command-line parser that Typer is built on, by name (a base
    class of ``typer.BadParameter``: ``UsageError``, ``ClickException``)."""
    found: type[typer.BadParameter] = next(
        c for c in typer.BadParameter.__mro__ if c.__name__ == name
    )
    return found


#: The root's options that take a value (the word after them is not a command).
_VALUED_ROOT_OPTIONS = frozenset({"--show-completion", "--install-completion", "--lang"})


def lang_option(words: list[str]) -> str | None:
    """The value of ``--lang`` among the root's options (``--lang tr``, ``--lang=tr``), read
    before anything is parsed so that help and usage errors are in that language.

    >>> lang_option(["--lang", "tr", "guandan"]), lang_option(["--lang=ar"]), lang_option(["run"])
    ('tr', 'ar', None)
    """
    for i, word in enumerate(words):
        if not word.startswith("-"):
            return None
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
        if word == "--lang":
            return words[i + 1] if i + 1 < len(words) else None
    return None


def root_options(words: list[str]) -> list[str]:
    """The options given to ``cardavia`` itself: the words before the first command
    (``--ascii`` in ``cardavia --ascii guandan --help``, not in ``cardavia run --ascii``)."""
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word.startswith("-"):
            out.append(word)
            skip = word in _VALUED_ROOT_OPTIONS
        else:
            break
    return out


def _ascii_asked() -> bool:
    """Whether ``CARDAVIA_ASCII`` asks for ASCII output (read without importing rich)."""
    import os

    return os.environ.get("CARDAVIA_ASCII", "") not in ("", "0")


def _check_search_budget() -> None:
    """A ``CARDAVIA_SEARCH_BUDGET`` that is no time is one warning line (its default is used)."""
    from cardavia_cli.commands.common import warn
    from cardavia_cli.engine.budget import budget_from_env

    problem = budget_from_env()[1]
    if problem is not None:
        warn(problem)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point.

    Usage errors (an unknown option, a value of the wrong type, a missing argument) are one
    line on stderr and exit code 2, like every other bad input (cli.md); a command group
    called without a command prints its help and exits 0.
    """
    from cardavia_cli.commands.common import (
        EXIT_BROKEN_PIPE,
        apply_language,
        error_line,
        json_asked,
        silence_stdout,
    )
    from cardavia_cli.commands.helptext import translate
    from cardavia_cli.commands.once import given_once
    from cardavia_cli.engine import i18n
    from cardavia_cli.engine.i18n import _

    words = sys.argv[1:] if argv is None else argv
    try:
        apply_language(lang_option(words), lenient=True, quiet=True)
    except typer.Exit as exc:  # an unknown language: one line said, exit 2
        sys.exit(exc.exit_code)
    as_json = json_asked(words)
    if as_json:  # the whole run in English (the root's callback says it again after --lang)
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    usage_error = _click_error("UsageError")
    click_exception = _click_error("ClickException")
    completion.init()
    command = typer.main.get_command(app)
    translate(command, panels=sys.stdout.isatty())
    given_once(command)
    if "--ascii" in root_options(words):
        # before anything is parsed: `--ascii --help` and a usage error are ASCII too
        import os

        os.environ["CARDAVIA_ASCII"] = "1"
    ascii_only = _ascii_asked()
    if ascii_only or (
        not sys.stdout.isatty() and (len(words) < 2 or {"--help", "-h"} & set(words))
    ):
        # help may be printed: plain text off a terminal (only then, so that a script's
        # `check` call imports no rich), and ASCII with --ascii
        from cardavia_cli.commands.plainhelp import plain_help

        plain_help(command, ascii_only=ascii_only)
    if "--ray" in words:  # arena's optional value (commands.arena.bare_ray)
        from cardavia_cli.commands.arena import bare_ray

        argv = bare_ray(list(words))
    try:
        code = command.main(
            prog_name="cardavia",
            args=argv,
            standalone_mode=False,
            obj={"json": True} if as_json else None,
        )
    except usage_error as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            typer.echo(ctx.get_help())
            sys.exit(0)
        where = ctx.command_path if ctx is not None else "cardavia"
        error_line(
            _("{message} (see '{command} --help')").format(
                message=exc.format_message(), command=where
            )
        )
        sys.exit(2)
    except click_exception as exc:
        error_line(exc.format_message())
        sys.exit(getattr(exc, "exit_code", 1))
    except typer.Abort:
        sys.stderr.write(_("Aborted.") + "\n")
        sys.exit(130)
    except BrokenPipeError:  # the reader of our output has gone (`| head`)
        silence_stdout()
        sys.exit(EXIT_BROKEN_PIPE)
    _flush_stdout()
    sys.exit(code if isinstance(code, int) else 0)


def _flush_stdout() -> None:
    """Write out what is left of standard output: a reader that has gone is exit 141, as
    at any other write; a write that fails (a full disk: ``> /dev/full``) is one line and
    exit 2, never a silent success with the output lost."""
    from cardavia_cli.commands.common import EXIT_BROKEN_PIPE, error_line, silence_stdout
    from cardavia_cli.engine.i18n import _

    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        sys.exit(EXIT_BROKEN_PIPE)
    except OSError as exc:
        silence_stdout()
        error_line(_("cannot write the output: {reason}").format(reason=exc.strerror or str(exc)))
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    main()
