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

#: The whitespace of ``str.split`` that :mod:`shlex` does not split on (it splits on the four
#: characters of :data:`SHLEX_WHITESPACE` only); a test checks this against ``str.isspace``.
OTHER_WHITESPACE = (
    "\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
SHLEX_WHITESPACE = " \t\r\n"
#: Any character that makes :func:`shlex.split` differ from ``str.split``: quotes, the
#: escape, the comment sign, and whitespace other than the four that both split on.
_SPECIAL = re.compile("[" + re.escape("'\"\\#" + OTHER_WHITESPACE) + "]")
#: The same less the double quote: what the double-quote path leaves to :mod:`shlex`, with
#: the two characters it uses as stand-ins.
_HARD = re.compile("[" + re.escape("'\\#\x00\x01" + OTHER_WHITESPACE) + "]")
#: Bytes read from the input at most at a time.
CHUNK = 1 << 16


def split_line(line: str) -> list[str]:
    """The words of one input line, as ``shlex.split(line, comments=True)`` gives them.

    Lines without quotes, backslashes, ``#`` or unusual whitespace (nearly all of them) are
    split by ``str.split``; lines whose only quoting is double quotes (``--exposed "rP yP
    wP"``) by :func:`_split_double_quoted`; both give what :mod:`shlex` gives, which splits
    the rest. Raises ``ValueError`` for an unclosed quote or a trailing backslash (the
    message of :mod:`shlex`).
    """
    if _SPECIAL.search(line) is None:
        return line.split()
    if _HARD.search(line) is None:
        words = _split_double_quoted(line)
        if words is not None:
            return words
    import shlex

    return shlex.split(line, comments=True)


def _split_double_quoted(line: str) -> list[str] | None:
    """``shlex.split(line, comments=True)`` for a line whose only special characters are
    double quotes and the four whitespace characters (no NUL nor ``\\x01`` either), or
    ``None`` for the rarer shapes left to :mod:`shlex` (an empty quoted part, a tab, a
    carriage return or a newline inside quotes). Raises ``ValueError`` for an unclosed quote.

    Without an escape every ``"`` opens or closes a quoted part, in which nothing else is
    special (POSIX shell rules, as :mod:`shlex` applies them): the spaces inside quotes are
    hidden as NULs, the quotes dropped, the line split on whitespace and the spaces put
    back.
    """
    parts = line.split('"')
    if not len(parts) % 2:
        raise ValueError("No closing quotation")
    if '""' in line:
        return None
    for i in range(1, len(parts), 2):
        quoted = parts[i]
        if "\t" in quoted or "\r" in quoted or "\n" in quoted:
            return None
        parts[i] = quoted.replace(" ", "\x00")
    words = "".join(parts).split()
    return "\x01".join(words).replace("\x00", " ").split("\x01") if words else []


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
    answer: Callable[[list[str]], str], source: IO[bytes], sink: IO[str]
) -> tuple[int, int, int]:
    """Answer every line of ``source`` (bytes, UTF-8) on ``sink`` (text), one JSON line each.

    ``answer`` turns a line's words into the JSON text (one line) of the single command's
    document, raising :class:`~cardavia_cli.engine.errors.CardaviaError` for bad input; see
    :func:`json_answer` for a function that gives the document itself. Returns ``(answered,
    bad, first_bad)``: the answers written, how many of them were errors, and the number of
    the first bad line (0 when none). Errors other than ``CardaviaError`` propagate.
    """
    number = answered = bad = first_bad = 0
    split = split_line
    for lines in _lines(source):
        out: list[str] = []
        for raw in lines:
            number += 1
            doc: dict[str, Any]
            try:
                words = split(raw.decode("utf-8"))
            except UnicodeDecodeError:
                doc = {"error": "the line is not valid UTF-8", "line": number}
            except ValueError as exc:  # shlex: an unclosed quote, a trailing backslash
                doc = {"error": f"cannot split the line: {exc}", "line": number}
            else:
                if not words:
                    continue
                try:
                    out.append(answer(words))
                    continue
                except CardaviaError as exc:
                    doc = {"error": " ".join(str(exc).split()), "line": number}
            bad += 1
            first_bad = first_bad or number
            out.append(_encode(doc))
        if out:
            answered += len(out)
            out.append("")
            sink.write(_for(sink, "\n".join(out)))
            sink.flush()
    return answered, bad, first_bad


def _for(sink: IO[str], text: str) -> str:
    """``text`` (JSON lines) as ``sink`` takes it: with ASCII output wanted there
    (``--ascii``), every character outside ASCII as its JSON escape (the same documents)."""
    if text.isascii():
        return text
    from cardavia_cli.repl.console import ascii_wanted

    return json_escaped(text) if ascii_wanted(sink) else text  # type: ignore[arg-type]


def json_escaped(text: str) -> str:
    """JSON text with every character outside ASCII written as its JSON escape (``\\u00b2``;
    a pair of surrogates above U+FFFF), which reads back as the same document.

    >>> json_escaped('{"error": "unknown card \\'²\\'"}')
    '{"error": "unknown card \\'\\\\u00b2\\'"}'
    """
    return _NOT_ASCII.sub(lambda found: json.dumps(found.group(0))[1:-1], text)


_NOT_ASCII = re.compile(r"[^\x00-\x7f]")

#: ``json.dumps(doc, ensure_ascii=False)``, without building an encoder per call.
_encode = json.JSONEncoder(ensure_ascii=False).encode


def json_answer(answer: Callable[[list[str]], dict[str, Any]]) -> Callable[[list[str]], str]:
    """An ``answer`` for :func:`run_batch` from one that gives the JSON document (a dict):
    the document as ``json.dumps(doc, ensure_ascii=False)`` writes it."""

    def text(words: list[str]) -> str:
        return _encode(answer(words))

    return text
