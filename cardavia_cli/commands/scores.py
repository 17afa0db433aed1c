"""``cardavia scores``: the results of finished deals and matches (cli.md), from the scores
ledger (:mod:`cardavia_cli.engine.ledger`), for every game with no per-game code.

Win rates count the games you played yourself from a shuffled deck (source ``repl``, no
decision made by ``auto``) unless ``--all``. A ledger row that cannot be decoded is skipped
with one warning line on stderr naming it. Exports: CSV with one value per cell
(``engine.ledger.COLUMNS``; no cell a spreadsheet takes for a formula), JSON and TOML with
the records and the per-game summaries (``scores list --json``'s document); ``-o -`` (or no
``-o``) is standard output, an ``-o`` file is named for its format (``.csv``, ``.json``,
``.toml``), and no export is ever written into the saves folder.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import typer

from cardavia_cli.commands import completion
from cardavia_cli.commands.common import fail, guarded, print_json, warn
from cardavia_cli.engine.i18n import N_, _

app = typer.Typer(
    help="Results of finished deals and matches: list them, sum them up, export them.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

#: The export formats of ``--format``, with a few words for completion.
FORMAT_HELP: dict[str, str] = {
    "csv": N_("one scalar column per field"),
    "json": N_("the records and the summaries"),
    "toml": N_("the records and the summaries"),
}
FORMATS: tuple[str, ...] = tuple(FORMAT_HELP)

_ALL_HELP = (
    "Count every game you played in the win rates: stacked decks, replays and games auto "
    "played for you too."
)


def _game(text: str | None) -> str | None:
    """The registered game named ``text`` in any case (``Cucu`` is ``cucu``); raises the
    registry's error naming the games."""
    from cardavia_cli.games import load_game

    if text is None:
        return None
    name = text.strip().lower()
    load_game(name)  # an unknown game is bad input
    return name


def _date(option: str, value: str | None) -> str | None:
    from datetime import date

    if value is None:
        return None
    written = bool(_DATE.fullmatch(value))
    try:
        ok = written and date.fromisoformat(value) is not None
    except ValueError:
        ok = False
    if written and not ok:
        fail(
            _("{option} {value}: there is no such day in the calendar").format(
                option=option, value=repr(value)
            )
        )
    if not ok:
        fail(
            _("{option} takes a date written YYYY-MM-DD, not {value}").format(
                option=option, value=repr(value)
            )
        )
    return value


def _entries(game: str | None, since: str | None, until: str | None) -> list[Any]:
    """The ledger's entries of ``game`` (any case) between the days ``since`` and ``until``;
    a bad row is skipped with a warning line on stderr. Exits 2 (one line) for an unknown
    game, a date that is not ``YYYY-MM-DD``, ``--since`` after ``--until``."""
    from cardavia_cli.engine.ledger import Ledger, ledger_path, no_ledger

    name = _game(game)
    since, until = _date("--since", since), _date("--until", until)
    if since is not None and until is not None and since > until:
        fail(
            _("--since {since} is after --until {until}: no day is in between").format(
                since=since, until=until
            )
        )
    path = ledger_path()
    if no_ledger(path):
        return []

    with Ledger(path) as ledger:
        return ledger.entries(name, since, until, on_bad=warn)


def _how(entry: Any) -> str:
    """How a game was played, for the table: the source and the decisions ``auto`` made."""
    if entry.auto:
        # TRANSLATORS: how a game was played: its source (repl, run) and how many decisions
        # "auto" made; both words are what cardavia records, not translated
        return _("{source}, auto {n}").format(source=entry.source, n=entry.auto)
    return entry.source


#: The filters that ``list`` and ``export`` share.
GAME_OPTION = typer.Option(
    None,
    "--game",
    metavar="GAME",
    help="Only this game (any case).",
    autocompletion=completion.games,
)
SINCE_OPTION = typer.Option(
    None, "--since", metavar="DATE", help="From this day (YYYY-MM-DD, UTC)."
)
UNTIL_OPTION = typer.Option(
    None, "--until", metavar="DATE", help="Up to this day (YYYY-MM-DD, UTC)."
)
ALL_OPTION = typer.Option(False, "--all", help=_ALL_HELP)


@app.command("list")
@guarded
def list_(
    game: str | None = GAME_OPTION,
    since: str | None = SINCE_OPTION,
    until: str | None = UNTIL_OPTION,
    everything: bool = ALL_OPTION,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """List the finished deals and matches, oldest first, and a summary per game.

    The win rates count the games you played yourself from a shuffled deck (not a deal file
    with a deck, not a replay of a deal already recorded, no decision made by auto) unless
    --all is given.
    """

    from cardavia_cli.commands.common import console
    from cardavia_cli.engine.ledger import summaries

    entries = _entries(game, since, until)
    sums = summaries(entries, everything)
    if as_json:
        print_json(_document(entries, sums))
        return
    out = console(wide=True)
    if not entries:
        if game is None and since is None and until is None:
            out.print(_("No finished deals or matches yet."))
        else:
            # the options left everything out: say which, not "yet"
            given = [
                f"{flag} {value}"
                for flag, value in (("--game", game), ("--since", since), ("--until", until))
                if value is not None
            ]
            out.print(
                _(
                    "No finished deal or match for {options} (cardavia scores list shows them all)."
                ).format(options=" ".join(given)),
                highlight=False,
            )
        return
    table = finished_table(entries)
    out.print(table)
    if sums:
        out.print(summary_table(sums))
        if not everything and any(s.left_out for s in sums):
            out.print(
                _(
                    "Win rates count the games you played yourself from a shuffled deck; --all "
                    "counts the others too."
                ),
                markup=False,
            )


#: The columns of ``scores list``'s table of finished games, with their justification.
FINISHED_COLUMNS = (
    ("#", "right"),
    (N_("finished (UTC)"), "left"),
    (N_("game"), "left"),
    (N_("played"), "left"),
    (N_("seats"), "left"),
    (N_("winner"), "left"),
    (N_("score"), "right"),
)
#: The columns of the per-game summaries.
SUMMARY_COLUMNS = (
    N_("game"),
    N_("played"),
    N_("won"),
    N_("no winner"),
    N_("win rate"),
    N_("best score"),
    N_("left out"),
)


def finished_table(entries: Any) -> Any:
    """The table ``Finished games`` of ``scores list``: one row per ledger entry
    (``engine.ledger`` entries), oldest first."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("Finished games"), title_justify="left")
    for name, justify in FINISHED_COLUMNS:
        table.add_column(_(name) if name != "#" else name, justify=justify)  # type: ignore[arg-type]
    for e in entries:
        # the cells are text as it is (a hand-edited row may hold brackets), never markup
        cells = (
            str(e.id),
            e.finished_at.replace("T", " ").rstrip("Z"),
            e.game,
            _how(e),
            # TRANSLATORS: the human's seat in the table of finished games
            " ".join(_("you") if kind == "human" else kind for kind in e.seats),
            e.winner_name(),
            "" if e.score is None else str(e.score),
        )
        table.add_row(*(Text(cell) for cell in cells))
    return table


def summary_table(sums: Any) -> Any:
    """The table ``Your games`` of per-game summaries (``engine.ledger.Summary`` values):
    played (counted), won, no winner, win rate, best score, and the games left out."""
    from rich.table import Table
    from rich.text import Text

    summary = Table(title=_("Your games"), title_justify="left")
    for name in SUMMARY_COLUMNS:
        summary.add_column(_(name), justify="left" if name == "game" else "right")
    for s in sums:
        summary.add_row(
            Text(s.game),
            str(s.played),
            str(s.won),
            str(s.drawn),
            f"{s.win_rate:.0%}" if s.played else "-",
            "-" if s.best_score is None else str(s.best_score),
            str(s.left_out),
        )
    return summary


def _document(entries: Any, sums: Any) -> dict[str, Any]:
    """``scores list --json``'s document: ``{"results": [entry], "summaries": [summary]}``."""
    return {
        "results": [e.to_json() for e in entries],
        "summaries": [s.to_json() for s in sums],
    }


def export_text(fmt: str, entries: Any, sums: Any) -> str:
    """The export of ``entries`` and their summaries ``sums`` as ``fmt`` (one of
    :data:`FORMATS`): CSV of the columns ``engine.ledger.COLUMNS`` (one row per entry, one
    value per cell, each text cell :func:`spreadsheet_safe`), or ``scores list --json``'s
    document as JSON or TOML (TOML has no null: a null is left out of a table)."""
    if fmt == "json":
        import json

        return json.dumps(_document(entries, sums), ensure_ascii=False, indent=2) + "\n"
    if fmt == "toml":
        import tomli_w

        from cardavia_cli.engine.ledger import to_toml_value

        return tomli_w.dumps(to_toml_value(_document(entries, sums)), multiline_strings=True)
    import csv
    import io

    from cardavia_cli.engine.ledger import COLUMNS

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(COLUMNS), lineterminator="\n")
    # with lines ended by "\n", the minimal quoting leaves a carriage return bare, and a reader
    # takes it for the end of a line: a row holding one (a hand-edited ledger) is all quoted
    quoted = csv.DictWriter(
        buffer, fieldnames=list(COLUMNS), lineterminator="\n", quoting=csv.QUOTE_ALL
    )
    writer.writeheader()
    for e in entries:
        row = {k: spreadsheet_safe(v) for k, v in e.columns().items()}
        bare_return = any(isinstance(v, str) and "\r" in v for v in row.values())
        (quoted if bare_return else writer).writerow(row)
    return buffer.getvalue()


#: The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV
#: injection): ``=``, ``+``, ``-``, ``@``, and a tab or carriage return before one.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: str | int) -> str | int:
    """A CSV cell no spreadsheet evaluates: text that begins (after any white space) with a
    character of :data:`_FORMULA_START` gets a single quote before it, which a spreadsheet
    shows as text; numbers (``-3``) and other text are kept as they are.

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("@x"), spreadsheet_safe(-3)
    ("'=HYPERLINK(1)", "'@x", -3)
    >>> spreadsheet_safe("evening")
    'evening'
    """
    if isinstance(value, str) and value.lstrip(" ").startswith(_FORMULA_START):
        return "'" + value
    return value


def _extension(output: str) -> str | None:
    """The extension of an ``--output`` name in lower case without its dot (``scores.JSON``:
    ``json``), ``None`` for standard output or a name without one."""
    if output == "-":
        return None
    ext = Path(output).suffix.lower().lstrip(".")
    return ext or None


def _format_of(output: str) -> str:
    """The export format an ``--output`` name asks for by its extension, in any case
    (``scores.JSON``: json), else csv (standard output, or a name without an extension).

    >>> _format_of("scores.JSON"), _format_of("a.toml"), _format_of("-"), _format_of("scores")
    ('json', 'toml', 'csv', 'csv')
    """
    ext = _extension(output)
    return ext if ext in FORMATS else "csv"


def _check_extension(output: str, kind: str, given: bool) -> None:
    """Exit 2 (one line) when the ``--output`` name ends in an extension of a format the
    export does not write (``x.xlsx`` would hold CSV that a spreadsheet reads as its own
    format, and refuses), or in another format's than ``--format`` asks for (``given``)."""
    ext = _extension(output)
    if ext is None:
        return
    if ext not in FORMATS:
        fail(
            _(
                "--output {value}: the export writes .csv, .json or .toml files, not .{ext} "
                "(name the file for the format it holds)"
            ).format(value=repr(output), ext=ext)
        )
    if given and ext != kind:
        fail(
            _("--output {value} is named .{ext}, but --format asks for {kind}").format(
                value=repr(output), ext=ext, kind=kind
            )
        )


@app.command("export")
@guarded
def export(
    fmt: str | None = typer.Option(
        None,
        "--format",
        metavar="csv|json|toml",
        help="csv, json or toml (any case); by default the --output file's extension "
        "(.csv, .json, .toml: no other is written), else csv.",
        autocompletion=completion.fixed(FORMAT_HELP),
    ),
    output: str = typer.Option(
        "-",
        "--output",
        "-o",
        metavar="FILE|-",
        help="Write to this file (atomically); - is standard output.",
    ),
    game: str | None = GAME_OPTION,
    since: str | None = SINCE_OPTION,
    until: str | None = UNTIL_OPTION,
    everything: bool = ALL_OPTION,
    force: bool = typer.Option(False, "--force", help="Replace the --output file if it exists."),
) -> None:
    """Export the finished deals and matches: CSV with one value per cell (id, finished_at,
    game, source, seed, player_0 to player_3, winner, you_won, your_score, your_level,
    deals_or_rounds, lives_0 to lives_3, resti_0 and resti_1, auto_decisions, your_decisions,
    save), or JSON and TOML with the records (the deal file that replays each) and the
    per-game summaries. Text that a spreadsheet would take for a formula (=, +, -, @ first)
    gets a ' before it. An existing --output file is replaced only with --force; nothing is
    ever written into the saves folder."""
    given = fmt is not None
    if fmt is None:
        fmt = _format_of(output)
    kind = fmt.strip().lower()
    if kind not in FORMATS:
        fail(_("--format takes csv, json or toml, not {value}").format(value=repr(fmt)))
    _check_extension(output, kind, given)
    from cardavia_cli.engine.paths import path_problem

    if output.strip() and output != "-" and (problem := path_problem(output)) is not None:
        fail(
            _("--output {value} is not a file name: {problem}").format(
                value=repr(output), problem=problem
            )
        )
    if not output.strip():
        fail(_("--output needs a file name, or - for standard output"))
    if output != "-" and output.endswith(("/", os.sep)):
        # a Path drops the trailing separator: x.json/ would be written as x.json
        why = _("--output {value} ends in a separator, so it names a folder: give a file name")
        fail(why.format(value=repr(output)))
    target = None if output == "-" else Path(output)
    if target is not None:
        _check_target(target, force)
    from cardavia_cli.engine.ledger import summaries

    entries = _entries(game, since, until)
    text = export_text(kind, entries, summaries(entries, everything))
    if target is None:
        sys.stdout.write(text)
        return
    from cardavia_cli.engine.dealfile import write_atomic

    write_atomic(target, text)


def _check_target(path: Path, force: bool) -> None:
    """Exit 2 (one line) unless ``path`` may receive an export: outside the saves folder (a
    file there would read as a broken save, or be the ledger itself), in a folder that
    exists, not a folder, and new unless ``force``."""
    from cardavia_cli.engine.saves import saves_dir

    if not str(path).strip():
        fail(_("--output needs a file name, or - for standard output"))
    try:
        where = path.resolve()
        saves = saves_dir().resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        fail(_("{path}: cannot be checked: {problem}").format(path=path, problem=exc))
    if where == saves or where.is_relative_to(saves):
        fail(
            _("{path}: is in the saves folder {folder}; export somewhere else").format(
                path=path, folder=saves_dir()
            )
        )
    if path.is_dir():
        fail(_("{path}: is a directory").format(path=path))
    if not where.parent.exists():
        fail(_("{path}: the folder {folder} does not exist").format(path=path, folder=path.parent))
    from cardavia_cli.engine.paths import refuse_special

    try:
        refuse_special(path)  # before "add --force", which could never make it a file
    except OSError as exc:
        fail(_("{item}: {problem}").format(item=path, problem=exc.strerror))
    if path.exists() and not force:
        fail(_("{path}: exists already; add --force to replace it").format(path=path))
