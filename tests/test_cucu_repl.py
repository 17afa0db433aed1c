"""Cuccu in the REPL (rules/cucu.md 6-11a; cli.md "The REPL"), driven through input lines.

Rounds are dealt from the worked examples' decks (rules section 13) with the computer
players' answers scripted (:class:`Script`; the ``basic`` player once a script runs out), so
every line of the story is known from the rules. Sessions read lines as on a terminal
(``interactive=True``: the REPL stops at each break) unless the test is about a pipe.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from cardavia_cli.engine.agents import decide
from cardavia_cli.games import load_game
from cardavia_cli.games.cucu.ai import BasicAgent
from cardavia_cli.games.cucu.cards import example_deck
from cardavia_cli.games.cucu.repl import UI
from cardavia_cli.games.cucu.rules import Action, CucuState, CucuView, new_state
from cardavia_cli.games.cucu.view import card_line, choice_notes, power_words
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session

BREAK = "Type next (or press Enter) to go on."


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


class Script:
    """A computer player answering from a list of words, then as ``basic``."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = list(words)

    def choose(self, view: CucuView, legal: Any, rng: Any) -> Action:
        if self.words:
            return Action.parse(self.words.pop(0))
        return BasicAgent().choose(view, legal, rng)


def make(
    start: Sequence[str] = (),
    *,
    dealer: int | None = 3,
    lives: list[int] | None = None,
    top: str | None = None,
    seed: int = 0,
    actions: Sequence[str] = (),
    scripts: dict[int, Sequence[str]] | None = None,
    replayed: str | None = None,
    header: DealFile | None = None,
) -> tuple[Session, io.StringIO]:
    """A session of a deck that starts with ``start`` (rules 13 shorthand), the computer
    seats answering from ``scripts``."""
    if header is None:
        header = DealFile(
            game="cucu",
            seed=seed,
            deck=example_deck(start, top=top) if start else None,
            dealer=dealer,
            actions=list(actions),
            match={"lives": lives} if lives is not None else {},
        )
    state = replay(header) if header.actions else new_game_state(header)
    out = io.StringIO()
    session = Session(
        load_game("cucu"),
        load_ui("cucu"),
        header,
        state,
        console=Console(file=out, width=250, no_color=True),
        replayed=replayed,
    )
    for seat, words in (scripts or {}).items():
        session.agents[seat] = Script(words)
    return session, out


def run(session: Session, lines: Sequence[str], interactive: bool = True) -> ListReader:
    reader = ListReader(lines, interactive=interactive)
    assert session.run(reader) == 0
    return reader


def lines_of(out: io.StringIO) -> list[str]:
    return [" ".join(ln.split()) for ln in out.getvalue().splitlines() if ln.strip()]


def after(text: list[str], line: str) -> list[str]:
    """The lines after the first ``line``."""
    return text[text.index(line) + 1 :]


def story(text: list[str], first: str, last: str) -> list[str]:
    """The lines from ``first`` to ``last`` (both included)."""
    i = text.index(first)
    return text[i : text.index(last, i) + 1]


# -- the status, the numbered choices, refusals ----------------------------------------------
def test_status_shows_card_power_lives_moves_dealer_and_numbered_choices() -> None:
    # rules 13 ex. 18 with seat 0 as the dealer: seat 1 asks the Cuckoo, seat 2 keeps
    session, out = make(["1", "cuckoo", "10"], dealer=0, lives=[2, 1, 1, 0])
    session.agents[1], session.agents[2] = Script(["swap"]), Script(["keep"])
    reader = run(session, [])
    text = lines_of(out)
    assert text[:3] == [
        "Cuccu, a given deck: you (seat 0) against three basic computer players. Lives: you 2, "
        "seat 1 (right) 1, seat 2 (across) 1, seat 3 (left) 0. You deal.",
        "Type help for the commands; Tab completes verbs and cards.",
        "You are dealt 10.",
    ]
    assert text[3:5] == [
        "Seat 1 (right) asks seat 2 (across) to swap.",
        "Seat 2 (across) shows the Cuckoo: no swap.",
    ]
    assert text[5:17] == [
        "Seat 2 (across) keeps.",
        "Round 1 dealer: you",
        "seat lives card this round",
        "seat 1 (right) 1 life ? asked to swap",
        "seat 2 (across) 1 life the Cuckoo kept",
        "> you, dealer 2 lives 10 to act now",
        "seat 3 (left) out - out of the match",
        "Shown this round: seat 2 (across) the Cuckoo.",
        "Pack: 37 cards.",
        "Your card: 10: no power: asked to swap, you must swap (rules 7.1).",
        "You deal and act last: keep your card, or swap (or draw) the bottom card of the pack "
        "(rules 8).",
        "Your choices (a number or the word):",
    ]
    assert text[17:19] == [
        "1 keep keep your 10",
        "2 swap swap your card for the bottom card of the pack",
    ]
    assert UI.choices(session.view()) == ["keep", "swap"]
    assert UI.legal_verbs(session.view()) == ["keep", "swap", "draw"]
    assert reader.prompts == ["10: keep or swap > "]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (
            "pay",
            "! on a turn: 'pay' is not a legal answer (section 6, 7: answer keep, or swap to ask "
            "the next player)",
        ),
        (
            "accept",
            "! on a turn: 'accept' is not a legal answer (section 6, 7: answer keep, or swap to "
            "ask the next player)",
        ),
        (
            "draw",
            "! on a turn: 'draw' is only the dealer's swap with the pack (section 8); section 6, "
            "7: answer keep, or swap to ask the next player",
        ),
        (
            "keep 7",
            "! 'keep 7' is not a Cuccu action: type keep, swap (draw for the dealer), pay, "
            "accept or refuse",
        ),
        ("3", "! choose a number from 1 to 2"),
        (
            "watch",
            "! watch is not available now (once you are out: play the match on to its "
            "end, one line per round (who lost lives, the lives left) (rules 11a))",
        ),
    ],
)
def test_a_refused_answer_names_the_rule_and_changes_nothing(line: str, problem: str) -> None:
    session, out = make(["2", "inn", "6", "9"])
    run(session, [line])
    assert lines_of(out)[-2:] == [problem, "Goodbye."]
    assert session.state.history == [] and session.human_to_act()


def test_a_number_answers_the_listed_choice_and_draw_is_the_dealers_swap() -> None:
    session, out = make(["1", "cuckoo", "10"], dealer=0, lives=[2, 1, 1, 0])
    session.agents[1], session.agents[2] = Script(["swap"]), Script(["keep"])
    run(session, ["draw"])
    assert "You swap with the bottom card of the pack: you give 10 and get the Lion." in (
        lines_of(out)
    )
    assert [str(r) for r in session.state.history][-1] == "0 swap"
    session, out = make(["1", "cuckoo", "10"], dealer=0, lives=[2, 1, 1, 0])
    session.agents[1], session.agents[2] = Script(["swap"]), Script(["keep"])
    run(session, ["1"])
    text = lines_of(out)
    assert after(text, "2 swap swap your card for the bottom card of the pack")[:5] == [
        "You keep your 10, as the dealer.",
        "Showdown: seat 1 (right) 1, seat 2 (across) the Cuckoo, you 10.",
        "Seat 1 (right)'s 1 loses: no life left, seat 1 (right) is out.",
        "End of round 1: seat 1 (right) lost their last life and is out.",
        "Lives: you 2, seat 1 (right) 0, seat 2 (across) 1, seat 3 (left) 0. Seat 2 (across) "
        "deals next.",
    ]


# -- each special card told in words -----------------------------------------------------------
def test_a_chain_of_swaps_and_the_dealers_draw() -> None:
    # rules 13 ex. 10
    session, out = make(
        ["2", "5", "8", "1", "lion"], scripts={1: ["swap"], 2: ["keep"], 3: ["swap"]}
    )
    run(session, ["swap"])
    text = lines_of(out)
    assert after(text, "2 swap ask seat 1 (right) to swap cards with you")[:10] == [
        "You ask seat 1 (right) to swap: you give 2 and get 5.",
        "Seat 1 (right) asks seat 2 (across) to swap: they swap.",
        "Seat 2 (across) keeps.",
        "Seat 3 (left), the dealer, swaps with the bottom card of the pack.",
        "Showdown: you 5, seat 1 (right) 8, seat 2 (across) 2, seat 3 (left) the Lion.",
        "Seat 3 (left)'s Lion loses: 2 lives left.",
        "End of round 1: seat 3 (left) lost a life.",
        "Lives: you 3, seat 1 (right) 3, seat 2 (across) 3, seat 3 (left) 2. You deal next.",
        BREAK,
        "Goodbye (this match was not saved).",
    ]


def test_the_cat_undoes_the_chain_swap_by_swap() -> None:
    # rules 13 ex. 11: the 1 travels 0 -> 1 -> 2; the Cat sends it back, latest swap first
    session, out = make(["1", "4", "6", "cat"], scripts={1: ["swap"], 2: ["swap"], 3: ["keep"]})
    run(session, ["swap"])
    assert story(lines_of(out), "You ask seat 1 (right) to swap: you give 1 and get 4.", BREAK) == [
        "You ask seat 1 (right) to swap: you give 1 and get 4.",
        "Seat 1 (right) asks seat 2 (across) to swap: they swap.",
        "Seat 2 (across) asks seat 3 (left) to swap.",
        "Seat 3 (left) shows the Cat: seat 2 (across) loses a life (2 left); the swaps that "
        "brought the card are undone, the latest first.",
        "The Cat undoes the swap of seat 1 (right) and seat 2 (across): the card goes back to "
        "seat 1 (right).",
        "Your swap with seat 1 (right) is undone: you give 4 and get 1 back.",
        "Seat 3 (left), the dealer, keeps.",
        "Showdown: you 1, seat 1 (right) 4, seat 2 (across) 6, seat 3 (left) the Cat.",
        "Your 1 loses: 2 lives left.",
        "End of round 1: you lost a life, seat 2 (across) lost a life.",
        "Lives: you 2, seat 1 (right) 3, seat 2 (across) 2, seat 3 (left) 3. You deal next.",
        BREAK,
    ]


def test_a_horse_jump_and_a_cat_with_nothing_to_undo() -> None:
    # seat 0 asks the Horse, the ask jumps to the Cat of seat 2; seat 1 asks the Cat too
    session, out = make(["3", "horse", "cat", "9"], scripts={1: ["swap"], 2: ["keep"], 3: ["keep"]})
    run(session, ["swap"])
    text = lines_of(out)
    assert story(text, "You ask seat 1 (right) to swap.", "Seat 3 (left), the dealer, keeps.") == [
        "You ask seat 1 (right) to swap.",
        "Seat 1 (right) shows the Horse: the ask jumps to the next player.",
        "You ask seat 2 (across) to swap.",
        "Seat 2 (across) shows the Cat: you lose a life (2 left); your card was dealt to you: "
        "nothing to undo.",
        "Seat 1 (right) asks seat 2 (across) to swap.",
        "Seat 2 (across) shows the Cat: seat 1 (right) loses a life (2 left); their card was "
        "dealt to them: nothing to undo.",
        "Seat 2 (across) keeps.",
        "Seat 3 (left), the dealer, keeps.",
    ]
