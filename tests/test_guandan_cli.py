"""``cardavia guandan check`` (cli.md): JSON shape, exit codes 0/1/2, ``--as``, ``--beats``,
``--beats-as``, human output, one-line errors; some acceptance cases through the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia_cli.app import app

runner = CliRunner()
DATA = Path(__file__).resolve().parent / "data"


def check(*args: str):
    result = runner.invoke(app, ["guandan", "check", *args])
    data = json.loads(result.stdout) if "--json" in args and result.stdout.strip() else None
    return result.exit_code, data, result


def assert_one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2
    err = result.stderr
    assert err.startswith("cardavia: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err + result.stdout
    for needle in needles:
        assert needle in err


def test_e1_json():
    code, data, _ = check("2H", "3S", "4S", "5S", "6S", "--level", "2", "--json")
    assert code == 0
    assert data == {
        "legal": True,
        "interpretations": [
            {"type": "straight", "rank": 6, "size": 5},
            {"type": "straight", "rank": 7, "size": 5},
            {"type": "straight_flush", "rank": 6, "size": 5},
            {"type": "straight_flush", "rank": 7, "size": 5},
        ],
        "beats": None,
    }


def test_no_combination_exits_1():
    code, data, _ = check("8S", "8D", "8C", "BJ", "RJ", "--level", "9", "--json")
    assert code == 1
    assert data == {"legal": False, "interpretations": [], "beats": None}


def test_aliases_and_case():
    code, data, _ = check("10h", "jh", "qH", "Kh", "ah", "--level", "10", "--json")
    assert code == 0
    assert [i["type"] for i in data["interpretations"]] == ["straight", "straight_flush"]
    assert {i["rank"] for i in data["interpretations"]} == {14}


def test_as_fixes_the_interpretation():
    cards = ["2H", "3S", "4S", "5S", "6S", "--level", "2", "--json"]
    code, data, _ = check(*cards, "--as", "straight 7")
    assert code == 0 and data["legal"] is True
    code, data, _ = check(*cards, "--as", "tube 6")
    assert code == 1 and data["legal"] is False
    assert len(data["interpretations"]) == 4  # every combination is still listed


def test_e20_beats_with_both_interpretations_fixed():
    play = ["6S", "7S", "8S", "9S", "TS", "--level", "2", "--json"]
    table = ["--beats", "9D TC JD QS KH", "--beats-as", "straight K"]
    code, data, _ = check(*play, "--as", "straight 10", *table)
    assert (code, data["beats"], data["legal"]) == (1, False, True)
    code, data, _ = check(*play, *table)
    assert (code, data["beats"]) == (0, True)


def test_beats_takes_the_table_at_its_strongest_reading():
    # 2H 3S 4S 5S 6S at level 2 is strongest as straight_flush 7: a straight T does not beat it
    code, data, _ = check(
        "6D", "7C", "8S", "9S", "TS", "--level", "2", "--beats", "2H 3S 4S 5S 6S", "--json"
    )
    assert (code, data["beats"]) == (1, False)
    code, data, _ = check(
        "6D", "7C", "8S", "9S", "TS", "--level", "2", "--beats", "2H 3S 4S 5S 6S",
        "--beats-as", "straight 7", "--json",
    )  # fmt: skip
    assert (code, data["beats"]) == (0, True)


def test_regression_beats_names_the_readings_that_beat():
    """A newcomer's finding: ``check --beats`` said yes without saying as which reading the
    play beats; it names them (the ones to type after ``as``), in words and in JSON."""
    play = ["2H", "3S", "4S", "5S", "6S", "--level", "2", "--beats", "9D TC JD QS KH"]
    code, _, result = check(*play)
    assert code == 0
    said = " ".join(result.stdout.split())
    assert said.endswith(
        "Beats 9D TC JD QS KH as straight K: yes, played as any of straight_flush 6, "
        "straight_flush 7"
    )
    code, data, _ = check(*play, "--json")
    assert data["beats_as"] == [
        {"type": "straight_flush", "rank": 6, "size": 5},
        {"type": "straight_flush", "rank": 7, "size": 5},
    ]
    code, data, _ = check("9S", "9D", "--level", "2", "--beats", "TD TC", "--json")
    assert (code, data["beats"], data["beats_as"]) == (1, False, [])
    code, data, _ = check("9S", "9D", "--level", "2", "--json")
    assert "beats_as" not in data  # no --beats, no answer


def test_human_output_is_plain_when_piped():
    code, _, result = check(
        "7S", "7D", "QC", "QD", "7H", "--level", "7", "--beats", "AS AD AC 3S 3D"
    )
    assert code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "7S 7D QC QD 7H at level 7:"
    assert lines[1] == "  full_house Q: rank 12, 5 cards"
    assert lines[2] == "  full_house 7: rank 15, 5 cards"
    assert lines[3] == "Beats AS AD AC 3S 3D as full_house A: yes, played as full_house 7"
    assert "\x1b" not in result.stdout and "┃" not in result.stdout
    code, _, result = check("5H", "BJ", "--level", "5")
    assert code == 1
    assert result.stdout == "5H BJ at level 5: no combination (rules 6.3).\n"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["XX", "--level", "2"], "unknown card 'XX'"),
        (["9S", "--level", "1"], "unknown level '1'"),
        (["9S", "--level", "²"], "unknown level"),
        (["9S", "9S", "9S", "--level", "2"], "9S appears more than twice"),
        (["9S", "--level", "2", "--as", "airplane 9"], "--as: not an interpretation: 'airplane 9'"),
        (["9S", "--level", "2", "--as", "single ²"], "--as: not an interpretation: 'single ²'"),
        (["9S", "--level", "2", "--beats", "8S", "--beats-as", "straight Z"], "--beats-as: not an"),
        (["9S", "--level", "2", "--as", "joker_bomb RJ"], "--as: joker_bomb takes no key"),
        (["9S", "--level", "2", "--beats-as", "single 8"], "--beats-as needs --beats"),
        (["9S", "--level", "2", "--beats", "8S BJ"], "is not a combination"),
        (["9S", "--level", "2", "--beats", "8S QQ"], "--beats '8S QQ': unknown card 'QQ'"),
        (["9S", "--level", "2", "--beats", "8S", "--beats-as", "pair 8"], "is not a reading"),
        (["9S", "--level", "2", "--beats", ""], "is not a combination"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, needle):
    _, _, result = check(*args)
    assert_one_line_error(result, needle)


def test_missing_level_is_a_usage_error():
    _, _, result = check("9S")
    assert result.exit_code == 2
    assert "--level" in result.stderr or "--level" in result.stdout


def _cases() -> list[dict]:
    return json.loads((DATA / "guandan_acceptance_cases.json").read_text("utf-8"))


@pytest.mark.parametrize("case", [c for c in _cases() if c["fn"] == "classify"][:4])
def test_acceptance_classify_through_the_command(case):
    a = case["args"]
    code, data, _ = check(*a["cards"], "--level", a["level"], "--json")
    assert data["interpretations"] == case["expected"]
    assert data["legal"] is bool(case["expected"])
    assert code == (0 if case["expected"] else 1)


def test_acceptance_beats_through_the_command():
    nat = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
    for case in [c for c in _cases() if c["fn"] == "beats"]:
        a = case["args"]
        prev = a["previous"]
        key = f"{prev['type']} {nat.get(prev['rank'], prev['rank'])}"
        code, data, _ = check(
            *a["play"], "--level", a["level"], "--beats", " ".join(prev["cards"]),
            "--beats-as", key, "--json",
        )  # fmt: skip
        assert data["beats"] is case["expected"]
        assert code == (0 if case["expected"] else 1)


def test_root_help_lists_guandan():
    result = runner.invoke(app, ["--help"])
    assert "guandan" in result.stdout


def test_regression_one_card_is_one_card():
    """``guandan check BJ`` said "1 cards": the English singular was the plural."""
    code, _, result = check("BJ", "--level", "2")
    assert code == 0
    assert result.stdout.splitlines()[1] == "  single BJ: rank 16, 1 card"
