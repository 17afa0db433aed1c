"""The example deal files in saves/examples are what their comment headers say: the decks are
built as described, the recorded actions are those of the stated policies, and the files are
canonical. (The results of ``cardavia run`` on them are asserted in test_cli.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sisepai_support import (
    build_deck,
    canonical_pack,
    eager,
    passive,
    play_out,
    rotated_pack,
    text,
)

from cardavia_cli.games.deals import load_deal, replay
from cardavia_cli.games.sisepai.cards import CODES
from cardavia_cli.games.sisepai.rules import new_state

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
WIN18 = "rA rA rA rE rE rE rR rR rR rH rH rH rC rC rC yA yA yA"
WIN19 = "rK rK rK rK yE yE yE yR yR yR yH yH yH yC yC yC wA wA wA"


def example(name: str):
    return load_deal(EXAMPLES / name)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("sisepai-*.toml")), ids=lambda p: p.name)
def test_examples_have_a_header_and_canonical_cards(path):
    text_ = path.read_text("utf-8")
    header = [line for line in text_.splitlines() if line.startswith("#")]
    assert header[0].startswith("# Si Se Pai: ")
    assert any(f"cardavia run {path.name} --json  ->" in line for line in header)
    df = load_deal(path)
    assert df.game == "sisepai" and df.dealer is not None
    # the deck in the file is written in canonical codes
    written = re.findall(r'"([^"]+)"', text_.split("deck = [", 1)[1].split("]", 1)[0])
    assert written == df.deck and all(c in CODES for c in written)
    # every recorded action is in canonical action text, and the file replays
    state = replay(df, path.name)
    texts = [str(r) for r in state.history]
    for line in df.actions:
        assert line in texts


def test_first_draw_win_is_e13():
    df = example("sisepai-first-draw-win.toml")
    assert (df.deck, df.dealer) == (canonical_pack(), 2)


def test_exhausted_stock_is_e15_with_the_passive_policy():
    df = example("sisepai-exhausted-stock.toml")
    assert (df.deck, df.dealer) == (rotated_pack(20), 0)
    state = new_state(deck=df.deck, dealer=0)
    play_out(state, passive)
    assert df.actions == state.recorded_actions()
    assert state.result().termination == "exhausted"


def test_claims_whole_deal_is_e16_with_the_eager_policy():
    df = example("sisepai-claims-whole-deal.toml")
    assert (df.deck, df.dealer) == (rotated_pack(86), 0)
    state = new_state(deck=df.deck, dealer=0)
    play_out(state, eager)
    assert df.actions == state.recorded_actions()
    assert (state.result().winner, state.result().data["score"]) == (3, 11)


def _hand(state, seat: int) -> str:
    return text(c for c in range(29) for _ in range(state.hands[seat][c]))


def _holds(state, seat: int, cards: str) -> bool:
    need = {c: cards.split().count(c) for c in cards.split()}
    return all(state.hands[seat][CODES.index(c)] >= n for c, n in need.items())


def test_priority_distance_deck():
    df = example("sisepai-priority-distance.toml")
    assert df.deck == build_deck(
        2, {2: "wC", 1: "wC " + WIN19, 3: "wR wH " + WIN18}, stock="gK", avoid="gK gA gE wR wH wC"
    )
    state = new_state(deck=df.deck, dealer=2)
    assert _hand(state, 3) == text(sorted(CODES.index(c) for c in ("wR wH " + WIN18).split()))
    assert _hand(state, 1) == text(sorted(CODES.index(c) for c in ("wC " + WIN19).split()))
    assert _holds(state, 2, "wC") and CODES[state.public] == "gK"
    assert state.must_claim() and state.is_forced()


def test_priority_triple_deck():
    df = example("sisepai-priority-triple.toml")
    assert df.deck == build_deck(
        1,
        {1: "rP yP", 2: "yP gP", 3: "wP wP gH", 0: "gH " + WIN19},
        stock="wP",
        avoid="rP yP wP gP gH",
    )
    state = new_state(deck=df.deck, dealer=1)
    assert CODES[state.public] == "wP"
    assert _holds(state, 1, "rP yP") and _holds(state, 2, "yP gP") and _holds(state, 3, "wP wP gH")
    assert _hand(state, 0) == text(sorted(CODES.index(c) for c in ("gH " + WIN19).split()))
