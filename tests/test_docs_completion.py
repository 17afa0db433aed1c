"""Issue 15, the program's own papers: man pages, shell completion, ``--ascii`` everywhere and
``cardavia GAME`` alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_cardavia

from cardavia_cli.games import GAMES

#: The four games that ship (the tests may register more).
SHIPPED = ("sisepai", "cucu", "minchiate", "guandan")


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CARDAVIA_ASCII", raising=False)
    return tmp_path / "home"


# -- cardavia GAME alone ------------------------------------------------------------------------
@pytest.mark.parametrize("game", SHIPPED)
def test_regression_the_game_command_alone_plays_instead_of_printing_help(
    home: Path, game: str
) -> None:
    done = run_cardavia(game, stdin="quit\n", home=home)
    assert done.returncode == 0, done.stderr
    assert not done.stdout.startswith("Usage:")
    assert "Type help for the commands; Tab completes verbs and cards." in done.stdout
    assert done.stdout.splitlines()[0].split(",")[0] == GAMES[game].split(" (")[0]


def test_the_game_command_alone_still_has_its_help(home: Path) -> None:
    done = run_cardavia("guandan", "--help", home=home)
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: cardavia guandan [OPTIONS] COMMAND [ARGS]...")
    assert "Alone, cardavia guandan starts a new game: cardavia guandan play." in done.stdout
    # a group that is no game still prints its help alone
    saves = run_cardavia("saves", home=home)
    assert saves.returncode == 0 and saves.stdout.startswith("Usage: cardavia saves")


# -- --ascii everywhere -------------------------------------------------------------------------
def _all_ascii(done: object) -> None:
    out, err = done.stdout, done.stderr  # type: ignore[attr-defined]
    bad = sorted({c for c in out + err if not c.isascii()})
    assert not bad, f"not ASCII: {bad}"


def _every_command() -> list[list[str]]:
    import typer

    from cardavia_cli.app import app
    from cardavia_cli.commands.plainhelp import walk

    return [list(path) for path, _ in walk(typer.main.get_command(app))]


def test_regression_ascii_help_prints_no_other_script(home: Path) -> None:
    root = run_cardavia("--ascii", "--help", home=home)
    _all_ascii(root)
    assert "  guandan    Guandan: two packs, levels 2 to A, wild hearts" in root.stdout
    for path in _every_command():
        _all_ascii(run_cardavia("--ascii", *path, "--help", home=home))
        _all_ascii(run_cardavia(*path, "--help", home=home, env={"CARDAVIA_ASCII": "1"}))
    # without --ascii the name stays
    assert "Guandan (掼蛋)" in run_cardavia("--help", home=home).stdout


@pytest.mark.parametrize(
    ("args", "stdin", "line"),
    [
        (["sisepai", "play", "--seed", "²"], "", "'\\xb2' is not a whole number 0 or more"),
        (["sisepai", "check", "²"], "", "cardavia: error: unknown card '\\xb2'"),
        (["guandan", "check", "²S", "--level", "2"], "", "unknown card '\\xb2S'"),
        (["arena", "掼"], "", "unknown game '\\u63bc'"),
        (["resume", "²"], "", "\\xb2.toml: no such save"),
        (["guandan", "play", "--seed", "3"], "play ²S\nquit\n", "unknown card '\\xb2S'"),
        (["scores", "list", "--since", "²"], "", "not '\\xb2'"),
        (["--bogus²"], "", "No such option: --bogus\\xb2"),
    ],
)
def test_regression_ascii_echo_of_typed_text(
    home: Path, args: list[str], stdin: str, line: str
) -> None:
    """A typed ``²`` is echoed as ``\\xb2`` under ``--ascii``, on stdout and stderr alike (it
    reached stderr as it was; a lookalike ``2`` would name another card)."""
    done = run_cardavia("--ascii", *args, stdin=stdin, home=home)
    _all_ascii(done)
    assert line in done.stdout + done.stderr


def test_regression_ascii_json_and_messages_of_saves_with_other_names(home: Path) -> None:
    saves = home / "saves"
    saves.mkdir(parents=True)
    (saves / "é².toml").write_text('format = 1\ngame = "sisepai"\n', encoding="utf-8")
    listed = run_cardavia("--ascii", "saves", "list", "--json", home=home)
    _all_ascii(listed)
    assert [s["name"] for s in json.loads(listed.stdout)["saves"]] == ["é²"]
    _all_ascii(run_cardavia("--ascii", "saves", "list", home=home))
    deleted = run_cardavia("--ascii", "saves", "delete", "é²", "--yes", home=home)
    _all_ascii(deleted)
    assert deleted.stdout == "Deleted e\\xb2.\n"


def test_regression_ascii_batch_answers_are_the_same_json(home: Path) -> None:
    done = run_cardavia("--ascii", "sisepai", "check", "-", stdin="rK ²\n", home=home)
    _all_ascii(done)
    answer = json.loads(done.stdout)
    assert answer["error"].startswith("unknown card '²'")


def test_to_ascii_writes_what_has_no_ascii_form_as_its_escape() -> None:
    from cardavia_cli.repl.console import to_ascii

    assert to_ascii("Guandan (掼蛋)") == "Guandan"
    assert to_ascii("Si Se Pai (Four Colour Cards, 四色牌)") == "Si Se Pai (Four Colour Cards)"
    assert to_ascii("'²' or '１'") == "'\\xb2' or '\\uff11'"
    assert to_ascii("Cuccu (Cucù)") == "Cuccu (Cucu)"
    assert to_ascii("14½") == "14 1/2"


def test_regression_the_terminal_line_being_typed_shows_in_ascii() -> None:
    from prompt_toolkit.document import Document
    from prompt_toolkit.layout.processors import TransformationInput

    from cardavia_cli.repl.reader import AsciiLine

    ti = TransformationInput(
        buffer_control=None,  # type: ignore[arg-type]
        document=Document("ab²c"),
        lineno=0,
        source_to_display=lambda i: i,
        fragments=[("", "ab²c")],
        width=80,
        height=1,
    )
    shown = AsciiLine().apply_transformation(ti)
    assert "".join(text for _, text, *_ in shown.fragments) == "ab\\xb2c"
    # the cursor after the ² is after its four characters, and back again
    assert [shown.source_to_display(i) for i in range(5)] == [0, 1, 2, 6, 7]
    assert [shown.display_to_source(d) for d in (2, 4, 6, 7)] == [2, 2, 3, 4]


# -- shell completion ----------------------------------------------------------------------------
def _saves(home: Path, *names: str) -> None:
    """Saves called ``names``, the first the most recent."""
    import os

    folder = home / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    for age, name in enumerate(names):
        path = folder / f"{name}.toml"
        path.write_text('format = 1\ngame = "cucu"\nseed = 4\n', encoding="utf-8")
        os.utime(path, (1_700_000_000 - age, 1_700_000_000 - age))


def bash(home: Path, line: str, instruction: str = "complete_bash") -> list[str]:
    """The words bash is offered for ``line`` (completing its last word, maybe empty)."""
    words = line.split(" ")
    env = {
        "_CARDAVIA_COMPLETE": instruction,
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - 1),
    }
    done = run_cardavia(env=env, home=home)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def zsh(home: Path, line: str) -> str:
    env = {"_CARDAVIA_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line}
    done = run_cardavia(env=env, home=home)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def fish(home: Path, line: str) -> list[str]:
    env = {
        "_CARDAVIA_COMPLETE": "complete_fish",
        "_TYPER_COMPLETE_FISH_ACTION": "get-args",
        "_TYPER_COMPLETE_ARGS": line,
    }
    done = run_cardavia(env=env, home=home)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_regression_save_names_complete_in_bash_zsh_and_fish(home: Path) -> None:
    _saves(home, "evening", "morning", "autosave-cucu-4")
    assert bash(home, "cardavia resume ") == ["evening", "morning", "autosave-cucu-4"]
    assert bash(home, "cardavia resume mo") == ["morning"]
    assert bash(home, "cardavia saves show a") == ["autosave-cucu-4"]
    assert bash(home, "cardavia saves delete e") == ["evening"]
    assert bash(home, "cardavia run ev") == ["evening"]
    assert zsh(home, "cardavia resume e") == """_arguments '*: :(("evening":"saved game"))'"""
    assert fish(home, "cardavia saves show ") == [
        "evening\tsaved game",
        "morning\tsaved game",
        "autosave-cucu-4\tsaved game",
    ]
    # a path is the shell's to complete (bash's default, zsh's _files)
    assert bash(home, "cardavia resume saves/e") == []
    assert zsh(home, "cardavia resume ./") == "_files"


def test_completion_with_no_saves_folder_or_a_broken_one_offers_nothing(
    home: Path, tmp_path: Path
) -> None:
    assert bash(home, "cardavia resume ") == []
    broken = tmp_path / "a-file"
    broken.write_text("x")
    assert bash(broken, "cardavia saves show ") == []


def test_regression_levels_complete_from_the_agent_registry_in_every_shell(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardavia_cli.games import load_game

    info = load_game("guandan")
    assert bash(home, "cardavia guandan play --ai ") == list(info.agents)
    # a level added to the registry is offered, with no change to the completion
    monkeypatch.setitem(info.agents, "expert", info.agents["basic"])
    assert bash(home, "cardavia guandan play --ai e") == ["expert"]
    assert zsh(home, "cardavia guandan play --ai ex") == (
        """_arguments '*: :(("expert":"computer player"))'"""
    )
    assert fish(home, "cardavia guandan play --ai b") == ["basic\tcomputer player"]
    # the levels of the game played: sisepai's registry has no expert level
    assert "expert" not in bash(home, "cardavia sisepai play --ai ")
    # each entry of --seats, for the arena's game
    assert bash(home, "cardavia arena guandan --seats basic,e") == ["basic,expert"]
    assert bash(home, "cardavia arena guandan --seats r") == ["random"]
    assert fish(home, "cardavia arena guandan --seats random,basic,") == [
        "random,basic,random",
        "random,basic,basic",
        "random,basic,strong",
        "random,basic,expert",
    ]
    assert zsh(home, "cardavia arena guandan --seats a,b,c,d,") == "_files"
    assert bash(home, "cardavia arena guandan --seats a,b,c,d,") == []


def test_regression_games_and_formats_complete(home: Path) -> None:
    assert bash(home, "cardavia arena ") == list(GAMES)
    assert bash(home, "cardavia scores list --game g") == ["guandan"]
    assert bash(home, "cardavia scores export --game m") == ["minchiate"]
    assert bash(home, "cardavia scores export --format ") == ["csv", "json", "toml"]
    assert fish(home, "cardavia scores export --format c") == ["csv\tone scalar column per field"]
    assert '"sisepai":"Si Se Pai' in zsh(home, "cardavia arena s")


def test_clicks_order_of_the_instruction_is_read_too(home: Path) -> None:
    _saves(home, "evening")
    assert bash(home, "cardavia resume ", "bash_complete") == ["evening"]


# -- man pages -----------------------------------------------------------------------------------
MAN = Path(__file__).resolve().parent.parent / "man"


def _pages() -> dict[str, str]:
    from cardavia_cli.manpages import pages

    return pages()


def _rendered(name: str) -> str:
    """The page as ``man`` shows it at 80 columns, words joined across lines."""
    import shutil
    import subprocess

    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    done = subprocess.run(
        ["groff", "-ww", "-man", "-Tutf8", "-rLL=80n", "-P-cbou", str(MAN / name)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return " ".join(done.stdout.replace("\u2010\n", "").replace("-\n", "-").split())


@pytest.mark.parametrize("name", sorted(_pages()))
def test_every_man_page_reads_without_a_warning(name: str) -> None:
    import shutil
    import subprocess

    _rendered(name)  # groff -ww: no warning at all
    if shutil.which("man") is not None:
        done = subprocess.run(
            ["man", "-l", str(MAN / name)],
            capture_output=True,
            text=True,
            env={"MANWIDTH": "80", "MANPAGER": "cat", "PATH": "/usr/bin:/bin"},
            check=False,
        )
        assert done.returncode == 0 and done.stderr == "", done.stderr
    assert _pages()[name].isascii()  # so troff reads it in any locale, with no preprocessor


def test_regression_the_root_page_has_exit_status_files_and_examples() -> None:
    root = _pages()["cardavia.1"]
    sections = [line[4:] for line in root.splitlines() if line.startswith(".SH ")]
    assert sections == [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "COMMANDS",
        "COMMAND GROUPS",
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SEE ALSO",
    ]
    text = _rendered("cardavia.1")
    for code in ("0 Success.", "1 A well-formed yes/no question", "2 Bad usage", "130"):
        assert code in text
    for path in (
        "$CARDAVIA_HOME/saves/NAME.toml",
        "$CARDAVIA_HOME/saves/autosave-GAME-SEED.toml",
        "$CARDAVIA_HOME/saves/scores.db",
        "$CARDAVIA_HOME/history",
    ):
        assert path in text
    assert "cardavia-guandan(6)" in text and "cardavia-saves(1)" in text


@pytest.mark.parametrize("game", SHIPPED)
def test_regression_each_game_has_a_section_6_page_with_its_repl_commands(game: str) -> None:
    from cardavia_cli.engine.ui import GameUI
    from cardavia_cli.repl.commands import session_registry
    from cardavia_cli.repl.hooks import load_ui

    name = f"cardavia-{game}.6"
    assert name in _pages() and f"cardavia-{game}.1" not in _pages()
    assert _pages()[name].startswith(f'.TH CARDAVIA-{game.upper()} 6 ""')
    text = _rendered(name)
    ui: GameUI = load_ui(game)
    registry = list(session_registry(ui))
    assert {"help", "hint", "quit"} <= {c.verb for c in registry}
    for cmd in registry:
        assert f" {cmd.usage} " in text, cmd.usage
    for verb in ui.actions:
        assert f" {verb.usage} " in text
    assert "EXAMPLES" in text and f"cardavia {game} play --seed 3 --save evening" in text


def test_regression_man_placeholders_are_those_of_help(home: Path) -> None:
    """Every option and argument is written in the pages as ``--help`` writes it (the man
    pages said --deal DEAL where the help said --deal <Path>)."""
    import re

    rendered = {name: _rendered(name) for name in _pages()}
    for path in _every_command():
        if not path:
            continue
        page = f"cardavia-{path[0]}.6" if path[0] in SHIPPED else f"cardavia-{path[0]}.1"
        text = rendered.get(page, rendered["cardavia.1"])
        help_text = run_cardavia(*path, "--help", home=home).stdout
        options = help_text.split("Options:\n", 1)[-1] if "Options:" in help_text else ""
        for line in options.splitlines():
            found = re.match(r"  (-\S.*?)(  |$)", line)
            if found:
                assert f" {found.group(1)} " in text, (path, found.group(1))
    assert "--deal FILE" in rendered["cardavia-sisepai.6"]
    assert "--ai LEVEL" in rendered["cardavia-guandan.6"]
