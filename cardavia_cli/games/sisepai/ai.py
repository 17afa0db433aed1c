"""Computer players for Si Se Pai (ai.md, "basic: heuristics per game").

Both levels see only a :class:`~cardavia_cli.games.sisepai.rules.SisepaiView` and choose among
its legal actions.

``basic`` measures a concealed hand by its *distance to a win* (:func:`.melds.distance`: partial
melds plus lone cards over the best split), and by its *reach*: how many unseen cards would
lower that distance (live copies only, counting the dead pile, every exposed meld and the
public card as seen). It wins whenever it can; claims when the claim and the best discard after
it leave a shorter distance than keeping the hand; discards the card whose removal keeps the
distance lowest and the reach highest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardavia_cli.engine.agents import Agent, RandomAgent
from cardavia_cli.engine.search import WIN_CHANCE, SearchPlayer, SearchSettings
from cardavia_cli.games.sisepai.cards import COPIES, NUM_CODES, counts_of
from cardavia_cli.games.sisepai.melds import discard_terms, distance, lowering
from cardavia_cli.games.sisepai.rules import Action, Phase, SisepaiState, SisepaiView


def unseen_counts(view: SisepaiView) -> list[int]:
    """Copies of each code that this seat has not seen (not in its hand, the dead pile, any
    exposed meld or the public card): the cards that may still come."""
    seen = counts_of(view.hand)
    for c in view.dead:
        seen[c] += 1
    for melds in view.exposed:
        for m in melds:
            for c in m.cards:
                seen[c] += 1
    if view.public is not None:
        seen[view.public] += 1
    return [max(0, COPIES[c] - seen[c]) for c in range(NUM_CODES)]


def reach(counts: list[int], live: Sequence[int]) -> int:
    """Live copies of the codes that would lower the hand's distance to a win
    (:func:`~cardavia_cli.games.sisepai.melds.lowering`)."""
    return sum(live[code] for code in lowering(counts))


def discard_keys(counts: list[int], live: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(distance, -reach, code)`` of every discard from ``counts`` but the Generals and
    flowers (which are never discarded), in code order
    (:func:`~cardavia_cli.games.sisepai.melds.discard_terms`)."""
    return [(d, -r, code) for d, r, code in discard_terms(counts, live)]


def best_discard(counts: list[int], live: Sequence[int]) -> tuple[int, int, int] | None:
    """``(distance, -reach, code)`` of the best discard from ``counts`` (``None`` if only
    Generals and flowers are left)."""
    return min(discard_keys(counts, live), default=None)


class BasicAgent:
    """Level ``basic``: distance to a win, reach as the tie-break (module docstring)."""

    name = "basic"

    def choose(self, view: SisepaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase is Phase.DISCARD:
            live = unseen_counts(view)
            found = best_discard(counts_of(view.hand), live)
            if found is not None:
                choice = Action("discard", (found[2],))
                if choice in legal:
                    return choice
            return legal[0]
        wins = [o for o in view.claims if o.win]
        if wins:
            return wins[0].action
        counts = counts_of(view.hand)
        live = unseen_counts(view)
        d0 = distance(counts)
        keep = (d0, -reach(counts, live))
        best_key: tuple[int, ...] | None = None
        best_action = None
        for option in view.claims:
            for c in option.action.cards:
                counts[c] -= 1
            after = best_discard(counts, live)
            for c in option.action.cards:
                counts[c] += 1
            if after is None:
                continue
            key = (after[0], after[1], -option.meld.points)
            if best_key is None or key < best_key:
                best_key, best_action = key, option.action
        passing = Action("pass")
        if passing in legal and (best_key is None or best_key[:2] >= keep):
            return passing
        if best_action is None:
            return legal[0]
        return best_action


def ranked_discards(counts: list[int], live: Sequence[int]) -> list[int]:
    """The codes ``basic`` could discard from ``counts``, best first by ``(distance, -reach,
    code)`` (:func:`best_discard`'s order); Generals and flowers are never listed."""
    return [code for *_, code in sorted(discard_keys(counts, live))]


class DealSearch:
    """What level ``strong`` searches in Si Se Pai (:mod:`cardavia_cli.engine.search`).

    Answering a public card: every legal answer (a win is taken at once, as ``basic`` does).
    Discarding: ``basic``'s best :data:`DISCARD_WIDTH` discards (:func:`ranked_discards`). A
    rollout plays the deal to its end, scored 1 if the searching seat won it, else 0; cut after
    :data:`HORIZON` decisions, it is scored by the seat's distance to a win then (a hand one
    card from a win is worth a third of a win, each card further a third of that)."""

    #: A score is the chance of winning the deal.
    scale = WIN_CHANCE

    def candidates(
        self, view: SisepaiView, legal: Sequence[Action], preferred: Action, rng: random.Random
    ) -> list[Action]:
        if view.phase is Phase.DISCARD:
            ranked = ranked_discards(counts_of(view.hand), unseen_counts(view))
            out = [Action("discard", (code,)) for code in ranked[:DISCARD_WIDTH]]
            return [a for a in out if a in legal]
        if any(o.win for o in view.claims):
            return [preferred]
        return list(legal)

    def rollout_over(self, state: SisepaiState, start: SisepaiState) -> bool:
        return state.is_over

    def score(self, state: SisepaiState, start: SisepaiState, seat: int) -> float:
        if state.is_over:
            outcome = state.result()
            return 1.0 if outcome is not None and outcome.winner == seat else 0.0
        d = distance(list(state.hands[seat]))
        return (1 / 3) ** d

    def chance(self, score: float) -> float:
        return score


#: Discards compared by level ``strong``; decisions per rollout before it is scored.
DISCARD_WIDTH = 3
HORIZON = 40
#: Samples per decision of level ``strong``.
STRONG_SAMPLES = 16


def strong() -> SearchPlayer[SisepaiState]:
    """Level ``strong``: PIMC over the deal, ``basic`` rolling out (:class:`DealSearch`)."""
    settings = SearchSettings(samples=STRONG_SAMPLES, horizon=HORIZON)
    return SearchPlayer(DealSearch(), BasicAgent, settings)


AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "basic": BasicAgent,
    "strong": strong,
}
