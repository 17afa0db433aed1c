"""The deal as a function of the deck order, and the discards (RULES.md sections 4, 6 and 7).

``deck[0]`` is the top card (dealt first) and ``deck[96]`` the bottom card (robbed first by
the cutter). Seats follow :mod:`cardavia_cli.engine.seats`: the cutter is the seat before the
dealer, the first leader the seat after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardaviaError, IllegalActionError, said_about
from cardavia_cli.engine.i18n import _, ngettext
from cardavia_cli.engine.seats import NUM_SEATS, next_seat, team, turn_order_from
from cardavia_cli.games.minchiate.cards import (
    HAND_SIZE,
    PACK,
    PACK_SIZE,
    T29,
    Card,
    cards_str,
    total_points,
)

#: The most cards the cutter may rob (6.2): the size of the undealt remainder.
MAX_CUTTER_ROB = 13
#: Batch sizes of the two dealing rounds (6.3).
BATCHES = (10, 11)
#: Cards dealt in all: 4 x (10 + 11).
DEALT = NUM_SEATS * sum(BATCHES)


@dataclass(frozen=True, slots=True)
class ScoringEvent:
    """One running scoring event (10.3): ``team`` 0 or 1 scores ``points`` (>= 0) at once.

    Raises ``CardaviaError`` for another team or negative points.
    """

    team: int
    points: int

    def __post_init__(self) -> None:
        if isinstance(self.team, bool) or self.team not in (0, 1):
            raise CardaviaError(f"a scoring event's team is 0 or 1, not {self.team!r}")
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise CardaviaError(f"a scoring event's points are an int >= 0, not {self.points!r}")

    def to_json(self) -> dict[str, int]:
        """``{"team": t, "points": p}``, the shape of section 12."""
        return {"team": self.team, "points": self.points}


def cutter_of(dealer: int) -> int:
    """The cutter: the seat before the dealer in turn order (4, 15.12)."""
    return next_seat(dealer, -1)


def first_leader_of(dealer: int) -> int:
    """The first leader: the seat after the dealer, first to receive cards, to declare and to
    lead (4)."""
    return next_seat(dealer)


def robbable_by_cutter(card: Card) -> bool:
    """A counting card or a trump above 20 (6.2; ``T21``..``T27`` and ``T29`` included)."""
    return card.is_counting or card.number > 20


def robbable_by_dealer(card: Card) -> bool:
    """A counting card or ``T29`` (6.5)."""
    return card.is_counting or card == T29


@dataclass(frozen=True, slots=True)
class Deal:
    """What the deal of section 6 produces, before any discard.

    ``dealt`` and ``hands`` are indexed by seat and sorted canonically; ``cutter_robbed`` is in
    the order taken (bottom first), ``dealer_robbed`` in fola order, ``fola`` (the cards left
    after the dealer's robbing, the dead cards) in deck order; ``events`` are the scoring
    events of 6.6 that are worth more than 0, in order.
    """

    dealer: int
    cutter: int
    cutter_robbed: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...]
    exposed: Card
    dealer_robbed: tuple[Card, ...]
    fola: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[ScoringEvent, ...]

    @property
    def first_leader(self) -> int:
        """The seat after the dealer (4)."""
        return first_leader_of(self.dealer)

    def excess(self, seat: int) -> int:
        """How many cards ``seat`` must discard (7.1): ``r1`` for the cutter, ``r2`` for the
        dealer, 0 for the others."""
        return len(self.hands[seat]) - HAND_SIZE


def check_deck(deck: Sequence[Card]) -> None:
    """Raise ``CardaviaError`` unless ``deck`` holds each of the 97 cards exactly once (6.1)."""
    if len(deck) != PACK_SIZE:
        raise CardaviaError(f"a Minchiate deck has {PACK_SIZE} cards, this one {len(deck)}")
    missing = set(PACK).difference(deck)
    if missing:
        raise CardaviaError(
            f"the deck is not the Minchiate pack: {cards_str(sorted(missing))} missing"
        )


def check_dealer(dealer: int) -> int:
    """``dealer`` as a seat 0..3; raises ``CardaviaError`` otherwise."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < NUM_SEATS:
        raise CardaviaError(f"the dealer is a seat 0..3, not {dealer!r}")
    return dealer


def deal(deck: Sequence[Card], dealer: int) -> Deal:
    """Deal ``deck`` (97 distinct cards, ``deck[0]`` the top) with ``dealer`` (seat 0..3).

    Implements 6.2 (the cutter robs from the bottom while the cards are robbable, at most 13),
    6.3 (two rounds of batches of 10 and 11 from the top, starting after the dealer), 6.4 (the
    exposed ``deck[83]``), 6.5 (the dealer robs every counting card and ``T29`` of the fola)
    and the events of 6.6. Raises ``CardaviaError`` for a deck that is not the pack or a bad
    dealer seat.
    """
    check_deck(deck)
    check_dealer(dealer)
    cutter = cutter_of(dealer)
    robbed: list[Card] = []
    position = PACK_SIZE - 1
    while len(robbed) < MAX_CUTTER_ROB and robbable_by_cutter(deck[position]):
        robbed.append(deck[position])
        position -= 1
    dealt: list[list[Card]] = [[] for _ in range(NUM_SEATS)]
    top = 0
    for size in BATCHES:
        for seat in turn_order_from(first_leader_of(dealer)):
            dealt[seat].extend(deck[top : top + size])
            top += size
    exposed = deck[DEALT - 1]
    remainder = deck[DEALT : PACK_SIZE - len(robbed)]
    dealer_robbed = [c for c in remainder if robbable_by_dealer(c)]
    fola = [c for c in remainder if not robbable_by_dealer(c)]
    hands = [list(cards) for cards in dealt]
    hands[cutter].extend(robbed)
    hands[dealer].extend(dealer_robbed)
    events = [
        ScoringEvent(team(cutter), total_points(robbed)),
        ScoringEvent(team(dealer), exposed.points),
        ScoringEvent(team(dealer), total_points(dealer_robbed)),
    ]
    return Deal(
        dealer=dealer,
        cutter=cutter,
        cutter_robbed=tuple(robbed),
        dealt=tuple(tuple(sorted(cards)) for cards in dealt),
        exposed=exposed,
        dealer_robbed=tuple(dealer_robbed),
        fola=tuple(fola),
        hands=tuple(tuple(sorted(cards)) for cards in hands),
        events=tuple(e for e in events if e.points > 0),
    )


def discardable(card: Card) -> bool:
    """Whether a card may be discarded in the ordinary case (7.2): worth 0 and not ``T29``."""
    return not card.is_counting and card != T29


def _extra_key(card: Card) -> tuple[int, Card]:
    return (card.points, card)


def auto_discards(hand: Iterable[Card]) -> list[Card]:
    """The discards of ``discard auto`` (7.2, 7.3) for a hand of 21 + k cards, sorted.

    The k lowest discardable cards in canonical order; in a shortfall (fewer than k
    discardable cards) all of them plus the lowest-valued other cards except ``T29``, equal
    values taken in canonical order. An empty list when the hand has 21 cards or fewer.
    """
    cards = sorted(hand)
    k = len(cards) - HAND_SIZE
    if k <= 0:
        return []
    free = [c for c in cards if discardable(c)]
    if len(free) >= k:
        return free[:k]
    others = sorted((c for c in cards if not discardable(c) and c != T29), key=_extra_key)
    return sorted(free + others[: k - len(free)])


def check_discards(hand: Iterable[Card], chosen: Sequence[Card], seat: int | None = None) -> None:
    """Raise ``IllegalActionError`` naming the rule unless ``chosen`` is a legal discard from
    ``hand`` (7.2, 7.3).

    ``hand`` is the discarding player's 21 + k cards, ``chosen`` the cards named by
    ``discard``: exactly k distinct cards of the hand, all discardable (7.2); in a shortfall
    every discardable card plus extras that are, value for value, the lowest-valued of the
    other cards except ``T29`` (7.3; the player chooses among equal values). ``seat`` only
    goes into the message.
    """
    cards = set(hand)
    k = len(cards) - HAND_SIZE
    if k <= 0:
        if seat is None:
            raise IllegalActionError(_("this player has nothing to discard (rules 7.1)"))
        raise IllegalActionError(
            said_about(
                seat,
                _("you have nothing to discard (rules 7.1)"),
                _("seat {seat} has nothing to discard (rules 7.1)"),
            )
        )
    if len(chosen) != k:
        if seat is None:
            said = ngettext(
                "this player must discard exactly {n} card, not {given} (7.2)",
                "this player must discard exactly {n} cards, not {given} (7.2)",
                k,
            )
            raise IllegalActionError(said.format(n=k, given=len(chosen)))
        raise IllegalActionError(
            said_about(
                seat,
                ngettext(
                    "you must discard exactly {n} card, not {given} (7.2)",
                    "you must discard exactly {n} cards, not {given} (7.2)",
                    k,
                ),
                ngettext(
                    "seat {seat} must discard exactly {n} card, not {given} (7.2)",
                    "seat {seat} must discard exactly {n} cards, not {given} (7.2)",
                    k,
                ),
                n=k,
                given=len(chosen),
            )
        )
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(
            _("the discards must be distinct cards: {cards} (7.2)").format(cards=cards_str(chosen))
        )
    missing = [c for c in chosen if c not in cards]
    if missing:
        raise IllegalActionError(not_in_hand(missing, seat))
    free = {c for c in cards if discardable(c)}
    if len(free) >= k:
        bad = sorted(c for c in chosen if c not in free)
        if bad:
            raise IllegalActionError(
                _(
                    "{cards} may not be discarded: only zero-point cards other than T29 (rules 7.2)"
                ).format(cards=cards_str(bad))
            )
        return
    if T29 in chosen:
        raise IllegalActionError(_("T29 is never discarded (rules 7.3)"))
    kept_free = sorted(free - set(chosen))
    if kept_free:
        raise IllegalActionError(
            _(
                "with fewer discardable cards than {n}, all of them go: {cards} must be "
                "discarded too (rules 7.3)"
            ).format(n=k, cards=cards_str(kept_free))
        )
    extras = sorted(c.points for c in chosen if c not in free)
    lowest = sorted(c.points for c in cards if c not in free and c != T29)[: len(extras)]
    if extras != lowest:
        raise IllegalActionError(
            _(
                "the extra discards must be the lowest-valued cards (values {lowest}), not "
                "values {values} (rules 7.3)"
            ).format(lowest=lowest, values=extras)
        )


def not_in_hand(cards: Sequence[Card], seat: int | None) -> str:
    """``T5 T6 not in the hand of seat 0 (7.2)`` (or ``of this player``)."""
    if seat is None:
        return _("{cards} not in the hand of this player (7.2)").format(cards=cards_str(cards))
    return said_about(
        seat,
        _("{cards} not in your hand (7.2)"),
        _("{cards} not in the hand of seat {seat} (7.2)"),
        cards=cards_str(cards),
    )
