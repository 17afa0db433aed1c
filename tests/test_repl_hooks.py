"""The REPL's game hook, driven through input lines on the engine's test game Tally
(``tests/tallygame``, its hook in ``tallygame/repl.py``): the game's own commands, a setting
that holds forced answers, ``next``, ``restart``, ``new`` after a match, autosave at breaks,
resuming at a break, the end of input, a play read two ways, the defaults of an older hook,
and the forced-answer marks derived from the history.

Positions come from deal files with a ``deck`` and a ``dealer`` (and ``tokens``), built by
:func:`deck_for`; the computer players are ``basic`` (bid the strongest card, give the
weakest, play the weakest card that does not lose, else the weakest). Each round worked out
by hand is written out beside its constant.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_support import Keys
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from tallygame.events import Bid, Deal, Give, Lose, Out, Play, Reveal, Trick, Win
from tallygame.repl import UI, event_line, tokens_text
from tallygame.rules import HAND, PACK, Action, TallyView
from typer.testing import CliRunner

from cardavia_cli.engine.game import Event, Line
from cardavia_cli.engine.seats import SEATS, next_active
from cardavia_cli.engine.ui import HINT_HELP, STORY_EVENTS, TABLE_HELP, GameUI
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.repl.completion import complete_line
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session

GAME = "tally"


def deck_for(
    dealer: int, hands: Mapping[int, Sequence[str]], tokens: Sequence[int] = (2,) * 4
) -> list[str]:
    """The deck that deals ``hands[s]`` (three cards, in that order) to every seat in, one
    card at a time from the seat after ``dealer`` (rules step 1); the rest in pack order."""
    active = {s for s in SEATS if tokens[s]}
    order = [next_active(dealer, active, k) or 0 for k in range(1, len(active) + 1)]
    deck = [hands[s][r] for r in range(HAND) for s in order]
    return deck + [c for c in PACK if c not in deck]


#: Round 1 of S1 (seat 3 deals; all seats in, 2 tokens each). Seat 3 gives its weakest, a1,
#: to seat 1. Bids (from seat 0): you d6 (typed), seat 1 c5, seat 2 b6, seat 3 d2: d6 leads.
#: After ``play a3``: seat 1 must follow with a1, seat 2 with a5, seat 3 has only c2; a5 takes
#: the trick, a1 is the lowest card: seat 1 loses a token.
S1 = {0: ["a3", "c3", "d6"], 1: ["b1", "b2", "c5"], 2: ["a5", "b6", "d1"], 3: ["a1", "c2", "d2"]}
#: S2 (seat 3 deals, tokens 1 2 2 2): seat 3 gives d3 to seat 1; bids: you a3, seat 1 c6,
#: seat 2 c5, seat 3 b6: seat 1 leads d3, seats 2 and 3 follow with d4 and d5, you have no d:
#: ``play a1``, the lowest card: you lose your last token and are out.
S2 = {0: ["a1", "a2", "a3"], 1: ["b4", "b5", "c6"], 2: ["c4", "c5", "d4"], 3: ["b6", "d5", "d3"]}
#: S3 (you deal; all in): ``give a2`` to seat 2, ``bid c4`` (last: bids go from seat 1):
#: seat 1 a4, seat 2 d6, seat 3 c3: seat 2 leads b1, seat 3 has no b (c1); your last card b3
#: is forced; seat 1 has no b (a3). b3 takes the trick; b1 is the lowest: seat 2 loses one.
S3 = {0: ["a2", "b3", "c4"], 1: ["a1", "a3", "a4"], 2: ["b1", "b2", "d6"], 3: ["c1", "c2", "c3"]}
#: S4 (you deal; tokens 1 1 0 0: only seats 0 and 1 in, no give): seat 1 bids a3, you c4 and
#: lead a4; seat 1 follows with a1, the lowest, loses its only token: team 0 wins in 1 round.
S4 = {0: ["a4", "b4", "c4"], 1: ["a1", "a2", "a3"]}

S1_ROUND = [
    "You bid d6, face down.",
    "Seat 1 bids face down.",
    "Seat 2 bids face down.",
    "Seat 3 bids face down.",
    "Bids: you d6, seat 1 c5, seat 2 b6, seat 3 d2.",
]
S1_TRICK = [
    "You play a3.",
    "Seat 1 plays a1.",
    "Seat 2 plays a5.",
    "Seat 3 plays c2.",
    "Seat 2 takes the trick.",
    "Seat 1 loses a token (1 left).",
]
S1_ACTIONS = ["3 give a1", "0 bid d6", "1 bid c5", "2 bid b6", "3 bid d2", "0 play a3"]
S1_BREAK = "End of round 1: tokens you 2, seat 1 1, seat 2 2, seat 3 2."
GO_ON = "Type next (or press Enter) to go on."


def header_of(
    hands: Mapping[int, Sequence[str]],
    dealer: int,
    *,
    seed: int = 5,
    tokens: Sequence[int] | None = None,
    seats: Sequence[str] = ("human", "basic", "basic", "basic"),
) -> DealFile:
    match = {"tokens": list(tokens)} if tokens is not None else {}
    deck = deck_for(dealer, hands, tokens or (2,) * 4)
    return DealFile(game=GAME, seed=seed, deck=deck, dealer=dealer, seats=list(seats), match=match)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    yield tmp_path / "home"


def make(
    header: DealFile | None = None,
    *,
    ui: object = None,
    state: object = None,
    **kwargs: object,
) -> tuple[Session, io.StringIO]:
    header = header or header_of(S1, 3)
    out = io.StringIO()
    session = Session(
        load_game(GAME),
        ui if ui is not None else UI,  # type: ignore[arg-type]
        header,
        state if state is not None else new_game_state(header),  # type: ignore[arg-type]
        console=Console(file=out, width=100, no_color=True),
        **kwargs,  # type: ignore[arg-type]
    )
    return session, out


#: On a terminal the end of input is Ctrl-D: like quit, it asks once, the second one leaves.
CTRL_D = [
    "! this match has no save of its own (only the autosave autosave-tally-5 keeps it: "
    "cardavia resume autosave-tally-5): type save [NAME] first, or quit (or Ctrl-D) again to leave",
    "This game is kept in the autosave autosave-tally-5: continue it with cardavia resume "
    "autosave-tally-5",
    "Goodbye.",
]


def run(session: Session, lines: list[str], interactive: bool = True) -> ListReader:
    reader = ListReader(lines, interactive=interactive)
    assert session.run(reader) == 0
    return reader


def lines_of(out: io.StringIO) -> list[str]:
    return [ln.rstrip() for ln in out.getvalue().splitlines()]


def rendered(renderable: object) -> list[str]:
    """The lines of a renderable of the hook, as the REPL prints them."""
    out = io.StringIO()
    Console(file=out, width=100, no_color=True).print(renderable)
    return lines_of(out)


def human_actions(session: Session) -> list[str]:
    return [r.text for r in session.state.history if r.seat == HUMAN]


def token_lines(
    events: Sequence[Event], word: str, first: int = 1, tokens: Sequence[int] = (2, 2, 2, 2)
) -> list[str]:
    """``{word} N: tokens ...`` for every round of ``events`` from round ``first``, the
    ``tokens`` at the start counted down by the ``lose`` events (the cross-check of
    ``watch`` and of the round ends)."""
    tokens = list(tokens)
    seen: list[str] = []
    n = 0
    for e in events:
        if e.kind == "lose":
            seat, left = int(e.args[0]), int(e.args[1])
            tokens[seat] = left
            n += 1
            shown = ", ".join(
                f"{'you' if s == HUMAN else f'seat {s}'} {t if t else 'out'}"
                for s, t in enumerate(tokens)
            )
            if n >= first:
                seen.append(f"{word} {n}: tokens {shown}.")
    return seen


class MinimalUI(GameUI[TallyView, Action]):
    """Only the required part of Tally's UI: every other part is the base's default (no
    breaks, commands, settings, ambiguous plays, story start, round end or help texts)."""

    actions = UI.actions

    def intro(self, view: TallyView, *, origin: str, seats: Sequence[str]) -> Any:
        return UI.intro(view, origin=origin, seats=seats)

    def status(self, view: TallyView) -> Any:
        return UI.status(view)

    def table(self, view: TallyView) -> Any:
        return UI.table(view)

    def hand(self, view: TallyView) -> Any:
        return UI.hand(view)

    def prompt(self, view: TallyView) -> str:
        return UI.prompt(view)

    def legal_verbs(self, view: TallyView) -> list[str]:
        return UI.legal_verbs(view)

    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> Any:
        return UI.narrate(events, start, seat, forced)

    def outcome(self, view: TallyView, outcome: Any) -> Any:
        return UI.outcome(view, outcome)


# -- a round told -----------------------------------------------------------------------------
def test_a_round_is_told_in_words_from_the_deal_to_the_break() -> None:
    session, out = make()
    reader = run(session, ["bid d6", "play a3"])
    text = lines_of(out)
    assert text[:6] == [
        "Tally, a given deck: you (seat 0) against three basic computer players. Seat 3 deals.",
        "Tokens: you 2, seat 1 2, seat 2 2, seat 3 2.",
        "Type help for the commands; Tab completes verbs and cards.",
        "You are dealt a3 c3 d6.",
        "Seat 3 gives seat 1 a card.",
        "Round 1, seat 3 deals. Tokens: you 2, seat 1 2, seat 2 2, seat 3 2.",
    ]
    assert text[6:8] == ["Your hand: a3 c3 d6.", "Choose: 1) bid a3  2) bid c3  3) bid d6"]
    assert text[8:13] == S1_ROUND
    assert text[13:17] == [
        "Round 1, seat 3 deals. Tokens: you 2, seat 1 2, seat 2 2, seat 3 2.",
        "Bids: you d6, seat 1 c5, seat 2 b6, seat 3 d2.",
        "Your hand: a3 c3.",
        "Choose: 1) play a3  2) play c3",
    ]
    assert text[17:23] == S1_TRICK
    assert text[23:] == [S1_BREAK, GO_ON, *CTRL_D]
    assert reader.prompts == ["bid > ", "play > ", "next > ", "next > "]
    assert session.state.recorded_actions() == S1_ACTIONS


def test_table_hand_hint_and_describe_show_what_the_seat_may_see() -> None:
    session, out = make(header_of(S3, 0))
    run(session, ["hint", "give a2", "table", "hand", "hint", "auto"], interactive=False)
    text = lines_of(out)
    assert "Hint: give a2 to seat 2" in text  # the basic player gives its weakest card
    at = text.index("Seat 3 bids face down.")
    assert text[at + 1 : at + 3] == [
        "Round 1, you deal. Tokens: you 2, seat 1 2, seat 2 2, seat 3 2.",
        "Bids: seat 1 face down, seat 2 face down, seat 3 face down.",
    ]
    assert text[at + 3] == "Your hand: b3 c4. You gave a2 to seat 2."
    assert text.count("Your hand: b3 c4. You gave a2 to seat 2.") == 2  # status, hand
    assert text.count("Bids: seat 1 face down, seat 2 face down, seat 3 face down.") == 2
    assert "Hint: bid c4, face down" in text
    assert "You (auto): bid c4, face down" in text
    assert "You play b3 (automatic)." in text
    # a seat that cannot follow: the table shows the trick, the hint names its lowest card
    s2, out2 = make(header_of(S2, 3, tokens=[1, 2, 2, 2]))
    run(s2, ["bid a3", "hint", "table"], interactive=False)
    text2 = lines_of(out2)
    assert text2[text2.index("Seat 3 plays d5.") + 1 :][:4] == [
        "Round 1, seat 3 deals. Tokens: you 1, seat 1 2, seat 2 2, seat 3 2.",
        "Bids: you a3, seat 1 c6, seat 2 c5, seat 3 b6.",
        "Trick: seat 1 d3, seat 2 d4, seat 3 d5.",
        "Your hand: a1 a2.",
    ]
    assert "Hint: play a1 (cannot follow d)" in text2  # no card beats d3: the weakest
    assert "Lowest card so far: d3 (seat 1)." in text2
    # the partner of the dealer is told which card it received; a bid laid stays face down
    session, out = started(header_of(S1, 2))
    assert "Seat 2 gives you d1." in lines_of(out)
    assert str(UI.hand(session.view())) == "Your hand: a3 c3 d1 d6. Seat 2 gave you d1."
    state = new_game_state(header_of(S1, 3))
    state.play_text("give a1")
    state.play_text("bid d6")
    state.play_text("bid b1")
    assert str(UI.hand(state.view(0))) == "Your hand: a3 c3. Your bid: d6."
    assert rendered(UI.table(state.view(0)))[1] == "Bids: you d6, seat 1 face down."
    assert rendered(UI.table(state.view(2)))[1] == "Bids: seat 0 face down, seat 1 face down."


# -- the game's commands ----------------------------------------------------------------------
def test_game_commands_are_registered_offered_and_refused_when_unavailable() -> None:
    session, out = make()
    reader = run(session, ["help", "score", "watch", "bid d6", "play a3", "score", "score 2"])
    text = lines_of(out)
    verbs = [c.verb for c in session.registry]
    assert verbs[:3] == ["give", "bid", "play"]
    assert verbs[-2:] == ["score", "autoplay"]
    assert {"watch", "finish"} <= set(verbs)  # built in: players go out
    assert {"next", "restart", "new", "cancel"} <= set(verbs)
    offered = [c.verb for c in session.offered_commands()]
    assert "score" in offered and "watch" not in offered and "finish" not in offered
    assert text.count("Tokens: you 2, seat 1 2, seat 2 2, seat 3 2.") == 2  # intro, score
    assert "Tokens: you 2, seat 1 1, seat 2 2, seat 3 2." in text
    assert (
        "! watch is not available now (once you are out: play the match on to its end, one "
        "line per round)"
    ) in text
    assert "! score takes nothing after it (usage: score)" in text
    assert any(ln.startswith("score") and "Show the tokens of every seat." in ln for ln in text)
    assert reader.prompts == ["bid > "] * 4 + ["play > "] + ["next > "] * 4


def test_table_and_hint_help_come_from_the_game() -> None:
    session, _ = make()
    table = session.registry.lookup("table")
    hint = session.registry.lookup("hint")
    assert table is not None and hint is not None
    assert (table.help, hint.help) == (UI.table_help, UI.hint_help)
    assert table.help.startswith("Show the table: the dealer, every seat's tokens")
    old, _ = make(ui=MinimalUI())
    assert (old.registry.lookup("table").help, old.registry.lookup("hint").help) == (  # type: ignore[union-attr]
        TABLE_HELP,
        HINT_HELP,
    )


def test_watch_once_out_tells_one_line_per_round_then_the_result() -> None:
    session, out = make(header_of(S2, 3, tokens=[1, 2, 2, 2]))
    run(session, ["bid a3", "play a1", "hand", "score", "watch", "watch"])
    text = lines_of(out)
    at = text.index("Seat 1 plays d3.")
    assert text[at : at + 6] == [
        "Seat 1 plays d3.",
        "Seat 2 plays d4.",
        "Seat 3 plays d5.",
        "Round 1, seat 3 deals. Tokens: you 1, seat 1 2, seat 2 2, seat 3 2.",
        "Bids: you a3, seat 1 c6, seat 2 c5, seat 3 b6.",
        "Trick: seat 1 d3, seat 2 d4, seat 3 d5.",
    ]
    at = text.index("You play a1.")
    assert text[at : at + 7] == [
        "You play a1.",
        "Seat 3 takes the trick.",
        "You lose a token (0 left).",
        "You are out.",
        "End of round 1: tokens you out, seat 1 2, seat 2 2, seat 3 2.",
        GO_ON,
        "Your hand: a2. You are out of the match.",
    ]
    assert text[at + 7] == "Tokens: you out, seat 1 2, seat 2 2, seat 3 2."
    rest = text[at + 8 :]
    state = session.state
    assert state.is_over and state.rounds_finished >= 2
    rounds = token_lines(state.events, "Round", first=2, tokens=[1, 2, 2, 2])
    assert len(rounds) == state.rounds_finished - 1
    assert rest[: len(rounds)] == rounds
    outcome = state.result()
    assert outcome is not None and outcome.winner == 1  # seat 2 ran out of tokens too
    assert state.partial_result()["tokens"][2] == 0
    assert rest[len(rounds) : len(rounds) + 3] == [
        f"Match over: Team 1 wins after {state.rounds_finished} rounds. Your team loses.",
        f"Tokens: {tokens_text(session.view())}.",
        "Type new for another match, or quit.",
    ]
    assert not any(ln.startswith(("Seat 1 plays", "Bids:")) for ln in rest)  # summaries only
    assert "! watch is not available now" in rest[-3] and rest[-1] == "Goodbye."
    assert rest[-2] == (
        "This finished game is kept in the autosave autosave-tally-5: review it with cardavia "
        "review autosave-tally-5"
    )


def test_finish_plays_the_match_out_and_shows_only_the_result() -> None:
    session, out = make(header_of(S2, 3, tokens=[1, 2, 2, 2]))
    run(session, ["bid a3", "play a1", "finish"])
    text = lines_of(out)
    at = text.index(GO_ON)
    state = session.state
    assert text[at + 1 :] == [
        f"The match went on for {state.rounds_finished - 1} more rounds.",
        f"Match over: Team 1 wins after {state.rounds_finished} rounds. Your team loses.",
        f"Tokens: {tokens_text(session.view())}.",
        "Type new for another match, or quit.",
        "This finished game is kept in the autosave autosave-tally-5: review it with cardavia "
        "review autosave-tally-5",
        "Goodbye.",
    ]
    assert state.result().data["tokens"][0] == 0  # type: ignore[union-attr]
    assert human_actions(session) == ["bid a3", "play a1"]


# -- settings ---------------------------------------------------------------------------------
def test_a_setting_off_makes_the_forced_answer_wait_to_be_typed() -> None:
    session, out = make(header_of(S3, 0))
    reader = run(
        session,
        ["autoplay", "autoplay off", "autoplay", "give a2", "bid c4", "play a2", "play b3",
         "autoplay maybe"],
    )  # fmt: skip
    text = lines_of(out)
    assert text.count("autoplay is on.") == 1 and "autoplay is off." in text
    assert "autoplay is now off." in text
    at = text.index("Seat 3 plays c1.")
    assert text[at + 1 : at + 7] == [
        "Round 1, you deal. Tokens: you 2, seat 1 2, seat 2 2, seat 3 2.",
        "Bids: seat 1 a4, seat 2 d6, seat 3 c3, you c4.",
        "Trick: seat 2 b1, seat 3 c1.",
        "Your hand: b3. You gave a2 to seat 2.",
        "Choose: 1) play b3",
        "Your only move: play b3 (type it; autoplay is off).",
    ]
    assert text[at + 7] == "! play: a2 is not in the hand"
    assert "You play b3." in text and "You play b3 (automatic)." not in text  # typed: no mark
    assert reader.prompts[3:7] == ["give > ", "bid > ", "play > ", "play > "]
    assert "! autoplay takes on or off, not 'maybe' (usage: autoplay [on|off])" in text
    assert session.settings["autoplay"] is False
    assert human_actions(session) == ["give a2", "bid c4", "play b3"]


def test_turning_the_setting_on_applies_the_waiting_answer() -> None:
    session, out = make(header_of(S3, 0))
    run(session, ["autoplay off", "give a2", "bid c4", "autoplay on"])
    text = lines_of(out)
    at = text.index("autoplay is now on.")
    assert text[at + 1 : at + 7] == [
        "You play b3 (automatic).",
        "Seat 1 plays a3.",
        "You take the trick.",
        "Seat 2 loses a token (1 left).",
        "End of round 1: tokens you 2, seat 1 2, seat 2 1, seat 3 2.",
        GO_ON,
    ]
    assert session.state.at_break


def test_settings_are_kept_in_saves_and_across_new_matches(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardavia_cli.repl.session.random_seed", lambda: 2)
    session, _ = make(header_of(S3, 0))
    run(session, ["autoplay off", "give a2", "bid c4", "play b3", "save s", "restart yes"])
    assert session.settings["autoplay"] is False
    assert session.header.seed == 2 and session.header.deck is None
    # issue 15: a save keeps the settings changed from their defaults
    assert load_deal(_home / "saves" / "s.toml").settings == {"autoplay": False}


# -- breaks, next, restart, new ---------------------------------------------------------------
def test_next_and_enter_go_on_from_a_break_and_next_is_refused_elsewhere() -> None:
    session, out = make()
    reader = run(session, ["next", "bid d6", "", "play a3", "next", "auto all", "", "hand"])
    text = lines_of(out)
    assert text[8] == "! there is no break to go on from"
    assert text[9:14] == S1_ROUND  # Enter outside a break does nothing
    assert text.count(GO_ON) == 2
    assert text.count(S1_BREAK) == 1
    dealt = [ln for ln in text if ln.startswith("You are dealt")]
    assert len(dealt) == 3  # rounds 1, 2 and 3
    state = session.state
    assert state.rounds_finished == 2 and session.human_to_act()  # a match lasts 4+ rounds
    assert reader.prompts[:5] == ["bid > ", "bid > ", "play > ", "play > ", "next > "]
    assert reader.prompts.count("next > ") == 2
    assert reader.prompts[-1] == UI.prompt(session.view())


def test_a_pipe_goes_on_past_breaks_without_next_but_auto_all_stops_there() -> None:
    session, out = make()
    reader = run(session, ["bid d6", "play a3", "auto all"], interactive=False)
    text = lines_of(out)
    state = session.state
    assert text.count(S1_BREAK) == 1
    # the typed play went on past the first break; auto all stops at the second, as on a
    # terminal (regression: it played the whole match for you)
    assert state.at_break and state.rounds_finished == 2 and not state.is_over
    ends = [ln for ln in text if ln.startswith("End of round")]
    assert ends == token_lines(state.events, "End of round")
    assert GO_ON not in text and text[-2:] == ["Type next to go on.", "(this match was not saved)"]
    assert len(reader.prompts) == 4
    run(session, ["next", "auto all"] * 6, interactive=False)
    assert session.state.is_over
    assert lines_of(out).count("Type new for another match, or quit.") == 1


def test_restart_abandons_the_match_in_the_middle_or_at_a_break(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seeds = iter([11, 12])
    monkeypatch.setattr("cardavia_cli.repl.session.random_seed", lambda: next(seeds))
    session, out = make(header_of(S1, 3, seats=["human", "random", "basic", "basic"]))
    run(session, ["bid d6", "restart"], interactive=False)
    assert session.header.seed == 11 and HUMAN not in {r.seat for r in session.state.history}
    assert session.header.seats == ["human", "random", "basic", "basic"]
    assert session.header.deck is None and session.header.dealer is None
    assert session.header.match == {} and session.view().tokens == (2, 2, 2, 2)
    intro = (
        "Tally, seed 11: you (seat 0) against random at seat 1, basic at seat 2, basic at seat 3."
    )
    assert any(ln.startswith(intro) for ln in lines_of(out))
    # on a terminal, at a break, with unsaved decisions: asked, y/N (anything but y keeps it)
    reader = run(session, ["auto all", "restart", "hand", "restart", "y", "quit"])
    text = lines_of(out)
    asked = "Abandon this match (the autosave keeps it) and start a new one? y/N"
    assert text.count(asked) == 2
    assert text[text.index(asked) + 1] == "Kept this match."
    assert session.header.seed == 12 and any(ln.startswith("Tally, seed 12:") for ln in text)
    assert reader.prompts[1:5] == ["next > ", "y/N > ", "next > ", "y/N > "]


def test_restart_asks_before_throwing_a_match_away_and_restart_yes_does_not(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: on a terminal, restart threw away a match under way (autosaved, so
    'not saved' never asked) without a question."""
    monkeypatch.setattr("cardavia_cli.repl.session.random_seed", lambda: 11)
    target = _home / "saves" / "r.toml"
    target.parent.mkdir(parents=True, exist_ok=True)
    session, out = make(header_of(S1, 3), save_to=target, autosave=True)
    reader = run(session, ["bid d6", "restart", "n", "restart", "", "restart yes", "quit"])
    text = lines_of(out)
    asked = "Abandon this match and start a new one? y/N"
    assert text.count(asked) == 2 and text.count("Kept this match.") == 2
    assert reader.prompts.count("y/N > ") == 2
    assert session.header.seed == 11  # restart yes: no question
    # regression: at the first decision (nothing played) restart asked nothing and dealt a
    # new match at once; it asks as everywhere else
    session2, out2 = make(header_of(S1, 3))
    run(session2, ["restart", "n", "restart", "y", "quit"])
    text2 = lines_of(out2)
    assert text2.count(asked) == 2 and text2.count("Kept this match.") == 1
    assert session2.header.seed == 11


def test_new_starts_a_match_once_one_has_ended() -> None:
    session, out = make(header_of(S4, 0, tokens=[1, 1, 0, 0]))
    reader = run(session, ["new", "bid c4", "play a4", "next", "new 7", "new ²"])
    text = lines_of(out)
    assert "! this match is not over: play it out, type restart to abandon it, or quit" in text
    at = text.index("You play a4.")
    assert text[at : at + 9] == [
        "You play a4.",
        "Seat 1 plays a1.",
        "You take the trick.",
        "Seat 1 loses a token (0 left).",
        "Seat 1 is out.",
        "Your team (you and seat 2) wins the match.",
        "Match over: Team 0 wins after 1 rounds. Your team wins.",
        "Tokens: you 1, seat 1 out, seat 2 out, seat 3 out.",
        "Type new for another match, or quit.",
    ]
    assert text[at + 9] == "! there is no break to go on from"
    assert any(ln.startswith("Tally, seed 7: ") for ln in text) and session.header.seed == 7
    assert session.human_to_act() and HUMAN not in {r.seat for r in session.state.history}
    assert text[-2].startswith("! new takes nothing or a seed")
    assert reader.prompts[:4] == ["bid > ", "bid > ", "play > ", "new or quit > "]


# -- saves ------------------------------------------------------------------------------------
def test_autosave_at_breaks_and_the_end_and_resume_at_a_break(_home: Path) -> None:
    target = _home / "saves" / "m.toml"
    target.parent.mkdir(parents=True)
    session, _ = make(save_to=target, autosave=True)
    run(session, ["bid d6", "play a3"])
    saved = load_deal(target)
    assert saved.actions == S1_ACTIONS and saved.dealer == 3
    resumed_state = replay(saved)
    assert resumed_state.at_break and resumed_state.rounds_finished == 1
    # resumed: the story of the round, its end, and the break
    again, out = make(saved, state=resumed_state, save_to=target, autosave=True, replayed="R m.")
    reader = run(again, ["hand", "next", "auto all"])
    text = lines_of(out)
    assert text[:6] == [
        "Tally, a given deck: you (seat 0) against three basic computer players. Seat 3 deals.",
        "Tokens: you 2, seat 1 1, seat 2 2, seat 3 2.",
        "R m.",
        "Type help for the commands; Tab completes verbs and cards.",
        "You are dealt a3 c3 d6.",
        "Seat 3 gives seat 1 a card.",
    ]
    assert text[6:17] == [*S1_ROUND, *S1_TRICK]
    assert text[17:20] == [S1_BREAK, GO_ON, "Your hand: c3."]
    assert reader.prompts[:2] == ["next > ", "next > "]
    # round 2 is saved at its break (autosave at a break)
    after = load_deal(target)
    assert after.actions[:6] == S1_ACTIONS and len(after.actions) > 6
    assert replay(after).at_break and replay(after).rounds_finished == 2
    # a pipe plays on to the end (auto all stops at each break); the end is saved
    run(again, ["next", "auto all"] * 6, interactive=False)
    final = load_deal(target)
    assert replay(final).is_over and replay(final).result() == again.state.result()
    assert f"Saved to {target}." in lines_of(out)


def test_a_save_typed_at_a_break_resumes_at_that_break(_home: Path) -> None:
    session, _ = make()
    run(session, ["bid d6", "play a3", "next", "auto all", "save here"])
    assert session.state.at_break and session.state.rounds_finished == 2
    state = replay(load_deal(_home / "saves" / "here.toml"))
    assert state.at_break and state.rounds_finished == 2
    assert [str(r) for r in state.history] == [str(r) for r in session.state.history]


# -- the end of input --------------------------------------------------------------------------
def test_end_of_input_and_ctrl_c() -> None:
    session, out = make()
    run(session, ["bid d6"])
    assert lines_of(out)[-3:] == CTRL_D
    session, out = make()
    run(session, ["bid d6"], interactive=False)
    assert lines_of(out)[-1] == "(this match was not saved)"
    session, out = make()
    run(session, [], interactive=False)
    assert "not saved" not in out.getvalue()

    session, out = make()
    reader = Keys(["^C", "bid d6"], interactive=True)
    assert session.run(reader) == 0
    assert human_actions(session) == ["bid d6"]
    assert reader.prompts == ["bid > ", "bid > ", "play > ", "play > "]


# -- a play read two ways, numbers -------------------------------------------------------------
def test_play_3_with_two_3s_asks_which_one_by_number_or_cancel() -> None:
    session, out = make()
    reader = run(session, ["3", "play 3", "cancel", "cancel", "play 3", "2"])
    text = lines_of(out)
    asked = [
        "play: 'play 3' can be read 2 ways",
        "1)  play a3",
        "2)  play c3",
        "Type a number, or cancel.",
    ]
    at = text.index(asked[0])
    assert text[at : at + 7] == [
        *asked,
        "Cancelled; you are still to play.",
        "! there is nothing to cancel",
        asked[0],
    ]
    assert "You play c3." in text
    assert human_actions(session) == ["bid d6", "play c3"]  # "3" is the third choice: bid d6
    assert reader.prompts == [
        "bid > ",
        "play > ",
        "number or cancel > ",
        "play > ",
        "play > ",
        "number or cancel > ",
        "next > ",
        "next > ",
    ]
    assert "cancel" not in [c.verb for c in session.offered_commands()]
    # the first reading, and a pipe that cannot answer a number
    session, out = make()
    run(session, ["bid d6", "play 3", "1"])
    assert human_actions(session) == ["bid d6", "play a3"]
    session, out = make()
    run(session, ["bid d6", "play 3", "1", "play c3"], interactive=False)
    text = lines_of(out)
    assert "! play: 'play 3' can be read 2 ways (write one of: play a3, play c3)" in text
    assert human_actions(session) == ["bid d6", "play a3"]  # "1" picked the first listed play


def started(header: DealFile | None = None) -> tuple[Session, io.StringIO]:
    """A session as :meth:`Session.run` leaves it before reading the first line."""
    session, out = make(header)
    session.emit(session.begin())
    return session, out


def test_completion_offers_the_cards_that_fit() -> None:
    session, _ = started()
    assert [c.text for c in complete_line(session, "")[1]][:2] == ["bid", "help"]
    assert [(c.text, c.meta) for c in complete_line(session, "bid ")[1]] == [
        ("a3", "face down"),
        ("c3", "face down"),
        ("d6", "face down"),
    ]
    assert complete_line(session, "play ")[1] == [] and complete_line(session, "bid a3 ")[1] == []
    session.execute("bid d6")
    assert [(c.text, c.meta) for c in complete_line(session, "play ")[1]] == [
        ("a3", "lead"),
        ("c3", "lead"),
    ]
    assert [c.text for c in complete_line(session, "play C")[1]] == ["c3"]
    session, _ = started(header_of(S3, 0))
    assert [(c.text, c.meta) for c in complete_line(session, "give ")[1]] == [
        ("a2", "to seat 2"),
        ("b3", "to seat 2"),
        ("c4", "to seat 2"),
    ]
    session.execute("autoplay off")
    session.execute("give a2")
    session.execute("bid c4")
    assert [(c.text, c.meta) for c in complete_line(session, "play ")[1]] == [("b3", "follows b")]
    session, _ = started(header_of(S2, 3, tokens=[1, 2, 2, 2]))
    session.execute("bid a3")
    assert [(c.text, c.meta) for c in complete_line(session, "play ")[1]] == [
        ("a1", "cannot follow d"),
        ("a2", "cannot follow d"),
    ]


# -- a minimal UI, the marks, log raw ----------------------------------------------------------
def test_a_minimal_ui_gets_every_default() -> None:
    session, out = make(ui=MinimalUI())
    verbs = [c.verb for c in session.registry]
    assert verbs[:3] == ["give", "bid", "play"]
    assert not {"next", "restart", "cancel", "score", "watch", "finish", "autoplay"} & set(verbs)
    ui = MinimalUI()
    assert (ui.has_breaks, ui.has_ambiguous_plays, ui.players_go_out, ui.commands, ui.settings) == (
        False,
        False,
        False,
        (),
        (),
    )
    view = session.view()
    assert (ui.choices(view), ui.complete(view, "bid", []), ui.auto_answer(view)) == ([], [], None)
    assert ui.describe(view, Action("bid", "d6")) == "bid d6" and not ui.is_out(view)
    run(session, ["bid d6", "play a3", "auto all"], interactive=False)
    text = lines_of(out)
    state = session.state
    assert text.count("The round is over.") == state.rounds_finished - 1
    assert S1_BREAK not in text
    assert state.is_over and text[-3].startswith("Match over: Team ")
    # resumed: the default story is the last events
    deal = session.deal_file()
    again, told = make(deal, ui=MinimalUI(), state=replay(deal), replayed="R.")
    events = again.state.visible_events(HUMAN)
    assert again.narrator.seen == len(events) - STORY_EVENTS
    again.emit(again.begin())
    lines = lines_of(told)
    start = lines.index("Type help for the commands; Tab completes verbs and cards.") + 1
    story = UI.narrate(events, len(events) - STORY_EVENTS, HUMAN, again.narrator.forced())
    expected = [t.plain for t in story if isinstance(t, Text)]
    assert len(expected) == len(story) >= STORY_EVENTS - 3  # bids revealed share a line
    assert lines[start : start + len(expected)] == expected
    assert lines[start + len(expected) - 1] == event_line(events[-1], HUMAN).plain


def test_forced_marks_come_from_the_history_and_survive_a_resume() -> None:
    # seed 2 deals round 2 (seat 1 deals): you hold a1 a5 c2, bid a5; seat 2 leads c3,
    # seat 3 plays c1, and c2 is your only card of c: a forced play, typed (autoplay off)
    session, out = make(header_of(S3, 0, seed=2))
    run(session, ["give a2", "bid c4", "next", "autoplay off", "bid a5", "play c2", "log"])
    events = session.state.visible_events(HUMAN)
    plays = [i for i, e in enumerate(events) if e.kind == "play" and e.args[0] == HUMAN]
    assert [events[i].args[1] for i in plays] == ["b3", "c2"]
    assert session.narrator.forced() == frozenset({plays[0]})  # the typed one: no mark
    text = lines_of(out)
    assert "You play b3 (automatic)." in text and "You play c2." in text
    assert "You are dealt a1 a5 c2." in text
    assert f"{plays[0] + 1} You play b3 (automatic)." in [" ".join(ln.split()) for ln in text]
    assert f"{plays[1] + 1} You play c2." in [" ".join(ln.split()) for ln in text]
    deal = session.deal_file()
    assert "0 play b3" not in deal.actions and "0 play c2" not in deal.actions
    again, _ = make(deal, state=replay(deal), replayed="R.")
    assert again.narrator.forced() == frozenset(plays)  # a replay takes every forced answer


def test_log_raw_shows_the_human_private_details() -> None:
    session, out = make(header_of(S3, 0))
    run(session, ["give a2", "bid c4", "log raw 3", "log raw", "log 4"])
    text = [" ".join(ln.split()) for ln in lines_of(out)]
    raw = [
        "1 deal 0 a2 b3 c4",
        "2 give 0 2 [a2]",
        "3 bid 1",
        "4 bid 2",
        "5 bid 3",
        "6 bid 0 [c4]",
        "7 reveal 1 a4",
        "8 reveal 2 d6",
        "9 reveal 3 c3",
        "10 reveal 0 c4",
        "11 play 2 b1",
        "12 play 3 c1",
        "13 play 0 b3",
        "14 play 1 a3",
        "15 trick 0",
        "16 lose 2 1",
    ]
    at = text.index("14 play 1 a3")
    assert text[at : at + 3] == raw[13:]
    at = text.index("1 deal 0 a2 b3 c4")
    assert text[at : at + 16] == raw
    assert text[at + 16 : at + 20] == [
        "13 You play b3 (automatic).",
        "14 Seat 1 plays a3.",
        "15 You take the trick.",
        "16 Seat 2 loses a token (1 left).",
    ]
    words = UI.log_lines(session.state.visible_events(HUMAN), HUMAN, frozenset())
    assert [t.plain for t in words[:6]] == [  # type: ignore[union-attr]
        "You are dealt a2 b3 c4.",
        "You give a2 to seat 2.",
        "Seat 1 bids face down.",
        "Seat 2 bids face down.",
        "Seat 3 bids face down.",
        "You bid c4, face down.",
    ]
    assert len(session.narrator.log(raw=True)) == 1


# -- the hook's parts, one by one -------------------------------------------------------------
def test_every_event_kind_in_words_for_the_seat_and_for_another() -> None:
    give = Give(2, 0, private=((2, ("b5",)), (0, ("b5",))))
    cases = [
        (Deal(0, ("a1", "b2", "c3"), seats=frozenset({0})), "You are dealt a1 b2 c3.", None),
        (give, "Seat 2 gives you b5.", "Seat 2 gives seat 0 a card."),
        (
            Bid(0, private=((0, ("d4",)),)),
            "You bid d4, face down.",
            "Seat 0 bids face down.",
        ),
        (Reveal(0, "d4"), "Your bid: d4.", "Seat 0's bid: d4."),
        (Play(3, "a6"), "Seat 3 plays a6.", "You play a6."),
        (Trick(3), "Seat 3 takes the trick.", "You take the trick."),
        (Lose(0, 1), "You lose a token (1 left).", "Seat 0 loses a token (1 left)."),
        (Out(0), "You are out.", "Seat 0 is out."),
        (
            Win(1),
            "Team 1 (seats 1 and 3) wins the match.",
            "Your team (you and seat 1) wins the match.",
        ),
    ]  # fmt: skip
    for event, for_zero, for_other in cases:
        assert event_line(event, 0).plain == for_zero
        if for_other is not None:
            other = 3 if event.kind in ("play", "trick", "win") else 1
            assert event_line(event, other).plain == for_other
    assert event_line(Give(1, 3, private=((1, ("a1",)), (3, ("a1",)))), 1).plain == (
        "You give a1 to seat 3."
    )
    assert event_line(Line("shuffle", (1,)), 0).plain == "shuffle 1"  # an unknown kind


KINDS: dict[str, type[Event]] = {
    c.kind: c for c in (Bid, Deal, Give, Lose, Out, Play, Reveal, Trick, Win)
}


def test_story_start_is_the_round_being_played_or_just_finished() -> None:
    def ev(*texts: str) -> list[Event]:
        out = []
        for t in texts:
            kind, *args = t.split()
            values = [int(a) if a.isdigit() else a for a in args]
            out.append(KINDS[kind](*values))
        return out

    round_1 = ["bid 1", "reveal 1 a1", "play 1 a1", "trick 1", "lose 0 1"]
    assert UI.story_start(ev(*round_1)) == 0  # at the break: the round just finished
    assert UI.story_start(ev(*round_1, "give 1 3", "bid 2")) == 5
    ended = ev(*round_1, "bid 2", "play 2 a2", "trick 2", "lose 0 0", "out 0", "win 1")
    assert UI.story_start(ended) == 5  # out and win belong to the round they end
    assert UI.story_start([]) == 0


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), tokens=st.sampled_from([1, 2, 3]))
def test_a_whole_match_is_narrated_from_kind_and_args_alone(seed: int, tokens: int) -> None:
    """Property: whatever the deal, every event the human sees is one of Tally's event values
    and has one line in the log and in the narration (bids revealed together), and neither
    reads an event's text."""
    header = DealFile(game=GAME, seed=seed, match={"tokens": [tokens] * 4})
    state = new_game_state(header)
    from cardavia_cli.engine.runner import make_agents, play_on

    play_on(state, make_agents(load_game(GAME), ["random"] * 4))
    events = list(state.visible_events(HUMAN))
    assert state.is_over
    assert all(type(e) in KINDS.values() for e in events)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Event, "text", property(lambda self: pytest.fail("event text read")))
        logged = UI.log_lines(events, HUMAN, frozenset())
        told = UI.narrate(events, 0, HUMAN, frozenset())
    assert len(logged) == len(events)
    reveal_runs = sum(
        1
        for i, e in enumerate(events)
        if e.kind == "reveal" and (i == 0 or events[i - 1].kind != "reveal")
    )
    reveals = sum(1 for e in events if e.kind == "reveal")
    assert len(told) == len(events) - reveals + reveal_runs
    assert reveal_runs == state.rounds_finished
    start = UI.story_start(events)
    assert start == 0 or events[start - 1].kind in ("lose", "out")
    assert (start == 0) == (state.rounds_finished == 1)
    assert [e.kind for e in events[start:]].count("lose") == 1


# -- the command group, the layering -----------------------------------------------------------
def test_game_app_gives_play_and_rules_for_tally(tmp_path: Path) -> None:
    from cardavia_cli.commands.game import game_app

    app = game_app(GAME, "The engine's test game.")
    runner = CliRunner()
    done = runner.invoke(app, ["play", "--seed", "3"], input="auto all\nnext\n" * 6)
    assert done.exit_code == 0, done.output
    assert "Tally, seed 3: you (seat 0) against three basic computer players." in done.output
    assert "Match over: Team " in done.output
    path = tmp_path / "out.toml"
    path.write_text(header_of(S2, 3, tokens=[1, 2, 2, 2]).to_toml())
    # wide enough that the path (longer under pytest-xdist) is never wrapped inside a word
    done = runner.invoke(
        app,
        ["play", "--deal", str(path)],
        input="bid a3\nplay a1\nwatch\n",
        env={"COLUMNS": "400"},
    )
    assert done.exit_code == 0, done.output
    flat = "".join(done.output.split())  # a long path may wrap anywhere
    assert f"Tally,deckfrom{path}:you(seat0)".replace(" ", "") in flat
    assert "You are out." in done.output and "Your team loses." in done.output
    assert "watch is not available now" in done.output  # a pipe played the match out
    done = runner.invoke(app, ["play", "--ai", "genius"])
    assert done.exit_code == 2
    done = runner.invoke(app, ["rules"])
    assert done.exit_code == 0 and "The engine's test game" in done.output
    done = runner.invoke(app, ["--help"])
    assert "play" in done.output and "rules" in done.output


def test_the_command_registry_does_not_import_the_session() -> None:
    import cardavia_cli.repl.commands as commands
    import cardavia_cli.repl.completion as completion

    for module in (commands, completion):
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        found = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert "cardavia_cli.repl.session" not in found, module.__name__
