"""The REPL loop, written once for every game (cli.md "The REPL"; rules/sisepai.md 8, 9).

A :class:`Session` holds one game state with the human at seat 0 and computer players at the
other seats. :meth:`Session.run` repeats: let the computer players act and apply the human's
forced answers (a single legal action, or one the game's rules give) until the human must
decide; show the table and the choices; read a command; hand it to its registered handler;
print what the handler returns. An illegal or mistyped command gets one line and changes
nothing.

The session is the loop only; three objects do the rest, one job each:

* :class:`~.keeper.SaveKeeper`: the deal file, save targets, autosave, overwrite confirmation;
* :class:`~.narrator.Narrator`: what the human has been told (seen events, the marks on the
  human's answers given without asking, ``log``);
* :class:`~.settings.Settings`: the game's on/off settings.

The session knows the engine's protocol (``to_act``, ``legal_actions``, ``parse_action``,
``push``, ``view``, ``visible_events``, ``result``, ``at_break``, ``next_round``) and asks the
game's :class:`~cardavia_cli.engine.ui.GameUI` for everything game-specific, including the
game's own commands and settings. Computer players and
``hint``/``auto`` only ever see ``state.view(seat)`` (through
:func:`~cardavia_cli.engine.agents.decide`).

Messages of the engine name seats by number (``seat 0, claim round on gC (drawn by seat 2)``);
the session presents them to the person at seat 0 in the second person (:func:`you_wording`).
"""

from __future__ import annotations

import logging
import secrets
import shutil
import signal
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.agents import Agent, decide, fallback_for
from cardavia_cli.engine.errors import (
    AmbiguousActionError,
    CardaviaError,
    CardError,
    InvalidActionError,
)
from cardavia_cli.engine.game import Event, GameInfo, GameState, Outcome
from cardavia_cli.engine.i18n import N_, _, ngettext, pgettext
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.engine.saves import SaveLock
from cardavia_cli.engine.search import SearchPlayer
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.engine.words import capital, said_action, seat_label
from cardavia_cli.games.deals import DealFile, new_game_state
from cardavia_cli.repl.commands import Command, Registry, is_number, names_of, session_registry
from cardavia_cli.repl.keeper import SaveKeeper
from cardavia_cli.repl.narrator import HUMAN, Narrator
from cardavia_cli.repl.output import Note, Paged, Pause, Problem, Reply
from cardavia_cli.repl.reader import Reader, take_warning
from cardavia_cli.repl.render import Renderer
from cardavia_cli.repl.settings import PACED_RUN, Settings, check_saved_settings, pace_from_env
from cardavia_cli.repl.text import toolbar_text, you_wording
from cardavia_cli.repl.words import fold, is_word, said_word, typed_line

log = logging.getLogger("cardavia.repl")

#: Random seeds for new deals are drawn below this, so that they are easy to read and retype.
SEED_RANGE = 1_000_000

#: The note for a deal left without being saved (a match: ``not_saved("match")``).
NOT_SAVED = N_("(this deal was not saved)")
NOT_SAVED_MATCH = N_("(this match was not saved)")


def not_saved(noun: str = "deal") -> str:
    """The note for a deal or match (``noun``) left without being saved."""
    return _(NOT_SAVED_MATCH) if noun == "match" else _(NOT_SAVED)


def is_yes(text: str) -> bool:
    """Whether ``text`` answers yes to a y/N question: ``y`` or ``yes`` (any case), or the
    language's letter or word for them."""
    # TRANSLATORS: the one-letter answer yes to a y/N question (the questions show it).
    letter = pgettext("answer", "y")
    typed = text.strip()
    return typed.lower() in ("y", "yes") or fold(typed) == fold(letter) or is_word(typed, "yes")


__all__ = [
    "HUMAN",
    "NOT_SAVED",
    "SEED_RANGE",
    "Control",
    "Session",
    "not_saved",
    "random_seed",
    "toolbar_text",
    "you_wording",
]


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """SIGINT blocked for the body (where the platform can, on the main thread); one that
    arrives meanwhile is delivered as it ends."""
    can = (
        hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    )
    if not can:
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


#: The commands that leave the computers' turn stopped by Ctrl-C waiting (they look or
#: leave); any other command, or Enter, lets it go on first.
_WAITING = frozenset({"help", "hand", "table", "log", "rules", "save", "quit"})


def random_seed() -> int:
    """A fresh seed for a deal started without ``--seed``."""
    return secrets.randbelow(SEED_RANGE)


def origin_of(header: DealFile) -> str:
    """Where a game comes from, for the intro: ``seed N`` or ``a given deck``."""
    return _("seed {seed}").format(seed=header.seed) if header.deck is None else _("a given deck")


class Session:
    """One REPL session: a game state, the computer players, the loop and the output.

    ``header`` is the deal as it started; ``save_to``, ``autosave`` and ``default_name`` go to
    the :class:`~.keeper.SaveKeeper` (``autosave``: save after each of the human's decisions,
    at breaks and at the end). ``replayed`` says the state was rebuilt from a file (a line
    saying so, shown at the start; of the replayed history only the story of the present
    moment is told again, from the hook's ``story_start``). ``origin`` says where the deal
    comes from in the intro (default ``seed N``, or ``a given deck``). A computer level at
    seat 0 of the header is replaced by the person, with a line saying so.

    The session holds ``save_to`` (``lock``, when the caller took the hold already) until it
    ends (:meth:`close`; :meth:`run` closes it whichever way it ends). ``farewell``: ``quit``
    on a terminal says goodbye (not in a game opened from the lobby, which takes over again).

    Raises ``ValueError`` when the game's hook registers a command name twice,
    :class:`~cardavia_cli.engine.saves.SaveInUseError` when another open game holds
    ``save_to`` (naming its process).
    """

    def __init__(
        self,
        info: GameInfo,
        ui: GameUI,
        header: DealFile,
        state: GameState,
        *,
        console: Console,
        save_to: Path | None = None,
        autosave: bool = False,
        replayed: str | None = None,
        origin: str | None = None,
        default_name: str | None = None,
        lock: SaveLock | None = None,
        farewell: bool = True,
    ) -> None:
        self.info = info
        self.farewell = farewell
        self.ui = ui
        self.settings = Settings(self.ui.settings)
        self._take_settings(header)
        self._notes: list[str] = []
        if header.seats[0] != "human":
            self._notes.append(
                _(
                    "You take seat 0 in place of the {level} computer player the file puts there."
                ).format(level=header.seats[0])
            )
        seats = ["human", *header.seats[1:]]
        own = header.with_actions([], seats=seats)
        self.keeper = SaveKeeper(
            own,
            save_to=save_to,
            autosave=autosave,
            default_name=default_name,
            saved=state.recorded_actions() if replayed else None,
            lock=lock,
        )
        self._keep_settings()
        self.agents: list[Agent] = make_agents(info, seats)
        self.helper: Agent = self.agents[HUMAN]
        #: The player whose move ``hint`` suggests: the strongest level of the game.
        self.adviser: Agent = info.agents["strong"]() if "strong" in info.agents else self.helper
        self._fallback = fallback_for(info)
        self._registry: Registry = session_registry(self.ui)
        self.renderer = Renderer(console)
        #: The pause between the lines of a long run of computer plays on a terminal
        #: (seconds; ``CARDAVIA_PACE``, ``set pace``).
        self.pace, problem = pace_from_env()
        if problem is not None:
            self._notes.append(problem)
        self.interactive = False
        self._quit = False
        #: A command refused once to be confirmed by typing it again (``quit``).
        self._armed: str | None = None
        #: The command waiting for the answer to its y/N question (``restart``).
        self._question: str | None = None
        self._failures: list[str] = []
        #: What :meth:`run` returns: 0, or 1 when the game was left with decisions that
        #: could not be saved.
        self._exit_code = 0
        self._start(state, origin=origin or origin_of(own), replayed=replayed)
        if replayed:
            # a resumed game: the counts its save kept of the decisions before this session
            self._auto = header.ledger.get("auto", 0)
            self._ruled = header.ledger.get("given", 0)
            self._auto_decisions = list(header.auto_decisions)
            self._keep_ledger()

    def _take_settings(self, header: DealFile) -> None:
        """Set the settings a save kept (``settings`` of the deal file). Raises
        :class:`~cardavia_cli.engine.errors.DealFileError` naming the file for a setting this
        game does not have."""
        check_saved_settings(list(self.settings.declared.values()), self.info.name, header)
        for name, value in header.settings.items():
            self.settings.set(name, value)

    def _keep_settings(self) -> None:
        """Write the settings that differ from their defaults into the header the saves are
        made from, so that a resumed game gets them back."""
        self.keeper.header.settings = {
            name: self.settings[name]
            for name, setting in self.settings.declared.items()
            if self.settings[name] != bool(setting.default)
        }

    def _keep_ledger(self) -> None:
        """Write the counts of the human's decisions made by ``auto`` and given by the rules
        into the header the saves are made from (the ``ledger`` table), and which decisions
        ``auto`` made (``auto_decisions``), so that a game saved and resumed is told to the
        scores ledger as it was played and its review grades only the player's moves."""
        self.keeper.header.ledger = {"auto": self._auto, "given": self._ruled}
        self.keeper.header.auto_decisions = list(self._auto_decisions)

    def _start(self, state: GameState, *, origin: str, replayed: str | None) -> None:
        """Take ``state`` as the game of the session (at the start, ``new`` and ``restart``)."""
        self.state = state
        self.origin = origin
        self._replayed = replayed
        self.narrator = Narrator(self.ui, state)
        self._warned: tuple[int, str] | None = None
        self._candidates: list[str] | None = None
        self._shown: tuple[Any, ...] | None = None
        self._outcome_shown = False
        #: A game already over when it opens (a finished save) was recorded when it ended.
        self._recorded = state.is_over
        #: The human's decisions made by ``auto`` in this session, and the answers the rules
        #: gave the human (``GameUI.auto_answer``), for the scores ledger.
        self._auto = 0
        self._ruled = 0
        #: Which of the human's real decisions ``auto`` made (numbered from 1): not graded.
        self._auto_decisions: list[int] = []
        self._keep_ledger()
        self._break_shown = False
        if replayed:
            self.narrator.start_story()

    # -- what the handlers and the completer ask ------------------------------------------------
    @property
    def registry(self) -> Registry:
        """The commands of this session (built from the game's hook)."""
        return self._registry

    @property
    def header(self) -> DealFile:
        """The deal or match as it started (the save keeper's)."""
        return self.keeper.header

    @property
    def noun(self) -> str:
        """What one game is called in messages: ``match`` for a game with breaks between
        rounds or deals, else ``deal``."""
        return "match" if self.ui.has_breaks else "deal"

    def _by_noun(self, deal: str, match: str) -> str:
        """``match`` in a game with breaks between rounds or deals, else ``deal``: two whole
        messages, one for each (:attr:`noun`)."""
        return match if self.ui.has_breaks else deal

    @property
    def quitting(self) -> bool:
        """Whether ``quit`` was accepted (the loop ends)."""
        return self._quit

    def view(self) -> Any:
        """The human seat's view of the table."""
        return self.state.view(HUMAN)

    def human_to_act(self) -> bool:
        """Whether the human must decide now."""
        st = self.state
        return not st.is_over and not st.at_break and st.to_act == HUMAN

    def legal_verbs(self) -> list[str]:
        """The game's action verbs with a legal use now (none when the human is not to act)."""
        return self.ui.legal_verbs(self.view()) if self.human_to_act() else []

    def _unknown(self, word: str) -> str:
        """The refusal of a word that is no command: the nearest command's name when the word
        looks like a typo of one (``dicsard``: did you mean discard?), as the command line
        does, the commands that make sense now first."""
        import difflib

        names = [n for c in self.offered_commands() for n in names_of(c)]
        names += [n for c in self.registry for n in (*names_of(c), *c.aliases) if n not in names]
        close = difflib.get_close_matches(word.lower(), names, n=1, cutoff=0.6)
        if close:
            return _(
                "unknown command {word} (did you mean {close}?): type help for the list of commands"
            ).format(word=repr(word), close=close[0])
        return _("unknown command {word}: type help for the list of commands").format(
            word=repr(word)
        )

    def offered_commands(self) -> list[Command]:
        """The commands that make sense now: the legal action verbs, then the interface ones."""
        legal = set(self.legal_verbs())
        return [c for c in self.registry if (c.verb in legal if c.action else c.is_available(self))]

    def pending_candidates(self) -> list[str] | None:
        """The readings of an ambiguous action waiting for a number, if any."""
        return self._candidates

    def control(self) -> Control:
        """The object handed to the game's own commands (``engine.ui.GameControl``)."""
        return Control(self)

    def unsaved(self) -> bool:
        """Whether the person took decisions since the last save (or the start)."""
        return self.keeper.unsaved()

    def deal_file(self) -> DealFile:
        """The game as a deal file (the header and the decisions so far)."""
        return self.keeper.deal_file(self.state)

    def default_save_name(self) -> str:
        """The name a bare ``save`` uses before any save target."""
        return self.keeper.default_save_name()

    def toolbar(self, width: int | None = None) -> str:
        """The bottom toolbar on a terminal, generated from the registry; shorter when the
        terminal (``width`` columns, by default the terminal's) is narrow."""
        if width is None:
            width = _terminal_width()
        offered = self.offered_commands()
        moves = [c.word or c.verb for c in offered if c.action]
        other = [c.word or c.verb for c in offered if not c.action]
        return toolbar_text(moves, other, width)

    def prompt_text(self) -> str:
        """The prompt on a terminal (a line reader prints none)."""
        if self._candidates is not None:
            return _("number or cancel > ")
        if self._question is not None:
            return _("y/N > ")
        if self.human_to_act():
            return self.ui.prompt(self.view())
        if self.state.at_break:
            return _("next > ")
        if self.state.is_over:
            return _("new or quit > ")
        return "> "

    # -- the loop ----------------------------------------------------------------------------
    def emit(self, reply: Reply) -> None:
        """Print a reply (through the one renderer)."""
        self.renderer.show(reply)

    def run(self, reader: Reader) -> int:
        """Play until ``quit`` or the end of input; returns the exit code: 0, or 1 when the
        game was left with decisions that its save could not hold (a write failed, e.g. a
        full disk, :meth:`SaveKeeper.lost`).

        Off a terminal the end of input saves nothing (cli.md); autosaves have already been
        written after each decision. On a terminal Ctrl-D is ``quit`` (an unsaved game in
        progress asks first), Ctrl-C cancels the line being typed and any question waiting
        for an answer (:meth:`interrupt`) and, at any stage of a computer's turn, stops it
        between two moves with the game going on (:meth:`_guarded`), and every game in progress
        is kept in an autosave of its own after each decision (:meth:`SaveKeeper.keep_backup`),
        so neither loses anything. However the loop ends (``quit``, the end of input, an
        exception), the session lets go of its saves (:meth:`close`).
        """
        try:
            return self._run(reader)
        finally:
            self.close()

    def close(self) -> None:
        """Let go of the saves this session holds, so that another REPL may open them."""
        self.keeper.close()

    def _run(self, reader: Reader) -> int:
        self.interactive = reader.interactive
        self.renderer.pager = reader.interactive
        self._quit = False
        if self.interactive:
            self.keeper.keep_backup()
        self.emit(self.opening())
        self._guarded(lambda: self.advance() + self._settle())
        warning = take_warning(reader)
        if warning is not None:
            self._guarded(lambda: [Problem(warning)])
        while not self._quit:
            self._guarded(self.before_prompt)
            try:
                line = reader.read(self.prompt_text())
            except EOFError:
                self._question = None
                if not self.interactive:
                    self.emit(self.end_of_input())
                    break
                # Ctrl-D on a terminal is quit: it asks first, as quit does
                self.emit(self.quit())
                continue
            except KeyboardInterrupt:
                # Ctrl-C cancels the line being typed and any question waiting for an answer;
                # the game is unchanged
                self._guarded(self.interrupt)
                continue
            self._guarded(partial(self.execute, line))
        return self._exit_code

    def _guarded(self, produce: Callable[[], Reply]) -> None:
        """Show what ``produce`` returns, with Ctrl-C taken at every stage: while it runs (a
        computer player choosing, ``auto all``: the run stops between two moves, a move is
        never cut in half, see :meth:`_push`) the moves made so far are told and kept, and
        the computers' turn waits for the next prompt (:meth:`resume`); while it is shown
        (a long run of computer plays printed at a pace) the rest is left to ``log``.
        Either way the game goes on, with a line saying so."""
        moves = len(self.state.history)
        try:
            reply = produce()
        except KeyboardInterrupt:
            played = len(self.state.history) != moves
            self._held(lambda: self.emit(self._stopped(played)))
            return
        try:
            self.emit(reply)
        except KeyboardInterrupt:
            note = _("Interrupted: the rest of what was played is in log.")
            self._held(lambda: self.emit(["", *self.interrupt(), Note(note, style="dim")]))

    def _held(self, body: Callable[[], None]) -> None:
        """Run ``body`` with Ctrl-C held back; one pressed meanwhile is dropped (it would
        stop what tells the person of the last one)."""
        try:
            with _uninterrupted():
                body()
        except KeyboardInterrupt:
            pass

    def _stopped(self, played: bool = True) -> Reply:
        """What is said after Ctrl-C stopped a command: the questions cancelled, the moves
        made before it (told as usual, and saved as after any command), and where the game
        stands: the human to play, or a computer's turn to go on at the next prompt.
        ``played``: whether any move was made (a ``hint`` stopped while thinking made none)."""
        out = self.interrupt()
        out.extend(self.narrator.narrate())
        out.extend(Note(f"({msg})", style="dim") for msg in self._failures)
        self._failures.clear()
        out.extend(self._settle())
        seat = self._waiting_seat()
        if seat is None:
            if not played and self.human_to_act():
                if not out:
                    out.append(Note(_("Cancelled; you are still to play."), style="dim"))
                return out
            out.append(Note(_("Stopped; log tells what was played."), style="dim"))
            return out
        label = seat_label(seat, HUMAN, partners=self.info.partnerships)
        said = _(
            "Stopped while {seat} was to play: the game waits; press Enter (or type a move, "
            "auto or hint) to go on."
        )
        out.append(Note(said.format(seat=label), style="dim"))
        return out

    def _waiting_seat(self) -> int | None:
        """The computer seat whose turn was stopped by Ctrl-C (the game waits for the next
        command to go on), else ``None``."""
        st = self.state
        if st.is_over or st.at_break or st.to_act is None or st.to_act == HUMAN:
            return None
        return st.to_act

    def resume(self) -> Reply:
        """Let the computer players go on when Ctrl-C stopped their turn (nothing otherwise)."""
        if self._waiting_seat() is None:
            return []
        return self.advance()

    def _decide(self, agent: Agent, thinking: str) -> Any:
        """``agent``'s action for the seat to act (failures told to the session); a search
        player's real decision shows ``thinking`` with a spinner on a terminal meanwhile."""
        st = self.state
        on_error = self._failures.append
        if not isinstance(agent, SearchPlayer) or st.is_forced():
            return decide(st, agent, self._fallback, on_error=on_error)
        with self.renderer.thinking(thinking):
            return decide(st, agent, self._fallback, on_error=on_error)

    def _push(self, action: Any) -> None:
        """Play ``action`` with Ctrl-C held back until it is played: an interrupt stops a
        run between two moves, never inside one."""
        with _uninterrupted():
            self.state.push(action)

    def begin(self) -> Reply:
        """The start: the intro, the automatic steps up to the human's first decision."""
        out = self.opening()
        out.extend(self.advance())
        out.extend(self._settle())
        return out

    def opening(self) -> Reply:
        """The intro of the game and the notes for the start (before any move)."""
        out: Reply = [self.ui.intro(self.view(), origin=self.origin, seats=self.header.seats)]
        if self._replayed:
            out.append(Note(self._replayed))
        out.extend(Note(note) for note in self._notes)
        self._notes = []
        out.append(
            Note(_("Type help for the commands; Tab completes verbs and cards."), style="dim")
        )
        return out

    def before_prompt(self) -> Reply:
        """What to show before reading a command: the status at a new decision point (with
        the forced answer a setting holds for the human to type)."""
        st = self.state
        key = (id(st), len(st.history), st.at_break, st.is_over)
        if key == self._shown:
            return []
        self._shown = key
        if self.human_to_act():
            out: Reply = [self.ui.status(self.view())]
            held = self.settings.holding_forced()
            forced = st.forced_action() if held else None
            if forced is not None:
                held = [said_word(name) or name for name in held]
                off = (
                    held[0]
                    if len(held) == 1
                    else _("{names} and {last}").format(names=", ".join(held[:-1]), last=held[-1])
                )
                text = _("Your only move: {action} (type it; {setting} is off).")
                out.append(Note(text.format(action=said_action(forced), setting=off), style="dim"))
            return out
        if st.at_break:
            if self.interactive:
                return [Note(_("Type next (or press Enter) to go on."), style="dim")]
            return [Note(_("Type next to go on."), style="dim")]
        return []

    def end_of_input(self) -> Reply:
        """The end of piped input: nothing is saved (cli.md); a note says so if decisions are
        lost. (On a terminal the end of input, Ctrl-D, is :meth:`quit`.)"""
        if self.keeper.lost(self.state):
            self._exit_code = 1
            return [Problem(self.keeper.backup_note(self.state) or not_saved(self.noun))]
        unsaved = self.keeper.left_unsaved(self.state)
        return [Note(not_saved(self.noun), style="dim")] if unsaved else []

    def execute(self, line: str) -> Reply:
        """Run one command line; never raises for bad input. After the command, the outcome
        of a game that has just ended is shown and autosave runs."""
        text = typed_line(line)
        if self._question is not None:
            return self._answer(text) + self._settle()
        word, _sep, rest = text.partition(" ")
        rest = rest.strip()
        number = is_number(word)
        cmd = None if number or not text else self.registry.lookup(word)
        if self._waiting_seat() is not None and (cmd is None or cmd.verb not in _WAITING):
            # the computers' turn that Ctrl-C stopped goes on first
            resumed = self.resume() + self._settle()
            return resumed + (self.execute(line) if text else [])
        if not text:
            if self.interactive and self.state.at_break:
                return self.next_round() + self._settle()
            return []
        if cmd is None or cmd.verb != self._armed:
            self._armed = None
        if cmd is None or cmd.verb != "save":
            self.keeper.overwrite_armed = None
        try:
            if number:
                reply = self.pick(int(word), rest)
            elif cmd is None:
                return [Problem(self._unknown(word))]
            elif rest and not cmd.action and not cmd.takes_args:
                return [cmd.usage_problem()]
            else:
                if cmd.action:
                    self._candidates = None
                reply = cmd.handler(self, rest)
            return [self._present(item) for item in reply] + self._settle()
        except CardaviaError as exc:
            return [Problem(you_wording(exc))]
        except Exception as exc:  # noqa: BLE001 - the REPL never ends on a traceback
            log.debug("command %r failed", text, exc_info=True)
            return [
                Problem(
                    _("internal error on {line}: {kind}: {error}").format(
                        line=repr(text), kind=type(exc).__name__, error=exc
                    )
                )
            ]

    @staticmethod
    def _present(item: Any) -> Any:
        """A refusal as said to the person at seat 0 (engine messages name seat numbers)."""
        return Problem(you_wording(item.text)) if isinstance(item, Problem) else item

    def _settle(self) -> Reply:
        """After a command: the outcome of a game that has just ended (once), and autosave."""
        out: Reply = []
        st = self.state
        # the files first: the ledger names the one that holds the finished game
        kept = self.keeper.autosave_now(st)
        backup_problems = self.keeper.backup_now(st)
        kept.extend(backup_problems)
        if st.is_over and not self._outcome_shown:
            self._outcome_shown = True
            outcome = st.result()
            if outcome is not None:
                out.append(self.ui.outcome(self.view(), outcome))
                out.extend(self._record(outcome, backup_written=not backup_problems))
            another = self._by_noun(
                _("Type new for another deal, or quit."), _("Type new for another match, or quit.")
            )
            out.append(Note(another, style="dim"))
        out.extend(kept)
        return out

    def _record(self, outcome: Outcome, *, backup_written: bool = True) -> Reply:
        """Add the game just finished to the scores ledger (once), with the save that holds
        it: the file saved after each decision, else this game's autosave once it holds the
        end (``backup_written``), else none."""
        if self._recorded:
            return []
        self._recorded = True
        from cardavia_cli.engine.ledger import record_finished
        from cardavia_cli.engine.saves import resume_name

        keeper = self.keeper
        # the save that replays it: one written after each decision holds the end too
        kept = keeper.save_to if keeper.autosave else None
        if kept is None and backup_written and keeper.backed_up():
            kept = keeper.backup  # the game's own autosave, written just now with the end
        # the human seat's decisions: neither forced nor given by the rules in this session
        mine = [r for r in self.state.history if r.seat == HUMAN and not r.forced]
        problem = record_finished(
            self.info.name,
            list(self.header.seats),
            outcome,
            self.state.partial_result(),
            keeper.deal_file(self.state).to_toml(),
            "repl",
            auto=self._auto,
            decisions=max(len(mine) - self._ruled, self._auto),
            save=None if kept is None else resume_name(kept.absolute()),
        )
        return [Problem(problem)] if problem is not None else []

    # -- the game moving on ------------------------------------------------------------------
    def advance(self) -> Reply:
        """Apply the computer players' decisions and the human's forced or rule-given answers
        until the human must decide, a break (on a terminal; off one the match goes on past
        it, cli.md: a pipe never waits) or the end; returns the narration."""
        return self._play(through_breaks=not self.interactive, summary=False)

    def play_on(self, through_breaks: bool, summary: bool) -> Reply:
        """Let the game move on while the human does not decide (``engine.ui.GameControl``):
        from a break, the next round starts first; ``through_breaks`` goes on past later
        breaks; ``summary`` tells one line per finished round instead of every event."""
        if self.state.is_over:
            return []
        if self.state.at_break:
            self.state.next_round()
            self._break_shown = False
        return self._play(through_breaks=through_breaks, summary=summary)

    def _play(self, *, through_breaks: bool, summary: bool) -> Reply:
        st = self.state
        out: Reply = []
        while not st.is_over:
            if st.at_break:
                if not self._break_shown:
                    out.extend(self._round_told(summary))
                    self._break_shown = True
                if not through_breaks:
                    break
                st.next_round()
                self._break_shown = False
                continue
            seat = st.to_act
            if seat is None:
                break
            if seat != HUMAN:
                label = capital(seat_label(seat, HUMAN, partners=self.info.partnerships))
                thinking = _("{Seat} is thinking...").format(Seat=label)
                self._push(self._decide(self.agents[seat], thinking))
                continue
            if not self.settings.forced_automatic:
                break
            forced = st.forced_action()
            if forced is not None:
                self._push(forced)
                continue
            answer = self.ui.auto_answer(self.view())
            if answer is not None:
                self.narrator.given(len(st.history))
                self._ruled += 1
                self._keep_ledger()
                self._push(st.parse_action(answer))
                continue
            break
        if summary:
            if st.is_over and not self._break_shown:
                out.extend(self._round_told(summary))
                self._break_shown = True
            self.narrator.skip()
        else:
            out.extend(self._paced(self.narrator.narrate()))
        out.extend(Note(f"({msg})", style="dim") for msg in self._failures)
        self._failures.clear()
        return out

    def _round_told(self, summary: bool) -> Reply:
        """A finished round: its summary line, or the narration and the hook's round end."""
        if summary:
            self.narrator.skip()
            return [self.ui.round_summary(self.view())]
        return [*self._paced(self.narrator.narrate()), self.ui.round_end(self.view())]

    def _paced(self, lines: Reply) -> Reply:
        """``lines`` of narration with a :class:`~.output.Pause` of :attr:`pace` between them
        when they are a long run (more than ``PACED_RUN`` lines) in a session on a terminal
        (the renderer pauses only when its console is a terminal too)."""
        if not self.interactive or self.pace <= 0 or len(lines) <= PACED_RUN:
            return lines
        out: Reply = []
        for i, line in enumerate(lines):
            if i:
                out.append(Pause(self.pace))
            out.append(line)
        return out

    def set_pace(self, seconds: float | None) -> Reply:
        """``set pace [SECONDS]``: show the pace of computer plays, or set it (0: no pause)."""
        if seconds is None:
            if not self.pace:
                return [Note(_("pace is off (on a terminal only)."))]
            text = _("pace is {seconds} s between the lines of a long run (on a terminal only).")
            return [Note(text.format(seconds=f"{self.pace:g}"))]
        self.pace = seconds
        if not seconds:
            return [Note(_("pace is now off."))]
        return [Note(_("pace is now {seconds} s.").format(seconds=f"{seconds:g}"))]

    # -- commands ----------------------------------------------------------------------------
    def _not_deciding(self) -> Problem:
        st = self.state
        if st.is_over:
            return Problem(
                self._by_noun(
                    _("the deal is over: type new for another deal, or quit"),
                    _("the match is over: type new for another match, or quit"),
                )
            )
        if st.at_break:
            return Problem(_("this round is over: type next to go on"))
        return Problem(_("it is not your turn (seat {n} is to play)").format(n=st.to_act))

    def act(self, text: str) -> Reply:
        """Play the action ``text`` for the human (checked by the game's parser and, once, by
        the hook's safeguard); then the game moves on."""
        if not self.human_to_act():
            return [self._not_deciding()]
        st = self.state
        try:
            action = st.parse_action(self._numbered(self.ui.expand(self.view(), text)))
        except AmbiguousActionError as exc:
            if self.interactive and exc.candidates:
                self._candidates = list(exc.candidates)
                grid = Table.grid(padding=(0, 2))
                for i, cand in enumerate(exc.candidates, 1):
                    grid.add_row(Text(f"{i})", style="bold"), Text(said_action(cand)))
                prompt = Note(_("Type a number, or cancel."), style="dim")
                return [Note(you_wording(exc)), grid, prompt]
            listed = ", ".join(exc.candidates)
            if listed and listed not in str(exc):
                return [
                    Problem(
                        _("{error} (write one of: {choices})").format(error=exc, choices=listed)
                    )
                ]
            return [Problem(str(exc))]
        warning = self.ui.safeguard(self.view(), action)
        key = (len(st.history), str(action))
        if warning is not None and self._warned != key:
            self._warned = key
            return [Problem(warning)]
        self._warned = None
        if st.is_forced():
            self.narrator.typed_forced(len(st.history))
        else:
            self.keeper.decided()
        self._push(action)
        return self.advance()

    def _numbered(self, text: str) -> str:
        """``VERB N`` read as the ``N``-th listed choice when that choice is a ``VERB``
        action and the game does not read ``VERB N`` itself (``discard 3``: the third card of
        the numbered discards; ``discard 3 5`` the third and fifth at once); else ``text`` as
        it is."""
        verb, _sep, rest = text.strip().partition(" ")
        rest = rest.strip()
        numbers = rest.split()
        if len(numbers) > 1 and all(is_number(w) for w in numbers):
            # several numbered choices of one verb at once (discard 4 5): their words joined
            return " ".join(
                [verb, *(self._numbered(f"{verb} {w}").split(" ", 1)[1] for w in numbers)]
            )
        if not is_number(rest):
            return text
        try:
            self.state.parse_action(text)
        except (InvalidActionError, CardError):
            pass
        except CardaviaError:
            return text
        else:
            return text
        choices = self.ui.choices(self.view())
        n = int(rest)
        if 1 <= n <= len(choices) and choices[n - 1].split(" ", 1)[0] == verb.lower():
            return choices[n - 1]
        # a number, but none of the listed choices of this verb (that takes words after it)
        listed = [i for i, c in enumerate(choices, 1) if c.startswith(f"{verb.lower()} ")]
        if listed:
            raise InvalidActionError(
                _(
                    "{verb} {n}: there is no such choice; the {verb} choices are numbered "
                    "{first} to {last}, or type one as it is listed ({example})"
                ).format(
                    verb=verb, n=n, first=listed[0], last=listed[-1], example=choices[listed[0] - 1]
                )
            )
        return text

    def pick(self, number: int, rest: str = "") -> Reply:
        """Answer with the ``number``-th listed choice (or reading of an ambiguous action)."""
        if rest:
            return [Problem(_("type just the number, e.g. {n}").format(n=number))]
        if self._candidates is not None:
            choices = self._candidates
        elif self.human_to_act():
            choices = self.ui.choices(self.view())
        else:
            return [self._not_deciding()]
        if not choices:
            return [Problem(_("there is no numbered choice now: type a command (help lists them)"))]
        if not 1 <= number <= len(choices):
            return [Problem(_("choose a number from 1 to {n}").format(n=len(choices)))]
        self._candidates = None
        return self.act(choices[number - 1])

    def cancel(self) -> Reply:
        """Drop a pending numbered choice."""
        if self._candidates is None:
            return [Problem(_("there is nothing to cancel"))]
        self._candidates = None
        return [Note(_("Cancelled; you are still to play."))]

    def pending(self) -> list[str]:
        """The questions waiting for an answer: ``reading`` (an ambiguous play's number),
        ``quit`` and ``restart`` (typed again to confirm), ``save`` (typed again to
        overwrite another game's save), ``warning`` (an action the game warned about, typed
        again to play it)."""
        waiting = []
        if self._candidates is not None:
            waiting.append("reading")
        if self._armed is not None:
            waiting.append(self._armed)
        if self.keeper.overwrite_armed is not None:
            waiting.append("save")
        if self._warned is not None:
            waiting.append("warning")
        if self._question is not None and self._question not in waiting:
            waiting.append(self._question)
        return waiting

    def interrupt(self) -> Reply:
        """Ctrl-C: cancel every question waiting for an answer (:meth:`pending`) and go back to
        the main prompt; nothing in the game changes. Says so when something was cancelled."""
        waiting = self.pending()
        self._question = None
        self._candidates = None
        self._armed = None
        self.keeper.overwrite_armed = None
        self._warned = None
        if not waiting:
            return []
        if self.human_to_act():
            return [Note(_("Cancelled; you are still to play."), style="dim")]
        return [Note(_("Cancelled."), style="dim")]

    def hint(self) -> Reply:
        """The strongest computer player's choice for the human's seat, the hook's advice,
        and, from a search, the estimated win chance of the best options it compared."""
        if not self.human_to_act():
            return [self._not_deciding()]
        adviser = self.adviser
        suggestion = self._decide(adviser, _("Thinking..."))
        out: Reply = [self.ui.hint(self.view(), suggestion)]
        if isinstance(adviser, SearchPlayer) and adviser.last is not None:
            out.extend(self._search_notes(adviser, suggestion))
        return out

    def review(self, start: int = 1, samples: int | None = None) -> Reply:
        """``review``: the decisions of the human seat graded by the strong player's search
        (:func:`~cardavia_cli.engine.review.review_game`) over ``samples`` sampled deals per
        decision (``None``: the level's own), from its decision ``start`` (1 is
        the first), once the game is over (with the replays of the deck with the computer in
        the seat) or at a break (what has been played); while a deal is being played, or for
        a ``start`` the game does not reach, one line saying so."""
        from rich.console import Group

        from cardavia_cli.engine.errors import CardaviaError
        from cardavia_cli.engine.review import HUMAN, graded_plies, review_game, start_problem
        from cardavia_cli.games import game_title
        from cardavia_cli.repl.review import review_renderables

        st = self.state
        if not (st.is_over or st.at_break):
            return [
                Problem(
                    self._by_noun(
                        _("review grades a finished deal: play this one out first"),
                        _(
                            "review grades the deals or rounds played so far, at a break or "
                            "once the match is over: play this one out first"
                        ),
                    )
                )
            ]

        def skip(view: Any) -> bool:
            return self.ui.auto_answer(view) is not None

        graded = graded_plies(self.info, self.header, st, seat=HUMAN, skip=skip)
        problem = start_problem(start, len(graded))
        if problem is not None:
            return [Problem(problem)]

        with self.renderer.progress(_("Reviewing your decisions...")) as told:

            def progress(stage: str, done: int, total: int) -> None:
                if stage == "decisions":
                    told(
                        _("Reviewing your decisions... {done} of {total}").format(
                            done=done, total=total
                        )
                    )
                else:
                    told(_("Replaying the deck with {level} in your seat...").format(level=stage))

            try:
                result = review_game(
                    self.info,
                    self.header,
                    st,
                    samples=samples,
                    start=start,
                    skip=skip,
                    progress=progress,
                )
            except CardaviaError as exc:
                return [Problem(str(exc))]
        frame = None
        if self.renderer.console.is_terminal:
            from rich import box

            frame = box.ROUNDED
        items = review_renderables(result, self.ui, game_title(self.info.name), frame=frame)
        return [Paged(Group(*items))]

    def _search_notes(self, adviser: SearchPlayer, suggestion: Any) -> Reply:
        """The search's estimates behind a hint: the win chance of the best options compared
        (at most three), and basic's move when the search chose another."""
        report = adviser.last
        assert report is not None
        if report.samples == 0 or len(report.estimates) < 2:
            return []
        preferred = report.estimates[0].action
        first = [e for e in report.estimates if e.action == suggestion]
        if suggestion != preferred:
            first.append(report.estimates[0])
        rest = sorted((e for e in report.estimates if e not in first), key=lambda e: -e.mean)
        best = (first + rest)[:3]
        parts = [
            _("{action} {percent}%").format(
                action=said_action(e.action), percent=f"{100 * e.chance:.0f}"
            )
            for e in best
        ]
        line = ngettext(
            "Win chance by {n} sampled deal of the hidden cards: {options}",
            "Win chance by {n} sampled deals of the hidden cards: {options}",
            report.samples,
        ).format(n=report.samples, options=_("; ").join(parts))
        out: Reply = [Note(line, style="dim")]
        higher = [e for e in best[1:] if round(100 * e.chance) > round(100 * best[0].chance)]
        if higher:
            out.append(Note(self._why_not_higher(best[0], higher[0], report.samples), style="dim"))
        if suggestion != preferred:
            said = _("(clearly better than basic's {action})").format(action=said_action(preferred))
            chosen, basic = first[0], report.estimates[0]
            if round(100 * chosen.chance) == round(100 * basic.chance):
                # the same win chance: the search saw a better margin (resti, levels)
                said = _(
                    "(clearly better than basic's {action}: the same chance of winning, "
                    "a better margin)"
                ).format(action=said_action(preferred))
            out.append(Note(said, style="dim"))
        return out

    def _why_not_higher(self, chosen: Any, higher: Any, samples: int) -> str:
        """Why the hint keeps ``chosen`` beside ``higher``, an option shown with a higher win
        chance (search estimates), in a player's words: it scores no better on average (a
        narrower win, a wider loss: the margin counts), or it is ahead by less than the
        sampled deals can tell from luck (the search keeps basic's move until another is
        clearly better)."""
        if higher.mean <= chosen.mean:
            return _(
                "{other} wins a little more often in these deals, but {move} does better on "
                "average: its wins are bigger and its losses smaller."
            ).format(other=said_action(higher.action), move=said_action(chosen.action))
        return ngettext(
            "{other} is ahead by less than {n} sampled deal can tell from luck: the hint stays "
            "with {move} until another move is clearly better.",
            "{other} is ahead by less than {n} sampled deals can tell from luck: the hint stays "
            "with {move} until another move is clearly better.",
            samples,
        ).format(other=said_action(higher.action), move=said_action(chosen.action), n=samples)

    def auto(self, every: bool = False) -> Reply:
        """Let the basic computer player decide for the human: once, or (``every``) until the
        deal ends or a break, on a terminal and in a pipe alike (``auto all`` never plays on
        past a break: ``next`` goes on). Typed at a break, it goes on first, as ``next``.
        Each real decision counts as made by ``auto`` in the scores ledger."""
        out: Reply = []
        if self.state.at_break and not self.state.is_over:
            out.extend(self.next_round())
        if not self.human_to_act():
            return out or [self._not_deciding()]
        st = self.state
        while self.human_to_act():
            action = decide(st, self.helper, self._fallback)
            said = _("You (auto): {action}").format(action=self.ui.describe(self.view(), action))
            out.append(Note(said, style="dim"))
            self._warned = None
            self.keeper.decided()
            if not st.is_forced():
                self._auto += 1  # a real decision (the ledger counts no forced answer)
                mine = sum(1 for r in st.history if r.seat == HUMAN and not r.forced)
                self._auto_decisions.append(mine + 1)
                self._keep_ledger()
            self._push(action)
            if not every:
                out.extend(self.advance())
                break
            # a break stops it wherever `next` goes on (a UI without breaks has no `next`:
            # off a terminal its match plays on, as advance does)
            stop = self.interactive or self.ui.has_breaks
            out.extend(self._play(through_breaks=not stop, summary=False))
        return out

    def auto_match(self) -> Reply:
        """``auto match``: :meth:`auto` ``all`` again at each break until the match is over,
        each deal told as ``auto all`` tells it (one command for a whole Guandan match, not
        one per deal)."""
        out: Reply = []
        while True:
            before = (len(self.state.history), self.state.rounds_finished)
            told = self.auto(every=True)
            out.extend(told)
            st = self.state
            moved = (len(st.history), st.rounds_finished) != before
            if st.is_over or not moved or not (st.at_break or self.human_to_act()):
                break
        return out

    def log(self, last: int | None = None, *, raw: bool = False) -> Reply:
        """``log [raw] [N]``: what the human has seen happen (:meth:`Narrator.log`)."""
        return self.narrator.log(last, raw=raw)

    def rules(self, topic: str | None = None) -> Reply:
        """``rules [TOPIC]``: the game's rules for players (through a pager on a terminal), or
        the section a number or title words name (:func:`~cardavia_cli.games.rulebook.
        find_section`); an unknown topic is one problem line naming nearby sections."""
        from cardavia_cli.games import rules_text
        from cardavia_cli.games.rulebook import UnknownTopicError, find_section

        text = rules_text(self.info.name)
        if topic is None or not topic.strip():
            return [Paged(Markdown(text))]
        try:
            english = rules_text(self.info.name, "en")
            return [Markdown(find_section(text, topic, english=english).text)]
        except UnknownTopicError as exc:
            return [Problem(str(exc))]

    def save(self, name: str | None = None) -> Reply:
        """``save [NAME]`` (:meth:`SaveKeeper.save`)."""
        return self.keeper.save(self.state, name)

    def switch(self, name: str, value: bool | None) -> Reply:
        """``NAME [on|off]`` of a setting: show it, or set it (turning on a setting that
        held a forced answer applies it now)."""
        word = said_word(name) or name
        if value is None:
            shown = _("{name} is on.") if self.settings[name] else _("{name} is off.")
            return [Note(shown.format(name=word))]
        self.settings.set(name, value)
        self._keep_settings()
        now = _("{name} is now on.") if value else _("{name} is now off.")
        out: Reply = [Note(now.format(name=word))]
        out.extend(self.advance())
        return out

    def new_game(self, seed: int | None = None) -> Reply:
        """``new [SEED]``: a new deal or match with the same computer players (once this one
        is over)."""
        if not self.state.is_over:
            if self.ui.has_breaks:
                return [
                    Problem(
                        _(
                            "this match is not over: play it out, type restart to abandon it, "
                            "or quit"
                        )
                    )
                ]
            return [
                Problem(_("this deal is not over: play it out (auto all plays it for you) or quit"))
            ]
        return self._fresh(seed)

    def restart(self, confirmed: bool = False) -> Reply:
        """``restart [yes]``: abandon the match, at a break or in the middle of a round, for a
        new one from a new random seed with the same seats. On a terminal a match not over is
        abandoned only after a yes to the question it asks (y/N: anything else keeps it), at
        its first decision too, as everywhere else; ``restart yes`` and piped input do not
        ask."""
        st = self.state
        if self.interactive and not st.is_over and not confirmed:
            self._question = "restart"
            if not self.keeper.left_unsaved(st):
                question = self._by_noun(
                    _("Abandon this deal and start a new one? y/N"),
                    _("Abandon this match and start a new one? y/N"),
                )
            elif self.keeper.backed_up():
                question = self._by_noun(
                    _("Abandon this deal (the autosave keeps it) and start a new one? y/N"),
                    _("Abandon this match (the autosave keeps it) and start a new one? y/N"),
                )
            else:
                question = self._by_noun(
                    _("Abandon this deal (it is not saved) and start a new one? y/N"),
                    _("Abandon this match (it is not saved) and start a new one? y/N"),
                )
            return [Note(question)]
        return self._fresh(None)

    def _answer(self, text: str) -> Reply:
        """The answer to the question :meth:`restart` asked: ``y``/``yes`` (any case) goes
        on, anything else keeps the game."""
        self._question = None
        if is_yes(text):
            return self.restart(confirmed=True)
        return [Note(self._by_noun(_("Kept this deal."), _("Kept this match.")))]

    def _fresh(self, seed: int | None) -> Reply:
        seed = random_seed() if seed is None else seed
        header = DealFile(game=self.info.name, seed=seed, seats=list(self.header.seats))
        state = new_game_state(header)
        self._notes.extend(self.keeper.start_over(header, self.noun))
        self._keep_settings()
        self._start(state, origin=origin_of(header), replayed=None)
        return self.begin()

    def next_round(self) -> Reply:
        """``next``: go on from a break between rounds or deals of a match."""
        if not self.state.at_break:
            return [Problem(_("there is no break to go on from"))]
        self.state.next_round()
        self._break_shown = False
        return self.advance()

    def quit(self) -> Reply:
        """``quit``: leave (on a terminal, an unsaved game in progress asks to confirm once)."""
        if self.interactive and self.keeper.left_unsaved(self.state) and self._armed != "quit":
            self._armed = "quit"
            from cardavia_cli.engine.saves import resume_name

            backup = self.keeper.backup
            failing = self.keeper.failing()
            if self.keeper.lost(self.state) and failing is not None:
                refusal = _(
                    "your last decisions could not be saved to {name} ({why}): type save "
                    "OTHERNAME to keep them elsewhere, or quit (or Ctrl-D) again to leave "
                    "without them"
                ).format(name=failing[0], why=failing[1])
            elif self.keeper.backed_up() and backup is not None:
                refusal = self._by_noun(
                    _(
                        "this deal has no save of its own (only the autosave {name} keeps it: "
                        "cardavia resume {name}): type save [NAME] first, or quit (or Ctrl-D) "
                        "again to leave"
                    ),
                    _(
                        "this match has no save of its own (only the autosave {name} keeps it: "
                        "cardavia resume {name}): type save [NAME] first, or quit (or Ctrl-D) "
                        "again to leave"
                    ),
                ).format(name=resume_name(backup))
            else:
                refusal = self._by_noun(
                    _(
                        "this deal is not saved: type save [NAME] first, or quit (or Ctrl-D) "
                        "again to leave"
                    ),
                    _(
                        "this match is not saved: type save [NAME] first, or quit (or Ctrl-D) "
                        "again to leave"
                    ),
                )
            return [Problem(refusal)]
        self._quit = True
        if self.keeper.lost(self.state):
            # decisions that no file holds: said, and the exit status says it too
            self._exit_code = 1
            said: Reply = [Problem(self.keeper.backup_note(self.state) or not_saved(self.noun))]
            return said + ([Note(_("Goodbye."))] if self.interactive and self.farewell else [])
        if self.interactive:
            kept = self.keeper.backup_note(self.state)
            bye: Reply = [Note(_("Goodbye."))] if self.farewell else []
            return [Note(kept), *bye] if kept else bye
        if self.keeper.left_unsaved(self.state):
            return [Note(not_saved(self.noun), style="dim")]
        return []


class Control:
    """The :class:`~cardavia_cli.engine.ui.GameControl` of a session, handed to the game's own
    commands."""

    __slots__ = ("_session",)

    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def view(self) -> Any:
        return self._session.view()

    @property
    def events(self) -> Sequence[Event]:
        return self._session.narrator.events()

    @property
    def settings(self) -> Mapping[str, bool]:
        return self._session.settings

    @property
    def human_to_act(self) -> bool:
        return self._session.human_to_act()

    @property
    def at_break(self) -> bool:
        return self._session.state.at_break

    @property
    def is_over(self) -> bool:
        return self._session.state.is_over

    def play_on(self, through_breaks: bool, summary: bool) -> list[Any]:
        return list(self._session.play_on(through_breaks, summary))


def _terminal_width() -> int:
    """The width of the terminal prompt_toolkit draws on (else of standard output)."""
    try:
        from prompt_toolkit.application import get_app_or_none

        app = get_app_or_none()
        if app is not None:
            return app.output.get_size().columns
    except Exception:  # noqa: BLE001 - the toolbar must never break the prompt
        pass
    return shutil.get_terminal_size().columns
