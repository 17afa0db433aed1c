"""Cuccu's events as values (rules/cucu.md 12.2): one payload type per kind of log line, each
line exactly the line the log has always had, and nothing else in a match's log."""

from __future__ import annotations

import random

import pytest

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.game import Event, Line
from cardavia_cli.engine.seats import SEATS
from cardavia_cli.games.cucu.ai import AGENTS
from cardavia_cli.games.cucu.cards import RANKS
from cardavia_cli.games.cucu.events import (
    EVENT_TYPES,
    Accept,
    Ask,
    CatShown,
    CuckooShown,
    Dead,
    Deal,
    Draw,
    HorseShown,
    HunterShown,
    InnShown,
    Keep,
    Lose,
    Out,
    Paid,
    Pay,
    Refuse,
    Restart,
    Show,
    Special,
    Swap,
    Top,
    Undo,
    Win,
)
from cardavia_cli.games.cucu.rules import CucuState, new_state

SWAP_CARDS = ((0, ("5",)), (1, ("2",)))

#: Every kind with a known value and the log line it had as ``Line(kind, words, ...)``.
CASES: list[tuple[Event, Line]] = [
    (Deal(0, "2", seats=frozenset({0})), Line("deal", (0, "2"), frozenset({0}))),
    (Keep(1), Line("keep", (1,))),
    (Ask(0, 1), Line("ask", (0, 1))),
    (Swap(0, 1, private=SWAP_CARDS), Line("swap", (0, 1), None, SWAP_CARDS)),
    (CuckooShown(2), Line("cuckoo", (2,))),
    (HunterShown(2), Line("hunter", (2,))),
    (HorseShown(2), Line("horse", (2,))),
    (CatShown(3), Line("cat", (3,))),
    (InnShown(1), Line("inn", (1,))),
    (Top(2, private=((2, ("7",)),)), Line("top", (2,), None, ((2, ("7",)),))),
    (Draw(3, private=((3, ("lion",)),)), Line("draw", (3,), None, ((3, ("lion",)),))),
    (Pay(0, 1), Line("pay", (0, 1))),
    (Accept(1), Line("accept", (1,))),
    (Refuse(1), Line("refuse", (1,))),
    (Lose(3, 2), Line("lose", (3, 2))),
    (Out(3), Line("out", (3,))),
    (
        Undo(1, 2, private=((1, ("1",)), (2, ("6",)))),
        Line("undo", (1, 2), None, ((1, ("1",)), (2, ("6",)))),
    ),
    (Show(0, "5"), Line("show", (0, "5"))),
    (Dead(0, "bucket"), Line("dead", (0, "bucket"))),
    (Paid(1, 0), Line("paid", (1, 0))),
    (Restart(), Line("restart", ())),
    (Win(3), Line("win", (3,))),
]


def test_every_kind_has_a_case_and_the_kinds_are_the_logs() -> None:
    assert [type(e) for e, _ in CASES] == list(EVENT_TYPES)
    assert len({t.kind for t in EVENT_TYPES}) == len(EVENT_TYPES)


@pytest.mark.parametrize(("event", "old"), CASES, ids=[type(e).__name__ for e, _ in CASES])
def test_each_line_is_the_old_line_word_for_word(event: Event, old: Line) -> None:
    assert event.text == old.text
    assert event.args == old.args and event.kind == old.kind
    assert event.seats == old.seats and event.private == old.private
    for seat in (None, *SEATS):
        assert event.visible_to(seat) == old.visible_to(seat)
        assert event.line_for(seat) == old.line_for(seat)


def test_the_exact_lines() -> None:
    texts = [e.text for e, _ in CASES]
    assert texts == [
        "deal 0 2",
        "keep 1",
        "ask 0 1",
        "swap 0 1",
        "cuckoo 2",
        "hunter 2",
        "horse 2",
        "cat 3",
        "inn 1",
        "top 2",
        "draw 3",
        "pay 0 1",
        "accept 1",
        "refuse 1",
        "lose 3 2",
        "out 3",
        "undo 1 2",
        "show 0 5",
        "dead 0 bucket",
        "paid 1 0",
        "restart",
        "win 3",
    ]
    swap = CASES[3][0]
    assert (swap.line_for(0), swap.line_for(1), swap.line_for(2)) == (
        "swap 0 1 [5]",
        "swap 0 1 [2]",
        "swap 0 1",
    )


def _words(event: Event) -> tuple[str, ...]:
    """The log line's words rebuilt from the payload's fields, by its type."""
    match event:
        case Deal(seat=seat, card=card) | Show(seat=seat, card=card) | Dead(seat=seat, card=card):
            assert card in RANKS
            return (event.kind, str(seat), card)
        case Ask(asker=a, target=b) | Swap(asker=a, target=b) | Pay(asker=a, holder=b):
            return (event.kind, str(a), str(b))
        case Undo(giver=a, holder=b) | Paid(holder=a, loser=b):
            return (event.kind, str(a), str(b))
        case Lose(seat=seat, left=left):
            assert 0 <= left <= 2
            return ("lose", str(seat), str(left))
        case Keep(seat=seat) | Special(seat=seat) | Top(seat=seat) | Draw(seat=seat):
            return (event.kind, str(seat))
        case Out(seat=seat) | Win(seat=seat) | Accept(holder=seat) | Refuse(holder=seat):
            return (event.kind, str(seat))
        case Restart():
            return ("restart",)
    raise AssertionError(f"not a Cuccu event: {event!r}")


def _play(seed: int, level: str) -> CucuState:
    state = new_state(seed=seed)
    agent = AGENTS[level]()
    while not state.is_over:
        if state.at_break:
            state.next_round()
        else:
            state.push(decide(state, agent))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_a_match_is_a_cucu_payload(seed: int) -> None:
    state = _play(seed, "basic" if seed % 2 else "random")
    assert state.events
    for event in state.events:
        assert not isinstance(event, Line)
        assert type(event) in EVENT_TYPES
        assert " ".join(_words(event)) == event.text
        private_seats = {s for s, _ in event.private}
        if isinstance(event, Swap | Undo | Top | Draw):
            assert private_seats and all(len(words) == 1 for _, words in event.private)
        else:
            assert not event.private
        assert (event.seats is not None) == isinstance(event, Deal)


def test_a_quiet_copy_builds_no_events_and_plays_the_same_match() -> None:
    loud = new_state(seed=3)
    quiet = loud.copy(quiet=True)
    assert isinstance(quiet, CucuState)
    rng = random.Random(3)
    while not loud.is_over:
        if loud.at_break:
            loud.next_round()
            quiet.next_round()
            continue
        action = rng.choice(loud.legal_actions())
        loud.push(action)
        quiet.push(action)
        assert not quiet.round.events and not quiet.events and not quiet.history
        assert [quiet.view(s) for s in SEATS] == [loud.view(s) for s in SEATS]
    assert quiet.result() == loud.result()
    assert len(loud.history) > 0 and loud.events


def test_regression_an_inn_holder_with_no_life_left_is_not_given_the_next_loss() -> None:
    """Seat 2 holds the Inn's pact for seat 0 but has no life left to lose; seat 3's own loss
    that follows is told as seat 3's, not as the holder's (rules 9.3)."""
    from cardavia_cli.games.cucu.events import Deal as CucuDeal
    from cardavia_cli.games.cucu.events import Lose, Paid, Show
    from cardavia_cli.games.cucu.repl import UI

    events = [
        CucuDeal(0, "3", seats=frozenset({0})),
        Show(1, "9"),
        Show(2, "inn"),
        Show(3, "2"),
        Show(0, "3"),
        Paid(2, 0),
        Lose(3, 1),
    ]
    told = [t.plain for t in UI.narrate(events, 1, 0, frozenset())]
    assert told == [
        "Showdown: seat 1 (right) 9, seat 2 (across) the Inn, seat 3 (left) 2, you 3.",
        "Your 3 loses, but seat 2 (across) pays for it (the Inn's pact): seat 2 (across) has "
        "no life left to lose.",
        "Seat 3 (left)'s 2 loses: 1 life left.",
    ]


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_match_outcome_scores_the_winners_lives_left(seed: int) -> None:
    """The scores ledger's ``score`` of a Cuccu match is the winner's lives left (1 to 3;
    rules 10): it was always empty."""
    state = new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.at_break:
            state.next_round()
            continue
        state.push(rng.choice(state.legal_actions()))
    outcome = state.result()
    assert outcome is not None and outcome.winner is not None
    lives = outcome.data["lives"]
    assert outcome.score == lives[outcome.winner] >= 1
    assert sum(1 for n in lives if n > 0) == 1
