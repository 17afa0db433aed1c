"""How far can a Cuccu player get against ``basic``? Two experiments behind the strength figures
of level ``strong`` (they are not players of the product):

    python tools/cucu_bounds.py oracle --matches 2000
    python tools/cucu_bounds.py inference --matches 400 --samples 64

``oracle``: a player that SEES every hidden card and the pack (a cheat, an upper bound) and
plays the better answer of each decision, both played out to the showdown by ``basic`` at
every seat and scored by the match chance of :class:`~cardavia_cli.games.cucu.ai.RoundSearch`.

``inference``: a legal search player whose samples are weighed by how likely ``basic``-like
players were to make this round's public answers: each sampled deal is replayed from the
round's start, and every answer of another seat that ``basic`` would not have given there
multiplies its weight by ``--eps``; one of ``--draws`` deals is chosen by weight. Its keep
margin is 0 (the best mean wins).

Each prints the rotated arena's per-level totals (``--rotate``: the candidate at every seat of
the same decks, three ``basic`` beside it), as ``cardavia arena --json`` gives them.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from bounds import OracleBelief  # noqa: E402  (tools/, the script's folder)

from cardavia_cli.engine import agents
from cardavia_cli.engine.arena import run_arena
from cardavia_cli.engine.search import SearchPlayer, SearchSettings
from cardavia_cli.games import load_game
from cardavia_cli.games.cucu import ai, rules
from cardavia_cli.games.cucu.round import Round
from cardavia_cli.games.cucu.rules import CucuState, Phase


def likelihood(rank: list[int], rnd: Round, seat: int, eps: float) -> float:
    """How likely ``basic`` players at the other seats were to answer as they did this round,
    had the deal been ``rank`` (card id -> rank; the round's ids are deck positions)."""
    basic = ai.BasicAgent()
    state = CucuState.__new__(CucuState)
    rules.GameState.__init__(state, 0)
    state.quiet = True
    state.rng = random.Random(0)
    state.rounds = state.restarts = 0
    state.winner = None
    state._phase = Phase.TURN
    state.round = Round(rank, rnd.dealer, rnd.start_lives, quiet=True)
    state._synced = 0
    state._sync()
    weight = 1.0
    for s, verb in rnd.history:
        if s != seat:
            view = state.view(s)
            if view.phase in (Phase.TURN, Phase.DEALER) and view.card is not None:
                if str(basic.choose(view, view.legal, random.Random(0))) != verb:
                    weight *= eps
        try:
            state.round.play(verb)
            state._sync()
        except Exception:  # noqa: BLE001 - an answer this deal cannot give: impossible
            return 0.0
    return weight


def weighed_resample(draws: int, eps: float) -> Any:
    """A ``CucuState.resample`` that weighs ``draws`` deals by :func:`likelihood`."""

    def resample(self: CucuState, seat: int, rng: random.Random) -> CucuState:
        new = self.copy()
        assert isinstance(new, CucuState)
        new.rng = random.Random(rng.getrandbits(64))
        rnd = new.round
        if not any(s != seat for s, _ in rnd.history):
            rnd.rank = rules.weighed_deal(rnd, seat, rng, 1, lambda ranks: 1.0)
            return new

        def weigh(ranks: Any) -> float:
            return likelihood(list(ranks), rnd, seat, eps)

        rnd.rank = rules.weighed_deal(rnd, seat, rng, draws, weigh)
        return new

    return resample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("experiment", choices=["oracle", "inference"])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--draws", type=int, default=16)
    parser.add_argument("--eps", type=float, default=0.05)
    args = parser.parse_args()
    info = load_game("cucu")
    if args.experiment == "oracle":
        agents.Belief = OracleBelief  # type: ignore[misc,assignment]
        settings = SearchSettings(samples=2, margin=0.0, budget=None)
    else:
        CucuState.resample = weighed_resample(args.draws, args.eps)  # type: ignore[method-assign]
        settings = SearchSettings(samples=args.samples, margin=0.0, budget=None)
    info.agents[args.experiment] = lambda: SearchPlayer(ai.RoundSearch(), ai.BasicAgent, settings)
    result = run_arena(
        info,
        [args.experiment, "basic", "basic", "basic"],
        deals=args.matches,
        seed=args.seed,
        rotate=True,
    ).to_json()
    print(json.dumps({"matches": result["deals"], "levels": result["levels"]}, indent=1))


if __name__ == "__main__":
    main()
