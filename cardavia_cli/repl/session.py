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
one was given, seats, match keys) plus the decisions so far, written atomically.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.agents import Agent, decide
from cardavia_cli.engine.dealfile import DealFile, new_game_state, save_atomic
from cardavia_cli.engine.errors import AmbiguousActionError, CardaviaError
from cardavia_cli.engine.game import GameInfo, GameState
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.repl.commands import BUILTINS, Command, Registry
from cardavia_cli.repl.hooks import ActionVerb, Candidate, GameUI
from cardavia_cli.repl.output import Note, Paged, Problem, Reply
from cardavia_cli.repl.reader import Reader
from cardavia_cli.repl.render import Renderer

log = logging.getLogger("cardavia.repl")

#: The human's seat (cli.md: you at seat 0 against three computer players).
HUMAN = 0
#: Random seeds for new deals are drawn below this, so that they are easy to read and retype.
SEED_RANGE = 1_000_000


def save_target(name: str) -> Path:
    """Where ``save NAME`` writes: ``NAME`` itself if it has a slash or ends in ``.toml``, else
    ``<saves folder>/NAME.toml``."""
    from cardavia_cli.commands.common import saves_dir

    if "/" in name or os.sep in name or name.endswith(".toml"):
        return Path(name).expanduser()
    return saves_dir() / f"{name}.toml"


def random_seed() -> int:
    """A fresh seed for a deal started without ``--seed``."""
    return secrets.randbelow(SEED_RANGE)


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
    the replayed history is not narrated again).
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
    ) -> None:
        self.info = info
        self.ui = ui
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
        self.agents: list[Agent] = make_agents(info, seats)
        self.helper: Agent = self.agents[HUMAN]
        self.registry: Registry = BUILTINS.extended(self._action_commands(ui.actions))
        self.renderer = Renderer(console)
        self.interactive = False
        self.save_to = save_to
        self.autosave = autosave and save_to is not None
        self._replayed = replayed
        self._quit = False
        self._quit_armed = False
        self._reset_deal_memory()
        self._saved: list[str] | None = state.recorded_actions() if replayed else None
        if replayed:
            self._seen = len(state.visible_events(HUMAN))

    # -- set-up ------------------------------------------------------------------------------
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
                )
            )
        return commands

    def _reset_deal_memory(self) -> None:
        self._seen = 0
        self._forced: set[int] = set()
        self._warned: tuple[int, str] | None = None
        self._candidates: list[str] | None = None
        self._shown: tuple[Any, ...] | None = None
        self._outcome_shown = False
        self._break_shown = False
        self._saved_final = False

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
        """Whether decisions were taken since the last save (or there never was one)."""
        actions = self.state.recorded_actions()
        return bool(actions) and actions != self._saved

    def toolbar(self) -> str:
        """The bottom toolbar on a terminal, generated from the registry."""
        offered = self.offered_commands()
        moves = [c.verb for c in offered if c.action]
        other = [c.verb for c in offered if not c.action]
        parts = []
        if moves:
            parts.append("your move: " + " ".join(moves))
        parts.append(" ".join(other))
        parts.append("Tab completes")
        return " " + "  |  ".join(parts)

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
        out: Reply = [self.ui.intro(self.view(), seed=self.header.seed, seats=self.header.seats)]
        if self._replayed:
            out.append(Note(self._replayed))
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

    def end_of_input(self) -> Reply:
        """End of input: nothing is saved (cli.md)."""
        if self.interactive:
            unsaved = self.unsaved() and not self.autosave and not self.state.is_over
            note = " (this deal was not saved)" if unsaved else ""
            return [Note(f"Goodbye{note}.")]
        return []

    def execute(self, line: str) -> Reply:
        """Run one command line; never raises for bad input."""
        text = line.strip()
        if not text:
            if self.interactive and self.state.at_break:
                return self.next_round()
            return []
        word, _, rest = text.partition(" ")
        cmd = None if word.isdigit() else self.registry.lookup(word)
        if cmd is None or cmd.verb != "quit":
            self._quit_armed = False
        try:
            if word.isdigit():
                return self.pick(int(word), rest.strip())
            if cmd is None:
                return [Problem(f"unknown command {word!r}: type help for the list of commands")]
            if cmd.action:
                self._candidates = None
            return cmd.handler(self, rest.strip())
        except CardaviaError as exc:
            return [Problem(str(exc))]
        except Exception as exc:  # noqa: BLE001 - the REPL never ends on a traceback
            log.debug("command %r failed", text, exc_info=True)
            return [Problem(f"internal error on {text!r}: {type(exc).__name__}: {exc}")]

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
        return Problem(f"it is seat {st.to_act}'s turn, not yours")

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
            out.extend(self.advance())
            if not every:
                break
        out.extend(self._autosave())
        return out

    def log(self, last: int | None = None) -> Reply:
        """The human's view of the event log (all of it, or the ``last`` lines)."""
        events = self.state.visible_events(HUMAN)
        start = 0 if last is None else max(0, len(events) - last)
        if not events:
            return [Note("The log is empty.")]
        text = Text()
        width = len(str(len(events)))
        for i in range(start, len(events)):
            if i > start:
                text.append("\n")
            text.append(f"{i + 1:>{width}} ", style="dim")
            text.append(events[i].text)
        return [text]

    def rules(self, section: str | None = None) -> Reply:
        """The game's rules (through a pager on a terminal), or one numbered section."""
        from cardavia_cli.commands.render import rules_text

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
        path = save_atomic(target, deal)
        self._saved = list(deal.actions)
        return path

    def save(self, name: str | None = None) -> Reply:
        """``save [NAME]``: write the deal file; NAME becomes the target of later saves."""
        if name is not None:
            target = save_target(name)
        elif self.save_to is not None:
            target = self.save_to
        else:
            target = save_target(f"{self.info.name}-{self.header.seed}")
        try:
            path = self._write(target)
        except OSError as exc:
            return [Problem(f"cannot save to {target}: {exc.strerror or exc}")]
        self.save_to = target
        n = len(self._saved or [])
        resume = f"cardavia resume {self._resume_name(path)}"
        return [Note(f"Saved to {path} ({n} actions). Continue it with: {resume}")]

    @staticmethod
    def _resume_name(path: Path) -> str:
        from cardavia_cli.commands.common import saves_dir

        try:
            if path.parent.resolve() == saves_dir().resolve():
                return path.stem
        except OSError:
            pass
        return str(path)

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
        self.header = DealFile(game=self.info.name, seed=seed, seats=list(self.header.seats))
        self.state = new_game_state(self.header)
        self._reset_deal_memory()
        self._saved = None
        self._replayed = None
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
        if self.interactive and not self.state.is_over and self.unsaved() and not self.autosave:
            if not self._quit_armed:
                self._quit_armed = True
                return [
                    Problem(
                        "this deal is not saved: type save [NAME] first, or quit again to leave"
                    )
                ]
        self._quit = True
        return [Note("Goodbye.")] if self.interactive else []
