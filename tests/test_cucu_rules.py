"""The Cuccu match on the engine (cardavia_cli.games.cucu.rules): the worked examples of rules
section 13 through deal files, scripted rounds across breaks, the reshuffle, dealer rotation,
the all-out restart and the end of the match, actions and their errors, views, resampling and
the deal-file keys ``lives`` and ``dealer``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia_cli.engine.errors import DealFileError, IllegalActionError, InvalidActionError
from cardavia_cli.engine.runner import play_on
from cardavia_cli.games.cucu.cards import PACK, PACK_RANKS, RANKS, SPECIALS, example_deck, rank_of
from cardavia_cli.games.cucu.round import play_match, simple_answer
from cardavia_cli.games.cucu.rules import (
    ACCEPT,
    KEEP,
    PAY,
    REFUSE,
    SWAP,
    Action,
    CucuState,
    CucuView,
    new_state,
)
from cardavia_cli.games.deals import parse_deal, replay

DATA = Path(__file__).resolve().parent / "data" / "cucu_acceptance_cases.json"
ACCEPTANCE = [c for c in json.loads(DATA.read_text("utf-8")) if c["fn"] == "play_round"]
FULL = [3, 3, 3, 3]


def deal_text(deck, dealer, lives, actions, seed=0):
    return (
        f'format = 1\ngame = "cucu"\nseed = {seed}\ndeck = {json.dumps(list(deck))}\n'
        f"dealer = {dealer}\nlives = {json.dumps(lives)}\n"
        f'seats = ["random", "random", "random", "random"]\nactions = {json.dumps(actions)}\n'
    )


def load(start, actions, *, dealer=3, lives=FULL, top=None, seed=0) -> CucuState:
    deck = example_deck(start.split(), top=top)
    state = replay(parse_deal(deal_text(deck, dealer, lives, actions, seed), "example.toml"))
    assert isinstance(state, CucuState)
    return state


def log(state: CucuState) -> list[str]:
    return [e.text for e in state.events]


def hands(state: CucuState) -> list[str | None]:
    zones = state.zones()
    return [(zones[f"hand {s}"] or [None])[0] for s in range(4)]


def lines(text: str) -> list[str]:
    return [x.strip() for x in text.split(",")]


# ------------------------------------------------------------- worked examples 10-18 and 21
# (name, deck start, top, dealer, lives, actions, log, cards, lives after, next dealer)
EXAMPLES = [
    (
        "10 chain of swaps, dealer draws",
        "2 5 8 1 lion",
        None,
        3,
        FULL,
        ["0 swap", "1 swap", "2 keep", "3 swap"],
        "deal 0 2, deal 1 5, deal 2 8, deal 3 1, ask 0 1, swap 0 1, ask 1 2, swap 1 2, keep 2, "
        "draw 3, show 0 5, show 1 8, show 2 2, show 3 lion, lose 3 2",
        ["5", "8", "2", "lion"],
        [3, 3, 3, 2],
        0,
    ),
    (
        "11 cat undoes the chain",
        "1 4 6 cat",
        None,
        3,
        FULL,
        ["0 swap", "1 swap", "2 swap", "3 keep"],
        "deal 0 1, deal 1 4, deal 2 6, deal 3 cat, ask 0 1, swap 0 1, ask 1 2, swap 1 2, "
        "ask 2 3, cat 3, lose 2 2, undo 1 2, undo 0 1, keep 3, show 0 1, show 1 4, show 2 6, "
        "show 3 cat, lose 0 2",
        ["1", "4", "6", "cat"],
        [2, 3, 2, 3],
        0,
    ),
    (
        "12 horse at the dealer",
        "3 9 zero horse",
        "7",
        3,
        FULL,
        ["0 keep", "1 keep", "2 swap", "3 keep"],
        "deal 0 3, deal 1 9, deal 2 zero, deal 3 horse, keep 0, keep 1, ask 2 3, horse 3, "
        "top 2, keep 3, show 0 3, show 1 9, show 2 7, show 3 horse, lose 0 2",
        ["3", "9", "7", "horse"],
        [2, 3, 3, 3],
        0,
    ),
    (
        "13 horse jump into a hunter, elimination, dead card",
        "bucket horse hunter 4",
        None,
        3,
        [1, 3, 3, 3],
        ["0 swap", "1 keep", "2 keep", "3 keep"],
        "deal 0 bucket, deal 1 horse, deal 2 hunter, deal 3 4, ask 0 1, horse 1, ask 0 2, "
        "hunter 2, lose 0 0, out 0, keep 1, keep 2, keep 3, dead 0 bucket, show 1 horse, "
        "show 2 hunter, show 3 4, lose 3 2",
        ["bucket", "horse", "hunter", "4"],
        [0, 3, 3, 2],
        1,
    ),
    (
        "14 inn payment",
        "2 inn 6 9",
        None,
        3,
        FULL,
        ["0 swap", "0 pay", "1 accept", "1 keep", "2 keep", "3 keep"],
        "deal 0 2, deal 1 inn, deal 2 6, deal 3 9, ask 0 1, inn 1, pay 0 1, accept 1, keep 1, "
        "keep 2, keep 3, show 0 2, show 1 inn, show 2 6, show 3 9, paid 1 0, lose 1 2",
        ["2", "inn", "6", "9"],
        [3, 2, 3, 3],
        0,
    ),
    (
        "15 payment does not cover the zero",
        "zero inn 6 9",
        None,
        3,
        FULL,
        ["0 swap", "0 pay", "1 accept", "1 keep", "2 keep", "3 keep"],
        "deal 0 zero, deal 1 inn, deal 2 6, deal 3 9, ask 0 1, inn 1, pay 0 1, accept 1, "
        "keep 1, keep 2, keep 3, show 0 zero, show 1 inn, show 2 6, show 3 9, lose 0 2",
        ["zero", "inn", "6", "9"],
        [2, 3, 3, 3],
        0,
    ),
    (
        "16 inn refused",
        "mask inn 5 8",
        None,
        3,
        FULL,
        ["0 swap", "0 pay", "1 refuse", "1 swap", "2 keep", "3 keep"],
        "deal 0 mask, deal 1 inn, deal 2 5, deal 3 8, ask 0 1, inn 1, pay 0 1, refuse 1, "
        "swap 0 1, ask 1 2, swap 1 2, keep 2, keep 3, show 0 inn, show 1 5, show 2 mask, "
        "show 3 8, lose 2 2",
        ["inn", "5", "mask", "8"],
        [3, 3, 2, 3],
        0,
    ),
    (
        "17 all-out restart",
        "4 4",
        None,
        1,
        [0, 1, 1, 0],
        ["2 keep", "1 keep"],
        "deal 2 4, deal 1 4, keep 2, keep 1, show 2 4, show 1 4, lose 1 0, out 1, lose 2 0, "
        "out 2, restart",
        [None, "4", "4", None],
        [3, 3, 3, 3],
        2,
    ),
    (
        "18 cuckoo refuses, rotation skips a seat",
        "1 cuckoo 10",
        None,
        0,
        [2, 1, 1, 0],
        ["1 swap", "2 keep", "0 keep"],
        "deal 1 1, deal 2 cuckoo, deal 0 10, ask 1 2, cuckoo 2, keep 2, keep 0, show 1 1, "
        "show 2 cuckoo, show 0 10, lose 1 0, out 1",
        ["10", "1", "cuckoo", None],
        [2, 0, 1, 0],
        2,
    ),
    (
        "21 cat returns the horse only",
        "5 horse 3 cat",
        None,
        3,
        FULL,
        ["0 swap", "1 swap", "2 swap", "3 keep"],
        "deal 0 5, deal 1 horse, deal 2 3, deal 3 cat, ask 0 1, horse 1, ask 0 2, swap 0 2, "
        "ask 1 2, swap 1 2, ask 2 3, cat 3, lose 2 2, undo 1 2, keep 3, show 0 3, "
        "show 1 horse, show 2 5, show 3 cat, lose 0 2",
        ["3", "horse", "5", "cat"],
        [2, 3, 2, 3],
        0,
    ),
]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e[0].split()[0])
def test_worked_examples_through_deal_files(example):
    _, start, top, dealer, lives, actions, want_log, cards, after, next_dealer = example
    state = load(start, actions, dealer=dealer, lives=lives, top=top)
    assert log(state) == lines(want_log)
    assert hands(state) == cards
    assert state.lives == after
    assert state.at_break and not state.is_over and state.to_act is None
    assert state.phase == "break" and state.rounds_finished == 1
    assert state.partial_result() == {"lives": after, "winner": None, "rounds": 1}
    assert state.recorded_actions() == actions
    state.next_round()
    assert state.dealer == next_dealer
    dealt = [e.args[0] for e in state.events[len(lines(want_log)) :] if e.kind == "deal"]
    in_play = [s for s in range(4) if after[s] > 0]
    assert sorted(dealt) == in_play and dealt[-1] == next_dealer


def _seats_of(expected_log):
    """Who decided what, from a log (as a deal file's actions are written)."""
    out, prev = [], ""
    for line in expected_log:
        t = line.split()
        if t[0] == "keep":
            out.append(f"{t[1]} keep")
        elif t[0] == "ask" and not prev.startswith("horse"):
            out.append(f"{t[1]} swap")
        elif t[0] in ("pay", "accept", "refuse"):
            out.append(f"{t[1]} {t[0]}")
        elif t[0] == "draw":
            out.append(f"{t[1]} swap")
        prev = line
    return out


@pytest.mark.parametrize("case", ACCEPTANCE, ids=lambda c: c["id"])
def test_published_acceptance_rounds_through_deal_files(case):
    args, expected = case["args"], case["expected"]
    actions = _seats_of(expected["log"])
    text = deal_text(args["deck"], args["dealer"], args["lives"], actions)
    state = replay(parse_deal(text, "case.toml"))
    assert log(state) == expected["log"]
    assert state.lives == expected["lives"]
    assert hands(state) == expected["cards"]
    assert state.round.next_dealer == expected["next_dealer"]


# ------------------------------------------------------------------------ actions and errors


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("keep", "keep"),
        (" SWAP ", "swap"),
        ("Draw", "swap"),
        ("pay", "pay"),
        ("accept", "accept"),
        ("REFUSE", "refuse"),
    ],
)
def test_action_parse_and_canonical_text(text, verb):
    action = Action.parse(text)
    assert action == Action(verb) and str(action) == verb
    assert eval(repr(action)) == action  # noqa: S307 - repr rebuilds the value


@pytest.mark.parametrize("text", ["", "hello", "keep now", "swap 2", "2", "²", "draw!", "k"])
def test_text_that_is_no_action(text):
    with pytest.raises(InvalidActionError):
        Action.parse(text)
    with pytest.raises(InvalidActionError):
        new_state(seed=1).parse_action(text)


def test_an_action_value_with_an_unknown_verb_is_refused():
    with pytest.raises(InvalidActionError, match="'draw' is not a Cuccu action"):
        Action("draw")


def test_illegal_answers_name_the_rule_and_change_nothing():
    state = load("2 inn 6 9", [])
    assert (state.to_act, state.phase) == (0, "turn")
    with pytest.raises(IllegalActionError, match=r"seat 0, on a turn: 'pay' .*section 6"):
        state.parse_action("pay")
    with pytest.raises(IllegalActionError, match=r"'draw' is only the dealer's .*section 8"):
        state.parse_action("draw")
    before = (log(state), state.to_act, state.phase, state.history[:])
    with pytest.raises(IllegalActionError, match="section 6"):
        state.apply(ACCEPT)
    with pytest.raises(IllegalActionError, match="not a cucu action"):
        state.apply("keep")  # type: ignore[arg-type]
    assert (log(state), state.to_act, state.phase, state.history[:]) == before
    state.play_text("swap")
    assert (state.to_act, state.phase, state.legal_actions()) == (0, "inn", [KEEP, PAY])
    assert state.position() == "seat 0 is to act (inn: the Inn of seat 1 stopped it)"
    with pytest.raises(IllegalActionError, match=r"section 7\.5"):
        state.parse_action("swap")
    state.play_text("pay")
    assert (state.to_act, state.phase, state.legal_actions()) == (1, "pay", [ACCEPT, REFUSE])
    assert state.position() == "seat 1 is to act (pay: seat 0 asks it to pay)"
    with pytest.raises(IllegalActionError, match=r"section 7\.5"):
        state.parse_action("keep")


def test_the_dealer_may_draw_recorded_as_swap():
    state = load("2 5 8 1 lion", ["0 swap", "1 swap", "2 keep"])
    assert (state.to_act, state.phase) == (3, "dealer")
    assert state.parse_action("draw") == SWAP
    state.play_text("draw")
    assert state.recorded_actions() == ["0 swap", "1 swap", "2 keep", "3 swap"]
    assert log(state)[9] == "draw 3"


def test_a_deal_file_may_write_draw_for_the_dealer_only():
    deck = example_deck("2 5 8 1 lion".split())
    state = replay(parse_deal(deal_text(deck, 3, FULL, ["0 swap", "1 swap", "2 keep", "3 draw"])))
    assert state.lives == [3, 3, 3, 2]
    bad = parse_deal(deal_text(deck, 3, FULL, ["0 draw"]), "bad.toml")
    with pytest.raises(DealFileError, match=r"bad.toml: action 1 of 1 .*section 8"):
        replay(bad)


def test_no_answer_at_a_break_or_after_the_match():
    state = load("4 4", ["2 keep", "1 keep"], dealer=1, lives=[0, 1, 1, 0])
    assert state.at_break and state.legal_actions() == [] and state.forced_action() is None
    with pytest.raises(IllegalActionError, match=r"the round is over.*section 10\.3"):
        state.parse_action("keep")
    with pytest.raises(IllegalActionError):
        state.apply(KEEP)
    # a match won: lives [1, 0, 0, 1], seat 3 deals, seat 0 holds the lion and keeps
    won = load("lion 5", ["0 keep", "3 keep"], lives=[1, 0, 0, 1])
    assert log(won)[-4:] == ["show 3 5", "lose 0 0", "out 0", "win 3"]
    assert won.is_over and not won.at_break and won.phase == "over" and won.to_act is None
    outcome = won.result()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.winning_seats()) == ("win", 3, [3])
    assert outcome.summary == "Seat 3 wins the match after 1 round."
    assert outcome.data == {"lives": [0, 0, 0, 1], "winner": 3, "rounds": 1}
    with pytest.raises(IllegalActionError, match=r"the match is over, seat 3 won"):
        won.parse_action("keep")
    with pytest.raises(IllegalActionError, match="there is no break between rounds now"):
        won.next_round()
    with pytest.raises(IllegalActionError, match="there is no break between rounds now"):
        load("2 5", []).next_round()


# ---------------------------------------------------------------- the match across rounds


def _round_deals(seed, dealer, lives):
    """The deal lines of a second round after a first one from a given deck and dealer,
    worked out independently: the canonical pack shuffled once by random.Random(seed)."""
    rng = random.Random(seed)
    deck = list(PACK)
    rng.shuffle(deck)
    order, seat = [], dealer
    for _ in range(4):
        seat = (seat + 1) % 4
        if lives[seat] > 0:
            order.append(seat)
    return [f"deal {s} {deck[i]}" for i, s in enumerate(order)]


def test_a_given_deck_uses_no_random_numbers_and_later_rounds_are_shuffled_by_the_seed():
    state = load("2 5 8 1 lion", ["0 swap", "1 swap", "2 keep", "3 swap"], seed=11)
    first = len(state.events)
    state.next_round()
    assert log(state)[first : first + 4] == _round_deals(11, 0, [3, 3, 3, 2])
    assert state.dealer == 0 and state.phase == "turn" and state.to_act == 1
    assert state.partial_result() == {"lives": [3, 3, 3, 2], "winner": None, "rounds": 1}


def test_without_a_deck_the_dealer_is_drawn_first_then_the_pack_shuffled():
    rng = random.Random(5)
    dealer = rng.randrange(4)
    deck = list(PACK)
    rng.shuffle(deck)
    state = new_state(seed=5)
    order = [(dealer + k) % 4 for k in range(1, 5)]
    assert state.dealer == dealer
    assert log(state) == [f"deal {s} {deck[i]}" for i, s in enumerate(order)]
    assert state.zones()["pack"] == deck[4:]


def test_the_first_dealer_is_drawn_among_the_seats_with_lives():
    lives = [0, 2, 0, 1]
    dealers = {new_state(seed=seed, match={"lives": lives}).dealer for seed in range(40)}
    assert dealers == {1, 3}


def test_a_knocked_out_dealer_passes_the_deal_and_is_skipped():
    # seat 3 deals with one life; seat 2 and the dealer hold the two lions: both lose, the
    # dealer is out, and the deal passes to seat 0, the next seat still in (rules 4)
    state = load("5 6 lion lion", ["0 keep", "1 keep", "2 keep", "3 keep"], lives=[3, 3, 3, 1])
    assert log(state)[-6:] == [
        "show 1 6",
        "show 2 lion",
        "show 3 lion",
        "lose 2 2",
        "lose 3 0",
        "out 3",
    ]
    assert state.lives == [3, 3, 2, 0]
    state.next_round()
    assert state.dealer == 0
    assert [e.args[0] for e in state.events if e.kind == "deal"][-3:] == [1, 2, 0]


class SimplePolicy:
    """The simple policy of rules 12.3, read from the view."""

    name = "simple"

    def choose(self, view: CucuView, legal, rng):
        return Action(simple_answer(view.phase, rank_of(view.card), view.lives[view.seat]))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_whole_match_with_the_simple_policy_is_play_match(seed):
    state = new_state(seed=seed)
    lowest = [3, 3, 3, 3]

    def watch(s):
        for seat, v in enumerate(s.lives):
            assert 0 <= v <= 3
            lowest[seat] = min(lowest[seat], v)

    play_on(state, [SimplePolicy()] * 4, on_step=watch)
    outcome = state.result()
    assert outcome is not None and state.is_over
    want = play_match(seed)
    assert outcome.data == {
        "lives": want["lives"],
        "winner": want["winner"],
        "rounds": want["rounds"],
    }
    assert state.restarts == want["restarts"]
    assert [s for s in range(4) if state.lives[s] > 0] == [want["winner"]]
    assert log(state).count("restart") == want["restarts"]
    assert log(state)[-1] == f"win {want['winner']}"
    assert sum(1 for line in log(state) if line.startswith("win ")) == 1


# ------------------------------------------------------------------------------- views


def test_views_show_only_what_a_seat_has_seen():
    state = load("2 5 8 1 lion", ["0 swap"])
    v0, v1, v2 = state.view(0), state.view(1), state.view(2)
    assert v0.card == "5" and v0.cards == ("5", "2", None, None)  # 0 knows where its 2 went
    assert v1.card == "2" and v1.cards == ("5", "2", None, None)
    assert v2.card == "8" and v2.cards == (None, None, "8", None)
    assert v1.legal == (KEEP, SWAP) and v0.legal == () and v2.legal == ()
    assert v2.plain == (0,)  # seat 0 got the card seat 1 had to hand over (7.1)
    assert v0.plain == v1.plain == ()
    assert v0.moves == ((0, "swap"),) and v0.phase == "turn" and v0.to_act == 1
    assert (v0.top, v0.bottom) == (None, None) and v0.round == 1
    assert not hasattr(v0, "log") and not hasattr(v0, "events")
    state.play_text("swap")  # 1 gives the 2 to seat 2
    state.play_text("keep")
    state.play_text("swap")  # the dealer draws the lion and puts its 1 at the bottom
    for seat in range(4):
        view = state.view(seat)
        assert view.cards == ("5", "8", "2", "lion") and view.phase == "break"
        assert view.losers == (3,) and view.lives == (3, 3, 3, 2)
    assert state.view(3).bottom == "1" and state.view(0).bottom is None


def test_views_of_shown_cards_pacts_and_knock_outs():
    state = load("bucket horse hunter 4", ["0 swap"], lives=[1, 3, 3, 3])
    view = state.view(3)
    assert view.shown == ((1, "horse"), (2, "hunter"))
    assert view.cards == (None, "horse", "hunter", "4") and view.out == (0,)
    state = load("2 inn 6 9", ["0 swap", "0 pay", "1 accept"])
    view = state.view(2)
    assert view.pacts == ((0, 1),) and view.shown == ((1, "inn"),)
    assert view.asker is None and view.target is None
    state = load("2 inn 6 9", ["0 swap", "0 pay"])
    assert (state.view(2).asker, state.view(2).target) == (0, 1)


def test_resample_keeps_the_view_and_deals_the_unseen_cards_anew():
    state = load("2 5 8 1 lion", ["0 swap", "1 swap"])
    rng = random.Random(3)
    seen_cards = set()
    for _ in range(30):
        other = state.resample(0, rng)
        assert other.view(0) == state.view(0)
        assert sorted(c for z in other.zones().values() for c in z) == sorted(PACK)
        # seat 2 now holds seat 0's old 2 (seat 0 followed it); seat 1 got seat 2's card,
        # which seat 0 has not seen but knows to be plain
        assert hands(other)[2] == "2" and hands(other)[0] == "5"
        assert rank_of(hands(other)[1]) not in SPECIALS
        seen_cards.add((hands(other)[1], hands(other)[3]))
    assert len(seen_cards) > 10
    assert state.zones() == load("2 5 8 1 lion", ["0 swap", "1 swap"]).zones()


def test_zones_are_the_hands_and_the_pack_bottom_first():
    deck = example_deck("2 5 8 1 lion".split())
    state = load("2 5 8 1 lion", [])
    assert state.zones() == {
        "hand 0": ["2"],
        "hand 1": ["5"],
        "hand 2": ["8"],
        "hand 3": ["1"],
        "pack": deck[4:],
    }


def test_copies_are_independent():
    state = load("2 5 8 1 lion", ["0 swap"])
    twin = state.copy()
    twin.play_text("swap")
    assert len(state.history) == 1 and len(twin.history) == 2
    assert hands(state) == ["5", "2", "8", "1"] and hands(twin) == ["5", "8", "2", "1"]


# ------------------------------------------------------------------- deal-file keys


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("lives = [3, 3, 3]", r"'lives' must list four whole numbers 0\.\.3"),
        ("lives = [3, 3, 3, true]", r"'lives' must list four whole numbers"),
        ('lives = [3, 3, "3", 3]', r"'lives' must list four whole numbers"),
        ("lives = [3, 3, 3, 1.5]", r"'lives' must list four whole numbers"),
        ("lives = 3", r"'lives' must list four whole numbers"),
        ("lives = [3, 4, 3, 3]", r"'lives': 4 is not 0\.\.3"),
        ("lives = [3, -1, 3, 3]", r"'lives': -1 is not 0\.\.3"),
        ("lives = [0, 0, 2, 0]", r"'lives' \[0, 0, 2, 0\]: at least two seats must have lives"),
        ("lives = [0, 0, 0, 0]", r"'lives' \[0, 0, 0, 0\]: at least two seats must have lives"),
    ],
)
def test_bad_lives_name_the_file_and_line(line, needle):
    text = f'format = 1\ngame = "cucu"\nseed = 0\n{line}\n'
    with pytest.raises(DealFileError, match=rf"^bad\.toml, line 4: {needle}"):
        parse_deal(text, "bad.toml")


def test_a_dealer_with_no_lives_is_refused_naming_the_file_and_key():
    text = 'format = 1\ngame = "cucu"\ndealer = 1\nlives = [3, 0, 3, 3]\n'
    deal = parse_deal(text, "bad.toml")
    with pytest.raises(DealFileError, match=r"^bad\.toml: 'dealer': seat 1 has 0 lives"):
        replay(deal)


def test_good_lives_and_unknown_keys():
    deal = parse_deal('game = "cucu"\nlives = [0, 3, 1, 0]\n', "ok.toml")
    assert deal.match == {"lives": [0, 3, 1, 0]}
    state = replay(deal)
    assert state.lives == [0, 3, 1, 0] and state.dealer in (1, 2)
    with pytest.raises(DealFileError, match="unknown key 'tokens'"):
        parse_deal('game = "cucu"\ntokens = [1, 1, 1, 1]\n', "bad.toml")


def test_new_state_refuses_bad_arguments():
    with pytest.raises(ValueError, match="seed"):
        new_state(seed=-1)
    with pytest.raises(ValueError, match="unknown match key 'tokens'"):
        new_state(match={"tokens": [1, 1, 1, 1]})
    with pytest.raises(ValueError, match="'dealer' must be a seat"):
        new_state(dealer=4)
    with pytest.raises(ValueError, match="at least two seats"):
        new_state(match={"lives": [0, 0, 0, 3]})
    with pytest.raises(ValueError, match="each rank twice|this one has"):
        new_state(deck=list(PACK)[:-1] + ["lion"])
    assert new_state(deck=list(PACK_RANKS), dealer=0).zones()["pack"] == list(PACK)[4:]
    assert [RANKS.index(c) for c in PACK] == list(PACK_RANKS)
