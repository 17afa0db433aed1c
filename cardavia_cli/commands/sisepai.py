"""``cardavia sisepai ...``: play and rules (:func:`~.game.game_app`), and check a hand
(cli.md)."""

from __future__ import annotations

import typer

from cardavia_cli.commands.common import EXIT_BAD, EXIT_NO, console, fail, guarded, print_json
from cardavia_cli.commands.game import game_app

GAME = "sisepai"

app = game_app(
    GAME, "Si Se Pai (Four Colour Cards, flower variant): 117 cards, melds, public draws, claims."
)


@app.command()
@guarded
def check(
    cards: list[str] = typer.Argument(
        ..., help="Concealed cards, e.g. rK rA rE F (aliases accepted)."
    ),
    exposed: list[str] = typer.Option(
        [],
        "--exposed",
        "-e",
        help='An exposed meld, quoted: --exposed "rP yP wP". Repeat for more.',
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Is this 21-card hand a win, and for how much? With 20 cards: which cards complete it.

    Exit 0 for a win, 1 for no win (and for a 20-card waits answer), 2 for bad input.
    """
    from cardavia_cli.engine.errors import CardError
    from cardavia_cli.games.sisepai.cards import card_str, parse_cards
    from cardavia_cli.games.sisepai.melds import Meld, best_win, meld_kind, waits

    try:
        concealed = parse_cards(cards)
        fixed = []
        for text in exposed:
            meld = parse_cards(text.split())
            if meld_kind(meld) is None:
                fail(f"--exposed {text!r} is not a meld (rules section 5)")
            fixed.append(meld)
    except CardError as exc:
        fail(str(exc))
    total = len(concealed) + sum(len(m) for m in fixed)
    if total not in (20, 21):
        fail(f"a hand has 21 cards (20 to ask for waits), these are {total}")
    try:
        if total == 20:
            found = waits(concealed, fixed)
            result = None
        else:
            result = best_win(concealed, fixed)
    except ValueError as exc:
        fail(str(exc))
    out = console()
    if total == 20:
        names = [card_str(c) for c in found]
        if as_json:
            print_json(
                {"win": False, "score": None, "melds": [], "reason": "20 cards", "waits": names}
            )
        elif names:
            out.print(f"Not a win yet (20 cards). Waits: [bold]{' '.join(names)}[/bold]")
        else:
            out.print("Not a win yet (20 cards), and no card completes it.")
        raise typer.Exit(EXIT_NO)
    if result is None:
        reason = "the concealed cards cannot be completely melded"
        if as_json:
            print_json({"win": False, "score": None, "melds": [], "reason": reason})
        else:
            out.print(f"Not a win: {reason}.")
        raise typer.Exit(EXIT_NO)
    score, melds = result
    if as_json:
        print_json(
            {"win": True, "score": score, "melds": [m.to_json() for m in melds], "reason": None}
        )
        return
    from cardavia_cli.games.sisepai.view import melds_table

    fixed_melds = [Meld.of(m) for m in fixed]
    out.print(melds_table(melds, title=f"A win worth {score} points", exposed=fixed_melds))


__all__ = ["app", "EXIT_BAD"]
