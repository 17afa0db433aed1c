"""The scores ledger (engine/ledger.py): round trip, filters, summaries, schema and migrations,
two writers at once, and files that are not ledgers."""

from __future__ import annotations

import multiprocessing
import sqlite3
from datetime import UTC, datetime

import pytest

from cardavia_cli.engine.ledger import SCHEMA_VERSION, Entry, Ledger, LedgerError, summaries

SEATS = ("human", "basic", "basic", "random")


def entry(game="sisepai", winner=0, team=False, score=7, day=1, seats=SEATS, source="repl"):
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
    )


def test_round_trip_keeps_every_field(tmp_path):
    path = tmp_path / "deep" / "scores.db"
    written = [entry(day=3), entry("minchiate", 1, True, 2, day=4), entry(winner=None, day=5)]
    with Ledger(path) as ledger:
        ids = [ledger.record(e) for e in written]
    assert ids == [1, 2, 3]
    with Ledger(path) as ledger:
        read = ledger.entries()
        assert ledger.version == SCHEMA_VERSION == 1
    assert [e.id for e in read] == ids
    for got, want in zip(read, written, strict=True):
        assert got == Entry(**{**want.__dict__, "id": got.id})
    assert read[0].finished_at == "2026-11-03T20:30:00Z"
    assert [e.human_won for e in read] == [True, False, False]
    assert read[1].winning_seats == [1, 3]


def test_filters_by_game_and_date(tmp_path):
    with Ledger(tmp_path / "s.db") as ledger:
        for day, game in [(1, "sisepai"), (2, "cucu"), (3, "sisepai"), (4, "sisepai")]:
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
        for _ in range(n):
            ledger.record(entry(game))


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
        assert ledger.version == 1 and ledger.entries() == []
