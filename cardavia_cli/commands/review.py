"""``cardavia review SAVE``: every decision of yours graded by the search of level
``strong``, and the same deck played by the computer in your seat (the issue "Review your
game"). The work is done by :mod:`cardavia_cli.engine.review`; the tables by
:mod:`cardavia_cli.repl.review`; this module finds the game, shows progress and prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cardavia_cli.commands import completion
from cardavia_cli.commands.common import (
    IgnoredSettings,
    console,
    count_option,
    file_name,
    guarded,
    print_json,
)
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.numbers import SAMPLES, START

if TYPE_CHECKING:
    from cardavia_cli.engine.review import Progress
    from cardavia_cli.games.deals import DealFile

#: The command's help, one string per paragraph (rich markup; Typer keeps line breaks).
HELP = "\n\n".join(
    [
        "Review a game: every decision of yours (seat 0) graded by the search of the strong "
        "computer player, and the same deck played by the computer in your seat.",
        "At each of your real decisions (forced answers, answers the rules gave and moves the "
        "auto command made are skipped) strong searches the position exactly as it would have "
        "then, from what your seat could see: the moves it compares, with the move you played "
        "among them, each with an estimate. Estimates are expected results from 0% to 100%: the "
        "win chance in Si Se Pai (of the deal) and Cuccu (of the match); the result in Guandan "
        "(100% the match won, 75% a deal won by 3 levels, 58% by 1 level, 42% a deal lost by 1 "
        "level, 25% by 3, 0% the match lost) and the deal's result in Minchiate (100% a win, "
        "50% a tie, 0% a loss, and 2.5% more or less per resto of margin).",
        "The loss of a move is strong's move's estimate minus yours. A loss within the "
        "search's own noise (2 standard errors of the difference over the samples; with "
        "fewer than 4 samples every loss) is not marked (shown [bold]good, within "
        "noise[/bold] when it would reach a mark: more samples would tell); otherwise a move "
        "is an [bold]inaccuracy[/bold] from 5% lost, a "
        "[bold]mistake[/bold] from 10% and a [bold]blunder[/bold] from 20%; anything less is "
        "[bold]good[/bold]. A summary counts the marks and shows the three costliest moments "
        "with the table as you saw it then.",
        "Then the deck is played again with basic and with strong in your seat, the other "
        "seats as they were (same levels, same seed), and the results are set beside yours, "
        "as in duplicate bridge: the whole deal (Si Se Pai, Minchiate) or match (Cuccu), the "
        "first deal of a Guandan match. Replays need a finished game (they play out every "
        "card); --no-replay leaves them out.",
        "A game in progress is reviewed as far as it has been played, and nothing you could "
        "not see is shown. The same file always gives the same review (fixed samples, "
        "seeded). A decision takes up to a second or so: on a terminal a progress bar is "
        "shown on stderr.",
        "Example: [bold]cardavia review evening[/bold], [bold]cardavia review --last[/bold]",
        'JSON: {"game", "decisions": [{"index", "seat", "phase", "played", "options": '
        '[{"action", "estimate", "chance"}], "loss", "mark", "round", "ply", "best", '
        '"estimate", "best_estimate", "noise", "within_noise", "samples"}], "summary": '
        '{"decisions", "skipped", "auto", "from", "total", "marks", "loss", "costliest", "unit", '
        '"thresholds", "samples", "finished", "scope"}, "own", "replays": [{"level", "result", '
        '"value"}]}.',
    ]
)


def register(app: typer.Typer) -> None:
    """Add ``review`` to the root app."""
    app.command(name="review", help=HELP)(review)


@guarded
def review(
    file: Path | None = typer.Argument(
        None,
        parser=file_name,
        metavar="SAVE",
        help="A save name, a save or a deal file (TOML).",
        autocompletion=completion.saves,
        show_default=False,
    ),
    last: bool = typer.Option(
        False, "--last", help="Review the most recent finished game of the scores ledger."
    ),
    start: int = typer.Option(
        1,
        "--from",
        parser=count_option(START),
        metavar="N",
        help="Review from your decision N on (1 is the first).",
    ),
    no_replay: bool = typer.Option(
        False, "--no-replay", help="Leave out the replays with the computer in your seat."
    ),
    samples: int | None = typer.Option(
        None,
        "--samples",
        parser=count_option(SAMPLES),
        metavar="N",
        help="Sampled deals per decision (default: the strong player's own); fewer is "
        "quicker and rougher.",
        show_default=False,
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Review a game (see :data:`HELP`)."""
    from cardavia_cli.commands.common import fail, warn
    from cardavia_cli.engine.review import HUMAN, graded_plies, review_game, start_problem
    from cardavia_cli.games import game_title, load_game
    from cardavia_cli.games.deals import replay
    from cardavia_cli.repl.hooks import load_ui

    if last and file is not None:
        fail(_("give a save or --last, not both"))
    ignored = IgnoredSettings("review")
    if last:
        deal, where = _last_game(ignored)
    elif file is None:
        fail(_("review needs a save or a deal file, or --last for your last finished game"))
    else:
        deal, where = _deal_of(file, ignored)
    info = load_game(deal.game)
    ui = load_ui(deal.game)
    final = replay(deal, where)
    ignored.warn()  # once the file has replayed: a file refused says only why

    def skip(view: Any) -> bool:
        return ui.auto_answer(view) is not None

    problem = start_problem(start, len(graded_plies(info, deal, final, seat=HUMAN, skip=skip)))
    if problem is not None:
        fail(problem)

    options: dict[str, Any] = {
        "samples": samples,
        "start": start,
        "skip": skip,
        "replays": not no_replay,
    }
    err = console(stderr=True)
    if not err.is_terminal:
        result = review_game(info, deal, final, **options)
    else:
        with _progress_bar(err) as progress:
            result = review_game(info, deal, final, progress=progress, **options)
    for played in result.replays:
        for message in played.errors:
            warn(_("computer player {problem}").format(problem=message))
    if as_json:
        from cardavia_cli.repl.review import position_text

        print_json(result.to_json(lambda d: position_text(ui, d)))
        return
    import sys

    from rich import box
    from rich.console import Group

    from cardavia_cli.repl.output import Paged
    from cardavia_cli.repl.render import Renderer
    from cardavia_cli.repl.review import review_renderables

    out = console()
    frame = box.ROUNDED if out.is_terminal else None
    shown = review_renderables(
        result, ui, game_title(deal.game), frame=frame, replays=not no_replay
    )
    # a long review goes through a pager on a terminal, as the rules do; piped, it is printed
    Renderer(out, pager=sys.stdout.isatty()).show([Paged(Group(*shown))])


def _deal_of(file: Path, ignored: IgnoredSettings) -> tuple[DealFile, str]:
    """The deal of a file or save name, and where it was read (for messages); a bad
    ``settings`` table goes to ``ignored``."""
    from cardavia_cli.commands.common import fail, save_path, saves_dir
    from cardavia_cli.engine.paths import is_there
    from cardavia_cli.games.deals import load_deal

    path = file if is_there(file) else save_path(str(file))
    if not is_there(path) and path != file:
        fail(
            _("{file}: no such file, here or in the saves folder ({folder})").format(
                file=file, folder=saves_dir()
            )
        )
    return load_deal(path, ignore_settings=ignored), str(path)


def _last_game(ignored: IgnoredSettings) -> tuple[DealFile, str]:
    """The deal of the most recent finished game of the scores ledger, and its name; a bad
    ``settings`` table goes to ``ignored``."""
    from cardavia_cli.commands.common import fail, warn
    from cardavia_cli.engine.ledger import Ledger, ledger_path, no_ledger
    from cardavia_cli.games.deals import parse_deal

    path = ledger_path()
    if no_ledger(path):
        fail(_("there is no finished game in the scores yet: finish one, or name a save"))
    with Ledger(path) as ledger:
        entries = ledger.entries(on_bad=warn)
    if not entries:
        fail(_("there is no finished game in the scores yet: finish one, or name a save"))
    entry = entries[-1]
    where = _("the scores ledger's game {id} ({when})").format(id=entry.id, when=entry.finished_at)
    if entry.save:
        where = f"{entry.save} ({where})"
    return parse_deal(entry.deal, where, ignore_settings=ignored), where


class _progress_bar:
    """A rich progress bar on the console ``err`` (stderr), fed by a review's progress."""

    def __init__(self, err: Any) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        )
        self._task: Any = None

    def __enter__(self) -> Progress:
        self._bar.__enter__()
        return self.update

    def __exit__(self, *exc: object) -> None:
        self._bar.__exit__(None, None, None)

    def update(self, stage: str, done: int, total: int) -> None:
        if stage == "decisions":
            if self._task is None:
                self._task = self._bar.add_task(_("Reviewing your decisions"), total=total)
            self._bar.update(self._task, completed=done)
            return
        if self._task is not None:
            self._bar.remove_task(self._task)
        self._task = self._bar.add_task(
            _("Replaying the deck with {level} in your seat").format(level=stage), total=None
        )
