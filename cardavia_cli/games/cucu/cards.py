"""Cuccu cards: the 40-card pack and its notation (rules/cucu.md, sections 2 and 3).

The pack has no suits: 20 ranks, two identical copies of each. A card is handled as its **rank
index** (an ``int``, 0..19) in the canonical order ``lion mask bucket zero 1 .. 10 inn cat horse
hunter cuckoo fool``; for every rank but the Fool the index is its value plus 3, so comparing
indexes compares values. The canonical name (``lion``, ``7``, ``horse``) is used at every
boundary (input, output, logs); :class:`Card` is the value type for code that wants one.

>>> parse_card("XIIII"), parse_card(" viiii "), rank_of("Cucù") == CUCKOO
('hunter', '9', True)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.i18n import _

#: Canonical names by rank index (rules section 3), lowest to highest, the Fool last.
RANKS: tuple[str, ...] = (
    "lion",
    "mask",
    "bucket",
    "zero",
    *(str(k) for k in range(1, 11)),
    "inn",
    "cat",
    "horse",
    "hunter",
    "cuckoo",
    "fool",
)
NUM_RANKS = 20
COPIES = 2
PACK_SIZE = 40

LION, MASK, BUCKET, ZERO = 0, 1, 2, 3
INN, CAT, HORSE, HUNTER, CUCKOO, FOOL = 14, 15, 16, 17, 18, 19

#: The five high pictures: the only cards with powers, and only when their holder is asked (2, 7).
SPECIALS: frozenset[int] = frozenset({INN, CAT, HORSE, HUNTER, CUCKOO})

#: The pack in canonical order (rules section 2), as canonical names.
PACK: tuple[str, ...] = tuple(name for name in RANKS for _copy in range(COPIES))
#: The same pack as rank indexes.
PACK_RANKS: tuple[int, ...] = tuple(r for r in range(NUM_RANKS) for _copy in range(COPIES))

#: Traditional and site names per rank (rules section 2), for display.
ENGLISH_NAMES: tuple[str, ...] = (
    "Lion",
    "Mask",
    "Bucket",
    "Zero",
    *("I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "VIIII", "X"),
    "Inn",
    "Cat",
    "Horse",
    "Hunter",
    "Cuckoo",
    "Fool",
)

_ROMAN = ("I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "VIIII", "X")


def _build_aliases() -> dict[str, int]:
    """Every accepted spelling (lowercase, NFC) -> rank index: the alias table of section 3."""
    table: dict[str, int] = {name: r for r, name in enumerate(RANKS)}
    extra: dict[int, tuple[str, ...]] = {
        LION: ("-3", "leone", "bressa"),
        MASK: ("-2", "mascherone"),
        BUCKET: ("-1", "pail", "secchia"),
        ZERO: ("0", "nulla"),
        ZERO + 4: ("iv",),
        ZERO + 9: ("ix",),
        INN: ("xi", "11", "osteria", "taverna"),
        CAT: ("xii", "12", "gnao", "gatto"),
        HORSE: ("xiii", "13", "salta", "cavallo"),
        HUNTER: ("xiiii", "xiv", "14", "bragon", "bum"),
        CUCKOO: ("xv", "15", "cucco", "cucu", "cucù", "cuccù"),
        FOOL: ("matto",),
    }
    for k, roman in enumerate(_ROMAN, start=1):
        table[roman.lower()] = ZERO + k
    for rank, names in extra.items():
        for name in names:
            table[unicodedata.normalize("NFC", name)] = rank
    return table


_ALIASES = _build_aliases()


def rank_of(text: str) -> int:
    """The rank index (0..19) of one card in any notation of rules section 3.

    Case does not matter and surrounding spaces are ignored (``" Cavallo "`` is the Horse);
    accented names may be typed composed or decomposed. Raises
    :class:`~cardavia_cli.engine.errors.CardError` naming the text for anything else
    (``"16"``, ``"knight"``, ``"XVI"``, ``"²"``).
    """
    if not isinstance(text, str):
        raise CardError(f"a card is written as text, not {text!r}")
    key = unicodedata.normalize("NFC", text.strip()).lower()
    try:
        return _ALIASES[key]
    except KeyError:
        raise CardError(
            # TRANSLATORS: the card names are written as typed, as they are.
            _(
                "unknown card {text} (write lion, mask, bucket, zero, 1..10, inn, cat, horse, "
                "hunter, cuckoo or fool, or an alias such as XIIII or cucù)"
            ).format(text=repr(text))
        ) from None


def parse_card(text: str) -> str:
    """The canonical name of one card (rules 12.3 ``parse_card``): ``"XIIII"`` -> ``"hunter"``.

    Raises ``CardError`` for text that is no card (see :func:`rank_of`).
    """
    return RANKS[rank_of(text)]


def parse_cards(texts: Iterable[str]) -> list[int]:
    """Rank indexes of several cards; the first bad one raises ``CardError``."""
    return [rank_of(t) for t in texts]


def card_str(rank: int) -> str:
    """The canonical name of a rank index (``16`` -> ``"horse"``)."""
    return RANKS[rank]


def value(rank: int) -> int | None:
    """The value of a rank (section 2): -3 for the Lion .. 15 for the Cuckoo; ``None`` for the
    Fool, whose value depends on the showdown (section 9.2)."""
    return None if rank == FOOL else rank - ZERO


def is_special(rank: int) -> bool:
    """Whether the rank is one of the five high pictures with a power (Inn .. Cuckoo, 7.1-7.6)."""
    return rank in SPECIALS


def check_deck(ranks: Iterable[int]) -> None:
    """Check that ``ranks`` (rank indexes) is exactly the pack: 40 cards, each rank twice.

    Raises ``ValueError`` naming the first rank with a wrong count, or the card count.
    """
    counts = [0] * NUM_RANKS
    total = 0
    for r in ranks:
        counts[r] += 1
        total += 1
    if total != PACK_SIZE:
        raise ValueError(
            _("a deck has {size} cards, this one has {total}").format(size=PACK_SIZE, total=total)
        )
    for r, c in enumerate(counts):
        if c != COPIES:
            raise ValueError(
                _("a deck holds each card twice, this one has {count} x {card}").format(
                    count=c, card=RANKS[r]
                )
            )


def example_deck(start: Iterable[str], top: str | None = None) -> list[str]:
    """A deck in the shorthand of the worked examples (rules section 13), as canonical names.

    "Deck starts A B C": ``start`` (any notation) at ``deck[0], deck[1], ...``, then the other
    cards in canonical pack order with those copies taken out; "top = C": one more copy of
    ``top`` taken out and put at ``deck[39]``. Raises ``CardError`` for an unknown card and
    ``ValueError`` when a rank is asked for more than twice.

    >>> d = example_deck(["3", "9", "zero", "horse"], top="7")
    >>> d[:6], d[-2:], len(d)
    (['3', '9', 'zero', 'horse', 'lion', 'lion'], ['fool', '7'], 40)
    """
    head = [rank_of(t) for t in start]
    tail = [] if top is None else [rank_of(top)]
    counts = [COPIES] * NUM_RANKS
    for r in head + tail:
        counts[r] -= 1
        if counts[r] < 0:
            raise ValueError(f"the pack has only {COPIES} x {RANKS[r]}")
    rest = [r for r in range(NUM_RANKS) for _copy in range(counts[r])]
    return [RANKS[r] for r in head + rest + tail]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One Cuccu card: its rank index (0..19, canonical order). The two copies of a rank are the
    same card in the notation (section 3).

    >>> Card.parse("Salta"), str(Card.parse("-1")), Card.parse("X").value
    (Card.parse('horse'), 'bucket', 10)
    """

    rank: int

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int):
            raise CardError(f"a card rank is an int 0..{NUM_RANKS - 1}, not {self.rank!r}")
        if not 0 <= self.rank < NUM_RANKS:
            raise CardError(f"a card rank is an int 0..{NUM_RANKS - 1}, not {self.rank!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written ``text`` in any notation of section 3; raises ``CardError``."""
        return cls(rank_of(text))

    @property
    def value(self) -> int | None:
        """The card's value (section 2); ``None`` for the Fool."""
        return value(self.rank)

    @property
    def special(self) -> bool:
        """Whether the card has a power when its holder is asked (Inn, Cat, Horse, Hunter,
        Cuckoo)."""
        return self.rank in SPECIALS

    def __str__(self) -> str:
        return RANKS[self.rank]

    def __repr__(self) -> str:
        return f"Card.parse({RANKS[self.rank]!r})"
