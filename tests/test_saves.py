"""The records of the engine (cardavia_cli.engine.saves, the ledger's place): save names and
paths, the listing, writing a save (the saves folder made, nothing else), what a file a save
would overwrite holds, and the ledger of the saves folder."""

from __future__ import annotations

import os
import time

import pytest

from cardavia_cli.engine.agents import fallback_for
from cardavia_cli.engine.dealfile import DealFile
from cardavia_cli.engine.game import Outcome
from cardavia_cli.engine.ledger import Ledger, ledger_path, record_finished
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.engine.saves import (
    SaveState,
    SaveTargetError,
    claim_autosave,
    existing_save,
    home,
    is_autosave,
    latest_unfinished,
    save_files,
    save_state,
    save_target,
    saves_dir,
    write_save,
)
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import new_game_state


def test_the_records_live_in_cardavia_home():
    assert home() == saves_dir().parent
    assert saves_dir().name == "saves"
    assert ledger_path() == saves_dir() / "scores.db"
    assert claim_autosave("cucu", 21).path == saves_dir() / "autosave-cucu-21.toml"


def test_claim_autosave_never_takes_a_name_that_a_file_or_an_open_game_has():
    held = claim_autosave("cucu", 21)  # held, no file yet
    write_save(save_target("autosave-cucu-21-2"), DealFile(game="cucu", seed=21))  # a file
    other = claim_autosave("cucu", 21)
    assert other.path.name == "autosave-cucu-21-3.toml"
    held.release()
    other.release()
    assert claim_autosave("cucu", 21).path.name == "autosave-cucu-21.toml"
    assert [is_autosave(saves_dir() / n) for n in ("autosave-cucu-21-3.toml", "x.toml")] == [
        True,
        False,
    ]
    assert not is_autosave(saves_dir() / "autosave-evening.toml")


def test_save_state_and_latest_unfinished():
    game = load_game("sisepai")
    state = new_game_state(DealFile(game="sisepai", seed=3))
    agents = make_agents(game, ["basic"] * 4)
    play_on(state, agents, max_deals=1, fallback=fallback_for(game))
    over = DealFile.from_state(state, DealFile(game="sisepai", seed=3))
    paths = {}
    for name, deal, age in (
        ("open", DealFile(game="sisepai", seed=1), 100),
        ("over", over, 0),
    ):
        paths[name] = write_save(save_target(name), deal)
        moment = time.time() - age
        os.utime(paths[name], (moment, moment))
    broken = saves_dir() / "broken.toml"
    broken.write_text("not = = toml", encoding="utf-8")
    assert save_state(paths["open"], lookup=load_game) is SaveState.UNFINISHED
    assert save_state(paths["over"], lookup=load_game) is SaveState.FINISHED
    assert save_state(broken, lookup=load_game) is SaveState.UNREADABLE
    assert latest_unfinished(lookup=load_game) == paths["open"]
    paths["open"].unlink()
    assert latest_unfinished(lookup=load_game) is None


def test_write_save_makes_the_saves_folder_and_no_other(tmp_path):
    assert not saves_dir().exists()
    deal = DealFile(game="sisepai", seed=3, actions=["0 pass"])
    path = write_save(save_target("evening"), deal)
    assert path == saves_dir() / "evening.toml"
    assert path.read_text("utf-8") == deal.to_toml()
    with pytest.raises(SaveTargetError, match="there is no folder"):
        write_save(tmp_path / "missing" / "x.toml", deal)
    assert not (tmp_path / "missing").exists()


def test_save_files_lists_the_saves_most_recent_first():
    assert save_files() == []
    for name, age in (("old", 100), ("new", 0), ("middle", 50)):
        path = write_save(save_target(name), DealFile(game="sisepai", seed=1))
        moment = time.time() - age
        os.utime(path, (moment, moment))
    (saves_dir() / "notes.txt").write_text("not a save")
    assert [p.stem for p in save_files()] == ["new", "middle", "old"]


def test_existing_save_describes_what_a_save_would_overwrite(tmp_path):
    path = save_target("taken")
    assert existing_save(path, "sisepai", lookup=load_game) is None
    write_save(path, DealFile(game="sisepai", seed=2, actions=["0 pass"]))
    assert existing_save(path, "sisepai", lookup=load_game) == "seed 2, 1 action"
    assert existing_save(path, "cucu", lookup=load_game) == "sisepai, seed 2, 1 action"
    path.write_text("this is = = not toml", encoding="utf-8")
    assert existing_save(path, "sisepai", lookup=load_game) == "not a readable save"


def test_record_finished_adds_one_row_to_the_ledger_of_the_saves_folder():
    outcome = Outcome("win", 0, "Seat 0 wins.", score=9)
    text = DealFile(game="sisepai", seed=2).to_toml()
    seats = ["human", "basic", "basic", "basic"]
    assert record_finished("sisepai", seats, outcome, {"winner": 0}, text, "repl") is None
    with Ledger(ledger_path()) as ledger:
        (entry,) = ledger.entries()
    assert (entry.game, entry.seats, entry.winner, entry.score) == ("sisepai", tuple(seats), 0, 9)
    assert (entry.deal, entry.source, entry.human_won) == (text, "repl", True)


def test_record_finished_reports_a_ledger_it_cannot_use():
    saves_dir().mkdir(parents=True)
    ledger_path().write_text("not a database at all, " * 100, encoding="utf-8")
    problem = record_finished(
        "sisepai", ["basic"] * 4, Outcome("win", 1, "Seat 1 wins."), {}, "format = 1", "run"
    )
    assert problem is not None and problem.startswith("not recorded in the scores: ")
    assert str(ledger_path()) in problem
