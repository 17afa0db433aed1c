"""Minchiate combinations (versicole) and declarations (rules 8, 10.1; worked examples 2-6 and
16's declarations), the published acceptance cases as data through the rule functions, and
properties against an independent brute-force reading of 10.1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardaviaError, CardError, InvalidActionError
from cardavia_cli.games.minchiate.cards import MATTO, PACK, T29, Card, parse_cards, trump
from cardavia_cli.games.minchiate.combos import (
    KINDS,
    combinations,
    combinations_points,
    declaration_points,
    parse_declaration,
)
from cardavia_cli.games.minchiate.contracts import FUNCTIONS
from cardavia_cli.games.minchiate.contracts import combinations as combinations_fn

DATA = Path(__file__).resolve().parent / "data"


def combo(text: str) -> list[dict[str, object]]:
    return combinations_fn(text.split())


def entry(kind: str, cards: str, points: int) -> dict[str, object]:
    return {"kind": kind, "cards": cards.split(), "points": points}


# rules 13.2
def test_worked_example_2_merged_run_with_t29_and_the_matto():
    assert combo("T28 T29 T30 T31 M KS") == [entry("sequence", "M T28 T29 T30 T31", 25)]


# rules 13.3
def test_worked_example_3_a_gap_splits_runs():
    assert combo("T30 T31 T32 T34 T35 T36 T2 T3") == [
        entry("sequence", "T30 T31 T32", 15),
        entry("sequence", "T34 T35 T36", 20),
    ]


# rules 13.4
def test_worked_example_4_overlaps_and_the_matto_once_in_1_40_m():
    assert combo("T1 T2 T3 T13 T28 T40 M") == [
        entry("sequence", "M T1 T2 T3", 16),
        entry("1-40-M", "M T1 T40", 20),
        entry("1-13-28", "M T1 T13 T28", 20),
    ]


# rules 13.5
def test_worked_example_5_no_run_across_borders_and_no_wildcard():
    assert combo("KC KD KB T4 T5 T6 T27 T28") == [entry("kings", "KC KD KB", 15)]
    assert combo("KC KD M T1 T2") == []


# rules 13.6
def test_worked_example_6_double_special_sets():
    assert combo("T10 T20 T30 T40 T29") == [
        entry("10-20-30", "T10 T20 T30", 15),
        entry("20-30-40", "T20 T30 T40", 20),
    ]


# rules 10.1 reference values
@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (" ".join(f"T{n}" for n in range(28, 41)), 90),
        ("M " + " ".join(f"T{n}" for n in range(28, 41)), 95),
        ("T1 T2 T3 T4 T5", 17),
        ("T36 T37 T38 T39 T40", 50),
        ("KC KD KS KB", 20),
    ],
)
def test_reference_values(cards, points):
    found = combinations(parse_cards(cards.split()))
    assert len(found) == 1
    assert found[0].points == points


def test_t28_to_t35_is_one_sequence():
    assert combo(" ".join(f"T{n}" for n in range(28, 36))) == [
        entry("sequence", "T28 T29 T30 T31 T32 T33 T34 T35", 40)
    ]


def test_result_order_and_the_matto_joining_everything():
    everything = "M T1 T2 T3 T10 T13 T20 T28 T29 T30 T32 T33 T34 T36 T37 T38 T40 KC KS KB"
    got = combo(everything)
    assert [(c["kind"], c["cards"][0], c["points"]) for c in got] == [
        ("sequence", "M", 5 + 5 + 3 + 3),
        ("sequence", "M", 5 + 5 + 5 + 5),
        ("sequence", "M", 5 + 5 + 5 + 5),
        ("sequence", "M", 5 + 10 + 10 + 10),
        ("1-40-M", "M", 20),
        ("1-13-28", "M", 5 + 5 + 5 + 5),
        ("10-20-30", "M", 5 + 5 + 5 + 5),
        ("20-30-40", "M", 5 + 5 + 5 + 10),
        ("kings", "M", 5 + 15),
    ]
    assert got[1]["cards"] == "M T28 T29 T30".split()
    assert got[2]["cards"] == "M T32 T33 T34".split()
    assert got[3]["cards"] == "M T36 T37 T38".split()
    assert [c["kind"] for c in got] == [KINDS[0]] * 3 + list(KINDS)


def test_t29_alone_and_the_matto_alone_make_nothing():
    assert combo("T29") == [] and combo("M") == [] and combo("M T29 KS KC") == []
    assert combinations([]) == []
    assert combinations_points(parse_cards("T1 T2 T3 KC KD KS".split())) == 11 + 15


def test_rule_function_rejects_bad_and_repeated_cards():
    with pytest.raises(CardError, match="'TC'"):
        combinations_fn(["TC"])
    with pytest.raises(CardError, match="given twice"):
        combinations_fn(["T1", "t1"])
    with pytest.raises(CardaviaError, match="list of cards"):
        combinations_fn("T1 T2 T3")


# ---------------------------------------------------------------- declarations (rules 8)


def test_declaration_numbers():
    assert parse_declaration(["all"], 3) == (0, 1, 2)
    assert parse_declaration(["ALL"], 1) == (0,)
    assert parse_declaration(["3", "1"], 3) == (0, 2)
    assert parse_declaration(["2"], 2) == (1,)
    for bad in (["0"], ["4"], ["1", "1"], ["x"], ["\u00b2"], ["1.0"], ["-1"], [], ["all", "1"]):
        with pytest.raises(InvalidActionError, match="rules 8"):
            parse_declaration(bad, 3)
    with pytest.raises(InvalidActionError, match="no combination"):
        parse_declaration(["all"], 0)


def test_worked_example_16_declarations():
    # hands of example 13 after the discards of example 16, declared in the order 3, 0, 1, 2
    hands = {
        3: "M T1 T2 T4 T5 T6 T7 T8 T9 T10 5C 7C 8C 9C 10C JC NC QC AD 2D 3D",
        0: "T11 T12 T13 T14 T16 T17 T18 T19 T20 T21 4D 5D 6D 7D 8D 9D 10D JD ND QD AS",
        1: "T3 T22 T23 T24 T25 T26 T27 T28 T30 T31 T32 T33 KC 6S 7S 8S 9S 10S JS NS QS",
        2: "T29 T34 T35 T36 T37 T38 T39 T40 AC KD KS AB 2B 3B 4B 5B 6B 8B 9B 10B KB",
    }
    assert all(len(h.split()) == 21 for h in hands.values())
    found = {seat: combinations(parse_cards(h.split())) for seat, h in hands.items()}
    assert found[3] == [] and found[0] == []
    # T28 is not next to T30 (T29 went to seat 2)
    assert [str(c) for c in found[1]] == ["sequence T30 T31 T32 T33 (20)"]
    assert [str(c) for c in found[2]] == [
        "sequence T34 T35 T36 T37 T38 T39 T40 (60)",
        "kings KD KS KB (15)",
    ]
    assert declaration_points(found[1], parse_declaration(["all"], 1)) == 20
    assert declaration_points(found[2], parse_declaration(["all"], 2)) == 75
    assert declaration_points(found[2], parse_declaration(["2"], 2)) == 15


# ---------------------------------------------------------------- acceptance cases as data


def acceptance_cases() -> list[dict[str, object]]:
    cases: list[dict[str, object]] = json.loads(
        (DATA / "minchiate_acceptance_cases.json").read_text("utf-8")
    )
    return cases


@pytest.mark.parametrize("case", acceptance_cases(), ids=lambda c: str(c["fn"]))
def test_acceptance_cases(case):
    assert FUNCTIONS[case["fn"]](**case["args"]) == case["expected"]


# ---------------------------------------------------------------- properties

ROYALS = [c for c in PACK if c.is_trump or c.is_matto or c.is_king]


def oracle(cards: set[Card]) -> list[tuple[str, list[str], int]]:
    """10.1 read directly: every (low, high) run that is maximal, then the sets, then kings."""
    numbers = {c.number for c in cards if c.is_trump}
    matto = MATTO in cards
    out: list[tuple[str, list[Card]]] = []
    for lo_range, hi_range in ((1, 5), (28, 40)):
        for low in range(lo_range, hi_range + 1):
            for high in range(low + 2, hi_range + 1):
                inside = all(n in numbers for n in range(low, high + 1))
                maximal = (low == lo_range or low - 1 not in numbers) and (
                    high == hi_range or high + 1 not in numbers
                )
                if inside and maximal:
                    out.append(("sequence", [trump(n) for n in range(low, high + 1)]))
    if matto and {1, 40} <= numbers:
        out.append(("1-40-M", [trump(1), trump(40)]))
    for kind, numbered in (("1-13-28", (1, 13, 28)), ("10-20-30", (10, 20, 30))):
        if set(numbered) <= numbers:
            out.append((kind, [trump(n) for n in numbered]))
    if {20, 30, 40} <= numbers:
        out.append(("20-30-40", [trump(20), trump(30), trump(40)]))
    kings = [c for c in cards if c.is_king]
    if len(kings) >= 3:
        out.append(("kings", kings))
    result: list[tuple[str, list[str], int]] = []
    for kind, members in out:
        full = sorted(set(members) | ({MATTO} if matto else set()))
        points = sum(5 if c == T29 else c.points for c in full)
        result.append((kind, [str(c) for c in full], points))
    return result


@given(st.sets(st.sampled_from(ROYALS)))
def test_combinations_agree_with_a_direct_reading(cards):
    assert [(c.kind, [str(x) for x in c.cards], c.points) for c in combinations(cards)] == oracle(
        cards
    )


@given(st.sets(st.sampled_from(ROYALS)))
def test_the_matto_adds_5_to_every_combination_but_1_40_m(cards):
    without = combinations(cards - {MATTO})
    with_matto = combinations(cards | {MATTO})
    special = [c for c in with_matto if c.kind == "1-40-M"]
    plain = [c for c in with_matto if c.kind != "1-40-M"]
    assert [(c.kind, c.points - 5) for c in plain] == [(c.kind, c.points) for c in without]
    assert all(MATTO in c.cards for c in with_matto)
    assert [c.points for c in special] == ([20] if {trump(1), trump(40)} <= cards else [])


@given(st.sets(st.sampled_from(PACK)))
def test_suit_cards_other_than_kings_never_matter(cards):
    royals = {c for c in cards if c in set(ROYALS)}
    assert combinations(cards) == combinations(royals)
