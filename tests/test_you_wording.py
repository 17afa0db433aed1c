"""Refusals said to the person at seat 0 in the second person, in every language.

A game's refusal that names a seat is two whole messages (``engine.errors.said_about``): the
message about the seat (logs, deal-file errors, the tests of the rules: ``seat 0 owes 2
discards``) and the same said to that seat (``you owe 2 discards``), which the REPL tells the
person (``repl/text.py`` ``you_wording``). Before, the REPL rewrote the English forms only,
and a person playing in Turkish or Arabic read "0. koltuk" / "المقعد 0" about themselves.
"""

from __future__ import annotations

import pytest
from cli_support import run_cardavia

from cardavia_cli.engine import i18n
from cardavia_cli.engine.agents import decide, fallback_for
from cardavia_cli.engine.errors import IllegalActionError, Said, prefixed, said_about
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games import load_game
from cardavia_cli.games.minchiate.cards import parse_card
from cardavia_cli.games.minchiate.deal import check_discards
from cardavia_cli.games.minchiate.rules import discard_refusal
from cardavia_cli.repl.text import you_wording

#: Minchiate seed 2: seat 0 owes two discards and holds no T29; then one that plays it in
#: trick 1 (seed 3, seat 0 leads without T29).
DISCARDS = "discard T29\ndiscard 1 2 3 4 5 6\nplay T1\n"
REFUSALS = {
    "en": [
        "! discard (2 to go): T29 not in your hand (7.2)",
        "! discard (2 to go): you owe 2 discards, not 6 (rules 7.2)",
        "! discard (2 to go): you must first discard 2 cards (rules 7.1)",
        "! trick 1: T29 is not in your hand (rules 9.3)",
    ],
    "tr": [
        "! kart atma (2 kaldı): T29 elinde yok (7.2)",
        "! kart atma (2 kaldı): 2 kart atmalısın, 6 değil (kural 7.2)",
        "! kart atma (2 kaldı): önce 2 kart atmalısın (kural 7.1)",
        "! 1. löve: T29 elinde yok (kural 9.3)",
    ],
    "ar": [
        "! الطرح (بقي 2): T29 ليست في يدك (7.2)",
        "! الطرح (بقي 2): عليك طرح ورقتين، لا 6 (القاعدة 7.2)",
        "! الطرح (بقي 2): عليك أن تطرح أولًا ورقتين (القاعدة 7.1)",
        "! الأكلة 1: T29 ليست في يدك (القاعدة 9.3)",
    ],
}


def _refusals(lang: str, seed: int, stdin: str) -> list[str]:
    done = run_cardavia(
        "minchiate", "play", "--seed", str(seed), "--ai", "basic", stdin=stdin,
        env={"CARDAVIA_LANG": lang},
    )  # fmt: skip
    return [ln for ln in done.stdout.splitlines() if ln.startswith("!")]


@pytest.mark.parametrize("lang", ["en", "tr", "ar"])
def test_minchiate_refusals_speak_to_you_in_every_language(lang: str) -> None:
    said = _refusals(lang, 2, DISCARDS) + _refusals(lang, 3, "play T29\n")
    assert said == REFUSALS[lang]


def test_the_message_itself_still_names_the_seat_in_every_language() -> None:
    """Logs, deal-file errors and another seat's reader keep the seat's number."""
    hand = [parse_card(c) for c in ("T1", "T2", "T3")]  # far fewer than 21: nothing owed
    expected = {
        "en": (
            "seat 0 has nothing to discard (rules 7.1)",
            "you have nothing to discard (rules 7.1)",
        ),
        "tr": ("0. koltuğun atacak kartı yok (kural 7.1)", "atacak kartın yok (kural 7.1)"),
        "ar": ("ليس على المقعد 0 طرح شيء (القاعدة 7.1)", "ليس عليك طرح شيء (القاعدة 7.1)"),
    }
    for lang, (theirs, mine) in expected.items():
        i18n.set_language(lang)
        why = discard_refusal(hand, [hand[0]], 0)
        assert isinstance(why, Said)
        assert (str(why), why.mine, why.seat) == (theirs, mine, 0)
        with pytest.raises(IllegalActionError) as caught:
            check_discards(hand, [hand[0]], 0)
        error = caught.value
        assert (str(error), error.said_to(0), error.said_to(1)) == (theirs, mine, theirs)
        assert you_wording(error) == mine
        assert you_wording(error, seat=1) == theirs


def test_a_refusal_naming_another_seat_is_said_as_it_is() -> None:
    i18n.set_language("tr")
    hand = [parse_card(c) for c in ("T1", "T2", "T3")]
    why = discard_refusal(hand, [hand[0]], 2)
    assert you_wording(IllegalActionError(prefixed("seat 2, discard: ", why), seat=2)) == (
        "seat 2, discard: 2. koltuğun atacak kartı yok (kural 7.1)"
    )


def _cucu_won_by_seat_0() -> object:
    """Cuccu seed 5 played to its end by four basic players: seat 0 wins (round 8)."""
    info = load_game("cucu")
    state = info.new_state(seed=5)
    agents, fallback = make_agents(info, ["basic"] * 4), fallback_for(info)
    while not state.is_over:
        if state.at_break:
            state.next_round()
        else:
            state.push(decide(state, agents[state.to_act], fallback))
    assert state.winner == 0  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"),
    [
        (
            "en",
            "'keep': the match is over, you won (section 10.2)",
            "'keep': the match is over, seat 0 won (section 10.2)",
        ),
        (
            "tr",
            "'keep': maç bitti, sen kazandın (bölüm 10.2)",
            "'keep': maç bitti, 0. koltuk kazandı (bölüm 10.2)",
        ),
        (
            "ar",
            "'keep': انتهت المباراة، وفزتَ أنت (القسم 10.2)",
            "'keep': انتهت المباراة، وفاز المقعد 0 (القسم 10.2)",
        ),
    ],
)
def test_cucu_says_you_won_to_the_winner(lang: str, mine: str, theirs: str) -> None:
    state = _cucu_won_by_seat_0()
    i18n.set_language(lang)
    with pytest.raises(IllegalActionError) as caught:
        state.parse_action("keep")  # type: ignore[attr-defined]
    assert str(caught.value) == theirs
    assert you_wording(caught.value) == mine


def test_said_about_and_prefixed_keep_both_forms() -> None:
    said = said_about(3, "you pass", "seat {seat} passes")
    assert (str(said), said.mine, said.seat) == ("seat 3 passes", "you pass", 3)
    head = prefixed("seat 3, lead: ", said)
    assert isinstance(head, Said)
    assert (str(head), head.mine) == ("seat 3, lead: seat 3 passes", "seat 3, lead: you pass")
    assert prefixed("a: ", "b") == "a: b"
