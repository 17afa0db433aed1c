"""How far can a Guandan search get against ``basic``? Experiments behind the strength figures of
level ``strong`` (they are not players of the product):

    python tools/guandan_bounds.py oracle --deals 200
    python tools/guandan_bounds.py partner --deals 200   (or next)
    python tools/guandan_bounds.py policy --deals 200
    python tools/guandan_bounds.py strong --deals 200 [--samples 16 --margin 1.0 --extra 8]

Each plays ``--deals`` single deals (``arena guandan --single-deals``: random levels, a random
previous finish, so with tribute) in the duplicate format: the candidate at seats 0 and 2,
``basic`` at 1 and 3, and each deck again with the sides exchanged. No time cap; one process.

``oracle``: ``strong``'s search (:class:`~cardavia_cli.games.guandan.ai.DealSearch`) given the
real state as its only sample: it SEES every hand (a cheat: the bound of a one-step search
against ``basic``, whose rollouts are then exact).

``partner`` and ``next``: the shipped search whose samples hold the real hand of one other
seat, the partner's or the next opponent's (the one who plays after the searching seat), and
deal the other two hands anew from the rest of their cards: a cheat that says which hidden
hand is worth knowing (what an inference would have to find).

``policy``: the shipped search whose every sample is one of ``--draws`` samples of the belief,
taken with a chance in proportion to the likelihood that the other seats' last ``--steps``
steps are those ``basic`` takes with the sampled hands (a factor ``--mismatch`` for each step
it would not have taken): inference from the plays, beside the passes the belief already weighs.

``strong``: the shipped search with ``--samples``, ``--margin`` and ``--extra`` (samples of
a second look when a candidate is near the margin, above ``--look-again`` standard errors:
:class:`~cardavia_cli.engine.search.SearchSettings`).

Prints the arena's ``sides`` and ``levels`` as ``cardavia arena --json`` gives them.
"""

from __future__ import annotations

import argparse
import json
import random

from bounds import OracleBelief  # noqa: E402  (tools/, the script's folder)
from guandan_inference import mismatches, public_steps  # noqa: E402  (the same folder)

from cardavia_cli.engine import agents
from cardavia_cli.engine.arena import run_arena
from cardavia_cli.engine.belief import Belief, weighed_choice
from cardavia_cli.engine.search import SearchPlayer, SearchSettings
from cardavia_cli.engine.seats import SEATS, next_seat, partner
from cardavia_cli.games import load_game
from cardavia_cli.games.guandan import ai
from cardavia_cli.games.guandan.rules import GuandanState


def likelihood(sample: GuandanState, seat: int, steps: int, mismatch: float) -> float:
    """The chance (up to a constant) of the other seats' last ``steps`` public steps if they
    hold the hands of ``sample`` (each hand then: its hand now and the cards played since) and
    play as ``basic``: ``mismatch`` for each step ``basic`` would not have taken."""
    recent = public_steps(sample, seat)[:steps]
    bad = sum(mismatches(sample.hands[e[0]], [e], sample.level) for e in recent)
    return float(mismatch**bad)


def policy_belief(draws: int, steps: int, mismatch: float) -> type:
    """A belief whose every sample is one of ``draws`` of the real belief's, weighed by
    :func:`likelihood` (sampling-importance-resampling)."""

    class PolicyBelief(Belief[GuandanState]):
        def sample(self, rng: random.Random) -> GuandanState:
            options = [super(PolicyBelief, self).sample(rng) for _ in range(draws)]
            weights = [likelihood(o, self.seat, steps, mismatch) for o in options]
            return weighed_choice(options, weights, rng)

    return PolicyBelief


def partial_oracle(which: str) -> type:
    """A belief that keeps the real hand of the searching seat's partner (``which`` is
    ``"partner"``) or of the seat after it (``"next"``), and deals the other two hidden hands
    anew from their cards (sizes kept)."""

    class PartialOracle(OracleBelief):
        def sample(self, rng: random.Random) -> GuandanState:
            new = super().sample(rng)
            known = partner(self.seat) if which == "partner" else next_seat(self.seat)
            rest = [s for s in SEATS if s not in (self.seat, known)]
            pool = sorted(c for s in rest for c, n in enumerate(new.hands[s]) for _ in range(n))
            rng.shuffle(pool)
            pos = 0
            for s in rest:
                hand = [0] * len(new.hands[s])
                for c in pool[pos : pos + new.sizes[s]]:
                    hand[c] += 1
                pos += new.sizes[s]
                new.hands[s] = hand
            new._legal = None
            new._stash = None
            return new

    return PartialOracle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("experiment", choices=["oracle", "partner", "next", "policy", "strong"])
    parser.add_argument("--deals", type=int, default=200, help="single deals (even)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=ai.STRONG_SAMPLES)
    parser.add_argument("--margin", type=float, default=SearchSettings().margin)
    parser.add_argument("--extra", type=int, default=0)
    parser.add_argument("--look-again", type=float, default=SearchSettings().look_again)
    parser.add_argument("--draws", type=int, default=6)
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--mismatch", type=float, default=0.3)
    args = parser.parse_args()
    info = load_game("guandan")
    samples = args.samples
    if args.experiment == "oracle":
        agents.Belief = OracleBelief  # type: ignore[misc,assignment]
        samples = 2  # every sample is the real state: two give a standard error of 0
    elif args.experiment in ("partner", "next"):
        agents.Belief = partial_oracle(args.experiment)  # type: ignore[misc]
    elif args.experiment == "policy":
        agents.Belief = policy_belief(args.draws, args.steps, args.mismatch)  # type: ignore[misc]
    settings = SearchSettings(
        samples=samples,
        margin=args.margin,
        budget=None,
        extra=args.extra,
        look_again=args.look_again,
    )
    info.agents[args.experiment] = lambda: SearchPlayer(ai.DealSearch(), ai.BasicAgent, settings)
    result = run_arena(
        info,
        [args.experiment, "basic", args.experiment, "basic"],
        deals=args.deals,
        seed=args.seed,
        single_deals=True,
    ).to_json()
    out = {k: result[k] for k in ("deals", "sides", "levels", "agent_errors")}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
