"""Computer players of Tally: ``random`` and ``basic`` (give the lowest card, bid the highest,
follow with the lowest card that keeps a token safe)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardavia_cli.engine.agents import RandomAgent

from .rules import Action, Phase, TallyView, strength


class BasicAgent:
    """Bids its strongest card (to lead), gives and plays its weakest."""

    name = "basic"

    def choose(self, view: TallyView, legal: Sequence[Any], rng: random.Random) -> Action:
        if view.phase == Phase.BID:
            return Action("bid", max(view.hand, key=strength))
        cards = [a.card for a in legal]
        if view.phase == Phase.GIVE:
            return Action("give", min(cards, key=strength))
        low = [
            c for c in cards if view.trick and strength(c) > min(strength(t[1]) for t in view.trick)
        ]
        return Action("play", min(low or cards, key=strength))


AGENTS: dict[str, Callable[[], Any]] = {"random": RandomAgent, "basic": BasicAgent}
