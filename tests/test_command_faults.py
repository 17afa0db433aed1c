"""Regressions of the command layer, each test named after what it fixes: only the program's
own errors are bad input; a closed standard input; numbers that ``str.isdigit`` accepts but
``int`` refuses; deal files that are devices, folders or huge; the resume command printed
after ``save a.toml.toml``; ``new -5`` in the REPL."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from cli_support import run_cardavia
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands.common import guarded, save_path, whole_number
from cardavia_cli.engine.errors import CardaviaError, DealFileError, UnknownNameError
from cardavia_cli.engine.numbers import parse_decimal, parse_int
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.engine.saves import resume_name, save_target
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import (
    MAX_FILE_BYTES,
    DealFile,
    load_deal,
    new_game_state,
    read_text,
)
from cardavia_cli.repl import hooks
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.output import Note, Problem
from cardavia_cli.repl.reader import LineReader, is_terminal
from cardavia_cli.repl.session import Session

runner = CliRunner()
#: Texts that are not whole numbers here, though ``isdigit`` or ``int`` accepts some of them.
NOT_NUMBERS = ["²", "³1", "١٢", "１２", "1_000", "+1", " 1", "1 ", "", "-", "0x1", "1.0"]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def assert_one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    err = result.stderr
    assert err.startswith("cardavia: error: ") and err.count("\n") == 1
    assert "Traceback" not in err and "Traceback" not in result.stdout
    for needle in needles:
        assert needle in err


def make_session(seed: int = 3) -> tuple[Session, io.StringIO]:
    header = DealFile(game="sisepai", seed=seed)
    out = io.StringIO()
    session = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        header,
        new_game_state(header),
        console=Console(file=out, width=100, no_color=True, force_terminal=False),
    )
    session.emit(session.begin())
    return session, out


def texts(reply) -> list[str]:
    return [str(item.text) for item in reply if isinstance(item, (Note, Problem))]


# -- only CardaviaError is bad input -------------------------------------------------------------


def test_regression_guarded_no_longer_hides_a_key_error_as_bad_input():
    @guarded
    def buggy() -> None:
        table: dict[str, int] = {}
        table["missing"] += 1

    with pytest.raises(KeyError):
        buggy()

    @guarded
    def bad_input() -> None:
        raise UnknownNameError("unknown game 'x'")

    with pytest.raises(typer.Exit) as exc:
        bad_input()
    assert exc.value.exit_code == 2


def test_regression_unknown_names_raise_cardavia_errors():
    known = r"\(known: cucu, guandan, minchiate, sisepai, tally\)"
    with pytest.raises(CardaviaError, match=rf"^unknown game 'nosuch' {known}$"):
        load_game("nosuch")
    with pytest.raises(CardaviaError, match=r"^unknown computer player level 'genius'"):
        make_agents(load_game("sisepai"), ["basic", "genius", "basic", "basic"])
    err = UnknownNameError("unknown game 'x'")
    assert isinstance(err, KeyError) and str(err) == "unknown game 'x'"  # not quoted twice


def test_regression_a_game_without_a_repl_hook_is_a_cardavia_error(monkeypatch):
    real = hooks.importlib.import_module

    def missing(name: str):
        if not name.endswith(".repl"):
            return real(name)
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(hooks.importlib, "import_module", missing)
    with pytest.raises(CardaviaError, match="cannot be played in the REPL yet"):
        load_ui("sisepai")


def test_a_repl_module_whose_ui_is_no_game_ui_is_refused(monkeypatch):
    import types

    real = hooks.importlib.import_module

    def probed(name: str):
        if not name.endswith(".repl"):
            return real(name)
        return types.SimpleNamespace(UI=object())  # an old hook, probed for attributes

    monkeypatch.setattr(hooks.importlib, "import_module", probed)
    with pytest.raises(TypeError, match=r"\.repl\.UI is not a GameUI"):
        load_ui("sisepai")


def test_unknown_game_and_level_are_still_one_line_and_exit_2():
    assert_one_line_error(invoke("arena", "nosuch"), "unknown game 'nosuch'")
    assert_one_line_error(invoke("sisepai", "play", "--ai", "genius"), "genius")


# -- a closed standard input ---------------------------------------------------------------------


def test_regression_closed_stdin_ends_play_without_a_traceback(tmp_path: Path):
    env = dict(os.environ, CARDAVIA_HOME=str(tmp_path / "home"), NO_COLOR="1")
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m cardavia_cli sisepai play --seed 3 <&-', sys.executable],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""
    assert "Si Se Pai, seed 3" in done.stdout


def test_regression_line_reader_without_a_stream_is_at_the_end_of_input(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(EOFError):
        LineReader().read("")
    closed = io.StringIO("hand\n")
    closed.close()
    with pytest.raises(EOFError):
        LineReader(closed).read("")
    assert is_terminal(None, io.StringIO()) is False


# -- numbers: ASCII digits only ------------------------------------------------------------------


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_parse_int_refuses_what_is_not_ascii_digits(text: str):
    assert parse_int(text) is None


def test_parse_int_reads_ascii_digits_and_refuses_huge_numbers():
    assert [parse_int(t) for t in ("0", "007", "42", "-5")] == [0, 7, 42, -5]
    assert parse_int("9" * 5000) is None  # beyond int()'s digit limit: refused, not raised


@pytest.mark.parametrize(
    "text", ["\u0661", "0_5", "1e0", "inf", "nan", "-1", "+1", "1,5", "", ".", "\uff11", "0x1"]
)
def test_regression_a_fraction_is_ascii_digits_and_one_point(text: str):
    """``float`` read the pace: ``0_5`` was 5 seconds, ``١`` one second, ``1e0`` one."""
    from cardavia_cli.repl.settings import parse_pace

    assert parse_decimal(text) is None
    assert parse_pace(text) is None
    assert parse_decimal(" 1") is None and parse_pace(" 1") == 1.0  # a typed word is stripped


def test_parse_decimal_reads_digits_with_a_fraction():
    assert [parse_decimal(t) for t in ("0", "2", "0.25", ".5", "1.", "007.50")] == [
        0.0,
        2.0,
        0.25,
        0.5,
        1.0,
        7.5,
    ]
    assert parse_decimal("9" * 41) is None


@given(st.text(max_size=8))
def test_parse_int_accepts_exactly_optional_minus_and_ascii_digits(text: str):
    value = parse_int(text)
    assert (value is not None) == bool(re.fullmatch(r"-?[0-9]+", text, re.ASCII))
    if value is not None:
        assert value == int(text)


@given(st.integers(min_value=-(10**30), max_value=10**30))
def test_parse_int_round_trips_integers(n: int):
    assert parse_int(str(n)) == n


def _superscript_deal(tmp_path: Path) -> Path:
    path = tmp_path / "sq.toml"
    path.write_text('format = 1\ngame = "sisepai"\nseed = 3\nactions = ["² pass"]\n')
    return path


def test_regression_superscript_seat_in_a_deal_file_run_resume_and_play(tmp_path: Path):
    path = _superscript_deal(tmp_path)
    with pytest.raises(DealFileError, match=r"action 1 of 1 \('² pass'\): write \"SEAT COMMAND\""):
        load_deal(path)
    for args in (
        ["run", str(path)],
        ["resume", str(path)],
        ["sisepai", "play", "--deal", str(path)],
    ):
        assert_one_line_error(invoke(*args, input=""), "action 1 of 1", "SEAT COMMAND")


@pytest.mark.parametrize("line", ["²", "log ²", "log ١", "new ²", "new 1_000", "new -5", "-1"])
def test_regression_superscript_and_other_non_numbers_in_the_repl(line: str):
    session, _ = make_session()
    session.emit(session.execute("auto all"))  # the deal is over: new is allowed
    assert session.state.is_over
    reply = texts(session.execute(line))
    assert len(reply) == 1
    assert "internal error" not in reply[0]
    word = line.split()[0]
    if word in ("log", "new"):
        assert reply[0].startswith(f"usage: {word}") or f"{word} takes" in reply[0]
    else:
        assert f"unknown command {line!r}" in reply[0]


def test_numbers_in_the_repl_still_work():
    session, _ = make_session()
    session.emit(session.execute("auto all"))
    assert len(texts(session.execute("log 2"))) == 0  # a grid of two events, no problem
    reply = session.execute("new 12")
    assert session.header.seed == 12 and not any(isinstance(r, Problem) for r in reply)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["sisepai", "play", "--seed", "²"], "--seed"),
        (["sisepai", "play", "--seed", "1_000"], "--seed"),
        (["run", "x.toml", "--max-deals", "²"], "--max-deals"),
        (["run", "x.toml", "--max-deals", "0"], "'0' is not a whole number 1 or more"),
        (["arena", "sisepai", "--deals", "²"], "--deals"),
        (["arena", "sisepai", "--deals", "١٢"], "--deals"),
        (["arena", "sisepai", "--seed", "+3"], "--seed"),
    ],
)
def test_regression_superscript_options_are_usage_errors(args: list[str], needle: str):
    done = invoke(*args, input="")
    assert done.exit_code == 2
    assert needle in done.stderr and "Traceback" not in done.stderr


def test_whole_number_option_parser():
    assert whole_number("17") == 17 and whole_number(" 17 ") == 17 and whole_number(200) == 200
    for text in ("²", "-1", "1_0"):
        with pytest.raises(typer.BadParameter):
            whole_number(text)


# -- deal files: regular files, at most 1 MiB ----------------------------------------------------


def test_regression_run_dev_zero_is_refused_at_once():
    assert_one_line_error(invoke("run", "/dev/zero"), "/dev/zero", "device, pipe or socket")


def test_regression_a_fifo_is_refused_without_blocking(tmp_path: Path):
    fifo = tmp_path / "deal.toml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "cardavia_cli", "run", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "device, pipe or socket" in done.stderr


def test_regression_deal_files_are_limited_to_one_mebibyte(tmp_path: Path):
    head = 'format = 1\ngame = "sisepai"\nseed = 3\n'
    exact = tmp_path / "exact.toml"
    exact.write_text(head + "#" * (MAX_FILE_BYTES - len(head) - 1) + "\n")
    assert exact.stat().st_size == MAX_FILE_BYTES
    assert load_deal(exact).seed == 3
    big = tmp_path / "big.toml"
    big.write_text(head + "#" * (MAX_FILE_BYTES - len(head)) + "\n")
    assert big.stat().st_size == MAX_FILE_BYTES + 1
    with pytest.raises(DealFileError, match=r"big\.toml: larger than 1 MiB: not a deal file"):
        read_text(big)
    assert_one_line_error(invoke("run", str(big)), "larger than 1 MiB")


def test_deal_file_newlines_read_as_text(tmp_path: Path):
    path = tmp_path / "crlf.toml"
    path.write_bytes(b'\xef\xbb\xbfformat = 1\r\ngame = "sisepai"\r\nseed = 4\r\n')
    assert read_text(path) == 'format = 1\ngame = "sisepai"\nseed = 4\n'


def test_regression_resume_of_a_directory_says_so(tmp_path: Path):
    (tmp_path / "evening").mkdir()
    assert_one_line_error(invoke("resume", "evening"), "evening: is a directory, not a deal file")
    assert_one_line_error(invoke("resume", str(tmp_path)), "is a directory")
    done = invoke("resume", "nothing-here")
    assert_one_line_error(done, "no such save")


# -- save names and the resume command -----------------------------------------------------------


def test_regression_save_a_toml_toml_prints_a_resume_command_for_that_file():
    session, _ = make_session()
    [note] = texts(session.save("a.toml.toml"))
    written = save_target("a.toml.toml")
    assert written.name == "a.toml.toml" and written.is_file()
    assert note.endswith("Continue it with: cardavia resume a.toml.toml")
    assert save_path("a.toml.toml") == written


@settings(max_examples=60)
@given(st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,12}", fullmatch=True))
def test_the_resume_name_of_a_save_reads_back_as_the_same_file(name: str):
    target = save_target(name)
    assert save_path(resume_name(target)) == target


# -- new with a refused seed ---------------------------------------------------------------------


def test_regression_new_with_a_refused_seed_keeps_the_deal(tmp_path: Path):
    session, _ = make_session(seed=3)
    session.emit(session.execute("auto all"))
    before = (session.header.seed, session.state)
    with pytest.raises(DealFileError, match="0 or more"):
        session.new_game(-5)
    assert (session.header.seed, session.state) == before
    [note] = texts(session.save(str(tmp_path / "after.toml")))
    assert note.startswith("Saved to")
    assert load_deal(tmp_path / "after.toml").seed == 3
    assert invoke("run", str(tmp_path / "after.toml"), "--json").exit_code == 0


# -- a home folder that is a file ----------------------------------------------------------------
EXAMPLE = Path(__file__).parent.parent / "saves" / "examples" / "sisepai-first-draw-win.toml"
HOME_COMMANDS = [
    ["saves", "list"],
    ["saves", "list", "--json"],
    ["saves", "show", "evening"],
    ["saves", "delete", "evening", "--yes"],
    ["scores", "list"],
    ["scores", "export", "--format", "json"],
    ["run", str(EXAMPLE)],
    ["resume", "evening"],
    ["resume"],
    ["sisepai", "play", "--seed", "1"],
    ["sisepai", "play", "--seed", "1", "--save", "evening"],
]


@pytest.mark.parametrize("args", HOME_COMMANDS, ids=" ".join)
def test_regression_a_home_that_is_a_file_stops_every_command_that_uses_it(
    _home: Path, args: list[str]
):
    # `scores list` and `saves list` said "nothing yet" with exit 0, `run` only warned.
    _home.write_text("not a folder\n")
    done = run_cardavia(*args, stdin="quit\n", home=_home)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("cardavia: error: ") and done.stderr.endswith(
        f"CARDAVIA_HOME {_home} is a file, not a folder: cardavia keeps its saves, scores and "
        "history there (move it away, or set CARDAVIA_HOME to a folder)\n"
    )
    assert done.stderr.count("\n") == 1
    assert _home.read_text() == "not a folder\n"


@pytest.mark.parametrize("args", HOME_COMMANDS, ids=" ".join)
def test_regression_a_saves_folder_that_is_a_file_stops_every_command_that_uses_it(
    _home: Path, args: list[str]
):
    _home.mkdir()
    (_home / "saves").write_text("not a folder\n")
    done = run_cardavia(*args, stdin="quit\n", home=_home)
    if args[:2] == ["sisepai", "play"] and "--save" not in args:
        # a game without a save uses only the history, which is beside the saves folder
        assert done.returncode == 0, done.stderr
        return
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.endswith(
        f"the saves folder {_home / 'saves'} is a file, not a folder: cardavia keeps its saves "
        "and scores there (move it away, or set CARDAVIA_HOME to a folder)\n"
    )
    assert done.stderr.count("\n") == 1


def test_regression_the_lobby_with_a_home_that_is_a_file_is_one_line(_home, monkeypatch):
    from cardavia_cli.repl import reader

    _home.write_text("")
    monkeypatch.setattr(reader, "is_terminal", lambda *a, **k: True)
    done = run_cardavia(home=_home)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"cardavia: error: CARDAVIA_HOME {_home} is a file, not a folder: cardavia keeps its "
        "saves, scores and history there (move it away, or set CARDAVIA_HOME to a folder)\n"
    )


@pytest.mark.parametrize(
    "args", [["settings"], ["settings", "contrast", "high"], ["settings", "--reset"]]
)
def test_regression_settings_with_a_home_that_is_a_file_is_one_line(_home, args):
    """``cardavia settings`` listed the defaults, exit 0, as "kept in FILE/settings.toml"."""
    _home.write_text("")
    done = run_cardavia(*args, home=_home)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"cardavia: error: CARDAVIA_HOME {_home} is a file, not a folder: cardavia keeps its "
        "saves, scores and history there (move it away, or set CARDAVIA_HOME to a folder)\n"
    )
    assert _home.read_text() == ""


def test_commands_that_keep_nothing_run_with_a_home_that_is_a_file(_home: Path):
    _home.write_text("")
    assert run_cardavia("sisepai", "check", "rK", home=_home).returncode == 2  # 1 card: bad
    assert run_cardavia("run", str(EXAMPLE), "--stop", "--json", home=_home).returncode == 0
    assert run_cardavia("cucu", "check", "0=1", "1=2", home=_home).returncode == 0


# -- NUL bytes and other texts that cannot be paths ----------------------------------------------
NUL_REFUSALS = [
    (
        ["run", "a\0.toml"],
        "Invalid value for 'file': 'a\\x00.toml' is not a file name: it holds a NUL byte "
        "(\\x00), which no file name can hold (see 'cardavia run --help')",
    ),
    (
        ["sisepai", "play", "--deal", "sub/a\0.toml"],
        "Invalid value for '--deal': 'sub/a\\x00.toml' is not a file name: it holds a NUL "
        "byte (\\x00), which no file name can hold (see 'cardavia sisepai play --help')",
    ),
    (
        ["sisepai", "play", "--save", "sub/a\0.toml"],
        "--save: 'sub/a\\x00.toml' is not a save path: it holds a NUL byte (\\x00), which no "
        "file name can hold",
    ),
    (
        ["resume", "a\0"],
        "'a\\x00' is not a save name or file: it holds a NUL byte (\\x00), which no file name "
        "can hold",
    ),
    (
        ["saves", "show", "sub/a\0.toml"],
        "'sub/a\\x00.toml' is not a save name or file: it holds a NUL byte (\\x00), which no "
        "file name can hold",
    ),
    (
        ["saves", "delete", "a\0", "--yes"],
        "'a\\x00' is not a save name or file: it holds a NUL byte (\\x00), which no file name "
        "can hold",
    ),
]


EMPTY_REFUSALS = [
    # `run ''` said "error: .: is a directory, not a deal file" (Path("") is the current folder)
    (
        ["run", ""],
        "Invalid value for 'file': '' is not a file name: it is empty (see 'cardavia run --help')",
    ),
    (
        ["review", ""],
        "Invalid value for 'SAVE': '' is not a file name: it is empty (see 'cardavia review "
        "--help')",
    ),
    (["saves", "show", ""], "'' is not a save name or file: it is empty"),
    (["scores", "export", "-o", ""], "--output needs a file name, or - for standard output"),
]


@pytest.mark.parametrize(
    ("args", "message"), NUL_REFUSALS + EMPTY_REFUSALS, ids=lambda a: repr(a)[:30]
)
def test_regression_a_nul_byte_in_a_name_or_path_is_refused_in_plain_words(
    tmp_path: Path, args: list[str], message: str
):
    (tmp_path / "sub").mkdir()
    done = run_cardavia(*args, home=tmp_path / "home")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"cardavia: error: {message}\n")


def test_regression_save_with_a_nul_byte_in_the_repl_is_refused_in_plain_words(tmp_path: Path):
    # It said "internal error on 'save sub/a\x00.toml': ValueError: embedded null byte".
    (tmp_path / "sub").mkdir()
    session, _ = make_session()
    assert texts(session.execute("save sub/a\0.toml")) == [
        "'sub/a\\x00.toml' is not a save path: it holds a NUL byte (\\x00), which no file name "
        "can hold"
    ]
    assert texts(session.execute("save a\0")) == [
        "'a\\x00' is not a save name: use letters, digits, '-', '_' and '.' (not '-' or '.' "
        "first), at most 100 characters (e.g. evening)"
    ]
    assert list((tmp_path / "sub").iterdir()) == []


def test_regression_a_lone_surrogate_in_a_save_path_is_refused_in_plain_words(tmp_path: Path):
    (tmp_path / "sub").mkdir()
    with pytest.raises(CardaviaError) as info:
        save_target("sub/a\ud800.toml")
    assert str(info.value) == (
        "'sub/a\\ud800.toml' is not a save path: it holds characters the file system cannot "
        "store (\\ud800)"
    )


# -- file names printed literally ----------------------------------------------------------------
STRANGE_NAMES = {
    "[red]x": "[red]x",
    "[link=file]y": "[link=file]y",
    "e\x1b[31mq": "e\\x1b[31mq",
    "bell\x07": "bell\\x07",
    "rtl\u202eabc": "rtl\\u202eabc",
    "latin\udce9": "latin\\xe9",  # a name that is not UTF-8: the byte 0xe9
}


def _strange_saves(home: Path) -> None:
    (home / "saves").mkdir(parents=True)
    for name in STRANGE_NAMES:
        (home / "saves" / f"{name}.toml").write_text('format = 1\ngame = "sisepai"\nseed = 2\n')


def test_regression_saves_list_prints_file_names_literally(_home: Path):
    # `[red]x.toml` was shown as `x`, a `[link=...]` name became a hidden link, and the
    # escape characters of a name reached the terminal.
    _strange_saves(_home)
    done = run_cardavia("saves", "list", home=_home, env={"COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    names = [line.split()[0] for line in done.stdout.splitlines()[2:]]
    assert sorted(names) == sorted(STRANGE_NAMES.values())
    assert done.stdout.isascii() and "\x1b" not in done.stdout and "\x07" not in done.stdout


def test_regression_saves_show_delete_and_the_lobby_print_file_names_literally(_home: Path):
    from cardavia_cli.commands.lobby import Lobby
    from cardavia_cli.repl.console import make_console

    _strange_saves(_home)
    shown = run_cardavia("saves", "show", "[red]x", home=_home)
    assert shown.stdout.splitlines()[0] == "name: [red]x"
    escape = run_cardavia("saves", "show", "e\x1b[31mq", home=_home)
    assert escape.stdout.splitlines()[0] == "name: e\\x1b[31mq"
    out = io.StringIO()
    lobby = Lobby(make_console(file=out, terminal=False))
    lobby.renderer.show(lobby.list_saves(limit=10))
    listed = out.getvalue()
    for literal in STRANGE_NAMES.values():
        assert f"  {literal}  " in listed
    assert "\x1b" not in listed
    gone = run_cardavia("saves", "delete", "e\x1b[31mq", "--yes", home=_home)
    assert (gone.returncode, gone.stdout) == (0, "Deleted e\\x1b[31mq.\n")
    missing = run_cardavia("saves", "show", "e\x1b[31mq", home=_home)
    assert missing.returncode == 2 and "\x1b" not in missing.stderr
    assert missing.stderr.startswith("cardavia: error: e\\x1b[31mq: no such save (saves: ")


def test_regression_the_repl_prints_a_saved_path_literally(tmp_path: Path):
    from cardavia_cli.repl.render import Renderer

    (tmp_path / "sub").mkdir()
    session, _ = make_session()
    out = io.StringIO()
    Renderer(Console(file=out, width=200, no_color=True)).show(
        session.execute("save sub/\x1b[2Jx.toml")
    )
    assert out.getvalue().startswith("Saved to sub/\\x1b[2Jx.toml (")
    assert (tmp_path / "sub" / "\x1b[2Jx.toml").is_file()


# -- a deeply nested file in the saves folder ----------------------------------------------------
DEEP = 'format = 1\ngame = "sisepai"\nx = ' + "[" * 500 + "]" * 500 + "\n"
DEEP_MESSAGE = "arrays or tables nested more than 16 deep: not a deal file"


def test_regression_a_deeply_nested_save_is_unreadable_not_a_crash_of_every_listing(_home: Path):
    # A RecursionError with a traceback crashed `saves list`, `resume` and the lobby.
    from cardavia_cli.commands.lobby import Lobby
    from cardavia_cli.repl.console import make_console

    (_home / "saves").mkdir(parents=True)
    deep = _home / "saves" / "deep.toml"
    deep.write_text(DEEP)
    (_home / "saves" / "good.toml").write_text('format = 1\ngame = "sisepai"\nseed = 2\n')
    listed = run_cardavia("saves", "list", "--json", home=_home)
    rows = {row["name"]: row for row in json.loads(listed.stdout)["saves"]}
    assert rows["deep"]["error"] == f"{deep}: {DEEP_MESSAGE}"
    assert rows["good"]["error"] is None and rows["good"]["state"] == "seat 2 is to act (claim)"
    table = run_cardavia("saves", "list", home=_home, env={"COLUMNS": "300"})
    assert table.returncode == 0 and f"{deep}: {DEEP_MESSAGE}" in table.stdout
    (row,) = [ln for ln in table.stdout.splitlines() if ln.split()[:1] == ["deep"]]
    assert row.count("unreadable") == 1  # the status column; the next says why
    for args in (["resume", "deep"], ["resume", str(deep)], ["run", str(deep)]):
        done = run_cardavia(*args, home=_home)
        assert (done.returncode, done.stderr) == (2, f"cardavia: error: {deep}: {DEEP_MESSAGE}\n")
    out = io.StringIO()
    lobby = Lobby(make_console(file=out, terminal=False))
    lobby.renderer.show(lobby.welcome())
    lobby.renderer.show(lobby.execute("resume deep"))
    assert f"! {deep}: {DEEP_MESSAGE}" in out.getvalue().splitlines()


def test_regression_saves_list_json_of_a_name_that_is_not_utf8_is_valid_json(_home: Path):
    # With a strict UTF-8 standard output, the lone surrogate raised UnicodeEncodeError.
    (_home / "saves").mkdir(parents=True)
    (_home / "saves" / "latin\udce9.toml").write_text('format = 1\ngame = "sisepai"\n')
    done = run_cardavia("saves", "list", "--json", home=_home)
    assert done.returncode == 0, done.stderr
    assert '"name": "latin\\udce9"' in done.stdout
    assert json.loads(done.stdout)["saves"][0]["name"] == "latin\udce9"


# -- seeds are one kind of number everywhere -------------------------------------------------------
@pytest.mark.parametrize("seed", ["9223372036854775808", "99999999999999999999999999", "-1"])
def test_regression_a_deal_file_seed_out_of_range_is_one_line_like_the_option(
    tmp_path: Path, seed: str
) -> None:
    """A seed a deal file gives is bounded as ``--seed`` is (0 to 2^63-1): it was run."""
    path = tmp_path / "big.toml"
    path.write_text(f'format = 1\ngame = "cucu"\nseed = {seed}\n', encoding="utf-8")
    assert_one_line_error(invoke("run", str(path)), "big.toml", "'seed'")
    if seed != "-1":
        assert_one_line_error(invoke("run", str(path)), "at most 9223372036854775807")
    largest = tmp_path / "largest.toml"
    largest.write_text('format = 1\ngame = "cucu"\nseed = 9223372036854775807\n', encoding="utf-8")
    assert invoke("run", str(largest), "--json").exit_code == 0


def test_regression_minus_zero_is_seed_0_in_the_repl_as_on_the_command_line() -> None:
    """``--seed -0`` and the lobby's ``play cucu -0`` meant seed 0; the REPL's ``new -0`` was
    refused. One parse of a seed now: ``-0`` is 0 everywhere, ``-1`` nowhere."""
    assert whole_number("-0") == 0
    session, _ = make_session()
    session.execute("auto all")
    assert session.state.is_over
    session.execute("new -0")
    assert session.state.seed == 0
    refused = [item.text for item in session.execute("new -1") if isinstance(item, Problem)]
    assert refused and refused[0].startswith("new takes nothing or a seed")


def test_regression_a_save_name_may_not_start_with_a_minus() -> None:
    """``save -x`` was taken and then told to continue with ``cardavia resume -x``, which is
    an unknown option: a save name starts with a letter, a digit or ``_``."""
    with pytest.raises(CardaviaError, match=r"^'-x' is not a save name: .*not '-' or '\.' first"):
        save_target("-x")
    session, _ = make_session()
    told = [item.text for item in session.execute("save -x") if isinstance(item, Problem)]
    assert told and "is not a save name" in told[0]
    assert save_target("_x").name == "_x.toml"


def test_regression_a_game_saved_under_a_name_is_kept_there_after_each_decision(
    _home: Path,
) -> None:
    """``save xx`` wrote the game once and later decisions went nowhere, so ``resume xx``
    replayed an old position (and the ledger could record the deal twice): a named save is
    kept up to date from then on, as with ``--save NAME``."""
    session, _ = make_session()
    [note] = texts(session.execute("save xx"))
    assert "(0 actions; kept there after each of your decisions)" in note
    session.execute("auto")
    session.execute("auto")
    saved = load_deal(_home / "saves" / "xx.toml")
    assert saved.actions == session.state.recorded_actions() and len(saved.actions) >= 2


def test_regression_run_of_a_missing_bare_name_names_both_places(_home: Path) -> None:
    """``run missing.toml`` named only the saves folder's file, though the person meant the
    file in this folder: both places are named."""
    assert_one_line_error(
        invoke("run", "missing.toml"),
        "missing.toml: no such file, here or in the saves folder (",
        str(_home / "saves"),
    )


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("dicsard", "discard"), ("clam", "claim"), ("hnit", "hint"), ("sav", "save")],
)
def test_regression_a_typo_in_the_repl_names_the_command_meant(typed: str, meant: str) -> None:
    """Inside the REPL a typo got a bare "unknown command" where the command line says "Did
    you mean"."""
    session, _ = make_session()
    [said] = texts(session.execute(f"{typed} x"))
    assert (
        said
        == f"unknown command {typed!r} (did you mean {meant}?): type help for the list of commands"
    )


def test_regression_marks_of_right_to_left_text_in_a_line_are_not_part_of_it() -> None:
    """A right-to-left mark before a command (as an Arabic keyboard or a paste puts it) made
    it unknown ("did you mean hand?"); every such mark in a line is left out."""
    session, _ = make_session()
    plain = texts(session.execute("hand"))
    assert texts(session.execute("\u200fhand")) == plain
    assert texts(session.execute("\u2067hand\u2069 ")) == plain
    assert texts(session.execute("\u200f")) == []  # an empty line, as it looks


def test_a_word_like_no_command_gets_no_guess() -> None:
    session, _ = make_session()
    [said] = texts(session.execute("zzzzqq"))
    assert said == "unknown command 'zzzzqq': type help for the list of commands"


def test_regression_a_numbered_choice_out_of_range_gives_the_range() -> None:
    """``discard 13`` with 12 numbered discards said "unknown card '13'": it names the range."""
    session, _ = make_session()
    for _ in range(40):  # on to the person's first discard
        if session.state.phase == "discard" and session.human_to_act():
            break
        session.execute("auto")
    assert session.state.phase == "discard" and session.human_to_act()
    choices = session.ui.choices(session.view())
    n = len(choices)
    [said] = texts(session.execute(f"discard {n + 1}"))
    assert said == (
        f"discard {n + 1}: there is no such choice; the discard choices are numbered 1 to {n}, "
        f"or type one as it is listed ({choices[0]})"
    )
    assert choices[0].startswith("discard ")
    assert session.state.phase == "discard"  # nothing was played


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_regression_a_write_never_replaces_a_device_or_pipe(tmp_path: Path) -> None:
    """``scores export -o PIPE --force`` (and ``/dev/full``) once replaced the pipe or device by
    a plain file holding the export; now it is one line, exit 2, and the pipe stays a pipe."""
    import stat

    fifo = tmp_path / "scores.csv"
    os.mkfifo(fifo)
    for target, force in [(t, f) for t in (str(fifo), os.devnull) for f in ([], ["--force"])]:
        # without --force too: "exists already; add --force" pointed to a flag that never works
        result = run_cardavia(
            "scores", "export", "--format", "csv", "-o", target, *force, home=tmp_path
        )
        assert result.returncode == 2
        assert result.stderr.strip().splitlines() == [
            f"cardavia: error: {target}: is a device, pipe or socket: not replaced by a file"
        ]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_regression_a_settings_file_that_never_ends_is_refused_unread(tmp_path: Path) -> None:
    """A ``settings.toml`` linked to ``/dev/zero`` was read whole (all memory, then killed);
    and a huge one was read too. Now each is one line naming the file, read no further."""
    settings = tmp_path / "settings.toml"
    settings.symlink_to("/dev/zero")
    result = run_cardavia("settings", home=tmp_path)
    assert result.returncode == 2
    assert f"{settings}: cannot be read (a device, pipe or socket, not a file)" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    settings.unlink()
    settings.write_bytes(b"#" * (2 * 1024 * 1024))
    result = run_cardavia("settings", home=tmp_path)
    assert result.returncode == 2
    assert f"{settings}: cannot be read (larger than 1 MiB)" in result.stderr


def test_regression_output_to_a_full_disk_or_a_gone_reader() -> None:
    """``scores export -o - > /dev/full`` exited 0 with the export lost; ``review | head`` exited
    1 or 0 by timing. A failed write of standard output is one line and exit 2 (said by the
    command, or at the last flush: "cannot write the output"); a reader that has gone is exit
    141 (128 + SIGPIPE), with nothing on stderr."""
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    env = {**os.environ, "CARDAVIA_HOME": os.devnull + "-none"}
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "cardavia_cli.app",
                "guandan",
                "check",
                "2H",
                "--level",
                "5",
                "--json",
            ],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["cardavia: error: No space left on device"]


@pytest.mark.parametrize(
    "args",
    [
        ["run", str(EXAMPLE.parent / "sisepai-claims-whole-deal.toml")],
        ["arena", "cucu", "--deals", "2", "--seats", "basic,basic,basic,basic"],
    ],
)
def test_regression_a_reader_that_has_gone_from_a_rich_print_is_exit_141(args, tmp_path) -> None:
    """``run FILE | head -1`` exited 1 (rich's own end for a broken pipe, which says "no"):
    every console of the program raises BrokenPipeError there, exit 141, nothing said."""
    env = {**os.environ, "CARDAVIA_HOME": str(tmp_path / "home"), "COLUMNS": "80"}
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line: every write fails
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cardavia_cli.app", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            env=env,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, b"")


def test_regression_a_reader_that_has_gone_is_exit_141(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command whose reader has gone (``review | head``) exited 1 or 0 by timing: a broken
    pipe is exit 141 (128 + SIGPIPE), nothing said, standard output silenced."""
    from cardavia_cli.commands import common

    silenced: list[bool] = []
    monkeypatch.setattr(common, "silence_stdout", lambda: silenced.append(True))

    @guarded
    def command() -> None:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(typer.Exit) as exc:
        command()
    assert exc.value.exit_code == 141 and silenced == [True]
