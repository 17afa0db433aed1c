"""Si Se Pai events as values (events.py): each kind's log line is the line the game has always
written, the rules emit only these payload types, and a quiet copy builds none of them."""

from __future__ import annotations

import pytest
from sisepai_support import cards

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.game import Event, Line
from cardavia_cli.games.sisepai import GAME
from cardavia_cli.games.sisepai.cards import parse_card
from cardavia_cli.games.sisepai.events import (
    EVENT_TYPES,
    Claim,
    Dead,
    Deal,
    Discard,
    Draw,
    Exhausted,
    Respond,
    Win,
)
from cardavia_cli.games.sisepai.melds import Meld
from cardavia_cli.games.sisepai.rules import Phase, SisepaiState

HAND = "rK rA rE rE yR yH yC wP wP wP gK gA gE gR gH gC gP gP F F"


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Deal(1, tuple(cards(HAND)), seats=frozenset({1})), f"deal 1 {HAND}"),
        (Draw(2, parse_card("wP")), "draw 2 wP"),
        (Respond(0, seats=frozenset({0})), "respond 0 pass"),
        (
            Respond(3, Meld.parse("rP yP wP"), seats=frozenset({3})),
            "respond 3 claim rP yP wP",
        ),
        (Respond(1, Meld.parse("F"), seats=frozenset({1})), "respond 1 claim F"),
        (Claim(3, Meld.parse("wP wP wP"), parse_card("wP"), True), "claim 3 wP wP wP"),
        (Claim(0, Meld.parse("gK gA gE"), parse_card("gE"), False), "claim 0 gK gA gE"),
        (Discard(3, parse_card("gH")), "discard 3 gH"),
        (Dead(parse_card("wA")), "dead wA"),
        (Win(2, 7), "win 2 7"),
        (Exhausted(), "exhausted"),
    ],
)
def test_each_kind_writes_the_log_line_of_before(event: Event, line: str) -> None:
    assert event.text == line
    kind, *words = line.split()
    assert event.kind == kind
    # the words as the old events held them: seats and points as numbers, cards as text
    assert event.args == tuple(int(w) if w.isdigit() else w for w in words)
    assert event.line_for(0) == line  # no private details behind any event


def test_private_events_are_seen_by_their_seat_alone() -> None:
    deal = Deal(2, tuple(cards("rK F")), seats=frozenset({2}))
    answer = Respond(1, Meld.parse("wP wP"), seats=frozenset({1}))
    assert [deal.visible_to(s) for s in range(4)] == [False, False, True, False]
    assert [answer.visible_to(s) for s in range(4)] == [False, True, False, False]
    assert deal.visible_to(None) and Draw(0, 1).visible_to(3)


def test_kinds_are_distinct_and_payloads_are_frozen_values() -> None:
    assert len({t.kind for t in EVENT_TYPES}) == len(EVENT_TYPES)
    draw = Draw(2, parse_card("wP"))
    assert draw == Draw(2, parse_card("wP")) and hash(draw) == hash(Draw(2, parse_card("wP")))
    with pytest.raises(AttributeError):
        draw.seat = 3  # type: ignore[misc]


def _playout(seed: int, level: str) -> SisepaiState:
    state = GAME.new_state(seed=seed)
    agents = [GAME.agents[level]() for _ in range(4)]
    fallback = GAME.agents["basic"]()
    while not state.is_over:
        state.push(decide(state, agents[state.to_act], fallback))
    assert isinstance(state, SisepaiState)
    return state


PLAYOUTS = [(seed, level) for seed in range(6) for level in ("random", "basic")]


@pytest.mark.parametrize(("seed", "level"), PLAYOUTS)
def test_every_logged_event_is_a_sisepai_payload(seed: int, level: str) -> None:
    state = _playout(seed, level)
    public = None  # (card, drawn) of the card in view, as the draws and discards show it
    for event in state.events:
        match event:
            case Line():
                pytest.fail(f"a Line in the log: {event!r}")
            case Deal(seat=s) | Respond(seat=s):
                assert event.seats == frozenset({s})
            case Draw(card=card) | Discard(card=card):
                assert event.seats is None
                public = (card, isinstance(event, Draw))
            case Claim(card=card, drawn=drawn, meld=meld):
                # the claim names the card in view and where it came from
                assert public == (card, drawn) and card in meld.cards
            case Dead(card=card):
                assert public is not None and public[0] == card
            case Win() | Exhausted():
                assert event is state.events[-1]
            case _:
                pytest.fail(f"not a sisepai event: {event!r}")
    assert state.is_over


@pytest.mark.parametrize("seed", range(4))
def test_a_quiet_copy_builds_no_event_and_plays_the_same_deal(seed: int) -> None:
    loud = GAME.new_state(seed=seed)
    quiet = loud.copy(quiet=True)
    agent, fallback = GAME.agents["random"](), GAME.agents["basic"]()
    while not loud.is_over:
        action = decide(loud, agent, fallback)
        loud.push(action)
        quiet.push(action)
    assert not quiet.events and not quiet.history
    assert quiet.zones() == loud.zones() and quiet.result() == loud.result()


@pytest.mark.parametrize("seed", range(4))
def test_a_claim_pushed_without_a_check_plays_as_the_checked_one(seed: int) -> None:
    """_apply makes a claim's option itself when no check kept it (a push of an action from
    legal_actions): the same meld and win flag as the checked path."""
    state = _playout(seed, "basic")
    replayed = GAME.new_state(seed=seed)
    for record in state.history:
        if replayed.phase is Phase.CLAIM:
            seat = replayed.to_act
            for option in replayed.claim_options():
                twin = replayed.copy()
                twin._chosen = None  # nothing kept by a check
                assert twin._option(option.action) == option
                twin.push(option.action)
                answer = next(e for e in reversed(twin.events) if isinstance(e, Respond))
                assert answer == Respond(seat, option.meld, seats=frozenset({seat}))
        replayed.apply(replayed.parse_action(record.text))
    assert replayed.events == state.events
