"""The Minchiate state machine: one whole partnership deal (RULES.md sections 5 to 11).

One :class:`MinchiateState` is one deal, and the match is that deal (15.15). The automatic
steps of section 5 (shuffle and cut, the cutter's robbing, the deal, the exposed card, the
dealer's robbing, showing the fola, settling, paying for the Matto, the end-of-deal count) run
inside :func:`new_state` and after each decision (:meth:`MinchiateState._apply`, which the
base's checked ``apply`` and unchecked ``push`` call); the decisions are:

* ``discard CARD...`` (7): the cutter, then the dealer, each owing ``k`` cards. A discard may
  name the ``k`` cards at once (``discard 2S 3S 4S``, or ``discard auto``) or part of them in
  several commands; :meth:`~MinchiateState.legal_actions` lists the one-card steps, which reach
  every legal set of discards (listing every ``k``-card set would run to millions);
* ``declare i j ...`` / ``declare all`` / ``pass`` (8), from the first leader in turn order, for
  the seats whose hand holds combinations;
* ``play CARD`` (9.3), 21 tricks.

Every scoring event before the end-of-deal count is settled at once into resti (10.3): the
robbings, the exposed card, each declaration, each trick's capture.

>>> s = new_state(seed=7)
>>> s.phase in (Phase.DISCARD, Phase.DECLARE, Phase.PLAY), len(s.zones())
(True, 12)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations as subsets
from typing import Any

from cardavia_cli.engine.errors import (
    CardaviaError,
    CardError,
    IllegalActionError,
    InvalidActionError,
    prefixed,
    said_about,
)
from cardavia_cli.engine.game import GameState, Outcome, check_deck
from cardavia_cli.engine.i18n import N_, NP_, _, ngettext
from cardavia_cli.engine.numbers import parse_int
from cardavia_cli.engine.seats import SEATS, next_seat, team, turn_order_from
from cardavia_cli.games.minchiate.cards import (
    CODES,
    HAND_SIZE,
    PACK,
    PACK_SIZE,
    SUIT_NAMES,
    SUITS,
    T29,
    TRUMP_SUIT,
    Card,
    cards_str,
    codes,
    parse_card,
    suit_card,
)
from cardavia_cli.games.minchiate.combos import Combination, combinations
from cardavia_cli.games.minchiate.deal import (
    Deal,
    ScoringEvent,
    auto_discards,
    check_dealer,
    check_discards,
    deal,
    discardable,
    not_in_hand,
)
from cardavia_cli.games.minchiate.events import (
    Count,
    Dealer,
    Dealt,
    Declare,
    Discard,
    Expose,
    Fola,
    Matto,
    Pass,
    Play,
    Resto,
    Result,
    Rob,
    Score,
    Trick,
)
from cardavia_cli.games.minchiate.scoring import DealResult, Settlement, deal_result
from cardavia_cli.games.minchiate.tricks import (
    Piles,
    capture,
    piles,
    playable,
    suit_to_follow,
    voids,
)

#: Tricks in a deal (5, step 9).
TRICKS = 21
VERBS = ("discard", "declare", "pass", "play")


class Phase(StrEnum):
    """The decision points of a deal (5): the discards (7), the declarations (8), the play of
    the tricks (9.3), and the end (10.5). The deal is the match (15.15): no break."""

    DISCARD = "discard"
    DECLARE = "declare"
    PLAY = "play"
    OVER = "over"


#: The phases' names as a refusal's context says them (translated in the context ``phase``).
PHASE_WORDS = (
    NP_("phase", "discard"),
    NP_("phase", "declare"),
    NP_("phase", "play"),
    NP_("phase", "over"),
)


# TRANSLATORS: keep the typed words (discard, declare, all, pass, play); translate CARDS etc.
_HELP = N_("discard CARDS, declare all, declare NUMBERS, pass or play CARD")


def suit_name(suit: str) -> str:
    """``"Cups"`` for ``"C"`` ... ``"trumps"`` for ``"T"`` (in the language spoken)."""
    return _("trumps") if suit == TRUMP_SUIT else _(SUIT_NAMES[SUITS.index(suit)])


@dataclass(frozen=True, slots=True)
class Action:
    """One Minchiate decision in its canonical REPL/save text (rules 11).

    ``verb`` is ``discard`` (``cards``: the discarded cards, canonical order), ``declare``
    (``numbers``: the declared combinations' numbers in the list of 8, ascending), ``pass`` or
    ``play`` (``cards``: the one card played).

    >>> str(Action.parse("discard 3s 2S")), str(Action.parse("declare 2 1"))
    ('discard 2S 3S', 'declare 1 2')
    >>> Action.parse("play fool")
    Action.parse('play M')
    """

    verb: str
    cards: tuple[Card, ...] = ()
    numbers: tuple[int, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Action:
        """Syntax only: ``discard CARD...``, ``declare N...``, ``pass``, ``play CARD``.

        ``discard auto``, ``declare all`` and a bare ``play`` depend on the position and are
        read by :meth:`MinchiateState.parse_action`. Raises ``InvalidActionError`` for an
        unknown verb, a bad card, a card named twice, or a number that is not made of ASCII
        digits 1 or more (``²`` is refused).
        """
        words = text.split()
        if not words:
            raise InvalidActionError(_("empty action: type {help}").format(help=_(_HELP)))
        verb = words[0].lower()
        args = words[1:]
        if verb not in VERBS:
            raise InvalidActionError(
                _("unknown action {word}: type {help}").format(word=repr(words[0]), help=_(_HELP))
            )
        if verb == "pass":
            if args:
                raise InvalidActionError(_("'pass' takes nothing after it (rules 8)"))
            return cls("pass")
        if verb == "declare":
            if not args:
                raise InvalidActionError(
                    _("declare all, or the numbers of the combinations (rules 8)")
                )
            numbers: list[int] = []
            for word in args:
                number = parse_int(word)
                if number is None or number < 1:
                    raise InvalidActionError(
                        _(
                            "{word} is not a combination number: declare all, or numbers 1, 2, "
                            "... (rules 8)"
                        ).format(word=repr(word))
                    )
                if number in numbers:
                    raise InvalidActionError(
                        _("combination {number} is named twice (rules 8)").format(number=number)
                    )
                numbers.append(number)
            return cls("declare", numbers=tuple(sorted(numbers)))
        if not args:
            if verb == "discard":
                said = _("'discard' needs the cards to discard, e.g. 'discard 2S'")
            else:
                said = _("'play' needs the card to play, e.g. 'play 2S'")
            raise InvalidActionError(said)
        try:
            cards = [parse_card(w) for w in args]
        except CardError as exc:
            raise InvalidActionError(f"{text.strip()!r}: {exc}") from None
        if len(set(cards)) != len(cards):
            raise InvalidActionError(
                _("{text}: a card is named twice").format(text=repr(text.strip()))
            )
        if verb == "play" and len(cards) != 1:
            raise InvalidActionError(_("'play' takes exactly one card, e.g. 'play KS' (rules 9.3)"))
        return cls(verb, tuple(sorted(cards)))

    def __str__(self) -> str:
        if self.verb == "declare":
            return " ".join(["declare", *map(str, self.numbers)])
        return " ".join([self.verb, *(CODES[c.index] for c in self.cards)])

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


PASS = Action("pass")


def play(card: Card) -> Action:
    """The action ``play CARD`` (one value per card, made once: a rollout asks for many)."""
    return _PLAYS[card.index]


_PLAYS: tuple[Action, ...] = tuple(Action("play", (card,)) for card in PACK)


@dataclass(frozen=True)
class Declaration:
    """What one seat declared (8): the combinations, as listed by ``combinations`` (empty for
    ``pass``), and the points scored."""

    seat: int
    combinations: tuple[Combination, ...]

    @property
    def points(self) -> int:
        """The sum of the declared combinations' points."""
        return sum(c.points for c in self.combinations)


@dataclass(frozen=True)
class MinchiateView:
    """What one seat may see (rules 6.2, 6.4, 7.4, 8, 9): its own hand and discards, and what
    is public: the roles, the robbed and exposed cards, the declarations, the fola once shown,
    the tricks, both teams' running score and resti.

    ``trick`` is the trick in progress as ``(seat, card)`` pairs led by ``leader``; ``tricks``
    the completed tricks ``(leader, cards)``; ``suits_led`` the suits to follow of those tricks
    (for the King obligation); ``listed`` the combinations in this seat's hand while it is to
    declare (numbered 1..k in ``declare``); ``legal`` its legal actions when it is to act;
    ``scored`` the points each team has scored in running events so far (10.3: robbing, the
    exposed card, declarations, captures); ``deal_result`` the end count and final rounding
    once the deal is over (10.2, 10.4, 10.5).
    """

    seat: int
    dealer: int
    cutter: int
    first_leader: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    exposed: Card
    cutter_robbed: tuple[Card, ...]
    dealer_robbed: tuple[Card, ...]
    own_discards: tuple[Card, ...]
    discard_counts: tuple[int, ...]
    owed_discards: int
    fola_size: int
    fola: tuple[Card, ...] | None
    declarations: tuple[Declaration, ...]
    listed: tuple[Combination, ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    suits_led: frozenset[str]
    pile_sizes: tuple[int, int]
    resti: tuple[int, int]
    diff: int
    legal: tuple[Action, ...]
    outcome: Outcome | None = field(default=None)
    scored: tuple[int, int] = (0, 0)
    deal_result: DealResult | None = None

    @property
    def team(self) -> int:
        """This seat's team (0: seats 0 and 2; 1: seats 1 and 3)."""
        return team(self.seat)


def _view(**fields: Any) -> MinchiateView:
    """A :class:`MinchiateView` of every field, made without the frozen dataclass's one
    ``object.__setattr__`` per field (a rollout makes a view per card played). The same value
    as ``MinchiateView(**fields)``."""
    view = object.__new__(MinchiateView)
    view.__dict__.update(fields)
    return view


class MinchiateState(GameState[Action, MinchiateView]):
    """One deal of Minchiate. Build it with :func:`new_state`.

    The base keeps the books (:class:`~cardavia_cli.engine.game.GameState`): this class gives
    the rules, :meth:`_refusal` (the rule an action breaks) and :meth:`_apply` (an action and
    every automatic step after it). Nothing here reads the event log or the history.
    """

    game = "minchiate"
    _phase: Phase
    action_type = Action
    _caches = ("_legal",)

    def __init__(self, seed: int, deck: Sequence[Card], dealer: int) -> None:
        super().__init__(seed)
        self.deck = tuple(deck)
        self.dealt: Deal = deal(self.deck, dealer)
        d = self.dealt
        self.dealer = dealer
        self.cutter = d.cutter
        self.first_leader = d.first_leader
        self.hands: list[list[Card]] = [list(h) for h in d.hands]
        self.discards: list[list[Card]] = [[] for _ in SEATS]
        self.fola = d.fola
        self.fola_shown = False
        self.settlement = Settlement()
        self.running: list[ScoringEvent] = []
        self.declarations: list[Declaration] = []
        self.trick: list[Card] = []
        self.leader = self.first_leader
        self.tricks: list[tuple[int, tuple[Card, ...]]] = []
        self.suits_led: set[str] = set()
        self.won: tuple[list[Card], list[Card]] = ([], [])
        self.final_piles: Piles | None = None
        self.deal_result: DealResult | None = None
        self.outcome: Outcome | None = None
        self._phase = Phase.DISCARD
        self._actor: int | None = None
        self._declare_order: list[int] = []
        self._legal: list[Action] | None = None
        self._listed: list[Combination] | None = None
        self._open()

    # -- the automatic steps of the deal (5, 6) -----------------------------------------------
    def _open(self) -> None:
        d = self.dealt
        log = self.events.append
        log(Dealer(self.dealer, self.cutter))
        if d.cutter_robbed:
            log(Rob(self.cutter, d.cutter_robbed))
        for s in turn_order_from(self.first_leader):
            log(Dealt(s, d.dealt[s], seats=frozenset({s})))
        log(Expose(self.dealer, d.exposed))
        if d.dealer_robbed:
            log(Rob(self.dealer, d.dealer_robbed))
        # the events of 6.6, each settled at once (10.3); their order is the deal's
        robbed_cutter = sum(c.points for c in d.cutter_robbed)
        scored = [
            (team(self.cutter), robbed_cutter),
            (team(self.dealer), d.exposed.points),
            (team(self.dealer), sum(c.points for c in d.dealer_robbed)),
        ]
        assert [ScoringEvent(t, p) for t, p in scored if p > 0] == list(d.events)
        for event in d.events:
            self._score(event.team, event.points)
        self._next_discarder(None)

    def _score(self, team_number: int, points: int) -> None:
        """One running scoring event (10.3): ``score T P D``, then ``resto T`` per resto won."""
        if points <= 0:
            return
        event = ScoringEvent(team_number, points)
        before = self.settlement.resti
        self.running.append(event)
        self.settlement = self.settlement.add(event)
        if self.quiet:
            return
        self.events.append(Score(team_number, points, self.settlement.diff))
        for t in (0, 1):
            for _n in range(self.settlement.resti[t] - before[t]):
                self.events.append(Resto(t))

    def _next_discarder(self, done: int | None) -> None:
        """The cutter discards first, then the dealer (7.1); a seat without excess skips."""
        order = [self.cutter, self.dealer]
        start = 0 if done is None else order.index(done) + 1
        for seat in order[start:]:
            if len(self.hands[seat]) > HAND_SIZE:
                self._phase, self._actor = Phase.DISCARD, seat
                return
        self._declare_order = turn_order_from(self.first_leader)
        self._next_declarer()

    def _next_declarer(self) -> None:
        """The next seat in turn order from the first leader whose hand holds a combination
        (8; a seat without any is skipped); then the fola is shown and play begins."""
        while self._declare_order:
            seat = self._declare_order.pop(0)
            listed = combinations(self.hands[seat])
            if listed:
                self._phase, self._actor = Phase.DECLARE, seat
                self._listed = listed
                return
        self._listed = None
        self.fola_shown = True
        if not self.quiet:
            self.events.append(Fola(self.fola))
        self._phase, self._actor = Phase.PLAY, None

    # -- the protocol ------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self._phase == Phase.PLAY:
            return next_seat(self.leader, len(self.trick))
        return self._actor if self._phase != Phase.OVER else None

    @property
    def owed(self) -> int:
        """How many cards the seat discarding now still owes (0 outside the discards)."""
        if self._phase != Phase.DISCARD or self._actor is None:
            return 0
        return len(self.hands[self._actor]) - HAND_SIZE

    def listed(self) -> list[Combination]:
        """``combinations(hand)`` of the seat to declare, numbered 1..k in ``declare`` (8)."""
        return list(self._listed or []) if self._phase == Phase.DECLARE else []

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play (9.3), canonical order; empty outside play."""
        seat = self.to_act
        if self._phase != Phase.PLAY or seat is None:
            return []
        suit = suit_to_follow(self.trick)
        return playable(sorted(self.hands[seat]), self.trick, suit, suit in self.suits_led)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act, canonical order: each discardable card alone
        (a whole discard may also name several at once, see the module docstring); ``pass``
        then every non-empty set of combination numbers; or each legal card to play."""
        if self._legal is None:
            if self._phase == Phase.DISCARD:
                seat = self._actor
                assert seat is not None
                hand = self.hands[seat]
                legal = [
                    Action("discard", (c,))
                    for c in hand
                    if discard_refusal(hand, (c,), seat) is None
                ]
            elif self._phase == Phase.DECLARE:
                k = len(self._listed or [])
                numbers = range(1, k + 1)
                chosen = sorted(t for n in numbers for t in subsets(numbers, n))
                legal = [PASS, *(Action("declare", numbers=t) for t in chosen)]
            elif self._phase == Phase.PLAY:
                legal = [play(c) for c in self.legal_cards()]
            else:
                legal = []
            self._legal = legal
        return self._legal

    def where(self) -> str:
        """The context of a refusal: ``seat 1, discard (3 to go)``, ``seat 3, declarations``,
        ``seat 0, trick 5``, or ``the deal is over``."""
        seat = self.to_act
        if self._phase == Phase.DISCARD:
            return f"seat {seat}, " + _("discard ({n} to go)").format(n=self.owed)
        if self._phase == Phase.DECLARE:
            return f"seat {seat}, " + _("declarations")
        if self._phase == Phase.PLAY:
            return f"seat {seat}, " + _("trick {n}").format(n=len(self.tricks) + 1)
        return _("the deal is over")

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` of the seat to act is not legal now (the rule it breaks, after
        :meth:`where`), or ``None`` if it is: a discard naming several cards is checked whole
        (7.2, 7.3), a declaration by its numbers (8), a card by the rules of 9.3."""
        seat = self.to_act
        assert seat is not None
        where = self.where()
        verb = action.verb
        if self._phase == Phase.DISCARD:
            if verb != "discard":
                owed = said_about(
                    seat,
                    ngettext(
                        "you must first discard {n} card (rules 7.1)",
                        "you must first discard {n} cards (rules 7.1)",
                        self.owed,
                    ),
                    ngettext(
                        "seat {seat} must first discard {n} card (rules 7.1)",
                        "seat {seat} must first discard {n} cards (rules 7.1)",
                        self.owed,
                    ),
                    n=self.owed,
                )
                return prefixed(f"{where}: ", owed)
            why = discard_refusal(self.hands[seat], action.cards, seat)
            return None if why is None else prefixed(f"{where}: ", why)
        if self._phase == Phase.DECLARE:
            if verb == "pass":
                return None
            if verb != "declare":
                return f"{where}: {_('declare or pass now (rules 8)')}"
            k = len(self._listed or [])
            high = [n for n in action.numbers if n > k]
            if not action.numbers or high:
                said = _("the combinations are numbered 1..{count}, not {number} (rules 8)")
                return f"{where}: {said.format(count=k, number=high[0])}"
            return None
        if verb != "play" or len(action.cards) != 1:
            return f"{where}: {_('play a card now (rules 9.3)')}"
        card = action.cards[0]
        hand = self.hands[seat]
        if card not in hand:
            said = said_about(
                seat,
                _("{card} is not in your hand (rules 9.3)"),
                _("{card} is not in seat {seat}'s hand (rules 9.3)"),
                card=card,
            )
            return prefixed(f"{where}: ", said)
        if card in self.legal_cards():
            return None
        return f"{where}: {play_refusal(hand, self.trick, self.suits_led, card)}"

    def parse_action(self, text: str) -> Action:
        """Read the text of the seat to act (rules 11): ``discard CARD...`` or ``discard
        auto`` (here the lowest discardable cards; the REPL turns a person's ``discard auto``
        into the ``basic`` player's choice first, 7.2), ``declare all``, ``declare i j ...``,
        ``pass``, ``play CARD`` (a bare ``play`` when one card is legal, 9.3).

        Returns the canonical action, checked (``discard auto`` and ``declare all`` become the
        cards and numbers they stand for): :meth:`push` plays it. Raises
        ``InvalidActionError`` for text that is no action, ``IllegalActionError`` naming the
        rule (with the seat and the phase) for an action not allowed here.
        """
        words = text.split()
        verb = words[0].lower() if words else ""
        rest = [w.lower() for w in words[1:]]
        seat = self.to_act
        if verb in VERBS and seat is None:
            raise IllegalActionError(
                _("{text}: the deal is over").format(text=repr(text.strip())), phase=self.phase
            )
        if verb == "discard" and rest == ["auto"]:
            if self._phase != Phase.DISCARD or seat is None:
                raise self._refused(_("there is nothing to discard (rules 7.1)"))
            return Action("discard", tuple(auto_discards(self.hands[seat])))
        if verb == "declare" and rest == ["all"]:
            if self._phase != Phase.DECLARE:
                raise self._refused(_("it is not time to declare (rules 8)"))
            return Action("declare", numbers=tuple(range(1, len(self._listed or []) + 1)))
        if verb == "play" and not rest:
            cards = self.legal_cards()
            if len(cards) == 1:
                return play(cards[0])
        action = Action.parse(text)
        error = self.refusal(action)
        if error is not None:
            raise error
        return action

    def _refused(self, rule: str) -> IllegalActionError:
        """The refusal of a position-dependent word (``discard auto``, ``declare all``)."""
        return IllegalActionError(f"{self.where()}: {rule}", seat=self.to_act, phase=self.phase)

    def _apply(self, action: Action) -> None:
        """Play the legal ``action`` of the seat to act (a discard, a declaration or a card),
        then every automatic step after it: the next discarder or declarer, the fola, the end
        of a trick (9.4, 9.5) and of the deal (9.6, 10)."""
        seat = self.to_act
        assert seat is not None
        if self._phase == Phase.DISCARD:
            hand = self.hands[seat]
            for card in action.cards:
                hand.remove(card)
            self.discards[seat].extend(action.cards)
            if not self.quiet:
                mine = (seat, tuple(codes(action.cards)))
                self.events.append(Discard(seat, len(action.cards), private=(mine,)))
            if len(hand) <= HAND_SIZE:
                self._next_discarder(seat)
        elif self._phase == Phase.DECLARE:
            listed = self._listed or []
            made = tuple(listed[n - 1] for n in action.numbers)
            self.declarations.append(Declaration(seat, made))
            if not self.quiet:
                if not made:
                    self.events.append(Pass(seat))
                for combo in made:
                    self.events.append(Declare(seat, combo))
            self._score(team(seat), sum(c.points for c in made))
            self._next_declarer()
        else:
            card = action.cards[0]
            self.hands[seat].remove(card)
            self.trick.append(card)
            if not self.quiet:
                self.events.append(Play(seat, card))
            if len(self.trick) == len(SEATS):
                self._end_trick()

    def _end_trick(self) -> None:
        """9.4, 9.5: the trick's winner, the capture score, the cards to the piles."""
        cards = tuple(self.trick)
        won = capture(cards, self.leader)
        if not self.quiet:
            self.events.append(Trick(won.winner))
        self._score(won.team, won.points)
        for i, card in enumerate(cards):
            owner = team(next_seat(self.leader, i))
            self.won[owner if card.is_matto else won.team].append(card)
        suit = suit_to_follow(cards)
        assert suit is not None
        self.suits_led.add(suit)
        self.tricks.append((self.leader, cards))
        self.trick = []
        self.leader = won.winner
        if len(self.tricks) == TRICKS:
            self._end_deal()

    def _end_deal(self) -> None:
        """9.6, 10.2, 10.4, 10.5: the Matto payment, the end-of-deal count, the final rounding,
        the result."""
        gathered = piles(self.tricks)
        self.final_piles = gathered
        log = self.events.append
        if gathered.matto_payment is not None:
            log(Matto(self._matto_payer(), gathered.matto_payment))
        self.won = (list(gathered.piles[0]), list(gathered.piles[1]))
        last = gathered.last_trick_team
        assert last is not None
        result = deal_result(self.settlement, gathered.piles[0], gathered.piles[1], last)
        self.deal_result = result
        for t in (0, 1):
            p = result.points[t]
            log(Count(t, p.card_points, p.combinations, p.count_bonus, p.last_trick, p.total))
        r0, r1 = result.resti
        log(Result((r0, r1)))
        winner = result.winner
        if winner is None:
            summary = ngettext("A tie: {n} resto each.", "A tie: {n} resti each.", r0).format(n=r0)
        else:
            first, second = (0, 2) if winner == 0 else (1, 3)
            won = result.resti[winner]
            summary = ngettext(
                "Team {team} (seats {first} and {second}) wins, {n} resto to {other}.",
                "Team {team} (seats {first} and {second}) wins, {n} resti to {other}.",
                won,
            ).format(team=winner, first=first, second=second, n=won, other=r0 + r1 - won)
        self.outcome = Outcome(
            "win" if winner is not None else "tie",
            winner,
            summary,
            result.to_json(),
            winner_is_team=True,
            score=None if winner is None else result.resti[winner],
        )
        self._phase, self._actor = Phase.OVER, None

    def _matto_payer(self) -> int:
        """The team that played the Matto (the one that pays for it)."""
        for leader, cards in self.tricks:
            for i, card in enumerate(cards):
                if card.is_matto:
                    return team(next_seat(leader, i))
        raise AssertionError("no Matto played")

    # -- views, results, zones, copies -------------------------------------------------------
    def view(self, seat: int) -> MinchiateView:
        """Exactly what ``seat`` may see (rules 6.2, 6.4, 7.4, 8, 9): never another seat's
        hand or discards, nor the fola before it is shown."""
        acting = self.to_act == seat
        d = self.dealt
        return _view(
            seat=seat,
            dealer=self.dealer,
            cutter=self.cutter,
            first_leader=self.first_leader,
            phase=self._phase,
            to_act=self.to_act,
            hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            exposed=d.exposed,
            cutter_robbed=d.cutter_robbed,
            dealer_robbed=d.dealer_robbed,
            own_discards=tuple(sorted(self.discards[seat])),
            discard_counts=tuple(len(x) for x in self.discards),
            owed_discards=self.owed,
            fola_size=len(self.fola),
            fola=self.fola if self.fola_shown else None,
            declarations=tuple(self.declarations),
            listed=tuple(self.listed()) if acting else (),
            leader=self.leader,
            trick=tuple((next_seat(self.leader, i), c) for i, c in enumerate(self.trick)),
            tricks=tuple(self.tricks),
            suits_led=frozenset(self.suits_led),
            pile_sizes=(len(self.won[0]), len(self.won[1])),
            resti=self.settlement.resti,
            diff=self.settlement.diff,
            legal=tuple(self.legal_actions()) if acting else (),
            outcome=self.outcome,
            scored=self.scored(),
            deal_result=self.deal_result,
        )

    def scored(self) -> tuple[int, int]:
        """The points each team has scored in running events so far (10.3), ``(team 0, team
        1)``; their difference less 60 per resto is the running difference."""
        totals = [0, 0]
        for event in self.running:
            totals[event.team] += event.points
        return (totals[0], totals[1])

    def result(self) -> Outcome | None:
        return self.outcome

    def partial_result(self) -> dict[str, Any]:
        """The ``run --json`` result (cli.md, rules 10.5); before the end, the running
        settlement so far, with no end-of-deal points (``[0, 0]``), no final resti and no
        winner."""
        if self.outcome is not None:
            return dict(self.outcome.data)
        resti = list(self.settlement.resti)
        return {
            "points": [0, 0],
            "diff": self.settlement.diff,
            "running_resti": resti,
            "final_resti": [0, 0],
            "resti": list(resti),
            "winner": None,
        }

    def zones(self) -> dict[str, list[str]]:
        """Every one of the 97 cards by place: each hand, each seat's discards, the fola (dead
        cards), the trick in progress and each team's pile (canonical codes)."""
        out: dict[str, list[str]] = {}
        for s in SEATS:
            out[f"hand {s}"] = codes(sorted(self.hands[s]))
        for s in SEATS:
            out[f"discards {s}"] = codes(sorted(self.discards[s]))
        out["fola"] = codes(self.fola)
        out["trick"] = codes(self.trick)
        out["pile 0"] = codes(sorted(self.won[0]))
        out["pile 1"] = codes(sorted(self.won[1]))
        return out

    def _copy_mutable(self, new: GameState) -> None:
        assert isinstance(new, MinchiateState)
        new.hands = [list(h) for h in self.hands]
        new.discards = [list(x) for x in self.discards]
        new.running = list(self.running)
        new.declarations = list(self.declarations)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.suits_led = set(self.suits_led)
        new.won = (list(self.won[0]), list(self.won[1]))
        new._declare_order = list(self._declare_order)
        new._legal = None

    def known_to(self, seat: int) -> set[Card]:
        """The cards whose place ``seat`` knows without having them: the robbed cards, the
        exposed card and the declared cards still out of play (they stay where they are when
        hidden cards are dealt anew), every card played, and the fola once shown."""
        known: set[Card] = set(self.dealt.cutter_robbed) | set(self.dealt.dealer_robbed)
        known.add(self.dealt.exposed)
        for declaration in self.declarations:
            for combo in declaration.combinations:
                known.update(combo.cards)
        if self.fola_shown:
            known.update(self.fola)
        return known

    def resample(self, seat: int, rng: random.Random) -> MinchiateState:
        """A copy in which the cards ``seat`` cannot see (the other hands, their discards, the
        fola while face down) are dealt anew with ``rng``: hand and discard sizes kept, the
        cards ``seat`` knows the place of (:meth:`known_to`) left where they are, and the face-
        down discards and fola given only zero-point cards other than T29, as the rules make
        them (7.2, 6.5; a discard of the shortfall, 7.3, stays as it is), and each hand only cards
        of suits its seat has not shown it lacks (:func:`~.tricks.voids`). ``view(seat)`` is
        unchanged."""
        new = self.copy()
        assert isinstance(new, MinchiateState)
        known = self.known_to(seat)
        free: list[Card] = []  # hidden cards that may go to any hidden place
        slots: list[tuple[str, int, int]] = []  # (place, seat, count) to fill
        keep_hands = {s: [c for c in self.hands[s] if c in known] for s in SEATS if s != seat}
        keep_discards = {
            s: [c for c in self.discards[s] if c in known or not discardable(c)]
            for s in SEATS
            if s != seat
        }
        dead_pool: list[Card] = []  # hidden discardable cards of the discards and the fola
        for s in SEATS:
            if s == seat:
                continue
            hidden = [c for c in self.hands[s] if c not in known]
            free.extend(hidden)
            slots.append(("hand", s, len(hidden)))
            dead = [c for c in self.discards[s] if c not in keep_discards[s]]
            dead_pool.extend(dead)
            slots.append(("discards", s, len(dead)))
        fola_hidden = not self.fola_shown
        if fola_hidden:
            dead_pool.extend(self.fola)
        # the dead places take discardable cards only, the hands only cards of the suits their
        # seat has not shown it lacks (9.3): the hidden cards, in a canonical order so their
        # true places do not show through, are dealt by :func:`deal_hidden`
        pool = sorted(free + dead_pool)
        shown = (
            voids([*self.tricks, (self.leader, tuple(self.trick))])
            if self.trick or self.tricks
            else {}
        )
        hands = [(s, count) for place, s, count in slots if place == "hand"]
        dealt_hands, chosen_dead = deal_hidden(pool, len(dead_pool), hands, shown, rng)
        pos_dead = 0
        for place, s, count in slots:
            if place == "hand":
                new.hands[s] = sorted(keep_hands[s] + dealt_hands[s])
            else:
                new.discards[s] = keep_discards[s] + chosen_dead[pos_dead : pos_dead + count]
                pos_dead += count
        if fola_hidden:
            new.fola = tuple(chosen_dead[pos_dead:])
        new._legal = None
        if new._phase == Phase.DECLARE and new._actor is not None:
            new._listed = combinations(new.hands[new._actor])
        return new


def deal_hidden(
    pool: Sequence[Card],
    dead_count: int,
    hands: Sequence[tuple[int, int]],
    shown: dict[int, set[str]],
    rng: random.Random,
    tries: int = 20,
) -> tuple[dict[int, list[Card]], list[Card]]:
    """Deal ``pool`` (the hidden cards, in a canonical order) into ``dead_count`` dead cards
    (discardable ones only: the face-down discards and fola, 7.2, 6.5) and the hands
    ``(seat, count)``, a hand taking no card of a suit in ``shown[seat]`` (its voids).

    Returns ``({seat: cards}, dead cards)``, the dead cards in dealing order. Cards are placed
    most constrained first, each in a random place with room, weighted by the room left; a
    dead end starts again (up to ``tries`` times), and then the voids are dropped, so a deal
    is always returned (with the true cards a consistent deal exists, so that last resort
    only follows from an unlucky run of dead ends).
    """
    for _try in range(tries):
        dealt = _deal_once(pool, dead_count, hands, shown, rng)
        if dealt is not None:
            return dealt
    dealt = _deal_once(pool, dead_count, hands, {}, rng)
    assert dealt is not None, "hidden cards that fit nowhere"
    return dealt


def _deal_once(
    pool: Sequence[Card],
    dead_count: int,
    hands: Sequence[tuple[int, int]],
    shown: dict[int, set[str]],
    rng: random.Random,
) -> tuple[dict[int, list[Card]], list[Card]] | None:
    cards = list(pool)
    rng.shuffle(cards)
    DEAD = -1
    room = {s: n for s, n in hands}
    room[DEAD] = dead_count

    def places(card: Card) -> list[int]:
        out = [s for s, _ in hands if card.is_matto or card.suit not in shown.get(s, ())]
        if discardable(card):
            out.append(DEAD)
        return out

    options = [(c, places(c)) for c in cards]
    options.sort(key=lambda o: len(o[1]))
    hand_cards: dict[int, list[Card]] = {s: [] for s, _ in hands}
    dead: list[Card] = []
    for card, where in options:
        open_places = [p for p in where if room[p] > 0]
        if not open_places:
            return None
        total = sum(room[p] for p in open_places)
        pick = rng.randrange(total)
        for p in open_places:
            pick -= room[p]
            if pick < 0:
                break
        room[p] -= 1
        (dead if p == DEAD else hand_cards[p]).append(card)
    return hand_cards, dead


def discard_refusal(
    hand: Sequence[Card], chosen: Sequence[Card], seat: int | None = None
) -> str | None:
    """Why discarding ``chosen`` from ``hand`` (21 + k cards) now is not legal, or ``None``.

    ``chosen`` may be the whole discard (exactly the k cards: checked by the rule core,
    7.2/7.3) or part of it, 1..k cards that some legal whole discard contains: in the
    ordinary case zero-point cards other than T29; in a shortfall (fewer such cards than k,
    7.3) those, or extras of the lowest values, never T29.
    """
    k = len(hand) - HAND_SIZE
    if k <= 0:
        if seat is None:
            return _("this player has nothing to discard (rules 7.1)")
        return said_about(
            seat,
            _("you have nothing to discard (rules 7.1)"),
            _("seat {seat} has nothing to discard (rules 7.1)"),
        )
    if not chosen or len(chosen) > k:
        if seat is None:
            said = ngettext(
                "this player owes {n} discard, not {given} (rules 7.2)",
                "this player owes {n} discards, not {given} (rules 7.2)",
                k,
            )
            return said.format(n=k, given=len(chosen))
        return said_about(
            seat,
            ngettext(
                "you owe {n} discard, not {given} (rules 7.2)",
                "you owe {n} discards, not {given} (rules 7.2)",
                k,
            ),
            ngettext(
                "seat {seat} owes {n} discard, not {given} (rules 7.2)",
                "seat {seat} owes {n} discards, not {given} (rules 7.2)",
                k,
            ),
            n=k,
            given=len(chosen),
        )
    if len(chosen) == k:
        try:
            check_discards(hand, chosen, seat)
        except IllegalActionError as exc:
            return exc.said
        return None
    missing = [c for c in chosen if c not in hand]
    if missing:
        return not_in_hand(missing, seat)
    free = [c for c in hand if discardable(c)]
    if len(free) >= k:
        bad = [c for c in chosen if not discardable(c)]
        if bad:
            return _(
                "{cards} may not be discarded: only zero-point cards other than T29 (rules 7.2)"
            ).format(cards=cards_str(bad))
        return None
    if T29 in chosen:
        return _("T29 is never discarded (rules 7.3)")
    need = k - len(free)
    values = sorted(c.points for c in hand if not discardable(c) and c != T29)[:need]
    boundary = values[-1]
    slots = need - sum(1 for v in values if v < boundary)
    extras = [c for c in chosen if not discardable(c)]
    high = [c for c in extras if c.points > boundary]
    if high or sum(1 for c in extras if c.points == boundary) > slots:
        return _(
            "the extra discards must be the lowest-valued cards (values {values}), not "
            "{cards} (rules 7.3)"
        ).format(values=values, cards=cards_str(extras))
    return None


def play_refusal(
    hand: Iterable[Card], trick: Sequence[Card], suits_led: set[str], card: Card
) -> str:
    """The rule of 9.3 that forbids playing ``card`` (from ``hand``) to ``trick``: the King
    owed, the suit to follow, or the trump owed."""
    cards = list(hand)
    suit = suit_to_follow(trick)
    assert suit is not None, "leading, any card is legal"
    name = suit_name(suit)
    matto = any(c.is_matto for c in cards)
    if suit == TRUMP_SUIT:
        if matto:
            said = _("trumps are to follow: play a trump or the Matto (rules 9.3.2), not {card}")
        else:
            said = _("trumps are to follow: play a trump (rules 9.3.2), not {card}")
        return said.format(card=card)
    king = suit_card("K", suit)
    if king in cards and suit not in suits_led and any(c.is_trump for c in trick):
        return _(
            "the King obligation: this is the first {suit} trick and it has been trumped, so "
            "{king} must be played, not even the Matto (rules 9.3.3.1)"
        ).format(suit=name, king=king)
    if any(c.suit == suit for c in cards):
        if matto:
            said = _(
                "{suit} is to follow: play a card of {suit} or the Matto (rules 9.3.3.2), not "
                "{card}"
            )
        else:
            said = _("{suit} is to follow: play a card of {suit} (rules 9.3.3.2), not {card}")
    elif matto:
        said = _(
            "no {suit} in hand: a trump or the Matto must be played (rules 9.3.3.3), not {card}"
        )
    else:
        said = _("no {suit} in hand: a trump must be played (rules 9.3.3.3), not {card}")
    return said.format(suit=name, card=card)


def new_state(
    seed: int = 0,
    deck: Sequence[str] | Sequence[Card] | None = None,
    dealer: int | None = None,
    match: dict[str, Any] | None = None,
) -> MinchiateState:
    """A new deal (rules 5, 6): from ``deck`` (the 97 cards, index 0 the top, in any accepted
    notation or as cards; uses no random numbers) or else shuffled by ``random.Random(seed)``
    and cut at a random point 1..96 (6.1); the dealer is drawn from the same generator (after
    the shuffle and the cut) when not given. The cutter is always the seat before the dealer.

    Raises ``ValueError`` (a ``CardaviaError`` for a bad card) if ``deck`` is not exactly the
    pack, ``dealer`` is not a seat, ``seed`` is negative, or ``match`` holds any key.
    """
    if match:
        raise ValueError(f"Minchiate has no match state: {', '.join(match)}")
    if seed < 0:
        raise ValueError(f"the seed must be 0 or more, not {seed}")
    rng = random.Random(seed)
    if deck is None:
        cards = list(PACK)
        rng.shuffle(cards)
        cut = rng.randint(1, PACK_SIZE - 1)
        cards = cards[cut:] + cards[:cut]
    else:
        cards = [c if isinstance(c, Card) else parse_card(c) for c in deck]
        if sorted(cards) != list(PACK):
            check_deck(CODES, codes(cards))
    if dealer is None:
        dealer = rng.randrange(len(SEATS))
    else:
        try:
            check_dealer(dealer)
        except CardaviaError as exc:
            raise ValueError(str(exc)) from None
    state = MinchiateState(seed, cards, dealer)
    state.rng = rng
    return state
