"""The REPL hook of Cuccu (rules/cucu.md 6, 7, 8, 9, 10, 11a): ``UI``.

The game-independent REPL (:mod:`cardavia_cli.repl`) asks this object for everything that is
Cuccu: the verbs of section 6 (``keep swap draw pay accept refuse``; ``draw`` is the dealer's
word for ``swap`` and is refused elsewhere, naming section 8), the rendering of the human
seat's view (through :mod:`.view`), the numbered choices, the ``hint`` with the basic
player's estimates, the story of every event in plain words (the human's own cards from
``event.detail``), the end of each round and the match's result. A match has a break after
every showdown (11a: the REPL waits for Enter or ``next`` on a terminal); players go out of
the match, so once the human is out the REPL's ``watch`` (one line per round) and ``finish``
(to the end) let the match go on.

It works only on the human seat's :class:`~.rules.CucuView` and the events that seat may see;
it never prints. Every decision point has two answers, so nothing is ever forced and the
narration's ``forced`` marks stay empty.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Verb
from cardavia_cli.engine.seats import SEATS, next_active
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.engine.words import capital, does, own, plural, possessive, seat_label, verb_for
from cardavia_cli.games.cucu.ai import SPARE, BasicAgent
from cardavia_cli.games.cucu.events import (
    Accept,
    Ask,
    CatShown,
    CuckooShown,
    Dead,
    Deal,
    Draw,
    HorseShown,
    HunterShown,
    InnShown,
    Keep,
    Lose,
    Out,
    Paid,
    Pay,
    Refuse,
    Restart,
    Show,
    Special,
    Swap,
    Top,
    Undo,
    Win,
)
from cardavia_cli.games.cucu.rules import Action, CucuView, Phase
from cardavia_cli.games.cucu.view import (
    card_bare,
    card_line,
    card_words,
    choice_notes,
    intro_text,
    outcome_view,
    round_end_view,
    round_summary_line,
    status_view,
    table_view,
)

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


# -- narration --------------------------------------------------------------------------------
#: The events of a showdown and its scoring (12.2); any other event after them starts a round.
SHOWDOWN = (Show, Dead, Paid, Lose, Out, Restart, Win)
E = TypeVar("E", bound=Event)


def _round_heads(events: Sequence[Event], seat: int) -> dict[int, str]:
    """``Round 2: seat 1 (right) deals.`` by where each later round begins in ``events``: dealt
    by the next seat still in after the last dealer, the last seat shown (sections 4, 12.2)."""
    heads: dict[int, str] = {}
    shown: list[int] = []
    out: set[int] = set()
    restarted = False
    for i, e in enumerate(events):
        match e:
            case Show(seat=shower) | Dead(seat=shower):
                shown.append(shower)
            case Out(seat=gone):
                out.add(gone)
            case Restart():
                restarted = True
            case _ if shown and not isinstance(e, SHOWDOWN):
                dealer = next_active(shown[-1], set(SEATS) if restarted else set(shown) - out)
                assert dealer is not None, "a round leaves a seat with lives"
                deals = f"{seat_label(dealer, seat)} {verb_for(dealer, seat, 'deal')}"
                heads[i] = f"Round {len(heads) + 2}: {deals}."
                shown, out, restarted = [], set(), False
    return heads


@dataclass
class _Story:
    """What the person at seat ``me`` remembers of the events told so far (their own card,
    the cards shown at the showdown), and the words for them."""

    me: int
    mine: str = ""
    cards: dict[int, str] = field(default_factory=dict)

    def who(self, seat: int) -> str:
        return seat_label(seat, self.me)

    def does(self, seat: int, verb: str) -> str:
        return does(seat, verb, self.me)

    def verb(self, seat: int, verb: str) -> str:
        return verb_for(seat, self.me, verb)

    def them(self, seat: int) -> str:
        return "you" if seat == self.me else "them"

    def show(self, event: Show | Dead) -> str:
        """A card shown at the showdown: ``seat 1 (right) the Lion (dead)``."""
        self.cards[event.seat] = event.card
        if event.seat == self.me:
            self.mine = event.card
        dead = " (dead)" if isinstance(event, Dead) else ""
        return f"{self.who(event.seat)} {card_words(event.card)}{dead}"

    def card_of(self, seat: int) -> str:
        """``Your 7``, ``Seat 1 (right)'s Lion``: a card shown at the showdown."""
        return f"{capital(possessive(seat, self.me))} {card_bare(self.cards[seat])}"

    def left(self, seat: int, left: int, *, named: bool = False) -> str:
        """``2 lives left``, ``seat 1 (right) has 2 lives left``, ``no life left, you are out``."""
        if left == 0:
            return f"no life left, {self.who(seat)} {self.verb(seat, 'are')} out"
        lives = f"{plural(left, 'life', 'lives')} left"
        return f"{self.who(seat)} {self.verb(seat, 'have')} {lives}" if named else lives

    def exchange(self, event: Swap | Top | Draw | Undo) -> str:
        """``you give 7 and get 3``: this seat's part in a swap (it learns what it gets)."""
        old, self.mine = self.mine, str(event.detail(self.me)[0])
        return f"you give {card_words(old)} and get {card_words(self.mine)}"


def _clause(s: _Story, e: Event) -> str:
    """One event in words, without the full stop: a line of ``log``, and the start of many a
    line of the story; updates ``s``."""
    me = s.me
    match e:
        case Deal(seat=seat, card=card):
            s.mine = card
            return f"{s.does(seat, 'are')} dealt {card_words(card)}"
        case Keep(seat=seat) if seat == me:
            return f"You keep your {card_bare(s.mine)}"
        case Keep(seat=seat):
            return s.does(seat, "keep")
        case Ask(asker=asker, target=target):
            return f"{s.does(asker, 'ask')} {s.who(target)} to swap"
        case Swap(asker=asker, target=target) if me in (asker, target):
            other = target if asker == me else asker
            return f"You and {s.who(other)} swap: {s.exchange(e)}"
        case Swap(asker=asker, target=target):
            return f"{capital(s.who(asker))} and {s.who(target)} swap cards"
        case Special(seat=seat):
            return f"{s.does(seat, 'show')} {card_words(e.kind)}"
        case Top(seat=seat) | Draw(seat=seat):
            end = "top" if isinstance(e, Top) else "bottom"
            swaps = f"{s.does(seat, 'swap')} with the {end} card of the pack"
            return f"{swaps}: {s.exchange(e)}" if seat == me else swaps
        case Pay(asker=asker, holder=holder):
            return f"{s.does(asker, 'ask')} {s.who(holder)} to pay for {s.them(asker)}"
        case Accept(holder=holder) | Refuse(holder=holder):
            return f"{s.does(holder, e.kind)} to pay"
        case Lose(seat=seat, left=left):
            return f"{s.does(seat, 'lose')} a life: {left} left"
        case Out(seat=seat):
            return f"{s.does(seat, 'are')} out"
        case Undo(giver=giver, holder=holder) if me in (giver, holder):
            other = holder if giver == me else giver
            return f"Your swap with {s.who(other)} is undone: {s.exchange(e)} back"
        case Undo(giver=giver, holder=holder):
            return f"The swap of {s.who(giver)} and {s.who(holder)} is undone"
        case Dead(seat=seat):
            s.show(e)
            return f"{s.card_of(seat)} is dead ({s.who(seat)} went out during play)"
        case Show(seat=seat, card=card):
            s.show(e)
            return f"{s.does(seat, 'show')} {card_words(card)}"
        case Paid(holder=holder, loser=loser):
            return f"{s.does(holder, 'pay')} for {s.who(loser)}, by the Inn's pact"
        case Restart():
            return "Nobody has a life left: all-out restart, every seat has three lives again"
        case Win(seat=seat):
            return f"{s.does(seat, 'win')} the match"
    return e.text


def _peek(events: Sequence[Event], i: int, kind: type[E] | tuple[type[E], ...]) -> E | None:
    """``events[i]`` if there is one and it is of ``kind``, else ``None``."""
    e = events[i] if i < len(events) else None
    return e if isinstance(e, kind) else None


def _tell(s: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """The lines of the events from ``events[i]`` that belong together (an ask and its swap,
    a special card and what it causes, ...), read with the events around them, and the index
    after them; updates ``s``. Most lines begin with the event's :func:`_clause`."""
    me, e = s.me, events[i]
    before = events[i - 1] if i else None
    after = events[i + 1] if i + 1 < len(events) else None
    match before, e, after:
        case _, Ask(asker=asker, target=target), Swap():
            tail = s.exchange(after) if me in (asker, target) else "they swap"
            return i + 2, [f"{_clause(s, e)}: {tail}."]
        case InnShown(), Keep(seat=seat), _:
            return i + 1, [f"{_clause(s, e)}{'' if seat == me else ' their card'}: no pact."]
        case _, Keep(seat=seat), Show() | Dead() if seat == me:
            return i + 1, [f"{_clause(s, e)}, as the dealer."]
        case _, Keep(seat=seat), Show() | Dead():
            return i + 1, [f"{capital(s.who(seat))}, the dealer, keeps."]
        case _, CuckooShown() | InnShown(), _:
            stops = "no swap" if isinstance(e, CuckooShown) else "the swap stops"
            return i + 1, [f"{_clause(s, e)}: {stops}."]
        case _, HorseShown(), Top(seat=asker):
            tail = f": {s.exchange(after)}" if asker == me else ""
            swaps = f"{s.who(asker)} {s.verb(asker, 'swap')} with the top card of the pack"
            return i + 2, [f"{_clause(s, e)}: {swaps}{tail}."]
        case _, HorseShown(), _:
            return i + 1, [f"{_clause(s, e)}: the ask jumps to the next player."]
        case Ask(asker=asker), HunterShown() | CatShown(), _:
            return _hunted(s, asker, events, i)
        case _, Draw(seat=seat), _ if seat != me:
            who = capital(s.who(seat))
            return i + 1, [f"{who}, the dealer, swaps with the bottom card of the pack."]
        case _, Pay(asker=asker), _:
            return i + 1, [f"{_clause(s, e)} if {own(asker, me)} card loses."]
        case Pay(asker=asker), Accept(holder=holder), _:
            pays = f"{s.who(holder)} {s.verb(holder, 'pay')} a life for {s.who(asker)}"
            whose = f"{possessive(asker, me)} card loses (not for the Zero)"
            return i + 1, [f"{s.does(holder, 'accept')}: no swap; {pays} if {whose}."]
        case _, Refuse(holder=holder), Swap(asker=asker):
            tail = s.exchange(after) if me in (asker, holder) else f"{s.who(asker)} gets the Inn"
            return i + 2, [f"{_clause(s, e)} and must swap: {tail}."]
        case _, Undo(giver=giver, holder=holder), _ if me not in (giver, holder):
            swap = f"the swap of {s.who(giver)} and {s.who(holder)}"
            return i + 1, [f"The Cat undoes {swap}: the card goes back to {s.who(giver)}."]
        case _, Show() | Dead() | Lose() | Out() | Paid() | Win(), _:
            return _scoring(s, events, i)
    return i + 1, [f"{_clause(s, e)}."]


def _hunted(s: _Story, asker: int, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """The Hunter or the Cat shown to ``asker`` (``events[i]``; 7.3, 7.6) and what it causes
    at once: a life lost; the Cat undoes the swaps that brought the card."""
    text, cat, j = _clause(s, events[i]), isinstance(events[i], CatShown), i + 1
    if lose := _peek(events, j, Lose):
        j += 2 if _peek(events, j + 1, Out) else 1
        loses = f"{s.who(asker)} {s.verb(asker, 'lose')}"
        if lose.left:
            text += f": {loses} a life ({lose.left} left)"
        else:
            text += f": {loses} {own(asker, s.me)} last life and {s.verb(asker, 'are')} out"
    if cat and _peek(events, j, Undo):
        text += "; the swaps that brought the card are undone, the latest first"
    elif cat:
        text += f"; {own(asker, s.me)} card was dealt to {s.them(asker)}: nothing to undo"
    return j, [text + "."]


def _scoring(s: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """:func:`_tell` for the showdown and its scoring (sections 9, 10)."""
    match events[i]:
        case Show() | Dead():  # the showdown in one line (9.1), then each loss (9.3)
            shown = []
            while i < len(events) and isinstance(card := events[i], Show | Dead):
                shown.append(s.show(card))
                i += 1
            nobody = [] if _peek(events, i, (Paid, Lose)) else ["Nobody loses a life."]
            return i, [f"Showdown: {', '.join(shown)}.", *nobody]
        case Lose(seat=seat, left=left):
            return i + 1, [f"{s.card_of(seat)} loses: {s.left(seat, left)}."]
        case Out():  # told with the loss
            return i + 1, []
        case Paid(holder=holder, loser=loser):
            pays = f"{s.who(holder)} {s.verb(holder, 'pay')} for it (the Inn's pact)"
            told = f"{s.card_of(loser)} loses, but {pays}"
            if (paid := _peek(events, i + 1, Lose)) and paid.seat == holder:
                return i + 2, [f"{told}: {s.left(holder, paid.left, named=True)}."]
            return i + 1, [
                f"{told}: {s.who(holder)} {s.verb(holder, 'have')} no life left to lose."
            ]
        case Win(seat=seat):
            return i + 1, [f"{s.does(seat, 'are')} the only one with lives left."]
    return i + 1, [f"{_clause(s, events[i])}."]


class CucuUI(GameUI[CucuView, Action]):
    """Cuccu for the REPL; see the module docstring and :class:`~cardavia_cli.engine.ui.GameUI`."""

    actions = ACTIONS
    has_breaks = True
    players_go_out = True
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
        return card_line(view)

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

    def is_out(self, view: CucuView) -> bool:
        """The human has no life left (section 1): ``watch`` and ``finish`` are offered."""
        return view.lives[view.seat] == 0

    # -- choices -------------------------------------------------------------------------------
    def legal_verbs(self, view: CucuView) -> list[str]:
        """The verbs with a legal use now, in :data:`ACTIONS` order (``draw`` for the dealer)."""
        verbs = {str(a) for a in view.legal}
        if view.phase == Phase.DEALER and "swap" in verbs:
            verbs.add("draw")
        return [v.verb for v in ACTIONS if v.verb in verbs]

    def choices(self, view: CucuView) -> list[str]:
        """The numbered answers: the legal actions in canonical order (section 6)."""
        return [str(a) for a in view.legal]

    # -- hint ------------------------------------------------------------------------------------
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
        if phase in (Phase.TURN, Phase.DEALER) and view.card is not None:
            est = BasicAgent().estimates(view)
            keep, swap = est["keep"], est["swap"]
            mine = card_bare(view.card)
            text = f"Keeping, your {mine} loses at the showdown with a chance of {keep:.0%}"
            if math.isinf(swap):
                return text + "."
            if phase == Phase.DEALER:
                return (
                    text + f"; the bottom card of the pack would lose with a chance of {swap:.0%}."
                )
            return (
                text + f"; asking to swap costs {swap:.2f} lives on average (a Hunter or a Cat "
                "costs a life at once)."
            )
        if phase == Phase.INN:
            return (
                "Paying is never worse than keeping: an accepted pact covers any losing card but "
                "the Zero, and a refusal gives you the Inn (rules 7.5)."
            )
        if phase == Phase.PAY:
            carried = sum(1 for _, holder in view.pacts if holder == view.seat)
            lives = view.lives[view.seat]
            pacts = f" and carry {plural(carried, 'pact')}" if carried else ""
            if lives - carried >= SPARE:
                return f"You have {lives} lives{pacts}: you can spare one for a pact."
            return (
                f"You have {plural(lives, 'life', 'lives')}{pacts}: a pact could cost your last "
                "life, so refuse and swap."
            )
        return ""

    # -- narration ---------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """A few plain lines for ``events[start:]`` (rules 7-10), each round's dealer first; a
        group of events that ends after ``start`` is told whole. ``forced``: none in Cuccu."""
        heads = _round_heads(events, seat)
        s = _Story(seat)
        lines: list[RenderableType] = []
        i = 0
        while i < len(events):
            if i in heads and i >= start:
                lines.append(Text(heads[i], style="bold"))
            i, said = _tell(s, events, i)
            if i > start:
                lines.extend(map(Text, said))
        return lines

    def story_start(self, events: Sequence[Event]) -> int:
        """The start of the last round that has events (a resumed match tells that round
        again, with its end when the save stands at a break)."""
        return max(_round_heads(events, 0), default=0)

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log`` (section 12.2), your own
        cards included (what you gave and got in a swap, an undo, a draw), under a header
        for each round (``Round 1.``, then ``Round 2: seat 1 (right) deals.``)."""
        s = _Story(seat)
        heads = _round_heads(events, seat)
        lines: list[RenderableType] = [Text("Round 1.", style="bold")] if events else []
        for i, e in enumerate(events):
            if i in heads:
                lines.append(Text(heads[i], style="bold"))
            lines.append(Text(f"{_clause(s, e)}."))
        return lines


UI = CucuUI()


__all__ = ["ACTIONS", "UI", "CucuUI"]
