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
from cardavia_cli.engine.i18n import N_, _, ngettext, pgettext
from cardavia_cli.engine.interface import Verb
from cardavia_cli.engine.seats import SEATS, next_active
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.engine.words import by_seat, capital, said_action, seat_label
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
    listed,
    outcome_line,
    outcome_view,
    round_end_view,
    round_summary_line,
    seat_card,
    status_view,
    table_view,
)

ACTIONS: tuple[Verb, ...] = (
    Verb(
        "keep",
        "keep",
        N_(
            "Keep your card: on your turn (rules 6, 7), as the dealer (rules 8), or when an "
            "Inn stops your ask, accepting the stop (rules 7.5)."
        ),
        N_("keep your card"),
    ),
    Verb(
        "swap",
        "swap",
        N_(
            "On your turn, ask the next player to swap cards (rules 7: a plain card must swap; "
            "the Cuckoo, Hunter, Horse, Cat and Inn answer otherwise). As the dealer, swap your "
            "card for the bottom card of the pack (rules 8)."
        ),
        N_("ask to swap / swap with the pack"),
    ),
    Verb(
        "draw",
        "draw",
        N_(
            "The dealer's word for swap: swap your card for the bottom card of the pack (rules "
            "6, 8); refused at any other time."
        ),
        N_("dealer: swap with the pack"),
    ),
    Verb(
        "pay",
        "pay",
        N_(
            "Stopped by an Inn: ask its holder to pay for you if your card loses, except the "
            "Zero (rules 7.5)."
        ),
        N_("ask the Inn to pay for you"),
    ),
    Verb(
        "accept",
        "accept",
        N_(
            "As the Inn holder asked to pay: make the pact, no swap; you lose a life in place "
            "of the asker if their card loses, except the Zero (rules 7.5, 9.3)."
        ),
        N_("make the Inn's pact"),
    ),
    Verb(
        "refuse",
        "refuse",
        N_("As the Inn holder asked to pay: refuse, and swap cards with the asker (rules 7.5)."),
        N_("refuse the pact and swap"),
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
                heads[i] = by_seat(
                    dealer,
                    seat,
                    _("Round {n}: you deal."),
                    _("Round {n}: {seat} deals."),
                    n=len(heads) + 2,
                )
                shown, out, restarted = [], set(), False
    return heads


def _two(a: int, b: int, me: int, mine: str, yours: str, theirs: str, **fields: object) -> str:
    """A sentence about two seats ``a`` and ``b`` as told to ``me``: ``mine`` when ``a`` is
    ``me`` (``{other}`` is ``b``), ``yours`` when ``b`` is ``me`` (``{Seat}``/``{seat}`` is
    ``a``), else ``theirs`` (both)."""
    text = mine if a == me else yours if b == me else theirs
    first, second = seat_label(a, me), seat_label(b, me)
    return text.format(Seat=capital(first), seat=first, other=second, **fields)


def _then(first: str, then: str) -> str:
    """Two parts of one line of the story: what happened, and what follows from it."""
    # TRANSLATORS: one line of the story in two parts: what happened, then what follows
    # ("Seat 2 shows the Hunter: you lose a life (2 left).").
    return _("{first}: {then}.").format(first=first, then=then)


@dataclass
class _Story:
    """What the person at seat ``me`` remembers of the events told so far (their own card,
    the cards shown at the showdown), and the words for them."""

    me: int
    mine: str = ""
    cards: dict[int, str] = field(default_factory=dict)

    def who(self, seat: int) -> str:
        return seat_label(seat, self.me)

    def by(self, seat: int, mine: str, theirs: str, **fields: object) -> str:
        """``mine`` when ``seat`` is the person, else ``theirs`` (:func:`by_seat`)."""
        label = seat_label(seat, self.me)
        text = mine if seat == self.me else theirs
        return text.format(seat=label, Seat=capital(label), **fields)

    def show(self, event: Show | Dead) -> str:
        """A card shown at the showdown: ``seat 1 (right) the Lion (dead)``."""
        self.cards[event.seat] = event.card
        if event.seat == self.me:
            self.mine = event.card
        dead = isinstance(event, Dead)
        return seat_card(event.seat, self.me, card_words(event.card), dead=dead).plain

    def bare(self, seat: int) -> str:
        """The card shown by ``seat`` at the showdown, after a possessive (``Lion``)."""
        return card_bare(self.cards[seat])

    def exchange(self, event: Swap | Top | Draw | Undo) -> dict[str, str]:
        """The cards of this seat's part in a swap (it learns what it gets), as the fields
        ``old`` and ``new`` of ``you give {old} and get {new}``."""
        old, self.mine = self.mine, str(event.detail(self.me)[0])
        return {"old": card_words(old), "new": card_words(self.mine)}


def _clause(s: _Story, e: Event) -> str:
    """One event in words, without the full stop: a line of ``log``, and the start of many a
    line of the story; updates ``s``."""
    me = s.me
    match e:
        case Deal(seat=seat, card=card):
            s.mine = card
            return s.by(
                seat, _("You are dealt {card}"), _("{Seat} is dealt {card}"), card=card_words(card)
            )
        case Keep(seat=seat) if seat == me:
            return _("You keep your {card}").format(card=card_bare(s.mine))
        case Keep(seat=seat):
            return s.by(seat, "", _("{Seat} keeps"))
        case Ask(asker=asker, target=target):
            return _two(
                asker,
                target,
                me,
                _("You ask {other} to swap"),
                _("{Seat} asks you to swap"),
                _("{Seat} asks {other} to swap"),
            )
        case Swap(asker=asker, target=target) if me in (asker, target):
            other = target if asker == me else asker
            return _("You and {seat} swap: you give {old} and get {new}").format(
                seat=s.who(other), **s.exchange(e)
            )
        case Swap(asker=asker, target=target):
            return _two(asker, target, me, "", "", _("{Seat} and {other} swap cards"))
        case Special(seat=seat):
            return s.by(
                seat, _("You show {card}"), _("{Seat} shows {card}"), card=card_words(e.kind)
            )
        case Top(seat=seat) if seat == me:
            return _("You swap with the top card of the pack: you give {old} and get {new}").format(
                **s.exchange(e)
            )
        case Top(seat=seat):
            return s.by(seat, "", _("{Seat} swaps with the top card of the pack"))
        case Draw(seat=seat) if seat == me:
            return _(
                "You swap with the bottom card of the pack: you give {old} and get {new}"
            ).format(**s.exchange(e))
        case Draw(seat=seat):
            return s.by(seat, "", _("{Seat} swaps with the bottom card of the pack"))
        case Pay(asker=asker, holder=holder):
            return _two(
                asker,
                holder,
                me,
                _("You ask {other} to pay for you"),
                _("{Seat} asks you to pay for them"),
                _("{Seat} asks {other} to pay for them"),
            )
        case Accept(holder=holder):
            return s.by(holder, _("You accept to pay"), _("{Seat} accepts to pay"))
        case Refuse(holder=holder):
            return s.by(holder, _("You refuse to pay"), _("{Seat} refuses to pay"))
        case Lose(seat=seat, left=left):
            return s.by(
                seat,
                _("You lose a life: {left} left"),
                _("{Seat} loses a life: {left} left"),
                left=left,
            )
        case Out(seat=seat):
            return s.by(seat, _("You are out"), _("{Seat} is out"))
        case Undo(giver=giver, holder=holder) if me in (giver, holder):
            other = holder if giver == me else giver
            return _("Your swap with {seat} is undone: you give {old} and get {new} back").format(
                seat=s.who(other), **s.exchange(e)
            )
        case Undo(giver=giver, holder=holder):
            return _("The swap of {giver} and {holder} is undone").format(
                giver=s.who(giver), holder=s.who(holder)
            )
        case Dead(seat=seat):
            s.show(e)
            return s.by(
                seat,
                _("Your {card} is dead (you went out during play)"),
                _("{Seat}'s {card} is dead ({seat} went out during play)"),
                card=s.bare(seat),
            )
        case Show(seat=seat, card=card):
            s.show(e)
            return s.by(seat, _("You show {card}"), _("{Seat} shows {card}"), card=card_words(card))
        case Paid(holder=holder, loser=loser):
            return _two(
                holder,
                loser,
                me,
                _("You pay for {other}, by the Inn's pact"),
                _("{Seat} pays for you, by the Inn's pact"),
                _("{Seat} pays for {other}, by the Inn's pact"),
            )
        case Restart():
            return _("Nobody has a life left: all-out restart, every seat has three lives again")
        case Win(seat=seat):
            return s.by(seat, _("You win the match"), _("{Seat} wins the match"))
    return e.text


def _peek(events: Sequence[Event], i: int, kind: type[E] | tuple[type[E], ...]) -> E | None:
    """``events[i]`` if there is one and it is of ``kind``, else ``None``."""
    e = events[i] if i < len(events) else None
    return e if isinstance(e, kind) else None


def _tell(s: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """The lines of the events from ``events[i]`` that belong together (an ask and its swap,
    a special card and what it causes, ...), read with the events around them, and the index
    after them; updates ``s``. Each line is one whole message of the catalogs."""
    me, e = s.me, events[i]
    before = events[i - 1] if i else None
    after = events[i + 1] if i + 1 < len(events) else None
    match before, e, after:
        case _, Ask(asker=asker, target=target), Swap():
            cards = s.exchange(after) if me in (asker, target) else {}
            return i + 2, [
                _two(
                    asker,
                    target,
                    me,
                    _("You ask {other} to swap: you give {old} and get {new}."),
                    _("{Seat} asks you to swap: you give {old} and get {new}."),
                    _("{Seat} asks {other} to swap: they swap."),
                    **cards,
                )
            ]
        case InnShown(), Keep(seat=seat), _ if seat == me:
            return i + 1, [_("You keep your {card}: no pact.").format(card=card_bare(s.mine))]
        case InnShown(), Keep(seat=seat), _:
            return i + 1, [s.by(seat, "", _("{Seat} keeps their card: no pact."))]
        case _, Keep(seat=seat), Show() | Dead() if seat == me:
            return i + 1, [_("You keep your {card}, as the dealer.").format(card=card_bare(s.mine))]
        case _, Keep(seat=seat), Show() | Dead():
            return i + 1, [s.by(seat, "", _("{Seat}, the dealer, keeps."))]
        case _, CuckooShown(seat=seat), _:
            card = card_words(e.kind)
            return i + 1, [
                s.by(
                    seat,
                    _("You show {card}: no swap."),
                    _("{Seat} shows {card}: no swap."),
                    card=card,
                )
            ]
        case _, InnShown(seat=seat), _:
            card = card_words(e.kind)
            return i + 1, [
                s.by(
                    seat,
                    _("You show {card}: the swap stops."),
                    _("{Seat} shows {card}: the swap stops."),
                    card=card,
                )
            ]
        case _, HorseShown(seat=seat), Top(seat=asker):
            cards = s.exchange(after) if asker == me else {}
            return i + 2, [
                _two(
                    seat,
                    asker,
                    me,
                    _("You show {card}: {other} swaps with the top card of the pack."),
                    _(
                        "{Seat} shows {card}: you swap with the top card of the pack: you give "
                        "{old} and get {new}."
                    ),
                    _("{Seat} shows {card}: {other} swaps with the top card of the pack."),
                    card=card_words(e.kind),
                    **cards,
                )
            ]
        case _, HorseShown(seat=seat), _:
            return i + 1, [
                s.by(
                    seat,
                    _("You show {card}: the ask jumps to the next player."),
                    _("{Seat} shows {card}: the ask jumps to the next player."),
                    card=card_words(e.kind),
                )
            ]
        case Ask(asker=asker), HunterShown() | CatShown(), _:
            return _hunted(s, asker, events, i)
        case _, Draw(seat=seat), _ if seat != me:
            return i + 1, [
                s.by(seat, "", _("{Seat}, the dealer, swaps with the bottom card of the pack."))
            ]
        case _, Pay(asker=asker, holder=holder), _:
            return i + 1, [
                _two(
                    asker,
                    holder,
                    me,
                    _("You ask {other} to pay for you if your card loses."),
                    _("{Seat} asks you to pay for them if their card loses."),
                    _("{Seat} asks {other} to pay for them if their card loses."),
                )
            ]
        case Pay(asker=asker), Accept(holder=holder), _:
            return i + 1, [
                _two(
                    holder,
                    asker,
                    me,
                    _(
                        "You accept: no swap; you pay a life for {other} if {other}'s card loses "
                        "(not for the Zero)."
                    ),
                    _(
                        "{Seat} accepts: no swap; {seat} pays a life for you if your card loses "
                        "(not for the Zero)."
                    ),
                    _(
                        "{Seat} accepts: no swap; {seat} pays a life for {other} if {other}'s card "
                        "loses (not for the Zero)."
                    ),
                )
            ]
        case _, Refuse(holder=holder), Swap(asker=asker):
            cards = s.exchange(after) if me in (asker, holder) else {}
            return i + 2, [
                _two(
                    holder,
                    asker,
                    me,
                    _("You refuse to pay and must swap: you give {old} and get {new}."),
                    _("{Seat} refuses to pay and must swap: you give {old} and get {new}."),
                    _("{Seat} refuses to pay and must swap: {other} gets the Inn."),
                    **cards,
                )
            ]
        case _, Undo(giver=giver, holder=holder), _ if me not in (giver, holder):
            return i + 1, [
                _(
                    "The Cat undoes the swap of {giver} and {holder}: the card goes back to "
                    "{giver}."
                ).format(giver=s.who(giver), holder=s.who(holder))
            ]
        case _, Show() | Dead() | Lose() | Out() | Paid() | Win(), _:
            return _scoring(s, events, i)
    return i + 1, [f"{_clause(s, e)}."]


def _hunted(s: _Story, asker: int, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """The Hunter or the Cat shown to ``asker`` (``events[i]``; 7.3, 7.6) and what it causes
    at once: a life lost; the Cat undoes the swaps that brought the card."""
    shown, cat, j = _clause(s, events[i]), isinstance(events[i], CatShown), i + 1
    loss = ""
    if lose := _peek(events, j, Lose):
        j += 2 if _peek(events, j + 1, Out) else 1
        if lose.left:
            loss = s.by(
                asker,
                _("you lose a life ({left} left)"),
                _("{seat} loses a life ({left} left)"),
                left=lose.left,
            )
        else:
            loss = s.by(
                asker,
                _("you lose your last life and are out"),
                _("{seat} loses their last life and is out"),
            )
    undo = ""
    if cat and _peek(events, j, Undo):
        undo = _("the swaps that brought the card are undone, the latest first")
    elif cat:
        undo = s.by(
            asker,
            _("your card was dealt to you: nothing to undo"),
            _("their card was dealt to them: nothing to undo"),
        )
    if loss and undo:
        # TRANSLATORS: a Cat shown to the asker: what it shows, the life lost, then what
        # happens to the swaps ("Seat 2 shows the Cat: you lose a life (2 left); ...").
        text = _("{shown}: {loss}; {undo}.").format(shown=shown, loss=loss, undo=undo)
    elif loss:
        text = _then(shown, loss)
    elif undo:
        text = _("{shown}; {undo}.").format(shown=shown, undo=undo)
    else:
        text = f"{shown}."
    return j, [text]


def _scoring(s: _Story, events: Sequence[Event], i: int) -> tuple[int, list[str]]:
    """:func:`_tell` for the showdown and its scoring (sections 9, 10)."""
    match events[i]:
        case Show() | Dead():  # the showdown in one line (9.1), then each loss (9.3)
            shown = []
            while i < len(events) and isinstance(card := events[i], Show | Dead):
                shown.append(s.show(card))
                i += 1
            nobody = [] if _peek(events, i, (Paid, Lose)) else [_("Nobody loses a life.")]
            return i, [_("Showdown: {cards}.").format(cards=listed(shown)), *nobody]
        case Lose(seat=seat, left=left):
            if left == 0:
                text = s.by(
                    seat,
                    _("Your {card} loses: no life left, you are out."),
                    _("{Seat}'s {card} loses: no life left, {seat} is out."),
                    card=s.bare(seat),
                )
            else:
                text = s.by(
                    seat,
                    ngettext(
                        "Your {card} loses: {n} life left.",
                        "Your {card} loses: {n} lives left.",
                        left,
                    ),
                    ngettext(
                        "{Seat}'s {card} loses: {n} life left.",
                        "{Seat}'s {card} loses: {n} lives left.",
                        left,
                    ),
                    card=s.bare(seat),
                    n=left,
                )
            return i + 1, [text]
        case Out():  # told with the loss
            return i + 1, []
        case Paid(holder=holder, loser=loser):
            told = _two(
                loser,
                holder,
                s.me,
                _("Your {card} loses, but {other} pays for it (the Inn's pact)"),
                _("{Seat}'s {card} loses, but you pay for it (the Inn's pact)"),
                _("{Seat}'s {card} loses, but {other} pays for it (the Inn's pact)"),
                card=s.bare(loser),
            )
            paid = _peek(events, i + 1, Lose)
            if paid and paid.seat == holder and paid.left:
                rest = s.by(
                    holder,
                    ngettext("you have {n} life left", "you have {n} lives left", paid.left),
                    ngettext("{seat} has {n} life left", "{seat} has {n} lives left", paid.left),
                    n=paid.left,
                )
            elif paid and paid.seat == holder:
                rest = s.by(
                    holder, _("no life left, you are out"), _("no life left, {seat} is out")
                )
            else:
                rest = s.by(
                    holder, _("you have no life left to lose"), _("{seat} has no life left to lose")
                )
            return (i + 2 if paid and paid.seat == holder else i + 1), [_then(told, rest)]
        case Win(seat=seat):
            return i + 1, [
                s.by(
                    seat,
                    _("You are the only one with lives left."),
                    _("{Seat} is the only one with lives left."),
                )
            ]
    return i + 1, [f"{_clause(s, events[i])}."]


class CucuUI(GameUI[CucuView, Action]):
    """Cuccu for the REPL; see the module docstring and :class:`~cardavia_cli.engine.ui.GameUI`."""

    actions = ACTIONS
    has_breaks = True
    players_go_out = True
    table_help = N_(
        "Show the table: every seat's lives, the card you know it holds, what it did this "
        "round, the special cards shown and the pack."
    )
    hint_help = N_(
        "Suggest an answer (the strong computer player's) and why: the chance your card loses "
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
        """``7: keep or swap > ``, ``inn: accept or refuse > `` (the card and the answers, in
        the words of the language spoken)."""
        card = view.card if view.card is not None else "-"
        answers = [said_action(a) for a in view.legal]
        if len(answers) == 2:
            # TRANSLATORS: the prompt: the card code and the two answers to type (keep, swap).
            return _("{card}: {first} or {second} > ").format(
                card=card, first=answers[0], second=answers[1]
            )
        return f"{card}: {' '.join(answers)} > "

    def outcome(self, view: CucuView, outcome: Outcome) -> RenderableType:
        """The end of the match (section 10.2)."""
        return outcome_view(view, outcome)

    def outcome_line(self, view: CucuView, outcome: Outcome) -> str:
        """The head of :meth:`outcome` (section 10.2), one sentence for the seat of ``view``."""
        return outcome_line(view, outcome)

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
        return f"{said_action(action)}: {note}" if note else said_action(action)

    def hint(self, view: CucuView, suggestion: Action) -> RenderableType:
        """The suggested answer and why (the basic player's reasoning, ai.py): on a turn or as
        the dealer, the chance the card loses at the showdown if kept and the expected lives
        lost by a swap; at an Inn, why paying is never worse; as the Inn holder, the lives
        to spare."""
        line = Text(_("Hint: "), style="bold")
        line.append(self.describe(view, suggestion))
        return Group(line, Text(self._why(view)))

    @staticmethod
    def _why(view: CucuView) -> str:
        phase = view.phase
        if phase in (Phase.TURN, Phase.DEALER) and view.card is not None:
            est = BasicAgent().estimates(view)
            keep, swap = est["keep"], est["swap"]
            fields = {"card": card_bare(view.card), "percent": _percent(keep)}
            if math.isinf(swap):
                return _(
                    "Keeping, your {card} loses at the showdown with a chance of {percent}%."
                ).format(**fields)
            if phase == Phase.DEALER:
                return _(
                    "Keeping, your {card} loses at the showdown with a chance of {percent}%; the "
                    "bottom card of the pack would lose with a chance of {swap}%."
                ).format(swap=_percent(swap), **fields)
            return _(
                "Keeping, your {card} loses at the showdown with a chance of {percent}%; asking "
                "to swap costs {cost} lives on average (a Hunter or a Cat costs a life at once)."
            ).format(cost=_decimal(swap), **fields)
        if phase == Phase.INN:
            return _(
                "Paying is never worse than keeping: an accepted pact covers any losing card but "
                "the Zero, and a refusal gives you the Inn (rules 7.5)."
            )
        if phase == Phase.PAY:
            carried = sum(1 for _asker, holder in view.pacts if holder == view.seat)
            lives = view.lives[view.seat]
            pacts = ngettext("{n} pact", "{n} pacts", carried).format(n=carried)
            if lives - carried >= SPARE and carried:
                text = ngettext(
                    "You have {n} life and carry {pacts}: you can spare one for a pact.",
                    "You have {n} lives and carry {pacts}: you can spare one for a pact.",
                    lives,
                )
            elif lives - carried >= SPARE:
                text = ngettext(
                    "You have {n} life: you can spare one for a pact.",
                    "You have {n} lives: you can spare one for a pact.",
                    lives,
                )
            elif carried:
                text = ngettext(
                    "You have {n} life and carry {pacts}: a pact could cost your last life, so "
                    "refuse and swap.",
                    "You have {n} lives and carry {pacts}: a pact could cost your last life, so "
                    "refuse and swap.",
                    lives,
                )
            else:
                text = ngettext(
                    "You have {n} life: a pact could cost your last life, so refuse and swap.",
                    "You have {n} lives: a pact could cost your last life, so refuse and swap.",
                    lives,
                )
            return text.format(n=lives, pacts=pacts)
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
        lines: list[RenderableType] = (
            [Text(_("Round {n}.").format(n=1), style="bold")] if events else []
        )
        for i, e in enumerate(events):
            if i in heads:
                lines.append(Text(heads[i], style="bold"))
            lines.append(Text(f"{_clause(s, e)}."))
        return lines


def _percent(chance: float) -> str:
    """A chance as a whole percentage, without the sign: ``0.354`` -> ``35``."""
    return f"{chance:.0%}".removesuffix("%")


def _decimal(x: float) -> str:
    """``x`` with two decimals and the language's decimal mark: ``0.45``, ``0,45``."""
    # TRANSLATORS: the decimal mark of a number (0.45): "," in Turkish, "٫" or "." in Arabic.
    return f"{x:.2f}".replace(".", pgettext("number", "."))


UI = CucuUI()


__all__ = ["ACTIONS", "UI", "CucuUI"]
