"""The display settings in force: contrast, colour temperature, palette and bidirectional text
(the settings file, :mod:`.preferences`), and the marks of the colour-blind palette.

The settings file is read when the display is first needed (:func:`current`: the first
console made, the first card drawn), so that a command that prints no card and no table
(``check --json``) reads nothing; the consoles build their rich theme from it
(``repl/theme.py``) and the games' views ask :func:`mark` for the symbol that shows a card's
colour or suit besides its hue. With the standard palette a card shows no mark: the default
look is the look of before. In a language written right to left the output layer marks the
left-to-right runs of a line as isolates (:func:`~.i18n.isolate_ltr`) unless ``bidi`` is
``off`` (:attr:`Display.isolates`): a terminal or multiplexer without bidirectional text
(tmux) shows the marks as glyphs. A settings file that cannot be read gives the default display
(``cardavia settings`` says what is wrong with it). Nothing here prints, and nothing here
knows a game: each game's view names its own marks.

Grain, the third display setting of the site the games come from, has no meaning on a
terminal: it is no setting.

>>> configure(Display()); mark("◆", "*")
''
>>> configure(Display(palette="colour-blind")); mark("◆", "*")
'◆'
>>> reset(); current() == Display()
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardavia_cli.engine.preferences import Preferences

#: The environment variable that asks for ASCII output (``cardavia --ascii``).
ASCII_ENV = "CARDAVIA_ASCII"
#: The palette whose colours are told apart by a mark too, never by hue alone.
COLOUR_BLIND = "colour-blind"


@dataclass(frozen=True, slots=True)
class Display:
    """The display settings: ``contrast`` (``normal``, ``high``), ``temperature``
    (``neutral``, ``warm``, ``cool``), ``palette`` (``standard``, ``colour-blind``) and
    ``bidi`` (``isolate``, ``off``), the values of the settings file's keys of the same
    names."""

    contrast: str = "normal"
    temperature: str = "neutral"
    palette: str = "standard"
    bidi: str = "isolate"

    @property
    def high_contrast(self) -> bool:
        """Whether text is bold and never dim, in strong colours."""
        return self.contrast == "high"

    @property
    def marked(self) -> bool:
        """Whether every card shows a mark of its colour or suit (the colour-blind palette)."""
        return self.palette == COLOUR_BLIND

    @property
    def isolates(self) -> bool:
        """Whether the left-to-right runs of a right-to-left line are marked as isolates
        (``bidi = "isolate"``, the default; ``off`` for a terminal that shows the marks)."""
        return self.bidi != "off"

    @classmethod
    def of(cls, prefs: Preferences) -> Display:
        """The display settings of the player's settings ``prefs``."""
        return cls(prefs.contrast, prefs.temperature, prefs.palette, prefs.bidi)


_current: Display | None = None


def current() -> Display:
    """The display settings in force: those of the settings file, read the first time they
    are asked for (the defaults when it cannot be read), or those given to :func:`configure`."""
    global _current
    if _current is None:
        _current = _from_settings()
    return _current


def _from_settings() -> Display:
    from cardavia_cli.engine.preferences import PreferencesError, load

    try:
        return Display.of(load())
    except PreferencesError as exc:  # the good entries of a file with bad ones, else defaults
        return Display.of(exc.usable) if exc.usable is not None else Display()


def configure(display: Display) -> None:
    """Use ``display`` from now on (every console made after this, every card drawn)."""
    global _current
    _current = display


def reset() -> None:
    """Back to the default display settings (whatever the settings file says)."""
    configure(Display())


def forget() -> None:
    """Read the settings file again when the display is next needed (a new command in the
    same process)."""
    global _current
    _current = None


def isolating() -> bool:
    """Whether the output layer marks left-to-right runs as isolates now: a language written
    right to left (:func:`~.i18n.is_rtl`) and ``bidi`` not ``off``. Reads the settings file
    only in such a language.

    >>> from cardavia_cli.engine.i18n import speaking
    >>> with speaking("ar"):
    ...     configure(Display()); on = isolating()
    ...     configure(Display(bidi="off")); off = isolating()
    >>> on, off, isolating()
    (True, False, False)
    >>> reset()
    """
    from cardavia_cli.engine.i18n import is_rtl

    return is_rtl() and current().isolates


def ascii_marks() -> bool:
    """Whether marks are written in ASCII (``--ascii``, ``CARDAVIA_ASCII=1``)."""
    return os.environ.get(ASCII_ENV, "") not in ("", "0")


def mark(symbol: str, ascii_symbol: str) -> str:
    """The mark a card shows after its code: ``symbol`` in the colour-blind palette
    (``ascii_symbol`` with ASCII output), nothing in the standard palette."""
    if not current().marked:
        return ""
    return ascii_symbol if ascii_marks() else symbol


__all__ = [
    "ASCII_ENV",
    "COLOUR_BLIND",
    "Display",
    "ascii_marks",
    "configure",
    "current",
    "forget",
    "isolating",
    "mark",
    "reset",
]
