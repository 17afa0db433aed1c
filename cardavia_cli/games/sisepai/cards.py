"""Si Se Pai cards: the 117-card pack and its notation (rules/sisepai.md, sections 2 and 3).

A card is handled as its **code index** (an ``int``): ``index = 7 * colour + piece`` for the 28
chess cards (colours ``r y w g``, pieces ``K A E R H C P``) and ``28`` for the flower ``F``.
Indexes make hands into 29-slot count vectors, which is what keeps the win check fast; the
canonical text (``rK``, ``gP``, ``F``) is used at every boundary (input, output, saves).

>>> parse_card("red-general"), card_str(parse_card("GREEN_SOLDIER"))
(0, 'gP')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardavia_cli.engine.counts import count_vector
from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.i18n import N_, _

COLOURS = "rywg"
PIECES = "KAERHCP"
COLOUR_NAMES = ("red", "yellow", "white", "green")
PIECE_NAMES = ("General", "Advisor", "Elephant", "Chariot", "Horse", "Cannon", "Soldier")

GENERAL, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, SOLDIER = range(7)
FLOWER = 28
NUM_CODES = 29
#: Copies of each code in the pack: 4 of every chess card, 5 flowers.
COPIES: tuple[int, ...] = (4,) * 28 + (5,)
PACK_SIZE = 117

CODES: tuple[str, ...] = tuple(c + p for c in COLOURS for p in PIECES) + ("F",)
#: The pack in canonical order: each chess code 4 times, then 5 flowers (rules E13).
PACK: tuple[str, ...] = tuple(code for i, code in enumerate(CODES) for _ in range(COPIES[i]))

_PIECE_ALIASES = {
    GENERAL: ("general", "king"),
    ADVISOR: ("advisor", "adviser", "guard", "mandarin"),
    ELEPHANT: ("elephant", "minister"),
    CHARIOT: ("chariot", "rook", "car"),
    HORSE: ("horse", "knight", "horseman"),
    CANNON: ("cannon", "catapult"),
    SOLDIER: ("soldier", "pawn"),
}


def _build_aliases() -> dict[str, int]:
    table: dict[str, int] = {"f": FLOWER, "fl": FLOWER, "flower": FLOWER}
    for ci, colour in enumerate(COLOURS):
        for pi, piece in enumerate(PIECES):
            table[(colour + piece).lower()] = 7 * ci + pi
            for name in _PIECE_ALIASES[pi]:
                for sep in "-_":
                    table[f"{COLOUR_NAMES[ci]}{sep}{name}"] = 7 * ci + pi
    return table


_ALIASES = _build_aliases()
#: Canonical codes as written (the common case, looked up before any case folding).
_CANONICAL = {code: i for i, code in enumerate(CODES)}

#: The marks a card is shown with in the colour-blind palette, after its code (``rK◆``): each
#: colour's symbol and the flowers', with their ASCII stand-ins (``--ascii``: ``rK*``). The
#: views draw them; :func:`parse_card` takes a card back as it was shown.
COLOUR_MARKS = (("◆", "*"), ("●", "+"), ("○", "o"), ("▲", "#"))
FLOWER_MARK = ("✿", "%")


def marks_of(code: int) -> tuple[str, str]:
    """The marks of card ``code``: ``(symbol, ascii)``."""
    return FLOWER_MARK if code == FLOWER else COLOUR_MARKS[code // 7]


def parse_card(text: str) -> int:
    """The code index of one card in any accepted notation (rules 3.2), case-insensitive, or
    as a view shows it, with the mark of the colour-blind palette (``yA●``, ``yE+``).

    Raises :class:`~cardavia_cli.engine.errors.CardError` naming the text for anything else
    (``F1``, ``red``, ``xK``, ``red-flower``).
    """
    code = _CANONICAL.get(text)
    if code is not None:
        return code
    key = text.strip().lower()
    code = _ALIASES.get(key)
    if code is None:
        code = _shown(key)
    if code is not None:
        return code
    raise CardError(
        _("unknown card {card} (write e.g. rK, gP, F, or red-general)").format(card=repr(text))
    )


def _shown(key: str) -> int | None:
    """The card written ``key`` (lower case) as a view shows it, its mark after the code
    (``ya●``, ``ye+``), else ``None``."""
    for mark in {m for pair in (*COLOUR_MARKS, FLOWER_MARK) for m in pair}:
        if key.endswith(mark):
            code = _ALIASES.get(key[: -len(mark)])
            if code is not None and mark in marks_of(code):
                return code
    return None


def canonical(text: str) -> str:
    """The canonical code of ``text`` (``"Wr"`` -> ``"wR"``); raises ``CardError``."""
    return CODES[parse_card(text)]


def parse_cards(texts: Iterable[str]) -> list[int]:
    """Code indexes of several cards; the first bad one raises ``CardError``."""
    return [parse_card(t) for t in texts]


def card_str(code: int) -> str:
    """The canonical text of a code index."""
    return CODES[code]


def cards_str(codes: Iterable[int]) -> str:
    """Canonical texts joined by spaces, in the given order."""
    return " ".join(CODES[c] for c in codes)


def colour_of(code: int) -> int:
    """Colour index 0..3 of a chess card (``r y w g``); -1 for the flower."""
    return -1 if code == FLOWER else code // 7


def piece_of(code: int) -> int:
    """Piece index 0..6 of a chess card (``K A E R H C P``); -1 for the flower."""
    return -1 if code == FLOWER else code % 7


def is_general(code: int) -> bool:
    """Whether the card is a General (``?K``)."""
    return code != FLOWER and code % 7 == GENERAL


#: Each code's name for a player (:func:`card_name`), in code order.
_CARD_NAMES: tuple[str, ...] = (
    N_("red General"),
    N_("red Advisor"),
    N_("red Elephant"),
    N_("red Chariot"),
    N_("red Horse"),
    N_("red Cannon"),
    N_("red Soldier"),
    N_("yellow General"),
    N_("yellow Advisor"),
    N_("yellow Elephant"),
    N_("yellow Chariot"),
    N_("yellow Horse"),
    N_("yellow Cannon"),
    N_("yellow Soldier"),
    N_("white General"),
    N_("white Advisor"),
    N_("white Elephant"),
    N_("white Chariot"),
    N_("white Horse"),
    N_("white Cannon"),
    N_("white Soldier"),
    N_("green General"),
    N_("green Advisor"),
    N_("green Elephant"),
    N_("green Chariot"),
    N_("green Horse"),
    N_("green Cannon"),
    N_("green Soldier"),
    N_("flower"),
)


def card_name(code: int) -> str:
    """A readable name in the language spoken now, e.g. ``"red General"`` or ``"flower"``."""
    return _(_CARD_NAMES[code])


def counts_of(codes: Iterable[int]) -> list[int]:
    """A 29-slot count vector of the given code indexes."""
    return count_vector(codes, NUM_CODES)


def expand(counts: Sequence[int]) -> list[int]:
    """The code indexes of a count vector, in canonical order."""
    return [c for c in range(NUM_CODES) for _ in range(counts[c])]
