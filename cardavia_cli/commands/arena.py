"""``cardavia arena GAME``: computer players against each other (cli.md; ai.md, "Measuring
strength"). The work is done by :mod:`cardavia_cli.engine.arena`; this module parses the
options, shows progress and prints the result.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import typer

from cardavia_cli.commands import completion
from cardavia_cli.commands.common import (
    console,
    count_option,
    error_line,
    fail,
    guarded,
    print_json,
    warn,
    whole_number,
)
from cardavia_cli.engine.i18n import N_, _, ngettext
from cardavia_cli.engine.numbers import Count

DEFAULT_SEATS = "basic,basic,basic,basic"

#: ``--ray`` without an address: a local Ray started for the run (Ray's own name for it).
RAY_LOCAL = "local"

#: The exit code of a run in which a computer player failed (cli.md has no code of its own for
#: it: 2 means bad input, which this is not, and the arena asks no yes/no question, so 1 says
#: "the run finished, but its figures are not clean").
EXIT_PLAYER_ERRORS = 1

#: ``--deals``: a run plays at least one deal, and at most a billion (weeks of play at the
#: fastest game's thousands of deals a second; more figures come from more runs, other seeds).
DEALS = Count(1, 10**9, N_("{text} is more deals than one run plays (at most {most})"))
#: ``--jobs``: 0 is one process per CPU; at most 1024 processes, all started at once.
JOBS = Count(0, 1024, N_("{text} is more processes than a run starts (at most {most})"))


#: The command's help, one string per paragraph (rich markup; Typer keeps line breaks).
HELP = "\n\n".join(
    [
        "Computer players against each other: wins per seat with 95% confidence intervals "
        "(Wilson), draws, and deals per second.",
        "Deal [italic]i[/italic] is shuffled from a seed derived from --seed and "
        "[italic]i[/italic] (always below 2^63, so it fits a deal file's seed = ...), so a run "
        "is reproducible. A seat that wins a deal scores one win (in partnership games both "
        "partners do); a deal without a winner is a draw.",
        "[bold]--rotate[/bold] measures levels fairly in solo games. With seats that are not "
        "all the same level, each deck is played four times, the seat list rotated one place "
        "each time (in rotation [italic]r[/italic], seat [italic]s[/italic] is played by the "
        "level listed at position [italic]s - r[/italic] mod 4), so every level plays every "
        "seat with the same cards and the same dealer. --deals counts every game played (four "
        "per deck), so it must be a multiple of 4. A table of per-level totals follows: each "
        "level's wins over the seat-deals it played; players of equal strength each win 25% "
        "of the decided deals.",
        "[bold]Partnership games[/bold] (team 0 = seats 0 and 2, team 1 = seats 1 and 3) are "
        "played in the duplicate format whenever the two sides differ: side 0 is the levels "
        "listed at seats 0 and 2, side 1 those at seats 1 and 3, and each deck is played twice, "
        "as listed (A,B,C,D) and with the sides exchanged (B,A,D,C), so each side plays both "
        "teams' cards. --deals counts every game played (two per deck), so it must be even; "
        "--rotate does not apply. Wins per team and per side are counted over the decided "
        "deals, with Wilson 95% intervals: an even share is 50%.",
        "Exit status: 0, or 1 when a computer player failed during the run (raised an error or "
        "chose an illegal action; each failure is replaced by a basic choice, counted in "
        "agent_errors and reported on stderr) or a deal was lost on the cluster (task_errors); "
        "2 for bad input; 130 when interrupted (Ctrl-C). "
        "When standard error is a terminal a progress bar is shown there, with --json too "
        "(so: cardavia arena ... --json > run.json).",
        "[bold]--ray[/bold] [italic]ADDRESS[/italic] plays the deals as tasks on the Ray "
        "cluster at that address (e.g. 10.0.0.5:6379, or auto for the cluster started on this "
        "machine with ray start --head), and --ray alone on a local Ray started for the run "
        "(--jobs N gives it N CPUs). This process collects the results; the cluster's workers "
        "play, and each node needs the same version of cardavia installed. The figures are "
        "those of one process, however many workers there are. A task whose worker dies is "
        "run again; a deal that fails every retry is counted in task_errors and the exit "
        "status is 1. Ray is an optional dependency: pip install 'cardavia\\[cluster]'.",
        "Example: [bold]cardavia arena sisepai --seats basic,random,random,random --rotate "
        "--deals 1000[/bold]",
        'JSON: {"game", "deals", "seats", "wins", "win_rate", "ci95", "draws", '
        '"deals_per_second"}, plus "seed", "rotate", "duplicate", "decks", "levels" (the '
        'per-level totals: "level", "seat_deals", "wins", "win_rate", "ci95", "decisions", '
        '"decision_ms", "cut_short": the moves the time cap cut short), '
        '"agent_errors" and "task_errors" (deals lost on a Ray cluster); for partnership '
        'games then "teams" ("team", "seats", "wins", "decided", "win_rate", "ci95"), '
        '"sides" (the same with "side" and "levels") and '
        '"even_share": 0.5.',
    ]
)


def register(app: typer.Typer) -> None:
    """Add ``arena`` to the root app."""
    app.command(name="arena", help=HELP)(arena)


def bare_ray(words: list[str]) -> list[str]:
    """``words`` (a command line) with a bare ``--ray`` of ``arena`` (the last word, or one
    before another option) written ``--ray=local``: ``--ray [ADDRESS]`` takes an optional value,
    which the parser does not do by itself. A word after ``--ray`` that is not an option is
    its address.

    >>> bare_ray(["arena", "cucu", "--ray", "--json"])
    ['arena', 'cucu', '--ray=local', '--json']
    >>> bare_ray(["arena", "cucu", "--ray", "auto"])
    ['arena', 'cucu', '--ray', 'auto']
    """
    if "arena" not in words:
        return words
    out = list(words)
    for i, word in enumerate(out):
        if word == "--":
            break
        if word == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out[i] = f"--ray={RAY_LOCAL}"
    return out


def show_progress(as_json: bool, stdout_terminal: bool, stderr_terminal: bool) -> bool:
    """Whether a run shows a progress bar on stderr: whenever standard error is a terminal,
    whatever standard output is (``--json > run.json`` shows it; the JSON never holds it)."""
    return stderr_terminal


@guarded
def arena(
    ctx: typer.Context,
    game: str = typer.Argument(
        ..., help="The game, e.g. sisepai.", autocompletion=completion.games
    ),
    deals: int = typer.Option(
        100,
        "--deals",
        "-n",
        metavar="N",
        parser=count_option(DEALS),
        help="How many deals to play (matches, for Cuccu and Guandan).",
    ),
    seats: str = typer.Option(
        DEFAULT_SEATS,
        "--seats",
        metavar="A,B,C,D",
        help="The four computer-player levels, seats 0 to 3, separated by commas.",
        autocompletion=completion.seat_levels,
    ),
    seed: int = typer.Option(
        0,
        "--seed",
        metavar="N",
        parser=whole_number,
        help="Seed of the run: the same seed plays the same decks and games.",
    ),
    rotate: bool = typer.Option(
        False,
        "--rotate",
        help="Solo games: play every deck once per rotation of the seat list, so each level "
        "sits in every seat on the same decks; --deals must then be a multiple of 4.",
    ),
    single_deals: bool = typer.Option(
        False,
        "--single-deals",
        help="Match games with deals to play alone (Guandan): every deal is a single deal "
        "somewhere in a match (random levels, a random previous finish, so with tribute), won "
        "by the team of its first player out.",
    ),
    jobs_given: int = typer.Option(
        1,
        "--jobs",
        "-j",
        metavar="N",
        parser=count_option(JOBS),
        help="Play the deals in N processes (the figures are those of one process; 0: one "
        "per CPU).",
    ),
    ray_address: str | None = typer.Option(
        None,
        "--ray",
        metavar="[ADDRESS]",
        help="Play the deals as tasks on the Ray cluster at ADDRESS (auto: the one started on "
        "this machine), or alone on a local Ray started for the run. Needs "
        "pip install 'cardavia\\[cluster]'.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Computer players against each other (see :data:`HELP`)."""
    import os

    from cardavia_cli.engine.arena import plan
    from cardavia_cli.games import load_game

    jobs = jobs_given or os.cpu_count() or 1
    executor = None
    if ray_address is not None:
        executor = _ray_executor(ray_address.strip(), jobs, _given(ctx, "jobs_given"))
    levels = [part.strip().lower() for part in seats.split(",")]
    if len(levels) != 4 or not all(levels):
        fail(
            _("--seats {seats}: give four levels separated by commas, e.g. {example}").format(
                seats=repr(seats), example=DEFAULT_SEATS
            )
        )
    info = load_game(game.strip().lower())
    unknown = [lvl for lvl in levels if lvl not in info.agents]
    if unknown:
        fail(
            _(
                "--seats {seats}: unknown computer player level {level} for {game} "
                "(known: {levels})"
            ).format(
                seats=repr(seats),
                level=repr(unknown[0]),
                game=info.name,
                levels=", ".join(info.agents),
            )
        )
    try:
        plan(levels, deals, rotate, info.partnerships)  # checks the counts; plays nothing
    except ValueError as exc:
        fail(str(exc))
    if single_deals and info.single_deal is None:
        fail(
            _("--single-deals: {game} has no deals to play alone (only Guandan has)").format(
                game=_(info.title)
            )
        )
    options: dict[str, Any] = {
        "deals": deals,
        "seed": seed,
        "rotate": rotate,
        "single_deals": single_deals,
        "jobs": 1 if executor is not None else jobs,
        "load": load_game,
    }

    err = console(stderr=True)
    with executor or nullcontext():
        result = _play(info, levels, options, executor, err, as_json)
    data = result.to_json()
    if as_json:
        print_json(data)
    else:
        _print_human(data, _(info.title))
    _report_errors(result)


def _play(
    info: Any, levels: list[str], options: dict[str, Any], executor: Any, err: Any, as_json: bool
) -> Any:
    """``run_arena`` with ``options``, the progress bar on ``err`` when it is shown."""
    from cardavia_cli.engine.arena import run_arena

    options = {**options, "executor": executor}
    if not show_progress(as_json, console().is_terminal, err.is_terminal):
        return run_arena(info, levels, **options)
    else:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn(_("{game} arena").format(game=info.name)),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("deals", total=options["deals"])
            return run_arena(
                info,
                levels,
                **options,
                progress=lambda done, total: bar.update(task, completed=done),
            )


def _report_errors(result: Any) -> None:
    """One line on stderr for the deals lost on a cluster and one for the computer players'
    failures, then exit 1 when there was either; nothing when the run was clean."""
    if result.task_errors:
        n = result.task_errors
        error_line(
            ngettext(
                "{n} deal could not be played on the cluster however often it was retried, and "
                "is missing from the figures (first: {first})",
                "{n} deals could not be played on the cluster however often they were retried, "
                "and are missing from the figures (first: {first})",
                n,
            ).format(n=n, first=result.task_messages[0] if result.task_messages else "?")
        )
    if result.agent_errors:
        n = result.agent_errors
        error_line(
            ngettext(
                "{n} computer player error during the run (each replaced by a basic choice): "
                "the figures do not measure the players as asked",
                "{n} computer player errors during the run (each replaced by a basic choice): "
                "the figures do not measure the players as asked",
                n,
            ).format(n=n)
        )
    if result.task_errors or result.agent_errors:
        raise typer.Exit(EXIT_PLAYER_ERRORS)


def _given(ctx: typer.Context, parameter: str) -> bool:
    """Whether ``parameter`` was given on the command line (not its default)."""
    source = ctx.get_parameter_source(parameter)
    return source is not None and source.name != "DEFAULT"


def _ray_executor(address: str, jobs: int, jobs_given: bool) -> Any:
    """The :class:`~cardavia_cli.engine.cluster.RayExecutor` of ``--ray ADDRESS``, or one
    line and exit code 2 when ADDRESS is empty or no address (``:``, a port past 65535), Ray
    is not installed, or ``--jobs`` is given with a cluster's address (its CPUs are the
    cluster's)."""
    from cardavia_cli.engine.cluster import RayExecutor, parse_address, require_ray

    if not address:
        fail(_("--ray: give a cluster's address (host:port, or auto), or no value at all"))
    parse_address(address)  # the value first: one line naming it, before Ray is looked for
    require_ray()
    if address != RAY_LOCAL and jobs_given:
        fail(
            _(
                "--jobs does not apply with --ray {address}: the cluster's CPUs play the deals "
                "(--jobs sizes a local Ray, with --ray alone)"
            ).format(address=address)
        )
    return RayExecutor(address=address, cpus=jobs if jobs_given else None, on_notice=warn)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}% - {100 * ci[1]:.1f}%"


def _print_human(data: dict[str, Any], title: str) -> None:
    from rich import box
    from rich.table import Table

    from cardavia_cli.engine.arena import swap_sides

    out = console()
    frame = box.ROUNDED if out.is_terminal else None
    deals = data["deals"]
    rotated = data["rotate"]
    decks = data["decks"]
    if rotated:
        head = ngettext(
            "[bold]{title}[/bold]: {n} deal, seed {seed}, {decks} decks x 4 seat rotations",
            "[bold]{title}[/bold]: {n} deals, seed {seed}, {decks} decks x 4 seat rotations",
            deals,
        )
    elif data["duplicate"]:
        head = ngettext(
            "[bold]{title}[/bold]: {n} deal, seed {seed}, {decks} decks x 2 (duplicate: sides "
            "exchanged)",
            "[bold]{title}[/bold]: {n} deals, seed {seed}, {decks} decks x 2 (duplicate: sides "
            "exchanged)",
            deals,
        )
    else:
        head = ngettext(
            "[bold]{title}[/bold]: {n} deal, seed {seed}",
            "[bold]{title}[/bold]: {n} deals, seed {seed}",
            deals,
        )
    out.print(head.format(title=title, n=deals, seed=data["seed"], decks=decks))
    table = Table(box=frame)
    table.add_column(_("seat"), justify="right")
    table.add_column(_("player"))
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate"), justify="right")
    table.add_column(_("95% CI"), justify="right")
    swapped = swap_sides(data["seats"])  # who plays each seat in the second game of a deck
    for s in range(4):
        # TRANSLATORS: the player of a seat in the arena when the seats rotate
        player = _("rotated") if rotated else data["seats"][s]
        if data["duplicate"]:
            player = f"{player} / {swapped[s]}"
        table.add_row(
            str(s), player, str(data["wins"][s]), _pct(data["win_rate"][s]), _ci(data["ci95"][s])
        )
    out.print(table)
    if len(data["levels"]) > 1:
        out.print(_("per level:"))
        per = Table(box=frame)
        per.add_column(_("player"))
        per.add_column(_("seat-deals"), justify="right")
        per.add_column(_("wins"), justify="right")
        per.add_column(_("win rate"), justify="right")
        per.add_column(_("95% CI"), justify="right")
        for lv in data["levels"]:
            per.add_row(
                lv["level"],
                str(lv["seat_deals"]),
                str(lv["wins"]),
                _pct(lv["win_rate"]),
                _ci(lv["ci95"]),
            )
        out.print(per)
    if "teams" in data:
        _print_partnerships(data, frame)
    out.print(_("draws: {n} ({share})").format(n=data["draws"], share=_pct(data["draws"] / deals)))
    out.print(_("deals per second: {rate}").format(rate=f"{data['deals_per_second']:.1f}"))
    if data["agent_errors"]:
        out.print(
            _(
                "[bold red]computer player errors: {n}[/bold red] (each replaced by a basic choice)"
            ).format(n=data["agent_errors"])
        )
    if data["task_errors"]:
        out.print(
            _(
                "[bold red]deals lost on the cluster: {n}[/bold red] (missing from the figures)"
            ).format(n=data["task_errors"])
        )
    for lv in data["levels"]:
        if lv.get("cut_short"):
            out.print(
                ngettext(
                    "{level}: {n} of {total} moves cut short by the time cap (fewer samples; "
                    "CARDAVIA_SEARCH_BUDGET=off plays them all)",
                    "{level}: {n} of {total} moves cut short by the time cap (fewer samples; "
                    "CARDAVIA_SEARCH_BUDGET=off plays them all)",
                    lv["cut_short"],
                ).format(level=lv["level"], n=lv["cut_short"], total=lv["decisions"])
            )


def _print_partnerships(data: dict[str, Any], frame: Any) -> None:
    """The team and side totals of a partnership game."""
    from rich.table import Table

    out = console()
    table = Table(box=frame)
    table.add_column(_("partnership"))
    table.add_column(_("wins"), justify="right")
    table.add_column(_("decided"), justify="right")
    table.add_column(_("win rate"), justify="right")
    table.add_column(_("95% CI"), justify="right")
    for entry in data["teams"]:
        name = _("team {team} (seats {seats})").format(
            team=entry["team"], seats=" + ".join(str(s) for s in entry["seats"])
        )
        table.add_row(name, *_share_cells(entry))
    for entry in data["sides"]:
        name = _("side {side} ({levels})").format(
            side=entry["side"], levels=" + ".join(entry["levels"])
        )
        table.add_row(name, *_share_cells(entry))
    out.print(table)
    out.print(
        _("an even share is {share} of the decided deals").format(share=_pct(data["even_share"]))
    )


def _share_cells(entry: dict[str, Any]) -> list[str]:
    return [
        str(entry["wins"]),
        str(entry["decided"]),
        _pct(entry["win_rate"]),
        _ci(entry["ci95"]),
    ]
