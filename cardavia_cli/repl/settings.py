"""The session's settings: the on/off toggles a game's UI declares
(:class:`~cardavia_cli.engine.interface.Switch`).

Settings live in the session only (never in saves). A setting marked ``controls_forced``
decides whether the human's forced answers are applied automatically: when any such setting
is off, they wait for the human to type them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from cardavia_cli.engine.interface import Switch

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
    """``on``/``off`` (and ``yes``/``no``, ``true``/``false``, ``1``/``0``, any case) as a
    bool; ``None`` for anything else."""
    low = word.strip().lower()
    if low in ON_WORDS:
        return True
    if low in OFF_WORDS:
        return False
    return None
