"""The Guandan state machine (rules sections 5, 7, 8, 9, 10, 11): the deal and the first
leader, the turn flow and its worked example, going out and the lead after passes (E33-E35),
the end of a deal, levels and the Ace rule through whole deals (E28-E32), tribute and return
in a deal (section 7), actions and their errors (8.2, 8.3), the match keys of deal files."""

from __future__ import annotations

import random

import pytest
from guandan_support import deck_for, fill_hands, finish, match_state, set_position

from cardavia_cli.engine.errors import (
    AmbiguousActionError,
    DealFileError,
    IllegalActionError,
    InvalidActionError,
)
from cardavia_cli.games.deals import parse_deal
from cardavia_cli.games.guandan.cards import DECK, deal, parse_codes
from cardavia_cli.games.guandan.combos import return_options
from cardavia_cli.games.guandan.hands import expand
from cardavia_cli.games.guandan.rules import PACK, Action, new_state

CANONICAL = [str(c) for c in DECK]


def texts(state, kinds: set[str]) -> list[str]:
    return [e.text for e in state.events if e.kind in kinds]


def hand_texts(state, seat: int) -> list[str]:
    return sorted(state.zones()[f"hand {seat}"])


# -- the deal and the first leader (5.2, 5.3) ---------------------------------------------------


def test_e36_the_canonical_deck_deals_card_i_to_seat_i_mod_4_and_seat_0_leads():
    state = new_state(deck=CANONICAL)
    for seat, hand in enumerate(deal(DECK)):
        assert hand_texts(state, seat) == sorted(str(c) for c in hand)
    assert "BJ" in hand_texts(state, 0) and "RJ" in hand_texts(state, 1)
    assert state.to_act == 0 and state.phase == "lead" and state.level == 2
    assert texts(state, {"start", "lead"}) == ["start 1 2 none", "lead 0"]
    deals = [e for e in state.events if e.kind == "deal"]
    assert [sorted(e.seats or ()) for e in deals] == [[0], [1], [2], [3]]


@pytest.mark.parametrize("seed", range(6))
def test_the_first_leader_is_drawn_right_after_the_shuffle(seed):
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    leader = rng.randrange(4)
    state = new_state(seed=seed)
    assert state.to_act == leader
    for seat, hand in enumerate(deal(deck)):
        assert hand_texts(state, seat) == sorted(str(c) for c in hand)


def test_first_leader_key():
    assert new_state(deck=CANONICAL, match={"first_leader": 2}).to_act == 2
    assert new_state(seed=5, match={"first_leader": 3}).to_act == 3


def test_guandan_has_no_dealer():
    with pytest.raises(ValueError, match="no dealer"):
        new_state(dealer=1)


# -- the turn flow (section 9) and its worked example -------------------------------------------


def test_whole_trick_example_the_trick_ends_after_every_other_active_player_passes():
    hands = fill_hands({0: "5S 5D", 1: "KS KH", 2: "9S 9D"}, 2)
    state = new_state(deck=deck_for(hands))
    for line in ["play 5S 5D", "pass", "play 9S 9D", "pass", "pass", "play KS KH"]:
        state.play_text(line)
    assert state.phase == "follow" and state.table is not None and state.table.seat == 1
    for seat in (2, 3, 0):
        assert state.to_act == seat
        state.play_text("pass")
    assert state.to_act == 1 and state.phase == "lead" and state.table is None
    assert texts(state, {"play", "pass", "lead"})[-4:] == ["pass 2", "pass 3", "pass 0", "lead 1"]


def test_whole_trick_example_e33_the_last_cards_pass_the_lead_to_the_partner():
    state = new_state(deck=CANONICAL)
    set_position(state, ["5S 5D 3C", "KS KH", "9S 9D 4C", "6C 7D"], 0)
    for line in ["play 5S 5D", "pass", "play 9S 9D", "pass", "pass", "play KS KH"]:
        state.play_text(line)
    assert state.places == [1] and texts(state, {"out"}) == ["out 1 1"]
    for seat in (2, 3, 0):
        assert state.to_act == seat
        state.play_text("pass")
    assert state.to_act == 3 and state.phase == "lead"


def test_e34_cannot_arise_in_a_deal_a_partner_out_before_means_the_deal_has_ended():
    # E34 is a rule of lead_after_passes (tested there); in a deal, seat 0 going out after its
    # partner is a 1-2 finish (or the third player out): the deal ends at once (9.6)
    state = set_position(new_state(deck=CANONICAL), ["AS", "3S 4S", "", "5S 6S"], 0, [2])
    state.play_text("play AS")
    assert state.at_break and state.places == [2, 0, 1, 3]


def test_e35_a_player_whose_play_stood_leads_again():
    state = set_position(new_state(deck=CANONICAL), ["", "3S", "4S", "KS 3D"], 3, [0])
    state.play_text("play KS")
    state.play_text("pass")
    state.play_text("pass")
    assert state.to_act == 3 and state.phase == "lead"


def test_a_player_who_passed_may_play_later_in_the_same_trick():
    state = set_position(new_state(deck=CANONICAL), ["3S 4C", "5S QC", "8S 9C", "TS JC"], 0)
    for line in ["play 3S", "pass", "play 8S", "pass", "pass", "play QC"]:
        state.play_text(line)
    assert state.table is not None and state.table.seat == 1


def test_passing_is_forced_only_when_nothing_beats_and_a_leader_may_not_pass():
    state = set_position(new_state(deck=CANONICAL), ["AS 3D", "3S 4S", "KD", "5S 6S"], 0)
    with pytest.raises(IllegalActionError, match=r"a leader may not pass \(rules 8.2\)"):
        state.play_text("pass")
    assert state.forced_action() is None and len(state.legal_actions()) == 2
    state.play_text("play AS")  # nobody holds anything above an A
    for seat in (1, 2, 3):
        assert state.to_act == seat and state.forced_action() == Action("pass")
        assert state.legal_actions() == [Action("pass")]
        state.play_text("pass")
    assert state.to_act == 0 and state.forced_action() == Action.parse("play 3D")


# -- the end of a deal (9.6), levels and the Ace rule (10, 11; E28-E32) -------------------------


def test_a_1_2_finish_ends_the_deal_at_once_fewer_cards_third():
    state = set_position(new_state(deck=CANONICAL), ["AS", "3S 4S 5D", "KS", "3D 4D"], 0)
    state.play_text("play AS")
    for _ in range(3):
        state.play_text("pass")
    state.play_text("play KS")
    assert state.at_break and state.to_act is None and state.places == [0, 2, 3, 1]
    assert texts(state, {"out", "places", "advance", "levels"}) == [
        "out 0 1",
        "out 2 2",
        "places 0 2 3 1",
        "advance 0 3",
        "levels 5 2",
    ]
    assert state.partial_result() == {
        "places": [0, 2, 3, 1],
        "levels": {"before": ["2", "2"], "after": ["5", "2"], "level_team": None},
        "deals": 1,
        "match_winner": None,
    }
    assert sorted(c for z in state.zones().values() for c in z) == sorted(PACK)


def test_a_1_2_finish_with_equal_counts_third_is_the_first_reached_after_the_2nd():
    state = set_position(new_state(deck=CANONICAL), ["KS", "3S 4S", "AS", "3D 4D"], 2)
    state.play_text("play AS")
    for _ in range(3):
        state.play_text("pass")
    state.play_text("play KS")
    assert state.places == [2, 0, 1, 3]


def test_the_third_player_out_ends_the_deal_the_other_is_last():
    state = new_state(deck=CANONICAL)
    finish(state, [1, 2, 0, 3])
    assert state.places == [1, 2, 0, 3] and state.at_break
    assert state.partial_result()["levels"]["after"] == ["2", "3"]  # partner last: +1


def test_e28_first_deal_team_1_with_partner_2nd_goes_to_5_and_declares():
    state = new_state(deck=CANONICAL)
    finish(state, [1, 3, 0, 2])
    assert state.levels == [2, 5] and state.at_break
    state.next_round()
    assert state.level == 5 and state.deal_level_team == 1
    assert state.partial_result()["levels"] == {
        "before": ["2", "5"],
        "after": ["2", "5"],
        "level_team": 1,
    }
    assert texts(state, {"start"})[-1] == "start 2 5 1"
    assert state.phase == "return"  # the tribute came first: 2 paid 1 (single tribute)
    assert texts(state, {"tribute"})[0].startswith("tribute 2 1 ")


MATCH_AT_A = {"levels": ["A", "9"], "level_team": 0, "previous_places": [0, 2, 1, 3]}


@pytest.mark.parametrize(
    ("match", "places", "after", "won", "next_level"),
    [
        # E29: partner 3rd: Q + 2 = A, not won (the team was not at A)
        (
            {"levels": ["Q", "9"], "level_team": 0, "previous_places": [0, 1, 2, 3]},
            [2, 1, 0, 3],
            ["A", "9"],
            None,
            14,
        ),
        # E30: at A, played at A, partner last: capped, not won; next deal at A again
        (MATCH_AT_A, [0, 1, 3, 2], ["A", "9"], None, 14),
        # E31: team 0 at A wins 1-2 in a deal played at team 1's 9: not won, declares next
        (
            {"levels": ["A", "9"], "level_team": 1, "previous_places": [1, 0, 2, 3]},
            [0, 2, 3, 1],
            ["A", "9"],
            None,
            14,
        ),
        # E32: at A, played at A, partner 3rd: the match is won
        (MATCH_AT_A, [2, 1, 0, 3], ["A", "9"], 0, None),
    ],
)
def test_e29_to_e32_levels_and_the_ace_rule_in_a_match(match, places, after, won, next_level):
    state = new_state(seed=3, match=match)
    before = list(match["levels"])
    finish(state, places)
    result = state.partial_result()
    assert result["levels"] == {"before": before, "after": after, "level_team": match["level_team"]}
    assert result["places"] == places and result["deals"] == 1 and result["match_winner"] == won
    if won is None:
        assert state.at_break and state.result() is None
        state.next_round()
        assert state.level == next_level
    else:
        outcome = state.result()
        assert state.is_over and outcome is not None
        assert outcome.winner == 0 and outcome.winner_is_team and outcome.winning_seats() == [0, 2]
        assert outcome.data == result and texts(state, {"match"}) == ["match 0"]


# -- tribute and return in a deal (section 7) ---------------------------------------------------


def single_tribute(fixed: dict[int, str], low=(3,)):
    # team 0 won 1-3 at level 2 (+2): the deal is at 4, seat 3 pays seat 0
    return match_state(fixed, low, levels=["4", "2"], level_team=0, previous_places=[0, 1, 2, 3])


def test_single_tribute_strongest_non_wild_first_suit_then_return_then_payer_leads():
    state = single_tribute({3: "AH AD 4H"})  # 4H is wild at level 4 and stays
    assert texts(state, {"tribute"}) == ["tribute 3 0 AH"]
    assert state.phase == "return" and state.to_act == 0 and state.sizes == [28, 27, 27, 26]
    options = return_options(expand(state.hands[0]), 4)
    assert state.view(0).return_options == options and state.view(3).return_options == ()
    assert [str(a) for a in state.legal_actions()] == [f"return {c}" for c in _t(options)]
    with pytest.raises(IllegalActionError, match=r"return a card to seat 3 first"):
        state.play_text("pass")
    with pytest.raises(IllegalActionError, match=r"not a legal return card \(rules 7.5"):
        state.play_text("return AH")
    state.play_text(f"return {_t(options)[0]}")
    assert texts(state, {"return"}) == [f"return 0 3 {_t(options)[0]}"]
    assert state.sizes == [27, 27, 27, 27] and state.to_act == 3 and state.phase == "lead"


def _t(codes) -> list[str]:
    from cardavia_cli.games.guandan.cards import code_str

    return [code_str(c) for c in codes]


def test_tribute_when_the_payers_strongest_cards_are_wild_cards_and_jokers():
    state = single_tribute({3: "4H 4H BJ BJ RJ"})
    assert texts(state, {"tribute"}) == ["tribute 3 0 RJ"]


def test_tribute_when_the_payer_holds_only_wild_cards_and_jokers_rule_function():
    from cardavia_cli.games.guandan.combos import tribute

    got = tribute([parse_codes(["3S"]), [], [], parse_codes(["4H", "4H", "BJ"])], [0, 1, 2, 3], 4)
    assert [(t.giver, t.receiver, t.card) for t in got.tributes] == [(3, 0, 52)]
    assert got.leader == 3


def test_single_tribute_cancelled_by_both_red_jokers_the_winner_leads():
    state = single_tribute({3: "RJ RJ"})
    assert texts(state, {"tribute", "tribute_cancelled", "lead"}) == [
        "tribute_cancelled 3",
        "lead 0",
    ]
    assert state.cancelled and state.phase == "lead" and state.to_act == 0
    assert state.sizes == [27, 27, 27, 27]


def double_tribute(fixed: dict[int, str]):
    # team 0 won 1-2 at level 2 (+3): the deal is at 5, seats 1 and 3 pay
    return match_state(fixed, (1, 3), levels=["5", "2"], level_team=0, previous_places=[0, 2, 1, 3])


def test_double_tribute_higher_card_to_the_first_place_returns_in_order():
    state = double_tribute({1: "BJ", 3: "AS"})
    assert texts(state, {"tribute"}) == ["tribute 1 0 BJ", "tribute 3 2 AS"]
    assert state.to_act == 0
    state.apply(state.legal_actions()[0])
    assert state.to_act == 2
    state.apply(state.legal_actions()[0])
    assert state.to_act == 1 and state.phase == "lead"
    assert [e.kind for e in state.events[-3:]] == ["return", "return", "lead"]


def test_double_tribute_equal_cards_the_first_payer_after_the_winner_pays_him():
    state = double_tribute({1: "AD", 3: "AS"})
    assert texts(state, {"tribute"}) == ["tribute 1 0 AD", "tribute 3 2 AS"]
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.to_act == 1


def test_double_tribute_cancelled_by_one_red_joker_in_each_payers_hand():
    state = double_tribute({1: "RJ", 3: "RJ"})
    assert texts(state, {"tribute_cancelled", "lead"}) == ["tribute_cancelled 1 3", "lead 0"]


# -- plays: bombs, identical cards, interpretations (6.5, 8.2, 8.3) -----------------------------


def test_a_bomb_led_then_answered_by_a_smaller_and_a_bigger_bomb():
    hands = ["6S 6D 6C 6H 3S", "5S 5D 5C 5H 7S 7D 7C 7H", "4S", "8S 8D 8C 8H 8S"]
    state = set_position(new_state(deck=CANONICAL), hands, 0)
    state.play_text("play 6S 6D 6C 6H")
    assert state.table is not None and str(state.table.interpretation) == "bomb 6 4"
    with pytest.raises(IllegalActionError, match=r"does not beat seat 0's bomb of 6s \(rules 6.5"):
        state.play_text("play 5S 5D 5C 5H")
    assert state.to_act == 1 and state.sizes[1] == 8
    state.play_text("play 7S 7D 7C 7H")
    state.play_text("pass")  # seat 2
    state.play_text("play 8S 8S 8D 8C 8H")  # a 5-card bomb beats every 4-card bomb
    assert state.table.seat == 3 and state.table.interpretation.size == 5
    with pytest.raises(IllegalActionError, match="rules 6.5"):
        state.play_text("play 3S")


def test_playing_one_of_two_identical_cards_removes_only_that_one():
    state = set_position(new_state(deck=CANONICAL), ["9S 9S 3D", "4S", "5S", "6S"], 0)
    state.play_text("play 9S")
    assert hand_texts(state, 0) == ["3D", "9S"] and state.sizes[0] == 2
    assert state.played[parse_codes(["9S"])[0]] == 1
    with pytest.raises(IllegalActionError, match=r"9S x2 is not in the hand \(held 1"):
        set_position(state, ["9S 3D", "4S", "5S", "6S"], 0).play_text("play 9S 9S")
    with pytest.raises(InvalidActionError, match="more than twice"):
        state.play_text("play 9S 9S 9S")


def test_an_ambiguous_play_lists_full_action_texts_and_as_picks_one():
    state = set_position(new_state(deck=CANONICAL), ["2H 3S 4S 5S 6S 9C", "4C", "5C", "6C"], 0)
    cards = "2H 3S 4S 5S 6S"
    with pytest.raises(AmbiguousActionError) as info:
        state.parse_action(f"play {cards}")
    # one candidate per type, its highest reading (8.3: lower ranks are never asked for)
    assert info.value.candidates == [
        f"play {cards} as straight 7",
        f"play {cards} as straight_flush 7",
    ]
    action = state.parse_action("play 6s 5S 4s 3s 2h As Straight_Flush 7")
    assert str(action) == f"play {cards} as straight_flush 7" and state.is_legal(action)
    assert action in state.legal_actions()
    state.apply(action)
    assert texts(state, {"play"}) == [f"play 0 {cards} as straight_flush 7"]
    assert state.history[-1].text == f"play {cards} as straight_flush 7"


def test_same_type_candidates_take_the_highest_rank_and_are_recorded_with_as():
    state = set_position(new_state(deck=CANONICAL), ["2H 3S 4D 5S 6S 9C", "4C", "5C", "6C"], 0)
    action = state.parse_action("play 2H 3S 4D 5S 6S")
    assert str(action) == "play 2H 3S 4D 5S 6S as straight 7"
    low = state.parse_action("play 2H 3S 4D 5S 6S as straight 6")
    assert low != action and low in state.legal_actions()


def test_following_an_ambiguous_play_only_candidates_that_beat_count():
    hands = ["2H 4S 5S 6S 7S 9C", "4C", "5C", "3D 4D 5C 6C 7C"]
    state = set_position(new_state(deck=CANONICAL), hands, 3)
    state.play_text("play 3D 4D 5C 6C 7C")
    cards = "2H 4S 5S 6S 7S"
    with pytest.raises(AmbiguousActionError) as info:
        state.parse_action(f"play {cards}")
    assert info.value.candidates == [
        f"play {cards} as straight 8",
        f"play {cards} as straight_flush 8",
    ]
    with pytest.raises(IllegalActionError, match=r"'as straight 7' is not a candidate"):
        state.parse_action(f"play {cards} as straight 7")


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("play 9S AS", "play 9S AS"),  # "as" alone is the ace of spades
        ("play 9S as AS", "play 9S AS AS"),
        ("play 9S 9D AS", "play 9S 9D AS"),
        ("play as", "play AS"),  # the only card
        ("play 9s 9d as pair 9", "play 9S 9D as pair 9"),
    ],
)
def test_as_is_a_clause_only_before_a_type_and_otherwise_the_ace_of_spades(text, parsed):
    assert str(Action.parse(text)) == parsed


@pytest.mark.parametrize("text", ["play AH as", "play 3C as as", "play 9S 9D As"])
def test_regression_a_lowercase_as_at_the_end_is_refused_not_played_as_the_ace_of_spades(text):
    """``play AH as`` (the type forgotten) led a pair of aces with the AS of the hand."""
    with pytest.raises(InvalidActionError, match=r"the last word 'as' needs TYPE KEY after it"):
        Action.parse(text)


@pytest.mark.parametrize("text", ["play 9S 9D as bogus 9", "play 9S as xx", "play 9S AS as Q"])
def test_as_before_an_unknown_type_is_called_an_unknown_type_not_a_card(text):
    with pytest.raises(InvalidActionError, match=r"^not an interpretation: '[^']+' \(write TYPE"):
        Action.parse(text)


def test_a_single_reading_takes_no_as_clause_in_its_canonical_form():
    state = set_position(new_state(deck=CANONICAL), ["AS AD 9C", "4C", "5C", "6C"], 0)
    assert str(state.parse_action("play AS AD as pair A")) == "play AS AD"
    assert not state.is_legal(Action("play", tuple(sorted(parse_codes(["AS", "AD"]))), "pair A"))
    with pytest.raises(IllegalActionError, match=r"'as pair K' is not a candidate"):
        state.parse_action("play AS AD as pair K")
    with pytest.raises(IllegalActionError, match=r"is no combination \(rules 6.3\)"):
        state.parse_action("play AS 9C")
    with pytest.raises(IllegalActionError, match=r"no card is owed back now"):
        state.parse_action("return 9C")
    with pytest.raises(InvalidActionError):
        state.parse_action("discard 9C")


def test_the_log_announces_plays_passes_places_levels_and_hides_the_deals():
    state = new_state(seed=11)
    finish(state, [0, 2, 3, 1])
    public = [e.line_for(1) for e in state.visible_events(1)]
    assert not any(line.startswith("deal 0") for line in public)
    assert [line for line in public if line.split()[0] in {"places", "advance", "levels"}] == [
        "places 0 2 3 1",
        "advance 0 3",
        "levels 5 2",
    ]


def test_view_shows_the_table_counts_and_levels_but_not_other_hands():
    state = set_position(new_state(deck=CANONICAL), ["9S 9D 3C", "4C", "5C 6C", "7C"], 0)
    state.play_text("play 9S 9D")
    view = state.view(1)
    assert view.hand == tuple(parse_codes(["4C"])) and view.hand_sizes == (1, 1, 2, 1)
    assert view.table is not None and view.table.seat == 0 and view.following
    assert view.levels == (2, 2) and view.level_team is None and view.plays() == []
    assert state.view(2).plays() == []


# -- match keys of deal files (cli.md) ----------------------------------------------------------


def deal_text(extra: str) -> str:
    return f'format = 1\ngame = "guandan"\nseed = 4\n{extra}\n'


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        ('levels = ["3", "2"]', "'levels' must be [\"2\", \"2\"] without 'level_team'"),
        ("level_team = 0", "'level_team' needs 'previous_places'"),
        ("previous_places = [0, 1, 2, 3]", "'previous_places' needs 'level_team'"),
        ("level_team = 1\nprevious_places = [0, 1, 2, 3]", "starts with seat 0 of team 0"),
        ("level_team = 0\nprevious_places = [0, 1, 2, 2]", "the four seats 0..3 once each"),
        ('levels = ["2", "Z"]\nlevel_team = 0\nprevious_places = [0, 1, 2, 3]', "unknown level"),
        ("level_team = 2\nprevious_places = [0, 1, 2, 3]", "'level_team' must be the team 0 or 1"),
        ("level_team = 0\nprevious_places = [0, 1, 2, 3]\nfirst_leader = 1", "first deal only"),
        ("first_leader = 4", "'first_leader' must be a seat 0..3"),
        ("dealer = 1", "unknown key 'dealer'"),
    ],
)
def test_bad_match_keys_name_the_file_and_key(extra, needle):
    with pytest.raises(DealFileError) as info:
        parse_deal(deal_text(extra), "match.toml")
    assert str(info.value).startswith("match.toml") and needle in str(info.value)


def test_match_keys_are_read_in_canonical_form():
    deal = parse_deal(
        deal_text('levels = ["10", "q"]\nlevel_team = 1\nprevious_places = [3, 0, 1, 2]'), "m"
    )
    assert deal.match == {"levels": ["T", "Q"], "level_team": 1, "previous_places": [3, 0, 1, 2]}
    state = new_state(seed=4, match=deal.match)
    assert state.level == 12 and state.partial_result()["levels"]["level_team"] == 1


def test_a_fresh_match_result_shape():
    assert new_state(seed=1).partial_result() == {
        "places": [],
        "levels": {"before": ["2", "2"], "after": ["2", "2"], "level_team": None},
        "deals": 0,
        "match_winner": None,
    }


# -- the books kept by the base state: checked once, read once ---------------------------------


def test_parse_action_returns_a_checked_action_and_a_play_is_read_once(monkeypatch):
    """``parse_action`` refuses what ``apply`` refuses and returns the canonical action, which
    ``push`` plays unchecked; the play's cards are classified (6.4) once, in ``parse_action``."""
    from cardavia_cli.games.guandan import combos, rules

    calls = []

    def counted(cards, level):
        calls.append(tuple(cards))
        return combos.classify(cards, level)

    rng = random.Random(5)
    state = new_state(seed=5)
    for _ in range(60):
        if state.is_over or state.at_break:
            break
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        bare = str(Action(action.verb, action.cards))  # without its 'as' clause
        try:
            parsed = state.parse_action(bare)
        except AmbiguousActionError as exc:
            assert action.key is not None and str(action) in exc.candidates
        else:
            assert state.is_legal(parsed) and parsed in legal
        parsed = state.parse_action(str(action))
        assert parsed == action
        monkeypatch.setattr(rules, "classify", counted)
        calls.clear()
        state.push(parsed)
        assert calls == []  # read in parse_action, not again
        monkeypatch.setattr(rules, "classify", combos.classify)
    assert len(state.history) == 60
