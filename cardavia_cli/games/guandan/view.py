"""Rich renderables of a Guandan seat's view for the REPL (RULES.md sections 1, 4, 6.1, 6.2,
7, 8, 9, 10, 11).

Everything here works on a :class:`~.rules.GuandanView` (what one seat may see) and returns
rich renderables or plain strings; nothing prints. Lines wrap at word boundaries, so the
status stays readable at 80 columns and degrades to shorter lines at 40.

Seats are named from the viewer: ``you``, ``seat 1 (right)``, ``seat 2 (partner)``, ``seat 3
(left)`` (section 4: the partner sits across). Cards are written in the canonical notation
of section 3; the wild hearts of the deal's level (6.2) carry a ``*``.

Every word passes through the message catalogs (domain ``guandan``, :mod:`~.engine.i18n`):
each line is one whole translated sentence, filled by :func:`~.engine.richtext.fill` (cards
keep their own colours); card codes, the rank letters of levels and keys, and the typed syntax
(``play CARDS [as TYPE KEY]``) stay as they are in every language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine import display, richtext
from cardavia_cli.engine.game import Outcome
from cardavia_cli.engine.i18n import _, ngettext, pgettext
from cardavia_cli.engine.richtext import fill
from cardavia_cli.engine.seats import SEATS, next_seat, partner, team
from cardavia_cli.engine.words import (
    number_word,
    ordinal,
    seat_label,
    seat_short,
    seat_subject,
    team_word,
)
from cardavia_cli.games.guandan.cards import (
    BJ,
    CODES,
    RJ,
    SUIT,
    VALUES,
    WILD_MARK,
    is_wild,
    level_str,
    marks_of,
)
from cardavia_cli.games.guandan.combos import Interpretation, combination_words, ranks_words
from cardavia_cli.games.guandan.rules import GuandanView, Phase

#: Seats named for the partnership game (section 4: the partner sits across): ``you``,
#: ``seat 1 (right)``, ``seat 2 (partner)``, ``seat 3 (left)``; at the start of a sentence;
#: ``right``, ``partner``, ``left`` alone.
label = partial(seat_label, partners=True)
subject = partial(seat_subject, partners=True)
short = partial(seat_short, partners=True)

#: :func:`~cardavia_cli.engine.richtext.by_seat` with the seats named for the partnership game.
by_seat = partial(richtext.by_seat, partners=True)


def listing(items: Sequence[str]) -> str:
    """Items of a list joined by the language's comma (places, cards left)."""
    # TRANSLATORS: the separator between the items of a list ("1st you, 2nd seat 1 (right)").
    return pgettext("list", ", ").join(items)


#: The styles of the suits (in the order of ``cards.SUITS``: spades, hearts, diamonds, clubs)
#: and of the black and red jokers: named styles of the palette (``repl/theme.py``; red for
#: hearts, diamonds and the red joker), and the style added to a wild card (6.2).
SUIT_STYLES = ("suit.spades", "suit.hearts", "suit.diamonds", "suit.clubs")
JOKER_STYLES = {BJ: "joker.black", RJ: "joker.red"}
WILD_STYLE = "card.wild"


# -- cards ---------------------------------------------------------------------------------------
def card_style(code: int) -> str:
    """The style of a card's suit or joker (red for hearts, diamonds and the red joker)."""
    return JOKER_STYLES[code] if code in JOKER_STYLES else SUIT_STYLES[SUIT[code]]


def card_mark(code: int) -> str:
    """The mark a card shows after its code in the colour-blind palette (``AH♥``), else
    ``""``."""
    return display.mark(*marks_of(code))


def card_text(code: int, level: int) -> Text:
    """One card, ``AH``; a wild card (6.2) marked ``7H*``, in bold (``AH♥``, ``7H♥*`` in the
    colour-blind palette)."""
    wild = is_wild(code, level)
    out = Text(CODES[code] + card_mark(code) + (WILD_MARK if wild else ""), style=card_style(code))
    if wild:
        out.stylize(WILD_STYLE)
    return out


def cards_text(codes: Iterable[int], level: int, sep: str = " ") -> Text:
    """Cards side by side, wild ones marked."""
    return Text(sep).join(card_text(c, level) for c in codes)


def cards_plain(codes: Iterable[int]) -> str:
    """Cards in plain canonical text, as typed (``9S 9D``)."""
    return " ".join(CODES[c] for c in codes)


def key_words(key: str, size: int) -> str:
    """A play's ``TYPE KEY`` (8.3) in a player's words (:func:`.combos.combination_words`)
    and, for a bomb, its ``size`` in cards: ``pair of 9s``, ``joker bomb``, ``bomb of five
    7s`` (6.3)."""
    type_, _sep, rank = key.partition(" ")
    if type_ == "bomb" and rank:
        return ngettext("bomb of {n} {ranks}", "bomb of {n} {ranks}", size).format(
            ranks=ranks_words(rank), n=number_word(size)
        )
    return combination_words(key)


def reading_words(reading: Interpretation, level: int) -> str:
    """:func:`key_words` of ``reading`` at ``level``: ``straight flush topped by 10``,
    ``bomb of five 7s``."""
    return key_words(reading.key(level), reading.size)


def hand_text(view: GuandanView) -> Text:
    """The hand in the display order of section 3 (weakest first, by single strength at the
    deal's level), cards of equal strength grouped, wild hearts marked (6.2)."""
    values = VALUES[view.level]
    out = Text()
    last: int | None = None
    for i, c in enumerate(view.hand):
        if i:
            out.append("  " if values[c] != last else " ")
        out.append_text(card_text(c, view.level))
        last = values[c]
    return out


def hand_view(view: GuandanView) -> RenderableType:
    """``Your hand (27 cards, level 5: weakest first, * wild):`` and the hand."""
    if not view.hand:
        return Text(_("Your hand is empty: you are out."))
    n = len(view.hand)
    at = level_str(view.level)
    if any(is_wild(c, view.level) for c in view.hand):
        words = ngettext(
            "Your hand ({n} card, weakest first at level {level}; {mark} = wild):",
            "Your hand ({n} cards, weakest first at level {level}; {mark} = wild):",
            n,
        )
    else:
        words = ngettext(
            "Your hand ({n} card, weakest first at level {level}):",
            "Your hand ({n} cards, weakest first at level {level}):",
            n,
        )
    return Group(Text(words.format(n=n, level=at, mark=WILD_MARK)), hand_text(view))


# -- levels, places, the table --------------------------------------------------------------------
def ours(team_number: int, viewer: int, mine: str, theirs: str) -> str:
    """``mine`` (a sentence about the viewer's team) or ``theirs`` (the other team)."""
    return mine if team_number == team(viewer) else theirs


def levels_words(levels: Sequence[int], viewer: int = 0) -> str:
    """``us 2, them 5``: both teams' levels (natural values, team 0 first), the viewer's
    team first (section 10)."""
    return _("us {us}, them {them}").format(
        us=level_str(levels[team(viewer)]), them=level_str(levels[team(next_seat(viewer))])
    )


def levels_line(view: GuandanView) -> Text:
    """``Level 5, their level; levels: us 2, them 5.`` (5.1, 10)."""
    if view.level_team is None:
        words = _("Level {level} (first deal of the match); levels: {levels}.")
    else:
        words = ours(
            view.level_team,
            view.seat,
            _("Level {level}, your level; levels: {levels}."),
            _("Level {level}, their level; levels: {levels}."),
        )
    levels = levels_words(view.levels, view.seat)
    return Text(words.format(level=level_str(view.level), levels=levels), style="bold")


def places_words(places: Sequence[int], viewer: int = 0) -> str:
    """``1st seat 1 (right), 2nd you`` (section 1)."""
    return listing(
        [
            _("{place} {seat}").format(place=ordinal(i + 1), seat=label(s, viewer))
            for i, s in enumerate(places)
        ]
    )


def counts_line(view: GuandanView) -> Text:
    """``Cards left: you 27, right 27, partner 27, left 27`` (12, "Hand counts"), with the
    places of those out."""
    parts = []
    for s in SEATS:
        name = short(s, view.seat)
        if s in view.places:
            place = ordinal(view.places.index(s) + 1)
            parts.append(_("{seat} out ({place})").format(seat=name, place=place))
        else:
            parts.append(_("{seat} {n}").format(seat=name, n=view.hand_sizes[s]))
    return Text(_("Cards left: {counts}.").format(counts=listing(parts)))


def trick_line(view: GuandanView) -> Text:
    """The top play of the trick and who played it, with the passes since (9.3)."""
    top = view.table
    if top is None:
        if view.phase in (Phase.LEAD, Phase.FOLLOW) and view.to_act is not None:
            return by_seat(
                view.to_act,
                view.seat,
                _("The table is empty: you lead."),
                _("The table is empty: {seat} leads."),
            )
        return Text(_("The table is empty."))
    n = view.passes
    if not n:
        mine = _("On the table: your [bold]{combo}[/bold]: {cards}.")
        theirs = _("On the table: {seat}'s [bold]{combo}[/bold]: {cards}.")
    else:
        mine = ngettext(
            "On the table: your [bold]{combo}[/bold]: {cards}; {n} pass since.",
            "On the table: your [bold]{combo}[/bold]: {cards}; {n} passes since.",
            n,
        )
        theirs = ngettext(
            "On the table: {seat}'s [bold]{combo}[/bold]: {cards}; {n} pass since.",
            "On the table: {seat}'s [bold]{combo}[/bold]: {cards}; {n} passes since.",
            n,
        )
    return by_seat(
        top.seat,
        view.seat,
        mine,
        theirs,
        combo=reading_words(top.interpretation, view.level),
        cards=cards_text(top.cards, view.level),
        n=n,
    )


def tribute_lines(view: GuandanView) -> list[Text]:
    """This deal's tribute and returns (section 7: announced to all)."""
    lines: list[Text] = []
    me = view.seat
    if view.tribute_cancelled:
        lines.append(Text(_("Tribute cancelled this deal: the payers hold both red jokers (7.2).")))
    for t in view.tributes:
        back = [r for r in view.returns if r.giver == t.receiver and r.receiver == t.giver]
        if back:
            if t.giver == me:
                words = _("Tribute: you gave {card} to {receiver}, who returned {back}.")
            elif t.receiver == me:
                words = _("Tribute: {giver} gave {card} to you, who returned {back}.")
            else:
                words = _("Tribute: {giver} gave {card} to {receiver}, who returned {back}.")
        elif t.giver == me:
            words = _("Tribute: you gave {card} to {receiver}.")
        elif t.receiver == me:
            words = _("Tribute: {giver} gave {card} to you.")
        else:
            words = _("Tribute: {giver} gave {card} to {receiver}.")
        fields: dict[str, Any] = {
            "card": card_text(t.card, view.level),
            "giver": label(t.giver, me),
            "receiver": label(t.receiver, me),
        }
        if back:
            fields["back"] = card_text(back[0].card, view.level)
        lines.append(fill(words, **fields))
    return lines


def table_view(view: GuandanView) -> RenderableType:
    """The ``table`` command: both levels, every seat's cards left and place, this deal's
    tribute, and the trick on the table."""
    grid = Table(box=None, padding=(0, 2, 0, 0), show_header=True, header_style="bold")
    grid.add_column(pgettext("table heading", "seat"), no_wrap=True)
    grid.add_column(pgettext("table heading", "team"), no_wrap=True)
    grid.add_column(pgettext("table heading", "cards"), justify="right", no_wrap=True)
    grid.add_column(pgettext("table heading", "place"), no_wrap=True)
    for s in SEATS:
        place = ordinal(view.places.index(s) + 1) if s in view.places else ""
        mark = " <" if view.to_act == s else ""
        grid.add_row(
            label(s, view.seat) + mark,
            team_word(team(s), view.seat),
            str(view.hand_sizes[s]),
            place,
        )
    parts: list[RenderableType] = [levels_line(view), grid, *tribute_lines(view)]
    parts.append(trick_line(view))
    return Group(*parts)


def choice_lines(view: GuandanView) -> list[RenderableType]:
    """What the seat may do now (8.1, 8.2)."""
    if view.to_act != view.seat:
        return []
    if view.phase == Phase.RETURN:
        owed = next((t for t in view.tributes if t.receiver == view.seat), None)
        if owed is not None:
            line = Text(
                _("Return one card to {seat} (rules 7.5, 8.1): return CARD or its number.").format(
                    seat=label(owed.giver, view.seat)
                )
            )
        else:
            line = Text(_("Return one card (rules 7.5, 8.1): return CARD or its number."))
        items: list[RenderableType] = []
        for i, c in enumerate(view.return_options, 1):
            cell = Text(f"{i}) ")
            cell.append_text(card_text(c, view.level))
            items.append(cell)
        grid = Columns(items, padding=(0, 2))
        return [line, grid]
    if view.table is None:
        return [
            Text(
                _(
                    "You lead: play CARDS [as TYPE KEY], any combination (rules 8.2); a leader "
                    "may not pass."
                )
            )
        ]
    return [
        Text(
            _(
                "Beat the {combo} with play CARDS [as TYPE KEY] (the same type higher, or a bomb: "
                "rules 6.5), or pass."
            ).format(combo=reading_words(view.table.interpretation, view.level))
        )
    ]


def status_view(view: GuandanView) -> RenderableType:
    """Before each decision: the levels, the cards left and places, the trick, the hand and
    the choices."""
    parts: list[RenderableType] = [Text(""), levels_line(view), counts_line(view)]
    if view.places:
        places = places_words(view.places, view.seat)
        parts.append(Text(_("Places so far: {places}.").format(places=places)))
    if view.phase == Phase.RETURN:
        parts.extend(tribute_lines(view))
    else:
        parts.append(trick_line(view))
    parts.append(Text(""))
    parts.append(hand_view(view))
    parts.extend(choice_lines(view))
    return Group(*parts)


# -- the end of a deal, of the match --------------------------------------------------------------
def deal_result_line(view: GuandanView) -> str:
    """``Deal 1: 1st seat 1 (right), 2nd seat 3 (left), ...; their team goes up 3: levels us
    2, them 5.`` (sections 9.6, 10)."""
    levels = levels_words(view.levels, view.seat)
    if len(view.places) < 4:
        return _("Deal {deal}: levels {levels}.").format(deal=view.deals_finished, levels=levels)
    first = view.places[0]
    mate_place = view.places.index(partner(first)) + 1
    up = {2: 3, 3: 2, 4: 1}[mate_place]
    words = ours(
        team(first),
        view.seat,
        ngettext(
            "Deal {deal}: {places}; your team goes up {n}: levels {levels}.",
            "Deal {deal}: {places}; your team goes up {n}: levels {levels}.",
            up,
        ),
        ngettext(
            "Deal {deal}: {places}; their team goes up {n}: levels {levels}.",
            "Deal {deal}: {places}; their team goes up {n}: levels {levels}.",
            up,
        ),
    )
    return words.format(
        deal=view.deals_finished,
        places=places_words(view.places, view.seat),
        n=up,
        levels=levels,
    )


def round_end_view(view: GuandanView) -> RenderableType:
    """A break between deals (section 11): the places, the levels after the deal, and what the
    next deal holds (its level and the tribute, 5.1, 7.1)."""
    head = Text(deal_result_line(view), style="bold")
    parts: list[RenderableType] = [Text(""), head]
    if len(view.places) == 4 and view.match_winner is None:
        first = view.places[0]
        winner = team(first)
        nxt = level_str(view.levels[winner])
        me = view.seat
        if partner(first) == view.places[1]:
            a, b = view.places[2], view.places[3]
            if me in (a, b):
                payment = pgettext("you among them", "{a} and {b} pay tribute first")
            else:
                payment = _("{a} and {b} pay tribute first")
            payment = payment.format(a=label(a, me), b=label(b, me))
        else:
            loser = view.places[3]
            payment = (
                _("you pay tribute first")
                if loser == me
                else _("{seat} pays tribute first").format(seat=label(loser, me))
            )
        words = ours(
            winner,
            me,
            _("The next deal is played at {level}, your level; {payment} (rules 7.1)."),
            _("The next deal is played at {level}, their level; {payment} (rules 7.1)."),
        )
        parts.append(Text(words.format(level=nxt, payment=payment)))
    return Group(*parts)


def outcome_line(view: GuandanView, outcome: Outcome) -> str:
    """The match won (section 10) in one sentence for the seat of ``view``: "Your team wins
    the match at level A after 9 deals.", or the engine's summary."""
    winner = outcome.winner
    if winner is None:
        return outcome.summary
    n = view.deals_finished
    words = ours(
        winner,
        view.seat,
        ngettext(
            "Your team wins the match at level A after {n} deal.",
            "Your team wins the match at level A after {n} deals.",
            n,
        ),
        ngettext(
            "Their team wins the match at level A after {n} deal.",
            "Their team wins the match at level A after {n} deals.",
            n,
        ),
    )
    return words.format(n=n)


def outcome_view(view: GuandanView, outcome: Outcome) -> RenderableType:
    """The end of the match (section 10: a win at level A): the winning team
    (:func:`outcome_line`), the last deal's places and the levels."""
    head = Text(outcome_line(view, outcome), style="bold")
    lines: list[RenderableType] = [Text(""), head]
    if len(view.places) == 4:
        places = places_words(view.places, view.seat)
        lines.append(Text(_("Last deal: {places}.").format(places=places)))
    levels = levels_words(view.levels, view.seat)
    lines.append(Text(_("Levels: {levels}.").format(levels=levels)))
    return Group(*lines)
