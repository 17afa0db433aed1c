"""Si Se Pai cards: the pack, the notation and the canonical order (rules sections 2, 3; E2)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardavia_cli.engine.errors import CardaviaError, CardError
from cardavia_cli.games.sisepai import GAME
from cardavia_cli.games.sisepai.cards import (
    CODES,
    COPIES,
    FLOWER,
    PACK,
    PACK_SIZE,
    canonical,
    card_name,
    card_str,
    cards_str,
    colour_of,
    counts_of,
    expand,
    is_general,
    parse_card,
    parse_cards,
    piece_of,
)


def test_pack_has_117_cards_of_29_codes():
    assert len(PACK) == PACK_SIZE == 117
    assert len(CODES) == 29
    assert len(set(PACK)) == 29
    copies = Counter(PACK)
    assert copies["F"] == 5
    assert all(copies[c] == 4 for c in CODES if c != "F")
    assert sum(1 for c in PACK if c != "F") == 112
    assert COPIES == (4,) * 28 + (5,)


def test_pack_is_in_canonical_order():
    # rules E13: deck[4k .. 4k+3] are the four copies of code index k, deck[112..116] the flowers
    for k in range(28):
        assert PACK[4 * k : 4 * k + 4] == (CODES[k],) * 4
    assert PACK[112:] == ("F",) * 5
    assert [parse_card(c) for c in PACK] == sorted(parse_card(c) for c in PACK)


def test_codes_are_colour_then_piece():
    assert CODES[:7] == ("rK", "rA", "rE", "rR", "rH", "rC", "rP")
    assert [c[0] for c in CODES[:28]] == [c for c in "rywg" for _ in range(7)]
    assert [c[1] for c in CODES[:28]] == list("KAERHCP") * 4


@pytest.mark.parametrize(
    ("code", "index"),
    [("rK", 0), ("rP", 6), ("yK", 7), ("wP", 20), ("gP", 27), ("F", 28), ("wR", 17), ("gK", 21)],
)
def test_canonical_order_indexes(code, index):
    assert parse_card(code) == index
    assert card_str(index) == code


def test_index_formula():
    for ci, colour in enumerate("rywg"):
        for pi, piece in enumerate("KAERHCP"):
            idx = parse_card(colour + piece)
            assert idx == 7 * ci + pi
            assert colour_of(idx) == ci
            assert piece_of(idx) == pi
    assert colour_of(FLOWER) == piece_of(FLOWER) == -1


def test_generals_and_names():
    assert [CODES[c] for c in range(29) if is_general(c)] == ["rK", "yK", "wK", "gK"]
    assert not is_general(FLOWER)
    assert card_name(0) == "red General"
    assert card_name(27) == "green Soldier"
    assert card_name(FLOWER) == "flower"


@pytest.mark.parametrize(
    ("alias", "code"),
    [
        # rules E2
        ("red-general", "rK"),
        ("GREEN_SOLDIER", "gP"),
        ("Wr", "wR"),
        ("yellow-horse", "yH"),
        ("flower", "F"),
        ("f", "F"),
        ("white-cannon", "wC"),
        ("RK", "rK"),
        ("green-advisor", "gA"),
        ("Yellow-Elephant", "yE"),
        # rules 3.2: more spellings
        ("rk", "rK"),
        ("Rk", "rK"),
        ("WR", "wR"),
        ("fl", "F"),
        ("FL", "F"),
        ("Flower", "F"),
        ("F", "F"),
        ("red_king", "rK"),
        ("yellow-adviser", "yA"),
        ("white_guard", "wA"),
        ("GREEN-MANDARIN", "gA"),
        ("red-minister", "rE"),
        ("yellow-rook", "yR"),
        ("white-car", "wR"),
        ("green-knight", "gH"),
        ("red-horseman", "rH"),
        ("yellow-catapult", "yC"),
        ("white-pawn", "wP"),
        ("green-chariot", "gR"),
    ],
)
def test_aliases_accepted(alias, code):
    assert canonical(alias) == code
    assert GAME.parse_card(alias) == code


@pytest.mark.parametrize(
    "bad",
    [
        "F1",
        "red",
        "xK",
        "rX",
        "red-flower",
        "",
        "rKK",
        "r K",
        "red general",
        "redgeneral",
        "K",
        "FF",
        "purple-general",
        "red-queen",
        "gP,",
    ],
)
def test_aliases_rejected(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert isinstance(info.value, CardaviaError)
    assert isinstance(info.value, ValueError)
    assert repr(bad) in str(info.value)


def test_case_insensitive_for_every_code():
    for code in CODES:
        for variant in {code, code.lower(), code.upper(), code.swapcase()}:
            assert canonical(variant) == code


def test_parse_cards_and_formatting():
    assert parse_cards(["rk", "F", "green_soldier"]) == [0, 28, 27]
    with pytest.raises(CardError):
        parse_cards(["rK", "bogus", "gP"])
    assert cards_str([0, 28, 27]) == "rK F gP"
    assert counts_of([0, 0, 28])[0] == 2
    assert expand(counts_of([28, 5, 0, 5])) == [0, 5, 5, 28]


def test_game_info_pack_check():
    GAME.check_deck(PACK)
    with pytest.raises(ValueError, match="116 cards"):
        GAME.check_deck(PACK[1:])
    with pytest.raises(ValueError, match=r"rK x5"):
        GAME.check_deck(("rK",) + PACK[1:] + ("rK",))
