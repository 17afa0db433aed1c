"""Speed of ``cardavia sisepai check`` for scripts: the batch form and the meld tables.

Not part of the normal test run; run with::

    pytest benchmarks/test_bench_check.py --benchmark-enable

* ``test_batch``: the batch form's whole loop (split each line, parse the cards, check, write
  one JSON line) over a fixed input of random 21-card hands, in memory; ``hands/s`` is the
  batch size divided by the mean time of a call. The command reads standard input the same
  way, so the rate of ``cardavia sisepai check - < hands.txt`` is this one less start-up.
* ``test_tables``: what importing :mod:`melds` costs for its tables: reading the shipped file,
  against building them afresh by exhaustive search.
"""

from __future__ import annotations

import io
import random

import pytest

from cardavia_cli.commands.batch import run_batch
from cardavia_cli.games.sisepai import melds
from cardavia_cli.games.sisepai.cards import PACK
from cardavia_cli.games.sisepai.check import check_words

BATCH = 2000


def random_lines(n: int, seed: int = 2024) -> bytes:
    """``n`` lines of 21 cards dealt from a shuffled pack, canonical codes."""
    rng = random.Random(seed)
    deck = list(PACK)
    lines = []
    for _ in range(n):
        rng.shuffle(deck)
        lines.append(" ".join(deck[:21]))
    return ("\n".join(lines) + "\n").encode()


def answer(words: list[str]) -> dict[str, object]:
    return check_words(words).to_json()


def test_batch(benchmark):
    data = random_lines(BATCH)

    def run() -> tuple[int, int, int]:
        return run_batch(answer, io.BytesIO(data), io.StringIO())

    assert benchmark(run) == (BATCH, 0, 0)
    if benchmark.stats is not None:
        rate = BATCH / benchmark.stats.stats.mean
        benchmark.extra_info["hands_per_second"] = round(rate)
        print(f"\ncheck -, random 21-card hands: {rate:,.0f} hands/s")


@pytest.mark.parametrize("how", ["load", "build"])
def test_tables(benchmark, how):
    make = melds.load_tables if how == "load" else melds.build_tables
    tables = benchmark(make)
    assert sorted(tables) == ["command", "field", "soldier"]
    if benchmark.stats is not None:
        ms = benchmark.stats.stats.mean * 1e3
        benchmark.extra_info["milliseconds"] = round(ms, 3)
        print(f"\nmeld tables, {how}: {ms:.2f} ms")
