"""The Minchiate deal on the engine (games/minchiate/rules.py): worked examples 13, 14 and 16
played through the state, the discards and the shortfall (7), declarations (8), legal plays and
the rules they name (9.3), the running settlement on scripted tricks (10.3), the Matto payment
(9.6), events and views, errors, and whole random deals checked against the rule functions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from minchiate_support import EXAMPLE_DECK, build_deck, cards, oracle
from test_minchiate_scoring import play_deal

from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.engine.game import Outcome
from cardavia_cli.games.minchiate.cards import PACK, codes
from cardavia_cli.games.minchiate.rules import PASS, Action, MinchiateState, new_state, play

RESTI_HANDS = {
    0: "T40 T39 T38 T37 T36 T11 T12 T14 T15 T16 T17 T18 T19 AC 2C 3C 4C 5C 6C 7C 8C",
    1: "T35 T34 T33 T32 T31 T28 KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KB",
    2: "T6 T21 T8 T9 T7 T29 T30 T22 T23 T24 T25 T26 T27 9C 10C JC NC QC KC AD 2D",
    3: "T20 T13 T10 T1 T5 T4 T3 T2 M KD 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD",
}
RESTI_REST = "AB 2B 3B 4B 5B 6B 7B 8B 9B 10B JB NB QB"
#: seven tricks led by seat 0 (then seat 2): team 0 captures 10, 10, 10, 10, 8, 8, 8
RESTI_TRICKS = [
    "0 T40 1 T35 2 T6 3 T20",
    "0 T39 1 T34 2 T21 3 T13",
    "0 T38 1 T33 2 T8 3 T10",
    "0 T37 1 T32 2 T9 3 T1",
    "0 T36 1 T31 2 T7 3 T5",
    "0 T12 1 T28 2 T29 3 T4",
    "2 T30 3 T3 0 T14 1 KS",
]


def hand(state: MinchiateState, seat: int) -> str:
    return " ".join(codes(sorted(state.hands[seat])))


def texts(state: MinchiateState) -> list[str]:
    return [e.text for e in state.events]


def example_13() -> MinchiateState:
    return new_state(deck=EXAMPLE_DECK, dealer=2)


def example_16_declared() -> MinchiateState:
    state = example_13()
    for line in ("discard 2S 3S 4S", "discard 2C 3C 4C", "declare all", "declare all"):
        state.play_text(line)
    return state


def play_trick(state: MinchiateState, line: str) -> None:
    words = line.split()
    for seat, card in zip(words[::2], words[1::2], strict=True):
        assert state.to_act == int(seat)
        state.play_text(f"play {card}")


def resti_deal() -> MinchiateState:
    state = new_state(deck=build_deck(3, RESTI_HANDS, RESTI_REST), dealer=3)
    for seat in (0, 1, 3):
        assert state.to_act == seat and state.phase == "declare"
        state.apply(PASS)
    return state


def play_out_first(state: MinchiateState) -> None:
    """Play on with the first legal action every time (``discard auto``, ``declare all``)."""
    while not state.is_over:
        if state.phase == "discard":
            state.play_text("discard auto")
        elif state.phase == "declare":
            state.play_text("declare all")
        else:
            state.apply(state.legal_actions()[0])


def decisions(state: MinchiateState) -> list[str]:
    return [str(r) for r in state.history]


# -- worked example 13: the deal through the state ---------------------------------------------
def test_worked_example_13_roles_robbing_exposed_card_and_fola():
    state = example_13()
    assert (state.dealer, state.cutter, state.first_leader) == (2, 1, 3)
    log = texts(state)
    assert log[0] == "dealer 2 1"
    assert log[1] == "rob 1 T22 KC T3"
    assert "expose 2 T38" in log and "rob 2 T29 KD KB" in log
    # the scoring events of 6.6, each settled at once: -8, +2, +12
    assert [t for t in log if t.startswith("score")] == [
        "score 1 8 -8",
        "score 0 10 2",
        "score 0 10 12",
    ]
    assert [(e.team, e.points) for e in state.running] == [(1, 8), (0, 10), (0, 10)]
    assert state.fola == tuple(cards("6C T15 7B JB NB QB 5S"))
    assert (
        hand(state, 0)
        == "T11 T12 T13 T14 T16 T17 T18 T19 T20 T21 4D 5D 6D 7D 8D 9D 10D JD ND QD AS"
    )
    assert hand(state, 1) == (
        "T3 T22 T23 T24 T25 T26 T27 T28 T30 T31 T32 T33 KC 2S 3S 4S 6S 7S 8S 9S 10S JS NS QS"
    )
    assert hand(state, 2) == (
        "T29 T34 T35 T36 T37 T38 T39 T40 AC 2C 3C 4C KD KS AB 2B 3B 4B 5B 6B 8B 9B 10B KB"
    )
    assert hand(state, 3) == "M T1 T2 T4 T5 T6 T7 T8 T9 T10 5C 7C 8C 9C 10C JC NC QC AD 2D 3D"
    # the cutter discards first (7.1)
    assert (state.phase, state.to_act, state.owed) == ("discard", 1, 3)


def test_worked_example_13_discardable_cards():
    state = example_13()
    allowed = "T22 T23 T24 T25 T26 T27 2S 3S 4S 6S 7S 8S 9S 10S JS NS QS"
    assert [str(a) for a in state.legal_actions()] == [f"discard {c}" for c in allowed.split()]
    for card in ("T3", "T28", "T30", "T33", "KC"):
        with pytest.raises(IllegalActionError, match=r"7\.2"):
            state.parse_action(f"discard {card} T22 T23")
    # the robbed T22 may go
    state.play_text("discard T22 2S 3S")
    assert (state.to_act, state.owed) == (2, 3)
    for card in ("T29", "T34", "T40", "KD", "KS", "KB"):
        with pytest.raises(IllegalActionError, match=r"7\.2"):
            state.parse_action(f"discard {card} AB 2B")
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {f"discard {c}" for c in "AC 2C 3C 4C AB 2B 3B 4B 5B 6B 8B 9B 10B".split()}


def test_discards_whole_partial_auto_and_wrong_counts():
    state = example_13()
    with pytest.raises(IllegalActionError, match="owes 3 discards, not 4"):
        state.parse_action("discard 2S 3S 4S 6S")
    with pytest.raises(IllegalActionError, match="not in the hand"):
        state.parse_action("discard 2S 3S 5S")
    with pytest.raises(InvalidActionError, match="named twice"):
        state.parse_action("discard 2S 2S")
    with pytest.raises(IllegalActionError, match=r"discard.*7\.1"):
        state.parse_action("play 2S")
    with pytest.raises(IllegalActionError, match=r"declare or pass"):
        example_16_after_discards().parse_action("play T30")
    # part of the discard, then the rest
    state.play_text("discard 4s")
    assert (state.to_act, state.owed, len(state.hands[1])) == (1, 2, 23)
    assert state.parse_action("discard auto") == Action("discard", tuple(cards("T22 T23")))
    state.play_text("discard auto")
    assert state.to_act == 2
    assert decisions(state) == ["1 discard 4S", "1 discard T22 T23"]
    assert sorted(state.discards[1]) == cards("T22 T23 4S")
    # the discard event tells the count to all and the cards to the discarder only
    event = state.events[-1]
    assert event.text == "discard 1 2" and event.detail(1) == ("T22", "T23")
    assert event.detail(0) == () and event.seats is None


def example_16_after_discards() -> MinchiateState:
    state = example_13()
    state.play_text("discard 2S 3S 4S")
    state.play_text("discard 2C 3C 4C")
    return state


def test_shortfall_discards_through_the_state():
    # rules 7.3: the cutter robs 13 counting cards and was dealt the other 12 and T29, so of
    # its 34 cards only 8 are discardable: it discards those 8, then 5 of the lowest-valued
    # others: T2 T3 T4 T5 (3 each) and one 5-point card of its choice, never T29.
    counting = [c for c in PACK if c.is_counting]
    robbed = [c for c in counting if c.number >= 30 or c.is_king or c.number == 28][:13]
    rest = [c for c in counting if c not in robbed]
    assert len(robbed) == 13 and len(rest) == 12
    free = [c for c in PACK if not c.is_counting and str(c) != "T29"]
    cutter_hand = " ".join(codes(rest + cards("T29") + free[:8]))
    others = free[8:]
    hands = {1: cutter_hand}
    for seat in (2, 3, 0):
        hands[seat] = " ".join(codes(others[:21]))
        others = others[21:]
    assert others == []
    # dealer 2: cutter 1; the bottom card is the first robbed
    state = new_state(deck=build_deck(2, hands, " ".join(codes(robbed[::-1]))), dealer=2)
    assert state.dealt.cutter_robbed == tuple(robbed)
    assert (state.to_act, state.owed) == (1, 13)
    five = [c for c in rest + robbed if c.points == 5]
    expected = sorted(free[:8] + cards("T2 T3 T4 T5") + five)
    assert [a.cards[0] for a in state.legal_actions()] == expected
    with pytest.raises(IllegalActionError, match=r"T29 is never discarded \(rules 7\.3\)"):
        state.parse_action("discard T29")
    with pytest.raises(IllegalActionError, match=r"lowest-valued"):
        state.parse_action("discard T36")
    with pytest.raises(IllegalActionError, match=r"lowest-valued"):
        state.parse_action("discard T30 T31")  # only one 5-point card may go
    auto = state.parse_action("discard auto")
    assert list(auto.cards) == sorted(free[:8] + cards("M T2 T3 T4 T5"))
    state.apply(Action("discard", tuple(sorted(free[:8] + cards("T2 T3 T4 T5 KS")))))
    assert len(state.hands[1]) == 21 and state.phase != "discard"
    assert state.dealt.fola == () and state.dealt.dealer_robbed == ()


# -- worked example 16: declarations and the running settlement --------------------------------
def test_worked_example_16_declarations():
    state = example_16_after_discards()
    # seats 3 and 0 hold no combination: skipped; seat 1 declares first
    assert (state.phase, state.to_act) == ("declare", 1)
    assert [str(c) for c in state.listed()] == ["sequence T30 T31 T32 T33 (20)"]
    assert [str(a) for a in state.legal_actions()] == ["pass", "declare 1"]
    with pytest.raises(InvalidActionError, match="not a combination number"):
        state.parse_action("declare ²")
    with pytest.raises(IllegalActionError, match=r"numbered 1\.\.1, not 2"):
        state.parse_action("declare 2")
    state.play_text("declare all")
    assert state.to_act == 2
    assert [str(c) for c in state.listed()] == [
        "sequence T34 T35 T36 T37 T38 T39 T40 (60)",
        "kings KD KS KB (15)",
    ]
    assert [str(a) for a in state.legal_actions()] == [
        "pass",
        "declare 1",
        "declare 1 2",
        "declare 2",
    ]
    assert state.parse_action("declare all") == Action("declare", numbers=(1, 2))
    state.play_text("declare all")
    log = texts(state)
    assert log[-7:-1] == [
        "declare 1 sequence 20 T30 T31 T32 T33",
        "score 1 20 -8",
        "declare 2 sequence 60 T34 T35 T36 T37 T38 T39 T40",
        "declare 2 kings 15 KD KS KB",
        "score 0 75 7",
        "resto 0",
    ]
    # settle of the first five events is {[1, 0], 7}
    assert (state.settlement.resti, state.settlement.diff) == ((1, 0), 7)
    # the remaining fola is shown, then seat 3 leads
    assert log[-1] == "fola 6C T15 7B JB NB QB 5S"
    assert (state.phase, state.to_act) == ("play", 3)
    assert state.partial_result() == {
        "points": [0, 0],
        "diff": 7,
        "running_resti": [1, 0],
        "final_resti": [0, 0],
        "resti": [1, 0],
        "winner": None,
    }


def test_worked_example_16_settlement_continued_from_the_state():
    # the captures and end counts of example 16 are suppositions: applied to the state's
    # settlement they give {[1, 1], -15} and then D_end = -80, final resti [0, 2], R = 1 : 3
    from cardavia_cli.games.minchiate.deal import ScoringEvent
    from cardavia_cli.games.minchiate.scoring import DealResult, EndPoints, settle

    state = example_16_declared()
    captures = [ScoringEvent(1, 35), ScoringEvent(0, 18), ScoringEvent(1, 60), ScoringEvent(1, 5)]
    running = settle(captures, state.settlement)
    assert (running.resti, running.diff) == ((1, 1), -15)
    result = DealResult(running, (EndPoints(38, 35, 8, 10), EndPoints(104, 52, 0, 0)))
    assert result.d_end == -80 and result.final_resti == (0, 2)
    assert (result.resti, result.net, result.winner) == ((1, 3), -2, 1)


def test_passing_declares_nothing_and_scores_nothing():
    state = example_16_after_discards()
    state.apply(PASS)
    state.apply(PASS)
    assert [d.points for d in state.declarations] == [0, 0]
    assert "pass 1" in texts(state) and "pass 2" in texts(state)
    assert (state.settlement.resti, state.settlement.diff) == ((0, 0), 12)


# -- trick play ---------------------------------------------------------------------------------
def test_king_obligation_through_the_state():
    state = example_16_declared()
    state.play_text("play 5C")
    # seat 0 has no Cups: a trump or nothing else
    with pytest.raises(IllegalActionError, match=r"no Cups in hand.*9\.3\.3\.3"):
        state.parse_action("play 4D")
    state.play_text("play T11")
    # seat 1 holds KC: the first Cups trick has been trumped, so the King is owed
    assert state.legal_actions() == [play(cards("KC")[0])]
    with pytest.raises(IllegalActionError, match=r"King obligation.*KC must be played"):
        state.parse_action("play 6S")
    assert state.forced_action() == play(cards("KC")[0])
    state.play_text("play")  # a bare play plays the only legal card
    state.play_text("play AC")
    assert texts(state)[-3:] == ["play 2 AC", "trick 0", "score 0 5 12"]
    assert state.leader == 0 and state.suits_led == {"C"}
    assert decisions(state)[-4:] == ["3 play 5C", "0 play T11", "1 play KC", "2 play AC"]
    assert [r.forced for r in state.history[-4:]] == [False, False, True, True]


def test_follow_suit_and_trump_rules_are_named():
    state = example_16_declared()
    state.play_text("play 9C")
    with pytest.raises(IllegalActionError, match=r"no Cups in hand: a trump"):
        state.parse_action("play AS")
    state.play_text("play T12")
    state.play_text("play KC")
    state.play_text("play AC")
    # seat 0 leads trumps: seat 1 must follow with a trump
    state.play_text("play T21")
    with pytest.raises(IllegalActionError, match=r"trumps are to follow"):
        state.parse_action("play 6S")
    with pytest.raises(IllegalActionError, match=r"T40 is not in seat 1.s hand"):
        state.parse_action("play T40")
    with pytest.raises(InvalidActionError, match="not a Minchiate card"):
        state.parse_action("play TC")
    with pytest.raises(InvalidActionError, match="exactly one card"):
        state.parse_action("play T22 T23")
    with pytest.raises(InvalidActionError, match="needs the card"):
        state.parse_action("play")
    with pytest.raises(InvalidActionError, match="unknown action"):
        state.parse_action("dance")


def test_running_settlement_on_scripted_tricks():
    state = resti_deal()
    assert state.running == [] and state.fola_shown
    diffs = []
    for line in RESTI_TRICKS:
        play_trick(state, line)
        diffs.append((state.settlement.resti, state.settlement.diff))
    assert diffs == [
        ((0, 0), 10),
        ((0, 0), 20),
        ((0, 0), 30),
        ((0, 0), 40),
        ((0, 0), 48),
        ((0, 0), 56),
        ((1, 0), 4),  # 64: one resto for team 0 during play
    ]
    assert [t for t in texts(state) if t.split()[0] in ("trick", "score", "resto")][-5:] == [
        "trick 2",
        "score 0 8 56",
        "trick 2",
        "score 0 8 4",
        "resto 0",
    ]
    assert state.leader == 2 and len(state.tricks) == 7
    # the piles so far: 28 cards to team 0
    assert state.view(1).pile_sizes == (28, 0)


def test_the_matto_is_paid_after_the_last_trick():
    state = resti_deal()
    for line in RESTI_TRICKS:
        play_trick(state, line)
    play_trick(state, "2 T22 3 M 0 T15 1 AS")
    # the Matto goes back to team 1 and is not captured: no score event for the trick
    assert texts(state)[-1] == "trick 2"
    assert state.won[1] == cards("M")
    play_out_first(state)
    out = oracle(state.deck, 3, decisions(state))
    payments = [t for t in texts(state) if t.startswith("matto")]
    assert payments == [f"matto 1 {out['matto_payment']}"]
    assert state.partial_result() == out["result"]
    assert [len(state.won[0]), len(state.won[1])] == out["counts"]
    assert sum(out["counts"]) == 84


# -- the whole deal ----------------------------------------------------------------------------
def test_whole_deal_result_and_outcome():
    state = resti_deal()
    for line in RESTI_TRICKS:
        play_trick(state, line)
    play_out_first(state)
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    out = oracle(state.deck, 3, decisions(state))
    outcome = state.result()
    assert isinstance(outcome, Outcome)
    assert outcome.data == out["result"] == state.partial_result()
    assert set(outcome.data) == {
        "points",
        "diff",
        "running_resti",
        "final_resti",
        "resti",
        "winner",
    }
    r0, r1 = outcome.data["resti"]
    assert outcome.winner_is_team and outcome.winner == (0 if r0 > r1 else 1 if r1 > r0 else None)
    assert outcome.winning_seats() == ([0, 2] if outcome.winner == 0 else [1, 3])
    log = texts(state)
    assert log[-1] == f"result {r0} {r1}"
    e0, e1 = (t for t in log if t.startswith("count"))
    assert int(e0.split()[-1]) == outcome.data["points"][0]
    assert int(e1.split()[-1]) == outcome.data["points"][1]
    with pytest.raises(IllegalActionError, match="over"):
        state.parse_action("play T2")


def test_first_legal_play_on_example_13_matches_the_rule_functions():
    state = example_13()
    play_out_first(state)
    assert decisions(state)[:2] == ["1 discard T22 T23 T24", "2 discard AC 2C 3C"]
    assert state.partial_result() == oracle(EXAMPLE_DECK, 2, decisions(state))["result"]


# -- events, views and zones -------------------------------------------------------------------
def test_the_deal_is_seen_only_by_each_seat_and_the_fola_only_once_shown():
    state = example_13()
    deals = [e for e in state.events if e.kind == "deal"]
    assert [sorted(e.seats or ()) for e in deals] == [[3], [0], [1], [2]]
    assert deals[0].args[1:] == tuple(codes(state.dealt.dealt[3]))
    view = state.view(0)
    assert view.fola is None and view.fola_size == 7
    assert view.hand == tuple(sorted(state.hands[0])) and view.legal == ()
    assert view.cutter_robbed == tuple(cards("T22 KC T3")) and view.exposed == cards("T38")[0]
    assert state.view(1).legal == tuple(state.legal_actions())
    assert not any(e.kind == "fola" for e in state.events)
    state = example_16_declared()
    assert state.view(0).fola == tuple(cards("6C T15 7B JB NB QB 5S"))
    assert state.view(1).own_discards == tuple(cards("2S 3S 4S"))
    assert state.view(0).own_discards == () and state.view(0).discard_counts == (0, 3, 3, 0)
    assert [d.seat for d in state.view(3).declarations] == [1, 2]
    assert state.view(3).resti == (1, 0) and state.view(3).diff == 7


def test_zones_hold_the_97_cards_at_every_step():
    state = example_13()
    seen = 0
    while not state.is_over:
        zones = state.zones()
        assert sorted(c for z in zones.values() for c in z) == sorted(codes(PACK))
        seen += 1
        state.apply(state.legal_actions()[-1])
    zones = state.zones()
    assert len(zones["pile 0"]) + len(zones["pile 1"]) == 84
    assert len(state.tricks) == 21
    dead = cards(" ".join(zones["fola"] + zones["discards 1"] + zones["discards 2"]))
    assert len(dead) == 13 and all(c.points == 0 and str(c) != "T29" for c in dead)
    assert zones["discards 0"] == zones["discards 3"] == zones["trick"] == []
    # one card at a time: 3 + 3 discards, 2 declarations, 84 plays
    assert seen == len(state.history) == 3 + 3 + 2 + 84


# -- new deals and errors ----------------------------------------------------------------------
def test_new_deal_from_a_seed_is_reproducible_and_cut():
    a, b = new_state(seed=5), new_state(seed=5)
    assert a.deck == b.deck and a.dealer == b.dealer
    rng = random.Random(5)
    shuffled = list(PACK)
    rng.shuffle(shuffled)
    cut = rng.randint(1, 96)
    assert list(a.deck) == shuffled[cut:] + shuffled[:cut]
    assert a.dealer == rng.randrange(4)
    assert new_state(seed=5, dealer=1).deck == a.deck
    assert new_state(seed=6).deck != a.deck


def test_new_deal_refuses_bad_input():
    with pytest.raises(ValueError, match="deck is not the pack"):
        new_state(deck=EXAMPLE_DECK[:-1] + ["T3"])
    with pytest.raises(ValueError, match="dealer"):
        new_state(deck=EXAMPLE_DECK, dealer=4)
    with pytest.raises(ValueError, match="no match state"):
        new_state(match={"lives": 3})
    with pytest.raises(ValueError, match="seed"):
        new_state(seed=-1)


def test_action_notation():
    assert str(Action.parse("DISCARD 4s t22")) == "discard T22 4S"
    assert str(Action.parse("declare 3 1")) == "declare 1 3"
    assert repr(Action.parse("play excuse")) == "Action.parse('play M')"
    assert Action.parse("pass") == PASS
    for bad, needle in [
        ("", "empty"),
        ("pass 1", "nothing after"),
        ("declare", "declare all"),
        ("declare 0", "not a combination number"),
        ("declare 1 1", "named twice"),
        ("discard", "needs the cards"),
        ("discard T41", "not a Minchiate card"),
    ]:
        with pytest.raises(InvalidActionError, match=needle):
            Action.parse(bad)


# -- whole random deals against the rule functions ---------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.permutations(PACK), st.integers(0, 3), st.integers(0, 2**32))
def test_random_deals_agree_with_the_rule_functions(deck, dealer, seed):
    """The state and the rule functions (``play_deal`` of test_minchiate_scoring) play the same
    deal with the same random choices and reach the same result; 21 tricks, 97 cards."""
    expected = play_deal(list(deck), dealer, random.Random(seed))
    rng = random.Random(seed)
    state = new_state(deck=list(deck), dealer=dealer)
    while not state.is_over:
        assert sum(len(z) for z in state.zones().values()) == 97
        if state.phase == "discard":
            state.play_text("discard auto")
        elif state.phase == "declare":
            state.play_text("declare all")
        else:
            state.apply(play(rng.choice(state.legal_cards())))
    assert len(state.tricks) == 21
    assert state.running == [e for e in expected["events"] if e.points > 0]
    assert state.partial_result() == expected["result"].to_json()
    assert tuple(tuple(p) for p in state.won) == expected["piles"].piles


def test_resample_keeps_what_the_seat_knows():
    state = example_16_declared()
    for seed in range(5):
        other = state.resample(0, random.Random(seed))
        assert other.view(0) == state.view(0)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        # robbed, exposed and declared cards stay where they are
        assert set(cards("KC T3 T22 T30 T31 T32 T33")) <= set(other.hands[1])
        assert set(cards("T29 KD KB T38 T34 T35 T36 T37 T39 T40 KS")) <= set(other.hands[2])
        assert other.fola == state.fola  # shown to all
        for seat in (1, 2):
            assert len(other.discards[seat]) == 3
            assert all(c.points == 0 and str(c) != "T29" for c in other.discards[seat])
    # before the fola is shown it is dealt anew too, with zero-point cards other than T29 only
    state = example_13()
    moved = 0
    for seed in range(5):
        other = state.resample(3, random.Random(seed))
        assert other.view(3) == state.view(3) and len(other.fola) == 7
        assert all(c.points == 0 and str(c) != "T29" for c in other.fola)
        moved += other.fola != state.fola
        assert other.hands[3] == state.hands[3]
    assert moved >= 4


def test_the_fast_view_is_the_dataclass_view_at_every_step_of_a_deal():
    """``view`` builds its frozen value without the dataclass ``__init__`` (speed): at every
    step of a whole deal, for every seat, it equals the value the dataclass would build."""
    import dataclasses

    from cardavia_cli.engine.agents import decide
    from cardavia_cli.games.minchiate.ai import BasicAgent
    from cardavia_cli.games.minchiate.rules import MinchiateView, new_state

    state = new_state(seed=11)
    agent = BasicAgent()
    steps = 0
    while not state.is_over:
        for seat in range(4):
            view = state.view(seat)
            fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(MinchiateView)}
            assert view == MinchiateView(**fields)
            assert set(vars(view)) == set(fields)
        state.push(decide(state, agent))
        steps += 1
    assert steps > 40
