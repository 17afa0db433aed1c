"""Output that fits where it goes (cli.md: rich output that respects ``NO_COLOR`` and degrades to
plain text off a terminal), for the commands and the REPL alike, for every game.

:func:`make_console` builds the one kind of console cardavia prints on, a :class:`FitConsole`:

* off a terminal (a pipe, a file): plain text, no colour, no box tables (a table is printed
  with its columns only), no trailing spaces at the end of a line, and lines never wrapped
  (a pipe has no width);
* on a terminal: colour unless ``NO_COLOR`` is set or ``TERM`` is ``dumb``; a table wider
  than the terminal drops its box rather than cutting its cells to ``…``; long lines are
  wrapped between words by the renderer (:mod:`.render`), never in the middle of one;
* ``--ascii`` (or ``CARDAVIA_ASCII=1``), or an output encoding that is not Unicode: only
  ASCII characters (box lines as ``+-|``, ``…`` as ``...``, card suit symbols as letters);
* the palette of the display settings (:mod:`.theme`): every console is made with its theme;
* in a language written right to left (:func:`~cardavia_cli.engine.i18n.is_rtl`), on a
  terminal: every line that holds right-to-left letters is written with its card codes,
  numbers and Latin words as left-to-right isolates (:func:`isolated`), so that a terminal
  that shows bidirectional text keeps ``9H 9D`` as written. Off a terminal the lines are
  written as they are (a program reads them), and with ASCII output there is nothing right
  to left left to isolate; with the display setting ``bidi = "off"`` (a terminal or
  multiplexer without bidirectional text, such as tmux, shows the isolates as glyphs) the
  lines are written as they are too (:func:`~cardavia_cli.engine.display.isolating`).
"""

from __future__ import annotations

import copy
import errno
import io
import os
import re
import sys
import unicodedata
from typing import Any, TextIO

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

#: The environment variable that asks for ASCII output (set by ``cardavia --ascii``).
ASCII_ENV = "CARDAVIA_ASCII"

#: ASCII stand-ins of the characters cardavia's output may hold (box lines are drawn by rich
#: with ASCII boxes already when :func:`ascii_wanted`; these cover the rest).
_ASCII = {
    # letters of Latin scripts with no decomposition (Turkish dotless i, ...)
    "ı": "i",
    "ł": "l",
    "Ł": "L",
    "ø": "o",
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
    "…": "...",
    "–": "-",
    "—": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "×": "x",
    "•": "*",
    "·": ".",
    "→": "->",
    "←": "<-",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
    "★": "*",
    "☆": "*",
    # the marks of the colour-blind palette (each game's view writes its own ASCII marks with
    # --ascii; these are for an output encoding that is not Unicode)
    "◆": "*",
    "●": "+",
    "○": "o",
    "▲": "#",
    "✿": "%",
    "🂠": "#",
    "½": " 1/2",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "−": "-",
    "\u00a0": " ",
}
#: Box-drawing characters: U+2500 to U+257F.

#: An aside in parentheses (``(掼蛋)``, ``(Four Colour Cards, 四色牌)``).
_ASIDE = re.compile(r" ?\(([^()]+)\)")


def _other_script(text: str) -> bool:
    """Whether ``text`` is a word or name written in a script without ASCII letters (掼蛋)."""
    letters = text.replace(" ", "")
    return bool(letters) and all(unicodedata.category(c) == "Lo" for c in letters)


def _drop_asides(text: str) -> str:
    """``text`` without the names in parentheses written in another script: ``Guandan (掼蛋)``
    is ``Guandan``, ``(Four Colour Cards, 四色牌)`` is ``(Four Colour Cards)``."""

    def keep(found: re.Match[str]) -> str:
        items = found.group(1).split(", ")
        kept = [item for item in items if not _other_script(item)]
        if len(kept) == len(items):
            return found.group(0)
        space = " " if found.group(0).startswith(" ") else ""
        return f"{space}({', '.join(kept)})" if kept else ""

    return _ASIDE.sub(keep, text)


def _ascii_char(ch: str) -> str:
    """One character outside ASCII as ASCII (see :func:`to_ascii`)."""
    if ch in _ASCII:
        return _ASCII[ch]
    if 0x2500 <= ord(ch) <= 0x257F:
        name = unicodedata.name(ch, "")
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+"
    # the letter of a letter with accents (canonical decomposition only: a lookalike such as
    # "2" for "²" would name another thing than was typed)
    base = unicodedata.normalize("NFD", ch).encode("ascii", "ignore").decode()
    if base:
        return base
    return _escaped(ch)


def _escaped(ch: str) -> str:
    """The escape of one character, as :func:`~cardavia_cli.engine.paths.visible` writes
    one: ``\\xb2`` for ``²``, ``\\u63bc`` for ``掼``, ``\\U0001f0a0`` above U+FFFF."""
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def to_ascii(text: str) -> str:
    """``text`` with every character outside ASCII replaced: the known symbols by their
    stand-ins (``…`` -> ``...``, ``♠`` -> ``S``, ``½`` -> `` 1/2``, box lines by ``-``, ``|`` or
    ``+``), letters with accents by the letter (``Cucù`` -> ``Cucu``), a name in parentheses
    written in another script left out (``Guandan (掼蛋)`` -> ``Guandan``), and anything else
    (a typed ``²``) by its escape (``\\xb2``), so that nothing reads as another thing.

    >>> to_ascii("Guandan (掼蛋): 14½ … ♠"), to_ascii("unknown card '²'")
    ('Guandan: 14 1/2 ... S', "unknown card '\\\\xb2'")
    >>> to_ascii("kırmızı, yardım, İpucu")
    'kirmizi, yardim, Ipucu'
    """
    if text.isascii():
        return text
    text = _drop_asides(text)
    out: list[str] = []
    for ch in text:
        out.append(ch if ch.isascii() else _ascii_char(ch))
    return "".join(out)


def ascii_wanted(stream: TextIO | None = None) -> bool:
    """Whether output must be ASCII: ``CARDAVIA_ASCII`` set (to anything but ``""`` or ``0``),
    or ``stream`` (default standard output) writes an encoding that is not Unicode."""
    flag = os.environ.get(ASCII_ENV, "")
    if flag not in ("", "0"):
        return True
    stream = stream if stream is not None else sys.stdout
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
    return not encoding.startswith("utf")


def dumb_terminal() -> bool:
    """Whether ``TERM`` says the terminal handles no colours or cursor movement."""
    return os.environ.get("TERM", "").lower() == "dumb"


class PlainLines(io.TextIOBase):
    """A text stream that writes to ``target`` whole lines without their trailing spaces (and,
    with ``ascii_only``, with :func:`to_ascii` applied). A last line without its newline is
    written by :meth:`flush`. It is never a terminal."""

    def __init__(self, target: TextIO, *, ascii_only: bool = False) -> None:
        super().__init__()
        self.target = target
        self.ascii_only = ascii_only
        self._pending = ""

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "ascii" if self.ascii_only else (getattr(self.target, "encoding", None) or "utf-8")

    def write(self, text: str) -> int:
        data = self._pending + text
        *lines, self._pending = data.split("\n")
        if lines:
            body = "".join(line.rstrip(" ") + "\n" for line in lines)
            self.target.write(to_ascii(body) if self.ascii_only else body)
        return len(text)

    def flush(self) -> None:
        if self._pending:
            tail = self._pending.rstrip(" ")
            self.target.write(to_ascii(tail) if self.ascii_only else tail)
            self._pending = ""
        self.target.flush()


def _has_rtl(line: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in line)


def isolated(text: str) -> str:
    """``text`` with every line that holds right-to-left letters (Arabic) passed through
    :func:`~cardavia_cli.engine.i18n.isolate_ltr`: its card codes, numbers and Latin words
    become left-to-right isolates, its colour escapes stay as they are; a line of Latin
    letters only is left as it is. Unchanged in a language written left to right, and with
    the display setting ``bidi = "off"``.

    >>> from cardavia_cli.engine.i18n import speaking
    >>> with speaking("ar"):
    ...     isolated("العب 9H\\n9H 9D") == "العب \\u20669H\\u2069\\n9H 9D"
    True
    >>> isolated("play 9H")
    'play 9H'
    """
    from cardavia_cli.engine.display import isolating
    from cardavia_cli.engine.i18n import isolate_ltr

    if text.isascii() or not isolating():
        return text
    lines = text.split("\n")
    return "\n".join(isolate_ltr(ln, rtl=True) if _has_rtl(ln) else ln for ln in lines)


class _FilteringStream(io.TextIOBase):
    """A terminal stream that writes :meth:`shown` of everything to ``target``; it is a
    terminal when ``target`` is one."""

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self.target = target

    def shown(self, text: str) -> str:
        return text

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return self.target.isatty()
        except (AttributeError, OSError, ValueError):
            return False

    def fileno(self) -> int:
        return self.target.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.target, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        self.target.write(self.shown(text))
        return len(text)

    def flush(self) -> None:
        self.target.flush()


class IsolatingStream(_FilteringStream):
    """A terminal stream that writes :func:`isolated` of everything (a language written right
    to left on a terminal); it is a terminal when ``target`` is one."""

    def shown(self, text: str) -> str:
        return isolated(text)


class AsciiStream(_FilteringStream):
    """A terminal stream that writes :func:`to_ascii` of everything (``--ascii`` on a
    terminal); it is a terminal when ``target`` is one."""

    def shown(self, text: str) -> str:
        return to_ascii(text)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "ascii"


def unboxed(renderable: Any) -> Any:
    """``renderable`` with the box of every table in it taken away (tables inside groups too):
    the columns stay, two spaces apart, the header row stays. Other renderables are returned
    as they are; nothing given is changed (tables are copied)."""
    if isinstance(renderable, Table):
        if renderable.box is None:
            return renderable
        table = copy.copy(renderable)
        table.box = None
        table.show_edge = False
        table.columns = [copy.copy(c) for c in renderable.columns]
        return table
    if isinstance(renderable, Group):
        return Group(*(unboxed(r) for r in renderable.renderables), fit=renderable.fit)
    return renderable


def has_box(renderable: Any) -> bool:
    """Whether ``renderable`` is, or a group holds, a table drawn with a box."""
    if isinstance(renderable, Table):
        return renderable.box is not None
    if isinstance(renderable, Group):
        return any(has_box(r) for r in renderable.renderables)
    return False


def folded(renderable: Any) -> Any:
    """``renderable`` with every table in it (tables inside groups too) free to wrap its cells
    between words and to fold a word longer than its column, rather than cut it to ``…``.
    Nothing given is changed (tables and columns are copied)."""
    if isinstance(renderable, Table):
        table = copy.copy(renderable)
        columns = []
        for column in renderable.columns:
            column = copy.copy(column)
            column.no_wrap = False
            column.overflow = "fold"
            columns.append(column)
        table.columns = columns
        return table
    if isinstance(renderable, Group):
        return Group(*(folded(r) for r in renderable.renderables), fit=renderable.fit)
    return renderable


def _plain_cell(cell: Any) -> Text | None:
    """A table cell as text (``None`` for a cell that is no text, e.g. a nested table)."""
    if isinstance(cell, Text):
        return cell
    if isinstance(cell, str):
        return Text(cell)
    return None


def stacked(table: Table) -> Group | None:
    """``table`` as lines of text, one per row: the cells one after the other, each headed by
    its column's heading (``cards 2``), empty cells left out; the title first. Each line wraps
    between words like any text, so a table too narrow for its words still splits none.
    ``None`` when a cell is no text (it cannot be written on a line)."""
    heads = [str(c.header).strip() for c in table.columns]
    cells = [list(c.cells) for c in table.columns]
    lines: list[RenderableType] = []
    if table.title is not None:
        lines.append(Text(str(table.title)) if isinstance(table.title, str) else table.title)
    for index in range(table.row_count):
        line = Text()
        for head, column in zip(heads, cells, strict=True):
            cell = _plain_cell(column[index]) if index < len(column) else Text("")
            if cell is None:
                return None
            if not cell.plain.strip():
                continue
            if line.plain:
                line.append("  ")
            if head:
                line.append(f"{head} ", style="dim")
            line.append_text(cell)
        if line.plain:
            lines.append(line)
    return Group(*lines)


def has_table(renderable: Any) -> bool:
    """Whether ``renderable`` is, or a group holds, a table."""
    if isinstance(renderable, Table):
        return True
    if isinstance(renderable, Group):
        return any(has_table(r) for r in renderable.renderables)
    return False


class FitConsole(Console):
    """A rich console whose tables fit without cutting or splitting a word: off a terminal
    they have no box; on a terminal a table wider than the terminal drops its box, and if it
    is still too wide its cells wrap between words, each column at least as wide as its
    longest word (:meth:`squeezed`); a table whose longest words do not fit side by side is
    written one line per row (:func:`stacked`). A table with a title is at least as wide as
    its title (up to the width), so the title never wraps inside a narrower table."""

    def on_broken_pipe(self) -> None:
        """The reader of the output has gone (``| head``): raise ``BrokenPipeError``, which
        the command line turns into its exit code for that (141), as for any other write.
        Rich's own ``on_broken_pipe`` ends the program with exit code 1, which says "no"."""
        if not self.quiet:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    def _width_of(self, renderable: Any) -> int:
        return Measurement.get(self, self.options.update_width(1_000_000), renderable).maximum

    def fit(self, renderable: Any) -> Any:
        """``renderable`` as it will be printed here (see the class docstring)."""
        if isinstance(renderable, str) or not has_table(renderable):
            return renderable
        renderable = self.titled(renderable)
        if not self.is_terminal:
            return unboxed(renderable) if has_box(renderable) else renderable
        if self._width_of(renderable) <= self.width:
            return renderable
        narrow = unboxed(renderable)
        if self._width_of(narrow) <= self.width:
            return narrow
        return self.squeezed(narrow)

    def titled(self, renderable: Any) -> Any:
        """``renderable`` with every titled table in it at least as wide as its title (up to
        the console's width); nothing given is changed."""
        if isinstance(renderable, Group):
            parts = [self.titled(r) for r in renderable.renderables]
            return Group(*parts, fit=renderable.fit)
        if not isinstance(renderable, Table) or renderable.title is None:
            return renderable
        title = renderable.title
        wide = Text(title).cell_len if isinstance(title, str) else Text(title.plain).cell_len
        wide = min(wide, self.width)
        if renderable.min_width is not None and renderable.min_width >= wide:
            return renderable
        table = copy.copy(renderable)
        table.min_width = wide
        return table

    def squeezed(self, renderable: Any) -> Any:
        """``renderable`` with every table in it that is too wide fitted to the width between
        words: each column gets its longest word (a ``no_wrap`` column its widest cell, where
        the others' longest words still fit beside it), then the room left is shared by how
        much more each column needs for its widest cell; a table whose longest words do not
        fit side by side is :func:`stacked`. Nothing given is changed."""
        if isinstance(renderable, Group):
            parts = [self.squeezed(r) for r in renderable.renderables]
            return Group(*parts, fit=renderable.fit)
        if not isinstance(renderable, Table):
            return renderable
        table = renderable
        if self._width_of(table) <= self.width:
            return table
        options = self.options.update_width(1_000_000)
        measured = [table._measure_column(self, options, c) for c in table.columns]
        room = self.width - table._extra_width
        # a column that must not wrap (a seat's name, a card) keeps its width where the
        # others can wrap in the room left; else every column gets its longest word
        widths = [
            m.maximum if column.no_wrap else m.minimum
            for m, column in zip(measured, table.columns, strict=True)
        ]
        if sum(widths) > room:
            widths = [m.minimum for m in measured]
        if sum(widths) > room:
            lines = stacked(table)
            return lines if lines is not None else folded(table)
        spare = room - sum(widths)
        wants = [m.maximum - w for m, w in zip(measured, widths, strict=True)]
        wanted = sum(wants)
        if wanted:
            shares = [spare * want // wanted for want in wants]
            left = spare - sum(shares)
            by_rest = sorted(range(len(wants)), key=lambda i: -(spare * wants[i] % wanted))
            for i in by_rest[:left]:
                shares[i] += 1
            widths = [
                w + min(share, want) for w, share, want in zip(widths, shares, wants, strict=True)
            ]
        table = copy.copy(table)
        columns = []
        for column, width in zip(table.columns, widths, strict=True):
            column = copy.copy(column)
            column.width = max(width - table._get_padding_width(column._index), 0)
            column.no_wrap = False
            column.overflow = "fold"
            columns.append(column)
        table.columns = columns
        table.min_width = None
        return table

    def print(self, *objects: Any, **kwargs: Any) -> None:
        super().print(*(self.fit(o) for o in objects), **kwargs)


#: The width a listing is laid out at off a terminal (``make_console(wide=True)``): wider
#: than any row, so that no cell is cut or wrapped; trailing spaces are never written there.
PIPE_WIDTH = 100_000


def make_console(
    stderr: bool = False,
    *,
    file: TextIO | None = None,
    width: int | None = None,
    terminal: bool | None = None,
    wide: bool = False,
) -> FitConsole:
    """The console cardavia prints on: standard output (``stderr``: standard error), or
    ``file``. ``terminal`` forces what the stream is taken to be (tests; default: whether it is
    a terminal); ``width`` forces the width (default: the terminal's, ``COLUMNS``, or 80).
    ``wide`` (a listing: ``saves list``, ``scores list``) lays its tables out off a terminal
    at :data:`PIPE_WIDTH`, so that a pipe gets every row whole on one line, never cut or
    wrapped to 80 columns (a pipe has no width); on a terminal it changes nothing.

    Off a terminal the stream is wrapped in :class:`PlainLines`; with ASCII output
    (:func:`ascii_wanted`) on a terminal in :class:`AsciiStream`; in a language written right
    to left on a terminal in :class:`IsolatingStream` (unless ``bidi`` is ``off``).
    ``NO_COLOR`` and ``TERM=dumb`` turn colour off (rich reads ``NO_COLOR`` itself). The
    console's theme is the palette of the display settings (:func:`~.theme.theme`).
    """
    from cardavia_cli.engine.display import isolating
    from cardavia_cli.repl.theme import theme

    stream: TextIO = file if file is not None else (sys.stderr if stderr else sys.stdout)
    if terminal is None:
        try:
            terminal = stream.isatty()
        except (AttributeError, OSError, ValueError):
            terminal = False
    ascii_only = ascii_wanted(stream)
    target: Any
    if not terminal:
        target = PlainLines(stream, ascii_only=ascii_only)
    elif ascii_only:
        target = AsciiStream(stream)
    elif isolating():
        target = IsolatingStream(stream)
    else:
        target = stream
    options: dict[str, Any] = {}
    if dumb_terminal() or not terminal:
        options["color_system"] = None
    if wide and not terminal and width is None:
        width = PIPE_WIDTH
    return FitConsole(
        file=target,
        width=width,
        force_terminal=terminal,
        highlight=False,
        soft_wrap=False,
        legacy_windows=False,
        emoji=False,
        theme=theme(),
        **options,
    )


__all__ = [
    "ASCII_ENV",
    "PIPE_WIDTH",
    "AsciiStream",
    "FitConsole",
    "IsolatingStream",
    "PlainLines",
    "RenderableType",
    "ascii_wanted",
    "dumb_terminal",
    "folded",
    "has_box",
    "has_table",
    "isolated",
    "stacked",
    "make_console",
    "to_ascii",
    "unboxed",
]
