"""The player's settings file: language and display, TOML in cardavia's folder.

``settings.toml`` in :func:`~cardavia_cli.engine.saves.home` (the configuration folder:
``$CARDAVIA_HOME`` or the user's app dir) holds the settings a player changed from their
defaults, one ``key = "value"`` line each::

    language = "tr"
    contrast = "high"

The keys and their values are :data:`SETTINGS`. The file is read with :mod:`tomllib` and
written with ``tomli-w`` atomically (a reader sees the old file or the new one). A file that
is not TOML, a key that is no setting or a value that is not one of its values raises
:class:`PreferencesError`, whose message names the file, and the line and key of every entry
that is wrong. Nothing here prints.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import LANGUAGES, _
from cardavia_cli.engine.nesting import load_toml
from cardavia_cli.engine.paths import path_problem, read_regular, visible

#: The settings file's name in cardavia's folder.
FILE_NAME = "settings.toml"


@dataclass(frozen=True, slots=True)
class Setting:
    """One key of the settings file: its ``values`` (the first is the default), what it
    does, in a few words (``help``, English; the command translates it), and ``aliases``:
    other spellings read as one of the values (``color-blind`` for ``colour-blind``), never
    shown nor written."""

    key: str
    values: tuple[str, ...]
    help: str
    aliases: Mapping[str, str] = field(default_factory=dict)

    @property
    def default(self) -> str:
        return self.values[0]

    def value_of(self, text: str) -> str | None:
        """``text`` as one of the values: any case, around spaces, an alias as its value;
        ``None`` when it is none of them.

        >>> BY_KEY["palette"].value_of(" Color-Blind"), BY_KEY["palette"].value_of("pink")
        ('colour-blind', None)
        """
        word = text.strip().lower()
        word = self.aliases.get(word, word)
        return word if word in self.values else None


#: Every setting, in the order ``cardavia settings`` shows them. Grain, the third of the
#: site's display settings, has no meaning on a terminal and is not one.
SETTINGS: tuple[Setting, ...] = (
    Setting("language", ("auto", *LANGUAGES), "the language: auto follows the locale"),
    Setting("contrast", ("normal", "high"), "high: bold, no dim text, strong colours"),
    Setting("temperature", ("neutral", "warm", "cool"), "the colour temperature of the palette"),
    Setting(
        "palette",
        ("standard", "colour-blind"),
        "colour-blind: colours told apart by a symbol too, never by hue alone",
        {"color-blind": "colour-blind"},  # the US spelling
    ),
    Setting(
        "bidi",
        ("isolate", "off"),
        "off: right-to-left lines without isolate marks, for a terminal that shows them (tmux)",
    ),
)
BY_KEY: Mapping[str, Setting] = {s.key: s for s in SETTINGS}


class PreferencesError(CardaviaError):
    """A settings file that cannot be read or holds what is no setting; the message names the
    file (and the key). ``usable``: for a file that reads as TOML, its good entries (the
    defaults for the others), which a reader may use; ``None`` when nothing in it is."""

    def __init__(self, message: str, usable: Preferences | None = None) -> None:
        super().__init__(message)
        self.usable = usable


class SettingsFolderError(PreferencesError):
    """``settings.toml`` is a folder: nothing can be read from it, and no setting can be
    written there until it is moved (``--reset`` cannot mend it: cardavia removes no folder)."""


def folder_problem(where: str) -> str:
    """What is wrong when the settings file ``where`` is a folder, in words."""
    return _("{path}: is a folder, not a settings file").format(path=where)


@dataclass(frozen=True, slots=True)
class Preferences:
    """The player's settings (defaults for what the file does not set)."""

    language: str = "auto"
    contrast: str = "normal"
    temperature: str = "neutral"
    palette: str = "standard"
    bidi: str = "isolate"

    def changed(self) -> dict[str, str]:
        """The settings that differ from their defaults, by key (what the file keeps)."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != BY_KEY[f.name].default
        }

    @property
    def chosen_language(self) -> str | None:
        """The language code the file chooses, ``None`` for ``auto``."""
        return None if self.language == "auto" else self.language


def check(key: str, value: object, where: str | None = None) -> str:
    """``value`` (any case: ``"TR"`` is ``"tr"``; an alias: ``"color-blind"`` is
    ``"colour-blind"``) as one of ``key``'s values (:meth:`Setting.value_of`); raises
    :class:`PreferencesError` otherwise, its message headed by the file ``where`` when given
    (``settings.toml: palette = 'pink' is not one of ...``)."""
    setting = BY_KEY.get(key)
    if setting is None:
        message = _("unknown setting {key}: the settings are {keys}").format(
            key=visible(repr(key)), keys=", ".join(BY_KEY)
        )
    elif isinstance(value, str) and (found := setting.value_of(value)) is not None:
        return found
    else:
        message = _("{key} = {value} is not one of {values}").format(
            key=key, value=visible(repr(value)), values=", ".join(setting.values)
        )
    raise PreferencesError(f"{where}: {message}" if where else message)


def key_lines(text: str) -> dict[str, int]:
    """The line (counted from 1) where each top-level key of the TOML ``text`` of a settings
    file is first set: ``key = ...`` or a table ``[key]``, a quoted key unquoted.

    >>> key_lines('language = "tr"\\n\\n"palette" = "x"\\n[width]\\n')
    {'language': 1, 'palette': 3, 'width': 4}
    """
    import re

    found: dict[str, int] = {}
    pattern = re.compile(r"""\s*(?:\[+\s*)?(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*[=\]]""")
    for number, line in enumerate(text.splitlines(), 1):
        if (m := pattern.match(line)) is not None:
            key = next(g for g in m.groups() if g is not None)
            found.setdefault(key, number)
    return found


def problems(
    table: Mapping[str, object], where: str, lines: Mapping[str, int] | None = None
) -> list[tuple[str, str]]:
    """Every unknown key or value of a settings ``table`` (:func:`check`), in the file's
    order, as ``(key, message)``; each message is headed by the file ``where`` and, when
    ``lines`` (:func:`key_lines`) knows it, the key's line: ``settings.toml:3: palette =
    'pink' is not one of ...``."""
    found = []
    for key, value in table.items():
        line = (lines or {}).get(key)
        try:
            check(key, value, f"{where}:{line}" if line else where)
        except PreferencesError as exc:
            found.append((key, str(exc)))
    return found


def settings_path() -> Path:
    """The settings file: ``settings.toml`` in cardavia's folder (``$CARDAVIA_HOME`` or the
    user's app dir; :func:`~cardavia_cli.engine.saves.home` checks that it is a folder)."""
    import os

    env = os.environ.get("CARDAVIA_HOME")
    if env and path_problem(env) is None:
        return Path(env) / FILE_NAME
    import typer

    return Path(typer.get_app_dir("cardavia")) / FILE_NAME


def load(path: Path | None = None) -> Preferences:
    """The settings in ``path`` (default :func:`settings_path`); the defaults when there is no
    such file. Raises :class:`PreferencesError` for a file that is no TOML, not UTF-8, cannot
    be read (:class:`SettingsFolderError` for a folder), or holds an unknown key or value (its
    ``usable``: the file's good entries)."""
    p = settings_path() if path is None else path
    where = visible(str(p))
    try:
        raw = read_regular(p)
    except (FileNotFoundError, NotADirectoryError):  # no file, or no folder to hold one
        return Preferences()
    except IsADirectoryError:
        raise SettingsFolderError(folder_problem(where)) from None
    except OSError as exc:
        raise PreferencesError(f"{where}: cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
        table = load_toml(text)
    except UnicodeDecodeError:
        raise PreferencesError(f"{where}: is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise PreferencesError(f"{where}: is not TOML ({exc})") from None
    wrong = problems(table, where, key_lines(text))
    bad = {key for key, _message in wrong}
    good = Preferences(**{k: check(k, v) for k, v in table.items() if k not in bad})
    if wrong:
        raise PreferencesError("; ".join(message for _key, message in wrong), usable=good)
    return good


def save(prefs: Preferences, path: Path | None = None) -> Path:
    """Write ``prefs`` (only what differs from the defaults) to ``path`` (default
    :func:`settings_path`) atomically, creating cardavia's folder if needed. Returns the
    path. Raises ``OSError`` when it cannot be written (the old file is then untouched)."""
    import tomli_w

    from cardavia_cli.engine.dealfile import write_atomic

    p = settings_path() if path is None else path
    p.parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(p, tomli_w.dumps(prefs.changed()))
