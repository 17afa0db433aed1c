"""A tiny game of several rounds for the REPL's hook tests (not a real game).

Rules of the fake match: three rounds. At the start of a round each seat gets a private card
(a public ``round N`` event with a private detail per seat). Then every seat still in, in turn
from seat 0, bids ``bid 1`` or ``bid 2`` (seat 0 may instead ``fold``: it leaves the match and
is never asked again); then every seat still in must ``pass`` (its only legal action: a forced
answer). The round ends (``round_end N WINNER``, the highest bid of the round, the lowest seat
on a tie), bids add up, and the match pauses at a break until the next round. After round 3
the seat with the highest total wins (``None`` on a tie).

``install(monkeypatch)`` registers it as ``fakematch`` with its REPL hook :class:`FakeUI`.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from rich.text import Text

from cardavia_cli.engine.agents import RandomAgent
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.engine.game import Event, GameInfo, GameState, Outcome
from cardavia_cli.engine.seats import SEATS

NAME = "fakematch"
PACKAGE = "cardavia_fake_match"
ROUNDS = 3
HUMAN = 0


@dataclass(frozen=True, slots=True)
class FakeView:
    seat: int
    round: int
    step: str
    totals: tuple[int, ...]
    out: tuple[int, ...]
    to_act: int | None
    legal: tuple[str, ...]
    over: bool


class FakeState(GameState):
    game = NAME

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.round = 1
        self.totals = [0, 0, 0, 0]
        self.out: set[int] = set()
        self.finished = 0
        self.paused = False
        self.over = False
        self._deal()

    def _deal(self) -> None:
        private = tuple((s, (f"c{self.rng.randrange(10)}",)) for s in SEATS)
        self.events.append(Event("round", (self.round,), private=private))
        self.step = "bid"
        self.queue = [s for s in SEATS if s not in self.out]
        self.bids: dict[int, int] = {}

    @property
    def to_act(self) -> int | None:
        if self.over or self.paused or not self.queue:
            return None
        return self.queue[0]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def at_break(self) -> bool:
        return self.paused

    @property
    def rounds_finished(self) -> int:
        return self.finished

    def legal_actions(self) -> list[str]:
        seat = self.to_act
        if seat is None:
            return []
        if self.step == "pass":
            return ["pass"]
        return ["bid 1", "bid 2", *(["fold"] if seat == HUMAN else [])]

    def parse_action(self, text: str) -> str:
        words = text.split()
        t = " ".join(words)
        if t in self.legal_actions():
            return t
        if words and words[0] in ("bid", "fold", "pass"):
            raise IllegalActionError(f"seat {self.to_act}, {self.step}: {t!r} is not allowed")
        raise InvalidActionError(f"{t!r} is not an action of the fake match")

    def apply(self, action: Any) -> None:
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(f"{action!r} is not legal now")
        seat = self.queue.pop(0)
        self.record(seat, action, len(legal) == 1)
        if action == "fold":
            self.out.add(seat)
            self.events.append(Event("fold", (seat,)))
        elif action == "pass":
            self.events.append(Event("pass", (seat,)))
        else:
            n = int(action.split()[1])
            self.bids[seat] = n
            self.totals[seat] += n
            self.events.append(Event("bid", (seat, n)))
        if not self.queue:
            if self.step == "bid":
                self.step = "pass"
                self.queue = [s for s in SEATS if s not in self.out]
            else:
                self._end_round()

    def _end_round(self) -> None:
        best = max(self.bids.values())
        winner = min(s for s, b in self.bids.items() if b == best)
        self.events.append(Event("round_end", (self.round, winner)))
        self.finished += 1
        if self.round == ROUNDS:
            self.over = True
        else:
            self.paused = True

    def next_round(self) -> None:
        if not self.paused:
            raise RuntimeError("no break")
        self.paused = False
        self.round += 1
        self._deal()

    def view(self, seat: int) -> FakeView:
        return FakeView(
            seat,
            self.round,
            self.step,
            tuple(self.totals),
            tuple(sorted(self.out)),
            self.to_act,
            tuple(self.legal_actions()) if self.to_act == seat else (),
            self.over,
        )

    def result(self) -> Outcome | None:
        if not self.over:
            return None
        best = max(self.totals)
        winners = [s for s in SEATS if self.totals[s] == best]
        winner = winners[0] if len(winners) == 1 else None
        summary = f"Seat {winner} wins with {best}." if winner is not None else "A tie."
        return Outcome("end", winner, summary, {"totals": list(self.totals), "winner": winner})

    def zones(self) -> dict[str, list[str]]:
        return {}


class BasicFake:
    name = "basic"

    def choose(self, view: FakeView, legal: Sequence[str], rng: Any) -> str:
        return "bid 2" if "bid 2" in legal else legal[0]


def new_state(seed: int = 0, deck: Any = None, dealer: Any = None, match: Any = None) -> FakeState:
    return FakeState(seed)


INFO = GameInfo(
    name=NAME,
    title="Fake match",
    pack=(),
    parse_card=lambda text: text,
    new_state=new_state,
    agents={"basic": BasicFake, "random": RandomAgent},
    has_dealer=False,
)


# -- the REPL hook -------------------------------------------------------------------------
class Verb(NamedTuple):
    verb: str
    usage: str
    help: str
    short: str = ""
    aliases: tuple[str, ...] = ()


class Completion(NamedTuple):
    text: str
    meta: str = ""


def totals_text(view: FakeView) -> str:
    return " ".join(map(str, view.totals))


class Score:
    verb, usage, short, aliases = "score", "score", "the running totals", ()
    help = "Show the running totals."

    def available(self, control: Any) -> bool:
        return True

    def handler(self, control: Any, args: str) -> list[Any]:
        return [Text(f"Totals: {totals_text(control.view)}")]


class Watch:
    verb, usage, short, aliases = "watch", "watch", "watch the rounds", ()
    help = "Once you are out: go on round after round, one line per round."

    def available(self, control: Any) -> bool:
        return HUMAN in control.view.out and not control.is_over

    def handler(self, control: Any, args: str) -> list[Any]:
        return control.play_on(through_breaks=True, summary=True)


class Finish(Watch):
    verb, usage, short = "finish", "finish", "play the match out"
    help = "Once you are out: play the match to its end and show the result."

    def handler(self, control: Any, args: str) -> list[Any]:
        control.play_on(through_breaks=True, summary=True)
        return []


class Switch(NamedTuple):
    name: str
    help: str
    default: bool
    controls_forced: bool


class MinimalUI:
    """A hook with only the required part (an older hook)."""

    actions = (
        Verb("bid", "bid N", "Bid 1 or 2.", "bid"),
        Verb("fold", "fold", "Leave the match.", "leave"),
        Verb("pass", "pass", "Pass after the bids (your only move then).", "pass"),
    )

    def intro(self, view: FakeView, *, origin: str, seats: Sequence[str]) -> Text:
        return Text(f"Fake match, {origin}.")

    def status(self, view: FakeView) -> Text:
        return Text(f"Round {view.round}, {view.step}: {' | '.join(view.legal)}")

    def table(self, view: FakeView) -> Text:
        return Text(f"Totals: {totals_text(view)}")

    def hand(self, view: FakeView) -> Text:
        return Text(f"Round {view.round}.")

    def prompt(self, view: FakeView) -> str:
        return f"{view.step} > "

    def legal_verbs(self, view: FakeView) -> list[str]:
        verbs = {a.split()[0] for a in view.legal}
        return [v.verb for v in self.actions if v.verb in verbs]

    def choices(self, view: FakeView) -> list[str]:
        return list(view.legal)

    def complete(self, view: FakeView, verb: str, args: Sequence[str]) -> list[Completion]:
        return [Completion("1"), Completion("2")] if verb == "bid" and not args else []

    def describe(self, view: FakeView, action: str) -> str:
        return action

    def hint(self, view: FakeView, suggestion: str) -> Text:
        return Text(f"Hint: {suggestion}")

    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[Text]:
        return self.log_lines(events, seat, forced)[start:]

    def log_lines(self, events: Sequence[Event], seat: int, forced: frozenset[int]) -> list[Text]:
        return [
            Text(f"| {e.line_for(seat)}" + (" (automatic)" if i in forced else ""))
            for i, e in enumerate(events)
        ]

    def outcome(self, view: FakeView, outcome: Outcome) -> Text:
        return Text(f"Match over: {outcome.summary}")


class FakeUI(MinimalUI):
    """The full hook: breaks, commands, a setting that holds forced answers, help texts."""

    has_breaks = True
    commands = (Score(), Watch(), Finish())
    settings = (Switch("autopass", "Pass for you when pass is your only move.", True, True),)
    table_help = "Show the running totals."
    hint_help = "Suggest a bid."

    def story_start(self, events: Sequence[Event]) -> int:
        return max(i for i, e in enumerate(events) if e.kind == "round")

    def round_end(self, view: FakeView) -> Text:
        return Text(f"End of round {view.round}; totals {totals_text(view)}.")

    def round_summary(self, view: FakeView) -> Text:
        return Text(f"Round {view.round}: totals {totals_text(view)}.")


def install(monkeypatch: Any, ui: Any = None) -> None:
    """Register the fake match (package ``cardavia_fake_match``, REPL hook ``ui``, by default
    a :class:`FakeUI`) for one test; the caller unregisters it afterwards."""
    from cardavia_cli.games import register

    package = types.ModuleType(PACKAGE)
    package.GAME = INFO  # type: ignore[attr-defined]
    package.__path__ = []
    repl = types.ModuleType(f"{PACKAGE}.repl")
    repl.UI = ui if ui is not None else FakeUI()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, PACKAGE, package)
    monkeypatch.setitem(sys.modules, f"{PACKAGE}.repl", repl)
    register(NAME, "Fake match", PACKAGE)
