"""Guandan cards: the deck, the notation, single strength, wild cards, hand order, taking one
of two identical cards, the deal (rules sections 2, 3, 5.2, 6.1, 6.2; E36)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardError, DealFileError, IllegalActionError
from cardavia_cli.games.guandan.cards import (
    CODES,
    DECK,
    DECK_SIZE,
    HAND_SIZE,
    Card,
    canonical_sort,
    cards_of,
    check_copies,
    code_str,
    deal,
    deck_of,
    format_hand,
    hand_order,
    is_wild,
    level_str,
    parse_cards,
    parse_code,
    parse_codes,
    parse_level,
    single_value,
    take,
    wild_code,
)

RANK_LETTERS = "23456789TJQKA"


def test_deck_has_108_cards_each_face_twice():
    assert len(DECK) == DECK_SIZE == 108 == 4 * HAND_SIZE
    faces = Counter(str(c) for c in DECK)
    assert len(faces) == 54
    assert set(faces.values()) == {2}
    assert faces["BJ"] == faces["RJ"] == 2
    assert sum(1 for c in DECK if c.code < 52) == 104
    assert len(set(DECK)) == 108  # the two copies are different cards


def test_deck_is_in_canonical_order():
    # E36: pack 1 then pack 2, each listed 2S 2H 2D 2C 3S ... AS AH AD AC BJ RJ
    pack = [r + s for r in RANK_LETTERS for s in "SHDC"] + ["BJ", "RJ"]
    assert [str(c) for c in DECK] == pack + pack
    assert [c.index for c in DECK] == list(range(108))
    assert [c.copy for c in DECK] == [0] * 54 + [1] * 54
    assert sorted(DECK) == list(DECK)
    assert canonical_sort(reversed(DECK)) == list(DECK)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TH", "TH"),
        ("th", "TH"),
        ("Th", "TH"),
        ("tH", "TH"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("2s", "2S"),
        ("as", "AS"),
        ("qc", "QC"),
        ("bj", "BJ"),
        ("Bj", "BJ"),
        ("RJ", "RJ"),
        ("rj", "RJ"),
        (" 9d ", "9D"),
    ],
)
def test_notation_and_aliases(text, canonical):
    assert code_str(parse_code(text)) == canonical
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", "1H", "11H", "0H", "T", "H", "TX", "HT", "10", "B", "J", "JK", "XJ", "²H", "1０H"]
)
def test_bad_card_text_is_a_card_error(text):
    with pytest.raises(CardError, match="unknown card"):
        parse_code(text)


def test_every_face_parses_back_from_its_text():
    assert [parse_code(t) for t in CODES] == list(range(54))
    for card in DECK:
        assert Card.parse(str(card), copy=card.copy) == card
        assert eval(repr(card), {"Card": Card}) == card


def test_a_face_at_most_twice():
    assert parse_codes(["9S", "9s"]) == [parse_code("9S")] * 2
    with pytest.raises(CardError, match="9S appears more than twice"):
        parse_codes(["9S", "9S", "9s"])
    with pytest.raises(CardError):
        check_copies([52, 52, 52])
    with pytest.raises(CardError):
        cards_of([0, 0, 0])


def test_cards_of_gives_the_two_copies_in_turn():
    cards = parse_cards(["9S", "BJ", "9S"])
    assert [(str(c), c.copy) for c in cards] == [("9S", 0), ("BJ", 0), ("9S", 1)]
    assert cards[0] != cards[2]


@pytest.mark.parametrize(
    ("text", "level"),
    [("2", 2), ("9", 9), ("T", 10), ("t", 10), ("10", 10), ("j", 11), ("Q", 12), ("K", 13)]
    + [("a", 14), ("A", 14)],
)
def test_levels(text, level):
    assert parse_level(text) == level
    assert level_str(level) == text.upper().replace("10", "T")


@pytest.mark.parametrize("text", ["1", "0", "11", "²", "BJ", "", "AA", "14"])
def test_bad_levels(text):
    with pytest.raises(CardError, match="unknown level"):
        parse_level(text)


@pytest.mark.parametrize("level", range(2, 15))
def test_single_strength_at_every_level(level):
    # 6.1: RJ > BJ > L > A > K > ... > 2, L left out of its natural place
    order = [r for r in range(2, 15) if r != level] + [level]
    expected_values = {**{r: r for r in range(2, 15)}, level: 15}
    for r in range(2, 15):
        for suit in "SHDC":
            code = parse_code(RANK_LETTERS[r - 2] + suit)
            assert single_value(code, level) == expected_values[r]
    assert single_value(parse_code("BJ"), level) == 16
    assert single_value(parse_code("RJ"), level) == 17
    # the level rank's four suits, wild hearts included, are all 15
    letter = level_str(level)
    assert {single_value(parse_code(letter + s), level) for s in "SHDC"} == {15}
    # the order of ranks by strength
    by_strength = sorted(range(2, 15), key=lambda r: expected_values[r])
    assert by_strength == order


@pytest.mark.parametrize("level", range(2, 15))
def test_wild_cards_are_the_hearts_of_the_level_rank(level):
    letter = level_str(level)
    wild = [c for c in range(54) if is_wild(c, level)]
    assert [code_str(c) for c in wild] == [letter + "H"]
    assert wild_code(level) == parse_code(letter + "H")
    assert sum(1 for card in DECK if card.is_wild(level)) == 2
    # jokers and the other suits of the level rank are not wild
    for text in ["BJ", "RJ", letter + "S", letter + "D", letter + "C"]:
        assert not is_wild(parse_code(text), level)


@pytest.mark.parametrize("level", range(2, 15))
def test_hand_order_at_every_level(level):
    hand = list(DECK[:54])
    ordered = hand_order(reversed(hand), level)
    values = [c.value(level) for c in ordered]
    assert values == sorted(values)
    # within a value, suits S H D C
    for a, b in zip(ordered, ordered[1:], strict=False):
        if a.value(level) == b.value(level):
            assert (a.suit, a.copy) < (b.suit, b.copy)
    letter = level_str(level)
    texts = [str(c) for c in ordered]
    assert texts[-6:] == [letter + s for s in "SHDC"] + ["BJ", "RJ"]
    shown = format_hand(hand, level).split()
    assert shown.count(letter + "H*") == 1
    assert sum(1 for t in shown if t.endswith("*")) == 1


def test_hand_order_example():
    # level 7: 7S and the wild 7H sit above the aces, below the jokers
    cards = parse_cards("RJ 7H AS 2C 7S BJ 2S 7D".split())
    assert format_hand(cards, 7) == "2S 2C AS 7S 7H* 7D BJ RJ"
    # level 2: the twos rank above the aces; no wild card in this hand
    assert format_hand(cards, 2) == "7S 7H 7D AS 2S 2C BJ RJ"


def test_take_removes_only_one_of_two_identical_cards():
    hand = parse_cards("9S 9S 9D KH".split())
    first, second = hand[0], hand[1]
    assert first.code == second.code and first != second
    taken, rest = take(hand, [parse_code("9S")])
    assert taken == [first]
    assert rest == [second, hand[2], hand[3]]
    assert len(rest) == 3
    taken, rest = take(hand, parse_codes(["9S", "9S", "9D"]))
    assert taken == hand[:3] and rest == [hand[3]]


def test_take_prefers_the_lower_copy_whatever_the_hand_order():
    second_copy = Card.parse("9S", copy=1)
    hand = [second_copy, Card.parse("KH"), Card.parse("9S")]
    taken, rest = take(hand, [parse_code("9S")])
    assert taken == [Card.parse("9S")]
    assert rest == [second_copy, Card.parse("KH")]


def test_take_refuses_cards_not_held():
    hand = parse_cards("9S 9D".split())
    with pytest.raises(IllegalActionError, match="9S is not in the hand often enough"):
        take(hand, parse_codes(["9S", "9S"]))
    with pytest.raises(IllegalActionError, match="rule 8.2"):
        take(hand, [parse_code("BJ")])


@given(st.permutations(list(range(108))))
def test_take_keeps_every_other_card(order):
    hand = [DECK[i] for i in order[:27]]
    codes = [c.code for c in hand[::3]]
    taken, rest = take(hand, codes)
    assert sorted(taken + rest) == sorted(hand)
    assert [c.code for c in taken] == codes
    assert len(rest) == 27 - len(codes)


def test_deal_e36():
    hands = deal(DECK)
    assert [len(h) for h in hands] == [27] * 4
    assert [str(c) for c in hands[0][:3]] == ["2S", "3S", "4S"]
    assert str(hands[0][13]) == "BJ" and hands[0][13].index == 52
    assert [str(c) for c in hands[1][:3]] == ["2H", "3H", "4H"]
    assert str(hands[1][13]) == "RJ" and hands[1][13].index == 53
    assert str(hands[2][13]) == "2S" and hands[2][13].index == 54
    assert str(hands[3][12]) == "AC" and hands[3][12].index == 51
    assert str(hands[2][-1]) == "BJ" and hands[2][-1].index == 106
    assert str(hands[3][-1]) == "RJ" and hands[3][-1].index == 107
    for seat, hand in enumerate(hands):
        assert [c.index for c in hand] == list(range(seat, 108, 4))


def test_deal_from_card_texts():
    texts = [str(c) for c in DECK]
    deck = deck_of(texts)
    assert deck == list(DECK)
    assert deal(deck) == deal(DECK)


def test_deal_refuses_a_deck_that_is_not_the_pack():
    with pytest.raises(DealFileError):
        deal(DECK[:107])
    with pytest.raises(DealFileError):
        deal(list(DECK[:107]) + [DECK[0]])
    with pytest.raises(DealFileError, match="108 cards, not 107"):
        deck_of([str(c) for c in DECK[:107]])
    with pytest.raises(CardError):
        deck_of([str(c) for c in DECK[:107]] + ["2S"])


def test_card_refuses_bad_codes():
    with pytest.raises(CardError):
        Card(54)
    with pytest.raises(CardError):
        Card(3, copy=2)
