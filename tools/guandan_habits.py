"""The Guandan partnership habits of a player, counted over single deals (the issue "Computer
players that read the table", item 4; an experiment tool, not a player of the product)::

    python tools/guandan_habits.py --deals 200 --seats strong,basic,basic,basic --watch 0

Plays ``--deals`` single deals (``arena guandan --single-deals``: random levels, a random
previous finish, so with tribute) with the levels of ``--seats`` and counts, for the seats of
``--watch`` (comma-separated), at each of their real decisions:

- **takeovers**: the partner's play is on top of the trick (it is winning it) and the seat plays
  over it, by kind: ``out`` (the play empties its hand), ``danger`` (an opponent holds
  :data:`~cardavia_cli.games.guandan.rules.DANGER` cards or fewer), else ``bomb`` (a play on
  the bomb ladder), ``wild`` (a plain play spending a wild heart) and ``plain``; as a share of
  the decisions on the partner's play;
- **weak covers**: an opponent holds one or two cards, the seat answers an opponent's play with
  a plain play that this opponent's real hand beats in kind, while the seat held a play of the
  same type that it does not beat; as a share of such answers;
- **feeds**: the partner holds one or two cards and the seat leads: a single (pair) the
  partner's real hand beats in kind, as a share of those leads;
- **bombs on plain plays**: the seat bombs (any play on the ladder) an opponent's plain play
  with no opponent about to go out and without going out.

The tool sees every hand (the players do not: they get their seat's view). It prints JSON.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from multiprocessing import Pool

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.engine.seats import SEATS, partner, team
from cardavia_cli.games import load_game
from cardavia_cli.games.guandan.cards import wild_code
from cardavia_cli.games.guandan.combos import Interpretation, legal_plays
from cardavia_cli.games.guandan.hands import beats_in_kind, expand
from cardavia_cli.games.guandan.rules import DANGER, Action, GuandanState, Phase


def _kind(state: GuandanState, seat: int, action: Action) -> str:
    reading = action.reading(state.level)
    assert reading is not None
    if len(action.cards) == state.sizes[seat]:
        return "out"
    left = [state.sizes[o] for o in _opponents_left(state, seat)]
    if left and min(left) <= DANGER:
        return "danger"
    if reading.tier:
        return "bomb"
    if wild_code(state.level) in action.cards:
        return "wild"
    return "plain"


def _opponents_left(state: GuandanState, seat: int) -> list[int]:
    return [o for o in SEATS if team(o) != team(seat) and state.sizes[o]]


def count_deal(job: tuple[int, tuple[str, ...], tuple[int, ...]]) -> Counter[str]:
    """The habit counts of the watched seats over single deal ``seed``."""
    seed, seats, watch = job
    info = load_game("guandan")
    assert info.single_deal is not None
    state, _ = info.single_deal(seed)
    agents = make_agents(info, list(seats))
    out: Counter[str] = Counter()
    while not (state.is_over or state.at_break):
        seat = state.to_act
        assert seat is not None and isinstance(state, GuandanState)
        forced = state.forced_action()
        if forced is not None:
            state.push(forced)
            continue
        action = decide(state, agents[seat])
        if seat in watch:
            _tally(out, state, seat, action)
        state.push(action)
    return out


def _tally(out: Counter[str], state: GuandanState, seat: int, action: Action) -> None:
    out["decisions"] += 1
    level = state.level
    table = state.table
    opponents = _opponents_left(state, seat)
    short = [o for o in opponents if state.sizes[o] <= 2]
    if state.phase == Phase.FOLLOW and table is not None:
        if team(table.seat) == team(seat):
            out["on partner"] += 1
            if action.verb == "play":
                out["takeover " + _kind(state, seat, action)] += 1
            return
        if action.verb != "play":
            return
        reading = action.reading(level)
        assert reading is not None
        danger = min((state.sizes[o] for o in opponents), default=99) <= DANGER
        out_now = len(action.cards) == state.sizes[seat]
        if reading.tier and not table.interpretation.tier:
            out["answers to plain"] += 1
            if not danger and not out_now:
                out["bomb on plain, no danger"] += 1
        if short and not reading.tier and not out_now:
            out["answers, opponent short"] += 1
            if any(beats_in_kind(state.hands[o], level, reading) for o in short):
                hands = [state.hands[o] for o in short]
                if _holds_unbeaten(state.hands[seat], level, reading, hands):
                    out["weak cover"] += 1
        return
    if state.phase == Phase.LEAD and action.verb == "play":
        mate = partner(seat)
        if state.sizes[mate] in (1, 2):
            out["leads, partner short"] += 1
            reading = action.reading(level)
            assert reading is not None
            want = "single" if state.sizes[mate] == 1 else "pair"
            if reading.type == want and beats_in_kind(state.hands[mate], level, reading):
                out["fed"] += 1


def _holds_unbeaten(
    hand: list[int], level: int, reading: Interpretation, short_hands: list[list[int]]
) -> bool:
    """Whether ``hand`` (counts) holds a play of ``reading``'s type and size, above it, that
    none of ``short_hands`` beats in kind: a harder cover the seat could have given."""
    for _cards, r in legal_plays(expand(hand), level, reading):
        if r.tier or r.type != reading.type or r.size != reading.size:
            continue
        if not any(beats_in_kind(h, level, r) for h in short_hands):
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="basic,basic,basic,basic")
    parser.add_argument("--watch", default="0")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seats = tuple(args.seats.split(","))
    watch = tuple(int(w) for w in args.watch.split(","))
    jobs = [(args.seed + k, seats, watch) for k in range(args.deals)]
    total: Counter[str] = Counter()
    with Pool(args.jobs) as pool:
        for c in pool.imap_unordered(count_deal, jobs):
            total.update(c)
    on = total["on partner"] or 1
    takeovers = {k[len("takeover ") :]: v for k, v in total.items() if k.startswith("takeover ")}
    report = {
        "deals": args.deals,
        "seats": list(seats),
        "watch": list(watch),
        "decisions": total["decisions"],
        "on_partner": total["on partner"],
        "takeovers": dict(sorted(takeovers.items())),
        "takeover_share": {k: round(v / on, 4) for k, v in sorted(takeovers.items())},
        "weak_covers": [total["weak cover"], total["answers, opponent short"]],
        "feeds": [total["fed"], total["leads, partner short"]],
        "bombs_on_plain_no_danger": [total["bomb on plain, no danger"], total["answers to plain"]],
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
