"""The words every game's narration shares: seats as said to the person at ``viewer``,
ordinals, plurals and verbs that agree with the seat ("you ask", "seat 1 (right) asks").

One module, so that "you" and "seat 2 (across)" read the same in every game. A partnership
game names the seat across ``partner`` (``partners=True``). Every word here passes through the
message catalogs (:mod:`.i18n`). A sentence whose verb agrees with its seat is two messages, one
said to the viewer and one about another seat: :func:`by_seat`. :func:`does`, :func:`verb_for`,
:func:`possessive`, :func:`own` and :func:`plural` build English grammar and are for English-only
text (logs, developers' messages); a player's text uses :func:`by_seat` and ``ngettext``.

>>> seat_label(0), seat_label(2), seat_label(2, partners=True), seat_subject(1, viewer=1)
('you', 'seat 2 (across)', 'seat 2 (partner)', 'You')
>>> does(0, "ask"), does(3, "ask"), does(3, "have"), possessive(1), plural(1, "resto", "resti")
('You ask', 'Seat 3 (left) asks', 'Seat 3 (left) has', "seat 1 (right)'s", '1 resto')
"""

from __future__ import annotations

from cardavia_cli.engine.i18n import N_, _, language, pgettext
from cardavia_cli.engine.seats import SEAT_NAMES, distance, team

#: Where each seat sits from the viewer in a partnership game (section 1 of those games).
PARTNER_NAMES: tuple[str, ...] = ("you", "right", "partner", "left")
#: The words of :data:`SEAT_NAMES` and :data:`PARTNER_NAMES` for the catalogs.
_SEAT_WORDS = (N_("you"), N_("right"), N_("across"), N_("left"), N_("partner"))
ORDINALS: tuple[str, ...] = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
#: Third-person forms that are not the verb plus ``s``.
_THIRD = {"are": "is", "have": "has", "do": "does", "go": "goes", "pass": "passes"}


def seat_short(seat: int, viewer: int = 0, *, partners: bool = False) -> str:
    """``you``, ``right``, ``across`` (``partner`` in a partnership game) or ``left``."""
    return _((PARTNER_NAMES if partners else SEAT_NAMES)[distance(viewer, seat)])


def seat_label(seat: int, viewer: int = 0, *, partners: bool = False) -> str:
    """``you`` for the viewer, else ``seat 1 (right)``, ``seat 2 (across)`` (``seat 2
    (partner)`` in a partnership game), ``seat 3 (left)``."""
    if seat == viewer:
        return _("you")
    return _("seat {n} ({where})").format(n=seat, where=seat_short(seat, viewer, partners=partners))


def capital(text: str) -> str:
    """``text`` with its first letter in capitals (the start of a sentence); in Turkish a
    dotted ``i`` becomes ``İ``."""
    if language() == "tr" and text[:1] == "i":
        return "İ" + text[1:]
    return text[:1].upper() + text[1:]


def lower(text: str, lang: str | None = None) -> str:
    """``text`` in lower case as the language ``lang`` (default: the language spoken now)
    writes it: in Turkish ``I`` is ``ı`` and ``İ`` is ``i``.

    >>> lower("IŞIK İADE", "tr"), lower("Pass", "en")
    ('ışık iade', 'pass')
    """
    if (lang or language()) == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


def by_seat(
    seat: int,
    viewer: int,
    mine: str,
    theirs: str,
    *,
    partners: bool = False,
    name: str | None = None,
    **fields: object,
) -> str:
    """One of two translated sentences: ``mine`` when ``seat`` is the viewer (``_("You
    pass.")``), else ``theirs`` (``_("{Seat} passes.")``), formatted with ``fields`` and the
    seat's label as ``{seat}`` (``seat 1 (right)``) and ``{Seat}`` (``Seat 1 (right)``, at
    the start of a sentence), or ``name`` when the sentence names the seat otherwise
    (``right``). :func:`~cardavia_cli.engine.richtext.by_seat` is the same as styled text.

    >>> by_seat(0, 0, "You pass.", "{Seat} passes."), by_seat(3, 0, "You pass.", "{Seat} passes.")
    ('You pass.', 'Seat 3 (left) passes.')
    """
    label = seat_label(seat, viewer, partners=partners) if name is None else name
    text = mine if seat == viewer else theirs
    return text.format(seat=label, Seat=capital(label), **fields)


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
    return _(ORDINALS[place - 1])


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` for an irregular plural (``1 resto``, ``2 resti``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


#: Counts said in words (:func:`spelled`, :func:`number_word`); larger ones stay figures.
NUMBER_WORDS: tuple[str, ...] = (
    N_("no"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("eleven"),
    N_("twelve"),
)


def number_word(n: int) -> str:
    """The count ``n`` in words up to twelve (``three``; ``no`` for 0), a figure above, in the
    language spoken now: the ``{n}`` of ``ngettext("{n} card", "{n} cards", n)`` where a
    figure could be read as a card's number.

    >>> number_word(3), number_word(13)
    ('three', '13')
    """
    return _(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


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
    return _("us") if team_number == team(viewer) else _("them")


def team_name(team_number: int, viewer: int = 0) -> str:
    """``your team`` or ``their team``."""
    return _("your team") if team_number == team(viewer) else _("their team")


#: The context of the typed command words in the catalogs (``repl/verbs.py``, domain ``verbs``).
VERB_CONTEXT = "verb"


def said_action(action: object) -> str:
    """An action as a player may type it in the language spoken now: its verb in that
    language's word for it (``pgettext("verb", VERB)``, what the REPL reads too), the rest
    (cards, numbers) as it is: Turkish ``al yE yE`` for ``claim yE yE``, ``tut`` for ``keep``.

    >>> said_action("claim yE yE")
    'claim yE yE'
    """
    verb, sep, rest = str(action).partition(" ")
    word = pgettext(VERB_CONTEXT, verb) if verb else ""
    return (word or verb) + sep + rest
