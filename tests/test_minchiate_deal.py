"""The Minchiate deal as a function of the deck order, and the discards (rules sections 4, 6,
7; worked examples 13 and 16's discards; the edge cases of section 14 on robbing, the fola and
the exposed card), plus properties: all 97 cards are accounted for through the deal and the
discards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardaviaError, IllegalActionError
from cardavia_cli.games.minchiate import contracts
from cardavia_cli.games.minchiate.cards import (
    PACK,
    T29,
    Card,
    cards_str,
    parse_card,
    parse_cards,
    total_points,
)
from cardavia_cli.games.minchiate.deal import (
    ScoringEvent,
    auto_discards,
    check_discards,
    cutter_of,
    deal,
    discardable,
    first_leader_of,
    robbable_by_cutter,
    robbable_by_dealer,
)

# rules 13.13, index 0 first, in rows of ten
EXAMPLE_DECK = """
M T1 T2 T4 T5 T6 T7 T8 T9 T10
T11 T12 T13 T14 T16 T17 T18 T19 T20 T21
T23 T24 T25 T26 T27 T28 T30 T31 T32 T33
T34 T35 T36 T37 T39 T40 AC 2C 3C 4C
5C 7C 8C 9C 10C JC NC QC AD 2D
3D 4D 5D 6D 7D 8D 9D 10D JD ND
QD AS 2S 3S 4S 6S 7S 8S 9S 10S
JS NS QS KS AB 2B 3B 4B 5B 6B
8B 9B 10B T38 6C T29 T15 KD 7B JB
NB QB KB 5S T3 KC T22
""".split()

EXAMPLE_HANDS = [
    "T11 T12 T13 T14 T16 T17 T18 T19 T20 T21 4D 5D 6D 7D 8D 9D 10D JD ND QD AS",
    "T3 T22 T23 T24 T25 T26 T27 T28 T30 T31 T32 T33 KC 2S 3S 4S 6S 7S 8S 9S 10S JS NS QS",
    "T29 T34 T35 T36 T37 T38 T39 T40 AC 2C 3C 4C KD KS AB 2B 3B 4B 5B 6B 8B 9B 10B KB",
    "M T1 T2 T4 T5 T6 T7 T8 T9 T10 5C 7C 8C 9C 10C JC NC QC AD 2D 3D",
]


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def deck_of(bottom: list[str], placed: dict[int, str] | None = None) -> list[Card]:
    """A deck whose last cards are ``bottom`` (``bottom[-1]`` = deck[96]), with ``placed``
    cards at given indexes, and every other card in canonical order in the free places."""
    deck: list[Card | None] = [None] * 97
    for i, text in enumerate(bottom):
        deck[97 - len(bottom) + i] = parse_card(text)
    for index, text in (placed or {}).items():
        assert deck[index] is None
        deck[index] = parse_card(text)
    used = {c for c in deck if c is not None}
    free = iter(c for c in PACK if c not in used)
    full = [c if c is not None else next(free) for c in deck]
    assert sorted(full) == list(PACK)
    return full


def test_roles_follow_turn_order():
    # rules 4: cutter = (D + 3) % 4, first leader = (D + 1) % 4
    assert [cutter_of(d) for d in range(4)] == [3, 0, 1, 2]
    assert [first_leader_of(d) for d in range(4)] == [1, 2, 3, 0]


def test_robbable_sets():
    cutter = [str(c) for c in PACK if robbable_by_cutter(c)]
    dealer = [str(c) for c in PACK if robbable_by_dealer(c)]
    assert len(cutter) == 25 + 8  # the counting cards plus T21..T27 and T29
    assert {"T21", "T27", "T29", "M", "T2", "KS"} <= set(cutter)
    assert "T15" not in cutter and "AC" not in cutter
    assert len(dealer) == 26 and "T29" in dealer and "T21" not in dealer


# rules 13.13
def test_worked_example_13_deal():
    got = contracts.deal(deck=EXAMPLE_DECK, dealer=2)
    assert got["cutter"] == 1
    assert got["cutter_robbed"] == ["T22", "KC", "T3"]
    assert got["exposed"] == "T38"
    assert got["dealer_robbed"] == ["T29", "KD", "KB"]
    assert got["fola"] == "6C T15 7B JB NB QB 5S".split()
    assert got["events"] == [
        {"team": 1, "points": 8},
        {"team": 0, "points": 10},
        {"team": 0, "points": 10},
    ]
    assert got["hands"] == [h.split() for h in EXAMPLE_HANDS]
    assert [len(h) for h in got["hands"]] == [21, 24, 24, 21]
    # seat 3 gets deck[0..9] + deck[40..50], seat 0 deck[10..19] + deck[51..61], ...
    for seat, (first, second) in {3: (0, 40), 0: (10, 51), 1: (20, 62), 2: (30, 73)}.items():
        batch = EXAMPLE_DECK[first : first + 10] + EXAMPLE_DECK[second : second + 11]
        assert got["dealt"][seat] == cards_str(sorted(cards(" ".join(batch)))).split()


def test_worked_example_13_discard_rules():
    done = deal(cards(" ".join(EXAMPLE_DECK)), 2)
    assert [done.excess(s) for s in range(4)] == [0, 3, 3, 0]
    seat1 = [c for c in done.hands[1] if discardable(c)]
    assert cards_str(seat1) == "T22 T23 T24 T25 T26 T27 2S 3S 4S 6S 7S 8S 9S 10S JS NS QS"
    seat2_kept = [c for c in done.hands[2] if not discardable(c)]
    assert cards_str(seat2_kept) == "T29 T34 T35 T36 T37 T38 T39 T40 KD KS KB"
    check_discards(done.hands[1], cards("T22 T23 QS"), seat=1)  # the robbed T22 may go
    check_discards(done.hands[1], cards("2S 3S 4S"), seat=1)  # example 16
    check_discards(done.hands[2], cards("2C 3C 4C"), seat=2)  # example 16
    for bad in ("T3 2S 3S", "T28 2S 3S", "T30 2S 3S", "KC 2S 3S"):
        with pytest.raises(IllegalActionError, match=r"may not be discarded.*7\.2"):
            check_discards(done.hands[1], cards(bad), seat=1)
    for bad in ("T29 2C 3C", "T34 2C 3C", "KD 2C 3C", "KS 2C 3C", "KB 2C 3C", "T38 2C 3C"):
        with pytest.raises(IllegalActionError, match=r"may not be discarded"):
            check_discards(done.hands[2], cards(bad), seat=2)
    assert cards_str(auto_discards(done.hands[1])) == "T22 T23 T24"
    assert cards_str(auto_discards(done.hands[2])) == "AC 2C 3C"
    assert auto_discards(done.hands[0]) == []


def test_discard_command_shape_errors():
    done = deal(cards(" ".join(EXAMPLE_DECK)), 2)
    hand = done.hands[1]
    with pytest.raises(IllegalActionError, match="exactly 3 cards, not 2"):
        check_discards(hand, cards("2S 3S"), seat=1)
    with pytest.raises(IllegalActionError, match="exactly 3 cards, not 4"):
        check_discards(hand, cards("2S 3S 4S 6S"), seat=1)
    with pytest.raises(IllegalActionError, match="distinct"):
        check_discards(hand, cards("2S 2S 3S"), seat=1)
    with pytest.raises(IllegalActionError, match="5S not in the hand of seat 1"):
        check_discards(hand, cards("2S 3S 5S"), seat=1)
    with pytest.raises(IllegalActionError, match="nothing to discard"):
        check_discards(done.hands[0], cards("AS"), seat=0)


# rules 14: cutter robs 13, even with 14 or more qualifying cards at the bottom
def test_cutter_robs_at_most_13_and_never_reaches_the_dealt_cards():
    bottom = "T21 T22 T23 T24 T25 T26 T27 T29 T36 T37 T38 T39 T40".split()
    deck = deck_of(bottom, {83: "KS", 82: "T35", 0: "2C"})
    done = deal(deck, 0)
    assert done.cutter == 3
    assert [str(c) for c in done.cutter_robbed] == bottom[::-1]
    assert done.fola == () and done.dealer_robbed == ()
    assert str(done.exposed) == "KS"
    assert parse_card("KS") in done.hands[0] and parse_card("T35") in done.hands[0]
    assert len(done.hands[3]) == 34
    # the cutter's 13 robbed cards are worth 50 (T36..T40); the exposed KS is 5
    assert done.events == (ScoringEvent(1, 50), ScoringEvent(0, 5))


# rules 14: cutter robs 0
def test_cutter_robs_nothing_when_the_bottom_card_is_not_robbable():
    bottom = "T15 KD 2C T29 3C T21 4C T40 5C 6C M 7C AB".split()
    done = deal(deck_of(bottom, {83: "AS"}), 1)
    assert done.cutter == 0 and done.cutter_robbed == ()
    assert str(done.exposed) == "AS"
    assert cards_str(done.dealer_robbed) == "KD T29 T40 M"
    assert cards_str(done.fola) == "T15 2C 3C T21 4C 5C 6C 7C AB"  # T21 is not the dealer's
    assert done.events == (ScoringEvent(team=1, points=20),)  # dealer 1's robbing only
    assert [len(h) for h in done.hands] == [21, 25, 21, 21]


def test_cutter_stops_at_the_first_card_that_is_not_robbable():
    bottom = "KC M T20 T5 3C T22 T29".split()  # deck[96] = T29, then T22, then 3C stops it
    done = deal(deck_of(bottom, {83: "T28"}), 3)
    assert done.cutter == 2
    assert cards_str(done.cutter_robbed) == "T29 T22"
    assert parse_card("3C") in done.fola
    # the rest of the fola: the dealer takes every counting card, wherever it lies
    assert {"KC", "M", "T20", "T5"} <= {str(c) for c in done.dealer_robbed}
    # the robbed T29 and T22 score 0: the first event is the exposed T28 for dealer 3's team
    assert done.events[0] == ScoringEvent(1, 5)
    assert T29 in done.hands[2]


def test_no_event_for_zero_points():
    bottom = "2C 3C 4C 5C 6C 7C 8C 9C 10C AB T21 T22 T23".split()
    done = deal(deck_of(bottom, {83: "AC"}), 0)
    assert cards_str(done.cutter_robbed) == "T23 T22 T21"
    assert done.dealer_robbed == ()
    assert done.events == ()


# rules 14: the exposed card is a normal card of the dealer's hand, and may be discarded
def test_exposed_card_may_be_discarded():
    bottom = "T21 T22 T23 T24 T25 T26 T27 T28 T30 T31 T32 T33 T34".split()
    done = deal(deck_of(bottom, {83: "AC"}), 2)
    assert str(done.exposed) == "AC" and parse_card("AC") in done.hands[2]
    assert done.excess(2) == 0 and done.excess(1) == 13
    assert done.fola == ()


def test_exposed_discard_by_the_dealer():
    bottom = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC".split()  # KC: the cutter robs 1
    done = deal(deck_of(bottom, {83: "AD"}), 0)
    assert cards_str(done.cutter_robbed) == "KC"
    assert done.excess(0) == 0  # no counting card left in the fola
    bottom = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC KB QC".split()
    done = deal(deck_of(bottom, {83: "AD"}), 0)
    assert done.cutter_robbed == () and cards_str(done.dealer_robbed) == "KB"
    check_discards(done.hands[0], cards("AD"), seat=0)


# rules 7.3: the shortfall
def shortfall_deal() -> tuple[list[Card], int]:
    """Dealer 0, cutter 3: 13 counting cards robbed, the other 12 and T29 dealt to seat 3."""
    bottom = "KB T28 T30 T31 T32 T33 T34 T35 T36 T37 T38 T39 T40".split()
    seat3 = "M T1 T2 T3 T4 T5 T10 T13 T20 KC KD KS T29".split()
    positions = list(range(20, 30)) + list(range(62, 73))  # seat 3's batches (dealer 0)
    return deck_of(bottom, dict(zip(positions, seat3, strict=False))), 0


def test_shortfall_discards_every_discardable_card_plus_the_lowest():
    deck, dealer = shortfall_deal()
    done = deal(deck, dealer)
    hand = done.hands[3]
    assert len(hand) == 34 and done.excess(3) == 13
    free = [c for c in hand if discardable(c)]
    assert len(free) == 8
    # 5 extras: T2..T5 (3 points each), then one card of 5 points, the player's choice
    auto = auto_discards(hand)
    assert set(free) <= set(auto)
    assert sorted(str(c) for c in auto if not discardable(c)) == ["M", "T2", "T3", "T4", "T5"]
    check_discards(hand, auto, seat=3)
    five_point_choices = ["M", "T1", "T10", "T13", "T20", "KC", "KD", "KS", "KB", "T28", "T30"]
    for extra in five_point_choices:
        check_discards(hand, free + cards(f"T2 T3 T4 T5 {extra}"), seat=3)


def test_shortfall_refusals():
    deck, dealer = shortfall_deal()
    hand = deal(deck, dealer).hands[3]
    free = [c for c in hand if discardable(c)]
    with pytest.raises(IllegalActionError, match=r"T29 is never discarded \(rules 7\.3\)"):
        check_discards(hand, free + cards("T2 T3 T4 T5 T29"), seat=3)
    with pytest.raises(IllegalActionError, match=r"lowest-valued.*7\.3"):
        check_discards(hand, free + cards("T2 T3 T4 T36 M"), seat=3)
    with pytest.raises(IllegalActionError, match=r"lowest-valued"):
        check_discards(hand, free + cards("T2 T3 T4 T1 M"), seat=3)
    with pytest.raises(IllegalActionError, match=r"must be discarded too \(rules 7\.3\)"):
        check_discards(hand, free[1:] + cards("T2 T3 T4 T5 M T1"), seat=3)


def test_deck_and_dealer_are_checked():
    deck = cards(" ".join(EXAMPLE_DECK))
    with pytest.raises(CardaviaError, match="97 cards, this one 96"):
        deal(deck[1:], 0)
    with pytest.raises(CardaviaError, match="M missing"):
        deal([deck[1]] + deck[1:], 0)
    for bad in (4, -1, True, "2"):
        with pytest.raises(CardaviaError, match="dealer is a seat"):
            deal(deck, bad)
    with pytest.raises(CardaviaError, match="given twice"):
        contracts.deal(deck=["M"] + EXAMPLE_DECK[1:-1] + ["M"], dealer=0)


# ---------------------------------------------------------------- properties

ROBBABLE = [c for c in PACK if robbable_by_cutter(c)]


@st.composite
def decks(draw: st.DrawFn) -> list[Card]:
    """A shuffled pack, often with many robbable cards moved to the bottom."""
    deck = list(draw(st.permutations(PACK)))
    lift = draw(st.integers(0, 30))
    chosen = draw(st.permutations(ROBBABLE))[:lift]
    rest = [c for c in deck if c not in set(chosen)]
    return rest + list(chosen)


@given(decks(), st.integers(0, 3))
def test_every_card_is_accounted_for_through_deal_and_discards(deck, dealer):
    done = deal(deck, dealer)
    r1, r2 = len(done.cutter_robbed), len(done.dealer_robbed)
    assert 0 <= r1 <= 13 and 0 <= r2 <= 13 - r1
    assert list(done.cutter_robbed) == [deck[96 - i] for i in range(r1)]
    assert all(robbable_by_cutter(c) for c in done.cutter_robbed)
    assert r1 == 13 or not robbable_by_cutter(deck[96 - r1])
    assert all(not robbable_by_dealer(c) for c in done.fola)
    assert len(done.fola) == 13 - r1 - r2
    assert all(len(d) == 21 for d in done.dealt)
    assert [len(h) for h in done.hands] == [
        21 + (r1 if s == done.cutter else r2 if s == dealer else 0) for s in range(4)
    ]
    everything = [c for h in done.hands for c in h] + list(done.fola)
    assert sorted(everything) == list(PACK)
    assert done.exposed == deck[83] and done.exposed in done.hands[dealer]
    assert sum(e.points for e in done.events) == (
        total_points(done.cutter_robbed) + deck[83].points + total_points(done.dealer_robbed)
    )
    # the discards: cutter first, then dealer, back to 21 each
    discards: list[Card] = []
    hands = [list(h) for h in done.hands]
    for seat in (done.cutter, dealer):
        chosen = auto_discards(hands[seat])
        assert len(chosen) == done.excess(seat)
        if chosen:
            check_discards(hands[seat], chosen, seat=seat)
        assert T29 not in chosen
        hands[seat] = [c for c in hands[seat] if c not in chosen]
        discards += chosen
    assert [len(h) for h in hands] == [21] * 4
    assert sorted([c for h in hands for c in h] + discards + list(done.fola)) == list(PACK)


@given(decks(), st.integers(0, 3))
def test_auto_discards_are_the_lowest_legal_choice(deck, dealer):
    done = deal(deck, dealer)
    for seat in (done.cutter, dealer):
        hand = done.hands[seat]
        chosen = auto_discards(hand)
        free = [c for c in hand if discardable(c)]
        if len(free) >= len(chosen):
            assert chosen == free[: len(chosen)]
        else:
            assert set(free) < set(chosen)
