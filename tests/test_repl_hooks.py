"""The REPL's game hook, driven through input lines on a tiny match of three rounds
(:mod:`fake_match`): the game's own commands, a setting that holds forced answers, ``next``,
``restart``, ``new`` after a match, autosave at breaks, resuming at a break, the end of input,
the defaults of an older hook, and the forced-answer marks derived from the history.

The match (see :mod:`fake_match`): per round every seat bids 1 or 2 (seat 0 may fold), then
every seat still in passes (forced); the computer players always bid 2.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from pathlib import Path

import fake_match as fm
import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardavia_cli.games import unregister
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.repl.hooks import HINT_HELP, STORY_EVENTS, TABLE_HELP, load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    fm.install(monkeypatch)
    yield tmp_path / "home"
    unregister(fm.NAME)


def make(
    seed: int = 3,
    *,
    ui: object = None,
    state: object = None,
    header: DealFile | None = None,
    **kwargs: object,
) -> tuple[Session, io.StringIO]:
    from cardavia_cli.games import load_game

    header = header or DealFile(game=fm.NAME, seed=seed)
    out = io.StringIO()
    session = Session(
        load_game(fm.NAME),
        ui if ui is not None else load_ui(fm.NAME),  # type: ignore[arg-type]
        header,
        state if state is not None else new_game_state(header),  # type: ignore[arg-type]
        console=Console(file=out, width=100, no_color=True),
        **kwargs,  # type: ignore[arg-type]
    )
    return session, out


def run(session: Session, lines: list[str], interactive: bool = True) -> ListReader:
    reader = ListReader(lines, interactive=interactive)
    assert session.run(reader) == 0
    return reader


def lines_of(out: io.StringIO) -> list[str]:
    return [ln.rstrip() for ln in out.getvalue().splitlines()]


ROUND_1 = ["| bid 0 1", "| bid 1 2", "| bid 2 2", "| bid 3 2", "| pass 0 (automatic)"]


# -- the game's commands ----------------------------------------------------------------------
def test_game_commands_are_registered_offered_and_refused_when_unavailable() -> None:
    session, out = make()
    reader = run(session, ["help", "score", "watch", "bid 1", "score", "score 2"])
    text = lines_of(out)
    verbs = [c.verb for c in session.registry]
    assert verbs[:3] == ["bid", "fold", "pass"]
    assert verbs[-4:] == ["score", "watch", "finish", "autopass"]
    assert {"next", "restart", "new"} <= set(verbs) and "cancel" not in verbs
    assert "score" in [c.verb for c in session.offered_commands()]
    assert "watch" not in [c.verb for c in session.offered_commands()]
    assert text.count("Totals: 0 0 0 0") == 1 and "Totals: 1 2 2 2" in text
    assert (
        "! watch is not available now (once you are out: go on round after round, one line "
        "per round)"
    ) in text
    assert "! score takes nothing after it (usage: score)" in text
    assert reader.prompts == [
        "bid > ",
        "bid > ",
        "bid > ",
        "bid > ",
        "next > ",
        "next > ",
        "next > ",
        "next > ",
    ]


def test_table_and_hint_help_come_from_the_game() -> None:
    session, _ = make()
    table = session.registry.lookup("table")
    hint = session.registry.lookup("hint")
    assert table is not None and hint is not None
    assert (table.help, hint.help) == ("Show the running totals.", "Suggest a bid.")
    old, _ = make(ui=fm.MinimalUI())
    assert (old.registry.lookup("table").help, old.registry.lookup("hint").help) == (  # type: ignore[union-attr]
        TABLE_HELP,
        HINT_HELP,
    )


def test_watch_once_out_tells_one_line_per_round_then_the_result() -> None:
    session, out = make()
    run(session, ["fold", "watch", "watch"])
    text = lines_of(out)
    at = text.index("| round_end 1 1")
    assert text[at + 1] == "End of round 1; totals 0 2 2 2."
    rest = text[at + 2 :]
    assert rest[:2] == ["Type next (or press Enter) to go on.", "Round 2: totals 0 4 4 4."]
    assert rest[2:5] == [
        "Round 3: totals 0 6 6 6.",
        "Match over: A tie.",
        "Type new for another match, or quit.",
    ]
    assert not any(ln.startswith("| bid") for ln in rest)  # summaries stand for the events
    assert "! watch is not available now" in rest[-2] and rest[-1] == "Goodbye."
    assert session.state.is_over and session.state.rounds_finished == 3


def test_finish_plays_the_match_out_and_shows_only_the_result() -> None:
    session, out = make()
    run(session, ["fold", "finish"])
    text = lines_of(out)
    at = text.index("Type next (or press Enter) to go on.")
    assert text[at + 1 :] == [
        "Match over: A tie.",
        "Type new for another match, or quit.",
        "Goodbye.",
    ]
    assert session.state.result().data["totals"] == [0, 6, 6, 6]  # type: ignore[union-attr]


# -- settings ---------------------------------------------------------------------------------
def test_a_setting_off_makes_the_forced_answer_wait_to_be_typed() -> None:
    session, out = make()
    reader = run(
        session,
        ["autopass", "autopass off", "autopass", "bid 2", "bid 1", "pass", "autopass maybe"],
    )
    text = lines_of(out)
    assert text.count("autopass is on.") == 1 and "autopass is off." in text
    assert "autopass is now off." in text
    at = text.index("| bid 3 2")
    assert text[at + 1 : at + 3] == [
        "Round 1, pass: pass",
        "Your only move: pass (type it; autopass is off).",
    ]
    assert text[at + 3] == "! pass: 'bid 1' is not allowed"
    assert "| pass 0" in text and "| pass 0 (automatic)" not in text  # typed: no mark
    assert reader.prompts[4:6] == ["pass > ", "pass > "]
    assert "! autopass takes on or off, not 'maybe' (usage: autopass [on|off])" in text
    assert session.settings["autopass"] is False
    assert [r.text for r in session.state.history if r.seat == HUMAN] == ["bid 2", "pass"]


def test_turning_the_setting_on_applies_the_waiting_answer() -> None:
    session, out = make()
    run(session, ["autopass off", "bid 1", "autopass on"])
    text = lines_of(out)
    at = text.index("autopass is now on.")
    assert text[at + 1] == "| pass 0 (automatic)"
    assert session.state.at_break


def test_settings_stay_off_saves_and_across_new_matches(_home: Path) -> None:
    session, _ = make()
    run(session, ["autopass off", "bid 1", "pass", "save s", "restart", "bid 1"])
    assert session.settings["autopass"] is False
    assert session.human_to_act() and session.state.forced_action() == "pass"
    assert "autopass" not in (_home / "saves" / "s.toml").read_text()


# -- breaks, next, restart, new ---------------------------------------------------------------
def test_next_and_enter_go_on_from_a_break_and_next_is_refused_elsewhere() -> None:
    session, out = make()
    reader = run(session, ["next", "bid 1", "next", "bid 1", "", "bid 1", "next"])
    text = lines_of(out)
    assert text[2:7] == [
        "| round 1 [c3]",
        "Round 1, bid: bid 1 | bid 2 | fold",
        "! there is no break to go on from",
        *ROUND_1[:2],
    ]
    assert text.count("Type next (or press Enter) to go on.") == 2
    assert text.count("| round 2 [c5]") == 1 and text.count("| round 3 [c1]") == 1
    assert session.state.result().data["totals"] == [3, 6, 6, 6]  # type: ignore[union-attr]
    assert text[-4:] == [
        "Match over: A tie.",
        "Type new for another match, or quit.",
        "! there is no break to go on from",
        "Goodbye.",
    ]
    assert reader.prompts.count("next > ") == 2


def test_a_pipe_goes_on_past_breaks_without_next() -> None:
    session, out = make()
    reader = run(session, ["bid 1", "bid 1", "bid 1"], interactive=False)
    text = lines_of(out)
    assert text.count("End of round 1; totals 1 2 2 2.") == 1
    assert "Type next (or press Enter) to go on." not in text
    assert session.state.is_over and len(reader.prompts) == 4


def test_restart_abandons_the_match_in_the_middle_or_at_a_break(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seeds = iter([11, 12])
    monkeypatch.setattr("cardavia_cli.repl.session.random_seed", lambda: next(seeds))
    session, out = make(
        header=DealFile(game=fm.NAME, seed=3, seats=["human", "random", "basic", "basic"])
    )
    run(session, ["bid 1", "restart"], interactive=False)
    assert session.header.seed == 11 and session.state.history == []
    assert session.header.seats == ["human", "random", "basic", "basic"]
    assert "Fake match, seed 11." in lines_of(out)
    # on a terminal, at a break, with an unsaved decision: asked once
    reader = run(session, ["bid 1", "restart", "hand", "restart", "restart", "quit"])
    text = lines_of(out)
    asked = "! this match is not saved: type save [NAME] first, or restart again to abandon it"
    assert text.count(asked) == 2  # another command in between: asked again
    assert session.header.seed == 12 and "Fake match, seed 12." in text
    assert reader.prompts[:2] == ["bid > ", "next > "]


def test_new_starts_a_match_once_one_has_ended() -> None:
    session, out = make()
    run(session, ["new", "auto all", "next", "auto all", "next", "auto all", "new 7", "new ²"])
    text = lines_of(out)
    assert "! this match is not over: play it out, type restart to abandon it, or quit" in text
    assert "Fake match, seed 7." in text and session.header.seed == 7
    assert session.human_to_act() and session.state.history == []
    assert text[-2].startswith("! new takes nothing or a seed")


# -- saves ------------------------------------------------------------------------------------
def test_autosave_at_breaks_and_the_end_and_resume_at_a_break(_home: Path) -> None:
    target = _home / "saves" / "m.toml"
    target.parent.mkdir(parents=True)
    session, _ = make(save_to=target, autosave=True)
    run(session, ["bid 1"])
    saved = load_deal(target)
    assert saved.actions == ["0 bid 1", "1 bid 2", "2 bid 2", "3 bid 2"]
    resumed_state = replay(saved)
    assert resumed_state.at_break and resumed_state.rounds_finished == 1
    # resumed: the story of the round, its end, and the break
    again, out = make(
        header=saved, state=resumed_state, save_to=target, autosave=True, replayed="Resumed m."
    )
    reader = run(again, ["hand", "next", "fold"])
    text = lines_of(out)
    assert text[:3] == [
        "Fake match, seed 3.",
        "Resumed m.",
        "Type help for the commands; Tab completes verbs and cards.",
    ]
    assert text[3:9] == ["| round 1 [c3]", *ROUND_1]
    assert text[9:12] == ["| pass 1", "| pass 2", "| pass 3"]
    assert text[12:15] == [
        "| round_end 1 1",
        "End of round 1; totals 1 2 2 2.",
        "Type next (or press Enter) to go on.",
    ]
    assert reader.prompts[:3] == ["next > ", "next > ", "bid > "]
    # the fold is saved; the computers' round to the next break too (autosave at a break)
    after = load_deal(target)
    assert after.actions[-4:] == ["0 fold", "1 bid 2", "2 bid 2", "3 bid 2"]
    assert replay(after).at_break and replay(after).rounds_finished == 2
    # out of the match: next plays the last round; the end is saved
    run(again, ["next"])
    final = load_deal(target)
    assert replay(final).is_over and replay(final).result() == again.state.result()


def test_a_save_typed_at_a_break_resumes_at_that_break(_home: Path) -> None:
    session, _ = make()
    run(session, ["bid 2", "next", "bid 2", "save here"])
    assert session.state.at_break and session.state.rounds_finished == 2
    state = replay(load_deal(_home / "saves" / "here.toml"))
    assert state.at_break and state.rounds_finished == 2
    assert [str(r) for r in state.history] == [str(r) for r in session.state.history]


# -- the end of input --------------------------------------------------------------------------
def test_end_of_input_and_ctrl_c() -> None:
    session, out = make()
    run(session, ["bid 1"])
    # on a terminal the end of input (Ctrl-D) is quit: it asks once, the second one leaves
    assert lines_of(out)[-3:] == [
        "! this match is not saved: type save [NAME] first, or quit (or Ctrl-D) again to leave "
        "(the autosave keeps it)",
        "This game is kept in the autosave: continue it with cardavia resume autosave",
        "Goodbye.",
    ]
    session, out = make()
    run(session, ["bid 1"], interactive=False)
    assert lines_of(out)[-1] == "(this match was not saved)"
    session, out = make()
    run(session, [], interactive=False)
    assert "not saved" not in out.getvalue()

    class CtrlC(ListReader):
        def read(self, prompt: str) -> str:
            line = super().read(prompt)
            if line == "^C":
                raise KeyboardInterrupt
            return line

    session, out = make()
    reader = CtrlC(["^C", "bid 1"], interactive=True)
    assert session.run(reader) == 0
    assert [r.text for r in session.state.history][:1] == ["bid 1"]
    assert reader.prompts == ["bid > ", "bid > ", "next > ", "next > "]


# -- an older hook, the marks, log raw --------------------------------------------------------
def test_an_older_hook_gets_every_default() -> None:
    session, out = make(ui=fm.MinimalUI())
    verbs = [c.verb for c in session.registry]
    assert not {"next", "restart", "cancel", "score", "autopass"} & set(verbs)
    run(session, ["bid 1", "bid 1", "bid 1"], interactive=False)
    text = lines_of(out)
    assert text.count("The round is over.") == 2
    assert session.state.is_over and text[-2] == "Match over: A tie."
    # resumed: the default story is the last events
    deal = session.deal_file()
    again, told = make(ui=fm.MinimalUI(), header=deal, state=replay(deal), replayed="R.")
    again.emit(again.begin())
    events = again.state.visible_events(HUMAN)
    story = [ln for ln in lines_of(told) if ln.startswith("| ")]
    assert len(story) == STORY_EVENTS
    assert story[-1] == f"| {events[-1].text}"


def test_forced_marks_come_from_the_history_and_survive_a_resume() -> None:
    session, out = make()
    run(session, ["bid 1", "next", "autopass off", "bid 1", "pass", "next", "autopass on", "bid 2"])
    events = session.state.visible_events(HUMAN)
    passes = [i for i, e in enumerate(events) if e.text == "pass 0"]
    assert len(passes) == 3
    assert session.narrator.forced() == frozenset({passes[0], passes[2]})  # the typed one: no
    deal = session.deal_file()
    again, _ = make(header=deal, state=replay(deal), replayed="R.")
    assert again.narrator.forced() == frozenset(passes)  # a replay takes every forced answer


def test_log_raw_shows_the_human_private_details() -> None:
    session, out = make()
    run(session, ["bid 1", "log raw 2", "log raw"])
    text = lines_of(out)
    assert "9 pass 3" in [" ".join(ln.split()) for ln in text]
    assert "1 round 1 [c3]" in [" ".join(ln.split()) for ln in text]
    lines = session.narrator.log(raw=True)
    assert len(lines) == 1


# -- the command group, the layering -----------------------------------------------------------
def test_game_app_gives_play_and_rules_for_a_game() -> None:
    from cardavia_cli.commands.game import game_app

    app = game_app(fm.NAME, "A fake match.")
    runner = CliRunner()
    done = runner.invoke(app, ["play", "--seed", "3"], input="bid 1\nbid 1\nbid 1\n")
    assert done.exit_code == 0, done.output
    assert "Fake match, seed 3." in done.output and "Match over: A tie." in done.output
    done = runner.invoke(app, ["play", "--ai", "genius"])
    assert done.exit_code == 2
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
