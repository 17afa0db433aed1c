"""Minchiate trick play: ranking, the suit to follow, legal plays with the King obligation,
the trick winner, capture scores, piles and the payment for the Matto (rules section 9;
worked examples 7-10 and 14; the edge cases of section 14 on tricks), plus properties: the
trick winner where the reversed pip order of Cups and Coins meets trumps, against a direct
reading of 9.1."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.games.minchiate import contracts
from cardavia_cli.games.minchiate.cards import MATTO, PACK, Card, cards_str, parse_cards
from cardavia_cli.games.minchiate.tricks import (
    capture,
    legal_plays,
    matto_payment_key,
    piles,
    strength,
    suit_to_follow,
    suits_followed,
    trick_winner,
)


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def legal(hand: str, trick: str, before: bool = False) -> str:
    return " ".join(contracts.legal_plays(hand.split(), trick.split(), before))


# rules 13.7
def test_worked_example_7_suit_ranking():
    assert contracts.trick_winner(["2D", "AD", "KC", "10D"]) == 1
    assert contracts.trick_winner(["AS", "10S", "JS", "9S"]) == 2
    assert contracts.trick_winner(["KB", "T1", "QB", "T2"]) == 3


# rules 13.8
def test_worked_example_8_matto_led():
    assert contracts.trick_winner(["M", "5C", "KD", "6C"]) == 1


# rules 13.9
def test_worked_example_9_legal_plays():
    assert legal("3C KC T7 M 2S", "9C") == "M 3C KC"
    assert legal("3C KC T7 M 2S", "9C T12") == "KC"
    assert legal("3C KC T7 M 2S", "9C T12", before=True) == "M 3C KC"
    assert legal("T7 M 2S", "9C") == "M T7"
    assert legal("AB 2S", "T3") == "2S AB"
    assert legal("AB 2S T9", "M") == "T9 2S AB"


# rules 13.10
def test_worked_example_10_captures():
    assert contracts.capture(["KS", "T5", "T40", "2S"], 1) == {"winner": 3, "team": 1, "points": 3}
    assert contracts.capture(["M", "T36", "KD", "T2"], 0) == {"winner": 1, "team": 1, "points": 5}


# rules 13.14
def test_worked_example_14_paying_for_the_matto():
    three = [
        {"leader": 0, "cards": ["M", "T40", "KC", "T2"]},
        {"leader": 1, "cards": ["5C", "6C", "7C", "T9"]},
        {"leader": 0, "cards": ["8C", "9C", "10C", "AC"]},
    ]
    got = contracts.piles(three)
    assert got["matto_payment"] == "5C"
    assert got["counts"] == [4, 8]
    assert got["last_trick_team"] == 1
    assert got["piles"] == [
        "M T9 6C 7C".split(),
        "T2 T40 AC 5C 8C 9C 10C KC".split(),
    ]
    alone = contracts.piles([{"leader": 2, "cards": ["M", "T40", "KC", "T2"]}])
    assert alone["matto_payment"] == "M"
    assert alone["counts"] == [0, 4]
    assert alone["piles"] == [[], "M T2 T40 KC".split()]
    own = contracts.piles([{"leader": 0, "cards": ["T40", "2C", "M", "3C"]}])
    assert own["matto_payment"] is None
    assert own["counts"] == [4, 0]
    assert contracts.piles([]) == {
        "piles": [[], []],
        "counts": [0, 0],
        "matto_payment": None,
        "last_trick_team": None,
    }


def test_suit_ranking_orders():
    cups = "KC QC NC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    swords = "KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    for order, suit in ((cups, "C"), (cups.replace("C", "D"), "D")):
        powers = [strength(c, suit) for c in cards(order)]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == 14
    for order, suit in ((swords, "S"), (swords.replace("S", "B"), "B")):
        powers = [strength(c, suit) for c in cards(order)]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == 14
    assert strength(cards("T1")[0], "C") > strength(cards("KC")[0], "C")
    assert strength(MATTO, "C") == 0 and strength(cards("KD")[0], "C") == 0


def test_suit_to_follow():
    assert suit_to_follow([]) is None
    assert suit_to_follow([MATTO]) is None
    assert suit_to_follow(cards("M T3 KC")) == "T"
    assert suit_to_follow(cards("5S T3")) == "S"
    assert suits_followed([cards("M 5C KD 6C"), cards("T1 T2 T3 T4"), cards("M")]) == {"C", "T"}


# rules 14: the Matto led, then a trump: trumps must be followed
def test_matto_led_then_trump_means_trumps_to_follow():
    assert legal("AC 2S T5", "M T3") == "T5"
    assert legal("AC 2S", "M T3") == "AC 2S"
    assert contracts.trick_winner(["M", "T3", "KC", "T2"]) == 1


def test_matto_may_stand_in_except_under_the_king_obligation():
    assert legal("M 3C T4", "5C") == "M 3C"
    assert legal("M T4 KD", "T9") == "M T4"
    assert legal("M 2S", "T9") == "M 2S"  # no trump: any card
    assert legal("M KC 3C T4", "5C T1") == "KC"
    assert legal("M KC 3C T4", "5C T1", before=True) == "M 3C KC"


# rules 14: the King obligation
def test_king_obligation_details():
    # a trump played by the King holder's own partner counts
    assert legal("KS 3S T4", "2S T7 AS") == "KS"
    # no trump played yet: no obligation
    assert legal("KS 3S T4", "2S 4S") == "3S KS"
    # the obligation binds a holder with no other card of the suit, who would otherwise trump
    assert legal("KB T4 M", "2B T9") == "KB"
    # a suit first "led" as the second card after a led Matto counts as led in that trick
    assert legal("KC 3C", "M 5C T1") == "KC"
    # trumps to follow: no King obligation for trumps
    assert legal("KC T4", "T2 T3") == "T4"
    # the King of another suit is not concerned
    assert legal("KD 3C", "5C T1") == "3C"


# rules 14: the Matto on the last trick takes part like any other
def test_matto_on_the_last_trick_and_the_last_trick_team():
    tricks = [(0, cards("T4 T1 T2 T3")), (3, cards("AC 2C 3C M"))]
    done = piles(tricks)
    assert done.last_trick_team == 1  # seat 3 led the ace of Cups, which wins
    assert done.counts == (4, 4)
    # seat 2's Matto went to a trick team 1 won: team 0 pays its lowest card, T2 (3 points;
    # T1 is worth 5, T3 and T4 are 3 too but come later in canonical order)
    assert str(done.matto_payment) == "T2"
    assert cards_str(done.piles[0]) == "M T1 T3 T4"
    assert cards_str(done.piles[1]) == "T2 AC 2C 3C"


def test_matto_payment_order():
    # the lowest value (T29 counted as 5), a suit card before a trump, then canonical order
    order = sorted(cards("T29 T2 KC 5C T22 AB T1 T21"), key=matto_payment_key)
    assert cards_str(order) == "5C AB T21 T22 T2 KC T1 T29"


# rules 14: the Matto's team wins no trick at all
def test_matto_team_without_tricks_pays_the_matto_itself():
    tricks = [
        (1, cards("T40 M T39 AC")),  # seat 1 leads T40, seat 2 (team 0) plays the Matto
        (1, cards("T38 T1 T37 2C")),
    ]
    done = piles(tricks)
    assert done.piles[0] == () and done.counts == (0, 8)
    assert done.matto_payment == MATTO


def test_bad_tricks_are_refused():
    with pytest.raises(CardaviaError, match="only the Matto"):
        trick_winner([MATTO])
    with pytest.raises(CardaviaError, match="1..4 cards, not 0"):
        trick_winner([])
    with pytest.raises(CardaviaError, match="4..4 cards, not 3"):
        capture(cards("T1 T2 T3"), 0)
    with pytest.raises(CardaviaError, match="played twice"):
        trick_winner(cards("T1 T1"))
    with pytest.raises(CardaviaError, match="0..3 cards, not 4"):
        legal_plays(cards("KC"), cards("T1 T2 T3 T4"), False)
    with pytest.raises(CardaviaError, match="both in hand and in the trick"):
        legal_plays(cards("KC 2C"), cards("KC"), False)
    with pytest.raises(CardaviaError, match="played in two tricks"):
        piles([(0, cards("T1 T2 T3 T4")), (0, cards("T1 T5 T6 T7"))])
    with pytest.raises(CardaviaError, match="leader is a seat"):
        contracts.capture(["T1", "T2", "T3", "T4"], 4)
    with pytest.raises(CardaviaError, match="suit_led_before"):
        contracts.legal_plays(["KC"], ["2C"], 0)
    with pytest.raises(CardaviaError, match="a trick is"):
        contracts.piles([{"leader": 0}])


# ---------------------------------------------------------------- properties

PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
COURTS = {"J": 11, "N": 12, "Q": 13, "K": 14}


def oracle_winner(trick: list[Card]) -> int:
    """9.1 and 9.4 read directly: the highest trump number; else, in the suit to follow,
    courts above number cards, and among number cards the LOWER pip in Cups and Coins (the
    ace highest) and the HIGHER pip in Swords and Batons (the ace lowest)."""
    trumps = [(c.number, i) for i, c in enumerate(trick) if c.is_trump]
    if trumps:
        return max(trumps)[1]
    suit = next(str(c.suit) for c in trick if not c.is_matto)
    best, where = -1.0, -1
    for i, c in enumerate(trick):
        if c.suit != suit or c.rank is None:
            continue
        if c.rank in COURTS:
            power = 100.0 + COURTS[c.rank]
        elif suit in "CD":
            power = 50.0 - PIPS[c.rank]
        else:
            power = 50.0 + PIPS[c.rank]
        if power > best:
            best, where = power, i
    return where


@st.composite
def tricks_in_play(draw: st.DrawFn) -> list[Card]:
    size = draw(st.integers(1, 4))
    suit = draw(st.sampled_from("CDSB"))
    # mostly cards of one suit, some trumps, the Matto now and then: where the orders meet
    pool = [c for c in PACK if c.suit in (suit, "T") or c.is_matto]
    pool += [c for c in PACK if c.suit not in (suit, "T", None)][:8]
    trick = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    if all(c.is_matto for c in trick):
        trick.append(PACK[41])
    return trick


@given(tricks_in_play())
def test_trick_winner_agrees_with_a_direct_reading(trick):
    assert trick_winner(trick) == oracle_winner(trick)


@given(
    st.lists(
        st.sampled_from([c for c in PACK if c.suit in ("C", "D")]),
        min_size=2,
        max_size=4,
        unique=True,
    )
)
def test_number_cards_of_cups_and_coins_rank_in_reverse(trick):
    numbers = [c for c in trick if c.suit == trick[0].suit and c.rank in PIPS]
    winner = trick[trick_winner(trick)]
    courts = [c for c in trick if c.suit == trick[0].suit and c.rank in COURTS]
    if not courts:
        assert PIPS[str(winner.rank)] == min(PIPS[str(c.rank)] for c in numbers)


@given(
    st.lists(st.sampled_from(PACK), min_size=1, max_size=12, unique=True),
    st.lists(st.sampled_from(PACK), min_size=0, max_size=3, unique=True),
    st.booleans(),
)
def test_legal_plays_are_a_nonempty_sorted_subset(hand, trick, before):
    hand = [c for c in hand if c not in trick]
    if not hand:
        return
    got = legal_plays(hand, trick, before)
    assert got and got == sorted(got) and set(got) <= set(hand)
    suit = suit_to_follow(trick)
    if suit is not None and suit != "T" and any(c.suit == suit for c in hand):
        # a player who can follow suit never trumps instead
        assert all(c.suit == suit or c.is_matto for c in got)
    if suit == "T" and any(c.is_trump for c in hand):
        assert all(c.is_trump or c.is_matto for c in got)
