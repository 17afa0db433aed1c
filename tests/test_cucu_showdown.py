"""The Cuccu showdown (rules 9.1, 9.2, 12.1): worked examples 1-9, the Fool cases of section
11, the published acceptance cases, errors, and properties against an oracle written from the
rules text over card names."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardError
from cardavia_cli.games.cucu.cards import RANKS
from cardavia_cli.games.cucu.round import showdown

DATA = Path(__file__).resolve().parent / "data" / "cucu_acceptance_cases.json"
ACCEPTANCE = json.loads(DATA.read_text("utf-8"))

#: Worked examples 1-9 of section 13: (cards, dead, losers).
EXAMPLES = [
    ({0: "3", 1: "7", 2: "lion", 3: "10"}, [], [2]),
    ({0: "mask", 1: "9", 2: "mask", 3: "cuckoo"}, [], [0, 2]),
    ({0: "fool", 1: "5", 2: "5", 3: "cat"}, [], [0, 1, 2]),
    ({0: "cuckoo", 1: "fool", 2: "cuckoo"}, [], [1]),
    ({0: "fool", 1: "fool", 2: "hunter", 3: "cuckoo"}, [], [2]),
    ({0: "fool", 1: "cuckoo", 2: "fool"}, [], [0, 2]),
    ({0: "lion", 1: "2", 2: "fool", 3: "8"}, [0], [1, 2]),
    ({1: "10", 3: "zero"}, [3], [1]),
    ({1: "cuckoo", 3: "zero"}, [3], []),
]


@pytest.mark.parametrize(
    ("cards", "dead", "losers"), EXAMPLES, ids=[f"ex{i}" for i in range(1, 10)]
)
def test_worked_examples_1_to_9(cards, dead, losers):
    assert showdown(cards, dead) == losers


@pytest.mark.parametrize(
    "case", [c for c in ACCEPTANCE if c["fn"] == "showdown"], ids=lambda c: c["id"]
)
def test_published_acceptance_cases(case):
    assert showdown(case["args"]["cards"], case["args"]["dead"]) == case["expected"]


@pytest.mark.parametrize(
    ("cards", "dead", "losers"),
    [
        # section 11: a single live Fool with only Cuckoos beside it loses alone
        ({0: "fool", 1: "cuckoo", 2: "cuckoo"}, [], [0]),
        # ... and with nothing beside it
        ({2: "fool"}, [], [2]),
        # two live Fools with only Cuckoos (or nothing) beside them both lose
        ({0: "fool", 3: "fool"}, [], [0, 3]),
        ({0: "fool", 1: "cuckoo", 2: "cuckoo", 3: "fool"}, [], [0, 3]),
        # two Fools with any card below 14 1/2: that card loses, not the Fools
        ({0: "fool", 1: "fool", 2: "lion"}, [], [2]),
        ({0: "hunter", 1: "fool", 2: "fool", 3: "hunter"}, [], [0, 3]),
        # rules 14.10: a dead Fool does not count, so the other one is a single Fool
        ({0: "fool", 1: "fool", 2: "hunter", 3: "cuckoo"}, [1], [0, 2]),
        ({0: "fool", 1: "fool", 2: "cuckoo"}, [0], [1]),
        # a Cuckoo never loses; only Cuckoos live: nobody loses
        ({0: "cuckoo", 1: "cuckoo"}, [], []),
        ({0: "cuckoo", 1: "cuckoo", 2: "lion"}, [2], []),
        # the Zero, the negative cards, ties of three
        ({0: "zero", 1: "bucket", 2: "1"}, [], [1]),
        ({0: "7", 1: "7", 2: "cat"}, [], [0, 1]),
        # a sole live card loses unless it is a Cuckoo (9.2, 14.9)
        ({3: "hunter"}, [], [3]),
        ({0: "cuckoo"}, [], []),
        # no live card at all
        ({}, [], []),
        ({0: "lion", 1: "mask"}, [0, 1], []),
        # a dead seat need not be in cards
        ({0: "4", 1: "5"}, [2, 3], [0]),
    ],
)
def test_section_11_fool_and_edge_cases(cards, dead, losers):
    assert showdown(cards, dead) == losers


def test_aliases_and_json_keys_are_accepted():
    assert showdown({"0": "XV", "1": "Matto", "2": " III "}, ["1"]) == [2]
    assert showdown({"0": "bressa", "3": "-3"}, []) == [0, 3]


@pytest.mark.parametrize(
    ("cards", "dead", "error", "needle"),
    [
        ({0: "lion", 1: "lion", 2: "lion"}, [], CardError, "only 2 copies of the card lion"),
        ({0: "fool", 1: "fool", 2: "fool"}, [2], CardError, "only 2 copies of the card fool"),
        ({0: "lion", 1: "knight"}, [], CardError, "knight"),
        ({4: "lion"}, [], ValueError, "seat"),
        ({"²": "lion"}, [], ValueError, "seat"),
        ({"01": "lion"}, [], ValueError, "seat"),
        ({True: "lion"}, [], ValueError, "seat"),
        ({0: "lion"}, [5], ValueError, "dead seat"),
        ({0: "lion", "0": "mask"}, [], ValueError, "two cards"),
    ],
)
def test_bad_input_is_an_error(cards, dead, error, needle):
    with pytest.raises(error, match=needle):
        showdown(cards, dead)


# ---------------------------------------------------------------- an oracle from the text

VALUE = {name: Fraction(v) for v, name in enumerate(RANKS[:-1], start=-3)}


def oracle(cards: dict[int, str], dead: set[int]) -> list[int]:
    """Section 9.2 over names and exact fractions: a single Fool takes the lowest other value
    (or loses alone beside Cuckoos), two Fools are worth 14 1/2."""
    live = {s: c for s, c in cards.items() if s not in dead}
    fools = sorted(s for s, c in live.items() if c == "fool")
    worth = {s: VALUE[c] for s, c in live.items() if c != "fool"}
    if len(fools) == 1:
        if all(c == "cuckoo" for s, c in live.items() if s not in fools):
            return fools
        worth[fools[0]] = min(worth.values())
    elif len(fools) == 2:
        for s in fools:
            worth[s] = Fraction(29, 2)
    if not worth:
        return []
    low = min(worth.values())
    return [] if low == 15 else sorted(s for s, v in worth.items() if v == low)


@st.composite
def tables(draw):
    seats = draw(st.lists(st.sampled_from([0, 1, 2, 3]), unique=True, max_size=4))
    names = draw(st.lists(st.sampled_from(RANKS), min_size=len(seats), max_size=len(seats)))
    cards = dict(zip(seats, names, strict=True))
    if any(names.count(n) > 2 for n in names):
        cards = {s: n for s, n in cards.items() if names.count(n) <= 2}
    dead = draw(st.sets(st.sampled_from([0, 1, 2, 3])))
    return cards, dead


@given(tables())
def test_showdown_agrees_with_the_oracle(table):
    cards, dead = table
    assert showdown(cards, sorted(dead)) == oracle(cards, dead)


@given(tables())
def test_showdown_invariants(table):
    cards, dead = table
    losers = showdown(cards, sorted(dead))
    live = {s: c for s, c in cards.items() if s not in dead}
    assert losers == sorted(set(losers)) and set(losers) <= set(live)
    assert not any(live[s] == "cuckoo" for s in losers)  # a Cuckoo never loses
    if live and not all(c == "cuckoo" for c in live.values()):
        assert losers  # someone loses unless only Cuckoos are live
    # dead cards do not count in any way: dropping them changes nothing
    assert showdown(live, []) == losers
