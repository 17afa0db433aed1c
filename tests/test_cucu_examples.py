"""The Cuccu deal files in saves/examples: each is what its header says (the exact log and
lives of its round, run with ``--stop``), and run to the end each is a match with exactly one
winner (cli.md ``run``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.games.cucu.cards import PACK
from cardavia_cli.games.deals import load_deal

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
runner = CliRunner()

#: name -> (log of the round, lives after it)
EXPECTED = {
    "cucu-cuckoo.toml": (
        "deal 1 1, deal 2 cuckoo, deal 0 10, ask 1 2, cuckoo 2, keep 2, keep 0, show 1 1, "
        "show 2 cuckoo, show 0 10, lose 1 0, out 1",
        [2, 0, 1, 0],
    ),
    "cucu-hunter.toml": (
        "deal 0 5, deal 1 hunter, deal 2 7, deal 3 9, ask 0 1, hunter 1, lose 0 2, keep 1, "
        "keep 2, keep 3, show 0 5, show 1 hunter, show 2 7, show 3 9, lose 0 1",
        [1, 3, 3, 3],
    ),
    "cucu-horse.toml": (
        "deal 0 4, deal 1 horse, deal 2 6, deal 3 horse, ask 0 1, horse 1, ask 0 2, swap 0 2, "
        "keep 1, ask 2 3, horse 3, top 2, keep 3, show 0 6, show 1 horse, show 2 9, "
        "show 3 horse, lose 0 2",
        [2, 3, 3, 3],
    ),
    "cucu-cat.toml": (
        "deal 0 1, deal 1 4, deal 2 6, deal 3 cat, ask 0 1, swap 0 1, ask 1 2, swap 1 2, "
        "ask 2 3, cat 3, lose 2 2, undo 1 2, undo 0 1, keep 3, show 0 1, show 1 4, show 2 6, "
        "show 3 cat, lose 0 2",
        [2, 3, 2, 3],
    ),
    "cucu-cat-horse.toml": (
        "deal 0 5, deal 1 horse, deal 2 3, deal 3 cat, ask 0 1, horse 1, ask 0 2, swap 0 2, "
        "ask 1 2, swap 1 2, ask 2 3, cat 3, lose 2 2, undo 1 2, keep 3, show 0 3, "
        "show 1 horse, show 2 5, show 3 cat, lose 0 2",
        [2, 3, 2, 3],
    ),
    "cucu-inn-pact.toml": (
        "deal 0 2, deal 1 inn, deal 2 6, deal 3 9, ask 0 1, inn 1, pay 0 1, accept 1, keep 1, "
        "keep 2, keep 3, show 0 2, show 1 inn, show 2 6, show 3 9, paid 1 0, lose 1 2",
        [3, 2, 3, 3],
    ),
    "cucu-inn-refused.toml": (
        "deal 0 mask, deal 1 inn, deal 2 5, deal 3 8, ask 0 1, inn 1, pay 0 1, refuse 1, "
        "swap 0 1, ask 1 2, swap 1 2, keep 2, keep 3, show 0 inn, show 1 5, show 2 mask, "
        "show 3 8, lose 2 2",
        [3, 3, 2, 3],
    ),
    "cucu-restart.toml": (
        "deal 2 4, deal 1 4, keep 2, keep 1, show 2 4, show 1 4, lose 1 0, out 1, lose 2 0, "
        "out 2, restart",
        [3, 3, 3, 3],
    ),
}


def run(*args: str) -> dict:
    result = runner.invoke(app, ["run", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    data: dict = json.loads(result.stdout)
    return data


def test_every_cucu_example_is_checked():
    assert sorted(p.name for p in EXAMPLES.glob("cucu-*.toml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_example_is_its_round_exactly(name):
    path = EXAMPLES / name
    text = path.read_text("utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert header[0].startswith("# Cuccu: ")
    log, lives = EXPECTED[name]
    assert f"# cardavia run {name} --json --stop  ->  lives {lives}" in header
    deal = load_deal(path)
    assert deal.game == "cucu" and deal.dealer is not None and deal.deck is not None
    rows = text.split("deck = [\n", 1)[1].split("\n]", 1)[0].splitlines()
    written = re.findall(r'"([^"]+)"', "\n".join(r for r in rows if not r.strip().startswith("#")))
    assert written == deal.deck and sorted(written) == sorted(PACK)
    data = run(str(path), "--stop")
    assert data == {
        "game": "cucu",
        "result": {"lives": lives, "winner": None, "rounds": 1},
        "log": [x.strip() for x in log.split(",")],
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_example_runs_to_a_match_with_one_winner(name):
    data = run(str(EXAMPLES / name))
    result = data["result"]
    assert set(result) == {"lives", "winner", "rounds"}
    assert [s for s in range(4) if result["lives"][s] > 0] == [result["winner"]]
    assert data["log"][-1] == f"win {result['winner']}"
    assert sum(1 for line in data["log"] if line.startswith("win ")) == 1
    log = data["log"]
    starts = [i for i, line in enumerate(log) if line.startswith("deal ")]
    starts = [i for i in starts if i == 0 or not log[i - 1].startswith("deal ")]
    assert result["rounds"] == len(starts) >= 2
    assert min(result["lives"]) >= 0


def test_max_deals_cuts_a_match_at_a_break():
    data = run(str(EXAMPLES / "cucu-hunter.toml"), "--max-deals", "2")
    assert data["result"]["rounds"] == 2 and data["result"]["winner"] is None
    assert sum(1 for line in data["log"] if line.startswith("deal ")) == 8


def test_stop_in_the_middle_of_a_round_gives_the_lives_so_far(tmp_path):
    text = (EXAMPLES / "cucu-hunter.toml").read_text("utf-8")
    short = tmp_path / "short.toml"
    full = 'actions = ["0 swap", "1 keep", "2 keep", "3 keep"]'
    assert full in text
    short.write_text(text.replace(full, 'actions = ["0 swap"]'), encoding="utf-8")
    data = run(str(short), "--stop")
    assert data["result"] == {"lives": [2, 3, 3, 3], "winner": None, "rounds": 0}
    assert data["log"][-3:] == ["ask 0 1", "hunter 1", "lose 0 2"]


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("lives = [3, 3, 4, 3]", "'lives': 4 is not 0..3"),
        ("lives = [0, 0, 0, 3]", "at least two seats must have lives"),
        ("dealer = 3\nlives = [3, 3, 3, 0]", "'dealer': seat 3 has 0 lives"),
    ],
)
def test_bad_match_keys_are_one_line_and_exit_2(tmp_path, line, needle):
    path = tmp_path / "bad.toml"
    path.write_text(f'format = 1\ngame = "cucu"\n{line}\n', encoding="utf-8")
    result = runner.invoke(app, ["run", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("cardavia: error: ") and result.stderr.count("\n") == 1
    assert str(path) in result.stderr and needle in result.stderr
