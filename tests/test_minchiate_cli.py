"""``cardavia minchiate check`` (cli.md): the JSON shape, exit code 0 for any valid set of
cards, 2 with one line on stderr for bad input; the published acceptance cases through the
command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_cardavia
from typer.testing import CliRunner

from cardavia_cli.app import app

DATA = Path(__file__).resolve().parent / "data"
runner = CliRunner()


def check(*args: str):
    result = runner.invoke(app, ["minchiate", "check", *args])
    return result


def check_json(*cards: str):
    result = check(*cards, "--json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_check_json_shape():
    assert check_json("T28", "T29", "T30", "T31", "M", "KS") == {
        "points": 25,
        "combinations": [
            {"kind": "sequence", "cards": ["M", "T28", "T29", "T30", "T31"], "points": 25}
        ],
    }


def test_check_points_count_t29_as_zero_and_accept_aliases():
    assert check_json("t29") == {"points": 0, "combinations": []}
    assert check_json("fool", "1c", "t4", "T36") == {
        "points": 5 + 0 + 3 + 10,
        "combinations": [],
    }
    data = check_json("kc", "KD", "ks", "t0")
    assert data == {
        "points": 20,
        "combinations": [{"kind": "kings", "cards": ["M", "KC", "KD", "KS"], "points": 20}],
    }


def test_check_no_combination_exits_0():
    result = check("2C", "3C")
    assert result.exit_code == 0
    assert "0 card points" in result.stdout and "No combination." in result.stdout


@pytest.mark.parametrize(
    ("cards", "line"),
    [
        (["2C", "3C"], "2C 3C: 0 card points."),
        (["T28", "T30", "M", "KS"], "M T28 T30 KS: 20 card points."),
        (["T29"], "T29: 0 card points (T29 is worth 0 alone, 5 in a combination)."),
        (
            ["T28", "T29", "T30"],
            "T28 T29 T30: 10 card points (T29 is worth 0 alone, 5 in a combination).",
        ),
    ],
)
def test_regression_the_points_line_names_t29_only_when_it_is_there(cards, line):
    """A newcomer's finding: every check said "(T29 counts 0)", T29 or not."""
    result = check(*cards)
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == line


def test_check_human_output_lists_the_combinations():
    result = check("T1", "T2", "T3", "T13", "T28", "T40", "M")
    assert result.exit_code == 0
    out = result.stdout
    assert "M T1 T2 T3 T13 T28 T40: 36 card points" in out
    for kind in ("sequence", "1-40-M", "1-13-28"):
        assert kind in out
    assert "Combinations worth 56" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["TC"], "'TC' is not a Minchiate card: tens are written 10C"),
        (["KS", "ks"], "KS is given twice"),
        (["T41", "--json"], "'T41' is not a Minchiate card"),
        (["T\u00b2"], "is not a Minchiate card"),
    ],
)
def test_check_bad_input_is_one_line_and_exit_2(args, needle):
    result = check(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    err = result.stderr
    assert err.startswith("cardavia: error: ") and err.count("\n") == 1
    assert needle in err
    assert "Traceback" not in err


def test_check_without_cards_is_a_usage_error():
    done = run_cardavia("minchiate", "check", "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Missing argument" in done.stderr and done.stderr.count("\n") == 1


def acceptance_cases() -> list[dict[str, object]]:
    cases: list[dict[str, object]] = json.loads(
        (DATA / "minchiate_acceptance_cases.json").read_text("utf-8")
    )
    return cases


@pytest.mark.parametrize("case", acceptance_cases(), ids=lambda c: str(c["fn"]))
def test_acceptance_cases_through_the_command(case):
    args = case["args"]
    assert isinstance(args, dict)
    if case["fn"] == "card_points":
        assert check_json(args["card"])["points"] == case["expected"]
    else:
        assert check_json(*args["cards"])["combinations"] == case["expected"]
