"""Helpers of the Guandan state tests: decks built from chosen hands, positions set by hand
(small hands in the middle of a deal), and playing a deal out to chosen places."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardavia_cli.engine.seats import SEATS
from cardavia_cli.games.guandan.cards import DECK, VALUES, code_str, parse_codes
from cardavia_cli.games.guandan.hands import counts_of
from cardavia_cli.games.guandan.rules import GuandanState, Phase, new_state


def deck_for(hands: Sequence[Sequence[str]]) -> list[str]:
    """The deck (108 texts) that deals exactly ``hands`` (four hands of 27 cards): the card
    at index ``4 i + s`` is the ``i``-th card of seat ``s`` (rules 5.2)."""
    assert all(len(h) == 27 for h in hands)
    return [hands[i % 4][i // 4] for i in range(108)]


def fill_hands(fixed: dict[int, str], level: int, low: Iterable[int] = ()) -> list[list[str]]:
    """Four hands of 27: each seat's ``fixed`` cards, then the rest of the pack. Seats in
    ``low`` are filled first with the lowest cards at ``level`` (by single value, wild cards,
    level cards and jokers last), so that their fixed cards stay their strongest."""
    rest = counts_of(c.code for c in DECK)
    hands: list[list[str]] = [[] for _ in SEATS]
    for seat, text in fixed.items():
        for c in parse_codes(text.split()):
            rest[c] -= 1
            hands[seat].append(code_str(c))
    assert min(rest) >= 0
    wild = 4 * (level - 2) + 1
    order = sorted(
        (c for c in range(54) for _ in range(rest[c])),
        key=lambda c: (c == wild, VALUES[level][c], c),
    )
    seats = [*low, *(s for s in SEATS if s not in set(low))]
    for seat in seats:
        while len(hands[seat]) < 27:
            hands[seat].append(code_str(order.pop(0)))
    return hands


def match_state(fixed: dict[int, str], low: Iterable[int] = (), **match: Any) -> GuandanState:
    """A state dealt from :func:`fill_hands` with the match keys ``match`` (levels as
    letters)."""
    from cardavia_cli.games.guandan.cards import parse_level

    level_team = match.get("level_team")
    levels = match.get("levels", ["2", "2"])
    level = 2 if level_team is None else parse_level(levels[level_team])
    deck = deck_for(fill_hands(fixed, level, low))
    return new_state(seed=0, deck=deck, match=match)


def set_position(
    state: GuandanState, hands: Sequence[str], leader: int, places: Sequence[int] = ()
) -> GuandanState:
    """Put ``state`` at a lead in the middle of its deal: ``hands`` (card texts per seat,
    empty for a seat already out), ``leader`` to lead, ``places`` taken so far; every other
    card counts as played (card conservation holds)."""
    state.hands = [counts_of(parse_codes(h.split())) for h in hands]
    state.sizes = [sum(h) for h in state.hands]
    state.played = [2 - sum(h[c] for h in state.hands) for c in range(54)]
    state.places = list(places)
    state.owed = []
    state.table = None
    state.passes = 0
    state.turn = leader
    state._phase = Phase.LEAD
    state._legal = None
    state._stash = None
    return state


def finish(state: GuandanState, places: Sequence[int]) -> None:
    """Play the current deal out so that the seats go out in the order ``places`` (as far as
    the deal goes): a position of one card each, ``places[0]`` leading its 3S; each next
    seat of ``places`` beats the table with a higher single when its turn comes, every other
    seat passes."""
    cards = {places[0]: "3S", places[1]: "5S", places[2]: "7S", places[3]: "9S"}
    set_position(state, [cards[s] for s in SEATS], places[0])
    wanted = list(places)
    while not (state.at_break or state.is_over):
        seat = state.to_act
        if seat == wanted[0]:
            state.play_text(f"play {cards[seat]}")
            wanted.pop(0)
        else:
            state.play_text("pass")
