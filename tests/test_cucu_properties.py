"""Properties of Cuccu rounds and matches over random decks and random legal answers (rules
sections 5-10, 12): the 40 cards are always accounted for, lives never go negative, each seat's
own view of the log tells it exactly its card and nothing else, the log follows the order rules
of 12.2 and replays (an observer who reads only the deck and the log finds the same cards,
powers, losses and restart), and every match has exactly one winner."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia_cli.engine.seats import next_seat
from cardavia_cli.games.cucu.cards import (
    CAT,
    CUCKOO,
    FOOL,
    HORSE,
    HUNTER,
    INN,
    LION,
    PACK_RANKS,
    RANKS,
    ZERO,
)
from cardavia_cli.games.cucu.round import Round, play_match, play_round, showdown

POWERS = {"cuckoo", "hunter", "horse", "cat", "inn"}
#: The cards dealt are drawn from this list (nearly half of them powers), so powers meet often.
FAVOURED = [CAT, CAT, CAT, INN, INN, HORSE, HUNTER, CUCKOO, LION, ZERO, ZERO + 2, ZERO + 6, FOOL]


@st.composite
def tables(draw):
    """A deck order (rank indexes), a dealer with lives and valid lives. The cards dealt are
    drawn with the high pictures and low cards favoured, so that powers meet often."""
    perm = draw(st.permutations(PACK_RANKS))
    counts = Counter(PACK_RANKS)
    front = []
    for r in draw(st.lists(st.sampled_from(FAVOURED), min_size=5, max_size=5)):
        if counts[r] > 0:
            counts[r] -= 1
            front.append(r)
    rest = []
    for r in perm:
        if counts[r] > 0:
            counts[r] -= 1
            rest.append(r)
    deck = front + rest
    lives = draw(
        st.lists(st.sampled_from([0, 1, 2, 3, 3, 3]), min_size=4, max_size=4).filter(
            lambda v: sum(x > 0 for x in v) >= 2
        )
    )
    dealer = draw(st.sampled_from([s for s in range(4) if lives[s] > 0]))
    return list(deck), dealer, lives


def decision_seats(log: list[str]) -> list[tuple[int, str]]:
    """Who decided what, read from the log alone (the way a deal file's actions are written)."""
    seats, prev = [], ""
    for line in log:
        t = line.split()
        if t[0] == "keep":
            seats.append((int(t[1]), "keep"))
        elif t[0] == "ask" and not prev.startswith("horse"):
            seats.append((int(t[1]), "swap"))
        elif t[0] in ("pay", "accept", "refuse"):
            seats.append((int(t[1]), t[0]))
        elif t[0] == "draw":
            seats.append((int(t[1]), "swap"))
        prev = line
    return seats


def replay_log(deck: list[int], dealer: int, lives: list[int], log: list[str]) -> dict:
    """An observer's replay of a round from the deck and the log lines only, asserting the
    order rules of 12.2 and the rules of sections 7-10 on the way. Returns the final cards
    (names, ``None`` off the round), the lives and whether a restart happened."""
    life = list(lives)
    order = []
    seat = dealer
    for _ in range(4):
        seat = next_seat(seat)
        if life[seat] > 0:
            order.append(seat)
    n = len(order)
    hold = {s: i for i, s in enumerate(order)}  # card ids
    top, bottom = 39, n
    swaps: list[list[int]] = []  # [giver, receiver, card given, card back, in force]
    pacts: dict[int, int] = {}
    out: set[int] = set()
    name = lambda card: RANKS[deck[card]]  # noqa: E731
    assert log[:n] == [f"deal {s} {name(i)}" for i, s in enumerate(order)]
    i = n

    def lose(seat: int, i: int, in_play: bool) -> int:
        assert life[seat] > 0
        life[seat] -= 1
        assert log[i] == f"lose {seat} {life[seat]}"
        if life[seat] == 0:
            assert log[i + 1] == f"out {seat}"
            if in_play:
                out.add(seat)
            return i + 2
        return i + 1

    for k, asker in enumerate(order[:-1]):
        if log[i] == f"keep {asker}":
            i += 1
            continue
        j = k + 1
        while True:
            target = order[j]
            assert log[i] == f"ask {asker} {target}"
            i += 1
            card = name(hold[target])
            if card not in POWERS:
                assert log[i] == f"swap {asker} {target}"
                i += 1
                swaps.append([asker, target, hold[asker], hold[target], 1])
                hold[asker], hold[target] = hold[target], hold[asker]
                break
            assert log[i] == f"{card} {target}"
            i += 1
            if card == "horse":
                if target == dealer:
                    assert log[i] == f"top {asker}"
                    i += 1
                    hold[asker], top = top, hold[asker]
                    break
                j += 1
                continue
            if card == "hunter":
                i = lose(asker, i, True)
            elif card == "cat":
                i = lose(asker, i, True)
                x, holder = hold[asker], asker
                while log[i].startswith("undo"):
                    giver = int(log[i].split()[1])
                    assert log[i] == f"undo {giver} {holder}"
                    # the latest swap in force that handed this very card to its holder
                    match = [s for s in swaps if s[4] and s[1] == holder and s[2] == x]
                    assert match and match[-1][0] == giver and hold[holder] == x
                    match[-1][4] = 0
                    hold[giver], hold[holder] = x, hold[giver]
                    holder = giver
                    i += 1
                assert not [s for s in swaps if s[4] and s[1] == holder and s[2] == x]
            elif card == "inn":
                if log[i] == f"keep {asker}":
                    i += 1
                    break
                assert log[i] == f"pay {asker} {target}"
                i += 1
                if log[i] == f"accept {target}":
                    pacts[asker] = target
                    i += 1
                    break
                assert log[i] == f"refuse {target}"
                assert log[i + 1] == f"swap {asker} {target}"
                i += 2
                swaps.append([asker, target, hold[asker], hold[target], 1])
                hold[asker], hold[target] = hold[target], hold[asker]
            break
    if log[i] == f"draw {dealer}":
        hold[dealer], bottom = bottom, hold[dealer]
    else:
        assert log[i] == f"keep {dealer}"
    i += 1
    live = {}
    for s in order:
        word = "dead" if s in out else "show"
        assert log[i] == f"{word} {s} {name(hold[s])}"
        if s not in out:
            live[s] = name(hold[s])
        i += 1
    for s in showdown(live):
        holder = pacts.get(s)
        if holder is not None and holder not in out and live[s] != "zero":
            assert log[i] == f"paid {holder} {s}"
            i += 1
            if life[holder] > 0:
                i = lose(holder, i, False)
        elif life[s] > 0:
            i = lose(s, i, False)
    restarted = not any(life)
    if restarted:
        assert log[i] == "restart"
        i += 1
        life = [3, 3, 3, 3]
    alive = [s for s in range(4) if life[s] > 0]
    if len(alive) == 1:
        assert log[i] == f"win {alive[0]}"
        i += 1
    assert i == len(log)
    cards = [name(hold[s]) if s in hold else None for s in range(4)]
    assert sorted([*hold.values(), bottom, *range(n + 1, 39), top]) == list(range(40))
    return {"cards": cards, "lives": life, "restarted": restarted}


def check_step(rnd: Round, start: list[int], pact_cards: dict[int, int]) -> None:
    """What must hold after every step of a round."""
    in_round = [rnd.hold[s] for s in rnd.order]
    assert sorted(in_round + rnd.pack()) == list(range(40))
    assert all(rnd.hold[s] == -1 for s in range(4) if s not in rnd.order)
    assert all(v >= 0 for v in rnd.lives)
    if not rnd.restarted:
        assert all(rnd.lives[s] <= start[s] for s in range(4))
    for s in range(4):
        view = rnd.view(s)
        card = None
        for e in view.log:
            assert e.visible_to(s) and all(p[0] == s for p in e.private)
            if e.kind == "deal":
                assert e.args[0] == s
                card = e.args[1]
            elif e.detail(s):
                card = e.detail(s)[0]
        assert card == view.card == rnd.cards()[s]
        assert view.legal == (tuple(rnd.legal()) if rnd.to_act == s else ())
    for asker, card in pact_cards.items():
        assert rnd.hold[asker] == card  # a pact asker's card never changes (section 11)


def answer(rnd: Round, rng: random.Random) -> str:
    """A random legal answer, leaning to ``swap`` and ``pay`` so that chains and pacts form."""
    first, second = rnd.legal()
    lean = {"turn": 0.75, "inn": 0.7, "pay": 0.5, "dealer": 0.5}[str(rnd.decision)]
    return second if rng.random() < lean else first


def play_randomly(rnd: Round, rng: random.Random) -> None:
    """Random legal answers to the end, checking every step."""
    start = list(rnd.lives)
    pact_cards: dict[int, int] = {}
    check_step(rnd, start, pact_cards)
    while not rnd.over:
        word = answer(rnd, rng)
        rnd.apply(word)
        if word == "accept":
            pact_cards[rnd.history[-2][0]] = rnd.hold[rnd.history[-2][0]]
        check_step(rnd, start, pact_cards)


@settings(max_examples=200, deadline=None)
@given(tables(), st.integers(0, 2**32 - 1))
def test_random_rounds_keep_every_rule(table, seed):
    deck, dealer, lives = table
    rnd = Round(deck, dealer, lives)
    play_randomly(rnd, random.Random(seed))
    log = rnd.log()
    # the log alone tells who decided what, and replays to the same cards and lives
    assert decision_seats(log) == rnd.history
    replayed = replay_log(deck, dealer, lives, log)
    assert replayed["cards"] == rnd.cards()
    assert replayed["lives"] == rnd.lives and replayed["restarted"] == rnd.restarted
    # a Cat's undoing never involves a seat knocked out earlier in the round
    gone: set[int] = set()
    earlier: set[int] = set()
    for line in log:
        t = line.split()
        if t[0] == "cat":
            earlier = set(gone)
        elif t[0] == "out":
            gone.add(int(t[1]))
        elif t[0] == "undo":
            assert not earlier & {int(t[1]), int(t[2])}
    # play_round over the same answers gives the same result
    words = [w for _, w in rnd.history]
    assert play_round([RANKS[r] for r in deck], dealer, lives, words) == rnd.result()


@settings(max_examples=40, deadline=None)
@given(tables(), st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_a_copy_goes_on_like_the_original(table, seed, cut):
    deck, dealer, lives = table
    rnd = Round(deck, dealer, lives)
    rng = random.Random(seed)
    for _ in range(cut):
        if rnd.over:
            break
        rnd.apply(answer(rnd, rng))
    twin = rnd.copy()
    before = (rnd.log(), rnd.cards(), list(rnd.lives), rnd.decision)
    state = rng.getstate()
    play_randomly(twin, rng)
    assert (rnd.log(), rnd.cards(), list(rnd.lives), rnd.decision) == before
    rng.setstate(state)
    play_randomly(rnd, rng)
    assert rnd.result() == twin.result() and rnd.history == twin.history


def random_match(seed: int) -> tuple[int | None, list[int], int]:
    """A match of random legal answers, each round shuffled from the canonical pack."""
    rng = random.Random(seed)
    lives = [3, 3, 3, 3]
    dealer = rng.randrange(4)
    for rounds in range(1, 2000):
        deck = list(PACK_RANKS)
        rng.shuffle(deck)
        rnd = Round(deck, dealer, lives)
        while not rnd.over:
            rnd.apply(rng.choice(rnd.legal()))
        lives = rnd.lives
        assert all(0 <= v <= 3 for v in lives)
        if rnd.winner is not None:
            assert rnd.next_dealer is None and rnd.log()[-1] == f"win {rnd.winner}"
            return rnd.winner, lives, rounds
        assert rnd.next_dealer is not None and lives[rnd.next_dealer] > 0
        dealer = rnd.next_dealer
    return None, lives, rounds


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_random_match_has_exactly_one_winner(seed):
    winner, lives, rounds = random_match(seed)
    assert winner is not None
    assert [s for s in range(4) if lives[s] > 0] == [winner]
    assert rounds >= 3  # the winner needs three lives from each of the three others at least


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_play_match_follows_the_recipe_of_12_3(seed):
    """The reference match, re-driven from the rules text through the per-seat views."""
    got = play_match(seed)
    rng = random.Random(seed)
    lives = [3, 3, 3, 3]
    dealer = rng.randrange(4)
    rounds = restarts = 0
    keep = {"6", "7", "8", "9", "10", "inn", "cat", "horse", "hunter", "cuckoo"}
    while True:
        deck = [RANKS[r] for r in PACK_RANKS]
        rng.shuffle(deck)
        rnd = Round(deck, dealer, lives)
        while not rnd.over:
            assert rnd.to_act is not None
            view = rnd.view(rnd.to_act)
            if view.decision == "inn":
                word = "pay"
            elif view.decision == "pay":
                word = "accept" if view.lives[view.seat] >= 2 else "refuse"
            else:
                word = "keep" if view.card in keep else "swap"
            rnd.apply(word)
        rounds += 1
        restarts += "restart" in rnd.log()
        lives = rnd.lives
        if rnd.winner is not None:
            break
        assert rnd.next_dealer is not None
        dealer = rnd.next_dealer
    assert got == {"winner": rnd.winner, "rounds": rounds, "restarts": restarts, "lives": lives}
    assert sum(v > 0 for v in got["lives"]) == 1 and got["lives"][got["winner"]] > 0
