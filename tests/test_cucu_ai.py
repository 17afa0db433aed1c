"""Cuccu computer players (cardavia_cli.games.cucu.ai): the chance of losing, the choices of
``basic`` at each decision point from views, and its strength against ``random``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardavia_cli.engine.arena import run_arena
from cardavia_cli.games import load_game
from cardavia_cli.games.cucu.ai import BasicAgent, lose_chance
from cardavia_cli.games.cucu.cards import CUCKOO, FOOL, LION, ZERO
from cardavia_cli.games.cucu.rules import ACCEPT, KEEP, LEGAL, PAY, REFUSE, SWAP, CucuView

BASIC = BasicAgent()
RNG = random.Random(0)


def full_pool(*held: int) -> list[int]:
    pool = [2] * 20
    for r in held:
        pool[r] -= 1
    return pool


def test_lose_chance_counts_the_lower_cards_without_replacement():
    one = ZERO + 1
    # holding a 1, three other live cards unseen among 39: 8 cards below (lion..zero) save it
    assert lose_chance(one, [], 3, full_pool(one)) == pytest.approx(
        (31 / 39) * (30 / 38) * (29 / 37)
    )
    assert lose_chance(LION, [], 3, full_pool(LION)) == 1.0
    assert lose_chance(CUCKOO, [], 3, full_pool(CUCKOO)) == 0.0
    # a known lower card makes it safe; a known Fool does not
    assert lose_chance(ZERO + 5, [ZERO + 2], 2, full_pool(ZERO + 5, ZERO + 2)) == 0.0
    assert lose_chance(ZERO + 5, [FOOL], 0, full_pool(ZERO + 5, FOOL)) == 1.0
    # a Fool loses unless the other Fool is live
    assert lose_chance(FOOL, [FOOL], 2, full_pool(FOOL, FOOL)) == 0.0
    assert lose_chance(FOOL, [], 1, full_pool(FOOL)) == pytest.approx(38 / 39)


def view(**changes) -> CucuView:
    """Seat 0 on its turn, dealer 3, everyone on three lives, nothing seen but its card."""
    base = CucuView(
        seat=0,
        round=1,
        dealer=3,
        order=(0, 1, 2, 3),
        lives=(3, 3, 3, 3),
        start_lives=(3, 3, 3, 3),
        phase="turn",
        to_act=0,
        legal=LEGAL["turn"],
        card="5",
        cards=("5", None, None, None),
        top=None,
        bottom=None,
        plain=(),
        asker=None,
        target=None,
        shown=(),
        pacts=(),
        out=(),
        moves=(),
        losers=(),
        winner=None,
        restarts=0,
        restarted=False,
    )
    if "card" in changes and "cards" not in changes:
        changes["cards"] = (changes["card"], None, None, None)
    return dataclasses.replace(base, **changes)


def choose(v: CucuView):
    return BASIC.choose(v, v.legal, RNG)


def test_a_low_card_asks_and_a_high_card_keeps():
    assert choose(view(card="lion")) == SWAP
    assert choose(view(card="1")) == SWAP
    assert choose(view(card="10")) == KEEP
    assert choose(view(card="cuckoo")) == KEEP
    assert choose(view(card="fool")) == SWAP


def test_never_asks_into_a_known_hunter_cat_or_cuckoo_when_it_is_worse():
    for power in ("hunter", "cat", "cuckoo"):
        v = view(card="lion", cards=("lion", power, None, None))
        assert choose(v) == KEEP, power
    # a known plain card above the asker's is worth asking for
    assert choose(view(card="lion", cards=("lion", "9", None, None))) == SWAP
    # with its last life a lion is no worse off being shot than losing at the showdown
    assert (
        choose(view(card="lion", lives=(1, 3, 3, 3), cards=("lion", "hunter", None, None))) == KEEP
    )


def test_a_known_lower_card_elsewhere_makes_keeping_safe():
    v = view(card="2", cards=("2", None, "lion", None))
    assert choose(v) == KEEP


def test_at_an_inn_it_always_asks_to_pay():
    for card in ("lion", "zero", "10"):
        v = view(card=card, phase="inn", legal=LEGAL["inn"], asker=0, target=1)
        assert choose(v) == PAY


def test_the_inn_holder_accepts_only_with_lives_to_spare():
    def holder(lives, pacts=()):
        return view(
            seat=1,
            card="inn",
            cards=(None, "inn", None, None),
            lives=lives,
            phase="pay",
            to_act=1,
            legal=LEGAL["pay"],
            asker=0,
            target=1,
            pacts=pacts,
        )

    assert choose(holder((3, 3, 3, 3))) == ACCEPT
    assert choose(holder((3, 2, 3, 3))) == ACCEPT
    assert choose(holder((3, 1, 3, 3))) == REFUSE
    assert choose(holder((3, 2, 3, 3), pacts=((2, 1),))) == REFUSE
    assert choose(holder((3, 3, 3, 3), pacts=((2, 1),))) == ACCEPT


def test_the_dealer_keeps_a_safe_card_and_draws_for_a_low_one():
    def dealer(card, **more):
        cards = more.pop("cards", (None, None, None, card))
        return view(
            seat=3, card=card, cards=cards, phase="dealer", to_act=3, legal=LEGAL["dealer"], **more
        )

    assert choose(dealer("cuckoo")) == KEEP
    assert choose(dealer("10")) == KEEP
    assert choose(dealer("lion")) == SWAP
    assert choose(dealer("fool")) == SWAP
    # a known bottom card lower than its own: keep
    assert choose(dealer("mask", bottom="lion")) == KEEP
    # someone is known to hold a lower card: keep even a low card
    assert choose(dealer("mask", cards=(None, "lion", None, "mask"))) == KEEP


def test_basic_never_chooses_outside_the_legal_actions_over_random_matches():
    info = load_game("cucu")
    for seed in range(20):
        state = info.new_state(seed=seed)
        while not state.is_over:
            if state.at_break:
                state.next_round()
                continue
            seat = state.to_act
            v = state.view(seat)
            action = BASIC.choose(v, v.legal, random.Random(seed))
            assert action in state.legal_actions()
            state.apply(action)
        assert sum(1 for v in state.lives if v > 0) == 1


def test_basic_beats_random_rotated_through_every_seat():
    report = run_arena(
        load_game("cucu"), ["basic", "random", "random", "random"], deals=60, seed=3, rotate=True
    )
    levels = report.levels
    low, _ = levels["basic"].ci95
    assert levels["basic"].seat_deals == 60 and low > 0.25
