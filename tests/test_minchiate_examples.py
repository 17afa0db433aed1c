"""Minchiate through the command line: the example deal files of saves/examples (robbing, a
declaration, the King obligation, the Matto, a deal settled by several resti) with exact
points and resti, ``run --stop``, ``minchiate rules`` and ``arena minchiate``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from minchiate_support import EXAMPLE_DECK, build_deck, oracle
from test_minchiate_rules import RESTI_HANDS, RESTI_REST
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.engine.agents import fallback_for
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import load_deal, replay
from cardavia_cli.games.minchiate.cards import CODES

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
runner = CliRunner()
RESTI_DECK = build_deck(3, RESTI_HANDS, RESTI_REST)

#: name -> (deck, dealer, result after the recorded actions (--stop), log line expected there)
STOPPED = {
    "minchiate-robbing.toml": (EXAMPLE_DECK, 2, [0, 0], 12, "discard 2 3"),
    "minchiate-declarations.toml": (EXAMPLE_DECK, 2, [1, 0], 7, "resto 0"),
    "minchiate-king-obligation.toml": (EXAMPLE_DECK, 2, [1, 0], 12, "score 0 5 12"),
    "minchiate-several-resti.toml": (RESTI_DECK, 3, [1, 0], 4, "resto 0"),
    "minchiate-matto.toml": (RESTI_DECK, 3, [1, 0], 4, "trick 2"),
}
#: name -> the result of ``run --json`` (basic players after the recorded actions)
FINISHED = {
    "minchiate-robbing.toml": ([138, 161], 0, [1, 0], [0, 1], [1, 1], None),
    "minchiate-declarations.toml": ([138, 161], 0, [1, 0], [0, 1], [1, 1], None),
    "minchiate-king-obligation.toml": ([138, 161], 0, [1, 0], [0, 1], [1, 1], None),
    "minchiate-several-resti.toml": ([321, 18], 4, [1, 0], [6, 0], [7, 0], 0),
    "minchiate-matto.toml": ([321, 18], 4, [1, 0], [6, 0], [7, 0], 0),
}
KEYS = ("points", "diff", "running_resti", "final_resti", "resti", "winner")


def run(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["run", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_every_minchiate_example_is_checked():
    assert sorted(p.name for p in EXAMPLES.glob("minchiate-*.toml")) == sorted(STOPPED)


@pytest.mark.parametrize("name", sorted(STOPPED))
def test_example_file_is_what_its_header_says(name):
    path = EXAMPLES / name
    text = path.read_text("utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert header[0].startswith("# Minchiate: ")
    assert any(f"cardavia run {name} --json  ->" in line for line in header)
    df = load_deal(path)
    deck, dealer, *_ = STOPPED[name]
    assert (df.game, df.deck, df.dealer) == ("minchiate", list(deck), dealer)
    written = re.findall(r'"([^"]+)"', text.split("deck = [", 1)[1].split("]", 1)[0])
    assert written == df.deck and all(c in CODES for c in written)
    state = replay(df, name)
    recorded = [str(r) for r in state.history]
    assert all(line in recorded for line in df.actions)


@pytest.mark.parametrize("name", sorted(STOPPED))
def test_run_stop_gives_the_running_settlement(name):
    _, _, resti, diff, last = STOPPED[name]
    data = run(str(EXAMPLES / name), "--stop")
    assert data["game"] == "minchiate"
    assert data["result"] == {
        "points": [0, 0],
        "diff": diff,
        "running_resti": resti,
        "final_resti": [0, 0],
        "resti": resti,
        "winner": None,
    }
    log = data["log"]
    assert isinstance(log, list)
    assert last in log[-3:]


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_run_plays_to_the_end_with_exact_points_and_resti(name):
    data = run(str(EXAMPLES / name))
    result = data["result"]
    assert isinstance(result, dict)
    assert tuple(result[k] for k in KEYS) == FINISHED[name]
    # the same deal played here, scored by the rule functions alone
    df = load_deal(EXAMPLES / name)
    state = replay(df, name)
    info = load_game("minchiate")
    play_on(state, make_agents(info, df.seats), fallback=fallback_for(info))
    assert [e.text for e in state.events] == data["log"]
    deck, dealer, *_ = STOPPED[name]
    expected = oracle(deck, dealer, [str(r) for r in state.history])
    assert result == expected["result"]
    if name == "minchiate-matto.toml":
        assert f"matto 1 {expected['matto_payment']}" in data["log"]
        assert expected["matto_payment"] == "8C"


def test_running_resti_during_play_in_the_several_resti_example():
    data = run(str(EXAMPLES / "minchiate-several-resti.toml"), "--stop")
    log = data["log"]
    assert isinstance(log, list)
    scores = [line for line in log if line.startswith(("score", "resto"))]
    assert scores == [
        "score 0 10 10",
        "score 0 10 20",
        "score 0 10 30",
        "score 0 10 40",
        "score 0 8 48",
        "score 0 8 56",
        "score 0 8 4",
        "resto 0",
    ]


def test_minchiate_rules_command():
    result = runner.invoke(app, ["minchiate", "rules", "9.3"])
    assert result.exit_code == 0, result.stderr
    assert "King obligation" in result.stdout
    result = runner.invoke(app, ["minchiate", "rules", "99"])
    assert result.exit_code == 2 and "no section" in result.stderr


def test_minchiate_play_command_is_registered():
    result = runner.invoke(app, ["minchiate", "play", "--help"])
    assert result.exit_code == 0 and "--seed" in result.stdout


def test_arena_plays_minchiate_in_the_duplicate_format():
    result = runner.invoke(
        app,
        ["arena", "minchiate", "--seats", "basic,random,basic,random", "--deals", "4", "--json"],
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "minchiate" and data["deals"] == 4 and data["duplicate"] is True
    assert data["agent_errors"] == 0
    assert data["wins"][0] == data["wins"][2] and data["wins"][1] == data["wins"][3]
    assert data["wins"][0] + data["wins"][1] + data["draws"] == 4
