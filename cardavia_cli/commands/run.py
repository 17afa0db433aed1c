"""``cardavia run FILE`` and ``cardavia resume NAME_OR_FILE`` (cli.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from cardavia_cli.commands import completion
from cardavia_cli.commands.common import (
    IgnoredSettings,
    count_option,
    echo,
    file_name,
    guarded,
    print_json,
    shown,
    warn,
)
from cardavia_cli.engine.i18n import N_, _, ngettext
from cardavia_cli.engine.numbers import Count

#: ``--max-deals``: at least one deal or round, at most a billion (no match comes near it).
MAX_DEALS = Count(1, 10**9, N_("{text} is more deals or rounds than a run plays (at most {most})"))


def register(app: typer.Typer) -> None:
    """Add ``run`` and ``resume`` to the root app."""
    app.command(name="run")(run)
    app.command(name="resume")(resume)


@guarded
def run(
    file: Path = typer.Argument(
        ...,
        parser=file_name,
        help="A deal file or save (TOML), or the name of a save.",
        autocompletion=completion.saves,
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    stop: bool = typer.Option(False, "--stop", help="Stop where the recorded actions run out."),
    max_deals: int = typer.Option(
        200,
        "--max-deals",
        parser=count_option(MAX_DEALS),
        metavar="N",
        help="At most this many deals or rounds of a match (1 or more).",
    ),
) -> None:
    """Run a deal file without a person: its actions, then computer players to the end.

    Any human seat is played by the [bold]basic[/bold] computer player.
    """
    from cardavia_cli.commands.common import fail, save_path, saves_dir
    from cardavia_cli.engine.agents import fallback_for
    from cardavia_cli.engine.runner import make_agents, play_on
    from cardavia_cli.games import load_game
    from cardavia_cli.games.deals import DealFile, load_deal, replay

    if not stop:
        saves_dir()  # the scores ledger is kept there: a saves folder that is a file stops here
    from cardavia_cli.engine.paths import is_there

    path = file if is_there(file) else save_path(str(file))
    if not is_there(path) and path != file:
        # a bare name is looked for in this folder and among the saves: name both
        fail(
            _("{file}: no such file, here or in the saves folder ({folder})").format(
                file=file, folder=saves_dir()
            )
        )
    ignored = IgnoredSettings("run")
    deal = load_deal(path, ignore_settings=ignored)
    state = replay(deal, str(path))
    ignored.warn()
    info = load_game(deal.game)
    errors: list[str] = []
    recorded = len(state.history)
    if not stop:
        agents = make_agents(info, deal.seats)
        play_on(
            state, agents, max_deals=max_deals, fallback=fallback_for(info), on_error=errors.append
        )
    for message in errors:
        warn(_("computer player {problem}").format(problem=message))
    outcome = state.result()
    if outcome is not None and not stop:
        from cardavia_cli.engine.ledger import record_finished
        from cardavia_cli.engine.saves import resume_name

        finished = DealFile.from_state(state, deal)
        # nobody played in person: every seat is recorded as the computer player it was
        played_by = ["basic" if kind == "human" else kind for kind in deal.seats]
        seat0 = [i for i, r in enumerate(state.history) if r.seat == 0 and not r.forced]
        # the decisions of a human seat 0 that the computer took after the file's, and those
        # of the file's that its ledger table counts as made by auto (a REPL's save)
        human = deal.seats[0] == "human"
        auto = sum(1 for i in seat0 if i >= recorded) + deal.ledger.get("auto", 0) if human else 0
        problem = record_finished(
            deal.game,
            played_by,
            outcome,
            state.partial_result(),
            finished.to_toml(),
            "run",
            auto=auto,
            decisions=max(0, len(seat0) - deal.ledger.get("given", 0)),
            save=resume_name(path.absolute()),
        )
        if problem is not None:
            warn(problem)
    log = [e.text for e in state.events]
    if as_json:
        # Exactly the keys of cli.md; a game stopped before its end is told by its log and by
        # its result (no winner).
        print_json({"game": deal.game, "result": state.partial_result(), "log": log})
        return
    from cardavia_cli.commands.common import console

    out = console()
    for line in log:  # the event lines, as in the JSON log: never translated, one a line
        out.print(line, markup=False, soft_wrap=True)
    if outcome is not None:
        out.print(f"[bold]{outcome.summary}[/bold]", markup=True)
    elif stop:
        out.print(_("[bold]Stopped[/bold]: {position}.").format(position=state.position()))
    else:
        n = state.rounds_finished
        out.print(
            ngettext(
                "[bold]Cut off[/bold] after {n} deal or round (--max-deals {most}): no winner.",
                "[bold]Cut off[/bold] after {n} deals or rounds (--max-deals {most}): no winner.",
                n,
            ).format(n=n, most=max_deals)
        )


@guarded
def resume(
    name: str | None = typer.Argument(
        None,
        help="A save name (see cardavia saves list) or a save file; default: the most recent "
        "unfinished save.",
        autocompletion=completion.saves,
    ),
) -> None:
    """Continue a saved game in the REPL (without a name: the most recent unfinished save;
    a save open in another REPL is refused)."""

    from cardavia_cli.commands.common import fail, save_path, saves_dir
    from cardavia_cli.commands.play import resume as resume_game
    from cardavia_cli.engine.saves import latest_unfinished, save_files
    from cardavia_cli.games import load_game

    if name is None:
        files = save_files()
        if not files:
            fail(_("there are no saves yet: play with --save NAME, or type save in a game"))
        latest = latest_unfinished(lookup=load_game)
        if latest is None:
            fail(
                ngettext(
                    "every save is finished or unreadable ({n} in {folder}): replay one with "
                    "cardavia run NAME, or remove the finished ones with cardavia saves prune "
                    "--finished",
                    "every save is finished or unreadable ({n} in {folder}): replay one with "
                    "cardavia run NAME, or remove the finished ones with cardavia saves prune "
                    "--finished",
                    len(files),
                ).format(n=len(files), folder=saves_dir())
            )
        if sys.stdin.isatty():
            question = _("Resume {name}, the most recent unfinished save?").format(name=latest.stem)
            if not typer.confirm(shown(question), default=True):
                others = ", ".join([p.stem for p in files if p != latest][:5])
                echo(
                    _("Other saves: {names}").format(names=others)
                    if others
                    else _("There is no other save.")
                )
                raise typer.Exit(0)
        raise typer.Exit(resume_game(latest))
    if not name.strip():
        fail(_("resume needs a save name or a save file"))
    from cardavia_cli.engine.paths import is_there

    path = save_path(name)
    if not is_there(path) and path.parent == saves_dir():
        names = sorted(p.stem for p in saves_dir().glob("*.toml"))
        known = (
            _("saves: {names}").format(names=", ".join(names))
            if names
            else _("there are no saves yet")
        )
        fail(_("{path}: no such save ({known})").format(path=path, known=known))
    raise typer.Exit(resume_game(path))
