"""Minchiate in the REPL (rules/minchiate.md 5, 7, 8, 9, 10, 11; cli.md "The REPL"), driven
through input lines as a person types them.

The scripted deck is the deck of rules example 13. With seat 1 dealing, seat 0 is the cutter:
it robs T22 KC T3 and owes three discards, holds the sequence T30..T33 to declare, and in
trick 1 (seat 2 leads 10C, seat 3 has no Cups and trumps) the King obligation falls on its
robbed KC. With seat 2 dealing (examples 13 and 16) seat 0 must follow Coins in trick 1.
"""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest
from cli_support import run_cardavia
from minchiate_support import EXAMPLE_DECK, oracle
from rich.console import Console

from cardavia_cli.engine.agents import decide
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.games.minchiate.ai import BasicAgent
from cardavia_cli.games.minchiate.repl import UI
from cardavia_cli.games.minchiate.view import outcome_line
from cardavia_cli.repl.completion import complete_line
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session

#: Example 16's decisions up to seat 3's lead of 2D in trick 1 (seat 2 deals).
TO_COINS_LEAD = [
    "1 discard 2S 3S 4S",
    "2 discard 2C 3C 4C",
    "1 declare 1",
    "2 declare 1 2",
    "3 play 2D",
]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


def make_session(
    dealer: int = 1, actions: list[str] | None = None, seed: int | None = None
) -> tuple[Session, io.StringIO]:
    if seed is None:
        header = DealFile(
            game="minchiate", deck=list(EXAMPLE_DECK), dealer=dealer, actions=actions or []
        )
    else:
        header = DealFile(game="minchiate", seed=seed)
    state = replay(header) if actions else new_game_state(header)
    out = io.StringIO()
    console = Console(file=out, width=160, no_color=True, force_terminal=False)
    session = Session(
        load_game("minchiate"),
        load_ui("minchiate"),
        header,
        state,
        console=console,
        replayed="test" if actions else None,
    )
    return session, out


def lines_of(out: io.StringIO) -> list[str]:
    return [line.rstrip() for line in out.getvalue().splitlines()]


def row(lines: list[str], first: str, which: int = -1) -> list[str]:
    """The words of the last line (or the ``which``-th) starting with ``first``."""
    found = [ln.split() for ln in lines if ln.strip().startswith(first)]
    assert found, first
    return found[which]


def run_cli(*args: str, stdin: str, home: Path) -> subprocess.CompletedProcess[str]:
    """The command in this process, standard input piped (``cli_support``)."""
    return run_cardavia(*args, stdin=stdin, home=home, env={"NO_COLOR": "1"})


# -- a whole scripted deal -----------------------------------------------------------------------
def test_scripted_deal_robbing_discards_declarations_king_obligation_score_to_the_end() -> None:
    session, out = make_session(dealer=1)
    reader = ListReader(
        [
            "discard T22 T23 T24",
            "autoplay off",
            "declare all",
            "play 2S",
            "play",
            "score",
            "hint",
            "auto all",
        ]
    )
    assert session.run(reader) == 0
    lines = lines_of(out)
    # rules 4, 6.2, 6.4, 6.5: the roles, the robbing with its points, the running difference
    assert lines[:3] == [
        "Minchiate, a given deck: you (seat 0) and your partner seat 2 (across), basic, against "
        "seat 1 (right) and seat 3 (left), basic.",
        "Seat 1 (right) deals, you cut; seat 2 (across) leads the first trick and declares "
        "first. One deal; the team with more resti wins.",
        "Type help for the commands; Tab completes verbs and cards.",
    ]
    assert lines[3:8] == [
        "You rob T22 KC(5) T3(3) from the bottom of the pack: 8 points for us.",
        "You are dealt 21 cards.",
        "Seat 1 (right) shows the last card dealt to all: T38(10), 10 points for them.",
        "Seat 1 (right) robs T29 KD(5) KB(5) from the fola: 10 points for them.",
        "Running difference: 12 for them (resti: us 0, them 0).",
    ]
    # rules 7.2: the numbered discards and the suggestion of discard auto
    assert (
        "You owe three discards (rules 7.2: zero-point cards, never T29), by name or number, at "
        "once or a few at a time; discard auto = discard 2S 3S 4S (the basic player's choice)."
    ) in " ".join(lines)
    assert row(lines, "Trumps", 0)[:3] == ["Trumps", "T3(3)", "T22"]
    assert reader.prompts[0] == "three cards to discard (auto: 2S 3S 4S) > "
    # rules 7.4, 8: own discards by card, others' face down; declarations and their resto
    at = lines.index("You discard T22 T23 T24.")
    assert lines[at + 1] == "Seat 1 (right) discards 3 cards face down."
    assert "1  sequence T30 T31 T32 T33 (20)" in lines
    assert "autoplay is now off." in lines
    at = lines.index("You declare sequence T30 T31 T32 T33 (20): +20 for us.")
    assert lines[at + 1 : at + 5] == [
        "Seat 1 (right) declares sequence T34 T35 T36 T37 T38 T39 T40 (60),",
        "  and kings KD KS KB (15): +75 for them.",
        "A resto for them! Resti: us 0, them 1; difference 7 for them.",
        "The fola is shown: 6C T15 7B JB NB QB 5S (dead cards, out of the game).",
    ]
    # rules 9.3.3.1 with autoplay off: the King waits, a wrong card is refused naming the rule
    assert (
        "Trick 1 of 21 (Cups to follow): across led 10C, left T11 (winning); you to play." in lines
    )
    assert (
        "The King obligation: the first Cups trick has been trumped, so your KC must be played, "
        "not even the Matto (rules 9.3.3.1). Your only card: KC (play, or 1)."
    ) in lines
    assert "Your only move: play KC (type it; autoplay is off)." in lines
    assert (
        "! trick 1: the King obligation: this is the first Cups trick and it has been trumped, "
        "so KC must be played, not even the Matto (rules 9.3.3.1)"
    ) in lines
    assert (
        "Trick 1: across 10C, left T11, you KC(5), right AC: left takes it, +5 for them." in lines
    )
    # score (rules 10.3): 8 + 20 for us; 10 + 10 + 75 + 5 for them; one resto for them
    assert row(lines, "points scored so far")[-2:] == ["28", "100"]
    assert row(lines, "resti so far")[-2:] == ["0", "1"]
    assert row(lines, "cards taken")[-2:] == ["0", "4"]
    # the search (16 samples) finds T3 clearly better than basic's T25 by the resti margin,
    # every option's win chance being 0
    at = lines.index("Hint: play T3")
    assert lines[at + 1 : at + 3] == [
        "Win chance by 16 sampled deals of the hidden cards: play T3 0%; play T25 0%; play T33 0%",
        "(clearly better than basic's play T25: the same chance of winning, a better margin)",
    ]
    # the end (rules 10.2, 10.4, 10.5): the result agrees with the rule functions alone
    state = session.state
    outcome = state.result()
    assert outcome is not None
    decisions = [f"{r.seat} {r.text}" for r in state.history]
    expected = oracle(EXAMPLE_DECK, 1, decisions)["result"]
    assert outcome.data == expected
    assert outcome_line(session.view(), outcome) in lines
    e0, e1 = expected["points"]
    assert row(lines, "end count")[-2:] == [str(e0), str(e1)]
    assert row(lines, "resti during play")[-2:] == [str(r) for r in expected["running_resti"]]
    assert row(lines, "resti of the end")[-2:] == [str(r) for r in expected["final_resti"]]
    d_end = expected["diff"] + e0 - e1
    assert any(
        ln.startswith(f"End difference: {expected['diff']} + {e0} - {e1} = {d_end} ")
        for ln in lines
    )
    told = [ln.split(":")[0] for ln in lines if ln.startswith("Trick ") and " of 21" not in ln]
    assert told == [f"Trick {n}" for n in range(1, 22)]
    assert [r.text for r in state.history if r.seat == HUMAN][:3] == [
        "discard T22 T23 T24",
        "declare 1",
        "play KC",
    ]


def test_a_refused_play_names_the_suit_to_follow_and_changes_nothing() -> None:
    """Also a regression: with no Matto in hand, the choices and the refusal offered "a card
    of Coins or the Matto"."""
    # example 16: seat 3 leads 2D; seat 0 holds 4D..QD and trumps T11..T21, not the Matto
    session, out = make_session(dealer=2, actions=TO_COINS_LEAD)
    assert not any(c.is_matto for c in session.view().hand)
    reader = ListReader(["play T11", "play KS", "play 9D"])
    session.run(reader)
    lines = lines_of(out)
    assert "Trick 1 of 21 (Coins to follow): left led 2D (winning); you to play." in lines
    assert "Coins to follow: a card of Coins (rules 9.3.3.2)." in lines
    assert "! trick 1: Coins is to follow: play a card of Coins (rules 9.3.3.2), not T11" in lines
    assert "! trick 1: KS is not in your hand (rules 9.3)" in lines
    assert reader.prompts[:3] == ["trick 1, Coins > "] * 3
    assert [r.text for r in session.state.history if r.seat == HUMAN][0] == "play 9D"


def test_discard_auto_is_the_basic_players_choice_and_the_prompt_says_the_count_in_words() -> None:
    """Regression (rules 7.2 as updated): the prompt ``discard 3 (auto: T22 T23 T24) >`` made a
    player type ``discard 2`` (card number 2), and ``discard auto`` threw away the lowest
    trumps while ``hint`` said to make voids; now the prompt says how many are owed in words
    and ``auto`` is what ``basic`` (the hint) would discard, shown as cards, one or several at
    a time."""
    session, out = make_session(dealer=1)
    reader = ListReader(["hint", "discard 2s", "discard auto"])
    session.run(reader)
    lines = lines_of(out)
    assert reader.prompts[:3] == [
        "three cards to discard (auto: 2S 3S 4S) > ",
        "three cards to discard (auto: 2S 3S 4S) > ",
        "two cards to discard (auto: 3S 4S) > ",
    ]
    hint = next(ln for ln in lines if ln.startswith("Hint:"))
    assert hint.startswith("Hint: discard 2S 3S 4S. Why: zero-point cards of your shortest suits")
    mine = [r.text for r in session.state.history if r.seat == HUMAN]
    assert mine[:2] == ["discard 2S", "discard 3S 4S"]
    assert "You discard 3S 4S." in lines


def test_autoplay_on_plays_the_king_for_you_marked_forced_and_not_recorded() -> None:
    session, out = make_session(dealer=1)
    session.run(ListReader(["discard T22 T23 T24", "1", "autoplay"]))
    lines = lines_of(out)
    assert (
        "Trick 1: across 10C, left T11, you KC(5) (forced), right AC: left takes it, +5 for them."
    ) in lines
    assert "autoplay is on." in lines
    recorded = session.state.recorded_actions()
    assert "0 declare 1" in recorded and "0 play KC" not in recorded


# -- numbers, completion, help ---------------------------------------------------------------------
def test_numbers_pick_the_listed_discard_combination_and_card() -> None:
    session, _ = make_session(dealer=1)
    reader = ListReader(["7", "discard 8s t23", "1", "4"])
    session.run(reader)
    mine = [r.text for r in session.state.history if r.seat == HUMAN and not r.forced]
    # 7 = 2S, the 7th listed discard (T22..T27, 2S, ...); then two more by name; 1 = the first
    # combination; in trick 2 (KC went to trick 1) 4 = the 4th legal card: T3 T22 T24 T25
    assert mine == ["discard 2S", "discard T23 8S", "declare 1", "play T25"]
    assert reader.prompts[:4] == [
        "three cards to discard (auto: 2S 3S 4S) > ",
        "two cards to discard (auto: 3S 4S) > ",
        "declare > ",
        "trick 2, Coins > ",
    ]


def test_completion_offers_the_legal_discards_combinations_and_cards() -> None:
    session, _ = make_session(dealer=1)
    session.emit(session.begin())

    def words(text: str) -> list[str]:
        return [c.text for c in complete_line(session, text)[1]]

    assert words("")[:2] == ["discard", "help"]
    first = words("discard ")
    assert first[:3] == ["auto", "T22", "T23"] and "KC" not in first and "T3" not in first
    assert complete_line(session, "discard ")[1][0].meta == "2S 3S 4S"  # basic's choice
    assert len(first) == 1 + 17
    assert words("discard t22 T23 ") == [c for c in first[1:] if c not in ("T22", "T23")]
    assert words("discard T22 T23 T24 ") == []
    assert words("discard 2") == ["2S"]
    session.emit(session.execute("discard T22 T23 T24"))
    assert words("declare ") == ["all", "1"]
    assert words("declare 1 ") == []
    assert words("pa") == ["pass"]
    session.emit(session.execute("declare all"))
    session.emit(session.execute("autoplay off"))
    assert words("play ") == ["T3", "T25", "T26", "T27", "T28", "T30", "T31", "T32", "T33"]
    assert words("play t3") == ["T3", "T30", "T31", "T32", "T33"]


def test_help_cites_the_rules_and_score_and_autoplay_are_commands() -> None:
    session, out = make_session(dealer=1)
    session.run(ListReader(["help play", "help discard", "help score", "autoplay", "score x"]))
    text = out.getvalue()
    assert "play [CARD]  Play a card to the trick (rules 9.3)" in text
    assert "(rules 7.2, 7.3)" in text
    assert "score  Show both teams' points scored so far, their resti" in text
    assert "autoplay is on." in text
    assert "! score takes nothing after it (usage: score)" in text


# -- saves -----------------------------------------------------------------------------------------
def test_resume_of_a_save_mid_deal_tells_the_last_trick_and_plays_on(_home: Path) -> None:
    session, out = make_session(dealer=1)
    session.run(ListReader(["discard T22 T23 T24", "declare all", "play T25", "save mid"]))
    path = _home / "saves" / "mid.toml"
    deal = load_deal(path)
    assert deal.deck == list(EXAMPLE_DECK) and deal.dealer == 1
    assert deal.actions == [
        "0 discard T22 T23 T24",
        "1 discard 2C 3C 4C",
        "0 declare 1",
        "1 declare 1 2",
        *deal.actions[4:],
    ]
    assert "0 play T25" in deal.actions
    done = run_cli("resume", "mid", stdin="score\nauto all\n", home=_home)
    assert done.returncode == 0, done.stderr
    lines = [ln.rstrip() for ln in done.stdout.splitlines()]
    trick2 = "Trick 2: left 10D, you T25, right KD(5), across M(5): you take it, +5 for us."
    assert trick2 in lines
    assert not any(ln.startswith("Trick 1:") for ln in lines)  # the story starts at trick 2
    n = len(deal.actions)
    assert any(ln.startswith(f"Resumed mid: its deck, {n} actions replayed") for ln in lines)
    session.run(ListReader(["auto all"]))
    outcome = session.state.result()
    assert outcome is not None
    assert outcome_line(session.view(), outcome) in lines


def test_play_from_a_deal_file_through_the_command(tmp_path: Path, _home: Path) -> None:
    deck = ", ".join(f'"{c}"' for c in EXAMPLE_DECK)
    path = tmp_path / "deal.toml"
    path.write_text(f'format = 1\ngame = "minchiate"\ndeck = [{deck}]\ndealer = 2\n')
    done = run_cli("minchiate", "play", "--deal", str(path), stdin="hand\nauto all\n", home=_home)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    robbed = "Seat 1 (right) robs T22 KC(5) T3(3) from the bottom of the pack"
    assert f"{robbed}: 8 points for them." in lines
    assert "Seat 2 (across) robs T29 KD(5) KB(5) from the fola: 10 points for us." in lines
    assert any(ln.startswith("Your hand (21 cards, ") for ln in lines)
    assert "\x1b[" not in done.stdout


# -- whole deals over seeds ----------------------------------------------------------------
class Typist:
    """Types the basic player's choice at each decision: by number every other time."""

    interactive = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.count = 0
        self.meant: list[str] = []

    def read(self, prompt: str) -> str:
        s = self.session
        if not s.human_to_act():
            raise EOFError
        action = decide(s.state, BasicAgent())
        self.meant.append(str(action))
        self.count += 1
        choices = UI.choices(s.view())
        if self.count % 2 and str(action) in choices:
            return str(choices.index(str(action)) + 1)
        return str(action)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_typed_whole_deals_tell_every_trick_and_hide_other_discards(seed: int) -> None:
    session, out = make_session(seed=seed)
    typist = Typist(session)
    assert session.run(typist) == 0
    state = session.state
    assert state.is_over
    lines = lines_of(out)
    assert not any(ln.startswith("! ") for ln in lines)
    told = [ln.split(":")[0] for ln in lines if ln.startswith("Trick ") and " of 21" not in ln]
    assert told == [f"Trick {n}" for n in range(1, 22)]
    assert not any(re.match(r"(score|resto|play|count) [0-9]", ln) for ln in lines)
    mine = [r.text for r in state.history if r.seat == HUMAN and not r.forced]
    assert mine == typist.meant
    # no other seat's discards are ever shown (rules 7.4)
    for seat in (1, 2, 3):
        assert not any(
            ln.startswith(f"Seat {seat} ") and " discards " in ln and "face down" not in ln
            for ln in lines
        )
    # the log tells one line per visible event
    events = state.visible_events(HUMAN)
    told_log = UI.log_lines(events, HUMAN, frozenset())
    assert len(told_log) == len(events)
    plays = [str(t) for t in told_log if " play" in str(t) or " lead" in str(t)]
    assert len(plays) == 84
    again = replay(session.deal_file())
    assert again.result() == state.result()


# -- words ---------------------------------------------------------------------------------------
def test_the_difference_reads_the_same_way_for_both_teams() -> None:
    """Regression: "+13 for us" but "7 for them"."""
    from cardavia_cli.games.minchiate.view import diff_words

    assert [diff_words(13), diff_words(-7), diff_words(0)] == ["13 for us", "7 for them", "0"]
    assert [diff_words(13, 1), diff_words(-7, 1)] == ["13 for them", "7 for us"]


def test_one_resto_is_singular_in_the_result_and_the_net_line() -> None:
    """Regression: "1 resti" (the singular is resto). Seed 13, basic players: team 1 wins by
    one resto; the summary also named the winner's resti first (it said "0 resti to 1")."""
    from cardavia_cli.engine.agents import decide
    from cardavia_cli.games.minchiate.ai import AGENTS

    state = new_game_state(DealFile(game="minchiate", seed=13))
    while not state.is_over:
        state.push(decide(state, AGENTS["basic"]()))
    outcome = state.result()
    assert outcome is not None and outcome.data["resti"] == [0, 1]
    assert outcome.summary == "Team 1 (seats 1 and 3) wins, 1 resto to 0."
    view = state.view(0)
    assert outcome_line(view, outcome) == "Their team (right and left) wins, 1 resto to 0."
    out = io.StringIO()
    Console(file=out, width=120, no_color=True).print(UI.outcome(view, outcome))
    assert "Net: 1 resto for them." in out.getvalue().splitlines()


def test_the_cutter_robbing_nothing_is_said() -> None:
    """Regression: nothing was said when the cutter robbed nothing (seed 0: you cut)."""
    session, out = make_session(seed=0)
    session.run(ListReader(["log"]))
    lines = lines_of(out)
    said = (
        "You rob nothing at the cut: the bottom card of the pack is no counting card and no trump "
        "above T20 (rules 6.2)."
    )
    assert said in lines
    assert "2 " + said in " ".join(lines)  # in the log too
    assert "you robbed nothing at the cut" in " ".join(lines)  # the table's line


def test_a_team_owing_a_card_for_the_matto_is_shown_during_play() -> None:
    """Regression: nothing showed during play that a team owes a card for the Matto (9.6):
    you play the Matto to a trick seat 1 (right) takes."""
    import dataclasses

    from cardavia_cli.games.minchiate.cards import parse_card
    from cardavia_cli.games.minchiate.events import Play, Trick
    from cardavia_cli.games.minchiate.view import matto_line

    card = parse_card
    events = [
        Play(3, card("2D")),
        Play(0, card("M")),
        Play(1, card("KD")),
        Play(2, card("5D")),
        Trick(1),
    ]
    told = [str(line) for line in UI.narrate(events, 0, 0, frozenset())]
    assert told == [
        "Trick 1: left 2D, you M(5), right KD(5), across 5D: right takes it. Your team owes their "
        "team a card for the Matto (rules 9.6)."
    ]
    session, _ = make_session(dealer=2, actions=TO_COINS_LEAD)
    view = session.view()
    assert matto_line(view) is None
    cards = tuple(card(c) for c in ("2D", "M", "KD", "5D"))
    later = dataclasses.replace(view, tricks=((3, cards),))
    assert str(matto_line(later)) == (
        "Your team owes their team a card for the Matto at the end (rules 9.6)."
    )


def test_the_matto_is_offered_to_follow_only_when_held() -> None:
    """Regression: "Coins to follow: a card of Coins or the Matto" with no Matto in hand; the
    refusals of 9.3 said the same."""
    from cardavia_cli.games.minchiate.cards import parse_card
    from cardavia_cli.games.minchiate.rules import play_refusal

    hand = [parse_card(c) for c in ("5D", "T11", "KS")]
    led = [parse_card("2D")]
    assert play_refusal(hand, led, set(), parse_card("T11")) == (
        "Coins is to follow: play a card of Coins (rules 9.3.3.2), not T11"
    )
    assert play_refusal([*hand, parse_card("M")], led, set(), parse_card("T11")) == (
        "Coins is to follow: play a card of Coins or the Matto (rules 9.3.3.2), not T11"
    )
    trumps = [parse_card("T30")]
    assert play_refusal(hand, trumps, set(), parse_card("KS")) == (
        "trumps are to follow: play a trump (rules 9.3.2), not KS"
    )


def test_regression_several_numbered_discards_at_once() -> None:
    """``discard 4 5`` said "'4' is not a Minchiate card" though the prompt offers discards
    by number, a few at a time: now it discards the 4th and 5th listed cards at once."""
    session, _ = make_session(dealer=1)
    choices = session.ui.choices(session.view())
    fourth, fifth = (choices[i].split(" ", 1)[1] for i in (3, 4))
    session.run(ListReader(["discard 4 5"]))
    mine = [r.text for r in session.state.history if r.seat == HUMAN and not r.forced]
    assert mine and sorted(mine[0].split()[1:]) == sorted([fourth, fifth])


def test_regression_discard_refusals_speak_to_you_not_to_seat_0() -> None:
    """ "T29 not in the hand of seat 0", "seat 0 owes 2 discards" were said to the person."""
    done = run_cardavia(
        "minchiate",
        "play",
        "--seed",
        "2",
        "--ai",
        "basic",
        stdin="discard T29\ndiscard 1 2 3 4 5 6\n",
    )
    refusals = [ln for ln in done.stdout.splitlines() if ln.startswith("!")]
    assert refusals == [
        "! discard (2 to go): T29 not in your hand (7.2)",
        "! discard (2 to go): you owe 2 discards, not 6 (rules 7.2)",
    ]
