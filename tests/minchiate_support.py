"""Helpers of the Minchiate tests: a deck builder (hands placed where rules 6.3 deals them) and
an oracle that scores a whole deal from its decisions with the rule functions alone."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardavia_cli.engine.seats import next_seat, team, turn_order_from
from cardavia_cli.games.minchiate.cards import PACK, Card, parse_cards
from cardavia_cli.games.minchiate.combos import combinations
from cardavia_cli.games.minchiate.deal import ScoringEvent, deal
from cardavia_cli.games.minchiate.scoring import deal_result, settle
from cardavia_cli.games.minchiate.tricks import capture, piles

# rules 13.13, index 0 first, in rows of ten
EXAMPLE_DECK = """
M T1 T2 T4 T5 T6 T7 T8 T9 T10
T11 T12 T13 T14 T16 T17 T18 T19 T20 T21
T23 T24 T25 T26 T27 T28 T30 T31 T32 T33
T34 T35 T36 T37 T39 T40 AC 2C 3C 4C
5C 7C 8C 9C 10C JC NC QC AD 2D
3D 4D 5D 6D 7D 8D 9D 10D JD ND
QD AS 2S 3S 4S 6S 7S 8S 9S 10S
JS NS QS KS AB 2B 3B 4B 5B 6B
8B 9B 10B T38 6C T29 T15 KD 7B JB
NB QB KB 5S T3 KC T22
""".split()


def cards(text: str) -> list[Card]:
    """Cards written with spaces between them."""
    return parse_cards(text.split())


def build_deck(dealer: int, hands: dict[int, str], rest: str) -> list[str]:
    """The deck (canonical codes, index 0 first) that deals ``hands[seat]`` (21 cards each, in
    dealing order: the first 10 in round 1, the other 11 in round 2; rules 6.3) with ``dealer``,
    and whose undealt cards ``deck[84..96]`` are ``rest`` (13 cards, the bottom card last)."""
    deck: list[str] = []
    first = [cards(hands[s]) for s in turn_order_from(next_seat(dealer))]
    assert all(len(h) == 21 for h in first)
    for h in first:
        deck.extend(map(str, h[:10]))
    for h in first:
        deck.extend(map(str, h[10:]))
    deck.extend(map(str, cards(rest)))
    assert sorted(parse_cards(deck)) == list(PACK), "not the pack"
    return deck


def oracle(deck: Sequence[str], dealer: int, decisions: Iterable[str]) -> dict[str, Any]:
    """The result of a deal (cli.md shape) from its deck, dealer and every decision as
    ``"SEAT COMMAND"`` (forced ones included; discards and declarations by card and number,
    as the state records them), computed with the rule functions of sections 6 to 10 only."""
    done = deal(parse_cards([str(c) for c in deck]), dealer)
    hands = [list(h) for h in done.hands]
    events: list[ScoringEvent] = list(done.events)
    tricks: list[tuple[int, list[Card]]] = []
    trick: list[Card] = []
    leader = done.first_leader
    for line in decisions:
        seat_text, verb, *args = line.split()
        seat = int(seat_text)
        if verb == "discard":
            for card in cards(" ".join(args)):
                hands[seat].remove(card)
        elif verb == "declare":
            listed = combinations(hands[seat])
            events.append(ScoringEvent(team(seat), sum(listed[int(n) - 1].points for n in args)))
        elif verb == "play":
            assert seat == next_seat(leader, len(trick))
            card = cards(args[0])[0]
            hands[seat].remove(card)
            trick.append(card)
            if len(trick) == 4:
                won = capture(trick, leader)
                events.append(ScoringEvent(won.team, won.points))
                tricks.append((leader, trick))
                leader, trick = won.winner, []
    assert len(tricks) == 21 and hands == [[], [], [], []]
    gathered = piles(tricks)
    assert gathered.last_trick_team is not None
    result = deal_result(
        settle(events), gathered.piles[0], gathered.piles[1], gathered.last_trick_team
    )
    return {
        "result": result.to_json(),
        "matto_payment": None if gathered.matto_payment is None else str(gathered.matto_payment),
        "counts": list(gathered.counts),
    }
