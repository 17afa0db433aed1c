"""The Guandan experiments behind the inference of level ``strong``'s samples (they are not
players of the product):

    python tools/guandan_inference.py passes --deals 400
    python tools/guandan_inference.py samples --deals 100
    python tools/guandan_inference.py plays --deals 6 --proposals 200 --mismatch 0.05
    python tools/guandan_inference.py tribute --deals 200

``passes``: how often ``basic`` passes on an opponent's play (RULES.md 8.2) when its hand holds
a play of the same type, off the bomb ladder, that beats it
(:func:`~cardavia_cli.games.guandan.hands.beats_in_kind`), and when it does not; by whether an
opponent of the passer is about to go out (``basic``'s danger, rules.DANGER) and by whether the
play on the table ranks below the level rank. Read from the true hands of single deals of four
``basic`` players (``arena --single-deals``: random levels, with tribute). These shares are
the factors ``rules.PASS_BEATABLE`` and ``rules.PASS_IN_DANGER``.

``samples``: over the positions of those deals where some other seat has passed, the share of
the hidden cards that a sample places in their true hand, and the mean log-likelihood of the
true hands under the sampler's model (the log of :func:`rules.tell_weight`) beside that of the
samples, and the share of the other seats' passes made while holding a beat (a factor below 1:
unlikely), in the true hands and in the samples, with the weights (the factors of ``rules`` as
they are) and without them (all set to 1.0); ``--every`` takes every n-th real decision,
``--draws`` samples per position.

``plays``: inference from every play and pass of the deal, not only the passes. Each sample of
the shipped belief is moved by ``--proposals`` Metropolis steps, each swapping one hidden card
between two other seats, towards the likelihood that those seats' public steps of the deal
are the ones ``basic`` takes with the hands (their hand then: the hand now and the cards
played since; a factor ``--mismatch`` for each step ``basic`` would not have taken). Prints the
share of the hidden cards placed in their true hand before and after, and the CPU time per
sample, over every ``--every``-th position past the eighth step of the trail.

``tribute``: what the tribute tells (``GuandanState.seats_for``, rules 7.2-7.3). Over every
``--every``-th position of those deals, ``--draws`` samples each with the tribute followed and
without it (no card barred): the share of the hidden cards placed in their true hand, and of
the strong ones (the level rank and the jokers, single value 15 and up), which the tribute
speaks of.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.engine.seats import SEATS, next_seat, partner, team
from cardavia_cli.games import load_game
from cardavia_cli.games.guandan import ai, rules
from cardavia_cli.games.guandan.cards import LEVEL_VALUE
from cardavia_cli.games.guandan.hands import beats_in_kind, can_beat
from cardavia_cli.games.guandan.rules import GuandanState, Phase

#: The factors of the model (rules), all set to 1.0 for the samples without inference.
FACTORS = ("PASS_BEATABLE", "PASS_IN_DANGER")


def deal_positions(deals: int, seed: int) -> Iterator[tuple[GuandanState, bool]]:
    """Every position of ``deals`` single deals of four ``basic`` players (seeds from
    ``seed``), with whether its decision is forced; the state is live (copy to keep it)."""
    info = load_game("guandan")
    assert info.single_deal is not None
    basic = make_agents(info, ["basic"] * 4)
    for k in range(deals):
        state, _ = info.single_deal(seed + k)
        while not (state.is_over or state.at_break):
            forced = state.forced_action()
            yield state, forced is not None
            seat = state.to_act
            assert seat is not None
            state.push(forced if forced is not None else decide(state, basic[seat]))


def every_nth_decision(deals: int, seed: int, every: int) -> Iterator[tuple[GuandanState, int]]:
    """Every ``every``-th real (not forced) decision of :func:`deal_positions`, with the seat to
    act; the state is live (copy to keep it)."""
    n = 0
    for state, forced in deal_positions(deals, seed):
        if forced:
            continue
        n += 1
        if n % every == 0:
            assert state.to_act is not None
            yield state, state.to_act


def passes(deals: int, seed: int) -> dict[str, object]:
    """The shares of ``passes`` (module docstring)."""
    info = load_game("guandan")
    basic = make_agents(info, ["basic"] * 4)
    seen: Counter[tuple[str, ...]] = Counter()
    passed: Counter[tuple[str, ...]] = Counter()
    for state, forced in deal_positions(deals, seed):
        if state.phase is not Phase.FOLLOW or state.table is None:
            continue
        seat = state.to_act
        assert seat is not None
        top = state.table
        if team(top.seat) == team(seat):
            continue
        hand = state.hands[seat]
        level = state.level
        previous = top.interpretation
        inkind = beats_in_kind(hand, level, previous)
        other = not inkind and can_beat(hand, level, previous)
        opponents = [s for s in SEATS if team(s) != team(seat) and state.sizes[s]]
        danger = min(state.sizes[s] for s in opponents) <= rules.DANGER
        low = previous.rank < LEVEL_VALUE
        holds = "in kind" if inkind else "bomb only" if other else "nothing"
        # what basic does here (a forced pass is a pass), asked of a copy: the deal goes on
        if forced:
            did_pass = True
        else:
            probe = state.copy(quiet=True)
            did_pass = decide(probe, basic[seat]) == rules.PASS
        for key in (
            (holds,),
            (holds, "danger" if danger else "calm"),
            (holds, "low" if low else "high"),
            (holds, previous.type if previous.type in ("single", "pair") else "other"),
            (holds, "danger" if danger else "calm", "low" if low else "high"),
        ):
            seen[key] += 1
            passed[key] += did_pass
    return {
        " / ".join(k): {"decisions": seen[k], "passes": passed[k], "share": passed[k] / seen[k]}
        for k in sorted(seen)
    }


def samples(deals: int, seed: int, every: int, draws: int) -> dict[str, object]:
    """The figures of ``samples`` (module docstring), with and without the weights."""
    positions = [
        (state.copy(), seat)
        for state, seat in every_nth_decision(deals, seed, every)
        if rules.pass_tells(state.trail, state.sizes, seat)
    ]
    factors = {name: getattr(rules, name) for name in FACTORS}
    true_log = 0.0
    held = tells_seen = 0
    for state, seat in positions:
        tells = rules.pass_tells(state.trail, state.sizes, seat)
        true_log += math.log(rules.tell_weight(state.hands, tells, state.level))
        held += unlikely(state.hands, tells, state.level)
        tells_seen += len(tells)
    out: dict[str, object] = {
        "positions": len(positions),
        "passes_weighed": tells_seen,
        "draws": draws,
        "factors": factors,
        "true_hands": {
            "mean_log_weight": true_log / max(1, len(positions)),
            "unlikely_pass_share": held / max(1, tells_seen),
        },
    }
    for name, on in (("weighed", True), ("plain", False)):
        right = total = held = 0
        log_weight = 0.0
        for i, (state, seat) in enumerate(positions):
            tells = rules.pass_tells(state.trail, state.sizes, seat)
            for k in range(draws):
                for factor, value in factors.items():
                    setattr(rules, factor, value if on else 1.0)
                sample = Belief(state, seat).sample(random.Random(f"{seed}:{i}:{k}"))
                for factor, value in factors.items():
                    setattr(rules, factor, value)
                log_weight += math.log(rules.tell_weight(sample.hands, tells, state.level))
                held += unlikely(sample.hands, tells, state.level)
                for s in SEATS:
                    if s == seat:
                        continue
                    true, got = state.hands[s], sample.hands[s]
                    right += sum(min(a, b) for a, b in zip(true, got, strict=True))
                    total += state.sizes[s]
        out[name] = {
            "right_share": right / total if total else 0.0,
            "hidden_cards": total,
            "mean_log_weight": log_weight / max(1, draws * len(positions)),
            "unlikely_pass_share": held / max(1, draws * tells_seen),
        }
    return out


def public_steps(state: GuandanState, seat: int) -> list[tuple]:
    """The other seats' steps of the trail, newest first, as ``(seat, cards it played since,
    basic's call, cards)``: what ``basic`` was asked then (its lead or its answer, read from
    public counts only) and what the seat did."""
    then = list(state.sizes)
    since: list[list[int]] = [[] for _ in SEATS]
    out: list[tuple] = []
    for step in reversed(state.trail):
        s = step.seat
        if step.cards:
            since[s].extend(step.cards)
            then[s] += len(step.cards)
        if s == seat:
            continue
        opponents = [o for o in SEATS if team(o) != team(s) and then[o]] or [next_seat(s)]
        short = min(then[o] for o in opponents)
        if step.top is None:
            mate = then[partner(s)]
            call: tuple = (0, mate if mate in (1, 2) else 0, min(short, 3))
        else:
            mine = team(step.top.seat) == team(s)
            call = (1, step.top.interpretation, mine, min(short, rules.DANGER + 1))
        out.append((s, tuple(since[s]), call, step.cards))
    return out


def mismatches(hand: Sequence[int], steps: Sequence[tuple], level: int) -> int:
    """How many of ``steps`` (of :func:`public_steps`, all of one seat) ``basic`` would not
    have taken holding ``hand`` now."""
    bad = 0
    for _seat, since, call, cards in steps:
        counts = list(hand)
        for c in since:
            counts[c] += 1
        codes = rules.display_codes(counts, level)
        if call[0] == 0:
            choice = ai.lead_choice(codes, level, call[1], call[2])
        else:
            choice = ai.follow_choice(codes, level, call[1], call[2], call[3])
        bad += choice.cards != cards
    return bad


def _metropolis(
    sample: GuandanState, seat: int, rng: random.Random, proposals: int, mismatch: float
) -> None:
    """``proposals`` Metropolis swaps of the hidden cards of ``sample`` (in place; cards that
    every seat knows to be held, tribute and return, stay)."""
    level = sample.level
    steps: dict[int, list[tuple]] = {s: [] for s in SEATS}
    for entry in public_steps(sample, seat):
        steps[entry[0]].append(entry)
    others = [s for s in SEATS if s != seat and sample.sizes[s]]
    if len(others) < 2:
        return
    known = [[0] * len(sample.played) for _ in SEATS]
    for t in (*sample.tributes, *sample.returns):
        known[t.receiver][t.card] += 1
    for s in SEATS:
        for c in range(len(sample.played)):
            known[s][c] = max(0, known[s][c] - sample.played_by[s][c])
    log_m = math.log(mismatch)
    bad = {s: mismatches(sample.hands[s], steps[s], level) for s in others}
    for _ in range(proposals):
        a, b = rng.sample(others, 2)
        ha, hb = sample.hands[a], sample.hands[b]
        ma = [c for c, n in enumerate(ha) for _ in range(n - known[a][c])]
        mb = [c for c, n in enumerate(hb) for _ in range(n - known[b][c])]
        if not ma or not mb:
            continue
        ca, cb = rng.choice(ma), rng.choice(mb)
        if ca == cb:
            continue
        ha[ca] -= 1
        ha[cb] += 1
        hb[cb] -= 1
        hb[ca] += 1
        na, nb = mismatches(ha, steps[a], level), mismatches(hb, steps[b], level)
        delta = (na + nb - bad[a] - bad[b]) * log_m
        if delta >= 0 or rng.random() < math.exp(delta):
            bad[a], bad[b] = na, nb
        else:
            ha[ca] += 1
            ha[cb] -= 1
            hb[cb] += 1
            hb[ca] -= 1


def tribute(deals: int, seed: int, every: int, draws: int) -> dict[str, object]:
    """The figures of ``tribute`` (module docstring)."""
    positions = [(state.copy(), seat) for state, seat in every_nth_decision(deals, seed, every)]
    out: dict[str, object] = {"positions": len(positions), "draws": draws}
    real = rules.GuandanState.seats_for
    for name, on in (("followed", True), ("ignored", False)):
        right = total = strong_right = strong_total = 0
        if not on:
            rules.GuandanState.seats_for = lambda self, seat, pool: {}  # type: ignore[method-assign]
        try:
            for i, (state, seat) in enumerate(positions):
                values = rules.VALUES[state.level]
                for k in range(draws):
                    sample = Belief(state, seat).sample(random.Random(f"{seed}:{i}:{k}"))
                    for s in SEATS:
                        if s == seat:
                            continue
                        for c, (a, b) in enumerate(
                            zip(state.hands[s], sample.hands[s], strict=True)
                        ):
                            right += min(a, b)
                            total += a
                            if values[c] >= LEVEL_VALUE:
                                strong_right += min(a, b)
                                strong_total += a
        finally:
            rules.GuandanState.seats_for = real  # type: ignore[method-assign]
        out[name] = {
            "right_share": right / total if total else 0.0,
            "strong_right_share": strong_right / strong_total if strong_total else 0.0,
            "hidden_cards": total,
            "strong_cards": strong_total,
        }
    return out


def _placed(sample: GuandanState, true: GuandanState, others: list[int]) -> int:
    """How many hidden cards ``sample`` places in the hand of ``others`` that holds them."""
    return sum(
        min(a, b) for o in others for a, b in zip(sample.hands[o], true.hands[o], strict=True)
    )


def plays(deals: int, seed: int, every: int, proposals: int, mismatch: float) -> dict[str, object]:
    """The experiment ``plays`` (module docstring)."""
    placed = [0, 0]
    hidden = 0
    seconds = 0.0
    count = 0
    for k, (state, forced) in enumerate(deal_positions(deals, seed)):
        if forced or k % every or len(state.trail) <= 8:
            continue
        if state.phase not in (Phase.LEAD, Phase.FOLLOW):
            continue
        seat = state.to_act
        assert seat is not None
        others = [s for s in SEATS if s != seat]
        rng = random.Random(k)
        sample = Belief(state, seat).sample(rng)

        placed[0] += _placed(sample, state, others)
        start = time.process_time()
        _metropolis(sample, seat, rng, proposals, mismatch)
        seconds += time.process_time() - start
        placed[1] += _placed(sample, state, others)
        hidden += sum(state.sizes[o] for o in others)
        count += 1
    return {
        "positions": count,
        "placed_before": placed[0] / max(1, hidden),
        "placed_after": placed[1] / max(1, hidden),
        "ms_per_sample": 1000 * seconds / max(1, count),
    }


def unlikely(hands: list[list[int]], tells: list[rules.PassTell], level: int) -> int:
    """How many of the passes ``tells`` the seats' ``hands`` make unlikely (a factor below 1
    in :func:`rules.tell_weight`)."""
    return sum(1 for t in tells if rules.tell_weight(hands, [t], level) < 1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("passes")
    one.add_argument("--deals", type=int, default=400)
    one.add_argument("--seed", type=int, default=0)
    two = sub.add_parser("samples")
    two.add_argument("--deals", type=int, default=100)
    two.add_argument("--seed", type=int, default=0)
    two.add_argument("--every", type=int, default=10)
    two.add_argument("--draws", type=int, default=20)
    three = sub.add_parser("plays")
    three.add_argument("--deals", type=int, default=6)
    three.add_argument("--seed", type=int, default=0)
    three.add_argument("--every", type=int, default=7)
    three.add_argument("--proposals", type=int, default=200)
    three.add_argument("--mismatch", type=float, default=0.05)
    four = sub.add_parser("tribute")
    four.add_argument("--deals", type=int, default=200)
    four.add_argument("--seed", type=int, default=0)
    four.add_argument("--every", type=int, default=10)
    four.add_argument("--draws", type=int, default=10)
    args = parser.parse_args()
    if args.what == "tribute":
        result = tribute(args.deals, args.seed, args.every, args.draws)
    elif args.what == "passes":
        result = passes(args.deals, args.seed)
    elif args.what == "plays":
        result = plays(args.deals, args.seed, args.every, args.proposals, args.mismatch)
    else:
        result = samples(args.deals, args.seed, args.every, args.draws)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
