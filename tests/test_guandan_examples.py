"""The Guandan deal files of saves/examples do what their headers say, through ``cardavia run``
(cli.md): a single tribute, a cancelled tribute, a double tribute, a 1-2 finish and a match
decided at A; and ``run``, ``arena`` and ``guandan rules`` on Guandan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.games.deals import load_deal, replay

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
runner = CliRunner()


def run_json(name: str, *options: str) -> dict:
    result = runner.invoke(app, ["run", str(EXAMPLES / name), "--json", *options])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "guandan" and set(data) == {"game", "result", "log"}
    return data


def picked(log: list[str], kinds: set[str]) -> list[str]:
    return [line for line in log if line.split()[0] in kinds]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("guandan-*.toml")), ids=lambda p: p.name)
def test_guandan_examples_have_a_header_and_replay_their_canonical_actions(path):
    header = [line for line in path.read_text("utf-8").splitlines() if line.startswith("#")]
    assert header[0].startswith("# Guandan: ")
    assert any(f"cardavia run {path.name} --json --stop  ->" in line for line in header)
    deal = load_deal(path)
    state = replay(deal, path.name)
    assert [str(r) for r in state.history if not r.forced] == deal.actions


def test_single_tribute_example():
    data = run_json("guandan-tribute.toml", "--stop")
    assert picked(data["log"], {"start", "tribute", "return", "lead"}) == [
        "start 1 4 0",
        "tribute 3 0 AH",
        "return 0 3 6S",
        "lead 3",
    ]
    assert data["result"] == {
        "places": [],
        "levels": {"before": ["4", "2"], "after": ["4", "2"], "level_team": 0},
        "deals": 0,
        "match_winner": None,
    }


def test_cancelled_tribute_example():
    data = run_json("guandan-tribute-cancelled.toml", "--stop")
    assert picked(data["log"], {"tribute", "tribute_cancelled", "return", "lead"}) == [
        "tribute_cancelled 3",
        "lead 0",
    ]


def test_double_tribute_example():
    data = run_json("guandan-double-tribute.toml", "--stop")
    assert picked(data["log"], {"tribute", "return", "lead"}) == [
        "tribute 1 0 BJ",
        "tribute 3 2 AS",
        "return 0 1 9D",
        "return 2 3 5S",
        "lead 1",
    ]


def test_one_two_finish_example():
    data = run_json("guandan-one-two-finish.toml", "--stop")
    assert data["result"] == {
        "places": [2, 0, 1, 3],
        "levels": {"before": ["2", "2"], "after": ["5", "2"], "level_team": None},
        "deals": 1,
        "match_winner": None,
    }
    assert picked(data["log"], {"out", "places"}) == ["out 2 1", "out 0 2", "places 2 0 1 3"]


def test_match_at_ace_example():
    data = run_json("guandan-match-at-ace.toml", "--stop")
    assert data["result"] == {
        "places": [2, 0, 1, 3],
        "levels": {"before": ["A", "K"], "after": ["A", "K"], "level_team": 0},
        "deals": 1,
        "match_winner": 0,
    }
    assert data["log"][-1] == "match 0"


def test_run_plays_a_match_on_to_its_end_or_the_deal_limit():
    data = run_json("guandan-tribute-cancelled.toml", "--max-deals", "2")
    result = data["result"]
    assert result["deals"] == 2 and result["match_winner"] is None
    assert data["log"].count("places " + " ".join(map(str, result["places"]))) >= 1
    whole = run_json("guandan-one-two-finish.toml")
    assert whole["result"]["match_winner"] in (0, 1) and whole["log"][-1].startswith("match ")


def test_arena_plays_whole_matches_in_the_duplicate_format():
    result = runner.invoke(
        app, ["arena", "guandan", "--deals", "2", "--seats", "basic,random,basic,random", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "guandan" and data["deals"] == 2 and data["duplicate"] is True
    assert data["wins"][0] == data["wins"][2] and data["wins"][1] == data["wins"][3]


def test_guandan_rules_command():
    result = runner.invoke(app, ["guandan", "rules", "7"])
    assert result.exit_code == 0 and "Tribute and return" in result.stdout
    bad = runner.invoke(app, ["guandan", "rules", "99"])
    assert bad.exit_code == 2


def test_every_guandan_example_is_checked():
    assert sorted(p.name for p in EXAMPLES.glob("guandan-*.toml")) == [
        "guandan-double-tribute.toml",
        "guandan-match-at-ace.toml",
        "guandan-one-two-finish.toml",
        "guandan-tribute-cancelled.toml",
        "guandan-tribute.toml",
    ]
