"""Saves: where they go, what is already there, and writing them (cli.md "The REPL",
"Deal files, saves and replays"; ``--save NAME``). Used by the commands (``play``, ``run``,
``resume``, ``saves``, ``scores``, the lobby) and the REPL alike; nothing here prints.

A save name without a slash is a save in the saves folder: ``evening`` (or ``evening.toml``)
is ``<saves folder>/evening.toml``; such a name is made of letters and digits of any script
(``akşam``), ``-``, ``_`` and ``.`` (neither ``-`` nor ``.`` first), at most
:data:`MAX_NAME` characters. Anything with a slash is a path: it must end in ``.toml`` and
its folder must already exist (no folders are created outside the saves folder). Only the
saves folder itself is created, by :func:`prepare_folder`, just before writing
(:func:`write_save`: the folder, then an atomic write, so a save is never overwritten by a
part of another).

:func:`existing_save` describes a file that a save would overwrite, so the REPL and ``--save``
can refuse to replace another game's save without asking; :func:`save_files` lists the saves,
:func:`save_state` tells a finished save from one to continue, :func:`latest_unfinished` is
what ``resume`` without a name continues.

An open game holds its save (:func:`hold_save`): an OS file lock (``filelock``) on a hidden
file beside the save, ``.NAME.toml.lock``, with the holder's process id in ``.NAME.toml.pid``,
so that a second REPL on the same save is refused with one line naming the other process
(:class:`SaveInUseError`). The operating system drops the lock when the process ends, however
it ends, so a lock of a process that is gone never blocks.

Autosaves keep each game in progress on a terminal, one file per game:
``autosave-GAME-SEED.toml`` (``autosave-GAME-SEED-2.toml`` and so on when that name is taken by
another game), claimed by :func:`claim_autosave` and never reused for another game; only the
:data:`AUTOSAVES_KEPT` most recent are kept (:func:`prune_autosaves`).
"""

from __future__ import annotations

import fnmatch
import os
import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from filelock import BaseFileLock, FileLock, Timeout

from cardavia_cli.engine.dealfile import (
    DealFile,
    GameLookup,
    load_deal,
    replay,
    save_atomic,
    write_atomic,
)
from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import N_, _, ngettext
from cardavia_cli.engine.numbers import parse_int
from cardavia_cli.engine.paths import broken_link, is_there, path_problem, read_regular, visible


class SaveTargetError(CardaviaError):
    """A save name or path that cannot be used (empty, no ``.toml``, a missing folder, a NUL
    byte), or a save that already exists where a new one was asked for."""


class HomeError(SaveTargetError):
    """cardavia's folder (``$CARDAVIA_HOME`` or the user's app dir) or its saves folder is
    there but is no folder (a file), or ``$CARDAVIA_HOME`` cannot name one: no save, score or
    history can be kept. Every command that uses the folder stops on it (exit code 2)."""


class SaveInUseError(SaveTargetError):
    """A save that another open game holds (:func:`hold_save`). ``pid`` is the process that
    holds it, ``None`` when it could not be read."""

    def __init__(self, message: str, *, pid: int | None = None) -> None:
        super().__init__(message)
        self.pid = pid


#: The longest save name (without ``.toml``).
MAX_NAME = 100
#: The first word of every autosave's name (``autosave-cucu-21``).
AUTOSAVE = "autosave"
#: How many autosaves are kept: the most recent ones (:func:`prune_autosaves`).
AUTOSAVES_KEPT = 5
_AUTOSAVE_NAME = re.compile(rf"{AUTOSAVE}-[a-z][a-z0-9_]*-[0-9]+(-[0-9]+)?")
#: The characters of a save name besides ``-``, ``_`` and ``.``: letters, decimal digits, and
#: the marks written on letters.
_NAME_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Mn", "Mc"})


def _is_name(stem: str) -> bool:
    """Whether ``stem`` (in NFC) is a save name: letters and digits of any script (with the
    marks written on letters: Arabic vowels, a combining accent), ``-``, ``_`` and ``.``;
    neither ``-`` first (it would read as an option in ``cardavia resume NAME``) nor ``.``
    (a hidden file); no space, symbol, control or invisible formatting character (a
    right-to-left mark would make two names look alike).

    >>> _is_name("akşam"), _is_name("مساء-2"), _is_name("-x"), _is_name("a b"), _is_name("a²")
    (True, True, False, False, False)
    """
    if not stem or stem[0] in "-." or unicodedata.category(stem[0]) in ("Mn", "Mc"):
        return False
    return all(c in "._-" or unicodedata.category(c) in _NAME_CATEGORIES for c in stem)


def _shown(text: str, room: int = 60) -> str:
    """``text`` cut to ``room`` characters for a one-line message."""
    return text if len(text) <= room else text[: room - 3] + "..."


_KEPT_AT_HOME = N_("saves, scores and history")


def _must_be_a_folder(path: Path, what: str, kept: str) -> Path:
    """``path``, unless something that is no folder is there (raises :class:`HomeError`
    naming ``what``, the path and what is ``kept`` there). A path that does not exist yet,
    or that cannot be looked at, is returned: creating or reading it says what is wrong."""
    try:
        wrong = path.exists() and not path.is_dir()
        is_file = wrong and path.is_file()
    except OSError:
        return path
    if wrong:
        message = (
            _(
                "{what} {path} is a file, not a folder: cardavia keeps its {kept} there "
                "(move it away, or set CARDAVIA_HOME to a folder)"
            )
            if is_file
            else _(
                "{what} {path} is no folder: cardavia keeps its {kept} there "
                "(move it away, or set CARDAVIA_HOME to a folder)"
            )
        )
        raise HomeError(message.format(what=_(what), path=visible(str(path)), kept=_(kept)))
    return path


def home() -> Path:
    """Where cardavia keeps saves and history: ``$CARDAVIA_HOME`` or the user's app dir.

    Raises :class:`HomeError` when a file (or anything but a folder) is there, or when
    ``$CARDAVIA_HOME`` cannot name a folder (a NUL byte); a folder that does not exist yet is
    fine (it is created when something is saved)."""
    env = os.environ.get("CARDAVIA_HOME")
    if env:
        problem = path_problem(env)
        if problem is not None:
            raise HomeError(
                _("CARDAVIA_HOME {value} cannot name a folder: {why}").format(
                    value=repr(env), why=problem
                )
            )
        return _must_be_a_folder(Path(env), "CARDAVIA_HOME", _KEPT_AT_HOME)
    import typer

    return _must_be_a_folder(
        Path(typer.get_app_dir("cardavia")), N_("cardavia's folder"), _KEPT_AT_HOME
    )


def saves_dir() -> Path:
    """The folder of named saves (and of the scores ledger): ``saves`` in :func:`home`.
    Raises :class:`HomeError` when either is there but is no folder."""
    return _must_be_a_folder(home() / "saves", N_("the saves folder"), N_("saves and scores"))


def saves_folder() -> Path:
    """The folder of named saves (:func:`saves_dir`)."""
    return saves_dir()


def save_path(name_or_file: str) -> Path:
    """The file of a save to read: ``NAME`` (or ``NAME.toml``) in :func:`saves_dir`, or a path.

    A name with a slash is a path. A bare name is the save of that name when there is one,
    else whatever has that name in the current folder when there is something (a file, or a
    folder or device that reading then refuses by name), else (for the error message) the
    save of that name.

    Raises :class:`SaveTargetError` when ``name_or_file`` cannot name a file (a NUL byte),
    :class:`HomeError` as :func:`saves_dir`.
    """
    text = name_or_file.strip()
    _check_path_text(name_or_file, N_("a save name or file"))
    if _has_slash(text):
        return Path(text).expanduser()
    stem = text[: -len(".toml")] if text.endswith(".toml") else text
    named = saves_dir() / f"{stem}.toml"
    if is_there(named) or not is_there(text):
        return named
    return Path(text)


def _check_path_text(text: str, what: str) -> None:
    """Raise :class:`SaveTargetError` when ``text`` cannot be a path at all
    (:func:`~cardavia_cli.engine.paths.path_problem`): it names ``what`` it was meant to be."""
    problem = path_problem(text)
    if problem is not None:
        raise SaveTargetError(
            _("{text} is not {what}: {why}").format(
                text=repr(_shown(text, 40)), what=_(what), why=problem
            )
        )


def _has_slash(name: str) -> bool:
    return any(sep and sep in name for sep in ("/", os.sep, os.altsep))


def save_target(name: str) -> Path:
    """Where a save called ``name`` is written.

    ``name`` without a slash: ``<saves folder>/NAME.toml`` (a trailing ``.toml`` is not
    doubled). With a slash: the path itself, which must end in ``.toml`` and lie in a folder
    that exists. Raises :class:`SaveTargetError` otherwise, for an empty name, or for a text
    that cannot be a path (a NUL byte); :class:`HomeError` as :func:`saves_dir`.

    >>> save_target("evening.toml").name
    'evening.toml'
    """
    text = name.strip()
    if not text:
        raise SaveTargetError(_("empty save name: give a name, e.g. evening"))
    if _has_slash(text):
        _check_path_text(text, N_("a save path"))
        if not text.endswith(".toml") or text.endswith("/.toml"):
            raise SaveTargetError(
                _(
                    "{text}: a save path must end in .toml "
                    "(a name without a slash is saved in the saves folder)"
                ).format(text=repr(text))
            )
        path = Path(text).expanduser()
        try:
            folder = path.parent.is_dir()
        except OSError as exc:
            raise SaveTargetError(
                _("cannot use {text}: {why}").format(
                    text=repr(_shown(text)), why=exc.strerror or exc
                )
            ) from None
        if not folder:
            raise SaveTargetError(
                _("{text}: there is no folder {folder}").format(text=repr(text), folder=path.parent)
            )
        return path
    text = unicodedata.normalize("NFC", text)  # one file for one name however it was typed
    stem = text[: -len(".toml")] if text.endswith(".toml") else text
    if not _is_name(stem) or len(stem) > MAX_NAME:
        raise SaveTargetError(
            _(
                "{text} is not a save name: use letters, digits, '-', '_' and '.' "
                "(not '-' or '.' first), at most {n} characters (e.g. evening)"
            ).format(text=repr(_shown(text, 40)), n=MAX_NAME)
        )
    return saves_folder() / f"{stem}.toml"


def in_saves_folder(path: Path) -> bool:
    """Whether ``path`` is a file directly in the saves folder."""
    try:
        return path.expanduser().resolve().parent == saves_folder().resolve()
    except OSError:
        return False


def is_taken(path: Path) -> bool:
    """Whether a file is at ``path``; raises :class:`SaveTargetError` when that cannot be
    checked (a name too long, a folder that cannot be read)."""
    try:
        return path.exists()
    except OSError as exc:
        raise SaveTargetError(
            _("cannot use {text}: {why}").format(text=_shown(str(path)), why=exc.strerror or exc)
        ) from None


def save_files(*, every: bool = False) -> list[Path]:
    """The saves (``*.toml`` files of the saves folder), most recent first; none when there is
    no saves folder yet. With ``every``, whatever else has such a name too (a folder, a link
    to nothing, a device), for a listing to say what it is."""
    folder = saves_dir()
    if not folder.is_dir():
        target = broken_link(folder)
        if target is not None:  # not "no saves yet": the saves are where it pointed
            raise HomeError(folder_link_problem(folder, target))
        return []
    try:
        # not glob, which takes a folder it may not read for an empty one: "no saves yet"
        names = [p for p in folder.iterdir() if fnmatch.fnmatchcase(p.name, "*.toml")]
        files = [p for p in names if p.is_file() or (every and is_there(p))]
        return sorted(files, key=lambda p: (p.lstat().st_mtime, p.name), reverse=True)
    except OSError as exc:
        raise HomeError(
            _("the saves folder {path} cannot be read: {why}").format(
                path=visible(str(folder)), why=exc.strerror or exc
            )
        ) from None


def folder_link_problem(folder: Path, target: str) -> str:
    """The line that says the saves folder ``folder`` is a link to ``target``, which does
    not exist (neither "no saves yet" nor "no games yet": the records are where it pointed)."""
    return _(
        "the saves folder {path} is a symbolic link to {target}, which does not exist "
        "(restore what it points to, or remove the link)"
    ).format(path=visible(str(folder)), target=visible(target))


def prepare_folder(path: Path) -> None:
    """Make sure ``path`` can be written: create the saves folder if ``path`` is a save in
    it; any other folder must exist already (raises :class:`SaveTargetError`)."""
    folder = saves_folder()
    if path.parent == folder:
        folder.mkdir(parents=True, exist_ok=True)
    elif not path.parent.is_dir():
        raise SaveTargetError(_("there is no folder {folder}").format(folder=path.parent))


def same_file(a: Path | None, b: Path | None) -> bool:
    """Whether ``a`` and ``b`` name the same file (both may not exist yet)."""
    if a is None or b is None:
        return False
    try:
        return a.expanduser().resolve() == b.expanduser().resolve()
    except OSError:
        return a == b


def resume_name(path: Path) -> str:
    """What to type after ``cardavia resume`` for the save at ``path``: its name for a save in
    the saves folder, else the path. The name reads back as exactly this file: one trailing
    ``.toml`` is dropped when a name is read, so the save ``a.toml.toml`` is named
    ``a.toml.toml`` (its stem ``a.toml`` would name ``a.toml``).

    >>> resume_name(saves_folder() / "a.toml.toml")
    'a.toml.toml'
    """
    try:
        if path.parent.resolve() == saves_folder().resolve():
            return path.name if path.stem.endswith(".toml") else path.stem
    except OSError:
        pass
    return str(path)


class SaveChangedError(SaveTargetError):
    """A save that another program changed or replaced since this game read or wrote it:
    it is not overwritten (:func:`write_save` with ``expected``)."""


#: What a file on disk was when this game last read or wrote it: its size, its time of last
#: change (ns) and a hash of its bytes; ``None`` for no file.
Stamp = tuple[int, int, str] | None


def stamp(path: Path) -> Stamp:
    """The :data:`Stamp` of ``path`` now (``None`` when nothing is there). Only a regular
    file is read (never a pipe); raises ``OSError`` when it cannot be looked at."""
    import hashlib
    import stat as stat_module

    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if not stat_module.S_ISREG(info.st_mode):
        return (info.st_size, info.st_mtime_ns, "")
    digest = hashlib.sha256(read_regular(path, max(info.st_size, 1) * 2)).hexdigest()
    return (info.st_size, info.st_mtime_ns, digest)


def changed_message(path: Path) -> str:
    """The refusal to overwrite a save changed on disk by someone else."""
    return _(
        "{name} was changed on disk by another program since this game read or wrote it: "
        "it is not overwritten; type save OTHERNAME to keep this game elsewhere"
    ).format(name=resume_name(path))


def write_save(path: Path, deal: DealFile, expected: Stamp | bool = False) -> Path:
    """Write the save ``deal`` to ``path``: the saves folder is created first when ``path`` is
    in it (:func:`prepare_folder`), then the file is written atomically
    (:func:`~cardavia_cli.engine.dealfile.save_atomic`), so an interrupted write leaves the old
    save whole. Returns the path. Raises :class:`SaveTargetError` for a missing folder outside
    the saves folder, ``OSError`` when the file cannot be written.

    ``expected`` (a :data:`Stamp`, ``None`` for no file): what the game last saw at ``path``;
    a file that is something else now was changed by another program, and is not overwritten
    (:class:`SaveChangedError`). ``False``: not checked."""
    prepare_folder(path)
    if expected is not False and stamp(path) != expected:
        raise SaveChangedError(changed_message(path))
    return save_atomic(path, deal)


def existing_save(path: Path, game: str | None = None, *, lookup: GameLookup) -> str | None:
    """A short description of the file at ``path`` (``"seed 2, 14 actions"``, with the game's
    name first when it is not ``game``), or ``None`` when there is no file there; ``lookup``
    finds a game by its name (:data:`~cardavia_cli.engine.dealfile.GameLookup`). Raises
    :class:`SaveTargetError` when that cannot be checked."""
    if not is_taken(path):
        return None
    try:
        deal = load_deal(path, lookup=lookup)
    except (CardaviaError, OSError, ValueError):
        return _("not a readable save")
    n = len(deal.actions)
    what = (
        ngettext("a given deck, {n} action", "a given deck, {n} actions", n)
        if deal.deck is not None
        else ngettext("seed {seed}, {n} action", "seed {seed}, {n} actions", n)
    ).format(n=n, seed=deal.seed)
    return what if deal.game == game else f"{deal.game}, {what}"


# -- finished or not ------------------------------------------------------------------------------
class SaveState(StrEnum):
    """Where a save stands: ``unfinished`` (a game to continue), ``finished`` (its deal or match
    is over: replay it with ``cardavia run``), ``unreadable`` (it does not load or replay)."""

    UNFINISHED = "unfinished"
    FINISHED = "finished"
    UNREADABLE = "unreadable"


def save_state(path: Path, *, lookup: GameLookup) -> SaveState:
    """Whether the save at ``path`` is finished: it is loaded and replayed (through the checked
    path, :func:`~cardavia_cli.engine.dealfile.replay`); a file that does not load or replay is
    :attr:`SaveState.UNREADABLE`. Never raises for a bad file; never changes it."""
    try:
        state = replay(load_deal(path, lookup=lookup), str(path), lookup=lookup)
    except (CardaviaError, OSError, ValueError):
        return SaveState.UNREADABLE
    return SaveState.FINISHED if state.is_over else SaveState.UNFINISHED


def latest_unfinished(*, lookup: GameLookup) -> Path | None:
    """The most recent save of the saves folder whose game is not over (what ``cardavia
    resume`` without a name continues), or ``None`` when every save is finished or unreadable
    (or there is none)."""
    for path in save_files():
        if save_state(path, lookup=lookup) is SaveState.UNFINISHED:
            return path
    return None


# -- one open game per save -----------------------------------------------------------------------
def lock_file(path: Path) -> Path:
    """The lock file of the save at ``path``: ``.NAME.toml.lock`` beside it.

    >>> lock_file(Path("saves/evening.toml")).name
    '.evening.toml.lock'
    """
    return path.with_name(f".{path.name}.lock")


def pid_file(path: Path) -> Path:
    """The file beside the save at ``path`` that names the process holding it:
    ``.NAME.toml.pid`` (the process id, one line)."""
    return path.with_name(f".{path.name}.pid")


@dataclass(eq=False)
class SaveLock:
    """This process's hold on the save at ``path`` (:func:`hold_save`), until
    :meth:`release`. Releasing twice is harmless."""

    path: Path
    _lock: BaseFileLock = field(repr=False)

    @property
    def held(self) -> bool:
        """Whether the lock is still held."""
        return self._lock.is_locked

    def remove_save(self) -> None:
        """Delete the save (if it is there) while holding it, then release it and remove its
        lock file. Raises ``OSError`` when the save cannot be deleted (it is then released
        all the same)."""
        try:
            self.path.unlink(missing_ok=True)
        finally:
            self.release()
        try:
            lock_file(self.path).unlink(missing_ok=True)
        except OSError:
            pass

    def release(self) -> None:
        """Let go of the save: its pid file is removed first, then the OS lock is released."""
        if not self._lock.is_locked:
            return
        try:
            pid_file(self.path).unlink(missing_ok=True)
        except OSError:
            pass
        self._lock.release()


def _holder(path: Path) -> int | None:
    try:
        # a regular file only, a few bytes: a pipe put there must not block the refusal
        text = read_regular(pid_file(path), 64).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    pid = parse_int(text)
    return pid if pid is not None and pid > 0 else None


def in_use_message(path: Path, pid: int | None) -> str:
    """``evening is open in another cardavia (process 4242): ...``: the refusal of a save that
    another game holds, naming the save as ``cardavia resume`` would and the process."""
    who = f"process {pid}" if pid is not None else "another process"
    return (
        f"the save {resume_name(path)} is open in another cardavia ({who}): "
        "quit that game first, or use another save"
    )


def hold_save(path: Path) -> SaveLock:
    """Hold the save at ``path`` for this open game: an OS file lock on :func:`lock_file`
    (taken at once, never waited for), then this process's id written to :func:`pid_file`.
    The save itself need not exist yet (the saves folder is created when ``path`` is in it).

    Two holds of one save conflict even within one process. Raises :class:`SaveInUseError`
    naming the holding process when another hold has it, :class:`SaveTargetError` when the
    lock cannot be made (a folder that is missing or cannot be written)."""
    prepare_folder(path)
    lock = FileLock(lock_file(path), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        pid = _holder(path)
        raise SaveInUseError(in_use_message(path, pid), pid=pid) from None
    except OSError as exc:
        raise SaveTargetError(
            f"cannot lock the save {_shown(str(path))}: {exc.strerror or exc}"
        ) from None
    try:
        write_atomic(pid_file(path), f"{os.getpid()}\n")
    except OSError:
        pass  # the lock holds all the same; a refusal then names no process
    return SaveLock(path, lock)


def save_holder(path: Path) -> int | None:
    """The process that holds the save at ``path`` (:func:`hold_save`), or ``None`` when no
    open game holds it. ``0`` stands for a holder whose process id could not be read.
    Raises nothing: a save whose lock cannot be checked counts as not held."""
    try:
        lock = hold_save(path)
    except SaveInUseError as exc:
        return exc.pid if exc.pid is not None else 0
    except (SaveTargetError, OSError):
        return None
    lock.release()
    return None


def delete_save(path: Path) -> None:
    """Delete the save at ``path`` and its lock files, holding its lock meanwhile. Raises
    :class:`SaveInUseError` when an open game holds it (nothing is deleted), ``OSError`` when
    the file cannot be removed."""
    hold_save(path).remove_save()


# -- autosaves ------------------------------------------------------------------------------------
def is_autosave(path: Path) -> bool:
    """Whether ``path`` is named as an autosave (``autosave-cucu-21.toml``)."""
    return path.suffix == ".toml" and _AUTOSAVE_NAME.fullmatch(path.stem) is not None


def claim_autosave(game: str, seed: int) -> SaveLock:
    """A new autosave for a game of ``game`` from ``seed``, held by this process: the first of
    ``autosave-GAME-SEED``, ``autosave-GAME-SEED-2``, ... that no file has and no open game
    holds, so another game's autosave is never reused. Raises :class:`SaveTargetError` when
    the saves folder cannot be written."""
    base = f"{AUTOSAVE}-{game}-{seed}"
    n = 1
    while True:
        path = save_target(base if n == 1 else f"{base}-{n}")
        n += 1
        try:
            lock = hold_save(path)
        except SaveInUseError:
            continue
        if is_taken(path):
            lock.release()
            continue
        return lock


def prune_autosaves(keep: int = AUTOSAVES_KEPT) -> list[Path]:
    """Delete the autosaves (:func:`is_autosave`) beyond the ``keep`` most recent, except those
    an open game holds; returns the deleted files. A file that cannot be deleted is left."""
    gone: list[Path] = []
    try:
        autosaves = [p for p in save_files() if is_autosave(p)]
    except SaveTargetError:
        return gone  # a folder that cannot be read: nothing is deleted
    for path in autosaves[keep:]:
        try:
            delete_save(path)
        except (SaveTargetError, OSError):
            continue
        gone.append(path)
    return gone
