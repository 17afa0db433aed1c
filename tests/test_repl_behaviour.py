"""Issue 15, the behaviour of the REPL: Ctrl-C cancels any question waiting for an answer,
settings are kept in saves, and computer plays are paced on a terminal."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from cli_support import Keys, run_cardavia
from test_guandan_repl import SCRIPTS
from test_guandan_repl import make as make_guandan
from test_repl import COMPLETE20, build_deck, make_session

from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, parse_deal
from cardavia_cli.repl.console import make_console
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.output import Pause
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session


@pytest.fixture(autouse=True)
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def lines_of(out: io.StringIO) -> list[str]:
    return [line.rstrip() for line in out.getvalue().splitlines()]


# -- Ctrl-C at every question -------------------------------------------------------------------
def test_regression_ctrl_c_at_number_or_cancel_cancels_the_reading() -> None:
    session, out = make_guandan(scripts=SCRIPTS)
    reader = Keys(["play 2H 3S 4S 5S 6S", "^C", "1", "quit", "quit"])
    session.run(reader)
    # the number after Ctrl-C answers no reading: it is refused, nothing was played
    assert reader.prompts[:3] == ["level 2: lead > ", "number or cancel > ", "level 2: lead > "]
    assert "Cancelled; you are still to play." in lines_of(out)
    assert session.state.history == [] or all(r.seat != HUMAN for r in session.state.history)


def test_ctrl_c_after_a_safeguard_warning_asks_again() -> None:
    deck = build_deck(COMPLETE20, "gP", dealer=0)
    session, out = make_session(deck=deck, dealer=0)
    reader = Keys(["claim rP wP", "^C", "claim rP wP", "quit", "quit"])
    session.run(reader)
    lines = lines_of(out)
    warned = [ln for ln in lines if ln.startswith("! WIN available: type win.")]
    assert len(warned) == 2  # warned again: Ctrl-C took the warning back
    assert "Cancelled; you are still to play." in lines
    assert [r.text for r in session.state.history if r.seat == HUMAN] == []


def sisepai_session(out: io.StringIO, seed: int = 3) -> Session:
    header = DealFile(game="sisepai", seed=seed)
    return Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        header,
        new_game_state(header),
        console=make_console(file=out, terminal=False, width=100),
    )


def test_ctrl_c_after_quit_asked_cancels_the_quit() -> None:
    out = io.StringIO()
    session = sisepai_session(out)
    session.run(Keys(["auto", "quit", "^C", "quit", "quit"]))
    asked = [ln for ln in lines_of(out) if ln.startswith("! this deal has no save of its own")]
    assert len(asked) == 2 and "Cancelled; you are still to play." in lines_of(out)


def test_ctrl_c_after_restart_asked_cancels_the_restart() -> None:
    session, out = make_guandan(scripts=SCRIPTS)
    session.run(Keys(["auto", "restart", "^C", "restart", "quit", "quit"]))
    said = lines_of(out)
    asked = [ln for ln in said if ln.startswith("Abandon this match")]
    assert len(asked) == 2  # Ctrl-C took the first question back, so restart asked again
    assert "Cancelled; you are still to play." in said
    assert any(r.seat == HUMAN for r in session.state.history)  # the match was not abandoned


def test_ctrl_c_after_save_asked_to_overwrite_keeps_the_other_save(home: Path) -> None:
    done = run_cardavia(
        "cucu", "play", "--seed", "1", "--save", "evening", stdin="auto\n", home=home
    )
    assert done.returncode == 0, done.stderr
    before = (home / "saves" / "evening.toml").read_text()
    out = io.StringIO()
    session = sisepai_session(out)
    session.run(Keys(["save evening", "^C", "save evening", "^C", "quit"]))
    asked = [ln for ln in lines_of(out) if ln.startswith("! a save named evening already exists")]
    assert len(asked) == 2
    assert (home / "saves" / "evening.toml").read_text() == before
    assert load_deal(home / "saves" / "evening.toml").game == "cucu"


def test_ctrl_c_with_nothing_asked_says_nothing() -> None:
    out = io.StringIO()
    session = sisepai_session(out)
    session.run(Keys(["^C", "quit"]))
    assert not any(ln.startswith("Cancelled") for ln in lines_of(out))


# -- settings kept in saves ---------------------------------------------------------------------
def test_regression_settings_are_kept_in_the_save_and_back_on_resume(home: Path) -> None:
    played = run_cardavia(
        "guandan", "play", "--seed", "3", "--save", "s", stdin="autopass off\nauto\n", home=home
    )
    assert played.returncode == 0, played.stderr
    assert load_deal(home / "saves" / "s.toml").settings == {"autopass": False}
    resumed = run_cardavia("resume", "s", stdin="autopass\n", home=home)
    assert resumed.returncode == 0, resumed.stderr
    assert "autopass is off." in resumed.stdout.splitlines()
    # turned on again: a setting at its default is left out of the save
    again = run_cardavia("resume", "s", stdin="autopass on\n", home=home)
    assert again.returncode == 0, again.stderr
    assert load_deal(home / "saves" / "s.toml").settings == {}


def test_a_save_without_settings_resumes_with_the_defaults(home: Path) -> None:
    played = run_cardavia(
        "minchiate", "play", "--seed", "2", "--save", "m", stdin="auto\n", home=home
    )
    assert played.returncode == 0, played.stderr
    assert "settings" not in (home / "saves" / "m.toml").read_text()
    resumed = run_cardavia("resume", "m", stdin="autoplay\n", home=home)
    assert "autoplay is on." in resumed.stdout.splitlines()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            'autopass = "maybe"',
            'settings.autopass must be true or false, not "maybe"',
        ),
        (
            "autoplay = true",
            "settings.autoplay: guandan has no such setting (its settings: autopass)",
        ),
    ],
)
def test_a_hand_edited_bad_setting_is_one_line_and_exit_2(
    home: Path, edit: str, message: str
) -> None:
    played = run_cardavia(
        "guandan", "play", "--seed", "3", "--save", "s", stdin="autopass off\nauto\n", home=home
    )
    assert played.returncode == 0, played.stderr
    path = home / "saves" / "s.toml"
    path.write_text(path.read_text().replace("autopass = false", edit))
    done = run_cardavia("resume", "s", home=home)
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line.startswith("cardavia: error: ") and line.endswith(message)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            '[settings]\nautopass = "maybe"\n',
            'line 3: settings.autopass must be true or false, not "maybe"',
        ),
        (
            "settings = 3\n",
            "line 3: 'settings' must be a table of on/off settings, e.g. settings = "
            "{ autopass = false }, not 3",
        ),
    ],
)
def test_regression_run_ignores_the_settings_table_and_warns_of_a_bad_one(
    home: Path, tmp_path: Path, table: str, message: str
) -> None:
    """``run`` refused a deal file whose ``[settings]`` held a bad value, though it does not
    use them (README): it plays the file as without them, with one warning on stderr."""
    plain = 'format = 1\ngame = "cucu"\n'
    deal = tmp_path / "bad.toml"
    deal.write_text(plain + table, encoding="utf-8")
    (tmp_path / "good.toml").write_text(plain, encoding="utf-8")
    done = run_cardavia("run", str(deal), "--json", "--stop", home=home)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        f"cardavia: warning: {deal}, {message} (run does not use the settings table and "
        "ignores it)\n"
    )
    good = run_cardavia("run", str(tmp_path / "good.toml"), "--json", "--stop", home=home)
    assert good.stderr == ""
    assert json.loads(done.stdout) == json.loads(good.stdout)
    # resume still refuses it: the REPL would take the settings back
    resumed = run_cardavia("resume", str(deal), home=home)
    assert resumed.returncode == 2
    assert resumed.stderr == f"cardavia: error: {deal}, {message}\n"


def test_a_file_refused_for_another_reason_says_only_that(tmp_path: Path, home: Path) -> None:
    """Bad settings beside a bad match key: one line, the error (no warning before it)."""
    deal = tmp_path / "both.toml"
    deal.write_text('game = "guandan"\nlevels = []\nsettings = 0\n', encoding="utf-8")
    done = run_cardavia("run", str(deal), "--stop", home=home)
    assert done.returncode == 2
    assert done.stderr.startswith(f"cardavia: error: {deal}, line 2: 'levels'")
    assert done.stderr.count("\n") == 1


def test_review_warns_of_bad_settings_as_run_and_ignored_ones_are_none(
    home: Path, tmp_path: Path
) -> None:
    deal = tmp_path / "kept.toml"
    deal.write_text('format = 1\ngame = "cucu"\n[settings]\nautopass = "no"\n', encoding="utf-8")
    done = run_cardavia("review", str(deal), "--samples", "1", "--no-replay", home=home)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        f'cardavia: warning: {deal}, line 3: settings.autopass must be true or false, not "no" '
        "(review does not use the settings table and ignores it)\n"
    )
    assert (
        parse_deal(
            'format = 1\ngame = "cucu"\n[settings]\nautopass = false\n',
            ignore_settings=lambda exc: None,
        ).settings
        == {}
    )


# -- pacing of computer plays -------------------------------------------------------------------
def paced_session(terminal: bool) -> tuple[Session, list[float], io.StringIO]:
    out = io.StringIO()
    header = DealFile(game="guandan", seed=3)
    session = Session(
        load_game("guandan"),
        load_ui("guandan"),
        header,
        new_game_state(header),
        console=make_console(file=out, terminal=terminal, width=100),
    )
    asked: list[float] = []
    session.renderer.pause = asked.append
    return session, asked, out


def test_regression_a_long_run_of_computer_plays_is_paced_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CARDAVIA_PACE")
    session, asked, _ = paced_session(terminal=True)
    assert session.pace == 0.3
    session.interactive = True
    reply = session.execute("auto")
    lines = [item for item in reply if not isinstance(item, Pause)]
    pauses = [item for item in reply if isinstance(item, Pause)]
    narrated = len(session.narrator.events())
    assert narrated > 3 and pauses
    session.emit(reply)
    assert asked == [0.3] * len(pauses)
    assert len(pauses) < len(lines)


def test_no_pause_off_a_terminal_nor_at_pace_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDAVIA_PACE")
    session, asked, _ = paced_session(terminal=False)
    session.run(ListReader(["auto", "auto", "quit"], interactive=True))
    assert asked == []  # a pipe never waits
    monkeypatch.setenv("CARDAVIA_PACE", "0")
    session, asked, _ = paced_session(terminal=True)
    session.interactive = True
    session.emit(session.execute("auto"))
    assert asked == []


def test_pace_is_set_in_the_repl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDAVIA_PACE")
    session, asked, _ = paced_session(terminal=True)
    session.interactive = True
    assert [n.text for n in session.execute("set pace")] == [
        "pace is 0.3 s between the lines of a long run (on a terminal only)."
    ]
    assert [n.text for n in session.execute("set pace 1.5")] == ["pace is now 1.5 s."]
    session.emit(session.execute("auto"))
    assert asked and set(asked) == {1.5}
    assert [n.text for n in session.execute("set pace off")] == ["pace is now off."]
    (bad,) = session.execute("set pace soon")
    assert bad.text == "set pace takes seconds from 0 to 5, or off (usage: set pace [SECONDS])"


def test_a_bad_pace_in_the_environment_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_PACE", "fast")
    session, _, out = paced_session(terminal=False)
    session.run(ListReader(["quit"]))
    assert (
        "CARDAVIA_PACE='fast' is not a pace (seconds from 0 to 5, or off): pacing at 0.3 s"
        in lines_of(out)
    )
    assert session.pace == 0.3


def test_regression_ctrl_c_during_auto_all_stops_the_run_not_the_program() -> None:
    """Ctrl-C while computer players decided (auto all, a strong player thinking) ended the
    program with exit 130; now the run stops between two moves and the prompt comes back."""
    session, out = make_guandan(scripts=SCRIPTS)

    class Interrupting:
        name = "interrupting"
        calls = 0

        def choose(self, view, legal, rng):
            Interrupting.calls += 1
            if Interrupting.calls == 3:
                raise KeyboardInterrupt
            return legal[0]

    session.helper = Interrupting()
    before = len(session.state.history)
    assert session.run(Keys(["auto all", "table", "quit", "quit"])) == 0
    said = lines_of(out)
    assert "Stopped; log tells what was played." in said
    assert len(session.state.history) > before  # the moves before Ctrl-C were kept
    session.state.view(HUMAN)  # and the game is whole: it still answers


class InterruptedOnce:
    """A computer player that is interrupted by Ctrl-C on its first decision (as a person
    pressing it while the player is choosing), then plays the first legal action."""

    name = "interrupted"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view, legal, rng):
        self.calls += 1
        if self.calls == 1:
            raise KeyboardInterrupt
        return legal[0]


def test_regression_ctrl_c_while_a_computer_chooses_leaves_the_game_going_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while a computer player was choosing left a bare prompt where auto, hint and
    next answered 'it is not your turn' until quit and resume. Now the moves before it are
    told and kept, a line says the computers' turn waits, and the next command (here auto)
    lets it go on first."""
    monkeypatch.setenv("CARDAVIA_PACE", "0")
    session, _, out = paced_session(terminal=False)
    session.agents[1] = InterruptedOnce()
    reader = Keys(["play 3C", "auto", "log 3", "quit", "quit"])
    assert session.run(reader) == 0
    said = lines_of(out)
    stopped = said.index(
        "Stopped while seat 1 (right) was to play: the game waits; press Enter (or type a "
        "move, auto or hint) to go on."
    )
    assert said[stopped - 1] == "You lead a single 3: 3C."
    assert reader.prompts[:3] == ["level 2: lead > ", "> ", "level 2: beat single A > "]
    assert not [line for line in said if "it is not your turn" in line]
    assert said[stopped + 1 : stopped + 4] == [
        "Seat 1 (right) and seat 2 (partner) pass.",
        "Seat 3 (left) beats it with a single 4: 4H.",
        "You (auto): play JC (single J)",
    ]
    assert [str(r) for r in session.state.history[:5]] == [
        "0 play 3C",
        "1 pass",
        "2 pass",
        "3 play 4H",
        "0 play JC",
    ]
    assert said[-1] == "Goodbye."


def test_ctrl_c_while_hint_thinks_cancels_the_hint_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_PACE", "0")
    session, _, out = paced_session(terminal=False)
    session.adviser = InterruptedOnce()
    reader = Keys(["hint", "play 3C", "quit", "quit"])
    assert session.run(reader) == 0
    said = lines_of(out)
    cancelled = said.index("Cancelled; you are still to play.")
    assert said[cancelled + 1] == "You lead a single 3: 3C."
    assert reader.prompts[:2] == ["level 2: lead > ", "level 2: lead > "]


def test_regression_ctrl_c_while_computer_moves_are_printed_keeps_the_repl(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while a long run of computer moves was printed (at a pace) ended the REPL with
    exit 130 and no goodbye; now the rest of the run is left to log and the game goes on."""
    monkeypatch.setenv("CARDAVIA_PACE", "0.3")
    session, _, out = paced_session(terminal=True)

    def pressed(seconds: float) -> None:
        session.renderer.pause = lambda seconds: None
        raise KeyboardInterrupt

    session.renderer.pause = pressed
    reader = Keys(["auto", "hand", "quit", "quit"])
    assert session.run(reader) == 0
    said = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines_of(out)]
    cut = said.index("Interrupted: the rest of what was played is in log.")
    assert said[cut - 3 : cut] == ["You (auto): play 3C (single 3)", "You lead a single 3: 3C.", ""]
    assert said[-1] == "Goodbye."
    assert len(reader.prompts) == 4  # every line was read: the REPL went on
    status = "Level 2 (first deal of the match); levels: us 2, them 2."
    assert said[cut + 1 : cut + 3] == ["", status]
    assert any(line.startswith("Your hand (26 cards") for line in said[cut:])


def test_the_pager_prints_a_short_text_and_leaves_a_long_one_on_screen(monkeypatch) -> None:
    """``review`` and ``rules`` page on a terminal; with no ``LESS`` set, less gets git's
    ``-FRX`` (no pager for a text that fits, the text left on screen after ``q``, colours);
    a user's ``LESS`` is kept, with ``-R`` added only if it shows no colours."""
    from cardavia_cli.repl.render import _let_less_show_colours

    monkeypatch.delenv("LESS", raising=False)
    _let_less_show_colours()
    assert os.environ["LESS"] == "-FRX"
    monkeypatch.setenv("LESS", "-S")
    _let_less_show_colours()
    assert os.environ["LESS"] == "-S -R"
    monkeypatch.setenv("LESS", "-r")
    _let_less_show_colours()
    assert os.environ["LESS"] == "-r"


def test_regression_a_line_of_thousands_of_characters_is_quoted_back_cut_short() -> None:
    """A newcomer's finding: a typed line of 9,000 characters was echoed whole in the problem
    that refused it; the problem quotes its first 60 characters and an ellipsis."""
    long = "x" * 9000
    done = run_cardavia(
        "guandan", "play", "--seed", "3", stdin=f"{long}\nplay {long}\nrules {long}\nquit\n"
    )
    problems = [line for line in done.stdout.splitlines() if line.startswith("! ")]
    cut = "x" * 59 + "…"
    assert problems == [
        f"! unknown command '{cut}': type help for the list of commands",
        f"! 'play {'x' * 60}…': unknown card '{cut}' (write rank then suit, e.g. TH, 2S, 10D, "
        "or BJ, RJ)",
        f"! the rules have no section '{cut}'; nearby: 1. Overview, 2. The cards, 3. Writing "
        "cards, 4. Seats and turns",
    ]
    assert max(len(line) for line in done.stdout.splitlines()) < 200


def test_regression_a_hint_beside_a_higher_chance_says_why_in_words() -> None:
    """A newcomer's finding: ``hint`` recommended ``discard rR`` (11%) beside ``discard yE``
    (14%) and said only "no other move is clearly better over these samples"; it says why in
    a player's words."""
    done = run_cardavia("sisepai", "play", "--seed", "2", stdin="hint\nauto\nhint\nquit\nquit\n")
    lines = [" ".join(line.split()) for line in done.stdout.splitlines()]
    at = lines.index("Hint: discard rR")
    assert lines[at + 2 : at + 4] == [
        "Win chance by 16 sampled deals of the hidden cards: discard rR 11%; discard yE 14%; "
        "discard wA 9%",
        "discard yE is ahead by less than 16 sampled deals can tell from luck: the hint stays "
        "with discard rR until another move is clearly better.",
    ]
    assert not any("over these samples" in line for line in lines)


def test_a_hint_beside_a_higher_chance_that_scores_less_names_the_margin() -> None:
    """Where the option with the higher win chance scores less on average (a narrower win, a
    wider loss), the hint says so."""
    from types import SimpleNamespace

    chosen = SimpleNamespace(action="play T3", mean=0.4, chance=0.50)
    higher = SimpleNamespace(action="play T25", mean=0.3, chance=0.55)
    said = Session._why_not_higher(None, chosen, higher, 16)  # type: ignore[arg-type]
    assert said == (
        "play T25 wins a little more often in these deals, but play T3 does better on average: "
        "its wins are bigger and its losses smaller."
    )
