"""The REPL driven through piped input (design.md rule 9; cli.md "The REPL"; rules/sisepai.md 8).

Most tests run a :class:`~cardavia_cli.repl.session.Session` in-process with a list of input
lines and a captured plain console; others run the command's entry point in-process with
standard input piped (``cli_support``), and one runs the real ``python -m cardavia_cli`` with
standard input piped, as a user's script would. ``CARDAVIA_HOME`` points at a temporary
folder, so saves and the history never touch the user's.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import random
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from cli_support import Keys, run_cardavia, run_module
from rich.console import Console

from cardavia_cli.engine.agents import decide
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.games.sisepai.ai import BasicAgent
from cardavia_cli.games.sisepai.cards import PACK, card_str, parse_card
from cardavia_cli.games.sisepai.repl import UI
from cardavia_cli.games.sisepai.rules import Action
from cardavia_cli.games.sisepai.view import outcome_line
from cardavia_cli.repl.completion import complete_line
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.output import Problem
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session

# rules E10: 20 concealed cards that are already completely melded
COMPLETE20 = "rK yK rA rA yE yE yE wR wH wC gR gR gR gR rP yP wP F wA wA"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


def build_deck(hand0: str, stock_top: str, dealer: int = 0, seed: int = 1) -> list[str]:
    """A deck where seat 0 is dealt ``hand0`` (20 cards) and the stock starts with
    ``stock_top``; the other cards are shuffled, and the other copies of the stock-top codes
    go to the bottom of the stock, so no other seat holds them (rules 6.2)."""
    hand, top = hand0.split(), stock_top.split()
    rest = Counter(PACK)
    rest.subtract(Counter(hand) + Counter(top))
    pool = sorted(rest.elements())
    random.Random(seed).shuffle(pool)
    pool = [c for c in pool if c not in top] + [c for c in pool if c in top]
    mine, others = iter(hand), iter(pool)
    deck = [next(mine) if (dealer + i) % 4 == 0 else next(others) for i in range(80)]
    return deck + top + list(others)


def make_session(
    *,
    seed: int = 0,
    deck: list[str] | None = None,
    dealer: int | None = None,
    save_to: Path | None = None,
    autosave: bool = False,
) -> tuple[Session, io.StringIO]:
    header = DealFile(game="sisepai", seed=seed, deck=deck, dealer=dealer)
    state = new_game_state(header)
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, force_terminal=False)
    session = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        header,
        state,
        console=console,
        save_to=save_to,
        autosave=autosave,
    )
    return session, out


def headline(session: Session) -> str:
    """The result line the REPL shows the person at seat 0."""
    outcome = session.state.result()
    assert outcome is not None
    return outcome_line(session.view(), outcome)


def start(session: Session) -> None:
    """What :meth:`Session.run` does before reading the first line."""
    session.emit(session.begin())
    session.emit(session.before_prompt())


def snapshot(session: Session) -> tuple[object, ...]:
    st = session.state
    return (
        [str(r) for r in st.history],
        [e.text for e in st.events],
        [list(h) for h in st.hands],  # type: ignore[attr-defined]
        [[str(m) for m in ms] for ms in st.exposed],  # type: ignore[attr-defined]
        st.to_act,
        st.phase,
    )


class Typist:
    """A reader that types, at each decision, the basic player's choice as a person would:
    ``win`` for a win, otherwise the action text or (every other time) its number."""

    interactive = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.typed: list[str] = []
        self.meant: list[str] = []
        self.count = 0

    def read(self, prompt: str) -> str:
        s = self.session
        if not s.human_to_act():
            raise EOFError
        action = decide(s.state, BasicAgent())
        view = s.view()
        option = next((o for o in view.claims if o.action == action), None)
        self.count += 1
        if option is not None and option.win:
            line = "win"
        elif view.phase == "claim" and self.count % 2:
            line = str(UI.choices(view).index(str(action)) + 1)
        else:
            line = str(action)
        self.typed.append(line)
        self.meant.append(str(action))
        return line


def run_cli(*args: str, stdin: str = "", home: Path) -> subprocess.CompletedProcess[str]:
    """The command in this process, standard input piped (see ``cli_support``)."""
    return run_cardavia(*args, stdin=stdin, home=home, env={"NO_COLOR": "1"})


# -- whole deals ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_typed_commands_play_a_whole_deal(seed: int) -> None:
    session, out = make_session(seed=seed)
    typist = Typist(session)
    assert session.run(typist) == 0
    state = session.state
    assert state.is_over
    outcome = state.result()
    assert outcome is not None
    text = out.getvalue()
    lines = text.splitlines()
    assert headline(session) in lines
    assert "! " not in text  # no command was refused
    assert any(t.isdigit() for t in typist.typed) and any(" " in t for t in typist.typed)
    # seat 0's decisions are what the typist meant, in order, plus carried-over passes (8.1)
    mine = [r.text for r in state.history if r.seat == HUMAN and not r.forced]
    i = 0
    for meant in typist.meant:
        while mine[i] != meant:
            assert mine[i] == "pass", (meant, mine[i])
            i += 1
        i += 1
    assert all(t == "pass" for t in mine[i:])
    if outcome.winner is not None:
        assert f"wins with {outcome.data['score']} points" in text or "win with" in text
        for meld in outcome.data["melds"]:
            assert " ".join(meld["cards"]) in text
    # the replay of the recorded actions reproduces the deal (rules 4 of design.md)
    again = replay(session.deal_file())
    assert again.result() == outcome
    assert again.history == state.history


def test_auto_all_plays_to_the_end_and_shows_the_result() -> None:
    session, out = make_session(seed=4)
    assert session.run(ListReader(["auto all", "claim", "hint"])) == 0
    outcome = session.state.result()
    assert outcome is not None
    text = out.getvalue()
    assert headline(session) in text.splitlines()
    assert "Type new for another deal, or quit." in text
    assert text.count("! the deal is over") == 2  # claim and hint, refused
    assert text.rstrip().splitlines()[-1].startswith("! the deal is over")


def test_piped_cli_whole_deal_exits_0_and_saves_nothing(_home: Path) -> None:
    session, _ = make_session(seed=3)
    session.run(ListReader(["auto all"]))
    expected = session.state.result()
    assert expected is not None
    # the real process, standard input a pipe
    args, piped = ("sisepai", "play", "--seed", "3"), "hint\nauto all\n"
    done = run_module(*args, stdin=piped, home=_home, env={"NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert headline(session) in lines
    assert "\x1b[" not in done.stdout  # plain text off a terminal
    assert "Hint: " in done.stdout
    # the finished deal is recorded in the scores ledger; no save is written
    assert sorted(p.name for p in (_home / "saves").iterdir()) == ["scores.db"]


def test_end_of_input_mid_deal_exits_0_without_saving(_home: Path) -> None:
    done = run_cli("sisepai", "play", "--seed", "5", stdin="hand\ntable\n", home=_home)
    assert done.returncode == 0, done.stderr
    assert "Your hand" in done.stdout
    assert not list((_home / "saves").glob("*.toml"))  # (the scores ledger may be there)


# -- refusals ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "line",
    [
        "discard rR",
        "claim xx",
        "frobnicate",
        "claim rK rK rK",
        "win",
        "discard",
        "pass rR",
        "7",
        "hand extra",
        "table 5",
        "hint me",
        "log 1 2",
        "next",
        "cancel",
    ],
)
def test_illegal_or_mistyped_command_changes_nothing_and_prints_one_line(line: str) -> None:
    # seed 5: the first decision is an answer to a discarded yE with only pass or a triple
    session, out = make_session(seed=5)
    start(session)
    assert session.human_to_act() and session.view().phase == "claim"
    before = snapshot(session)
    out.seek(0)
    out.truncate()
    reply = session.execute(line)
    session.emit(reply)
    assert len(reply) == 1 and isinstance(reply[0], Problem)
    printed = out.getvalue().splitlines()
    assert len(printed) == 1 and printed[0].startswith("! ")
    assert snapshot(session) == before


def test_win_safeguard_refuses_once_then_accepts() -> None:
    # rules 8.1: seat 0 deals and draws gP; [rP yP wP gP] wins, [rP wP gP] does not
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, out = make_session(deck=deck, dealer=0)
    start(session)
    view = session.view()
    assert view.public == parse_card("gP") and view.to_act == HUMAN
    assert "WIN available: type win" in out.getvalue()
    assert any(o.win for o in view.claims) and any(not o.win for o in view.claims)
    before = snapshot(session)
    first = session.execute("claim rp WP")
    assert len(first) == 1 and isinstance(first[0], Problem)
    assert "WIN available: type win" in first[0].text
    assert snapshot(session) == before
    session.emit(session.execute("claim rP wP"))
    state = session.state
    assert [r.text for r in state.history if r.seat == HUMAN] == ["claim rP wP"]
    assert state.phase == "discard" and state.to_act == HUMAN
    assert [str(m) for m in state.exposed[HUMAN]] == ["rP wP gP"]


def test_typing_win_takes_the_first_winning_claim() -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, out = make_session(deck=deck, dealer=0)
    session.run(ListReader(["win"]))
    outcome = session.state.result()
    assert outcome is not None and outcome.winner == HUMAN and outcome.data["score"] == 11
    lines = out.getvalue().splitlines()
    assert "You win with 11 points." in lines
    # the win is told once (issue 9: the claim's line and the outcome said it twice)
    assert "You claim the drawn gP: [rP yP wP gP]." in lines
    assert sum("win with 11 points" in line for line in lines) == 1
    assert "Your winning hand" in out.getvalue()


def test_forced_claim_is_applied_and_announced_not_recorded() -> None:
    hand = "rA rA yE wR wH gR gR rP yP wP wA wA yC yC gC gH gE gA wE wE"
    deck = build_deck(hand, "F", dealer=0)
    session, out = make_session(deck=deck, dealer=0)
    start(session)
    assert "You claim the drawn F: [F] (forced)." in out.getvalue().splitlines()
    first = session.state.history[0]
    assert (first.seat, first.text, first.forced) == (HUMAN, "claim", True)
    assert "0 claim" not in session.state.recorded_actions()
    assert session.view().phase == "discard" and session.human_to_act()


def test_a_pass_in_the_draw_round_carries_over_to_the_discard_round() -> None:
    # seat 3 deals and draws rR; seat 0 (next) could claim rR rR rR, passes once (rules 8.1)
    hand = "rR rR yE wR wH gA gC rP yP wP wA wA yC yC gC gH gE gA wE yK"
    deck = build_deck(hand, "rR yH", dealer=3)
    session, out = make_session(deck=deck, dealer=3)
    reader = ListReader(["pass"])
    session.run(reader)
    state = session.state
    passes = [r for r in state.history if r.seat == HUMAN]
    assert [r.text for r in passes[:2]] == ["pass", "pass"]
    assert reader.prompts[:1] == ["rR > "]
    texts = [e.text for e in state.events]
    assert "dead rR" in texts
    assert sum(p == "rR > " for p in reader.prompts) == 1
    assert "Seat 3 (left) draws rR." in out.getvalue()


def test_regression_carry_over_only_for_the_same_card() -> None:
    # passed_draw_round once stayed true into the discard round of a later card after a claim.
    # Over real deals, the pass carries over exactly into the discard round of the card just
    # drawn, for the seats that passed on it in its draw round.
    from cardavia_cli.engine.agents import decide
    from cardavia_cli.engine.runner import make_agents
    from cardavia_cli.games.sisepai import GAME

    checked = 0
    for seed in range(6):
        state = GAME.new_state(seed=seed)
        agents = make_agents(GAME, ["random"] * 4)
        while not state.is_over:
            seat = state.to_act
            view = state.view(seat)
            expected = False
            if view.phase == "claim" and view.source == "discard":
                passed = set()
                for event in reversed(state.events):
                    words = event.text.split()
                    if words[0] in ("claim", "discard"):
                        break
                    if words[0] == "respond" and words[2] == "pass":
                        passed.add(int(words[1]))
                    if words[0] == "draw":
                        expected = seat in passed and words[2] == card_str(view.public)
                        break
                checked += 1
            assert view.passed_draw_round == expected
            assert (UI.auto_answer(view) == "pass") == (expected and Action("pass") in view.legal)
            state.apply(decide(state, agents[seat]))
    assert checked > 100


# -- saves ---------------------------------------------------------------------------------
def test_save_then_resume_reproduces_the_state(_home: Path) -> None:
    session, out = make_session(seed=5)
    session.run(ListReader(["claim yE yE", "discard gA", "2", "save evening"]))
    path = _home / "saves" / "evening.toml"
    assert path.is_file()
    assert "Saved to" in out.getvalue() and "cardavia resume evening" in out.getvalue()
    deal = load_deal(path)
    assert deal.seed == 5 and deal.deck is None
    assert deal.seats == ["human", "basic", "basic", "basic"]
    assert [a for a in deal.actions] == session.state.recorded_actions()
    assert set(session.state.recorded_actions()) <= set(deal.actions)
    assert "0 claim yE yE" in deal.actions and "0 discard gA" in deal.actions
    resumed = replay(deal, str(path))
    assert snapshot(
        Session(
            load_game("sisepai"),
            load_ui("sisepai"),
            deal,
            resumed,
            console=Console(file=io.StringIO()),
            replayed="test",
        )
    ) == snapshot(session)
    # and through the command, with the rest of the deal piped in
    done = run_cli("resume", "evening", stdin="hand\nauto all\n", home=_home)
    assert done.returncode == 0, done.stderr
    n = len(deal.actions)
    resumed_line = (
        f"Resumed evening: seed 5, {n} actions replayed; saved to evening after each of your "
        "decisions."
    )
    assert resumed_line in done.stdout.splitlines()
    session.run(ListReader(["auto all"]))
    assert headline(session) in done.stdout.splitlines()


def test_save_option_autosaves_after_each_decision_and_at_the_end(_home: Path) -> None:
    target = _home / "saves" / "auto.toml"
    session, _ = make_session(seed=5, save_to=target, autosave=True)
    start(session)
    assert not target.exists()  # nothing decided yet by the person
    session.emit(session.execute("claim yE yE"))
    assert replay(load_deal(target)).history == session.state.history
    session.emit(session.execute("auto all"))
    assert session.state.is_over
    final = load_deal(target)
    assert replay(final).history == session.state.history
    assert replay(final).result() == session.state.result()


def test_save_to_a_path_and_a_given_deck_is_kept(tmp_path: Path) -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, _ = make_session(deck=deck, dealer=0)
    start(session)
    target = tmp_path / "here.toml"
    reply = session.execute(f"save {target}")
    assert "Saved to" in str(reply[0])
    deal = load_deal(target)
    assert deal.deck == deck and deal.dealer == 0


def test_play_deal_option_and_bad_files_exit_2(_home: Path, tmp_path: Path) -> None:
    good = tmp_path / "deal.toml"
    good.write_text(
        'format = 1\ngame = "sisepai"\nseed = 5\n'
        'seats = ["human", "basic", "basic", "basic"]\n'
        'actions = ["2 claim rP yP gP"]\n'
    )
    done = run_cli("sisepai", "play", "--deal", str(good), stdin="table\n", home=_home)
    assert done.returncode == 0, done.stderr
    assert f"Loaded {good}: seed 5, 1 action replayed." in done.stdout.splitlines()
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("format = = 1\n")
    illegal = tmp_path / "illegal.toml"
    illegal.write_text(
        'format = 1\ngame = "sisepai"\nseed = 5\n'
        'seats = ["human", "basic", "basic", "basic"]\n'
        'actions = ["0 discard rK"]\n'
    )
    for args in (
        ("sisepai", "play", "--deal", str(tmp_path / "missing.toml")),
        ("sisepai", "play", "--deal", str(bad_toml)),
        ("sisepai", "play", "--deal", str(illegal)),
        ("sisepai", "play", "--ai", "genius"),
        ("resume", "no-such-save"),
    ):
        done = run_cli(*args, home=_home)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


# -- completion and help -------------------------------------------------------------------
def test_completion_offers_legal_verbs_and_the_cards_that_fit() -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, _ = make_session(deck=deck, dealer=0)
    start(session)
    _, verbs = complete_line(session, "")
    names = [c.text for c in verbs]
    assert names[:3] == ["pass", "claim", "win"]
    assert "discard" not in names and "help" in names and "save" in names
    assert [c.text for c in complete_line(session, "cl")[1]] == ["claim"]
    prefix, cards = complete_line(session, "claim ")
    assert prefix == "" and [c.text for c in cards] == ["rP", "yP", "wP"]
    assert [c.text for c in complete_line(session, "claim rP ")[1]] == ["yP", "wP"]
    assert [c.text for c in complete_line(session, "claim rp w")[1]] == ["wP"]
    assert [c.text for c in complete_line(session, "claim rP wP ")[1]] == ["yP"]  # soldier4
    assert complete_line(session, "claim rP yP wP ")[1] == []
    assert complete_line(session, "discard ")[1] == []
    session.emit(session.execute("claim yP wP"))
    session.emit(session.execute("claim yP wP"))  # accepted the second time
    _, discards = complete_line(session, "discard ")
    legal = [card_str(a.cards[0]) for a in session.state.legal_actions()]
    assert [c.text for c in discards] == legal and "rK" not in legal
    assert [c.text for c in complete_line(session, "help cl")[1]] == ["claim"]


def test_help_lists_the_registry_and_rules_sections() -> None:
    session, out = make_session(seed=5)
    start(session)
    session.emit(session.execute("help"))
    session.emit(session.execute("help claim"))
    session.emit(session.execute("rules 8.1"))
    text = out.getvalue()
    for verb in (
        "pass",
        "claim [CARDS]",
        "win",
        "discard CARD",
        "hint",
        "auto [all|match]",
        "save [NAME]",
        "quit",
    ):
        assert verb in text
    assert "Wins are never missed by accident" in text  # from the rules section


def test_hint_suggests_the_basic_choice_and_marks_dead_waits() -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, out = make_session(deck=deck, dealer=0)
    start(session)
    session.emit(session.execute("hint"))
    assert "Hint: win: [rP yP wP gP] four soldiers" in out.getvalue()
    # a waiting hand: waits listed, a wait with every remaining copy visible marked dead
    view = session.view()
    hand = [parse_card(c) for c in COMPLETE20.split()]
    dead = tuple(parse_card(c) for c in ["gK"] * 4)
    waiting = dataclasses.replace(
        view, hand=tuple(sorted(hand)), dead=dead, phase="claim", claims=()
    )
    rendered = io.StringIO()
    Console(file=rendered, width=100, no_color=True).print(UI.hint(waiting, Action("pass")))
    waits_line = [ln for ln in rendered.getvalue().splitlines() if ln.startswith("Waits:")][0]
    assert waits_line == "Waits: rK rA yK yA yE wK wA gK (dead) gP F"


def test_quit_on_a_terminal_asks_once_for_an_unsaved_deal() -> None:
    session, out = make_session(seed=5)
    reader = ListReader(["claim yE yE", "quit", "quit", "hand"], interactive=True)
    assert session.run(reader) == 0
    text = out.getvalue()
    assert "this deal has no save of its own" in text and "Goodbye." in text
    assert reader.read("") == "hand"  # the second quit left: the last line was never read


# -- the newcomer's report -------------------------------------------------------------------
def test_regression_save_refuses_once_to_overwrite_another_games_save(_home: Path) -> None:
    first, _ = make_session(seed=5)
    first.run(ListReader(["claim yE yE", "discard gA", "save evening"]))
    path = _home / "saves" / "evening.toml"
    n = len(load_deal(path).actions)
    second, _ = make_session(seed=2)
    start(second)
    refused = second.execute("save evening")
    assert len(refused) == 1 and isinstance(refused[0], Problem)
    assert refused[0].text == (
        f"a save named evening already exists (seed 5, {n} actions): type `save evening` "
        "again to overwrite it, or pick another name"
    )
    assert load_deal(path).seed == 5
    second.execute("hand")  # another command in between: asked again
    assert isinstance(second.execute("save evening")[0], Problem)
    assert "Saved to" in str(second.execute("save evening")[0])
    assert load_deal(path).seed == 2
    # the file the session saved to (or resumed from) is its own: no asking
    assert "Saved to" in str(second.execute("save evening")[0])
    assert "Saved to" in str(second.execute("save")[0])
    second.close()  # the session has ended: another may open its save
    resumed = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        load_deal(path),
        replay(load_deal(path)),
        console=Console(file=io.StringIO()),
        save_to=path,
        replayed="Resumed evening",
    )
    assert "Saved to" in str(resumed.execute("save evening")[0])


def test_regression_play_save_option_never_replaces_a_save(_home: Path) -> None:
    (_home / "saves").mkdir(parents=True)
    (_home / "saves" / "evening.toml").write_text('format = 1\ngame = "sisepai"\nseed = 9\n')
    # a file that is no save (resume would refuse it), and a finished game (resume passes it by)
    (_home / "saves" / "broken.toml").write_text("this = = not toml")
    finished = (
        Path(__file__).resolve().parent.parent / "saves/examples/sisepai-claims-whole-deal.toml"
    )
    (_home / "saves" / "done.toml").write_text(finished.read_text("utf-8"))
    for save, says in (
        (
            "evening",
            "a save named evening already exists (seed 9, 0 actions): continue it with "
            "`cardavia resume evening`, or choose another name (--force replaces it)",
        ),
        (
            "broken",
            "a save named broken already exists (not a readable save): choose another name "
            "(--force replaces it)",
        ),
        (
            "done",
            "a save named done already exists (a given deck, 42 actions): replay it with "
            "`cardavia run done`, or choose another name (--force replaces it)",
        ),
        ("", "empty save name"),
        ("../x", "must end in .toml"),
        ("no-such-folder/x.toml", "there is no folder no-such-folder"),
    ):
        done = run_cli("sisepai", "play", "--seed", "1", "--save", save, home=_home)
        assert done.returncode == 2, save
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and says in done.stderr, done.stderr
    assert load_deal(_home / "saves" / "evening.toml").seed == 9


def test_regression_save_targets_with_a_slash_need_toml_and_an_existing_folder(
    _home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    session, _ = make_session(seed=5)
    start(session)
    for name, says in (
        ("../../x", "a save path must end in .toml"),
        ("sub/x", "a save path must end in .toml"),
        ("nodir/x.toml", "there is no folder nodir"),
    ):
        reply = session.execute(f"save {name}")
        assert len(reply) == 1 and isinstance(reply[0], Problem) and says in reply[0].text
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a", "b"]  # nothing written
    assert "Saved to" in str(session.execute("save plain.toml")[0])
    assert (_home / "saves" / "plain.toml").is_file()  # no slash: the saves folder
    (work / "sub").mkdir()
    assert "Saved to" in str(session.execute("save sub/x.toml")[0])
    assert (work / "sub" / "x.toml").is_file()


def test_regression_a_resumed_game_tells_the_story_of_the_public_card(_home: Path) -> None:
    session, _ = make_session(seed=5)
    session.run(ListReader(["claim yE yE", "discard gA", "save evening"]))
    events = session.state.visible_events(HUMAN)
    last_draw = max(i for i, e in enumerate(events) if e.text.startswith("draw "))
    _, seat, card = events[last_draw].text.split()
    done = run_cli("resume", "evening", stdin="", home=_home)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    n = len(load_deal(_home / "saves" / "evening.toml").actions)
    at = lines.index(
        f"Resumed evening: seed 5, {n} actions replayed; saved to evening after each of your "
        "decisions."
    )
    subject = "You draw" if seat == "0" else f"Seat {seat} ("
    told = [ln for ln in lines[at:] if ln.startswith(subject) and f" {card}" in ln]
    assert told, lines[at : at + 6]
    # the lines told are those of the events from the last draw on, not the earlier ones
    assert "Seat 2 (across) draws wP." not in lines


def test_regression_a_file_with_a_computer_at_seat_0_and_a_deck(
    _home: Path, tmp_path: Path
) -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    deal = tmp_path / "deal.toml"
    cards = ", ".join(f'"{c}"' for c in deck)
    deal.write_text(
        f'format = 1\ngame = "sisepai"\ndealer = 0\ndeck = [{cards}]\n'
        'seats = ["basic", "random", "basic", "basic"]\n'
    )
    done = run_cli("sisepai", "play", "--deal", str(deal), stdin="win\n", home=_home)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"Si Se Pai, deck from {deal}: you (seat 0) against ")
    assert "seed 0" not in done.stdout
    assert "You take seat 0 in place of the basic computer player the file puts there." in lines
    assert "You win with 11 points." in lines


def test_regression_outcome_lines_name_seats_by_position() -> None:
    from cardavia_cli.engine.game import Outcome

    session, _ = make_session(seed=5)
    view = session.view()
    win = {"winner": 2, "score": 13, "melds": []}
    assert outcome_line(view, Outcome("win", 2, "Seat 2 wins with 13 points.", win)) == (
        "Seat 2 (across) wins with 13 points."
    )
    mine = dict(win, winner=0, score=15)
    assert outcome_line(view, Outcome("win", 0, "x", mine)) == "You win with 15 points."
    draw = Outcome("exhausted", None, "Draw: seat 3 must draw and the stock is empty.")
    assert outcome_line(view, draw) == "Draw: seat 3 (left) must draw and the stock is empty."


@pytest.mark.parametrize("seed", [1, 4, 5])
def test_regression_one_wording_for_a_card_nobody_takes(seed: int) -> None:
    session, out = make_session(seed=seed)
    session.run(Typist(session))
    lines = out.getvalue().splitlines()
    dead = [e.text.split()[1] for e in session.state.events if e.text.startswith("dead ")]
    told = [ln for ln in lines if "dead" in ln and not ln.lstrip().startswith(("dead", "!"))]
    assert dead and len(told) == len(dead)
    assert all(ln.endswith(": nobody takes it, dead.") for ln in told), told
    assert not any(ln.endswith(" is dead.") for ln in lines)


def test_regression_log_tells_the_events_in_words_and_log_raw_the_lines() -> None:
    session, out = make_session(seed=5)
    start(session)
    session.emit(session.execute("claim yE yE"))
    session.emit(session.execute("discard gA"))
    out.seek(0)
    out.truncate()
    session.emit(session.execute("log"))
    told = [ln.rstrip() for ln in out.getvalue().splitlines()]
    assert " 1 You are dealt rH rH rP rP yE yE" in told[0]
    for line in (
        # the automatic pass is folded into the line of the card it answers (issue 9)
        " 2 Seat 2 (across) draws wP; you pass (automatic).",
        " 3 Seat 2 (across) claims the drawn wP: [rP yP wP gP].",
        " 5 You answer with a claim: [yE yE yE].",
        " 6 You claim the discarded yE: [yE yE yE].",
        " 7 You discard gA.",
        " 8 gA: nobody takes it, dead.",
    ):
        assert line in told
    assert not any(line.endswith("You pass (automatic).") for line in told)
    out.seek(0)
    out.truncate()
    session.emit(session.execute("log raw 2"))
    raw = [ln.rstrip() for ln in out.getvalue().splitlines()]
    events = session.state.visible_events(HUMAN)
    n = len(events)
    assert raw == [f"{n - 1} {events[-2].text}", f"{n} {events[-1].text}"]
    assert len(session.ui.log_lines(events, HUMAN, frozenset())) == n
    # log N counts lines: the last two told lines
    out.seek(0)
    out.truncate()
    session.emit(session.execute("log 2"))
    assert [ln.rstrip() for ln in out.getvalue().splitlines()] == told[-2:]


def test_regression_next_and_cancel_only_for_games_that_use_them() -> None:
    session, out = make_session(seed=5)
    start(session)
    verbs = [c.verb for c in session.registry]
    assert "next" not in verbs and "cancel" not in verbs
    assert "next" not in session.toolbar(200) and "cancel" not in session.toolbar(200)
    session.emit(session.execute("help"))
    assert "next" not in out.getvalue().split() and "cancel" not in out.getvalue().split()

    class MatchUI(type(UI)):  # type: ignore[misc]
        has_breaks = True
        has_ambiguous_plays = True

    other = Session(
        load_game("sisepai"),
        MatchUI(),
        DealFile(game="sisepai", seed=5),
        new_game_state(DealFile(game="sisepai", seed=5)),
        console=Console(file=io.StringIO()),
    )
    assert {"next", "cancel"} <= {c.verb for c in other.registry}


@pytest.mark.parametrize("line", ["hand extra", "table 5", "hint me", "quit now", "log x"])
def test_regression_extra_words_are_refused_naming_the_usage(line: str) -> None:
    session, _ = make_session(seed=5)
    start(session)
    before = snapshot(session)
    reply = session.execute(line)
    verb = line.split()[0]
    cmd = session.registry.lookup(verb)
    assert cmd is not None
    assert len(reply) == 1 and isinstance(reply[0], Problem)
    assert f"(usage: {cmd.usage})" in reply[0].text
    assert snapshot(session) == before and not session.quitting


def test_regression_piped_end_of_input_and_quit_note_an_unsaved_deal(_home: Path) -> None:
    for stdin in ("claim yE yE\n", "claim yE yE\nquit\nhand\n"):
        done = run_cli("sisepai", "play", "--seed", "5", stdin=stdin, home=_home)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-1] == "(this deal was not saved)"
        assert done.stdout.count("(this deal was not saved)") == 1
        assert not list((_home / "saves").glob("*.toml"))  # (the scores ledger may be there)
    done = run_cli("sisepai", "play", "--seed", "5", stdin="hand\n", home=_home)
    assert "not saved" not in done.stdout  # no decision taken: nothing is lost
    done = run_cli("sisepai", "play", "--seed", "5", stdin="claim yE yE\nsave s\n", home=_home)
    assert "not saved" not in done.stdout


def test_regression_hint_after_a_claim_names_the_discard_of_its_waits() -> None:
    session, out = make_session(seed=5)
    start(session)
    session.emit(session.execute("claim yE yE"))
    assert session.view().phase == "discard"
    reply = session.execute("hint")
    session.emit(reply)
    assert session.adviser.last is not None  # the hint is the strong player's
    suggestion = session.adviser.last.chosen
    assert suggestion.verb == "discard"
    card = card_str(suggestion.cards[0])
    assert f"Hint: discard {card}" in out.getvalue()
    assert f"Waits after discarding {card}: " in out.getvalue()


def test_regression_completion_adds_a_space_and_describes_each_verb() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cardavia_cli.repl.completion import ReplCompleter

    session, _ = make_session(seed=5)
    start(session)
    found = list(ReplCompleter(session).get_completions(Document("c"), CompleteEvent()))
    assert [(c.text, c.display_text) for c in found] == [("claim ", "claim")]
    everything = list(ReplCompleter(session).get_completions(Document(""), CompleteEvent()))
    assert everything
    for c in everything:
        assert c.display_meta_text and c.display_meta_text != c.display_text, c.display_text
    cards = list(ReplCompleter(session).get_completions(Document("claim "), CompleteEvent()))
    assert [c.text for c in cards] == ["yE "]


def test_regression_colours_readable_on_light_terminals_and_labels_alike() -> None:
    from cardavia_cli.games.sisepai.view import card_style, hand_view, melds_table
    from cardavia_cli.repl.theme import styles, theme

    assert styles()[card_style(parse_card("wK"))] == "bold"
    assert styles()[card_style(parse_card("rK"))] == "bold red" and card_style(parse_card("F"))
    hand = [parse_card(c) for c in COMPLETE20.split()]
    rendered = io.StringIO()
    Console(
        file=rendered, width=100, force_terminal=True, color_system="standard", theme=theme()
    ).print(hand_view(hand))
    text = rendered.getvalue()
    assert "\x1b[37m" not in text and ";37m" not in text  # no ANSI white
    for label in ("red", "yellow", "green", "flowers"):
        assert "\x1b[1;" not in text.split(label)[0].rsplit("\n", 1)[-1]
    # the meld table: an "exposed" column only when a meld was exposed
    from cardavia_cli.games.sisepai.melds import Meld

    melds = [Meld.parse("rP yP wP"), Meld.parse("gR gR gR gR")]
    plain = io.StringIO()
    Console(file=plain, width=100, no_color=True).print(melds_table(melds))
    assert "exposed" not in plain.getvalue()
    plain = io.StringIO()
    Console(file=plain, width=100, no_color=True).print(melds_table(melds, exposed=melds[:1]))
    header = next(ln for ln in plain.getvalue().splitlines() if "meld" in ln)
    assert "exposed" in header and "yes" in plain.getvalue()


def test_regression_engine_messages_speak_to_you() -> None:
    from cardavia_cli.repl.session import you_wording

    session, _ = make_session(seed=5)
    start(session)
    reply = session.execute("claim rH rH")
    assert isinstance(reply[0], Problem)
    assert not reply[0].text.startswith("seat 0") and "seat 0" not in reply[0].text
    assert reply[0].text.startswith("claim round on yE (discarded by seat 2)")
    assert you_wording("seat 1, claim round on gC (drawn by seat 0): no") == (
        "seat 1, claim round on gC (drawn by you): no"
    )


def test_regression_toolbar_fits_a_narrow_terminal() -> None:
    session, _ = make_session(seed=5)
    start(session)
    wide = session.toolbar(110)
    assert "your move: pass claim" in wide and "Tab completes" in wide
    for width in (80, 60, 40, 20):
        bar = session.toolbar(width)
        assert len(bar) < width, (width, bar)
        assert "pass claim" in bar
    assert len(session.toolbar(8)) < 8


def test_new_deal_after_save_option_leaves_the_finished_deal_in_its_file(_home: Path) -> None:
    target = _home / "saves" / "auto.toml"
    session, out = make_session(seed=5, save_to=target, autosave=True)
    start(session)
    session.emit(session.execute("auto all"))
    finished = load_deal(target)
    session.emit(session.execute("new 7"))
    session.emit(session.execute("auto all"))
    assert load_deal(target) == finished
    assert f"The new deal is not saved to {target}" in out.getvalue()


# -- the tester's second report ------------------------------------------------------------
def test_regression_save_names_are_checked_and_os_errors_refused(
    _home: Path, tmp_path: Path
) -> None:
    session, _ = make_session(seed=5)
    start(session)
    long_path = tmp_path / ("n" * 300 + ".toml")
    for line in ("save " + "n" * 300, f"save {long_path}", "save a:b", "save " + "n" * 101):
        reply = session.execute(line)
        assert len(reply) == 1 and isinstance(reply[0], Problem), line
        assert "internal error" not in reply[0].text and "\n" not in reply[0].text
    assert "letters, digits, '-', '_' and '.'" in session.execute("save a:b")[0].text
    assert not list((_home / "saves").glob("*.toml"))  # (the scores ledger may be there)
    assert "Saved to" in str(session.execute("save " + "n" * 100)[0])
    assert "Saved to" in str(session.execute("save v1.2_b-c")[0])
    for save in ("x y", "n" * 300, str(long_path)):
        done = run_cli("sisepai", "play", "--seed", "1", "--save", save, home=_home)
        assert done.returncode == 2 and done.stdout == "", save
        assert len(done.stderr.splitlines()) == 1 and "--save" in done.stderr, done.stderr
    assert not (_home / "saves" / "x y.toml").exists()


def test_regression_save_names_take_letters_of_any_script(_home: Path) -> None:
    """``--save akşam`` and ``save مساء`` were refused ("use letters, digits..."), though the
    program speaks Turkish and Arabic. A name is letters and digits of any script; it is kept
    in NFC, so a name typed with a combining accent is the same save."""
    session, _ = make_session(seed=5)
    start(session)
    for name in ("akşam", "مساء-2", "ÇAY_1"):
        assert "Saved to" in str(session.execute(f"save {name}")[0]), name
    # ş typed as s and a combining cedilla: the same save (another game's, so asked once)
    [said] = session.execute("save aks\u0327am")
    assert "a save named akşam already exists" in said.text
    names = sorted(p.stem for p in (_home / "saves").glob("*.toml"))
    assert names == sorted(["akşam", "مساء-2", "ÇAY_1"])
    # no space, symbol, invisible mark or superscript: two names must not look alike
    for bad in ("a²", "a€", "\u0327a"):
        [said] = session.execute(f"save {bad}")
        assert isinstance(said, Problem) and "is not a save name" in said.text, bad
    # (a typed line loses its right-to-left marks; an option keeps them, and is refused)
    done = run_cli("sisepai", "play", "--seed", "1", "--save", "a\u200fb", home=_home)
    assert done.returncode == 2 and "is not a save name" in done.stderr
    done = run_cli("resume", "akşam", stdin="quit\n", home=_home)
    assert done.returncode == 0 and "Resumed akşam" in done.stdout, done.stderr


def test_regression_pass_refused_once_while_a_win_exists() -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, _ = make_session(deck=deck, dealer=0)
    start(session)
    before = snapshot(session)
    first = session.execute("1")  # the number of the pass choice too
    assert len(first) == 1 and isinstance(first[0], Problem)
    assert first[0].text == "WIN available: type win, or pass again to let it go"
    assert snapshot(session) == before
    session.emit(session.execute("pass"))  # typed again: accepted
    assert [r.text for r in session.state.history if r.seat == HUMAN][:1] == ["pass"]
    assert not session.state.is_over or session.state.result().winner != HUMAN


def _deal_file(path: Path, seed: int = 5) -> str:
    text = f'# my deal\nformat = 1\ngame = "sisepai"\nseed = {seed}\n'
    path.write_text(text)
    return text


def test_regression_a_bare_save_never_writes_a_file_outside_the_saves_folder(
    _home: Path, tmp_path: Path
) -> None:
    pd = tmp_path / "pd.toml"
    text = _deal_file(pd)
    done = run_cli("resume", str(pd), stdin="claim yE yE\nsave\n", home=_home)
    assert done.returncode == 0, done.stderr
    assert pd.read_text() == text  # the comments are kept
    assert "cardavia resume pd" in done.stdout
    assert load_deal(_home / "saves" / "pd.toml").actions
    # the same default for --deal, where the saves folder already holds a pd: asked once
    done = run_cli("sisepai", "play", "--deal", str(pd), stdin="save\n", home=_home)
    assert "a save named pd already exists" in done.stdout
    assert load_deal(_home / "saves" / "pd.toml").actions
    # named explicitly, the file is written (after the usual once-refusal)
    done = run_cli("resume", str(pd), stdin=f"save {pd}\nsave {pd}\n", home=_home)
    assert "Saved to" in done.stdout and pd.read_text() != text


def test_regression_a_resumed_save_is_saved_after_each_decision(_home: Path) -> None:
    session, _ = make_session(seed=5)
    session.run(ListReader(["save evening"]))
    path = _home / "saves" / "evening.toml"
    assert "0 claim yE yE" not in load_deal(path).actions
    done = run_cli("resume", "evening", stdin="claim yE yE\n", home=_home)
    assert done.returncode == 0, done.stderr
    assert "saved to evening after each of your decisions." in done.stdout
    assert "0 claim yE yE" in load_deal(path).actions  # no save typed, end of input


def test_regression_the_default_save_name_of_a_deck_file_is_its_stem(
    _home: Path, tmp_path: Path
) -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    file = tmp_path / "mydeck.toml"
    cards = ", ".join(f'"{c}"' for c in deck)
    file.write_text(f'format = 1\ngame = "sisepai"\ndealer = 0\ndeck = [{cards}]\n')
    done = run_cli("sisepai", "play", "--deal", str(file), stdin="save\n", home=_home)
    assert done.returncode == 0, done.stderr
    assert load_deal(_home / "saves" / "mydeck.toml").deck == deck
    assert not (_home / "saves" / "sisepai-0.toml").exists()


def test_regression_discards_are_numbered() -> None:
    session, out = make_session(seed=5)
    start(session)
    session.emit(session.execute("claim yE yE"))
    session.emit(session.before_prompt())
    view = session.view()
    assert view.phase == "discard"
    legal = [str(a) for a in view.legal]
    assert "by name or number:" in out.getvalue()
    assert f"1 {legal[0][len('discard ') :]}" in out.getvalue()
    session.emit(session.execute("2"))
    mine = [r.text for r in session.state.history if r.seat == HUMAN and not r.forced]
    assert mine == ["claim yE yE", legal[1]]


def test_regression_hand_columns_line_up_with_their_headings() -> None:
    from cardavia_cli.games.sisepai.view import hand_view

    hand = [parse_card(c) for c in "wK wK wA rR rR yC gP gP gP F F".split()]
    for width in (110, 60):
        out = io.StringIO()
        Console(file=out, width=width, no_color=True).print(hand_view(hand))
        lines = out.getvalue().splitlines()
        head = lines[1]
        rows = {ln.split()[0]: ln for ln in lines[2:]}
        for row, card, piece in (
            ("white", "wK wK", "K"),
            ("white", "wA", "A"),
            ("red", "rR rR", "R"),
            ("yellow", "yC", "C"),
            ("green", "gP gP gP", "P"),
            ("flowers", "F F", "F"),
        ):
            assert rows[row].index(card) == head.index(f" {piece} ") + 1, (width, card)


def test_regression_small_wording_fixes() -> None:
    session, out = make_session(seed=2)
    start(session)
    text = out.getvalue()
    public_rows = [ln for ln in text.splitlines() if ln.strip().startswith("public")]
    assert public_rows and all("Public card" not in ln for ln in public_rows)
    new_help = session.execute("help new")[0]
    assert "After the deal ends" in str(new_help.text)
    assert session.execute("new")[0].text.startswith("this deal is not over")
    for line in ("log 0", "log raw 0"):
        reply = session.execute(line)
        assert len(reply) == 1 and isinstance(reply[0], Problem) and "usage: log" in reply[0].text


def test_regression_a_resumed_deal_marks_forced_claims_as_play_does(_home: Path) -> None:
    hand = "rA rA yE wR wH gR gR rP yP wP wA wA yC yC gC gH gE gA wE wE"
    deck = build_deck(hand, "F", dealer=0)
    session, out = make_session(deck=deck, dealer=0)
    start(session)
    told = "You claim the drawn F: [F] (forced)."
    assert told in out.getvalue().splitlines()
    deal = session.deal_file()
    again = io.StringIO()
    resumed = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        deal,
        replay(deal),
        console=Console(file=again, width=100, no_color=True),
        replayed="Resumed",
    )
    start(resumed)
    assert told in again.getvalue().splitlines()
    assert resumed.narrator.forced() == session.narrator.forced()


# -- saves that are never lost -------------------------------------------------------------------
def left_on_a_terminal(seed: int) -> tuple[Session, str]:
    """A deal of ``seed`` left after one decision with Ctrl-D twice; its session and output."""
    session, out = make_session(seed=seed)
    session.run(Keys(["auto", "^D", "^D"], interactive=True))
    return session, out.getvalue()


def test_regression_an_autosave_of_another_game_does_not_replace_the_first(_home: Path) -> None:
    saves = _home / "saves"
    first, said = left_on_a_terminal(3)
    assert (
        "This game is kept in the autosave autosave-sisepai-3: continue it with cardavia "
        "resume autosave-sisepai-3"
    ) in said
    kept = (saves / "autosave-sisepai-3.toml").read_bytes()
    second, said = left_on_a_terminal(4)
    assert "cardavia resume autosave-sisepai-4" in said
    # the same seed again is another game: a name of its own, the first left alone
    third, said = left_on_a_terminal(3)
    assert "cardavia resume autosave-sisepai-3-2" in said
    assert (saves / "autosave-sisepai-3.toml").read_bytes() == kept
    for name, session in (
        ("autosave-sisepai-3", first),
        ("autosave-sisepai-4", second),
        ("autosave-sisepai-3-2", third),
    ):
        assert load_deal(saves / f"{name}.toml").actions == session.state.recorded_actions()
    listed = run_cli("saves", "list", "--json", home=_home).stdout
    assert [(r["name"], r["game"], r["seed"]) for r in json.loads(listed)["saves"]] == [
        ("autosave-sisepai-3-2", "sisepai", 3),
        ("autosave-sisepai-4", "sisepai", 4),
        ("autosave-sisepai-3", "sisepai", 3),
    ]


def test_only_the_most_recent_autosaves_are_kept(_home: Path) -> None:
    saves = _home / "saves"
    saves.mkdir(parents=True)
    old = [saves / f"autosave-sisepai-{seed}.toml" for seed in range(10, 16)]
    mine = saves / "autosave-mine.toml"  # a save named by a person: never pruned
    for age, path in enumerate([*old, mine], 1):
        path.write_text(f'format = 1\ngame = "sisepai"\nseed = {age}\n')
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    left_on_a_terminal(3)
    names = sorted(p.stem for p in saves.glob("*.toml"))
    assert names == [
        "autosave-mine",
        "autosave-sisepai-10",
        "autosave-sisepai-11",
        "autosave-sisepai-12",
        "autosave-sisepai-13",
        "autosave-sisepai-3",
    ]


def test_regression_play_save_over_an_existing_save_asks_on_a_terminal_or_needs_force(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _home / "saves" / "evening.toml"
    path.parent.mkdir(parents=True)
    path.write_text('format = 1\ngame = "sisepai"\nseed = 9\n')
    args = ("sisepai", "play", "--seed", "1", "--save", "evening")
    monkeypatch.setattr("cardavia_cli.commands.play.on_terminal", lambda: True)
    declined = run_cli(*args, stdin="n\nauto\n", home=_home)
    assert declined.returncode == 1
    assert declined.stdout.startswith(
        "A save named evening already exists (seed 9, 0 actions). Replace it with this new "
        "game? [y/N]: "
    )
    assert "Kept evening: continue it with cardavia resume evening" in declined.stdout
    assert load_deal(path).seed == 9
    agreed = run_cli(*args, stdin="y\nauto\n", home=_home)
    assert agreed.returncode == 0, agreed.stderr
    assert load_deal(path).seed == 1
    monkeypatch.setattr("cardavia_cli.commands.play.on_terminal", lambda: False)
    forced = run_cli(*args[:3], "2", *args[4:], "--force", stdin="auto\n", home=_home)
    assert forced.returncode == 0, forced.stderr
    assert load_deal(path).seed == 2
    help_text = run_cli("sisepai", "play", "--help", home=_home).stdout
    assert "--force" in help_text and "replace an existing save" in help_text
