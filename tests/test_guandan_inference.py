"""Level ``strong``'s samples in Guandan weigh the other seats' passes (rules 8.2): the public
record of a deal's plays and passes (``trail``), the passes it tells of (``pass_tells``), their
likelihood (``tell_weight``) and the samples that follow it."""

from __future__ import annotations

import random

import pytest

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games import load_game
from cardavia_cli.games.guandan import rules
from cardavia_cli.games.guandan.cards import parse_codes
from cardavia_cli.games.guandan.combos import Transfer, interpretation, legal_plays
from cardavia_cli.games.guandan.events import Lead, Pass, Play
from cardavia_cli.games.guandan.hands import beats_in_kind, can_beat, counts_of, expand
from cardavia_cli.games.guandan.inference import MODEL_ENV
from cardavia_cli.games.guandan.rules import PassTell, Step, TablePlay

FACTORS = ("PASS_BEATABLE", "PASS_IN_DANGER")


@pytest.fixture(autouse=True)
def _without_the_hand_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inference of these tests is the belief without the learned hand model (the passes,
    the tribute); the model has its tests in test_hand_model.py."""
    monkeypatch.setenv(MODEL_ENV, "off")


def _hand(text: str) -> list[int]:
    return counts_of(parse_codes(text.split()))


def _codes(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_codes(text.split())))


SINGLE_5 = interpretation("single", 5)
PAIR_7 = interpretation("pair", 7)


def _trail() -> list[Step]:
    """Seat 0 leads 5S: seat 1 passes, seat 2 (its partner) passes, seat 3 passes; seat 0
    leads 7S 7D, seat 1 plays 8S 8D, seat 2 passes, seat 3 passes; seat 0 passes (on
    seat 1's pair); seat 1 leads 9S."""
    five = TablePlay(0, _codes("5S"), SINGLE_5)
    sevens = TablePlay(0, _codes("7S 7D"), PAIR_7)
    eights = TablePlay(1, _codes("8S 8D"), interpretation("pair", 8))
    return [
        Step(0, _codes("5S"), None),
        Step(1, (), five),
        Step(2, (), five),
        Step(3, (), five),
        Step(0, _codes("7S 7D"), None),
        Step(1, _codes("8S 8D"), sevens),
        Step(2, (), eights),
        Step(3, (), eights),
        Step(0, (), eights),
        Step(1, _codes("9S"), None),
    ]


def test_pass_tells_read_the_passes_on_an_opponents_play_and_the_cards_played_since() -> None:
    """Seen from seat 0: seat 1's pass on the 5S (it has played 8S 8D 9S since), seat 3's pass
    on it, seat 2's pass on seat 1's pair; seat 2's pass on its partner's 5S and seat 3's on
    its partner's pair say nothing, seat 0's own pass is left out. The hand counts then are
    the counts now plus the cards played since: seat 0 held 5 + 2 = 7 cards at the passes on
    the 5S (calm), seat 3 held 5 at seat 2's pass (an opponent about to go out, 6 or fewer)."""
    eights = interpretation("pair", 8)
    assert rules.pass_tells(_trail(), [5, 10, 12, 5], seat=0) == [
        PassTell(1, SINGLE_5, _codes("8S 8D 9S"), False),
        PassTell(3, SINGLE_5, (), False),
        PassTell(2, eights, (), True),
    ]
    # seat 0 at 4 + 2 = 6 cards: the passes on the 5S were made in danger; seat 2's pass not
    # (seats 1 and 3 then held 11 and 9)
    told = rules.pass_tells(_trail(), [4, 10, 12, 9], seat=0)
    assert [t.danger for t in told] == [True, True, False]
    # from seat 1: its own pass is left out, seat 0's pass on seat 1's pair is read
    assert [t.seat for t in rules.pass_tells(_trail(), [5, 10, 12, 5], seat=1)] == [3, 2, 0]


def test_a_pass_on_a_single_5_holding_a_9_gets_the_factor_and_holding_nothing_higher_not() -> None:
    """rules 8.2, 6.5: a seat that passed on a single 5 while its hand then held a 9 (a play
    of the same type that beats) is weighed by PASS_BEATABLE; one that held nothing above the
    5 by 1; the hand then is the hand now and the cards played since (the 9 played after the
    pass counts)."""
    top = SINGLE_5
    calm_9 = PassTell(1, top, (), False)
    assert rules.tell_weight([[], _hand("9S 3D 4C"), [], []], [calm_9], 2) == rules.PASS_BEATABLE
    assert rules.tell_weight([[], _hand("3D 4C 4H 5D"), [], []], [calm_9], 2) == 1.0
    played_9 = PassTell(1, top, _codes("9S"), False)
    assert rules.tell_weight([[], _hand("3D 4C"), [], []], [played_9], 2) == rules.PASS_BEATABLE
    # a bomb is no beat of the same type: off danger it says nothing
    bomb = _hand("4S 4D 4H 4C 3D")
    assert rules.tell_weight([[], bomb, [], []], [calm_9], 2) == 1.0
    # in danger any beat counts, the bomb too
    danger = PassTell(1, top, (), True)
    assert rules.tell_weight([[], bomb, [], []], [danger], 2) == rules.PASS_IN_DANGER
    assert rules.tell_weight([[], _hand("3D 4C 4H 5D"), [], []], [danger], 2) == 1.0
    # the factors multiply over the passes
    both = [calm_9, PassTell(3, PAIR_7, (), False)]
    hands = [[], _hand("9S"), [], _hand("8S 8D")]
    assert rules.tell_weight(hands, both, 2) == pytest.approx(rules.PASS_BEATABLE**2)
    assert rules.PASS_BEATABLE == pytest.approx(0.343)
    assert rules.PASS_IN_DANGER == pytest.approx(0.1)


def test_beats_in_kind_is_the_off_ladder_part_of_the_legal_plays() -> None:
    """beats_in_kind(hand, level, top) is whether legal_plays holds a play off the bomb
    ladder, and can_beat whether it holds any, over random hands, levels and tops."""
    rng = random.Random(5)
    pack = [c for c in range(54) for _ in range(2)]
    tops = [
        interpretation("single", 9),
        interpretation("pair", 12),
        interpretation("triple", 6),
        interpretation("full_house", 10),
        interpretation("straight", 9),
        interpretation("tube", 8),
        interpretation("plate", 11),
        interpretation("bomb", 7, 4),
    ]
    agree = plain = 0
    for _ in range(300):
        level = rng.randint(2, 14)
        hand = sorted(rng.sample(pack, rng.randint(3, 27)))
        counts = counts_of(hand)
        for top in tops:
            plays = legal_plays(hand, level, top)
            expected = any(reading.tier == 0 for _, reading in plays)
            assert beats_in_kind(counts, level, top) == expected, (expand(counts), level, top)
            assert can_beat(counts, level, top) == bool(plays)
            agree += 1
            plain += expected
    assert agree == 2400 and 300 < plain < 2100


def _basic_position(seed: int, decisions: int) -> rules.GuandanState:
    """The position after ``decisions`` real decisions of four basic players in the single
    deal of ``seed``."""
    info = load_game("guandan")
    assert info.single_deal is not None
    basic = make_agents(info, ["basic"] * 4)
    state, _ = info.single_deal(seed)
    done = 0
    while done < decisions:
        forced = state.forced_action()
        if forced is None:
            done += 1
            forced = decide(state, basic[state.to_act])
        state.push(forced)
    return state


def test_the_trail_is_the_public_plays_and_passes_of_the_deal_and_copies_keep_their_own() -> None:
    """The trail is the deal's Play and Pass events, in order, the play on the table beside
    each: facts every seat saw (rules 9)."""
    state = _basic_position(2, 40)
    shown = [e for e in state.events if isinstance(e, Play | Pass)]
    assert len(state.trail) == len(shown) > 30
    steps = iter(state.trail)
    top: tuple[int, tuple[int, ...]] | None = None
    for event in state.events:
        if isinstance(event, Lead):
            top = None
        elif isinstance(event, Play | Pass):
            step = next(steps)
            assert step.seat == event.seat
            assert (None if step.top is None else (step.top.seat, step.top.cards)) == top
            if isinstance(event, Play):
                assert step.cards == tuple(event.cards)
                top = (step.seat, step.cards)
            else:
                assert step.cards == ()
    copy = state.copy(quiet=True)
    copy.push(copy.forced_action() or copy.legal_actions()[-1])
    assert len(copy.trail) == len(state.trail) + 1
    assert len(state.trail) == len(shown)


def _samples(state: rules.GuandanState, seat: int, n: int) -> list[list[list[int]]]:
    """The hands of ``n`` samples of ``seat``'s belief (generators seeded 0 up)."""
    return [Belief(state, seat).sample(random.Random(k)).hands for k in range(n)]


def _unlikely(state: rules.GuandanState, seat: int, samples: list[list[list[int]]]) -> int:
    """Over the hands of ``samples``: the other seats' passes they make unlikely (weighed
    below 1 with the factors as they are now)."""
    told = rules.pass_tells(state.trail, state.sizes, seat)
    return sum(
        1 for hands in samples for t in told if rules.tell_weight(hands, [t], state.level) < 1
    )


def test_samples_hold_fewer_hands_that_would_not_have_passed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over 200 samples of a position late in a deal (13 passes of other seats on an
    opponent's play on record, 7 of them with an opponent about to go out), the other seats'
    hands make their passes unlikely (a beat held) far less often than in samples without the
    weights (every factor 1.0: 247 against 584 when written); the samples keep the seat's
    view. The belief without the hand model (the model reads the passes itself)."""
    state = _basic_position(4, 40)
    seat = state.to_act
    assert seat is not None
    told = rules.pass_tells(state.trail, state.sizes, seat)
    assert (len(told), sum(t.danger for t in told)) == (13, 7), told
    weighed = _samples(state, seat, 200)
    for name in FACTORS:
        monkeypatch.setattr(rules, name, 1.0)
    plain = _samples(state, seat, 200)
    monkeypatch.undo()
    few, many = _unlikely(state, seat, weighed), _unlikely(state, seat, plain)
    assert few < 0.6 * many, (few, many)
    assert Belief(state, seat).sample(random.Random(1)).view(seat) == state.view(seat)


def test_with_every_factor_at_one_the_sampler_draws_one_deal_as_without_inference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Factors 1.0 turn the inference off: the samples are those of the same position with
    no pass on record (one shuffle of the hidden cards, as before the inference)."""
    state = _basic_position(2, 40)
    seat = state.to_act
    assert seat is not None
    blank = state.copy()
    blank.trail = []
    weighed = Belief(state, seat).sample(random.Random(9)).hands
    for name in FACTORS:
        monkeypatch.setattr(rules, name, 1.0)
    off = Belief(state, seat).sample(random.Random(9)).hands
    assert off == Belief(blank, seat).sample(random.Random(9)).hands
    assert weighed != off


def _tribute_positions(deals: int) -> list[rules.GuandanState]:
    """Positions of single deals (so with tribute, or a tribute cancelled) of four ``basic``
    players: each deal's first lead, and again after 20 plays and passes."""
    info = load_game("guandan")
    out: list[rules.GuandanState] = []
    for seed in range(deals):
        state, _winners = rules.single_deal(seed)
        agents = make_agents(info, ["basic"] * 4, seed)
        steps = 0
        while state.to_act is not None and not state.places:
            if state.phase != rules.Phase.RETURN and steps in (0, 20):
                out.append(state.copy())
            seat = state.to_act
            state.apply(decide(state, agents[seat]))
            steps += 1
    return out


def _hidden(state: rules.GuandanState, seat: int, other: int) -> list[int]:
    """The codes of ``other``'s hand that ``seat`` cannot place by the tribute and return."""
    known = [0] * len(state.played)
    for t in (*state.tributes, *state.returns):
        if t.receiver == other:
            known[t.card] += 1
        if t.giver == other:
            known[t.card] -= 1
    out = []
    for c, n in enumerate(state.hands[other]):
        keep = max(0, known[c] - state.played_by[other][c])
        out.extend([c] * (n - min(keep, n)))
    return out


def test_the_tribute_tells_where_the_strong_cards_are_and_every_real_hand_agrees() -> None:
    """Rules 7.2-7.3: a payer holds nothing stronger than its tribute card but wild cards (and
    no second RJ); a cancelled tribute puts both RJ with the payers. Over 60 single deals, the
    real hands never hold a card ``seats_for`` bars them from, and every sample keeps it so."""
    positions = _tribute_positions(60)
    barred_seen = 0
    cancelled = sum(p.cancelled for p in positions)
    for state in positions:
        for seat in range(4):
            pool = sorted(c for o in range(4) if o != seat for c in _hidden(state, seat, o))
            places = state.seats_for(seat, pool)
            barred_seen += sum(4 - 1 - len(v) for v in places.values())
            for other in (o for o in range(4) if o != seat):
                for c in _hidden(state, seat, other):
                    assert other in places.get(c, (other,)), (state.seed, seat, other, c)
            sample = Belief(state, seat).sample(random.Random(seat))
            for other in (o for o in range(4) if o != seat):
                assert sum(sample.hands[other]) == state.sizes[other]
                for c in _hidden(sample, seat, other):
                    assert other in places.get(c, (other,)), (state.seed, seat, other, c)
    assert barred_seen == 280  # seat-card pairs barred: the test tests something
    assert cancelled >= 1  # and a cancelled tribute is among the positions


def test_a_payer_of_a_king_is_dealt_no_ace_joker_or_level_card() -> None:
    """Rules 7.3 with level 2: the payer (seat 3, 4th place) gave KD, so it held no A, no
    joker, no non-heart 2 and no KS or KH; the wild 2H and a KC or KD it may hold."""
    state = rules.new_state(
        0, match={"levels": ["2", "2"], "level_team": 0, "previous_places": [0, 1, 2, 3]}
    )
    state.cancelled = False  # whatever this deck gave: the tribute of a king, as told to all
    state.tributes = [Transfer(3, 0, parse_codes(["KD"])[0])]
    assert state.tributes[0].giver == 3
    places = state.seats_for(1, list(range(54)))
    barred = sorted(c for c, seats in places.items() if 3 not in seats)
    expected = sorted(parse_codes("AS AH AD AC BJ RJ 2S 2D 2C KS KH".split()))
    assert barred == expected
    assert all(places[c] == (0, 2) for c in barred)
