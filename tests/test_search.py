"""Level ``strong`` (engine.search) and the arena for search players: legal, exact from a
seed, basic's move kept unless clearly beaten, samples that keep what play has shown, and
``arena --jobs`` / ``--single-deals``."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from cli_support import run_cardavia as run_cli

from cardavia_cli.engine.agents import agent_rng, decide
from cardavia_cli.engine.arena import run_arena
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.game import LegalActions
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.engine.search import SearchPlayer, SearchSettings
from cardavia_cli.games import GAMES, load_game
from cardavia_cli.games.cucu.rules import KEEP_LIKELIHOOD
from cardavia_cli.games.minchiate.tricks import voids

REAL_GAMES = sorted(g for g in GAMES if "strong" in load_game(g).agents)


def _cheap(player: SearchPlayer, samples: int = 3) -> SearchPlayer:
    """``player`` with few samples and no time cap: a test replays exactly."""
    player.settings = replace(player.settings, samples=samples, budget=None)
    return player


def _position(name: str, decisions: int):
    """The first real decision after ``decisions`` real decisions of four basic players, in
    the first game from seed 7 up that lasts that long."""
    info = load_game(name)
    basic = make_agents(info, ["basic"] * 4)
    for seed in range(7, 40):
        state = info.new_state(seed=seed)
        done = 0
        while not state.is_over:
            if state.at_break:
                state.next_round()
                continue
            if state.forced_action() is None:
                if done == decisions:
                    return state
                done += 1
            state.push(decide(state, basic[state.to_act]))
    raise AssertionError(f"no {name} game with {decisions} decisions")


def test_every_game_has_a_strong_level() -> None:
    assert REAL_GAMES == ["cucu", "guandan", "minchiate", "sisepai"]


@pytest.mark.parametrize("name", REAL_GAMES)
def test_strong_chooses_a_legal_move_and_replays_it_from_the_same_generator(name: str) -> None:
    state = _position(name, 6)
    seat = state.to_act
    picks = []
    for _ in range(2):
        player = _cheap(load_game(name).agents["strong"]())
        rng = agent_rng(state.seed, seat, len(state.history))
        picks.append(player.search(state.view(seat), LegalActions(state), rng, Belief(state, seat)))
        report = player.last
        assert report is not None and report.chosen == picks[-1]
        assert report.estimates[0].action == player.policy.choose(
            state.view(seat), LegalActions(state), random.Random(0)
        )
    assert picks[0] == picks[1]
    assert state.is_legal(picks[0])


class _Scripted(SearchPlayer):
    """A search player whose rollouts score by a table of moves: ``gain`` for ``favoured``,
    0 for the others, plus noise shared by every move of a sample (paired comparison)."""

    def __init__(self, favoured, gain: float, noise: float = 0.0) -> None:
        super().__init__(_AllMoves(), load_game("sisepai").agents["basic"], SearchSettings(8, None))
        self.favoured, self.gain, self.noise = favoured, gain, noise

    def _rollout(self, sample, action, seat, rng):
        shared = self.noise * (len(sample.zones()["dead"]) + rng.random())
        return shared + (self.gain if action == self.favoured else 0.0)


class _AllMoves:
    def candidates(self, view, legal, preferred, rng):
        return list(legal)

    def rollout_over(self, state, start):
        return True

    def score(self, state, start, seat):
        return 0.0

    def chance(self, score):
        return score


def _basic_and_another():
    """A Si Se Pai decision: ``choose(player)`` (the search's move there), basic's move and
    another legal move."""
    state = _position("sisepai", 3)
    seat = state.to_act
    legal = LegalActions(state)
    view = state.view(seat)
    preferred = load_game("sisepai").agents["basic"]().choose(view, legal, random.Random(0))
    other = next(a for a in legal if a != preferred)

    def choose(player: SearchPlayer):
        return player.search(view, legal, random.Random(1), Belief(state, seat))

    return choose, preferred, other


def test_search_keeps_the_preferred_move_unless_another_is_clearly_better() -> None:
    """Paired estimates with a margin of 2 standard errors: a move ahead by a clear margin on
    every sample replaces basic's; equal scores, or a gain below its noise, keep basic's."""
    choose, preferred, other = _basic_and_another()

    assert choose(_Scripted(other, 1.0)) == other
    assert choose(_Scripted(other, 0.0)) == preferred
    assert choose(_Scripted(preferred, 1.0)) == preferred
    noisy = _Scripted(other, 1.0, noise=0.0)
    noisy.settings = SearchSettings(samples=1, budget=None)
    assert choose(noisy) == preferred  # one sample: no standard error, nothing is clear


class _Sequenced(SearchPlayer):
    """Rollouts that score 0 for every move but ``favoured``, whose samples score the gains
    ``gains`` in turn (a paired gain with a known mean and standard error)."""

    def __init__(self, favoured, gains: list[float], extra: int) -> None:
        settings = SearchSettings(8, None, extra=extra)
        super().__init__(_AllMoves(), load_game("sisepai").agents["basic"], settings)
        self.favoured, self.gains, self.done = favoured, gains, 0

    def _rollout(self, sample, action, seat, rng):
        if action != self.favoured:
            return 0.0
        self.done += 1
        return self.gains[(self.done - 1) % len(self.gains)]


@pytest.mark.parametrize(
    ("gains", "extra", "samples", "replaced"),
    [
        # gains 1, -0.2 in turn: after 8 samples 1.76 standard errors (near, not clear);
        # after 16, 2.5 (clear)
        ([1.0, -0.2], 0, 8, False),
        ([1.0, -0.2], 8, 16, True),
        ([1.0, 0.0], 8, 8, True),  # clear after 8 (2.65): no second look
        ([1.0, -0.5], 8, 8, False),  # 0.88: not near enough for one
    ],
)
def test_a_second_look_samples_again_only_a_move_near_the_margin(gains, extra, samples, replaced):
    choose, preferred, other = _basic_and_another()
    player = _Sequenced(other, gains, extra)
    chosen = choose(player)
    assert player.last is not None and player.last.samples == samples
    assert chosen == (other if replaced else preferred)


def test_minchiate_samples_respect_the_voids_shown_in_play() -> None:
    """A seat that did not follow suit has none of it in any sample (rules 9.3)."""
    state = _position("minchiate", 40)
    shown = voids([*state.tricks, (state.leader, tuple(state.trick))])
    seat = state.to_act
    assert any(s != seat and suits for s, suits in shown.items()), "no void shown yet"
    for k in range(20):
        sample = Belief(state, seat).sample(random.Random(k))
        for s, suits in shown.items():
            if s == seat:
                continue
            held = {c.suit for c in sample.hands[s] if not c.is_matto}
            assert not held & suits, f"seat {s} was dealt a suit it showed it lacks"


def test_cucu_keepers_are_sampled_with_high_cards_more_often() -> None:
    """A seat that kept its card more likely holds a high one: over samples, the mean rank of
    a keeper's sampled card is above the mean of the hidden cards."""
    info = load_game("cucu")
    basic = make_agents(info, ["basic"] * 4)
    for seed in range(50):
        state = info.new_state(seed=seed)
        while not state.is_over and not state.at_break:
            rnd = state.round
            seat = state.to_act
            kept = [s for s, a in rnd.history if a == "keep" and s != seat]
            view = state.view(seat)
            hidden_keepers = [s for s in kept if view.cards[s] is None]
            if hidden_keepers and state.forced_action() is None:
                keeper = hidden_keepers[0]
                plain = [Belief(state, seat).sample(random.Random(k)) for k in range(200)]
                ranks = [s.round.rank[s.round.hold[keeper]] for s in plain]
                low = sum(r <= 4 for r in ranks) / len(ranks)
                assert low < 0.15, f"a keeper held Zero to 4 in {low:.0%} of samples"
                assert KEEP_LIKELIHOOD[0] < KEEP_LIKELIHOOD[10]
                return
            state.push(decide(state, basic[seat]))
    raise AssertionError("no hidden keeper in 50 matches")


def test_arena_over_two_processes_gives_the_serial_result() -> None:
    info = load_game("sisepai")
    seats = ["basic", "random", "basic", "random"]
    serial = run_arena(info, seats, deals=8, seed=4, rotate=True)
    parallel = run_arena(info, seats, deals=8, seed=4, rotate=True, jobs=2, load=load_game)
    assert serial.wins == parallel.wins and serial.draws == parallel.draws
    assert [lv.to_json()["wins"] for lv in serial.levels.values()] == [
        lv.to_json()["wins"] for lv in parallel.levels.values()
    ]
    assert [len(lv.decision_times) for lv in serial.levels.values()] == [
        len(lv.decision_times) for lv in parallel.levels.values()
    ]


def test_single_deals_start_with_a_tribute_and_are_won_by_the_first_out() -> None:
    info = load_game("guandan")
    assert info.single_deal is not None
    state, winners = info.single_deal(11)
    assert state.level_team is not None and state.previous_places is not None
    assert state.rounds_finished == 0
    from cardavia_cli.engine.runner import play_on

    play_on(state, make_agents(info, ["basic"] * 4), max_deals=1)
    assert state.at_break or state.is_over
    first = state.places[0]
    assert winners(state) == sorted({first, (first + 2) % 4})


def test_arena_single_deals_on_the_command_line() -> None:
    done = run_cli("arena", "guandan", "--single-deals", "--deals", "4", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["single_deals"] is True and data["deals"] == 4 and data["draws"] == 0
    assert sum(side["decided"] for side in data["sides"]) == 8
    refused = run_cli("arena", "sisepai", "--single-deals", "--deals", "4")
    assert refused.returncode == 2
    assert "no deals to play alone" in refused.stderr


def test_arena_levels_carry_decision_times() -> None:
    done = run_cli("arena", "cucu", "--deals", "2", "--json")
    level = json.loads(done.stdout)["levels"][0]
    assert level["decisions"] > 0
    times = level["decision_ms"]
    assert 0 <= times["median"] <= times["p95"] <= times["max"]


@pytest.mark.parametrize("name", REAL_GAMES)
def test_strong_cannot_peek_two_states_alike_to_its_seat_give_the_same_search(name: str) -> None:
    """The search sees samples of its belief only: on a state and on a twin that looks the
    same to the seat but holds other hidden cards, it compares the same moves with the same
    estimates and chooses the same one."""
    state = _position(name, 9)
    seat = state.to_act
    twin = state.resample(seat, random.Random(99))
    twin.rng = random.Random(12345)
    assert twin.view(seat) == state.view(seat)
    reports = []
    for position in (state, twin):
        player = _cheap(load_game(name).agents["strong"](), samples=4)
        rng = agent_rng(position.seed, seat, len(state.history))
        player.search(position.view(seat), LegalActions(position), rng, Belief(position, seat))
        assert player.last is not None
        reports.append([(e.action, e.mean, e.gain) for e in player.last.estimates])
    assert reports[0] == reports[1]


def test_the_default_level_is_strong(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players get ``strong`` when they name no level (the suite plays ``basic``, conftest);
    a game without it gets its first level."""
    from cardavia_cli.commands import play

    monkeypatch.setattr(play, "DEFAULT_LEVELS", ("strong", "basic"))
    assert [play.default_level(g) for g in REAL_GAMES] == ["strong"] * 4
    assert play.default_level("tally") == "basic"


# -- the cap on a decision's CPU time (CARDAVIA_SEARCH_BUDGET) -----------------------------------


@pytest.mark.parametrize(
    ("text", "budget", "problem"),
    [
        ("", 1.0, False),
        ("off", None, False),
        ("NONE", None, False),
        ("0", None, False),
        ("0.0", None, False),
        ("2", 2.0, False),
        (" 0.25 ", 0.25, False),
        ("0_5", 1.0, True),
        ("-1", 1.0, True),
        ("1e3", 1.0, True),
        ("nan", 1.0, True),
        ("\u0662", 1.0, True),
    ],
)
def test_the_search_budget_is_read_strictly_from_the_environment(
    monkeypatch, text: str, budget: float | None, problem: bool
) -> None:
    from cardavia_cli.engine.budget import budget_from_env

    monkeypatch.setenv("CARDAVIA_SEARCH_BUDGET", text)
    assert budget_from_env()[0] == budget
    assert (budget_from_env()[1] is not None) == problem
    assert SearchSettings().budget == budget


def test_a_bad_search_budget_is_one_warning_and_the_command_runs() -> None:
    done = run_cli(
        "cucu", "check", "0=lion", "1=5", "--json", env={"CARDAVIA_SEARCH_BUDGET": "0_5"}
    )
    assert done.returncode == 0 and json.loads(done.stdout) == {"losers": [0]}
    assert done.stderr.splitlines() == [
        "cardavia: warning: CARDAVIA_SEARCH_BUDGET='0_5' is not a time: seconds of CPU per "
        "decision (0.5, 2) or off; 1.0 s is used"
    ]


def test_the_budget_stops_a_decision_before_a_sample_would_end_past_it() -> None:
    """With a clock that moves 0.3 s per sample and a 1 s cap, no sample is begun that would
    end past the cap: three are played of the twelve asked (0.3, 0.6, 0.9; a fourth would
    end at 1.2)."""
    state = _position("cucu", 2)
    seat = state.to_act
    assert seat is not None
    ticks = iter(range(1000))
    player = load_game("cucu").agents["strong"]()
    assert isinstance(player, SearchPlayer)
    player.clock = lambda: 0.3 * next(ticks)
    calls: list[int] = []
    sample = Belief.sample

    def counted(self, rng):
        calls.append(1)
        return sample(self, rng)

    player.settings = replace(player.settings, samples=12, budget=1.0)
    from unittest import mock

    with mock.patch.object(Belief, "sample", counted):
        player.search(state.view(seat), LegalActions(state), random.Random(3), Belief(state, seat))
    assert player.last is not None
    assert player.last.samples == len(calls) == 3


def test_the_arena_counts_the_searches_the_cap_cut_short(monkeypatch) -> None:
    """``cut_short`` of a level: its searches that played fewer samples than asked because of
    the time cap. A cap of a microsecond cuts every search with something to compare to one
    sample; no cap, none."""
    info = load_game("cucu")
    monkeypatch.setenv("CARDAVIA_SEARCH_BUDGET", "0.000001")
    capped = run_arena(info, ["strong", "basic", "basic", "basic"], deals=2, seed=5).to_json()
    monkeypatch.setenv("CARDAVIA_SEARCH_BUDGET", "off")
    free = run_arena(info, ["strong", "basic", "basic", "basic"], deals=2, seed=5).to_json()
    strong_capped = next(lv for lv in capped["levels"] if lv["level"] == "strong")
    strong_free = next(lv for lv in free["levels"] if lv["level"] == "strong")
    assert 0 < strong_capped["cut_short"] <= strong_capped["decisions"]
    assert strong_free["cut_short"] == 0
    assert all(lv["cut_short"] == 0 for lv in capped["levels"] if lv["level"] == "basic")


def test_sisepai_tells_read_only_public_answers() -> None:
    """A dead card was passed on by every seat: each may claim a triple of it, the next seat
    and the drawer of a drawn card a mixed set too, the discarder nothing (rules 7.2, 7.3);
    a discard is public (7.2 step 4)."""
    from cardavia_cli.games.sisepai.rules import tells

    wr, rk, gp = 17, 0, 27  # wR, rK, gP
    told = tells([wr, gp], [(1, True), (3, False)], [(2, rk), (0, gp)], seat=0)
    assert sorted(told) == [1, 2, 3]
    # wR drawn by seat 1 and passed on: seat 1 drawer, seat 2 next, seat 3 other
    # gP discarded by seat 3 and passed on: seat 3 discarder, seat 1 other, seat 2 other
    assert told[1].ident == {wr, gp} and told[1].mixed == {wr}
    assert told[2].ident == {wr, gp} and told[2].mixed == {wr}
    assert told[3].ident == {wr} and told[3].mixed == set()
    assert told[2].discarded == {rk} and told[1].discarded == told[3].discarded == set()


def test_sisepai_tell_weight_multiplies_each_unlikely_answer() -> None:
    """A pass on a card held twice, on a card that makes a mixed set with the hand, a discard
    of a card still held: each multiplies the likelihood by its factor (rules 5, 7.3)."""
    from cardavia_cli.games.sisepai import rules
    from cardavia_cli.games.sisepai.cards import NUM_CODES

    wr, wh, wc, rk, ra = 17, 18, 19, 0, 1
    counts = [0] * NUM_CODES
    counts[wr] = 2  # a pair of wR
    counts[wh] = counts[wc] = 1  # wH wC: a field set with a third white Chariot
    counts[ra] = 1
    told = rules.Tells(frozenset({wr}), frozenset({wr}), frozenset({ra, rk}))
    expected = rules.PASS_IDENTICAL * rules.PASS_MIXED * rules.DISCARD_COPY
    assert rules.tell_weight(counts, told) == pytest.approx(expected)
    assert rules.tell_weight(counts, rules.Tells(frozenset(), frozenset({ra}), frozenset())) == 1
    assert rules.mixed_open(rk, [0] * NUM_CODES) is False
    soldiers = [0] * NUM_CODES
    soldiers[13] = soldiers[20] = 1  # yP wP
    assert rules.mixed_open(6, soldiers) and not rules.mixed_open(13, soldiers)


def test_sisepai_samples_follow_the_public_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the samples of a position late in a deal, a seat holds two copies of a dead card
    it could have claimed as a triple less often than in samples that ignore the answers."""
    from cardavia_cli.games.sisepai import rules

    state = _position("sisepai", 30)
    seat = state.to_act
    told = rules.tells(state.dead, state.dead_from, state.discards, seat)
    assert any(told.values()), "nothing told yet"

    def unlikely_pairs() -> int:
        n = 0
        for k in range(300):
            sample = Belief(state, seat).sample(random.Random(k))
            for s, t in told.items():
                n += sum(1 for code in t.ident if sample.hands[s][code] >= 2)
        return n

    weighed = unlikely_pairs()
    for name in ("PASS_IDENTICAL", "PASS_MIXED", "DISCARD_COPY", "DISCARD_MIXED"):
        monkeypatch.setattr(rules, name, 1.0)
    plain = unlikely_pairs()
    assert weighed < 0.75 * plain, (weighed, plain)


def test_arena_starts_no_more_processes_than_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs 1000`` for 4 deals starts 4 processes, not 1000, and gives the serial result."""
    import multiprocessing

    started: list[int] = []
    real = multiprocessing.get_context

    class Counting:
        def __init__(self, method: str) -> None:
            self._context = real(method)

        def Pool(self, processes: int, **kwargs):  # noqa: N802 (multiprocessing's name)
            started.append(processes)
            return self._context.Pool(processes, **kwargs)

    monkeypatch.setattr(multiprocessing, "get_context", Counting)
    info = load_game("cucu")
    seats = ["basic", "random", "random", "random"]
    parallel = run_arena(info, seats, deals=4, seed=2, jobs=1000, load=load_game)
    assert started == [4]
    assert parallel.wins == run_arena(info, seats, deals=4, seed=2).wins
