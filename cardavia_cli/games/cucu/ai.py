"""Computer players for Cuccu (ai.md, "basic: heuristics per game"): ``random`` and ``basic``.

Both see only a :class:`~cardavia_cli.games.cucu.rules.CucuView` and choose among its legal
actions.

``basic`` counts the cards it has not seen (both copies of every rank, minus every card whose
place it knows: its own, the ones it handed over or saw shown, the pack cards it put back) and
estimates, for a card it might hold, the chance that this card loses at the showdown: that
none of the live cards it cannot see is lower (a card drawn from the unseen ones without
replacement, :func:`lose_chance`). A Cuckoo never loses; a lone Fool loses unless the other
Fool is live. On a turn it compares the expected lives lost by keeping with those lost by
asking the next player, over what that player may hold: a plain card is swapped (and the
target's card becomes known), a Cuckoo changes nothing, a Hunter or a Cat costs a life at
once, a Horse passes the ask on, an Inn leads to a pact that covers every card but the Zero.
So it never asks into a known Cuckoo, Hunter or Cat when that is worse. The dealer compares
keeping with drawing the bottom card of the pack. Stopped by an Inn it always asks the holder
to pay (never worse: a refusal gives it the Inn); as the Inn holder it accepts a pact only with
lives to spare (at least two lives beyond the pacts it already carries).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from cardavia_cli.engine.agents import Agent, RandomAgent
from cardavia_cli.engine.search import WIN_CHANCE, SearchPlayer, SearchSettings, deal_over
from cardavia_cli.games.cucu.cards import CAT, CUCKOO, FOOL, HORSE, HUNTER, INN, NUM_RANKS, ZERO
from cardavia_cli.games.cucu.cards import RANKS as NAMES
from cardavia_cli.games.cucu.rules import (
    ACCEPT,
    KEEP,
    PAY,
    REFUSE,
    SWAP,
    Action,
    CucuState,
    CucuView,
    Phase,
)

INDEX: dict[str, int] = {name: r for r, name in enumerate(NAMES)}
_PLAIN_RANKS = tuple(r for r in range(NUM_RANKS) if r not in (INN, CAT, HORSE, HUNTER, CUCKOO))
#: A pact needs this many lives beyond the pacts already carried (ai.md: "lives to spare").
SPARE = 2


def lose_chance(card: int, known: Sequence[int], unknown: int, pool: Sequence[int]) -> float:
    """The chance that ``card`` (a rank index) loses at the showdown (section 9.2).

    ``known``: the rank indexes of the other live cards whose value is known; ``unknown``: how
    many other live cards are not known, each drawn without replacement from ``pool`` (copies
    left per rank index). A Fool held by another player does not save ``card`` (it ties the
    lowest, or is worth 14 1/2 beside the other Fool); Inn payments are left out.

    >>> pool = [2] * 20
    >>> lose_chance(18, [], 3, pool), lose_chance(0, [5], 0, pool), lose_chance(5, [0], 2, pool)
    (0.0, 1.0, 0.0)
    """
    if card == CUCKOO:
        return 0.0
    if card == FOOL:
        if FOOL in known:
            return 0.0
        saving = pool[FOOL]
    else:
        for r in known:
            if r < card:
                return 0.0
        saving = sum(pool[:card])
    n = sum(pool)
    p = 1.0
    for i in range(unknown):
        left = n - i
        if left <= 0:
            break
        p *= (left - saving) / left
        if p <= 0.0:
            return 0.0
    return p


class BasicAgent:
    """Level ``basic``: the expected lives lost by each answer, from what its seat has seen."""

    name = "basic"

    def choose(self, view: CucuView, legal: Sequence[Action], rng: random.Random) -> Action:
        phase = view.phase
        if phase == Phase.INN:
            return PAY
        if phase == Phase.PAY:
            carried = sum(1 for _, holder in view.pacts if holder == view.seat)
            return ACCEPT if view.lives[view.seat] - carried >= SPARE else REFUSE
        est = self.estimates(view)
        return SWAP if est["swap"] < est["keep"] else KEEP

    def estimates(self, view: CucuView) -> dict[str, float]:
        """On a turn or as the dealer (sections 7, 8): the expected lives lost by each
        answer, ``{"keep": k, "swap": s}``, from what the seat has seen. ``k`` is the chance
        that the seat's card loses at the showdown; ``s`` that of the card a swap would bring
        (the bottom card of the pack for the dealer), plus a life for a Hunter or a Cat
        (``inf`` when no card can be there). Raises ``ValueError`` at any other decision
        point or for a seat without a card."""
        if view.card is None or view.phase not in (Phase.TURN, Phase.DEALER):
            raise ValueError(f"no keep/swap estimate at {str(view.phase)!r} without a card")
        if view.phase == Phase.DEALER:
            return self._draw_estimates(view)
        return self._ask_estimates(view)

    # -- what the seat knows -----------------------------------------------------------------
    @staticmethod
    def _table(view: CucuView) -> tuple[list[int], dict[int, int], list[int]]:
        """The unseen cards per rank, the known cards of the other live seats, and the other
        live seats whose cards are unknown."""
        pool = [2] * NUM_RANKS
        for name in view.cards:
            if name is not None:
                pool[INDEX[name]] -= 1
        if view.top is not None:
            pool[INDEX[view.top]] -= 1
        if view.bottom is not None:
            pool[INDEX[view.bottom]] -= 1
        known: dict[int, int] = {}
        hidden: list[int] = []
        for s in view.order:
            if s == view.seat or s in view.out:
                continue
            name = view.cards[s]
            if name is None:
                hidden.append(s)
            else:
                known[s] = INDEX[name]
        return pool, known, hidden

    def _draw_estimates(self, view: CucuView) -> dict[str, float]:
        """Section 8: the dealer's expected loss with its card and with the bottom card."""
        assert view.card is not None
        pool, known, hidden = self._table(view)
        others = list(known.values())
        keep = lose_chance(INDEX[view.card], others, len(hidden), pool)
        if view.bottom is not None:
            draw = lose_chance(INDEX[view.bottom], others, len(hidden), pool)
        else:
            draw = _average_swap(others, len(hidden), pool, _ALL)
        return {"keep": keep, "swap": draw}

    def _ask_estimates(self, view: CucuView) -> dict[str, float]:
        """Section 7: expected loss of keeping and of asking the next player in order."""
        assert view.card is not None
        me = view.seat
        card = INDEX[view.card]
        order = view.order
        target = order[order.index(me) + 1]
        pool, known, hidden = self._table(view)
        others = list(known.values())
        keep = lose_chance(card, others, len(hidden), pool)
        lives = view.lives[me]
        # after the ask the target's card is known to this seat: the target's entry is replaced
        rest = [r for s, r in known.items() if s != target]
        unknown = len(hidden) - (target in hidden)

        def outcome(r: int, pool_r: list[int]) -> float:
            """Expected lives lost when the target holds ``r`` (``pool_r``: the unseen cards
            once ``r`` is placed)."""
            if r == CUCKOO:  # 7.2
                return lose_chance(card, [*rest, r], unknown, pool_r)
            if r == HUNTER or r == CAT:  # 7.3, 7.6: a life at once (the Cat's undo left out)
                if lives <= 1:
                    return 1.0
                return 1.0 + lose_chance(card, [*rest, r], unknown, pool_r)
            if r == INN:  # 7.5: pay; a pact covers every card but the Zero, a refusal gives the Inn
                if view.lives[target] >= SPARE and card != ZERO:
                    return 0.0
                if view.lives[target] >= SPARE:
                    return lose_chance(card, [*rest, r], unknown, pool_r)
                return lose_chance(INN, [*rest, card], unknown, pool_r)
            if r == HORSE:  # 7.4: the ask goes on, to the next card or the top of the pack
                if target == order[-1] and view.top is not None:
                    return lose_chance(INDEX[view.top], [*rest, r], unknown, pool_r)
                return _average_swap([*rest, r], unknown, pool_r, _ALL)
            return lose_chance(r, [*rest, card], unknown, pool_r)  # 7.1: swapped

        if target in known:
            ask = outcome(known[target], pool)
        else:
            ranks = _PLAIN_RANKS if target in view.plain else _ALL
            total = 0
            ask = 0.0
            for r in ranks:
                copies = pool[r]
                if copies <= 0:
                    continue
                pool[r] = copies - 1
                ask += copies * outcome(r, pool)
                pool[r] = copies
                total += copies
            if total == 0:
                return {"keep": keep, "swap": math.inf}
            ask /= total
        return {"keep": keep, "swap": ask}


_ALL = tuple(range(NUM_RANKS))


def _average_swap(others: list[int], unknown: int, pool: list[int], ranks: Sequence[int]) -> float:
    """The mean chance of losing with a card drawn from ``pool`` (among ``ranks``)."""
    total = 0
    chance = 0.0
    for r in ranks:
        copies = pool[r]
        if copies <= 0:
            continue
        pool[r] = copies - 1
        chance += copies * lose_chance(r, others, unknown, pool)
        pool[r] = copies
        total += copies
    return chance / total if total else 1.0


def match_chance(lives: Sequence[int], seat: int) -> float:
    """An estimate of ``seat``'s chance to win the match from the lives left (section 10):
    its share of the squared lives, 0 with none. Squares, because a player with more lives
    must be knocked out more often while the others fall too.

    >>> match_chance([3, 3, 3, 3], 0), match_chance([1, 0, 0, 2], 3), match_chance([0, 2, 1, 1], 0)
    (0.25, 0.8, 0.0)
    """
    mine = lives[seat]
    total = sum(v * v for v in lives)
    return mine * mine / total if total else 0.0


class RoundSearch:
    """What level ``strong`` searches in Cuccu (:mod:`cardavia_cli.engine.search`): every
    legal answer, each played out to the round's showdown by ``basic`` at every seat and
    scored by :func:`match_chance` of the lives then (1 or 0 once the match is over)."""

    #: A score is the chance of winning the match.
    scale = WIN_CHANCE

    def candidates(
        self, view: CucuView, legal: Sequence[Action], preferred: Action, rng: random.Random
    ) -> list[Action]:
        return list(legal)

    def rollout_over(self, state: CucuState, start: CucuState) -> bool:
        return deal_over(state, start)

    def score(self, state: CucuState, start: CucuState, seat: int) -> float:
        if state.is_over:
            outcome = state.result()
            return 1.0 if outcome is not None and outcome.winner == seat else 0.0
        return match_chance(state.lives, seat)

    def chance(self, score: float) -> float:
        return score


#: Samples per decision of level ``strong``.
STRONG_SAMPLES = 64


def strong() -> SearchPlayer[CucuState]:
    """Level ``strong``: PIMC over the round, ``basic`` rolling out (:class:`RoundSearch`)."""
    return SearchPlayer(RoundSearch(), BasicAgent, SearchSettings(samples=STRONG_SAMPLES))


#: Computer players by level (cli.md): ``random``, ``basic`` and ``strong``.
AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "basic": BasicAgent,
    "strong": strong,
}

__all__ = ["AGENTS", "BasicAgent", "lose_chance", "match_chance"]
