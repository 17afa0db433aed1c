"""Trick play: ranking, the suit to follow, legal plays, the trick winner, capture scores, the
piles and the payment for the Matto (RULES.md section 9).

A trick is a list of cards in play order; its ``leader`` is the seat that played the first
card, and the card at position ``i`` was played by ``next_seat(leader, i)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.seats import NUM_SEATS, check_seat, next_seat, team
from cardavia_cli.games.minchiate.cards import (
    MATTO,
    T29,
    TRUMP_SUIT,
    Card,
    cards_str,
    suit_card,
    total_points,
)
from cardavia_cli.games.minchiate.combos import combination_value

#: Suit cards strongest first (9.1). In Cups and Coins the ace is the highest number card and
#: the 10 the lowest; in Swords and Batons the order of the number cards is the natural one.
STRENGTH_ORDER: dict[str, tuple[str, ...]] = {
    "C": ("K", "Q", "N", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
    "D": ("K", "Q", "N", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
    "S": ("K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
    "B": ("K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
}
_SUIT_STRENGTH: dict[Card, int] = {
    suit_card(rank, suit): len(order) - i
    for suit, order in STRENGTH_ORDER.items()
    for i, rank in enumerate(order)
}


def suit_to_follow(trick: Sequence[Card]) -> str | None:
    """The suit of the first card of ``trick`` that is not the Matto (9.2): ``"T"`` for trumps,
    ``"C" "D" "S" "B"``, or ``None`` while the trick is empty or holds only the Matto."""
    for card in trick:
        if not card.is_matto:
            return card.suit
    return None


def strength(card: Card, suit: str | None) -> int:
    """How strongly ``card`` bids for a trick whose suit to follow is ``suit`` (9.1, 9.4).

    Trumps rank ``100 + number`` (T40 highest); a card of ``suit`` ranks 1..14 in the order of
    :data:`STRENGTH_ORDER`; cards of other suits and the Matto rank 0 (they never win).
    """
    if card.is_trump:
        return 100 + card.number
    if card.is_matto or card.suit != suit:
        return 0
    return _SUIT_STRENGTH[card]


def _check_trick(cards: Sequence[Card], sizes: range) -> None:
    if len(cards) not in sizes:
        raise CardaviaError(
            f"a trick here has {sizes.start}..{sizes.stop - 1} cards, not {len(cards)}: "
            f"{cards_str(cards)}"
        )
    if len(set(cards)) != len(cards):
        raise CardaviaError(f"a card is played twice in the trick {cards_str(cards)}")


def trick_winner(cards: Sequence[Card]) -> int:
    """The 0-based position in ``cards`` (1..4 cards in play order) of the card that wins (9.4):
    the highest trump, else the highest card of the suit to follow.

    Raises ``CardaviaError`` for an empty or oversized trick, a repeated card, or a trick that
    holds only the Matto.
    """
    _check_trick(cards, range(1, NUM_SEATS + 1))
    suit = suit_to_follow(cards)
    if suit is None:
        raise CardaviaError("a trick of only the Matto has no winner (rules 9.1)")
    powers = [strength(c, suit) for c in cards]
    return powers.index(max(powers))


def legal_plays(
    hand: Iterable[Card], trick_so_far: Sequence[Card], suit_led_before: bool
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick_so_far`` (0..3 cards), sorted (9.3).

    ``suit_led_before`` is true when an earlier trick of the deal had the same suit to follow
    as this one. Leading, or after a lone Matto: any card. Trumps to follow: a trump or the
    Matto, else any card. A plain suit to follow: under the King obligation (first trick of
    that suit, a trump already played to it, the King in hand) only the King; otherwise a card
    of the suit or the Matto, else a trump or the Matto, else any card. Raises
    ``CardaviaError`` for a trick of 4 or more cards or a card both in hand and in the trick.
    """
    cards = sorted(set(hand))
    _check_trick(trick_so_far, range(0, NUM_SEATS))
    clash = set(cards) & set(trick_so_far)
    if clash:
        raise CardaviaError(f"{cards_str(sorted(clash))} both in hand and in the trick")
    return playable(cards, trick_so_far, suit_to_follow(trick_so_far), suit_led_before)


def playable(
    cards: list[Card], trick_so_far: Sequence[Card], suit: str | None, suit_led_before: bool
) -> list[Card]:
    """:func:`legal_plays` for a position known to be sound: ``cards`` the hand, sorted and
    without repeats, ``suit`` the trick's :func:`suit_to_follow`. Nothing is checked (the
    state's own hands and trick); the list returned may be ``cards`` itself."""
    if suit is None:
        return cards
    trumps = [c for c in cards if c.is_trump]
    with_matto = [MATTO] if cards and cards[0].is_matto else []
    if suit == TRUMP_SUIT:
        return with_matto + trumps if trumps else cards
    king = suit_card("K", suit)
    if not suit_led_before and king in cards and any(c.is_trump for c in trick_so_far):
        return [king]
    followers = [c for c in cards if c.suit == suit]
    if followers:
        return with_matto + followers
    if trumps:
        return with_matto + trumps
    return cards


def suits_followed(tricks: Iterable[Sequence[Card]]) -> set[str]:
    """The suits to follow (``"T"`` included) of the given tricks (9.2): a suit is in the set
    once a trick had it as its suit to follow, which gives ``suit_led_before`` of 9.3."""
    found = {suit_to_follow(trick) for trick in tricks}
    found.discard(None)
    return {s for s in found if s is not None}


def voids(tricks: Iterable[tuple[int, Sequence[Card]]]) -> dict[int, set[str]]:
    """The suits (``"T"`` for trumps) each seat has shown it holds none of, from the tricks
    played so far, the trick in progress included: ``(leader, cards)`` pairs, the cards in
    playing order from the leader (9.3). A seat that played a card of another suit than the
    one to follow has none of it, and none of the trumps either unless that card was a trump;
    the Matto shows nothing. A seat without a void is absent from the result.

    >>> from cardavia_cli.games.minchiate.cards import parse_card as p
    >>> found = voids([(0, (p("5C"), p("T3"), p("2S"), p("KC")))])
    >>> {seat: sorted(suits) for seat, suits in found.items()}
    {1: ['C'], 2: ['C', 'T']}
    """
    found: dict[int, set[str]] = {}
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            suit = suit_to_follow(cards[:i])
            if suit is None or card.is_matto or card.suit == suit:
                continue
            seat = next_seat(leader, i)
            shown = found.setdefault(seat, set())
            shown.add(suit)
            if not card.is_trump:
                shown.add(TRUMP_SUIT)
    return found


@dataclass(frozen=True, slots=True)
class Capture:
    """The outcome of a complete trick (9.4): the winning ``winner`` seat, its ``team``, and the
    ``points`` that team scores at once (the opponents' cards, the Matto left out)."""

    winner: int
    team: int
    points: int

    def to_json(self) -> dict[str, int]:
        """``{"winner", "team", "points"}`` as in section 12."""
        return {"winner": self.winner, "team": self.team, "points": self.points}


def capture(cards: Sequence[Card], leader: int) -> Capture:
    """Who wins a complete trick of 4 ``cards`` led by seat ``leader``, and the capture score
    (9.4): the total points of the cards the winner's opponents played, the Matto excepted.

    Raises ``CardaviaError`` for a trick that is not 4 distinct cards, ``ValueError`` for a bad
    seat.
    """
    check_seat(leader)
    _check_trick(cards, range(NUM_SEATS, NUM_SEATS + 1))
    winner = next_seat(leader, trick_winner(cards))
    won_by = team(winner)
    points = sum(
        c.points
        for i, c in enumerate(cards)
        if not c.is_matto and team(next_seat(leader, i)) != won_by
    )
    return Capture(winner, won_by, points)


def matto_payment_key(card: Card) -> tuple[int, int, Card]:
    """The order in which a card is chosen to pay for the Matto (9.6): the lowest value
    (``T29`` counting 5), then a suit card before a trump, then canonical order."""
    value = combination_value(card) if card == T29 else card.points
    return (value, 1 if card.is_trump else 0, card)


@dataclass(frozen=True, slots=True)
class Piles:
    """The two teams' piles after a list of tricks and the Matto payment (9.5, 9.6).

    ``piles`` are sorted canonically; ``matto_payment`` is the card handed over for the Matto,
    or ``None``; ``last_trick_team`` is the team that won the last trick (``None`` without
    tricks).
    """

    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    matto_payment: Card | None
    last_trick_team: int | None

    @property
    def counts(self) -> tuple[int, int]:
        """The number of cards in each team's pile."""
        return (len(self.piles[0]), len(self.piles[1]))


def piles(tricks: Sequence[tuple[int, Sequence[Card]]]) -> Piles:
    """Gather a list of complete tricks ``(leader, cards)`` in play order into the teams' piles
    (9.5) and apply the payment for the Matto after the last of them (9.6).

    Every card goes to the winning team's pile, except the Matto, which goes to its owner's
    team; if that team did not win the trick it owes one card, paid after the last trick with
    the lowest card of its pile by :func:`matto_payment_key`, or with the Matto itself when
    the pile holds nothing else. Raises ``CardaviaError`` for a bad trick or a card played
    twice.
    """
    gathered: tuple[list[Card], list[Card]] = ([], [])
    seen: set[Card] = set()
    owing: int | None = None  # the seat that played the Matto, while its team owes a card
    last: int | None = None
    for leader, cards in tricks:
        won = capture(cards, leader)
        repeated = seen.intersection(cards)
        if repeated:
            raise CardaviaError(f"{cards_str(sorted(repeated))} played in two tricks")
        seen.update(cards)
        for i, card in enumerate(cards):
            if card.is_matto:
                owner = next_seat(leader, i)
                gathered[team(owner)].append(card)
                if team(owner) != won.team:
                    owing = owner
            else:
                gathered[won.team].append(card)
        last = won.team
    payment: Card | None = None
    if owing is not None:
        pile = gathered[team(owing)]
        others = [c for c in pile if not c.is_matto]
        payment = min(others, key=matto_payment_key) if others else MATTO
        pile.remove(payment)
        gathered[team(next_seat(owing))].append(payment)  # the next seat is an opponent
    return Piles((tuple(sorted(gathered[0])), tuple(sorted(gathered[1]))), payment, last)


def pile_points(pile: Iterable[Card]) -> int:
    """The card points of a pile (10.2, ``T29`` counting 0)."""
    return total_points(pile)
