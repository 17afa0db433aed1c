"""The session's settings: the on/off toggles a game's UI declares
(:class:`~cardavia_cli.engine.interface.Switch`).

A save keeps the settings changed from their defaults (``settings`` of the deal file). A
setting marked ``controls_forced``
decides whether the human's forced answers are applied automatically: when any such setting
is off, they wait for the human to type them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence

from cardavia_cli.engine.dealfile import DealFile
from cardavia_cli.engine.errors import DealFileError
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.interface import Switch
from cardavia_cli.engine.numbers import parse_decimal
from cardavia_cli.repl.words import is_word

ON_WORDS = ("on", "yes", "true", "1")
OFF_WORDS = ("off", "no", "false", "0")


class Settings(Mapping[str, bool]):
    """The values of a game's settings by name, starting at their defaults.

    Raises ``ValueError`` when two settings share a name.
    """

    def __init__(self, declared: Sequence[Switch] = ()) -> None:
        self.declared: dict[str, Switch] = {}
        self._values: dict[str, bool] = {}
        for setting in declared:
            if setting.name in self.declared:
                raise ValueError(f"setting {setting.name!r} is declared twice")
            self.declared[setting.name] = setting
            self._values[setting.name] = bool(setting.default)

    def __getitem__(self, name: str) -> bool:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def set(self, name: str, value: bool) -> None:
        """Set ``name`` (a declared setting; ``KeyError`` otherwise)."""
        if name not in self._values:
            raise KeyError(name)
        self._values[name] = value

    @property
    def forced_automatic(self) -> bool:
        """Whether the human's forced answers are applied without asking: every setting
        that controls them is on (true when there is none)."""
        return all(self._values[n] for n, s in self.declared.items() if s.controls_forced)

    def holding_forced(self) -> list[str]:
        """The settings, off, that make forced answers wait."""
        return [n for n, s in self.declared.items() if s.controls_forced and not self._values[n]]


def parse_switch(word: str) -> bool | None:
    """``on``/``off`` (and ``yes``/``no``, ``true``/``false``, ``1``/``0``, any case; and the
    words of the language spoken now for on and off) as a bool; ``None`` for anything else."""
    low = word.strip().lower()
    if low in ON_WORDS or is_word(word.strip(), "on"):
        return True
    if low in OFF_WORDS or is_word(word.strip(), "off"):
        return False
    return None


#: The environment variable that sets the pace of computer plays on a terminal (seconds).
PACE_ENV = "CARDAVIA_PACE"
#: The pause between the lines of a long run of computer plays on a terminal (seconds).
DEFAULT_PACE = 0.3
#: The longest pause accepted (seconds).
MAX_PACE = 5.0
#: A run of computer plays of more lines than this is paced.
PACED_RUN = 3


def parse_pace(word: str) -> float | None:
    """A pace in seconds from ``0`` to :data:`MAX_PACE` (``0.3``, ``1``; ``off`` is 0);
    ``None`` for anything else.

    >>> parse_pace("0.3"), parse_pace("off"), parse_pace("-1"), parse_pace("nan")
    (0.3, 0.0, None, None)
    """
    low = word.strip().lower()
    if low in OFF_WORDS or is_word(word.strip(), "off"):
        return 0.0
    value = parse_decimal(low)
    if value is None or value > MAX_PACE:
        return None
    return value


def pace_from_env() -> tuple[float, str | None]:
    """The pace :data:`PACE_ENV` sets (default :data:`DEFAULT_PACE`), and a problem line when
    its value is no pace (the default is then used)."""
    text = os.environ.get(PACE_ENV)
    if text is None or not text.strip():
        return DEFAULT_PACE, None
    value = parse_pace(text)
    if value is None:
        return DEFAULT_PACE, _(
            "{variable}={text} is not a pace (seconds from 0 to {most}, or off): "
            "pacing at {default} s"
        ).format(
            variable=PACE_ENV, text=repr(text), most=f"{MAX_PACE:g}", default=f"{DEFAULT_PACE:g}"
        )
    return value, None


def check_saved_settings(declared: Sequence[Switch], game: str, deal: DealFile) -> None:
    """Raise :class:`~cardavia_cli.engine.errors.DealFileError` naming the file for a setting
    of ``deal``'s ``settings`` table that the REPL of ``game`` does not have (its settings:
    ``declared``): a save that ``resume`` refuses, and that ``saves list`` calls unreadable."""
    names = [s.name for s in declared]
    for name in deal.settings:
        if name not in names:
            known = ", ".join(names) or _("none")
            raise DealFileError(
                _("settings.{name}: {game} has no such setting (its settings: {known})").format(
                    name=name, game=game, known=known
                ),
                deal.where or "<deal file>",
            )
