"""The scores ledger: every finished deal or match, kept in SQLite (the standard library's
``sqlite3``).

One row per finished game (a deal for Si Se Pai and Minchiate, a match for Cuccu and Guandan):
when it ended (UTC), the game, the seats, the outcome (termination, winner, whether the winner
is a team, the winner's score), the ``run --json`` result, the deal file that replays it, and
how it was played: the :data:`SOURCES` value, how many of the person's decisions ``auto`` made,
and the save that holds it. Nothing here knows a game: a row is made from a state's
:class:`~.game.Outcome` and its deal file text, and :meth:`Entry.columns` reads the ``result``
by the keys of cli.md's result shapes.

A deal is identified by its deal file (:func:`deal_key`: game, seed, deck, dealer and match
keys; not the seats, not the actions). The same deal finished with the same result again (a
save replayed to its end, ``cardavia run`` of a finished save) is not a second result: nothing
is added. The same deal finished with another result is kept, as a ``replay``.

The database carries its schema version in ``PRAGMA user_version``; :data:`MIGRATIONS` brings
an older file up to date, in one transaction (old rows stay readable: their new fields are
``None``, "not known"). Writes take the database's write lock at once (``BEGIN IMMEDIATE``)
and wait up to :data:`TIMEOUT` seconds for another process, so two ``cardavia`` processes
finishing at the same moment both get their row. A file that is not a ledger (corrupt, or
another file at that path), or one written by a newer cardavia, raises :class:`LedgerError`
naming the path; it is never replaced or rewritten. A row that cannot be decoded (edited by
hand, written by a broken tool) is skipped and reported, one line per row; the others are read.

The ledger of the saves folder is :func:`ledger_path`; :func:`record_finished` adds a finished
game to it for the REPL and ``run``.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "scores.db"
>>> with Ledger(path) as ledger:
...     _ = ledger.record(Entry.new("sisepai", ["human", "basic", "basic", "basic"], "win", 0,
...         False, 7, {"winner": 0}, "format = 1", "repl"))
...     [(e.game, e.winner, e.human_won, e.source) for e in ledger.entries()]
[('sisepai', 0, True, 'repl')]
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import sqlite3
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.nesting import load_json, load_toml
from cardavia_cli.engine.paths import broken_link
from cardavia_cli.engine.saves import folder_link_problem, saves_dir
from cardavia_cli.engine.seats import NUM_SEATS, SEAT_NAMES, SEATS, team, team_seats

if TYPE_CHECKING:
    from cardavia_cli.engine.game import Outcome

#: The schema this code writes.
SCHEMA_VERSION = 2
#: Seconds a writer waits for another process's write to finish.
TIMEOUT = 15.0

#: How a game was played (``Entry.source``): ``repl`` a person in the REPL from a shuffled
#: deck; ``replay`` a deal the ledger already holds a result of, played again to another end
#: (the person knew the cards); ``deck`` a deal file that gives ``deck`` (a stacked deck);
#: ``run`` by ``cardavia run``, computer players only. Only ``repl`` games count in the win
#: rates (:func:`summaries`).
SOURCES: tuple[str, ...] = ("repl", "replay", "deck", "run")

#: The deal-file keys that are not the deal itself (who sat where, what was decided).
_NOT_THE_DEAL = frozenset({"format", "seats", "actions"})


def _v1(db: sqlite3.Connection) -> None:
    for statement in (
        """CREATE TABLE results (
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
        )""",
        "CREATE INDEX results_game_time ON results (game, finished_at)",
    ):
        db.execute(statement)


def _v2(db: sqlite3.Connection) -> None:
    """How it was played: ``auto`` and ``decisions`` (the person's decisions, those made by
    ``auto``; ``NULL`` in older rows: not known), ``save`` (the save that replays it) and
    ``deal_key`` (:func:`deal_key`). Older rows get their key, and their ``source`` by the
    rules of :meth:`Ledger.record`: a deal file with a ``deck`` is ``deck``, a later result of
    a deal already recorded is ``replay``."""
    for column in ("auto INTEGER", "decisions INTEGER", "save TEXT", "deal_key TEXT"):
        db.execute(f"ALTER TABLE results ADD COLUMN {column}")
    db.execute("CREATE INDEX results_deal ON results (deal_key)")
    seen: set[str] = set()
    rows = db.execute("SELECT id, deal, source FROM results ORDER BY finished_at, id")
    for rid, deal, source in rows.fetchall():
        text = deal if isinstance(deal, str) else ""
        key = deal_key(text)
        new_source = _source_for(source, text, key in seen) if isinstance(source, str) else source
        seen.add(key)
        db.execute(
            "UPDATE results SET deal_key = ?, source = ? WHERE id = ?", (key, new_source, rid)
        )


#: One step per version: ``MIGRATIONS[k]`` brings version ``k`` to ``k + 1`` (inside the
#: transaction of :meth:`Ledger._migrate`).
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)

#: The seat of the person at the table (cli.md: you at seat 0).
HUMAN = 0

#: The teams of a partnership game, by number (0: seats 0 and 2, 1: seats 1 and 3).
_TEAMS: tuple[int, ...] = (0, 1)

#: The columns of :meth:`Entry.columns`, in order (the CSV export's header): one value per
#: cell, one column per seat (``player_N``, ``lives_N``) or per team (``resti_N``).
COLUMNS: tuple[str, ...] = (
    "id",
    "finished_at",
    "game",
    "source",
    "seed",
    *(f"player_{s}" for s in SEATS),
    "winner",
    "you_won",
    "your_score",
    "your_level",
    "deals_or_rounds",
    *(f"lives_{s}" for s in SEATS),
    *(f"resti_{t}" for t in _TEAMS),
    "auto_decisions",
    "your_decisions",
    "save",
)


class LedgerError(CardaviaError):
    """The ledger cannot be read or written (corrupt, newer, locked too long); names the file."""


def deal_identity(text: str) -> dict[str, Any] | None:
    """The deal a deal file (TOML ``text``) plays: its keys but ``format``, ``seats`` and
    ``actions`` (game, seed, deck, dealer, match keys), ``seed`` 0 when absent (cli.md);
    ``None`` for text that is not TOML."""
    try:
        data = load_toml(text)
    except (tomllib.TOMLDecodeError, ValueError, TypeError):
        return None
    deal = {k: v for k, v in data.items() if k not in _NOT_THE_DEAL}
    deal.setdefault("seed", 0)
    return deal


def deal_key(text: str) -> str:
    """A short fingerprint of the deal a deal file plays (:func:`deal_identity`): two files
    of the same deal, whatever their seats and actions, have the same key. Text that is not
    TOML has a key of its own text."""
    deal = deal_identity(text)
    canon = (
        "text:" + text
        if deal is None
        else json.dumps(deal, sort_keys=True, ensure_ascii=False, default=str)
    )
    return hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _source_for(source: str, deal: str, played_before: bool) -> str:
    """The recorded source of a game played as ``source`` (``repl`` or ``run``)."""
    if source != "repl":
        return source
    identity = deal_identity(deal)
    if identity is not None and "deck" in identity:
        return "deck"
    return "replay" if played_before else source


@dataclass(frozen=True)
class Entry:
    """One finished deal or match.

    ``finished_at`` is an ISO 8601 UTC time to the second (``2026-11-30T21:04:05Z``); ``seats``
    the four seat kinds (``human`` or a computer level); ``winner`` a seat, or a team when
    ``winner_is_team``, or ``None`` (a draw, or a match cut off); ``score`` the winner's score
    in the game's unit, if it has one; ``result`` the ``run --json`` result; ``deal`` the deal
    file (TOML) that replays the game; ``source`` one of :data:`SOURCES`; ``auto`` how many of
    the person's decisions ``auto`` made and ``decisions`` how many the person's seat took in
    all (``None``: not known, a row of an older cardavia; a resumed save counts the decisions of
    the session that finished it); ``save`` the save that replays it (what to type after
    ``cardavia resume`` or ``cardavia run``), if there is one; ``id`` the row number.
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
    auto: int | None = None
    decisions: int | None = None
    save: str | None = None
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
        *,
        auto: int | None = None,
        decisions: int | None = None,
        save: str | None = None,
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
            auto,
            decisions,
            save,
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

    @property
    def played_yourself(self) -> bool:
        """Whether this is a game the person played alone from a shuffled deck: source
        ``repl`` and no decision made by ``auto`` (an older row, ``auto`` not known, counts)."""
        return self.human_won is not None and self.source == "repl" and not self.auto

    @property
    def seed(self) -> int | None:
        """The seed of the deal file, if it is readable and gives one."""
        deal = deal_identity(self.deal)
        seed = None if deal is None else deal.get("seed")
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    def to_json(self) -> dict[str, Any]:
        """The entry as a JSON object: every field, and ``seed``, ``human_won`` and
        ``played_yourself``."""
        data = asdict(self)
        data["seats"] = list(self.seats)
        data["seed"] = self.seed
        data["human_won"] = self.human_won
        data["played_yourself"] = self.played_yourself
        return data

    def winner_words(self) -> str:
        """:meth:`winner_name` in the language spoken now, for a person to read (a table of
        scores); :meth:`winner_name` stays English, for exports."""
        if self.winner is None:
            return _("no winner")
        person = self.human_won is not None
        if self.winner_is_team:
            a, b = team_seats(self.winner)
            if person:
                return _("team {n} ({a} and {b})").format(
                    n=self.winner, a=_(SEAT_NAMES[a]), b=_(SEAT_NAMES[b])
                )
            return _("team {n} (seats {a} and {b})").format(n=self.winner, a=a, b=b)
        if not person:
            return _("seat {n}").format(n=self.winner)
        if self.winner == HUMAN:
            return _("you")
        return _("seat {n} ({where})").format(n=self.winner, where=_(SEAT_NAMES[self.winner]))

    def winner_name(self) -> str:
        """The winner in words: ``you``, ``seat 1 (right)``, ``team 0 (you and across)``,
        ``team 1 (right and left)``, or ``no winner``; seats are numbers (``seat 0``, ``team
        0 (seats 0 and 2)``) when no person played."""
        if self.winner is None:
            return "no winner"
        person = self.human_won is not None
        if self.winner_is_team:
            a, b = team_seats(self.winner)
            if person:
                return f"team {self.winner} ({SEAT_NAMES[a]} and {SEAT_NAMES[b]})"
            return f"team {self.winner} (seats {a} and {b})"
        if not person:
            return f"seat {self.winner}"
        return "you" if self.winner == HUMAN else f"seat {self.winner} ({SEAT_NAMES[self.winner]})"

    def columns(self) -> dict[str, str | int]:
        """The entry as the cells of :data:`COLUMNS` (the CSV export), one value per cell, for
        seat 0 ("you"): ``player_0`` to ``player_3`` the seat kinds (``human``, a computer
        level), ``winner`` as :meth:`winner_name`, ``you_won`` ``yes``/``no`` (empty with no
        person), ``your_score`` a number in the game's unit (Si Se Pai: points, 0 unless you
        won; Cuccu: lives left; Minchiate: your team's resti; empty for Guandan, whose
        ``your_level`` is your team's level, a rank such as ``A``), ``deals_or_rounds`` (1 for
        a game of one deal), ``lives_0`` to ``lives_3`` (Cuccu) and ``resti_0``, ``resti_1``
        (Minchiate, per team) where the game has them; unknown values are empty. Every column
        holds numbers only, or text only. Read from cli.md's result shapes by their keys; a
        result of another shape leaves those cells empty, never raises."""
        r = self.result
        won = self.human_won
        mine: str | int = ""
        level: str = ""
        lives_cells: list[str | int] = [""] * NUM_SEATS
        resti_cells: list[str | int] = [""] * len(_TEAMS)
        lives, resti, levels = r.get("lives"), r.get("resti"), r.get("levels")
        if _ints(lives, NUM_SEATS):
            mine, lives_cells = lives[HUMAN], list(lives)
        elif _ints(resti, len(_TEAMS)):
            mine, resti_cells = resti[team(HUMAN)], list(resti)
        elif isinstance(levels, dict) and isinstance(levels.get("after"), list):
            after = levels["after"]
            if len(after) == 2 and all(isinstance(v, str | int) for v in after):
                level = str(after[team(HUMAN)])
        elif "score" in r:
            score = r.get("score")
            if HUMAN not in self.winning_seats:
                mine = 0
            elif _int(score):
                mine = score
        rounds: str | int = 1
        for key in ("deals", "rounds"):
            if key in r:
                rounds = r[key] if _int(r[key]) else ""
        seed = self.seed
        players = [self.seats[s] if s < len(self.seats) else "" for s in SEATS]
        return {
            "id": "" if self.id is None else self.id,
            "finished_at": self.finished_at,
            "game": self.game,
            "source": self.source,
            "seed": "" if seed is None else seed,
            **{f"player_{s}": players[s] for s in SEATS},
            "winner": self.winner_name(),
            "you_won": "" if won is None else ("yes" if won else "no"),
            "your_score": mine,
            "your_level": level,
            "deals_or_rounds": rounds,
            **{f"lives_{s}": lives_cells[s] for s in SEATS},
            **{f"resti_{t}": resti_cells[t] for t in _TEAMS},
            "auto_decisions": "" if self.auto is None else self.auto,
            "your_decisions": "" if self.decisions is None else self.decisions,
            "save": self.save or "",
        }


def _int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: object, n: int) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) == n and all(_int(v) for v in value)


class BadRow(ValueError):
    """A ledger row that cannot be decoded; the message names the row and the column."""


def _not_a_file(path: Path) -> str | None:
    """What is at ``path`` when it is there and is no regular file (a folder, a device, a
    pipe or a socket, which the database would fail on or wait for), else ``None``. Only
    ``stat`` is asked: nothing is opened."""
    import stat

    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # nothing there yet (or nothing to tell): opening it says what is wrong
    if stat.S_ISDIR(mode):
        return _("is a folder")
    if not stat.S_ISREG(mode):
        return _("is a device, pipe or socket")
    return None


class Ledger:
    """The ledger file at ``path`` (created with its folder on first use).

    Use as a context manager, or call :meth:`close`. Raises :class:`LedgerError` for a file
    that is not a ledger or a schema newer than this code.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        odd = _not_a_file(self.path)
        if odd is not None:
            raise LedgerError(
                _("{path}: {what}, not a scores ledger; it is left as it is").format(
                    path=self.path, what=odd
                )
            )
        _check_file(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=TIMEOUT, isolation_level=None)
        except sqlite3.Error as exc:
            raise LedgerError(problem(self.path, exc)) from None
        except OSError as exc:
            raise LedgerError(
                _("{path}: cannot open the scores ledger: {why}").format(
                    path=self.path, why=exc.strerror or exc
                )
            ) from None
        # text that is not UTF-8 must not stop the reading of every other row
        self._db.text_factory = _text
        try:
            self._migrate()
        except sqlite3.Error as exc:
            self._db.close()
            raise LedgerError(problem(self.path, exc)) from None
        except BaseException:
            self._db.close()
            raise

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
        if version < 0:
            raise LedgerError(
                _(
                    "{path}: the scores ledger has schema {version}, which no cardavia writes; "
                    "it is left as it is"
                ).format(path=self.path, version=version)
            )
        if version > SCHEMA_VERSION:
            raise LedgerError(
                _(
                    "{path}: the scores ledger has schema {version}, newer than this cardavia "
                    "reads ({known}); it is left as it is"
                ).format(path=self.path, version=version, known=SCHEMA_VERSION)
            )
        if version == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            version = self.version  # another process may have migrated meanwhile
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](self._db)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def record(self, entry: Entry) -> int | None:
        """Add ``entry``; returns its row number, or ``None`` when the ledger holds this
        result of this deal already (same :func:`deal_key`, same ``result``): a game replayed
        to the same end is not a second result. A game played in the REPL (``source``
        ``repl``) is stored as ``deck`` when its deal file gives a ``deck``, and as ``replay``
        when the ledger holds another result of the same deal. Raises :class:`LedgerError`
        when the row cannot be written."""
        key = deal_key(entry.deal)
        try:
            self._db.execute("BEGIN IMMEDIATE")
            before = self._db.execute(
                "SELECT result FROM results WHERE deal_key = ?", (key,)
            ).fetchall()
            if any(_same_result(text, entry.result) for (text,) in before):
                self._db.execute("COMMIT")
                return None
            cursor = self._db.execute(
                "INSERT INTO results (finished_at, game, seats, termination, winner, "
                "winner_is_team, score, result, deal, source, auto, decisions, save, deal_key) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
                    _source_for(entry.source, entry.deal, bool(before)),
                    entry.auto,
                    entry.decisions,
                    entry.save,
                    key,
                ),
            )
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise LedgerError(problem(self.path, exc, reading=False)) from None
        return int(cursor.lastrowid or 0)

    def entries(
        self,
        game: str | None = None,
        since: str | None = None,
        until: str | None = None,
        on_bad: Callable[[str], None] | None = None,
    ) -> list[Entry]:
        """The entries, oldest first; ``game`` keeps one game's, ``since``/``until`` (ISO dates
        or times, UTC, inclusive: ``2026-11-30`` is the whole day) a span of time. A row that
        cannot be decoded is skipped, and ``on_bad`` (if given) gets one line naming it
        (``scores.db: row 4 skipped: result is not JSON``). Raises :class:`LedgerError` when
        the table cannot be read at all."""
        out = []
        for row in self._select(game, since, until):
            try:
                out.append(decode_row(row))
            except BadRow as exc:
                if on_bad is not None:
                    on_bad(f"{self.path}: {exc}")
        return out

    def _select(self, game: str | None, since: str | None, until: str | None) -> Iterator[tuple]:
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
        sql = (
            "SELECT id, finished_at, game, seats, termination, winner, winner_is_team, score, "
            "result, deal, source, auto, decisions, save FROM results"
            + (" WHERE " + " AND ".join(where) if where else "")
        )
        try:
            rows = self._db.execute(sql + " ORDER BY finished_at, id", args).fetchall()
        except sqlite3.Error as exc:
            raise LedgerError(problem(self.path, exc)) from None
        yield from rows


#: SQLite's primary result codes that :func:`problem` tells apart (``sqlite3`` gives them as
#: ``sqlite_errorcode``; the extended codes hold them in their low byte).
_PERM, _BUSY, _LOCKED, _READONLY, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 3, 5, 6, 8, 11, 13, 14, 26


def problem(path: Path, exc: sqlite3.Error, *, reading: bool = True) -> str:
    """The one line that says truthfully why the ledger at ``path`` could not be read (or,
    ``reading`` false, written) and what to do, never advice that loses records: another
    process holds it (try again), the disk is full (free space), the file or its folder
    cannot be opened (which path, and why), a file that is not a ledger (left as it is: move
    it away to start a new one); any other error is named as SQLite gives it."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    why = str(exc)
    if primary in (_BUSY, _LOCKED) or "locked" in why:
        return _(
            "{path}: the scores ledger is busy: another cardavia is writing to it; try again "
            "in a moment (nothing was changed)"
        ).format(path=path)
    if primary == _FULL or "disk is full" in why:
        return _(
            "{path}: the disk is full: free some space and try again (the scores ledger is "
            "left as it is)"
        ).format(path=path)
    if primary in (_PERM, _READONLY, _CANTOPEN):
        denied = _access_problem(path, reading=reading)
        if denied is not None:
            return denied
        return _("{path}: cannot open the scores ledger: {why}").format(path=path, why=why)
    if primary in (_NOTADB, _CORRUPT) or (primary is None and "not a database" in why):
        return _(
            "{path}: not a readable scores ledger ({why}); it is left as it is: move "
            "it away to start a new one"
        ).format(path=path, why=why)
    if reading:
        return _("{path}: cannot read the scores ledger ({why}); it is left as it is").format(
            path=path, why=why
        )
    return _("{path}: cannot record the result: {why}").format(path=path, why=why)


def _access_problem(path: Path, *, reading: bool = True) -> str | None:
    """Why the ledger file at ``path`` or its folder cannot be opened (the path that refuses,
    and the system's words: ``Permission denied``), or ``None`` when nothing refuses."""
    folder = path.parent
    try:
        needed = os.X_OK if reading else os.X_OK | os.W_OK
        if folder.exists() and not os.access(folder, needed):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))
        if path.exists():
            with path.open("rb" if reading else "r+b"):
                pass
    except OSError as exc:
        where = exc.filename if exc.filename is not None else path
        return _("{path}: the scores ledger cannot be opened: {why}").format(
            path=where, why=exc.strerror or exc
        )
    return None


def _check_file(path: Path) -> None:
    """Raise :class:`LedgerError` when ``path`` cannot be the ledger before SQLite touches it:
    a symbolic link to nothing (SQLite would make a new, empty ledger where it points, or
    fail; either way the records are not where they are looked for), or a file or folder
    that cannot be looked at (the path that refuses, and why)."""
    target = broken_link(path.parent)
    if target is not None:
        raise LedgerError(folder_link_problem(path.parent, target))
    try:
        dangling = path.is_symlink() and not path.exists()
    except OSError as exc:
        where = exc.filename if exc.filename is not None else path
        raise LedgerError(
            _("{path}: the scores ledger cannot be opened: {why}").format(
                path=where, why=exc.strerror or exc
            )
        ) from None
    if dangling:
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        raise LedgerError(
            _(
                "{path}: the scores ledger is a symbolic link to {target}, which does not "
                "exist; it is left as it is (restore what it points to, or remove the link)"
            ).format(path=path, target=target)
        )
    if path.exists():
        denied = _access_problem(path)
        if denied is not None:
            raise LedgerError(denied)


class _Undecodable(bytes):
    """Text of the database that is not UTF-8 (a bad row, not a crash)."""


def _text(raw: bytes) -> str | bytes:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _Undecodable(raw)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON holds")


def _json(value: object, column: str, rid: object) -> Any:
    if not isinstance(value, str):
        raise BadRow(_("row {id} skipped: {column} is not text").format(id=rid, column=column))
    try:
        return load_json(value, parse_constant=_no_constant)
    except ValueError:
        raise BadRow(
            _("row {id} skipped: {column} is not JSON").format(id=rid, column=column)
        ) from None


def _same_result(text: object, result: dict[str, Any]) -> bool:
    try:
        return isinstance(text, str) and load_json(text) == result
    except ValueError:
        return False


def decode_row(row: Sequence[Any]) -> Entry:
    """The :class:`Entry` of a ``results`` row (the columns of :meth:`Ledger._select`, in
    order), every column checked: raises :class:`BadRow` naming the row and the first column
    that is not what the ledger writes (text, a whole number, a JSON list of four seat kinds,
    a JSON object)."""
    rid = row[0]
    (_id, at, game, seats, term, winner, is_team, score, result, deal, source) = row[:11]
    auto, decisions, save = row[11:14]

    def text(value: object, column: str) -> str:
        if not isinstance(value, str):
            raise BadRow(_("row {id} skipped: {column} is not text").format(id=rid, column=column))
        return value

    def number(value: object, column: str, allowed: range | None = None) -> int | None:
        if value is None:
            return None
        if not _int(value) or (allowed is not None and value not in allowed):
            raise BadRow(
                _("row {id} skipped: {column} is not a number it can be").format(
                    id=rid, column=column
                )
            )
        return value

    if not _int(rid):
        raise BadRow(_("row {id} skipped: id is not a number").format(id=rid))
    seat_list = _json(text(seats, "seats"), "seats", rid)
    if not (
        isinstance(seat_list, list)
        and len(seat_list) == NUM_SEATS
        and all(isinstance(s, str) for s in seat_list)
    ):
        raise BadRow(_("row {id} skipped: seats is not a list of four seat kinds").format(id=rid))
    if is_team not in (0, 1) or isinstance(is_team, float):
        raise BadRow(_("row {id} skipped: winner_is_team is not 0 or 1").format(id=rid))
    teams = bool(is_team)
    outcome = _json(text(result, "result"), "result", rid)
    if not isinstance(outcome, dict):
        raise BadRow(_("row {id} skipped: result is not a JSON object").format(id=rid))
    return Entry(
        text(at, "finished_at"),
        text(game, "game"),
        tuple(seat_list),
        text(term, "termination"),
        number(winner, "winner", range(2) if teams else range(NUM_SEATS)),
        teams,
        number(score, "score"),
        outcome,
        text(deal, "deal"),
        text(source, "source"),
        number(auto, "auto", range(0, 2**63)),
        number(decisions, "decisions", range(0, 2**63)),
        None if save is None else text(save, "save"),
        int(rid),
    )


@dataclass(frozen=True)
class Summary:
    """A game's totals for the person at seat 0: games counted (``played``), won, drawn (no
    winner), the win rate over them, the best winning score, and ``left_out``: the games with
    a person that are not counted (not :attr:`Entry.played_yourself`: a stacked deck, a
    replay, decisions made by ``auto``)."""

    game: str
    played: int
    won: int
    drawn: int
    best_score: int | None
    left_out: int = 0

    @property
    def win_rate(self) -> float | None:
        """Games won over games counted; ``None`` when none is counted (no rate: the table
        shows ``-``, JSON ``null``, TOML leaves it out)."""
        return self.won / self.played if self.played else None

    def to_json(self) -> dict[str, Any]:
        """Every field and ``win_rate``."""
        return {**asdict(self), "win_rate": self.win_rate}


def summaries(entries: Sequence[Entry], everything: bool = False) -> list[Summary]:
    """Per game (sorted by name), the totals of the games a person played in ``entries``
    (games a person never played are left out): the games played yourself from a shuffled
    deck (:attr:`Entry.played_yourself`), or with ``everything`` every game with a person."""
    out = []
    for game in sorted({e.game for e in entries if e.human_won is not None}):
        theirs = [e for e in entries if e.game == game and e.human_won is not None]
        mine = [e for e in theirs if everything or e.played_yourself]
        won = [e for e in mine if e.human_won]
        scores = [e.score for e in won if e.score is not None]
        out.append(
            Summary(
                game,
                len(mine),
                len(won),
                sum(1 for e in mine if e.winner is None),
                max(scores) if scores else None,
                len(theirs) - len(mine),
            )
        )
    return out


def ledger_path() -> Path:
    """The scores ledger: ``scores.db`` in the saves folder."""
    return saves_dir() / "scores.db"


def no_ledger(path: Path) -> bool:
    """Whether nothing is at ``path`` yet: no games recorded. A link to nothing, or a folder
    that cannot be looked at, is something (opening the :class:`Ledger` says what is wrong),
    never "no games yet"."""
    try:
        if broken_link(path.parent) is not None:
            return False
        return not path.exists() and not path.is_symlink()
    except OSError:
        return False


def record_finished(
    game: str,
    seats: list[str],
    outcome: Outcome,
    result: dict[str, object],
    deal: str,
    source: str,
    *,
    auto: int | None = None,
    decisions: int | None = None,
    save: str | None = None,
) -> str | None:
    """Add a finished game to the scores ledger (:func:`ledger_path`, :meth:`Ledger.record`):
    ``seats`` the four seat kinds as played, ``outcome`` the state's result, ``result`` its
    ``run --json`` result, ``deal`` the deal file text that replays it, ``source`` ``repl`` or
    ``run``, ``auto`` and ``decisions`` the person's decisions made by ``auto`` and in all,
    ``save`` the save that holds it. Returns ``None``, or a one-line problem (the ledger is
    corrupt or cannot be written) for the caller to show. Never raises for that."""
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
        auto=auto,
        decisions=decisions,
        save=save,
    )
    try:
        with Ledger(ledger_path()) as ledger:
            ledger.record(entry)
    except LedgerError as exc:
        return _("not recorded in the scores: {why}").format(why=exc)
    return None


def to_toml_value(value: Any) -> Any:
    """``value`` (JSON data) as TOML holds it: a ``null`` in a table is left out, a ``null``
    in an array is written as the text ``null``, a number TOML cannot hold as text."""
    if isinstance(value, dict):
        return {str(k): to_toml_value(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [("null" if v is None else to_toml_value(v)) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if _int(value) and not -(2**63) <= value < 2**63:
        return str(value)
    return value
