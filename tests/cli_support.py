"""The ``cardavia`` command run in this process, for tests (not a test module).

:func:`run_cardavia` calls the console-script entry point (:func:`cardavia_cli.app.main`, what
``python -m cardavia_cli`` runs) with the given arguments, standard input fed from a string and
standard output and error captured, as a pipe would: neither stream is a terminal, so the REPL
reads one command per line and prints plain text. It answers like :func:`subprocess.run` with
``capture_output=True, text=True``, so a test can switch between the two.

It costs no interpreter start and no imports after the first call. Tests whose point is the
real process (the exit status of ``python -m``, a closed file descriptor 0, a fresh interpreter's
imports, two processes at once) start one with :func:`run_module` instead.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from cardavia_cli.app import main
from cardavia_cli.repl.reader import ListReader


def _pipe(data: bytes = b"") -> io.TextIOWrapper:
    """A text stream over bytes in memory, UTF-8 like a pipe's here: never a terminal, and
    without a file descriptor."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")


def run_cardavia(
    *args: str,
    stdin: str = "",
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """``cardavia ARGS`` in this process, ``stdin`` piped in; ``env`` is added to the
    environment and ``home`` becomes ``CARDAVIA_HOME``, for this call only (the environment and
    the standard streams are restored afterwards, whatever the command changed, e.g.
    ``--ascii``)."""
    saved_env = dict(os.environ)
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    extra = dict(env or {})
    if home is not None:
        extra["CARDAVIA_HOME"] = str(home)
    code: int | str | None = 0
    out, err = _pipe(), _pipe()
    err.reconfigure(errors="backslashreplace")
    try:
        os.environ.update(extra)
        sys.stdin, sys.stdout, sys.stderr = _pipe(stdin.encode("utf-8")), out, err
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code
        out.flush()
        err.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.environ.clear()
        os.environ.update(saved_env)
    if code is None:
        code = 0
    assert isinstance(code, int), f"exit with {code!r}"
    return subprocess.CompletedProcess(
        ["cardavia", *args],
        code,
        out.buffer.getvalue().decode("utf-8"),  # type: ignore[attr-defined]
        err.buffer.getvalue().decode("utf-8"),  # type: ignore[attr-defined]
    )


def run_module(
    *args: str,
    stdin: str | None = "",
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m cardavia_cli ARGS`` in a new process (the current environment plus ``env``,
    and ``CARDAVIA_HOME`` set to ``home`` when given)."""
    full = dict(os.environ, **(env or {}))
    if home is not None:
        full["CARDAVIA_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "cardavia_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=full,
        timeout=120,
    )


class Keys(ListReader):
    """Lines typed at a terminal (``interactive`` by default), where ``^C`` is Ctrl-C and
    ``^D`` is Ctrl-D (the end of input)."""

    def __init__(self, lines: Iterable[str], interactive: bool = True) -> None:
        super().__init__(lines, interactive=interactive)

    def read(self, prompt: str) -> str:
        line = super().read(prompt)
        if line == "^C":
            raise KeyboardInterrupt
        if line == "^D":
            raise EOFError
        return line
