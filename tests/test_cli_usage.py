"""The entry point's handling of usage errors, seeds, saves to resume, and the rules text."""

from __future__ import annotations

import re
import subprocess

import pytest
from cli_support import run_cardavia
from typer.testing import CliRunner

from cardavia_cli.app import app, main
from cardavia_cli.commands.render import rules_text
from cardavia_cli.engine.errors import DealFileError
from cardavia_cli.games.deals import parse_deal

runner = CliRunner()


def cardavia(*args: str) -> subprocess.CompletedProcess[str]:
    """The console-script entry point, in this process (``cli_support``)."""
    return run_cardavia(*args)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["sisepai", "play", "--seed", "abc"], "Invalid value for '--seed'"),
        (["sisepai", "play", "--seed", "-1"], "--seed"),
        (["run"], "Missing argument"),
        (["--bogus"], "No such option: --bogus"),
        (["sisepai", "nosuch"], "No such command"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args: list[str], needle: str) -> None:
    done = cardavia(*args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and needle in done.stderr
    assert "error:" in done.stderr and "Traceback" not in done.stderr
    assert "╭" not in done.stderr  # no boxed help panel


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (
            ["guandan", "check", "9S", "9D", "-l", "2", "--beats", "8S 8D", "--beats", "KS KD"],
            "--beats",
        ),
        (
            ["guandan", "check", "9S", "9D", "-l", "2", "--beats=8S 8D", "--beats", "8S 8D"],
            "--beats",
        ),
        (["guandan", "check", "9S", "9D", "--level", "2", "-l", "3"], "--level"),
        (["--lang", "tr", "--lang", "ar", "sisepai", "--help"], "--lang"),
        (["sisepai", "play", "--seed", "1", "--seed", "2"], "--seed"),
    ],
)
def test_an_option_of_one_value_given_twice_is_a_usage_error(args: list[str], option: str) -> None:
    # the last value was taken without a word; --lang was even read both ways
    done = cardavia(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"'{option}'" in done.stderr  # (in Turkish for --lang tr: read before the parse)
    if option != "--lang":
        assert f"'{option}' is given more than once: give it once" in done.stderr


def test_options_that_may_repeat_and_flags_given_twice_are_taken() -> None:
    done = cardavia("cucu", "check", "0=3", "1=7", "2=lion", "--dead", "1", "--dead", "2")
    assert done.returncode == 0, done.stderr
    done = cardavia("guandan", "check", "9S", "9D", "-l", "2", "--json", "--json")
    assert done.returncode == 0, done.stderr


def test_a_group_without_a_command_prints_its_help_and_exits_0() -> None:
    # (a game's group alone plays: test_docs_completion.py)
    done = cardavia("saves")
    assert done.returncode == 0
    assert "list" in done.stdout and "show" in done.stdout and "delete" in done.stdout


def test_main_returns_the_commands_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["sisepai", "check", "rK", "rA", "--json"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(
            [
                "sisepai",
                "check",
                *"rK yK rA rA yE yE yE wR wH wC gR gR gR gR rP yP wP F wA wA".split(),
            ]
        )
    assert exc.value.code == 1
    assert "Waits" in capsys.readouterr().out


def test_regression_negative_seeds_are_refused() -> None:
    # Random(-7) shuffles like Random(7): a negative seed would replay another deal.
    with pytest.raises(DealFileError, match=r"'seed' must be 0 or more, not -7"):
        parse_deal('format = 1\ngame = "sisepai"\nseed = -7\n', "neg.toml")


def test_a_byte_order_mark_is_accepted(tmp_path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b'\xef\xbb\xbfformat = 1\ngame = "sisepai"\nseed = 3\n')
    result = runner.invoke(app, ["run", str(path), "--json"])
    assert result.exit_code == 0, result.stderr


def test_resume_names_the_saves_there_are(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "evening.toml").write_text('format = 1\ngame = "sisepai"\n')
    result = runner.invoke(app, ["resume", "nosuch"])
    assert result.exit_code == 2
    assert "no such save (saves: evening)" in result.stderr
    result = runner.invoke(app, ["resume", " "])
    assert result.exit_code == 2 and "needs a save name" in result.stderr


def test_the_rules_shown_to_players_are_the_players_rules() -> None:
    text = rules_text("sisepai")
    assert text.startswith("# Si Se Pai: the rules\n")
    assert "## 7. Play" in text and "### 7.4 Claim priority" in text
    assert "Rule functions" not in text and "Status:" not in text


def test_save_path_reads_saves_first_then_the_current_folder(tmp_path, monkeypatch) -> None:
    from cardavia_cli.commands.common import save_path

    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    saves = tmp_path / "home" / "saves"
    assert save_path("evening") == saves / "evening.toml"
    (tmp_path / "evening.toml").write_text("")
    assert save_path("evening.toml") == tmp_path.joinpath("evening.toml").relative_to(tmp_path)
    saves.mkdir(parents=True)
    (saves / "evening.toml").write_text("")
    assert save_path("evening.toml") == saves / "evening.toml"
    assert save_path("evening") == saves / "evening.toml"
    assert save_path("./evening.toml") == tmp_path.joinpath("evening.toml").relative_to(tmp_path)


def test_regression_the_readme_deal_file_replays() -> None:
    import re
    from pathlib import Path

    from cardavia_cli.games.deals import replay

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    block = re.search(r"```toml\n(.*?)```", readme, re.S)
    assert block is not None
    deal = parse_deal(block.group(1), "README.md")
    state = replay(deal, "README.md")
    assert len(state.recorded_actions()) == len(deal.actions) == 2


@pytest.mark.parametrize("value", ["true", "1.0", '"1"'])
def test_regression_format_must_be_the_integer_1(value: str) -> None:
    with pytest.raises(DealFileError, match=rf"'format' must be 1, not {re.escape(value)}"):
        parse_deal(f'format = {value}\ngame = "sisepai"\n', "f.toml")


@pytest.mark.parametrize(
    ("line", "shown"),
    [("seed = {a = 1}", "a table"), ("seed = [1, 2]", "a list"), ('seed = "x"', '"x"')],
)
def test_regression_values_are_named_as_written(line: str, shown: str) -> None:
    with pytest.raises(DealFileError, match=rf"'seed' must be a whole number, not {shown}$"):
        parse_deal(f'format = 1\ngame = "sisepai"\n{line}\n', "v.toml")


def test_run_takes_the_name_of_a_save(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "evening.toml").write_text('format = 1\ngame = "sisepai"\nseed = 4\n')
    by_name = runner.invoke(app, ["run", "evening", "--json"])
    by_path = runner.invoke(app, ["run", str(tmp_path / "saves" / "evening.toml"), "--json"])
    assert by_name.exit_code == 0 and by_name.stdout == by_path.stdout


def test_rules_prints_one_section_or_refuses() -> None:
    result = runner.invoke(app, ["sisepai", "rules", "7.4"])
    assert result.exit_code == 0
    assert "Claim priority" in result.stdout and "Overview" not in result.stdout
    result = runner.invoke(app, ["sisepai", "rules", "99"])
    assert result.exit_code == 2 and "no section '99'" in result.stderr


def test_regression_arena_refuses_a_negative_seed() -> None:
    result = runner.invoke(app, ["arena", "sisepai", "--deals", "1", "--seed", "-1"])
    assert result.exit_code == 2
    assert "Invalid value for '--seed': '-1' is not a whole number 0 or more" in result.stderr


def test_computer_levels_are_case_insensitive(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    result = runner.invoke(
        app, ["sisepai", "play", "--seed", "1", "--ai", "RANDOM"], input="quit\n"
    )
    assert result.exit_code == 0
    assert "against three random computer players" in result.stdout


# -- every count option is refused with its own reason ---------------------------------------------
HUGE = "99999999999999999999"
CAT = "saves/examples/cucu-cat.toml"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["arena", "cucu", "--deals", HUGE],
            f"cardavia: error: Invalid value for '--deals' / '-n': '{HUGE}' is more deals than "
            "one run plays (at most 1000000000) (see 'cardavia arena --help')",
        ),
        (
            ["arena", "cucu", "--jobs", HUGE],
            f"cardavia: error: Invalid value for '--jobs' / '-j': '{HUGE}' is more processes "
            "than a run starts (at most 1024) (see 'cardavia arena --help')",
        ),
        (
            ["run", CAT, "--max-deals", HUGE],
            f"cardavia: error: Invalid value for '--max-deals': '{HUGE}' is more deals or rounds "
            "than a run plays (at most 1000000000) (see 'cardavia run --help')",
        ),
        (
            ["review", CAT, "--samples", HUGE],
            f"cardavia: error: Invalid value for '--samples': '{HUGE}' is more sampled deals than "
            "a decision is searched with (at most 100000) (see 'cardavia review --help')",
        ),
        (
            ["review", CAT, "--from", HUGE],
            f"cardavia: error: --from {HUGE}: the game holds only 1 decision of yours (--from 1)",
        ),
        # the seed keeps the seed's reason
        (
            ["arena", "cucu", "--seed", HUGE],
            f"cardavia: error: Invalid value for '--seed': '{HUGE}' is too large (at most "
            "9223372036854775807, as a deal file holds) (see 'cardavia arena --help')",
        ),
    ],
)
def test_regression_a_huge_count_is_refused_with_its_own_reason(args: list[str], line: str) -> None:
    """``--deals 99999999999999999999`` was refused because "a deal file holds 64-bit
    integers", the seed's reason: no deal file holds a count of deals."""
    done = cardavia(*args)
    assert done.returncode == 2
    assert done.stderr == line + "\n"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["arena", "cucu", "--deals", "0"],
            "Invalid value for '--deals' / '-n': '0' is not a whole number 1 or more",
        ),
        (
            ["arena", "cucu", "--jobs", "-1"],
            "Invalid value for '--jobs' / '-j': '-1' is not a whole number 0 or more",
        ),
        (
            ["run", CAT, "--max-deals", "-1"],
            "Invalid value for '--max-deals': '-1' is not a whole number 1 or more",
        ),
        (
            ["review", CAT, "--samples", "-3"],
            "Invalid value for '--samples': '-3' is not a whole number 1 or more",
        ),
    ],
)
def test_regression_a_count_below_its_least_names_its_least(args: list[str], line: str) -> None:
    """``--max-deals -1`` said "a whole number 0 or more", and 0 was refused next. Every count
    is refused in one shape, the usage error's (the arena's were its own)."""
    done = cardavia(*args)
    assert done.returncode == 2
    assert done.stderr.startswith(f"cardavia: error: {line}")
    assert done.stderr.count("\n") == 1
