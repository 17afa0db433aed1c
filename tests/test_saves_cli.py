"""``cardavia saves list/show/delete`` and ``cardavia resume`` without a name (cli.md)."""

from __future__ import annotations

import json
import os
import time

from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.engine.saves import saves_dir

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
    assert cli("saves", "delete", "evening").exit_code == 0
    assert not (saves_dir() / "evening.toml").exists()
    assert cli("saves", "delete", "evening").exit_code == 2


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
