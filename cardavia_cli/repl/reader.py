"""Reading commands: prompt_toolkit on a terminal, a plain line reader otherwise.

design.md rule 8 (litecli; prompt_toolkit issues 502 and 1239): prompt_toolkit runs only when
both standard input and output are terminals. Otherwise :class:`LineReader` reads one command
per line, prints no prompt and never waits for anything but the next line, so sessions can be
piped in. Every reader raises ``EOFError`` at the end of input; a terminal reader also raises
``KeyboardInterrupt`` for Ctrl-C.

With ASCII output (``--ascii``), the terminal reader shows only ASCII too: the prompt, the
toolbar, the completion menu and the line being typed (a typed ``²`` shows as ``\\xb2``, as
the consoles write it; the line read is what was typed).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol, TextIO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.layout.processors import Processor, Transformation, TransformationInput

from cardavia_cli.repl.console import ascii_wanted, isolated, to_ascii


class Reader(Protocol):
    """Reads one command line. ``interactive`` is true on a terminal."""

    interactive: bool

    def read(self, prompt: str) -> str:
        """The next line without its newline; raises ``EOFError`` at the end of input."""


class LineReader:
    """One command per line from a stream, no prompt (pipes, files).

    Without a stream, standard input is read; a closed standard input (``sys.stdin`` is
    ``None`` when the program starts with file descriptor 0 closed, as after ``<&-``) or a
    stream that cannot be read is the end of input.
    """

    interactive = False

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream: TextIO | None = stream if stream is not None else sys.stdin

    def read(self, prompt: str) -> str:
        if self.stream is None:
            raise EOFError
        try:
            line = self.stream.readline()
        except (OSError, ValueError):  # a closed or unreadable stream: nothing more to read
            raise EOFError from None
        if not line:
            raise EOFError
        return line.rstrip("\r\n")


class ListReader:
    """Lines from an iterable (tests, scripts); ``interactive`` may be set to test terminal
    behaviour without a terminal."""

    def __init__(self, lines: Iterable[str], interactive: bool = False) -> None:
        self._lines: Iterator[str] = iter(lines)
        self.interactive = interactive
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self._lines)
        except StopIteration:
            raise EOFError from None


class AsciiLine(Processor):
    """Shows the line being typed in ASCII (:func:`~.console.to_ascii` of each character),
    the cursor kept on the character it is on."""

    def apply_transformation(self, ti: TransformationInput) -> Transformation:
        shown_at: list[int] = []  # the display position of each source position
        fragments = []
        at = 0
        for style, text, *rest in ti.fragments:
            parts = []
            for ch in text:
                shown_at.append(at)
                part = ch if ch.isascii() else to_ascii(ch)
                at += len(part)
                parts.append(part)
            fragments.append((style, "".join(parts), *rest))
        shown_at.append(at)

        def to_display(i: int) -> int:
            return shown_at[i] if i < len(shown_at) else at + i - len(shown_at) + 1

        def to_source(d: int) -> int:
            if d >= at:
                return len(shown_at) - 1 + d - at
            return max(i for i, p in enumerate(shown_at) if p <= d)

        return Transformation(
            fragments,  # type: ignore[arg-type]
            source_to_display=to_display,
            display_to_source=to_source,
        )


class AsciiCompleter(Completer):
    """The completions of ``inner``, shown (menu text and meta) in ASCII."""

    def __init__(self, inner: Completer) -> None:
        self.inner = inner

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        for c in self.inner.get_completions(document, complete_event):
            yield Completion(
                c.text,
                start_position=c.start_position,
                display=to_ascii(c.display_text),
                display_meta=to_ascii(c.display_meta_text) or None,
            )


def _no_history(path: Path, why: str) -> str:
    from cardavia_cli.engine.i18n import _
    from cardavia_cli.engine.paths import visible

    return _("history file {path} {why}: this session keeps no history").format(
        path=visible(str(path)), why=why
    )


def history_problem(path: Path) -> str | None:
    """Why the REPL history file at ``path`` cannot be used (a folder, a device, a pipe or a
    socket, a file that cannot be looked at), or ``None`` when it is a regular file or is not
    there yet. Only ``stat`` is asked, so that nothing blocks (opening a pipe would wait for a
    writer)."""
    import os
    import stat

    from cardavia_cli.engine.i18n import _

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _no_history(path, _("cannot be read ({why})").format(why=exc.strerror or exc))
    if stat.S_ISDIR(mode):
        return _no_history(path, _("is a folder"))
    if not stat.S_ISREG(mode):
        return _no_history(path, _("is a device, pipe or socket, not a file"))
    return None


def _kept_history() -> type:
    from prompt_toolkit.history import FileHistory

    class _KeptHistory(FileHistory):
        """A history file that is read and written only while it is a regular file (or not
        there yet, for writing), and whose failures (a full disk, a file replaced by a folder
        or a pipe meanwhile) lose the history, never the session."""

        def load_history_strings(self) -> Iterable[str]:
            if history_problem(Path(str(self.filename))) is not None:
                return []
            try:
                return list(super().load_history_strings())
            except (OSError, ValueError):
                return []

        def store_string(self, string: str) -> None:
            if history_problem(Path(str(self.filename))) is not None:
                return
            try:
                super().store_string(string)
            except OSError:
                pass

    return _KeptHistory


def KeptHistory(path: Path) -> Any:  # noqa: N802 - a class made on first use
    """A prompt_toolkit ``FileHistory`` on ``path`` that never fails the prompt
    (prompt_toolkit is imported only on a terminal)."""
    return _kept_history()(str(path))


class PromptReader:
    """prompt_toolkit prompt with persistent history, tab completion and a bottom toolbar;
    with ``ascii_only``, everything it shows is ASCII (:class:`AsciiLine`)."""

    interactive = True

    def __init__(
        self,
        history_file: Path,
        completer: Completer | None = None,
        toolbar: Callable[[], str] | None = None,
        *,
        ascii_only: bool = False,
    ) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import History, InMemoryHistory

        self.ascii_only = ascii_only
        if ascii_only:
            if completer is not None:
                completer = AsciiCompleter(completer)
            if toolbar is not None:
                shown_toolbar = toolbar

                def ascii_toolbar() -> str:
                    return to_ascii(shown_toolbar())

                toolbar = ascii_toolbar
        elif toolbar is not None:
            plain_toolbar = toolbar

            def isolated_toolbar() -> str:
                return isolated(plain_toolbar())

            toolbar = isolated_toolbar

        #: Why this session keeps no history, if it keeps none (said once, by the caller).
        self.warning: str | None = None
        history: History
        self.warning = history_problem(history_file)
        if self.warning is None:
            try:
                history_file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self.warning = _no_history(history_file, exc.strerror or str(exc))
        history = InMemoryHistory() if self.warning is not None else KeptHistory(history_file)
        self._session: PromptSession[str] = PromptSession(
            history=history,
            completer=completer,
            complete_while_typing=False,
            bottom_toolbar=toolbar,
            reserve_space_for_menu=4,
            input_processors=[AsciiLine()] if ascii_only else None,
        )

    def read(self, prompt: str) -> str:
        return self._session.prompt(to_ascii(prompt) if self.ascii_only else isolated(prompt))


def take_warning(reader: Reader) -> str | None:
    """The reader's warning (a history file it cannot use), once: later calls give ``None``."""
    warning = getattr(reader, "warning", None)
    if warning is not None:
        reader.warning = None  # type: ignore[attr-defined]
    return warning


def is_terminal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Whether both streams are terminals (then, and only then, prompt_toolkit is used)."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    if stdin is None or stdout is None:  # a closed standard stream
        return False
    try:
        return stdin.isatty() and stdout.isatty()
    except (AttributeError, OSError, ValueError):
        return False


def make_reader(
    history_file: Path,
    completer: Completer | None = None,
    toolbar: Callable[[], str] | None = None,
) -> Reader:
    """A :class:`PromptReader` on a terminal (ASCII only when :func:`~.console.ascii_wanted`),
    else a :class:`LineReader` on standard input."""
    if is_terminal():
        return PromptReader(history_file, completer, toolbar, ascii_only=ascii_wanted())
    return LineReader()
