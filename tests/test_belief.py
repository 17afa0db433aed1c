"""A search player's samples (engine.belief): what they keep, and what they never carry."""

from __future__ import annotations

import random

import pytest

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games import GAMES, load_game


def _mid_game(name: str, steps: int = 12):
    info = load_game(name)
    state = info.new_state(seed=5)
    agents = make_agents(info, ["basic"] * 4)
    for _ in range(steps):
        if state.is_over or state.at_break:
            break
        state.push(decide(state, agents[state.to_act]))
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_sample_keeps_the_view_and_carries_no_log_history_or_generator(name: str) -> None:
    state = _mid_game(name)
    seat = 1
    sample = Belief(state, seat).sample(random.Random(3))
    assert sample.view(seat) == state.view(seat)
    assert sample.quiet and list(sample.events) == [] and sample.history == []
    assert sample.rng.getstate() != state.rng.getstate()  # later deals are not the real ones
    assert sorted(c for z in sample.zones().values() for c in z) == sorted(load_game(name).pack)
    # the same generator, the same sample; the real state is left as it was
    before = (state.zones(), len(state.events), len(state.history))
    again = Belief(state, seat).sample(random.Random(3))
    assert again.zones() == sample.zones()
    assert (state.zones(), len(state.events), len(state.history)) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_samples_deal_the_hidden_cards_anew(name: str) -> None:
    """Over a few samples, some other seat's hidden cards differ from the real ones (for a
    position where anything is hidden from seat 0)."""
    state = _mid_game(name)
    real = state.zones()
    samples = [Belief(state, 0).sample(random.Random(k)).zones() for k in range(8)]
    assert any(z != real for z in samples)
