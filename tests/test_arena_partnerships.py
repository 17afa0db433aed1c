"""The arena's duplicate format for partnership games (ai.md "Measuring strength": seats 0+2
against 1+3, every deal played twice with the sides swapped on the same deck order) and the
regressions of the arena's faults: a streamed schedule, agent errors (SystemExit, Ctrl-C),
deal seeds that fit TOML, progress only on a terminal.

The partnership game here is a tiny fake, defined below: each seat picks 0 or 1 once; the
deck's seed makes one team lucky (worth 2 points); a team scores its picks plus its luck; the
higher score wins, equal scores draw. Level ``strong`` picks 1, ``weak`` picks 0, so two strong
partners beat luck and one strong partner only ties with it: the winner is decided by the seed
and the levels, and every count below follows from them exactly.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import tomllib
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands.arena import EXIT_PLAYER_ERRORS, show_progress
from cardavia_cli.engine.arena import (
    EVEN_SHARE,
    deal_seed,
    plan,
    run_arena,
    side_of,
    swap_sides,
    wilson,
)
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.engine.game import GameInfo, GameState, Outcome
from cardavia_cli.engine.numbers import parse_int
from cardavia_cli.engine.seats import SEATS, next_seat, partner, team
from cardavia_cli.games.deals import DealFile, parse_deal

runner = CliRunner()
CLI_KEYS = ["game", "deals", "seats", "wins", "win_rate", "ci95", "draws", "deals_per_second"]
LUCK = 2


def lucky_team(seed: int) -> int:
    """The team the deck of ``seed`` favours."""
    return team(next_seat(0, seed))


class DuelState(GameState):
    """Each seat in turn picks 0 or 1; then the game is over (see the module docstring)."""

    game = "duel"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.picks: list[int] = []

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else SEATS[len(self.picks)]

    @property
    def is_over(self) -> bool:
        return len(self.picks) == len(SEATS)

    def legal_actions(self) -> list[Any]:
        return [] if self.is_over else [0, 1]

    def parse_action(self, text: str) -> Any:
        value = parse_int(text)
        if value is None:
            raise InvalidActionError(f"not a pick: {text!r}")
        if value not in self.legal_actions():
            raise IllegalActionError(f"pick 0 or 1, not {value}")
        return value

    def _refusal(self, action: Any) -> str | None:
        return None if action in (0, 1) else f"pick 0 or 1, not {action!r}"

    def _apply(self, action: Any) -> None:
        self.picks.append(action)

    def view(self, seat: int) -> Any:
        return seat

    def zones(self) -> dict[str, list[str]]:
        return {}

    def result(self) -> Outcome | None:
        if not self.is_over:
            return None
        lucky = lucky_team(self.seed)
        score = [
            sum(self.picks[s] for s in SEATS if team(s) == t) + (LUCK if t == lucky else 0)
            for t in (0, 1)
        ]
        if score[0] == score[1]:
            return Outcome("tie", None, "a tie")
        winner = 0 if score[0] > score[1] else 1
        return Outcome("win", winner, f"team {winner} wins", winner_is_team=True)


class Strong:
    name = "strong"

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return max(legal)


class Weak:
    name = "weak"

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return min(legal)


class Exiting:
    name = "exiting"

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        raise SystemExit(3)


class Interrupted:
    name = "interrupted"

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        raise KeyboardInterrupt


def new_duel(seed: int = 0, deck: Any = None, dealer: Any = None, match: Any = None) -> DuelState:
    return DuelState(seed)


DUEL = GameInfo(
    name="duel",
    title="Duel",
    pack=(),
    parse_card=str,
    new_state=new_duel,
    agents={
        "strong": Strong,
        "weak": Weak,
        "basic": Strong,
        "exiting": Exiting,
        "interrupted": Interrupted,
    },
    has_dealer=False,
    partnerships=True,
)


def pick_of(level: str) -> int:
    return 1 if level in ("strong", "basic") else 0


def oracle_winner(seed: int, levels: list[str]) -> int | None:
    """The winning team of one deal, straight from the fake game's rule."""
    lucky = lucky_team(seed)
    score = [
        sum(pick_of(levels[s]) for s in SEATS if team(s) == t) + (LUCK if t == lucky else 0)
        for t in (0, 1)
    ]
    if score[0] == score[1]:
        return None
    return 0 if score[0] > score[1] else 1


@pytest.fixture
def duel_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardavia arena duel`` plays the fake game (the command loads games by name)."""
    import cardavia_cli.games as games

    real = games.load_game
    monkeypatch.setattr(games, "load_game", lambda name: DUEL if name == "duel" else real(name))


def arena(*args: str):
    return runner.invoke(app, ["arena", *args])


# -- swapping the sides ------------------------------------------------------------------------


def test_swap_sides_exchanges_the_team_levels():
    assert swap_sides(["A", "B", "C", "D"]) == ["B", "A", "D", "C"]
    swapped = swap_sides(["A", "B", "C", "D"])
    # the levels of team 0 (seats 0+2) now play team 1's seats, partners still opposite
    assert [swapped[s] for s in SEATS if team(s) == 1] == ["A", "C"]
    assert [swapped[s] for s in SEATS if team(s) == 0] == ["B", "D"]
    assert swapped[partner(1)] == "C" and swapped[partner(0)] == "D"


@given(st.lists(st.sampled_from("ABCDE"), min_size=4, max_size=4))
def test_swapping_twice_restores_the_seats_and_side_of_follows(levels: list[str]):
    assert swap_sides(swap_sides(levels)) == levels
    swapped = swap_sides(levels)
    for s in SEATS:
        # the level at seat s of the swapped deal is listed at a seat of side side_of(s, True)
        listed = [t for t in SEATS if levels[t] == swapped[s] and team(t) == side_of(s, True)]
        assert listed
        assert side_of(s, False) == team(s)
        assert side_of(s, True) != team(s)


# -- the duplicate schedule ----------------------------------------------------------------------


def test_duplicate_schedule_plays_every_deck_twice_with_the_sides_swapped():
    seats = ["strong", "weak", "strong", "weak"]
    schedule = list(plan(seats, 6, rotate=False, partnerships=True))
    assert [item.deck for item in schedule] == [0, 0, 1, 1, 2, 2]
    assert [item.swapped for item in schedule] == [False, True] * 3
    assert [item.levels for item in schedule[:2]] == [seats, ["weak", "strong", "weak", "strong"]]


def test_duplicate_schedule_refusals_and_identical_sides():
    seats = ["strong", "weak", "strong", "weak"]
    with pytest.raises(ValueError, match="multiple of 2"):
        plan(seats, 5, rotate=False, partnerships=True)
    with pytest.raises(ValueError, match="--rotate is for solo games"):
        plan(seats, 4, rotate=True, partnerships=True)
    # sides that are the same levels seat by seat: exchanging them replays the same game
    same = ["strong", "strong", "weak", "weak"]
    assert swap_sides(same) == same
    assert list(plan(same, 3, rotate=False, partnerships=True)) == [
        (i, same, False) for i in range(3)
    ]


# -- the totals ----------------------------------------------------------------------------------


def test_strong_side_wins_every_deck_once_and_ties_the_other_game():
    decks, seed = 10, 4
    result = run_arena(DUEL, ["strong", "weak", "strong", "weak"], deals=2 * decks, seed=seed)
    lucky = [lucky_team(deal_seed(seed, j)) for j in range(decks)]
    team0 = lucky.count(0)
    assert result.duplicate is True and result.rotate is False
    assert result.deals == 2 * decks
    assert result.draws == decks  # the strong side unlucky: 2 against 2
    assert [(s.wins, s.decided) for s in result.sides] == [(decks, decks), (0, decks)]
    assert [(t.wins, t.decided) for t in result.teams] == [(team0, decks), (decks - team0, decks)]
    assert result.wins == [team0, decks - team0, team0, decks - team0]
    levels = {lv.level: (lv.seat_deals, lv.wins) for lv in result.levels.values()}
    assert levels == {"strong": (4 * decks, 2 * decks), "weak": (4 * decks, 0)}
    assert result.sides[0].win_rate == 1.0
    assert result.sides[1].ci95 == wilson(0, decks)


def test_duplicate_cancels_the_luck_of_the_deal():
    # equally strong sides: the lucky team wins every game, and each side is lucky once a deck
    decks = 9
    result = run_arena(DUEL, ["strong", "weak", "weak", "strong"], deals=2 * decks, seed=1)
    assert result.draws == 0
    assert [s.wins for s in result.sides] == [decks, decks]
    assert [s.win_rate for s in result.sides] == [EVEN_SHARE, EVEN_SHARE]
    assert result.sides[0].ci95 == wilson(decks, 2 * decks)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    decks=st.integers(1, 6),
    levels=st.lists(st.sampled_from(["strong", "weak"]), min_size=4, max_size=4),
)
def test_team_and_side_totals_match_an_oracle(seed: int, decks: int, levels: list[str]):
    swapped_levels = swap_sides(levels)
    duplicate = swapped_levels != levels
    deals = 2 * decks if duplicate else decks
    result = run_arena(DUEL, levels, deals=deals, seed=seed)
    team_wins, side_wins, draws = [0, 0], [0, 0], 0
    for j in range(decks):
        plays = [(levels, False), (swapped_levels, True)] if duplicate else [(levels, False)]
        for played, swapped in plays:
            winner = oracle_winner(deal_seed(seed, j), played)
            if winner is None:
                draws += 1
                continue
            team_wins[winner] += 1
            seat = next(s for s in SEATS if team(s) == winner)
            side_wins[side_of(seat, swapped)] += 1
    assert result.duplicate is duplicate
    assert result.deals == deals and result.draws == draws
    assert [t.wins for t in result.teams] == team_wins
    assert [s.wins for s in result.sides] == side_wins
    assert all(t.decided == deals - draws for t in (*result.teams, *result.sides))
    assert sum(result.wins) == 2 * (deals - draws)  # both partners credited


# -- the command ---------------------------------------------------------------------------------


def test_partnership_json_keeps_the_cli_keys_first(duel_cli: None):
    done = arena(
        "duel", "--deals", "8", "--seed", "2", "--seats", "strong,weak,strong,weak", "--json"
    )
    assert done.exit_code == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data)[: len(CLI_KEYS)] == CLI_KEYS
    assert list(data)[-3:] == ["teams", "sides", "even_share"]
    assert data["even_share"] == 0.5
    assert data["duplicate"] is True and data["decks"] == 4 and data["draws"] == 4
    assert [t["seats"] for t in data["teams"]] == [[0, 2], [1, 3]]
    assert [s["levels"] for s in data["sides"]] == [["strong", "strong"], ["weak", "weak"]]
    assert [(s["wins"], s["decided"], s["win_rate"]) for s in data["sides"]] == [
        (4, 4, 1.0),
        (0, 4, 0.0),
    ]
    for entry in (*data["teams"], *data["sides"]):
        assert entry["ci95"] == pytest.approx(list(wilson(entry["wins"], entry["decided"])))


def test_partnership_human_output(duel_cli: None):
    done = arena("duel", "--deals", "4", "--seats", "strong,weak,strong,weak")
    assert done.exit_code == 0
    out = done.stdout
    assert "2 decks x 2 (duplicate: sides exchanged)" in out
    assert "team 0 (seats 0 + 2)" in out and "side 1 (weak + weak)" in out
    assert "strong / weak" in out  # seat 0: strong, then weak once the sides are exchanged
    assert "an even share is 50.0% of the decided deals" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--deals", "5"], "multiple of 2"),
        (["--deals", "4", "--rotate"], "--rotate is for solo games"),
    ],
)
def test_partnership_bad_counts_exit_2(duel_cli: None, args: list[str], needle: str):
    done = arena("duel", "--seats", "strong,weak,strong,weak", *args, "--json")
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and needle in done.stderr


def test_solo_json_has_no_team_totals():
    done = arena("sisepai", "--deals", "2", "--json")
    data = json.loads(done.stdout)
    assert "teams" not in data and "sides" not in data and data["duplicate"] is False


def test_help_says_duplicate_even_share_and_exit_status():
    text = " ".join(arena("--help").stdout.split())
    for words in ("duplicate format", "an even share is 50%", "Exit status", "130"):
        assert words in text


# -- regressions ---------------------------------------------------------------------------------


def _peak_bytes(fn: Any) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    ("seats", "rotate", "partnerships", "decks"),
    [
        (["basic"] * 4, False, False, [0, 1, 2, 3, 4, 5, 6, 7]),
        (["basic", "random", "random", "random"], True, False, [0, 0, 0, 0, 1, 1, 1, 1]),
        (["strong", "weak", "strong", "weak"], False, True, [0, 0, 1, 1, 2, 2, 3, 3]),
    ],
)
def test_regression_schedule_is_streamed_not_built(
    seats: list[str], rotate: bool, partnerships: bool, decks: list[int]
) -> None:
    # 30 million deals once built a list of 30 million entries before the first deal
    first: list[Any] = []

    def start() -> None:
        schedule = plan(seats, 1_000_000, rotate, partnerships)
        assert isinstance(schedule, Iterator)
        first.extend(itertools.islice(schedule, 8))

    assert _peak_bytes(start) < 100_000
    assert [item.deck for item in first] == decks
    assert isinstance(plan(seats, 30_000_000, rotate, partnerships), Iterator)


def test_regression_a_long_arena_run_starts_in_constant_memory():
    class Enough(Exception):
        pass

    def stop_after_three(done: int, total: int) -> None:
        assert total == 1_000_000
        if done == 3:
            raise Enough

    def start() -> None:
        with pytest.raises(Enough):
            run_arena(
                DUEL,
                ["strong", "weak", "strong", "weak"],
                deals=1_000_000,
                progress=stop_after_three,
            )

    assert _peak_bytes(start) < 1_000_000


def test_regression_deal_seeds_fit_toml_integers():
    # seeds reached 2**64 - 1; TOML integers are signed 64-bit, so a replay file failed to load
    seeds = [deal_seed(s, i) for s in (0, 1, 99) for i in range(2000)]
    assert all(0 <= x < 2**63 for x in seeds)
    assert max(seeds) >= 2**62  # the range is used, not collapsed
    biggest = max(seeds)
    text = DealFile(game="sisepai", seed=biggest).to_toml()
    assert tomllib.loads(text)["seed"] == biggest
    assert parse_deal(text, "replay.toml").seed == biggest


@given(seed=st.integers(0, 2**70), index=st.integers(0, 2**40))
def test_deal_seed_is_the_documented_hash(seed: int, index: int):
    digest = hashlib.sha256(f"cardavia-arena:{seed}:{index}".encode()).digest()
    value = deal_seed(seed, index)
    assert value == int.from_bytes(digest[:8], "big") // 2
    assert 0 <= value <= 2**63 - 1


def test_regression_system_exit_from_a_computer_player_is_an_agent_error():
    result = run_arena(DUEL, ["exiting", "weak", "strong", "weak"], deals=6, seed=5)
    # seat 0 decides once a game, twice a deck: each decision failed, basic (strong) stood in
    assert result.deals == 6
    assert result.agent_errors == len(result.error_messages) == 6
    assert all("SystemExit" in line for line in result.error_messages)


def test_regression_agent_errors_are_reported_with_exit_1(duel_cli: None):
    for extra in (["--json"], []):
        done = arena("duel", "--deals", "4", "--seats", "exiting,weak,strong,weak", *extra)
        assert done.exit_code == EXIT_PLAYER_ERRORS == 1
        assert done.stderr.count("\n") == 1
        assert "4 computer player errors" in done.stderr
        if extra:
            assert json.loads(done.stdout)["agent_errors"] == 4
        else:
            assert "computer player errors: 4" in done.stdout


def test_regression_ctrl_c_in_a_computer_player_stops_the_arena_with_130(duel_cli: None):
    done = arena("duel", "--deals", "4", "--seats", "interrupted,weak,strong,weak", "--json")
    assert done.exit_code == 130
    assert done.stdout == ""


def test_regression_progress_whenever_stderr_is_a_terminal():
    """``arena ... --json > run.json`` on a terminal showed no progress for a long run: the
    bar is shown whenever standard error is a terminal, whatever the output is."""
    assert show_progress(as_json=True, stdout_terminal=False, stderr_terminal=True)
    for args in itertools.product([False, True], repeat=3):
        as_json, out_tty, err_tty = args
        assert show_progress(as_json, out_tty, err_tty) == err_tty
    # the CLI runner is no terminal: nothing on stderr
    done = arena("sisepai", "--deals", "2")
    assert done.exit_code == 0 and done.stderr == ""
