"""The save keeper of a REPL session: the deal file, save targets, autosave and the
confirmation before overwriting another game's save (cli.md "Deal files, saves and replays").

Saves are deal files: the header of the deal or match as it started (game, seed, deck if one
was given, dealer if one was given, seats, match keys) plus the decisions so far, written
atomically. A save never replaces another game's file without asking: ``save NAME`` onto an
existing file that this session did not write or resume from is refused once
(:mod:`cardavia_cli.engine.saves` names, checks and writes the files; this module decides
when, and what the person is told). With autosave (``--save``, or a resumed save of the saves
folder) the game is saved after each of the human's decisions, at each break between rounds
and at the end.

The file the session saves to is held while the session has it (:func:`~cardavia_cli.engine.
saves.hold_save`, an OS file lock): a second REPL on the same save is refused, naming this
process, and a ``save NAME`` onto a save another REPL holds is refused the same way.
:meth:`SaveKeeper.close` lets go of every save (the session calls it when it ends; the
operating system does it when the process dies).

On a terminal every game in progress is also kept in an autosave of its own
(``autosave-GAME-SEED``, :func:`~cardavia_cli.engine.saves.claim_autosave`, a save like any
other in the saves folder), written atomically after each decision, so that leaving by accident
(Ctrl-D, a closed terminal) loses nothing and another game never replaces it; a finished
game stays there whole, for ``cardavia review``; only the most recent few are kept. A game
already saved after each decision (``--save``, a resumed save) needs no autosave.
"""

from __future__ import annotations

from pathlib import Path

from cardavia_cli.engine.game import GameState
from cardavia_cli.engine.i18n import _, ngettext
from cardavia_cli.engine.paths import visible
from cardavia_cli.engine.saves import (
    SaveChangedError,
    SaveLock,
    SaveTargetError,
    claim_autosave,
    existing_save,
    hold_save,
    is_autosave,
    prune_autosaves,
    resume_name,
    same_file,
    save_target,
    stamp,
    write_save,
)
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile
from cardavia_cli.repl.output import Note, Problem, Reply


class SaveKeeper:
    """Where and when one session saves.

    ``header`` is the deal as it started (its ``actions`` are ignored: a save holds the
    state's decisions). ``save_to`` is the target of ``save`` without a name, and also the
    file the session owns: saving there never asks. ``default_name`` is the save name of a
    bare ``save`` before any target (default ``GAME-SEED``). ``saved`` is the list of actions
    the last save (or the file resumed) holds. ``lock`` is the hold on ``save_to`` when the
    caller took it already; otherwise ``save_to`` is held here.

    Raises :class:`~cardavia_cli.engine.saves.SaveInUseError` when another open game holds
    ``save_to`` (naming its process), ``SaveTargetError`` when it cannot be locked.
    """

    def __init__(
        self,
        header: DealFile,
        *,
        save_to: Path | None = None,
        autosave: bool = False,
        default_name: str | None = None,
        saved: list[str] | None = None,
        lock: SaveLock | None = None,
    ) -> None:
        #: The hold on the file saved to (:attr:`save_to`), and on this game's autosave.
        self.lock: SaveLock | None = None
        self.backup_lock: SaveLock | None = None
        if save_to is not None:
            self.lock = lock if lock is not None else hold_save(save_to)
        self.header = header
        self.save_to = save_to
        self.autosave = autosave and save_to is not None
        self.default_name = default_name
        #: The file this session last saved to or resumed from: saving there needs no asking.
        self.own_file: Path | None = save_to
        self.overwrite_armed: Path | None = None
        self.saved = saved
        #: The settings the last save (or the file resumed) holds.
        self.saved_settings: dict[str, bool] = dict(header.settings) if saved is not None else {}
        self.saved_final = False
        #: The person's own decisions in this game, and how many of them the last save holds.
        self.decisions = 0
        self.decisions_saved = 0
        #: Whether games are kept in autosaves (:meth:`keep_backup`), and the actions the
        #: autosave of this game holds.
        self.backing_up = False
        self.backup_saved: list[str] | None = None
        #: Why the last write of :attr:`save_to` failed (said once when it fails), until one
        #: succeeds; the same for the autosave of this game, whose last attempt was for
        #: :attr:`backup_tried`.
        self.write_failed: str | None = None
        self.backup_failed: str | None = None
        self.backup_tried: list[str] | None = None
        #: What each file this game saves to was when it last read or wrote it
        #: (:func:`~cardavia_cli.engine.saves.stamp`): a file changed since by another
        #: program is not overwritten.
        self.stamps: dict[Path, object] = {}
        if save_to is not None:
            self._stamp(save_to)

    # -- holding the files -----------------------------------------------------------------------
    def _hold(self, target: Path) -> tuple[SaveLock, bool]:
        """The hold on ``target``: the one this keeper has, else a new one (``True`` second).
        Raises ``SaveInUseError`` when another open game holds it."""
        if self.lock is not None and self.lock.held and same_file(self.lock.path, target):
            return self.lock, False
        return hold_save(target), True

    def _keep_hold(self, lock: SaveLock) -> None:
        """``lock`` is the hold on the file saved to from now on; the old one is let go."""
        if self.lock is not None and self.lock is not lock:
            self.lock.release()
        self.lock = lock

    def close(self) -> None:
        """Let go of every save this keeper holds (the session has ended). A later write takes
        the hold again."""
        if self.lock is not None:
            self.lock.release()
        if self.backup_lock is not None:
            self.backup_lock.release()

    @property
    def backup(self) -> Path | None:
        """The autosave of this game, once it has one (from the first decision on)."""
        return self.backup_lock.path if self.backup_lock is not None else None

    # -- what is at stake ------------------------------------------------------------------------
    def decided(self) -> None:
        """The person took a decision."""
        self.decisions += 1

    def unsaved(self) -> bool:
        """Whether the person took decisions since the last save (or the start): leaving
        would lose them. Computer players' moves replay the same from the file or seed."""
        return self.decisions > self.decisions_saved

    def left_unsaved(self, state: GameState) -> bool:
        """Whether leaving now loses decisions of a game in progress (or, when its save could
        not be written, of a game that has ended)."""
        if self.lost(state):
            return True
        return self.unsaved() and not self.autosave and not state.is_over

    def failing(self) -> tuple[str, str, bool] | None:
        """The save of this game whose last write failed: its name (as ``resume`` takes it),
        why, and whether it holds an earlier state of the game; ``None`` when every write
        worked."""
        if self.autosave and self.save_to is not None and self.write_failed is not None:
            there = self.saved is not None or self.save_to.exists()
            return resume_name(self.save_to), self.write_failed, there
        if self._backing() and self.backup_failed is not None:
            backup = self.backup
            name = resume_name(backup) if backup is not None else _("the autosave")
            return name, self.backup_failed, self.backup_saved is not None
        return None

    def lost(self, state: GameState) -> bool:
        """Whether this game's decisions (or its end) are in no file because writing its save
        failed: leaving now loses them."""
        if self.failing() is None:
            return False
        return self.unsaved() or (state.is_over and not self.saved_final)

    # -- writing ---------------------------------------------------------------------------------
    def _stamp(self, path: Path) -> None:
        """Note what is at ``path`` now (after this game read or wrote it)."""
        try:
            self.stamps[path.absolute()] = stamp(path)
        except OSError:
            self.stamps.pop(path.absolute(), None)

    def _expected(self, path: Path) -> object:
        """What this game last saw at ``path`` (``False``: it never looked, nothing to check)."""
        return self.stamps.get(path.absolute(), False)

    def deal_file(self, state: GameState) -> DealFile:
        """The game as a deal file: the header and the decisions so far (the recorded actions,
        with the few forced answers a replay needs, see ``GameState.recorded_actions``)."""
        return DealFile.from_state(state, self.header)

    def _write(self, state: GameState, target: Path, lock: SaveLock | None = None) -> Path:
        """Write the save to ``target``, held first (``lock``, or the keeper's hold, or a new
        one); the hold on the file saved to becomes that one. Raises ``SaveInUseError`` when
        another open game holds ``target``, ``OSError`` when it cannot be written."""
        if lock is None:
            lock, new = self._hold(target)
        else:
            new = lock is not self.lock
        deal = self.deal_file(state)
        try:
            path = write_save(target, deal, self._expected(target))  # type: ignore[arg-type]
        except BaseException:
            if new:
                lock.release()
            raise
        self._stamp(target)
        self.write_failed = None
        self._keep_hold(lock)
        self.saved = list(deal.actions)
        self.saved_settings = dict(deal.settings)
        self.decisions_saved = self.decisions
        self.saved_final = state.is_over  # the end is in it: no autosave writes it again
        self.own_file = target
        return path

    def default_save_name(self) -> str:
        """The name a bare ``save`` uses before any save target: the stem of the file the
        game came from (outside the saves folder), else ``GAME-SEED``."""
        if self.default_name is not None:
            return self.default_name
        return f"{self.header.game}-{self.header.seed}"

    def save(self, state: GameState, name: str | None = None) -> Reply:
        """``save [NAME]``: write the deal file; NAME becomes the target of later saves.

        A file already at the target that this session did not write or resume from is
        another game's save: the first ``save`` onto it is refused with what it holds, the
        same command typed again overwrites it. A save that another open game holds is
        refused, naming its process, however often it is typed. A target that cannot be
        checked or written (a name too long for the file system, a folder that cannot be
        read) is refused."""
        try:
            return self._save(state, name)
        except SaveTargetError as exc:
            return [Problem(str(exc))]
        except OSError as exc:
            why = exc.strerror or exc
            if exc.filename is not None:
                # the file or folder that refused (the save's lock, its folder): named
                where = visible(str(exc.filename))
                return [Problem(_("cannot save to {path}: {why}").format(path=where, why=why))]
            return [Problem(_("cannot save there: {why}").format(why=why))]

    def _save(self, state: GameState, name: str | None) -> Reply:
        if name is not None:
            target = save_target(name)
        elif self.save_to is not None:
            target = self.save_to
        else:
            name = self.default_save_name()
            target = save_target(name)
        if self.backup is not None and same_file(target, self.backup):
            return [
                Problem(
                    _(
                        "{name} is this game's autosave, kept for you already: pick another name"
                    ).format(name=resume_name(target))
                )
            ]
        lock, new = self._hold(target)
        if not same_file(target, self.own_file):
            try:
                there = existing_save(target, self.header.game, lookup=load_game)
            except BaseException:
                if new:
                    lock.release()
                raise
            if there is not None and not same_file(target, self.overwrite_armed):
                if new:
                    lock.release()
                self.overwrite_armed = target
                shown = resume_name(target) if name is not None else str(target)
                return [
                    Problem(
                        _(
                            "a save named {name} already exists ({what}): type `save {name}` "
                            "again to overwrite it, or pick another name"
                        ).format(name=shown, what=there)
                    )
                ]
        self.overwrite_armed = None
        try:
            path = self._write(state, target, lock)
        except SaveChangedError as exc:
            return [Problem(str(exc))]
        except SaveTargetError as exc:
            return [Problem(_("cannot save to {path}: {why}").format(path=target, why=exc))]
        except OSError as exc:
            why = exc.strerror or exc
            return [Problem(_("cannot save to {path}: {why}").format(path=target, why=why))]
        self.save_to = target
        # a game saved under a name is kept there from now on, as with --save NAME
        kept = not self.autosave
        self.autosave = True
        n = len(self.saved or [])
        if state.is_over:
            text = ngettext(
                "Saved to {path} ({n} action; it is over). Replay it with: {command}",
                "Saved to {path} ({n} actions; it is over). Replay it with: {command}",
                n,
            )
            command = f"cardavia run {resume_name(path)}"
        elif kept:
            text = ngettext(
                "Saved to {path} ({n} action; kept there after each of your decisions). "
                "Continue it with: {command}",
                "Saved to {path} ({n} actions; kept there after each of your decisions). "
                "Continue it with: {command}",
                n,
            )
            command = f"cardavia resume {resume_name(path)}"
        else:
            text = ngettext(
                "Saved to {path} ({n} action). Continue it with: {command}",
                "Saved to {path} ({n} actions). Continue it with: {command}",
                n,
            )
            command = f"cardavia resume {resume_name(path)}"
        return [Note(text.format(path=path, n=n, command=command))]

    def autosave_now(self, state: GameState) -> Reply:
        """With autosave: save when the person decided or changed a setting since the last
        save, at a break between rounds, and once more when the game has ended; nothing when
        the actions and settings are those of the last save (or there are no actions yet)."""
        if not self.autosave or self.save_to is None:
            return []
        actions = state.recorded_actions()
        over = state.is_over
        if not actions and not over:
            return []
        changed = self.header.settings != self.saved_settings
        if actions == self.saved and not changed and (not over or self.saved_final):
            return []
        if not (over or state.at_break or self.unsaved() or changed):
            return []
        try:
            path = self._write(state, self.save_to)
        except SaveChangedError as exc:
            return self._failed(str(exc), str(exc))
        except (SaveTargetError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            said = _(
                "autosave to {path} failed: {why}; your decisions from here are not saved "
                "until it works again (save OTHERNAME keeps them elsewhere)"
            ).format(path=self.save_to, why=why)
            return self._failed(str(why), said)
        if over:
            self.saved_final = True
            return [Note(_("Saved to {path}.").format(path=path), style="dim")]
        return []

    def _failed(self, why: str, said: str) -> Reply:
        """A write of :attr:`save_to` failed (``why``): ``said`` the first time, nothing while
        it goes on failing."""
        first = self.write_failed is None
        self.write_failed = why
        return [Problem(said)] if first else []

    # -- the autosave of a game in progress -------------------------------------------------
    def keep_backup(self) -> None:
        """Keep each game in an autosave of its own from now on (a session on a terminal);
        the autosave is claimed at the game's first decision (:meth:`backup_now`)."""
        self.backing_up = True

    def _backing(self) -> bool:
        """Whether an autosave is kept for this game (not when the game is saved after each
        decision anyway, e.g. a resumed autosave)."""
        return self.backing_up and not (self.autosave and self.save_to is not None)

    def backed_up(self) -> bool:
        """Whether the autosave holds this game's decisions so far (not when its last write
        failed)."""
        return self._backing() and self.backup_saved is not None and self.backup_failed is None

    def backup_now(self, state: GameState) -> Reply:
        """Write this game's autosave when the recorded decisions changed since it was last
        written (nothing before the first decision, when the autosave is claimed and the
        oldest autosaves beyond the few kept are deleted). A finished game's autosave keeps
        the whole game, for ``cardavia review`` and ``run``, until the few most recent
        autosaves push it out or ``saves prune --finished`` deletes it. Returns a problem line
        when it cannot be written, once per failure."""
        if not self._backing() or self.decisions == 0:
            return []  # nothing decided here yet: the file or seed the game came from holds it
        actions = state.recorded_actions()
        if not actions or actions == self.backup_saved or actions == self.backup_tried:
            return []
        self.backup_tried = actions
        deal = self.deal_file(state)
        try:
            claimed = self.backup_lock is None
            if claimed:
                self.backup_lock = claim_autosave(self.header.game, self.header.seed)
            assert self.backup_lock is not None
            if not self.backup_lock.held:
                self.backup_lock = hold_save(self.backup_lock.path)
            path = self.backup_lock.path
            # a new autosave must still be absent; a kept one as this game last wrote it
            seen = self.stamps.get(path.absolute(), None if claimed else False)
            write_save(path, deal, seen)  # type: ignore[arg-type]
            self._stamp(path)
        except (SaveTargetError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            first = self.backup_failed is None
            self.backup_failed = str(why)
            if not first:
                return []  # said when it first failed
            if self.backup is None:
                return [Problem(_("the autosave cannot be written: {why}").format(why=why))]
            return [
                Problem(
                    _("the autosave {path} cannot be written: {why}").format(
                        path=self.backup, why=why
                    )
                )
            ]
        self.backup_saved = actions
        self.backup_failed = None
        if claimed:
            prune_autosaves()
        return []

    def backup_note(self, state: GameState) -> str | None:
        """What to say on leaving a game about the file that keeps it (else ``None``): ``This
        game is kept in the autosave autosave-cucu-21: ...`` (``resume`` goes on with it), or,
        once it is over, ``This finished game is kept ...`` (``review`` grades it). A game
        saved after each decision (``--save``, a resumed save or autosave) names its file
        too, once the file is there."""
        autosave = False
        failing = self.failing()
        if failing is not None and self.lost(state):
            name, why, there = failing
            if not there:
                return _("This game could not be kept in {name}: {why}").format(name=name, why=why)
            return _(
                "{name} keeps this game only as it was saved last: your later decisions could "
                "not be written ({why})"
            ).format(name=name, why=why)
        if self.autosave and self.save_to is not None:
            if not self.save_to.exists():
                return None
            path, autosave = self.save_to, is_autosave(self.save_to)
        elif not self.backed_up() or self.backup is None or not self.unsaved():
            return None
        else:
            path, autosave = self.backup, True
        name = resume_name(path)
        if autosave and state.is_over:
            text = _(
                "This finished game is kept in the autosave {name}: review it with cardavia "
                "review {name}"
            )
        elif autosave:
            text = _(
                "This game is kept in the autosave {name}: continue it with cardavia resume {name}"
            )
        elif state.is_over:
            text = _(
                "This finished game is kept in the save {name}: review it with cardavia review "
                "{name}"
            )
        else:
            text = _(
                "This game is kept in the save {name}: continue it with cardavia resume {name}"
            )
        return text.format(name=name)

    # -- a new game ------------------------------------------------------------------------------
    def start_over(self, header: DealFile, noun: str = "deal") -> list[str]:
        """A new deal or match (``noun``) in the same session (``new``, ``restart``): the file
        saved so far keeps the game just left; the new one is saved only when asked. Returns
        the notes to show."""
        notes = []
        if self.save_to is not None:
            text = (
                _("The new match is not saved to {path}: type save NAME to keep it.")
                if noun == "match"
                else _("The new deal is not saved to {path}: type save NAME to keep it.")
            )
            notes.append(text.format(path=self.save_to))
        self.header = header
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        if self.backup_lock is not None:
            self.backup_lock.release()
            self.backup_lock = None
        self.save_to = None
        self.own_file = None
        self.autosave = False
        self.default_name = None
        self.overwrite_armed = None
        self.saved = None
        self.saved_settings = {}
        self.saved_final = False
        self.decisions = 0
        self.decisions_saved = 0
        self.backup_saved = None
        self.backup_tried = None
        self.backup_failed = None
        self.write_failed = None
        self.stamps = {}
        return notes
