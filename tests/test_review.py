"""Reviewing a game (the issue "Review your game: where you lost it, and how the computer
would have played your cards"): ``engine.review``, ``SearchPlayer.evaluate``, ``cardavia
review`` and the REPL's ``review``.

The scripted blunders are deal files in ``tests/data/review`` (each says what happens in it);
a test reviews only the blunder (``start``: its decision number) with the game's own search.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from cli_support import run_cardavia

from cardavia_cli.engine.agents import agent_rng, decide
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.game import LegalActions
from cardavia_cli.engine.review import (
    MARKS,
    THRESHOLDS,
    mark_of,
    real_decisions,
    replay_seat,
    review_game,
)
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.engine.search import SearchPlayer, paired
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, replay, save_atomic
from cardavia_cli.repl.hooks import load_ui

DATA = Path(__file__).resolve().parent / "data" / "review"
GAMES = ["cucu", "guandan", "minchiate", "sisepai"]


def _skip(game: str):
    ui = load_ui(game)
    return lambda view: ui.auto_answer(view) is not None


def _review_last(name: str, **options):
    """The review of the last decision of seat 0 in the deal file ``name`` (no replays)."""
    deal = load_deal(DATA / f"{name}.toml")
    final = replay(deal)
    total = real_decisions(final.history)
    info = load_game(deal.game)
    review = review_game(
        info, deal, final, start=total, skip=_skip(deal.game), replays=False, **options
    )
    assert [d.index for d in review.decisions] == [total]
    return review.decisions[0], final


# -- marks ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("loss", "shown", "mark"),
    [(0.0968, "9%", "inaccuracy"), (0.0499, "4%", "good"), (0.05, "5%", "inaccuracy"),
     (0.1, "10%", "mistake"), (0.29, "29%", "blunder"), (0.2, "20%", "blunder"),
     (0.0, "0%", "good")],
)  # fmt: skip
def test_regression_a_shown_loss_never_reaches_a_threshold_its_mark_does_not(loss, shown, mark):
    """A loss of 0.0968 was shown as "10%" beside "inaccuracy" (a mistake starts at 10%): the
    loss column rounds down, and the thresholds are whole percentages."""
    from cardavia_cli.repl.review import _loss

    assert _loss(loss) == shown and mark_of(loss, 0.0) == mark


def test_marks_follow_the_thresholds_and_never_mark_a_loss_within_the_noise() -> None:
    assert MARKS == ("good", "inaccuracy", "mistake", "blunder")
    assert THRESHOLDS == {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
    assert [mark_of(x, 0.0) for x in (0.0, 0.049, 0.05, 0.099, 0.1, 0.199, 0.2, 1.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert mark_of(0.3, 0.3) == "good"  # within two standard errors: no mark
    assert mark_of(0.3, 0.29) == "blunder"


# -- evaluate ------------------------------------------------------------------------------
def _position(game: str, phase: str):
    """Seat 0's first real decision in ``phase`` with more than 4 legal answers, four basic
    players from seed 5."""
    info = load_game(game)
    basic = make_agents(info, ["basic"] * 4)
    state = info.new_state(seed=5)
    while not state.is_over:
        if state.to_act == 0 and str(state.phase) == phase and len(state.legal_actions()) > 4:
            return state
        state.push(decide(state, basic[state.to_act]))
    raise AssertionError(f"no {phase} of seat 0")


def _cheap(game: str, samples: int = 4) -> SearchPlayer:
    player = load_game(game).agents["strong"]()
    player.settings = replace(player.settings, samples=samples, budget=None)
    return player


def test_evaluate_is_the_search_plus_the_moves_it_is_given() -> None:
    """From the same generator, ``evaluate`` chooses what ``search`` chooses, with the same
    estimates for the same candidates, and estimates a move the search left out (a fourth
    discard in Si Se Pai, which compares basic's best three) from the same samples."""
    state = _position("sisepai", "discard")
    view, legal = state.view(0), LegalActions(state)
    searched = _cheap("sisepai")
    ply = len(state.history)
    chosen = searched.search(view, legal, agent_rng(state.seed, 0, ply), Belief(state, 0))
    compared = [e.action for e in searched.last.estimates]
    extra = next(a for a in legal if a not in compared)
    report = _cheap("sisepai").evaluate(
        view, legal, agent_rng(state.seed, 0, ply), Belief(state, 0), include=(extra,)
    )
    assert report.chosen == chosen
    assert [e.action for e in report.estimates] == [*compared, extra]
    for before, after in zip(searched.last.estimates, report.estimates, strict=False):
        assert (before.mean, before.gain, before.scores) == (after.mean, after.gain, after.scores)
    assert len(report.estimates[-1].scores) == report.samples == 4
    diff, stderr = paired(report.estimates[0], report.estimates[-1])
    assert diff == pytest.approx(report.estimates[0].mean - report.estimates[-1].mean)
    assert stderr >= 0


def test_evaluate_samples_a_decision_with_one_candidate() -> None:
    """``search`` takes a lone candidate without sampling; ``evaluate`` estimates it: a win
    on a claim in Si Se Pai, where strong compares nothing else."""
    deal = load_deal(DATA / "sisepai-passes-a-win.toml")
    state = replay(deal.with_actions(deal.actions[:-1]))
    args = (state.view(0), LegalActions(state), random.Random(1), Belief(state, 0))
    player = _cheap("sisepai", 3)
    player.search(*args)
    assert player.last.samples == 0
    report = player.evaluate(*args)
    assert [str(e.action) for e in report.estimates] == ["claim yR yC"]
    assert report.samples == 3 and report.estimates[0].chance == 1.0


# -- the scripted blunders of each game ----------------------------------------------------
def test_si_se_pai_passing_a_winning_claim_is_a_mistake_at_least() -> None:
    """Passing a sure win costs about a tenth of a win here: the hand, one card from a win with
    many waits, still wins most rollouts later. 128 samples, so that the loss stands clear of
    the noise (at 16 it does not: 0.04 within 0.08)."""
    decision, _final = _review_last("sisepai-passes-a-win", samples=128)
    assert str(decision.played) == "pass"
    assert str(decision.best) == "claim yR yC"
    assert decision.option(decision.best).estimate == 1.0  # the claim wins the deal
    assert decision.mark in ("mistake", "blunder")
    assert decision.loss >= THRESHOLDS["mistake"]


def test_guandan_breaking_bombs_to_follow_is_a_blunder_and_passing_does_better() -> None:
    """32 samples (8 leave the order of the other moves to the samples' luck): the straight
    that takes a card out of each bomb wins the deal in 12 of them, passing in 17 (samples
    dealt by the shipped hand model); the best move found is the bomb 2H 3H 3D 3C."""
    from cardavia_cli.games.guandan.ai import _breaks, _ladder_cards, split_hand
    from cardavia_cli.games.guandan.rules import PASS

    decision, _final = _review_last("guandan-breaks-a-bomb", samples=32)
    view = decision.view
    assert str(decision.played) == "play 2H 6C 7S 8H 9D as straight 9"
    kept = _ladder_cards(split_hand(view.hand, view.level))
    assert _breaks(decision.played.cards, view.hand, kept)  # it takes cards out of bombs
    assert str(decision.best) == "play 2H 3H 3D 3C"
    assert decision.option(decision.played).chance == 12 / 32
    assert decision.option(PASS).chance == 17 / 32
    assert decision.mark == "blunder"


def test_cuccu_asking_into_a_known_hunter_is_a_mistake_and_a_known_cuckoo_costs_nothing() -> None:
    """Rules 7.3: the Hunter shown this round shoots again (a life lost for nothing, the
    Horse being safe); rules 7.2: the Cuckoo refuses without a penalty, so asking into it is
    the same as keeping, and the review says so."""
    hunter, _final = _review_last("cucu-asks-a-known-hunter")
    assert (str(hunter.played), str(hunter.best)) == ("swap", "keep")
    assert hunter.mark in ("mistake", "blunder")
    cuckoo, _final = _review_last("cucu-asks-a-known-cuckoo")
    assert (str(cuckoo.played), cuckoo.mark, cuckoo.loss) == ("swap", "good", 0.0)
    assert cuckoo.option(cuckoo.played).estimate == cuckoo.option(cuckoo.best).estimate


def test_minchiate_giving_a_ten_point_trump_to_the_opponents_trick_is_a_blunder() -> None:
    from cardavia_cli.engine.seats import team
    from cardavia_cli.games.minchiate.tricks import trick_winner

    decision, _final = _review_last("minchiate-gives-a-ten")
    view = decision.view
    cards = [c for _, c in view.trick]
    assert team(view.trick[trick_winner([*cards, decision.played.cards[0]])][0]) == 1
    assert decision.played.cards[0].points == 10
    assert decision.best.cards[0].points < 10
    assert decision.mark in ("mistake", "blunder")


# -- strong's own moves --------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_strong_own_moves_are_never_marked(game: str) -> None:
    """A game where seat 0 is ``strong`` (3 samples, no time cap), the others ``basic``: the
    review with the same search finds every move of seat 0 to be strong's own (loss 0), so
    no decision is marked worse than an inaccuracy (none is marked at all). A Guandan match
    is cut after its first deal."""
    info = load_game(game)
    agents = make_agents(info, ["strong", "basic", "basic", "basic"])
    agents[0].settings = replace(agents[0].settings, samples=3, budget=None)
    state = info.new_state(seed=11)
    play_on(state, agents, max_deals=1 if game == "guandan" else None)
    deal = DealFile.from_state(state, DealFile(game=game, seed=11))
    review = review_game(info, deal, replay(deal), samples=3, skip=_skip(game), replays=False)
    assert len(review.decisions) >= 3
    assert {d.mark for d in review.decisions} == {"good"}
    assert all(d.best == d.played and d.loss == 0.0 for d in review.decisions)


# -- replays -------------------------------------------------------------------------------
def test_replays_play_the_same_deck_with_the_level_in_seat_0(tmp_path: Path) -> None:
    """``replay_seat`` with ``basic`` in seat 0 of a game four basic players played is that
    very game; the review of a finished deal sets basic's and strong's beside it."""
    info = load_game("sisepai")
    state = info.new_state(seed=4)
    play_on(state, make_agents(info, ["basic"] * 4))
    deal = DealFile.from_state(state, DealFile(game="sisepai", seed=4))
    again = replay_seat(info, deal, "basic")
    assert again.result == state.partial_result()
    assert again.state.recorded_actions() == state.recorded_actions()
    review = review_game(info, deal, replay(deal), samples=2, skip=_skip("sisepai"))
    assert [p.level for p in review.replays] == ["basic", "strong"]
    assert review.own is not None and review.own.result == state.partial_result()
    assert review.own.value == (1.0 if state.result().winner == 0 else 0.0)


def test_a_guandan_review_compares_the_first_deal() -> None:
    info = load_game("guandan")
    state = info.new_state(seed=2)
    play_on(state, make_agents(info, ["basic"] * 4))
    deal = DealFile.from_state(state, DealFile(game="guandan", seed=2))
    review = review_game(info, deal, replay(deal), samples=1, start=real_decisions(state.history))
    assert review.scope == "first deal" and review.finished
    basic = review.replays[0]
    assert basic.level == "basic" and basic.state.rounds_finished == 1
    assert review.own is not None and review.own.result["places"] == basic.result["places"]


# -- the command line ----------------------------------------------------------------------
def _finished(tmp_path: Path, game: str = "sisepai", seed: int = 4) -> Path:
    info = load_game(game)
    state = info.new_state(seed=seed)
    play_on(state, make_agents(info, ["basic"] * 4))
    path = tmp_path / f"{game}-{seed}.toml"
    save_atomic(path, DealFile.from_state(state, DealFile(game=game, seed=seed)))
    return path


def test_review_json_has_the_issue_shape_and_repeats_exactly(tmp_path: Path) -> None:
    path = _finished(tmp_path)
    done = run_cardavia("review", str(path), "--samples", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data)[:3] == ["game", "decisions", "summary"]
    assert data["game"] == "sisepai"
    first = data["decisions"][0]
    assert list(first)[:7] == ["index", "seat", "phase", "played", "options", "loss", "mark"]
    assert first["seat"] == 0 and first["index"] >= 1
    assert {"action", "estimate"} <= set(first["options"][0])
    assert any(o["action"] == first["played"] for o in first["options"])
    summary = data["summary"]
    assert summary["decisions"] == len(data["decisions"])
    assert sum(summary["marks"].values()) == summary["decisions"]
    assert summary["unit"] == "win chance" and summary["finished"] is True
    assert [r["level"] for r in data["replays"]] == ["basic", "strong"]
    assert data["own"]["level"] == "you"
    again = run_cardavia("review", str(path), "--samples", "2", "--json")
    assert again.stdout == done.stdout


def test_review_from_and_no_replay(tmp_path: Path) -> None:
    path = _finished(tmp_path)
    whole = json.loads(run_cardavia("review", str(path), "--samples", "2", "--json").stdout)
    total = whole["summary"]["total"]
    done = run_cardavia(
        "review", str(path), "--samples", "2", "--from", str(total), "--no-replay", "--json"
    )
    part = json.loads(done.stdout)
    assert part["replays"] == [] and part["summary"]["from"] == total
    assert [d["index"] for d in part["decisions"]] == [
        d["index"] for d in whole["decisions"] if d["index"] >= total
    ]
    assert part["decisions"] == [d for d in whole["decisions"] if d["index"] >= total]


def test_review_text_shows_the_costliest_moment_as_seat_0_saw_it() -> None:
    done = run_cardavia("review", str(DATA / "cucu-asks-a-known-hunter.toml"))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Review of Cuccu" in out and "mistake" in out
    assert "The costliest moment, as you saw the table then:" in out
    assert "Shown this round: you the Horse, seat 1 (right) the Hunter." in out
    # the moment in words that read for a swap as for a play (it said "you played swap")
    assert "your move" in out and "you played" not in out
    assert (
        "Decision 1 (round 1, turn): you chose swap: ask seat 1 (right) to swap cards with you "
        "(18%); strong chooses keep: keep your Horse (34%): 15%, mistake"
    ) in " ".join(out.split())
    assert "once the game is over" in out  # in progress: no replays


@pytest.mark.parametrize(
    "args, message",
    [
        ([], "review needs a save or a deal file"),
        (["no-such-save"], "no-such-save: no such file"),
        (["--last"], "there is no finished game in the scores yet"),
        (
            [str(DATA / "cucu-asks-a-known-hunter.toml"), "--from", "2"],
            "--from 2: the game holds only 1 decision of yours (--from 1)",
        ),
        (
            [str(DATA / "cucu-asks-a-known-hunter.toml"), "--from", "0"],
            "'--from': '0' is not a whole number 1 or more",
        ),
        (
            [str(DATA / "cucu-asks-a-known-hunter.toml"), "--samples", "0"],
            "'--samples': '0' is not a whole number 1 or more",
        ),
        ([str(DATA / "cucu-asks-a-known-hunter.toml"), "--last"], "not both"),
    ],
)
def test_bad_review_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = run_cardavia("review", *args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_review_last_takes_the_scores_ledger(tmp_path: Path) -> None:
    path = _finished(tmp_path, "cucu", 3)
    assert run_cardavia("run", str(path), "--json").returncode == 0  # recorded in the ledger
    done = run_cardavia("review", "--last", "--samples", "2", "--no-replay", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "cucu" and data["summary"]["finished"] is True


# -- the leak property ---------------------------------------------------------------------
def _twin(game: str, decisions: int) -> tuple[DealFile, DealFile]:
    """A deal file from a shuffled deck, four basic players until ``decisions`` real
    decisions of seat 0 were made, and its twin: the same file with two cards of the deck
    exchanged, which seat 0 cannot tell from it at any moment of the game (its view is the
    same at every step) although the cards lie elsewhere."""
    info = load_game(game)
    basic = make_agents(info, ["basic"] * 4)
    for shuffle in range(7, 30):
        deck = list(info.pack)
        random.Random(shuffle).shuffle(deck)
        state = info.new_state(seed=1, deck=deck)
        made = 0
        while made < decisions and not state.is_over and not state.at_break:
            if state.to_act == 0 and not state.is_forced():
                made += 1
            state.push(decide(state, basic[state.to_act]))
        if made == decisions and not state.is_over and not state.at_break:
            break  # a game in progress
    deal = DealFile.from_state(state, DealFile(game=game, seed=1, deck=deck))
    pairs = random.Random(3)
    for _ in range(500):
        i, j = sorted(pairs.sample(range(len(deck)), 2))
        if deck[i] == deck[j]:
            continue
        other = list(deck)
        other[i], other[j] = other[j], other[i]
        twin = DealFile(game=game, seed=1, deck=other, actions=list(deal.actions))
        try:
            a, b = replay(deal), replay(twin)
        except Exception:  # noqa: BLE001 - a twin whose actions are not legal is passed over
            continue
        if b.is_over or a.zones() == b.zones():
            continue
        if _alike(info, deal, twin, a.history, b.history):
            return deal, twin
    raise AssertionError(f"no twin found for {game}")


def _alike(info, deal: DealFile, twin: DealFile, one, other) -> bool:
    """Whether seat 0's view is the same at every step of both replays."""
    if [str(r) for r in one] != [str(r) for r in other]:
        return False
    a = info.new_state(seed=deal.seed, deck=deal.deck)
    b = info.new_state(seed=twin.seed, deck=twin.deck)
    for record in one:
        if a.view(0) != b.view(0):
            return False
        a.push(a.parse_action(record.text))
        b.push(b.parse_action(record.text))
    return a.view(0) == b.view(0)


@pytest.mark.parametrize("game", GAMES)
def test_a_review_shows_nothing_seat_0_could_not_see(tmp_path: Path, game: str) -> None:
    """Two games seat 0 cannot tell apart (the same views at every step, other hidden
    cards): their reviews, text and JSON, are the same bytes."""
    deal, twin = _twin(game, 3)
    outputs = []
    for name, file in (("one", deal), ("two", twin)):
        path = tmp_path / f"{name}.toml"
        save_atomic(path, file)
        text = run_cardavia("review", str(path), "--samples", "2")
        data = run_cardavia("review", str(path), "--samples", "2", "--json")
        assert text.returncode == data.returncode == 0, text.stderr + data.stderr
        outputs.append((text.stdout, data.stdout))
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0][1])
    assert data["summary"]["finished"] is False and data["replays"] == []
    assert len(data["decisions"]) >= 1


# -- the REPL ------------------------------------------------------------------------------
def test_repl_review_after_the_deal_and_not_before() -> None:
    done = run_cardavia(
        "sisepai", "play", "--seed", "3", "--ai", "basic", stdin="review\nauto all\nreview\n"
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "! review grades a finished deal: play this one out first" in out
    assert "Review of Si Se Pai" in out
    assert "How the computer would have played your cards" in out
    # the replay rows speak to the player, as the rest of the review does ("Seat 0 wins" was
    # the engine's summary)
    said = " ".join(out.split())
    assert "you You win with 15 points. 100%" in said
    assert "basic You win with 15 points. 100%" in said and "Seat 0" not in said


@pytest.mark.parametrize(
    ("game", "seed", "line"),
    [
        ("sisepai", 4, r"(You win|Seat \d \(\w+\) wins) with \d+ points\.|Draw: .*"),
        ("cucu", 4, r"(You win|Seat \d \(\w+\) wins) the match after \d+ rounds?(, .*)?[.!]"),
        ("guandan", 2, r"(Your|Their) team wins the match at level A after \d+ deals\."),
        ("minchiate", 4, r"(Your|Their) team wins, \d+ resti to \d+\."),
    ],
)
def test_every_game_gives_its_outcome_in_one_sentence_for_the_seat(game, seed, line) -> None:
    """``GameUI.outcome_line``: the head of the end screen, as the replay rows of a review
    give it, spoken to seat 0 (the engine's summary says "Seat 0")."""
    import re

    info = load_game(game)
    state = info.new_state(seed=seed)
    play_on(state, make_agents(info, ["basic"] * 4))
    outcome = state.result()
    assert outcome is not None
    said = load_ui(game).outcome_line(state.view(0), outcome)
    assert re.fullmatch(line, said), said
    assert "Seat 0" not in said


def test_repl_help_lists_review() -> None:
    done = run_cardavia("sisepai", "play", "--seed", "3", "--ai", "basic", stdin="help review\n")
    assert "review [--from N] [--samples N]  Once the deal or match is over" in done.stdout


# -- --from counts the decisions as the review numbers them: from 1 --------------------------------
@pytest.mark.parametrize("start", ["0", "-1", "x"])
def test_regression_review_from_0_is_refused_with_the_range_it_has(start: str) -> None:
    """``--from 0`` was refused with "a whole number 0 or more": the message contradicted
    the input. The review numbers decisions from 1 (its ``#`` column, ``index`` in JSON)."""
    done = run_cardavia("review", str(DATA / "cucu-asks-a-known-hunter.toml"), "--from", start)
    assert done.returncode == 2
    assert done.stderr == (
        f"cardavia: error: Invalid value for '--from': '{start}' is not a whole number 1 or more "
        "(see 'cardavia review --help')\n"
    )


def test_review_from_1_is_the_first_decision_as_numbered(tmp_path: Path) -> None:
    path = _finished(tmp_path)
    done = run_cardavia(
        "review", str(path), "--samples", "2", "--from", "1", "--no-replay", "--json"
    )
    data = json.loads(done.stdout)
    assert data["summary"]["from"] == 1
    assert data["decisions"][0]["index"] == 1  # the first decision of seat 0 is not forced here
    total = data["summary"]["total"]
    beyond = run_cardavia("review", str(path), "--from", str(total + 1))
    assert beyond.stderr == (
        f"cardavia: error: --from {total + 1}: the game holds {total} decisions of yours; "
        f"give a number from 1 to {total}\n"
    )


def _ssp3_by_hand(tmp_path: Path) -> Path:
    """The save of Si Se Pai, seed 3, against basic players, played out by a person who made
    basic's moves (what ``auto all`` plays, typed: none of them the ``auto`` command's)."""
    info = load_game("sisepai")
    state = info.new_state(seed=3)
    play_on(state, make_agents(info, ["basic"] * 4))
    path = tmp_path / "ssp3.toml"
    header = DealFile(game="sisepai", seed=3, seats=["human", "basic", "basic", "basic"])
    save_atomic(path, DealFile.from_state(state, header))
    return path


def _sisepai_seed_3(stdin: str, tmp_path: Path):
    """The REPL of Si Se Pai, seed 3, against basic players, over (:func:`_ssp3_by_hand`),
    fed ``stdin``."""
    return run_cardavia("resume", str(_ssp3_by_hand(tmp_path)), stdin=stdin, home=tmp_path)


def test_regression_repl_review_from_takes_the_command_line_range(tmp_path: Path) -> None:
    done = _sisepai_seed_3(
        "review --from 0\nreview --from 10\nreview from 3\nreview --from 9\n", tmp_path
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    usage = "(usage: review [--from N] [--samples N])"
    assert f"! --from: '0' is not a whole number 1 or more {usage}" in out
    # 11 real decisions, 2 of them answers the rules gave: 9 are graded, and counted
    assert "! --from 10: the game holds 9 decisions of yours; give a number from 1 to 9" in out
    assert (
        "! 'from': review takes --from and the number of your decision to start from, and "
        f"--samples and the sampled deals per decision {usage}"
    ) in out
    assert "(from decision 9 of 9)" in " ".join(done.stdout.split())


def test_repl_review_takes_samples_as_the_command_does(tmp_path: Path) -> None:
    """The REPL's ``review`` took no ``--samples``: it takes ``--from`` and ``--samples`` as
    the command does (either order, ``--from=N`` too; one given twice refused, as on the
    command line), each checked by the same count, and names what it cannot read."""
    done = _sisepai_seed_3(
        "review --samples 0\nreview --json\nreview --from\n"
        "review --samples 100001\nreview --from 3 --from=8\nreview --samples=1 --from 8\n",
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    usage = "(usage: review [--from N] [--samples N])"
    assert f"! --samples: '0' is not a whole number 1 or more {usage}" in out
    assert (
        "! '--json': review takes --from and the number of your decision to start from, and "
        f"--samples and the sampled deals per decision {usage}"
    ) in out
    assert f"! --from needs a number after it {usage}" in out
    assert (
        "! --samples: '100001' is more sampled deals than a decision is searched with (at most "
        f"100000) {usage}"
    ) in out
    assert f"! option '--from' is given more than once: give it once {usage}" in out
    said = " ".join(done.stdout.split())
    assert "over 1 sampled deal of the hidden cards each (from decision 8" in said


def test_regression_no_replay_says_nothing_of_the_replays() -> None:
    """``--no-replay`` on a game in progress still said the replays come once it is over."""
    note = "The replays with the computer in your seat come once the game is over"
    path = str(DATA / "cucu-asks-a-known-hunter.toml")
    asked = run_cardavia("review", path, "--samples", "1")
    left_out = run_cardavia("review", path, "--samples", "1", "--no-replay")
    assert asked.returncode == left_out.returncode == 0
    assert note in " ".join(asked.stdout.split())
    assert note not in " ".join(left_out.stdout.split())
    assert asked.stdout.startswith(left_out.stdout)  # the rest as it was


def test_regression_one_sample_is_one_sampled_deal() -> None:
    """``review --samples 1`` said "over 1 sampled deals": the count of samples has its own
    plural, apart from the count of decisions."""
    done = run_cardavia(
        "review", str(DATA / "cucu-asks-a-known-hunter.toml"), "--samples", "1", "--no-replay"
    )
    assert done.returncode == 0, done.stderr
    heading = " ".join(done.stdout.split())
    assert heading.startswith(
        "Review of Cuccu (Cucù, Cucco): 1 decision of yours, by strong's search over 1 "
        "sampled deal of the hidden cards each;"
    )


def test_regression_one_sample_gives_strict_json_with_no_noise() -> None:
    """Over one sample the noise of a decision is infinite, and ``--json`` wrote it as
    ``Infinity``, which is not JSON (a strict reader refuses it). It is ``null`` now: every
    ``--json`` document holds finite numbers only."""

    def refuse(word: str) -> None:
        raise ValueError(word)

    done = run_cardavia(
        "review",
        str(DATA / "cucu-asks-a-known-hunter.toml"),
        "--samples",
        "1",
        "--no-replay",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout, parse_constant=refuse)
    assert [d["noise"] for d in data["decisions"]] == [None] * len(data["decisions"])
    assert all(d["samples"] == 1 for d in data["decisions"])


def test_a_mark_withheld_by_the_noise_is_said_not_called_plain_good() -> None:
    """A newcomer's finding: a move that lost as much as a mark, but within the search's
    noise, was shown "good" like a move that lost nothing. It is "good, within noise" now,
    and the marks line says how many and what would tell."""
    import io

    from rich.console import Console

    from cardavia_cli.engine.review import Review
    from cardavia_cli.repl.review import review_renderables

    decision, _final = _review_last("cucu-asks-a-known-cuckoo", samples=4)
    quiet = replace(decision, loss=0.0, noise=0.02, mark="good")
    withheld = replace(decision, loss=0.08, noise=0.1, mark="good")
    assert (quiet.within_noise, withheld.within_noise) == (False, True)
    assert not replace(decision, loss=0.04, noise=0.1, mark="good").within_noise  # no mark due
    assert (quiet.to_json()["within_noise"], withheld.to_json()["within_noise"]) == (False, True)
    review = Review("cucu", 0, "", 4, [quiet, withheld], 0, 1, 2, False, "game")

    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True)
    for item in review_renderables(review, load_ui("cucu"), "Cuccu"):
        console.print(item)
    text = out.getvalue()
    assert text.count("good, within noise") == 1
    assert (
        "good: 2, inaccuracy: 0, mistake: 0, blunder: 0 (1 good move lost as much as a mark, "
        "but within the search's noise: more samples (--samples) would tell)"
    ) in " ".join(text.split())


@pytest.mark.parametrize(("unit", "shown"), [("win chance", False), ("expected result", True)])
def test_the_costliest_options_show_a_win_chance_only_where_it_is_not_the_estimate(
    unit: str, shown: bool
) -> None:
    """A newcomer's finding: in Cuccu (and Si Se Pai) the options table had an "estimate"
    and a "win chance" column with the same numbers, since the estimate is the win chance."""
    import io

    from rich.console import Console

    from cardavia_cli.engine.review import Review
    from cardavia_cli.repl.review import review_renderables

    decision, _final = _review_last("cucu-asks-a-known-cuckoo", samples=4)
    costly = replace(decision, loss=0.3, noise=0.01, mark="blunder")
    review = Review("cucu", 0, unit, 4, [costly], 0, 1, 1, False, "game")
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True)
    for item in review_renderables(review, load_ui("cucu"), "Cuccu"):
        console.print(item)
    lines = out.getvalue().splitlines()
    heads = [ln.split() for ln in lines if ln.split()[:2] == ["move", "estimate"]]
    assert heads == [["move", "estimate", "win", "chance"] if shown else ["move", "estimate"]]
    # two columns of percentages say what each is
    said = " ".join(" ".join(lines).split())
    caption = "estimate: the expected result (as the summary says); win chance: the share of"
    assert (caption in said) == shown


def test_regression_the_review_numbers_only_the_decisions_it_grades(tmp_path: Path) -> None:
    """A newcomer's finding: a review of 7 decisions numbered them 1, 3, 5, 7, 8, 9, 10 and
    said the game held 10: the answers the rules gave were counted but not shown. The graded
    decisions are numbered 1 to N, --from counts them, and the summary holds N."""
    path = _ssp3_by_hand(tmp_path)
    reviewed = run_cardavia("review", str(path), "--samples", "1", "--no-replay", "--json")
    assert reviewed.returncode == 0, reviewed.stderr
    data = json.loads(reviewed.stdout)
    indices = [d["index"] for d in data["decisions"]]
    assert indices == list(range(1, len(indices) + 1)) and len(indices) == 9
    # 24 forced answers and the 2 the rules gave are skipped, as before
    assert data["summary"]["total"] == 9 and data["summary"]["skipped"] == 26
    late = run_cardavia("review", str(path), "--samples", "1", "--no-replay", "--from", "10")
    assert late.returncode == 2
    assert "the game holds 9 decisions of yours; give a number from 1 to 9" in late.stderr


def test_regression_two_samples_that_agree_mark_nothing() -> None:
    """The second newcomer's finding: ``--samples 2`` marked a move a blunder because both
    samples agreed (no spread, so no noise). Below 4 samples every loss is within the noise."""
    from cardavia_cli.engine.review import MARK_SAMPLES

    assert MARK_SAMPLES == 4
    for samples in (2, 3):
        decision, _final = _review_last("cucu-asks-a-known-hunter", samples=samples)
        assert decision.noise == float("inf") and decision.mark == "good"
    decision, _final = _review_last("cucu-asks-a-known-hunter", samples=16)
    assert decision.noise < 1 and decision.mark != "good"  # the blunder this file holds


def test_regression_review_leaves_out_the_moves_auto_made(tmp_path: Path) -> None:
    """A newcomer's finding: ``review`` graded the moves ``auto`` made as the player's (226 of
    257 in one match). The save says which decisions ``auto`` made (``auto_decisions``, seat
    0's real decisions numbered from 1); a review leaves them out and says how many."""
    play = ("sisepai", "play", "--seed", "3", "--ai", "basic")
    # the first decision typed (basic's move, as auto would make it), the rest by auto
    by_hand = _ssp3_by_hand(tmp_path)
    first = load_deal(by_hand).actions[0]
    assert first.startswith("0 ")
    done = run_cardavia(*play, stdin=f"{first[2:]}\nauto all\nsave mixed\n", home=tmp_path)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "saves" / "mixed.toml"
    deal = load_deal(path)
    assert deal.actions == load_deal(by_hand).actions  # the same game as the one by hand
    assert deal.auto_decisions == [2, 3, 5, 6, 7, 8, 9, 10]
    assert deal.ledger == {"auto": 8, "given": 2}
    reviewed = run_cardavia("review", str(path), "--samples", "1", "--no-replay", "--json")
    assert reviewed.returncode == 0, reviewed.stderr
    data = json.loads(reviewed.stdout)
    assert [d["index"] for d in data["decisions"]] == [1]
    assert (data["summary"]["total"], data["summary"]["auto"]) == (1, 8)
    assert data["summary"]["skipped"] == 26  # the forced answers and the rules' answers
    said = " ".join(
        run_cardavia("review", str(path), "--samples", "1", "--no-replay").stdout.split()
    )
    assert "1 decision of yours" in said
    assert "8 moves made by auto left out (not yours)" in said
    # the save's list is checked as the rest of the file is
    bad = path.read_text("utf-8").replace("auto_decisions = [", "auto_decisions = [0, ", 1)
    path.write_text(bad, "utf-8")
    refused = run_cardavia("review", str(path), "--samples", "1")
    assert refused.returncode == 2
    assert "'auto_decisions' must list numbers of seat 0's decisions from 1" in refused.stderr


def test_a_long_review_on_a_terminal_goes_through_the_pager(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cardavia review`` printed a review of hundreds of lines at once; on a terminal it
    goes through a pager, as ``rules`` does (piped, it is printed plainly: the tests above)."""
    import io
    import sys

    from rich.console import Console

    from cardavia_cli.commands.review import review

    paged: list[str] = []

    class _Pager:
        def __enter__(self) -> None:
            return None

        def __exit__(self, *exc: object) -> None:
            paged.append("paged")

    class _Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    path = _ssp3_by_hand(tmp_path)
    monkeypatch.setattr(Console, "pager", lambda self, **kw: _Pager())
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stdout", _Terminal())
    review(path, last=False, start=1, no_replay=True, samples=1, as_json=False)
    assert paged == ["paged"]
