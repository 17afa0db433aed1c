"""Computer players, game-independent parts (ai.md, "Principles").

An agent is any object with ``choose(view, legal, rng) -> action``: it gets the view of its
seat (never the state) and the legal actions, and must return one of them. Its randomness
comes from :func:`agent_rng`, a generator derived from the game's seed, the seat and the
decision's index, so a deal replays the same way and resuming a save changes nothing.
:func:`decide` wraps every call: an exception or an illegal answer is logged and replaced by
the game's ``basic`` choice (or the first legal action), so it never ends a match.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any, Protocol

from cardavia_cli.engine.game import GameState

log = logging.getLogger("cardavia.agents")

#: Errors caught inside computer players, for tests to assert on (ai.md: "let a test fail").
AGENT_ERRORS: list[str] = []


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


def decide(state: GameState, agent: Agent, fallback: Agent | None = None) -> Any:
    """The action of the computer player to act in ``state`` (always a legal one).

    A single legal action is returned without asking the agent. Any exception raised by an
    agent (``SystemExit`` included) is an agent error, except ``KeyboardInterrupt``, which
    propagates.
    """
    seat = state.to_act
    assert seat is not None, "nobody is to act"
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rng = agent_rng(state.seed, seat, len(state.history))
    for candidate in (agent, fallback):
        if candidate is None:
            continue
        try:
            action = candidate.choose(state.view(seat), legal, rng)
        except KeyboardInterrupt:
            raise  # Ctrl-C stops the program, whoever is thinking
        except BaseException as exc:  # noqa: BLE001 - SystemExit too: a player never ends a match
            message = f"{candidate.name} at seat {seat} failed: {type(exc).__name__}: {exc}"
            log.error(message)
            AGENT_ERRORS.append(message)
            continue
        if action in legal:
            return action
        message = f"{candidate.name} at seat {seat} chose an illegal action {action!s}"
        log.error(message)
        AGENT_ERRORS.append(message)
    return legal[0]
