"""Every distinct legal play (rules 6.3-6.5, 8.2, 8.3): counts for fixed hands ("perft"), leading
and following, with wild cards, cross-checked against the brute-force oracle of
``guandan_oracle`` (which tries every substitution of the wild cards).

The oracle is slow on hands of nine or ten cards holding both wild cards (seconds each): those
rows are checked against it only behind the ``slow`` marker (``CARDAVIA_SLOW_TESTS=1``); the
default run checks their stored counts, which were produced by that check.
"""

from __future__ import annotations

from collections import Counter

import pytest
from guandan_oracle import oracle_beats, oracle_classify, oracle_plays
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweeps import examples_of, two_sizes

from cardavia_cli.games.guandan.cards import (
    DECK,
    Card,
    parse_cards,
    parse_codes,
    parse_level,
    take,
)
from cardavia_cli.games.guandan.combos import (
    ALL_INTERPRETATIONS,
    Interpretation,
    classify,
    interpretation,
    legal_plays,
    outranks,
    play_key,
)

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def as_set(plays) -> set[tuple[tuple[int, ...], tuple[str, int, int]]]:
    return {(tuple(sorted(cards)), (i.type, i.rank, i.size)) for cards, i in plays}


def prev_of(spec: tuple | None) -> Interpretation | None:
    return None if spec is None else interpretation(*spec)


# ---------------------------------------------------------------- small hands, counted by hand


@pytest.mark.parametrize(
    ("level", "hand", "expected"),
    [
        # 9S, 9D, the pair
        ("2", "9S 9D", ["single 9: 9S", "single 9: 9D", "pair 9: 9S 9D"]),
        # one of two identical cards is one play, not two
        ("2", "9S 9S", ["single 9: 9S", "pair 9: 9S 9S"]),
        # wild cards alone: at face value only
        ("2", "2H 2H", ["single 15: 2H", "pair 15: 2H 2H"]),
        ("2", "2H 3S", ["single 3: 3S", "single 15: 2H", "pair 3: 3S 2H"]),
        ("5", "5H BJ", ["single 15: 5H", "single 16: BJ"]),
        (
            "5",
            "BJ BJ RJ RJ",
            ["single 16: BJ", "single 17: RJ", "pair 16: BJ BJ"]
            + ["pair 17: RJ RJ", "joker_bomb 17: BJ BJ RJ RJ"],
        ),
        (
            "2",
            "2H 3S 4S 5S 6S",
            [
                "single 3: 3S",
                "single 4: 4S",
                "single 5: 5S",
                "single 6: 6S",
                "single 15: 2H",
                "pair 3: 3S 2H",
                "pair 4: 4S 2H",
                "pair 5: 5S 2H",
                "pair 6: 6S 2H",
                "straight 6: 3S 4S 5S 6S 2H",
                "straight 7: 3S 4S 5S 6S 2H",
                "straight_flush 6: 3S 4S 5S 6S 2H",
                "straight_flush 7: 3S 4S 5S 6S 2H",
            ],
        ),
    ],
)
def test_small_hands_every_play(level, hand, expected):
    lv = parse_level(level)
    found = legal_plays(parse_codes(hand.split()), lv)
    texts = [f"{i.type} {i.rank}: {' '.join(str(Card(c)) for c in cards)}" for cards, i in found]
    assert texts == expected
    assert as_set(found) == oracle_plays(parse_codes(hand.split()), lv)


# ---------------------------------------------------------------- perft: fixed hands


PERFT = [
    # (level, hand, previous (type, rank[, size]) or None, count, oracle check in normal run)
    ("5", "5H 9S 9D 9C TS JS QS KD", None, 49, True),
    ("5", "5H 9S 9D 9C TS JS QS KD", ("straight", 12), 20, True),
    ("3", "3H 3H 4S 5S 6S 7S 8S 8D", None, 104, False),
    ("3", "3H 3H 4S 5S 6S 7S 8S 8D", ("straight_flush", 7), 22, True),
    ("3", "3H 3H 4S 5S 6S 7S 8S 8D", ("straight", 8), 40, True),
    ("K", "KH 8S 8D 8C 8H 8S BJ BJ RJ RJ", None, 80, True),
    ("K", "KH 8S 8D 8C 8H 8S BJ BJ RJ RJ", ("bomb", 14, 6), 1, True),
    ("K", "KH 8S 8D 8C 8H 8S BJ BJ RJ RJ", ("full_house", 7), 46, True),
    ("5", "5H 5H 9S 9D 9C TS JS QS KD", None, 139, False),
    ("5", "5H 5H 9S 9D 9C TS JS QS KD", ("straight", 12), 60, False),
    ("5", "5H 5H 9S 9D 9C TS JS QS KD", ("pair", 9), 22, False),
    ("7", "7H 7H 7S 7D AS AD 2S 2D 3C BJ", None, 80, False),
    ("7", "7H 7H 7S 7D AS AD 2S 2D 3C BJ", ("bomb", 14, 4), 1, False),
    ("7", "7H 7H 7S 7D AS AD 2S 2D 3C BJ", ("tube", 3), 3, False),
]


@pytest.mark.parametrize(("level", "hand", "previous", "count", "cheap"), PERFT)
def test_perft_small(level, hand, previous, count, cheap):
    lv = parse_level(level)
    codes = parse_codes(hand.split())
    prev = prev_of(previous)
    found = legal_plays(codes, lv, prev)
    assert len(found) == count
    assert len(as_set(found)) == count  # distinct
    if cheap:
        old = None if prev is None else (prev.type, prev.rank, prev.size)
        assert as_set(found) == oracle_plays(codes, lv, old)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("level", "hand", "previous", "count", "cheap"), [row for row in PERFT if not row[4]]
)
def test_perft_small_rows_agree_with_the_oracle(level, hand, previous, count, cheap):
    lv = parse_level(level)
    codes = parse_codes(hand.split())
    prev = prev_of(previous)
    old = None if prev is None else (prev.type, prev.rank, prev.size)
    assert as_set(legal_plays(codes, lv, prev)) == oracle_plays(codes, lv, old)


#: 27-card hands holding both wild cards, and the number of distinct legal plays leading and
#: following each previous play. Regression figures: their correctness rests on the oracle
#: agreeing on every smaller hand; here each play is checked against :func:`classify`.
HAND_2 = "3H 4S 4D 4C 5S 5H 5H 5D 6C 7S 7H 8D 9D TS TC JS JH QS QC KS KS KH KC 2S 2H 2H RJ"
HAND_9 = "2S 3S 3H 3H 4H 4H 4D 5S 5H 5C 6S 6D 7D 8H 8D TC JC JC KD AS AS AC 9S 9H 9H BJ RJ"
HAND_K = "2S 2H 3H 3C 5H 5C 6S 6H 6D 6C 6C 7H 8H 8D 9S 9D 9C TC JH JD QH AS AC KH KH KC RJ"
FOLLOW = [
    ("single", 10),
    ("pair", 13),
    ("triple", 5),
    ("full_house", 9),
    ("straight", 9),
    ("tube", 7),
    ("plate", 5),
    ("bomb", 9, 4),
    ("bomb", 13, 5),
    ("straight_flush", 9),
    ("bomb", 5, 6),
    ("joker_bomb", 17),
]
PERFT_27 = [
    ("2", HAND_2, 2301, [66, 58, 82, 503, 483, 151, 74, 43, 23, 16, 1, 0]),
    ("9", HAND_9, 1896, [53, 51, 62, 223, 140, 54, 52, 33, 26, 2, 0, 0]),
    ("K", HAND_K, 2477, [90, 87, 120, 262, 579, 162, 124, 56, 41, 15, 6, 0]),
]


@pytest.mark.parametrize(("level", "hand", "leading", "following"), PERFT_27)
def test_perft_27_cards(level, hand, leading, following):
    lv = parse_level(level)
    cards = parse_cards(hand.split())
    assert len(cards) == 27
    assert sum(c.is_wild(lv) for c in cards) == 2
    led = legal_plays(cards, lv)
    assert len(led) == leading
    assert len(as_set(led)) == leading
    readings: dict[tuple[int, ...], list[Interpretation]] = {}
    for codes, i in led:
        assert codes == play_key(codes, lv)
        assert len(codes) == i.size
        if codes not in readings:
            readings[codes] = classify(codes, lv)
        assert i in readings[codes]
    # every reading of every play is listed
    assert sum(len(r) for r in readings.values()) == leading
    for spec, count in zip(FOLLOW, following, strict=True):
        prev = interpretation(*spec)
        found = legal_plays(cards, lv, prev)
        assert len(found) == count, spec
        assert found == [(c, i) for c, i in led if outranks(i, prev)]


def test_all_eight_cards_of_a_rank_with_both_wild_cards():
    # regression: a wild-card split must never ask a straight for more than one card a rank
    hand = parse_cards("8S 8S 8D 8D 8C 8C 8H 8H 2H 2H 6S 7S 9S TS".split())
    found = legal_plays(hand, 2)
    assert all(len(cards) == i.size for cards, i in found)
    bombs = sorted({i.size for _, i in found if i.type == "bomb" and i.rank == 8})
    assert bombs == [4, 5, 6, 7, 8, 9, 10]
    straights = [cards for cards, i in found if i.type == "straight" and i.rank == 10]
    # 6 7 8 9 T with the 8 one of four faces, each position possibly a wild (two at most):
    # no wild 4; one wild 4 + 4 + 1 + 4 + 4 = 17; two wilds 6 * 4 (the 8 held) + 4 * 1 = 28
    assert len(straights) == len(set(straights)) == 4 + 17 + 28
    assert all(len(c) == 5 for c in straights)


def test_plays_are_in_canonical_order():
    found = legal_plays(parse_cards(HAND_9.split()), 9)
    orders = [i.order for _, i in found]
    assert orders == sorted(orders)


def test_identical_cards_give_one_play_and_leave_one_by_one():
    hand = parse_cards("9S 9S 9D".split())
    found = legal_plays(hand, 2)
    singles = [cards for cards, i in found if i.type == "single"]
    assert singles == [(parse_codes(["9S"])[0],), (parse_codes(["9D"])[0],)]
    pairs = [cards for cards, i in found if i.type == "pair"]
    assert pairs == [tuple(parse_codes(["9S", "9S"])), tuple(parse_codes(["9S", "9D"]))]
    # play one 9S: exactly one card leaves the hand
    _, rest = take(hand, singles[0])
    assert [str(c) for c in rest] == ["9S", "9D"]
    assert rest[0] == Card.parse("9S", copy=1)
    assert len(legal_plays(rest, 2)) == 3


def test_following_a_bomb_lists_only_bigger_ladder_plays():
    hand = parse_cards("AS AD AC AH 7S 7D 7C 7H 7S 9S 9D 9C 9H 9S 3S 3D 3C 3H 3S 3D".split())
    led = interpretation("bomb", 8, 5)
    found = legal_plays(hand, 2, led)
    got = {(i.type, i.rank, i.size) for _, i in found}
    assert got == {("bomb", 9, 5), ("bomb", 3, 6)}
    assert ("bomb", 14, 4) not in got and ("bomb", 7, 5) not in got


def test_following_a_straight_flush_and_the_joker_bomb():
    hand = parse_cards("2H 2H 3S 4S 5S 6S 7S 8S 8D 8C 8H 8S 8D 8C BJ BJ RJ RJ".split())
    found = legal_plays(hand, 2, interpretation("straight_flush", 7))
    got = sorted({(i.type, i.rank, i.size) for _, i in found})
    assert got == [
        ("bomb", 8, 6),
        ("bomb", 8, 7),
        ("bomb", 8, 8),
        ("bomb", 8, 9),
        ("joker_bomb", 17, 4),
        ("straight_flush", 8, 5),
        ("straight_flush", 9, 5),
        ("straight_flush", 10, 5),
    ]
    assert legal_plays(hand, 2, interpretation("joker_bomb", 17)) == []


# ---------------------------------------------------------------- the oracle on random hands


def hands(max_size: int) -> st.SearchStrategy[tuple[int, list[int]]]:
    """A level and a hand drawn from five consecutive ranks, the jokers and the wild cards,
    so that combinations are common; a face at most twice."""

    @st.composite
    def build(draw):
        level = draw(st.integers(2, 14))
        low = draw(st.integers(2, 10))
        wild = 4 * (level - 2) + 1
        pool = [c for c in range(52) if low <= 2 + c // 4 <= low + 4] + [52, 53, wild]
        picks = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=max_size))
        hand: list[int] = []
        for c in picks:
            if hand.count(c) < 2:
                hand.append(c)
        return level, hand

    return build()


# the random hands against the oracle: a sample by default, the full sweep behind ``slow``


@two_sizes(sample=20, full=PROPS.max_examples)
def test_classify_agrees_with_the_oracle(examples):
    @examples_of(PROPS, examples)
    @given(hands(10))
    def check(case):
        level, cards = case
        got = [(i.type, i.rank, i.size) for i in classify(cards, level)]
        assert got == oracle_classify(cards, level)

    check()


@two_sizes(sample=25, full=100)
def test_legal_plays_agree_with_the_oracle(examples):
    @examples_of(PROPS, examples)
    @given(hands(7), st.one_of(st.none(), st.sampled_from(ALL_INTERPRETATIONS)))
    def check(case, previous):
        level, hand = case
        found = legal_plays(hand, level, previous)
        assert len(found) == len(as_set(found))
        old = None if previous is None else (previous.type, previous.rank, previous.size)
        assert as_set(found) == oracle_plays(hand, level, old)

    check()


@PROPS
@given(st.sampled_from(ALL_INTERPRETATIONS), st.sampled_from(ALL_INTERPRETATIONS))
def test_outranks_agrees_with_the_oracle(a, b):
    assert outranks(a, b) is oracle_beats((a.type, a.rank, a.size), (b.type, b.rank, b.size))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(list(range(108))), st.integers(2, 14), st.integers(0, 3))
def test_every_play_of_a_dealt_hand_is_well_formed(order, level, seat):
    hand = [DECK[i] for i in order[seat::4]]
    held = Counter(c.code for c in hand)
    led = legal_plays(hand, level)
    assert len(led) == len(as_set(led))
    readings: dict[tuple[int, ...], list[Interpretation]] = {}
    for cards, i in led:
        assert len(cards) == i.size
        assert cards == play_key(cards, level)
        assert not Counter(cards) - held  # only cards of the hand, each as often as held
        if cards not in readings:
            readings[cards] = classify(cards, level)
        assert i in readings[cards]
    assert sum(len(r) for r in readings.values()) == len(led)
    prev = led[len(led) // 2][1]
    assert legal_plays(hand, level, prev) == [(c, i) for c, i in led if outranks(i, prev)]
