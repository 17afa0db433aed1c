"""Speed of the Minchiate rule core: combinations of hands, legal plays, whole deals.

Not part of the normal test run. Run them with::

    pytest benchmarks/test_bench_minchiate.py --benchmark-enable -n 0

Each benchmark handles a fixed batch per call; ``per_s`` in its ``extra_info`` is the batch
size divided by the mean time of a call. A *whole deal* is the deal of a shuffled deck, the
automatic discards, every combination declared, 21 tricks of random legal plays (each seat
asking ``legal_plays``), the captures, the piles with the Matto payment, the running
settlement and the result.
"""

from __future__ import annotations

import random

from cardavia_cli.engine.seats import next_seat, team, turn_order_from
from cardavia_cli.games.minchiate.cards import PACK, Card
from cardavia_cli.games.minchiate.combos import combinations
from cardavia_cli.games.minchiate.deal import ScoringEvent, auto_discards, deal
from cardavia_cli.games.minchiate.scoring import DealResult, deal_result, settle
from cardavia_cli.games.minchiate.tricks import capture, legal_plays, piles, suit_to_follow

BATCH = 1000
DEALS = 50


def random_hands(n: int, seed: int = 2024) -> list[list[Card]]:
    """``n`` hands of 21 cards from a shuffled pack."""
    rng = random.Random(seed)
    return [rng.sample(PACK, 21) for _ in range(n)]


def whole_deal(rng: random.Random) -> DealResult:
    """One deal from a shuffled deck, played with random legal cards."""
    deck = list(PACK)
    rng.shuffle(deck)
    dealer = rng.randrange(4)
    done = deal(deck, dealer)
    hands = [list(h) for h in done.hands]
    for seat in (done.cutter, dealer):
        chosen = set(auto_discards(hands[seat]))
        hands[seat] = [c for c in hands[seat] if c not in chosen]
    events = list(done.events)
    for seat in turn_order_from(done.first_leader):
        listed = combinations(hands[seat])
        if listed:
            events.append(ScoringEvent(team(seat), sum(c.points for c in listed)))
    leader, followed, played = done.first_leader, set(), []
    for _ in range(21):
        trick: list[Card] = []
        for k in range(4):
            seat = next_seat(leader, k)
            card = rng.choice(legal_plays(hands[seat], trick, suit_to_follow(trick) in followed))
            hands[seat].remove(card)
            trick.append(card)
        followed.add(suit_to_follow(trick))
        won = capture(trick, leader)
        events.append(ScoringEvent(won.team, won.points))
        played.append((leader, trick))
        leader = won.winner
    gathered = piles(played)
    last = gathered.last_trick_team if gathered.last_trick_team is not None else 0
    return deal_result(settle(events), gathered.piles[0], gathered.piles[1], last)


def _report(benchmark, size: int, what: str) -> None:
    if benchmark.stats is not None:
        rate = size / benchmark.stats.stats.mean
        benchmark.extra_info["per_s"] = round(rate, 1)
        print(f"\n{what}: {rate:,.0f}/s")


def test_bench_combinations(benchmark):
    hands = random_hands(BATCH)

    def run() -> int:
        return sum(len(combinations(h)) for h in hands)

    benchmark(run)
    _report(benchmark, BATCH, "combinations of 21-card hands")


def test_bench_legal_plays(benchmark):
    hands = random_hands(BATCH)
    rng = random.Random(7)
    cases = []
    for hand in hands:
        rest = [c for c in PACK if c not in set(hand)]
        cases.append((hand, rng.sample(rest, rng.randrange(4)), rng.random() < 0.5))

    def run() -> int:
        return sum(len(legal_plays(h, t, b)) for h, t, b in cases)

    benchmark(run)
    _report(benchmark, BATCH, "legal_plays calls")


def test_bench_whole_deals(benchmark):
    def run() -> int:
        rng = random.Random(11)
        return sum(whole_deal(rng).net for _ in range(DEALS))

    benchmark(run)
    _report(benchmark, DEALS, "whole deals")


def test_bench_whole_deals_on_the_engine_basic(benchmark):
    """Whole deals as the arena plays them: the state machine, four ``basic`` players."""
    from cardavia_cli.engine.runner import make_agents, play_on
    from cardavia_cli.games import load_game

    info = load_game("minchiate")

    def run() -> int:
        agents = make_agents(info, ["basic"] * 4)
        won = 0
        for seed in range(DEALS):
            state = info.new_state(seed=seed)
            play_on(state, agents)
            outcome = state.result()
            won += outcome is not None and outcome.winner == 0
        return won

    benchmark(run)
    _report(benchmark, DEALS, "whole deals on the engine, four basic players")
