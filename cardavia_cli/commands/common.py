"""What every command shares: consoles, JSON output, and mapping errors to exit codes.

Exit codes (cli.md): 0 success; 1 a yes/no question answered "no"; 2 bad usage or bad input,
with one line on stderr naming the problem and the place, never a traceback.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import typer

from cardavia_cli.engine import i18n
from cardavia_cli.engine.i18n import _, pgettext
from cardavia_cli.engine.numbers import MAX_SEED, Count

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_NO, EXIT_BAD = 0, 1, 2
#: The exit code of a command interrupted by Ctrl-C.
EXIT_INTERRUPTED = 130
#: The REPL's command history (every game's and the lobby's), in cardavia's folder (:func:`home`).
HISTORY = "history"


def console(stderr: bool = False, *, wide: bool = False) -> Console:
    """The console of every command (:func:`cardavia_cli.repl.console.make_console`): plain
    text without box tables or trailing spaces off a terminal, colour unless ``NO_COLOR`` or
    ``TERM=dumb``, ASCII with ``--ascii``. ``wide`` for a listing: off a terminal its tables
    keep every row on one line, whatever its length (never cut to 80 columns)."""
    from cardavia_cli.repl.console import make_console

    return make_console(stderr, wide=wide)


def shown(text: str, *, err: bool = False) -> str:
    """``text`` as it may be written on standard output (``err``: standard error) outside a
    console: every control character written as an escape (``\\x1b``), and only ASCII when
    ASCII output is wanted there (``--ascii``, ``CARDAVIA_ASCII=1``, an encoding that is not
    Unicode: a typed ``²`` is written ``\\xb2``, as the consoles write it)."""
    if text.isascii() and text.isprintable():
        return text  # the usual case imports nothing
    from cardavia_cli.engine.paths import visible
    from cardavia_cli.repl.console import ascii_wanted, to_ascii

    text = visible(text)
    return to_ascii(text) if ascii_wanted(sys.stderr if err else sys.stdout) else text


def echo(text: str, *, err: bool = False) -> None:
    """Write ``text`` and a newline on standard output (``err``: standard error), as
    :func:`shown`; in a language written right to left, every left-to-right run in it (a file
    name, a card code, a number) is a left-to-right isolate
    (:func:`~cardavia_cli.engine.i18n.isolate_ltr`), unless the display setting ``bidi`` is
    ``off``."""
    from cardavia_cli.engine.display import isolating

    stream = sys.stderr if err else sys.stdout
    line = shown(text, err=err)
    # isolates only for a terminal: a file or a pipe gets the text as it is
    isolate = isolating() and _is_terminal(stream)
    stream.write((i18n.isolate_ltr(line, rtl=True) if isolate else line) + "\n")
    stream.flush()


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def _kind_word(kind: str) -> str:
    """The word of an error line's ``kind`` (``error``, ``warning``) in the language spoken."""
    if kind == "error":
        # TRANSLATORS: the kind of a one-line message: "cardavia: error: unknown card"
        return pgettext("message kind", "error")
    if kind == "warning":
        # TRANSLATORS: the kind of a one-line message: "cardavia: warning: ..."
        return pgettext("message kind", "warning")
    return kind


def error_line(message: str, kind: str = "error") -> None:
    """Write ``cardavia: KIND: MESSAGE`` as one line on stderr: runs of white space become one
    space, the rest as :func:`shown` (``KIND`` in the language spoken)."""
    echo(f"cardavia: {_kind_word(kind)}: {' '.join(str(message).split())}", err=True)


def warn(message: str) -> None:
    """Write ``cardavia: warning: MESSAGE`` as one line on stderr (:func:`error_line`)."""
    error_line(message, "warning")


class IgnoredSettings(list[Exception]):
    """The ``ignore_settings`` of a command without a REPL (``run``, ``review``;
    :func:`cardavia_cli.engine.dealfile.parse_deal`): a save's ``settings`` table is the
    REPL's, so a bad one is kept here, and told (:meth:`warn`) once the file has loaded and
    replayed: one warning line on stderr naming the file and the line, and the command goes
    on without it. A file refused for another reason says only that (one line)."""

    def __init__(self, command: str) -> None:
        super().__init__()
        self.command = command

    def __call__(self, problem: Exception) -> None:
        self.append(problem)

    def warn(self) -> None:
        """One warning line per table ignored (a file has one)."""
        for problem in self:
            warn(
                _("{problem} ({command} does not use the settings table and ignores it)").format(
                    problem=problem, command=self.command
                )
            )


def fail(message: str, code: int = EXIT_BAD) -> NoReturn:
    """Print ``cardavia: error: MESSAGE`` (one line) on stderr and exit with ``code``. The
    message is printed literally: runs of white space become one space, and any control
    character it holds (from a file name: ``ESC``, NUL) is written as an escape (``\\x1b``),
    so that nothing in it reaches the terminal as a command; with ``--ascii`` it is ASCII
    (:func:`shown`)."""
    error_line(message)
    raise typer.Exit(code)


def file_name(text: str | Path) -> Path:
    """Typer ``parser`` of a file argument or option (``run FILE``, ``--deal FILE``): the path,
    or ``typer.BadParameter`` (exit code 2, one line) in plain words when ``text`` cannot name
    a file at all (a NUL byte). Whether the file exists and is readable is for the command to
    find out, and to say."""
    from cardavia_cli.engine.paths import path_problem

    if isinstance(text, Path):
        return text
    problem = path_problem(text)
    if problem is not None:
        raise typer.BadParameter(
            _("{text} is not a file name: {problem}").format(text=repr(text), problem=problem)
        )
    return Path(text)


def literal(text: object) -> Text:
    """``text`` (a file name, a save's name, a message quoting a file) as a rich ``Text`` to
    print as it is: never read as markup (``[red]x.toml`` shows its brackets, a ``[link=...]``
    stays text) and with control characters written as escapes."""
    from rich.text import Text

    from cardavia_cli.engine.paths import visible

    return Text(visible(str(text)))


def print_json(data: Any) -> None:
    """One JSON document on stdout. A string that holds a lone surrogate (a file name that is
    not UTF-8, as Python reads it) is written with the JSON escape (``"a\\udcff"``), so the
    document is valid UTF-8 whatever the names in it; with ``--ascii`` every character outside
    ASCII is written with its JSON escape (the same document). A number that is not finite
    (a review's noise over one sample is infinite) is written ``null``: JSON has no
    ``Infinity``, and a strict reader refuses it."""
    data = _finite(data)
    text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    if not text.isascii():  # (only then, so that a script's check imports no rich)
        from cardavia_cli.repl.console import ascii_wanted

        if ascii_wanted(sys.stdout):
            text = json.dumps(data, allow_nan=False)
    # backslashreplace writes a surrogate as \uXXXX, which is its JSON escape too
    sys.stdout.write(text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")


def _finite(data: Any) -> Any:
    """``data`` with every float that is not finite (``inf``, ``nan``) made ``None``, in lists,
    tuples and dicts at any depth; ``data`` itself when it holds none."""
    if isinstance(data, float):
        return data if data - data == 0.0 else None  # inf - inf and nan - nan are nan
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(v) for v in data]
    return data


#: The option that asks a command for one JSON document: such a run speaks English.
JSON_FLAG = "--json"
#: The keyword of a command's ``--json`` option (every command names it so).
JSON_PARAMETER = "as_json"


def json_asked(words: Sequence[str]) -> bool:
    """Whether the command line ``words`` asks for JSON output (``--json`` before any ``--``):
    then everything the run writes, standard output and standard error, is English, whatever
    the language (a script reads the same bytes in every language)."""
    for word in words:
        if word == "--":
            return False
        if word == JSON_FLAG:
            return True
    return False


#: The exit code when the reader of standard output has gone (128 + SIGPIPE, as a shell says).
EXIT_BROKEN_PIPE = 141


def silence_stdout() -> None:
    """Point standard output at the null device, so that nothing more fails to reach a
    reader that has gone (Python's advice for a broken pipe)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def guarded(fn: F) -> F:
    """Run a command body, turning expected errors into one line and exit code 2.

    Bad input is a :class:`~cardavia_cli.engine.errors.CardaviaError` (or an ``OSError``
    reading or writing a file); any other exception is a bug and keeps its traceback. Ctrl-C
    ends the command with exit code 130. A command called with ``--json`` (its keyword
    :data:`JSON_PARAMETER` true) runs in English, its errors too: ``--json`` output never
    changes with the language.
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from cardavia_cli.engine.errors import CardaviaError

        english = i18n.speaking(i18n.SOURCE_LANGUAGE) if kwargs.get(JSON_PARAMETER) else None
        with english or nullcontext():
            try:
                return fn(*args, **kwargs)
            except (typer.Exit, typer.Abort, SystemExit):
                raise
            except CardaviaError as exc:
                fail(str(exc))
            except BrokenPipeError:  # the reader of our output has gone (`| head`)
                silence_stdout()
                raise typer.Exit(EXIT_BROKEN_PIPE) from None
            except OSError as exc:
                where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
                fail(f"{where}{exc.strerror or exc}")
            except KeyboardInterrupt:
                sys.stderr.write("\n")
                raise typer.Exit(EXIT_INTERRUPTED) from None

    return wrapper  # type: ignore[return-value]


def apply_language(flag: str | None = None, *, lenient: bool = False, quiet: bool = False) -> str:
    """Speak the language chosen by ``--lang`` (``flag``), ``$CARDAVIA_LANG``, the settings
    file or the locale (:func:`~cardavia_cli.engine.i18n.resolve_language`); returns its code.

    An unknown ``$CARDAVIA_LANG`` is one warning line, and the next source decides. A settings
    file that cannot be read or an unknown ``--lang`` is one line and exit code 2;
    with ``lenient`` (for ``cardavia settings``, which mends the file) a bad settings file is
    passed over."""
    import os

    from cardavia_cli.engine import i18n
    from cardavia_cli.engine.errors import CardaviaError

    environ: dict[str, str] | None = None
    named = os.environ.get(i18n.LANG_ENV)
    if flag is None and named and i18n.normal_code(named) is None:
        # like every other variable of cardavia's: a bad value is one warning, never a lock-out
        # (the next source decides: the settings file, the locale); ``quiet``: the entry
        # point's first look, before the parse, says nothing (the root's callback says it)
        if not quiet:
            warn(
                _(
                    "{variable}: unknown language {value}: cardavia speaks {codes}; passed over"
                ).format(variable=i18n.LANG_ENV, value=repr(named), codes=", ".join(i18n.LANGUAGES))
            )
        environ = {k: v for k, v in os.environ.items() if k != i18n.LANG_ENV}
    try:
        chosen = None
        try:
            if flag is None and not (os.environ if environ is None else environ).get(i18n.LANG_ENV):
                from cardavia_cli.engine import preferences  # read only when it decides

                chosen = preferences.load().chosen_language
        except CardaviaError as exc:
            # a settings file that cannot be read never locks the player out: the defaults,
            # and one line saying what is wrong (`cardavia settings` mends it, unless the
            # file is a folder, which only the player can move)
            from cardavia_cli.engine.preferences import PreferencesError, SettingsFolderError

            usable = exc.usable if isinstance(exc, PreferencesError) else None
            if not lenient:
                if isinstance(exc, SettingsFolderError):
                    said = _(
                        "{problem}; the defaults are used (move it out of the way: cardavia "
                        "removes no folder)"
                    )
                elif usable is not None:
                    said = _(
                        "{problem}; the other settings are used (cardavia settings says how to "
                        "mend it)"
                    )
                else:
                    said = _(
                        "{problem}; the defaults are used (cardavia settings --reset mends it)"
                    )
                warn(said.format(problem=exc))
            chosen = usable.chosen_language if usable is not None else None
        code = i18n.resolve_language(flag, chosen, environ)
    except CardaviaError as exc:
        fail(str(exc))
    i18n.set_language(code)
    return code


def whole_number(text: str | int) -> int:
    """Typer ``parser`` of a whole-number option (0 or more): ASCII digits only, so ``²``,
    ``1_000``, ``+5`` and other scripts' digits are refused like any other non-number (raises
    ``typer.BadParameter``, a usage error: exit code 2). An option's default arrives as an
    ``int`` and is returned as it is."""
    from cardavia_cli.engine.numbers import parse_int

    if isinstance(text, int):
        return text
    value = parse_int(text.strip())
    if value is None or value < 0:
        raise typer.BadParameter(
            _("{text} is not a whole number 0 or more").format(text=repr(text))
        )
    if value > MAX_SEED:
        raise typer.BadParameter(
            _("{text} is too large (at most {most}, as a deal file holds)").format(
                text=repr(text), most=MAX_SEED
            )
        )
    return value


def count_option(count: Count) -> Callable[[str | int], int]:
    """The Typer ``parser`` of an option that is ``count``
    (:class:`~cardavia_cli.engine.numbers.Count`): the number, or ``typer.BadParameter`` (a
    usage error: exit code 2, one line naming the option) saying why not, in the count's own
    words (``'0' is not a whole number 1 or more``). An option's default arrives as an
    ``int`` and is returned as it is."""

    def parse(text: str | int) -> int:
        if isinstance(text, int):
            return text
        try:
            return count.parse(text)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


def home() -> Path:
    """Where cardavia keeps saves and history (:func:`cardavia_cli.engine.saves.home`)."""
    from cardavia_cli.engine.saves import home as _home

    return _home()


def saves_dir() -> Path:
    """The folder of named saves (:func:`cardavia_cli.engine.saves.saves_dir`)."""
    from cardavia_cli.engine.saves import saves_dir as _saves_dir

    return _saves_dir()


def save_path(name_or_file: str) -> Path:
    """The file of a save to read (:func:`cardavia_cli.engine.saves.save_path`)."""
    from cardavia_cli.engine.saves import save_path as _save_path

    return _save_path(name_or_file)


__all__ = [
    "EXIT_BAD",
    "EXIT_INTERRUPTED",
    "HISTORY",
    "EXIT_NO",
    "EXIT_OK",
    "console",
    "count_option",
    "echo",
    "error_line",
    "fail",
    "file_name",
    "guarded",
    "home",
    "json_asked",
    "literal",
    "print_json",
    "save_path",
    "saves_dir",
    "IgnoredSettings",
    "shown",
    "warn",
    "whole_number",
]
