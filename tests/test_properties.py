"""Random-playout invariants particular to Si Se Pai (design.md, "Tests in layers"): hands never
grow and hold 20 or 21 cards, the save lines the replay needs, the explicit deck, and what the
view shows of a seat's own hand and sealed answer. What every game must satisfy (card
conservation, legality, replay at any cut, views unchanged when the hidden cards are dealt
anew, checked against unchecked play) is the conformance suite (tests/conformance.py), which
plays Si Se Pai too: it is not repeated here. Deals come from a seed strategy; every seat is
played by the ``random`` or ``basic`` computer player through :mod:`cardavia_cli.engine.runner`."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sisepai_support import save_lines, snapshot

from cardavia_cli.engine.runner import make_agents, step
from cardavia_cli.games.deals import DealFile, parse_deal, replay
from cardavia_cli.games.sisepai import GAME
from cardavia_cli.games.sisepai.cards import CODES, expand

PLAYOUTS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
levels = st.lists(st.sampled_from(["random", "basic"]), min_size=4, max_size=4)


def playout(seed: int, seat_levels: list[str], each=None):
    """Play a whole deal with computer players, calling ``each(state)`` before every step."""
    state = GAME.new_state(seed=seed)
    agents = make_agents(GAME, seat_levels)
    for _ in range(5000):
        if each is not None:
            each(state)
        if state.is_over:
            return state
        step(state, agents)
    raise AssertionError("the deal did not end")


@PLAYOUTS
@given(seeds, levels)
def test_hands_never_grow_and_hold_20_or_21_cards(seed, seat_levels):
    previous = {}

    def check(state):
        for seat in range(4):
            if seat in previous:
                assert all(a <= b for a, b in zip(state.hands[seat], previous[seat], strict=True))
            previous[seat] = list(state.hands[seat])
            # 20 cards between public cards; a claimant holds 21 until it discards, a winner 21
            holding = (
                21 if seat in (state.claimant, getattr(state.result(), "winner", None)) else 20
            )
            assert (
                sum(state.hands[seat]) + sum(len(m.cards) for m in state.exposed[seat]) == holding
            )
        assert len(state.events) == len(set(map(id, state.events)))

    state = playout(seed, seat_levels, check)
    outcome = state.result()
    assert outcome is not None and outcome.termination in ("win", "exhausted")
    if outcome.termination == "win":
        assert outcome.data["score"] == sum(m["points"] for m in outcome.data["melds"])
        assert sum(len(m["cards"]) for m in outcome.data["melds"]) == 21
    else:
        assert state.stock_count == 0 and outcome.winner is None


def _to_file_and_back(deal: DealFile) -> DealFile:
    return parse_deal(deal.to_toml(), "replay.toml")


@PLAYOUTS
@given(seeds, levels, st.data())
def test_replay_reproduces_the_state_at_every_cut(seed, seat_levels, data):
    before: list[tuple] = []  # before[i]: the state before history[i] was applied

    def remember(state):
        before.append(snapshot(state))

    state = playout(seed, seat_levels, remember)
    history = state.history
    lines = save_lines(history)
    actions = [text for _, text in lines]
    real = [str(r) for r in history if not r.forced]
    assert [t for (i, t) in lines if not history[i].forced] == real
    assert state.recorded_actions() in (
        real,
        actions,
    )  # (actions: once forced answers are listed where needed)
    seats = ["human" if seat_levels[0] == "basic" else seat_levels[0], *seat_levels[1:]]
    full = _to_file_and_back(DealFile(game="sisepai", seed=seed, seats=seats, actions=actions))
    assert full.actions == actions and full.seats == seats
    again = replay(full)
    assert snapshot(again) == snapshot(state)
    assert again.result() == state.result()
    # a save of these lines cut after k of them replays to the position before the next real
    # decision (cuts of the recorded actions, at 0 and the end too: the conformance suite)
    cut = data.draw(st.integers(0, len(lines)))
    after = lines[cut - 1][0] + 1 if cut else 0
    stop = next((i for i in range(after, len(history)) if not history[i].forced), len(history))
    part = replay(_to_file_and_back(DealFile(game="sisepai", seed=seed, actions=actions[:cut])))
    assert snapshot(part) == before[stop]
    # the same deal written with its explicit deck and dealer replays the same way
    explicit = DealFile(
        game="sisepai",
        seed=seed,
        deck=[CODES[c] for c in state.deck],
        dealer=state.dealer,
        actions=actions,
    )
    assert snapshot(replay(_to_file_and_back(explicit))) == snapshot(state)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_recorded_actions_alone_replay_the_deal(seed):
    state = playout(seed, ["random"] * 4)
    again = replay(
        _to_file_and_back(DealFile(game="sisepai", seed=seed, actions=state.recorded_actions()))
    )
    assert snapshot(again) == snapshot(state)


@PLAYOUTS
@given(seeds, levels)
def test_views_leak_nothing(seed, seat_levels):
    told = 0  # the events before this index have been checked (the log only grows)

    def check(state):
        nonlocal told
        for event in state.events[told:]:
            if event.seats is not None and event.text.startswith(("deal ", "respond ")):
                # a deal or a sealed answer is seen by the seat it names alone
                assert all(str(seat) == event.text.split()[1] for seat in event.seats)
        told = len(state.events)
        for seat in range(4):
            view = state.view(seat)
            assert view.seat == seat
            assert view.hand == tuple(expand(state.hands[seat]))
            seen = state.visible_events(seat)
            assert list(seen) == [e for e in state.events if e.seats is None or seat in e.seats]
            if state.to_act != seat:
                assert view.legal == () and view.claims == ()
            else:
                assert list(view.legal) == state.legal_actions()
            if view.own_response is not None:
                assert state.responses[seat][0] == view.own_response

    playout(seed, seat_levels, check)
