"""``cardavia saves``: list, show and delete the saves in the saves folder (cli.md)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import typer

from cardavia_cli.commands.common import fail, guarded, literal, print_json

app = typer.Typer(
    help="The saved games in the saves folder: list them, show one, delete one.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


def describe(path: Path) -> dict[str, object]:
    """``{"name", "path", "modified", "game", "seed", "actions", "state", "error"}`` of a save;
    a file that does not load says why in ``error`` (and is never changed)."""
    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.engine.saves import resume_name
    from cardavia_cli.games.deals import load_deal, replay

    modified = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    info: dict[str, object] = {
        "name": resume_name(path),
        "path": str(path),
        "modified": modified,
        "game": None,
        "seed": None,
        "actions": None,
        "state": None,
        "error": None,
    }
    try:
        deal = load_deal(path)
        info.update(game=deal.game, seed=deal.seed, actions=len(deal.actions))
        info["state"] = replay(deal, str(path)).position()
    except CardaviaError as exc:
        info["error"] = str(exc)
    return info


@app.command("list")
@guarded
def list_(as_json: bool = typer.Option(False, "--json", help="Print one JSON document.")) -> None:
    """List the saves, most recent first, with their game and where they stand."""
    from rich.table import Table
    from rich.text import Text

    from cardavia_cli.commands.common import console
    from cardavia_cli.engine.saves import save_files

    rows = [describe(p) for p in save_files()]
    if as_json:
        print_json({"saves": rows})
        return
    out = console()
    if not rows:
        out.print("No saves yet: play with --save NAME, or type save in a game.")
        return
    table = Table(title="Saves (resume one with: cardavia resume NAME)", title_justify="left")
    for column in ("name", "game", "saved", "actions", "where it stands"):
        table.add_column(column, overflow="fold")
    for r in rows:
        # names and messages are printed literally: a file called "[red]x.toml" shows its
        # brackets, and no control character in it reaches the terminal
        if r["error"] is None:
            where = literal(r["state"])
        else:
            where = Text("unreadable: ", style="red").append_text(literal(r["error"]))
        table.add_row(
            literal(r["name"]),
            literal(r["game"] or "?"),
            literal(r["modified"]),
            "" if r["actions"] is None else str(r["actions"]),
            where,
        )
    out.print(table)


def _existing(name: str) -> Path:
    from cardavia_cli.engine.saves import save_files, save_path, saves_dir

    path = save_path(name)
    if not path.is_file():
        names = [p.stem for p in save_files()]
        known = f"saves: {', '.join(names)}" if names else "there are no saves yet"
        where = path if path.parent != saves_dir() else name
        fail(f"{where}: no such save ({known})")
    return path


@app.command("show")
@guarded
def show(
    name: str = typer.Argument(..., help="A save name or a save file."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Show a save: its game, seed, actions and where the game stands (this spoils nothing:
    hidden cards are not shown)."""
    from cardavia_cli.commands.common import console

    info = describe(_existing(name))
    if info["error"] is not None:
        fail(f"not a readable save: {info['error']}")
    if as_json:
        print_json(info)
        return
    from rich.text import Text

    out = console()
    for key in ("name", "path", "game", "seed", "actions", "modified", "state", "error"):
        if info[key] is not None:
            line = Text(key, style="bold").append(": ").append_text(literal(info[key]))
            out.print(line, highlight=False)


@app.command("delete")
@guarded
def delete(
    name: str = typer.Argument(..., help="A save name in the saves folder."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Delete a save from the saves folder (asks first on a terminal)."""
    import sys

    from cardavia_cli.engine.saves import resume_name, saves_dir

    path = _existing(name)
    if path.parent.resolve() != saves_dir().resolve():
        fail(f"{path}: only saves in the saves folder ({saves_dir()}) are deleted")
    from cardavia_cli.engine.paths import visible

    if not yes and sys.stdin.isatty():
        if not typer.confirm(f"Delete the save {visible(path.stem)}?", default=False):
            raise typer.Exit(1)
    path.unlink()
    if as_json:
        print_json({"deleted": resume_name(path), "path": str(path)})
        return
    typer.echo(f"Deleted {visible(path.stem)}.")
