"""Every registered game (and the engine's test game) against the conformance suite
(tests/conformance.py). A new game joins by being registered: no code here.

Each check runs twice over: on matches cut at their first break after :data:`STOP_AFTER`
records (the default run: a Guandan match stops after a few deals, the other games' matches
are shorter and play whole), and on whole matches, to the end, behind the ``slow`` marker."""

from __future__ import annotations

import random

import pytest
from conformance import (
    Playout,
    check_beliefs,
    check_cards,
    check_finished,
    check_legality,
    check_replay_cuts,
    check_unchecked_and_copies,
    check_views,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardavia_cli.games import GAMES, load_game

NAMES = sorted(GAMES)
SETTINGS = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
levels = st.lists(st.sampled_from(["random", "basic"]), min_size=4, max_size=4)

#: Records of history after which a match of the default run stops, at its next break
#: (a Guandan deal is about 110 of them; a whole Guandan match 400 to 2,000 and more).
STOP_AFTER = 150


@pytest.fixture(params=NAMES)
def info(request):
    return load_game(request.param)


@pytest.fixture(
    params=[
        pytest.param(STOP_AFTER, id="cut"),
        pytest.param(None, id="whole", marks=pytest.mark.slow),
    ]
)
def stop_after(request):
    return request.param


@SETTINGS
@given(seed=seeds, seat_levels=levels)
def test_cards_legality_and_views_at_every_step(info, stop_after, seed, seat_levels):
    rng = random.Random(seed)

    def each(state):
        check_cards(info, state)
        check_legality(state, rng)
        if rng.random() < 0.25 or state.at_break:
            check_views(state, rng)
        if rng.random() < 0.1 or state.at_break:
            check_beliefs(state, rng)

    play = Playout(info, seed, seat_levels, each, stop_after=stop_after)
    assert play.errors == [], "computer players chose illegal actions or failed"
    check_finished(play.state, stop_after)


@SETTINGS
@given(seed=seeds, seat_levels=levels, picks=st.lists(st.floats(0, 1), min_size=2, max_size=2))
def test_saves_cut_anywhere_replay_identically(info, stop_after, seed, seat_levels, picks):
    check_replay_cuts(info, seed, seat_levels, picks, stop_after)


@SETTINGS
@given(seed=seeds, seat_levels=levels)
def test_checked_and_unchecked_play_and_copies_agree(info, stop_after, seed, seat_levels):
    check_unchecked_and_copies(info, seed, seat_levels, random.Random(seed), stop_after)
