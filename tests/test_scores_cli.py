"""``cardavia scores list`` and ``scores export``, fed by ``cardavia run`` (cli.md)."""

from __future__ import annotations

import csv
import io
import json
import tomllib

from cli_support import run_cardavia
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.engine.ledger import Entry, Ledger, ledger_path

runner = CliRunner()
EXAMPLE = "saves/examples/sisepai-first-draw-win.toml"


def cli(*args: str):
    return runner.invoke(app, list(args))


def test_run_records_each_finished_game_and_list_shows_it():
    assert cli("scores", "list").stdout.strip() == "No finished deals or matches yet."
    for _ in range(2):
        assert cli("run", EXAMPLE, "--json").exit_code == 0
    assert cli("run", EXAMPLE, "--stop", "--json").exit_code == 0  # stopped: not finished
    data = json.loads(cli("scores", "list", "--json").stdout)
    assert [r["game"] for r in data["results"]] == ["sisepai", "sisepai"]
    first = data["results"][0]
    assert (first["winner"], first["score"], first["source"], first["human_won"]) == (
        2, 7, "run", None,
    )  # fmt: skip
    assert first["seats"] == ["basic"] * 4  # nobody played in person
    assert data["summaries"] == []
    # the recorded deal file replays to the same result
    replayed = tomllib.loads(first["deal"])
    assert replayed["actions"] == [
        "2 claim rP yP",
        "3 claim rP yP",
        "0 claim rP yP",
        "1 claim rP yP",
    ]


def _fill() -> None:
    with Ledger(ledger_path()) as ledger:
        for winner, score in ((0, 7), (1, 9), (0, 12)):
            ledger.record(
                Entry.new(
                    "sisepai",
                    ["human", "basic", "basic", "basic"],
                    "win",
                    winner,
                    False,
                    score,
                    {"winner": winner},
                    'game = "sisepai"\n',
                    "repl",
                )  # fmt: skip
            )


def test_list_sums_up_the_persons_games():
    _fill()
    human = cli("scores", "list")
    assert human.exit_code == 0 and "Your games" in human.stdout
    data = json.loads(cli("scores", "list", "--json", "--game", "sisepai").stdout)
    assert data["summaries"] == [
        {"game": "sisepai", "played": 3, "won": 2, "drawn": 0, "best_score": 12,
         "win_rate": 2 / 3},
    ]  # fmt: skip
    assert json.loads(cli("scores", "list", "--json", "--game", "tally").stdout)["results"] == []


def test_every_export_format_parses_back(tmp_path):
    _fill()
    rows = json.loads(cli("scores", "export", "--format", "json").stdout)["results"]
    assert [r["score"] for r in rows] == [7, 9, 12]
    as_toml = tomllib.loads(cli("scores", "export", "--format", "toml").stdout)["results"]
    assert [r["score"] for r in as_toml] == [7, 9, 12]
    assert as_toml[0]["result"] == {"winner": 0}
    table = list(csv.DictReader(io.StringIO(cli("scores", "export").stdout)))
    assert [int(r["score"]) for r in table] == [7, 9, 12]
    assert json.loads(table[1]["seats"]) == ["human", "basic", "basic", "basic"]
    out = tmp_path / "scores.csv"
    assert cli("scores", "export", "--output", str(out)).exit_code == 0
    assert out.read_text() == cli("scores", "export").stdout


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    for args, message in (
        (["scores", "list", "--since", "2026-13-40"], "--since takes a date written YYYY-MM-DD"),
        (["scores", "list", "--game", "poker"], "unknown game 'poker'"),
        (["scores", "export", "--output", str(tmp_path / "no" / "x.csv")], "does not exist"),
    ):
        done = cli(*args)
        assert done.exit_code == 2 and message in done.stderr, (args, done.stderr)
        assert done.stderr.count("\n") == 1
    assert cli("scores", "export", "--format", "xml").exit_code == 2  # a usage error


def test_a_corrupt_ledger_is_named_and_kept():
    path = ledger_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage" * 100)
    done = cli("scores", "list")
    assert done.exit_code == 2 and "scores.db: not a readable scores ledger" in done.stderr
    ran = cli("run", EXAMPLE, "--json")
    assert ran.exit_code == 0 and "not recorded in the scores" in ran.stderr
    assert path.read_bytes() == b"garbage" * 100


def test_the_repl_records_a_finished_deal_once(tmp_path):
    done = run_cardavia("sisepai", "play", "--seed", "3", "--save", "ev", stdin="auto all\nquit\n")
    assert done.returncode == 0, done.stderr
    resumed = run_cardavia("resume", "ev", stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    rows = json.loads(cli("scores", "list", "--json").stdout)["results"]
    assert len(rows) == 1  # resuming the finished deal records nothing again
    assert (rows[0]["source"], rows[0]["seats"][0], rows[0]["human_won"]) == ("repl", "human", True)
    assert rows[0]["score"] == 15


def test_regression_export_never_replaces_a_file_unasked_nor_a_save(tmp_path):
    _fill()
    out = tmp_path / "scores.csv"
    out.write_text("mine\n")
    done = cli("scores", "export", "--output", str(out))
    assert done.exit_code == 2 and "exists already; add --force" in done.stderr
    assert out.read_text() == "mine\n"
    assert cli("scores", "export", "--output", str(out), "--force").exit_code == 0
    assert out.read_text().startswith("finished_at,")
    save = ledger_path().parent / "evening.toml"
    save.write_text('format = 1\ngame = "sisepai"\n')
    done = cli("scores", "export", "--output", str(save), "--force")
    assert done.exit_code == 2 and "is in the saves folder" in done.stderr
    assert save.read_text() == 'format = 1\ngame = "sisepai"\n'
