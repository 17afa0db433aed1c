"""``cardavia settings``: show and change the player's settings, the language and the display
(:mod:`cardavia_cli.engine.preferences`, ``settings.toml`` in cardavia's folder).

* ``cardavia settings``: every setting, its value, its values and what it does (``--json``:
  one document for scripts, the same in every language);
* ``cardavia settings KEY``: that setting alone;
* ``cardavia settings KEY VALUE``: set it (the file is written atomically);
* ``cardavia settings KEY --reset``: back to its default; ``cardavia settings --reset``: every
  setting back to its default, which also mends a settings file that cannot be read.

An unknown key or value is one line and exit code 2. A bad settings file never locks the
player out: ``cardavia``'s root passes it over for this command (``lenient``), the command
says what is wrong with it in one line (exit code 2), a key ``--reset`` takes a bad key or
value out of it, and ``--reset`` writes the defaults. The display settings of the file are
read afresh by each command (:func:`forget_display`).
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from cardavia_cli.commands.common import guarded
from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import N_, _
from cardavia_cli.engine.nesting import load_toml

#: What each setting does, as ``engine.preferences.SETTINGS`` says it (``Setting.help``),
#: marked here for the catalogs (a test checks that the two agree).
HELP: Mapping[str, str] = {
    "language": N_("the language: auto follows the locale"),
    "contrast": N_("high: bold, no dim text, strong colours"),
    "temperature": N_("the colour temperature of the palette"),
    "palette": N_("colour-blind: colours told apart by a symbol too, never by hue alone"),
    "bidi": N_(
        "off: right-to-left lines without isolate marks, for a terminal that shows them (tmux)"
    ),
}
#: The site's third display setting, which has no meaning on a terminal.
GRAIN = "grain"
#: The settings as the completion offers them.
_KEY_HELP = {
    "language": "en, tr, ar or auto",
    "contrast": "normal or high",
    "temperature": "neutral, warm or cool",
    "palette": "standard or colour-blind",
    "bidi": "isolate or off",
}


def register(app: typer.Typer) -> None:
    """Add ``settings`` to the root app."""
    app.command(name="settings")(settings)


def _complete_keys(ctx: Any, incomplete: str) -> list[tuple[str, str]]:
    """The settings' names, for the shell's completion."""
    return [(k, h) for k, h in _KEY_HELP.items() if k.startswith(incomplete)]


def _complete_values(ctx: Any, incomplete: str) -> list[tuple[str, str]]:
    """The values of the setting named before, for the shell's completion."""
    from cardavia_cli.engine.preferences import BY_KEY

    setting = BY_KEY.get(str(getattr(ctx, "params", {}).get("key") or ""))
    if setting is None:
        return []
    return [(v, "") for v in setting.values if v.startswith(incomplete)]


@dataclass
class SettingsFile:
    """What the settings file holds: its ``table`` (``None`` when it cannot be read as TOML),
    what is wrong with it, in words (``problem``; ``None`` for a good file: every entry that
    is wrong, with its line), and the keys of those entries (``bad_keys``: ``KEY --reset``
    takes one out)."""

    path: Path
    table: dict[str, Any] | None
    problem: str | None = None
    bad_keys: tuple[str, ...] = ()
    #: The file's TOML text, when it was read as TOML (for a rewrite that keeps comments).
    text: str | None = None
    #: The file is a folder: nothing mends it but moving it (cardavia removes no folder).
    folder: bool = False


def _shown(text: object) -> str:
    from cardavia_cli.engine.paths import visible

    return visible(str(text))


def read_file(path: Path) -> SettingsFile:
    """The settings file at ``path``, read leniently: a missing file is an empty one; a file
    that cannot be read, is not UTF-8 or not TOML has no table; an unknown key or value is
    its problem, the table kept (so that ``KEY --reset`` can take it out)."""
    from cardavia_cli.engine.paths import read_regular

    where = _shown(path)
    try:
        raw = read_regular(path)
    except (FileNotFoundError, NotADirectoryError):
        return SettingsFile(path, {})
    except IsADirectoryError:
        from cardavia_cli.engine.preferences import folder_problem

        return SettingsFile(path, None, folder_problem(where), folder=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        problem = _("{path}: cannot be read ({reason})").format(path=where, reason=reason)
        return SettingsFile(path, None, problem)
    try:
        text = raw.decode("utf-8")
        table = load_toml(text)
    except UnicodeDecodeError:
        return SettingsFile(path, None, _("{path}: is not UTF-8 text").format(path=where))
    except tomllib.TOMLDecodeError as exc:
        problem = _("{path}: is not TOML ({error})").format(path=where, error=exc)
        return SettingsFile(path, None, problem)
    from dataclasses import replace

    from cardavia_cli.engine.preferences import key_lines

    return replace(checked(path, table, key_lines(text)), text=text)


def checked(
    path: Path, table: dict[str, Any], lines: Mapping[str, int] | None = None
) -> SettingsFile:
    """The settings file ``path`` holding ``table``, with every unknown key or value of
    ``table`` as its problem, each at its line when ``lines`` knows it
    (:func:`~cardavia_cli.engine.preferences.problems`)."""
    from cardavia_cli.engine.preferences import problems

    wrong = problems(table, _shown(path), lines)
    if not wrong:
        return SettingsFile(path, table)
    problem = "; ".join(message for _key, message in wrong)
    return SettingsFile(path, table, problem, tuple(key for key, _message in wrong))


#: A setting's line of a plain string value with a comment after it (the comment, with the
#: spaces before it).
_TRAILING_COMMENT = re.compile(r'^\s*[A-Za-z0-9_-]+\s*=\s*"[^"\\]*"(\s*#[^\r\n]*)')


def _edited(
    text: str | None, key: str, value: str | None, reads_as: Callable[[dict[str, Any]], bool]
) -> str | None:
    """The settings file's TOML ``text`` with ``key`` set to ``value`` (its line rewritten,
    its comment kept, or added at the end) or, for ``None``, its line taken out: comments
    and the other lines as they were. ``None`` (write the file anew) when there is no text,
    or when the edit's table is not what ``reads_as`` expects."""
    import tomli_w

    from cardavia_cli.engine.preferences import key_lines

    if text is None:
        return None
    lines = text.splitlines(keepends=True)
    line = key_lines(text).get(key)
    entry = [tomli_w.dumps({key: value})] if value is not None else []
    if line is not None and entry:
        # the line's own comment stays: key = "old"  # why -> key = "new"  # why
        comment = _TRAILING_COMMENT.match(lines[line - 1])
        if comment is not None:
            entry = [entry[0].rstrip("\n") + comment.group(1) + "\n"]
    if line is not None:
        new = "".join(lines[: line - 1] + entry + lines[line:])
    elif value is None:
        return None
    else:
        new = text + ("" if not text or text.endswith("\n") else "\n") + entry[0]
    try:
        if reads_as(load_toml(new)):
            return new
    except (tomllib.TOMLDecodeError, CardaviaError):
        pass
    return None


def _check_key(key: str) -> None:
    from cardavia_cli.commands.common import fail
    from cardavia_cli.engine.preferences import BY_KEY

    if key == GRAIN:
        fail(
            _(
                "grain, the third display setting of the site these games come from, has no "
                "meaning on a terminal: it is no setting here (the settings are {keys})"
            ).format(keys=", ".join(BY_KEY))
        )
    if key not in BY_KEY:
        fail(
            _("unknown setting {key}: the settings are {keys}").format(
                key=_shown(repr(key)), keys=", ".join(BY_KEY)
            )
        )


def _check_value(key: str, value: str) -> str:
    """``value`` as one of ``key``'s values (an alias as its value: ``color-blind`` is
    ``colour-blind``), or one line and exit code 2."""
    from cardavia_cli.commands.common import fail
    from cardavia_cli.engine.preferences import BY_KEY

    setting = BY_KEY[key]
    found = setting.value_of(value)
    if found is None:
        fail(
            _("{value} is not a value of {key}: its values are {values}").format(
                value=_shown(repr(value)), key=key, values=", ".join(setting.values)
            )
        )
    return found


def _mend_hint(problem: str, keys: Sequence[str] = ()) -> str:
    if not keys:
        return _("{problem} (cardavia settings --reset writes the defaults)").format(
            problem=problem
        )
    if len(keys) == 1:
        return _(
            "{problem} (cardavia settings {key} --reset takes it out, cardavia settings --reset "
            "writes the defaults)"
        ).format(problem=problem, key=_shown(keys[0]))
    return _(
        "{problem} (cardavia settings KEY --reset takes one out, for each of {keys}; "
        "cardavia settings --reset writes the defaults)"
    ).format(problem=problem, keys=", ".join(_shown(k) for k in keys))


def _refuse(found: SettingsFile) -> None:
    from cardavia_cli.commands.common import fail

    assert found.problem is not None
    if found.folder:
        fail(
            _(
                "{problem}: move it out of the way, and cardavia settings can write the file "
                "(cardavia removes no folder)"
            ).format(problem=found.problem)
        )
    fail(_mend_hint(found.problem, found.bad_keys))


def _preferences(table: Mapping[str, Any]) -> Any:
    from cardavia_cli.engine.preferences import Preferences, check

    return Preferences(**{key: check(key, value) for key, value in table.items()})


def _document(prefs: Any, path: Path) -> dict[str, Any]:
    """The ``--json`` document: the file and every setting (key, value, default, values,
    help in English), the same in every language."""
    from cardavia_cli.engine.preferences import SETTINGS

    return {
        "file": str(path),
        "settings": [
            {
                "key": s.key,
                "value": getattr(prefs, s.key),
                "default": s.default,
                "values": list(s.values),
                "help": s.help,
            }
            for s in SETTINGS
        ],
    }


def settings_table(prefs: Any, keys: list[str] | None = None) -> Any:
    """The settings (or those of ``keys``) as a table: setting, value, values, what it
    does."""
    from rich.table import Table
    from rich.text import Text

    from cardavia_cli.engine.preferences import SETTINGS

    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, header_style="bold")
    table.add_column(_("setting"), no_wrap=True)
    table.add_column(_("value"), no_wrap=True)
    table.add_column(_("values"))
    table.add_column(_("what it does"))
    for s in SETTINGS:
        if keys is not None and s.key not in keys:
            continue
        value = getattr(prefs, s.key)
        shown = Text(value, style="bold" if value != s.default else "")
        table.add_row(s.key, shown, ", ".join(s.values), _(HELP.get(s.key, s.help)))
    return table


def _show(prefs: Any, path: Path, key: str | None, as_json: bool) -> None:
    from cardavia_cli.commands.common import console, literal, print_json

    if as_json:
        print_json(_document(prefs, path))
        return
    out = console(wide=True)
    out.print(settings_table(prefs, None if key is None else [key]))
    if key is not None:
        return
    soft = not out.is_terminal  # off a terminal a line stays a line (a long path too)
    out.print("")
    out.print(literal(_("Kept in {path}.").format(path=path)), soft_wrap=soft)
    for line in (
        _(
            "Change one with: cardavia settings KEY VALUE; back to its default: cardavia "
            "settings KEY --reset; every one: cardavia settings --reset."
        ),
        _(
            "Grain, the third display setting of the site these games come from, has no "
            "meaning on a terminal: it is no setting here."
        ),
    ):
        out.print(line, markup=False, soft_wrap=soft)


@guarded
def settings(
    key: str | None = typer.Argument(
        None,
        metavar="KEY",
        help="A setting: language, contrast, temperature, palette or bidi.",
        autocompletion=_complete_keys,
    ),
    value: str | None = typer.Argument(
        None, metavar="VALUE", help="Its new value.", autocompletion=_complete_values
    ),
    reset: bool = typer.Option(
        False,
        "--reset",
        help="Put KEY back to its default, or every setting without KEY (this mends a "
        "settings file that cannot be read).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Show and change your settings: the language and the display.

    Without KEY, every setting with its value, its values and what it does.
    [bold]cardavia settings KEY VALUE[/bold] sets one, [bold]cardavia settings KEY
    --reset[/bold] puts it back to its default and [bold]cardavia settings --reset[/bold]
    all of them. The settings are kept in settings.toml in cardavia's folder
    (CARDAVIA_HOME); a language given with --lang or CARDAVIA_LANG comes before the file's.

    [bold]contrast[/bold]: normal, or high (bold, no dim text, strong colours).
    [bold]temperature[/bold]: the colours neutral, warm or cool. [bold]palette[/bold]:
    standard, or colour-blind (colours told apart by colour-blind players, and every card
    marked with a symbol of its colour or suit too; Cuccu's cards have no suit and no mark).
    [bold]bidi[/bold]: isolate (in Arabic, card codes, numbers and Latin words are marked
    as left-to-right runs, for a terminal that shows right-to-left text), or off, for a
    terminal or multiplexer without bidirectional text (tmux) that shows the marks as
    glyphs. NO_COLOR, --ascii and TERM=dumb apply on top of every setting.

    Grain, the third display setting of the site these games come from, has no meaning on a
    terminal: it is no setting here.
    """
    from cardavia_cli.commands.common import echo, fail
    from cardavia_cli.engine import preferences
    from cardavia_cli.engine.saves import home

    home()  # a CARDAVIA_HOME that is a file is refused here as by saves and scores
    path = preferences.settings_path()
    if reset and value is not None:
        fail(_("--reset takes the name of a setting, not a value"))
    if reset and key is None:
        if path.is_dir():
            _refuse(read_file(path))
        prefs = preferences.Preferences()
        preferences.save(prefs, path)
        if as_json:
            _show(prefs, path, None, True)
        else:
            echo(_("Every setting is back to its default."))
        return
    found = read_file(path)
    if key is not None and not (reset and found.table is not None and key in found.table):
        _check_key(key)
    if value is not None:
        value = value.strip().lower()  # values are lower case: `language TR` is `tr`
    if key is not None and value is not None:
        value = _check_value(key, value)  # in the project's spelling: colour-blind
    if key is None or (value is None and not reset):
        if found.problem is not None:
            _refuse(found)
        assert found.table is not None
        _show(_preferences(found.table), path, key, as_json)
        return
    if found.table is None:
        _refuse(found)
    assert found.table is not None
    table = dict(found.table)
    old = table.get(key)
    if reset:
        table.pop(key, None)
    else:
        table[key] = value
    left = checked(path, table)
    if left.problem is not None and reset:
        # another entry is wrong too: take this one out, keep the rest as it is (its comments
        # too), and say what is left to mend, each at its line (one key at a time mends a file)
        import tomli_w

        from cardavia_cli.engine.dealfile import write_atomic
        from cardavia_cli.engine.preferences import key_lines

        text = _edited(found.text, key, None, lambda t: t == table) or tomli_w.dumps(table)
        write_atomic(path, text)
        echo(_("{key} is taken out of the settings file.").format(key=_shown(key)))
        from cardavia_cli.commands.common import warn

        left = checked(path, table, key_lines(text))
        warn(_mend_hint(left.problem or "", left.bad_keys))
        return
    if left.problem is not None:
        _refuse(left)
    prefs = _preferences(table)
    from cardavia_cli.engine.preferences import BY_KEY

    # a default is not written: its line is taken out
    dropped = reset or value == BY_KEY[key].default
    kept = _edited(found.text, key, None if dropped else value, lambda t: _preferences(t) == prefs)
    if kept is not None:  # the file's comments and order kept
        from cardavia_cli.engine.dealfile import write_atomic

        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, kept)
    else:
        preferences.save(prefs, path)
    if as_json:
        _show(prefs, path, None, True)
        return
    if reset:
        if key in BY_KEY:
            echo(
                _("{key} is back to its default, {value}.").format(
                    key=key, value=BY_KEY[key].default
                )
            )
        else:
            echo(_("{key} is taken out of the settings file.").format(key=_shown(key)))
    elif old is None or old == value:
        echo(_("{key} is now {value}.").format(key=key, value=value))
    else:
        echo(
            _("{key} is now {value} (it was {old}).").format(key=key, value=value, old=_shown(old))
        )


def forget_display() -> None:
    """Have the display settings read afresh from the settings file when next needed
    (:func:`cardavia_cli.engine.display.forget`), for a command run after another in the same
    process (the tests run many). Imports nothing: when the module was never imported there
    is nothing to forget, and a command that draws no card never reads the file."""
    found = sys.modules.get("cardavia_cli.engine.display")
    if found is not None:
        found.forget()
