"""The files cardavia reads itself (settings, the scores ledger, saves and deal files, the REPL
history) are read as values: nesting too deep, a negative schema version, a folder, pipe or
device where a file should be each give one clear line (exit 2), never a traceback or a
freeze; ``settings --reset`` always works; a history file that cannot be used leaves a REPL
without history, said once."""

from __future__ import annotations

import os
import sqlite3
import tomllib
from pathlib import Path

import pytest
from cli_support import run_cardavia

from cardavia_cli.engine.ledger import Ledger, LedgerError
from cardavia_cli.engine.nesting import MAX_DEPTH, TooDeepError, load_json, load_toml
from cardavia_cli.repl.reader import KeptHistory, history_problem

DEEP_TOML = "a = " + "[" * 3000 + "]" * 3000 + "\n"


def test_load_toml_refuses_deep_nesting_as_malformed_toml():
    with pytest.raises(tomllib.TOMLDecodeError, match="nested more than 16 deep"):
        load_toml(DEEP_TOML)
    shallow = "a = " + "[" * 20 + "]" * 20  # no RecursionError, still too deep
    with pytest.raises(TooDeepError):
        load_toml(shallow)
    assert load_toml("a = [[1, 2]]\n[t]\nb = 1") == {"a": [[1, 2]], "t": {"b": 1}}
    with pytest.raises(ValueError, match="nested more than 16 deep"):
        load_json("[" * 5000 + "]" * 5000)
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]


# -- settings.toml --------------------------------------------------------------------------------
def test_regression_deeply_nested_settings_are_one_line_and_reset_works(tmp_path: Path):
    settings = tmp_path / "settings.toml"
    settings.write_text(DEEP_TOML, encoding="utf-8")
    shown = run_cardavia("settings", home=tmp_path)
    assert shown.returncode == 2
    assert shown.stderr == (
        f"cardavia: error: {settings}: is not TOML (arrays or tables nested more than 16 deep) "
        "(cardavia settings --reset writes the defaults)\n"
    )
    other = run_cardavia("saves", "list", home=tmp_path)  # every other command goes on
    assert other.returncode == 0 and "Traceback" not in other.stderr
    reset = run_cardavia("settings", "--reset", home=tmp_path)
    assert (reset.returncode, reset.stdout) == (0, "Every setting is back to its default.\n")
    assert run_cardavia("settings", home=tmp_path).returncode == 0


# -- the scores ledger ----------------------------------------------------------------------------
def _ledger_with_one_game(home: Path) -> Path:
    deal = tmp = home / "deal.toml"
    tmp.write_text('format = 1\ngame = "sisepai"\nseed = 3\n', encoding="utf-8")
    assert run_cardavia("run", str(deal), home=home).returncode == 0
    return home / "saves" / "scores.db"


@pytest.mark.parametrize("version", [-1, -7])
def test_regression_a_negative_ledger_schema_is_one_line_exit_2(tmp_path: Path, version: int):
    path = _ledger_with_one_game(tmp_path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()
    for args in (("scores", "list"), ("scores", "list", "--json"), ("scores", "export")):
        got = run_cardavia(*args, home=tmp_path)
        assert (got.returncode, got.stdout) == (2, "")
        assert got.stderr == (
            f"cardavia: error: {path}: the scores ledger has schema {version}, which no "
            "cardavia writes; it is left as it is\n"
        )


def test_regression_deeply_nested_ledger_rows_are_skipped_or_read(tmp_path: Path):
    import json

    path = _ledger_with_one_game(tmp_path)
    db = sqlite3.connect(path)
    columns = [row[1] for row in db.execute("PRAGMA table_info(results)")]
    row = list(db.execute("SELECT * FROM results").fetchone())
    # a second row whose stored deal nests 3000 deep, a third whose result does
    row[columns.index("id")] = 2
    row[columns.index("deal")] = 'format = 1\ngame = "sisepai"\nseed = 4\nx = ' + DEEP_TOML[4:]
    row[columns.index("deal_key")] = "deep-deal"
    marks = ",".join("?" * len(columns))
    db.execute(f"INSERT INTO results VALUES ({marks})", row)
    row[columns.index("id")] = 3
    row[columns.index("deal")] = 'format = 1\ngame = "sisepai"\nseed = 5\n'
    row[columns.index("result")] = '{"winner": 0, "melds": ' + "[" * 500 + "]" * 500 + "}"
    row[columns.index("deal_key")] = "deep-result"
    db.execute(f"INSERT INTO results VALUES ({marks})", row)
    db.commit()
    db.close()
    listed = run_cardavia("scores", "list", "--json", home=tmp_path)
    assert listed.returncode == 0
    assert listed.stderr == f"cardavia: warning: {path}: row 3 skipped: result is not JSON\n"
    records = json.loads(listed.stdout)["results"]
    assert [(r["id"], r["seed"]) for r in records] == [(1, 3), (2, None)]
    for fmt in ("csv", "json", "toml"):
        exported = run_cardavia("scores", "export", "--format", fmt, home=tmp_path)
        assert exported.returncode == 0, exported.stderr
        assert "Traceback" not in exported.stderr


def test_regression_a_ledger_that_is_a_folder_or_a_pipe_is_one_line(tmp_path: Path):
    path = tmp_path / "saves" / "scores.db"
    path.mkdir(parents=True)
    got = run_cardavia("scores", "list", home=tmp_path)
    assert (got.returncode, got.stderr) == (
        2,
        f"cardavia: error: {path}: is a folder, not a scores ledger; it is left as it is\n",
    )
    path.rmdir()
    os.mkfifo(path)
    with pytest.raises(LedgerError, match="is a device, pipe or socket, not a scores ledger"):
        Ledger(path)
    got = run_cardavia("scores", "export", home=tmp_path)
    assert got.returncode == 2 and got.stderr.count("\n") == 1


# -- the REPL's history ---------------------------------------------------------------------------
def test_regression_a_history_file_that_is_a_folder_or_a_pipe_is_not_used(tmp_path: Path):
    folder, pipe, fine = tmp_path / "history", tmp_path / "fifo", tmp_path / "kept"
    folder.mkdir()
    os.mkfifo(pipe)
    assert history_problem(folder) == (
        f"history file {folder} is a folder: this session keeps no history"
    )
    assert history_problem(pipe) == (
        f"history file {pipe} is a device, pipe or socket, not a file: this session keeps no "
        "history"
    )
    assert history_problem(fine) is None  # not there yet: written on the first line
    # a file that turns into a pipe meanwhile is neither read nor written (never blocks)
    history = KeptHistory(fine)
    history.store_string("hand")
    assert list(history.load_history_strings()) == ["hand"]
    fine.unlink()
    os.mkfifo(fine)
    history.store_string("table")
    assert list(history.load_history_strings()) == []


def test_regression_a_prompt_on_a_pipe_history_warns_and_keeps_memory(tmp_path: Path):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cardavia_cli.repl.reader import PromptReader, take_warning

    pipe = tmp_path / "history"
    os.mkfifo(pipe)
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        reader = PromptReader(pipe)
        assert isinstance(reader._session.history, InMemoryHistory)
        keys.send_text("hand\n")
        assert reader.read("> ") == "hand"
    assert take_warning(reader) == (
        f"history file {pipe} is a device, pipe or socket, not a file: this session keeps no "
        "history"
    )
    assert take_warning(reader) is None  # said once
