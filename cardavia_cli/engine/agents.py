"""Computer players, game-independent parts (ai.md, "Principles").

An agent is any object with ``choose(view, legal, rng) -> action``: it gets the view of its
seat (never the state), the legal actions as a lazy :class:`~cardavia_cli.engine.game.LegalActions`
(``action in legal`` is a direct check; indexing or ``len`` lists them once), and must return
one of them. Its randomness comes from :func:`agent_rng`, a generator derived from the game's
seed, the seat and the decision's index, so a deal replays the same way and resuming a save
changes nothing. :func:`decide` wraps every call: an exception or an illegal answer is logged
(logger ``cardavia.agents``, and the caller's ``on_error``) and replaced by the fallback's
choice, the game's ``basic`` player everywhere (:func:`fallback_for`), so it never ends a match.
A search player (:class:`~cardavia_cli.engine.search.SearchPlayer`) also gets a
:class:`~cardavia_cli.engine.belief.Belief` of its seat: samples of the states it cannot tell
from the real one, never the state itself.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.game import GameInfo, GameState, LegalActions
from cardavia_cli.engine.search import SearchPlayer

log = logging.getLogger("cardavia.agents")

#: ``on_error(message)``: told of every failure of a computer player.
ErrorHook = Callable[[str], None]


class Agent(Protocol):
    """A computer player: chooses one of ``legal`` from what its seat sees."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One element of ``legal``."""


class RandomAgent:
    """Level ``random``: uniform among the legal actions (cli.md)."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


def agent_rng(seed: int, seat: int, ply: int) -> random.Random:
    """The generator of the computer player at ``seat`` for decision number ``ply``."""
    return random.Random(f"cardavia-agent:{seed}:{seat}:{ply}")


def fallback_for(info: GameInfo) -> Agent | None:
    """The one fallback of every computer player of ``info``'s game: its ``basic`` level
    (``None`` for a game without one)."""
    make = info.agents.get("basic")
    return make() if make is not None else None


def decide(
    state: GameState,
    agent: Agent,
    fallback: Agent | None = None,
    *,
    on_error: ErrorHook | None = None,
) -> Any:
    """The action of the computer player to act in ``state`` (always a legal one).

    A forced answer (a single legal action) is returned without asking the agent. An agent
    that raises (anything but ``KeyboardInterrupt``, ``SystemExit`` included) or answers an
    illegal action is reported (log and ``on_error``) and ``fallback`` decides; if that fails
    too, the first legal action is taken.
    """
    seat = state.to_act
    assert seat is not None, "nobody is to act"
    forced = state.forced_action()
    if forced is not None:
        return forced
    legal = LegalActions(state)
    rng = agent_rng(state.seed, seat, len(state.history))
    for candidate in (agent, fallback):
        if candidate is None:
            continue
        try:
            if isinstance(candidate, SearchPlayer):
                action = candidate.search(state.view(seat), legal, rng, Belief(state, seat))
            else:
                action = candidate.choose(state.view(seat), legal, rng)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - a computer player must never end a match
            _report(
                f"{candidate.name} at seat {seat} failed: {type(exc).__name__}: {exc}", on_error
            )
            continue
        if action in legal:
            return action
        _report(f"{candidate.name} at seat {seat} chose an illegal action {action!s}", on_error)
    return legal[0]


def _report(message: str, on_error: ErrorHook | None) -> None:
    log.error(message)
    if on_error is not None:
        on_error(message)
