"""Guandan's events as values (cardavia_cli/games/guandan/events.py; RULES.md 5, 7, 9, 10).

Each payload type's ``text`` is the log line of ``run --json`` as it was written before the
events were values (the lines below are taken from the logs of the example deal files); the
rules emit only these types, a quiet copy none at all.
"""

from __future__ import annotations

import random

import pytest

from cardavia_cli.engine.agents import RandomAgent, decide
from cardavia_cli.engine.game import Event, Line
from cardavia_cli.games.guandan.ai import BasicAgent
from cardavia_cli.games.guandan.cards import parse_codes, parse_level
from cardavia_cli.games.guandan.events import (
    EVENT_TYPES,
    Advance,
    Deal,
    Lead,
    Levels,
    Match,
    Out,
    Pass,
    Places,
    Play,
    Return,
    Start,
    Tribute,
    TributeCancelled,
)
from cardavia_cli.games.guandan.rules import new_state


def codes(text: str) -> tuple[int, ...]:
    return tuple(parse_codes(text.split()))


def card(text: str) -> int:
    return codes(text)[0]


DEAL0 = "9D 9D 9C 9C TS TS TH TH TD TD TC TC JS JS JH JH JD JD JC JC QS QS QH QH QD QD QC"

#: One value of every kind and its log line.
LINES: list[tuple[Event, str]] = [
    (Start(1, 2, None), "start 1 2 none"),
    (Start(1, 5, 0), "start 1 5 0"),
    (Start(10, parse_level("A"), 1), "start 10 A 1"),
    (Deal(0, codes(DEAL0), seats=frozenset({0})), f"deal 0 {DEAL0}"),
    (TributeCancelled((3,)), "tribute_cancelled 3"),
    (TributeCancelled((1, 3)), "tribute_cancelled 1 3"),
    (Tribute(1, 0, card("BJ")), "tribute 1 0 BJ"),
    (Return(0, 1, card("9D")), "return 0 1 9D"),
    (Lead(1), "lead 1"),
    (Play(1, codes("6S 6S"), "pair 6"), "play 1 6S 6S as pair 6"),
    (Play(2, codes("5H QC"), "pair Q"), "play 2 5H QC as pair Q"),
    (Play(2, codes("5S 5H 5D 5D 5C 5C"), "bomb 5"), "play 2 5S 5H 5D 5D 5C 5C as bomb 5"),
    (Play(3, codes("2C 3S 4S 5H AD"), "straight 5"), "play 3 2C 3S 4S 5H AD as straight 5"),
    (Play(2, codes("BJ BJ RJ RJ"), "joker_bomb"), "play 2 BJ BJ RJ RJ as joker_bomb"),
    (Pass(3), "pass 3"),
    (Out(2, 1), "out 2 1"),
    (Places((2, 0, 1, 3)), "places 2 0 1 3"),
    (Advance(0, 3), "advance 0 3"),
    (Levels((8, 2)), "levels 8 2"),
    (Levels((14, 7)), "levels A 7"),
    (Match(0), "match 0"),
]


@pytest.mark.parametrize(("event", "line"), LINES, ids=[line for _, line in LINES])
def test_each_event_reads_as_its_old_log_line(event: Event, line: str) -> None:
    assert event.text == line
    assert event.line_for(None) == line


def test_every_kind_is_covered_and_a_deal_is_private() -> None:
    assert {type(e) for e, _ in LINES} == set(EVENT_TYPES)
    assert len({t.kind for t in EVENT_TYPES}) == len(EVENT_TYPES)
    deal = Deal(2, codes("3S RJ"), seats=frozenset({2}))
    assert deal.visible_to(2) and not deal.visible_to(0) and deal.visible_to(None)
    assert Start(1, 2, None).args == (1, "2", "none")


def kind_of(event: Event) -> str:
    """The kind of a Guandan event, by its type (a ``Line`` is none of them)."""
    match event:
        case Line():
            return "line"
        case Start() | Deal() | TributeCancelled() | Tribute() | Return() | Lead():
            return event.kind
        case Play(seat=seat, cards=cards, key=key):
            assert 0 <= seat < 4 and cards == tuple(sorted(cards)) and key
            return "play"
        case Pass() | Out() | Places() | Advance() | Levels() | Match():
            return event.kind
    return "unknown"


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_seeded_matches_log_only_guandan_payloads_and_quiet_copies_none(seed: int) -> None:
    state = new_state(seed=seed)
    quiet = state.copy(quiet=True)
    agents = [BasicAgent() if (seed + s) % 2 else RandomAgent() for s in range(4)]
    rng = random.Random(seed)
    while not state.is_over and state.rounds_finished < 2:
        if state.at_break:
            state.next_round()
            quiet.next_round()
            continue
        seat = state.to_act
        assert seat is not None
        action = decide(state, agents[seat], BasicAgent())
        if rng.random() < 0.5:
            state.push(action)
        else:
            state.apply(action)
        quiet.push(action)
        assert quiet.view(seat) == state.view(seat)
    kinds = [kind_of(e) for e in state.events]
    assert "line" not in kinds and "unknown" not in kinds
    assert {"start", "deal", "lead", "play", "pass", "out", "places"} <= set(kinds)
    assert [e.kind for e in state.events] == kinds
    assert len(quiet.events) == 0 and quiet.history == []
    assert state.rounds_finished == quiet.rounds_finished
