"""Guandan cards: the two-pack deck, the notation, single strength and wild cards.

RULES.md sections 2, 3, 5.2, 6.1 and 6.2.

Two views of a card are used:

- a **code** (an ``int`` 0..53) names a face: ``4 * (natural - 2) + suit`` for the 52 ordinary
  faces (natural value 2..14, suit 0..3 for ``S H D C``), ``52`` for ``BJ`` and ``53`` for
  ``RJ``. The two copies of a face share its code. Combinations are about faces only, so the
  rule functions of :mod:`.combos` work on codes and count vectors;
- a :class:`Card` is one physical card, ``(code, copy)`` with ``copy`` 0 or 1, so that playing
  one of two identical cards removes only that one from a hand (:func:`take`).

The canonical order of the pack (rules E36) is "pack 1 then pack 2, each pack listed
``2S 2H 2D 2C 3S 3H ... AS AH AD AC BJ RJ``": the deck index of a card is
``54 * copy + code``.

>>> parse_code("10h"), code_str(parse_code("bj")), str(Card.parse("Th", copy=1))
(33, 'BJ', 'TH')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardError, DealFileError, IllegalActionError
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.seats import NUM_SEATS, SEATS

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
BJ, RJ = 52, 53
NUM_CODES = 54
COPIES = 2
DECK_SIZE = 108
HAND_SIZE = 27
#: The natural values of the ranks, 2..14 (A = 14), and the values of the jokers.
ACE = 14
BJ_VALUE, RJ_VALUE, LEVEL_VALUE = 16, 17, 15
LEVELS: tuple[int, ...] = tuple(range(2, ACE + 1))

#: The canonical text of each code.
CODES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS) + ("BJ", "RJ")

#: Natural value of each code (6.1): 2..14 for ordinary cards; jokers keep their single value.
NATURAL: tuple[int, ...] = tuple(2 + c // 4 for c in range(52)) + (BJ_VALUE, RJ_VALUE)
#: Suit of each code, 0..3 (``S H D C``); -1 for the jokers.
SUIT: tuple[int, ...] = tuple(c % 4 for c in range(52)) + (-1, -1)


def _aliases() -> dict[str, int]:
    table: dict[str, int] = {"bj": BJ, "rj": RJ}
    for code, text in enumerate(CODES[:52]):
        table[text.lower()] = code
        if text[0] == "T":
            table["10" + text[1].lower()] = code
    return table


_CARD_TEXT = _aliases()

#: The mark of a wild card (6.2) after its code in a hand or a play (``2H*``).
WILD_MARK = "*"
#: The marks of the colour-blind palette after a card's code (``AH♥``): each suit's symbol
#: and a star for each joker, with their ASCII stand-ins (``--ascii``: ``AH<``; never ``*``,
#: the wild mark). The views draw them; :func:`parse_code` takes a card back as it was shown.
SUIT_MARKS = (("♠", "^"), ("♥", "<"), ("♦", "+"), ("♣", "%"))
JOKER_MARKS = {BJ: ("☆", "&"), RJ: ("★", "@")}
_MARKS = frozenset(m for pair in (*SUIT_MARKS, *JOKER_MARKS.values()) for m in pair)


def marks_of(code: int) -> tuple[str, str]:
    """The marks of card ``code`` in the colour-blind palette: ``(symbol, ascii)``."""
    return JOKER_MARKS[code] if code in JOKER_MARKS else SUIT_MARKS[SUIT[code]]


def _shown(key: str) -> int | None:
    """The card written ``key`` (lower case) as a view shows it: its colour-blind mark and
    then, on a heart, the wild mark after the code (``2h♥*``, ``ah<``), else ``None``."""
    wild = key.endswith(WILD_MARK)
    if wild:
        key = key[: -len(WILD_MARK)]
    code = _CARD_TEXT.get(key)
    if code is None and key[-1:] in _MARKS:
        code = _CARD_TEXT.get(key[:-1])
        if code is not None and key[-1] not in marks_of(code):
            code = None
    if code is None or (wild and (code in JOKER_MARKS or SUIT[code] != HEARTS)):
        return None
    return code


_LEVEL_TEXT: dict[str, int] = {r.lower(): 2 + i for i, r in enumerate(RANKS)} | {"10": 10}


def parse_code(text: str) -> int:
    """The code of one card written in the notation of section 3: ``TH``, ``th``, ``10H``,
    ``BJ``, ``rj``, or as a view shows it (``AH♥``, ``2H*``, ``AH<`` with ``--ascii``).
    Raises :class:`CardError` naming the text for anything else."""
    key = text.strip().lower()
    code = _CARD_TEXT.get(key)
    if code is None:
        code = _shown(key)
    if code is None:
        raise CardError(
            _("unknown card {text} (write rank then suit, e.g. TH, 2S, 10D, or BJ, RJ)").format(
                text=repr(text)
            )
        )
    return code


def parse_codes(texts: Iterable[str]) -> list[int]:
    """Codes of several cards; the first bad one raises :class:`CardError`. A face written
    more than twice raises :class:`CardError` too (section 2: every card exists twice)."""
    codes = [parse_code(t) for t in texts]
    check_copies(codes)
    return codes


def check_copies(codes: Iterable[int]) -> None:
    """Raise :class:`CardError` if a code occurs more than twice (section 2)."""
    seen = [0] * NUM_CODES
    for c in codes:
        seen[c] += 1
        if seen[c] > COPIES:
            raise CardError(
                _("{card} appears more than twice (there are two packs)").format(card=CODES[c])
            )


def code_str(code: int) -> str:
    """The canonical text of a code (``33`` -> ``"TH"``)."""
    return CODES[code]


def codes_str(codes: Iterable[int]) -> str:
    """Canonical texts joined by spaces, in the given order."""
    return " ".join(CODES[c] for c in codes)


def parse_level(text: str) -> int:
    """The natural value 2..14 of a level written as a rank letter (section 3): ``2``..``9``,
    ``T`` (or ``10``), ``J``, ``Q``, ``K``, ``A``, any case. Raises :class:`CardError`."""
    key = text.strip().lower()
    if key not in _LEVEL_TEXT:
        raise CardError(
            _("unknown level {text} (write 2..9, T, J, Q, K or A)").format(text=repr(text))
        )
    return _LEVEL_TEXT[key]


def level_str(level: int) -> str:
    """The rank letter of a level (natural value 2..14): ``10`` -> ``"T"``."""
    return RANKS[level - 2]


def wild_code(level: int) -> int:
    """The code of the wild card at ``level`` (natural value 2..14): the heart of the level
    rank (6.2)."""
    return 4 * (level - 2) + HEARTS


def is_wild(code: int, level: int) -> bool:
    """Whether ``code`` is a wild card at ``level`` (6.2): only the hearts of the level rank."""
    return code == 4 * (level - 2) + HEARTS


def _value_table(level: int) -> tuple[int, ...]:
    return tuple(LEVEL_VALUE if NATURAL[c] == level else NATURAL[c] for c in range(52)) + (
        BJ_VALUE,
        RJ_VALUE,
    )


#: ``VALUES[level][code]``: single strength of every code at every level 2..14 (6.1).
VALUES: dict[int, tuple[int, ...]] = {lv: _value_table(lv) for lv in LEVELS}


def single_value(code: int, level: int) -> int:
    """Single strength of a card at ``level`` (6.1): 2..14 by face, 15 for every card of the
    level rank (wild hearts included), 16 for ``BJ``, 17 for ``RJ``."""
    return VALUES[level][code]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card of the 108: its face ``code`` (0..53) and which ``copy`` (0 or 1).

    The notation (``str``) is the face only: both copies print the same, and ``parse`` gives
    the first copy unless told otherwise. Ordering follows the canonical deck order.
    """

    copy: int
    code: int

    def __init__(self, code: int, copy: int = 0) -> None:
        if not (isinstance(code, int) and 0 <= code < NUM_CODES) or copy not in (0, 1):
            raise CardError(f"no card has code {code!r} and copy {copy!r}")
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "copy", copy)

    @classmethod
    def parse(cls, text: str, copy: int = 0) -> Card:
        """The card written ``text`` (any alias of section 3), copy ``copy``; raises
        :class:`CardError`."""
        return cls(parse_code(text), copy)

    @property
    def index(self) -> int:
        """Position 0..107 of the card in the canonical deck order (E36)."""
        return NUM_CODES * self.copy + self.code

    @property
    def natural(self) -> int:
        """Natural value 2..14 (jokers: 16, 17)."""
        return NATURAL[self.code]

    @property
    def suit(self) -> int:
        """Suit 0..3 (``S H D C``), -1 for a joker."""
        return SUIT[self.code]

    def value(self, level: int) -> int:
        """Single strength at ``level`` (6.1)."""
        return VALUES[level][self.code]

    def is_wild(self, level: int) -> bool:
        """Whether this card is wild at ``level`` (6.2)."""
        return self.code == 4 * (level - 2) + HEARTS

    def __str__(self) -> str:
        return CODES[self.code]

    def __repr__(self) -> str:
        if self.copy:
            return f"Card.parse({CODES[self.code]!r}, copy=1)"
        return f"Card.parse({CODES[self.code]!r})"


#: The 108 cards in canonical order (E36): pack 1 (copy 0) then pack 2 (copy 1).
DECK: tuple[Card, ...] = tuple(Card(code, copy) for copy in (0, 1) for code in range(NUM_CODES))


def card_at(index: int) -> Card:
    """The card at position ``index`` (0..107) of the canonical deck order."""
    return DECK[index]


def cards_of(codes: Iterable[int]) -> list[Card]:
    """Physical cards for a list of codes: the first occurrence of a face is copy 0, the
    second copy 1. Raises :class:`CardError` for a face given more than twice."""
    seen = [0] * NUM_CODES
    out = []
    for c in codes:
        if seen[c] >= COPIES:
            raise CardError(f"{CODES[c]} appears more than twice (there are two packs)")
        out.append(DECK[NUM_CODES * seen[c] + c])
        seen[c] += 1
    return out


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Physical cards for card texts (see :func:`cards_of`); raises :class:`CardError`."""
    return cards_of(parse_code(t) for t in texts)


def canonical_sort(cards: Iterable[Card]) -> list[Card]:
    """Cards in canonical deck order (E36)."""
    return sorted(cards, key=lambda c: c.index)


def hand_order(cards: Iterable[Card], level: int) -> list[Card]:
    """Cards in the display order of section 3 at ``level``: increasing single strength
    (6.1), then suit ``S H D C``, then copy."""
    values = VALUES[level]
    return sorted(cards, key=lambda c: (values[c.code], SUIT[c.code], c.copy))


def format_hand(cards: Iterable[Card], level: int, mark: str = "*") -> str:
    """A hand in :func:`hand_order`, wild cards followed by ``mark``:
    ``"3S 9D 2H* BJ"`` at level 2."""
    wild = wild_code(level)
    return " ".join(
        CODES[c.code] + (mark if c.code == wild else "") for c in hand_order(cards, level)
    )


def take(hand: Sequence[Card], codes: Iterable[int]) -> tuple[list[Card], list[Card]]:
    """Remove the cards of a play from a hand: ``(taken, rest)``.

    ``codes`` lists faces (a face twice for both copies). Each face takes the held card of the
    lowest copy not yet taken, so playing one of two identical cards removes only that one.
    Raises :class:`IllegalActionError` (rule 8.2: "a card listed twice must be held twice")
    when the hand lacks a card.
    """
    rest = list(hand)
    taken: list[Card] = []
    for code in codes:
        held = [i for i, c in enumerate(rest) if c.code == code]
        if not held:
            have = sum(1 for c in hand if c.code == code)
            raise IllegalActionError(
                f"{CODES[code]} is not in the hand often enough (held {have}; rule 8.2: "
                "a card listed twice must be held twice)"
            )
        best = min(held, key=lambda i: rest[i].copy)
        taken.append(rest.pop(best))
    return taken, rest


def deal(deck: Sequence[Card]) -> list[list[Card]]:
    """The four hands of a deal, each in dealt order (5.2): the card at index ``i`` goes to
    seat ``i mod 4``. ``deck`` is the 108 cards, index 0 the top.

    Raises :class:`DealFileError` unless the deck is exactly the 108 cards.
    """
    if len(deck) != DECK_SIZE or len({c.index for c in deck}) != DECK_SIZE:
        raise DealFileError(f"a deck is the {DECK_SIZE} cards of two packs, each exactly once")
    return [list(deck[seat::NUM_SEATS]) for seat in SEATS]


def deck_of(texts: Sequence[str]) -> list[Card]:
    """A deck from its 108 card texts (copies assigned in order, :func:`cards_of`); raises
    :class:`CardError` for a bad card or a face more than twice, :class:`DealFileError` for
    a wrong count."""
    cards = parse_cards(texts)
    if len(cards) != DECK_SIZE:
        raise DealFileError(f"a deck lists {DECK_SIZE} cards, not {len(cards)}")
    return cards
