"""Speed of ``cardavia sisepai check`` for scripts: the batch form and the meld tables.

Not part of the normal test run; run with::

    pytest benchmarks/test_bench_check.py --benchmark-enable -n 0 -s

* ``test_command_mix``: the command itself, ``python -m cardavia_cli sisepai check -`` in a
  fresh interpreter (start-up included), on a realistic mix (``data/sisepai-check-mix.txt``:
  21-card hands with and without exposed melds, 20-card waits questions) repeated to
  :data:`MIX_LINES` lines, as given and with the lines shuffled; ``hands/s`` is the number of
  lines divided by the mean time of a run. The target is at least 20,000 hands/s on the
  project's machines (2 cores).
* ``test_batch``: the batch form's whole loop (split each line, parse the cards, check, write
  one JSON line) over a fixed input of random 21-card hands, in memory, without start-up.
* ``test_tables``: what importing :mod:`melds` costs for its tables: reading the shipped file,
  against building them afresh by exhaustive search.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia_cli.commands.batch import run_batch
from cardavia_cli.games.sisepai import melds
from cardavia_cli.games.sisepai.cards import PACK
from cardavia_cli.games.sisepai.check import check_line

BATCH = 2000
#: The mix of the command benchmark: its 108 hands, 300 times over.
MIX_FILE = Path(__file__).parent / "data" / "sisepai-check-mix.txt"
MIX_LINES = 108 * 300


def random_lines(n: int, seed: int = 2024) -> bytes:
    """``n`` lines of 21 cards dealt from a shuffled pack, canonical codes."""
    rng = random.Random(seed)
    deck = list(PACK)
    lines = []
    for _ in range(n):
        rng.shuffle(deck)
        lines.append(" ".join(deck[:21]))
    return ("\n".join(lines) + "\n").encode()


def mix_lines(n: int, shuffled: bool) -> bytes:
    """The mix's hands (comments left out) repeated to ``n`` lines, shuffled with a fixed
    seed when ``shuffled``."""
    hands = [
        line
        for line in MIX_FILE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    lines = (hands * (n // len(hands) + 1))[:n]
    if shuffled:
        random.Random(7).shuffle(lines)
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.parametrize("order", ["as-given", "shuffled"])
def test_command_mix(benchmark, order):
    data = mix_lines(MIX_LINES, order == "shuffled")
    command = [sys.executable, "-m", "cardavia_cli", "sisepai", "check", "-"]

    def run() -> int:
        done = subprocess.run(command, input=data, capture_output=True, check=True)
        return done.stdout.count(b"\n")

    assert benchmark.pedantic(run, rounds=3, iterations=1) == MIX_LINES
    if benchmark.stats is not None:
        rate = MIX_LINES / benchmark.stats.stats.mean
        benchmark.extra_info["hands_per_second"] = round(rate)
        print(f"\ncheck -, the mix {order}, {MIX_LINES} lines: {rate:,.0f} hands/s")


def test_batch(benchmark):
    data = random_lines(BATCH)

    def run() -> tuple[int, int, int]:
        return run_batch(check_line, io.BytesIO(data), io.StringIO())

    assert benchmark(run) == (BATCH, 0, 0)
    if benchmark.stats is not None:
        rate = BATCH / benchmark.stats.stats.mean
        benchmark.extra_info["hands_per_second"] = round(rate)
        print(f"\ncheck -, random 21-card hands, in memory: {rate:,.0f} hands/s")


@pytest.mark.parametrize("how", ["load", "build"])
def test_tables(benchmark, how):
    make = melds.load_tables if how == "load" else melds.build_tables
    tables = benchmark(make)
    assert sorted(tables) == ["command", "field", "soldier"]
    if benchmark.stats is not None:
        ms = benchmark.stats.stats.mean * 1e3
        benchmark.extra_info["milliseconds"] = round(ms, 3)
        print(f"\nmeld tables, {how}: {ms:.2f} ms")
