"""Minchiate's events as values (games/minchiate/events.py): each payload's log line is the
line ``run --json`` has always written, every event of a deal is one of the payload types, and
a quiet copy (rollouts) plays the same deal without building any."""

from __future__ import annotations

import random

import pytest
from minchiate_support import EXAMPLE_DECK, cards

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.errors import IllegalActionError
from cardavia_cli.engine.game import Event, Line
from cardavia_cli.games.minchiate.ai import AGENTS
from cardavia_cli.games.minchiate.cards import Card, parse_card
from cardavia_cli.games.minchiate.combos import combinations
from cardavia_cli.games.minchiate.events import (
    EVENT_TYPES,
    Count,
    Dealer,
    Dealt,
    Declare,
    Discard,
    Expose,
    Fola,
    Matto,
    MinchiateEvent,
    Pass,
    Play,
    Resto,
    Result,
    Rob,
    Score,
    Trick,
)
from cardavia_cli.games.minchiate.rules import MinchiateState, Phase, new_state


def card(code: str) -> Card:
    return parse_card(code)


def sequence(codes: str):
    (combo,) = combinations(cards(codes))
    return combo


#: One value of every kind and its log line, written before the events were values.
LINES = [
    (Dealer(0, 3), "dealer 0 3"),
    (Rob(1, tuple(cards("T22 KC T3"))), "rob 1 T22 KC T3"),
    (Rob(3, (card("T27"),)), "rob 3 T27"),
    (
        Dealt(1, tuple(cards("M T7 T10 T11 T15 T17 T21 T25 T31 T32 T36 T38 T39 4C 6C 9D QD"))),
        "deal 1 M T7 T10 T11 T15 T17 T21 T25 T31 T32 T36 T38 T39 4C 6C 9D QD",
    ),
    (Expose(0, card("T34")), "expose 0 T34"),
    (Score(0, 5, 5), "score 0 5 5"),
    (Score(1, 8, -8), "score 1 8 -8"),
    (Resto(1), "resto 1"),
    (Discard(3, 1), "discard 3 1"),
    (Pass(3), "pass 3"),
    (Declare(0, sequence("T20 T30 T40")), "declare 0 20-30-40 20 T20 T30 T40"),
    (Declare(1, sequence("T30 T31 T32 T33")), "declare 1 sequence 20 T30 T31 T32 T33"),
    (Fola(tuple(cards("10D 2D AS 7C JD"))), "fola 10D 2D AS 7C JD"),
    (Fola(()), "fola"),
    (Play(1, card("KD")), "play 1 KD"),
    (Play(3, card("M")), "play 3 M"),
    (Trick(0), "trick 0"),
    (Matto(1, card("2C")), "matto 1 2C"),
    (Matto(0, card("M")), "matto 0 M"),
    (Count(0, 76, 55, 2, 10, 143), "count 0 76 55 2 10 143"),
    (Result((2, 0)), "result 2 0"),
]


@pytest.mark.parametrize(("event", "line"), LINES, ids=[line for _, line in LINES])
def test_each_event_writes_the_old_log_line(event: MinchiateEvent, line: str) -> None:
    assert event.text == line
    assert event.line_for(None) == line
    assert all(isinstance(w, int | str) for w in event.args)
    assert " ".join([event.kind, *map(str, event.args)]) == line


def test_every_kind_has_a_line_and_the_kinds_are_distinct() -> None:
    assert {type(e) for e, _ in LINES} == set(EVENT_TYPES)
    assert len({t.kind for t in EVENT_TYPES}) == len(EVENT_TYPES)


def test_private_details_stay_keyword_arguments() -> None:
    deal = Dealt(2, tuple(cards("T1 T2")), seats=frozenset({2}))
    assert deal.visible_to(2) and not deal.visible_to(0) and deal.visible_to(None)
    discard = Discard(1, 3, private=((1, ("2S", "3S", "4S")),))
    assert discard.text == "discard 1 3"
    assert discard.line_for(1) == "discard 1 3 [2S 3S 4S]"
    assert discard.line_for(0) == "discard 1 3"
    assert discard.detail(1) == ("2S", "3S", "4S") and discard.detail(2) == ()


def test_the_deal_of_example_13_in_payloads() -> None:
    state = new_state(deck=EXAMPLE_DECK, dealer=2)
    events = list(state.events)
    assert events[:2] == [Dealer(2, 1), Rob(1, tuple(cards("T22 KC T3")))]
    assert Expose(2, card("T38")) in events
    assert [e for e in events if isinstance(e, Score)] == [
        Score(1, 8, -8),
        Score(0, 10, 2),
        Score(0, 10, 12),
    ]
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert [(e.seat, e.seats) for e in dealt] == [(s, frozenset({s})) for s in (3, 0, 1, 2)]
    state.play_text("discard 2S 3S 4S")
    assert state.events[-1] == Discard(1, 3, private=((1, ("2S", "3S", "4S")),))


def kind_of(event: Event) -> str:
    """The kind of a Minchiate payload, by its type (a ``Line`` or anything else fails)."""
    match event:
        case Dealer() | Rob() | Dealt() | Expose() | Discard() | Pass() | Declare():
            return event.kind
        case Fola() | Play() | Trick() | Matto() | Score() | Resto() | Count() | Result():
            return event.kind
        case Line():
            raise AssertionError(f"a Line in the log: {event.text}")
    raise AssertionError(f"not a Minchiate event: {event!r}")


def play_out(state: MinchiateState, level: str) -> None:
    agent = AGENTS[level]()
    while not state.is_over:
        state.apply(decide(state, agent))


@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_a_deal_is_a_payload_and_a_quiet_copy_builds_none(seed: int) -> None:
    state = new_state(seed=seed)
    quiet = state.copy(quiet=True)
    play_out(state, "basic" if seed % 2 else "random")
    kinds = [kind_of(e) for e in state.events]
    assert kinds[0] == "dealer" and kinds[-1] == "result"
    assert kinds.count("play") == 84 and kinds.count("trick") == 21
    assert all(isinstance(e, MinchiateEvent) for e in state.events)
    # the rules never read the log nor the history: the quiet copy plays the same deal
    for record in state.history:
        assert quiet.to_act == record.seat
        quiet.push(quiet.parse_action(record.text))
    assert not quiet.events and not quiet.history
    assert quiet.result() == state.result() and quiet.zones() == state.zones()
    assert quiet.phase == state.phase == Phase.OVER


def test_parse_action_refuses_what_the_rules_refuse_with_seat_and_phase() -> None:
    state = new_state(deck=EXAMPLE_DECK, dealer=2)
    assert state.phase == Phase.DISCARD and state.to_act == 1
    with pytest.raises(IllegalActionError) as caught:
        state.parse_action("discard KC")
    error = caught.value
    assert (error.seat, error.phase) == (1, Phase.DISCARD)
    assert str(error).startswith("seat 1, discard (3 to go): ")
    with pytest.raises(IllegalActionError, match="it is not time to declare"):
        state.parse_action("declare all")
    rng = random.Random(1)
    for _ in range(40):
        action = rng.choice(state.legal_actions())
        assert state.is_legal(action) and state.refusal(action) is None
        state.push(action)
        if state.phase != Phase.DISCARD:
            break
    assert state.phase == Phase.DECLARE


@pytest.mark.parametrize("seed", range(4))
def test_a_deal_outcome_scores_the_winners_resti(seed: int) -> None:
    """The scores ledger's ``score`` of a Minchiate deal is the winning team's resti (rules
    10.5), none for a tie: it was always empty."""
    state = new_state(seed=seed)
    play_out(state, "basic")
    outcome = state.result()
    assert outcome is not None
    resti = outcome.data["resti"]
    if outcome.winner is None:
        assert outcome.score is None and resti[0] == resti[1]
    else:
        assert outcome.score == resti[outcome.winner] > resti[1 - outcome.winner]
