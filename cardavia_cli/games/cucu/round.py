"""One round of Cuccu as a pure state machine, and the rule functions of rules/cucu.md.

:class:`Round` is exactly sections 5-10 of the rules for one round: the deal from a deck order,
the decision points ``turn``, ``inn``, ``pay`` and ``dealer`` (section 6) with their legal
answers, and every automatic step in between (plain swaps, the Cuckoo, Hunter, Horse and Cat,
the Inn offer and its pact, the dealer's draw, the showdown, lives, ``out``, the all-out
restart). Its event log is the log of section 12.2, each line an event value of
:mod:`.events` that also says who sees it and which cards behind it each seat learns; a quiet
round (``quiet=True``, for the rollouts of a quiet state) keeps no events.

The rule functions of section 12 are :func:`showdown` (12.1), :func:`play_round` (12.2),
:func:`next_dealer` and :func:`play_match` (12.3); ``parse_card`` is in :mod:`.cards`.

Inside a round a card is its **card id**, its index in the deck order (0..39), so that "the very
card" of the Cat (7.6) is followed exactly; ``Round.rank[id]`` is its rank index (:mod:`.cards`).
The state is a handful of small lists and ints: :meth:`Round.copy` is cheap.

>>> from cardavia_cli.games.cucu.cards import example_deck
>>> deck = example_deck(["2", "5", "8", "1", "lion"])
>>> play_round(deck, 3, [3, 3, 3, 3], ["swap", "swap", "keep", "swap"])["log"][-3:]
['show 2 2', 'show 3 lion', 'lose 3 2']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardavia_cli.engine.errors import CardError, IllegalActionError
from cardavia_cli.engine.game import Event, QuietLog
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.seats import NUM_SEATS, SEATS, next_seat
from cardavia_cli.games.cucu.cards import (
    CAT,
    COPIES,
    CUCKOO,
    FOOL,
    HORSE,
    HUNTER,
    INN,
    NUM_RANKS,
    PACK_RANKS,
    PACK_SIZE,
    RANKS,
    SPECIALS,
    ZERO,
    check_deck,
    rank_of,
)
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

START_LIVES = 3

#: The decision points of section 6 and their legal answers, canonical order.
ANSWERS: dict[str, tuple[str, ...]] = {
    "turn": ("keep", "swap"),
    "inn": ("keep", "pay"),
    "pay": ("accept", "refuse"),
    "dealer": ("keep", "swap"),
}
#: Every answer word of section 6 (``draw`` is the dealer's alias of ``swap``).
WORDS: frozenset[str] = frozenset({"keep", "swap", "pay", "accept", "refuse", "draw"})

_RULE = {
    "turn": "section 6: on a turn, answer keep or swap",
    "inn": "section 7.5: at an Inn the asker answers keep or pay",
    "pay": "section 7.5: the Inn holder answers accept or refuse",
    "dealer": "section 8: the dealer answers keep or swap (draw)",
}

#: The event of each special card shown in answer to an ask (sections 7.2-7.6).
_SHOWN: dict[int, type[Special]] = {
    CUCKOO: CuckooShown,
    HUNTER: HunterShown,
    HORSE: HorseShown,
    CAT: CatShown,
    INN: InnShown,
}
_ONLY = tuple(frozenset({s}) for s in SEATS)
#: The value order used at a showdown with two live Fools: 14 1/2, between Hunter and Cuckoo.
_TWO_FOOLS_KEY = HUNTER + 0.5


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: its ``private`` part cut down to that seat's own entry
    (the cards behind a ``swap``, ``top``, ``undo`` or ``draw`` that only ``seat`` learns)."""
    if not event.private:
        return event
    return replace(event, private=tuple(p for p in event.private if p[0] == seat))


@dataclass(frozen=True, slots=True)
class RoundView:
    """What one seat may see of a round (section 6, "What is public").

    ``card`` is the seat's own card now (``None`` when it is not in the round); ``lives`` the
    lives of seats 0..3 now; ``shown`` the special cards shown in answer to asks, as
    ``(seat, card)`` in the order shown (the card may have moved since, through a swap or an
    undo); ``pacts`` the payment pacts ``(asker, Inn holder)``; ``out`` the seats knocked out
    during this round's play; ``log`` the events this seat sees, each cut down to what this
    seat learns (:func:`seen_by`); ``legal`` its answers when it is to act, else empty.
    """

    seat: int
    dealer: int
    order: tuple[int, ...]
    card: str | None
    lives: tuple[int, ...]
    decision: str | None
    to_act: int | None
    legal: tuple[str, ...]
    asker: int | None
    target: int | None
    shown: tuple[tuple[int, str], ...]
    pacts: tuple[tuple[int, int], ...]
    out: tuple[int, ...]
    log: tuple[Event, ...]


def validate_lives(lives: Sequence[int]) -> list[int]:
    """``lives`` as a list after checking it (rules 5): four ints 0..3 (seats 0..3), at least
    two above 0. Raises ``ValueError`` naming the problem."""
    out = list(lives)
    if len(out) != NUM_SEATS:
        raise ValueError(f"lives are four numbers (seats 0..3), not {list(lives)!r}")
    for v in out:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= START_LIVES:
            raise ValueError(f"each seat has 0..{START_LIVES} lives, not {v!r} (rules 5)")
    if sum(1 for v in out if v > 0) < 2:
        raise ValueError(f"a round needs at least two seats with lives, not {out} (rules 5)")
    return out


def _deck_ranks(deck: Sequence[str] | Sequence[int]) -> list[int]:
    ranks: list[int] = []
    for d in deck:
        if isinstance(d, str):
            ranks.append(rank_of(d))
        elif isinstance(d, int) and not isinstance(d, bool) and 0 <= d < NUM_RANKS:
            ranks.append(d)
        else:
            raise CardError(f"a card is a name or a rank index 0..{NUM_RANKS - 1}, not {d!r}")
    check_deck(ranks)
    return ranks


class Round:
    """One round of Cuccu (rules sections 5-10), from the deal to the showdown and scoring.

    ``deck``: the 40 cards in deck order (section 5; ``deck[0]`` is the bottom card, dealt
    first), as names in any notation or rank indexes. ``dealer``: a seat with lives.
    ``lives``: four ints 0..3 (seats 0..3, 0 = out), at least two above 0. The cards are dealt
    at once (rules 14.1) and the round waits at its first decision. ``quiet``: keep no events
    (a rollout's round; nothing in the rules reads them).

    Read :attr:`to_act`, :attr:`decision` (``"turn"``, ``"inn"``, ``"pay"``, ``"dealer"``;
    ``None`` once the round is scored) and :meth:`legal`; answer with :meth:`apply`, which runs
    every automatic step up to the next decision. :attr:`events` is the log.

    What each seat has seen (:meth:`known`, :meth:`known_plain`) is kept as bit masks of card
    ids, for the views and for dealing the unseen cards anew (determinization).

    Raises ``CardError`` for a card that is not in the notation, ``ValueError`` for a deck that
    is not exactly the pack or for bad ``dealer`` / ``lives``.
    """

    __slots__ = (
        "rank",
        "dealer",
        "order",
        "n",
        "lives",
        "start_lives",
        "hold",
        "top",
        "bottom",
        "swaps",
        "pact",
        "out",
        "shown",
        "seen",
        "public",
        "plain",
        "events",
        "quiet",
        "history",
        "decision",
        "to_act",
        "turn",
        "asker",
        "target",
        "losers",
        "restarted",
        "winner",
        "next_dealer",
    )

    rank: tuple[int, ...]
    dealer: int
    order: tuple[int, ...]
    n: int
    lives: list[int]
    start_lives: tuple[int, ...]
    hold: list[int]
    top: int
    bottom: int
    swaps: list[list[int]]
    pact: list[int]
    out: list[int]
    shown: list[tuple[int, int]]
    seen: list[int]
    public: int
    plain: int
    events: list[Event]
    quiet: bool
    history: list[tuple[int, str]]
    decision: str | None
    to_act: int | None
    turn: int
    asker: int
    target: int
    losers: list[int]
    restarted: bool
    winner: int | None
    next_dealer: int | None

    def __init__(
        self,
        deck: Sequence[str] | Sequence[int],
        dealer: int,
        lives: Sequence[int],
        quiet: bool = False,
    ) -> None:
        ranks = _deck_ranks(deck)
        life = validate_lives(lives)
        if isinstance(dealer, bool) or dealer not in SEATS or life[dealer] == 0:
            raise ValueError(f"the dealer must be a seat with lives, not {dealer!r} (rules 5)")
        self.rank = tuple(ranks)
        self.dealer = dealer
        order = []
        seat = dealer
        for _seat_index in range(NUM_SEATS):
            seat = next_seat(seat)
            if life[seat] > 0:
                order.append(seat)
        n = len(order)
        self.order = tuple(order)
        self.n = n
        self.lives = life
        self.start_lives = tuple(life)
        hold = [-1] * NUM_SEATS
        seen = [0] * NUM_SEATS
        events: list[Event] = QuietLog() if quiet else []
        for i, s in enumerate(order):
            hold[s] = i
            seen[s] = 1 << i
            if not quiet:
                events.append(Deal(s, RANKS[ranks[i]], seats=_ONLY[s]))
        self.hold = hold
        self.top = PACK_SIZE - 1
        self.bottom = n
        # swaps: [asker, target, card the asker gave, card the target gave, in force 1/0]
        self.swaps = []
        self.pact = [-1] * NUM_SEATS
        self.out = []
        self.shown = []
        self.seen = seen
        self.public = 0
        self.plain = 0
        self.events = events
        self.quiet = quiet
        self.history = []
        self.turn = 0
        self.asker = -1
        self.target = -1
        self.losers = []
        self.restarted = False
        self.winner = None
        self.next_dealer = None
        self._start_turn()

    # ------------------------------------------------------------------ reading

    @property
    def over(self) -> bool:
        """Whether the round is scored (no decision left)."""
        return self.decision is None

    def legal(self) -> list[str]:
        """The legal answers at the current decision point, canonical order (section 6); empty
        once the round is over."""
        if self.decision is None:
            return []
        return list(ANSWERS[self.decision])

    def known(self, seat: int) -> int:
        """The card ids ``seat`` has seen this round, as a bit mask (bit ``id`` set): the cards
        it was dealt, received or took from the pack, the special cards shown in answer to an
        ask and, after the showdown, every card shown (section 6, "What is public"). Every move
        of a card is public, so a seat always knows where each card it has seen is now."""
        return self.seen[seat] | self.public

    def known_plain(self) -> int:
        """The card ids every player knows to be plain (no power) without having seen them:
        the cards a target handed over in a forced swap (7.1), as a bit mask."""
        return self.plain & ~self.public

    def held(self, seat: int) -> int | None:
        """The rank index of the card ``seat`` holds now; ``None`` if it is not in the round."""
        card = self.hold[seat]
        return None if card < 0 else self.rank[card]

    def cards(self) -> list[str | None]:
        """The cards held by seats 0..3 now (canonical names; ``None`` = not in the round)."""
        return [None if c < 0 else RANKS[self.rank[c]] for c in self.hold]

    def pack(self) -> list[int]:
        """The card ids in the pack, bottom to top (section 5; the dealer's draw changes the
        bottom card, a Horse at the dealer the top card)."""
        return [self.bottom, *range(self.n + 1, PACK_SIZE - 1), self.top]

    def log(self) -> list[str]:
        """The log lines of section 12.2 so far (every event, as an observer sees them)."""
        return [e.text for e in self.events]

    def visible_events(self, seat: int) -> list[Event]:
        """The events ``seat`` sees, each cut down to what that seat learns."""
        return [seen_by(e, seat) for e in self.events if e.seats is None or seat in e.seats]

    def view(self, seat: int) -> RoundView:
        """Exactly what ``seat`` may see now (section 6): its own card, the shown special cards,
        lives, pacts, knock-outs and the events it sees. Nobody else's hidden card."""
        card = self.hold[seat]
        acting = self.to_act == seat
        inn = self.decision in ("inn", "pay")
        return RoundView(
            seat=seat,
            dealer=self.dealer,
            order=self.order,
            card=None if card < 0 else RANKS[self.rank[card]],
            lives=tuple(self.lives),
            decision=self.decision,
            to_act=self.to_act,
            legal=tuple(ANSWERS[self.decision]) if acting and self.decision else (),
            asker=self.asker if inn else None,
            target=self.target if inn else None,
            shown=tuple((s, RANKS[r]) for s, r in self.shown),
            pacts=tuple((s, k) for s, k in enumerate(self.pact) if k >= 0),
            out=tuple(self.out),
            log=tuple(self.visible_events(seat)),
        )

    def result(self) -> dict[str, Any]:
        """``{"log", "cards", "lives", "next_dealer"}`` of rules 12.2 (meaningful once over)."""
        return {
            "log": self.log(),
            "cards": self.cards(),
            "lives": list(self.lives),
            "next_dealer": self.next_dealer,
        }

    def copy(self, quiet: bool | None = None) -> Round:
        """An independent copy (lists copied one level; events and tuples are immutable).
        ``quiet``: a copy that keeps no events (it starts with none), or one that keeps them
        (starting with none when this round is quiet); ``None``: as this round."""
        new = Round.__new__(Round)
        new.rank = self.rank
        new.dealer = self.dealer
        new.order = self.order
        new.n = self.n
        new.lives = self.lives[:]
        new.start_lives = self.start_lives
        new.hold = self.hold[:]
        new.top = self.top
        new.bottom = self.bottom
        new.swaps = [s[:] for s in self.swaps]
        new.pact = self.pact[:]
        new.out = self.out[:]
        new.shown = self.shown[:]
        new.seen = self.seen[:]
        new.public = self.public
        new.plain = self.plain
        quiet = self.quiet if quiet is None else quiet
        new.quiet = quiet
        new.events = QuietLog() if quiet else [] if self.quiet else self.events[:]
        new.history = self.history[:]
        new.decision = self.decision
        new.to_act = self.to_act
        new.turn = self.turn
        new.asker = self.asker
        new.target = self.target
        new.losers = self.losers[:]
        new.restarted = self.restarted
        new.winner = self.winner
        new.next_dealer = self.next_dealer
        return new

    # ------------------------------------------------------------------ deciding

    def apply(self, word: str) -> None:
        """Answer the current decision with ``word`` (section 6: ``keep``, ``swap``, ``pay``,
        ``accept``, ``refuse``; ``draw`` is the dealer's alias of ``swap``), then run every
        automatic step up to the next decision or the end of the round.

        Raises ``IllegalActionError`` naming the rule for any word that is not a legal answer
        here (including every word once the round is over); the state is then unchanged.
        """
        decision = self.decision
        if decision is None:
            raise IllegalActionError(f"{word!r}: the round is over (rules 9, 10)")
        answer = "swap" if word == "draw" and decision == "dealer" else word
        if answer not in ANSWERS[decision]:
            raise IllegalActionError(
                f"seat {self.to_act} at {decision!r}: {word!r} is not a legal answer "
                f"({_RULE[decision]})"
            )
        self.play(answer)

    def play(self, answer: str) -> None:
        """:meth:`apply` of an ``answer`` known to be legal now (one of :meth:`legal`), without
        checking it again."""
        decision = self.decision
        seat = self.to_act
        assert seat is not None and decision is not None
        self.history.append((seat, answer))
        if decision == "turn":
            if answer == "keep":
                self.events.append(Keep(seat))
                self._end_turn()
            else:
                self._ask(seat, self.turn + 1)
        elif decision == "inn":
            if answer == "keep":
                self.events.append(Keep(seat))
                self._end_turn()
            else:
                self.events.append(Pay(seat, self.target))
                self.decision = "pay"
                self.to_act = self.target
        elif decision == "pay":
            asker, holder = self.asker, self.target
            if answer == "accept":
                self.events.append(Accept(holder))
                self.pact[asker] = holder
            else:
                self.events.append(Refuse(holder))
                self._swap(asker, holder)
            self._end_turn()
        else:
            if answer == "keep":
                self.events.append(Keep(seat))
            else:
                self._draw(seat)
            self._showdown()

    # ------------------------------------------------------------------ automatic steps

    def _start_turn(self) -> None:
        if self.turn < self.n - 1:
            self.decision = "turn"
            self.to_act = self.order[self.turn]
        else:
            self.decision = "dealer"
            self.to_act = self.dealer
        self.asker = self.target = -1

    def _end_turn(self) -> None:
        self.turn += 1
        self._start_turn()

    def _ask(self, asker: int, j: int) -> None:
        """Asker asks ``order[j]``; sections 7.1-7.6, with Horse jumps."""
        events = self.events
        rank = self.rank
        last = self.n - 1
        while True:
            target = self.order[j]
            events.append(Ask(asker, target))
            r = rank[self.hold[target]]
            if r not in SPECIALS:  # 7.1: a plain card (the Fool too) must swap
                self.plain |= 1 << self.hold[target]
                self._swap(asker, target)
                break
            events.append(_SHOWN[r](target))
            self.shown.append((target, r))
            self.public |= 1 << self.hold[target]
            if r == HORSE:  # 7.4
                if j == last:
                    self._top(asker)
                    break
                j += 1
                continue
            if r == INN:  # 7.5: the asker decides
                self.decision = "inn"
                self.to_act = asker
                self.asker = asker
                self.target = target
                return
            if r == HUNTER:  # 7.3
                self._lose(asker, True)
            elif r == CAT:  # 7.6
                self._lose(asker, True)
                self._undo(asker)
            break  # CUCKOO (7.2) ends the turn as it is
        self._end_turn()

    def _swap(self, asker: int, target: int) -> None:
        hold = self.hold
        a, t = hold[asker], hold[target]
        hold[asker], hold[target] = t, a
        self.seen[asker] |= 1 << t
        self.seen[target] |= 1 << a
        self.swaps.append([asker, target, a, t, 1])
        if not self.quiet:
            rank = self.rank
            private = ((asker, (RANKS[rank[t]],)), (target, (RANKS[rank[a]],)))
            self.events.append(Swap(asker, target, private=private))

    def _top(self, asker: int) -> None:
        """7.4, Horse at the dealer: the asker swaps with the top card of the pack."""
        card = self.top
        self.top = self.hold[asker]
        self.hold[asker] = card
        self.seen[asker] |= 1 << card
        if not self.quiet:
            self.events.append(Top(asker, private=((asker, (RANKS[self.rank[card]],)),)))

    def _draw(self, dealer: int) -> None:
        """Section 8: the dealer swaps with the bottom card of the pack."""
        card = self.bottom
        self.bottom = self.hold[dealer]
        self.hold[dealer] = card
        self.seen[dealer] |= 1 << card
        if not self.quiet:
            self.events.append(Draw(dealer, private=((dealer, (RANKS[self.rank[card]],)),)))

    def _lose(self, seat: int, in_play: bool) -> None:
        """One life charged to ``seat`` (9.3, 9.4): nothing, not even a log line, at 0. A seat
        that reaches 0 ``in_play`` (a Hunter or a Cat) is out at once: its card is dead."""
        left = self.lives[seat]
        if left == 0:
            return
        left -= 1
        self.lives[seat] = left
        self.events.append(Lose(seat, left))
        if left == 0:
            self.events.append(Out(seat))
            if in_play:
                self.out.append(seat)

    def _undo(self, asker: int) -> None:
        """7.6: follow the asker's very card back through the swaps in force that moved it,
        latest first, undoing each."""
        hold = self.hold
        card = hold[asker]
        holder = asker
        swaps = self.swaps
        while True:
            for s in reversed(swaps):
                if s[4] and s[1] == holder and s[2] == card:
                    break
            else:
                return
            s[4] = 0
            giver = s[0]
            back = hold[giver]
            hold[giver], hold[holder] = card, back
            if not self.quiet:
                rank = self.rank
                private = ((giver, (RANKS[rank[card]],)), (holder, (RANKS[rank[back]],)))
                self.events.append(Undo(giver, holder, private=private))
            holder = giver

    def _showdown(self) -> None:
        """Sections 9 and 10: show, find the losing cards, take lives (with Inn payments),
        restart if everyone is out, name the winner and the next dealer."""
        self.decision = None
        self.to_act = None
        events = self.events
        rank = self.rank
        hold = self.hold
        out = self.out
        live: list[tuple[int, int]] = []
        for s in self.order:
            self.public |= 1 << hold[s]
            r = rank[hold[s]]
            if s in out:
                events.append(Dead(s, RANKS[r]))
            else:
                events.append(Show(s, RANKS[r]))
                live.append((s, r))
        losers = sorted(_losing(live))
        self.losers = losers
        for s in losers:
            holder = self.pact[s]
            if holder >= 0 and holder not in out and rank[hold[s]] != ZERO:
                events.append(Paid(holder, s))
                self._lose(holder, False)
            else:
                self._lose(s, False)
        lives = self.lives
        if not any(lives):
            events.append(Restart())
            self.restarted = True
            for s in SEATS:
                lives[s] = START_LIVES
        alive = [s for s in SEATS if lives[s] > 0]
        if len(alive) == 1:
            self.winner = alive[0]
            events.append(Win(alive[0]))
        self.next_dealer = next_dealer(self.dealer, lives)


def _losing(live: Sequence[tuple[int, int]]) -> list[int]:
    """Section 9.2 on live cards ``(seat, rank index)``: the seats whose card loses, unsorted."""
    if not live:
        return []
    fools = [s for s, r in live if r == FOOL]
    others = [(s, r) for s, r in live if r != FOOL]
    if len(fools) == 1:
        if all(r == CUCKOO for _s, r in others):
            return fools
        low = min(r for _s, r in others)
        return fools + [s for s, r in others if r == low]
    keyed = [(s, _TWO_FOOLS_KEY if r == FOOL else r) for s, r in live]
    low_key = min(k for _s, k in keyed)
    if low_key == CUCKOO:
        return []
    return [s for s, k in keyed if k == low_key]


def _seat(value: object, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if value in SEATS:
            return value
    elif isinstance(value, str):
        text = value.strip()
        if text in ("0", "1", "2", "3"):
            return int(text)
    raise ValueError(f"{what} must be a seat 0, 1, 2 or 3, not {value!r}")


def showdown(cards: Mapping[int, str] | Mapping[str, str], dead: Sequence[int] = ()) -> list[int]:
    """The seats whose card loses at a showdown (rules 12.1, section 9.2; no Inn payment).

    ``cards`` maps seats (ints 0..3, or the strings ``"0"``..``"3"`` of a JSON object) to cards
    in any notation; ``dead`` lists seats whose cards are left out (they may or may not be in
    ``cards``). Returns the losing seats, ascending; ``[]`` when no card is live.

    >>> showdown({0: "fool", 1: "5", 2: "5", 3: "cat"})
    [0, 1, 2]

    Raises ``CardError`` for an unknown card or more than two copies of a rank (dead cards
    included), ``ValueError`` for a seat that is not 0..3 or given twice.
    """
    held: dict[int, int] = {}
    for key, text in cards.items():
        seat = _seat(key, "a card's seat")
        if seat in held:
            raise ValueError(f"seat {seat} is given two cards")
        held[seat] = rank_of(text)
    counts = [0] * NUM_RANKS
    for r in held.values():
        counts[r] += 1
    for r in held.values():  # in the seats' order; the count is of every seat shown
        if counts[r] > COPIES:
            raise CardError(
                _(
                    "the pack has only {copies} copies of the card {card}, and {count} seats "
                    "hold it"
                ).format(copies=COPIES, card=RANKS[r], count=counts[r])
            )
    gone = {_seat(d, "a dead seat") for d in dead}
    live = [(s, r) for s, r in sorted(held.items()) if s not in gone]
    return sorted(_losing(live))


def next_dealer(dealer: int, lives: Sequence[int]) -> int | None:
    """The next dealer (rules section 4, 12.3): the first seat after ``dealer`` in turn order
    with lives (the dealer's own seat comes last), or ``None`` if fewer than two seats have
    lives. ``lives``: four ints, seats 0..3."""
    if sum(1 for v in lives if v > 0) < 2:
        return None
    seat = next_seat(dealer)
    while lives[seat] <= 0:
        seat = next_seat(seat)
    return seat


def play_round(
    deck: Sequence[str] | Sequence[int],
    dealer: int,
    lives: Sequence[int],
    decisions: Sequence[str],
) -> dict[str, Any]:
    """One whole round (rules 12.2): deal ``deck`` (40 cards, ``deck[0]`` the bottom card),
    then apply ``decisions`` (answer words, in the order the decision points arise).

    Returns ``{"log": [str], "cards": [c0..c3], "lives": [l0..l3], "next_dealer": int|None}``:
    the log lines, the final cards (``None`` for a seat not in the round), the lives after
    scoring and any restart, and the next dealer (``None`` when the match is over).

    Raises ``IllegalActionError`` for an illegal answer, a missing one or answers left over;
    ``CardError`` / ``ValueError`` for a bad deck, dealer or lives (see :class:`Round`).
    """
    rnd = Round(deck, dealer, lives)
    for i, word in enumerate(decisions):
        if rnd.over:
            raise IllegalActionError(
                f"decision {i + 1} ({word!r}) is left over: the round is already scored"
            )
        try:
            rnd.apply(word.strip().lower() if isinstance(word, str) else word)
        except IllegalActionError as exc:
            raise IllegalActionError(f"decision {i + 1}: {exc}") from None
    if not rnd.over:
        raise IllegalActionError(
            f"decisions run out after {len(decisions)}: seat {rnd.to_act} still has to answer "
            f"{rnd.decision!r} ({' or '.join(rnd.legal())})"
        )
    return rnd.result()


def simple_answer(decision: str, rank: int, lives: int) -> str:
    """The simple policy of rules 12.3 for a seat holding ``rank`` with ``lives`` left.

    On a turn or as dealer: ``keep`` with 6..10, Inn, Cat, Horse, Hunter or Cuckoo, else
    ``swap``. At an Inn: ``pay``. As the Inn holder: ``accept`` with 2 or more lives, else
    ``refuse``.
    """
    if decision == "inn":
        return "pay"
    if decision == "pay":
        return "accept" if lives >= 2 else "refuse"
    return "keep" if ZERO + 6 <= rank <= CUCKOO else "swap"


def play_match(seed: int) -> dict[str, Any]:
    """A whole match with the simple policy (rules 12.3).

    ``rng = random.Random(seed)``; lives ``[3, 3, 3, 3]``; first dealer ``rng.randrange(4)``;
    each round shuffles the canonical pack with ``rng.shuffle`` and is played with
    :func:`simple_answer` until one seat has lives. Returns ``{"winner": int, "rounds": int,
    "restarts": int, "lives": [int, int, int, int]}``.
    """
    rng = random.Random(seed)
    lives = [START_LIVES] * NUM_SEATS
    dealer = rng.randrange(NUM_SEATS)
    rounds = restarts = 0
    while True:
        deck = list(PACK_RANKS)
        rng.shuffle(deck)
        rnd = Round(deck, dealer, lives)
        while rnd.decision is not None:
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(simple_answer(rnd.decision, rnd.rank[rnd.hold[seat]], rnd.lives[seat]))
        rounds += 1
        restarts += rnd.restarted
        lives = rnd.lives
        if rnd.winner is not None:
            return {"winner": rnd.winner, "rounds": rounds, "restarts": restarts, "lives": lives}
        assert rnd.next_dealer is not None
        dealer = rnd.next_dealer
