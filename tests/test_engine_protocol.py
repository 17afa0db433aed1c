"""The game protocol's defaults and helpers: lazy legal actions for computer players, legality
and forced answers without listing every action, the one fallback, events and their log."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.game import EventLog, GameState, LegalActions, Line, Outcome


class Huge(GameState):
    """A position with a million legal actions (the integers); listing them is an error."""

    game = "huge"

    def __init__(self, only: int | None = None) -> None:
        super().__init__(0)
        self.only = only
        self.played: list[int] = []

    @property
    def to_act(self) -> int | None:
        return 0

    @property
    def is_over(self) -> bool:
        return False

    def legal_actions(self) -> list[Any]:
        raise AssertionError("listed every legal action")

    def _refusal(self, action: Any) -> str | None:
        if self.only is not None:
            return None if action == self.only else f"only {self.only}"
        return None if isinstance(action, int) and 0 <= action < 1_000_000 else "out of range"

    def forced_action(self) -> Any | None:
        return self.only

    def parse_action(self, text: str) -> Any:
        return int(text)

    def _apply(self, action: Any) -> None:
        self.played.append(action)

    def view(self, seat: int) -> Any:
        return ("view", seat)

    def result(self) -> Outcome | None:
        return None

    def zones(self) -> dict[str, list[str]]:
        return {}


class Picks:
    name = "picks"

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        assert view == ("view", 0)
        return self.action


class Fails:
    name = "fails"

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        raise SystemExit("a computer player must never end the program")


def test_a_choice_is_checked_without_listing_the_legal_actions():
    assert decide(Huge(), Picks(123_456)) == 123_456


def test_a_forced_answer_is_taken_without_asking_or_listing():
    assert decide(Huge(only=7), Picks("never asked")) == 7


def test_the_fallback_decides_for_a_failing_player_and_the_failure_is_reported():
    errors: list[str] = []
    assert decide(Huge(), Fails(), Picks(5), on_error=errors.append) == 5
    assert errors == [
        "fails at seat 0 failed: SystemExit: a computer player must never end the program"
    ]
    errors.clear()
    assert decide(Huge(), Picks(-1), Picks(9), on_error=errors.append) == 9
    assert errors == ["picks at seat 0 chose an illegal action -1"]


def test_keyboard_interrupt_is_not_swallowed():
    class Interrupted:
        name = "ctrl-c"

        def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        decide(Huge(), Interrupted(), Picks(1))


def test_legal_actions_are_listed_once_and_only_when_asked():
    class Small(Huge):
        calls = 0

        def legal_actions(self) -> list[Any]:
            Small.calls += 1
            return [3, 1, 2]

    legal = LegalActions(Small())
    assert 2 in legal and -4 not in legal and Small.calls == 0  # asked of is_legal
    assert len(legal) == 3 and legal[0] == 3 and list(legal) == [3, 1, 2]
    assert Small.calls == 1


def test_event_log_keeps_each_seats_events_in_order():
    log = EventLog()
    log.append(Line("deal", (0, "a1"), frozenset({0})))
    log.append(Line("give", (1, 3), private=((1, ("b2",)), (3, ("b2",)))))
    assert [e.kind for e in log.for_seat(0)] == ["deal", "give"]
    assert [e.kind for e in log.for_seat(1)] == ["give"]
    log.append(Line("deal", (1, "c3"), frozenset({1})))
    assert [e.text for e in log.for_seat(1)] == ["give 1 3", "deal 1 c3"]
    assert [e.text for e in log.for_seat(0)] == ["deal 0 a1", "give 1 3"]
    assert len(log.for_seat(None)) == 3
    copy = log.copy()
    copy.append(Line("win", (0,)))
    assert len(log) == 3 and len(copy.for_seat(2)) == 2


def test_outcome_of_a_team_credits_both_partners():
    assert Outcome("win", 1, "", winner_is_team=True).winning_seats() == [1, 3]
    assert Outcome("win", 2, "").winning_seats() == [2]
    assert Outcome("draw", None, "").winning_seats() == []
