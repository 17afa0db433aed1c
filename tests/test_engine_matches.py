"""The engine's match machinery, proven on the test game Tally (tests/tallygame): rounds and
breaks, players who drop out, private parts of public events, a sealed bid, a play that can be
read two ways, deal files and replay across breaks, ``run`` with ``--stop`` and
``--max-deals``, and the arena's duplicate format for partnership games."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.arena import run_arena
from cardavia_cli.engine.errors import AmbiguousActionError, DealFileError, IllegalActionError
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.engine.seats import next_active, team
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, parse_deal, replay

TALLY = load_game("tally")
#: Seed 4 with four random players: a match of 7 rounds; its first round is these 8 decisions.
SEED4_ROUND1 = [
    "1 give b1", "2 bid d6", "3 bid c3", "0 bid c2", "1 bid c5", "2 play b2", "3 play b5",
    "0 play c6",
]  # fmt: skip
#: Seed 0: after these 28 decisions seat 0 plays, holding d2, b2 and d5, with d led.
SEED0_AMBIGUOUS = [
    "3 give b5", "0 bid d5", "1 bid a6", "2 bid a5", "3 bid a3", "1 play d3", "0 play b1",
    "0 give c3", "1 bid c5", "2 bid a2", "3 bid d5", "0 bid d1", "3 play a1", "1 play b1",
    "2 play b2", "1 give a4", "2 bid b3", "3 bid c1", "0 bid a6", "1 bid d6", "2 play c5",
    "3 play a5", "0 play b4", "2 give d5", "3 bid a2", "0 bid d6", "1 bid a3", "2 bid c2",
]  # fmt: skip


def deal_text(seed: int, actions: list[str], extra: str = "") -> str:
    return DealFile(game="tally", seed=seed, actions=actions).to_toml() + extra


def played(seed: int) -> object:
    state = TALLY.new_state(seed=seed)
    play_on(state, make_agents(TALLY, ["random"] * 4))
    return state


def test_a_file_whose_actions_end_a_round_stands_at_the_break():
    state = replay(parse_deal(deal_text(4, SEED4_ROUND1), "r1.toml"))
    assert state.at_break and state.to_act is None and not state.is_over
    assert state.rounds_finished == 1 and state.phase == "break"
    assert state.position() == "a break after round 1: the match goes on with the next round"
    assert [e.text for e in state.events[-3:]] == ["play 1 a6", "trick 3", "lose 2 1"]
    assert state.partial_result() == {"tokens": [2, 2, 1, 2], "rounds": 1, "winner": None}


def test_replay_crosses_breaks_while_actions_remain():
    whole = played(4)
    lines = whole.recorded_actions()
    assert lines[:8] == SEED4_ROUND1
    state = replay(parse_deal(deal_text(4, lines[:9]), "r2.toml"))
    assert state.rounds_finished == 1 and state.dealer == 2 and state.phase == "bid"
    assert [str(r) for r in state.history] == [str(r) for r in whole.history[: len(state.history)]]
    full = replay(parse_deal(deal_text(4, lines), "all.toml"))
    assert full.is_over and full.result() == whole.result()
    assert full.rounds_finished == 7


runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_run_stop_at_a_break_prints_the_break_not_seat_none(tmp_path):
    path = tmp_path / "r1.toml"
    path.write_text(deal_text(4, SEED4_ROUND1))
    human = run("run", str(path), "--stop")
    assert human.exit_code == 0, human.output
    assert "Stopped: a break after round 1" in human.stdout
    assert "None" not in human.stdout
    done = run("run", str(path), "--stop", "--json")
    data = json.loads(done.stdout)
    assert data["result"] == {"tokens": [2, 2, 1, 2], "rounds": 1, "winner": None}
    assert data["log"][-1] == "lose 2 1"
    assert "give 1 3" in data["log"]  # the public line; the card is private to seats 1 and 3


@pytest.mark.parametrize(("max_deals", "rounds"), [(1, 1), (2, 2), (3, 3)])
def test_max_deals_counts_the_recorded_rounds_too(tmp_path, max_deals, rounds):
    path = tmp_path / "r1.toml"
    path.write_text(deal_text(4, SEED4_ROUND1))
    done = run("run", str(path), "--json", "--max-deals", str(max_deals))
    data = json.loads(done.stdout)
    assert data["result"]["rounds"] == rounds and data["result"]["winner"] is None
    assert sum(1 for x in data["log"] if x.startswith("trick ")) == rounds


def test_run_plays_the_whole_match_and_reports_the_winning_team(tmp_path):
    path = tmp_path / "m.toml"
    path.write_text(deal_text(4, []))
    data = json.loads(run("run", str(path), "--json").stdout)
    assert data["result"]["winner"] in (0, 1)
    assert data["log"][-1] == f"win {data['result']['winner']}"


def test_private_parts_reach_only_their_seats():
    state = replay(parse_deal(deal_text(4, SEED4_ROUND1[:2]), "x.toml"))
    give = next(e for e in state.events if e.kind == "give")
    assert give.text == "give 1 3" and give.seats is None
    assert give.line_for(1) == give.line_for(3) == "give 1 3 [b1]"
    assert give.line_for(0) == give.line_for(2) == give.line_for(None) == "give 1 3"
    bid = next(e for e in state.events if e.kind == "bid")
    assert bid.text == "bid 2" and bid.line_for(2) == "bid 2 [d6]" and bid.detail(0) == ()
    assert state.view(3).given == "b1" and state.view(0).given is None
    assert state.view(2).own_bid == "d6" and state.view(0).own_bid is None
    deals = [e for e in state.visible_events(0) if e.kind == "deal"]
    assert [e.args[0] for e in deals] == [0]


def test_a_play_read_two_ways_lists_both_readings():
    state = replay(parse_deal(deal_text(0, SEED0_AMBIGUOUS), "amb.toml"))
    assert state.to_act == 0 and state.phase == "play"
    assert sorted(state.hands[0]) == ["b2", "d2", "d5"]
    with pytest.raises(AmbiguousActionError) as info:
        state.parse_action("play 2")
    # d is led, but the first trick card is not yet down: both 2s are legal here
    assert info.value.candidates == ["play b2", "play d2"]
    assert state.parse_action("play b2").card == "b2"
    bad = deal_text(0, [*SEED0_AMBIGUOUS, "0 play 2"])
    with pytest.raises(DealFileError, match=r"action 29 of 29 \('0 play 2'\): .*read 2 ways"):
        replay(parse_deal(bad, "amb.toml"))


#: Dealer 0 deals 1, 2, 3, 0 in turn: seat 1 a6 b1 a1, seat 2 c1 c2 d1, seat 3 a2 b2 c3, seat 0
#: d2 d3 b3; the rest of the pack follows in canonical order.
FOLLOW_DECK = ["a6", "c1", "a2", "d2", "b1", "c2", "b2", "d3", "a1", "d1", "c3", "b3"]
FOLLOW_ACTIONS = [
    "0 give d3", "1 bid a6", "2 bid c1", "3 bid c3", "0 bid b3", "1 play b1", "2 play c2",
]  # fmt: skip


def follow_text(actions: list[str]) -> str:
    from tallygame.rules import PACK

    deck = FOLLOW_DECK + [c for c in PACK if c not in FOLLOW_DECK]
    return DealFile(game="tally", deck=deck, dealer=0, actions=actions).to_toml()


def test_illegal_play_names_the_rule_even_at_a_forced_point():
    from tallygame.rules import PACK

    state = TALLY.new_state(deck=FOLLOW_DECK + [c for c in PACK if c not in FOLLOW_DECK], dealer=0)
    for line in FOLLOW_ACTIONS:
        seat, text = line.split(" ", 1)
        assert state.to_act == int(seat)
        state.play_text(text)
    assert state.to_act == 3 and sorted(state.hands[3]) == ["a2", "b2"]
    assert [str(a) for a in state.legal_actions()] == ["play b2"]  # b was led: forced
    with pytest.raises(IllegalActionError, match=r"^seat 3, play: must follow suit b \(rule 4\)$"):
        state.parse_action("play a2")
    with pytest.raises(
        DealFileError, match=r"action 8 of 8 \('3 play a2'\): seat 3, play: must follow suit b"
    ):
        replay(parse_deal(follow_text([*FOLLOW_ACTIONS, "3 play a2"]), "f.toml"))


def test_players_out_are_skipped_for_the_rest_of_the_match():
    for seed in range(12):
        state = TALLY.new_state(seed=seed)
        agents = make_agents(TALLY, ["basic", "random", "random", "basic"])
        out: set[int] = set()
        while not state.is_over:
            if state.at_break:
                state.next_round()
                assert not any(e.kind == "deal" and e.args[0] in out for e in state.events[-4:])
                continue
            assert state.to_act not in out
            before = len(state.events)
            state.apply(decide(state, agents[state.to_act]))
            out |= {int(e.args[0]) for e in state.events[before:] if e.kind == "out"}
        outcome = state.result()
        assert outcome is not None and outcome.winner_is_team
        losers = {s for s in range(4) if team(s) != outcome.winner}
        assert losers <= out, "a match ends when a whole team is out"
        assert outcome.winning_seats() == [s for s in range(4) if team(s) == outcome.winner]


def test_next_active_skips_seats_out():
    assert next_active(1, {0, 1, 3}) == 3
    assert next_active(3, {3}) == 3
    assert next_active(0, {2}, steps=2) == 2
    assert next_active(0, set()) is None


def test_records_point_at_the_events_they_caused():
    state = played(4)
    for record in state.history:
        event = state.events[record.event_index]
        assert event.kind == record.text.split()[0] and event.args[0] == record.seat


def test_tokens_key_is_checked_with_its_line():
    text = deal_text(1, [], "tokens = [0, 2, 0, 2]\n")
    line = text.splitlines().index("tokens = [0, 2, 0, 2]") + 1
    with pytest.raises(DealFileError, match=rf"t.toml, line {line}: 'tokens': team 0 has no seat"):
        parse_deal(text, "t.toml")
    with pytest.raises(DealFileError, match=r"'tokens' must list four whole numbers"):
        parse_deal(deal_text(1, [], 'tokens = [2, "x", 2, 2]\n'), "t.toml")
    state = replay(parse_deal(deal_text(1, [], "tokens = [1, 1, 0, 1]\n"), "t.toml"))
    assert state.tokens == [1, 1, 0, 1]
    assert all(e.args[0] != 2 for e in state.events if e.kind == "deal")


def test_arena_plays_partnerships_in_the_duplicate_format():
    result = run_arena(TALLY, ["basic", "random", "basic", "random"], deals=40, seed=3)
    data = result.to_json()
    assert data["deals"] == 40 and data["duplicate"] is True
    assert sum(data["wins"]) == 2 * (40 - data["draws"])  # both partners of the winners count
    teams = data["teams"]
    assert [t["seats"] for t in teams] == [[0, 2], [1, 3]]
    assert sum(t["wins"] for t in teams) == 40 - data["draws"]
    assert data["even_share"] == 0.5
