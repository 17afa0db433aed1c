"""Regressions of the command layer, each test named after what it fixes: only the program's
own errors are bad input; a closed standard input; numbers that ``str.isdigit`` accepts but
``int`` refuses; deal files that are devices, folders or huge; the resume command printed
after ``save a.toml.toml``; ``new -5`` in the REPL."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands.common import guarded, save_path, whole_number
from cardavia_cli.engine.errors import CardaviaError, DealFileError, UnknownNameError
from cardavia_cli.engine.numbers import parse_int
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
    with pytest.raises(DealFileError, match=r"actions\[0\] = '² pass': write \"SEAT COMMAND\""):
        load_deal(path)
    for args in (
        ["run", str(path)],
        ["resume", str(path)],
        ["sisepai", "play", "--deal", str(path)],
    ):
        assert_one_line_error(invoke(*args, input=""), "actions[0]", "SEAT COMMAND")


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
        (["run", "x.toml", "--max-deals", "0"], "--max-deals must be 1 or more"),
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
@given(st.from_regex(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,12}", fullmatch=True))
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
