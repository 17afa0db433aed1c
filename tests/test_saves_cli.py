"""``cardavia saves list/show/delete/prune`` and ``cardavia resume`` without a name (cli.md),
in the lobby too."""

from __future__ import annotations

import io
import json
import os
import re
import time

import pytest
from cli_support import run_cardavia
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands.lobby import Lobby
from cardavia_cli.engine.saves import hold_save, saves_dir
from cardavia_cli.repl.console import make_console
from cardavia_cli.repl.reader import ListReader

runner = CliRunner()


def cli(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def make_save(name: str, seed: int, actions: list[str], age: float = 0.0) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    lines = ", ".join(f'"{a}"' for a in actions)
    path = folder / f"{name}.toml"
    path.write_text(f'format = 1\ngame = "sisepai"\nseed = {seed}\nactions = [{lines}]\n')
    moment = time.time() - age
    os.utime(path, (moment, moment))


@pytest.mark.parametrize(
    "settings, problem",
    [
        ("autopass = false", "settings.autopass: sisepai has no such setting (its settings: none)"),
        ('autopass = "maybe"', 'settings.autopass must be true or false, not "maybe"'),
    ],
)
def test_regression_a_save_resume_refuses_for_its_settings_is_listed_unreadable(settings, problem):
    """A save whose settings table names a setting its game does not have was listed "in
    progress", and ``resume`` refused it: the list says it is unreadable, as resume does."""
    make_save("odd", 5, [])
    path = saves_dir() / "odd.toml"
    path.write_text(path.read_text() + f"\n[settings]\n{settings}\n")
    (row,) = json.loads(cli("saves", "list", "--json").stdout)["saves"]
    assert row["error"] is not None and row["error"].endswith(problem)
    refused = run_cardavia("resume", "odd", stdin="quit\n")
    assert refused.returncode == 2 and refused.stderr.strip().endswith(problem)
    assert cli("run", "odd", "--stop").exit_code == 0  # run ignores a save's settings


def test_list_shows_every_save_most_recent_first_and_unreadable_ones_say_why():
    assert "No saves yet" in cli("saves", "list").stdout
    make_save("old", 7, [], age=100)
    make_save("new", 5, [])
    (saves_dir() / "broken.toml").write_text("this is = = not toml")
    os.utime(saves_dir() / "broken.toml", (time.time() - 50, time.time() - 50))
    rows = json.loads(cli("saves", "list", "--json").stdout)["saves"]
    assert [r["name"] for r in rows] == ["new", "broken", "old"]
    assert (rows[0]["game"], rows[0]["seed"], rows[0]["actions"]) == ("sisepai", 5, 0)
    assert rows[0]["state"].startswith("seat ") and rows[0]["error"] is None
    assert "malformed TOML" in rows[1]["error"] and rows[1]["game"] is None
    assert (saves_dir() / "broken.toml").read_text() == "this is = = not toml"  # left alone


def test_show_and_delete():
    make_save("evening", 7, [])
    shown = json.loads(cli("saves", "show", "evening", "--json").stdout)
    assert (shown["name"], shown["seed"], shown["actions"]) == ("evening", 7, 0)
    missing = cli("saves", "show", "morning")
    assert missing.exit_code == 2 and "morning: no such save (saves: evening)" in missing.stderr
    # off a terminal only --yes deletes (a piped "n" was no answer: the save went)
    piped = cli("saves", "delete", "evening", input="n\n")
    assert piped.exit_code == 2 and piped.stderr == (
        "cardavia: error: saves delete: evening would be deleted: add --yes to delete without "
        "asking\n"
    )
    assert (saves_dir() / "evening.toml").exists()
    assert cli("saves", "delete", "evening", "--yes").exit_code == 0
    assert not (saves_dir() / "evening.toml").exists()
    assert cli("saves", "delete", "evening", "--yes").exit_code == 2


def test_resume_without_a_name_takes_the_most_recent_save():
    none = cli("resume")
    assert none.exit_code == 2 and "there are no saves yet" in none.stderr
    make_save("older", 7, [], age=100)
    make_save("latest", 5, [])
    done = cli("resume", input="table\nquit\n")
    assert done.exit_code == 0
    assert "Resumed latest: seed 5" in done.stdout


def test_regression_show_of_a_file_that_is_no_save_is_bad_input(tmp_path):
    other = tmp_path / "notes.toml"
    other.write_text("this = = not toml")
    done = cli("saves", "show", str(other))
    assert done.exit_code == 2 and "not a readable save" in done.stderr


def test_regression_seeds_too_large_for_a_deal_file_are_refused():
    for args in (
        ["sisepai", "play", "--seed", str(2**63)],
        ["arena", "sisepai", "--seed", str(2**63)],
    ):
        done = cli(*args, input="quit\n")
        assert done.exit_code == 2, args
    done = cli("sisepai", "play", "--seed", str(2**63 - 1), input="quit\n")
    assert done.exit_code == 0


# -- finished saves: resume passes them by, list marks them, prune deletes them -------------------
def finished_save(name: str, seed: int = 3, age: float = 0.0) -> None:
    """A save of a whole Si Se Pai deal (played out by ``auto all`` with ``--save``)."""
    done = run_cardavia("sisepai", "play", "--seed", str(seed), "--save", name, stdin="auto all\n")
    assert done.returncode == 0, done.stderr
    path = saves_dir() / f"{name}.toml"
    moment = time.time() - age
    os.utime(path, (moment, moment))


def test_regression_resume_without_a_name_takes_the_most_recent_unfinished_save():
    make_save("unfinished", 5, [], age=100)
    finished_save("done")
    (saves_dir() / "broken.toml").write_text("this is = = not toml")
    done = cli("resume", input="quit\n")
    assert done.exit_code == 0, done.output
    assert "Resumed unfinished: seed 5, 0 actions replayed" in done.output
    (saves_dir() / "unfinished.toml").unlink()
    none = cli("resume")
    assert none.exit_code == 2
    assert none.stderr == (
        f"cardavia: error: every save is finished or unreadable (2 in {saves_dir()}): replay one "
        "with cardavia run NAME, or remove the finished ones with cardavia saves prune "
        "--finished\n"
    )


def test_regression_the_lobby_resumes_the_most_recent_unfinished_save(tmp_path):
    make_save("unfinished", 5, [], age=100)
    finished_save("done")
    out = io.StringIO()
    resumed: list[str] = []
    lobby = Lobby(
        make_console(file=out, terminal=False),
        resume=lambda path, reader, console: resumed.append(path.stem) or 0,
    )
    lobby.run(ListReader(["saves", "resume", "resume 1", "quit"], interactive=True))
    assert resumed == ["unfinished", "done"]
    text = out.getvalue()
    assert re.search(r"1  done\s+sisepai, finished: ", text)
    assert re.search(r"2  unfinished\s+sisepai, seat ", text)


def test_regression_saves_list_marks_the_finished_saves():
    make_save("unfinished", 5, [], age=100)
    finished_save("done")
    rows = json.loads(cli("saves", "list", "--json").stdout)["saves"]
    assert [(r["name"], r["finished"]) for r in rows] == [("done", True), ("unfinished", False)]
    text = run_cardavia("saves", "list", env={"COLUMNS": "200"}).stdout
    assert re.search(r"done\s+sisepai\s+\S+ \S+\s+\d+\s+finished\s", text)
    assert re.search(r"unfinished\s+sisepai\s+\S+ \S+\s+0\s+in progress\s", text)
    assert "cardavia saves prune --finished deletes them" in text
    shown = json.loads(cli("saves", "show", "done", "--json").stdout)
    assert shown["finished"] is True
    # in words, not Python's True and False
    assert cli("saves", "show", "done").stdout.splitlines()[-1] == "finished: yes"
    assert cli("saves", "show", "unfinished").stdout.splitlines()[-1] == "finished: no"


def test_regression_saves_prune_finished_asks_on_a_terminal_and_needs_yes_in_a_pipe(
    monkeypatch,
):
    make_save("unfinished", 5, [], age=100)
    finished_save("done", age=50)
    finished_save("over", seed=2)
    (saves_dir() / "broken.toml").write_text("this is = = not toml")
    kept = {"unfinished.toml", "broken.toml"}
    names = lambda: {p.name for p in saves_dir().glob("*.toml")}  # noqa: E731
    usage = cli("saves", "prune")
    assert usage.exit_code == 2 and "--finished" in usage.stderr
    piped = cli("saves", "prune", "--finished")
    assert piped.exit_code == 2
    assert piped.stderr == (
        "cardavia: error: saves prune: 2 finished saves (over, done) would be deleted: add "
        "--yes to delete without asking\n"
    )
    assert names() == kept | {"done.toml", "over.toml"}
    monkeypatch.setattr("cardavia_cli.commands.saves.on_terminal", lambda: True)
    declined = cli("saves", "prune", "--finished", input="n\n")
    assert declined.exit_code == 1 and "Delete 2 finished saves (over, done)?" in declined.output
    assert declined.output.splitlines()[-1] == "Nothing deleted."  # not silent
    assert names() == kept | {"done.toml", "over.toml"}
    agreed = cli("saves", "prune", "--finished", input="y\n")
    assert agreed.exit_code == 0
    assert "Deleted 2 finished saves: over, done." in agreed.output
    assert names() == kept
    again = cli("saves", "prune", "--finished", "--yes", "--json")
    assert json.loads(again.stdout) == {"deleted": [], "kept_open": []}


def test_saves_prune_yes_in_a_pipe_and_keeps_an_open_save():
    finished_save("done", age=50)
    finished_save("over", seed=2)
    lock = hold_save(saves_dir() / "over.toml")
    done = cli("saves", "prune", "--finished", "--yes", "--json")
    lock.release()
    assert done.exit_code == 0
    assert json.loads(done.stdout) == {"deleted": ["done"], "kept_open": ["over"]}
    assert [p.name for p in saves_dir().glob("*.toml")] == ["over.toml"]


def test_regression_saves_list_in_a_pipe_cuts_and_wraps_nothing():
    """Off a terminal the table was laid out at 80 columns: a long name was cut to
    ``sisepai-prior…`` and "where it stands" wrapped over several lines."""
    name = "an-evening-at-the-table-with-a-save-name-longer-than-most"
    make_save(name, 7, [])
    lines = cli("saves", "list").stdout.splitlines()
    assert lines[1].split() == [
        "name",
        "game",
        "saved",
        "actions",
        "status",
        "where",
        "it",
        "stands",
    ]
    row = lines[2]
    assert row.startswith(f" {name}  sisepai  ") and "…" not in row
    assert row.endswith("  0        in progress  seat 3 is to act (claim)"), row
    assert len(lines) == 3 and len(row) > 80


def test_a_listing_is_wide_off_a_terminal_only(monkeypatch):
    from cardavia_cli.repl.console import PIPE_WIDTH

    monkeypatch.setenv("COLUMNS", "50")
    assert make_console(file=io.StringIO(), terminal=False, wide=True).width == PIPE_WIDTH
    assert make_console(file=io.StringIO(), terminal=True, wide=True).width == 50
    assert make_console(file=io.StringIO(), terminal=False).width == 50  # the REPL's, as before


def test_regression_a_link_to_nothing_and_a_folder_among_the_saves_say_what_they_are():
    """A newcomer's finding: ``saves list`` left out a link to nothing and a folder named
    ``dir.toml`` without a word; ``run`` of the link said "no such file, here or in the saves
    folder" and ``resume`` "no such save" while naming it among the saves."""
    make_save("good", 5, [])
    (saves_dir() / "dangling.toml").symlink_to(saves_dir() / "gone" / "x.toml")
    (saves_dir() / "dir.toml").mkdir()
    rows = {r["name"]: r for r in json.loads(cli("saves", "list", "--json").stdout)["saves"]}
    assert set(rows) == {"good", "dangling", "dir"}
    link = f"{saves_dir() / 'dangling.toml'}: is a link to {saves_dir() / 'gone' / 'x.toml'}"
    assert rows["dangling"]["error"] == f"{link}, which does not exist"
    assert rows["dir"]["error"] == f"{saves_dir() / 'dir.toml'}: is a directory, not a deal file"
    assert rows["good"]["error"] is None
    for args in (["run", "dangling"], ["resume", "dangling"], ["review", "dangling"]):
        done = cli(*args)
        assert done.exit_code == 2 and f"{link}, which does not exist" in done.stderr, args
    # a link is deleted like a save; a folder is not, and is named
    assert cli("saves", "delete", "dangling", "--yes").exit_code == 0
    assert not os.path.lexists(saves_dir() / "dangling.toml")
    kept = cli("saves", "delete", "dir", "--yes")
    assert kept.exit_code == 2 and "is a folder, not a save" in kept.stderr
    assert (saves_dir() / "dir.toml").is_dir()
