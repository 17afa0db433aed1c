"""CPU time of a whole review (``cardavia review``'s work, the default ``strong`` search) of
one deal, per game, with and without the replays of the deck with ``basic`` and ``strong`` in
seat 0: the deal of seed 3 played by four ``basic`` players (Si Se Pai, Minchiate), and for
Guandan ``saves/examples/guandan-match-at-ace.toml``, a match decided in one deal (a finished
game, so with replays).

Not part of the normal test run::

    pytest benchmarks/test_bench_review.py --benchmark-enable -n 0 -s
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from cardavia_cli.engine.review import review_game
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, replay

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"


def _deal(game: str) -> DealFile:
    if game == "guandan":
        return load_deal(EXAMPLES / "guandan-match-at-ace.toml")
    info = load_game(game)
    state = info.new_state(seed=3)
    play_on(state, make_agents(info, ["basic"] * 4))
    return DealFile.from_state(state, DealFile(game=game, seed=3))


@pytest.mark.parametrize("replays", [False, True], ids=["no-replay", "replay"])
@pytest.mark.parametrize("game", ["sisepai", "minchiate", "guandan"])
def test_review_time(benchmark, game: str, replays: bool) -> None:
    deal = _deal(game)
    final = replay(deal)
    info = load_game(game)
    spent: list[float] = []

    def review() -> None:
        start = time.process_time()
        done = review_game(info, deal, final, replays=replays)
        spent.append(time.process_time() - start)
        benchmark.extra_info["decisions"] = len(done.decisions)

    benchmark.pedantic(review, rounds=1, iterations=1)
    benchmark.extra_info["cpu_s"] = round(spent[0], 2)
    print(
        f"\n{game} review ({'with' if replays else 'no'} replays): "
        f"{benchmark.extra_info['decisions']} decisions, {spent[0]:.2f} s CPU"
    )
