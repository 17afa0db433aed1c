"""Speed of the engine itself, on the test game Tally: replaying a long match from its deal
file (every decision through the checked path), and the per-seat event log.

Run with ``pytest benchmarks/test_bench_engine.py --benchmark-enable -n 0 -s``.
"""

from __future__ import annotations

from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, parse_deal, replay

#: Tokens per seat: a long match (each round costs one token).
TOKENS = 60


def long_match(seed: int = 1, tokens: int = TOKENS) -> DealFile:
    """The deal file of a whole match of Tally played by four random players."""
    info = load_game("tally")
    state = info.new_state(seed=seed, match={"tokens": [tokens] * 4})
    play_on(state, make_agents(info, ["random"] * 4))
    return DealFile(
        game="tally", seed=seed, actions=state.recorded_actions(), match={"tokens": [tokens] * 4}
    )


def test_replay_of_a_long_match(benchmark):
    """Replay (load, deal, every recorded decision checked, forced answers found) of a match of
    about 2,000 decisions."""
    deal = long_match()
    text = deal.to_toml()
    decisions = len(replay(parse_deal(text, "long.toml")).history)
    assert decisions >= 2000

    def run() -> bool:
        return replay(parse_deal(text, "long.toml")).is_over

    assert benchmark(run)
    if benchmark.stats is not None:
        mean = benchmark.stats.stats.mean
        benchmark.extra_info["decisions"] = decisions
        print(
            f"\nreplay of {decisions} decisions: {mean * 1000:.1f} ms ({decisions / mean:,.0f}/s)"
        )


def test_replay_scales_linearly(benchmark):
    """Half the match: the time per decision must be the same as for the whole one."""
    deal = long_match(tokens=TOKENS // 2)
    text = deal.to_toml()
    decisions = len(replay(parse_deal(text, "half.toml")).history)
    assert benchmark(lambda: replay(parse_deal(text, "half.toml")).is_over)
    if benchmark.stats is not None:
        mean = benchmark.stats.stats.mean
        print(
            f"\nreplay of {decisions} decisions: {mean * 1000:.1f} ms ({decisions / mean:,.0f}/s)"
        )
