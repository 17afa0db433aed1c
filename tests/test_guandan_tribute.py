"""Guandan tribute and return (rules section 7, 12 "Tribute"/"Return"; worked examples E24-E27)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.seats import next_seat, partner, team
from cardavia_cli.games.guandan.cards import DECK, code_str, deal, parse_codes, parse_level
from cardavia_cli.games.guandan.combos import return_options, tribute, tribute_card


def run(hands: list[str], places: list[int], level: str) -> dict:
    return tribute([parse_codes(h.split()) for h in hands], places, parse_level(level)).to_json()


def test_e24_single_tribute():
    got = run(["3S 4S AS KD", "RJ 5S 6C", "BJ 7S 9D", "2H AD AH 4C"], [0, 1, 2, 3], "2")
    assert got == {
        "cancelled": False,
        "tributes": [{"from": 3, "to": 0, "card": "AH"}],
        "returns": [{"from": 0, "to": 3, "options": ["3S", "4S"]}],
        "leader": 3,
    }


def test_e25_double_tribute_with_equal_cards():
    got = run(["3S TD", "KS KD 5C", "QS 9H", "KH 2C 7H"], [2, 0, 1, 3], "7")
    assert got == {
        "cancelled": False,
        "tributes": [{"from": 3, "to": 2, "card": "KH"}, {"from": 1, "to": 0, "card": "KS"}],
        "returns": [
            {"from": 2, "to": 3, "options": ["9H"]},
            {"from": 0, "to": 1, "options": ["3S", "TD"]},
        ],
        "leader": 3,
    }


def test_e26_double_tribute_cancelled_by_one_red_joker_each():
    got = run(["3S", "RJ 4C", "5D", "RJ 6S"], [0, 2, 1, 3], "4")
    assert got == {"cancelled": True, "tributes": [], "returns": [], "leader": 0}


def test_e27_double_tribute_wild_card_kept_level_card_returned():
    got = run(["3S 5H", "RJ 9S", "JD 8C", "5S 5H QS"], [1, 3, 0, 2], "5")
    assert got == {
        "cancelled": False,
        "tributes": [{"from": 2, "to": 1, "card": "JD"}, {"from": 0, "to": 3, "card": "3S"}],
        "returns": [
            {"from": 1, "to": 2, "options": ["9S"]},
            {"from": 3, "to": 0, "options": ["3S", "5S"]},
        ],
        "leader": 2,
    }


def test_cancellation_by_two_red_jokers_in_the_payers_hand():
    got = run(["3S", "4C", "5D", "RJ RJ 6S"], [0, 1, 2, 3], "2")
    assert got == {"cancelled": True, "tributes": [], "returns": [], "leader": 0}
    # double tribute: one payer holding both is enough too
    got = run(["3S", "RJ RJ 4C", "5D", "6S"], [2, 0, 1, 3], "2")
    assert got == {"cancelled": True, "tributes": [], "returns": [], "leader": 2}


def test_red_jokers_elsewhere_do_not_cancel():
    # single tribute: only the 4th place's jokers count (rules 12)
    got = run(["RJ RJ 3S", "RJ 4C", "5D", "RJ 6S"], [0, 1, 2, 3], "2")
    assert got["cancelled"] is False
    assert got["tributes"] == [{"from": 3, "to": 0, "card": "RJ"}]
    # double tribute: a single RJ between both payers
    got = run(["RJ 3S", "RJ 4C", "RJ 5D", "6S"], [0, 2, 1, 3], "2")
    assert got["cancelled"] is False
    assert got["tributes"] == [
        {"from": 1, "to": 0, "card": "RJ"},
        {"from": 3, "to": 2, "card": "6S"},
    ]
    assert got["leader"] == 1


def test_payer_holding_only_wild_cards_and_jokers():
    # level 9: the wild 9H is never paid; the payer's best non-wild card is the BJ
    got = run(["3S 4D", "5C", "6D", "9H 9H BJ"], [0, 1, 2, 3], "9")
    assert got["tributes"] == [{"from": 3, "to": 0, "card": "BJ"}]
    assert got["returns"] == [{"from": 0, "to": 3, "options": ["3S", "4D"]}]
    # one RJ in a single tribute does not cancel: it is paid
    got = run(["3S", "5C", "6D", "9H RJ 9H"], [0, 1, 2, 3], "9")
    assert got["cancelled"] is False
    assert got["tributes"] == [{"from": 3, "to": 0, "card": "RJ"}]
    # a payer whose only cards above 10 are wild gives his best other card, however low
    got = run(["3S", "5C", "6D", "KH 2C KH"], [0, 1, 2, 3], "K")
    assert got["tributes"] == [{"from": 3, "to": 0, "card": "2C"}]


def test_payer_with_only_wild_cards_is_refused():
    with pytest.raises(ValueError, match="not wild"):
        tribute_card(parse_codes(["9H", "9H"]), 9)


def test_one_four_finish_partner_pays_and_leads():
    # places [0, 1, 3, 2]: seat 2, seat 0's partner, is last and pays him
    got = run(["3S", "4C", "AS 5D", "6S"], [0, 1, 3, 2], "2")
    assert got["tributes"] == [{"from": 2, "to": 0, "card": "AS"}]
    assert got["returns"] == [{"from": 0, "to": 2, "options": ["3S"]}]
    assert got["leader"] == 2


def test_tribute_card_ties_go_by_suit_order():
    assert code_str(tribute_card(parse_codes("AC AD AS KH".split()), 2)) == "AS"
    assert code_str(tribute_card(parse_codes("AC AD 3S".split()), 2)) == "AD"
    # the level rank outranks the ace; its heart is wild and left out
    assert code_str(tribute_card(parse_codes("AS 7H 7C".split()), 7)) == "7C"
    assert code_str(tribute_card(parse_codes("AS 7H".split()), 7)) == "AS"
    assert code_str(tribute_card(parse_codes("BJ RJ AS".split()), 7)) == "RJ"


def test_double_tribute_higher_card_goes_to_first():
    got = run(["3S", "KS 4C", "5D", "AS 6S"], [0, 2, 1, 3], "2")
    assert got["tributes"] == [
        {"from": 3, "to": 0, "card": "AS"},
        {"from": 1, "to": 2, "card": "KS"},
    ]
    assert got["leader"] == 3
    # equal cards: the seat after 1st place pays 1st and leads
    got = run(["3S", "AS 4C", "5D", "AD 6S"], [0, 2, 1, 3], "2")
    assert got["tributes"] == [
        {"from": 1, "to": 0, "card": "AS"},
        {"from": 3, "to": 2, "card": "AD"},
    ]
    assert got["leader"] == 1
    got = run(["AS 4C", "3S", "AD 6S", "5D"], [3, 1, 0, 2], "2")
    assert got["tributes"] == [
        {"from": 0, "to": 3, "card": "AS"},
        {"from": 2, "to": 1, "card": "AD"},
    ]
    assert got["leader"] == 0


def test_return_options():
    # the tribute card just received may be returned when it qualifies
    got = run(["JS QS", "4C", "5D", "TD 6S"], [0, 1, 2, 3], "2")
    assert got["tributes"] == [{"from": 3, "to": 0, "card": "TD"}]
    assert got["returns"] == [{"from": 0, "to": 3, "options": ["TD"]}]
    # nothing of rank 2..T: the lowest single value, each distinct card once
    assert [code_str(c) for c in return_options(parse_codes("KS KS QD QC AH".split()), 2)] == [
        "QD",
        "QC",
    ]
    # a level card of natural rank 2..T qualifies, its wild heart does not (E27)
    assert [code_str(c) for c in return_options(parse_codes("5H 5S QS".split()), 5)] == ["5S"]
    # the wild card only when no other card has the lowest value
    assert [code_str(c) for c in return_options(parse_codes("QH QS RJ BJ".split()), 12)] == ["QS"]
    assert [code_str(c) for c in return_options(parse_codes("QH RJ BJ".split()), 12)] == ["QH"]
    assert [code_str(c) for c in return_options(parse_codes("QH QH".split()), 12)] == ["QH"]
    with pytest.raises(ValueError):
        return_options([], 2)


def test_bad_places_are_refused():
    with pytest.raises(ValueError, match="four seats"):
        run(["3S", "4C", "5D", "6S"], [0, 1, 1, 3], "2")


@given(st.permutations(list(range(108))), st.permutations([0, 1, 2, 3]), st.integers(2, 14))
def test_tribute_on_real_deals(order, places, level):
    hands = deal([DECK[i] for i in order])
    result = tribute(hands, places, level)
    first, second, third, fourth = places
    double = partner(first) == second
    payers = {third, fourth} if double else {fourth}
    reds = sum(c.code == 53 for p in payers for c in hands[p])
    assert result.cancelled is (reds == 2)
    if result.cancelled:
        assert result.leader == first and not result.tributes and not result.returns
        return
    assert {t.giver for t in result.tributes} == payers
    assert [t.receiver for t in result.tributes] == ([first, second] if double else [first])
    assert result.leader == result.tributes[0].giver
    if double:
        assert team(result.leader) != team(first)
        values = [_value(t.card, level) for t in result.tributes]
        assert values[0] >= values[1]
        if values[0] == values[1]:
            assert result.leader == next_seat(first)
    for t, r in zip(result.tributes, result.returns, strict=True):
        assert (r.giver, r.receiver) == (t.receiver, t.giver)
        assert r.options and len(set(r.options)) == len(r.options)
        held = {c.code for c in hands[r.giver]} | {t.card}
        assert set(r.options) <= held
        # never a wild card from a 27-card hand: it always holds a lower card
        assert all(c != 4 * (level - 2) + 1 for c in r.options)
        paid = [c.code for c in hands[t.giver] if c.code != 4 * (level - 2) + 1]
        assert _value(t.card, level) == max(_value(c, level) for c in paid)


def _value(code: int, level: int) -> int:
    return DECK[code].value(level)


def test_regression_a_sample_offers_the_other_returner_cards_of_its_sampled_hand():
    """Rules 7.5: in a double tribute the second return is owed while the first is made. A
    search's sample kept the second returner's options from its real hand: a leak of that
    hand, and a rollout asked to return a card the sampled hand did not hold (a review of
    the example crashed). The sample's options are those of the sampled hand."""
    import random
    from pathlib import Path

    from cardavia_cli.engine.belief import Belief
    from cardavia_cli.games.deals import load_deal, new_game_state
    from cardavia_cli.games.guandan.hands import expand

    path = Path(__file__).resolve().parent.parent / "saves/examples/guandan-double-tribute.toml"
    state = new_game_state(load_deal(path))  # before its actions: seat 0 to return
    assert str(state.phase) == "return" and state.to_act == 0
    assert [o.seat for o in state.owed] == [0, 2]
    level = state.level
    for k in range(30):
        sample = Belief(state, 0).sample(random.Random(k))
        owed = sample.owed[1]
        assert owed.seat == 2
        assert owed.options == return_options(expand(sample.hands[2]), level)
        assert set(owed.options) <= set(expand(sample.hands[2]))
        assert sample.owed[0] == state.owed[0]  # seat 0's own options, from its own hand
