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

On a terminal every game in progress is also kept in the autosave (:data:`AUTOSAVE`, a save
like any other in the saves folder, ``cardavia resume autosave``), written atomically after
each decision, so that leaving by accident (Ctrl-D, a closed terminal) loses nothing. A game
already saved after each decision (``--save``, a resumed save) needs no autosave.
"""

from __future__ import annotations

from pathlib import Path

from cardavia_cli.engine.game import GameState
from cardavia_cli.engine.saves import (
    AUTOSAVE,
    SaveTargetError,
    existing_save,
    resume_name,
    same_file,
    save_target,
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
    the last save (or the file resumed) holds.
    """

    def __init__(
        self,
        header: DealFile,
        *,
        save_to: Path | None = None,
        autosave: bool = False,
        default_name: str | None = None,
        saved: list[str] | None = None,
    ) -> None:
        self.header = header
        self.save_to = save_to
        self.autosave = autosave and save_to is not None
        self.default_name = default_name
        #: The file this session last saved to or resumed from: saving there needs no asking.
        self.own_file: Path | None = save_to
        self.overwrite_armed: Path | None = None
        self.saved = saved
        self.saved_final = False
        #: The person's own decisions in this game, and how many of them the last save holds.
        self.decisions = 0
        self.decisions_saved = 0
        #: The autosave (:meth:`keep_backup`) and the actions it holds.
        self.backup: Path | None = None
        self.backup_saved: list[str] | None = None

    # -- what is at stake ------------------------------------------------------------------------
    def decided(self) -> None:
        """The person took a decision."""
        self.decisions += 1

    def unsaved(self) -> bool:
        """Whether the person took decisions since the last save (or the start): leaving
        would lose them. Computer players' moves replay the same from the file or seed."""
        return self.decisions > self.decisions_saved

    def left_unsaved(self, state: GameState) -> bool:
        """Whether leaving now loses decisions of a game in progress."""
        return self.unsaved() and not self.autosave and not state.is_over

    # -- writing ---------------------------------------------------------------------------------
    def deal_file(self, state: GameState) -> DealFile:
        """The game as a deal file: the header and the decisions so far (the recorded actions,
        with the few forced answers a replay needs, see ``GameState.recorded_actions``)."""
        return DealFile.from_state(state, self.header)

    def _write(self, state: GameState, target: Path) -> Path:
        deal = self.deal_file(state)
        path = write_save(target, deal)
        self.saved = list(deal.actions)
        self.decisions_saved = self.decisions
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
        same command typed again overwrites it. A target that cannot be checked or written
        (a name too long for the file system, a folder that cannot be read) is refused."""
        try:
            return self._save(state, name)
        except SaveTargetError as exc:
            return [Problem(str(exc))]
        except OSError as exc:
            return [Problem(f"cannot save there: {exc.strerror or exc}")]

    def _save(self, state: GameState, name: str | None) -> Reply:
        if name is not None:
            target = save_target(name)
        elif self.save_to is not None:
            target = self.save_to
        else:
            name = self.default_save_name()
            target = save_target(name)
        if not same_file(target, self.own_file):
            there = existing_save(target, self.header.game, lookup=load_game)
            if there is not None and not same_file(target, self.overwrite_armed):
                self.overwrite_armed = target
                shown = name if name is not None else str(target)
                return [
                    Problem(
                        f"a save named {shown} already exists ({there}): type `save {shown}` "
                        "again to overwrite it, or pick another name"
                    )
                ]
        self.overwrite_armed = None
        try:
            path = self._write(state, target)
        except SaveTargetError as exc:
            return [Problem(f"cannot save to {target}: {exc}")]
        except OSError as exc:
            return [Problem(f"cannot save to {target}: {exc.strerror or exc}")]
        self.save_to = target
        n = len(self.saved or [])
        actions = f"{n} action{'' if n == 1 else 's'}"
        if state.is_over:
            replay = f"cardavia run {resume_name(path)}"
            return [Note(f"Saved to {path} ({actions}; it is over). Replay it with: {replay}")]
        resume = f"cardavia resume {resume_name(path)}"
        return [Note(f"Saved to {path} ({actions}). Continue it with: {resume}")]

    def autosave_now(self, state: GameState) -> Reply:
        """With autosave: save when the person decided since the last save, at a break
        between rounds, and once more when the game has ended; nothing when the actions are
        those of the last save (or there are none yet)."""
        if not self.autosave or self.save_to is None:
            return []
        actions = state.recorded_actions()
        over = state.is_over
        if not actions and not over:
            return []
        if actions == self.saved and (not over or self.saved_final):
            return []
        if not (over or state.at_break or self.unsaved()):
            return []
        try:
            path = self._write(state, self.save_to)
        except SaveTargetError as exc:
            return [Problem(f"autosave to {self.save_to} failed: {exc}")]
        except OSError as exc:
            return [Problem(f"autosave to {self.save_to} failed: {exc.strerror or exc}")]
        if over:
            self.saved_final = True
            return [Note(f"Saved to {path}.", style="dim")]
        return []

    # -- the autosave of a game in progress -------------------------------------------------
    def keep_backup(self) -> None:
        """Keep the game in the autosave from now on (a session on a terminal)."""
        self.backup = save_target(AUTOSAVE)

    def _backing(self) -> bool:
        """Whether the autosave is kept for this game (not when the game is saved after each
        decision anyway, nor when it is the autosave itself that was resumed)."""
        if self.backup is None:
            return False
        return not (self.autosave and self.save_to is not None)

    def backed_up(self) -> bool:
        """Whether the autosave holds this game's decisions so far."""
        return self._backing() and self.backup_saved is not None

    def backup_now(self, state: GameState) -> Reply:
        """Write the autosave when the recorded decisions changed since it was last written
        (nothing before the first decision); remove it once the game is over. Returns a
        problem line when it cannot be written, once per failure."""
        if not self._backing() or self.backup is None:
            return []
        if state.is_over:
            # a finished game needs no autosave: it is recorded in the scores
            if self.backup_saved is not None:
                self.backup.unlink(missing_ok=True)
                self.backup_saved = None
            return []
        actions = state.recorded_actions()
        if not actions or actions == self.backup_saved:
            return []
        deal = self.deal_file(state)
        try:
            write_save(self.backup, deal)
        except (SaveTargetError, OSError) as exc:
            self.backup_saved = actions
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            return [Problem(f"the autosave {self.backup} cannot be written: {why}")]
        self.backup_saved = actions
        return []

    def backup_note(self, state: GameState) -> str | None:
        """What to say on leaving a game in progress that the autosave keeps (else
        ``None``)."""
        if state.is_over or not self.backed_up():
            return None
        if not self.unsaved():
            return None
        return f"This game is kept in the autosave: continue it with cardavia resume {AUTOSAVE}"

    # -- a new game ------------------------------------------------------------------------------
    def start_over(self, header: DealFile, noun: str = "deal") -> list[str]:
        """A new deal or match (``noun``) in the same session (``new``, ``restart``): the file
        saved so far keeps the game just left; the new one is saved only when asked. Returns
        the notes to show."""
        notes = []
        if self.save_to is not None:
            notes.append(
                f"The new {noun} is not saved to {self.save_to}: type save NAME to keep it."
            )
        self.header = header
        self.save_to = None
        self.own_file = None
        self.autosave = False
        self.default_name = None
        self.overwrite_armed = None
        self.saved = None
        self.saved_final = False
        self.decisions = 0
        self.decisions_saved = 0
        self.backup_saved = None
        return notes
