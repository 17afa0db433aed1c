"""Issue 9, the finish of the command-line tool: leaving the REPL loses nothing (Ctrl-D,
Ctrl-C, the autosave), the lobby driven by piped input, man pages in sync, shell completion,
and output that fits where it goes (40 columns, pipes, ASCII, NO_COLOR, TERM=dumb)."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from cli_support import Keys, run_cardavia
from rich.table import Table
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands.lobby import Lobby, complete_lobby, games, run_lobby
from cardavia_cli.games import GAMES, load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.games.sisepai.cards import parse_card
from cardavia_cli.games.sisepai.melds import Meld
from cardavia_cli.games.sisepai.view import hand_view, melds_table
from cardavia_cli.repl.console import make_console, to_ascii
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import HUMAN, Session

HAND = "rK rR rH rC rC yA yE yE yP yP wR wR gK gA gA gR gH gP F F"


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CARDAVIA_ASCII", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    return tmp_path / "home"


def session_on(out: io.StringIO, *, seed: int = 3, terminal: bool = False, width: int = 100):
    header = DealFile(game="sisepai", seed=seed)
    console = make_console(file=out, terminal=terminal, width=width)
    return Session(
        load_game("sisepai"), load_ui("sisepai"), header, new_game_state(header), console=console
    )


# -- 1. Ctrl-C and Ctrl-D lose nothing ----------------------------------------------------------
def test_ctrl_d_asks_like_quit_and_the_autosave_resumes(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out)
    reader = Keys(["auto", "^D", "hint", "^D", "^D"], interactive=True)
    assert session.run(reader) == 0
    lines = [ln for ln in out.getvalue().splitlines() if ln.startswith(("!", "This", "Good"))]
    asked = (
        "! this deal has no save of its own (only the autosave autosave-sisepai-3 keeps it: "
        "cardavia resume autosave-sisepai-3): type save [NAME] first, or quit (or Ctrl-D) "
        "again to leave"
    )
    # the first Ctrl-D asks; a command in between disarms it; two in a row leave
    assert lines == [
        asked,
        asked,
        "This game is kept in the autosave autosave-sisepai-3: continue it with cardavia resume "
        "autosave-sisepai-3",
        "Goodbye.",
    ]
    kept = load_deal(home / "saves" / "autosave-sisepai-3.toml")
    assert kept.actions == session.state.recorded_actions()
    assert kept.seed == 3 and len(kept.actions) >= 1
    again = replay(kept)
    assert [str(r) for r in again.history] == [str(r) for r in session.state.history]


def test_ctrl_c_cancels_the_line_and_changes_nothing(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out)
    reader = Keys(["^C", "^C", "quit"], interactive=True)
    session.run(reader)
    # nothing decided: quit leaves at once, nothing is written
    assert session.state.recorded_actions() == []
    assert reader.prompts == [reader.prompts[0]] * 3
    assert out.getvalue().splitlines()[-1] == "Goodbye."
    assert not (home / "saves" / "autosave-sisepai-3.toml").exists()


def test_autosave_written_after_each_decision_and_kept_whole_at_the_end(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out)
    path = home / "saves" / "autosave-sisepai-3.toml"
    seen: list[int] = []

    class Watch(ListReader):
        def read(self, prompt: str) -> str:
            seen.append(len(load_deal(path).actions) if path.exists() else 0)
            return super().read(prompt)

    session.run(Watch(["auto", "auto", "auto all", "quit"], interactive=True))
    assert session.state.is_over
    # one more decision recorded at each prompt, and the finished deal kept whole
    assert seen[0] == 0 and seen[1] >= 1 and seen[2] > seen[1]
    kept = load_deal(path)
    assert kept.actions == session.state.recorded_actions()
    assert replay(kept).is_over
    assert out.getvalue().splitlines()[-2:] == [
        "This finished game is kept in the autosave autosave-sisepai-3: review it with cardavia "
        "review autosave-sisepai-3",
        "Goodbye.",
    ]
    # it reviews, and the saves list marks it finished
    args = ["review", "autosave-sisepai-3", "--no-replay", "--samples", "2"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    listed = CliRunner().invoke(app, ["saves", "list", "--json"])
    (row,) = json.loads(listed.output)["saves"]
    assert row["name"] == "autosave-sisepai-3" and row["finished"] is True


def test_piped_sessions_write_no_autosave(home: Path) -> None:
    out = io.StringIO()
    session_on(out).run(ListReader(["auto", "auto"]))
    assert not (home / "saves").exists()


def test_regression_a_save_that_cannot_be_written_names_where(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save refused by the system said only "cannot save there: Not a directory"."""
    home.parent.mkdir(parents=True, exist_ok=True)
    blocker = home.parent / "plain-file"
    blocker.write_text("kept")
    monkeypatch.setenv("CARDAVIA_HOME", str(blocker / "home"))
    out = io.StringIO()
    session_on(out).run(ListReader(["save", "quit", "quit"]))
    lines = [ln for ln in out.getvalue().splitlines() if "save" in ln.lower()]
    assert f"! cannot save to {blocker / 'home' / 'saves'}: Not a directory" in lines
    assert blocker.read_text() == "kept"


def test_resume_autosave_through_the_cli(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out)
    session.run(Keys(["auto", "^D", "^D"], interactive=True))
    done = CliRunner().invoke(app, ["resume", "autosave-sisepai-3"], input="hand\n")
    assert done.exit_code == 0, done.output
    n = len(session.state.recorded_actions())
    replayed = f"{n} action{'s' if n > 1 else ''} replayed"
    assert f"Resumed autosave-sisepai-3: seed 3, {replayed}" in done.output


def test_regression_quit_in_a_resumed_autosave_names_it(home: Path) -> None:
    """A newcomer's finding: ``cardavia resume autosave-...`` then ``quit`` said only
    "Goodbye.", where the first session named the autosave."""
    out = io.StringIO()
    session_on(out).run(Keys(["auto", "^D", "^D"], interactive=True))
    path = home / "saves" / "autosave-sisepai-3.toml"
    deal = load_deal(path)
    out2 = io.StringIO()
    console = make_console(file=out2, terminal=False, width=100)
    resumed = Session(
        load_game("sisepai"), load_ui("sisepai"), deal, replay(deal), console=console,
        save_to=path, autosave=True,
    )  # fmt: skip
    resumed.run(Keys(["auto", "quit"], interactive=True))
    assert out2.getvalue().splitlines()[-2:] == [
        "This game is kept in the autosave autosave-sisepai-3: continue it with cardavia resume "
        "autosave-sisepai-3",
        "Goodbye.",
    ]
    # nothing decided in it (the second newcomer's case): named all the same
    out3 = io.StringIO()
    idle = Session(
        load_game("sisepai"), load_ui("sisepai"), deal, replay(deal),
        console=make_console(file=out3, terminal=False, width=100), save_to=path, autosave=True,
    )  # fmt: skip
    idle.run(Keys(["quit"], interactive=True))
    assert out3.getvalue().splitlines()[-2:] == out2.getvalue().splitlines()[-2:]


def test_regression_a_resumed_file_gets_no_autosave_until_a_decision(home: Path) -> None:
    """The second newcomer's finding: resuming a file outside the saves folder wrote a new
    autosave at once, unasked and untold, which could push out an older one. It is written at
    the first decision made in the session, as for a new game, and quit names it."""
    out = io.StringIO()
    outside = home.parent / "outside.toml"
    session_on(out).run(ListReader(["auto", "auto", f"save {outside}"]))
    deal = load_deal(outside)
    console = make_console(file=io.StringIO(), terminal=False, width=100)
    idle = Session(load_game("sisepai"), load_ui("sisepai"), deal, replay(deal), console=console)
    idle.run(Keys(["hand", "quit"], interactive=True))
    assert not (home / "saves").exists() or not list((home / "saves").glob("autosave-*"))


def test_a_finished_deals_save_says_replay_not_continue(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out)
    session.run(ListReader(["auto all", "save done", "quit"]))
    text = out.getvalue()
    assert "Replay it with: cardavia run done" in text
    assert "Continue it with" not in text
    # a newcomer's finding: quit wrote it again and said "Saved to ..." a second time
    assert text.count("Saved to ") == 1


def test_discard_by_its_number_in_the_list(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out)
    session.run(ListReader(["claim yE yE", "discard 2"]))
    mine = [r.text for r in session.state.history if r.seat == HUMAN]
    # the numbered discards of rules 8.2 after claiming yE: 1 rR, 2 rH, ...
    assert mine[:2] == ["claim yE yE", "discard rH"]
    out2 = io.StringIO()
    other = session_on(out2)
    other.run(ListReader(["claim yE yE", "discard 99"]))
    assert "! " in out2.getvalue()
    assert [r.text for r in other.state.history if r.seat == HUMAN] == ["claim yE yE"]


# -- 2. the lobby --------------------------------------------------------------------------------
def lobby_run(lines: list[str], **kw: object) -> str:
    out = io.StringIO()
    console = make_console(file=out, terminal=False)
    lobby = Lobby(console, **kw)  # type: ignore[arg-type]
    assert lobby.run(ListReader(lines, interactive=True)) == 0
    return out.getvalue()


def test_lobby_lists_every_registered_game_and_plays_by_number_or_name(home: Path) -> None:
    played: list[tuple[str, int | None, str | None]] = []
    text = lobby_run(
        ["games", "1", "", f"play {games()[-1][0]} 42 basic", "play", "play 0", "play nosuch"]
        + ["quit"],
        play=lambda g, seed, reader, console, level: played.append((g, seed, level)) or 0,
    )
    for i, (name, title) in enumerate(GAMES.items(), 1):
        assert f"{i}  {name}" in text and title in text
    assert played == [(games()[0][0], None, None), (games()[-1][0], 42, "basic")]
    assert "! play which game?" in text
    assert f"! choose a game from 1 to {len(GAMES)}" in text
    assert "! unknown game 'nosuch'" in text
    assert text.splitlines()[-1] == "Goodbye."


def test_regression_the_lobby_leaves_out_the_marks_of_right_to_left_text(home: Path) -> None:
    played: list[tuple[str, int | None, str | None]] = []
    text = lobby_run(
        ["\u200fplay 1 \u20667\u2069 basic", "\u200fquit"],
        play=lambda g, seed, reader, console, level: played.append((g, seed, level)) or 0,
    )
    assert played == [(games()[0][0], 7, "basic")]
    assert "!" not in text and text.splitlines()[-1] == "Goodbye."


def test_lobby_asks_the_level_on_a_terminal_and_takes_it_by_name_or_number(home: Path) -> None:
    played: list[tuple[str, int | None, str | None]] = []
    levels = list(load_game("guandan").agents)
    text = lobby_run(
        ["play guandan", "3", "play guandan 5", "strong", "play guandan", "expert", "", "quit"],
        play=lambda g, seed, reader, console, level: played.append((g, seed, level)) or 0,
    )
    assert played == [
        ("guandan", None, levels[2]),
        ("guandan", 5, "strong"),
        ("guandan", None, None),
    ]
    # a bad answer is asked again, not taken back to the lobby
    assert f"! unknown level 'expert': choose one of {', '.join(levels)}" in text


def test_regression_the_lobby_level_menu_answers_a_number_off_it_with_the_range(
    home: Path,
) -> None:
    """A newcomer's finding: ``7`` at the level menu was an "unknown level"; a number off the
    menu is answered with the numbers there are."""
    played: list[tuple[str, int | None, str | None]] = []
    levels = list(load_game("guandan").agents)
    text = lobby_run(
        ["play guandan", "7", "2", "quit"],
        play=lambda g, seed, reader, console, level: played.append((g, seed, level)) or 0,
    )
    assert played == [("guandan", None, levels[1])]
    said = " ".join(text.split())
    assert (
        f"! there is no choice 7: type a number from 1 to {len(levels)}, or a level's name "
        f"({', '.join(levels)})"
    ) in said
    assert "unknown level" not in said


def test_lobby_asks_no_level_in_a_pipe(home: Path) -> None:
    played: list[tuple[str, int | None, str | None]] = []
    out = io.StringIO()
    lobby = Lobby(
        make_console(file=out, terminal=False),
        play=lambda g, seed, reader, console, level: played.append((g, seed, level)) or 0,
    )
    lobby.run(ListReader(["play cucu 4", "play cucu strong 9", "quit"], interactive=False))
    assert played == [("cucu", 4, None), ("cucu", 9, "strong")]


def test_lobby_plays_a_real_deal_with_the_same_reader_and_comes_back(home: Path) -> None:
    text = lobby_run(["play sisepai 3 basic", "auto all", "quit", "scores", "quit"])
    assert "Si Se Pai, seed 3" in text
    assert "Back in the lobby" in text
    # the deal is recorded: scores shows it (played by auto: left out of the win rate)
    assert re.search(r"sisepai\s+0\s+0\s+0\s+-\s+-\s+1", text)


def test_goodbye_only_when_the_program_ends_not_when_a_game_returns_to_the_lobby(
    home: Path,
) -> None:
    """Regression: quitting a game opened from the lobby said "Goodbye." though the lobby
    took over again."""
    text = lobby_run(["play sisepai 3", "", "auto all", "quit", "quit"])
    lines = text.splitlines()
    back = next(i for i, ln in enumerate(lines) if ln.startswith("Back in the lobby"))
    assert "Goodbye." not in lines[:back]
    assert lines[-1] == "Goodbye." and lines.count("Goodbye.") == 1


def test_lobby_resumes_the_most_recent_save_first(home: Path) -> None:
    saves = home / "saves"
    saves.mkdir(parents=True)
    for i, name in enumerate(("old", "new")):
        path = saves / f"{name}.toml"
        path.write_text(f'format = 1\ngame = "sisepai"\nseed = {i + 1}\n')
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    resumed: list[str] = []
    text = lobby_run(
        ["saves", "resume", "resume 2", "resume old", "resume 7", "resume nope", "quit"],
        resume=lambda path, reader, console: resumed.append(path.stem) or 0,
    )
    assert resumed == ["new", "old", "old"]
    listed = [ln.split()[1] for ln in text.splitlines() if re.match(r"\s*[0-9]+  \w+ ", ln)]
    assert listed[:2] == ["sisepai", "new"] or "new" in listed
    assert text.index("1  new") < text.index("2  old")
    assert "! there are 2 saves: choose 1 to 2" in text
    assert "! no save named 'nope'" in text


def test_lobby_completion_and_end_of_input(home: Path) -> None:
    assert complete_lobby("pl") == ("pl", ["play"])
    assert complete_lobby("play ") == ("", [name for name, _ in games()])
    assert complete_lobby("scores si") == ("si", ["sisepai"])
    assert complete_lobby("resume ") == ("", [])
    # the end of input leaves the lobby
    assert lobby_run([]).splitlines()[0] == "cardavia"


def test_cardavia_alone_off_a_terminal_prints_the_help(home: Path) -> None:
    done = run_cardavia(stdin="", home=home)
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: cardavia [OPTIONS] COMMAND [ARGS]...")
    # plain help off a terminal: no box, no markup, no trailing spaces
    assert "╭" not in done.stdout and "[bold]" not in done.stdout
    assert all(line == line.rstrip() for line in done.stdout.splitlines())


def test_run_lobby_entry_point(home: Path) -> None:
    out = io.StringIO()
    code = run_lobby(ListReader(["help", "exit"]), make_console(file=out, terminal=False))
    assert code == 0
    assert "play GAME [SEED]" in out.getvalue()


# -- 3. man pages ------------------------------------------------------------------------------
def test_man_pages_are_in_sync_with_the_command_tree() -> None:
    from cardavia_cli.manpages import pages

    folder = Path(__file__).resolve().parent.parent / "man"
    made = pages()
    on_disk = {p.name: p.read_text("utf-8") for p in folder.glob("cardavia*.[16]")}
    stale = sorted(n for n in made if on_disk.get(n) != made[n])
    extra = sorted(set(on_disk) - set(made))
    assert not stale and not extra, (
        f"man pages out of date {stale} or left over {extra}: run "
        "python -m cardavia_cli.manpages man/"
    )
    games = {name for name in GAMES if name != "tally"}
    assert {f"cardavia-{g}.6" for g in games} | {"cardavia-saves.1", "cardavia-scores.1"} <= set(
        made
    )
    root = made["cardavia.1"]
    for command in ("run", "resume", "arena", "--show-completion", "--ascii"):
        assert command.replace("-", "\\-") in root
    assert "[bold]" not in "".join(made.values())


# -- 4. shell completion ------------------------------------------------------------------------
def complete(env: dict[str, str]) -> str:
    """The answer of the entry point, called without arguments as a shell's completion
    script calls ``cardavia``, with the protocol's variables ``env`` set."""
    done = run_cardavia(env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("shell", "marker"),
    [("bash", "complete -o"), ("zsh", "#compdef cardavia"), ("fish", "complete --command")],
)
def test_completion_scripts(shell: str, marker: str) -> None:
    result = CliRunner().invoke(app, ["--show-completion", shell])
    assert result.exit_code == 0
    assert marker in result.output and "_CARDAVIA_COMPLETE" in result.output


def test_completion_of_an_unknown_shell_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["--show-completion", "tcsh"])
    assert result.exit_code == 2


def test_completion_protocol_for_each_shell() -> None:
    bash = complete(
        {"_CARDAVIA_COMPLETE": "complete_bash", "COMP_WORDS": "cardavia sa", "COMP_CWORD": "1"}
    )
    assert bash.split() == ["saves"]
    zsh = complete({"_CARDAVIA_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "cardavia sis"})
    assert '"sisepai":"Si Se Pai' in zsh
    fish = complete(
        {
            "_CARDAVIA_COMPLETE": "complete_fish",
            "_TYPER_COMPLETE_FISH_ACTION": "get-args",
            "_TYPER_COMPLETE_ARGS": "cardavia run --",
        }
    )
    assert "--json\tPrint one JSON document." in fish.splitlines()
    arena = complete(
        {"_CARDAVIA_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "cardavia arena --"}
    )
    # plain help strings: no rich markup in any answer
    assert "[bold]" not in bash + zsh + fish + arena and "[italic]" not in arena


# -- 5. output that fits ------------------------------------------------------------------------
def test_at_40_columns_nothing_is_cut_or_wrapped_mid_word(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out, terminal=True, width=40)
    session.run(ListReader(["hand", "table", "help", "auto all", "log"], interactive=False))
    text = out.getvalue()
    assert "…" not in text
    lines = text.splitlines()
    assert max(len(re.sub(r"\x1b\[[0-9;]*m", "", ln)) for ln in lines) <= 40
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    # every card of the hand is shown; narration wraps between words only
    hand = [ln for ln in plain.splitlines() if ln.startswith(("red", "yellow", "green"))]
    assert "rK rR rH rC rC" in hand[0]
    assert "(a\ncross)" not in plain and "Seat 1 (r\n" not in plain
    words = set(re.findall(r"[A-Za-z]+", plain))
    assert not {"cross", "oldier", "eneral"} & words


def test_the_win_table_at_40_columns_keeps_every_word() -> None:
    out = io.StringIO()
    console = make_console(file=out, terminal=True, width=40)
    melds = [Meld.parse(t) for t in ("rP wP gP", "rK", "yR yH yC")]
    console.print(melds_table(melds, title="Your winning hand"))
    text = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue())
    assert "three soldiers" in text and "…" not in text
    wide = io.StringIO()
    make_console(file=wide, terminal=True, width=100).print(melds_table(melds))
    assert "┏" in wide.getvalue()  # the box stays where it fits


def test_piped_output_has_no_padding_no_boxes_no_colour(home: Path) -> None:
    out = io.StringIO()
    session = session_on(out, width=80)
    session.run(ListReader(["table", "auto all", "log"]))
    text = out.getvalue()
    assert all(line == line.rstrip() for line in text.splitlines())
    assert not set("┏┃━│─└") & set(text)
    assert "\x1b[" not in text
    done = CliRunner().invoke(
        app,
        [
            "sisepai",
            "check",
            *"rK rA rE yK yA yE wR wH wC gR gR gR gP gP gP F F yP yP yP wK".split(),
        ],
    )
    assert done.exit_code == 0
    assert "┃" not in done.output and all(ln == ln.rstrip() for ln in done.output.splitlines())


def test_hand_layouts_hold_every_card() -> None:
    codes = sorted(parse_card(c) for c in HAND.split())
    for width in (40, 100):
        out = io.StringIO()
        make_console(file=out, terminal=False, width=width).print(hand_view(codes))
        rows = [ln for ln in out.getvalue().splitlines() if not ln.lstrip().startswith("K ")]
        shown = re.findall(r"\b[rywg][KAERHCP]\b|\bF\b", "\n".join(rows))
        assert sorted(shown) == sorted(HAND.split()), width


def test_ascii_no_color_and_dumb_terminals(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert to_ascii("┏━┓ rK … ♠ é") == "+-+ rK ... S e"
    monkeypatch.setenv("CARDAVIA_ASCII", "1")
    out = io.StringIO()
    table = Table("meld", "kind")
    table.add_row("rK", "general")
    make_console(file=out, terminal=True, width=60).print(table)
    assert out.getvalue().isascii() and "general" in out.getvalue()
    monkeypatch.delenv("CARDAVIA_ASCII")
    monkeypatch.setenv("TERM", "dumb")
    assert make_console(file=io.StringIO(), terminal=True).color_system is None
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    make_console(file=out, terminal=True).print("[red]x[/red]")
    assert "\x1b[3" not in out.getvalue()
    monkeypatch.delenv("NO_COLOR")
    out = io.StringIO()
    make_console(file=out, terminal=True).print("[red]x[/red]")
    assert "\x1b[" in out.getvalue()


def test_ascii_option_through_the_cli(home: Path) -> None:
    done = run_cardavia("--ascii", "sisepai", "rules", "1", home=home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and done.stdout.strip()


def test_saves_delete_json(home: Path) -> None:
    (home / "saves").mkdir(parents=True)
    (home / "saves" / "x.toml").write_text('format = 1\ngame = "sisepai"\n')
    done = CliRunner().invoke(app, ["saves", "delete", "x", "--yes", "--json"])
    assert done.exit_code == 0
    assert json.loads(done.output)["deleted"] == "x"
    assert not (home / "saves" / "x.toml").exists()


def test_readme_play_example_reaches_your_first_move(home: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    found = re.search(r"cardavia sisepai play --seed ([0-9]+) --ai (\w+) --save evening", readme)
    assert found is not None
    seed, level = int(found.group(1)), found.group(2)
    header = DealFile(game="sisepai", seed=seed, seats=["human", level, level, level])
    session = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        header,
        new_game_state(header),
        console=make_console(file=io.StringIO(), terminal=False),
    )
    session.begin()
    assert session.human_to_act() and not session.state.is_over
    first = readme.split("```sh", 1)[1].split("```", 1)[0].splitlines()[1]
    # the first command puts cardavia on the PATH before using it bare
    assert ". .venv/bin/activate" in first and first.index("activate") < first.index("cardavia")


def test_a_table_too_wide_even_without_its_box_wraps_its_cells_and_cuts_nothing():
    import io

    from rich.table import Table

    from cardavia_cli.repl.console import FitConsole

    table = Table(box=None)
    for name in ("seat", "lives", "card", "this round"):
        table.add_column(name, no_wrap=True)
    table.add_row("seat 1 (right), the dealer", "3 lives", "10", "asked to swap and swapped")
    out = io.StringIO()
    console = FitConsole(file=out, width=40, force_terminal=True, color_system=None)
    console.print(table)
    text = out.getvalue()
    assert "…" not in text
    assert all(len(line.rstrip()) <= 40 for line in text.splitlines())
    words = " ".join(text.split())
    for word in ("dealer", "lives", "swapped"):
        assert word in words
