"""``cardavia minchiate ...``: play a deal, the rules as a calculator, read the rules (cli.md).

``check``: the card points and the combinations (versicole) in a set of cards.
"""

from __future__ import annotations

import typer

from cardavia_cli.commands.common import console, fail, guarded, print_json
from cardavia_cli.commands.game import game_app
from cardavia_cli.engine.i18n import _, ngettext

GAME = "minchiate"

app = game_app(
    GAME,
    "Minchiate (Germini): the Florentine tarot of 97 cards, two teams of two, one deal.",
    play_help="Play a deal with seat 2 as your partner against seats 1 and 3, in the REPL.",
)


@app.command()
@guarded
def check(
    cards: list[str] = typer.Argument(
        ..., help="Cards, e.g. T28 T29 T30 M KS (aliases accepted: fool, t7, 1c)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """The card points and the combinations (versicole) in a set of cards (rules 2.2, 10.1).

    Exit 0 for any valid set of distinct cards, 2 for bad input.
    """
    from cardavia_cli.engine.errors import CardError
    from cardavia_cli.games.minchiate.cards import parse_card_set, sort_cards, total_points
    from cardavia_cli.games.minchiate.combos import combinations

    try:
        given = parse_card_set(cards)
    except CardError as exc:
        fail(str(exc))
    points = total_points(given)
    found = combinations(given)
    if as_json:
        print_json({"points": points, "combinations": [c.to_json() for c in found]})
        return
    from rich.table import Table

    from cardavia_cli.games.minchiate.cards import cards_str

    out = console()
    if any(c.is_trump and c.number == 29 for c in given):
        # T29 is worth nothing as a card, 5 inside a combination (rules 2.2, 10.1)
        line = ngettext(
            "{cards}: {n} card point (T29 is worth 0 alone, 5 in a combination).",
            "{cards}: {n} card points (T29 is worth 0 alone, 5 in a combination).",
            points,
        )
    else:
        line = ngettext("{cards}: {n} card point.", "{cards}: {n} card points.", points)
    out.print(line.format(cards=cards_str(sort_cards(given)), n=points))
    if not found:
        out.print(_("No combination."))
        return
    table = Table(title=_("Combinations worth {n}").format(n=sum(c.points for c in found)))
    table.add_column("#", justify="right")
    table.add_column(_("kind"))
    table.add_column(_("cards"))
    table.add_column(_("points"), justify="right")
    for number, combo in enumerate(found, start=1):
        table.add_row(str(number), combo.kind, cards_str(combo.cards), str(combo.points))
    out.print(table)
