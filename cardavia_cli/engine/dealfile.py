"""Deal files and saves: one TOML format (cli.md, "Deal files, saves and replays").

A save is a deal file with the actions so far. Loading checks everything and names the place of
the first problem (the file, and the line of the key or action where one can be named); a state
is rebuilt by replaying the recorded actions through the checked path (design.md, rule 4);
writing is atomic, so an interrupted save never destroys the previous one.

The engine knows no game: every function that needs one takes ``lookup``, a function from a
game's name to its :class:`~cardavia_cli.engine.game.GameInfo` that raises
:class:`~cardavia_cli.engine.errors.CardaviaError` for an unknown name (the registry's
``cardavia_cli.games.load_game``; :mod:`cardavia_cli.games.deals` binds it).
"""

from __future__ import annotations

import copy
import json
import os
import re
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardavia_cli.engine.errors import CardaviaError, DealFileError
from cardavia_cli.engine.game import GameInfo, GameState
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.nesting import MAX_DEPTH, TooDeepError, load_toml
from cardavia_cli.engine.numbers import parse_int, seed_problem
from cardavia_cli.engine.paths import (
    FileTooLargeError,
    NotRegularFileError,
    broken_link,
    path_problem,
    read_regular,
    refuse_special,
    shown_path,
    visible,
)

#: A game's name -> its GameInfo; raises CardaviaError naming the known games.
GameLookup = Callable[[str], GameInfo]

FORMAT = 1
COMMON_KEYS = (
    "format", "game", "seed", "deck", "dealer", "seats", "actions", "settings", "ledger",
    "auto_decisions",
)  # fmt: skip
#: The counts of a save's ``ledger`` table: of seat 0's decisions in its actions, how many the
#: ``auto`` command made, and how many were answers the rules gave (what the scores ledger is
#: told of a game resumed and finished: a game with any ``auto`` decision was not all yours).
LEDGER_KEYS = ("auto", "given")
DEFAULT_SEATS = ("human", "basic", "basic", "basic")
#: The largest deal file read (1 MiB); a real save of a whole match is a few kilobytes.
MAX_FILE_BYTES = 1024 * 1024
#: The temporary files of :func:`write_atomic`: ``.NAME.`` + 8 characters of
#: ``tempfile.mkstemp`` + this suffix, in the folder of the file written.
TEMP_SUFFIX = ".tmp"
_TEMPORARY = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
#: A temporary file of :func:`write_atomic` older than this (seconds) is a killed write's.
STALE_TEMPORARY_SECONDS = 60.0


@dataclass
class DealFile:
    """The contents of a deal file or save (cli.md). ``match`` holds the game-specific keys."""

    game: str
    seed: int = 0
    deck: list[str] | None = None
    dealer: int | None = None
    seats: list[str] = field(default_factory=lambda: list(DEFAULT_SEATS))
    actions: list[str] = field(default_factory=list)
    match: dict[str, Any] = field(default_factory=dict)
    #: The REPL's on/off settings that differ from their defaults (``autopass = false``), by
    #: name; a replay ignores them, the REPL that resumes the file takes them back.
    settings: dict[str, bool] = field(default_factory=dict)
    #: Of seat 0's decisions among ``actions``, those made by ``auto`` and those the rules gave
    #: (:data:`LEDGER_KEYS`; a count of 0 is left out): what the scores ledger is told when
    #: the game ends, however often it was saved and resumed.
    ledger: dict[str, int] = field(default_factory=dict)
    #: Which of seat 0's real decisions the ``auto`` command made: their numbers, from 1, among
    #: seat 0's decisions that had a choice (forced answers are not counted), in order. A
    #: review leaves them out of the grading: they are not the player's moves.
    auto_decisions: list[int] = field(default_factory=list)
    format: int = FORMAT
    #: Where the deal was read from (for messages); not part of the file.
    where: str | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_state(
        cls, state: GameState, header: DealFile, *, seats: Sequence[str] | None = None
    ) -> DealFile:
        """The save of ``state``, a game dealt from ``header``: the header's keys (game, seed,
        deck, dealer, match keys, and its seats unless ``seats`` is given) with the state's
        decisions so far, ``state.recorded_actions()`` (the few forced answers a replay needs
        included), in place of the header's actions. Replaying the result
        (:func:`replay`) rebuilds ``state``. Raises ``ValueError`` when ``state`` is a game
        of another name than ``header.game``.
        """
        if state.game != header.game:
            raise ValueError(f"a {state.game} state cannot be saved as a {header.game} deal")
        return header.with_actions(state.recorded_actions(), seats=seats)

    def with_actions(
        self, actions: Iterable[str], *, seats: Sequence[str] | None = None
    ) -> DealFile:
        """A copy of this deal file with ``actions`` (``"SEAT COMMAND"`` lines) in place of its
        own, and ``seats`` in place of its seats when given. The copy shares no list or table
        with this one; ``where`` is not copied (the copy was read from nowhere)."""
        return DealFile(
            game=self.game,
            seed=self.seed,
            deck=list(self.deck) if self.deck is not None else None,
            dealer=self.dealer,
            seats=list(self.seats if seats is None else seats),
            actions=list(actions),
            match=copy.deepcopy(self.match),
            settings=dict(self.settings),
            ledger=dict(self.ledger),
            auto_decisions=list(self.auto_decisions),
            format=self.format,
        )

    def to_toml(self) -> str:
        """The file text, keys in the order of cli.md."""
        import tomli_w

        data: dict[str, Any] = {"format": self.format, "game": self.game, "seed": self.seed}
        if self.deck is not None:
            data["deck"] = list(self.deck)
        if self.dealer is not None:
            data["dealer"] = self.dealer
        data["seats"] = list(self.seats)
        data.update(self.match)
        data["actions"] = list(self.actions)
        if self.settings:
            data["settings"] = dict(self.settings)
        ledger = {k: n for k, n in self.ledger.items() if n}
        if ledger:
            data["ledger"] = ledger
        if self.auto_decisions:
            data["auto_decisions"] = list(self.auto_decisions)
        return tomli_w.dumps(data, multiline_strings=False)


def _game(name: object, where: str, lookup: GameLookup) -> GameInfo:
    if not isinstance(name, str):
        raise DealFileError(
            _("'game' must be a game's name, not {value}").format(value=_toml_value(name)), where
        )
    try:
        return lookup(name)
    except CardaviaError as exc:
        raise DealFileError(f"'game': {exc}", where) from None


def line_of(text: str, key: str) -> int | None:
    """The 1-based line of ``text`` where the top-level ``key`` is set (``key = ...``) or its
    table begins (``[key]``), if it can be found."""
    name = re.escape(key)
    pattern = re.compile(rf"^\s*(?:[\"']?{name}[\"']?\s*=|\[\s*[\"']?{name}[\"']?\s*\])")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return None


def at_line(where: str, text: str, key: str) -> str:
    """``where`` with the line of ``key`` (``deal.toml, line 4``) when it can be found."""
    number = line_of(text, key)
    return _("{where}, line {n}").format(where=where, n=number) if number is not None else where


def _toml_value(value: object) -> str:
    """A value as a reader of the file would name it (``true``, ``"x"``, ``1.5``, a list)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a table")
    return str(value)


def _int(value: object, key: str, where: str, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealFileError(
            _("'{key}' must be a whole number, not {value}").format(
                key=key, value=_toml_value(value)
            ),
            where,
        )
    if minimum is not None and value < minimum:
        raise DealFileError(
            _("'{key}' must be {minimum} or more, not {value}").format(
                key=key, minimum=minimum, value=value
            ),
            where,
        )
    return value


def toml_key(name: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted with every control
    character escaped (a key read from a file is shown on one line).

    >>> toml_key("autopass"), toml_key("\\n"), toml_key("a b")
    ('autopass', '"\\\\n"', '"a b"')
    """
    if re.fullmatch(r"[A-Za-z0-9_-]+", name):
        return name
    return json.dumps(name)


def _settings(value: object, where: str) -> dict[str, bool]:
    """The ``settings`` table of a save: names of the REPL's settings, each ``true`` or
    ``false``. Which names a game has is checked by the REPL that resumes the file."""
    if not isinstance(value, dict):
        raise DealFileError(
            _(
                "'settings' must be a table of on/off settings, e.g. settings = "
                "{{ autopass = false }}, not {value}"
            ).format(value=_toml_value(value)),
            where,
        )
    for name, on in value.items():
        if not isinstance(on, bool):
            raise DealFileError(
                _("settings.{key} must be true or false, not {value}").format(
                    key=toml_key(name), value=_toml_value(on)
                ),
                where,
            )
    return dict(value)


def _ledger(value: object, where: str, mine: int) -> dict[str, int]:
    """The ``ledger`` table of a save (:data:`LEDGER_KEYS`): whole numbers 0 or more, which
    together count no more decisions than seat 0 has among the file's actions (``mine``)."""
    if not isinstance(value, dict):
        raise DealFileError(
            _(
                "'ledger' must be a table of counts, e.g. ledger = {{ auto = 2 }}, not {value}"
            ).format(value=_toml_value(value)),
            where,
        )
    for name, n in value.items():
        if name not in LEDGER_KEYS:
            raise DealFileError(
                _("ledger.{key}: no such count (the counts: {known})").format(
                    key=toml_key(name), known=", ".join(LEDGER_KEYS)
                ),
                where,
            )
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise DealFileError(
                _("ledger.{key} must be a whole number 0 or more, not {value}").format(
                    key=toml_key(name), value=_toml_value(n)
                ),
                where,
            )
    if sum(value.values()) > mine:
        raise DealFileError(
            _(
                "the ledger counts {n} decisions of seat 0, more than its actions hold ({mine})"
            ).format(n=sum(value.values()), mine=mine),
            where,
        )
    return dict(value)


def _auto_decisions(value: object, where: str, mine: int) -> list[int]:
    """The ``auto_decisions`` of a save: numbers from 1, each higher than the one before, none
    higher than the number of seat 0's actions in the file (``mine``)."""
    if (
        not isinstance(value, list)
        or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in value)
        or any(a >= b for a, b in zip(value, value[1:], strict=False))
    ):
        raise DealFileError(
            _(
                "'auto_decisions' must list numbers of seat 0's decisions from 1, each higher "
                "than the one before, e.g. auto_decisions = [3, 4], not {value}"
            ).format(value=_toml_value(value)),
            where,
        )
    if value and value[-1] > mine:
        raise DealFileError(
            _("'auto_decisions' names decision {n} of seat 0, but its actions hold {mine}").format(
                n=value[-1], mine=mine
            ),
            where,
        )
    return list(value)


#: What is told of a ``settings`` table that a reader ignores (``run``, ``review``): the
#: :class:`DealFileError` it would raise.
SettingsProblem = Callable[[DealFileError], None]


def parse_deal(
    text: str,
    where: str = "<deal file>",
    *,
    lookup: GameLookup,
    ignore_settings: SettingsProblem | None = None,
) -> DealFile:
    """Read and validate a deal file's text; ``where`` names it in messages.

    A file without actions may leave out every key but ``game`` (``seed`` 0, the default
    seats); a file with actions must give ``seed`` or ``deck``, and ``seats`` (cli.md: a save
    always writes them), else the missing key is named.

    Raises :class:`DealFileError` (one line: the place and the problem) for malformed TOML,
    nesting deeper than :data:`MAX_DEPTH`, an unknown key or game, a missing key, a deck that
    is not exactly the pack, a bad seat or dealer, badly formed actions, or ``settings`` that
    are not a table of true/false values. Whether the
    actions are legal is checked by :func:`replay`.

    ``settings`` are the REPL's; a reader that has no REPL (``run``, ``review``) passes
    ``ignore_settings``: the table is then not taken (the deal has no settings), and a bad one
    is handed to ``ignore_settings`` (to warn of) instead of raised.
    """
    data = _load_toml(text, where)
    fmt = data.get("format", FORMAT)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT:
        raise DealFileError(
            _("'format' must be {format}, not {value}").format(
                format=FORMAT, value=_toml_value(fmt)
            ),
            at_line(where, text, "format"),
        )
    if "game" not in data:
        raise DealFileError(_("missing key 'game'"), where)
    info = _game(data["game"], at_line(where, text, "game"), lookup)
    allowed = set(COMMON_KEYS) | set(info.match_keys)
    if not info.has_dealer:
        allowed.discard("dealer")
    unknown = [k for k in data if k not in allowed]
    if unknown:
        raise DealFileError(
            _("unknown key {key} for {game} (allowed: {keys})").format(
                key=repr(unknown[0]), game=info.name, keys=", ".join(sorted(allowed))
            ),
            at_line(where, text, unknown[0]),
        )
    df = DealFile(game=info.name)
    df.seed = _int(data.get("seed", 0), "seed", at_line(where, text, "seed"), minimum=0)
    if (why := seed_problem(df.seed)) is not None:
        raise DealFileError(_("'seed': {why}").format(why=why), at_line(where, text, "seed"))
    if "deck" in data:
        deck = data["deck"]
        at_deck = at_line(where, text, "deck")
        if not isinstance(deck, list):
            raise DealFileError(_("'deck' must be a list of cards"), at_deck)
        cards = []
        for i, card in enumerate(deck):
            if not isinstance(card, str):
                raise DealFileError(
                    _("deck[{i}] must be a card text, not {value}").format(i=i, value=repr(card)),
                    at_deck,
                )
            try:
                cards.append(info.parse_card(card))
            except CardaviaError as exc:
                raise DealFileError(f"deck[{i}]: {exc}", at_deck) from None
        try:
            info.check_deck(cards)
        except ValueError as exc:
            raise DealFileError(str(exc), at_deck) from None
        df.deck = cards
    if "dealer" in data:
        here = at_line(where, text, "dealer")
        dealer = _int(data["dealer"], "dealer", here)
        if not 0 <= dealer <= 3:
            raise DealFileError(
                _("'dealer' must be a seat 0..3, not {value}").format(value=dealer), here
            )
        df.dealer = dealer
    if "seats" in data:
        seats = data["seats"]
        if (
            not isinstance(seats, list)
            or len(seats) != 4
            or not all(isinstance(s, str) for s in seats)
        ):
            raise DealFileError(
                _('\'seats\' must list four seat kinds, e.g. ["human", "basic", "basic", "basic"]'),
                where,
            )
        for i, kind in enumerate(seats):
            if kind == "human" and i != 0:
                raise DealFileError(
                    _("seats[{i}]: 'human' may only sit at seat 0").format(i=i), where
                )
            if kind != "human" and kind not in info.agents:
                levels = ", ".join(["human", *info.agents])
                raise DealFileError(
                    _("seats[{i}]: unknown seat kind {kind} (use {levels})").format(
                        i=i, kind=repr(kind), levels=levels
                    ),
                    where,
                )
        df.seats = list(seats)
    mine = 0  # the actions of seat 0, which a ledger table counts among
    if "actions" in data:
        actions = data["actions"]
        if not isinstance(actions, list):
            raise DealFileError(_("'actions' must be a list of \"SEAT COMMAND\" strings"), where)
        for i, line in enumerate(actions):
            if not isinstance(line, str):
                raise DealFileError(
                    _("action {n} of {total} must be a string, not {value}").format(
                        n=i + 1, total=len(actions), value=repr(line)
                    ),
                    where,
                )
            mine += _split_action(line, i, len(actions), where)[0] == 0
        df.actions = list(actions)
    if df.actions and "seed" not in data and "deck" not in data:
        raise DealFileError(
            _(
                "missing key 'seed': a file with actions must give 'seed' or 'deck' "
                "(the deal they were played on)"
            ),
            where,
        )
    if df.actions and "seats" not in data:
        raise DealFileError(
            _(
                "missing key 'seats': a file with actions must list the four seats they were "
                'played by, e.g. seats = ["human", "basic", "basic", "basic"]'
            ),
            where,
        )
    if "settings" in data:
        try:
            settings = _settings(data["settings"], at_line(where, text, "settings"))
        except DealFileError as exc:
            if ignore_settings is None:
                raise
            ignore_settings(exc)
        else:
            if ignore_settings is None:
                df.settings = settings
    if "ledger" in data:
        df.ledger = _ledger(data["ledger"], at_line(where, text, "ledger"), mine)
    if "auto_decisions" in data:
        where_auto = at_line(where, text, "auto_decisions")
        df.auto_decisions = _auto_decisions(data["auto_decisions"], where_auto, mine)
    match = {k: data[k] for k in info.match_keys if k in data}
    if info.validate_match is not None:
        try:
            match = info.validate_match(match, where)
        except DealFileError as exc:
            # the line of the key the message names (its first quoted match key), else of the
            # first match key given
            message = str(exc).removeprefix(f"{where}: ")
            named = [k for k in match if f"'{k}'" in message]
            key = min(named, key=lambda k: message.index(f"'{k}'")) if named else next(iter(match))
            raise DealFileError(message, at_line(where, text, key)) from None
    df.match = match
    df.where = where
    return df


def _load_toml(text: str, where: str) -> dict[str, Any]:
    """The TOML document ``text``, nested at most :data:`MAX_DEPTH` deep; raises
    :class:`DealFileError` for malformed TOML, an integer too long to read, or deeper
    nesting (which the parser would meet as a ``RecursionError``)."""
    try:
        return load_toml(text, MAX_DEPTH)
    except TooDeepError:
        raise DealFileError(
            _("arrays or tables nested more than {n} deep: not a deal file").format(n=MAX_DEPTH),
            where,
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise DealFileError(_("malformed TOML: {why}").format(why=exc), where) from None


def read_text(path: str | os.PathLike[str]) -> str:
    """A deal file's text (UTF-8, an optional byte-order mark dropped).

    Raises :class:`DealFileError` naming the file (control characters shown as escapes) if
    its name cannot be a path (a NUL byte), it cannot be read, is not a regular file (a
    folder, a device such as ``/dev/zero``, a pipe: refused before opening, so nothing
    blocks) or is larger than :data:`MAX_FILE_BYTES`.
    """
    problem = path_problem(os.fspath(path))
    if problem is not None:
        raise DealFileError(_("not a file name: {why}").format(why=problem), shown_path(path))
    p = Path(path)
    try:
        data = read_regular(p, MAX_FILE_BYTES)
        # newlines as a text read would give them (universal newlines)
        return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except FileNotFoundError:
        target = broken_link(p)
        if target is not None:
            raise DealFileError(
                _("is a link to {target}, which does not exist").format(target=visible(target)),
                str(p),
            ) from None
        raise DealFileError(_("no such file"), str(p)) from None
    except IsADirectoryError:
        raise DealFileError(_("is a directory, not a deal file"), str(p)) from None
    except NotRegularFileError:
        raise DealFileError(_("is a device, pipe or socket, not a deal file"), str(p)) from None
    except FileTooLargeError:
        raise DealFileError(
            _("larger than {n} MiB: not a deal file").format(n=MAX_FILE_BYTES // 1024 // 1024),
            str(p),
        ) from None
    except UnicodeDecodeError as exc:
        raise DealFileError(_("not UTF-8 text (byte {n})").format(n=exc.start), str(p)) from None
    except OSError as exc:
        raise DealFileError(exc.strerror or str(exc), str(p)) from None


def load_deal(
    path: str | os.PathLike[str],
    *,
    lookup: GameLookup,
    ignore_settings: SettingsProblem | None = None,
) -> DealFile:
    """Read and validate a deal file or save (see :func:`parse_deal`, and there
    ``ignore_settings``)."""
    return parse_deal(read_text(path), str(path), lookup=lookup, ignore_settings=ignore_settings)


def save_atomic(path: str | os.PathLike[str], deal: DealFile) -> Path:
    """Write ``deal`` to ``path`` atomically (see :func:`write_atomic`). Returns the path.
    Raises ``OSError`` if the folder does not exist or cannot be written; the old file, if
    any, is then untouched. Creates no folder."""
    return write_atomic(path, deal.to_toml())


def write_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file in the same folder
    (``.NAME.XXXXXXXX.tmp``), flushed to disk, then renamed over ``path``, so a reader sees
    the old file or the new one, never a part. Returns the path. Raises ``OSError`` if the
    folder does not exist or cannot be written (no temporary file is left behind, the old file
    is untouched). Creates no folder.

    A write that was killed (power cut, ``kill -9``) leaves its temporary file; after each
    write the stale ones in that folder are removed (:func:`remove_stale_temporaries`).

    The ``OSError`` raised names ``path`` (its ``filename``), the file the caller knows, never
    the temporary file: a ``settings.toml`` that is a folder is ``settings.toml: Is a
    directory``. A device, pipe or socket at ``path`` is never replaced
    (:func:`~cardavia_cli.engine.paths.refuse_special`)."""
    p = Path(path)
    refuse_special(p)  # /dev/full or a pipe stays what it is
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=TEMP_SUFFIX, dir=p.parent)
    except OSError as exc:
        raise _naming(exc, p) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _naming(exc, p) from None
        raise
    remove_stale_temporaries(p.parent, also=p.name)
    return p


def _naming(exc: OSError, path: Path) -> OSError:
    """``exc`` (of the same class, errno and reason) naming ``path`` as its file."""
    if exc.errno is None:
        return exc
    return type(exc)(exc.errno, exc.strerror, str(path))


def is_stale_temporary(name: str, also: str | None = None) -> bool:
    """Whether ``name`` is the name of a temporary file of :func:`write_atomic` for a deal
    file (``.evening.toml.k3j2h1g0.tmp``), or for the file ``also`` (the name of the file being
    written, e.g. ``scores.csv``). Nothing else is ever taken for one.

    >>> is_stale_temporary(".evening.toml.k3j2h1g0.tmp"), is_stale_temporary(".notes.k3j2h1g0.tmp")
    (True, False)
    """
    match = _TEMPORARY.fullmatch(name)
    return match is not None and (match["target"].endswith(".toml") or match["target"] == also)


def remove_stale_temporaries(folder: Path, *, also: str | None = None) -> list[Path]:
    """Remove the temporary files that killed writes of :func:`write_atomic` left in
    ``folder`` (names of :func:`is_stale_temporary`) and that are older than
    :data:`STALE_TEMPORARY_SECONDS`: a write in progress (milliseconds old) is left alone.
    Returns the files removed; never raises (a file that cannot be removed stays)."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not is_stale_temporary(entry.name, also):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < STALE_TEMPORARY_SECONDS:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def action_place(index: int, total: int, line: str) -> str:
    """How a message names the action at ``index`` (0-based) of ``total`` in a file's
    ``actions``: counted from 1, as people count and as every message about an action does,
    with its text.

    >>> action_place(0, 2, "0 swap")
    "action 1 of 2 ('0 swap')"
    """
    return _("action {n} of {total} ({line})").format(n=index + 1, total=total, line=repr(line))


def _split_action(line: str, index: int, total: int, where: str) -> tuple[int, str]:
    head, _gap, rest = line.strip().partition(" ")
    seat = parse_int(head)
    if seat is not None and not 0 <= seat <= 3 and rest.strip():
        raise DealFileError(
            _("{place}: {seat} is not a seat: the seats are 0 to 3").format(
                place=action_place(index, total, line), seat=seat
            ),
            where,
        )
    if seat is None or not rest.strip():
        raise DealFileError(
            _('{place}: write "SEAT COMMAND", e.g. "1 pass"').format(
                place=action_place(index, total, line)
            ),
            where,
        )
    return seat, rest.strip()


def new_game_state(deal: DealFile, *, lookup: GameLookup, where: str | None = None) -> GameState:
    """The state at the start of the deal file (no actions applied). Raises
    :class:`DealFileError` naming the file when the game refuses its keys."""
    place = where or deal.where
    try:
        info = lookup(deal.game)
        return info.new_state(seed=deal.seed, deck=deal.deck, dealer=deal.dealer, match=deal.match)
    except (CardaviaError, ValueError) as exc:
        raise DealFileError(str(exc), place) from None


def apply_forced(state: GameState, until_seat: int | None = None) -> int:
    """Apply forced answers (a single legal action) while the seat to act is not
    ``until_seat``; returns how many. Never starts a new round."""
    n = 0
    while state.to_act is not None and state.to_act != until_seat:
        forced = state.forced_action()
        if forced is None:
            break
        state.push(forced)
        n += 1
    return n


def replay(deal: DealFile, where: str | None = None, *, lookup: GameLookup) -> GameState:
    """Rebuild the state of ``deal``: deal, then apply each recorded action through the
    checked path, with the forced answers between them and after the last one.

    A line is applied at the first point where its seat is to act; a forced answer that is not
    listed is taken on the way. A new round or deal of a match starts only while recorded
    actions remain, so the state of a file whose actions end a round is at that break.
    Raises :class:`DealFileError` naming the file, the action's index and text and what is
    wrong: malformed, the game already over, illegal (the rule it breaks, even when the seat's
    forced answer was taken in its place), or not the seat to act.
    """
    place_file = where or deal.where or "<deal file>"
    state = new_game_state(deal, lookup=lookup, where=place_file)
    for index, line in enumerate(deal.actions):
        seat, text = _split_action(line, index, len(deal.actions), place_file)
        place = action_place(index, len(deal.actions), line)
        refused: CardaviaError | None = None
        while True:
            apply_forced(state, until_seat=seat)
            if state.at_break:
                state.next_round()
                continue
            if state.is_over:
                raise DealFileError(
                    _("{place}: the game is already over").format(place=place), place_file
                )
            if state.to_act != seat:
                if refused is not None:
                    raise DealFileError(f"{place}: {refused}", place_file)
                raise DealFileError(
                    _("{place}: {position}, not seat {seat}").format(
                        place=place, position=state.position(), seat=seat
                    ),
                    place_file,
                )
            try:
                action = state.parse_action(text)
            except CardaviaError as exc:
                forced = state.forced_action()
                if forced is not None:
                    # the forced answer was not listed; take it and try this line again
                    refused = refused or exc
                    state.push(forced)
                    continue
                raise DealFileError(f"{place}: {exc}", place_file) from None
            state.push(action)
            break
    apply_forced(state)
    return state
