"""The words every game's narration shares: seats as said to the person at ``viewer``,
ordinals, plurals and verbs that agree with the seat ("you ask", "seat 1 (right) asks").

One module, so that "you" and "seat 2 (across)" read the same in every game. A partnership
game names the seat across ``partner`` (``partners=True``).

>>> seat_label(0), seat_label(2), seat_label(2, partners=True), seat_subject(1, viewer=1)
('you', 'seat 2 (across)', 'seat 2 (partner)', 'You')
>>> does(0, "ask"), does(3, "ask"), does(3, "have"), possessive(1), plural(1, "resto", "resti")
('You ask', 'Seat 3 (left) asks', 'Seat 3 (left) has', "seat 1 (right)'s", '1 resto')
"""

from __future__ import annotations

from cardavia_cli.engine.seats import SEAT_NAMES, distance, team

#: Where each seat sits from the viewer in a partnership game (section 1 of those games).
PARTNER_NAMES: tuple[str, ...] = ("you", "right", "partner", "left")
ORDINALS: tuple[str, ...] = ("1st", "2nd", "3rd", "4th")
#: Third-person forms that are not the verb plus ``s``.
_THIRD = {"are": "is", "have": "has", "do": "does", "go": "goes", "pass": "passes"}


def seat_short(seat: int, viewer: int = 0, *, partners: bool = False) -> str:
    """``you``, ``right``, ``across`` (``partner`` in a partnership game) or ``left``."""
    return (PARTNER_NAMES if partners else SEAT_NAMES)[distance(viewer, seat)]


def seat_label(seat: int, viewer: int = 0, *, partners: bool = False) -> str:
    """``you`` for the viewer, else ``seat 1 (right)``, ``seat 2 (across)`` (``seat 2
    (partner)`` in a partnership game), ``seat 3 (left)``."""
    if seat == viewer:
        return "you"
    return f"seat {seat} ({seat_short(seat, viewer, partners=partners)})"


def capital(text: str) -> str:
    """``text`` with its first letter in capitals (the start of a sentence)."""
    return text[:1].upper() + text[1:]


def seat_subject(seat: int, viewer: int = 0, *, partners: bool = False) -> str:
    """:func:`seat_label` at the start of a sentence: ``You``, ``Seat 1 (right)``."""
    return capital(seat_label(seat, viewer, partners=partners))


def possessive(seat: int, viewer: int = 0, *, partners: bool = False) -> str:
    """``your`` or ``seat 1 (right)'s``."""
    return "your" if seat == viewer else f"{seat_label(seat, viewer, partners=partners)}'s"


def own(seat: int, viewer: int = 0) -> str:
    """``your`` for the viewer, ``their`` for another seat (after the seat was named)."""
    return "your" if seat == viewer else "their"


def verb_for(seat: int, viewer: int, verb: str, third: str | None = None) -> str:
    """``verb`` agreeing with the seat: ``ask`` for the viewer, ``asks`` (or ``third``, or the
    irregular form: ``is``, ``has``) for another seat."""
    if seat == viewer:
        return verb
    return third or _THIRD.get(verb, verb + "s")


def does(seat: int, verb: str, viewer: int = 0, *, partners: bool = False) -> str:
    """The seat and its verb at the start of a sentence: ``You ask``, ``Seat 1 (right)
    asks``."""
    return f"{seat_subject(seat, viewer, partners=partners)} {verb_for(seat, viewer, verb)}"


def ordinal(place: int) -> str:
    """``1st`` .. ``4th`` for places 1..4."""
    return ORDINALS[place - 1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` for an irregular plural (``1 resto``, ``2 resti``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


#: Counts said in words (:func:`spelled`); larger ones stay figures.
NUMBER_WORDS: tuple[str, ...] = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def spelled(n: int, word: str, many: str | None = None) -> str:
    """:func:`plural` with the count in words up to twelve, where a figure could be read as
    something else (a card's number in a list): ``one card``, ``three cards``, ``no cards``,
    ``13 cards``.

    >>> spelled(1, "card"), spelled(3, "resto", "resti"), spelled(13, "card")
    ('one card', 'three resti', '13 cards')
    """
    text = plural(n, word, many)
    if 0 <= n < len(NUMBER_WORDS):
        return NUMBER_WORDS[n] + text[len(str(n)) :]
    return text


def team_word(team_number: int, viewer: int = 0) -> str:
    """``us`` for the viewer's team, ``them`` for the other."""
    return "us" if team_number == team(viewer) else "them"


def team_name(team_number: int, viewer: int = 0) -> str:
    """``your team`` or ``their team``."""
    return "your team" if team_number == team(viewer) else "their team"
