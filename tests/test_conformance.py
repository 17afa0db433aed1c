"""Every registered game (and the engine's test game) against the conformance suite
(tests/conformance.py). A new game joins by being registered: no code here."""

from __future__ import annotations

import random

import pytest
from conformance import (
    Playout,
    check_cards,
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


@pytest.fixture(params=NAMES)
def info(request):
    return load_game(request.param)


@SETTINGS
@given(seed=seeds, seat_levels=levels)
def test_cards_legality_and_views_at_every_step(info, seed, seat_levels):
    rng = random.Random(seed)

    def each(state):
        check_cards(info, state)
        check_legality(state, rng)
        if rng.random() < 0.25 or state.at_break:
            check_views(state, rng)

    play = Playout(info, seed, seat_levels, each)
    assert play.errors == [], "computer players chose illegal actions or failed"
    assert play.state.is_over and play.state.result() is not None


@SETTINGS
@given(seed=seeds, seat_levels=levels, picks=st.lists(st.floats(0, 1), min_size=2, max_size=2))
def test_saves_cut_anywhere_replay_identically(info, seed, seat_levels, picks):
    check_replay_cuts(info, seed, seat_levels, picks)


@SETTINGS
@given(seed=seeds, seat_levels=levels)
def test_checked_and_unchecked_play_and_copies_agree(info, seed, seat_levels):
    check_unchecked_and_copies(info, seed, seat_levels, random.Random(seed))
