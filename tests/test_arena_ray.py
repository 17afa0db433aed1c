"""``cardavia arena ... --ray`` (engine.cluster): the same JSON as a serial run and ``--jobs 2``
for every game, a worker killed mid-run retried to the identical result, a deal that fails
every retry counted in ``task_errors`` (exit 1), Ctrl-C cancelling the outstanding tasks, and
the one-line errors without Ray or without a cluster.

The tests marked ``ray`` share one local Ray with 2 CPUs, started once for the module (a start
costs seconds) and kept in one pytest-xdist worker (``xdist_group``). Ray is part of the test
extra, so a missing Ray fails them; ``CARDAVIA_NO_RAY=1`` skips them instead, saying so.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from typing import Any

import pytest
import ray_support
from cli_support import run_cardavia, run_module

from cardavia_cli.engine.arena import Scheduled, play_deal, run_arena
from cardavia_cli.engine.cluster import (
    INSTALL,
    ClusterError,
    RayExecutor,
    _reachable,
    chunk_size,
    parse_address,
)
from cardavia_cli.games import load_game

NO_RAY = os.environ.get("CARDAVIA_NO_RAY") == "1"
SKIP_REASON = "CARDAVIA_NO_RAY=1: the tests of arena --ray are turned off"

#: Per game: a short run of each format (rotation in solo games, duplicate in the others).
RUNS = {
    "sisepai": ["--deals", "8", "--seed", "3", "--seats", "basic,random,random,random", "--rotate"],
    "cucu": ["--deals", "8", "--seed", "3", "--seats", "basic,random,random,random", "--rotate"],
    "guandan": ["--deals", "2", "--seed", "3", "--seats", "basic,random,basic,random"],
    "minchiate": ["--deals", "4", "--seed", "3", "--seats", "basic,random,basic,random"],
}


def timeless(data: dict[str, Any]) -> dict[str, Any]:
    """An arena document without its figures of time (deals per second, decision times)."""
    out = {k: v for k, v in data.items() if k != "deals_per_second"}
    out["levels"] = [{k: v for k, v in lv.items() if k != "decision_ms"} for lv in data["levels"]]
    return out


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray with 2 CPUs for the module's tests, this module sent to the workers by
    value (they do not have ``tests/`` on their path)."""
    if NO_RAY:
        pytest.skip(SKIP_REASON)
    import ray  # the test extra installs it: an ImportError here is a failure, not a skip

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

    ray.init(
        address="local",  # a new local Ray, whatever cluster this machine knows of
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    ray.cloudpickle.register_pickle_by_value(ray_support)
    try:
        yield ray
    finally:
        ray.cloudpickle.unregister_pickle_by_value(ray_support)
        ray.shutdown()


on_ray = [pytest.mark.ray, pytest.mark.xdist_group("ray")]


def cli_json(*args: str, code: int = 0) -> dict[str, Any]:
    done = run_cardavia("arena", *args, "--json")
    assert done.returncode == code, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


# -- the same result on every path ---------------------------------------------------------


@pytest.mark.ray
@pytest.mark.xdist_group("ray")
@pytest.mark.parametrize("game", sorted(RUNS))
def test_serial_jobs_and_ray_give_the_same_json(local_ray, game):
    serial = cli_json(game, *RUNS[game])
    jobs = cli_json(game, *RUNS[game], "--jobs", "2")
    on_cluster = cli_json(game, *RUNS[game], "--ray")
    assert timeless(on_cluster) == timeless(jobs) == timeless(serial)
    assert serial["task_errors"] == jobs["task_errors"] == on_cluster["task_errors"] == 0
    assert on_cluster["deals"] == int(RUNS[game][1])
    assert sum(lv["decisions"] for lv in on_cluster["levels"]) > 0


@pytest.mark.ray
@pytest.mark.xdist_group("ray")
def test_tasks_of_several_deals_are_counted_in_schedule_order(local_ray):
    info = load_game("sisepai")
    seats = ["basic", "random", "random", "random"]
    serial = run_arena(info, seats, deals=11, seed=8)
    calls: list[tuple[int, int]] = []
    with RayExecutor(chunk=3) as executor:
        assert executor.cluster_cpus == 2
        result = run_arena(
            info,
            seats,
            deals=11,
            seed=8,
            load=load_game,
            executor=executor,
            progress=lambda done, total: calls.append((done, total)),
        )
    assert timeless(result.to_json()) == timeless(serial.to_json())
    # one call per task as it comes back (3 + 3 + 3 + 2 deals), whatever the order
    assert len(calls) == 4 and calls[-1] == (11, 11)
    assert [total for _, total in calls] == [11] * 4
    dones = [done for done, _ in calls]
    assert sorted(b - a for a, b in zip([0, *dones], dones, strict=False)) == [2, 3, 3, 3]


@pytest.mark.ray
@pytest.mark.xdist_group("ray")
def test_a_worker_killed_mid_run_is_retried_to_the_same_result(local_ray, tmp_path, capfd):
    info = load_game("cucu")
    seats = ["basic", "random", "random", "random"]
    serial = run_arena(info, seats, deals=24, seed=5, rotate=True)
    marker = tmp_path / "killed"
    notices: list[str] = []
    capfd.readouterr()
    with RayExecutor(chunk=2, on_notice=notices.append) as executor:
        result = run_arena(
            info,
            seats,
            deals=24,
            seed=5,
            rotate=True,
            load=ray_support.dying_loader(str(marker), seed=5, deck=3),
            executor=executor,
        )
    assert marker.exists()  # a worker did die, dealing deck 3 (of 6)
    assert int(marker.read_text()) != os.getpid()
    assert result.task_errors == 0 and result.deals == 24
    assert timeless(result.to_json()) == timeless(serial.to_json())
    # Ray's notice of the dead worker goes to on_notice, never to standard output
    assert capfd.readouterr().out == ""
    assert all(line.startswith("ray: ") and "\n" not in line for line in notices)


@pytest.mark.ray
@pytest.mark.xdist_group("ray")
def test_a_deal_that_fails_every_retry_is_counted_and_the_run_exits_1(local_ray, monkeypatch):
    import cardavia_cli.games

    full = cli_json("minchiate", "--deals", "6", "--seed", "2")
    monkeypatch.setattr(cardavia_cli.games, "load_game", ray_support.failing_loader(seed=2, deck=4))
    done = run_cardavia("arena", "minchiate", "--deals", "6", "--seed", "2", "--json", "--ray")
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["task_errors"] == 1
    assert data["deals"] == 5 and data["agent_errors"] == 0
    # exactly the full run without deck 4's deal
    lost = play_deal(load_game("minchiate"), 2, Scheduled(4, ["basic"] * 4)).winners
    assert data["wins"] == [w - (s in lost) for s, w in enumerate(full["wins"])]
    assert data["draws"] == full["draws"] - (not lost)
    # one error line; before it, as they come, Ray's notices of the retries (a line each)
    *notices, error = done.stderr.strip().splitlines()
    assert all(line.startswith("cardavia: warning: ray: Task ") for line in notices), notices
    assert error.startswith("cardavia: error: 1 deal could not be played on the cluster")
    assert "(first: deck 4, seats basic,basic,basic,basic: RuntimeError: deck 4 cannot" in error


@pytest.mark.ray
@pytest.mark.xdist_group("ray")
def test_ctrl_c_cancels_the_outstanding_tasks(local_ray):
    info = load_game("sisepai")

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    # decks 2 to 7 would hold both CPUs for minutes: only a cancel frees them
    with RayExecutor(chunk=1) as executor:
        with pytest.raises(KeyboardInterrupt):
            run_arena(
                info,
                ["basic"] * 4,
                deals=8,
                seed=1,
                load=ray_support.slow_loader(seed=1, fast=1, seconds=300),
                executor=executor,
                progress=interrupt,
            )
    for _ in range(480):  # a bounded wait (2 min) for the cancelled workers to give their CPUs back
        if local_ray.available_resources().get("CPU", 0) == 2:
            break
        time.sleep(0.25)
    assert local_ray.available_resources().get("CPU", 0) == 2


# -- errors ---------------------------------------------------------------------------------


def test_without_ray_one_line_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    done = run_cardavia("arena", "cucu", "--deals", "2", "--ray", "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"cardavia: error: --ray needs Ray, which is not installed: {INSTALL}"
    ]


@pytest.mark.skipif(NO_RAY, reason=SKIP_REASON)
@pytest.mark.parametrize(
    "args, needle",
    [
        (["--ray", ""], "give a cluster's address"),
        (["--ray", "127.0.0.1:1", "--jobs", "2"], "--jobs does not apply with --ray 127.0.0.1:1"),
    ],
)
def test_bad_ray_options_exit_2_with_one_line(args, needle):
    done = run_cardavia("arena", "cucu", "--deals", "2", *args, "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


@pytest.mark.skipif(NO_RAY, reason=SKIP_REASON)
def test_an_address_where_no_cluster_listens_exits_2_at_once():
    # a fresh process: this one may already be connected to the tests' local Ray
    done = run_module("arena", "cucu", "--deals", "2", "--ray", "127.0.0.1:1", "--json")
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "--ray 127.0.0.1:1: cannot reach a Ray cluster at 127.0.0.1:1 (" in lines[0]


@pytest.mark.parametrize(
    "address, read",
    [
        ("10.0.0.5:6379", ("10.0.0.5", 6379)),
        ("ray://head:10001/", ("head", 10001)),
        ("[::1]:7", ("::1", 7)),
        ("auto", None),
        ("local", None),
        # digits that int() reads but nobody types as a port, and ports outside 1 to 65535
        ("head:\u00b2", "--ray 'head:\u00b2': the port '\u00b2' is not a number from 1 to 65535"),
        ("head:\u0667\u0667", "the port '\u0667\u0667' is not a number from 1 to 65535"),
        ("head:65536", "--ray 'head:65536': the port '65536' is not a number from 1 to 65535"),
        ("head:0", "--ray 'head:0': the port '0' is not a number from 1 to 65535"),
        # no host, no port, or no address at all: said before Ray sees it
        (":", "--ray ':': not the address of a Ray cluster: give HOST:PORT"),
        (":7", "--ray ':7': not the address of a Ray cluster"),
        ("head", "--ray 'head': not the address of a Ray cluster"),
        ("[::1]", "--ray '[::1]': not the address of a Ray cluster"),
        ("http://head:80", "--ray 'http://head:80': not the address of a Ray cluster"),
        ("h\u00e9ad:80", "not the address of a Ray cluster"),
    ],
)
def test_regression_an_address_is_checked_as_a_value_first(address, read):
    if read is None or isinstance(read, tuple):
        assert parse_address(address) == read
    else:
        with pytest.raises(ClusterError) as caught:
            parse_address(address)
        assert read in str(caught.value)


@pytest.mark.parametrize("address", [":", "localhost:\u00b2", "head:0", "ray://:1"])
def test_regression_a_bad_address_exits_2_with_our_line_only(address):
    # a fresh process: what Ray itself would print (its ERROR line, a traceback) is seen there
    done = run_module("arena", "cucu", "--deals", "2", "--ray", address, "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"cardavia: error: --ray {address!r}: ")


class _Listener:
    """A server on the loopback that accepts connections and says ``reply`` (nothing: a
    process that speaks nothing), for ``seconds`` at most."""

    def __init__(self, reply: bytes = b"", seconds: float = 30.0) -> None:
        import socket
        import threading

        self.reply, self.seconds = reply, seconds
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        kept = []
        deadline = time.monotonic() + self.seconds
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            if self.reply:
                conn.sendall(self.reply)
            kept.append(conn)
        for conn in kept:
            conn.close()

    def __enter__(self) -> _Listener:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(5)
        self.server.close()


def test_regression_something_else_listening_is_no_ray_cluster():
    for reply in (b"", b"HTTP/1.1 400 Bad Request\r\n\r\n", b"SSH-2.0-OpenSSH_9.6\r\n"):
        with _Listener(reply) as listener:
            started = time.monotonic()
            said = _reachable(f"127.0.0.1:{listener.port}", timeout=0.5)
            assert time.monotonic() - started < 3
        assert said == "something listens there, but it does not answer as Ray does", reply


@pytest.mark.skipif(NO_RAY, reason=SKIP_REASON)
def test_regression_an_address_where_something_else_listens_exits_2_in_seconds():
    with _Listener() as listener:  # speaks nothing, as a wrong port of another program may
        address = f"127.0.0.1:{listener.port}"
        started = time.monotonic()
        # a fresh process: this one may already be connected to the tests' local Ray
        done = run_module("arena", "cucu", "--deals", "2", "--ray", address, "--json")
        took = time.monotonic() - started
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"cardavia: error: --ray {address}: cannot reach a Ray cluster at {address} "
        "(something listens there, but it does not answer as Ray does)"
    ]
    assert took < 30  # Ray alone retried for minutes


def test_ray_is_imported_only_with_the_option():
    code = (
        "import sys\n"
        "from cardavia_cli.app import main\n"
        "try:\n"
        "    main(['arena', 'cucu', '--deals', '2', '--jobs', '1', '--json'])\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
        "print('ray' in sys.modules, 'cardavia_cli.engine.cluster' in sys.modules, "
        "file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["deals"] == 2
    assert done.stderr.split() == ["False", "False"]


def test_chunk_size_cuts_about_16_tasks_per_cpu():
    assert [chunk_size(n, 2) for n in (1, 31, 32, 64, 127, 128, 2000)] == [1, 1, 1, 2, 3, 4, 8]
    assert chunk_size(10, 0) == 1


def test_the_workers_search_with_this_process_budget(monkeypatch):
    """A cluster's nodes have their own environment: the run sends the cap on a decision's CPU
    time (``CARDAVIA_SEARCH_BUDGET``) to its workers, so that ``strong`` plays there as here."""
    monkeypatch.setenv("CARDAVIA_SEARCH_BUDGET", "off")
    options = RayExecutor().init_options()
    assert options["runtime_env"] == {"env_vars": {"CARDAVIA_SEARCH_BUDGET": "off"}}
    monkeypatch.delenv("CARDAVIA_SEARCH_BUDGET")
    assert "runtime_env" not in RayExecutor().init_options()
