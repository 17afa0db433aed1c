"""What REPL handlers return (design.md rule 7: handlers return data, one module prints).

A handler returns a :data:`Reply`, a list of items: rich renderables (tables, styled text from
a game's view module) or one of the small values below. :mod:`.render` prints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text


@dataclass(frozen=True)
class Note:
    """One informational line (never wrapped into several lines by the renderer)."""

    text: str | Text
    style: str = ""


@dataclass(frozen=True)
class Problem:
    """A refused command: one line saying what is wrong; the game state is unchanged."""

    text: str


@dataclass(frozen=True)
class Paged:
    """A long text (the rules): shown through a pager on a terminal, printed otherwise."""

    renderable: RenderableType


@dataclass(frozen=True)
class Pause:
    """A pause of ``seconds`` between two lines of a long run of computer plays: taken on a
    terminal only (the renderer's ``pause``), nothing off one."""

    seconds: float


Item = Note | Problem | Paged | Pause | RenderableType
Reply = list[Item]
