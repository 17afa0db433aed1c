"""``cardavia sisepai ...``: play and rules (:func:`~.game.game_app`), and check a hand
(cli.md)."""

from __future__ import annotations

from typing import NoReturn

import typer

from cardavia_cli.commands.common import (
    EXIT_BAD,
    EXIT_BROKEN_PIPE,
    EXIT_NO,
    EXIT_OK,
    console,
    fail,
    guarded,
    print_json,
    silence_stdout,
)
from cardavia_cli.commands.game import game_app
from cardavia_cli.engine.i18n import _, ngettext

GAME = "sisepai"

app = game_app(
    GAME, "Si Se Pai (Four Colour Cards, flower variant): 117 cards, melds, public draws, claims."
)


CHECK_HELP = "\n\n".join(
    [
        "Is this 21-card hand a win, and for how much? With 20 cards: which cards complete it.",
        "Exit 0 for a win, 1 for no win (and for a 20-card waits answer), 2 for bad input.",
        "[bold]Batch form[/bold]: [bold]cardavia sisepai check -[/bold] reads hands from "
        "standard input, one per line, each line holding exactly what would follow "
        "[bold]check[/bold] on the command line (cards, --exposed/-e melds), split like a "
        "shell would (quotes, backslashes). Blank lines, and lines whose first word starts "
        "with #, are skipped; a # starting a later word begins a comment to the end of the "
        "line. Each other line gets one line of output, in input order: the --json document "
        'of that hand, or {"error": MESSAGE, "line": N} for a bad line (N counts every input '
        "line from 1), and the rest go on. Exit 0 when every line was valid (wins or not), 2 "
        "when any line was bad (with one line on stderr naming the first).",
        "Example: [bold]cardavia sisepai check - < hands.txt > answers.jsonl[/bold]",
    ]
)


@app.command(help=CHECK_HELP)
@guarded
def check(
    cards: list[str] = typer.Argument(
        ...,
        help="Concealed cards, e.g. rK rA rE F (aliases accepted); - alone reads hands from "
        "standard input.",
    ),
    exposed: list[str] = typer.Option(
        [],
        "--exposed",
        "-e",
        help='An exposed meld, quoted: --exposed "rP yP wP". Repeat for more.',
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print one JSON document (the batch form always does)."
    ),
) -> None:
    """Is this 21-card hand a win, and for how much? With 20 cards: which cards complete it."""
    if "-" in cards:
        _check_batch(cards, exposed)
    from cardavia_cli.games.sisepai.check import check_hand

    answer = check_hand(cards, exposed)
    if as_json:
        print_json(answer.to_json())
        raise typer.Exit(EXIT_OK if answer.win else EXIT_NO)
    out = console()
    if answer.waits is not None:
        from cardavia_cli.games.sisepai.cards import cards_str

        if answer.waits:
            out.print(
                _("Not a win yet (20 cards). Waits: [bold]{cards}[/bold]").format(
                    cards=cards_str(answer.waits)
                )
            )
        else:
            out.print(_("Not a win yet (20 cards), and no card completes it."))
        raise typer.Exit(EXIT_NO)
    if not answer.win:
        out.print(_("Not a win: {reason}.").format(reason=answer.reason))
        raise typer.Exit(EXIT_NO)
    from cardavia_cli.games.sisepai.view import melds_table

    score = answer.score or 0
    title = ngettext("A win worth {n} points", "A win worth {n} points", score).format(n=score)
    out.print(melds_table(list(answer.melds), title=title, exposed=list(answer.exposed)))


def _check_batch(cards: list[str], exposed: list[str]) -> NoReturn:
    """``check -``: answer every line of standard input (see :data:`CHECK_HELP`), then exit
    0 when every line was valid, 2 when any was bad (one line on stderr), 141 when the
    reader of standard output went away."""
    import sys

    from cardavia_cli.commands.batch import run_batch
    from cardavia_cli.engine import i18n
    from cardavia_cli.games.sisepai.check import check_line

    # the batch form answers in JSON, so it speaks English (as every --json output does)
    with i18n.speaking(i18n.SOURCE_LANGUAGE):
        if cards != ["-"]:
            fail("'-' (read hands from standard input) must be the only card argument")
        if exposed:
            fail("with '-', give the --exposed melds on each input line")
        try:
            answered, bad, first = run_batch(check_line, sys.stdin.buffer, sys.stdout)
        except BrokenPipeError:
            silence_stdout()
            raise typer.Exit(EXIT_BROKEN_PIPE) from None
        if bad:
            said = (
                f"{bad} line of {answered} answered was bad input"
                if bad == 1
                else f"{bad} lines of {answered} answered were bad input"
            )
            fail(f"{said} (the first: line {first})")
    raise typer.Exit(EXIT_OK)


__all__ = ["app", "EXIT_BAD"]
