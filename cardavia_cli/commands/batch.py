"""Batch forms of the ``check`` commands: one question per input line, one JSON answer per line.

A line holds exactly the words that would follow the command on a command line, split the
way a POSIX shell splits them (:mod:`shlex`: quotes, backslashes, ``#`` comments). Blank
lines and comment lines are skipped; every other line gets one answer line, in input order:
the command's ``--json`` document, or ``{"error": MESSAGE, "line": N}`` (``N`` counts every
input line from 1, skipped ones included) for a line that is bad input. A bad line never
stops the rest.

Input is read in chunks of whatever is available and the answers to a chunk are written and
flushed before the next read, so a file streams at full speed and a program that writes one
line and waits for its answer gets it at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import IO, Any

from cardavia_cli.engine.errors import CardaviaError

#: Any character that makes :func:`shlex.split` differ from ``str.split``: quotes, the
#: escape, the comment sign, and whitespace other than the four that both split on.
_SPECIAL = re.compile(r"['\"\\#]|[^\S \t\r\n]")
#: Bytes read from the input at most at a time.
CHUNK = 1 << 16


def split_line(line: str) -> list[str]:
    """The words of one input line, as ``shlex.split(line, comments=True)`` gives them.

    Lines without quotes, backslashes, ``#`` or unusual whitespace (nearly all of them) take
    a fast path with the same result. Raises ``ValueError`` for an unclosed quote or a
    trailing backslash (the message of :mod:`shlex`).
    """
    if _SPECIAL.search(line) is None:
        return line.split()
    import shlex

    return shlex.split(line, comments=True)


def _lines(source: IO[bytes]) -> Iterator[list[bytes]]:
    """The input's lines (without their ``\\n``), a list per chunk read; the last line may
    lack its newline."""
    read = getattr(source, "read1", source.read)
    rest = b""
    while True:
        chunk = read(CHUNK)
        if not chunk:
            break
        lines = (rest + chunk).split(b"\n")
        rest = lines.pop()
        if lines:
            yield lines
    if rest:
        yield [rest]


def run_batch(
    answer: Callable[[list[str]], dict[str, Any]], source: IO[bytes], sink: IO[str]
) -> tuple[int, int, int]:
    """Answer every line of ``source`` (bytes, UTF-8) on ``sink`` (text), one JSON line each.

    ``answer`` turns a line's words into the JSON document of the single command, raising
    :class:`~cardavia_cli.engine.errors.CardaviaError` for bad input. Returns ``(answered,
    bad, first_bad)``: the answers written, how many of them were errors, and the number of
    the first bad line (0 when none). Errors other than ``CardaviaError`` propagate.
    """
    dumps = json.dumps
    number = answered = bad = first_bad = 0
    for lines in _lines(source):
        out: list[str] = []
        for raw in lines:
            number += 1
            doc: dict[str, Any]
            try:
                words = split_line(raw.decode("utf-8"))
            except UnicodeDecodeError:
                doc = {"error": "the line is not valid UTF-8", "line": number}
            except ValueError as exc:  # shlex: an unclosed quote, a trailing backslash
                doc = {"error": f"cannot split the line: {exc}", "line": number}
            else:
                if not words:
                    continue
                try:
                    doc = answer(words)
                except CardaviaError as exc:
                    doc = {"error": " ".join(str(exc).split()), "line": number}
                else:
                    out.append(dumps(doc, ensure_ascii=False))
                    continue
            bad += 1
            first_bad = first_bad or number
            out.append(dumps(doc, ensure_ascii=False))
        if out:
            answered += len(out)
            sink.write("\n".join(out) + "\n")
            sink.flush()
    return answered, bad, first_bad
