"""The scores ledger: every finished deal or match, kept in SQLite (the standard library's
``sqlite3``).

One row per finished game (a deal for Si Se Pai and Minchiate, a match for Cuccu and Guandan):
when it ended (UTC), the game, the seats, the outcome (termination, winner, whether the winner
is a team, the winner's score), the ``run --json`` result, and the deal file that replays it.
Nothing here knows a game: a row is made from a state's :class:`~.game.Outcome` and its deal
file text.

The database carries its schema version in ``PRAGMA user_version``; :data:`MIGRATIONS` brings
an older file up to date, in one transaction. Writes take the database's write lock at once
(``BEGIN IMMEDIATE``) and wait up to :data:`TIMEOUT` seconds for another process, so two
``cardavia`` processes finishing at the same moment both get their row. A file that is not a
ledger (corrupt, or another file at that path), or one written by a newer cardavia, raises
:class:`LedgerError` naming the path; it is never replaced or rewritten.

The ledger of the saves folder is :func:`ledger_path`; :func:`record_finished` adds a finished
game to it for the REPL and ``run``.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "scores.db"
>>> with Ledger(path) as ledger:
...     _ = ledger.record(Entry.new("sisepai", ["human", "basic", "basic", "basic"], "win", 0,
...         False, 7, {"winner": 0}, "format = 1", "repl"))
...     [(e.game, e.winner, e.human_won) for e in ledger.entries()]
[('sisepai', 0, True)]
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.saves import saves_dir
from cardavia_cli.engine.seats import SEATS, team

if TYPE_CHECKING:
    from cardavia_cli.engine.game import Outcome

#: The schema this code writes.
SCHEMA_VERSION = 1
#: Seconds a writer waits for another process's write to finish.
TIMEOUT = 15.0
#: SQL scripts, one per version: ``MIGRATIONS[k]`` brings version ``k`` to ``k + 1``.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE results (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        finished_at TEXT NOT NULL,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        termination TEXT NOT NULL,
        winner INTEGER,
        winner_is_team INTEGER NOT NULL,
        score INTEGER,
        result TEXT NOT NULL,
        deal TEXT NOT NULL,
        source TEXT NOT NULL
    );
    CREATE INDEX results_game_time ON results (game, finished_at);
    """,
)

#: The seat of the person at the table (cli.md: you at seat 0).
HUMAN = 0


class LedgerError(CardaviaError):
    """The ledger cannot be read or written (corrupt, newer, locked too long); names the file."""


@dataclass(frozen=True)
class Entry:
    """One finished deal or match.

    ``finished_at`` is an ISO 8601 UTC time to the second (``2026-11-30T21:04:05Z``); ``seats``
    the four seat kinds (``human`` or a computer level); ``winner`` a seat, or a team when
    ``winner_is_team``, or ``None`` (a draw, or a match cut off); ``score`` the winner's score
    in the game's unit, if it has one; ``result`` the ``run --json`` result; ``deal`` the deal
    file (TOML) that replays the game; ``source`` ``repl`` or ``run``; ``id`` the row number.
    """

    finished_at: str
    game: str
    seats: tuple[str, ...]
    termination: str
    winner: int | None
    winner_is_team: bool
    score: int | None
    result: dict[str, Any]
    deal: str
    source: str
    id: int | None = None

    @classmethod
    def new(
        cls,
        game: str,
        seats: Sequence[str],
        termination: str,
        winner: int | None,
        winner_is_team: bool,
        score: int | None,
        result: dict[str, Any],
        deal: str,
        source: str,
        when: datetime | None = None,
    ) -> Entry:
        """An entry finished ``when`` (default: now)."""
        moment = (when or datetime.now(UTC)).astimezone(UTC)
        return cls(
            moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
            game,
            tuple(seats),
            termination,
            winner,
            winner_is_team,
            score,
            dict(result),
            deal,
            source,
        )

    @property
    def winning_seats(self) -> list[int]:
        """The seats credited with the win (both partners for a team)."""
        if self.winner is None:
            return []
        if self.winner_is_team:
            return [s for s in SEATS if team(s) == self.winner]
        return [self.winner]

    @property
    def human_won(self) -> bool | None:
        """Whether the person (seat 0) won; ``None`` when no person played."""
        if self.seats[HUMAN] != "human":
            return None
        return HUMAN in self.winning_seats

    def to_json(self) -> dict[str, Any]:
        """The entry as a JSON object (every field, ``human_won`` too)."""
        data = asdict(self)
        data["seats"] = list(self.seats)
        data["human_won"] = self.human_won
        return data


class Ledger:
    """The ledger file at ``path`` (created with its folder on first use).

    Use as a context manager, or call :meth:`close`. Raises :class:`LedgerError` for a file
    that is not a ledger or a schema newer than this code.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=TIMEOUT, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise LedgerError(f"{self.path}: cannot open the scores ledger: {exc}") from None
        try:
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise LedgerError(
                f"{self.path}: not a readable scores ledger ({exc}); it is left as it is: move "
                "it away to start a new one"
            ) from None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    @property
    def version(self) -> int:
        """The schema version of the file."""
        row = self._db.execute("PRAGMA user_version").fetchone()
        return int(row[0])

    def _migrate(self) -> None:
        self._db.execute(f"PRAGMA busy_timeout = {int(TIMEOUT * 1000)}")
        version = self.version
        if version > SCHEMA_VERSION:
            raise LedgerError(
                f"{self.path}: the scores ledger has schema {version}, newer than this cardavia "
                f"reads ({SCHEMA_VERSION}); it is left as it is"
            )
        if version == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            version = self.version  # another process may have migrated meanwhile
            for step in range(version, SCHEMA_VERSION):
                for statement in _statements(MIGRATIONS[step]):
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def record(self, entry: Entry) -> int:
        """Add ``entry``; returns its row number."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            cursor = self._db.execute(
                "INSERT INTO results (finished_at, game, seats, termination, winner, "
                "winner_is_team, score, result, deal, source) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    entry.finished_at,
                    entry.game,
                    json.dumps(list(entry.seats)),
                    entry.termination,
                    entry.winner,
                    int(entry.winner_is_team),
                    entry.score,
                    json.dumps(entry.result, ensure_ascii=False),
                    entry.deal,
                    entry.source,
                ),
            )
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise LedgerError(f"{self.path}: cannot record the result: {exc}") from None
        return int(cursor.lastrowid or 0)

    def entries(
        self, game: str | None = None, since: str | None = None, until: str | None = None
    ) -> list[Entry]:
        """The entries, oldest first; ``game`` keeps one game's, ``since``/``until`` (ISO dates
        or times, UTC, inclusive: ``2026-11-30`` is the whole day) a span of time."""
        return list(self._select(game, since, until))

    def _select(self, game: str | None, since: str | None, until: str | None) -> Iterator[Entry]:
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if since is not None:
            where.append("finished_at >= ?")
            args.append(since)
        if until is not None:
            where.append("finished_at <= ?")
            # a bare date includes the whole day
            args.append(until + ("T23:59:59Z" if len(until) == 10 else ""))
        sql = "SELECT * FROM results" + (" WHERE " + " AND ".join(where) if where else "")
        try:
            rows = self._db.execute(sql + " ORDER BY finished_at, id", args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise LedgerError(f"{self.path}: cannot read the scores ledger: {exc}") from None
        for row in rows:
            (rid, at, g, seats, term, winner, is_team, score, result, deal, source) = row
            yield Entry(
                at,
                g,
                tuple(json.loads(seats)),
                term,
                winner,
                bool(is_team),
                score,
                json.loads(result),
                deal,
                source,
                rid,
            )


@dataclass(frozen=True)
class Summary:
    """A game's totals for the person at seat 0: games finished, won, drawn (no winner), the
    win rate over the games with a person, and the best winning score."""

    game: str
    played: int
    won: int
    drawn: int
    best_score: int | None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "win_rate": self.win_rate}


def summaries(entries: Sequence[Entry]) -> list[Summary]:
    """Per game (sorted by name), the totals of the games a person played in ``entries`` (games
    a person never played are left out)."""
    out = []
    for game in sorted({e.game for e in entries if e.human_won is not None}):
        mine = [e for e in entries if e.game == game and e.human_won is not None]
        won = [e for e in mine if e.human_won]
        scores = [e.score for e in won if e.score is not None]
        out.append(
            Summary(
                game,
                len(mine),
                len(won),
                sum(1 for e in mine if e.winner is None),
                max(scores) if scores else None,
            )
        )
    return out


def ledger_path() -> Path:
    """The scores ledger: ``scores.db`` in the saves folder."""
    return saves_dir() / "scores.db"


def record_finished(
    game: str,
    seats: list[str],
    outcome: Outcome,
    result: dict[str, object],
    deal: str,
    source: str,
) -> str | None:
    """Add a finished game to the scores ledger (:func:`ledger_path`): ``seats`` the four seat
    kinds as played, ``outcome`` the state's result, ``result`` its ``run --json`` result,
    ``deal`` the deal file text that replays it, ``source`` ``repl`` or ``run``. Returns
    ``None``, or a one-line problem (the ledger is corrupt or cannot be written) for the caller
    to show. Never raises for that."""
    entry = Entry.new(
        game,
        seats,
        outcome.termination,
        outcome.winner,
        outcome.winner_is_team,
        outcome.score,
        result,
        deal,
        source,
    )
    try:
        with Ledger(ledger_path()) as ledger:
            ledger.record(entry)
    except LedgerError as exc:
        return f"not recorded in the scores: {exc}"
    return None


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
