"""Guandan levels after a deal and the lead after passes (rules 9.5, 10, 13; E28-E35)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.seats import next_seat, partner, team
from cardavia_cli.games.guandan.cards import parse_level
from cardavia_cli.games.guandan.levels import lead_after_passes, next_levels


def nl(levels: list[str], level_team: int | None, places: list[int]) -> dict:
    return next_levels([parse_level(v) for v in levels], level_team, places).to_json()


def test_e28_first_deal():
    assert nl(["2", "2"], None, [1, 3, 0, 2]) == {
        "levels": ["2", "5"],
        "winner_team": 1,
        "advance": 3,
        "match_won": False,
        "next_level_team": 1,
    }


def test_e29_partner_third_reaches_ace_without_winning():
    assert nl(["Q", "9"], 0, [2, 1, 0, 3]) == {
        "levels": ["A", "9"],
        "winner_team": 0,
        "advance": 2,
        "match_won": False,
        "next_level_team": 0,
    }


def test_e30_partner_last_at_ace():
    got = nl(["A", "9"], 0, [0, 1, 3, 2])
    assert got["levels"] == ["A", "9"]
    assert (got["advance"], got["match_won"], got["next_level_team"]) == (1, False, 0)


def test_e31_one_two_finish_at_the_other_teams_level():
    got = nl(["A", "9"], 1, [0, 2, 1, 3])
    assert got["levels"] == ["A", "9"]
    assert (got["advance"], got["match_won"], got["next_level_team"]) == (3, False, 0)


def test_e32_match_won():
    got = nl(["A", "9"], 0, [2, 1, 0, 3])
    assert (got["winner_team"], got["match_won"]) == (0, True)


def test_the_other_team_wins_at_ace():
    got = nl(["A", "9"], 0, [1, 3, 0, 2])
    assert got["levels"] == ["A", "Q"]
    assert (got["winner_team"], got["match_won"], got["next_level_team"]) == (1, False, 1)


def test_bad_places():
    with pytest.raises(ValueError):
        next_levels([2, 2], None, [0, 1, 2, 2])


@given(
    st.lists(st.integers(2, 14), min_size=2, max_size=2),
    st.sampled_from([None, 0, 1]),
    st.permutations([0, 1, 2, 3]),
)
def test_only_the_winner_moves_and_never_past_ace(levels, level_team, places):
    got = next_levels(levels, level_team, places)
    winner, other = team(places[0]), team(next_seat(places[0]))
    assert got.winner_team == got.next_level_team == winner
    assert got.levels[other] == levels[other]
    assert got.levels[winner] == min(14, levels[winner] + got.advance)
    assert got.advance == {2: 3, 3: 2, 4: 1}[places.index(partner(places[0])) + 1]
    if got.match_won:
        assert levels[winner] == 14 and got.advance in (2, 3)


def test_e33_partner_leads_after_going_out():
    assert lead_after_passes(1, [1]) == 3


def test_e34_next_active_seat_when_partner_finished():
    assert lead_after_passes(0, [2, 0]) == 1


def test_e35_the_player_leads_again():
    assert lead_after_passes(3, [0]) == 3


def test_lead_after_passes_skips_finished_seats():
    assert lead_after_passes(1, [1, 3, 2]) == 0
    with pytest.raises(ValueError):
        lead_after_passes(0, [0, 1, 2, 3])
