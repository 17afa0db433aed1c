"""Guandan combinations: classification with wild cards, beating, the ``as TYPE KEY`` text and
the choice of an interpretation (rules sections 6, 8.3, 13; worked examples E1-E23), plus the
published acceptance cases as data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import (
    AmbiguousActionError,
    CardError,
    IllegalActionError,
    InvalidActionError,
)
from cardavia_cli.games.guandan.cards import Card, level_str, parse_cards, parse_codes, parse_level
from cardavia_cli.games.guandan.combos import (
    ALL_INTERPRETATIONS,
    TYPES,
    Interpretation,
    beats,
    candidates,
    classify,
    interpretation,
    outranks,
    parse_key,
    resolve,
    strength,
)

DATA = Path(__file__).resolve().parent / "data"
RANK_LETTERS = "23456789TJQKA"


def cls(cards: str, level: str) -> list[str]:
    """``classify`` as ``"type rank"`` texts (size left out where fixed by the type)."""
    out = []
    for i in classify(parse_codes(cards.split()), parse_level(level)):
        out.append(f"{i.type} {i.rank}" + (f" x{i.size}" if i.type == "bomb" else ""))
    return out


def I(type_: str, rank: int, size: int | None = None) -> Interpretation:  # noqa: E743
    return interpretation(type_, rank, size)


# ---------------------------------------------------------------- classification, E1-E15


@pytest.mark.parametrize(
    ("name", "level", "cards", "expected"),
    [
        (
            "E1",
            "2",
            "2H 3S 4S 5S 6S",
            ["straight 6", "straight 7", "straight_flush 6", "straight_flush 7"],
        ),
        ("E2", "9", "AS 2D 3C 4H 5S", ["straight 5"]),
        ("E3", "9", "TD JS QH KC AS", ["straight 14"]),
        ("E4", "9", "QS KD AC 2H 3S", []),
        ("E5", "7", "5S 6D 7C 8H 9S", ["straight 9"]),
        ("E6", "9", "8S 8D 8C BJ BJ", ["full_house 8"]),
        ("E7", "9", "8S 8D 8C BJ RJ", []),
        ("E8", "3", "3H 3H 9S 9D 9C", ["full_house 9", "bomb 9 x5"]),
        ("E9", "7", "7S 7D QC QD 7H", ["full_house 12", "full_house 15"]),
        ("E10", "K", "KH AS AD 2S 2D 3S", ["tube 3"]),
        ("E11", "5", "5H 5H", ["pair 15"]),
        ("E12", "5", "5H", ["single 15"]),
        ("E13", "5", "5H BJ", []),
        ("E15", "Q", "QS QD QC KS KD KH", ["plate 13"]),
    ],
)
def test_worked_classification_examples(name, level, cards, expected):
    assert cls(cards, level) == expected, name


@pytest.mark.parametrize("level", RANK_LETTERS)
def test_e14_joker_bomb_at_any_level(level):
    assert cls("BJ BJ RJ RJ", level) == ["joker_bomb 17"]


def test_sizes_are_the_number_of_cards():
    found = classify(parse_codes("3H 3H 9S 9D 9C".split()), 3)
    assert [i.to_json() for i in found] == [
        {"type": "full_house", "rank": 9, "size": 5},
        {"type": "bomb", "rank": 9, "size": 5},
    ]


@pytest.mark.parametrize(
    ("level", "cards", "expected"),
    [
        # sequences: exact lengths, no wrap, ace low or high, the level rank in its place
        ("9", "KS AD 2C 3H 4S", []),
        ("9", "9S TD JC QH KS", ["straight 13"]),
        ("2", "2S 3S 4S 5S 6S", ["straight 6", "straight_flush 6"]),
        ("9", "AS AD 2S 2D 3S 3D", ["tube 3"]),
        ("9", "QS QD KS KD AS AD", ["tube 14"]),
        ("9", "KS KD AS AD 2S 2D", []),
        ("9", "AS AD AC 2S 2D 2C", ["plate 2"]),
        ("9", "KS KD KC AS AD AC", ["plate 14"]),
        ("9", "AS AD AC 2S 2D 3C", []),
        ("9", "3S 3D 4S 4D 5S 5D 6S 6D", []),
        ("9", "3S 4S 5S 6S 7S 8S", []),
        ("9", "3S 3D 3C 4S 4D 4C 5S 5D 5C", []),
        # no triple plus a single, no four-with-two, no BJ RJ pair, no three jokers
        ("9", "4S 4D 4C 8S", []),
        ("9", "4S 4D 4C 4H 8S 8D", []),
        ("9", "BJ RJ", []),
        ("9", "BJ BJ RJ", []),
        ("9", "BJ BJ", ["pair 16"]),
        ("9", "RJ RJ", ["pair 17"]),
        ("9", "RJ RJ 4S 4D 4C", ["full_house 4"]),
        ("9", "BJ BJ 9S 9D 9C", ["full_house 15"]),
        # five of one rank is a bomb, never a full house; bombs up to ten cards
        ("9", "4S 4D 4C 4H 4S", ["bomb 4 x5"]),
        ("2", "8S 8S 8D 8D 8C 8C 8H 8H 2H 2H", ["bomb 8 x10"]),
        ("2", "BJ BJ RJ RJ 2H", []),
        ("9", "4S 4D 4C 4H BJ", []),
        # a level pair and a level triple count 15; a level bomb of eight with its wilds
        ("7", "7S 7D", ["pair 15"]),
        ("7", "7S 7C 7H", ["triple 15"]),
        ("7", "7S 7S 7D 7D 7C 7C 7H 7H", ["bomb 15 x8"]),
        # wild cards: never jokers; anything else
        ("5", "5H BJ BJ", []),
        ("5", "5H RJ", []),
        ("5", "5H 5H BJ BJ", []),
        ("5", "5H 5H RJ RJ 9S", ["full_house 9"]),
        ("5", "5H 9S", ["pair 9"]),
        ("5", "5H 5S", ["pair 15"]),
        ("5", "5H 5H 9S", ["triple 9"]),
        ("5", "5H 5H 9S 9D", ["bomb 9 x4"]),
        ("5", "5H 5H 9S 9D QC QD", []),  # 9 and Q fit no three ranks
        ("5", "5H 5H 9S JD QC", ["straight 12", "straight 13"]),
        ("5", "5H 5H 9S 9D TC TD", ["tube 10", "tube 11", "plate 10"]),
        ("5", "5H 5H 9S 9D 9C TD", ["plate 10"]),
        ("5", "5H 5H 9S 9D JC JD", ["tube 11"]),
        ("5", "5H 5H AS AD 2C 2D", ["tube 3", "plate 2"]),
        ("5", "5H 5H KS KD AC AD", ["tube 14", "plate 14"]),
    ],
)
def test_classification_cases(level, cards, expected):
    assert cls(cards, level) == expected


def test_wild_heart_at_both_edges_of_a_straight():
    # level 5: the wild 5H is a 9 below T..K or an A above it
    assert cls("5H TS JS QD KC", "5") == ["straight 13", "straight 14"]
    # ... but nothing above an ace: J Q K A with a wild is only T..A
    assert cls("5H JS QD KC AS", "5") == ["straight 14"]
    # ... and nothing below a low ace: A 2 3 4 with a wild is only A..5
    assert cls("5H AS 2D 3C 4S", "5") == ["straight 5"]
    # two wilds: at both edges, or both at one edge
    assert cls("5H 5H 7S 8D 9C", "5") == ["straight 9", "straight 10", "straight 11"]


def test_wild_heart_inside_a_straight_flush():
    # level 8: the wild 8H stands for 8S inside 6S 7S _ 9S TS
    assert cls("6S 7S 8H 9S TS", "8") == ["straight 10", "straight_flush 10"]
    # two wilds inside, and at the edges
    assert cls("6S 8H 8H 9S TS", "8") == ["straight 10", "straight_flush 10"]
    assert cls("8H 7D 8H 9D TD", "8") == [
        "straight 10",
        "straight 11",
        "straight_flush 10",
        "straight_flush 11",
    ]
    # a non-wild card of another suit breaks the flush
    assert cls("6S 7S 8H 9D TS", "8") == ["straight 10"]


def test_classify_takes_cards_or_codes():
    cards = parse_cards("9S 9S 9D".split())
    assert classify(cards, 2) == classify([c.code for c in cards], 2) == [I("triple", 9)]
    assert classify([Card.parse("9S"), Card.parse("9S", copy=1)], 2) == [I("pair", 9)]


def test_classify_refuses_a_face_three_times():
    with pytest.raises(CardError):
        classify(parse_codes(["9S", "9S"]) * 2, 2)


def test_empty_and_oversized_plays_are_nothing():
    assert classify([], 2) == []
    assert cls("3S 3S 3D 3D 3C 3C 3H 3H 2H 2H 4S", "2") == []


# ---------------------------------------------------------------- beating, E16-E23


def bt(play: str, level: str, previous: str | None, prev_as: tuple[str, int] | None, chosen=None):
    lv = parse_level(level)
    prev = None
    if previous is not None:
        readings = classify(parse_codes(previous.split()), lv)
        prev = next(i for i in readings if (i.type, i.rank) == prev_as)
    return beats(parse_codes(play.split()), chosen, prev, lv)


@pytest.mark.parametrize(
    ("name", "level", "play", "previous", "prev_as", "chosen", "expected"),
    [
        ("E16", "3", "3D 3C", "AS AD", ("pair", 14), None, True),
        ("E17", "2", "6S 7S 8S 9S TS", "KS KD KC KH KS", ("bomb", 13), None, True),
        ("E18", "2", "4S 4D 4C 4H 4S 4D", "9H TH JH QH KH", ("straight_flush", 13), None, True),
        (
            "E19",
            "2",
            "BJ BJ RJ RJ",
            "8S 8S 8D 8D 8C 8C 8H 8H 2H 2H",
            ("bomb", 8),
            None,
            True,
        ),
        ("E20", "2", "6S 7S 8S 9S TS", "9D TC JD QS KH", ("straight", 13), ("straight", 10), False),
        ("E20b", "2", "6S 7S 8S 9S TS", "9D TC JD QS KH", ("straight", 13), None, True),
        ("E21", "7", "7H", "AS", ("single", 14), None, True),
        ("E22", "2", "AS AD AC", "2S 2D 2C", ("triple", 15), None, False),
        ("E23", "K", "2S 3S 4S 5S 6S", "AD 2C 3D 4S 5S", ("straight", 5), None, True),
    ],
)
def test_worked_beating_examples(name, level, play, previous, prev_as, chosen, expected):
    assert bt(play, level, previous, prev_as, chosen) is expected, name


def test_leads():
    # previous None: "is this a legal lead (under the given interpretation)?"
    assert bt("BJ BJ RJ RJ", "2", None, None) is True
    assert bt("4S 4D 4C 4H", "2", None, None) is True  # bombs may be led
    assert bt("BJ RJ", "2", None, None) is False
    assert bt("7H", "7", None, None, ("single", 15)) is True
    assert bt("7H", "7", None, None, ("single", 2)) is False  # never "as" a lower single
    assert bt("6S 7S 8S 9S TS", "2", None, None, I("straight_flush", 10)) is True
    assert bt("6S 7S 8S 9S TS", "2", None, None, ("tube", 10)) is False


def test_a_well_formed_play_too_low_to_beat():
    assert bt("9S 9D", "2", "9C 9H", ("pair", 9)) is False  # equal ranks never beat
    assert bt("8S 8D", "2", "9C 9H", ("pair", 9)) is False
    assert bt("TS TD", "2", "9C 9H", ("pair", 9)) is True
    assert bt("3S 4D 5C 6H 7S", "2", "4S 5D 6C 7H 8S", ("straight", 8)) is False
    assert bt("AS 2D 3C 4H 5S", "9", "2S 3D 4C 5H 6S", ("straight", 6)) is False
    assert bt("KS KD KC 5S 5D", "2", "AS AD AC 3S 3D", ("full_house", 14)) is False
    # a higher play of another type never beats
    assert bt("AS AD AC", "2", "3S 3D", ("pair", 3)) is False
    assert bt("QS QD KS KD AS AD", "2", "3S 3D 3C 4S 4D 4C", ("plate", 4)) is False
    assert bt("AS", "2", "3S 3D", ("pair", 3)) is False


def test_a_bomb_led_then_answered_by_a_smaller_and_a_bigger_bomb():
    led = ("bomb", 8)
    five_eights = "8S 8D 8C 8H 8S"
    assert bt("AS AD AC AH", "2", five_eights, led) is False  # 4 cards < 5 cards
    assert bt("7S 7D 7C 7H 7S", "2", five_eights, led) is False  # same size, lower rank
    assert bt("8C 8H 8D 8S 8H", "2", "8S 8D 8C 8H 8S", led) is False  # equal
    assert bt("9S 9D 9C 9H 9S", "2", five_eights, led) is True
    assert bt("3S 3D 3C 3H 3S 3D", "2", five_eights, led) is True  # 6 cards beat 5
    assert bt("3S 4S 5S 6S 7S", "2", five_eights, led) is True  # straight flush beats 5
    # nothing off the ladder ever beats a bomb
    assert bt("AS AD", "2", "3S 3D 3C 3H", ("bomb", 3)) is False
    assert bt("BJ BJ", "2", "3S 3D 3C 3H", ("bomb", 3)) is False


def test_the_bomb_ladder():
    ladder = [
        I("bomb", 3, 4),
        I("bomb", 15, 4),
        I("bomb", 2, 5),
        I("bomb", 15, 5),
        I("straight_flush", 5),
        I("straight_flush", 14),
        I("bomb", 2, 6),
        I("bomb", 14, 6),
        I("bomb", 2, 7),
        I("bomb", 2, 8),
        I("bomb", 15, 8),
        I("bomb", 2, 9),
        I("bomb", 2, 10),
        I("bomb", 14, 10),
        I("joker_bomb", 17),
    ]
    for a, low in enumerate(ladder):
        assert [outranks(high, low) for high in ladder] == [b > a for b in range(len(ladder))]
        assert low.tier > 0
        for off in [I("single", 17), I("pair", 17), I("full_house", 15), I("straight", 14)]:
            assert outranks(low, off) and not outranks(off, low)
    assert [i.tier for i in ladder] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9]


@pytest.mark.parametrize("level", range(2, 15))
def test_comparisons_at_every_level(level):
    letter = level_str(level)
    lower = [r for r in range(2, 15) if r != level]
    # singles: every other rank < the level rank (any suit, the wild too) < BJ < RJ
    for r in lower:
        assert bt(f"{letter}S", letter, f"{RANK_LETTERS[r - 2]}C", ("single", r)) is True
        assert bt(f"{letter}H", letter, f"{RANK_LETTERS[r - 2]}C", ("single", r)) is True
        assert bt(f"{RANK_LETTERS[r - 2]}C", letter, f"{letter}S", ("single", 15)) is False
    assert bt("BJ", letter, f"{letter}D", ("single", 15)) is True
    assert bt(f"{letter}D", letter, "BJ", ("single", 16)) is False
    assert bt("RJ", letter, "BJ", ("single", 16)) is True
    # pairs and bombs of the level rank beat those of the ace; joker pairs above both
    ace = "AS AD" if level != 14 else "KS KD"
    ace_rank = 14 if level != 14 else 13
    assert bt(f"{letter}S {letter}C", letter, ace, ("pair", ace_rank)) is True
    assert bt("BJ BJ", letter, f"{letter}S {letter}C", ("pair", 15)) is True
    four = " ".join(f"{RANK_LETTERS[ace_rank - 2]}{s}" for s in "SHDC")
    assert bt(f"{letter}S {letter}D {letter}C {letter}H", letter, four, ("bomb", ace_rank))
    # sequences keep natural ranks: the straight topped by the level rank stays in place
    if level >= 6:
        low = " ".join(f"{RANK_LETTERS[r - 2]}{'SD'[r % 2]}" for r in range(level - 4, level + 1))
        below = " ".join(f"{RANK_LETTERS[r - 2]}{'SD'[r % 2]}" for r in range(level - 5, level))
        assert cls(low, letter) == [f"straight {level}"]
        assert bt(low, letter, below, ("straight", level - 1)) is True
        assert bt(below, letter, low, ("straight", level)) is False


@given(st.sampled_from(ALL_INTERPRETATIONS), st.sampled_from(ALL_INTERPRETATIONS))
def test_beating_is_a_strict_order_and_agrees_with_strength(a, b):
    assert not (outranks(a, b) and outranks(b, a))
    assert not outranks(a, a)
    if outranks(a, b):
        assert strength(a) > strength(b)
    if a.tier and b.tier:  # the ladder is total except for equal tiers and ranks
        assert outranks(a, b) or outranks(b, a) or (a.tier, a.rank) == (b.tier, b.rank)


# ---------------------------------------------------------------- the TYPE KEY text, 8.3


@pytest.mark.parametrize(
    ("text", "level", "expected"),
    [
        ("straight 7", 2, ("straight", 7)),
        ("STRAIGHT t", 2, ("straight", 10)),
        ("straight 10", 2, ("straight", 10)),
        ("straight 5", 5, ("straight", 5)),  # sequences keep natural values
        ("straight A", 2, ("straight", 14)),
        ("tube 3", 2, ("tube", 3)),
        ("plate 2", 2, ("plate", 2)),
        ("pair 5", 5, ("pair", 15)),  # set types: the level rank counts 15
        ("pair 5", 6, ("pair", 5)),
        ("single bj", 2, ("single", 16)),
        ("pair RJ", 2, ("pair", 17)),
        ("full_house 7", 7, ("full_house", 15)),
        ("bomb A", 2, ("bomb", 14)),
        ("joker_bomb", 2, ("joker_bomb", 17)),
        ("Joker_Bomb", 9, ("joker_bomb", 17)),
    ],
)
def test_parse_key(text, level, expected):
    assert parse_key(text, level) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "straight",
        "straight 1",
        "straight BJ",
        "tube RJ",
        "pair ²",
        "pair 1０",
        "pair 7 8",
        "joker_bomb RJ",
        "airplane 7",
        "7 pair",
        "pair 11",
    ],
)
def test_bad_keys(text):
    with pytest.raises(InvalidActionError):
        parse_key(text, 2)


@pytest.mark.parametrize("level", range(2, 15))
def test_keys_round_trip_at_every_level(level):
    for i in ALL_INTERPRETATIONS:
        if i.type not in ("straight", "tube", "plate", "straight_flush") and i.rank == level:
            continue  # a set of the level rank reads 15 at this level, never its face
        key = i.key(level)
        assert parse_key(key, level) == (i.type, i.rank)
        assert key.split()[0] == i.type


def test_key_texts():
    assert I("full_house", 15).key(7) == "full_house 7"
    assert I("straight", 5).key(9) == "straight 5"
    assert I("tube", 3).key(2) == "tube 3"
    assert I("plate", 2).key(2) == "plate 2"
    assert I("straight_flush", 10).key(2) == "straight_flush T"
    assert I("pair", 16).key(2) == "pair BJ"
    assert I("single", 17).key(2) == "single RJ"
    assert I("bomb", 14, 6).key(2) == "bomb A"
    assert I("joker_bomb", 17).key(2) == "joker_bomb"


def test_interpretation_notation():
    assert len(ALL_INTERPRETATIONS) == len(set(ALL_INTERPRETATIONS))
    assert [i.order for i in ALL_INTERPRETATIONS] == sorted(i.order for i in ALL_INTERPRETATIONS)
    assert {i.type for i in ALL_INTERPRETATIONS} == set(TYPES)
    for i in ALL_INTERPRETATIONS:
        assert Interpretation.parse(str(i)) == i
        assert eval(repr(i), {"Interpretation": Interpretation}) == i
    assert str(I("bomb", 9, 5)) == "bomb 9 5"
    for bad in ["bomb 9", "bomb 9 11", "pair 9 3", "pair ² 2", "nothing 1 1"]:
        with pytest.raises(InvalidActionError):
            Interpretation.parse(bad)
    with pytest.raises(InvalidActionError):
        interpretation("bomb", 9)
    with pytest.raises(InvalidActionError):
        interpretation("triple", 16)


# ---------------------------------------------------------------- choosing a reading, 8.3


def test_candidates_when_leading_and_following():
    e1 = parse_codes("2H 3S 4S 5S 6S".split())
    assert candidates(e1, 2) == [
        I("straight", 6),
        I("straight", 7),
        I("straight_flush", 6),
        I("straight_flush", 7),
    ]
    assert candidates(e1, 2, I("straight", 6)) == [
        I("straight", 7),
        I("straight_flush", 6),
        I("straight_flush", 7),
    ]
    assert candidates(e1, 2, I("bomb", 9, 6)) == []
    assert candidates(e1, 2, I("bomb", 15, 5)) == [I("straight_flush", 6), I("straight_flush", 7)]


def test_resolve():
    e1 = parse_codes("2H 3S 4S 5S 6S".split())
    with pytest.raises(AmbiguousActionError) as info:
        resolve(e1, 2)
    assert info.value.candidates == [
        "straight 6",
        "straight 7",
        "straight_flush 6",
        "straight_flush 7",
    ]
    assert resolve(e1, 2, key="straight 6") == I("straight", 6)
    assert resolve(e1, 2, key="straight_flush 7") == I("straight_flush", 7)
    # same type, different ranks: the highest, without asking (E9)
    assert resolve(parse_codes("7S 7D QC QD 7H".split()), 7) == I("full_house", 15)
    assert resolve(parse_codes("7S 7D QC QD 7H".split()), 7, key="full_house Q") == I(
        "full_house", 12
    )
    # following: only the readings that beat the table
    assert resolve(e1, 2, I("straight", 13)) == I("straight_flush", 7)
    with pytest.raises(IllegalActionError, match="not a reading"):
        resolve(e1, 2, I("straight", 13), key="straight 7")
    with pytest.raises(IllegalActionError, match="beats the table"):
        resolve(e1, 2, I("bomb", 2, 6))
    with pytest.raises(IllegalActionError, match="is a combination"):
        resolve(parse_codes(["BJ", "RJ"]), 2)
    with pytest.raises(InvalidActionError):
        resolve(e1, 2, key="straight")
    # E8: full house or bomb: the player says which
    with pytest.raises(AmbiguousActionError) as info:
        resolve(parse_codes("3H 3H 9S 9D 9C".split()), 3)
    assert info.value.candidates == ["full_house 9", "bomb 9"]


# ---------------------------------------------------------------- acceptance cases as data


def _cases() -> list[dict]:
    return json.loads((DATA / "guandan_acceptance_cases.json").read_text("utf-8"))


@pytest.mark.parametrize(
    "case",
    _cases(),
    ids=lambda c: f"{c['fn']}-{' '.join(c['args'].get('cards', c['args'].get('play', [])))}",
)
def test_acceptance_cases(case):
    args, expected = case["args"], case["expected"]
    level = parse_level(args["level"])
    if case["fn"] == "classify":
        got = [i.to_json() for i in classify(parse_codes(args["cards"]), level)]
        assert got == expected
        return
    assert case["fn"] == "beats"
    prev = args["previous"]
    previous = None
    if prev is not None:
        readings = classify(parse_codes(prev["cards"]), level)
        previous = next(i for i in readings if (i.type, i.rank) == (prev["type"], prev["rank"]))
    chosen = args["interpretation"]
    selector = None if chosen is None else (chosen["type"], chosen["rank"])
    assert beats(parse_codes(args["play"]), selector, previous, level) is expected


def test_acceptance_cases_are_all_here():
    cases = _cases()
    assert len(cases) == 8
    assert {c["fn"] for c in cases} == {"classify", "beats"}
