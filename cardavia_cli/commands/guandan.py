"""``cardavia guandan ...``: play a match, the combinations calculator, the rules (cli.md)."""

from __future__ import annotations

import typer

from cardavia_cli.commands.common import EXIT_NO, console, fail, guarded, print_json
from cardavia_cli.commands.game import game_app
from cardavia_cli.engine.i18n import _, ngettext, pgettext

GAME = "guandan"

app = game_app(
    GAME,
    "Guandan (掼蛋): two packs, levels 2 to A, wild hearts, bombs, tribute.",
    play_help="Play a match at seat 0, with seat 2 as your partner, in the REPL.",
)


@app.command()
@guarded
def check(
    cards: list[str] = typer.Argument(..., help="The play, e.g. 2H 3S 4S 5S 6S (10H = TH)."),
    level: str = typer.Option(
        ..., "--level", "-l", help="The level rank of the deal: 2..9, T, J, Q, K or A."
    ),
    as_: str | None = typer.Option(
        None, "--as", help='Fix the play\'s interpretation: "TYPE KEY", e.g. "straight 7".'
    ),
    beats: str | None = typer.Option(
        None, "--beats", help='The play on the table, quoted: --beats "9S 9D".'
    ),
    beats_as: str | None = typer.Option(
        None,
        "--beats-as",
        help="Fix the interpretation of the --beats play (default: its "
        "strongest, the one hardest to beat).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Every combination the cards form at a level; with --beats, whether they beat a play.

    Rules 6.3 and 6.4 (the combinations and their interpretations) and 6.5 (beating).

    Exit 0 for a legal play (that beats the --beats play), 1 otherwise, 2 for bad input.
    """
    from cardavia_cli.engine.errors import CardError
    from cardavia_cli.games.guandan.cards import codes_str, level_str, parse_codes, parse_level
    from cardavia_cli.games.guandan.combos import classify, outranks, strength

    lv = parse_level(level)
    codes = parse_codes(cards)
    found = classify(codes, lv)
    chosen = found
    if as_ is not None:
        key = _option_key("--as", as_, lv)
        chosen = [i for i in found if (i.type, i.rank) == key]
    legal = bool(chosen)
    beaten: bool | None = None
    #: the play's readings that beat the --beats play (6.5)
    winners: list = []
    previous = None
    prev_codes: list[int] = []
    if beats_as is not None and beats is None:
        fail(_("--beats-as needs --beats (the play on the table)"))
    if beats is not None:
        try:
            prev_codes = parse_codes(beats.split())
        except CardError as exc:
            fail(_("--beats {play}: {problem}").format(play=repr(beats), problem=exc))
        readings = classify(prev_codes, lv)
        if not readings:
            fail(
                _("--beats {play} is not a combination at level {level} (rules 6.3)").format(
                    play=repr(beats), level=level_str(lv)
                )
            )
        if beats_as is not None:
            key = _option_key("--beats-as", beats_as, lv)
            matching = [i for i in readings if (i.type, i.rank) == key]
            if not matching:
                names = ", ".join(i.key(lv) for i in readings)
                fail(
                    _(
                        "--beats-as {reading} is not a reading of {play} (it reads: {readings})"
                    ).format(reading=repr(beats_as), play=repr(beats), readings=names)
                )
            previous = matching[0]
        else:
            previous = max(readings, key=strength)
        winners = [i for i in chosen if outranks(i, previous)]
        beaten = bool(winners)
    code = 0 if legal and beaten is not False else EXIT_NO
    if as_json:
        data: dict[str, object] = {
            "legal": legal,
            "interpretations": [i.to_json() for i in found],
            "beats": beaten,
        }
        if previous is not None:  # with --beats: the readings that beat it
            data["beats_as"] = [i.to_json() for i in winners]
        print_json(data)
        raise typer.Exit(code)

    out = console()
    play = codes_str(codes)
    level_text = level_str(lv)
    if not found:
        out.print(
            _("{play} at level {level}: no combination (rules 6.3).").format(
                play=play, level=level_text
            )
        )
    elif out.is_terminal:
        from rich.table import Table

        table = Table(title=_("{play} at level {level}").format(play=play, level=level_text))
        # TRANSLATORS: a column of guandan check: the reading as typed after "as" (TYPE KEY)
        for name in (_("type KEY"), _("rank"), _("size"), ""):
            table.add_column(name)
        for i in found:
            table.add_row(i.key(lv), str(i.rank), str(i.size), "" if i in chosen else _("not --as"))
        out.print(table)
    else:
        out.print(_("{play} at level {level}:").format(play=play, level=level_text))
        for i in found:
            if i in chosen:
                line = ngettext(
                    "  {reading}: rank {rank}, {n} card",
                    "  {reading}: rank {rank}, {n} cards",
                    i.size,
                )
            else:
                line = ngettext(
                    "  {reading}: rank {rank}, {n} card  (not the --as reading)",
                    "  {reading}: rank {rank}, {n} cards  (not the --as reading)",
                    i.size,
                )
            out.print(line.format(reading=i.key(lv), rank=i.rank, n=i.size))
    if as_ is not None and found and not legal:
        out.print(_("{reading} is not one of its interpretations.").format(reading=repr(as_)))
    if previous is not None:
        if beaten:
            line = ngettext(
                "Beats {play} as {reading}: yes, played as {winners}",
                "Beats {play} as {reading}: yes, played as any of {winners}",
                len(winners),
            )
        else:
            line = _("Beats {play} as {reading}: no")
        out.print(
            line.format(
                play=codes_str(prev_codes),
                reading=previous.key(lv),
                # TRANSLATORS: between two readings of a play ("straight_flush 6, ...").
                winners=pgettext("list separator", ", ").join(i.key(lv) for i in winners),
            )
        )
    raise typer.Exit(code)


def _option_key(option: str, text: str, level: int) -> tuple[str, int]:
    """The ``(type, rank)`` of the ``TYPE KEY`` given to ``option`` (``--as``,
    ``--beats-as``); a bad one fails with a line naming the option."""
    from cardavia_cli.engine.errors import InvalidActionError
    from cardavia_cli.games.guandan.combos import parse_key

    try:
        return parse_key(text, level)
    except InvalidActionError as exc:
        fail(_("{option}: {problem}").format(option=option, problem=exc))


__all__ = ["app"]
