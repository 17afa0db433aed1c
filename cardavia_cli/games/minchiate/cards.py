"""Minchiate cards: the 97-card pack, its notation and the card points (RULES.md 2, 3).

A card is a :class:`Card`, a frozen value holding its **canonical index** 0..96: ``0`` is the
Matto ``M``, ``1..40`` are the trumps ``T1..T40``, and ``41..96`` are the suit cards, suit by
suit in the order Cups, Coins, Swords, Batons (``C D S B``), each suit ``A 2 .. 10 J N Q K``.
Comparing cards therefore compares them in the canonical sort order of section 3.3, which is a
display order only (trick strength lives in :mod:`.tricks`). Every card exists once, so
:data:`PACK` holds the only 97 instances and :func:`parse_card` returns one of them.

>>> str(parse_card("fool")), str(parse_card("t7")), str(parse_card("1c")), parse_card("KS").points
('M', 'T7', 'AC', 5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.i18n import N_, _

SUITS = "CDSB"
SUIT_NAMES = ("Cups", "Coins", "Swords", "Batons")
#: Ranks of a suit in canonical order (3.1): ten number cards, then Fante, Cavallo, Regina, Re.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
RANK_NAMES: tuple[str, ...] = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10") + (
    "Fante",
    "Cavallo",
    "Regina",
    "Re",
)
PACK_SIZE = 97
NUM_TRUMPS = 40
#: The suit letter of trumps, as the suit to follow (9.2).
TRUMP_SUIT = "T"
#: Hand size after the deal and after the discards (6.3, 7.1).
HAND_SIZE = 21

_MATTO_ALIASES = ("m", "t0", "matto", "fool", "excuse")


def _code(index: int) -> str:
    if index == 0:
        return "M"
    if index <= NUM_TRUMPS:
        return f"T{index}"
    suit, rank = divmod(index - NUM_TRUMPS - 1, len(RANKS))
    return RANKS[rank] + SUITS[suit]


def _points(index: int) -> int:
    """Card points of section 2.2, by canonical index."""
    if index == 0:
        return 5  # the Matto
    if index <= NUM_TRUMPS:
        if index >= 36:
            return 10
        if index == 28 or 30 <= index <= 35 or index in (1, 10, 13, 20):
            return 5
        if 2 <= index <= 5:
            return 3
        return 0
    return 5 if _code(index)[0] == "K" else 0


CODES: tuple[str, ...] = tuple(_code(i) for i in range(PACK_SIZE))
_HASHES: tuple[int, ...] = tuple(hash((i,)) for i in range(PACK_SIZE))
_SUIT_OF: tuple[str | None, ...] = (
    None,
    *(TRUMP_SUIT,) * NUM_TRUMPS,
    *(SUITS[(i - NUM_TRUMPS - 1) // len(RANKS)] for i in range(NUM_TRUMPS + 1, PACK_SIZE)),
)
_RANK_OF: tuple[str | None, ...] = (
    *(None,) * (NUM_TRUMPS + 1),
    *(RANKS[(i - NUM_TRUMPS - 1) % len(RANKS)] for i in range(NUM_TRUMPS + 1, PACK_SIZE)),
)
_POINTS: tuple[int, ...] = tuple(_points(i) for i in range(PACK_SIZE))


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the Minchiate pack, by canonical index 0..96 (see the module docstring).

    ``Card.parse(text)`` reads any accepted notation (3.2); ``str(card)`` is the canonical code
    (3.1); ``repr(card)`` is ``Card.parse('KS')``. Cards order canonically (3.3).
    Raises ``CardError`` for an index outside 0..96.
    """

    index: int

    # The hash is that of the generated one (of the tuple of fields), looked up rather than
    # built: set and dict orders stay exactly as they were, at a fraction of the cost.
    def __hash__(self) -> int:
        return _HASHES[self.index]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    def __post_init__(self) -> None:
        if isinstance(self.index, bool) or not isinstance(self.index, int):
            raise CardError(f"a Minchiate card index is an int 0..96, not {self.index!r}")
        if not 0 <= self.index < PACK_SIZE:
            raise CardError(f"a Minchiate card index is 0..96, not {self.index}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written ``text`` in any accepted notation (3.2); see :func:`parse_card`."""
        return parse_card(text)

    def __str__(self) -> str:
        return CODES[self.index]

    # Canonical order (3.3) by index, written out: the generated comparisons build tuples,
    # which made sorting hands the slowest step of a legal-play query.
    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __repr__(self) -> str:
        return f"Card.parse({CODES[self.index]!r})"

    @property
    def is_matto(self) -> bool:
        """Whether this is the Matto ``M``."""
        return self.index == 0

    @property
    def is_trump(self) -> bool:
        """Whether this is one of the numbered trumps ``T1..T40`` (the Matto is not)."""
        return 0 < self.index <= NUM_TRUMPS

    @property
    def number(self) -> int:
        """The trump number 1..40; 0 for the Matto and for suit cards."""
        return self.index if self.is_trump else 0

    @property
    def suit(self) -> str | None:
        """``"C" "D" "S" "B"`` for suit cards, ``"T"`` for trumps, ``None`` for the Matto."""
        return _SUIT_OF[self.index]

    @property
    def rank(self) -> str | None:
        """The rank letter of a suit card (``"A"``, ``"2"`` .. ``"10"``, ``J N Q K``), else
        ``None``."""
        return _RANK_OF[self.index]

    @property
    def points(self) -> int:
        """The card's own points (2.2); ``T29`` is 0 here (5 only inside a combination)."""
        return _POINTS[self.index]

    @property
    def is_counting(self) -> bool:
        """Whether the card is a *counting card*: worth more than 0 points (2.2)."""
        return _POINTS[self.index] > 0

    @property
    def is_king(self) -> bool:
        """Whether the card is a Re (King) of a suit."""
        return _RANK_OF[self.index] == "K"

    @property
    def name(self) -> str:
        """A readable name: ``"the Matto"``, ``"trump 29"``, ``"Re of Swords"``."""
        if self.index == 0:
            return "the Matto"
        if self.is_trump:
            return f"trump {self.index}"
        rank = (self.index - NUM_TRUMPS - 1) % len(RANKS)
        suit = (self.index - NUM_TRUMPS - 1) // len(RANKS)
        return f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


#: The 97 cards in canonical order (2.1, 3.3): M, T1..T40, then Cups, Coins, Swords, Batons.
PACK: tuple[Card, ...] = tuple(Card(i) for i in range(PACK_SIZE))
MATTO = PACK[0]
T29 = PACK[29]


def trump(number: int) -> Card:
    """The trump ``T<number>`` for ``number`` in 1..40; raises ``CardError`` otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= NUM_TRUMPS:
        raise CardError(f"trumps are numbered 1..40, not {number!r}")
    return PACK[number]


def suit_card(rank: str, suit: str) -> Card:
    """The suit card of canonical ``rank`` (``"A"`` .. ``"K"``) and ``suit`` (``"C" "D" "S"
    "B"``); raises ``CardError`` otherwise."""
    if rank not in RANKS or len(suit) != 1 or suit not in SUITS:
        raise CardError(f"no suit card of rank {rank!r} and suit {suit!r}")
    return PACK[NUM_TRUMPS + 1 + SUITS.index(suit) * len(RANKS) + RANKS.index(rank)]


def _build_aliases() -> dict[str, Card]:
    table: dict[str, Card] = {alias: MATTO for alias in _MATTO_ALIASES}
    for card in PACK[1:]:
        table[str(card).lower()] = card
        if card.rank == "A":
            table["1" + str(card)[-1].lower()] = card
    return table


_ALIASES = _build_aliases()

#: The marks of the colour-blind palette after a card's code (``KC♥``): the French suit of
#: each suit (Cups hearts, Coins diamonds, Swords spades, Batons clubs), a star for the trumps
#: and the Matto, with their ASCII stand-ins (``--ascii``: ``KC<``). The views draw them;
#: :func:`parse_card` takes a card back as it was shown.
SUIT_MARKS = {
    "C": ("♥", "<"),
    "D": ("♦", "+"),
    "S": ("♠", "^"),
    "B": ("♣", "%"),
    TRUMP_SUIT: ("★", "#"),
}
MATTO_MARK = ("☆", "@")
_MARKS = frozenset(m for pair in (*SUIT_MARKS.values(), MATTO_MARK) for m in pair)


def marks_of(card: Card) -> tuple[str, str]:
    """The marks of ``card`` in the colour-blind palette: ``(symbol, ascii)``."""
    return MATTO_MARK if card.is_matto else SUIT_MARKS[card.suit or TRUMP_SUIT]


def _shown(key: str) -> Card | None:
    """The card written ``key`` as a view shows it: its points in brackets, then its
    colour-blind mark after the code (``KC(5)♥``, ``T36(10)#``), else ``None``."""
    mark = key[-1:] if key[-1:] in _MARKS else ""
    rest = key[: len(key) - len(mark)]
    code, _open, points = rest.partition("(")
    card = _ALIASES.get(code.lower()) if code.isascii() else None
    if card is None or (mark and mark not in marks_of(card)):
        return None
    if _open and not (card.is_counting and points == f"{card.points})"):
        return None
    return card


_NOTATION = N_("trumps are T1..T40, the Matto M, suit cards rank then suit, e.g. KS, NC, 10D, AB")


def parse_card(text: str) -> Card:
    """The card written ``text``, case-insensitive, in any accepted notation (3.2).

    Accepted: the canonical codes (``T1``..``T40``, ``M``, ``AC``..``KB``); for the Matto also
    ``T0``, ``matto``, ``fool``, ``excuse``; rank ``1`` for the ace (``1c`` = ``AC``); a card
    as a view shows it, with its points and its colour-blind mark (``KC(5)♥``). Surrounding
    white space is ignored. Anything else (``TC``, ``T07``, ``T41``, ``11C``, non-ASCII
    look-alikes such as the Kelvin sign) raises ``CardError`` naming the text and the
    notation.
    """
    key = text.strip()
    card = _ALIASES.get(key.lower()) if key.isascii() else None
    if card is None:
        card = _shown(key)
    if card is None:
        if key.isascii() and len(key) == 2 and key[0] in "tT" and key[1].upper() in SUITS:
            said = _("{text} is not a Minchiate card: tens are written {ten}, trumps T1..T40")
        else:
            said = _("{text} is not a Minchiate card ({notation})")
        ten = f"10{key[1:2].upper()}"
        raise CardError(said.format(text=repr(text), ten=ten, notation=_(_NOTATION)))
    return card


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """The cards of several texts, in the given order; the first bad one raises ``CardError``."""
    return [parse_card(t) for t in texts]


def parse_card_set(texts: Iterable[str]) -> list[Card]:
    """Cards that must all differ (a hand, a pile, a trick: the pack holds each card once).

    Returns them in the given order. Raises ``CardError`` for bad text or a card given twice.
    """
    cards = parse_cards(texts)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(
                _("{card} is given twice; the Minchiate pack holds each card once").format(
                    card=card
                )
            )
        seen.add(card)
    return cards


def card_points(card: Card) -> int:
    """The points of one card (2.2): 10, 5, 3 or 0; ``T29`` is 0."""
    return _POINTS[card.index]


def total_points(cards: Iterable[Card]) -> int:
    """The sum of the cards' own points (2.2; ``T29`` counts 0)."""
    return sum(_POINTS[c.index] for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """The cards in canonical order (3.3): ``M``, ``T1``..``T40``, then suits C, D, S, B, each
    ``A 2 .. 10 J N Q K``."""
    return sorted(cards)


def cards_str(cards: Iterable[Card]) -> str:
    """Canonical codes joined by spaces, in the given order."""
    return " ".join(CODES[c.index] for c in cards)


def codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of the cards, in the given order."""
    return [CODES[c.index] for c in cards]
