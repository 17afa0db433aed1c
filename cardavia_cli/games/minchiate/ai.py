"""Computer players for Minchiate (ai.md, "basic: heuristics per game").

Both levels see only a :class:`~cardavia_cli.games.minchiate.rules.MinchiateView` and choose
among its legal actions.

``basic`` plays classic trick-taking: it discards zero-point suit cards from its shortest
suits first (to make voids; a suit whose King it holds cannot be voided, so it comes last, and
trumps after every suit card), in one command for the whole discard; it declares every
combination (8: declaring has no cost); in play it cashes a King in the first round of its
suit (leading it, or following with it before anyone has trumped), gives its counting cards to
a trick its partner wins when it plays last, takes a trick that holds points with its cheapest
winning card (trumping when it cannot follow), and otherwise plays its cheapest card, the Matto
rather than a counting card to an opponent's trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardavia_cli.engine.agents import Agent, RandomAgent
from cardavia_cli.engine.i18n import N_, _
from cardavia_cli.engine.search import ScoreScale, SearchPlayer, SearchSettings
from cardavia_cli.engine.seats import team
from cardavia_cli.games.minchiate.cards import MATTO, Card, suit_card
from cardavia_cli.games.minchiate.deal import auto_discards, discardable
from cardavia_cli.games.minchiate.rules import (
    PASS,
    Action,
    MinchiateState,
    MinchiateView,
    Phase,
    discard_refusal,
    play,
)
from cardavia_cli.games.minchiate.tricks import strength, suit_to_follow


def discard_choice(hand: Sequence[Card], owed: int) -> list[Card]:
    """The ``owed`` cards ``basic`` discards from ``hand``, sorted (7.2, 7.3): suit cards of
    the shortest suits first (a suit holding its King last), then the lowest trumps; in a
    shortfall, the cards of ``discard auto``."""
    free = [c for c in hand if discardable(c)]
    if len(free) < owed:
        return auto_discards(hand)
    length: dict[str | None, int] = {}
    for c in hand:
        length[c.suit] = length.get(c.suit, 0) + 1

    def key(c: Card) -> tuple[int, int, int, int]:
        if c.is_trump:
            return (1, 0, 0, c.number)
        assert c.suit is not None
        kept = 1 if suit_card("K", c.suit) in hand else 0
        return (0, kept, length[c.suit], strength(c, c.suit))

    return sorted(sorted(free, key=key)[:owed])


def cheapest(cards: Sequence[Card], suit: str | None) -> Card:
    """The card that costs least to give away: fewest points, a suit card before a trump,
    then the weakest."""
    return min(cards, key=lambda c: (c.points, c.is_trump, strength(c, suit), c.index))


@dataclass(frozen=True, slots=True)
class Reason:
    """Why ``basic`` chose a move: its message (marked for the catalogs, translated only when
    said) and the points it names."""

    text: str
    points: int | None = None

    def said(self) -> str:
        """The reason in the language spoken now."""
        return _(self.text).format(points=self.points)


class BasicAgent:
    """Level ``basic`` (module docstring). :meth:`explain` gives its choice with the reason,
    for the REPL's ``hint``; :meth:`choose` is that choice alone."""

    name = "basic"

    def choose(self, view: MinchiateView, legal: Sequence[Action], rng: random.Random) -> Action:
        return self._decide(view, legal)[0]

    def explain(self, view: MinchiateView, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action ``basic`` chooses among ``legal`` (the view's legal actions, or a lazy
        list of them) and why, in a few plain words citing the rules where they decide (in
        the language spoken now)."""
        action, why = self._decide(view, legal)
        return action, why.said()

    def _decide(self, view: MinchiateView, legal: Sequence[Action]) -> tuple[Action, Reason]:
        """:meth:`explain` with the reason untranslated (a rollout never reads it)."""
        if view.phase == Phase.DISCARD:
            choice = Action("discard", tuple(discard_choice(view.hand, view.owed_discards)))
            if discard_refusal(view.hand, choice.cards) is None:
                return choice, Reason(
                    N_(
                        "zero-point cards of your shortest suits, to make voids (a suit whose King "
                        "you hold goes last, trumps after every suit card; rules 7.2)"
                    )
                )
            return legal[0], Reason(N_("the first discard allowed (rules 7.2)"))
        if view.phase == Phase.DECLARE:
            numbers = tuple(range(1, len(view.listed) + 1))
            if not numbers:
                return PASS, Reason(N_("no combination to declare"))
            points = sum(c.points for c in view.listed)
            return Action("declare", numbers=numbers), Reason(
                N_("declaring costs nothing and scores {points} for your team now (rules 8)"),
                points,
            )
        cards = [a.cards[0] for a in legal]
        if len(cards) == 1:
            return play(cards[0]), Reason(N_("your only legal card (rules 9.3)"))
        if not view.trick:
            card, why = self._lead(view, cards)
        else:
            card, why = self._follow(view, cards)
        return play(card), why

    def _lead(self, view: MinchiateView, cards: list[Card]) -> tuple[Card, Reason]:
        kings = [c for c in cards if c.is_king and c.suit not in view.suits_led]
        if kings:
            return kings[0], Reason(
                N_("cash a King in the first round of its suit, before anyone can be void of it")
            )
        plain = [c for c in cards if not c.is_matto] or cards
        card = min(plain, key=lambda c: (c.points, c.is_trump, strength(c, c.suit), c.index))
        return card, Reason(N_("lead your cheapest card: it gives the opponents the least"))

    def _follow(self, view: MinchiateView, cards: list[Card]) -> tuple[Card, Reason]:
        played = [c for _, c in view.trick]
        suit = suit_to_follow(played)
        if suit is None:  # only the Matto led: this card sets the suit
            return self._lead(view, cards)
        powers = [strength(c, suit) for c in played]
        best = max(powers)
        winner_seat = view.trick[powers.index(best)][0]
        last = len(view.trick) == 3
        points = sum(c.points for c in played if not c.is_matto)
        if team(winner_seat) == view.team:
            if last:
                card = max(cards, key=lambda c: (c.points, -c.is_trump, -strength(c, suit)))
                return card, Reason(
                    N_("your side wins this trick and you play last: give it your points")
                )
            return self._cheap(
                cards, suit, Reason(N_("your side is winning this trick: play cheap"))
            )
        king = suit_card("K", suit) if suit != "T" else None
        trumped = any(c.is_trump for c in played)
        if king is not None and king in cards and suit not in view.suits_led and not trumped:
            return king, Reason(
                N_("cash your King in the first round of its suit, before it is trumped")
            )
        winners = [c for c in cards if strength(c, suit) > best]
        if not winners:
            return self._cheap(
                cards, suit, Reason(N_("you cannot beat this trick: play your cheapest card"))
            )
        low = min(winners, key=lambda c: (strength(c, suit), c.points))
        if points > 0:
            return low, Reason(
                N_("take the {points} points in this trick with your cheapest winner"), points
            )
        if last and low.points == 0:
            return low, Reason(
                N_("take the trick for free: you play last and this card costs nothing")
            )
        return self._cheap(
            cards, suit, Reason(N_("no points in this trick yet: play your cheapest card"))
        )

    def _cheap(self, cards: list[Card], suit: str | None, why: Reason) -> tuple[Card, Reason]:
        plain = [c for c in cards if not c.is_matto]
        if not plain:
            return cards[0], why
        card = cheapest(plain, suit)
        if card.points > 0 and MATTO in cards:
            return MATTO, Reason(
                N_("the Matto rather than a counting card: it is never captured (9.5)")
            )
        return card, why


class TrickSearch:
    """What level ``strong`` searches in Minchiate (:mod:`cardavia_cli.engine.search`).

    In the play of the tricks the candidates are, of the legal cards of each suit and value,
    the weakest and the strongest (the cards between them rarely play differently), beside
    ``basic``'s card; the discards and declarations are ``basic``'s. A rollout plays the deal
    to its end, scored for the searching seat's team as the deal's result (+1 won, -1 lost, 0
    tied) plus a twentieth of the resti difference, which separates wins by their margin
    without outweighing a win."""

    #: A deal won is +1, lost -1 (a resto of margin a twentieth more or less).
    scale = ScoreScale(
        -1.0,
        1.0,
        N_("expected deal result (100% a win, 50% a tie, 0% a loss; a resto of margin 2.5%)"),
    )

    def candidates(
        self, view: MinchiateView, legal: Sequence[Action], preferred: Action, rng: random.Random
    ) -> list[Action]:
        if view.phase != Phase.PLAY:
            return [preferred]
        suit = suit_to_follow([c for _, c in view.trick])
        groups: dict[tuple[str | None, int], list[Card]] = {}
        for action in legal:
            card = action.cards[0]
            groups.setdefault((card.suit, card.points), []).append(card)
        chosen = {preferred}
        for cards in groups.values():
            chosen.add(play(min(cards, key=lambda c: strength(c, suit or c.suit))))
            chosen.add(play(max(cards, key=lambda c: strength(c, suit or c.suit))))
        return sorted(chosen, key=lambda a: a.cards[0])

    def rollout_over(self, state: MinchiateState, start: MinchiateState) -> bool:
        return state.is_over

    def score(self, state: MinchiateState, start: MinchiateState, seat: int) -> float:
        outcome = state.result()
        assert outcome is not None
        side = team(seat)
        resti = outcome.data["resti"]
        won = 0 if outcome.winner is None else 1 if outcome.winner == side else -1
        return won + (resti[side] - resti[1 - side]) / 20

    def chance(self, score: float) -> float:
        return 1.0 if score >= 0.5 else 0.0 if score <= -0.5 else 0.5


def strong() -> SearchPlayer[MinchiateState]:
    """Level ``strong``: PIMC over the tricks, ``basic`` rolling out (:class:`TrickSearch`)."""
    return SearchPlayer(TrickSearch(), BasicAgent, SearchSettings(samples=STRONG_SAMPLES))


#: Samples per decision of level ``strong``.
STRONG_SAMPLES = 16

AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "basic": BasicAgent,
    "strong": strong,
}
