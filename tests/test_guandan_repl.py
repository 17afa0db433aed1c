"""Guandan in the REPL (rules/guandan.md 7, 8, 9, 10, 11; cli.md "The REPL"), driven through
input lines as a person types them.

The scripted deals give seat 0 a hand of pairs and singles at level 2 with the wild 2H and
the run 3S 4S 5S 6S (so ``play 2H 3S 4S 5S 6S`` is a straight or a straight flush, 8.3) and
no bomb once that run is played; seat 1 holds a red joker that nothing of seat 0's beats
(the autopass of 8.2). The computer seats answer from scripts (:class:`Script`), then as
``basic``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from guandan_support import deck_for, fill_hands
from rich.console import Console

from cardavia_cli.engine.dealfile import DealFile
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import load_deal, new_game_state, replay
from cardavia_cli.games.guandan.ai import BasicAgent
from cardavia_cli.games.guandan.repl import UI
from cardavia_cli.games.guandan.rules import Action, GuandanView
from cardavia_cli.repl.completion import complete_line
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import Session

#: Seat 0's hand of the first scripted deal (level 2).
HAND0 = "2H 3S 4S 5S 6S 3C 4D 5H 6C 7C 7D 8C 8H 9H 9D TC TS JH JD QC QS KH KD AC AD 2D BJ"
DECK = deck_for(fill_hands({0: HAND0, 1: "RJ TH TH"}, 2))
#: Seat 0 leads the run, nobody beats it; seat 0 leads 9H 9D, seat 1 beats it with TH TH,
#: seat 0 passes, seat 1 leads RJ, which nothing of seat 0's beats.
SCRIPTS = {
    1: ["pass", "play TH TH", "play RJ"],
    2: ["pass", "pass", "pass", "pass"],
    3: ["pass", "pass", "pass", "pass"],
}


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


class Script:
    """A computer player answering from a list of actions, then as ``basic``."""

    name = "script"

    def __init__(self, words: Sequence[str]) -> None:
        self.words = list(words)

    def choose(self, view: GuandanView, legal: Any, rng: Any) -> Action:
        if self.words:
            return Action.parse(self.words.pop(0))
        return BasicAgent().choose(view, legal, rng)


def make(
    *,
    deck: Sequence[str] | None = DECK,
    match: dict[str, Any] | None = None,
    scripts: dict[int, Sequence[str]] | None = None,
    seed: int = 0,
    header: DealFile | None = None,
    replayed: str | None = None,
) -> tuple[Session, io.StringIO]:
    if header is None:
        header = DealFile(
            game="guandan",
            seed=seed,
            deck=list(deck) if deck is not None else None,
            match=dict(match or {}),
        )
    state = replay(header) if header.actions else new_game_state(header)
    out = io.StringIO()
    session = Session(
        load_game("guandan"),
        load_ui("guandan"),
        header,
        state,
        console=Console(file=out, width=100, no_color=True),
        replayed=replayed,
    )
    for seat, words in (scripts or {}).items():
        session.agents[seat] = Script(words)
    return session, out


def run(session: Session, lines: Sequence[str], interactive: bool = False) -> ListReader:
    reader = ListReader(list(lines), interactive=interactive)
    assert session.run(reader) == 0
    return reader


def lines_of(out: io.StringIO) -> list[str]:
    return [line.rstrip() for line in out.getvalue().splitlines()]


#: Seat 0's hand of the tribute deal (level 3: 3H is wild; seat 3 pays its RJ, rules 7.3).
TRIBUTE_HAND = "3S 4D AS AS KD KD QS QC JH JD TC TS 9H 9D 8C 8H 7C 7D 6C 6S 5H 5S 2D 2C BJ 4S 3C"
TRIBUTE_MATCH = {"levels": ["3", "2"], "level_team": 0, "previous_places": [0, 1, 2, 3]}
TRIBUTE_DECK = deck_for(fill_hands({0: TRIBUTE_HAND, 1: "RJ", 3: "RJ"}, 3))
OPENING = [
    "pass",
    "play 3S 3S",
    "play 3S 4D",
    "play 2H 3S 4S 5S 6S",
    "play 2H 3S 4S 5S 6S as straight 7",
    "play 9h 9d",
    "play 8C 8H",
    "hint",
]


def after(lines: list[str], line: str) -> list[str]:
    return lines[lines.index(line) + 1 :]


def test_intro_status_refusals_naming_the_rule_and_the_ambiguous_play_refused_piped() -> None:
    session, out = make(scripts=SCRIPTS)
    run(session, [*OPENING, "pass"])
    lines = lines_of(out)
    assert lines[:6] == [
        "Guandan, a given deck: you (seat 0) and seat 2 (partner), basic, against seat 1 (right) "
        "and seat 3",
        "(left), basic.",
        "Levels: us 2, them 2. The first deal is played at 2: the 2s rank just below the jokers "
        "and 2H is",
        "wild. First out wins the deal; the match is won at level A.",
        "Type help for the commands; Tab completes verbs and cards.",
        "Deal 1, played at level 2 (a match's first deal: no declaring team, no tribute).",
    ]
    # the hand by strength at level 2 (rules 3, 6.1), equal strengths grouped, the wild marked
    hand = (
        "3S 3C  4S 4D  5S 5H  6S 6C  7D 7C  8H 8C  9H 9D  TS TC  JH JD  QS QC  KH KD  AD AC  "
        "2H* 2D  BJ"
    )
    assert "Your hand (27 cards, weakest first at level 2; * = wild):" in lines
    assert hand in lines
    assert "Cards left: you 27, right 27, partner 27, left 27." in lines
    assert "The table is empty: you lead." in lines
    # refusals name the rule and change nothing (rules 8.2, 6.3, 8.3)
    assert "! lead: a leader may not pass (rules 8.2)" in lines
    assert any(ln.startswith("! lead: 3S x2 is not in the hand (held 1; rules 8.2") for ln in lines)
    assert "! lead: 3S 4D is no combination (rules 6.3)" in lines
    ambiguous = [ln for ln in lines if "can be read" in ln]
    assert ambiguous == [
        "! lead: 2H 3S 4S 5S 6S can be read 2 ways (rules 8.3); add 'as TYPE KEY' (write one of: "
        "play 2H 3S 4S 5S 6S as straight 7, play 2H 3S 4S 5S 6S as straight_flush 7)"
    ]
    # each play with its type and who played it; passes in a row on one line (rules 9.3)
    story = after(lines, ambiguous[0])
    assert story[:3] == [
        "You lead a straight topped by 7: 2H* 3S 4S 5S 6S.",
        "Seat 1 (right), seat 2 (partner) and seat 3 (left) pass.",
        "You lead a new trick.",
    ]
    assert "Cards left: you 22, right 27, partner 27, left 27." in story
    at = story.index("You lead a pair of 9s: 9H 9D.")
    assert story[at + 1 : at + 3] == [
        "Seat 1 (right) beats it with a pair of 10s: TH TH.",
        "Seat 2 (partner) and seat 3 (left) pass.",
    ]
    assert "On the table: seat 1 (right)'s pair of 10s: TH TH; 2 passes since." in story
    assert (
        "! follow: 8H 8C does not beat seat 1's pair of 10s (rules 6.5: the same type and a higher "
        "rank, or a bomb)"
    ) in story
    assert (
        "Hint: play JH JD (pair of jacks). Why: none of the combinations your hand splits into "
        "beats the table: this play beats it and leaves your hand in 6 combinations."
    ) in story
    # the autopass (rules 8.2): said in one line, and not recorded as a typed decision
    at = story.index("You pass.")
    assert story[at + 1 : at + 4] == [
        "Seat 1 (right) leads a single red joker: RJ.",
        "Seat 2 (partner) and seat 3 (left) pass.",
        "You pass: nothing in your hand beats the single red joker (autopass).",
    ]
    mine = [(r.text, r.forced) for r in session.state.history if r.seat == 0]
    assert mine[:4] == [
        ("play 2H 3S 4S 5S 6S as straight 7", False),
        ("play 9H 9D", False),
        ("pass", False),
        ("pass", True),
    ]


def test_autopass_off_makes_you_type_the_forced_pass() -> None:
    session, out = make(scripts=SCRIPTS)
    reader = run(session, ["autopass off", *OPENING[4:6], "pass", "play 3C", "pass", "autopass"])
    lines = lines_of(out)
    assert "autopass is now off." in lines
    assert "Your only move: pass (type it; autopass is off)." in lines
    assert (
        "! follow: 3C does not beat seat 1's single red joker (rules 6.5: the same type and a "
        "higher rank, or a bomb)"
    ) in lines
    assert not any("(autopass)" in ln for ln in lines)
    assert "autopass is off." in lines
    assert UI.legal_verbs(session.view()) in (["play"], ["play", "pass"], ["pass"], [])
    assert reader.prompts[0] == "level 2: lead > "


def test_ambiguous_play_menu_lists_one_entry_per_type_at_its_highest_reading() -> None:
    """Regression (rules 8.3): the menu listed "1) straight 6 2) straight 7 3) straight_flush
    6 4) straight_flush 7"; a reading of one type at a lower rank is never asked for."""
    session, out = make(scripts=SCRIPTS)
    reader = run(
        session,
        ["play 2H 3S 4S 5S 6S", "cancel", "play 2h 3s 4s 5s 6s", "2", "quit", "quit"],
        interactive=True,
    )
    lines = lines_of(out)
    at = lines.index("1)  play 2H 3S 4S 5S 6S as straight 7")
    assert lines[at - 1] == "lead: 2H 3S 4S 5S 6S can be read 2 ways (rules 8.3); add 'as TYPE KEY'"
    assert lines[at + 1 : at + 3] == [
        "2)  play 2H 3S 4S 5S 6S as straight_flush 7",
        "Type a number, or cancel.",
    ]
    assert lines.count("1)  play 2H 3S 4S 5S 6S as straight 7") == 2
    assert "number or cancel > " in reader.prompts
    assert "You lead a straight flush topped by 7: 2H* 3S 4S 5S 6S." in lines
    assert session.state.history[0].text == "play 2H 3S 4S 5S 6S as straight_flush 7"


def test_return_after_a_tribute_refused_then_accepted() -> None:
    session, out = make(deck=TRIBUTE_DECK, match=TRIBUTE_MATCH)
    reader = run(session, ["return AS", "return 4s", "table"])
    lines = lines_of(out)
    assert "Deal 1, played at level 3, your level." in lines
    assert "Seat 3 (left) pays tribute to you: RJ." in lines
    assert "Return one card to seat 3 (left) (rules 7.5, 8.1): return CARD or its number." in lines
    assert any(ln.startswith("! return: AS is not a legal return card (rules 7.5") for ln in lines)
    assert "You return 4S to seat 3 (left)." in lines
    assert "Tribute: seat 3 (left) gave RJ to you, who returned 4S." in lines
    assert "Level 3, your level; levels: us 3, them 2." in lines
    # the payer leads after the return (rules 7.6)
    assert after(lines, "You return 4S to seat 3 (left).")[0].startswith("Seat 3 (left) leads ")
    assert reader.prompts[:2] == ["level 3: return > ", "level 3: return > "]
    # a number returns the listed card
    session2, out2 = make(deck=TRIBUTE_DECK, match=TRIBUTE_MATCH)
    run(session2, ["1"])
    assert "You return 2D to seat 3 (left)." in lines_of(out2)


def test_completion_of_cards_as_types_and_keys() -> None:
    session, _ = make(scripts=SCRIPTS)
    _, cands = complete_line(session, "play 2")
    assert [c.text for c in cands] == ["2H", "2D"]
    assert dict((c.text, c.meta) for c in cands)["2H"] == "wild"
    _, cands = complete_line(session, "play 3S ")
    texts = [c.text for c in cands]
    assert "3S" not in texts and "3C" in texts and texts[-1] == "as"
    _, cands = complete_line(session, "play 2H 3S 4S 5S 6S as ")
    assert [c.text for c in cands] == ["straight", "straight_flush"]
    _, cands = complete_line(session, "play 2H 3S 4S 5S 6S as straight_flush ")
    assert [c.text for c in cands] == ["6", "7"]
    tribute, _ = make(deck=TRIBUTE_DECK, match=TRIBUTE_MATCH)
    _, cands = complete_line(tribute, "return ")
    assert [c.text for c in cands][:3] == ["2D", "2C", "4S"]


def test_next_between_deals_then_restart(_home: Path) -> None:
    session, out = make(deck=None, seed=4)
    reader = run(session, ["auto all", "next", "restart", "y", "quit", "quit"], interactive=True)
    lines = lines_of(out)
    assert "Abandon this match (the autosave keeps it) and start a new one? y/N" in lines
    assert "y/N > " in reader.prompts
    ends = [ln for ln in lines if ln.startswith("Deal 1: 1st ")]
    assert len(ends) == 1
    assert "Type next (or press Enter) to go on." in lines
    nxt = [ln for ln in lines if ln.startswith("The next deal is played at ")]
    assert len(nxt) == 1 and nxt[0].endswith("tribute first (rules 7.1).")
    starts = [ln for ln in lines if ln.startswith("Deal ") and "played at level" in ln]
    assert (
        starts[0]
        == "Deal 1, played at level 2 (a match's first deal: no declaring team, no tribute)."
    )
    assert starts[1].startswith("Deal 2, played at level ")
    assert (
        starts[-1]
        == "Deal 1, played at level 2 (a match's first deal: no declaring team, no tribute)."
    )
    assert any(" pays tribute to " in ln or "No tribute this deal" in ln for ln in lines)
    assert session.state.rounds_finished == 0


def test_regression_a_match_resumed_at_a_break_names_the_next_deals_level(_home: Path) -> None:
    """A newcomer's finding: resumed at a break, the intro said "This deal is played at 3,
    their level" (the deal just played) where the break says the next deal is at 4."""
    session, out = make(deck=None, seed=5)
    run(session, ["auto all", "save brk"])
    state = session.state
    assert state.at_break
    view = state.view(0)
    declarer = view.places[0] % 2
    nxt = "3456789TJQKA"[view.levels[declarer] - 3]
    whose = "your" if declarer == 0 else "their"
    resumed, out2 = make(header=load_deal(_home / "saves" / "brk.toml"), replayed="Resumed brk")
    run(resumed, [])
    text = " ".join(" ".join(lines_of(out2)).split())
    assert (
        f"The next deal is played at {nxt}, {whose} level: the {nxt}s rank just below the "
        f"jokers and {nxt}H is wild."
    ) in text
    assert "This deal is played at" not in text
    told = [ln for ln in lines_of(out) if ln.startswith("The next deal is played at ")]
    assert told == [told[0]] and told[0].startswith(f"The next deal is played at {nxt}, {whose}")
    # Guandan counts deals, not rounds: the saves list and the review say deal
    assert state.position() == "a break after deal 1: the match goes on with the next deal"
    from cardavia_cli.engine.review import review_game
    from cardavia_cli.repl.review import review_renderables

    deal = load_deal(_home / "saves" / "brk.toml")
    deal.auto_decisions = []  # reviewed as if typed (auto's moves are left out of a review)
    review = review_game(load_game("guandan"), deal, replay(deal), samples=1, start=5)
    shown = io.StringIO()
    console = Console(file=shown, width=200, no_color=True)
    for item in review_renderables(review, UI, "Guandan"):
        console.print(item)
    heads = [ln.split() for ln in shown.getvalue().splitlines() if ln.split()[:1] == ["#"]]
    assert heads and heads[0][:3] == ["#", "deal", "phase"]


def test_resume_of_a_save_mid_deal_tells_the_current_trick(_home: Path) -> None:
    session, out = make(scripts=SCRIPTS)
    run(session, [*OPENING[4:6], "save mid"])
    deal = load_deal(_home / "saves" / "mid.toml")
    assert deal.deck == DECK
    assert deal.actions[:5] == [
        "0 play 2H 3S 4S 5S 6S as straight 7",
        "1 pass",
        "2 pass",
        "3 pass",
        "0 play 9H 9D",
    ]
    resumed, out2 = make(header=deal, replayed="Resumed mid")
    run(resumed, [])
    lines = lines_of(out2)
    assert "Resumed mid" in lines
    assert "You lead a pair of 9s: 9H 9D." in lines
    assert "Seat 1 (right) beats it with a pair of 10s: TH TH." in lines
    assert (
        "You lead a straight topped by 7: 2H* 3S 4S 5S 6S." not in lines
    )  # the story starts at the trick
    assert "On the table: seat 1 (right)'s pair of 10s: TH TH; 2 passes since." in lines


def test_after_you_go_out_the_deal_plays_on_and_the_match_can_be_won() -> None:
    session, out = make(deck=None, seed=4)
    # piped: auto all stops at each break, as on a terminal; next goes on, to the end
    run(session, ["auto all", "next"] * 40)
    lines = lines_of(out)
    outcome = session.state.result()
    assert outcome is not None
    assert any(
        ln.endswith(f"wins the match at level A after {session.state.rounds_finished} deals.")
        for ln in lines
    )
    assert (
        len([ln for ln in lines if ln.startswith("Deal ") and ": 1st " in ln])
        == session.state.rounds_finished - 1
    )


def test_a_leader_playing_again_in_its_own_trick_plays_it_does_not_lead() -> None:
    """Regression: told after the trick's first plays (a new stretch of the story), the
    leader's second play of the trick was told as a lead."""
    from cardavia_cli.games.guandan.cards import parse_codes
    from cardavia_cli.games.guandan.events import Lead, Play, Start

    def play(seat: int, card: str, key: str) -> Play:
        return Play(seat, tuple(parse_codes([card])), key)

    events = [
        Start(1, 2, None),
        Lead(1),
        play(1, "3D", "single 3"),
        play(2, "7C", "single 7"),
        play(3, "9S", "single 9"),
        play(0, "AC", "single A"),
        play(1, "BJ", "single BJ"),
    ]
    told = [str(line) for line in UI.narrate(events, 6, 0, frozenset())]
    assert told == ["Seat 1 (right) beats it with a single black joker: BJ."]
    told = [str(line) for line in UI.narrate(events, 1, 0, frozenset())]
    assert told[0] == "Seat 1 (right) leads a single 3: 3D."
    assert told[1:] == [
        "Seat 2 (partner) beats it with a single 7: 7C.",
        "Seat 3 (left) beats it with a single 9: 9S.",
        "You beat it with a single A: AC.",
        "Seat 1 (right) beats it with a single black joker: BJ.",
    ]


def _play(seat: int, cards: str, key: str) -> Any:
    from cardavia_cli.games.guandan.cards import parse_codes
    from cardavia_cli.games.guandan.events import Play

    return Play(seat, tuple(parse_codes(cards.split())), key)


def test_narration_says_lead_only_on_an_empty_table_else_beat_or_bomb() -> None:
    """Regression: an answer to the table was told as a play or a lead ("You lead
    straight_flush A" when beating a straight); now lead, beat and bomb say what happened,
    for every seat, in the narration and in the log."""
    from cardavia_cli.games.guandan.events import Lead, Pass, Start

    events = [
        Start(1, 2, None),
        Lead(3),
        _play(3, "3S 4D 5C 6H 7S", "straight 7"),
        _play(0, "4S 5S 6S 7S 8S", "straight_flush 8"),
        _play(1, "9S 9H 9D 9C", "bomb 9"),
        Pass(2),
        _play(3, "BJ BJ RJ RJ", "joker_bomb"),
        Pass(0),
        Pass(1),
        Pass(2),
        Lead(3),
        _play(3, "3C", "single 3"),
        _play(0, "8D", "single 8"),
    ]
    told = [str(line) for line in UI.narrate(events, 1, 0, frozenset())]
    assert told == [
        "Seat 3 (left) leads a straight topped by 7: 3S 4D 5C 6H 7S.",
        "You bomb it with a straight flush topped by 8: 4S 5S 6S 7S 8S.",
        "Seat 1 (right) bombs it with a bomb of four 9s: 9S 9H 9D 9C.",
        "Seat 2 (partner) passes.",
        "Seat 3 (left) bombs it with a joker bomb: BJ BJ RJ RJ.",
        "You, seat 1 (right) and seat 2 (partner) pass.",
        "Seat 3 (left) leads a single 3: 3C.",
        "You beat it with a single 8: 8D.",
    ]
    logged = [str(line) for line in UI.log_lines(events, 0, frozenset())]
    assert logged[1:3] == [
        "Seat 3 (left) leads a straight topped by 7: 3S 4D 5C 6H 7S.",
        "You bomb it with a straight flush topped by 8: 4S 5S 6S 7S 8S.",
    ]
    assert logged[-2:] == [
        "Seat 3 (left) leads a single 3: 3C.",
        "You beat it with a single 8: 8D.",
    ]


def test_your_autopass_is_told_in_its_place_among_the_passes() -> None:
    """Regression (seed 3): your autopass, made before the others passed, was told after
    their passes."""
    from cardavia_cli.games.guandan.events import Lead, Pass, Start

    events = [
        Start(1, 2, None),
        Lead(3),
        _play(3, "TS TS TD TC", "bomb T"),
        Pass(0),
        Pass(1),
        Pass(2),
    ]
    told = [str(line) for line in UI.narrate(events, 1, 0, frozenset({3}))]
    assert told == [
        "Seat 3 (left) leads a bomb of four 10s: TS TS TD TC.",
        "You pass: nothing in your hand beats the bomb of 10s (autopass).",
        "Seat 1 (right) and seat 2 (partner) pass.",
    ]
    events = [*events[:3], Pass(1), Pass(0), Pass(2)]  # yours between two others
    told = [str(line) for line in UI.narrate(events, 3, 0, frozenset({4}))]
    assert told == [
        "Seat 1 (right) passes.",
        "You pass: nothing in your hand beats the bomb of 10s (autopass).",
        "Seat 2 (partner) passes.",
    ]


#: Seat 0 holds the bomb 7S 7H 7D 7C and nothing else that beats seat 1's red joker.
BOMB_HAND = "7S 7H 7D 7C 3C 3D 4D 4H 5H 5C 6C 6D 8C 8H 9H 9D TC TS JH JD QC QS KH KD AC 2D BJ"


def test_hint_to_pass_names_the_bomb_it_keeps_and_the_prompt_says_level() -> None:
    """Regression: the hint said "beating it would ... spend a bomb" without naming it; the
    prompt ``2: beat single RJ >`` did not say that 2 is the level."""
    deck = deck_for(fill_hands({0: BOMB_HAND, 1: "RJ"}, 2))
    session, out = make(deck=deck, scripts={1: ["play RJ"], 2: ["pass"], 3: ["pass"]})
    reader = run(session, ["play 3C", "hint"])
    lines = lines_of(out)
    assert "Seat 1 (right) beats it with a single red joker: RJ." in lines
    assert [ln for ln in lines if ln.startswith("Hint:")] == [
        "Hint: pass. Why: beating it would spend your bomb 7S 7H 7D 7C while no opponent is "
        "close to going out."
    ]
    assert reader.prompts[:2] == ["level 2: lead > ", "level 2: beat single red joker > "]


def test_regression_a_follows_why_says_which_play_beats_not_always_the_cheapest() -> None:
    """A newcomer's finding: a hint's why called a play "the cheapest combination of your
    hand that beats the table" when lower plays beat it too (basic keeps its split whole). It
    now says which of three it is, by the hand's split (ai.md's combinations)."""
    from cardavia_cli.engine.agents import decide
    from cardavia_cli.engine.runner import make_agents
    from cardavia_cli.games.guandan.ai import groups_after, split_hand
    from cardavia_cli.games.guandan.hands import counts_of
    from cardavia_cli.games.guandan.repl import _why

    info = load_game("guandan")
    basic = make_agents(info, ["basic"] * 4)
    kinds: dict[str, int] = {}
    for seed in (1, 2, 3):
        state = info.new_state(seed=seed)
        while not (state.is_over or state.at_break):
            action = decide(state, basic[state.to_act])
            view = state.view(state.to_act)
            if view.following and action.verb == "play" and len(action.cards) < len(view.hand):
                reading = action.reading(view.level)
                why = _why(view, action)
                groups = [tuple(sorted(g.cards)) for g in split_hand(view.hand, view.level)]
                whole = tuple(sorted(action.cards)) in groups
                if why.startswith(("the weakest of the combinations", "one of the combinations")):
                    assert whole, (why, action)
                elif why.startswith(("none of the combinations", "it beats the table")):
                    after = groups_after(counts_of(view.hand), action.cards, view.level)
                    assert not whole and f"in {after} combination" in why, (why, action)
                else:
                    assert reading is not None and reading.tier, why  # a bomb
                kinds[why.split(" ")[0]] = kinds.get(why.split(" ")[0], 0) + 1
            state.push(action)
    assert kinds.get("the", 0) > 0 and kinds.get("none", 0) + kinds.get("it", 0) > 0, kinds


def test_the_log_tells_each_lead_and_each_going_out_once() -> None:
    """Regression: the log told a lead twice ("You lead." then "You lead single 3: 3C.") and
    a seat going out twice (after its last play, then "Seat 1 (right) goes out 1st."); the
    play's line says both. A lead not yet played (the log's last line) is still told."""
    from cardavia_cli.games.guandan.events import Lead, Out, Pass, Start

    events = [
        Start(1, 2, None),
        Lead(0),
        _play(0, "3C", "single 3"),
        _play(1, "AS", "single A"),
        Out(1, 1),
        Pass(2),
        Pass(3),
        Pass(0),
        Lead(2),
    ]
    logged = [str(line) for line in UI.log_lines(events, 0, frozenset())]
    assert logged == [
        "Deal 1, played at level 2 (a match's first deal: no declaring team, no tribute).",
        "You lead a single 3: 3C.",
        "Seat 1 (right) beats it with a single A: AS, and goes out 1st.",
        "Seat 2 (partner) passes.",
        "Seat 3 (left) passes.",
        "You pass.",
        "Seat 2 (partner) leads.",
    ]


@pytest.mark.parametrize(
    ("key", "size", "words"),
    [
        ("full_house 4", 5, "full house of 4s"),
        ("straight_flush T", 5, "straight flush topped by 10"),
        ("straight A", 5, "straight topped by A"),
        ("tube 5", 6, "tube topped by 5"),
        ("plate K", 6, "plate topped by K"),
        ("pair BJ", 2, "pair of black jokers"),
        ("triple T", 3, "triple of 10s"),
        ("pair A", 2, "pair of aces"),  # never "As", which reads as the word typed after a play
        ("full_house J", 5, "full house of jacks"),
        ("single RJ", 1, "single red joker"),
        ("bomb 7", 5, "bomb of five 7s"),
        ("joker_bomb", 4, "joker bomb"),
    ],
)
def test_narration_names_plays_in_a_players_words_not_type_keys(
    key: str, size: int, words: str
) -> None:
    """Regression: the narration said ``leads full_house 4`` and ``straight_flush T``, the
    text typed after ``as``; it now says what the player's rules call them (6.3)."""
    from cardavia_cli.games.guandan.cards import parse_code
    from cardavia_cli.games.guandan.events import Lead, Play, Start
    from cardavia_cli.games.guandan.view import key_words

    assert key_words(key, size) == words
    play = Play(3, (parse_code("3C"),) * size, key)  # the cards matter not to the words
    told = UI.narrate([Start(1, 2, None), Lead(3), play], 1, 0, frozenset())
    cards = " ".join(["3C"] * size)
    assert [str(line) for line in told] == [f"Seat 3 (left) leads a {words}: {cards}."]


def test_regression_completion_when_following_offers_only_cards_that_beat_the_table() -> None:
    """A newcomer's finding: at level 2, against a single 2, completion offered the aces,
    which cannot beat it. Following, it offers the cards of the plays that beat the table
    (6.5): here the black joker and the straight flushes the wild 2H makes with 3S 4S 5S 6S
    and with 6C 7C 8C TC."""
    deck = deck_for(fill_hands({0: HAND0, 1: "RJ TH TH 2S"}, 2))
    session, _ = make(deck=deck, scripts={1: ["play 2S"], 2: ["pass"], 3: ["pass"]})
    run(session, ["play 3C"])
    _, cands = complete_line(session, "play ")
    assert [c.text for c in cands] == ["3S", "4S", "5S", "6S", "6C", "7C", "8C", "TC", "2H", "BJ"]
    assert "AC" not in [c.text for c in cands]
    _, cands = complete_line(session, "play 3S ")
    assert [c.text for c in cands] == ["4S", "5S", "6S", "2H", "as"]
    _, cands = complete_line(session, "play BJ ")
    assert [c.text for c in cands] == ["as"]


@pytest.mark.parametrize("interactive", [False, True])
def test_regression_auto_match_finishes_a_match_in_one_command(interactive: bool) -> None:
    """A newcomer's finding: finishing a Guandan match with ``auto all`` took one command per
    deal (it stops at each break, as it should); ``auto match`` plays on, deal after deal, to
    the end of the match, each deal told as ``auto all`` tells it."""
    session, out = make(deck=None, seed=4)
    reader = run(session, ["auto match", "quit"], interactive=interactive)
    assert session.state.is_over
    lines = lines_of(out)
    deals = session.state.rounds_finished
    assert deals > 1
    assert sum(1 for ln in lines if ln.startswith("Deal ") and ", played at level" in ln) == deals
    assert reader.prompts[0] == "level 2: lead > "
    # auto all still stops at the first break
    one, _ = make(deck=None, seed=4)
    run(one, ["auto all", "quit", "quit"], interactive=interactive)
    assert one.state.at_break and one.state.rounds_finished == 1
