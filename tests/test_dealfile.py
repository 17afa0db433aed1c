"""Deal files and saves (cli.md, "Deal files, saves and replays"): every way a file can be wrong
names its place; forced answers may be listed or omitted; writing is atomic; files round-trip.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conformance import snapshot as state_snapshot
from sisepai_support import build_deck, snapshot

from cardavia_cli.engine import dealfile
from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.dealfile import write_atomic
from cardavia_cli.engine.errors import CardaviaError, DealFileError
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import (
    DEFAULT_SEATS,
    DealFile,
    load_deal,
    new_game_state,
    parse_deal,
    read_text,
    replay,
    save_atomic,
)
from cardavia_cli.games.sisepai.cards import CODES, PACK

HEAD = 'format = 1\ngame = "sisepai"\n'


def toml_list(items) -> str:
    return "[" + ", ".join(f'"{x}"' for x in items) + "]"


def deal_text(deck=None, dealer=None, seats=None, actions=None, extra="") -> str:
    text = HEAD
    if deck is not None:
        text += f"deck = {toml_list(deck)}\n"
    if dealer is not None:
        text += f"dealer = {dealer}\n"
    if seats is None and actions is not None:
        seats = DEFAULT_SEATS  # a file with actions lists its seats (cli.md)
    if seats is not None:
        text += f"seats = {toml_list(seats)}\n"
    if actions is not None:
        text += f"actions = {toml_list(actions)}\n"
    return text + extra


def error_of(text: str, where: str = "game.toml") -> str:
    with pytest.raises(DealFileError) as info:
        replay(parse_deal(text, where), where)
    message = str(info.value)
    assert "\n" not in message
    assert re.match(rf"{re.escape(where)}(, line [0-9]+)?: ", message), message
    assert isinstance(info.value, CardaviaError)
    return message


# ---------------------------------------------------------------- reading


def test_minimal_file_and_defaults():
    df = parse_deal(HEAD, "x.toml")
    assert (df.game, df.seed, df.deck, df.dealer, df.actions, df.match) == (
        "sisepai",
        0,
        None,
        None,
        [],
        {},
    )
    assert df.seats == ["human", "basic", "basic", "basic"]
    state = replay(df)
    assert state.phase == "claim" and state.stock_count == 36


def test_malformed_toml_names_the_line():
    message = error_of(HEAD + 'seed = 3\nseats = ["human", \n\ndealer = = 2\n')
    assert "malformed TOML" in message
    assert "line 6" in message


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("colour = 3\n", r"unknown key 'colour' for sisepai"),
        ("lives = [3, 3, 3, 3]\n", r"unknown key 'lives'"),
        ('seed = "seven"\n', r"'seed' must be a whole number, not \"seven\""),
        ("seed = 1.5\n", r"'seed' must be a whole number"),
        ("dealer = 4\n", r"'dealer' must be a seat 0\.\.3, not 4"),
        ("dealer = -1\n", r"'dealer' must be a seat 0\.\.3, not -1"),
        ('dealer = "0"\n', r"'dealer' must be a whole number"),
        ("dealer = true\n", r"'dealer' must be a whole number"),
        (
            'seats = ["human", "basic", "human", "basic"]\n',
            r"seats\[2\]: 'human' may only sit at seat 0",
        ),
        (
            'seats = ["basic", "expert", "basic", "basic"]\n',
            r"seats\[1\]: unknown seat kind 'expert'",
        ),
        ('seats = ["basic", "basic", "basic"]\n', r"'seats' must list four seat kinds"),
        ('actions = "0 pass"\n', r"'actions' must be a list"),
        ('actions = ["pass"]\n', r"action 1 of 1 \('pass'\): write \"SEAT COMMAND\""),
        (
            'actions = ["0 pass", "4 pass"]\n',
            r"action 2 of 2 \('4 pass'\): 4 is not a seat: the seats are 0 to 3",
        ),
        ('actions = ["-1 pass"]\n', r"action 1 of 1 \('-1 pass'\): -1 is not a seat"),
        ('actions = ["0 pass", "1 pass", "2"]\n', r"action 3 of 3 \('2'\)"),
        ('actions = ["x claim rK"]\n', r"action 1 of 1 \('x claim rK'\)"),
        ("actions = [3]\n", r"action 1 of 1 must be a string"),
        ('deck = "rK rK"\n', r"'deck' must be a list of cards"),
    ],
)
def test_bad_values_name_the_place(extra, expected):
    assert pytest.raises(DealFileError, parse_deal, HEAD + extra, "game.toml").match(expected)
    assert error_of(HEAD + extra).startswith("game.toml")


@pytest.mark.parametrize(
    "ledger, expected",
    [
        (
            "ledger = 3\n",
            r"line 6: 'ledger' must be a table of counts, e\.g\. ledger = \{ auto = 2 \}, not 3",
        ),
        ("ledger = { mine = 1 }\n", r"ledger\.mine: no such count \(the counts: auto, given\)"),
        ("ledger = { auto = -1 }\n", r"ledger\.auto must be a whole number 0 or more, not -1"),
        ("ledger = { auto = true }\n", r"ledger\.auto must be a whole number 0 or more, not true"),
        (
            'ledger = { given = "1" }\n',
            r"ledger\.given must be a whole number 0 or more, not \"1\"",
        ),
        (
            "ledger = { auto = 1, given = 1 }\n",
            r"the ledger counts 2 decisions of seat 0, more than its actions hold \(1\)",
        ),
    ],
)
def test_a_bad_ledger_table_names_its_line(ledger, expected):
    text = deal_text(actions=["0 pass", "1 pass"], extra="seed = 1\n" + ledger)
    assert pytest.raises(DealFileError, parse_deal, text, "game.toml").match(expected)


def test_the_ledger_table_round_trips_and_a_count_of_0_is_left_out():
    text = deal_text(
        actions=["0 pass", "1 pass", "0 pass"], extra="seed = 1\nledger = { auto = 1, given = 1 }\n"
    )
    deal = parse_deal(text, "game.toml")
    assert deal.ledger == {"auto": 1, "given": 1}
    assert parse_deal(deal.to_toml(), "again.toml") == deal
    deal.ledger = {"auto": 0, "given": 2}
    assert "[ledger]\ngiven = 2\n" in deal.to_toml()
    deal.ledger = {"auto": 0}
    assert "ledger" not in deal.to_toml()
    assert parse_deal(deal_text(actions=["0 pass"], extra="seed = 1\n"), "g.toml").ledger == {}


def test_unknown_or_missing_game_and_format():
    with pytest.raises(
        DealFileError, match=r"p.toml, line 2: 'game': unknown game 'poker' \(known: .*sisepai"
    ):
        parse_deal('format = 1\ngame = "poker"\n', "p.toml")
    with pytest.raises(DealFileError, match="missing key 'game'"):
        parse_deal("format = 1\n", "p.toml")
    with pytest.raises(DealFileError, match="'format' must be 1, not 2"):
        parse_deal('format = 2\ngame = "sisepai"\n', "p.toml")


def test_deck_with_wrong_count():
    message = error_of(deal_text(deck=PACK[:-1]))
    assert "deck is not the pack" in message and "116 cards, the pack has 117" in message
    message = error_of(deal_text(deck=[*PACK, "F"]))
    assert "118 cards" in message and "F x6 (the pack has 5)" in message


def test_deck_with_a_fifth_copy():
    deck = list(PACK)
    deck[10] = "rK"  # an rE becomes a fifth rK
    message = error_of(deal_text(deck=deck))
    assert "rK x5 (the pack has 4)" in message
    assert "rE x3 (the pack has 4)" in message
    assert "cards, the pack has" not in message


def test_deck_with_an_unknown_card_at_index():
    deck = list(PACK)
    deck[57] = "zK"
    assert "deck[57]: unknown card 'zK'" in error_of(deal_text(deck=deck))
    deck[57] = 7
    text = (
        HEAD
        + "deck = ["
        + ", ".join(f'"{c}"' if isinstance(c, str) else str(c) for c in deck)
        + "]\n"
    )
    assert "deck[57] must be a card text, not 7" in error_of(text)


def test_deck_accepts_any_notation_and_stores_canonical_codes():
    deck = ["red-general" if c == "rK" else c.lower() for c in PACK]
    df = parse_deal(deal_text(deck=deck, dealer=2))
    assert df.deck == list(PACK)
    assert new_game_state(df).dealer == 2


# ---------------------------------------------------------------- replaying actions

# A deal where seat 2 draws wP from the canonical pack and every hand wins with it (rules E13).
E13 = {"deck": list(PACK), "dealer": 2}


def test_illegal_recorded_action_names_its_index():
    message = error_of(deal_text(**E13, actions=["2 pass", "3 claim rK rA"]))
    assert "action 2 of 2 ('3 claim rK rA')" in message
    assert "not a meld" in message or "not in the concealed hand" in message


def test_invalid_action_text_names_its_index():
    message = error_of(deal_text(**E13, actions=["2 fly"]))
    assert "action 1 of 1 ('2 fly')" in message and "unknown action 'fly'" in message


# Every message that names an action counts as people do, from 1: the second of two is
# "action 2 of 2" whether its text is malformed, not text at all, or illegal (the first two
# said actions[1], counting from 0, while the third said action 2 of 2).
@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (
            '["2 pass", "x"]',
            'game.toml: action 2 of 2 (\'x\'): write "SEAT COMMAND", e.g. "1 pass"',
        ),
        ('["2 pass", 3]', "game.toml: action 2 of 2 must be a string, not 3"),
        (
            '["2 pass", "0 pass"]',
            "game.toml: action 2 of 2 ('0 pass'): seat 3 is to act (claim), not seat 0",
        ),
    ],
)
def test_regression_every_action_message_counts_from_1(actions: str, message: str):
    text = deal_text(**E13, seats=DEFAULT_SEATS, extra=f"actions = {actions}\n")
    assert error_of(text) == message


def test_regression_a_save_names_its_bad_action_from_1_on_the_command_line(tmp_path: Path):
    from cli_support import run_cardavia

    path = tmp_path / "save.toml"
    path.write_text(deal_text(**E13, actions=["2 pass", "3 claim"]), encoding="utf-8")
    for command in (["run", str(path)], ["resume", str(path)], ["review", str(path)]):
        done = run_cardavia(*command, home=tmp_path / "home")
        assert done.returncode == 2
        assert done.stderr.startswith(f"cardavia: error: {path}: action 2 of 2 ('3 claim'): ")


def test_action_by_the_wrong_seat():
    message = error_of(deal_text(**E13, actions=["2 pass", "0 pass"]))
    assert "action 2 of 2 ('0 pass'): seat 3 is to act (claim), not seat 0" in message


def test_illegal_line_at_a_forced_point_names_the_rule_not_the_seat():
    # issue 5: with seed 7, seat 2 was to act (a forced pass) and "2 win" is not legal there;
    # the refusal said "seat 3 is to act, not seat 2".
    message = error_of(deal_text(extra='seed = 7\nactions = ["2 win"]\n', seats=DEFAULT_SEATS))
    assert "action 1 of 1 ('2 win'): seat 2, claim round on" in message
    assert "no winning claim" in message
    assert "seat 3 is to act" not in message


def test_action_after_the_end():
    lines = ["2 claim rP yP", "3 pass", "0 pass", "1 pass", "2 pass"]
    message = error_of(deal_text(**E13, actions=lines))
    assert "action 5 of 5 ('2 pass'): the game is already over" in message


def test_replayed_win():
    state = replay(
        parse_deal(deal_text(**E13, actions=["2 claim rP yP", "3 pass", "0 pass", "1 pass"]))
    )
    assert state.result().winner == 2 and state.result().data["score"] == 7
    # the alias 'win' is accepted in a file too and means the same claim
    again = replay(parse_deal(deal_text(**E13, actions=["2 win", "3 pass", "0 pass", "1 pass"])))
    assert snapshot(again)[:3] == snapshot(state)[:3]


def _flower_deck():
    """Seat 0 (dealer) draws a flower: its claim is forced; nobody else can claim it."""
    return build_deck(0, {0: "rK gA wC wC"}, stock="F rE", avoid="F wC")


def test_forced_answer_may_be_listed_or_omitted():
    deck = _flower_deck()
    omitted = replay(parse_deal(deal_text(deck=deck, dealer=0, actions=["0 discard wC"])))
    listed = replay(
        parse_deal(
            deal_text(
                deck=deck,
                dealer=0,
                actions=["0 claim", "1 pass", "2 pass", "3 pass", "0 discard wC"],
            )
        )
    )
    partly = replay(parse_deal(deal_text(deck=deck, dealer=0, actions=["0 claim", "0 discard wC"])))
    assert snapshot(omitted) == snapshot(listed) == snapshot(partly)
    assert [str(m) for m in omitted.exposed[0]] == ["F"]
    assert "discard 0 wC" in [e.text for e in omitted.events]
    assert omitted.recorded_actions() == ["0 discard wC"]


def test_a_different_answer_to_a_forced_point_is_an_error():
    deck = _flower_deck()
    message = error_of(deal_text(deck=deck, dealer=0, actions=["0 pass", "0 discard wC"]))
    assert "action 1 of 2 ('0 pass')" in message and "must discard" in message


def test_regression_forced_pass_before_an_equal_decision():
    # Seat 1 draws wA: nobody can claim it, so seat 0 passes twice by force. Seat 2 then draws
    # rR, which seat 0 may claim (it holds rR rR): its pass there is a real decision, the only
    # real decision. The save lists the two forced passes before it too (a replay would read
    # a lone "0 pass" as the first forced answer), and replaying it reproduces the game.
    deck = build_deck(1, {0: "rR rR"}, stock="wA rR", avoid="wA wK wE rR")
    state = replay(parse_deal(deal_text(deck=deck, dealer=1)))
    assert state.to_act == 0 and state.public == CODES.index("rR") and state.legal_actions()[1:]
    state.play_text("pass")
    dealfile.apply_forced(state)
    assert state.recorded_actions() == ["0 pass", "0 pass", "0 pass"]
    again = replay(parse_deal(deal_text(deck=deck, dealer=1, actions=state.recorded_actions())))
    assert snapshot(again) == snapshot(state)


def test_listing_the_forced_pass_disambiguates():
    deck = build_deck(1, {0: "rR rR"}, stock="wA rR", avoid="wA wK wE rR")
    state = replay(
        parse_deal(deal_text(deck=deck, dealer=1, actions=["0 pass", "0 pass", "0 pass"]))
    )
    assert state.dead[:1] == [CODES.index("wA")] and state.public == CODES.index("rR")
    assert [r.forced for r in state.history if r.seat == 0] == [True, True, False]


# ---------------------------------------------------------------- files on disk


def test_load_deal_names_the_file(tmp_path):
    missing = tmp_path / "nope.toml"
    with pytest.raises(DealFileError, match=r"nope\.toml: no such file"):
        load_deal(missing)
    with pytest.raises(DealFileError, match="is a directory"):
        read_text(tmp_path)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b'game = "sisepai"\n\xff\xfe')
    with pytest.raises(DealFileError, match=r"bin\.toml: not UTF-8 text"):
        load_deal(binary)
    bad = tmp_path / "bad.toml"
    bad.write_text(HEAD + "dealer = 9\n")
    with pytest.raises(DealFileError, match=r"^.*bad\.toml, line 3: 'dealer' must be a seat"):
        load_deal(bad)


def test_round_trip_to_toml_and_back(tmp_path):
    df = DealFile(
        game="sisepai",
        seed=42,
        deck=list(PACK),
        dealer=3,
        seats=["random", "basic", "random", "basic"],
        actions=["3 pass", "0 pass"],
    )
    text = df.to_toml()
    assert text.index("format") < text.index("game") < text.index("seed") < text.index("deck")
    back = parse_deal(text, "t.toml")
    assert back == df
    path = save_atomic(tmp_path / "t.toml", df)
    assert path.read_text("utf-8") == text
    assert load_deal(path) == df


def test_save_atomic_keeps_the_old_file_when_the_rename_fails(tmp_path, monkeypatch):
    path = tmp_path / "save.toml"
    old = DealFile(game="sisepai", seed=1, actions=["0 pass"])
    save_atomic(path, old)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_atomic(path, DealFile(game="sisepai", seed=2))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.toml"]


def test_save_atomic_keeps_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    path = tmp_path / "save.toml"
    save_atomic(path, DealFile(game="sisepai", seed=1))
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class Failing:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()
            return False

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Failing(real_fdopen(fd, *a, **k)))
    with pytest.raises(OSError, match="Input/output"):
        save_atomic(path, DealFile(game="sisepai", seed=2, actions=["0 pass"] * 50))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.toml"]


def test_save_creates_no_folder(tmp_path):
    # Saves go only where a folder exists (the REPL creates the saves folder itself).
    with pytest.raises(FileNotFoundError):
        save_atomic(tmp_path / "a" / "b" / "new.toml", DealFile(game="sisepai"))
    assert not (tmp_path / "a").exists()
    path = save_atomic(tmp_path / "new.toml", DealFile(game="sisepai"))
    assert parse_deal(Path(path).read_text("utf-8")).seed == 0


def test_write_atomic_writes_text_and_keeps_the_old_file_when_the_rename_fails(
    tmp_path, monkeypatch
):
    path = tmp_path / "out.csv"
    assert write_atomic(path, "a,b\n1,2\n") == path
    assert path.read_text("utf-8") == "a,b\n1,2\n"

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, "other")
    assert path.read_text("utf-8") == "a,b\n1,2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_regression_write_atomic_names_the_file_written_never_its_temporary(tmp_path):
    """A target that is a folder failed naming ``.settings.toml.XXXXXXXX.tmp``, a file the
    user never heard of; the error names the target, and no temporary is left."""
    folder = tmp_path / "settings.toml"
    folder.mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        write_atomic(folder, "x")
    assert caught.value.filename == str(folder)
    assert str(caught.value) == f"[Errno 21] Is a directory: '{folder}'"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]
    missing = tmp_path / "no" / "such.toml"
    with pytest.raises(FileNotFoundError) as caught_missing:
        write_atomic(missing, "x")  # the temporary file cannot be made: its folder is missing
    assert caught_missing.value.filename == str(missing)


# -- DealFile built from a header and a state ---------------------------------------------------
TALLY_SEATS = ["human", "random", "basic", "random"]


def tally_header() -> DealFile:
    """A Tally deal with every kind of key: a given deck, a dealer, a match key, and actions
    that a save of a state must not keep."""
    return DealFile(
        game="tally",
        seed=9,
        deck=list(reversed(load_game("tally").pack)),
        dealer=2,
        seats=list(TALLY_SEATS),
        actions=["1 give b1"],
        match={"tokens": [3, 1, 2, 4]},
    )


def play_some(state, steps: int, levels=("random", "random", "random", "random")):
    """Let computer players decide ``steps`` times, then on to the first point where a save
    replays to the same state: a real decision pending, a break, or the end."""
    info = load_game(state.game)
    agents = make_agents(info, list(levels))
    taken = 0
    while not state.is_over:
        if taken >= steps and (state.at_break or state.forced_action() is None):
            break
        if state.at_break:
            state.next_round()
            continue
        state.apply(decide(state, agents[state.to_act]))
        taken += 1
    return state


def test_with_actions_copies_every_key_and_shares_no_list():
    header = parse_deal(
        deal_text(deck=list(PACK), dealer=3, seats=["human", "random", "basic", "random"],
                  actions=["3 pass"]),
        "h.toml",
    )  # fmt: skip
    copy = header.with_actions(["3 pass", "0 pass"])
    assert copy == DealFile(
        game="sisepai",
        seed=0,
        deck=list(PACK),
        dealer=3,
        seats=["human", "random", "basic", "random"],
        actions=["3 pass", "0 pass"],
        match={},
        format=1,
    )
    assert copy.where is None and header.where == "h.toml"
    copy.deck.reverse()
    copy.seats[1] = "basic"
    copy.actions.append("1 pass")
    assert header.deck == list(PACK)
    assert header.seats == ["human", "random", "basic", "random"]
    assert header.actions == ["3 pass"]
    other = header.with_actions([], seats=("human", "basic", "basic", "basic"))
    assert other.seats == ["human", "basic", "basic", "basic"] and other.actions == []
    assert (other.deck, other.dealer, other.seed) == (list(PACK), 3, 0)


def test_from_state_takes_the_headers_keys_and_the_states_decisions():
    header = tally_header()
    state = play_some(new_game_state(header), 30)
    lines = state.recorded_actions()
    assert len(state.history) >= 30
    saved = DealFile.from_state(state, header)
    assert saved == DealFile(
        game="tally",
        seed=9,
        deck=list(reversed(load_game("tally").pack)),
        dealer=2,
        seats=TALLY_SEATS,
        actions=lines,
        match={"tokens": [3, 1, 2, 4]},
        format=1,
    )
    # the save is a copy: changing it changes neither the header nor the state's history
    saved.match["tokens"][0] = 99
    saved.actions.clear()
    assert header.match == {"tokens": [3, 1, 2, 4]}
    assert header.actions == ["1 give b1"]
    assert state.recorded_actions() == lines
    seats = ["human", "basic", "basic", "basic"]
    assert DealFile.from_state(state, header, seats=seats).seats == seats


def test_from_state_of_a_new_deal_holds_no_actions():
    header = DealFile(game="sisepai", seed=4, actions=["0 pass"])
    saved = DealFile.from_state(new_game_state(header), header)
    assert saved == DealFile(game="sisepai", seed=4)
    assert saved.actions == []


def test_from_state_refuses_a_state_of_another_game():
    state = new_game_state(DealFile(game="sisepai", seed=1))
    with pytest.raises(ValueError, match="a sisepai state cannot be saved as a tally deal"):
        DealFile.from_state(state, DealFile(game="tally", seed=1))


@pytest.mark.parametrize("steps", [0, 1, 7, 40, 10_000])
def test_a_state_saved_with_from_state_replays_to_the_identical_state(tmp_path, steps):
    header = tally_header()
    state = play_some(new_game_state(header), steps)
    path = save_atomic(tmp_path / "s.toml", DealFile.from_state(state, header))
    again = replay(load_deal(path))
    assert state_snapshot(again) == state_snapshot(state)
    assert again.recorded_actions() == state.recorded_actions()
    if steps == 10_000:
        assert state.is_over and again.is_over


@pytest.mark.parametrize("seed", [3, 11])
def test_a_sisepai_deal_saved_with_from_state_replays_identically(seed):
    header = DealFile(game="sisepai", seed=seed, seats=["human", "basic", "basic", "basic"])
    state = play_some(new_game_state(header), 25, levels=["basic"] * 4)
    text = DealFile.from_state(state, header).to_toml()
    again = replay(parse_deal(text, "s.toml"))
    assert snapshot(again) == snapshot(state)
    assert state_snapshot(again) == state_snapshot(state)


# -- hand-edited files: missing keys, nesting, killed writes -------------------------------------
SEATS_LINE = 'seats = ["human", "basic", "basic", "basic"]\n'


def test_regression_a_file_with_actions_but_no_seed_or_deck_names_the_missing_seed():
    # It replayed silently with seed 0 and failed at action 1 with "seat 3 is to act".
    message = error_of(HEAD + SEATS_LINE + 'actions = ["0 pass"]\n')
    assert message == (
        "game.toml: missing key 'seed': a file with actions must give 'seed' or 'deck' "
        "(the deal they were played on)"
    )


def test_regression_a_file_with_actions_but_no_seats_names_the_missing_seats():
    # It loaded with the default seats, saying nothing.
    message = error_of(HEAD + 'seed = 3\nactions = ["0 pass"]\n')
    assert message == (
        "game.toml: missing key 'seats': a file with actions must list the four seats they "
        'were played by, e.g. seats = ["human", "basic", "basic", "basic"]'
    )


def test_a_file_without_actions_may_leave_out_seed_and_seats_and_a_deck_stands_for_the_seed():
    for text in (HEAD, HEAD + "actions = []\n"):
        df = parse_deal(text, "x.toml")
        assert (df.seed, df.seats, df.actions) == (0, list(DEFAULT_SEATS), [])
    df = parse_deal(deal_text(**E13, actions=["2 pass"]))
    assert (df.seed, df.deck, df.actions) == (0, list(PACK), ["2 pass"])


NESTED = [
    "[" * 500 + "]" * 500,
    "{a = " * 500 + "1" + "}" * 500,
    "[" * 17 + "]" * 17,
    "[" + "{a = [" * 8 + "]}" * 8 + "]",
]


@pytest.mark.parametrize("value", NESTED)
def test_regression_deeply_nested_toml_is_one_line_not_a_recursion_error(value: str):
    assert error_of(HEAD + f"x = {value}\n") == (
        "game.toml: arrays or tables nested more than 16 deep: not a deal file"
    )


def test_regression_deeply_nested_tables_by_dotted_keys_are_refused_too():
    for text in (HEAD + "a." * 500 + "b = 1\n", HEAD + "[" + "a." * 500 + "b]\n"):
        assert error_of(text) == (
            "game.toml: arrays or tables nested more than 16 deep: not a deal file"
        )


def test_nesting_up_to_the_limit_is_read_and_judged_by_its_keys():
    text = HEAD + "x = " + "[" * 15 + "]" * 15 + "\n"
    line = text.count("\n")
    assert error_of(text).startswith(f"game.toml, line {line}: unknown key 'x' for sisepai")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('format = 2\ngame = "sisepai"\n', 1),
        ('game = "sisepai"\nseed = 1\n\nfoo = 1\n', 4),
        ('game = "sisepai"\ndeck = "rK"\n', 2),
        ('game = "sisepai"\nseed = 1\ndeck = ["rK", "zz"]\n', 3),
    ],
)
def test_regression_format_unknown_key_and_deck_errors_name_their_line(text: str, line: int):
    # they named the file only, where the seed, game and levels errors give the line
    assert error_of(text).startswith(f"game.toml, line {line}: ")


def test_regression_an_integer_too_long_to_convert_is_malformed_toml():
    message = error_of(HEAD + "seed = " + "1" * 5000 + "\n")
    assert message.startswith("game.toml: malformed TOML: Exceeds the limit (4300 digits)")


def _aged(path: Path, seconds: float) -> Path:
    path.write_text("half a save")
    when = path.stat().st_mtime - seconds
    os.utime(path, (when, when))
    return path


def test_regression_temporaries_of_killed_saves_are_removed_by_the_next_save(tmp_path):
    stale = [
        _aged(tmp_path / ".evening.toml.k3j2h1g0.tmp", 3600),
        _aged(tmp_path / ".other.toml.a_b1c2d3.tmp", dealfile.STALE_TEMPORARY_SECONDS + 1),
    ]
    kept = [
        _aged(tmp_path / ".evening.toml.zzzz9999.tmp", 0),  # a write in progress
        _aged(tmp_path / ".notes.txt.k3j2h1g0.tmp", 3600),  # not a deal file's
        _aged(tmp_path / "evening.toml.k3j2h1g0.tmp", 3600),  # not hidden: not the writer's
        _aged(tmp_path / ".evening.toml.tmp", 3600),
    ]
    save_atomic(tmp_path / "new.toml", DealFile(game="sisepai"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["new.toml", *(p.name for p in kept)]
    )
    assert not any(p.exists() for p in stale)


def test_write_atomic_removes_the_stale_temporaries_of_the_file_it_writes(tmp_path):
    _aged(tmp_path / ".scores.csv.k3j2h1g0.tmp", 3600)
    _aged(tmp_path / ".other.csv.k3j2h1g0.tmp", 3600)
    write_atomic(tmp_path / "scores.csv", "a\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.csv.k3j2h1g0.tmp", "scores.csv"]


def test_removing_stale_temporaries_never_raises(tmp_path):
    assert dealfile.remove_stale_temporaries(tmp_path / "missing") == []
    (tmp_path / ".a.toml.k3j2h1g0.tmp").mkdir()
    assert dealfile.remove_stale_temporaries(tmp_path) == []


def test_regression_a_nul_byte_in_a_deal_file_name_is_one_line():
    for name, shown in (("a\0.toml", "a\\x00.toml"), ("sub/\0", "sub/\\x00")):
        with pytest.raises(DealFileError) as info:
            load_deal(name)
        assert str(info.value) == (
            f"{shown}: not a file name: it holds a NUL byte (\\x00), which no file name can hold"
        )


@pytest.mark.parametrize(
    ("lines", "line", "key"),
    [
        (
            ['levels = ["5", "2"]', "level_team = 7", "previous_places = [0, 1, 2, 3]"],
            5,
            "level_team",
        ),
        (
            ['levels = ["5", "2"]', "level_team = 0", "previous_places = [0, 0, 0, 0]"],
            6,
            "previous_places",
        ),
    ],
)
def test_regression_a_bad_match_key_names_its_own_line(lines, line, key) -> None:
    """A bad Guandan match key was reported at the line of the first match key (levels)."""
    from cardavia_cli.engine.errors import DealFileError
    from cardavia_cli.games.deals import parse_deal

    text = "\n".join(
        ['game = "guandan"', "seed = 1", 'seats = ["human", "basic", "basic", "basic"]', *lines]
    )
    with pytest.raises(DealFileError) as caught:
        parse_deal(text, "deal.toml")
    assert str(caught.value).startswith(f"deal.toml, line {line}: '{key}'")
