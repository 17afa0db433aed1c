"""Minchiate cards: the pack, the notation and its aliases, the canonical order and the card
points (rules sections 2, 3; worked example 1)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardaviaError, CardError
from cardavia_cli.games.minchiate.cards import (
    CODES,
    MATTO,
    PACK,
    PACK_SIZE,
    RANKS,
    T29,
    Card,
    card_points,
    cards_str,
    parse_card,
    parse_card_set,
    parse_cards,
    sort_cards,
    suit_card,
    total_points,
    trump,
)
from cardavia_cli.games.minchiate.contracts import card_points as card_points_fn


def test_pack_has_97_distinct_cards_in_groups():
    assert len(PACK) == PACK_SIZE == 97
    assert len(set(CODES)) == 97
    groups = Counter(c.suit for c in PACK)
    assert groups == {"T": 40, None: 1, "C": 14, "D": 14, "S": 14, "B": 14}


def test_canonical_order_is_matto_trumps_then_suits():
    assert CODES[:4] == ("M", "T1", "T2", "T3")
    assert CODES[40] == "T40"
    cups = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC".split()
    assert list(CODES[41:55]) == cups
    assert [CODES[41 + 14 * i][-1] for i in range(4)] == ["C", "D", "S", "B"]
    assert CODES[-1] == "KB"
    shuffled = [PACK[i] for i in (96, 0, 55, 40, 41, 1, 69, 83)]
    assert cards_str(sort_cards(shuffled)) == "M T1 T40 AC AD AS AB KB"


def test_card_value_type():
    ks = parse_card("KS")
    assert str(ks) == "KS"
    assert repr(ks) == "Card.parse('KS')"
    assert eval(repr(ks)) == ks  # noqa: S307 - the repr rebuilds the value
    assert Card.parse("ks") is ks
    assert (ks.suit, ks.rank, ks.number, ks.is_king, ks.is_trump) == ("S", "K", 0, True, False)
    assert (MATTO.suit, MATTO.rank, MATTO.is_matto, MATTO.is_trump) == (None, None, True, False)
    assert (trump(7).suit, trump(7).number, trump(7).rank) == ("T", 7, None)
    assert suit_card("10", "D") == parse_card("10D")
    assert ks.name == "Re of Swords" and MATTO.name == "the Matto" and T29.name == "trump 29"
    with pytest.raises(AttributeError):
        ks.index = 3
    for bad in (-1, 97, True, "3"):
        with pytest.raises(CardError):
            Card(bad)
    for bad_number in (0, 41, True):
        with pytest.raises(CardError):
            trump(bad_number)
    with pytest.raises(CardError):
        suit_card("1", "C")


# rules 13.1
@pytest.mark.parametrize(
    ("text", "points"), [("T29", 0), ("t4", 3), ("Fool", 5), ("KB", 5), ("T36", 10)]
)
def test_worked_example_1_card_points(text, points):
    assert card_points(parse_card(text)) == points
    assert card_points_fn(text) == points


def test_pack_totals_142_with_25_counting_cards():
    assert total_points(PACK) == 142
    assert sum(1 for c in PACK if c.is_counting) == 25
    assert not T29.is_counting


def test_points_table_2_2_row_by_row():
    by_points: dict[int, list[str]] = {}
    for card in PACK:
        by_points.setdefault(card.points, []).append(str(card))
    assert by_points[10] == ["T36", "T37", "T38", "T39", "T40"]
    assert by_points[5] == (
        ["M", "T1", "T10", "T13", "T20", "T28"]
        + ["T30", "T31", "T32", "T33", "T34", "T35"]
        + ["KC", "KD", "KS", "KB"]
    )
    assert by_points[3] == ["T2", "T3", "T4", "T5"]
    assert len(by_points[0]) == 97 - 25
    assert sorted(by_points) == [0, 3, 5, 10]


@pytest.mark.parametrize(
    ("alias", "code"),
    [
        ("M", "M"),
        ("m", "M"),
        ("T0", "M"),
        ("t0", "M"),
        ("matto", "M"),
        ("MATTO", "M"),
        ("fool", "M"),
        ("Fool", "M"),
        ("excuse", "M"),
        ("EXCUSE", "M"),
        ("t7", "T7"),
        ("T40", "T40"),
        ("t29", "T29"),
        ("1c", "AC"),
        ("1D", "AD"),
        ("1s", "AS"),
        ("1B", "AB"),
        ("ac", "AC"),
        ("10d", "10D"),
        ("nc", "NC"),
        ("jB", "JB"),
        ("qs", "QS"),
        (" KS ", "KS"),
    ],
)
def test_aliases_accepted(alias, code):
    assert str(parse_card(alias)) == code


@pytest.mark.parametrize(
    "bad",
    [
        "TC",
        "T07",
        "T00",
        "T41",
        "T-1",
        "T",
        "11C",
        "0C",
        "01C",
        "1T",
        "KX",
        "K",
        "C",
        "",
        "T 7",
        "K S",
        "KS,",
        "joker",
        "T\u00b2",  # a superscript two: isdigit() accepts it, the notation does not
        "\u00b2C",
        "\u212aS",  # the Kelvin sign lower-cases to an ASCII k
        "\uff2bS",  # a full-width K
        "T\u0663",  # an Arabic-Indic three
    ],
)
def test_aliases_rejected(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert isinstance(info.value, CardaviaError)
    assert isinstance(info.value, ValueError)
    assert repr(bad) in str(info.value)
    assert "not a Minchiate card" in str(info.value)


def test_rejection_names_the_notation():
    # rules 3.2: "`TC` is not a Minchiate card: tens are written `10C`, trumps `T1`..`T40`"
    with pytest.raises(CardError, match=r"'TC' is not a Minchiate card: tens are written 10C"):
        parse_card("TC")
    with pytest.raises(CardError, match=r"tens are written 10B, trumps T1\.\.T40"):
        parse_card("tb")
    with pytest.raises(CardError, match=r"trumps are T1\.\.T40"):
        parse_card("T41")


def test_every_code_parses_in_any_case():
    for card in PACK:
        code = str(card)
        for variant in {code, code.lower(), code.upper(), code.swapcase()}:
            assert parse_card(variant) is card


def test_parse_cards_and_sets():
    assert cards_str(parse_cards(["fool", "t7", "1c"])) == "M T7 AC"
    assert cards_str(parse_card_set(["KS", "M", "T1"])) == "KS M T1"
    with pytest.raises(CardError, match="KS is given twice"):
        parse_card_set(["KS", "ks"])
    with pytest.raises(CardError, match="M is given twice"):
        parse_card_set(["fool", "T0"])
    with pytest.raises(CardError, match="'bogus'"):
        parse_cards(["KS", "bogus"])


@given(st.permutations(PACK))
def test_sort_is_the_canonical_index_order(deck):
    assert sort_cards(deck) == list(PACK)


def test_card_hash_and_properties_match_the_generated_ones():
    """Cards hash as the generated dataclass hash did (so the order of every set or dict of
    cards, and with it every decision, is unchanged), and the looked-up suit and rank are
    those computed from the index (rules 2.1)."""
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class Plain:
        index: int

    for card in PACK:
        assert hash(card) == hash(Plain(card.index))
        i = card.index
        suit = None if i == 0 else "T" if i <= 40 else "CDSB"[(i - 41) // 14]
        rank = None if i <= 40 else RANKS[(i - 41) % 14]
        assert (card.suit, card.rank, card.is_king) == (suit, rank, rank == "K")
    assert PACK[54] == Card(54) and PACK[54] != PACK[55] and PACK[54] != 54
    assert str(PACK[54]) == "KC" and PACK[54].is_king and not PACK[41].is_king
