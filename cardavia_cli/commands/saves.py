"""``cardavia saves``: list, show, delete and prune the saves in the saves folder (cli.md).

``saves list`` marks the finished saves (their deal or match is over: ``cardavia run NAME``
replays them, ``resume`` without a name passes them by); ``saves prune --finished`` deletes
them, asking first on a terminal (``--yes`` skips the question; in a pipe it is required).
A save that a REPL has open is never deleted (one line names that process).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import typer

from cardavia_cli.commands import completion
from cardavia_cli.commands.common import echo, fail, guarded, literal, print_json, shown
from cardavia_cli.engine.i18n import N_, _, ngettext, pgettext

app = typer.Typer(
    help="The saved games in the saves folder: list them, show one, delete one, prune the "
    "finished ones.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


def describe(path: Path) -> dict[str, object]:
    """``{"name", "path", "modified", "game", "seed", "actions", "state", "finished",
    "error"}`` of a save: ``state`` is where the game stands (a few words), ``finished``
    whether its deal or match is over; a file that does not load says why in ``error`` (and
    ``finished`` is ``None``; the file is never changed)."""
    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.engine.saves import resume_name
    from cardavia_cli.games.deals import load_deal, replay
    from cardavia_cli.repl.hooks import load_ui
    from cardavia_cli.repl.settings import check_saved_settings

    modified = datetime.fromtimestamp(path.lstat().st_mtime).strftime("%Y-%m-%d %H:%M")
    info: dict[str, object] = {
        "name": resume_name(path),
        "path": str(path),
        "modified": modified,
        "game": None,
        "seed": None,
        "actions": None,
        "state": None,
        "finished": None,
        "error": None,
    }
    try:
        deal = load_deal(path)
        info.update(game=deal.game, seed=deal.seed, actions=len(deal.actions))
        # a setting the game's REPL does not have: resume refuses the save, so it is unreadable
        check_saved_settings(load_ui(deal.game).settings, deal.game, deal)
        state = replay(deal, str(path))
        info.update(state=state.position(), finished=state.is_over)
    except CardaviaError as exc:
        info["error"] = str(exc)
    return info


@app.command("list")
@guarded
def list_(as_json: bool = typer.Option(False, "--json", help="Print one JSON document.")) -> None:
    """List the saves, most recent first, with their game, whether they are finished and where
    they stand."""
    from cardavia_cli.commands.common import console
    from cardavia_cli.engine.saves import save_files

    rows = [describe(p) for p in save_files(every=True)]
    if as_json:
        print_json({"saves": rows})
        return
    out = console(wide=True)
    if not rows:
        out.print(_("No saves yet: play with --save NAME, or type save in a game."))
        return
    table = saves_table(rows)
    out.print(table)
    if any(r["finished"] for r in rows):
        out.print(
            _(
                "Finished saves replay with cardavia run NAME; cardavia saves prune --finished "
                "deletes them."
            ),
            highlight=False,
        )


#: The columns of ``saves list``.
SAVES_COLUMNS = (
    N_("name"),
    N_("game"),
    # TRANSLATORS: a column of the saves table: when the game was saved
    N_("saved"),
    N_("actions"),
    N_("status"),
    N_("where it stands"),
)
#: The fields of ``saves show``, in order, with their labels.
SHOW_FIELDS = {
    "name": N_("name"),
    "path": N_("path"),
    "game": N_("game"),
    "seed": N_("seed"),
    "actions": N_("actions"),
    "modified": N_("modified"),
    "state": N_("state"),
    "finished": N_("finished"),
    "error": N_("error"),
}


def saves_table(rows: list[dict[str, object]]) -> Any:
    """The table of ``saves list``: one row per save described by :func:`describe` (name,
    game, saved, actions, status, where it stands). No column folds a word: a table too wide
    for the terminal wraps its cells between words (``repl.console.FitConsole``)."""
    from rich.table import Table

    table = Table(title=_("Saves (resume one with: cardavia resume NAME)"), title_justify="left")
    for column in SAVES_COLUMNS:
        table.add_column(_(column))
    for r in rows:
        # names and messages are printed literally: a file called "[red]x.toml" shows its
        # brackets, and no control character in it reaches the terminal
        if r["error"] is None:
            where = literal(r["state"])
        else:
            # the status column says "unreadable"; this one says why, once
            where = literal(r["error"])
            where.stylize("red")
        table.add_row(
            literal(r["name"]),
            literal(r["game"] or ""),
            literal(r["modified"]),
            "" if r["actions"] is None else str(r["actions"]),
            status_word(r),
            where,
        )
    return table


def status_word(info: dict[str, object]) -> str:
    """``finished``, ``in progress`` or ``unreadable``: the status of a save described by
    :func:`describe`."""
    if info["error"] is not None:
        return _("unreadable")
    return _("finished") if info["finished"] else _("in progress")


def _existing(name: str) -> Path:
    from cardavia_cli.engine.paths import is_there
    from cardavia_cli.engine.saves import save_files, save_path, saves_dir

    path = save_path(name)
    if not is_there(path):
        names = [p.stem for p in save_files()]
        known = (
            _("saves: {names}").format(names=", ".join(names))
            if names
            else _("there are no saves yet")
        )
        where = path if path.parent != saves_dir() else name
        fail(_("{path}: no such save ({known})").format(path=where, known=known))
    return path


@app.command("show")
@guarded
def show(
    name: str = typer.Argument(
        ..., help="A save name or a save file.", autocompletion=completion.saves
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Show a save: its game, seed, actions and where the game stands (this spoils nothing:
    hidden cards are not shown)."""
    from cardavia_cli.commands.common import console

    info = describe(_existing(name))
    if info["error"] is not None:
        fail(_("not a readable save: {problem}").format(problem=info["error"]))
    if as_json:
        print_json(info)
        return
    from rich.text import Text

    out = console(wide=True)
    for key, label in SHOW_FIELDS.items():
        if info[key] is not None:
            value = info[key]
            if isinstance(value, bool):
                # TRANSLATORS: the value of "finished" in saves show: whether the game is over
                value = pgettext("finished", "yes") if value else pgettext("finished", "no")
            line = Text(_(label), style="bold").append(": ").append_text(literal(value))
            out.print(line, highlight=False)


@app.command("delete")
@guarded
def delete(
    name: str = typer.Argument(
        ..., help="A save name in the saves folder.", autocompletion=completion.saves
    ),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Delete a save from the saves folder (asks first on a terminal; off a terminal only
    with --yes; a save open in a REPL is refused)."""
    from cardavia_cli.engine.saves import delete_save, resume_name, saves_dir

    path = _existing(name)
    if path.parent.resolve() != saves_dir().resolve():
        fail(
            _("{path}: only saves in the saves folder ({folder}) are deleted").format(
                path=path, folder=saves_dir()
            )
        )

    if path.is_dir():
        fail(
            _(
                "{path}: is a folder, not a save: move it out of the way (cardavia removes no "
                "folder)"
            ).format(path=path)
        )
    from cardavia_cli.engine.paths import visible

    if not yes and not on_terminal():
        # as prune: no one to ask, and a piped "n" is no answer: only --yes deletes
        fail(
            _("saves delete: {name} would be deleted: add --yes to delete without asking").format(
                name=visible(path.stem)
            )
        )
    if not yes:
        question = _("Delete the save {name}?").format(name=path.stem)
        if not typer.confirm(shown(question), default=False):
            echo(_("Nothing deleted."))
            raise typer.Exit(1)
    delete_save(path)
    if as_json:
        print_json({"deleted": resume_name(path), "path": str(path)})
        return
    echo(_("Deleted {name}.").format(name=path.stem))


def on_terminal() -> bool:
    """Whether a person at a terminal can be asked (standard input is a terminal)."""
    import sys

    return sys.stdin.isatty()


@app.command("prune")
@guarded
def prune(
    finished: bool = typer.Option(
        False, "--finished", help="Delete the saves whose deal or match is over (required)."
    ),
    yes: bool = typer.Option(
        False, "--yes", "-y", help="Do not ask for confirmation (required in a pipe)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Delete the finished saves (asks first on a terminal; in a pipe it needs --yes). Saves
    in progress, unreadable ones and any a REPL has open are kept.

    JSON: {"deleted": [NAME, ...], "kept_open": [NAME, ...]}.
    """
    from cardavia_cli.engine.paths import visible
    from cardavia_cli.engine.saves import (
        SaveInUseError,
        delete_save,
        resume_name,
        save_files,
    )

    if not finished:
        fail(_("saves prune: say what to prune: --finished (the saves whose game is over)"))
    done = [p for p in save_files() if describe(p)["finished"]]
    names = [resume_name(p) for p in done]
    listed = ", ".join(visible(n) for n in names)
    if done and not yes:
        if not on_terminal():
            fail(
                ngettext(
                    "saves prune: {n} finished save ({names}) would be deleted: add --yes to "
                    "delete without asking",
                    "saves prune: {n} finished saves ({names}) would be deleted: add --yes to "
                    "delete without asking",
                    len(done),
                ).format(n=len(done), names=listed)
            )
        question = ngettext(
            "Delete {n} finished save ({names})?", "Delete {n} finished saves ({names})?", len(done)
        ).format(n=len(done), names=listed)
        if not typer.confirm(shown(question), default=False):
            echo(_("Nothing deleted."))
            raise typer.Exit(1)
    deleted: list[str] = []
    kept_open: list[str] = []
    for path, name in zip(done, names, strict=True):
        try:
            delete_save(path)
        except SaveInUseError:
            kept_open.append(name)
            continue
        deleted.append(name)
    if as_json:
        print_json({"deleted": deleted, "kept_open": kept_open})
        return
    if not done:
        echo(_("No finished saves."))
        return
    if deleted:
        echo(
            ngettext(
                "Deleted {n} finished save: {names}.",
                "Deleted {n} finished saves: {names}.",
                len(deleted),
            ).format(n=len(deleted), names=", ".join(visible(n) for n in deleted))
        )
    if kept_open:
        echo(_("Kept {names}: open in a REPL.").format(names=", ".join(kept_open)))
