"""``cardavia cucu check`` (cli.md): the showdown through the command line, its JSON shape,
exit codes (0 for any valid input, 2 with one line for bad input) and the published
acceptance cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia_cli.app import app

DATA = Path(__file__).resolve().parent / "data" / "cucu_acceptance_cases.json"
ACCEPTANCE = json.loads(DATA.read_text("utf-8"))
runner = CliRunner()


def check(*args: str):
    return runner.invoke(app, ["cucu", "check", *args])


def losers(*args: str) -> list[int]:
    result = check(*args, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data) == ["losers"]
    return data["losers"]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["0=3", "1=7", "2=lion", "3=10"], [2]),
        (["0=mask", "1=9", "2=mask", "3=cuckoo"], [0, 2]),
        (["0=fool", "1=5", "2=5", "3=cat"], [0, 1, 2]),
        (["0=cuckoo", "1=fool", "2=cuckoo"], [1]),
        (["0=fool", "1=fool", "2=hunter", "3=cuckoo"], [2]),
        (["0=fool", "1=cuckoo", "2=fool"], [0, 2]),
        (["0=lion", "1=2", "2=fool", "3=8", "--dead", "0"], [1, 2]),
        (["1=10", "3=zero", "--dead", "3"], [1]),
        (["1=cuckoo", "3=zero", "--dead", "3"], []),
    ],
    ids=[f"ex{i}" for i in range(1, 10)],
)
def test_worked_examples_1_to_9(args, expected):
    assert losers(*args) == expected


@pytest.mark.parametrize(
    "case", [c for c in ACCEPTANCE if c["fn"] == "showdown"], ids=lambda c: c["id"]
)
def test_published_acceptance_cases(case):
    args = [f"{k}={v}" for k, v in case["args"]["cards"].items()]
    for d in case["args"]["dead"]:
        args += ["--dead", str(d)]
    assert losers(*args) == case["expected"]


def test_aliases_repeated_dead_and_short_option():
    assert losers("0=XV", "1=Matto", "2= iii", "-d", "1", "--dead", "1") == [2]
    assert losers("3=Cucù", "2=matto") == [2]


def test_human_output_names_the_losers():
    result = check("0=3", "1=7", "2=lion", "3=10")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines == ["seat 0: 3", "seat 1: 7", "seat 2: lion  loses a life", "seat 3: 10"]
    quiet = check("1=cuckoo", "3=zero", "--dead", "3")
    assert quiet.exit_code == 0
    assert quiet.stdout.splitlines() == [
        "seat 1: cuckoo",
        "seat 3: zero  (dead)",
        "Only seat 1's card is live: a single live card loses, unless it is a Cuckoo (rules 9.2).",
        "Nobody loses a life.",
    ]


def _alone(seat: int) -> str:
    return (
        f"Only seat {seat}'s card is live: a single live card loses, unless it is a Cuckoo "
        "(rules 9.2)."
    )


@pytest.mark.parametrize(
    ("args", "expected", "lines"),
    [
        (["0=3"], [0], ["seat 0: 3  loses a life", _alone(0)]),
        (["3=hunter"], [3], ["seat 3: hunter  loses a life", _alone(3)]),
        (["2=cuckoo"], [], ["seat 2: cuckoo", _alone(2), "Nobody loses a life."]),
        (
            ["0=3", "1=lion", "--dead", "1"],
            [0],
            ["seat 0: 3  loses a life", "seat 1: lion  (dead)", _alone(0)],
        ),
        (["0=3", "1=4"], [0], ["seat 0: 3  loses a life", "seat 1: 4"]),
    ],
)
def test_regression_a_one_seat_showdown_is_valid_and_says_which_rule_decides(
    args: list[str], expected: list[int], lines: list[str]
):
    """``cucu check 0=3`` looked like a showdown of one seat by mistake. It is the rules' own
    case (rules 9.2 and 12.1: a seat not given is not in the showdown; a single live card loses
    unless it is a Cuckoo; the published case showdown-068 is ``3=hunter`` -> [3]), and
    cli.md has cucu check exit 0 for any valid input: it is answered, and the human output
    names the rule that decided."""
    assert losers(*args) == expected
    result = check(*args)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == lines


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["0=knight"], "'0=knight': unknown card 'knight'"),
        (["0lion"], "SEAT=CARD"),
        (["4=lion"], "'4' is not a seat"),
        (["²=lion"], "'²' is not a seat"),
        (["٣=lion"], "is not a seat"),
        (["=lion"], "is not a seat"),
        (["0=lion", "0=mask"], "seat 0 is given two cards"),
        (["0=lion", "1=lion", "2=leone"], "only 2 copies of the card lion, and 3"),
        (
            ["0=lion", "1=lion", "2=lion", "3=lion"],
            "the pack has only 2 copies of the card lion, and 4 seats hold it",
        ),
        (["0=lion", "--dead", "x"], "--dead"),
        (["0=lion", "--dead", "٣"], "--dead"),
        (["0=lion", "--dead", "+1"], "--dead"),
        (["0=lion", "--dead", "4"], "--dead"),
        (["0=3", "1=5", "--dead", "2"], "--dead 2: seat 2 shows no card (give it as 2=CARD"),
        (["0="], "'0=': unknown card ''"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, needle):
    result = check(*args, "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    err = result.stderr
    assert err.startswith("cardavia: error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    assert needle in err
