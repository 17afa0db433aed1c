"""``cardavia minchiate ...``: play a deal, the rules as a calculator, read the rules (cli.md).

``check``: the card points and the combinations (versicole) in a set of cards.
"""

from __future__ import annotations

from pathlib import Path

import typer

from cardavia_cli.commands.common import console, fail, guarded, print_json, whole_number

app = typer.Typer(
    help="Minchiate (Germini): the Florentine tarot of 97 cards, two teams of two, one deal.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

GAME = "minchiate"


@app.command()
@guarded
def play(
    seed: int | None = typer.Option(
        None,
        "--seed",
        parser=whole_number,
        metavar="N",
        help="Seed of the shuffle, the cut and the dealer (default: random).",
    ),
    deal: Path | None = typer.Option(
        None, "--deal", help="Start from this deal file.", dir_okay=False
    ),
    ai: str | None = typer.Option(
        None,
        "--ai",
        help="Level of the three computer players: basic (default) or random. "
        "With --deal it replaces the file's seats.",
    ),
    save: str | None = typer.Option(
        None, "--save", help="Save under this name (or path) as you play."
    ),
) -> None:
    """Play a deal at seat 0, partnered with seat 2, against two computer players, in the REPL."""
    from cardavia_cli.commands.play import start

    level = ai.strip().lower() if ai is not None else None
    raise typer.Exit(start(GAME, seed=seed, deal_path=deal, ai=level, save=save))


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
    out.print(f"{cards_str(sort_cards(given))}: {points} card points (T29 counts 0).")
    if not found:
        out.print("No combination.")
        return
    table = Table(title=f"Combinations worth {sum(c.points for c in found)}")
    table.add_column("#", justify="right")
    table.add_column("kind")
    table.add_column("cards")
    table.add_column("points", justify="right")
    for number, combo in enumerate(found, start=1):
        table.add_row(str(number), combo.kind, cards_str(combo.cards), str(combo.points))
    out.print(table)


@app.command()
@guarded
def rules(
    section: str | None = typer.Argument(
        None, help="Show only this section, e.g. 9.3 (default: all of them)."
    ),
) -> None:
    """Print the rules of Minchiate, or one section of them."""
    from cardavia_cli.commands.render import print_rules

    print_rules(GAME, section)
