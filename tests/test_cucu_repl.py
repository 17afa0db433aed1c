"""Cuccu in the REPL (rules/cucu.md 6-11a; cli.md "The REPL"), driven through input lines.

Rounds are dealt from the worked examples' decks (rules section 13) with the computer
players' answers scripted (:class:`Script`; the ``basic`` player once a script runs out), so
every line of the story is known from the rules. Sessions read lines as on a terminal
(``interactive=True``: the REPL stops at each break) unless the test is about a pipe.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cardavia
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from cardavia_cli.engine.agents import decide
from cardavia_cli.games import load_game
from cardavia_cli.games.cucu.ai import BasicAgent
from cardavia_cli.games.cucu.cards import example_deck
from cardavia_cli.games.cucu.repl import UI
from cardavia_cli.games.cucu.rules import Action, CucuState, CucuView, new_state
from cardavia_cli.games.cucu.view import (
    card_line,
    card_words,
    choice_notes,
    power_words,
    seat_label,
)
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

    name = "script"

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
        "seat 1 (right) 1 life ? asked across to swap",
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
            "! watch is not available now (once you are out: play the match on to its end, "
            "one line per round)",
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
        # the end of input on a terminal is Ctrl-D: like quit, it asks once first
        "! this match has no save of its own (only the autosave autosave-cucu-0 keeps it: "
        "cardavia resume autosave-cucu-0): type save [NAME] first, or quit (or Ctrl-D) "
        "again to leave",
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


def test_the_horse_at_the_dealer_gives_the_top_card() -> None:
    # rules 13 ex. 12: seat 2 asks the dealer's Horse and takes the top card, a 7
    session, out = make(
        ["3", "9", "zero", "horse"], top="7", scripts={1: ["keep"], 2: ["swap"], 3: ["keep"]}
    )
    run(session, ["keep"])
    assert story(lines_of(out), "You keep your 3.", "Your 3 loses: 2 lives left.") == [
        "You keep your 3.",
        "Seat 1 (right) keeps.",
        "Seat 2 (across) asks seat 3 (left) to swap.",
        "Seat 3 (left) shows the Horse: seat 2 (across) swaps with the top card of the pack.",
        "Seat 3 (left), the dealer, keeps.",
        "Showdown: you 3, seat 1 (right) 9, seat 2 (across) 7, seat 3 (left) the Horse.",
        "Your 3 loses: 2 lives left.",
    ]
    # you ask the dealer's Horse (two players left): your 3 goes on top, and you know it
    session, out = make(["3", "horse"], dealer=1, lives=[3, 3, 0, 0], top="7")
    run(session, ["swap", "table"])
    text = lines_of(out)
    assert after(text, "2 swap ask seat 1 (right), the dealer, to swap cards with you")[:2] == [
        "You ask seat 1 (right) to swap.",
        "Seat 1 (right) shows the Horse: you swap with the top card of the pack: you give 3 and "
        "get 7.",
    ]
    assert "Pack: 38 cards; top card 3." in text


def test_the_inn_pact_is_offered_made_and_paid() -> None:
    # rules 13 ex. 14: you ask the Inn, pay; seat 1 accepts and pays for your 2
    session, out = make(
        ["2", "inn", "6", "9"], scripts={1: ["accept", "keep"], 2: ["keep"], 3: ["keep"]}
    )
    reader = run(session, ["swap", "2"])
    text = lines_of(out)
    assert after(text, "2 swap ask seat 1 (right) to swap cards with you")[:2] == [
        "You ask seat 1 (right) to swap.",
        "Seat 1 (right) shows the Inn: the swap stops.",
    ]
    assert "Seat 1 (right) showed the Inn: the swap stops (rules 7.5)." in text
    at_inn = after(
        after(text, "Seat 1 (right) showed the Inn: the swap stops (rules 7.5)."),
        "Your choices (a number or the word):",
    )
    assert at_inn[:2] == [
        "1 keep accept the stop and keep your 2",
        "2 pay ask seat 1 (right) to pay for you if your card loses (not for the Zero)",
    ]
    assert story(text, "You ask seat 1 (right) to pay for you if your card loses.", BREAK) == [
        "You ask seat 1 (right) to pay for you if your card loses.",
        "Seat 1 (right) accepts: no swap; seat 1 (right) pays a life for you if your card "
        "loses (not for the Zero).",
        "Seat 1 (right) keeps.",
        "Seat 2 (across) keeps.",
        "Seat 3 (left), the dealer, keeps.",
        "Showdown: you 2, seat 1 (right) the Inn, seat 2 (across) 6, seat 3 (left) 9.",
        "Your 2 loses, but seat 1 (right) pays for it (the Inn's pact): seat 1 (right) has 2 "
        "lives left.",
        "End of round 1: seat 1 (right) lost a life.",
        "Lives: you 3, seat 1 (right) 2, seat 2 (across) 3, seat 3 (left) 3. You deal next.",
        BREAK,
    ]
    assert reader.prompts[:2] == ["2: keep or swap > ", "2: keep or pay > "]


def test_the_inn_refused_and_the_inn_holders_answer() -> None:
    # rules 13 ex. 16: the Inn refuses and must swap; its former holder passes the Mask on
    session, out = make(
        ["mask", "inn", "5", "8"], scripts={1: ["refuse", "swap"], 2: ["keep"], 3: ["keep"]}
    )
    run(session, ["swap", "pay"])
    assert story(lines_of(out), "You ask seat 1 (right) to pay for you if your card loses.", BREAK)[
        1:7
    ] == [
        "Seat 1 (right) refuses to pay and must swap: you give the Mask and get the Inn.",
        "Seat 1 (right) asks seat 2 (across) to swap: they swap.",
        "Seat 2 (across) keeps.",
        "Seat 3 (left), the dealer, keeps.",
        "Showdown: you the Inn, seat 1 (right) 5, seat 2 (across) the Mask, seat 3 (left) 8.",
        "Seat 2 (across)'s Mask loses: 2 lives left.",
    ]
    # you hold the Inn (dealer 2: seat 3 plays first and asks you)
    session, out = make(["2", "inn", "6", "9"], dealer=2, scripts={3: ["swap", "pay"]})
    reader = run(session, ["hint", "refuse"])
    text = lines_of(out)
    assert text[3:6] == [
        "Seat 3 (left) asks you to swap.",
        "You show the Inn: the swap stops.",
        "Seat 3 (left) asks you to pay for them if their card loses.",
    ]
    assert after(text, "Your choices (a number or the word):")[:2] == [
        "1 accept no swap; you lose a life in place of seat 3 (left) if their card loses (not "
        "for the Zero)",
        "2 refuse swap your Inn for seat 3 (left)'s card",
    ]
    told = [ln for ln in after(text, "2 refuse swap your Inn for seat 3 (left)'s card")]
    assert told[2].startswith("Win chance by 64 sampled deals of the hidden cards: ")
    assert told[3] == (
        "refuse is ahead by less than 64 sampled deals can tell from luck: the hint stays with "
        "accept until another move is clearly better."
    )
    del told[2:4]
    assert told[:3] == [
        "Hint: accept: no swap; you lose a life in place of seat 3 (left) if their card loses "
        "(not for the Zero)",
        "You have 3 lives: you can spare one for a pact.",
        "You refuse to pay and must swap: you give the Inn and get 2.",
    ]
    assert reader.prompts[0] == "inn: accept or refuse > "


def test_the_all_out_restart_and_the_next_rounds_dealer() -> None:
    # rules 13 ex. 17: you are out; seats 2 and 1 both lose their last life: all restart
    session, out = make(
        ["4", "4"], dealer=1, lives=[0, 1, 1, 0], scripts={1: ["keep"], 2: ["keep"]}
    )
    run(session, ["next"])
    text = lines_of(out)
    assert text[:2] == [
        "Cuccu, a given deck: you (seat 0) against three basic computer players. Lives: you 0, "
        "seat 1 (right) 1, seat 2 (across) 1, seat 3 (left) 0. Seat 1 (right) deals.",
        "You are out of this match: watch follows it one line per round, finish plays it to its "
        "end.",
    ]
    assert text[3:13] == [
        "Seat 2 (across) keeps.",
        "Seat 1 (right), the dealer, keeps.",
        "Showdown: seat 2 (across) 4, seat 1 (right) 4.",
        "Seat 1 (right)'s 4 loses: no life left, seat 1 (right) is out.",
        "Seat 2 (across)'s 4 loses: no life left, seat 2 (across) is out.",
        "Nobody has a life left: all-out restart, every seat has three lives again.",
        "End of round 1: every seat still in lost its last life: all-out restart, three lives "
        "each.",
        "Lives: you 3, seat 1 (right) 3, seat 2 (across) 3, seat 3 (left) 3. Seat 2 (across) "
        "deals next.",
        BREAK,
        "Round 2: seat 2 (across) deals.",
    ]
    deal = [e for e in session.state.visible_events(HUMAN) if e.kind == "deal"][-1]
    assert text[13] == f"You are dealt {card_words(str(deal.args[1]))}."
    assert session.view().dealer == 2
    assert session.view().lives == (3, 3, 3, 3) and session.view().restarts == 1


def test_out_after_one_round_then_watch_one_line_per_round() -> None:
    # rules 13 ex. 13: your only life goes to the Hunter behind a Horse
    session, out = make(
        ["bucket", "horse", "hunter", "4"],
        lives=[1, 3, 3, 3],
        seed=5,
        scripts={1: ["keep"], 2: ["keep"], 3: ["keep"]},
    )
    reader = run(session, ["swap", "hand", "watch", "watch"])
    text = lines_of(out)
    assert story(text, "You ask seat 1 (right) to swap.", BREAK) == [
        "You ask seat 1 (right) to swap.",
        "Seat 1 (right) shows the Horse: the ask jumps to the next player.",
        "You ask seat 2 (across) to swap.",
        "Seat 2 (across) shows the Hunter: you lose your last life and are out.",
        "Seat 1 (right) keeps.",
        "Seat 2 (across) keeps.",
        "Seat 3 (left), the dealer, keeps.",
        "Showdown: you the Bucket (dead), seat 1 (right) the Horse, seat 2 (across) the Hunter, "
        "seat 3 (left) 4.",
        "Seat 3 (left)'s 4 loses: 2 lives left.",
        "End of round 1: you lost your last life and are out, seat 3 (left) lost a life.",
        "Lives: you 0, seat 1 (right) 3, seat 2 (across) 3, seat 3 (left) 2. Seat 1 (right) "
        "deals next.",
        "You are out of the match: watch follows it one line per round, finish plays it to its "
        "end.",
        BREAK,
    ]
    rest = after(text, BREAK)
    assert rest[0] == "You are out of the match."
    state = session.state
    assert isinstance(state, CucuState) and state.is_over
    rounds = state.rounds
    summaries = rest[1:rounds]
    assert len(summaries) == rounds - 1
    for k, line in enumerate(summaries, 2):
        assert re.fullmatch(
            rf"Round {k}: .+; lives: you 0, right \d, across \d, left \d\.", line
        ), line
    final = state.lives
    assert summaries[-1].endswith(
        f"lives: you 0, right {final[1]}, across {final[2]}, left {final[3]}."
    )
    winner = state.winner
    assert winner is not None
    assert rest[rounds : rounds + 3] == [
        f"Seat {winner} ({['you', 'right', 'across', 'left'][winner]}) wins the match after "
        f"{rounds} rounds.",
        "Lives left: "
        + ", ".join(
            f"{'you' if s == 0 else f'seat {s} (' + ['you', 'right', 'across', 'left'][s] + ')'}"
            f" {final[s]}"
            for s in range(4)
        )
        + ".",
        "Type new for another match, or quit.",
    ]
    assert (
        rest[rounds + 3]
        == "! watch is not available now (once you are out: play the match on to its end, "
        "one line per round)"
    )
    assert reader.prompts[:2] == ["bucket: keep or swap > ", "next > "]
    assert not any(ln.startswith("Showdown") for ln in rest)  # summaries stand for the events


def test_finish_plays_the_match_out_and_shows_only_the_result() -> None:
    session, out = make(
        ["bucket", "horse", "hunter", "4"],
        lives=[1, 3, 3, 3],
        seed=5,
        scripts={1: ["keep"], 2: ["keep"], 3: ["keep"]},
    )
    run(session, ["swap", "finish"])
    rest = after(lines_of(out), BREAK)
    state = session.state
    assert isinstance(state, CucuState) and state.is_over and state.winner is not None
    assert rest[0] == f"The match went on for {state.rounds - 1} more rounds."
    assert re.fullmatch(
        rf"Seat {state.winner} \(\w+\) wins the match after {state.rounds} rounds\.", rest[1]
    )
    assert rest[2].startswith("Lives left: you 0, ")
    assert rest[3:] == [
        "Type new for another match, or quit.",
        "This finished game is kept in the autosave autosave-cucu-5: review it with cardavia "
        "review autosave-cucu-5",
        "Goodbye.",
    ]


def test_a_pipe_plays_the_match_out_after_you_are_out() -> None:
    session, out = make(
        ["bucket", "horse", "hunter", "4"],
        lives=[1, 3, 3, 3],
        seed=5,
        scripts={1: ["keep"], 2: ["keep"], 3: ["keep"]},
    )
    reader = run(session, ["swap"], interactive=False)
    text = lines_of(out)
    state = session.state
    assert isinstance(state, CucuState)
    assert state.is_over and BREAK not in text and len(reader.prompts) == 2
    # a break after every round but the last (the match is over then)
    assert sum(1 for ln in text if ln.startswith("End of round ")) == state.rounds - 1
    assert sum(1 for ln in text if re.fullmatch(r"Round \d+: .* deals\.", ln)) == state.rounds - 1
    assert sum(1 for ln in text if ln.startswith("Showdown: ")) == state.rounds


def test_you_win_and_a_new_match_is_offered() -> None:
    session, out = make(["3", "lion"], dealer=1, lives=[1, 1, 0, 0], scripts={1: ["keep"]})
    run(session, ["keep", "next", "new 7"])
    text = lines_of(out)
    assert story(text, "You keep your 3.", "Type new for another match, or quit.") == [
        "You keep your 3.",
        "Seat 1 (right), the dealer, keeps.",
        "Showdown: you 3, seat 1 (right) the Lion.",
        "Seat 1 (right)'s Lion loses: no life left, seat 1 (right) is out.",
        "You are the only one with lives left.",
        "You win the match after 1 round!",
        "Lives left: you 1, seat 1 (right) 0, seat 2 (across) 0, seat 3 (left) 0.",
        "Type new for another match, or quit.",
    ]
    assert "! there is no break to go on from" in text
    assert any(ln.startswith("Cuccu, seed 7: you (seat 0) against three basic") for ln in text)
    assert session.header.seed == 7 and session.state.rounds_finished == 0


# -- hint, log, resume ---------------------------------------------------------------------------
def test_hint_gives_the_basic_choice_and_the_chances() -> None:
    session, out = make(["lion", "5", "8", "1"])
    run(session, ["hint"])
    view = session.view()
    est = BasicAgent().estimates(view)
    assert est["keep"] == 1.0  # the Lion is the lowest card: kept, it loses
    text = lines_of(out)
    at = text.index("Hint: swap: ask seat 1 (right) to swap cards with you")
    assert text[at : at + 2] == [
        "Hint: swap: ask seat 1 (right) to swap cards with you",
        "Keeping, your Lion loses at the showdown with a chance of 100%; asking to swap costs "
        f"{est['swap']:.2f} lives on average (a Hunter or a Cat costs a life at once).",
    ]
    assert decide(session.state, BasicAgent()) == Action.parse("swap")
    assert est["swap"] < est["keep"]
    # the hint is the strong player's, with the chances its search found
    assert text[at + 2].startswith("Win chance by 64 sampled deals of the hidden cards: swap ")
    assert "; keep " in text[at + 2]


def test_log_tells_every_event_with_your_cards() -> None:
    session, out = make(["1", "4", "6", "cat"], scripts={1: ["swap"], 2: ["swap"], 3: ["keep"]})
    run(session, ["swap", "log"])
    events = session.state.visible_events(HUMAN)
    text = lines_of(out)
    logged = after(text, BREAK)[: len(events) + 1]
    assert logged == [
        "1 Round 1.",
        "2 You are dealt 1.",
        "3 You ask seat 1 (right) to swap.",
        "4 You and seat 1 (right) swap: you give 1 and get 4.",
        "5 Seat 1 (right) asks seat 2 (across) to swap.",
        "6 Seat 1 (right) and seat 2 (across) swap cards.",
        "7 Seat 2 (across) asks seat 3 (left) to swap.",
        "8 Seat 3 (left) shows the Cat.",
        "9 Seat 2 (across) loses a life: 2 left.",
        "10 The swap of seat 1 (right) and seat 2 (across) is undone.",
        "11 Your swap with seat 1 (right) is undone: you give 4 and get 1 back.",
        "12 Seat 3 (left) keeps.",
        "13 You show 1.",
        "14 Seat 1 (right) shows 4.",
        "15 Seat 2 (across) shows 6.",
        "16 Seat 3 (left) shows the Cat.",
        "17 You lose a life: 2 left.",
    ]


def test_resume_a_save_in_the_middle_of_a_round(_home: Path) -> None:
    # at the Inn's offer: the story of the round is told again, then the choices
    session, out = make(
        ["2", "inn", "6", "9"],
        actions=["0 swap"],
        replayed="Resumed inn: its deck, 1 action replayed.",
    )
    run(session, ["pay"])
    text = lines_of(out)
    assert text[1:6] == [
        "Resumed inn: its deck, 1 action replayed.",
        "Type help for the commands; Tab completes verbs and cards.",
        "You are dealt 2.",
        "You ask seat 1 (right) to swap.",
        "Seat 1 (right) shows the Inn: the swap stops.",
    ]
    assert "2 pay ask seat 1 (right) to pay for you if your card loses (not for the Zero)" in text
    assert "You ask seat 1 (right) to pay for you if your card loses." in text


def test_resume_at_a_break_and_in_a_later_round(_home: Path) -> None:
    session, _ = make(["4", "4"], dealer=1, lives=[0, 1, 1, 0], scripts={1: ["keep"], 2: ["keep"]})
    run(session, ["save brk", "next", "save later"])
    saved = load_deal(_home / "saves" / "brk.toml")
    assert saved.actions == ["2 keep", "1 keep"]
    again, out = make(header=saved, replayed="Resumed brk.")
    run(again, [])
    text = lines_of(out)
    assert text[3:6] == [
        "Seat 2 (across) keeps.",
        "Seat 1 (right), the dealer, keeps.",
        "Showdown: seat 2 (across) 4, seat 1 (right) 4.",
    ]
    assert text[-3:-1] == [
        "Lives: you 3, seat 1 (right) 3, seat 2 (across) 3, seat 3 (left) 3. Seat 2 (across) "
        "deals next.",
        BREAK,
    ]
    later = load_deal(_home / "saves" / "later.toml")
    state = replay(later)
    assert state.rounds_finished == 1 and state.to_act == HUMAN
    again, out = make(header=later, replayed="Resumed later.")
    run(again, [])
    text = lines_of(out)
    assert text[3] == "Round 2: seat 2 (across) deals."
    deal = [e for e in again.state.visible_events(HUMAN) if e.kind == "deal"][-1]
    assert text[4] == f"You are dealt {card_words(str(deal.args[1]))}."


# -- the whole match through the command line ------------------------------------------------------
def test_piped_cli_plays_a_whole_match_and_exits_0(_home: Path) -> None:
    done = run_cardavia(
        "cucu",
        "play",
        "--seed",
        "4",
        stdin="auto all\nnext\n" * 12,
        home=_home,
        env={"NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    state = new_state(seed=4)
    while not state.is_over:
        if state.at_break:
            state.next_round()
        else:
            state.apply(decide(state, BasicAgent()))
    winner = state.winner
    assert winner is not None
    who = "You win" if winner == 0 else f"Seat {winner} ("
    assert who in done.stdout and f"the match after {state.rounds} round" in done.stdout


# -- properties -----------------------------------------------------------------------------------
def _play_out(seed: int, seat: int) -> tuple[CucuState, list[int], list[int]]:
    """A whole match of basic players, the dealer of each round, and where each round
    starts in the events ``seat`` sees."""
    state = new_state(seed=seed)
    dealers = [state.dealer]
    starts = [0]
    while not state.is_over:
        if state.at_break:
            starts.append(len(state.visible_events(seat)))
            state.next_round()
            dealers.append(state.dealer)
        else:
            state.apply(decide(state, BasicAgent()))
    return state, dealers, starts


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.sampled_from([0, 1, 2, 3]))
def test_the_story_of_any_match_names_each_rounds_dealer_and_tells_every_event(
    seed: int, seat: int
) -> None:
    state, dealers, starts = _play_out(seed, seat)
    events = state.visible_events(seat)
    told = [str(getattr(t, "plain", t)) for t in UI.narrate(events, 0, seat, frozenset())]
    heads = [ln for ln in told if re.fullmatch(r"Round \d+: .*\.", ln)]
    assert heads == [
        f"Round {k}: {seat_label(d, seat)} deal{'' if d == seat else 's'}."
        for k, d in enumerate(dealers[1:], 2)
    ]
    texts = {e.text for e in events}
    assert not texts & set(told)  # every event is told in words, never as its raw line
    assert sum(1 for ln in told if ln.startswith("Showdown: ")) == state.rounds
    # the log: one line per event, under a header per round (regression: it had none)
    logged = [str(getattr(t, "plain", t)) for t in UI.log_lines(events, seat, frozenset())]
    assert len(logged) == len(events) + len(heads) + 1
    assert logged[0] == "Round 1." and [ln for ln in logged if ln in heads] == heads
    # a save at the break after round r tells round r again
    ends = [*starts[1:], len(events)]
    for begin, end in zip(starts, ends, strict=True):
        assert UI.story_start(events[:end]) == begin
    # told from any point, the story is the tail of the whole story
    cut = starts[len(starts) // 2]
    part = [str(getattr(t, "plain", t)) for t in UI.narrate(events, cut, seat, frozenset())]
    assert told[len(told) - len(part) :] == part


def test_card_powers_and_choices_in_words() -> None:
    assert power_words("cuckoo").endswith("(rules 7.2, 9.2)")
    assert power_words("zero").endswith("an Inn's pact does not cover the Zero (rules 7.5)")
    assert power_words("7") == "no power: asked to swap, you must swap (rules 7.1)"
    view = new_state(deck=example_deck(["horse"]), dealer=3).view(0)
    assert card_line(view).plain == (
        "Your card: the Horse (13): asked to swap, you show it and keep it: the asker must ask "
        "the next player instead, or swap with the top card of the pack when you are the dealer "
        "(rules 7.4)."
    )
    assert choice_notes(view) == [
        ("keep", "keep your Horse"),
        ("swap", "ask seat 1 (right) to swap cards with you"),
    ]


def test_auto_typed_at_a_break_goes_on_first_as_next() -> None:
    """A fault found by a newcomer: ``auto all`` at the break after a showdown was refused
    ("this round is over: type next to go on"). It goes on, then decides, as next then auto."""
    typed, out = make(seed=5)
    run(typed, ["swap", "auto", "next", "auto all"])
    by_auto, out2 = make(seed=5)
    run(by_auto, ["swap", "auto", "auto all"])
    assert by_auto.state.recorded_actions() == typed.state.recorded_actions()
    assert by_auto.state.rounds >= 3
    assert by_auto.state.at_break  # auto all stops at the next break, as before
    assert "this round is over" not in out2.getvalue()
    assert by_auto.state.rounds == typed.state.rounds
