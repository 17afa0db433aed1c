"""``cardavia scores list`` and ``scores export``, fed by ``cardavia run`` (cli.md)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import tempfile
import tomllib
from pathlib import Path

import pytest
import tomli_w
from cli_support import run_cardavia
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands.scores import summary_table
from cardavia_cli.engine.ledger import COLUMNS, Entry, Ledger, LedgerError, ledger_path
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, new_game_state
from cardavia_cli.repl.console import make_console
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import Session

runner = CliRunner()
EXAMPLE = "saves/examples/sisepai-first-draw-win.toml"
#: The Si Se Pai summary of a ledger whose one game is left out of the count: no game
#: counted, so no win rate (where the table shows "-").
NONE_COUNTED = {
    "game": "sisepai", "played": 0, "won": 0, "drawn": 0, "best_score": None, "left_out": 1,
    "win_rate": None,
}  # fmt: skip


def cli(*args: str):
    return runner.invoke(app, list(args))


def test_run_records_each_finished_game_once_and_list_shows_it():
    assert cli("scores", "list").stdout.strip() == "No finished deals or matches yet."
    for _ in range(2):  # the second run ends the same deal the same way: not a second result
        assert cli("run", EXAMPLE, "--json").exit_code == 0
    assert cli("run", EXAMPLE, "--stop", "--json").exit_code == 0  # stopped: not finished
    data = json.loads(cli("scores", "list", "--json").stdout)
    assert [r["game"] for r in data["results"]] == ["sisepai"]
    first = data["results"][0]
    assert (first["winner"], first["score"], first["source"], first["human_won"]) == (
        2, 7, "run", None,
    )  # fmt: skip
    # seat 0 is human in the file: its one decision after the file's was the computer's
    assert (first["auto"], first["decisions"], first["seed"]) == (1, 1, 0)
    # a file outside the saves folder is kept by its whole path, which names it from anywhere
    # (it was kept as typed: a relative path named another file, or none, from another folder)
    assert first["save"] == str(Path(EXAMPLE).absolute())
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
        for seed, (winner, score) in enumerate(((0, 7), (1, 9), (0, 12))):
            ledger.record(
                Entry.new(
                    "sisepai",
                    ["human", "basic", "basic", "basic"],
                    "win",
                    winner,
                    False,
                    score,
                    {"winner": winner, "score": score, "melds": []},
                    f'game = "sisepai"\nseed = {seed}\n',
                    "repl",
                    auto=0,
                    decisions=20 + seed,
                )  # fmt: skip
            )


def test_list_sums_up_the_persons_games():
    _fill()
    human = cli("scores", "list")
    assert human.exit_code == 0 and "Your games" in human.stdout
    data = json.loads(cli("scores", "list", "--json", "--game", "sisepai").stdout)
    assert data["summaries"] == [
        {"game": "sisepai", "played": 3, "won": 2, "drawn": 0, "best_score": 12, "left_out": 0,
         "win_rate": 2 / 3},
    ]  # fmt: skip
    assert json.loads(cli("scores", "list", "--json", "--game", "tally").stdout)["results"] == []


def test_every_export_format_parses_back(tmp_path):
    _fill()
    listed = json.loads(cli("scores", "list", "--json").stdout)
    as_json = json.loads(cli("scores", "export", "--format", "json").stdout)
    assert as_json == listed  # the records and the summaries
    assert [r["score"] for r in as_json["results"]] == [7, 9, 12]
    as_toml = tomllib.loads(cli("scores", "export", "--format", "toml").stdout)
    assert [r["score"] for r in as_toml["results"]] == [7, 9, 12]
    assert as_toml["results"][0]["result"] == {"winner": 0, "score": 7, "melds": []}
    assert as_toml["summaries"] == listed["summaries"]
    table = list(csv.DictReader(io.StringIO(cli("scores", "export").stdout)))
    assert [int(r["your_score"]) for r in table] == [7, 0, 12]
    assert [table[1][f"player_{s}"] for s in range(4)] == ["human", "basic", "basic", "basic"]
    out = tmp_path / "scores.csv"
    assert cli("scores", "export", "--output", str(out)).exit_code == 0
    assert out.read_text() == cli("scores", "export").stdout


def test_regression_without_format_the_output_extension_chooses_it(tmp_path):
    """``export -o x.json`` wrote CSV into x.json: with no --format, the extension of the
    output file says which (any case), and a name without one or standard output is CSV; a
    --format given goes to a file of its extension, or of none."""
    _fill()
    for name, fmt in [("a.json", "json"), ("b.TOML", "toml"), ("c.Csv", "csv"), ("d", "csv")]:
        out = tmp_path / name
        assert cli("scores", "export", "-o", str(out)).exit_code == 0
        assert out.read_text() == cli("scores", "export", "--format", fmt).stdout
    out = tmp_path / "e"
    assert cli("scores", "export", "--format", "toml", "-o", str(out)).exit_code == 0
    assert tomllib.loads(out.read_text())["summaries"]


def test_regression_the_csv_holds_scalar_columns_named_as_documented():
    _fill()
    text = cli("scores", "export", "--format", "csv").stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == list(COLUMNS)
    assert list(COLUMNS) == [
        "id", "finished_at", "game", "source", "seed",
        "player_0", "player_1", "player_2", "player_3", "winner", "you_won",
        "your_score", "your_level", "deals_or_rounds", "lives_0", "lives_1", "lives_2", "lives_3",
        "resti_0", "resti_1", "auto_decisions", "your_decisions", "save",
    ]  # fmt: skip
    none = {"your_level": "", **{f"lives_{s}": "" for s in range(4)}, "resti_0": "", "resti_1": ""}
    seats = {"player_0": "human", "player_1": "basic", "player_2": "basic", "player_3": "basic"}
    assert [{k: r[k] for k in COLUMNS if k != "finished_at"} for r in rows] == [
        {"id": "1", "game": "sisepai", "source": "repl", "seed": "0", **seats,
         "winner": "you", "you_won": "yes", "your_score": "7", "deals_or_rounds": "1", **none,
         "auto_decisions": "0", "your_decisions": "20", "save": ""},
        {"id": "2", "game": "sisepai", "source": "repl", "seed": "1", **seats,
         "winner": "seat 1 (right)", "you_won": "no", "your_score": "0", "deals_or_rounds": "1",
         **none, "auto_decisions": "0", "your_decisions": "21", "save": ""},
        {"id": "3", "game": "sisepai", "source": "repl", "seed": "2", **seats,
         "winner": "you", "you_won": "yes", "your_score": "12", "deals_or_rounds": "1", **none,
         "auto_decisions": "0", "your_decisions": "22", "save": ""},
    ]  # fmt: skip
    assert text.count("\n") == 4  # one line per record: no deal file in a cell


def test_regression_a_cuccu_match_exports_its_rounds_and_lives():
    assert cli("run", "saves/examples/cucu-cat.toml").exit_code == 0
    (row,) = csv.DictReader(io.StringIO(cli("scores", "export", "--game", "Cucu").stdout))
    result = json.loads(cli("scores", "list", "--json").stdout)["results"][0]["result"]
    lives = result["lives"]
    assert row["your_score"] == str(lives[0])
    assert [row[f"lives_{s}"] for s in range(4)] == [str(n) for n in lives]
    assert row["deals_or_rounds"] == str(result["rounds"])
    assert row["winner"] == f"seat {result['winner']}" and row["you_won"] == ""


def test_regression_output_dash_is_standard_output(tmp_path, monkeypatch):
    _fill()
    monkeypatch.chdir(tmp_path)
    done = cli("scores", "export", "-o", "-", "--format", "json")
    assert done.exit_code == 0
    assert json.loads(done.stdout) == json.loads(cli("scores", "list", "--json").stdout)
    assert list(tmp_path.iterdir()) == []  # no file named -


def test_regression_a_draw_exports_to_toml():
    with Ledger(ledger_path()) as ledger:
        ledger.record(
            Entry.new(
                "sisepai",
                ["human", "basic", "basic", "basic"],
                "exhausted",
                None,
                False,
                None,
                {"winner": None, "score": None, "melds": []},
                'game = "sisepai"\nseed = 5\n',
                "repl",
                auto=0,
                decisions=9,
            )  # fmt: skip
        )
    done = cli("scores", "export", "--format", "toml")
    assert done.exit_code == 0, done.stderr
    data = tomllib.loads(done.stdout)
    (row,) = data["results"]
    assert row["result"] == {"melds": []}  # TOML has no null: the nulls are left out
    assert "winner" not in row and "score" not in row and "save" not in row
    assert row["termination"] == "exhausted" and row["seed"] == 5
    assert data["summaries"] == [
        {"game": "sisepai", "played": 1, "won": 0, "drawn": 1, "left_out": 0, "win_rate": 0.0}
    ]


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    for args, message in (
        (["scores", "list", "--since", "2026-1-4"], "--since takes a date written YYYY-MM-DD"),
        # written so, but no day: said so (it said "takes a date written YYYY-MM-DD")
        (["scores", "list", "--since", "2026-13-40"], "'2026-13-40': there is no such day"),
        (["scores", "list", "--until", "2026-02-30"], "'2026-02-30': there is no such day"),
        (["scores", "list", "--game", "poker"], "unknown game 'poker'"),
        (["scores", "export", "--output", str(tmp_path / "no" / "x.csv")], "does not exist"),
        (["scores", "export", "--format", "xml"],
         "cardavia: error: --format takes csv, json or toml, not 'xml'"),
        (["scores", "list", "--since", "2026-02-01", "--until", "2026-01-01"],
         "cardavia: error: --since 2026-02-01 is after --until 2026-01-01"),
        (["scores", "export", "--since", "2026-02-01", "--until", "2026-01-31"],
         "--since 2026-02-01 is after --until 2026-01-31"),
        (["scores", "export", "--output", str(tmp_path)], "is a directory"),
    ):  # fmt: skip
        done = cli(*args)
        assert done.exit_code == 2 and message in done.stderr, (args, done.stderr)
        assert done.stderr.count("\n") == 1


def test_regression_game_names_are_read_in_any_case():
    assert cli("run", "saves/examples/cucu-cat.toml").exit_code == 0
    for name in ("Cucu", "CUCU", " cucu "):
        done = cli("scores", "list", "--json", "--game", name)
        assert done.exit_code == 0, done.stderr
        assert [r["game"] for r in json.loads(done.stdout)["results"]] == ["cucu"]
    assert cli("scores", "export", "--format", "JSON", "--game", "Cucu").exit_code == 0


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
    data = json.loads(cli("scores", "list", "--json").stdout)
    rows = data["results"]
    assert len(rows) == 1  # resuming the finished deal records nothing again
    assert (rows[0]["source"], rows[0]["seats"][0], rows[0]["human_won"]) == ("repl", "human", True)
    assert rows[0]["score"] == 15
    # every decision of the person was made by auto: a win, but not one you played yourself
    assert rows[0]["auto"] == rows[0]["decisions"] == 9
    assert (rows[0]["save"], rows[0]["played_yourself"]) == ("ev", False)
    assert data["summaries"] == [NONE_COUNTED]


def test_regression_auto_decisions_are_kept_through_a_save_and_resume():
    """A decision made by ``auto``, then a save: the save did not say so, so the game resumed
    and finished by hand was recorded as played yourself (``auto 0``) and counted in the win
    rate. The save's ``ledger`` table keeps the count; ``run`` of such a save adds it too."""
    done = run_cardavia("cucu", "play", "--seed", "11", stdin="auto\nsave half\nquit\n")
    assert done.returncode == 0, done.stderr
    saved = tomllib.loads(_save_text("half"))
    assert saved["ledger"] == {"auto": 1}
    assert saved["actions"][0] == "0 keep"  # the decision auto made
    # run by the computer: the file's auto decision and every later one of seat 0
    assert cli("run", "half").exit_code == 0
    (ran,) = json.loads(cli("scores", "list", "--json").stdout)["results"]
    assert ran["source"] == "run" and ran["decisions"] > 1
    assert ran["auto"] == ran["decisions"]
    # resumed and finished by hand: one decision of auto, the rest yours
    resumed = run_cardavia("resume", "half", stdin="keep\n" * 60 + "quit\n")
    assert resumed.returncode == 0, resumed.stderr
    final = tomllib.loads(_save_text("half"))
    assert final["ledger"] == {"auto": 1}  # the end is saved with it
    rows = json.loads(cli("scores", "list", "--json").stdout)["results"]
    (row,) = [r for r in rows if r["source"] != "run"]  # (a resumed game is a "replay")
    assert (row["auto"], row["played_yourself"]) == (1, False)
    # Cuccu's rules give seat 0 no answer: every action of seat 0 is a decision
    assert row["decisions"] == sum(1 for a in final["actions"] if a.startswith("0 "))
    # a resumed game is not counted in the win rate (all its rows have an auto decision)
    assert json.loads(cli("scores", "list", "--json").stdout)["summaries"][0]["played"] == 0


def _save_text(name: str) -> str:
    from cardavia_cli.engine.saves import save_target

    return save_target(name).read_text(encoding="utf-8")


def _guandan(interactive: bool) -> Session:
    header = DealFile(game="guandan", seed=1)
    console = make_console(file=io.StringIO(), terminal=False, width=100)
    session = Session(
        load_game("guandan"), load_ui("guandan"), header, new_game_state(header), console=console
    )
    session.run(ListReader(["auto all"], interactive=interactive))
    return session


def test_regression_auto_all_in_a_pipe_stops_at_a_guandan_break():
    done = run_cardavia("guandan", "play", "--seed", "1", stdin="auto all\nquit\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("Type next to go on.") == 1
    at = lines.index("Type next to go on.")
    assert lines[at - 4].startswith("Deal 1: 1st seat 1 (right), 2nd seat 3 (left), 3rd you, ")
    assert sum(ln.startswith("You (auto): ") for ln in lines) == 14
    assert not any(ln.startswith("You (auto): ") for ln in lines[at:])
    # the match is not over: nothing is recorded
    assert json.loads(cli("scores", "list", "--json").stdout)["results"] == []
    # as on a terminal: the same decisions, the same break
    piped, terminal = _guandan(False), _guandan(True)
    assert piped.state.at_break and terminal.state.at_break
    assert piped.state.rounds_finished == terminal.state.rounds_finished == 1
    assert [str(r) for r in piped.state.history] == [str(r) for r in terminal.state.history]
    # next goes on; auto all stops at the next break again
    done = run_cardavia("guandan", "play", "--seed", "1", stdin="auto all\nnext\nauto all\nquit\n")
    assert done.stdout.splitlines().count("Type next to go on.") == 2


def _stacked(tmp_path, dealer: int) -> str:
    data = tomllib.loads(Path(EXAMPLE).read_text(encoding="utf-8"))
    del data["actions"]
    data["dealer"] = dealer  # the dealer draws wP first, and wins
    path = tmp_path / "stacked.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(path)


def test_regression_a_stacked_deck_played_with_deal_is_not_counted(tmp_path):
    done = run_cardavia("sisepai", "play", "--deal", _stacked(tmp_path, 0), stdin="win\nquit\n")
    assert done.returncode == 0, done.stderr
    data = json.loads(cli("scores", "list", "--json").stdout)
    (row,) = data["results"]
    assert (row["source"], row["human_won"], row["auto"], row["decisions"]) == ("deck", True, 0, 1)
    assert data["summaries"] == [NONE_COUNTED]
    every = json.loads(cli("scores", "list", "--json", "--all").stdout)["summaries"]
    assert (every[0]["played"], every[0]["won"], every[0]["win_rate"]) == (1, 1, 1.0)
    text = cli("scores", "list").stdout
    assert "Win rates count the games you played yourself from a shuffled deck" in text


def test_regression_a_save_replayed_or_run_again_is_not_recorded_twice():
    started = run_cardavia(
        "sisepai", "play", "--seed", "3", stdin="auto\nsave mid\nauto all\nsave done\nquit\n"
    )
    assert started.returncode == 0, started.stderr
    # resumed from the middle and played to the same end; the finished save run again
    again = run_cardavia("resume", "mid", stdin="auto all\nquit\n")
    assert again.returncode == 0, again.stderr
    for name in ("done", "mid"):
        assert cli("run", name).exit_code == 0
    rows = json.loads(cli("scores", "list", "--json").stdout)["results"]
    assert [(r["source"], r["winner"]) for r in rows] == [("repl", 0)]


def test_regression_an_export_is_never_written_into_the_saves_folder(tmp_path):
    _fill()
    folder = ledger_path().parent
    for target in (folder / "new.toml", folder / "sub" / "x.csv", folder):
        done = cli("scores", "export", "--output", str(target))
        assert done.exit_code == 2 and "is in the saves folder" in done.stderr, done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["scores.db"]


def test_regression_a_bad_row_is_skipped_with_a_warning_naming_it():
    _fill()
    db = sqlite3.connect(ledger_path())
    db.execute("UPDATE results SET result = 'nope' WHERE id = 2")
    db.execute("UPDATE results SET seats = '7' WHERE id = 3")
    db.commit()
    db.close()
    warned = [
        f"cardavia: warning: {ledger_path()}: row 2 skipped: result is not JSON",
        f"cardavia: warning: {ledger_path()}: row 3 skipped: seats is not a list of four seat "
        "kinds",
    ]
    for args in (["list", "--json"], ["list"], ["export"], ["export", "--format", "toml"]):
        done = cli("scores", *args)
        assert done.exit_code == 0, (args, done.stderr)
        assert done.stderr.splitlines() == warned
    assert [r["id"] for r in json.loads(cli("scores", "list", "--json").stdout)["results"]] == [1]


# -- any row, any text: listing and exporting never raise -------------------------------------
_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
_CELL = (
    st.none()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats()
    | st.text(max_size=20)
    | st.binary(max_size=8)
    | _JSONISH.map(lambda v: json.dumps(v))
)
_COLUMNS = (
    "finished_at", "game", "seats", "termination", "winner", "winner_is_team", "score",
    "result", "deal", "source", "auto", "decisions", "save",
)  # fmt: skip


#: A row as cardavia writes it, that the fuzz test spoils column by column.
_GOOD = {
    "finished_at": "2026-11-30T21:04:05Z", "game": "cucu",
    "seats": '["human", "basic", "basic", "random"]', "termination": "win", "winner": 0,
    "winner_is_team": 0, "score": None, "result": '{"lives": [1, 0, 0, 0], "winner": 0}',
    "deal": 'game = "cucu"\nseed = 3\n', "source": "repl", "auto": 0, "decisions": 4,
    "save": "x",
}  # fmt: skip
_ROW = st.dictionaries(st.sampled_from(_COLUMNS), _CELL, max_size=4).map(
    lambda spoilt: {**_GOOD, **spoilt}
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ROW, min_size=1, max_size=4))
@example([{**_GOOD, "finished_at": "\r"}])  # a bare carriage return broke the CSV's reader
def test_listing_and_exporting_any_rows_never_raise(rows):
    from cardavia_cli.commands.scores import export_text
    from cardavia_cli.engine.ledger import summaries

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scores.db"
        Ledger(path).close()
        db = sqlite3.connect(path)
        for row in rows:
            names = ", ".join(row)
            db.execute(
                f"INSERT OR IGNORE INTO results ({names}) VALUES ({', '.join('?' * len(row))})",
                list(row.values()),
            )
        db.commit()
        (stored,) = db.execute("SELECT count(*) FROM results").fetchone()
        db.close()
        said: list[str] = []
        with Ledger(path) as ledger:
            entries = ledger.entries(on_bad=said.append)
            assert len(entries) + len(said) == stored  # each row read, or skipped and named
            ledger.entries("cucu", "2026-01-01", "2026-12-31")
        for everything in (False, True):
            sums = summaries(entries, everything)
            for fmt in ("csv", "json", "toml"):
                text = export_text(fmt, entries, sums)
                if fmt == "json":
                    json.loads(text)
                elif fmt == "toml":
                    tomllib.loads(text)
                else:
                    assert len(list(csv.DictReader(io.StringIO(text)))) == len(entries)
        console = make_console(file=io.StringIO(), terminal=False, width=80)
        console.print(summary_table(summaries(entries)))


def test_regression_export_never_replaces_a_file_unasked_nor_a_save(tmp_path):
    _fill()
    out = tmp_path / "scores.csv"
    out.write_text("mine\n")
    done = cli("scores", "export", "--output", str(out))
    assert done.exit_code == 2 and "exists already; add --force" in done.stderr
    assert out.read_text() == "mine\n"
    assert cli("scores", "export", "--output", str(out), "--force").exit_code == 0
    assert out.read_text().startswith("id,finished_at,")
    save = ledger_path().parent / "evening.toml"
    save.write_text('format = 1\ngame = "sisepai"\n')
    done = cli("scores", "export", "--output", str(save), "--force")
    assert done.exit_code == 2 and "is in the saves folder" in done.stderr
    assert save.read_text() == 'format = 1\ngame = "sisepai"\n'


def test_regression_an_output_name_with_a_nul_byte_is_refused_in_plain_words() -> None:
    """``scores export -o 'a<NUL>b'`` raised ValueError (embedded null byte) with a
    traceback: like every path read, it is refused in one line."""
    from cli_support import run_cardavia

    done = run_cardavia("scores", "export", "--output", "a\0b")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("cardavia: error: --output 'a\\x00b' is not a file name")
    assert done.stderr.count("\n") == 1


def test_regression_scores_list_in_a_pipe_keeps_each_row_on_one_line():
    """Off a terminal the table was laid out at 80 columns: its 86-column rows wrapped (a
    pipe has no width). Every row is one line now, its cells whole."""
    import re

    _fill()
    lines = cli("scores", "list").stdout.splitlines()
    assert lines[0] == "Finished games"
    assert lines[1] == (
        " #  finished (UTC)       game     played  seats                  winner          score"
    )
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"
    assert re.fullmatch(
        rf" 2  {stamp}  sisepai  repl    you basic basic basic  seat 1 \(right\)      9", lines[3]
    ), lines[3]
    assert len(lines) == 8 and max(len(line) for line in lines) == 86


def test_regression_an_empty_output_or_one_ending_in_a_separator_is_refused(tmp_path) -> None:
    """``-o ""`` was read as the current folder (``.: is a directory``) and ``-o x.json/``
    wrote ``x.json``, the trailing separator dropped: both now get one line naming the
    option, and nothing is written."""
    _fill()
    empty = cli("scores", "export", "--output", "")
    assert empty.exit_code == 2
    assert empty.stderr == "cardavia: error: --output needs a file name, or - for standard output\n"
    folder = str(tmp_path / "x.json") + "/"
    done = cli("scores", "export", "--output", folder)
    assert done.exit_code == 2
    assert done.stderr == (
        f"cardavia: error: --output {folder!r} ends in a separator, so it names a folder: "
        "give a file name\n"
    )
    assert not (tmp_path / "x.json").exists()


def test_regression_options_that_leave_every_game_out_say_so_not_yet():
    """A newcomer's finding: ``scores list --since 2099-01-01`` said "No finished deals or
    matches yet." beside a ledger holding some."""
    assert cli("run", EXAMPLE, "--json").exit_code == 0
    done = cli("scores", "list", "--since", "2099-01-01", "--game", "Cucu")
    assert done.exit_code == 0
    assert done.stdout.strip() == (
        "No finished deal or match for --game Cucu --since 2099-01-01 (cardavia scores list "
        "shows them all)."
    )


# -- records that misreport: each cause said truthfully, exit 2, no advice that loses records --
def _one_line_error(done) -> str:
    assert done.exit_code == 2, (done.exit_code, done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "move it away" not in done.stderr  # never advice that throws records away
    return done.stderr


def test_regression_a_busy_ledger_says_try_again(monkeypatch):
    assert cli("run", EXAMPLE, "--json").exit_code == 0
    monkeypatch.setattr("cardavia_cli.engine.ledger.TIMEOUT", 0.05)
    writer = sqlite3.connect(ledger_path(), isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")  # another cardavia in the middle of its write
    try:
        said = _one_line_error(cli("scores", "list"))
        ran = cli("run", "saves/examples/cucu-cat.toml", "--json")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert f"{ledger_path()}: the scores ledger is busy" in said
    assert "try again in a moment" in said
    assert ran.exit_code == 0 and "is busy" in ran.stderr and "try again" in ran.stderr
    assert len(json.loads(cli("scores", "list", "--json").stdout)["results"]) == 1


def test_regression_a_full_disk_says_free_space(monkeypatch):
    import sqlite3 as sqlite

    real = sqlite.connect

    def full(*args, **kwargs):  # a disk with no room for one more page of the ledger
        db = real(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 1")
        return db

    monkeypatch.setattr("cardavia_cli.engine.ledger.sqlite3.connect", full)
    ran = cli("run", EXAMPLE, "--json")
    assert ran.exit_code == 0
    assert "the disk is full: free some space and try again" in ran.stderr
    assert "not a readable" not in ran.stderr and "move it away" not in ran.stderr
    with pytest.raises(LedgerError, match=r"scores\.db: the disk is full: free some space"):
        Ledger(ledger_path())


def test_regression_a_ledger_that_links_to_nothing_is_not_no_games_yet():
    path = ledger_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(path.parent / "gone" / "scores.db")
    for args in (("scores", "list"), ("scores", "export"), ("scores", "list", "--json")):
        said = _one_line_error(cli(*args))
        target = path.parent / "gone" / "scores.db"
        assert f"{path}: the scores ledger is a symbolic link to {target}" in said
        assert "which does not exist" in said
    assert path.is_symlink() and not (path.parent / "gone").exists()  # left as it was


def test_regression_a_ledger_that_cannot_be_read_names_the_path(monkeypatch):
    assert cli("run", EXAMPLE, "--json").exit_code == 0
    path = ledger_path()
    real_open = Path.open

    def refusing(self, *args, **kwargs):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refusing)
    said = _one_line_error(cli("scores", "list"))
    assert f"{path}: the scores ledger cannot be opened: Permission denied" in said


def test_regression_a_saves_folder_that_cannot_be_read_is_not_no_saves_yet(monkeypatch):
    assert cli("run", EXAMPLE, "--json").exit_code == 0  # the saves folder exists
    folder = ledger_path().parent
    real_iterdir = Path.iterdir

    def refusing(self):
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", refusing)
    for args in (("saves", "list"), ("saves", "list", "--json"), ("resume",)):
        said = _one_line_error(cli(*args))
        assert f"the saves folder {folder} cannot be read: Permission denied" in said


# -- spreadsheets: one value per cell, numbers where numbers are, no formula ---------------
def _csv_rows(*args: str) -> list[dict[str, str]]:
    done = cli("scores", "export", "--format", "csv", *args)
    assert done.exit_code == 0, done.stderr
    rows = list(csv.reader(io.StringIO(done.stdout)))
    assert all(len(row) == len(COLUMNS) for row in rows)
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def _is_number(cell: str) -> bool:
    try:
        int(cell)
    except ValueError:
        return False
    return True


def test_regression_csv_cells_never_start_a_formula():
    folder = ledger_path().parent
    folder.mkdir(parents=True)
    names = ("=1+2", "+cmd", "-x", "@SUM(1)")
    examples = (
        "sisepai-first-draw-win",
        "sisepai-claims-whole-deal",
        "cucu-cat",
        "minchiate-matto",
    )
    for name, shipped in zip(names, examples, strict=True):
        # a file put in the saves folder by hand: its name is what `run` and `resume` take
        (folder / f"{name}.toml").write_text(Path(f"saves/examples/{shipped}.toml").read_text())
        assert cli("run", "--json", "--", name).exit_code == 0
    with Ledger(ledger_path()) as ledger:  # a row written by another tool: every text cell
        ledger.record(
            Entry.new("=cmd|' /C calc'!A0", ["human", "@evil", "basic", "basic"], "win", 0,
                      False, 3, {"winner": 0, "score": 3}, 'game = "x"\nseed = 9\n', "-repl",
                      save="\t=1+1")
        )  # fmt: skip
    rows = _csv_rows()
    assert sorted(r["save"] for r in rows) == ["'\t=1+1", "'+cmd", "'-x", "'=1+2", "'@SUM(1)"]
    last = rows[-1]
    assert (last["game"], last["player_1"], last["source"]) == (
        "'=cmd|' /C calc'!A0",
        "'@evil",
        "'-repl",
    )
    for row in rows:
        for column, cell in row.items():
            evaluated = cell.lstrip(" \t\r").startswith(("=", "+", "-", "@"))
            assert not evaluated or _is_number(cell), (column, cell)


def test_regression_csv_holds_one_value_per_cell_and_numbers_where_numbers_are():
    for shipped in (
        "sisepai-first-draw-win",
        "cucu-cat",
        "guandan-match-at-ace",
        "minchiate-matto",
    ):
        assert cli("run", f"saves/examples/{shipped}.toml", "--json").exit_code == 0
    results = {
        r["game"]: r["result"]
        for r in json.loads(cli("scores", "list", "--json").stdout)["results"]
    }
    rows = {r["game"]: r for r in _csv_rows()}
    assert sorted(rows) == ["cucu", "guandan", "minchiate", "sisepai"]
    numeric = {"id", "seed", "your_score", "deals_or_rounds", "auto_decisions", "your_decisions",
               *(f"lives_{s}" for s in range(4)), "resti_0", "resti_1"}  # fmt: skip
    for column in COLUMNS:
        cells = [r[column] for r in rows.values() if r[column] != ""]
        if column in numeric:
            assert all(_is_number(c) for c in cells), (column, cells)
        else:
            assert not any(_is_number(c) for c in cells) or column == "your_level", (column, cells)
    for row in rows.values():  # one value per cell: no list of seats or numbers in one
        assert [row[f"player_{s}"] for s in range(4)] == ["basic"] * 4
        assert not any(" " in row[c] for c in COLUMNS if c not in ("finished_at", "winner", "save"))
    assert [rows["cucu"][f"lives_{s}"] for s in range(4)] == [
        str(n) for n in results["cucu"]["lives"]
    ]
    assert rows["cucu"]["your_score"] == str(results["cucu"]["lives"][0])
    assert [rows["minchiate"][f"resti_{t}"] for t in (0, 1)] == [
        str(n) for n in results["minchiate"]["resti"]
    ]
    guandan = rows["guandan"]
    assert (guandan["your_score"], guandan["your_level"]) == (
        "",
        results["guandan"]["levels"]["after"][0],
    )
    assert guandan["deals_or_rounds"] == str(results["guandan"]["deals"])


def test_regression_an_export_to_an_unknown_extension_is_refused(tmp_path):
    _fill()
    for name, asked in (("x.xlsx", []), ("x.txt", []), ("x.xlsx", ["--format", "csv"])):
        out = tmp_path / name
        done = cli("scores", "export", "-o", str(out), *asked)
        assert done.exit_code == 2 and done.stderr.count("\n") == 1
        assert done.stderr == (
            f"cardavia: error: --output {str(out)!r}: the export writes .csv, .json or .toml "
            f"files, not .{name.split('.')[1]} (name the file for the format it holds)\n"
        )
        assert not out.exists()
    done = cli("scores", "export", "--format", "json", "-o", str(tmp_path / "x.csv"))
    assert done.exit_code == 2 and "is named .csv, but --format asks for json" in done.stderr
    for name in ("x.csv", "x.JSON", "x.toml"):
        assert cli("scores", "export", "-o", str(tmp_path / name)).exit_code == 0


def test_regression_a_game_kept_in_an_autosave_names_it_in_the_save_field():
    header = DealFile(game="sisepai", seed=3)
    console = make_console(file=io.StringIO(), terminal=False, width=100)
    session = Session(
        load_game("sisepai"), load_ui("sisepai"), header, new_game_state(header), console=console
    )
    session.run(ListReader(["auto all", "quit"], interactive=True))  # a terminal: autosaves
    assert session.state.is_over
    (row,) = _csv_rows()
    assert row["save"] == "autosave-sisepai-3"
    assert (ledger_path().parent / "autosave-sisepai-3.toml").is_file()
    assert cli("run", "autosave-sisepai-3", "--json").exit_code == 0  # it replays the game
    assert len(_csv_rows()) == 1  # the same deal to the same end: not a second result


def test_regression_a_saves_folder_that_links_to_nothing_is_not_no_games_yet():
    folder = ledger_path().parent
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.symlink_to(folder.parent / "moved")
    for args in (("scores", "list"), ("saves", "list"), ("resume",), ("scores", "export")):
        said = _one_line_error(cli(*args))
        assert said == (
            f"cardavia: error: the saves folder {folder} is a symbolic link to "
            f"{folder.parent / 'moved'}, which does not exist (restore what it points to, or "
            "remove the link)\n"
        )
    assert folder.is_symlink() and not (folder.parent / "moved").exists()  # left as it was
