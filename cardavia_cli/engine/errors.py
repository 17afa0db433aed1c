"""One error hierarchy for the whole program (design.md, rule 2).

Every message carries the input, and where it applies the seat and the phase, so that a report
reproduces from the message alone. The command layer maps these classes to exit code 2 with a
one-line message; nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable


class Said(str):
    """A message that names one seat (``seat 0 owes 2 discards, not 3``), with the same
    message said to that seat itself (:attr:`mine`: ``you owe 2 discards, not 3``).

    Its text (a ``str``, wherever the message goes: logs, deal-file errors) is the same for
    every reader; an :class:`IllegalActionError` made of it keeps :attr:`mine`, and the REPL
    tells the person at :attr:`seat` that form (:meth:`IllegalActionError.said_to`). Both are
    whole translated sentences, since a verb agrees with its subject in most languages:
    :func:`said_about` makes one.

    >>> said = said_about(0, "you owe {n} discards", "seat {seat} owes {n} discards", n=2)
    >>> str(said), said.mine, said.seat
    ('seat 0 owes 2 discards', 'you owe 2 discards', 0)
    >>> prefixed("seat 0, discard: ", said).mine
    'seat 0, discard: you owe 2 discards'
    """

    seat: int
    mine: str

    def __new__(cls, text: str, *, seat: int, mine: str) -> Said:
        said = super().__new__(cls, text)
        said.seat = seat
        said.mine = mine
        return said


def said_about(seat: int, mine: str, theirs: str, **fields: object) -> Said:
    """``theirs`` (``seat {seat} owes {n} discards``) and ``mine`` (``you owe {n} discards``),
    two translated messages, formatted with ``fields`` and the seat's number as ``{seat}``:
    the message about ``seat``, and the same said to it."""
    values = {"seat": seat, **fields}
    return Said(theirs.format(**values), seat=seat, mine=mine.format(**values))


def prefixed(head: str, message: str) -> str:
    """``head`` before ``message`` (a refusal's context: ``seat 0, trick 3: ``), and before
    its form said to its seat when it is a :class:`Said`."""
    if isinstance(message, Said):
        return Said(head + message, seat=message.seat, mine=head + message.mine)
    return head + message


class CardaviaError(Exception):
    """Root of every error the program raises on purpose."""


class InvalidActionError(CardaviaError, ValueError):
    """Text that is not an action of the game at all (unknown verb, unknown card)."""


def _own_name(phase: str) -> str:
    return phase


#: A phase's name as a refusal's context says it (``lead`` in English); the language module
#: (:mod:`.i18n`, which imports this one) puts its catalog lookup here.
phase_name: Callable[[str], str] = _own_name


class IllegalActionError(CardaviaError, ValueError):
    """A well-formed action that the rules do not allow here; the message names the rule.

    ``seat`` and ``phase`` are where it was refused (``None`` when not known: nobody to act,
    a message from outside a state); ``rule`` is the message without its ``seat N, PHASE: ``
    context, the part a person at that seat is told. A ``message`` that names a seat may be a
    :class:`Said`: :meth:`said_to` gives the form said to that seat.

    >>> e = IllegalActionError("seat 0, lead: a leader may not pass (rules 8.2)", seat=0,
    ...                        phase="lead")
    >>> e.seat, e.phase, e.rule
    (0, 'lead', 'a leader may not pass (rules 8.2)')
    >>> e = IllegalActionError(said_about(0, "you have none", "seat {seat} has none"), seat=0)
    >>> str(e), e.said_to(0), e.said_to(1)
    ('seat 0 has none', 'you have none', 'seat 0 has none')
    """

    def __init__(self, message: str, *, seat: int | None = None, phase: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.phase = phase
        prefixes: tuple[str, ...] = ()
        if seat is not None and phase is not None:
            # the phase as the context says it: its name, in the language spoken now
            prefixes = (f"seat {seat}, {phase}: ", f"seat {seat}, {phase_name(phase)}: ")
        prefix = next((p for p in prefixes if message.startswith(p)), None)
        if prefix is not None:
            self.rule = message[len(prefix) :]
        elif seat is not None and message.startswith(f"seat {seat}, "):
            self.rule = message[len(f"seat {seat}, ") :]
        else:
            self.rule = message

    @property
    def said(self) -> str:
        """The message as it was given: a :class:`Said` when it names a seat."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)

    def said_to(self, seat: int) -> str:
        """The message as said to the person at ``seat``: in the second person (``you owe
        ...``) when it names that seat as a :class:`Said`, else as it is."""
        said = self.said
        return said.mine if isinstance(said, Said) and said.seat == seat else str(self)


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
