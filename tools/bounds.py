"""What the ``tools/*_bounds.py`` experiments share: the cheat of their upper bounds."""

from __future__ import annotations

import random
from typing import Any

from cardavia_cli.engine.game import QuietLog


class OracleBelief:
    """A belief that hands out the real state (the cheat of an upper bound: a search given it
    sees every hidden card), quiet, with a generator of later deals of its own."""

    def __init__(self, state: Any, seat: int) -> None:
        self._state = state
        self.seat = seat

    def sample(self, rng: random.Random) -> Any:
        new = self._state.copy(quiet=True)
        new.rng = random.Random(rng.getrandbits(64))
        new.events = QuietLog()
        new.history = []
        return new
