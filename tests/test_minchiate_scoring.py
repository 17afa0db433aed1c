"""Minchiate scoring: end-of-deal points, the running settlement into resti, the final rounding
and the result (rules section 10; worked examples 11, 12, 15 and 16; the edge cases of section
14 on scoring), plus properties: the settlement's invariants, and whole random deals played
through the rule functions, where every card and every point is accounted for."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.seats import next_seat, team, turn_order_from
from cardavia_cli.games.minchiate import contracts
from cardavia_cli.games.minchiate.cards import PACK, Card, parse_cards, total_points
from cardavia_cli.games.minchiate.combos import combinations, declaration_points
from cardavia_cli.games.minchiate.deal import ScoringEvent, auto_discards, deal
from cardavia_cli.games.minchiate.scoring import (
    DealResult,
    EndPoints,
    Settlement,
    deal_result,
    end_points,
    final_resti,
    settle,
)
from cardavia_cli.games.minchiate.tricks import capture, legal_plays, piles, suit_to_follow


def events(*pairs: tuple[int, int]) -> list[dict[str, int]]:
    return [{"team": t, "points": p} for t, p in pairs]


# rules 13.11
@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        ([(0, 50), (0, 25), (1, 10)], {"resti": [1, 0], "diff": 5}),
        ([(0, 120), (1, 50)], {"resti": [2, 0], "diff": -50}),
        ([(0, 60), (1, 60)], {"resti": [1, 1], "diff": 0}),
        ([(1, 59)], {"resti": [0, 0], "diff": -59}),
        ([], {"resti": [0, 0], "diff": 0}),
        ([(1, 181)], {"resti": [0, 3], "diff": -1}),
        ([(0, 59), (0, 1)], {"resti": [1, 0], "diff": 0}),
    ],
)
def test_worked_example_11_running_settlement(pairs, expected):
    assert contracts.settle(events(*pairs)) == expected


# rules 13.12 and 14 (D_end exactly 60 or -60 gives 1 resto)
@pytest.mark.parametrize(
    ("diff", "expected"),
    [
        (60, [1, 0]),
        (61, [2, 0]),
        (-1, [0, 1]),
        (0, [0, 0]),
        (-181, [0, 4]),
        (-60, [0, 1]),
        (1, [1, 0]),
        (120, [2, 0]),
        (121, [3, 0]),
        (-180, [0, 3]),
    ],
)
def test_worked_example_12_final_rounding(diff, expected):
    assert contracts.final_resti(diff) == expected


# rules 13.15
def test_worked_example_15_end_points():
    pile = ["T28", "T29", "T30"] + [f"{n}{s}" for s in "CDSB" for n in range(2, 11)]
    pile += ["AC", "AD", "AS", "AB", "JC", "JD"]
    assert len(pile) == 45
    assert contracts.end_points(pile, True) == {
        "card_points": 10,
        "combinations": 15,
        "count_bonus": 3,
        "last_trick": 10,
        "total": 38,
    }
    assert contracts.end_points(pile, False)["total"] == 28


# rules 14
def test_end_points_edge_cases():
    assert contracts.end_points([], False) == {
        "card_points": 0,
        "combinations": 0,
        "count_bonus": 0,
        "last_trick": 0,
        "total": 0,
    }
    assert contracts.end_points(["M"], False)["total"] == 5  # only the Matto, before payment
    half = [str(c) for c in PACK if c.suit in ("C", "D", "S")][:42]
    assert contracts.end_points(half, False)["count_bonus"] == 0  # 42 cards: no bonus


# rules 13.16
def test_worked_example_16_whole_deal_settlement():
    start = [(1, 8), (0, 10), (0, 10), (1, 20), (0, 75)]
    assert contracts.settle(events(*start)) == {"resti": [1, 0], "diff": 7}
    diffs = []
    state = Settlement()
    for t, p in start:
        state = state.add(ScoringEvent(t, p))
        diffs.append(state.diff)
    assert diffs == [-8, 2, 12, -8, 7]
    captures = [(1, 35), (0, 18), (1, 60), (1, 5)]
    for t, p in captures:
        state = state.add(ScoringEvent(t, p))
        diffs.append(state.diff)
    assert diffs[5:] == [-28, -10, -10, -15]
    assert contracts.settle(events(*start, *captures)) == {"resti": [1, 1], "diff": -15}
    e0 = EndPoints(card_points=38, combinations=35, count_bonus=8, last_trick=10)
    e1 = EndPoints(card_points=104, combinations=52, count_bonus=0, last_trick=0)
    assert (e0.total, e1.total) == (91, 156)
    assert e0.card_points + e1.card_points == 142
    result = DealResult(state, (e0, e1))
    assert result.d_end == -80
    assert result.final_resti == (0, 2)
    assert result.resti == (1, 3)
    assert result.net == -2
    assert result.winner == 1
    assert result.to_json() == {
        "points": [91, 156],
        "diff": -15,
        "running_resti": [1, 1],
        "final_resti": [0, 2],
        "resti": [1, 3],
        "winner": 1,
    }


def test_a_tie_and_a_team_that_scores_nothing():
    # rules 14: a team that scores nothing still gets resti when the difference swings
    assert contracts.settle(events((0, 120), (1, 50))) == {"resti": [2, 0], "diff": -50}
    tie = DealResult(Settlement((1, 0), 0), (EndPoints(0, 0, 0, 0), EndPoints(30, 0, 0, 10)))
    assert (tie.d_end, tie.final_resti, tie.resti, tie.net, tie.winner) == (
        -40,
        (0, 1),
        (1, 1),
        0,
        None,
    )


def test_bad_events_are_refused():
    for bad in ({"team": 2, "points": 1}, {"team": 0, "points": -1}, {"team": 0}, {"x": 1}):
        with pytest.raises(CardaviaError, match="scoring event"):
            contracts.settle([bad])
    with pytest.raises(CardaviaError, match="scoring event"):
        contracts.settle([{"team": True, "points": 3}])
    with pytest.raises(CardaviaError, match="diff is an int"):
        contracts.final_resti("60")
    with pytest.raises(CardaviaError, match="last_trick"):
        contracts.end_points([], 1)


# ---------------------------------------------------------------- properties

event_lists = st.lists(st.builds(ScoringEvent, st.integers(0, 1), st.integers(0, 200)), max_size=30)


@given(event_lists)
def test_settlement_invariants(evs):
    state = settle(evs)
    signed = sum(e.points if e.team == 0 else -e.points for e in evs)
    assert -60 < state.diff < 60
    assert 60 * (state.resti[0] - state.resti[1]) + state.diff == signed
    # one event at a time from any intermediate state gives the same end
    assert settle(evs[len(evs) // 2 :], settle(evs[: len(evs) // 2])) == state


@given(event_lists)
def test_merging_consecutive_events_of_one_team_changes_nothing(evs):
    merged: list[ScoringEvent] = []
    for e in evs:
        if merged and merged[-1].team == e.team:
            merged[-1] = ScoringEvent(e.team, merged[-1].points + e.points)
        else:
            merged.append(e)
    assert settle(merged) == settle(evs)
    assert settle(e for e in evs if e.points > 0) == settle(evs)


@given(st.integers(-1000, 1000))
def test_final_resti_is_the_rounded_up_lead(diff):
    f0, f1 = final_resti(diff)
    assert min(f0, f1) == 0
    lead = f0 - f1
    assert (lead > 0) == (diff > 0) and (lead < 0) == (diff < 0)
    assert 60 * (abs(lead) - 1) < abs(diff) <= 60 * abs(lead) or diff == 0 == lead


def play_deal(deck: list[Card], dealer: int, rng: random.Random) -> dict[str, object]:
    """A whole deal through the rule functions: deal, discards, declarations, 21 tricks of
    random legal plays, piles, end points, result."""
    done = deal(deck, dealer)
    hands = [list(h) for h in done.hands]
    discards: list[Card] = []
    for seat in (done.cutter, dealer):
        chosen = auto_discards(hands[seat])
        hands[seat] = [c for c in hands[seat] if c not in chosen]
        discards += chosen
    running: list[ScoringEvent] = list(done.events)
    for seat in turn_order_from(done.first_leader):
        listed = combinations(hands[seat])
        if listed:
            chosen_numbers = range(len(listed))
            points = declaration_points(listed, chosen_numbers)
            running.append(ScoringEvent(team(seat), points))
    leader = done.first_leader
    followed: set[str] = set()
    played: list[tuple[int, list[Card]]] = []
    captured = 0
    for _ in range(21):
        trick: list[Card] = []
        for k in range(4):
            seat = next_seat(leader, k)
            suit = suit_to_follow(trick)
            options = legal_plays(hands[seat], trick, suit in followed)
            card = rng.choice(options)
            hands[seat].remove(card)
            trick.append(card)
        followed.add(str(suit_to_follow(trick)))
        won = capture(trick, leader)
        running.append(ScoringEvent(won.team, won.points))
        captured += won.points
        played.append((leader, trick))
        leader = won.winner
    assert hands == [[], [], [], []]
    gathered = piles(played)
    state = settle(running)
    assert gathered.last_trick_team is not None
    result = deal_result(state, gathered.piles[0], gathered.piles[1], gathered.last_trick_team)
    return {
        "deal": done,
        "discards": discards,
        "piles": gathered,
        "events": running,
        "captured": captured,
        "result": result,
    }


@settings(max_examples=40, deadline=None)
@given(st.permutations(PACK), st.integers(0, 3), st.randoms(use_true_random=False))
def test_whole_random_deals_account_for_every_card_and_point(deck, dealer, rng):
    out = play_deal(list(deck), dealer, rng)
    done, gathered, result = out["deal"], out["piles"], out["result"]
    discards = out["discards"]
    assert sum(gathered.counts) == 84
    everything = [c for p in gathered.piles for c in p] + list(discards) + list(done.fola)
    assert sorted(everything) == list(PACK)
    assert total_points(done.fola) == 0
    e0, e1 = result.points
    assert e0.card_points + e1.card_points + total_points(discards) == 142
    assert [e0.last_trick, e1.last_trick].count(10) == 1
    assert e0.count_bonus == max(0, gathered.counts[0] - 42)
    assert min(e0.count_bonus, e1.count_bonus) == 0
    assert e0 == end_points(gathered.piles[0], gathered.last_trick_team == 0)
    signed = sum(e.points if e.team == 0 else -e.points for e in out["events"])
    running = result.running
    assert 60 * (running.resti[0] - running.resti[1]) + running.diff == signed
    assert result.d_end == running.diff + e0.total - e1.total
    assert result.resti == (
        running.resti[0] + result.final_resti[0],
        running.resti[1] + result.final_resti[1],
    )
    assert result.winner == (None if result.net == 0 else 0 if result.net > 0 else 1)


def test_a_known_deal_played_through():
    # worked example 13's deck, with the first legal card played every time
    from test_minchiate_deal import EXAMPLE_DECK

    class First(random.Random):
        def choice(self, seq):
            return seq[0]

    out = play_deal(parse_cards(EXAMPLE_DECK), 2, First())
    assert [str(c) for c in out["discards"]] == ["T22", "T23", "T24", "AC", "2C", "3C"]
    first_events = out["events"][:5]
    assert [(e.team, e.points) for e in first_events] == [
        (1, 8),
        (0, 10),
        (0, 10),
        (1, 20),
        (0, 75),
    ]
