"""The one place where the REPL prints (design.md rule 7).

:class:`Renderer` turns the items of a :data:`~.output.Reply` into output on a rich console.
Plain strings are printed without markup (card melds are written ``[rR rR rR]``, which rich
would otherwise read as markup), and the text of a :class:`Note` or :class:`Problem` with its
control characters written as escapes (a save path typed with ``ESC`` in it is shown, not
obeyed); a problem quotes a word of thousands of characters cut short (:func:`shortened`).
Off a terminal rich drops the styling by itself, and with
``NO_COLOR`` it keeps the layout without colours; card codes carry their colour in their text.
One-line items are wrapped between words on a terminal (never in the middle of a word) and
never wrapped off one, where a line stays a line for the programs that read it; tables fit as
:class:`~.console.FitConsole` makes them.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

from cardavia_cli.engine.paths import visible
from cardavia_cli.repl.console import dumb_terminal
from cardavia_cli.repl.output import Item, Note, Paged, Pause, Problem

PROBLEM_STYLE = "bold red"
#: A word of a problem longer than this (a typed line of thousands of characters quoted back)
#: is cut to its first :data:`KEPT` characters and an ellipsis, its closing quote kept.
LONG_WORD = 100
KEPT = 60
_CLOSING = re.compile(r"[\'\")\]:;,.!?]{0,3}$")


def shortened(text: str) -> str:
    """``text`` with each word longer than :data:`LONG_WORD` characters cut to its first
    :data:`KEPT` and ``…``, the punctuation that closes it kept (``'xxx…'``).

    >>> shortened("unknown command '" + "x" * 9000 + "'") == "unknown command '" + "x" * 59 + "…'"
    True

    A word that names a file or folder of this machine (its folder exists) is kept whole: a
    problem's path is where to look, and a deep one is longer than a typed word may be.
    """
    words = text.split(" ")
    for i, word in enumerate(words):
        if len(word) > LONG_WORD:
            closing = _CLOSING.search(word)
            tail = closing.group(0) if closing is not None else ""
            if _names_a_place(word[: len(word) - len(tail)]):
                continue
            words[i] = word[:KEPT] + "…" + tail
    return " ".join(words)


def _names_a_place(word: str) -> bool:
    """Whether ``word`` is a path whose folder is there (asked of the file system only for
    words with a separator, of at most ``PATH_MAX`` characters)."""
    if os.sep not in word or len(word) > 4096 or "\x00" in word:
        return False
    try:
        return os.path.isdir(os.path.dirname(word) or ".")
    except (OSError, ValueError):
        return False


def _let_less_show_colours() -> None:
    """rich pages through the system pager; ``less`` shows styled text only with ``-R``, so
    add it to ``LESS`` (for this process and its pager) unless the user set ``R`` there. With
    no ``LESS`` at all, use git's ``-FRX``: a text that fits on the screen is printed without
    paging (``-F``), and a paged one stays on the screen after ``q`` (``-X``)."""
    flags = os.environ.get("LESS")
    if flags is None:
        os.environ["LESS"] = "-FRX"
    elif "R" not in flags and "r" not in flags:
        os.environ["LESS"] = f"{flags} -R"


class Renderer:
    """Prints REPL output on ``console``; ``pager`` sends :class:`Paged` items to a pager;
    ``pause(seconds)`` takes a :class:`Pause` (default ``time.sleep``), only when the console
    is a terminal."""

    def __init__(
        self,
        console: Console,
        *,
        pager: bool = False,
        pause: Callable[[float], None] | None = None,
    ) -> None:
        self.console = console
        self.pager = pager
        self.pause = pause if pause is not None else time.sleep

    @contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """While the body runs, ``text`` with a spinner on a terminal (nothing elsewhere): a
        computer player that searches shows that it is thinking."""
        if not self.console.is_terminal or dumb_terminal():
            yield
            return
        with self.console.status(text, spinner="dots"):
            yield

    @contextmanager
    def progress(self, text: str) -> Iterator[Callable[[str], None]]:
        """:meth:`thinking` whose text the body may change: it gets ``tell(text)`` (which
        does nothing off a terminal)."""
        if not self.console.is_terminal or dumb_terminal():
            yield lambda _text: None
            return
        with self.console.status(text, spinner="dots") as status:
            yield lambda new: status.update(new)

    def show(self, items: Iterable[Item]) -> None:
        """Print every item, in order."""
        for item in items:
            self.show_one(item)

    def show_one(self, item: Item) -> None:
        """Print one item: a line for :class:`Note` and :class:`Problem`, a renderable as is."""
        out = self.console
        soft = not out.is_terminal
        if isinstance(item, Pause):
            if out.is_terminal and item.seconds > 0:
                out.file.flush()
                self.pause(item.seconds)
        elif isinstance(item, Problem):
            line = Text("! ", style=PROBLEM_STYLE)
            line.append(visible(shortened(" ".join(item.text.split()))), style=PROBLEM_STYLE)
            out.print(line, soft_wrap=soft)
        elif isinstance(item, Note):
            text = item.text if isinstance(item.text, Text) else Text(visible(item.text))
            if item.style:
                text = text.copy()
                text.stylize(item.style)
            out.print(text, soft_wrap=soft)
        elif isinstance(item, Paged):
            if self.pager and not dumb_terminal():
                _let_less_show_colours()
                with out.pager(styles=True):
                    out.print(item.renderable)
            else:
                out.print(item.renderable)
        elif isinstance(item, str):
            out.print(item, markup=False, highlight=False, soft_wrap=soft)
        elif isinstance(item, Text) and "\n" not in item.plain:
            out.print(item, soft_wrap=soft)
        else:
            out.print(item)
