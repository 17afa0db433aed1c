"""The REPL loop, written once for every game (cli.md "The REPL"; rules/sisepai.md 8, 9).

A :class:`Session` holds one game state with the human at seat 0 and computer players at the
other seats. :meth:`Session.run` repeats: let the computer players act and apply the forced
answers (a single legal action, rules 8.1 and 9) until the human must decide; show the table
and the choices; read a command; hand it to its registered handler; print what the handler
returns. An illegal or mistyped command gets one line and changes nothing.

The session knows the engine's protocol (``to_act``, ``legal_actions``, ``parse_action``,
``apply``, ``view``, ``visible_events``, ``result``) and asks the game's UI hook
(:mod:`.hooks`) for everything game-specific. Computer players and ``hint``/``auto`` only ever
see ``state.view(seat)`` (through :func:`~cardavia_cli.engine.agents.decide`).

Saves are deal files (cli.md): the deal's header (game, seed, deck if one was given, dealer if
one was given, seats, match keys) plus the decisions so far, written atomically. A save never
replaces another game's file without asking: ``save NAME`` onto an existing file that this
session did not write or resume from is refused once (:mod:`.saves`).

Messages of the engine name seats by number (``seat 0, claim round on gC (drawn by seat 2)``);
the session presents them to the person at seat 0 in the second person (:func:`you_wording`).
"""

from __future__ import annotations

import logging
import re
import secrets
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.agents import Agent, decide
from cardavia_cli.engine.errors import AmbiguousActionError, CardaviaError
from cardavia_cli.engine.game import GameInfo, GameState
from cardavia_cli.engine.numbers import parse_int
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games.deals import DealFile, new_game_state, save_atomic
from cardavia_cli.repl.commands import BUILTINS, Command, Registry
from cardavia_cli.repl.hooks import ActionVerb, Candidate, GameUI
from cardavia_cli.repl.output import Note, Paged, Problem, Reply
from cardavia_cli.repl.reader import Reader
from cardavia_cli.repl.render import Renderer
from cardavia_cli.repl.saves import (
    SaveTargetError,
    existing_save,
    prepare_folder,
    resume_name,
    same_file,
    save_target,
)

log = logging.getLogger("cardavia.repl")

#: The human's seat (cli.md: you at seat 0 against three computer players).
HUMAN = 0
#: Random seeds for new deals are drawn below this, so that they are easy to read and retype.
SEED_RANGE = 1_000_000


#: The note for a deal left without being saved.
NOT_SAVED = "(this deal was not saved)"


def random_seed() -> int:
    """A fresh seed for a deal started without ``--seed``."""
    return secrets.randbelow(SEED_RANGE)


def you_wording(message: str, seat: int = HUMAN) -> str:
    """An engine message as said to the person at ``seat``: a leading ``seat N, `` context
    is dropped, ``by seat N`` becomes ``by you`` and ``seat N's`` becomes ``your``.

    >>> you_wording("seat 0, claim round on gC (drawn by seat 2): gC x2 is not in the hand")
    'claim round on gC (drawn by seat 2): gC x2 is not in the hand'
    >>> you_wording("seat 1, claim round on gC (drawn by seat 0): nope")
    'seat 1, claim round on gC (drawn by you): nope'
    """
    text = re.sub(rf"^[Ss]eat {seat}, ", "", message)
    text = re.sub(rf"\bby seat {seat}\b", "by you", text)
    text = re.sub(rf"\bseat {seat}'s\b", "your", text)
    return text


def toolbar_text(moves: Sequence[str], others: Sequence[str], width: int) -> str:
    """The bottom toolbar, as much of it as fits in ``width`` columns: the legal moves, the
    other commands and a tip; shorter forms on a narrow terminal."""
    move = "your move: " + " ".join(moves) if moves else ""
    short_move = " ".join(moves)
    rest = " ".join(others)
    shapes = [
        [move, rest, "Tab completes"],
        [move, rest],
        [move, "help lists the commands"],
        [short_move, "help"],
        [short_move or "help"],
    ]
    texts = [" " + "  |  ".join(p for p in parts if p) for parts in shapes]
    texts[3] = " " + " | ".join(p for p in shapes[3] if p)
    room = max(width - 1, 1)
    for text in texts:
        if len(text) <= room:
            return text
    last = texts[-1]
    return last[: room - 1] + "…" if room > 1 else last[:room]


def rules_section(text: str, section: str) -> str | None:
    """The part of a Markdown rules text under the heading numbered ``section`` (``"8"``,
    ``"8.1"``), up to the next heading of the same or a higher level; ``None`` if absent."""
    lines = text.splitlines()
    pattern = re.compile(rf"^(#+)\s+{re.escape(section.rstrip('.'))}\.?(\s|$)")
    for i, line in enumerate(lines):
        m = pattern.match(line)
        if m:
            level = len(m.group(1))
            end = len(lines)
            for j in range(i + 1, len(lines)):
                h = re.match(r"^(#+)\s", lines[j])
                if h and len(h.group(1)) <= level:
                    end = j
                    break
            return "\n".join(lines[i:end]).strip()
    return None


class Session:
    """One REPL session: a game state, the computer players, the saves and the output.

    ``header`` is the deal as it started (its ``actions`` are ignored: a save holds the
    state's decisions). ``save_to`` is the target of ``save`` without a name; with
    ``autosave`` the deal is saved there after each of the human's decisions and at its end.
    ``replayed`` says the state was rebuilt from a file (a line saying so, shown at the start;
    of the replayed history only the story of the present moment is told again, from the UI's
    ``story_start``). ``origin`` says where the deal comes from in the intro (default ``seed N``,
    or ``a given deck``). ``default_name`` is the save name of a bare ``save`` before any
    target (default ``GAME-SEED``; the stem of the file the deal came from).
    A computer level at seat 0 of the header is replaced by the person,
    with a line saying so. ``save_to`` is also the file the session owns: saving there never
    asks (see :meth:`save`).
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
    ) -> None:
        self.info = info
        self.ui = ui
        self._notes: list[str] = []
        if header.seats[0] != "human":
            self._notes.append(
                f"You take seat 0 in place of the {header.seats[0]} computer player "
                "the file puts there."
            )
        seats = ["human", *header.seats[1:]]
        self.header = DealFile(
            game=header.game,
            seed=header.seed,
            deck=list(header.deck) if header.deck is not None else None,
            dealer=header.dealer,
            seats=seats,
            match=dict(header.match),
        )
        self.state = state
        self.origin = origin or self._origin_of(self.header)
        self.agents: list[Agent] = make_agents(info, seats)
        self.helper: Agent = self.agents[HUMAN]
        features = [
            name
            for name, has in (
                ("breaks", ui.has_breaks),
                ("readings", ui.has_ambiguous_plays),
            )
            if has
        ]
        self.registry: Registry = BUILTINS.extended(self._action_commands(ui.actions), features)
        self.renderer = Renderer(console)
        self.interactive = False
        self.save_to = save_to
        self.default_name = default_name
        self.autosave = autosave and save_to is not None
        #: The file this session last saved to or resumed from: saving there needs no asking.
        self.own_file: Path | None = save_to
        self._overwrite_armed: Path | None = None
        self._replayed = replayed
        self._quit = False
        self._quit_armed = False
        self._forced: set[int] = set()
        self._reset_deal_memory()
        self._saved: list[str] | None = state.recorded_actions() if replayed else None
        if replayed:
            self._forced = self._replayed_forced()
            self._seen = ui.story_start(state.visible_events(HUMAN))

    # -- set-up ------------------------------------------------------------------------------
    @staticmethod
    def _origin_of(header: DealFile) -> str:
        return f"seed {header.seed}" if header.deck is None else "a given deck"

    @staticmethod
    def _action_commands(verbs: Sequence[ActionVerb]) -> list[Command]:
        commands = []
        for av in verbs:

            def handler(session: Session, args: str, verb: str = av.verb) -> Reply:
                return session.act(f"{verb} {args}".strip())

            def complete(
                session: Session, args: Sequence[str], verb: str = av.verb
            ) -> Sequence[Candidate]:
                if not session.human_to_act():
                    return []
                return session.ui.complete(session.view(), verb, args)

            def available(session: Session, verb: str = av.verb) -> bool:
                return verb in session.legal_verbs()

            commands.append(
                Command(
                    verb=av.verb,
                    handler=handler,
                    help=av.help,
                    usage=av.usage,
                    aliases=tuple(av.aliases),
                    complete=complete,
                    available=available,
                    action=True,
                    short=av.short,
                )
            )
        return commands

    def _reset_deal_memory(self) -> None:
        self._seen = 0
        self._forced = set()
        self._warned: tuple[int, str] | None = None
        self._candidates: list[str] | None = None
        self._shown: tuple[Any, ...] | None = None
        self._outcome_shown = False
        self._break_shown = False
        self._saved_final = False
        #: The person's own decisions in this deal, and how many of them the last save holds.
        self._decisions = 0
        self._decisions_saved = 0

    def _replayed_forced(self) -> set[int]:
        """The positions in the human's events of the human's forced answers of a replayed
        deal, as play marks them: the human's sealed answers (``respond 0 ...``) are those of
        the human's claim-round records, in order."""
        answers = [
            r for r in self.state.history if r.seat == HUMAN and r.text.split()[0] != "discard"
        ]
        marks = [
            i
            for i, e in enumerate(self.state.visible_events(HUMAN))
            if e.text.startswith(f"respond {HUMAN} ")
        ]
        return {i for i, r in zip(marks, answers, strict=False) if r.forced}

    # -- what the handlers and the completer ask ------------------------------------------------
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

    def offered_commands(self) -> list[Command]:
        """The commands that make sense now: the legal action verbs, then the interface ones."""
        legal = set(self.legal_verbs())
        return [c for c in self.registry if (c.verb in legal if c.action else c.is_available(self))]

    def pending_candidates(self) -> list[str] | None:
        """The readings of an ambiguous action waiting for a number, if any."""
        return self._candidates

    def unsaved(self) -> bool:
        """Whether the person took decisions since the last save (or the start): leaving
        would lose them. Computer players' moves replay the same from the file or seed."""
        return self._decisions > self._decisions_saved

    def toolbar(self, width: int | None = None) -> str:
        """The bottom toolbar on a terminal, generated from the registry; shorter when the
        terminal (``width`` columns, by default the terminal's) is narrow."""
        if width is None:
            width = _terminal_width()
        offered = self.offered_commands()
        moves = [c.verb for c in offered if c.action]
        other = [c.verb for c in offered if not c.action]
        return toolbar_text(moves, other, width)

    def prompt_text(self) -> str:
        """The prompt on a terminal (a line reader prints none)."""
        if self._candidates is not None:
            return "number or cancel > "
        if self.human_to_act():
            return self.ui.prompt(self.view())
        if self.state.at_break:
            return "next > "
        if self.state.is_over:
            return "new or quit > "
        return "> "

    # -- the loop ----------------------------------------------------------------------------
    def emit(self, reply: Reply) -> None:
        """Print a reply (through the one renderer)."""
        self.renderer.show(reply)

    def run(self, reader: Reader) -> int:
        """Play until ``quit`` or the end of input; returns the exit code (0).

        Off a terminal the end of input saves nothing (cli.md); ``--save`` autosaves have
        already been written after each decision.
        """
        self.interactive = reader.interactive
        self.renderer.pager = reader.interactive
        self.emit(self.begin())
        while not self._quit:
            self.emit(self.before_prompt())
            try:
                line = reader.read(self.prompt_text())
            except EOFError:
                self.emit(self.end_of_input())
                break
            except KeyboardInterrupt:
                continue
            self.emit(self.execute(line))
        return 0

    def begin(self) -> Reply:
        """The start: the intro, the automatic steps up to the human's first decision."""
        out: Reply = [self.ui.intro(self.view(), origin=self.origin, seats=self.header.seats)]
        if self._replayed:
            out.append(Note(self._replayed))
        out.extend(Note(note) for note in self._notes)
        self._notes = []
        out.append(Note("Type help for the commands; Tab completes verbs and cards.", style="dim"))
        out.extend(self.advance())
        if self.state.is_over:  # autosaves follow the person's decisions, and the end
            out.extend(self._autosave())
        return out

    def before_prompt(self) -> Reply:
        """What to show before reading a command: the status at a new decision point."""
        st = self.state
        key = (id(st), len(st.history), st.at_break, st.is_over)
        if key == self._shown:
            return []
        self._shown = key
        if self.human_to_act():
            return [self.ui.status(self.view())]
        if st.at_break:
            return [Note("Type next (or press Enter) to go on.", style="dim")]
        return []

    def _left_unsaved(self) -> bool:
        """Whether leaving now loses decisions of a deal in progress."""
        return self.unsaved() and not self.autosave and not self.state.is_over

    def end_of_input(self) -> Reply:
        """End of input: nothing is saved (cli.md); a note says so if decisions are lost."""
        unsaved = self._left_unsaved()
        if self.interactive:
            return [Note(f"Goodbye {NOT_SAVED}." if unsaved else "Goodbye.")]
        return [Note(NOT_SAVED, style="dim")] if unsaved else []

    def execute(self, line: str) -> Reply:
        """Run one command line; never raises for bad input."""
        text = line.strip()
        if not text:
            if self.interactive and self.state.at_break:
                return self.next_round()
            return []
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        number = parse_int(word) if word[:1] != "-" else None  # "-1" is no numbered choice
        cmd = None if number is not None else self.registry.lookup(word)
        if cmd is None or cmd.verb != "quit":
            self._quit_armed = False
        if cmd is None or cmd.verb != "save":
            self._overwrite_armed = None
        try:
            if number is not None:
                reply = self.pick(number, rest)
            elif cmd is None:
                return [Problem(f"unknown command {word!r}: type help for the list of commands")]
            elif rest and not cmd.action and not cmd.takes_args:
                return [cmd.usage_problem()]
            else:
                if cmd.action:
                    self._candidates = None
                reply = cmd.handler(self, rest)
            return [self._present(item) for item in reply]
        except CardaviaError as exc:
            return [Problem(you_wording(str(exc)))]
        except Exception as exc:  # noqa: BLE001 - the REPL never ends on a traceback
            log.debug("command %r failed", text, exc_info=True)
            return [Problem(f"internal error on {text!r}: {type(exc).__name__}: {exc}")]

    @staticmethod
    def _present(item: Any) -> Any:
        """A refusal as said to the person at seat 0 (engine messages name seat numbers)."""
        return Problem(you_wording(item.text)) if isinstance(item, Problem) else item

    # -- the game moving on ------------------------------------------------------------------
    def advance(self) -> Reply:
        """Apply the computer players' decisions and the human's forced or rule-given answers
        until the human must decide (or a break, or the end); returns the narration."""
        st = self.state
        out: Reply = []
        while not st.is_over:
            if st.at_break:
                if self.interactive:
                    if not self._break_shown:
                        out.extend(self.narrate())
                        out.append(self.ui.round_end(self.view()))
                        self._break_shown = True
                    break
                out.extend(self.narrate())
                out.append(self.ui.round_end(self.view()))
                st.next_round()
                continue
            seat = st.to_act
            if seat is None:
                break
            if seat != HUMAN:
                st.apply(decide(st, self.agents[seat]))
                continue
            if st.is_forced():
                self._forced.add(len(st.visible_events(HUMAN)))
                st.apply(st.legal_actions()[0])
                continue
            answer = self.ui.auto_answer(self.view())
            if answer is not None:
                self._forced.add(len(st.visible_events(HUMAN)))
                st.apply(st.parse_action(answer))
                continue
            break
        out.extend(self.narrate())
        if st.is_over and not self._outcome_shown:
            self._outcome_shown = True
            outcome = st.result()
            if outcome is not None:
                out.append(self.ui.outcome(self.view(), outcome))
            out.append(Note("Type new for another deal, or quit.", style="dim"))
        return out

    def narrate(self) -> Reply:
        """Lines for the human's visible events since the last call."""
        events = self.state.visible_events(HUMAN)
        if len(events) <= self._seen:
            return []
        lines = self.ui.narrate(events, self._seen, HUMAN, frozenset(self._forced))
        self._seen = len(events)
        return list(lines)

    def _decided(self) -> Reply:
        out = self.advance()
        out.extend(self._autosave())
        return out

    # -- commands ----------------------------------------------------------------------------
    def _not_deciding(self) -> Problem:
        st = self.state
        if st.is_over:
            return Problem("the deal is over: type new for another deal, or quit")
        if st.at_break:
            return Problem("this round is over: type next to go on")
        return Problem(f"it is not your turn (seat {st.to_act} is to play)")

    def act(self, text: str) -> Reply:
        """Play the action ``text`` for the human (checked by the game's parser and, once, by
        the UI's safeguard); then the game moves on."""
        if not self.human_to_act():
            return [self._not_deciding()]
        st = self.state
        try:
            action = st.parse_action(text)
        except AmbiguousActionError as exc:
            if self.interactive and exc.candidates:
                self._candidates = list(exc.candidates)
                grid = Table.grid(padding=(0, 2))
                for i, cand in enumerate(exc.candidates, 1):
                    grid.add_row(Text(f"{i})", style="bold"), Text(cand))
                return [Note(str(exc)), grid, Note("Type a number, or cancel.", style="dim")]
            listed = ", ".join(exc.candidates)
            extra = f" (write one of: {listed})" if listed and listed not in str(exc) else ""
            return [Problem(f"{exc}{extra}")]
        warning = self.ui.safeguard(self.view(), action)
        key = (len(st.history), str(action))
        if warning is not None and self._warned != key:
            self._warned = key
            return [Problem(warning)]
        self._warned = None
        st.apply(action)
        self._decisions += 1
        return self._decided()

    def pick(self, number: int, rest: str = "") -> Reply:
        """Answer with the ``number``-th listed choice (or reading of an ambiguous action)."""
        if rest:
            return [Problem(f"type just the number, e.g. {number}")]
        if self._candidates is not None:
            choices = self._candidates
        elif self.human_to_act():
            choices = self.ui.choices(self.view())
        else:
            return [self._not_deciding()]
        if not choices:
            return [Problem("there is no numbered choice now: type a command (help lists them)")]
        if not 1 <= number <= len(choices):
            return [Problem(f"choose a number from 1 to {len(choices)}")]
        self._candidates = None
        return self.act(choices[number - 1])

    def cancel(self) -> Reply:
        """Drop a pending numbered choice."""
        if self._candidates is None:
            return [Problem("there is nothing to cancel")]
        self._candidates = None
        return [Note("Cancelled; you are still to play.")]

    def hint(self) -> Reply:
        """The basic computer player's choice for the human's seat, and the UI's advice."""
        if not self.human_to_act():
            return [self._not_deciding()]
        suggestion = decide(self.state, self.helper)
        return [self.ui.hint(self.view(), suggestion)]

    def auto(self, every: bool = False) -> Reply:
        """Let the basic computer player decide for the human: once, or (``every``) until the
        deal ends or a break."""
        if not self.human_to_act():
            return [self._not_deciding()]
        st = self.state
        out: Reply = []
        while self.human_to_act():
            action = decide(st, self.helper)
            out.append(Note(f"You (auto): {self.ui.describe(self.view(), action)}", style="dim"))
            self._warned = None
            st.apply(action)
            self._decisions += 1
            out.extend(self.advance())
            if not every:
                break
        out.extend(self._autosave())
        return out

    def log(self, last: int | None = None, *, raw: bool = False) -> Reply:
        """The human's view of the event log, told in words (or, ``raw``, the canonical event
        lines), numbered; all of it or the ``last`` events."""
        events = self.state.visible_events(HUMAN)
        start = 0 if last is None else max(0, len(events) - last)
        if not events:
            return [Note("The log is empty.")]
        if raw:
            lines: list[Any] = [Text(e.text) for e in events]
        else:
            lines = list(self.ui.log_lines(events, HUMAN, frozenset(self._forced)))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="dim", no_wrap=True)
        grid.add_column()
        for i in range(start, len(events)):
            grid.add_row(str(i + 1), lines[i])
        return [grid]

    def rules(self, section: str | None = None) -> Reply:
        """The game's rules (through a pager on a terminal), or one numbered section."""
        from cardavia_cli.games import rules_text

        text = rules_text(self.info.name)
        if section is None:
            return [Paged(Markdown(text))]
        part = rules_section(text, section)
        if part is None:
            return [Problem(f"the rules have no section {section!r} (try e.g. rules 8.1)")]
        return [Markdown(part)]

    def deal_file(self) -> DealFile:
        """The deal as a deal file: the header and the decisions so far (the recorded actions,
        with the few forced answers a replay needs, see ``GameState.recorded_actions``)."""
        h = self.header
        return DealFile(
            game=h.game,
            seed=h.seed,
            deck=list(h.deck) if h.deck is not None else None,
            dealer=h.dealer,
            seats=list(h.seats),
            actions=self.state.recorded_actions(),
            match=dict(h.match),
        )

    def _write(self, target: Path) -> Path:
        deal = self.deal_file()
        prepare_folder(target)
        path = save_atomic(target, deal)
        self._saved = list(deal.actions)
        self._decisions_saved = self._decisions
        self.own_file = target
        return path

    def default_save_name(self) -> str:
        """The name a bare ``save`` uses before any save target: the stem of the file the
        deal came from (outside the saves folder), else ``GAME-SEED``."""
        if self.default_name is not None:
            return self.default_name
        return f"{self.info.name}-{self.header.seed}"

    def save(self, name: str | None = None) -> Reply:
        """``save [NAME]``: write the deal file; NAME becomes the target of later saves.

        A file already at the target that this session did not write or resume from is
        another game's save: the first ``save`` onto it is refused with what it holds, the
        same command typed again overwrites it. A target that cannot be checked or written
        (a name too long for the file system, a folder that cannot be read) is refused."""
        try:
            return self._save(name)
        except SaveTargetError as exc:
            return [Problem(str(exc))]
        except OSError as exc:
            return [Problem(f"cannot save there: {exc.strerror or exc}")]

    def _save(self, name: str | None) -> Reply:
        if name is not None:
            target = save_target(name)
        elif self.save_to is not None:
            target = self.save_to
        else:
            name = self.default_save_name()
            target = save_target(name)
        if not same_file(target, self.own_file):
            there = existing_save(target, self.info.name)
            if there is not None and not same_file(target, self._overwrite_armed):
                self._overwrite_armed = target
                shown = name if name is not None else str(target)
                return [
                    Problem(
                        f"a save named {shown} already exists ({there}): type `save {shown}` "
                        "again to overwrite it, or pick another name"
                    )
                ]
        self._overwrite_armed = None
        try:
            path = self._write(target)
        except SaveTargetError as exc:
            return [Problem(f"cannot save to {target}: {exc}")]
        except OSError as exc:
            return [Problem(f"cannot save to {target}: {exc.strerror or exc}")]
        self.save_to = target
        n = len(self._saved or [])
        resume = f"cardavia resume {resume_name(path)}"
        actions = f"{n} action{'' if n == 1 else 's'}"
        return [Note(f"Saved to {path} ({actions}). Continue it with: {resume}")]

    def _autosave(self) -> Reply:
        """With ``--save``: save after a decision, and once more when the deal has ended."""
        if not self.autosave or self.save_to is None:
            return []
        actions = self.state.recorded_actions()
        over = self.state.is_over
        if not actions and not over:
            return []
        if actions == self._saved and (not over or self._saved_final):
            return []
        try:
            path = self._write(self.save_to)
        except SaveTargetError as exc:
            return [Problem(f"autosave to {self.save_to} failed: {exc}")]
        except OSError as exc:
            return [Problem(f"autosave to {self.save_to} failed: {exc.strerror or exc}")]
        if over:
            self._saved_final = True
            return [Note(f"Saved to {path}.", style="dim")]
        return []

    def new_deal(self, seed: int | None = None) -> Reply:
        """``new [SEED]``: a new deal with the same computer players (once this one is over)."""
        if not self.state.is_over:
            return [
                Problem("this deal is not over: play it out (auto all plays it for you) or quit")
            ]
        seed = random_seed() if seed is None else seed
        header = DealFile(game=self.info.name, seed=seed, seats=list(self.header.seats))
        state = new_game_state(header)  # first: a seed refused leaves this deal as it was
        self.header, self.state = header, state
        self.origin = self._origin_of(self.header)
        self._reset_deal_memory()
        self._saved = None
        self._replayed = None
        if self.save_to is not None:
            # the file holds the deal just finished: the new one is saved only when asked,
            # and not over it without asking
            self._notes.append(
                f"The new deal is not saved to {self.save_to}: type save NAME to keep it."
            )
            self.save_to = None
            self.own_file = None
            self.autosave = False
        self.default_name = None
        return self.begin()

    def next_round(self) -> Reply:
        """``next``: go on from a break between rounds or deals of a match."""
        if not self.state.at_break:
            return [Problem("there is no break to go on from")]
        self.state.next_round()
        self._break_shown = False
        return self._decided()

    def quit(self) -> Reply:
        """``quit``: leave (on a terminal, an unsaved deal in progress asks to confirm once)."""
        if self.interactive and self._left_unsaved():
            if not self._quit_armed:
                self._quit_armed = True
                return [
                    Problem(
                        "this deal is not saved: type save [NAME] first, or quit again to leave"
                    )
                ]
        self._quit = True
        if self.interactive:
            return [Note("Goodbye.")]
        return [Note(NOT_SAVED, style="dim")] if self._left_unsaved() else []


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
