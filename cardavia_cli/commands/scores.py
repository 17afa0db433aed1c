"""``cardavia scores``: the results of finished deals and matches (cli.md), from the scores
ledger (:mod:`cardavia_cli.engine.ledger`), for every game with no per-game code."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from cardavia_cli.commands.common import fail, guarded, print_json

app = typer.Typer(
    help="Results of finished deals and matches: list them, sum them up, export them.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Format(StrEnum):
    csv = "csv"
    json = "json"
    toml = "toml"


def _entries(game: str | None, since: str | None, until: str | None):
    from cardavia_cli.engine.ledger import Ledger, ledger_path
    from cardavia_cli.games import load_game

    if game is not None:
        load_game(game)  # an unknown game is bad input
    from datetime import date

    for name, value in (("--since", since), ("--until", until)):
        if value is None:
            continue
        try:
            ok = bool(_DATE.fullmatch(value)) and date.fromisoformat(value) is not None
        except ValueError:
            ok = False
        if not ok:
            fail(f"{name} takes a date written YYYY-MM-DD, not {value!r}")
    path = ledger_path()
    if not path.exists():
        return []
    with Ledger(path) as ledger:
        return ledger.entries(game, since, until)


def _outcome(entry) -> str:
    if entry.winner is None:
        return "no winner"
    who = f"team {entry.winner}" if entry.winner_is_team else f"seat {entry.winner}"
    mark = {True: " (you)", False: "", None: ""}[entry.human_won]
    return who + mark


@app.command("list")
@guarded
def list_(
    game: str | None = typer.Option(None, "--game", help="Only this game."),
    since: str | None = typer.Option(None, "--since", help="From this day (YYYY-MM-DD, UTC)."),
    until: str | None = typer.Option(None, "--until", help="Up to this day (YYYY-MM-DD, UTC)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """List the finished deals and matches, oldest first, and a summary per game."""
    from rich.table import Table

    from cardavia_cli.commands.common import console
    from cardavia_cli.engine.ledger import summaries

    entries = _entries(game, since, until)
    sums = summaries(entries)
    if as_json:
        print_json(
            {
                "results": [e.to_json() for e in entries],
                "summaries": [s.to_json() for s in sums],
            }
        )
        return
    out = console()
    if not entries:
        out.print("No finished deals or matches yet.")
        return
    table = Table(title="Finished games", title_justify="left")
    for name, justify in (("#", "right"), ("finished (UTC)", "left"), ("game", "left"),
                          ("seats", "left"), ("winner", "left"), ("score", "right")):  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for e in entries:
        table.add_row(
            str(e.id),
            e.finished_at.replace("T", " ").rstrip("Z"),
            e.game,
            " ".join("you" if kind == "human" else kind for kind in e.seats),
            _outcome(e),
            "" if e.score is None else str(e.score),
        )
    out.print(table)
    if sums:
        out.print(summary_table(sums))


def summary_table(sums: Any) -> Any:
    """The table ``Your games`` of per-game summaries (``engine.ledger.Summary`` values):
    played, won, no winner, win rate, best score."""
    from rich.table import Table

    summary = Table(title="Your games", title_justify="left")
    for name in ("game", "played", "won", "no winner", "win rate", "best score"):
        summary.add_column(name, justify="left" if name == "game" else "right")
    for s in sums:
        summary.add_row(
            s.game,
            str(s.played),
            str(s.won),
            str(s.drawn),
            f"{s.win_rate:.0%}" if s.played else "-",
            "-" if s.best_score is None else str(s.best_score),
        )
    return summary


@app.command("export")
@guarded
def export(
    fmt: Format = typer.Option(Format.csv, "--format", help="csv, json or toml."),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write to this file (atomically) instead of standard output."
    ),
    game: str | None = typer.Option(None, "--game", help="Only this game."),
    force: bool = typer.Option(False, "--force", help="Replace the --output file if it exists."),
) -> None:
    """Export every finished deal and match, with the deal file that replays it. An existing
    --output file is replaced only with --force, and never a save or the ledger itself."""
    import io
    import sys

    entries = _entries(game, None, None)
    rows = [e.to_json() for e in entries]
    if fmt is Format.json:
        import json

        text = json.dumps({"results": rows}, ensure_ascii=False, indent=2) + "\n"
    elif fmt is Format.toml:
        import tomli_w

        clean = [{k: v for k, v in r.items() if v is not None} for r in rows]
        text = tomli_w.dumps({"results": clean})
    else:
        import csv
        import json

        buffer = io.StringIO()
        fields = list(rows[0]) if rows else ["id", "finished_at", "game"]
        writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow(
                {k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in r.items()}
            )
        text = buffer.getvalue()
    if output is None:
        sys.stdout.write(text)
        return
    from cardavia_cli.engine.saves import saves_dir

    if output.exists() and output.resolve().parent == saves_dir().resolve():
        fail(f"{output}: is in the saves folder; export somewhere else")
    if output.exists() and not force:
        fail(f"{output}: exists already; add --force to replace it")
    _write_atomic(output, text)


def _write_atomic(path: Path, text: str) -> None:
    from cardavia_cli.engine.dealfile import write_atomic

    if path.is_dir():
        fail(f"{path}: is a directory")
    if not path.parent.exists():
        fail(f"{path}: the folder {path.parent} does not exist")
    write_atomic(path, text)
