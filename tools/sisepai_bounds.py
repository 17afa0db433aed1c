"""How far can a Si Se Pai player get against ``basic``? Experiments behind the strength figures
of level ``strong`` (they are not players of the product):

    python tools/sisepai_bounds.py oracle --deals 400
    python tools/sisepai_bounds.py hands --deals 400 --samples 64
    python tools/sisepai_bounds.py strong --deals 1000 --samples 16 [--no-inference]
    python tools/sisepai_bounds.py samples --deals 40

``oracle``: ``strong``'s search (:class:`~cardavia_cli.games.sisepai.ai.DealSearch`) given the
real state as its only sample: it SEES every hand and the order of the stock (a cheat, the
upper bound of a one-step search against ``basic``, whose rollouts are then exact). The bounds
play every rollout to the end of the deal.

``hands``: the same search whose samples keep every hand as it is and deal only the stock anew:
the bound of a search that knew the other hands perfectly (what inference could at best give).

``strong``: the shipped search with ``--samples`` samples and no time cap; ``--no-inference``
deals the hidden cards uniformly (the weights of :func:`~cardavia_cli.games.sisepai.rules.tells`
set to 1), for the same decks with and without inference.

``samples``: how well the samples place the hidden cards, with the inference and without: over
every 15th step (with more than 5 dead cards) of ``--deals`` deals of four ``basic`` players,
4 samples of seat 0's belief each, the share of the other seats' sampled cards that are in
their true hands.

The others print the rotated arena's per-level totals (``--rotate``: the candidate at every seat of
the same decks, three ``basic`` beside it), as ``cardavia arena --json`` gives them, with the
ratio of the candidate's win rate to ``basic``'s.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from cardavia_cli.engine import agents
from cardavia_cli.engine.arena import run_arena
from cardavia_cli.engine.game import QuietLog
from cardavia_cli.engine.search import SearchPlayer, SearchSettings
from cardavia_cli.games import load_game
from cardavia_cli.games.sisepai import ai, rules
from cardavia_cli.games.sisepai.rules import Action, Phase


class SeeingBelief:
    """A belief that hands out the real state (the cheat of the bounds), with the other seats'
    sealed answers of the current claim round made passes, as a legal sample has them; with
    ``stock`` the stock is dealt anew (the hands stay)."""

    stock = False

    def __init__(self, state: Any, seat: int) -> None:
        self._state = state
        self.seat = seat

    def sample(self, rng: random.Random) -> Any:
        state = self._state
        new = state.copy()
        if state.phase is Phase.CLAIM:
            new.responses = {
                s: (answer if s == self.seat else (Action("pass"), None))
                for s, answer in state.responses.items()
            }
        if self.stock:
            rest = sorted(state.stock[state.stock_pos :])
            rng.shuffle(rest)
            new.stock = list(state.stock[: state.stock_pos]) + rest
            new._invalidate()
        new._chosen = None
        new.rng = random.Random(rng.getrandbits(64))
        new.quiet = True
        new.events = QuietLog()
        new.history = []
        return new


class HandsBelief(SeeingBelief):
    stock = True


INFERENCE = ("PASS_IDENTICAL", "PASS_MIXED", "DISCARD_COPY", "DISCARD_MIXED")


def placed(deals: int, weights: tuple[float, ...]) -> float:
    """The share of seat 0's sampled hidden cards of seats 1-3 that are in their true hands
    (``samples``), with the inference factors ``weights`` (order of :data:`INFERENCE`)."""
    from cardavia_cli.engine.game import LegalActions

    for name, weight in zip(INFERENCE, weights, strict=True):
        setattr(rules, name, weight)
    basic = ai.BasicAgent()
    hit = total = 0
    for seed in range(deals):
        state = rules.new_state(seed=seed)
        state.quiet = True
        steps = 0
        while not state.is_over:
            action = state.forced_action()
            if action is None:
                seat = state.to_act
                assert seat is not None
                view = state.view(seat)
                action = basic.choose(view, LegalActions(state), random.Random(0))
            state.push(action)
            steps += 1
            if steps % 15 or state.is_over or len(state.dead) <= 5:
                continue
            rng = random.Random(seed * 1000 + steps)
            for _k in range(4):
                sample = state.resample(0, rng)
                for other in (1, 2, 3):
                    for code, n in enumerate(sample.hands[other]):
                        hit += min(n, state.hands[other][code])
                        total += n
    return hit / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("experiment", choices=["oracle", "hands", "strong", "samples"])
    parser.add_argument("--deals", type=int, default=400, help="seat-deals (a multiple of 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--no-inference", action="store_true")
    args = parser.parse_args()
    if args.experiment == "samples":
        shipped = tuple(getattr(rules, name) for name in INFERENCE)
        with_it = placed(args.deals, shipped)
        without = placed(args.deals, (1.0,) * len(INFERENCE))
        print(
            json.dumps(
                {"deals": args.deals, "with": round(with_it, 4), "without": round(without, 4)}
            )
        )
        return
    info = load_game("sisepai")
    samples = args.samples
    if args.experiment == "oracle":
        agents.Belief = SeeingBelief  # type: ignore[misc,assignment]
        samples = 2  # every sample is the real state: two give a standard error of 0
    elif args.experiment == "hands":
        agents.Belief = HandsBelief  # type: ignore[misc,assignment]
    if args.no_inference:
        for name in INFERENCE:
            setattr(rules, name, 1.0)
    # the bounds play every rollout to the end of the deal; strong cuts it at its horizon
    horizon = ai.HORIZON if args.experiment == "strong" else None
    settings = SearchSettings(samples=samples, horizon=horizon, budget=None)
    info.agents[args.experiment] = lambda: SearchPlayer(ai.DealSearch(), ai.BasicAgent, settings)
    result = run_arena(
        info,
        [args.experiment, "basic", "basic", "basic"],
        deals=args.deals,
        seed=args.seed,
        rotate=True,
    ).to_json()
    levels = {level["level"]: level for level in result["levels"]}
    ratio = levels[args.experiment]["win_rate"] / max(levels["basic"]["win_rate"], 1e-9)
    print(
        json.dumps(
            {
                "deals": result["deals"],
                "levels": result["levels"],
                "ratio": round(ratio, 3),
                "agent_errors": result["agent_errors"],
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
