"""File names and paths from strangers: checked before use, printed literally.

A name or path typed in the REPL, given on the command line or found in a folder may hold
anything: a NUL byte (no file system stores one), characters the file system's encoding cannot
hold, control characters that a terminal obeys (``ESC [31m``), rich markup (``[red]``).
:func:`path_problem` says what makes a text unusable as a path, before any ``open`` or
``stat`` meets it; :func:`visible` is a text as it may be printed, every control character
written as an escape. Markup is the printer's part: print such text as a rich ``Text`` (or
with markup off), never inside a markup string. Nothing here prints.
"""

from __future__ import annotations

import os
import unicodedata

#: Unicode categories shown as escapes: controls, format characters (bidirectional overrides,
#: zero-width characters), line and paragraph separators, lone surrogates.
_HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def _escape(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str) -> str:
    """``text`` with every control or invisible formatting character written as an escape
    (``\\x1b``, ``\\x00``, ``\\u202e``; a byte of a file name that is not UTF-8 as ``\\xff``),
    so that printing it shows what it holds and a terminal obeys none of it; every other
    character (letters of any script, ``[``, ``\\``) unchanged.

    >>> visible("e\\x1b[31mq.toml")
    'e\\\\x1b[31mq.toml'
    >>> visible("[red]x.toml"), visible("a\\udcff.toml")
    ('[red]x.toml', 'a\\\\xff.toml')
    """
    if text.isprintable():
        return text
    return "".join(_escape(c) if unicodedata.category(c) in _HIDDEN else c for c in text)


def path_problem(text: str) -> str | None:
    """What makes ``text`` unusable as a file name or path, in plain words, or ``None``: a NUL
    byte, or characters the file system's encoding cannot store (a lone surrogate), or nothing
    at all (``Path("")`` is the current folder, which no one means by it). Any other
    text may name a file (whether it exists is for the caller to find out).

    >>> path_problem("sub/a\\x00.toml")
    'it holds a NUL byte (\\\\x00), which no file name can hold'
    >>> path_problem("evening.toml") is None
    True
    """
    if not text:
        return "it is empty"
    if "\0" in text:
        return "it holds a NUL byte (\\x00), which no file name can hold"
    try:
        os.fsencode(text)
    except UnicodeEncodeError as exc:
        bad = visible(text[exc.start : exc.end])
        return f"it holds characters the file system cannot store ({bad})"
    return None


def shown_path(text: str | os.PathLike[str], room: int | None = None) -> str:
    """A name or path as a message quotes it: :func:`visible`, and cut to ``room`` characters
    (ending in ``...``) when given."""
    shown = visible(os.fspath(text))
    if room is not None and len(shown) > room:
        return shown[: max(room - 3, 0)] + "..."
    return shown


#: The largest small file read whole (settings): 1 MiB, far above any real one.
MAX_SMALL_FILE_BYTES = 1024 * 1024


class NotRegularFileError(OSError):
    """A path that is a device, pipe or socket where a file is wanted (:func:`read_regular`)."""


class FileTooLargeError(OSError):
    """A file larger than a reader takes (:func:`read_regular`)."""


def is_there(path: str | os.PathLike[str]) -> bool:
    """Whether something has the name ``path``: a file, a folder, a device, or a link, even a
    link to nothing (``Path.exists`` says no to that one, and a reader then says why).

    >>> is_there("/"), is_there("/no/such/name")
    (True, False)
    """
    return os.path.lexists(path)


def broken_link(path: str | os.PathLike[str]) -> str | None:
    """Where ``path`` points when it is a symbolic link to nothing, else ``None``."""
    if os.path.islink(path) and not os.path.exists(path):
        try:
            return os.readlink(path)
        except OSError:
            return "?"
    return None


def read_regular(path: str | os.PathLike[str], limit: int = MAX_SMALL_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises what ``stat`` raises (``FileNotFoundError``, ``NotADirectoryError``, ...),
    ``IsADirectoryError`` for a folder, :class:`NotRegularFileError` for a device, pipe or
    socket (refused before opening, so nothing blocks: ``/dev/zero`` never ends) and
    :class:`FileTooLargeError` for a file larger than ``limit``; each names ``path``, and its
    ``strerror`` says what is wrong, for a person."""
    import errno
    import stat

    from cardavia_cli.engine.i18n import _

    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    if not stat.S_ISREG(mode):
        raise NotRegularFileError(
            errno.EINVAL, _("a device, pipe or socket, not a file"), os.fspath(path)
        )
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(
            errno.EFBIG,
            _("larger than {n} MiB").format(n=max(1, limit // 1024 // 1024)),
            os.fspath(path),
        )
    return data


def refuse_special(path: str | os.PathLike[str]) -> None:
    """Raise ``OSError`` naming ``path`` if it exists and is a device, pipe or socket: a file
    that a write must never replace (a folder or a regular file is left to the writer)."""
    import errno
    import stat

    from cardavia_cli.engine.i18n import _

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # nothing there (or nothing to tell): the write says what goes wrong
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise OSError(
            errno.EEXIST,
            _("is a device, pipe or socket: not replaced by a file"),
            os.fspath(path),
        )
