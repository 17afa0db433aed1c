"""The non-REPL command line (cli.md): ``sisepai check``, ``run``, ``--version``, ``sisepai
rules``; JSON shapes, exit codes 0/1/2 and one-line errors without a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia_cli import __version__
from cardavia_cli.app import app
from cardavia_cli.games.sisepai.cards import PACK

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def check_json(*cards: str, exposed: tuple[str, ...] = ()):
    args = ["sisepai", "check", *cards]
    for meld in exposed:
        args += ["--exposed", meld]
    result = invoke(*args, "--json")
    data = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, data, result


def assert_one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2
    err = result.stderr
    assert err.startswith("cardavia: error: ")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "Traceback" not in err and "Traceback" not in result.stdout
    for needle in needles:
        assert needle in err


# ---------------------------------------------------------------- sisepai check

E3 = "rK yK rA rA yE yE yE wR wH wC gR gR gR gR rP yP wP F wA wA F".split()


def test_check_win_json():
    code, data, _ = check_json(*E3)
    assert code == 0
    assert data == {
        "win": True,
        "score": 13,
        "melds": [
            {"kind": "general", "cards": ["rK"], "points": 1},
            {"kind": "pair", "cards": ["rA", "rA"], "points": 0},
            {"kind": "soldier3", "cards": ["rP", "yP", "wP"], "points": 1},
            {"kind": "general", "cards": ["yK"], "points": 1},
            {"kind": "triple", "cards": ["yE", "yE", "yE"], "points": 1},
            {"kind": "pair", "cards": ["wA", "wA"], "points": 0},
            {"kind": "field", "cards": ["wR", "wH", "wC"], "points": 1},
            {"kind": "quad", "cards": ["gR", "gR", "gR", "gR"], "points": 2},
            {"kind": "flower", "cards": ["F"], "points": 3},
            {"kind": "flower", "cards": ["F"], "points": 3},
        ],
        "reason": None,
    }


def test_check_accepts_aliases_in_any_order():
    cards = ["flower" if c == "F" else c.upper() for c in reversed(E3)]
    cards[0] = "fl"
    code, data, _ = check_json(*cards)
    assert code == 0 and data["score"] == 13


def test_check_with_exposed_melds():
    code, data, _ = check_json(
        *"rK rA rE yK yA yA wR wR wR wR gH gH gH F F".split(), exposed=("gP gP gP", "yP wP rP")
    )
    assert code == 0 and data["score"] == 13
    assert [" ".join(m["cards"]) for m in data["melds"]] == [
        "rK rA rE",
        "rP yP wP",
        "yK",
        "yA yA",
        "wR wR wR wR",
        "gH gH gH",
        "gP gP gP",
        "F",
        "F",
    ]


def test_check_no_win_exits_1():
    code, data, _ = check_json(
        *"yH yH yH yH rK gK wK yK rE rE wE wE gE gE rC rC rC yC yC gA gC".split()
    )
    assert code == 1
    assert data["win"] is False and data["score"] is None and data["melds"] == []
    assert isinstance(data["reason"], str) and data["reason"]
    assert set(data) == {"win", "score", "melds", "reason"}


def test_check_exposed_fixed_no_win_exits_1():
    code, data, _ = check_json(
        *"gP rK rA rE yK yA yA wR wR wR wR gH gH F F".split(), exposed=("gP gP gP", "rP yP wP")
    )
    assert code == 1 and data["win"] is False


def test_check_twenty_cards_gives_waits_and_exits_1():
    code, data, _ = check_json(*E3[:-1])
    assert code == 1
    assert data == {
        "win": False,
        "score": None,
        "melds": [],
        "reason": "20 cards",
        "waits": "rK rA yK yA yE wK wA gK gP F".split(),
    }
    code, data, _ = check_json(
        *"rA rA rA yK yK yE yE yE wR wH wC gR gR gR gR F F".split(), exposed=("rK rA rE",)
    )
    assert code == 1 and data["waits"] == "rK yK yA yE wK gK F".split()


def test_check_human_output():
    result = invoke("sisepai", "check", *E3)
    assert result.exit_code == 0 and "13" in result.stdout
    result = invoke("sisepai", "check", *E3[:-1])
    assert result.exit_code == 1 and "rK rA yK yA yE wK wA gK gP F" in result.stdout


@pytest.mark.parametrize("cards", [E3[:-2], [*E3, "rK"], ["rK"]])
def test_check_wrong_count_exits_2(cards):
    code, data, result = check_json(*cards)
    assert data is None
    assert_one_line_error(result, f"(20 to ask for waits), not {len(cards)}")


def test_check_unknown_card_exits_2():
    code, data, result = check_json(*E3[:-1], "F1")
    assert_one_line_error(result, "'F1'")
    _, _, result = check_json(*E3[:-3], exposed=("rK zz",))
    assert_one_line_error(result, "'zz'")


@pytest.mark.parametrize("meld", ["rK rK", "rP yP", "F F", "wR wH", "rK yA rE"])
def test_check_non_meld_exposed_exits_2(meld):
    rest = "rK yK wK gK F F F F F rA rA rA rE rE rE yA yA yA gE".split()
    _, _, result = check_json(*rest, exposed=(meld,))
    assert_one_line_error(result, "is not a meld")


def test_check_five_copies_exits_2():
    cards = "rK rK rK rK rK rA rA rE rE wR wR wR wH wC F F F F gP gP gP".split()
    _, _, result = check_json(*cards)
    assert_one_line_error(result, "5 x rK")
    _, _, result = check_json(
        *"gP gP rK yK wK gK F F F F F rA rA rA rE rE rE yA".split(), exposed=("gP gP gP",)
    )
    assert_one_line_error(result, "5 x gP")


def test_check_without_cards_is_usage_error():
    result = invoke("sisepai", "check")
    assert result.exit_code == 2


# ---------------------------------------------------------------- run

EXPECTED = {
    "sisepai-first-draw-win.toml": (
        2,
        7,
        ["rK rA rE", "rR rH rC", "rP yP wP", "yK yA yE", "yR yH yC", "wK wA wE", "wR wH wC"],
    ),
    "sisepai-exhausted-stock.toml": (None, None, []),
    "sisepai-claims-whole-deal.toml": (
        3,
        11,
        ["rK rA rE", "rR rH rC", "rP yP gP", "yK yA yE", "wK", "wK", "gK gA gE", "gR gH gC", "F"],
    ),
    "sisepai-priority-distance.toml": (
        3,
        7,
        ["rA rA rA", "rE rE rE", "rR rR rR", "rH rH rH", "rC rC rC", "yA yA yA", "wR wH wC"],
    ),
    "sisepai-priority-triple.toml": (
        0,
        9,
        [
            "rK",
            "rK",
            "rK",
            "rK",
            "yE yE yE",
            "yR yR yR",
            "yH yH yH",
            "yC yC yC",
            "wA wA wA",
            "gH gH",
        ],
    ),
}


def test_every_example_is_checked():
    assert sorted(p.name for p in EXAMPLES.glob("sisepai-*.toml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_run_examples_json(name):
    result = invoke("run", str(EXAMPLES / name), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"game", "result", "log"}
    assert data["game"] == "sisepai"
    assert set(data["result"]) == {"winner", "score", "melds"}
    winner, score, melds = EXPECTED[name]
    assert data["result"]["winner"] == winner
    assert data["result"]["score"] == score
    assert [" ".join(m["cards"]) for m in data["result"]["melds"]] == melds
    for meld in data["result"]["melds"]:
        assert set(meld) == {"kind", "cards", "points"}
    if score is not None:
        assert sum(m["points"] for m in data["result"]["melds"]) == score
        assert data["log"][-1] == f"win {winner} {score}"
    else:
        assert data["log"][-1] == "exhausted"
    assert all(isinstance(line, str) for line in data["log"])


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "sisepai-priority-triple.toml",
            ["draw 1 wP", "claim 3 wP wP wP", "discard 3 gH", "claim 0 gH gH", "win 0 9"],
        ),
        (
            "sisepai-priority-distance.toml",
            ["draw 2 gK", "claim 2 gK", "discard 2 wC", "claim 3 wR wH wC", "win 3 7"],
        ),
    ],
)
def test_run_example_logs(name, expected):
    data = json.loads(invoke("run", str(EXAMPLES / name), "--json").stdout)
    public = [
        line
        for line in data["log"]
        if line.split()[0] in ("draw", "claim", "discard", "dead", "win")
    ]
    assert public == expected


def test_run_human_output():
    result = invoke("run", str(EXAMPLES / "sisepai-first-draw-win.toml"))
    assert result.exit_code == 0
    assert "win 2 7" in result.stdout and "Seat 2 wins with 7 points." in result.stdout


def test_regression_run_prints_one_event_a_line_however_long(tmp_path):
    """``run``'s event lines were wrapped at the console's width (80 off a terminal): a
    Guandan ``deal`` line of 27 cards came out as two lines, the second a bogus event."""
    path = tmp_path / "g.toml"
    path.write_text('format = 1\ngame = "guandan"\nseed = 30\n', "utf-8")
    human = invoke("run", str(path), "--stop")
    data = json.loads(invoke("run", str(path), "--stop", "--json").stdout)
    assert human.exit_code == 0
    lines = human.stdout.splitlines()
    assert lines[: len(data["log"])] == data["log"]
    assert max(len(line) for line in data["log"]) > 80
    assert all(len(line.split()) == 29 for line in lines if line.startswith("deal "))


def test_run_stop_where_the_actions_run_out(tmp_path):
    result = invoke("run", str(EXAMPLES / "sisepai-first-draw-win.toml"), "--json", "--stop")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["result"] == {"winner": None, "score": None, "melds": []}
    assert "draw 2 wP" in data["log"] and "respond 2 claim rP yP wP" in data["log"]
    assert not any(line.startswith(("claim ", "win ")) for line in data["log"])
    # cut the triple-priority example after the claim round: the claim is resolved, seat 3 must
    # now discard, and the run stops there
    text = (EXAMPLES / "sisepai-priority-triple.toml").read_text("utf-8")
    cut = text.replace('    "3 discard gH",\n    "0 claim gH",\n', "")
    assert cut != text
    path = tmp_path / "cut.toml"
    path.write_text(cut, "utf-8")
    data = json.loads(invoke("run", str(path), "--json", "--stop").stdout)
    assert data["result"]["winner"] is None
    assert data["log"][-1] == "claim 3 wP wP wP"
    human = invoke("run", str(path), "--stop")
    assert human.exit_code == 0 and "Stopped" in human.stdout and "seat 3" in human.stdout
    # without --stop the computer players finish the deal
    data = json.loads(invoke("run", str(path), "--json").stdout)
    assert data["log"][-1].startswith(("win ", "exhausted"))


def test_run_stop_on_a_finished_deal_gives_its_result():
    data = json.loads(
        invoke("run", str(EXAMPLES / "sisepai-claims-whole-deal.toml"), "--json", "--stop").stdout
    )
    assert (data["result"]["winner"], data["result"]["score"]) == (3, 11)


def test_regression_a_match_run_past_max_deals_says_it_was_cut_off(tmp_path):
    """``run --max-deals 1`` of a Cuccu match stops at the break after its first round, and
    said "Stopped" there as for ``--stop``: the cut-off line was never reached."""
    path = tmp_path / "c.toml"
    path.write_text('format = 1\ngame = "cucu"\nseed = 5\n', "utf-8")
    human = invoke("run", str(path), "--max-deals", "1")
    assert human.exit_code == 0
    last = human.stdout.splitlines()[-1]
    assert last == "Cut off after 1 deal or round (--max-deals 1): no winner."
    data = json.loads(invoke("run", str(path), "--max-deals", "1", "--json").stdout)
    assert data["result"] == {"lives": [3, 3, 3, 2], "winner": None, "rounds": 1}
    stopped = invoke("run", str(path), "--stop")
    assert stopped.stdout.splitlines()[-1].startswith("Stopped: ")


def _write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def test_run_bad_files_exit_2(tmp_path):
    missing = str(tmp_path / "missing.toml")
    assert_one_line_error(invoke("run", missing), "missing.toml", "no such file")
    bad = _write(tmp_path, "bad.toml", 'format = 1\ngame = "sisepai"\ndealer = = 1\n')
    assert_one_line_error(invoke("run", bad, "--json"), "bad.toml", "malformed TOML", "line 3")
    deck = list(PACK)
    deck[3] = "gP"
    short = _write(
        tmp_path,
        "deck.toml",
        'format = 1\ngame = "sisepai"\ndeck = [' + ", ".join(f'"{c}"' for c in deck) + "]\n",
    )
    assert_one_line_error(invoke("run", short), "deck.toml", "deck is not the pack", "gP x5")
    illegal = _write(
        tmp_path,
        "illegal.toml",
        'format = 1\ngame = "sisepai"\ndeck = ['
        + ", ".join(f'"{c}"' for c in PACK)
        + "]\ndealer = 2\n"
        'seats = ["human", "basic", "basic", "basic"]\n'
        'actions = ["2 pass", "3 claim wP wP"]\n',
    )
    assert_one_line_error(
        invoke("run", illegal, "--json"), "illegal.toml", "action 2 of 2 ('3 claim wP wP')"
    )
    unknown = _write(tmp_path, "unknown.toml", 'format = 1\ngame = "sisepai"\nplayers = 4\n')
    assert_one_line_error(invoke("run", unknown), "unknown key 'players'")


def test_version():
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"cardavia {__version__}"


def test_sisepai_rules_prints_the_rules():
    result = invoke("sisepai", "rules")
    assert result.exit_code == 0
    out = result.stdout
    assert "Si Se Pai" in out
    assert "Claim priority" in out
    assert "117 cards" in out
    assert "red-general" in out


# ---------------------------------------------------------------- the real program


def _module(*args: str):
    return subprocess.run(
        [sys.executable, "-m", "cardavia_cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"NO_COLOR": "1", "PATH": "", "HOME": "/nonexistent"},
    )


def test_python_m_check_and_bad_input_without_traceback():
    ok = _module("sisepai", "check", *E3, "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["score"] == 13
    bad = _module("sisepai", "check", "rK", "red-flower")
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()]
    assert "red-flower" in bad.stderr


def test_python_m_run_example_and_missing_file():
    ok = _module("run", str(EXAMPLES / "sisepai-priority-distance.toml"), "--json")
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["result"]["winner"] == 3
    missing = _module("run", "no-such-deal.toml")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "no-such-deal.toml" in missing.stderr
