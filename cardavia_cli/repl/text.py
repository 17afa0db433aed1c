"""Text helpers of the REPL: engine messages said to the person, the toolbar line."""

from __future__ import annotations

from collections.abc import Sequence

from cardavia_cli.engine.errors import IllegalActionError, Said
from cardavia_cli.engine.i18n import _
from cardavia_cli.repl.narrator import HUMAN
from cardavia_cli.repl.words import said_word


def you_wording(message: str | BaseException, seat: int = HUMAN) -> str:
    """An engine message (or error) as said to the person at ``seat``: a message that names
    that seat in two forms (:class:`~cardavia_cli.engine.errors.Said`, in every language: ``you
    owe 2 discards``, ``2 kart atmalısın``) is said in the second person; a refusal of that
    seat's action (the error's ``seat`` field) or a message naming that seat first drops the
    leading ``seat N, `` and keeps the phase and the rule. The English contexts the engine
    writes itself are reworded too: ``by seat N`` becomes ``by you``, ``seat N's`` and ``the
    hand of seat N`` become ``your`` and ``your hand``, ``seat N owes`` and ``seat N has``
    become ``you owe`` and ``you have``.

    >>> you_wording(IllegalActionError("seat 0, lead: a leader may not pass", seat=0,
    ...                                phase="lead"))
    'lead: a leader may not pass'
    >>> you_wording("seat 0, claim round on gC (drawn by seat 2): gC x2 is not in the hand")
    'claim round on gC (drawn by seat 2): gC x2 is not in the hand'
    >>> you_wording("seat 1, claim round on gC (drawn by seat 0): nope")
    'seat 1, claim round on gC (drawn by you): nope'
    >>> you_wording("seat 0 owes 2 discards, not 3 (rules 7.2)")
    'you owe 2 discards, not 3 (rules 7.2)'
    >>> you_wording("T29 not in the hand of seat 0 (7.2)")
    'T29 not in your hand (7.2)'
    """
    if isinstance(message, IllegalActionError):
        text = message.said_to(seat)
    elif isinstance(message, Said) and message.seat == seat:
        text = message.mine
    else:
        text = str(message)
    if not isinstance(message, IllegalActionError) or message.seat in (None, seat):
        for head in (f"seat {seat}, ", f"Seat {seat}, "):
            text = text.removeprefix(head)
    for said, meant in (
        (f"by seat {seat}", "by you"),
        (f"seat {seat}'s", "your"),
        (f"the hand of seat {seat}", "your hand"),
        (f"seat {seat} owes", "you owe"),
        (f"seat {seat} has", "you have"),
    ):
        text = text.replace(said, meant)
    return text


def toolbar_text(moves: Sequence[str], others: Sequence[str], width: int) -> str:
    """The bottom toolbar, as much of it as fits in ``width`` columns: the legal moves, the
    other commands and a tip; shorter forms on a narrow terminal. The commands are named as
    they are given (the session gives each command's word in the language spoken now)."""
    help_word = said_word("help") or "help"
    move = _("your move: {moves}").format(moves=" ".join(moves)) if moves else ""
    short_move = " ".join(moves)
    rest = " ".join(others)
    shapes = [
        [move, rest, _("Tab completes")],
        [move, rest],
        [move, _("{help} lists the commands").format(help=help_word)],
        [short_move, help_word],
        [short_move or help_word],
    ]
    texts = [" " + "  |  ".join(p for p in parts if p) for parts in shapes]
    texts[3] = " " + " | ".join(p for p in shapes[3] if p)
    room = max(width - 1, 1)
    for text in texts:
        if len(text) <= room:
            return text
    last = texts[-1]
    return last[: room - 1] + "…" if room > 1 else last[:room]
