"""One error hierarchy for the whole program (design.md, rule 2).

Every message carries the input, and where it applies the seat and the phase, so that a report
reproduces from the message alone. The command layer maps these classes to exit code 2 with a
one-line message; nothing here prints.
"""

from __future__ import annotations


class CardaviaError(Exception):
    """Root of every error the program raises on purpose."""


class InvalidActionError(CardaviaError, ValueError):
    """Text that is not an action of the game at all (unknown verb, unknown card)."""


class IllegalActionError(CardaviaError, ValueError):
    """A well-formed action that the rules do not allow here; the message names the rule.

    ``seat`` and ``phase`` are where it was refused (``None`` when not known: nobody to act,
    a message from outside a state); ``rule`` is the message without its ``seat N, PHASE: ``
    context, the part a person at that seat is told.

    >>> e = IllegalActionError("seat 0, lead: a leader may not pass (rules 8.2)", seat=0,
    ...                        phase="lead")
    >>> e.seat, e.phase, e.rule
    (0, 'lead', 'a leader may not pass (rules 8.2)')
    """

    def __init__(self, message: str, *, seat: int | None = None, phase: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.phase = phase
        prefix = f"seat {seat}, {phase}: " if seat is not None and phase is not None else None
        if prefix is not None and message.startswith(prefix):
            self.rule = message[len(prefix) :]
        elif seat is not None and message.startswith(f"seat {seat}, "):
            self.rule = message[len(f"seat {seat}, ") :]
        else:
            self.rule = message


class AmbiguousActionError(CardaviaError, ValueError):
    """An action that needs more detail; ``candidates`` lists the readings, canonical order."""

    def __init__(self, message: str, candidates: list[str] | None = None) -> None:
        super().__init__(message)
        self.candidates = list(candidates or [])


class CardError(CardaviaError, ValueError):
    """Text that is not a card of the game's notation."""


class HandError(CardaviaError, ValueError):
    """Cards that are each valid but do not make the hand asked about: a wrong number of
    cards, an exposed group that is not a meld, more copies of a card than the pack holds."""


class DealFileError(CardaviaError):
    """A deal file or save that cannot be read, is malformed, or does not replay.

    ``where`` is the file (and, when known, the key, line or action index).
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


class UnknownNameError(CardaviaError, KeyError):
    """A name that is not known: a game, a computer-player level, a game without a REPL hook.

    Bad input like every :class:`CardaviaError` (exit code 2 in the command layer); also a
    ``KeyError`` for callers that look names up. Its text is the message itself (a plain
    ``KeyError`` would show the message quoted).
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
