"""Starting and resuming a game in the REPL: ``cardavia GAME play`` and ``cardavia resume``.

Thin (design.md rule 8): build the state (a new deal, a deal file, or a save, replayed through
the checked path), the console and the reader, and run :class:`~cardavia_cli.repl.session.Session`.
Bad input raises :class:`~cardavia_cli.engine.errors.CardaviaError` (a deal file that cannot be
read, is malformed or does not replay: ``DealFileError``), which
:func:`~cardavia_cli.commands.common.guarded` turns into one line and exit code 2.

Seats: a new deal puts the human at seat 0 and ``--ai`` (default :func:`default_level`) at
seats 1-3. With
``--deal FILE`` the file's ``seats`` decide, unless ``--ai`` is given, which then replaces every
computer seat. Seat 0 is always the human's, whatever the file says there (the REPL says so
when the file puts a computer player there).

``--save NAME`` never replaces an existing save unasked: over a name that is taken it asks on a
terminal and refuses in a pipe (continue that game with ``cardavia resume``), unless ``--force``
says to replace it. Refused too: an empty name, a name with other characters than letters,
digits, ``-``, ``_`` and ``.`` (or too long), or a path that does not end in ``.toml`` or whose
folder does not exist (:mod:`cardavia_cli.engine.saves`).

An open game holds its save (:func:`~cardavia_cli.engine.saves.hold_save`): ``--save NAME`` and
``cardavia resume NAME`` of a save that another REPL has open are refused with one line naming
that process (exit code 2), before anything is written; the hold ends with the session.

A deal from a file outside the saves folder (``--deal FILE``, or ``cardavia resume FILE``) is
saved by a bare ``save`` under the file's stem in the saves folder, never over the file itself
unless that path is named; a save in the saves folder that is resumed is saved in place after
each decision.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardavia_cli.engine.i18n import _, ngettext

if TYPE_CHECKING:
    from rich.console import Console

    from cardavia_cli.engine.saves import SaveLock, SaveState
    from cardavia_cli.repl.reader import Reader

#: The computer players' level when none is given: the first of these the game has.
#: ``strong`` since its p95 decision time is at most a second in every game (the arena's
#: ``decision_ms``); the test suite plays ``basic`` by default, for its speed.
DEFAULT_LEVELS: tuple[str, ...] = ("strong", "basic")


def default_level(game: str) -> str:
    """The level of the computer players of ``game`` when none is given."""
    from cardavia_cli.games import load_game

    levels = load_game(game).agents
    return next((lv for lv in DEFAULT_LEVELS if lv in levels), next(iter(levels)))


def _session(
    game: str, header: object, state: object, *, lock: SaveLock | None = None, **options: Any
) -> int:
    """Run the REPL on ``state`` (``options``: those of :func:`_run_session`); ``lock`` (the
    hold on ``save_to``) is let go when the session ends, or at once when it cannot start."""
    try:
        return _run_session(game, header, state, lock=lock, **options)
    finally:
        if lock is not None:
            lock.release()


def _run_session(
    game: str,
    header: object,
    state: object,
    *,
    save_to: Path | None,
    autosave: bool,
    replayed: str | None,
    origin: str | None = None,
    default_name: str | None = None,
    reader: Reader | None = None,
    out: Console | None = None,
    lock: SaveLock | None = None,
    farewell: bool = True,
) -> int:
    from cardavia_cli.commands.common import HISTORY, console, home
    from cardavia_cli.games import load_game
    from cardavia_cli.repl.completion import ReplCompleter
    from cardavia_cli.repl.hooks import load_ui
    from cardavia_cli.repl.reader import make_reader
    from cardavia_cli.repl.session import Session

    info = load_game(game)
    session = Session(
        info,
        load_ui(game),
        header,  # type: ignore[arg-type]
        state,  # type: ignore[arg-type]
        console=out if out is not None else console(),
        save_to=save_to,
        autosave=autosave,
        replayed=replayed,
        origin=origin,
        default_name=default_name,
        lock=lock,
        farewell=farewell,
    )
    if reader is None:
        reader = make_reader(home() / HISTORY, ReplCompleter(session), session.toolbar)
    return session.run(reader)


def _origin(header: object, where: str) -> str:
    """Where the deal comes from, for the intro: ``seed 7`` or ``deck from FILE``."""
    if getattr(header, "deck", None) is not None:
        return _("deck from {file}").format(file=where)
    return _("seed {seed}").format(seed=getattr(header, "seed", 0))


def _replayed(resumed: bool, where: str, header: object, n: int, saved: bool = False) -> str:
    """``Resumed evening: seed 7, 12 actions replayed.`` (``Loaded`` for a deal file that is
    not ``resumed``; ``its deck`` for a given deck); with ``saved``, ``...; saved to evening
    after each of your decisions.``"""
    deck = getattr(header, "deck", None) is not None
    seed = getattr(header, "seed", 0)
    if saved:
        if deck:
            text = ngettext(
                "Resumed {name}: its deck, {n} action replayed; saved to {name} after each of "
                "your decisions.",
                "Resumed {name}: its deck, {n} actions replayed; saved to {name} after each of "
                "your decisions.",
                n,
            )
        else:
            text = ngettext(
                "Resumed {name}: seed {seed}, {n} action replayed; saved to {name} after each "
                "of your decisions.",
                "Resumed {name}: seed {seed}, {n} actions replayed; saved to {name} after each "
                "of your decisions.",
                n,
            )
    elif resumed:
        if deck:
            text = ngettext(
                "Resumed {name}: its deck, {n} action replayed.",
                "Resumed {name}: its deck, {n} actions replayed.",
                n,
            )
        else:
            text = ngettext(
                "Resumed {name}: seed {seed}, {n} action replayed.",
                "Resumed {name}: seed {seed}, {n} actions replayed.",
                n,
            )
    elif deck:
        text = ngettext(
            "Loaded {name}: its deck, {n} action replayed.",
            "Loaded {name}: its deck, {n} actions replayed.",
            n,
        )
    else:
        text = ngettext(
            "Loaded {name}: seed {seed}, {n} action replayed.",
            "Loaded {name}: seed {seed}, {n} actions replayed.",
            n,
        )
    return text.format(name=where, seed=seed, n=n)


def on_terminal() -> bool:
    """Whether a person at a terminal can be asked (standard input is a terminal)."""
    return sys.stdin.isatty()


def _new_save_target(save: str, game: str, force: bool) -> SaveLock:
    """Hold the file ``--save NAME`` will write (:func:`~cardavia_cli.engine.saves.hold_save`,
    before looking at what is there, so two new games cannot both take one name).

    A save already there is replaced only when ``force`` is given or, on a terminal, the
    person says so; in a pipe it is refused. Raises ``SaveInUseError`` when another REPL
    holds it (naming its process), ``SaveTargetError`` for a name that is taken or cannot be
    used; ``typer.Exit(1)`` when the person answers no."""
    from cardavia_cli.engine.saves import (
        SaveInUseError,
        SaveTargetError,
        existing_save,
        hold_save,
        save_target,
    )
    from cardavia_cli.games import load_game

    try:
        target = save_target(save)
        lock = hold_save(target)
    except SaveInUseError:
        raise
    except SaveTargetError as exc:
        raise SaveTargetError(f"--save: {exc}") from None
    try:
        there = existing_save(target, game, lookup=load_game)
    except BaseException:
        lock.release()
        raise
    if there is None or force:
        return lock
    if on_terminal():
        import typer

        from cardavia_cli.commands.common import echo, shown

        question = _(
            "A save named {name} already exists ({state}). Replace it with this new game?"
        ).format(name=save, state=there)
        if typer.confirm(shown(question), default=False):
            return lock
        lock.release()

        echo(_kept_line(target, save))
        raise typer.Exit(1)
    lock.release()
    raise SaveTargetError(_taken_line(target, save, there))


def _standing(target: Path) -> tuple[SaveState, str]:
    """Where the file at ``target`` stands (:func:`~cardavia_cli.engine.saves.save_state`) and
    the name that resumes or runs it."""
    from cardavia_cli.engine.saves import resume_name, save_state
    from cardavia_cli.games import load_game

    return save_state(target, lookup=load_game), resume_name(target)


def _kept_line(target: Path, name: str) -> str:
    """What is said when the person keeps the file at ``target`` (``--save name``): how to
    continue it (a game in progress) or replay it (finished); a file that is no readable save
    only kept (neither would take it)."""
    from cardavia_cli.engine.saves import SaveState

    state, save = _standing(target)
    if state is SaveState.UNFINISHED:
        return _("Kept {name}: continue it with cardavia resume {save}").format(
            name=name, save=save
        )
    if state is SaveState.FINISHED:
        return _("Kept {name}: replay it with cardavia run {save}").format(name=name, save=save)
    return _("Kept {name}.").format(name=name)


def _taken_line(target: Path, name: str, there: str) -> str:
    """The refusal of ``--save name`` onto the file at ``target`` (``there`` what it holds), with
    what can be done with that file, as :func:`_kept_line`."""
    from cardavia_cli.engine.saves import SaveState

    state, save = _standing(target)
    if state is SaveState.UNFINISHED:
        text = _(
            "a save named {name} already exists ({state}): continue it with "
            "`cardavia resume {save}`, or choose another name (--force replaces it)"
        )
    elif state is SaveState.FINISHED:
        text = _(
            "a save named {name} already exists ({state}): replay it with "
            "`cardavia run {save}`, or choose another name (--force replaces it)"
        )
    else:
        text = _(
            "a save named {name} already exists ({state}): choose another name "
            "(--force replaces it)"
        )
    return text.format(name=name, state=there, save=save)


def computer_levels(game: str, ai: str) -> list[str]:
    """The levels of seats 1, 2 and 3 from ``--ai``: one level for all three, or three
    separated by commas (``basic,strong,random``). Raises ``CardaviaError`` naming an unknown
    level or a wrong count."""
    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.games import load_game

    levels = load_game(game).agents
    parts = [p.strip().lower() for p in ai.split(",")]
    if len(parts) not in (1, 3) or not all(parts):
        raise CardaviaError(
            _(
                "--ai {ai}: give one level for the three computer players or three separated "
                "by commas, seats 1 to 3 (e.g. basic,strong,basic)"
            ).format(ai=repr(ai))
        )
    for part in parts:
        if part not in levels:
            raise CardaviaError(
                _("--ai {ai}: unknown computer player level {level} (use {levels})").format(
                    ai=repr(ai), level=repr(part), levels=", ".join(levels)
                )
            )
    return parts * 3 if len(parts) == 1 else parts


def start(
    game: str,
    *,
    seed: int | None,
    deal_path: Path | None,
    ai: str | None,
    save: str | None,
    force: bool = False,
    reader: Reader | None = None,
    out: Console | None = None,
    farewell: bool = True,
) -> int:
    """Play ``game`` in the REPL: a new deal (of ``seed``, random when ``None``) or the deal
    file ``deal_path`` (replayed; play continues where its actions end). ``ai`` is the level of
    the computer players (``None``: :func:`default_level`, or the file's seats), or three
    levels separated by commas for seats 1 to 3. With ``save``, the deal is
    saved under that name (or path) after each of the human's decisions and at its end; a save
    already there is replaced only with ``force`` or when the person at a terminal says so.

    ``reader`` reads the commands (default: a prompt on a terminal, else standard input);
    ``out`` is the console (default: standard output's); ``farewell``: the REPL says
    goodbye when it ends (not when the lobby takes over again).
    Returns the exit code. Raises ``CardaviaError`` for an unknown level, a deal file of
    another game, a file that is unreadable, malformed or does not replay, or a save that
    another REPL holds (``SaveInUseError``, naming its process).
    """

    if ai is not None:
        computer_levels(game, ai)
    lock = _new_save_target(save, game, force) if save is not None else None
    try:
        return _start(game, seed, deal_path, ai, lock, reader, out, farewell)
    finally:
        if lock is not None:
            lock.release()


def _start(
    game: str,
    seed: int | None,
    deal_path: Path | None,
    ai: str | None,
    lock: SaveLock | None,
    reader: Reader | None,
    out: Console | None,
    farewell: bool = True,
) -> int:
    from cardavia_cli.engine.errors import DealFileError
    from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
    from cardavia_cli.repl.session import random_seed

    target = lock.path if lock is not None else None
    replayed = origin = default_name = None
    if deal_path is not None:
        where = str(deal_path)
        header = load_deal(deal_path)
        if header.game != game:
            raise DealFileError(
                _("this is a {game} deal file, not {wanted}").format(game=header.game, wanted=game),
                where,
            )
        if seed is not None and seed != header.seed:
            raise DealFileError(
                _("--seed {seed} contradicts the file's seed {file_seed}").format(
                    seed=seed, file_seed=header.seed
                ),
                where,
            )
        state = replay(header, where)
        if ai is not None:
            header.seats = [header.seats[0], *computer_levels(game, ai)]
        origin = _origin(header, where)
        default_name = _default_name(deal_path)
        if header.actions:
            replayed = _replayed(False, where, header, len(header.actions))
    else:
        header = DealFile(
            game=game,
            seed=random_seed() if seed is None else seed,
            seats=["human", *computer_levels(game, ai or default_level(game))],
        )
        state = new_game_state(header)
    return _session(
        game,
        header,
        state,
        save_to=target,
        autosave=target is not None,
        replayed=replayed,
        origin=origin,
        default_name=default_name,
        reader=reader,
        out=out,
        lock=lock,
        farewell=farewell,
    )


def _default_name(path: Path) -> str | None:
    """The save name of a bare ``save`` for a deal from the file at ``path``: its stem, when
    that is a usable save name (else ``None``: the game's usual ``GAME-SEED``)."""
    from cardavia_cli.engine.saves import SaveTargetError, save_target

    try:
        save_target(path.stem)
    except SaveTargetError:
        return None
    return path.stem


def resume(
    path: Path, reader: Reader | None = None, out: Console | None = None, farewell: bool = True
) -> int:
    """Continue the save (or deal file) at ``path`` in the REPL.

    A save in the saves folder is continued in place: it is saved again after each of the
    human's decisions (as with ``--save``), and the intro says so. Any other file (a
    hand-written deal file, an example) is never written without being named: a bare ``save``
    writes the save named after the file's stem in the saves folder. A save in the saves
    folder is held while it is open: one that another REPL holds is refused before it is
    read. ``farewell`` as in :func:`start`. Returns the exit code; raises ``DealFileError``
    as :func:`start`, ``SaveInUseError`` naming the process that holds the save."""
    from cardavia_cli.engine.saves import hold_save, in_saves_folder

    own = in_saves_folder(path)
    lock = hold_save(path) if own and path.is_file() else None
    try:
        return _resume(path, own, lock, reader, out, farewell)
    finally:
        if lock is not None:
            lock.release()


def _resume(
    path: Path,
    own: bool,
    lock: SaveLock | None,
    reader: Reader | None,
    out: Console | None,
    farewell: bool = True,
) -> int:
    from cardavia_cli.engine.saves import resume_name
    from cardavia_cli.games.deals import load_deal, replay

    where = str(path)
    header = load_deal(path)
    state = replay(header, where)
    name = resume_name(path)
    origin = _origin(header, name)
    replayed = _replayed(True, name, header, len(header.actions), saved=own)
    return _session(
        header.game,
        header,
        state,
        save_to=path if own else None,
        autosave=own,
        replayed=replayed,
        origin=origin,
        default_name=None if own else _default_name(path),
        reader=reader,
        out=out,
        lock=lock,
        farewell=farewell,
    )
