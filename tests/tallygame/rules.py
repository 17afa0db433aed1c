"""Tally: a small partnership game that lives only in the tests. It drives every part of the
engine a real game uses, with rules small enough to check by hand.

**Pack.** 24 cards: suits ``a b c d`` (in that order) and ranks ``1``..``6``, written ``a1`` ..
``d6``; ``rank-suit`` aliases (``1-a``) are accepted.

**Match.** Teams: seats 0+2 against 1+3. Every seat starts with ``tokens`` (match key, default
2 each). A seat with no token is *out*: it is skipped everywhere (dealing, bidding, play). The
match ends when one team has no seat left in; the other team wins. Every round costs exactly one
token, so a match ends after at most ``sum(tokens) - 1`` rounds.

**A round.**

1. The dealer deals three cards to every seat still in, one at a time, starting with the next
   seat in (``deal S c1 c2 c3``, seen only by S). The rest is the stock.
2. *Give* (a public event with a private part): if the dealer's partner is in, the dealer gives
   him one card (``give CARD``). Everyone sees ``give D P``; only D and P see the card.
3. *Bid* (sealed): every seat in, in turn from the seat after the dealer, lays one card face
   down (``bid CARD``; the public line is ``bid S``, the card is private). Then every bid is
   revealed (``reveal S CARD``), in the same order.
4. *Play*: the highest bid (rank, then suit order) leads; every seat in plays one card in turn
   (``play CARD``), following the led suit when it can (rule 4). ``play 3`` names a card by
   its rank alone: with two 3s in the hand it can be read two ways and must be made precise.
5. The highest card of the led suit takes the trick (``trick S``); the lowest card played (rank,
   then suit order) loses its player a token (``lose S N``, then ``out S`` at 0).
6. If a team has no seat in, the match is over (``win TEAM``); otherwise the round ends at a
   break, and the next round is dealt by the next seat in, from the generator of the seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardavia_cli.engine.errors import (
    AmbiguousActionError,
    CardError,
    IllegalActionError,
    InvalidActionError,
)
from cardavia_cli.engine.game import GameState, Outcome, check_deck
from cardavia_cli.engine.seats import SEATS, next_active, next_seat, partner, team, team_seats

from .events import Bid, Deal, Give, Lose, Out, Play, Reveal, Trick, Win

SUITS = "abcd"
RANKS = "123456"
PACK: tuple[str, ...] = tuple(s + r for s in SUITS for r in RANKS)
HAND = 3
VERBS = ("give", "bid", "play")


class Phase(StrEnum):
    """The decision points (rules steps 2, 3, 4), the break between rounds and the end."""

    GIVE = "give"
    BID = "bid"
    PLAY = "play"
    BREAK = "break"
    OVER = "over"


def parse_card(text: str) -> str:
    """The canonical code of ``text`` (``a1``, ``A1``, ``1-a``); raises ``CardError``."""
    t = text.strip().lower()
    m = re.fullmatch(r"([a-d])([1-6])|([1-6])-([a-d])", t)
    if not m:
        raise CardError(f"unknown card {text!r} (cards are a1..d6)")
    return (m.group(1) + m.group(2)) if m.group(1) else (m.group(4) + m.group(3))


def strength(card: str) -> tuple[int, int]:
    """Rank first, then suit order."""
    return (RANKS.index(card[1]), SUITS.index(card[0]))


@dataclass(frozen=True, slots=True)
class Action:
    """``give CARD``, ``bid CARD`` or ``play CARD``."""

    verb: str
    card: str

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"

    def __repr__(self) -> str:
        return f"Action({self.verb!r}, {self.card!r})"


@dataclass(frozen=True)
class TallyView:
    """What one seat may see."""

    seat: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    tokens: tuple[int, ...]
    given: str | None
    own_bid: str | None
    bids_made: tuple[int, ...]
    revealed: tuple[tuple[int, str], ...]
    trick: tuple[tuple[int, str], ...]
    rounds_finished: int
    legal: tuple[Action, ...]


class TallyState(GameState[Action, TallyView]):
    """A whole match of Tally: the rules are :meth:`_refusal` and :meth:`_apply`; the base
    checks, records and clears the caches."""

    game = "tally"
    _phase: Phase
    action_type = Action

    def __init__(
        self,
        seed: int,
        deck: Sequence[str] | None,
        dealer: int,
        tokens: Sequence[int],
        rng: random.Random,
    ) -> None:
        super().__init__(seed)
        self.rng = rng
        self.tokens = list(tokens)
        self.dealer = dealer
        self.rounds = 0
        self.winner: int | None = None
        self._deal(list(deck) if deck is not None else None)

    # -- set-up of a round -----------------------------------------------------------------
    def active(self) -> list[int]:
        return [s for s in SEATS if self.tokens[s] > 0]

    def _deal(self, deck: list[str] | None) -> None:
        if deck is None:
            deck = list(PACK)
            self.rng.shuffle(deck)
        self.deck = tuple(deck)
        active = set(self.active())
        self.hands: list[list[str]] = [[] for _ in SEATS]
        order = [next_active(self.dealer, active, k) for k in range(1, len(active) + 1)]
        pos = 0
        for _ in range(HAND):
            for s in order:
                assert s is not None
                self.hands[s].append(deck[pos])
                pos += 1
        self.stock = deck[pos:]
        self.bids: dict[int, str] = {}
        self.revealed: list[tuple[int, str]] = []
        self.trick: list[tuple[int, str]] = []
        self.pile: list[str] = []
        self.given: str | None = None
        self.order = [s for s in order if s is not None]
        for s in self.order:
            self.events.append(Deal(s, tuple(self.hands[s]), seats=frozenset({s})))
        self._phase = Phase.GIVE if partner(self.dealer) in active else Phase.BID
        self.turn = 0

    # -- protocol -----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self._phase in (Phase.BREAK, Phase.OVER):
            return None
        if self._phase == Phase.GIVE:
            return self.dealer
        return self.order[self.turn]

    @property
    def rounds_finished(self) -> int:
        return self.rounds

    def _next_round(self) -> None:
        self.dealer = next_active(self.dealer, set(self.active())) or 0
        self._deal(None)

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        hand = sorted(self.hands[seat], key=PACK.index)
        if self._phase == Phase.PLAY and self.trick:
            led = self.trick[0][1][0]
            follow = [c for c in hand if c[0] == led]
            if follow:
                hand = follow
        return [Action(self._phase.value, c) for c in hand]

    def _refusal(self, action: Action) -> str | None:
        seat = self.to_act
        assert seat is not None
        if action.verb != self._phase:
            return f"{self.where()}: now {self._phase}, not {action.verb} (rule 1)"
        if action.card not in self.hands[seat]:
            return f"{self.where()}: {action.card} is not in the hand"
        if self._phase == Phase.PLAY and self.trick:
            led = self.trick[0][1][0]
            if action.card[0] != led and any(c[0] == led for c in self.hands[seat]):
                return f"{self.where()}: must follow suit {led} (rule 4)"
        return None

    def parse_action(self, text: str) -> Action:
        """``VERB CARD``; ``play N`` names a card by rank (ambiguous with two of that rank).
        Returns a checked action."""
        words = text.split()
        if len(words) != 2 or words[0].lower() not in VERBS:
            raise InvalidActionError(f"{text.strip()!r}: write give CARD, bid CARD or play CARD")
        verb = words[0].lower()
        seat = self.to_act
        if seat is None:
            raise IllegalActionError(f"{text.strip()!r}: nobody is to act ({self.position()})")
        if re.fullmatch(r"[1-6]", words[1]):
            found = [c for c in sorted(self.hands[seat], key=PACK.index) if c[1] == words[1]]
            found = [c for c in found if self.is_legal(Action(verb, c))] or found
            if len(found) > 1:
                raise AmbiguousActionError(
                    f"{self.where()}: '{text.strip()}' can be read {len(found)} ways",
                    [f"{verb} {c}" for c in found],
                )
            if not found:
                raise IllegalActionError(
                    f"seat {seat}: no card of rank {words[1]} in the hand",
                    seat=seat,
                    phase=self.phase,
                )
            card = found[0]
        else:
            try:
                card = parse_card(words[1])
            except CardError as exc:
                raise InvalidActionError(f"{text.strip()!r}: {exc}") from None
        action = Action(verb, card)
        error = self.refusal(action)
        if error is not None:
            raise error
        return action

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        self.hands[seat].remove(action.card)
        if action.verb == Phase.GIVE:
            p = partner(seat)
            self.hands[p].append(action.card)
            self.given = action.card
            mine = (action.card,)
            self.events.append(Give(seat, p, private=((seat, mine), (p, mine))))
            self._phase = Phase.BID
            return
        if action.verb == Phase.BID:
            self.bids[seat] = action.card
            self.events.append(Bid(seat, private=((seat, (action.card,)),)))
            self.turn += 1
            if self.turn == len(self.order):
                for s in self.order:
                    self.revealed.append((s, self.bids[s]))
                    self.events.append(Reveal(s, self.bids[s]))
                leader = max(self.order, key=lambda s: strength(self.bids[s]))
                self.order = [
                    next_active(leader, set(self.order), k) or 0 for k in range(len(self.order))
                ]
                self._phase = Phase.PLAY
                self.turn = 0
            return
        self.trick.append((seat, action.card))
        self.events.append(Play(seat, action.card))
        self.turn += 1
        if self.turn == len(self.order):
            self._score()

    def _score(self) -> None:
        led = self.trick[0][1][0]
        taker = max((t for t in self.trick if t[1][0] == led), key=lambda t: strength(t[1]))[0]
        loser = min(self.trick, key=lambda t: strength(t[1]))[0]
        self.events.append(Trick(taker))
        self.tokens[loser] -= 1
        self.events.append(Lose(loser, self.tokens[loser]))
        if self.tokens[loser] == 0:
            self.events.append(Out(loser))
        self.pile = [c for _, c in self.trick]
        self.rounds += 1
        for t in (0, 1):
            if not any(self.tokens[s] for s in team_seats(t)):
                self.winner = team(next_seat(team_seats(t)[0]))
                self.events.append(Win(self.winner))
                self._phase = Phase.OVER
                return
        self._phase = Phase.BREAK

    def view(self, seat: int) -> TallyView:
        acting = self.to_act == seat
        knows_given = seat in (self.dealer, partner(self.dealer))
        return TallyView(
            seat=seat,
            dealer=self.dealer,
            phase=self._phase,
            to_act=self.to_act,
            hand=tuple(sorted(self.hands[seat], key=PACK.index)),
            hand_sizes=tuple(len(h) for h in self.hands),
            tokens=tuple(self.tokens),
            given=self.given if knows_given else None,
            own_bid=self.bids.get(seat),
            bids_made=tuple(sorted(self.bids)),
            revealed=tuple(self.revealed),
            trick=tuple(self.trick),
            rounds_finished=self.rounds,
            legal=tuple(self.legal_actions()) if acting else (),
        )

    def result(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(
            "win",
            self.winner,
            f"Team {self.winner} wins after {self.rounds} rounds.",
            self.partial_result(),
            winner_is_team=True,
        )

    def partial_result(self) -> dict[str, Any]:
        return {"tokens": list(self.tokens), "rounds": self.rounds, "winner": self.winner}

    def zones(self) -> dict[str, list[str]]:
        out = {f"hand {s}": list(self.hands[s]) for s in SEATS}
        out["bids"] = [
            self.bids[s] for s in sorted(self.bids) if (s, self.bids[s]) not in self.revealed
        ]
        out["revealed"] = [c for _, c in self.revealed]
        out["trick"] = [c for _, c in self.trick]
        out["stock"] = list(self.stock)
        # cards played in earlier rounds are shuffled back in with the next deal
        return out

    def _copy_mutable(self, new: GameState) -> None:
        assert isinstance(new, TallyState)
        new.tokens = list(self.tokens)
        new.hands = [list(h) for h in self.hands]
        new.bids = dict(self.bids)
        new.revealed = list(self.revealed)
        new.trick = list(self.trick)
        new.order = list(self.order)

    def resample(self, seat: int, rng: random.Random) -> TallyState:
        """Deal the cards ``seat`` cannot see anew: the other hands, the unrevealed bids of the
        others and the stock. The card the dealer gave stays with his partner, in the hand or
        the face-down bid (which of the two the dealer cannot tell), until it is shown."""
        new = self.copy()
        assert isinstance(new, TallyState)
        p = partner(seat)
        shown = {c for _, c in self.trick} | {c for _, c in self.revealed}
        given = self.given if seat == self.dealer and self.given not in shown else None
        sizes = {s: len(self.hands[s]) for s in SEATS if s != seat}
        hidden_bids = [s for s in self.bids if s != seat and (s, self.bids[s]) not in self.revealed]
        pool = [c for s in sizes for c in self.hands[s]]
        pool += [self.bids[s] for s in hidden_bids] + list(self.stock)
        if given is not None:
            pool.remove(given)
        pool.sort()  # the order of the hidden cards must not tell where they are
        rng.shuffle(pool)
        # the given card's place among the partner's hidden cards: a hand slot or the bid
        slot = -1
        if given is not None:
            slot = rng.randrange(sizes[p] + (p in hidden_bids))
        pos = 0
        for s, n in sizes.items():
            take = n - (s == p and 0 <= slot < n)
            hand = pool[pos : pos + take]
            pos += take
            new.hands[s] = [given, *hand] if s == p and 0 <= slot < n else hand
        for s in hidden_bids:
            if s == p and given is not None and slot == sizes[p]:
                new.bids[s] = given
                continue
            new.bids[s] = pool[pos]
            pos += 1
        new.stock = pool[pos:]
        return new


def new_state(
    seed: int = 0,
    deck: Sequence[str] | None = None,
    dealer: int | None = None,
    match: dict[str, Any] | None = None,
) -> TallyState:
    """A new match: ``deck`` (24 cards) fixes the first round; ``match`` may hold ``tokens``."""
    if seed < 0:
        raise ValueError(f"the seed must be 0 or more, not {seed}")
    tokens = list((match or {}).get("tokens", [2, 2, 2, 2]))
    rng = random.Random(seed)
    if deck is not None:
        check_deck(PACK, deck)
    if dealer is None:
        dealer = rng.choice([s for s in SEATS if tokens[s] > 0])
    elif tokens[dealer] == 0:
        raise ValueError(f"dealer {dealer} has no token left")
    return TallyState(seed, deck, dealer, tokens, rng)
