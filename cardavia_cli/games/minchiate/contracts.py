"""The rule functions of RULES.md section 12, with exactly their contracts.

Cards come in as text in any accepted notation (3.2) and go out canonical; every other value
is JSON-shaped (lists, dicts, ints, bools, ``None``). Each function is a thin wrapper over the
typed rule modules. :data:`FUNCTIONS` maps the names of section 12 to them, so a test case
``{"fn", "args", "expected"}`` runs as ``FUNCTIONS[fn](**args) == expected``.

Bad input raises ``CardError`` (bad card text, a card given twice) or ``CardaviaError`` (a
wrong shape: not a pack, a bad seat, a trick of the wrong size, a bad event).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.games.minchiate import combos, scoring
from cardavia_cli.games.minchiate import deal as dealing
from cardavia_cli.games.minchiate import tricks as trick_rules
from cardavia_cli.games.minchiate.cards import codes, parse_card, parse_card_set
from cardavia_cli.games.minchiate.deal import ScoringEvent

Json = Any


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise CardaviaError(f"{what} is a seat 0..3, not {value!r}")
    return value


def _texts(value: object, what: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise CardaviaError(f"{what} is a list of cards, not {value!r}")
    if not all(isinstance(t, str) for t in value):
        raise CardaviaError(f"{what} holds card texts only, not {list(value)!r}")
    return list(value)


def card_points(card: str) -> int:
    """The points of one card (2.2). ``card_points("Fool")`` is 5, ``"T29"`` 0."""
    return parse_card(card).points


def combinations(cards: Sequence[str]) -> list[dict[str, Json]]:
    """``[{"kind", "cards", "points"}]`` of the set of ``cards``, in the rules' order (10.1)."""
    return [c.to_json() for c in combos.combinations(parse_card_set(_texts(cards, "cards")))]


def trick_winner(cards_in_play_order: Sequence[str]) -> int:
    """The 0-based index of the winning card among 1..4 cards in play order (9.4)."""
    return trick_rules.trick_winner(parse_card_set(_texts(cards_in_play_order, "the trick")))


def legal_plays(
    hand: Sequence[str], trick_so_far: Sequence[str], suit_led_before: bool
) -> list[str]:
    """The legal cards of ``hand`` for ``trick_so_far`` (0..3 cards), sorted canonically (9.3);
    ``suit_led_before`` is a bool."""
    if not isinstance(suit_led_before, bool):
        raise CardaviaError(f"suit_led_before is true or false, not {suit_led_before!r}")
    played = parse_card_set(_texts(trick_so_far, "trick_so_far"))
    held = parse_card_set(_texts(hand, "hand"))
    return codes(trick_rules.legal_plays(held, played, suit_led_before))


def _event(value: object) -> ScoringEvent:
    if not isinstance(value, Mapping) or set(value) != {"team", "points"}:
        raise CardaviaError(f"a scoring event is {{'team': 0 or 1, 'points': int}}, not {value!r}")
    return ScoringEvent(value["team"], value["points"])


def settle(events: Sequence[Mapping[str, int]]) -> dict[str, Json]:
    """``{"resti": [r0, r1], "diff": d}`` after the running settlement of ``events``, each
    ``{"team": 0 or 1, "points": int >= 0}``, in order (10.3)."""
    if isinstance(events, str) or not isinstance(events, Sequence):
        raise CardaviaError(f"events is a list of scoring events, not {events!r}")
    return scoring.settle(_event(e) for e in events).to_json()


def final_resti(diff: int) -> list[int]:
    """``[f0, f1]``: the final rounding of ``D_end`` = ``diff`` (10.4)."""
    if isinstance(diff, bool) or not isinstance(diff, int):
        raise CardaviaError(f"diff is an int, not {diff!r}")
    return list(scoring.final_resti(diff))


def deal(deck: Sequence[str], dealer: int) -> dict[str, Json]:
    """The deal of ``deck`` (97 cards, index 0 the top) by seat ``dealer`` (6): ``{"cutter",
    "cutter_robbed", "dealt", "exposed", "dealer_robbed", "fola", "hands", "events"}`` with
    the orders of section 12."""
    cards = parse_card_set(_texts(deck, "deck"))
    done = dealing.deal(cards, _seat(dealer, "dealer"))
    return {
        "cutter": done.cutter,
        "cutter_robbed": codes(done.cutter_robbed),
        "dealt": [codes(hand) for hand in done.dealt],
        "exposed": str(done.exposed),
        "dealer_robbed": codes(done.dealer_robbed),
        "fola": codes(done.fola),
        "hands": [codes(hand) for hand in done.hands],
        "events": [e.to_json() for e in done.events],
    }


def capture(cards: Sequence[str], leader: int) -> dict[str, int]:
    """``{"winner": seat, "team": t, "points": p}`` for a complete trick of 4 ``cards`` led by
    seat ``leader`` (9.4)."""
    played = parse_card_set(_texts(cards, "cards"))
    return trick_rules.capture(played, _seat(leader, "leader")).to_json()


def piles(tricks: Sequence[Mapping[str, Json]]) -> dict[str, Json]:
    """``{"piles", "counts", "matto_payment", "last_trick_team"}`` for the ``tricks``
    ``[{"leader": seat, "cards": [4 cards]}]`` in play order (9.5, 9.6)."""
    if isinstance(tricks, str) or not isinstance(tricks, Sequence):
        raise CardaviaError(f"tricks is a list of {{'leader', 'cards'}}, not {tricks!r}")
    parsed = []
    for trick in tricks:
        if not isinstance(trick, Mapping) or set(trick) != {"leader", "cards"}:
            raise CardaviaError(f"a trick is {{'leader': seat, 'cards': [4 cards]}}, not {trick!r}")
        parsed.append(
            (_seat(trick["leader"], "leader"), parse_card_set(_texts(trick["cards"], "cards")))
        )
    done = trick_rules.piles(parsed)
    return {
        "piles": [codes(pile) for pile in done.piles],
        "counts": list(done.counts),
        "matto_payment": str(done.matto_payment) if done.matto_payment is not None else None,
        "last_trick_team": done.last_trick_team,
    }


def end_points(pile: Sequence[str], last_trick: bool) -> dict[str, int]:
    """``{"card_points", "combinations", "count_bonus", "last_trick", "total"}`` of a team's
    pile (10.2); ``last_trick`` is a bool."""
    if not isinstance(last_trick, bool):
        raise CardaviaError(f"last_trick is true or false, not {last_trick!r}")
    return scoring.end_points(parse_card_set(_texts(pile, "pile")), last_trick).to_json()


#: The rule functions by their names in section 12.
FUNCTIONS: dict[str, Callable[..., Json]] = {
    "card_points": card_points,
    "combinations": combinations,
    "trick_winner": trick_winner,
    "legal_plays": legal_plays,
    "settle": settle,
    "final_resti": final_resti,
    "deal": deal,
    "capture": capture,
    "piles": piles,
    "end_points": end_points,
}
