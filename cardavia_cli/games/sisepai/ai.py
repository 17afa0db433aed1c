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
from cardavia_cli.games.sisepai.cards import COPIES, FLOWER, NUM_CODES, counts_of, is_general
from cardavia_cli.games.sisepai.melds import GROUP_OF, distance, group_distance, group_distances
from cardavia_cli.games.sisepai.rules import Action, Phase, SisepaiView


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


def reach(counts: list[int], live: Sequence[int], base: int | None = None) -> int:
    """Live copies of the codes that would lower the hand's distance to a win."""
    parts = group_distances(counts)
    full = sum(parts)
    d = full if base is None else base
    total = 0
    for code in range(NUM_CODES):
        if live[code] and counts[code] < 4:
            group = GROUP_OF[code]
            if group is None:  # a flower never lowers the distance
                continue
            counts[code] += 1
            # only the card's own group changes (distance is a sum over groups)
            if full - parts[group] + group_distance(group, counts) < d:
                total += live[code]
            counts[code] -= 1
    return total


def best_discard(counts: list[int], live: Sequence[int]) -> tuple[int, int, int] | None:
    """``(distance, -reach, code)`` of the best discard from ``counts`` (``None`` if only
    Generals and flowers are left)."""
    best = None
    for code in range(FLOWER):
        if not counts[code] or is_general(code):
            continue
        counts[code] -= 1
        d = distance(counts)
        key = (d, -reach(counts, live, d), code)
        counts[code] += 1
        if best is None or key < best:
            best = key
    return best


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
        keep = (d0, -reach(counts, live, d0))
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


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "basic": BasicAgent}
