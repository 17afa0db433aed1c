"""What a search player may know: full states consistent with everything its seat has seen,
and nothing more (the issue "Strong computer players", item 1).

A computer player sees its seat's view. A search player may also get a :class:`Belief`: a
sampler of whole states (a determinization) built on :meth:`GameState.resample`. A sample
keeps what the seat has seen and deals everything else anew from the generator it is given:

* the cards the seat cannot see (each game's ``resample``, which lists the hidden cards in a
  canonical order before shuffling, so their true places do not show through);
* the generator of later deals or rounds (a new one drawn from ``rng``: the real shuffle of
  the next deal is as hidden as a hand);
* no log and no history (a quiet state): the true log holds other seats' private details.

Two states that look the same to the seat give identical samples for the same generator: a
property of the conformance suite, for every game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

from cardavia_cli.engine.game import GameState, QuietLog

S = TypeVar("S", bound=GameState)


class Belief(Generic[S]):
    """The states ``seat`` cannot tell from ``state``. Holds the real state, but hands out
    only samples: never the state itself, its log, its history or its generator."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: S, seat: int) -> None:
        self._state = state
        self.seat = seat

    def sample(self, rng: random.Random) -> S:
        """A quiet state that ``seat`` cannot tell from the real one (its ``view(seat)`` is the
        same), every hidden card and the generator of later deals drawn from ``rng``. Raises
        ``NotImplementedError`` for a game without ``resample``."""
        new = self._state.resample(self.seat, rng)
        new.rng = random.Random(rng.getrandbits(64))
        new.quiet = True
        new.events = QuietLog()
        new.history = []
        return new  # type: ignore[return-value]


T = TypeVar("T")


def weighed_choice(options: Sequence[T], weights: Sequence[float], rng: random.Random) -> T:
    """One of ``options`` (not empty), chosen with a chance in proportion to its weight in
    ``weights`` (the same length, none negative; the last option when every weight is 0),
    from one draw of ``rng``: the step of sampling-importance-resampling that the games'
    samplers take among the deals they drew (inference, the issue "Strong computer players",
    item 2).

    >>> weighed_choice("abc", [0.0, 1.0, 0.0], random.Random(1))
    'b'
    """
    pick = rng.random() * sum(weights)
    for option, weight in zip(options, weights, strict=True):
        pick -= weight
        if pick < 0:
            return option
    return options[-1]
