"""Playing on without a person: computer players for every seat until the end.

Used by ``cardavia run``, the arena and the tests. Forced answers are applied directly; real
decisions go through :func:`~cardavia_cli.engine.agents.decide`, with the game's ``basic``
player as the one fallback.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardavia_cli.engine.agents import Agent, ErrorHook, decide
from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.game import GameInfo, GameState
from cardavia_cli.engine.i18n import _


def make_agents(info: GameInfo, seats: Sequence[str], human: str = "basic") -> list[Agent]:
    """One agent per seat; a ``human`` seat is played by level ``human``.

    Raises :class:`~cardavia_cli.engine.errors.UnknownNameError` naming an unknown level.
    """
    agents = []
    for kind in seats:
        level = human if kind == "human" else kind
        if level not in info.agents:
            raise UnknownNameError(
                _("unknown computer player level {level} (known: {levels})").format(
                    level=repr(level), levels=", ".join(info.agents)
                )
            )
        agents.append(info.agents[level]())
    return agents


#: ``on_decision(seat, seconds)``: told the CPU time of every real (not forced) decision.
DecisionHook = Callable[[int, float], None]


def step(
    state: GameState,
    agents: Sequence[Agent],
    fallback: Agent | None = None,
    *,
    on_error: ErrorHook | None = None,
    on_decision: DecisionHook | None = None,
) -> Any:
    """Let the seat to act decide (or take its forced answer) and apply it; returns it.
    ``on_decision`` is told the CPU seconds (``time.process_time``) of each real decision."""
    seat = state.to_act
    assert seat is not None
    if on_decision is None or state.forced_action() is not None:
        action = decide(state, agents[seat], fallback, on_error=on_error)
    else:
        start = time.process_time()
        action = decide(state, agents[seat], fallback, on_error=on_error)
        on_decision(seat, time.process_time() - start)
    state.push(action)
    return action


def play_on(
    state: GameState,
    agents: Sequence[Agent],
    *,
    max_deals: int | None = None,
    fallback: Agent | None = None,
    on_step: Callable[[GameState], None] | None = None,
    on_error: ErrorHook | None = None,
    on_decision: DecisionHook | None = None,
) -> int:
    """Play to the end of the game (every round or deal of a match); returns the rounds or
    deals finished here.

    With ``max_deals``, stop at a break once the match has finished that many rounds or
    deals in all (:attr:`GameState.rounds_finished`: the ones replayed from a file count too);
    the state is then left at that break.
    """
    before = state.rounds_finished
    while not state.is_over:
        if state.at_break:
            if max_deals is not None and state.rounds_finished >= max_deals:
                break
            state.next_round()
            continue
        step(state, agents, fallback, on_error=on_error, on_decision=on_decision)
        if on_step is not None:
            on_step(state)
    return state.rounds_finished - before
