"""The arena (cli.md ``cardavia arena``; ai.md "Measuring strength"): the Wilson interval, the
deal schedule, and the command's JSON, reproducibility and bad inputs."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import signal

import pytest
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.engine.arena import Z95, deal_seed, plan, rotation, run_arena, wilson
from cardavia_cli.games import load_game

runner = CliRunner()
CLI_KEYS = ["game", "deals", "seats", "wins", "win_rate", "ci95", "draws", "deals_per_second"]


def arena(*args: str):
    return runner.invoke(app, ["arena", *args])


def arena_json(*args: str) -> dict:
    result = arena(*args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# -- the Wilson score interval -----------------------------------------------------------------


def test_wilson_none_of_ten():
    # p = 0: low = 0 exactly, high = z^2 / (n + z^2)
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(Z95**2 / (10 + Z95**2), abs=1e-15)
    assert high == pytest.approx(0.2775327998628892, abs=1e-12)


def test_wilson_half_of_ten():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.236593090512564, abs=1e-12)
    assert high == pytest.approx(0.7634069094874361, abs=1e-12)
    assert low + high == pytest.approx(1.0, abs=1e-15)  # symmetric around 1/2


def test_wilson_all_of_ten():
    low, high = wilson(10, 10)
    assert low == pytest.approx(10 / (10 + Z95**2), abs=1e-15)
    assert low == pytest.approx(0.7224672001371107, abs=1e-12)
    assert high == 1.0


def test_wilson_textbook_values():
    # 50 of 100: 0.4038 .. 0.5962; 1 of 4: 0.0456 .. 0.6994 (the usual published figures)
    assert wilson(50, 100) == pytest.approx((0.40383153, 0.59616847), abs=1e-8)
    assert wilson(1, 4) == pytest.approx((0.04558726, 0.69935816), abs=1e-8)


def test_wilson_formula_and_bounds():
    for n in (1, 2, 7, 30, 1000):
        for w in range(0, n + 1, max(1, n // 7)):
            low, high = wilson(w, n)
            p, z2 = w / n, Z95**2
            centre = (p + z2 / (2 * n)) / (1 + z2 / n)
            half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
            assert 0.0 <= low <= p <= high <= 1.0
            assert low == pytest.approx(max(0.0, centre - half), abs=1e-12)
            assert high == pytest.approx(min(1.0, centre + half), abs=1e-12)


def test_wilson_edge_cases():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)
    with pytest.raises(ValueError):
        wilson(-1, 2)


# -- the schedule --------------------------------------------------------------------------------


def test_deal_seed_is_reproducible_and_spread():
    assert deal_seed(0, 0) == deal_seed(0, 0)
    seeds = {deal_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300
    assert all(0 <= x < 2**63 for x in seeds)


def test_rotation_puts_every_level_in_every_seat():
    seats = ["basic", "random", "random", "random"]
    rotations = [rotation(seats, r) for r in range(4)]
    assert rotations[0] == seats
    assert [rot.index("basic") for rot in rotations] == [0, 1, 2, 3]
    schedule = list(plan(seats, 8, rotate=True))
    assert [item.deck for item in schedule] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert [item.levels for item in schedule[:4]] == rotations
    assert not any(item.swapped for item in schedule)


def test_plan_without_rotation_and_bad_counts():
    plain = [(i, ["basic"] * 4, False) for i in range(3)]
    assert list(plan(["basic"] * 4, 3, rotate=False)) == plain
    # identical seats: rotating changes nothing, so it is not done (no multiple of 4 needed)
    assert list(plan(["basic"] * 4, 3, rotate=True)) == plain
    with pytest.raises(ValueError):
        plan(["basic", "random", "basic", "basic"], 6, rotate=True)
    with pytest.raises(ValueError):
        plan(["basic"] * 4, 0, rotate=False)


def test_run_arena_progress_and_counts():
    info = load_game("sisepai")
    calls: list[tuple[int, int]] = []
    result = run_arena(
        info,
        ["basic", "random", "basic", "random"],
        deals=5,
        seed=3,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(i, 5) for i in range(1, 6)]
    assert sum(result.wins) + result.draws == result.deals == 5
    assert [lv.level for lv in result.levels.values()] == ["basic", "random"]
    assert [lv.seat_deals for lv in result.levels.values()] == [10, 10]
    assert sum(lv.wins for lv in result.levels.values()) == sum(result.wins)


def test_failing_player_is_replaced_and_counted():
    class Broken:
        name = "broken"

        def choose(self, view, legal, rng):
            raise RuntimeError("boom")

    base = load_game("sisepai")
    info = dataclasses.replace(base, agents={**base.agents, "broken": Broken})
    result = run_arena(info, ["broken", "basic", "basic", "basic"], deals=2)
    assert result.deals == 2
    # every real decision of seat 0 failed and was taken by the fallback
    assert result.agent_errors > 0


# -- the command ---------------------------------------------------------------------------------


def test_json_shape_and_counts():
    data = arena_json("sisepai", "--deals", "12", "--seed", "5")
    assert list(data)[: len(CLI_KEYS)] == CLI_KEYS
    assert data["game"] == "sisepai"
    assert data["deals"] == 12
    assert data["seats"] == ["basic"] * 4
    assert len(data["wins"]) == len(data["win_rate"]) == len(data["ci95"]) == 4
    assert all(isinstance(w, int) for w in data["wins"])
    assert isinstance(data["draws"], int)
    assert sum(data["wins"]) + data["draws"] == data["deals"]  # a solo game: one winner or none
    for wins, rate, (low, high) in zip(data["wins"], data["win_rate"], data["ci95"], strict=True):
        assert rate == pytest.approx(wins / 12)
        assert [low, high] == pytest.approx(list(wilson(wins, 12)))
        assert 0.0 <= low <= rate <= high <= 1.0
    assert isinstance(data["deals_per_second"], float) and data["deals_per_second"] > 0
    assert data["agent_errors"] == 0


def test_defaults():
    result = arena("sisepai", "--json", "--deals", "2")
    data = json.loads(result.stdout)
    assert data["seats"] == ["basic", "basic", "basic", "basic"]
    assert data["seed"] == 0


def _without_speed(data: dict) -> dict:
    """``data`` without the figures of time: deals per second and decision times."""
    out = {k: v for k, v in data.items() if k != "deals_per_second"}
    out["levels"] = [{k: v for k, v in lv.items() if k != "decision_ms"} for lv in data["levels"]]
    return out


def test_same_seed_same_results():
    args = ("sisepai", "--deals", "8", "--seed", "11", "--seats", "basic,random,basic,random")
    first, second = arena_json(*args), arena_json(*args)
    assert _without_speed(first) == _without_speed(second)


def test_seed_changes_the_decks():
    runs = [arena_json("sisepai", "--deals", "12", "--seed", str(s)) for s in (1, 2, 3)]
    assert len({json.dumps(_without_speed(r)["wins"]) for r in runs}) > 1


def test_rotate_per_level_totals():
    data = arena_json(
        "sisepai", "--deals", "8", "--seats", "basic,random,random,random", "--rotate"
    )
    assert data["rotate"] is True and data["decks"] == 2 and data["deals"] == 8
    assert sum(data["wins"]) + data["draws"] == 8
    levels = {lv["level"]: lv for lv in data["levels"]}
    assert levels["basic"]["seat_deals"] == 8
    assert levels["random"]["seat_deals"] == 24
    assert levels["basic"]["wins"] + levels["random"]["wins"] == sum(data["wins"])
    for lv in levels.values():
        assert lv["ci95"] == pytest.approx(list(wilson(lv["wins"], lv["seat_deals"])))


def test_rotate_with_identical_seats_plays_plainly():
    data = arena_json("sisepai", "--deals", "3", "--rotate")
    assert data["rotate"] is False and data["deals"] == 3


def test_human_output():
    result = arena("sisepai", "--deals", "4", "--seats", "basic,random,basic,basic")
    assert result.exit_code == 0
    for word in ("seat", "win rate", "95% CI", "draws", "deals per second", "random", "per level"):
        assert word in result.stdout
    assert result.stderr == ""  # no progress bar off a terminal


@pytest.mark.parametrize(
    "args, needle",
    [
        (["nosuchgame"], "unknown game"),
        (["sisepai", "--seats", "basic,basic,basic"], "four levels"),
        (["sisepai", "--seats", "basic,basic,basic,basic,basic"], "four levels"),
        (["sisepai", "--seats", "basic,genius,basic,basic"], "genius"),
        (["sisepai", "--seats", "human,basic,basic,basic"], "human"),
        (["sisepai", "--deals", "0"], "--deals"),
        (["sisepai", "--deals", "-4"], "--deals"),
        (["sisepai", "--deals", "many"], "--deals"),
        (["sisepai", "--seed", "x"], "--seed"),
        (
            ["sisepai", "--deals", "6", "--rotate", "--seats", "basic,random,random,random"],
            "multiple of 4",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args, needle):
    from cli_support import run_cardavia

    result = run_cardavia("arena", *args, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_regression_the_workers_are_started_with_ctrl_c_held_back(monkeypatch):
    """A Ctrl-C while a worker of ``--jobs`` was still starting (before its initializer made
    it ignore Ctrl-C) ended it with a traceback. The pool is made with Ctrl-C held back, as
    the new processes keep it; the mask is put back once they are made, so that a Ctrl-C that
    came meanwhile is taken then (and the pool stopped), not lost."""
    import multiprocessing
    import types

    from cardavia_cli.engine import arena

    seen: list[bool] = []

    class Pool:
        def __init__(self, jobs, initializer):
            seen.append(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
            os.kill(os.getpid(), signal.SIGINT)  # a Ctrl-C while the workers are started

        def imap(self, fn, work, chunksize):
            return iter(())

        def terminate(self):
            seen.append(True)

        def join(self):
            pass

    context = types.SimpleNamespace(Pool=Pool)
    monkeypatch.setattr(multiprocessing, "get_context", lambda kind: context)
    # Ctrl-C as a terminal's job has it (a job started in the background has it ignored)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            arena._run_parallel(iter(()), 2, None, 2, [], None)  # type: ignore[arg-type]
    finally:
        signal.signal(signal.SIGINT, before)
    assert seen == [True, True]  # held back while made, then taken: the pool is stopped
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


_SPAWN_SPY = """
import signal
import multiprocessing.util as util
from cardavia_cli.engine import arena

spawned = []
real = util.spawnv_passfds


def spy(path, args, fds):
    blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    spawned.append(("resource_tracker" in " ".join(map(str, args)), blocked))
    return real(path, args, fds)


util.spawnv_passfds = spy
signal.signal(signal.SIGINT, signal.default_int_handler)
arena._tally = lambda result, records, *rest: list(records)  # the pool starts when read
arena._run_parallel(iter(()), 2, None, 2, [], None)
print([blocked for tracker, blocked in spawned if not tracker])
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_regression_workers_start_with_ctrl_c_held_back_after_the_resource_tracker():
    """Ctrl-C in the first second of ``arena --jobs 2`` still printed the workers'
    tracebacks (6 of 10 tries): multiprocessing's resource tracker, started by the pool's
    first lock, unblocks Ctrl-C once it is started, so the workers started after it had it
    again. In a fresh process (no tracker yet), every worker is now started with Ctrl-C held
    back."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _SPAWN_SPY],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_as_a_terminal_job,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "[True, True]\n", "")


def _as_a_terminal_job() -> None:
    """Ctrl-C in a child as a terminal's job has it: taken, and not held back (a test run
    started in the background has it ignored, which a new program would keep)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_regression_ctrl_c_twice_stops_arena_jobs_at_once_without_a_traceback():
    """Ctrl-C reaches every process of the terminal's group: the workers of ``--jobs`` took it
    too, a second Ctrl-C left the run hanging, and a third dumped tracebacks. Now the workers
    leave it to the main process, which stops them: exit 130, no traceback."""
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardavia_cli",
            "arena",
            "sisepai",
            "--deals",
            "400",
            "--jobs",
            "2",
            "--seats",
            "strong,basic,basic,basic",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job
        preexec_fn=_as_a_terminal_job,
    )
    time.sleep(4)  # the workers are started and playing
    os.killpg(child.pid, signal.SIGINT)
    time.sleep(0.5)
    os.killpg(child.pid, signal.SIGINT)
    try:
        out, err = child.communicate(timeout=60)  # a bound, not a timing: it took minutes
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130
    assert out == "" and "Traceback" not in err
