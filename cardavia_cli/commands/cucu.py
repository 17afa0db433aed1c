"""``cardavia cucu ...``: play a match, the showdown as a calculator, read the rules (cli.md)."""

from __future__ import annotations

import re

import typer

from cardavia_cli.commands.common import (
    console,
    fail,
    guarded,
    print_json,
)
from cardavia_cli.commands.game import game_app
from cardavia_cli.engine.i18n import _

GAME = "cucu"

app = game_app(
    GAME,
    "Cuccu: one hidden card each, swaps, the Cuckoo, Hunter, Horse, Cat and Inn, and lives.",
    play_help="Play a match of three lives each against three computer players, in the REPL.",
)
_SEAT = re.compile(r"[0-9]+")


def _seat(text: str, where: str) -> int:
    """A seat 0..3 written in ASCII digits; anything else is bad input (exit 2)."""
    word = text.strip()
    if not _SEAT.fullmatch(word) or int(word) > 3:
        fail(
            _("{where}: {text} is not a seat (write 0, 1, 2 or 3)").format(
                where=where, text=repr(text)
            )
        )
    return int(word)


@app.command()
@guarded
def check(
    cards: list[str] = typer.Argument(
        ..., metavar="SEAT=CARD...", help="The cards shown, e.g. 0=3 1=7 2=lion 3=X."
    ),
    dead: list[str] = typer.Option(
        [],
        "--dead",
        "-d",
        metavar="SEAT",
        help="A seat knocked out during play: its card is dead (rules 9.1). Repeat for more.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """The showdown (rules 9.2): which seats lose a life. Exit 0 for any valid input.

    Inn payments are not part of it: this answers whose cards lose. A seat not given is not in
    the showdown (out of the match), so one card alone is a showdown with a single live card:
    it loses, unless it is a Cuckoo (rules 9.2).
    """
    from cardavia_cli.engine.errors import CardError
    from cardavia_cli.games.cucu.cards import RANKS, rank_of
    from cardavia_cli.games.cucu.round import showdown

    shown: dict[int, str] = {}
    for item in cards:
        seat_text, eq, card_text = item.partition("=")
        if not eq:
            fail(_("{item}: write SEAT=CARD, e.g. 2=lion").format(item=repr(item)))
        seat = _seat(seat_text, repr(item))
        if seat in shown:
            fail(_("{item}: seat {seat} is given two cards").format(item=repr(item), seat=seat))
        try:
            shown[seat] = RANKS[rank_of(card_text)]
        except CardError as exc:
            fail(_("{item}: {problem}").format(item=repr(item), problem=exc))
    gone = sorted({_seat(d, "--dead") for d in dead})
    for seat in gone:
        if seat not in shown:
            fail(
                _(
                    "--dead {seat}: seat {seat} shows no card (give it as {seat}=CARD: a dead "
                    "card is still shown, rules 9.1)"
                ).format(seat=seat)
            )
    try:
        losers = showdown(shown, gone)
    except ValueError as exc:
        fail(str(exc))
    if as_json:
        print_json({"losers": losers})
        return
    out = console()
    for seat in sorted(shown):
        dead_seat, loses = seat in gone, seat in losers
        if dead_seat and loses:
            line = _("seat {seat}: {card}  (dead)  [bold]loses a life[/bold]")
        elif dead_seat:
            line = _("seat {seat}: {card}  (dead)")
        elif loses:
            line = _("seat {seat}: {card}  [bold]loses a life[/bold]")
        else:
            line = _("seat {seat}: {card}")
        out.print(line.format(seat=seat, card=shown[seat]))
    live = [seat for seat in sorted(shown) if seat not in gone]
    if len(live) == 1:
        # a showdown of one live card (the others dead or not in the round) is a rule of its
        # own: say it, so that `cucu check 0=3` does not read as a comparison
        out.print(
            _(
                "Only seat {seat}'s card is live: a single live card loses, unless it is a "
                "Cuckoo (rules 9.2)."
            ).format(seat=live[0]),
            soft_wrap=not out.is_terminal,
        )
    if not losers:
        out.print(_("Nobody loses a life."))
