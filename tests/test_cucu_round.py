"""One round of Cuccu (rules sections 5-10, 12.2): worked examples 10-18 and 21, the published
play_round cases, the edge cases of section 11 and the tricky rounds section 13 lists, each
worked out by hand from the rules; errors; the events' audiences and private cards; views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardavia_cli.engine.errors import CardError, IllegalActionError
from cardavia_cli.games.cucu.cards import PACK, RANKS, ZERO, example_deck
from cardavia_cli.games.cucu.events import Deal, Draw, Lose, Show, Swap, Undo
from cardavia_cli.games.cucu.round import (
    Round,
    next_dealer,
    play_round,
)

DATA = Path(__file__).resolve().parent / "data" / "cucu_acceptance_cases.json"
ACCEPTANCE = json.loads(DATA.read_text("utf-8"))
FULL = [3, 3, 3, 3]


def deals(order, cards):
    return [f"deal {s} {c}" for s, c in zip(order, cards.split(), strict=True)]


def run(start, decisions, *, dealer=3, lives=FULL, top=None):
    return play_round(example_deck(start.split(), top=top), dealer, lives, decisions.split())


# ---------------------------------------------------------------- worked examples 10-18, 21


def test_example_10_chain_of_swaps_dealer_draws():
    got = run("2 5 8 1 lion", "swap swap keep swap")
    assert got == {
        "log": deals([0, 1, 2, 3], "2 5 8 1")
        + "ask 0 1,swap 0 1,ask 1 2,swap 1 2,keep 2,draw 3,show 0 5,show 1 8,show 2 2,"
        "show 3 lion,lose 3 2".split(","),
        "cards": ["5", "8", "2", "lion"],
        "lives": [3, 3, 3, 2],
        "next_dealer": 0,
    }


def test_example_11_cat_undoes_the_chain():
    got = run("1 4 6 cat", "swap swap swap keep")
    assert got["log"] == deals([0, 1, 2, 3], "1 4 6 cat") + (
        "ask 0 1,swap 0 1,ask 1 2,swap 1 2,ask 2 3,cat 3,lose 2 2,undo 1 2,undo 0 1,keep 3,"
        "show 0 1,show 1 4,show 2 6,show 3 cat,lose 0 2"
    ).split(",")
    assert got["cards"] == ["1", "4", "6", "cat"]
    assert got["lives"] == [2, 3, 2, 3]
    assert got["next_dealer"] == 0


def test_example_12_horse_at_the_dealer():
    deck = example_deck(["3", "9", "zero", "horse"], top="7")
    rnd = Round(deck, 3, FULL)
    for word in "keep keep swap keep".split():
        rnd.apply(word)
    assert rnd.log() == deals([0, 1, 2, 3], "3 9 zero horse") + (
        "keep 0,keep 1,ask 2 3,horse 3,top 2,keep 3,show 0 3,show 1 9,show 2 7,show 3 horse,"
        "lose 0 2"
    ).split(",")
    assert rnd.lives == [2, 3, 3, 3]
    # seat 2's zero went on top of the pack, in place of the 7
    assert rnd.rank[rnd.pack()[-1]] == rnd.rank[2] == ZERO and rnd.held(2) == ZERO + 7
    assert rnd.cards() == ["3", "9", "7", "horse"]


def test_example_13_horse_jump_into_a_hunter_elimination_dead_card():
    got = run("bucket horse hunter 4", "swap keep keep keep", lives=[1, 3, 3, 3])
    assert got["log"] == deals([0, 1, 2, 3], "bucket horse hunter 4") + (
        "ask 0 1,horse 1,ask 0 2,hunter 2,lose 0 0,out 0,keep 1,keep 2,keep 3,dead 0 bucket,"
        "show 1 horse,show 2 hunter,show 3 4,lose 3 2"
    ).split(",")
    assert got["lives"] == [0, 3, 3, 2]
    assert got["next_dealer"] == 1
    assert got["cards"] == ["bucket", "horse", "hunter", "4"]


def test_example_14_inn_payment():
    got = run("2 inn 6 9", "swap pay accept keep keep keep")
    assert got["log"] == deals([0, 1, 2, 3], "2 inn 6 9") + (
        "ask 0 1,inn 1,pay 0 1,accept 1,keep 1,keep 2,keep 3,show 0 2,show 1 inn,show 2 6,"
        "show 3 9,paid 1 0,lose 1 2"
    ).split(",")
    assert got["lives"] == [3, 2, 3, 3]


def test_example_15_payment_does_not_cover_the_zero():
    got = run("zero inn 6 9", "swap pay accept keep keep keep")
    assert got["log"][-5:] == ["show 0 zero", "show 1 inn", "show 2 6", "show 3 9", "lose 0 2"]
    assert got["lives"] == [2, 3, 3, 3]


def test_example_16_inn_refused():
    got = run("mask inn 5 8", "swap pay refuse swap keep keep")
    assert got["log"] == deals([0, 1, 2, 3], "mask inn 5 8") + (
        "ask 0 1,inn 1,pay 0 1,refuse 1,swap 0 1,ask 1 2,swap 1 2,keep 2,keep 3,show 0 inn,"
        "show 1 5,show 2 mask,show 3 8,lose 2 2"
    ).split(",")
    assert got["cards"] == ["inn", "5", "mask", "8"]
    assert got["lives"] == [3, 3, 2, 3]


def test_example_17_all_out_restart():
    got = run("4 4", "keep keep", dealer=1, lives=[0, 1, 1, 0])
    assert got == {
        "log": "deal 2 4,deal 1 4,keep 2,keep 1,show 2 4,show 1 4,lose 1 0,out 1,lose 2 0,"
        "out 2,restart".split(","),
        "cards": [None, "4", "4", None],
        "lives": [3, 3, 3, 3],
        "next_dealer": 2,
    }


def test_example_18_cuckoo_refuses_rotation_skips_a_seat():
    got = run("1 cuckoo 10", "swap keep keep", dealer=0, lives=[2, 1, 1, 0])
    assert got == {
        "log": "deal 1 1,deal 2 cuckoo,deal 0 10,ask 1 2,cuckoo 2,keep 2,keep 0,show 1 1,"
        "show 2 cuckoo,show 0 10,lose 1 0,out 1".split(","),
        "cards": ["10", "1", "cuckoo", None],
        "lives": [2, 0, 1, 0],
        "next_dealer": 2,
    }


def test_example_21_cat_returns_the_horse_only():
    got = run("5 horse 3 cat", "swap swap swap keep")
    assert got["log"] == (
        "deal 0 5,deal 1 horse,deal 2 3,deal 3 cat,ask 0 1,horse 1,ask 0 2,swap 0 2,ask 1 2,"
        "swap 1 2,ask 2 3,cat 3,lose 2 2,undo 1 2,keep 3,show 0 3,show 1 horse,show 2 5,"
        "show 3 cat,lose 0 2"
    ).split(",")
    assert got["cards"] == ["3", "horse", "5", "cat"]
    assert got["lives"] == [2, 3, 2, 3]


@pytest.mark.parametrize(
    "case", [c for c in ACCEPTANCE if c["fn"] == "play_round"], ids=lambda c: c["id"]
)
def test_published_acceptance_cases(case):
    assert play_round(**case["args"]) == case["expected"]


# ---------------------------------------------------------------- section 11 and section 13


def test_horse_jump_into_a_cat_asker_card_was_dealt_nothing_undone():
    got = run("4 horse cat 9", "swap keep keep keep")
    assert got["log"][4:] == (
        "ask 0 1,horse 1,ask 0 2,cat 2,lose 0 2,keep 1,keep 2,keep 3,show 0 4,show 1 horse,"
        "show 2 cat,show 3 9,lose 0 1"
    ).split(",")
    assert got["lives"] == [1, 3, 3, 3]


def test_cat_undoes_a_horse_jump_swap():
    got = run("2 horse 5 cat", "swap keep swap keep")
    assert got["log"][4:] == (
        "ask 0 1,horse 1,ask 0 2,swap 0 2,keep 1,ask 2 3,cat 3,lose 2 2,undo 0 2,keep 3,"
        "show 0 2,show 1 horse,show 2 5,show 3 cat,lose 0 2"
    ).split(",")
    assert got["cards"] == ["2", "horse", "5", "cat"]
    assert got["lives"] == [2, 3, 2, 3]


def test_horse_jump_into_a_cuckoo():
    got = run("3 horse cuckoo 8", "swap keep keep keep")
    assert got["log"][4:] == (
        "ask 0 1,horse 1,ask 0 2,cuckoo 2,keep 1,keep 2,keep 3,show 0 3,show 1 horse,"
        "show 2 cuckoo,show 3 8,lose 0 2"
    ).split(",")


def test_horse_jump_into_an_inn_two_pacts_inn_holder_pays_twice_fool_covered():
    # 0 jumps the Horse to the Inn and makes a pact; the Horse holder makes a second pact with
    # the same Inn holder; the Inn holder then swaps the Inn away on the dealer's Horse (the
    # pact does not bind it). At the showdown the single Fool ties with both Horses: the Inn
    # holder pays for 0 (a Fool is not the Zero) and for 1, and 3 pays for itself.
    got = run("fool horse inn horse", "swap pay accept swap pay accept swap keep", top="hunter")
    assert got["log"] == deals([0, 1, 2, 3], "fool horse inn horse") + (
        "ask 0 1,horse 1,ask 0 2,inn 2,pay 0 2,accept 2,ask 1 2,inn 2,pay 1 2,accept 2,ask 2 3,"
        "horse 3,top 2,keep 3,show 0 fool,show 1 horse,show 2 hunter,show 3 horse,paid 2 0,"
        "lose 2 2,paid 2 1,lose 2 1,lose 3 2"
    ).split(",")
    assert got["cards"] == ["fool", "horse", "hunter", "horse"]
    assert got["lives"] == [3, 3, 1, 2]


def test_pact_with_an_inn_holder_on_one_life_turns_out_free():
    got = run("cuckoo inn inn hunter", "keep swap pay accept keep keep", dealer=1,
              lives=[1, 3, 3, 3])  # fmt: skip
    assert got == {
        "log": deals([2, 3, 0, 1], "cuckoo inn inn hunter")
        + "keep 2,ask 3 0,inn 0,pay 3 0,accept 0,keep 0,keep 1,show 2 cuckoo,show 3 inn,"
        "show 0 inn,show 1 hunter,lose 0 0,out 0,paid 0 3".split(","),
        "cards": ["inn", "hunter", "cuckoo", "inn"],
        "lives": [0, 3, 3, 3],
        "next_dealer": 2,
    }


def test_pact_with_an_inn_holder_knocked_out_is_void():
    got = run("2 inn hunter 9", "swap pay accept swap keep keep", lives=[3, 1, 3, 3])
    assert got["log"][4:] == (
        "ask 0 1,inn 1,pay 0 1,accept 1,ask 1 2,hunter 2,lose 1 0,out 1,keep 2,keep 3,"
        "show 0 2,dead 1 inn,show 2 hunter,show 3 9,lose 0 2"
    ).split(",")
    assert got["lives"] == [2, 0, 3, 3]
    assert got["next_dealer"] == 0


def test_two_swaps_with_the_top_card():
    deck = example_deck("5 4 horse horse".split(), top="cuckoo")
    rnd = Round(deck, 3, FULL)
    for word in "keep swap swap swap".split():
        rnd.apply(word)
    assert rnd.log()[4:] == (
        "keep 0,ask 1 2,horse 2,ask 1 3,horse 3,top 1,ask 2 3,horse 3,top 2,draw 3,show 0 5,"
        "show 1 cuckoo,show 2 4,show 3 lion,lose 3 2"
    ).split(",")
    assert rnd.cards() == ["5", "cuckoo", "4", "lion"]
    # the second asker got the 4 the first put on top; the Horse went on top in its place,
    # and the dealer's Horse went to the bottom in place of the lion
    top2 = rnd.events[12]
    assert top2.text == "top 2" and top2.private == ((2, ("4",)),)
    pack = [RANKS[rnd.rank[c]] for c in rnd.pack()]
    assert pack[0] == "horse" and pack[-1] == "horse" and len(pack) == 36


def test_cat_undoes_a_refused_inn_swap():
    got = run("3 inn cat 8", "swap pay refuse swap keep keep")
    assert got["log"][4:] == (
        "ask 0 1,inn 1,pay 0 1,refuse 1,swap 0 1,ask 1 2,cat 2,lose 1 2,undo 0 1,keep 2,"
        "keep 3,show 0 3,show 1 inn,show 2 cat,show 3 8,lose 0 2"
    ).split(",")
    assert got["cards"] == ["3", "inn", "cat", "8"]
    assert got["lives"] == [2, 2, 3, 3]


def test_two_cats():
    got = run("4 6 cat cat", "swap swap swap keep")
    assert got["log"][4:] == (
        "ask 0 1,swap 0 1,ask 1 2,cat 2,lose 1 2,undo 0 1,ask 2 3,cat 3,lose 2 2,keep 3,"
        "show 0 4,show 1 6,show 2 cat,show 3 cat,lose 0 2"
    ).split(",")
    assert got["lives"] == [2, 2, 2, 3]


def test_cat_with_the_last_life_the_card_after_the_undo_is_dead():
    got = run("lion 5 cat 9", "swap swap keep keep", lives=[3, 1, 3, 3])
    assert got["log"][4:] == (
        "ask 0 1,swap 0 1,ask 1 2,cat 2,lose 1 0,out 1,undo 0 1,keep 2,keep 3,show 0 lion,"
        "dead 1 5,show 2 cat,show 3 9,lose 0 2"
    ).split(",")
    assert got["lives"] == [2, 0, 3, 3]


def test_hunter_with_the_last_life_the_lowest_card_is_dead():
    got = run("lion hunter 5 6", "swap keep keep keep", lives=[1, 3, 3, 3])
    assert got["log"][4:] == (
        "ask 0 1,hunter 1,lose 0 0,out 0,keep 1,keep 2,keep 3,dead 0 lion,show 1 hunter,"
        "show 2 5,show 3 6,lose 2 2"
    ).split(",")
    assert got["lives"] == [0, 3, 2, 3]
    assert got["next_dealer"] == 1


def test_the_dealer_at_the_inn_pays_after_drawing():
    got = run("8 9 1 inn 10", "keep keep swap pay accept swap")
    assert got["log"][4:] == (
        "keep 0,keep 1,ask 2 3,inn 3,pay 2 3,accept 3,draw 3,show 0 8,show 1 9,show 2 1,"
        "show 3 10,paid 3 2,lose 3 2"
    ).split(",")
    assert got["cards"] == ["8", "9", "1", "10"]
    assert got["lives"] == [3, 3, 3, 2]


def test_the_dealer_at_the_inn_refuses():
    got = run("8 9 1 inn", "keep keep swap pay refuse keep")
    assert got["log"][4:] == (
        "keep 0,keep 1,ask 2 3,inn 3,pay 2 3,refuse 3,swap 2 3,keep 3,show 0 8,show 1 9,"
        "show 2 inn,show 3 1,lose 3 2"
    ).split(",")


def test_the_dealer_draws_a_hunter_it_has_no_power():
    got = run("5 6 7 2 hunter", "keep keep keep draw")
    assert got["log"][
        4:
    ] == "keep 0,keep 1,keep 2,draw 3,show 0 5,show 1 6,show 2 7,show 3 hunter,lose 0 2".split(",")  # noqa: E501


def test_the_dealer_draws_a_cuckoo_which_is_safe_two_players():
    got = run("5 2 cuckoo", "keep swap", lives=[0, 0, 3, 3])
    assert got == {
        "log": "deal 2 5,deal 3 2,keep 2,draw 3,show 2 5,show 3 cuckoo,lose 2 2".split(","),
        "cards": [None, None, "5", "cuckoo"],
        "lives": [0, 0, 2, 3],
        "next_dealer": 2,
    }


def test_two_players_the_other_asks_the_dealers_horse_and_takes_the_top_card():
    got = run("4 horse", "swap keep", dealer=1, lives=[0, 2, 0, 3], top="2")
    assert got == {
        "log": "deal 3 4,deal 1 horse,ask 3 1,horse 1,top 3,keep 1,show 3 2,show 1 horse,"
        "lose 3 2".split(","),
        "cards": [None, "horse", None, "2"],
        "lives": [0, 2, 0, 2],
        "next_dealer": 3,
    }


def test_two_players_a_win_ends_the_match():
    got = run("lion 5", "keep keep", lives=[0, 1, 0, 1])
    assert got[
        "log"
    ] == "deal 1 lion,deal 3 5,keep 1,keep 3,show 1 lion,show 3 5,lose 1 0,out 1,win 3".split(",")  # noqa: E501
    assert got["lives"] == [0, 0, 0, 1]
    assert got["next_dealer"] is None


def test_three_players_asking_skips_the_seat_that_is_out():
    got = run("1 7 9", "swap swap keep", lives=[3, 0, 3, 3])
    assert got == {
        "log": deals([0, 2, 3], "1 7 9")
        + "ask 0 2,swap 0 2,ask 2 3,swap 2 3,keep 3,show 0 7,show 2 9,show 3 1,lose 3 2".split(","),
        "cards": ["7", None, "9", "1"],
        "lives": [3, 0, 3, 2],
        "next_dealer": 0,
    }


def test_a_sole_live_card_loses_and_the_all_out_restart_follows():
    got = run("5 hunter", "swap keep", dealer=1, lives=[1, 1, 0, 0])
    assert got == {
        "log": "deal 0 5,deal 1 hunter,ask 0 1,hunter 1,lose 0 0,out 0,keep 1,dead 0 5,"
        "show 1 hunter,lose 1 0,out 1,restart".split(","),
        "cards": ["5", "hunter", None, None],
        "lives": [3, 3, 3, 3],
        "next_dealer": 2,
    }


def test_a_sole_live_cuckoo_does_not_lose_and_wins_the_match():
    got = run("5 hunter cuckoo", "swap swap", dealer=1, lives=[1, 1, 0, 0])
    assert got["log"][-5:] == ["out 0", "draw 1", "dead 0 5", "show 1 cuckoo", "win 1"]
    assert got["lives"] == [0, 1, 0, 0]
    assert got["next_dealer"] is None


def test_two_fools_are_worth_fourteen_and_a_half():
    got = run("fool fool 3 9", "keep keep keep keep")
    assert got["log"][-5:] == ["show 0 fool", "show 1 fool", "show 2 3", "show 3 9", "lose 2 2"]


def test_a_dead_fool_leaves_a_single_fool():
    got = run("fool fool hunter 9", "keep swap keep keep", lives=[3, 1, 3, 3])
    assert got["log"][4:] == (
        "keep 0,ask 1 2,hunter 2,lose 1 0,out 1,keep 2,keep 3,show 0 fool,dead 1 fool,"
        "show 2 hunter,show 3 9,lose 0 2,lose 3 2"
    ).split(",")
    assert got["lives"] == [2, 0, 3, 2]


def test_a_player_may_swap_a_high_card_and_the_fool_must_swap():
    got = run("cuckoo fool 3 9", "swap keep keep keep")
    assert got["log"][4:6] == ["ask 0 1", "swap 0 1"]
    assert got["cards"][:2] == ["fool", "cuckoo"]


# ---------------------------------------------------------------- next dealer


@pytest.mark.parametrize(
    ("dealer", "lives", "expected"),
    [
        (3, [3, 3, 3, 3], 0),
        (0, [3, 3, 3, 3], 1),
        (3, [0, 3, 3, 2], 1),
        (1, [0, 0, 2, 0], None),
        (1, [0, 0, 0, 0], None),
        (2, [1, 0, 0, 1], 3),
        (3, [1, 0, 0, 0], None),
        (0, [2, 0, 1, 0], 2),
        (2, [2, 0, 0, 1], 3),
        (2, [2, 0, 0, 0], None),
        (1, [1, 0, 3, 0], 2),
        (2, [1, 3, 0, 0], 0),  # the dealer was knocked out: the next seat after it still in
    ],
)
def test_next_dealer(dealer, lives, expected):
    assert next_dealer(dealer, lives) == expected


# ---------------------------------------------------------------- errors


def test_illegal_missing_and_leftover_answers_are_errors():
    deck = example_deck(["2", "inn", "6", "9"])
    with pytest.raises(IllegalActionError, match=r"decision 1: .*'pay'.*section 6"):
        play_round(deck, 3, FULL, ["pay"])
    with pytest.raises(IllegalActionError, match=r"decision 2: .*'swap'.*section 7.5"):
        play_round(deck, 3, FULL, ["swap", "swap"])
    with pytest.raises(IllegalActionError, match=r"decision 3: .*'keep'.*7.5.*accept or refuse"):
        play_round(deck, 3, FULL, ["swap", "pay", "keep"])
    with pytest.raises(IllegalActionError, match="run out after 3: seat 1 still has"):
        play_round(deck, 3, FULL, ["swap", "pay", "accept"])
    with pytest.raises(IllegalActionError, match="run out after 0"):
        play_round(deck, 3, FULL, [])
    with pytest.raises(IllegalActionError, match="decision 7 .*left over"):
        play_round(deck, 3, FULL, "swap pay accept keep keep keep keep".split())


def test_draw_is_the_dealers_alias_of_swap_only():
    deck = example_deck(["2", "5", "8", "1", "lion"])
    assert play_round(deck, 3, FULL, ["keep", "keep", "keep", "draw"])["log"][7] == "draw 3"
    with pytest.raises(IllegalActionError, match="'draw'"):
        play_round(deck, 3, FULL, ["draw"])
    rnd = Round(deck, 3, FULL)
    for word in ["keep", "keep", "keep", "draw"]:
        rnd.apply(word)
    assert rnd.history == [(0, "keep"), (1, "keep"), (2, "keep"), (3, "swap")]


def test_an_illegal_answer_leaves_the_state_unchanged():
    rnd = Round(example_deck(["2", "inn", "6", "9"]), 3, FULL)
    rnd.apply("swap")
    before = (rnd.log(), rnd.decision, rnd.to_act, rnd.cards(), list(rnd.lives))
    for word in ("swap", "accept", "draw", "KEEP", "", "jump"):
        with pytest.raises(IllegalActionError):
            rnd.apply(word)
    assert (rnd.log(), rnd.decision, rnd.to_act, rnd.cards(), list(rnd.lives)) == before
    assert rnd.decision == "inn" and rnd.to_act == 0 and rnd.legal() == ["keep", "pay"]


def test_no_answer_once_the_round_is_over():
    rnd = Round(example_deck([]), 3, FULL)
    for _ in range(4):
        rnd.apply("keep")
    assert rnd.over and rnd.legal() == [] and rnd.to_act is None and rnd.decision is None
    with pytest.raises(IllegalActionError, match="the round is over"):
        rnd.apply("keep")


@pytest.mark.parametrize(
    ("deck", "dealer", "lives", "error", "needle"),
    [
        (list(PACK[:-1]), 3, FULL, ValueError, "40 cards"),
        (["lion", *PACK[:-1]], 3, FULL, ValueError, "3 x lion"),
        (["knight", *PACK[1:]], 3, FULL, CardError, "knight"),
        ([20, *range(1, 40)], 3, FULL, CardError, "rank index"),
        (list(PACK), 4, FULL, ValueError, "dealer"),
        (list(PACK), True, FULL, ValueError, "dealer"),
        (list(PACK), 0, [0, 3, 3, 3], ValueError, "dealer"),
        (list(PACK), 0, [3, 0, 0, 0], ValueError, "at least two seats"),
        (list(PACK), 0, [4, 3, 3, 3], ValueError, "0..3 lives"),
        (list(PACK), 0, [3, -1, 3, 3], ValueError, "0..3 lives"),
        (list(PACK), 0, [3, True, 3, 3], ValueError, "0..3 lives"),
        (list(PACK), 0, [3, 3, 3], ValueError, "four numbers"),
    ],
)
def test_bad_rounds_are_refused(deck, dealer, lives, error, needle):
    with pytest.raises(error, match=needle):
        play_round(deck, dealer, lives, [])


# ---------------------------------------------------------------- events, privacy, views


def test_events_carry_the_log_line_the_audience_and_the_private_cards():
    rnd = Round(example_deck("2 5 8 1 lion".split()), 3, FULL)
    for word in "swap swap keep swap".split():
        rnd.apply(word)
    ev = rnd.events
    assert [e.text for e in ev] == rnd.log()
    assert ev[0] == Deal(0, "2", seats=frozenset({0}))
    assert [e.seats for e in ev[:4]] == [frozenset({s}) for s in (0, 1, 2, 3)]
    assert all(e.seats is None for e in ev[4:])
    assert ev[5] == Swap(0, 1, private=((0, ("5",)), (1, ("2",))))
    assert ev[7] == Swap(1, 2, private=((1, ("8",)), (2, ("2",))))
    assert ev[9] == Draw(3, private=((3, ("lion",)),))
    assert ev[9].detail(3) == ("lion",) and ev[9].detail(0) == ()
    assert ev[10] == Show(0, "5") and ev[-1] == Lose(3, 2)
    assert ev[-1].text == "lose 3 2"


def test_undo_events_tell_each_side_the_card_it_gets_back():
    rnd = Round(example_deck("1 4 6 cat".split()), 3, FULL)
    for word in "swap swap swap keep".split():
        rnd.apply(word)
    undo = [e for e in rnd.events if e.kind == "undo"]
    assert undo == [
        Undo(1, 2, private=((1, ("1",)), (2, ("6",)))),
        Undo(0, 1, private=((0, ("1",)), (1, ("4",)))),
    ]


def test_views_show_own_card_shown_cards_lives_and_only_own_private_cards():
    rnd = Round(example_deck("2 inn 6 9".split()), 3, FULL)
    start = rnd.view(2)
    assert (
        start.card == "6"
        and start.lives == (3, 3, 3, 3)
        and start.log == (Deal(2, "6", seats=frozenset({2})),)
    )
    assert start.decision == "turn" and start.to_act == 0 and start.legal == ()
    assert rnd.view(0).legal == ("keep", "swap")
    rnd.apply("swap")
    at_inn = rnd.view(1)
    assert at_inn.shown == ((1, "inn"),) and at_inn.asker == 0 and at_inn.target == 1
    assert at_inn.decision == "inn" and at_inn.legal == ()
    rnd.apply("pay")
    assert rnd.view(1).legal == ("accept", "refuse")
    rnd.apply("refuse")
    seen0 = [e for e in rnd.view(0).log if e.kind == "swap"]
    seen2 = [e for e in rnd.view(2).log if e.kind == "swap"]
    assert seen0 == [Swap(0, 1, private=((0, ("inn",)),))]
    assert seen2 == [Swap(0, 1)]
    assert rnd.view(0).card == "inn" and rnd.view(1).card == "2"
    assert rnd.view(1).pacts == () and rnd.view(1).out == ()


def test_view_of_a_seat_not_in_the_round():
    rnd = Round(example_deck("1 cuckoo 10".split()), 0, [2, 1, 1, 0])
    view = rnd.view(3)
    assert view.card is None and view.order == (1, 2, 0) and view.log == ()


def test_copy_is_independent():
    rnd = Round(example_deck("1 4 6 cat".split()), 3, FULL)
    rnd.apply("swap")
    twin = rnd.copy()
    for word in "swap swap keep".split():
        twin.apply(word)
    assert rnd.decision == "turn" and rnd.to_act == 1 and len(rnd.events) == 6
    assert rnd.cards() == ["4", "1", "6", "cat"] and rnd.lives == [3, 3, 3, 3]
    for word in "swap swap keep".split():
        rnd.apply(word)
    assert rnd.result() == twin.result()
    assert rnd.history == twin.history
