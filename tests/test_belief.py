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


def _sisepai_sealed_claim():
    """A Si Se Pai claim round in which a seat has answered with a claim and another seat is
    still to answer (seed and step found by search)."""
    info = load_game("sisepai")
    agents = make_agents(info, ["basic"] * 4)
    for seed in range(40):
        state = info.new_state(seed=seed)
        while not state.is_over:
            claimed = [s for s, (_, option) in state.responses.items() if option is not None]
            if state.phase == "claim" and claimed and state.to_act not in claimed:
                return state, claimed[0]
            state.push(decide(state, agents[state.to_act]))
    raise AssertionError("no sealed claim in 40 deals")


def test_sisepai_sealed_answers_do_not_reach_a_sample() -> None:
    """Rules 7.4: answers are sealed. A sample kept the real claim of a seat that had
    answered, and that claim's cards in its hand (found when a sampled sealed win could not
    be resolved); now every other seat's sealed answer is a pass in the sample, and a state
    whose only difference is that answer gives the same sample."""
    state, claimer = _sisepai_sealed_claim()
    seat = state.to_act
    sample = Belief(state, seat).sample(random.Random(7))
    assert sample.responses[claimer][1] is None and str(sample.responses[claimer][0]) == "pass"
    twin = state.copy()
    twin.responses = dict(state.responses)
    twin.responses[claimer] = (sample.responses[claimer][0], None)
    other = Belief(twin, seat).sample(random.Random(7))
    assert other.zones() == sample.zones() and other.responses == sample.responses
