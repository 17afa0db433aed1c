"""The REPL hook of Cuccu (rules/cucu.md 6, 7, 8, 9, 10, 11a): ``UI``.

The game-independent REPL (:mod:`cardavia_cli.repl`) asks this object for everything that is
Cuccu: the verbs of section 6 (``keep swap draw pay accept refuse``; ``draw`` is the dealer's
word for ``swap`` and is refused elsewhere, naming section 8), the rendering of the human
seat's view (through :mod:`.view`), the numbered choices, the ``hint`` with the basic
player's estimates, the story of every event in plain words (the human's own cards from
``event.detail``), the end of each round and the match's result. A match has a break after
every showdown (11a: the REPL waits for Enter or ``next`` on a terminal); once the human is
out, ``watch`` (one line per round) and ``finish`` (to the end) let the match go on.

It works only on the human seat's :class:`~.rules.CucuView` and the events that seat may see;
it never prints. Every decision point has two answers, so nothing is ever forced and the
narration's ``forced`` marks stay empty.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Verb
from cardavia_cli.engine.seats import SEATS, next_active
from cardavia_cli.games.cucu.ai import SPARE, BasicAgent
from cardavia_cli.games.cucu.rules import Action, CucuView
from cardavia_cli.games.cucu.view import (
    card_bare,
    card_words,
    choice_notes,
    intro_text,
    outcome_view,
    possessive,
    round_end_view,
    round_summary_line,
    seat_label,
    seat_subject,
    status_view,
    table_view,
)
from cardavia_cli.games.cucu.view import card_line as _card_line

ACTIONS: tuple[Verb, ...] = (
    Verb(
        "keep",
        "keep",
        "Keep your card: on your turn (rules 6, 7), as the dealer (rules 8), or when an Inn "
        "stops your ask, accepting the stop (rules 7.5).",
        "keep your card",
    ),
    Verb(
        "swap",
        "swap",
        "On your turn, ask the next player to swap cards (rules 7: a plain card must swap; "
        "the Cuckoo, Hunter, Horse, Cat and Inn answer otherwise). As the dealer, swap your "
        "card for the bottom card of the pack (rules 8).",
        "ask to swap / swap with the pack",
    ),
    Verb(
        "draw",
        "draw",
        "The dealer's word for swap: swap your card for the bottom card of the pack (rules 6, "
        "8); refused at any other time.",
        "dealer: swap with the pack",
    ),
    Verb(
        "pay",
        "pay",
        "Stopped by an Inn: ask its holder to pay for you if your card loses, except the Zero "
        "(rules 7.5).",
        "ask the Inn to pay for you",
    ),
    Verb(
        "accept",
        "accept",
        "As the Inn holder asked to pay: make the pact, no swap; you lose a life in place of "
        "the asker if their card loses, except the Zero (rules 7.5, 9.3).",
        "make the Inn's pact",
    ),
    Verb(
        "refuse",
        "refuse",
        "As the Inn holder asked to pay: refuse, and swap cards with the asker (rules 7.5).",
        "refuse the pact and swap",
    ),
)


class Watch:
    """``watch``: once the human is out, the match goes on, one line per round (rules 11a)."""

    verb = "watch"
    usage = "watch"
    short = "follow the match, a line a round"
    aliases: tuple[str, ...] = ()
    help = (
        "Once you are out: play the match on to its end, one line per round (who lost lives, "
        "the lives left) (rules 11a)."
    )

    def available(self, control: Any) -> bool:
        """Offered while the human is out and the match goes on."""
        view: CucuView = control.view
        return view.lives[view.seat] == 0 and not control.is_over

    def handler(self, control: Any, args: str) -> list[Any]:
        """Play on through every break, a summary line per round."""
        return control.play_on(through_breaks=True, summary=True)


class Finish(Watch):
    """``finish``: once the human is out, play the match to its end and show the result."""

    verb = "finish"
    usage = "finish"
    short = "play the match to its end"
    help = "Once you are out: play the match to its end and show the result (rules 11a)."

    def handler(self, control: Any, args: str) -> list[Any]:
        """Play on to the end; one line says how many rounds that took (the REPL shows the
        result)."""
        before = control.view.round
        control.play_on(through_breaks=True, summary=True)
        played = control.view.round - before
        return [Text(f"The match went on for {played} more round{'' if played == 1 else 's'}.")]


# -- narration --------------------------------------------------------------------------------
#: Events of a showdown and its scoring (section 12.2); any other kind after them starts a
#: new round.
SHOWDOWN_KINDS = frozenset({"show", "dead", "paid", "lose", "out", "restart", "win"})
SPECIAL_KINDS = ("cuckoo", "hunter", "horse", "cat", "inn")
#: Third-person forms of the verbs the story uses.
_THIRD = {"are": "is", "have": "has", "refuse": "refuses"}


class _Story:
    """Walks the events one seat sees, keeping what a person remembers: the seat's own card,
    the round and its dealer (derived from the last showdown, section 4), the seats shown
    and knocked out, the asker of the current ask, the cards shown at the showdown."""

    def __init__(self, seat: int) -> None:
        self.me = seat
        self.mine: str | None = None
        self.round = 1
        self.dealer: int | None = None
        self.showdown = False
        self.shown: list[int] = []
        self.knocked: set[int] = set()
        self.restarted = False
        self.asker: int | None = None
        self.cards: dict[int, str] = {}

    def starts_round(self, event: Event) -> bool:
        """Whether ``event`` begins a new round (the first event after a showdown); if so,
        moves on to that round: its number, its dealer (the next seat after the last one
        still in, section 4; the last seat shown was the dealer, section 12.2)."""
        if not self.showdown or event.kind in SHOWDOWN_KINDS:
            return False
        last = self.shown[-1]
        still = set(SEATS) if self.restarted else set(self.shown) - self.knocked
        self.dealer = next_active(last, still)
        self.round += 1
        self.showdown = False
        self.shown = []
        self.knocked = set()
        self.restarted = False
        self.asker = None
        self.cards = {}
        return True

    def show(self, seat: int, name: str) -> None:
        """A card shown at the showdown."""
        self.showdown = True
        self.shown.append(seat)
        self.cards[seat] = name
        if seat == self.me:
            self.mine = name

    # -- words -----------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """``you`` or ``seat 1 (right)``."""
        return seat_label(seat, self.me)

    def Who(self, seat: int) -> str:  # noqa: N802 - the capitalised form of who()
        """``You`` or ``Seat 1 (right)``."""
        return seat_subject(seat, self.me)

    def verb(self, seat: int, word: str) -> str:
        """``word`` agreeing with the seat: ``ask`` for you, ``asks`` for another seat."""
        if seat == self.me:
            return word
        return _THIRD.get(word, word + "s")

    def does(self, seat: int, word: str) -> str:
        """``You ask`` or ``Seat 1 (right) asks``."""
        return f"{self.Who(seat)} {self.verb(seat, word)}"

    def own(self, seat: int) -> str:
        """``your`` or ``their``."""
        return "your" if seat == self.me else "their"

    def card_of(self, seat: int) -> str:
        """``Your 7``, ``Seat 1 (right)'s Lion`` (a card shown at the showdown)."""
        owner = possessive(seat, self.me)
        owner = owner[0].upper() + owner[1:]
        name = self.cards.get(seat)
        return f"{owner} {card_bare(name)}" if name is not None else f"{owner} card"

    def got(self, event: Event) -> str | None:
        """The card this seat receives in ``event`` (its private detail), if any."""
        detail = event.detail(self.me)
        return str(detail[0]) if detail else None

    def exchange(self, event: Event) -> str:
        """``you give 7 and get 3`` for a swap this seat takes part in; updates its card."""
        new = self.got(event)
        old = self.mine
        self.mine = new
        if old is None or new is None:
            return "you swap cards"
        return f"you give {card_words(old)} and get {card_words(new)}"

    def loss(self, seat: int, left: int) -> str:
        """``seat 1 (right) loses a life (2 left)``, ``you lose your last life and are out``."""
        if left == 0:
            return (
                f"{self.who(seat)} {self.verb(seat, 'lose')} {self.own(seat)} last life and "
                f"{self.verb(seat, 'are')} out"
            )
        return f"{self.who(seat)} {self.verb(seat, 'lose')} a life ({left} left)"

    def left(self, seat: int, left: int, *, named: bool = False) -> str:
        """``2 lives left`` (``named``: ``seat 1 (right) has 2 lives left``) or ``no life
        left, you are out``."""
        if left == 0:
            return f"no life left, {self.who(seat)} {self.verb(seat, 'are')} out"
        lives = f"{left} {'life' if left == 1 else 'lives'} left"
        return f"{self.who(seat)} {self.verb(seat, 'have')} {lives}" if named else lives


def _event_line(story: _Story, event: Event) -> str:
    """One event in words (a line of ``log``); updates ``story``."""
    me = story.me
    kind, args = event.kind, event.args
    seat = int(args[0]) if args else -1
    if kind == "deal":
        story.mine = str(args[1])
        return f"{story.Who(seat)} {story.verb(seat, 'are')} dealt {card_words(story.mine)}."
    if kind == "keep":
        if seat == me and story.mine is not None:
            return f"You keep your {card_bare(story.mine)}."
        return f"{story.does(seat, 'keep')}."
    if kind == "ask":
        story.asker = seat
        return f"{story.does(seat, 'ask')} {story.who(int(args[1]))} to swap."
    if kind == "swap":
        other = int(args[1])
        if me in (seat, other):
            partner = other if seat == me else seat
            return f"You and {story.who(partner)} swap: {story.exchange(event)}."
        return f"{story.Who(seat)} and {story.who(other)} swap cards."
    if kind in SPECIAL_KINDS:
        return f"{story.does(seat, 'show')} {card_words(kind)}."
    if kind in ("top", "draw"):
        end = "top" if kind == "top" else "bottom"
        if seat == me:
            return f"You swap with the {end} card of the pack: {story.exchange(event)}."
        return f"{story.does(seat, 'swap')} with the {end} card of the pack."
    if kind == "pay":
        whom = "you" if seat == me else "them"
        return f"{story.does(seat, 'ask')} {story.who(int(args[1]))} to pay for {whom}."
    if kind in ("accept", "refuse"):
        return f"{story.does(seat, kind)} to pay."
    if kind == "lose":
        return f"{story.does(seat, 'lose')} a life: {args[1]} left."
    if kind == "out":
        story.knocked.add(seat)
        return f"{story.Who(seat)} {story.verb(seat, 'are')} out."
    if kind == "undo":
        holder = int(args[1])
        if me in (seat, holder):
            return _undo_mine(story, event, holder if seat == me else seat) + "."
        return f"The swap of {story.who(seat)} and {story.who(holder)} is undone."
    if kind in ("show", "dead"):
        name = str(args[1])
        story.show(seat, name)
        if kind == "dead":
            return f"{story.card_of(seat)} is dead ({story.who(seat)} went out during play)."
        return f"{story.does(seat, 'show')} {card_words(name)}."
    if kind == "paid":
        return f"{story.does(seat, 'pay')} for {story.who(int(args[1]))}, by the Inn's pact."
    if kind == "restart":
        story.restarted = True
        return "Nobody has a life left: all-out restart, every seat has three lives again."
    if kind == "win":
        return f"{story.does(seat, 'win')} the match."
    return event.text


def _undo_mine(story: _Story, event: Event, other: int) -> str:
    """``Your swap with seat 1 (right) is undone: you give 4 and get 1 back`` (7.6)."""
    new = story.got(event)
    old = story.mine
    story.mine = new
    give = f"you give {card_words(old)} and " if old is not None else ""
    back = f"get {card_words(new)} back" if new is not None else "get your card back"
    return f"Your swap with {story.who(other)} is undone: {give}{back}"


def _narrate(events: Sequence[Event], start: int, seat: int) -> list[RenderableType]:
    """The story of ``events[start:]`` in a few plain lines (see :meth:`CucuUI.narrate`).
    Earlier events are walked for what they tell (the seat's card, the round)."""
    story = _Story(seat)
    lines: list[RenderableType] = []
    n = len(events)
    i = 0
    while i < n:
        e = events[i]
        new_round = story.starts_round(e)
        j, said = _tell(story, events, i)
        if new_round and i >= start:
            dealer = story.dealer
            head = f"Round {story.round}: {seat_label(dealer, seat)}" if dealer is not None else ""
            if dealer is not None:
                lines.append(Text(f"{head} {story.verb(dealer, 'deal')}.", style="bold"))
        if j > start:  # a group that ends after ``start`` is told whole
            lines.extend(Text(line) for line in said)
        i = j
    return lines


def _tell(story: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """The lines for the events from ``events[i]`` that belong together (an ask and its
    swap, a Hunter and its loss, a showdown and its losses, ...); returns the index after
    them and the lines."""
    me = story.me
    n = len(events)
    e = events[i]
    kind = e.kind
    nxt = events[i + 1] if i + 1 < n else None
    seat = int(e.args[0]) if e.args else -1
    if kind == "deal":
        story.mine = str(e.args[1])
        return i + 1, [f"You are dealt {card_words(story.mine)}."]
    if kind == "ask" and nxt is not None and nxt.kind == "swap":
        target = int(e.args[1])
        story.asker = seat
        head = f"{story.does(seat, 'ask')} {story.who(target)} to swap: "
        tail = story.exchange(nxt) if me in (seat, target) else "they swap"
        return i + 2, [f"{head}{tail}."]
    if kind == "keep":
        own = f" your {card_bare(story.mine)}" if seat == me and story.mine else ""
        if story.asker == seat and i > 0 and events[i - 1].kind == "inn":
            own = own or " their card"
            return i + 1, [f"{story.does(seat, 'keep')}{own}: no pact."]
        if nxt is not None and nxt.kind in ("show", "dead"):
            if seat == me:
                return i + 1, [f"You keep{own}, as the dealer."]
            return i + 1, [f"{story.Who(seat)}, the dealer, keeps."]
        return i + 1, [f"{story.does(seat, 'keep')}{own}."]
    if kind in SPECIAL_KINDS:
        return _special(story, events, i)
    if kind == "draw":
        if seat == me:
            return i + 1, [f"You swap with the bottom card of the pack: {story.exchange(e)}."]
        return i + 1, [f"{story.Who(seat)}, the dealer, swaps with the bottom card of the pack."]
    if kind == "pay":
        holder = int(e.args[1])
        return i + 1, [
            f"{story.does(seat, 'ask')} {story.who(holder)} to pay for "
            f"{'you' if seat == me else 'them'} if {story.own(seat)} card loses."
        ]
    if kind == "accept":
        asker = story.asker if story.asker is not None else seat
        return i + 1, [
            f"{story.does(seat, 'accept')}: no swap; {story.who(seat)} "
            f"{story.verb(seat, 'pay')} a life for {story.who(asker)} if "
            f"{possessive(asker, me)} card loses (not for the Zero)."
        ]
    if kind == "refuse" and nxt is not None and nxt.kind == "swap":
        asker = int(nxt.args[0])
        head = f"{story.does(seat, 'refuse')} to pay and must swap"
        if me in (asker, seat):
            return i + 2, [f"{head}: {story.exchange(nxt)}."]
        return i + 2, [f"{head}: {story.who(asker)} gets the Inn."]
    if kind == "undo":
        holder = int(e.args[1])
        if me in (seat, holder):
            line = _undo_mine(story, e, holder if seat == me else seat)
        else:
            line = (
                f"The Cat undoes the swap of {story.who(seat)} and {story.who(holder)}: "
                f"the card goes back to {story.who(seat)}"
            )
        return i + 1, [line + "."]
    if kind in ("show", "dead"):
        return _showdown(story, events, i)
    if kind == "win":
        return i + 1, [f"{story.Who(seat)} {story.verb(seat, 'are')} the only one with lives left."]
    return i + 1, [_event_line(story, e)]


def _special(story: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """A special card shown in answer to an ask (7.2-7.6), with what it causes at once."""
    me = story.me
    n = len(events)
    e = events[i]
    kind = e.kind
    target = int(e.args[0])
    asker = story.asker if story.asker is not None else target
    show = f"{story.does(target, 'show')} {card_words(kind)}"
    nxt = events[i + 1] if i + 1 < n else None
    if kind == "cuckoo":
        return i + 1, [f"{show}: no swap."]
    if kind == "inn":
        return i + 1, [f"{show}: the swap stops."]
    if kind == "horse":
        if nxt is not None and nxt.kind == "top":
            if asker == me:
                return i + 2, [
                    f"{show}: you swap with the top card of the pack: {story.exchange(nxt)}."
                ]
            who = f"{story.who(asker)} {story.verb(asker, 'swap')}"
            return i + 2, [f"{show}: {who} with the top card of the pack."]
        return i + 1, [f"{show}: the ask jumps to the next player."]
    # the Hunter or the Cat: the asker loses a life at once (7.3, 7.6)
    text = show
    j = i + 1
    if j < n and events[j].kind == "lose":
        text += ": " + story.loss(int(events[j].args[0]), int(events[j].args[1]))
        j += 1
        if j < n and events[j].kind == "out":
            story.knocked.add(int(events[j].args[0]))
            j += 1
    if kind == "cat":
        if j < n and events[j].kind == "undo":
            text += "; the swaps that brought the card are undone, the latest first"
        else:
            text += f"; {story.own(asker)} card was dealt to {'you' if asker == me else 'them'}: "
            text += "nothing to undo"
    return j, [text + "."]


def _showdown(story: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """The showdown in one line (9.1), then each life lost (9.3), or nobody's."""
    n = len(events)
    parts = []
    j = i
    while j < n and events[j].kind in ("show", "dead"):
        seat, name = int(events[j].args[0]), str(events[j].args[1])
        story.show(seat, name)
        dead = " (dead)" if events[j].kind == "dead" else ""
        parts.append(f"{story.who(seat)} {card_words(name)}{dead}")
        j += 1
    lines = ["Showdown: " + ", ".join(parts) + "."]
    losses = False
    while j < n and events[j].kind in ("paid", "lose", "out"):
        ev = events[j]
        seat = int(ev.args[0])
        j += 1
        if ev.kind == "out":
            story.knocked.add(seat)
            continue
        losses = True
        if ev.kind == "lose":
            lines.append(f"{story.card_of(seat)} loses: {story.left(seat, int(ev.args[1]))}.")
            continue
        loser = int(ev.args[1])
        text = (
            f"{story.card_of(loser)} loses, but {story.who(seat)} {story.verb(seat, 'pay')} "
            "for it (the Inn's pact)"
        )
        if j < n and events[j].kind == "lose":
            text += ": " + story.left(seat, int(events[j].args[1]), named=True)
            j += 1
        else:
            text += f": {story.who(seat)} {story.verb(seat, 'have')} no life left to lose"
        lines.append(text + ".")
    if not losses:
        lines.append("Nobody loses a life.")
    return j, lines


class CucuUI:
    """Cuccu for the REPL; see the module docstring and ``repl.hooks.GameUI``."""

    actions = ACTIONS
    has_breaks = True
    has_ambiguous_plays = False
    commands = (Watch(), Finish())
    table_help = (
        "Show the table: every seat's lives, the card you know it holds, what it did this "
        "round, the special cards shown and the pack."
    )
    hint_help = (
        "Suggest an answer (the basic computer player's) and why: the chance your card loses "
        "at the showdown, and what a swap would cost on average."
    )

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: CucuView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The start of a match (sections 1, 4): origin, opponents, lives, dealer."""
        return intro_text(view, origin, seats)

    def status(self, view: CucuView) -> RenderableType:
        """The table, your card and its power, the numbered choices (sections 6-8)."""
        return status_view(view)

    def table(self, view: CucuView) -> RenderableType:
        """The table (``table``)."""
        return table_view(view)

    def hand(self, view: CucuView) -> RenderableType:
        """Your card with its power in words (``hand``)."""
        return _card_line(view)

    def prompt(self, view: CucuView) -> str:
        """``7: keep or swap > ``, ``inn: accept or refuse > `` (the card and the answers)."""
        answers = " or ".join(str(a) for a in view.legal)
        card = view.card if view.card is not None else "-"
        return f"{card}: {answers} > "

    def outcome(self, view: CucuView, outcome: Outcome) -> RenderableType:
        """The end of the match (section 10.2)."""
        return outcome_view(view, outcome)

    def round_end(self, view: CucuView) -> RenderableType:
        """A break after a showdown (section 11a): every seat's lives and the next dealer."""
        return round_end_view(view)

    def round_summary(self, view: CucuView) -> RenderableType:
        """One line for a finished round (``watch``)."""
        return round_summary_line(view)

    # -- choices, completion ---------------------------------------------------------------------
    def legal_verbs(self, view: CucuView) -> list[str]:
        """The verbs with a legal use now, in :data:`ACTIONS` order (``draw`` for the dealer)."""
        verbs = {str(a) for a in view.legal}
        if view.phase == "dealer" and "swap" in verbs:
            verbs.add("draw")
        return [v.verb for v in ACTIONS if v.verb in verbs]

    def choices(self, view: CucuView) -> list[str]:
        """The numbered answers: the legal actions in canonical order (section 6)."""
        return [str(a) for a in view.legal]

    def complete(self, view: CucuView, verb: str, args: Sequence[str]) -> list[Any]:
        """No verb takes words after it (section 6)."""
        return []

    # -- hint and auto -----------------------------------------------------------------------------
    def describe(self, view: CucuView, action: Action) -> str:
        """``keep: keep your 7``, ``swap: ask seat 1 (right) to swap cards with you``."""
        notes = dict(choice_notes(view))
        note = notes.get(str(action), "")
        return f"{action}: {note}" if note else str(action)

    def hint(self, view: CucuView, suggestion: Action) -> RenderableType:
        """The suggested answer and why (the basic player's reasoning, ai.py): on a turn or as
        the dealer, the chance the card loses at the showdown if kept and the expected lives
        lost by a swap; at an Inn, why paying is never worse; as the Inn holder, the lives
        to spare."""
        line = Text("Hint: ", style="bold")
        line.append(self.describe(view, suggestion))
        return Group(line, Text(self._why(view)))

    @staticmethod
    def _why(view: CucuView) -> str:
        phase = view.phase
        if phase in ("turn", "dealer") and view.card is not None:
            est = BasicAgent().estimates(view)
            keep, swap = est["keep"], est["swap"]
            mine = card_bare(view.card)
            text = f"Keeping, your {mine} loses at the showdown with a chance of {keep:.0%}"
            if math.isinf(swap):
                return text + "."
            if phase == "dealer":
                return (
                    text + f"; the bottom card of the pack would lose with a chance of {swap:.0%}."
                )
            return (
                text + f"; asking to swap costs {swap:.2f} lives on average (a Hunter or a Cat "
                "costs a life at once)."
            )
        if phase == "inn":
            return (
                "Paying is never worse than keeping: an accepted pact covers any losing card but "
                "the Zero, and a refusal gives you the Inn (rules 7.5)."
            )
        if phase == "pay":
            carried = sum(1 for _, holder in view.pacts if holder == view.seat)
            lives = view.lives[view.seat]
            spare = lives - carried
            pacts = f" and carry {carried} pact{'' if carried == 1 else 's'}" if carried else ""
            if spare >= SPARE:
                return f"You have {lives} lives{pacts}: you can spare one for a pact."
            return (
                f"You have {lives} {'life' if lives == 1 else 'lives'}{pacts}: a pact could "
                "cost your last life, so refuse and swap."
            )
        return ""

    # -- narration ---------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """A few plain lines for ``events[start:]`` (rules 7-10): the round's dealer when a new
        round starts, your card, each ask with its answer (a swap with the cards you give and
        get; the Cuckoo, Hunter, Horse, Cat and Inn each in words: no swap, a life lost, the
        ask jumping on or the top card taken, the chain undone swap by swap, the Inn's offer,
        pact or refusal), the dealer's draw, the showdown in one line, each life lost (and
        who pays for whom), the restart, the last seat with lives. Earlier events are read
        for context (your card, the round). ``forced`` is never used: no Cuccu answer is
        forced."""
        return _narrate(events, start, seat)

    def story_start(self, events: Sequence[Event]) -> int:
        """The start of the last round that has events (a resumed match tells that round
        again, with its end when the save stands at a break)."""
        story = _Story(0)
        begin = 0
        for i, e in enumerate(events):
            if story.starts_round(e):
                begin = i
            _event_line(story, e)
        return begin

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log`` (section 12.2), your own
        cards included (what you gave and got in a swap, an undo, a draw)."""
        story = _Story(seat)
        lines: list[RenderableType] = []
        for e in events:
            story.starts_round(e)
            lines.append(Text(_event_line(story, e)))
        return lines


UI = CucuUI()


__all__ = ["ACTIONS", "UI", "CucuUI", "Finish", "Watch"]
