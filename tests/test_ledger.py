"""The scores ledger (engine/ledger.py): round trip, filters, summaries, schema and migrations,
two writers at once, files that are not ledgers, how a game was played (source, auto), one
result per deal, the export columns, and rows that cannot be decoded."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from datetime import UTC, datetime

import pytest

from cardavia_cli.engine.ledger import (
    COLUMNS,
    SCHEMA_VERSION,
    Entry,
    Ledger,
    LedgerError,
    deal_key,
    summaries,
    to_toml_value,
)

SEATS = ("human", "basic", "basic", "random")


def entry(game="sisepai", winner=0, team=False, score=7, day=1, seats=SEATS, source="repl", **how):
    return Entry.new(
        game,
        seats,
        "win" if winner is not None else "exhausted",
        winner,
        team,
        score,
        {"winner": winner, "score": score},
        f'format = 1\ngame = "{game}"\nseed = {day}\n',
        source,
        when=datetime(2026, 11, day, 20, 30, tzinfo=UTC),
        **how,
    )


def test_round_trip_keeps_every_field(tmp_path):
    path = tmp_path / "deep" / "scores.db"
    written = [entry(day=3), entry("minchiate", 1, True, 2, day=4), entry(winner=None, day=5)]
    with Ledger(path) as ledger:
        ids = [ledger.record(e) for e in written]
    assert ids == [1, 2, 3]
    with Ledger(path) as ledger:
        read = ledger.entries()
        assert ledger.version == SCHEMA_VERSION == 2
    assert [e.id for e in read] == ids
    for got, want in zip(read, written, strict=True):
        assert got == Entry(**{**want.__dict__, "id": got.id})
    assert read[0].finished_at == "2026-11-03T20:30:00Z"
    assert [e.human_won for e in read] == [True, False, False]
    assert read[1].winning_seats == [1, 3]


def test_filters_by_game_and_date(tmp_path):
    with Ledger(tmp_path / "s.db") as ledger:
        for day, game in [(1, "sisepai"), (2, "cucu"), (3, "sisepai"), (4, "sisepai")]:
            # each a deal of its own (the seed is the day)
            ledger.record(entry(game, day=day))
        assert [e.finished_at[:10] for e in ledger.entries("sisepai")] == [
            "2026-11-01", "2026-11-03", "2026-11-04",
        ]  # fmt: skip
        assert len(ledger.entries(since="2026-11-02", until="2026-11-03")) == 2
        assert len(ledger.entries(until="2026-11-01")) == 1
        assert ledger.entries("guandan") == []


def test_summaries_count_the_persons_games():
    rows = [
        entry(score=7), entry(score=11), entry(winner=2, score=9), entry(winner=None, score=None),
        entry(seats=("basic",) * 4),  # no person: not counted
        entry("minchiate", winner=0, team=True, score=3), entry("minchiate", winner=1, team=True),
    ]  # fmt: skip
    got = {s.game: s for s in summaries(rows)}
    assert (got["sisepai"].played, got["sisepai"].won, got["sisepai"].drawn) == (4, 2, 1)
    assert got["sisepai"].best_score == 11 and got["sisepai"].win_rate == 0.5
    assert (got["minchiate"].played, got["minchiate"].won, got["minchiate"].best_score) == (2, 1, 3)


def _writer(path: str, n: int, game: str) -> None:
    with Ledger(path) as ledger:
        for day in range(1, n + 1):
            ledger.record(entry(game, day=day % 28 + 1, score=day))  # another result each


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "s.db")
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_writer, args=(path, 40, g)) for g in ("cucu", "guandan")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    with Ledger(path) as ledger:
        rows = ledger.entries()
    assert len(rows) == 80 and sorted(e.id for e in rows) == list(range(1, 81))
    assert sum(e.game == "cucu" for e in rows) == 40


def test_a_corrupt_ledger_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "scores.db"
    junk = b"this is not a database at all\n" * 200
    path.write_bytes(junk)
    with pytest.raises(LedgerError, match=r"scores\.db: not a readable scores ledger"):
        Ledger(path)
    assert path.read_bytes() == junk


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "scores.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(LedgerError, match="schema 99, newer than this cardavia reads"):
        Ledger(path)


def test_an_empty_file_of_version_0_is_migrated(tmp_path):
    path = tmp_path / "scores.db"
    sqlite3.connect(path).close()
    with Ledger(path) as ledger:
        assert ledger.version == 2 and ledger.entries() == []


# -- how a game was played, one result per deal -----------------------------------------------
DEAL = 'format = 1\ngame = "sisepai"\nseed = 4\nseats = ["human", "basic", "basic", "basic"]\n'
STACKED = DEAL + 'deck = ["rK", "gP"]\n'


def finished(deal=DEAL, winner=0, source="repl", auto=0, seats=SEATS, actions=()):
    text = deal + "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n"
    return Entry.new(
        "sisepai", seats, "win", winner, False, 9, {"winner": winner, "score": 9}, text,
        source, auto=auto, decisions=5,
    )  # fmt: skip


def test_regression_a_replayed_save_is_not_a_second_result(tmp_path):
    with Ledger(tmp_path / "s.db") as ledger:
        assert ledger.record(finished(actions=["0 pass"])) == 1
        # the same deal to the same end, other actions or seats or source: not recorded
        assert ledger.record(finished(actions=["0 pass", "1 pass"])) is None
        assert ledger.record(finished(source="run", seats=("basic",) * 4)) is None
        # the same deal to another end is kept, as a replay (the person knew the cards)
        assert ledger.record(finished(winner=2)) == 2
        rows = ledger.entries()
    assert [(e.id, e.source, e.winner) for e in rows] == [(1, "repl", 0), (2, "replay", 2)]
    (mine,) = summaries(rows)
    assert (mine.played, mine.won, mine.left_out, mine.win_rate) == (1, 1, 1, 1.0)


def test_regression_a_stacked_deck_is_not_counted_in_the_win_rate(tmp_path):
    with Ledger(tmp_path / "s.db") as ledger:
        ledger.record(finished(STACKED))
        ledger.record(finished(DEAL, winner=1))
        rows = ledger.entries()
    assert [e.source for e in rows] == ["deck", "repl"]
    assert [e.played_yourself for e in rows] == [False, True]
    (mine,) = summaries(rows)
    assert (mine.played, mine.won, mine.left_out, mine.win_rate) == (1, 0, 1, 0.0)
    (every,) = summaries(rows, everything=True)
    assert (every.played, every.won, every.left_out, every.win_rate) == (2, 1, 0, 0.5)


def test_regression_games_auto_played_are_not_counted_in_the_win_rate():
    rows = [finished(auto=138), finished(auto=0, winner=1), finished(auto=None)]
    assert [e.played_yourself for e in rows] == [False, True, True]  # None: an older row
    (mine,) = summaries(rows)
    assert (mine.played, mine.won, mine.left_out) == (2, 1, 1)


def test_a_deal_is_its_game_seed_deck_dealer_and_match_keys():
    base = deal_key(DEAL)
    assert deal_key(DEAL.replace('"basic", "basic", "basic"', '"random", "basic", "basic"')) == (
        base
    )
    assert deal_key(DEAL + 'actions = ["0 pass"]\n') == base
    assert deal_key(DEAL.replace("seed = 4", "seed = 5")) != base
    assert deal_key(DEAL + "dealer = 2\n") != base
    assert deal_key(STACKED) != base
    assert deal_key('game = "cucu"\nlives = [1, 1, 3, 3]\n') != deal_key('game = "cucu"\n')
    assert deal_key('game = "cucu"\n') == deal_key('game = "cucu"\nseed = 0\n')
    assert deal_key("not = = toml") != deal_key("other = = junk")


def _v1_ledger(path, rows):
    """A ledger as cardavia wrote it before schema 2."""
    db = sqlite3.connect(path)
    db.executescript(
        """CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, finished_at TEXT NOT NULL,
        game TEXT NOT NULL, seats TEXT NOT NULL, termination TEXT NOT NULL, winner INTEGER,
        winner_is_team INTEGER NOT NULL, score INTEGER, result TEXT NOT NULL, deal TEXT NOT NULL,
        source TEXT NOT NULL);
        CREATE INDEX results_game_time ON results (game, finished_at);
        PRAGMA user_version = 1;"""
    )
    for at, deal, source in rows:
        kinds = ["human" if source == "repl" else "basic", "basic", "basic", "basic"]
        seats = json.dumps(kinds)
        db.execute(
            "INSERT INTO results (finished_at, game, seats, termination, winner, winner_is_team, "
            "score, result, deal, source) VALUES (?, 'sisepai', ?, 'win', 0, 0, 9, ?, ?, ?)",
            (at, seats, '{"winner": 0, "score": 9}', deal, source),
        )
    db.commit()
    db.close()


def test_a_ledger_of_schema_1_is_migrated_and_its_rows_stay_readable(tmp_path):
    path = tmp_path / "scores.db"
    _v1_ledger(
        path,
        [
            ("2026-11-01T10:00:00Z", DEAL, "repl"),
            ("2026-11-02T10:00:00Z", STACKED, "repl"),
            ("2026-11-03T10:00:00Z", DEAL + 'actions = ["0 pass"]\n', "repl"),  # again
            ("2026-11-04T10:00:00Z", DEAL, "run"),
        ],
    )
    with Ledger(path) as ledger:
        assert ledger.version == 2
        rows = ledger.entries()
        # the same deal to the same end after the migration: not a second result
        assert ledger.record(finished()) is None
    assert [(e.id, e.source, e.auto, e.decisions, e.save) for e in rows] == [
        (1, "repl", None, None, None),
        (2, "deck", None, None, None),
        (3, "replay", None, None, None),
        (4, "run", None, None, None),
    ]
    assert [e.seed for e in rows] == [4, 4, 4, 4]
    (mine,) = summaries(rows)
    assert (mine.played, mine.won, mine.left_out) == (1, 1, 2)


# -- the export columns -----------------------------------------------------------------------
def _shaped(game, result, winner, team=False, seats=SEATS, score=None):
    return Entry.new(
        game, seats, "win", winner, team, score, result, f'game = "{game}"\nseed = 12\n', "repl",
        auto=3, decisions=40, save="evening",
    )  # fmt: skip


def test_columns_are_scalars_in_the_games_units():
    sisepai = _shaped("sisepai", {"winner": 0, "score": 15, "melds": []}, 0, score=15)
    lost = _shaped("sisepai", {"winner": 2, "score": 11, "melds": []}, 2, score=11)
    cucu = _shaped("cucu", {"lives": [2, 0, 1, 0], "winner": 0, "rounds": 9}, 0)
    guandan = _shaped(
        "guandan",
        {"places": [1, 3, 0, 2], "deals": 7, "match_winner": 1,
         "levels": {"before": ["A", "K"], "after": ["A", "A"], "level_team": 1}},
        1, team=True,
    )  # fmt: skip
    minchiate = _shaped("minchiate", {"resti": [3, 1], "winner": 0, "diff": 40}, 0, team=True)
    run = _shaped(
        "cucu", {"lives": [0, 0, 2, 0], "winner": 2, "rounds": 4}, 2, seats=("basic",) * 4
    )
    assert list(sisepai.columns()) == list(COLUMNS)
    assert sisepai.columns() == {
        "id": "", "finished_at": sisepai.finished_at, "game": "sisepai", "source": "repl",
        "seed": 12, "player_0": "human", "player_1": "basic", "player_2": "basic",
        "player_3": "random", "winner": "you", "you_won": "yes", "your_score": 15,
        "your_level": "", "deals_or_rounds": 1, "lives_0": "", "lives_1": "", "lives_2": "",
        "lives_3": "", "resti_0": "", "resti_1": "", "auto_decisions": 3,
        "your_decisions": 40, "save": "evening",
    }  # fmt: skip
    picked = ("winner", "you_won", "your_score", "your_level", "deals_or_rounds")
    spread = ("lives_0", "lives_1", "lives_2", "lives_3", "resti_0", "resti_1")
    shaped = (lost, cucu, guandan, minchiate, run)
    assert [tuple(e.columns()[k] for k in picked + spread) for e in shaped] == [
        ("seat 2 (across)", "no", 0, "", 1, "", "", "", "", "", ""),
        ("you", "yes", 2, "", 9, 2, 0, 1, 0, "", ""),
        ("team 1 (right and left)", "no", "", "A", 7, "", "", "", "", "", ""),
        ("team 0 (you and across)", "yes", 3, "", 1, "", "", "", "", 3, 1),
        ("seat 2", "", 0, "", 4, 0, 0, 2, 0, "", ""),
    ]  # fmt: skip
    drawn = _shaped("sisepai", {"winner": None, "score": None, "melds": []}, None)
    assert (drawn.columns()["winner"], drawn.columns()["your_score"]) == ("no winner", 0)


def test_toml_values_leave_nulls_out():
    assert to_toml_value({"winner": None, "score": None, "melds": [], "x": [1, None]}) == {
        "melds": [],
        "x": [1, "null"],
    }
    assert to_toml_value({"big": 2**70, "inf": float("inf")}) == {
        "big": str(2**70),
        "inf": "inf",
    }


# -- rows that cannot be decoded --------------------------------------------------------------
def test_regression_a_bad_row_is_skipped_and_named(tmp_path):
    path = tmp_path / "scores.db"
    with Ledger(path) as ledger:
        for day in (1, 2, 3, 4):
            ledger.record(entry(day=day))
    db = sqlite3.connect(path)
    db.execute("UPDATE results SET result = '{not json' WHERE id = 2")
    db.execute("UPDATE results SET seats = '{\"a\": 1}' WHERE id = 3")
    db.execute("UPDATE results SET deal = CAST(x'ff00fe' AS TEXT) WHERE id = 4")
    db.commit()
    db.close()
    said: list[str] = []
    with Ledger(path) as ledger:
        rows = ledger.entries(on_bad=said.append)
        assert [e.id for e in ledger.entries()] == [1]  # without on_bad: skipped all the same
    assert [e.id for e in rows] == [1]
    assert said == [
        f"{path}: row 2 skipped: result is not JSON",
        f"{path}: row 3 skipped: seats is not a list of four seat kinds",
        f"{path}: row 4 skipped: deal is not text",
    ]
