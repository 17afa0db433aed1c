"""Rich renderables of a Guandan seat's view for the REPL (RULES.md sections 1, 4, 6.1, 6.2,
7, 8, 9, 10, 11).

Everything here works on a :class:`~.rules.GuandanView` (what one seat may see) and returns
rich renderables or plain strings; nothing prints. Lines wrap at word boundaries, so the
status stays readable at 80 columns and degrades to shorter lines at 40.

Seats are named from the viewer: ``you``, ``seat 1 (right)``, ``seat 2 (partner)``, ``seat 3
(left)`` (section 4: the partner sits across). Cards are written in the canonical notation
of section 3; the wild hearts of the deal's level (6.2) carry a ``*``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine import display
from cardavia_cli.engine.game import Outcome
from cardavia_cli.engine.seats import SEATS, next_seat, partner, team
from cardavia_cli.engine.words import (
    ordinal,
    plural,
    possessive,
    seat_label,
    seat_short,
    seat_subject,
    team_name,
    team_word,
    verb_for,
)
from cardavia_cli.games.guandan.cards import BJ, CODES, RJ, SUIT, VALUES, is_wild, level_str
from cardavia_cli.games.guandan.combos import Interpretation
from cardavia_cli.games.guandan.rules import GuandanView, Phase

#: The mark of a wild card (6.2) in a hand or a play.
WILD_MARK = "*"

#: Seats named for the partnership game (section 4: the partner sits across): ``you``,
#: ``seat 1 (right)``, ``seat 2 (partner)``, ``seat 3 (left)``; at the start of a sentence;
#: ``right``, ``partner``, ``left`` alone.
label = partial(seat_label, partners=True)
subject = partial(seat_subject, partners=True)
short = partial(seat_short, partners=True)


#: The styles of the suits (in the order of ``cards.SUITS``: spades, hearts, diamonds, clubs)
#: and of the black and red jokers: named styles of the palette (``repl/theme.py``; red for
#: hearts, diamonds and the red joker), and the style added to a wild card (6.2).
SUIT_STYLES = ("suit.spades", "suit.hearts", "suit.diamonds", "suit.clubs")
JOKER_STYLES = {BJ: "joker.black", RJ: "joker.red"}
WILD_STYLE = "card.wild"
#: The marks of the colour-blind palette (:func:`~cardavia_cli.engine.display.mark`): each
#: suit's symbol and a star for each joker, with their ASCII stand-ins (never ``*``, the wild
#: mark), so that no colour is told by hue alone.
SUIT_MARKS = (("♠", "^"), ("♥", "<"), ("♦", "+"), ("♣", "%"))
JOKER_MARKS = {BJ: ("☆", "&"), RJ: ("★", "@")}


# -- cards ---------------------------------------------------------------------------------------
def card_style(code: int) -> str:
    """The style of a card's suit or joker (red for hearts, diamonds and the red joker)."""
    return JOKER_STYLES[code] if code in JOKER_STYLES else SUIT_STYLES[SUIT[code]]


def card_mark(code: int) -> str:
    """The mark a card shows after its code in the colour-blind palette (``AH♥``), else
    ``""``."""
    return display.mark(*(JOKER_MARKS[code] if code in JOKER_MARKS else SUIT_MARKS[SUIT[code]]))


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
    """A play's ``TYPE KEY`` (8.3) and, for a bomb, its ``size`` in cards: ``pair 9``,
    ``joker_bomb``, ``bomb 7 (5 cards)`` (6.3)."""
    return f"{key} ({size} cards)" if key.startswith("bomb ") else key


def reading_words(reading: Interpretation, level: int) -> str:
    """:func:`key_words` of ``reading`` at ``level``: ``straight_flush T``, ``bomb 7 (5
    cards)``."""
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
    wild = any(is_wild(c, view.level) for c in view.hand)
    head = Text(f"Your hand ({plural(len(view.hand), 'card')}, weakest first at level ")
    head.append(level_str(view.level))
    head.append(f"; {WILD_MARK} = wild" if wild else "")
    head.append("):")
    if not view.hand:
        return Text("Your hand is empty: you are out.")
    return Group(head, hand_text(view))


# -- levels, places, the table --------------------------------------------------------------------
def team_own(team_number: int, viewer: int = 0) -> str:
    """``your`` for the viewer's team, ``their`` for the other (:func:`.words.team_name`)."""
    return team_name(team_number, viewer).removesuffix(" team")


def levels_words(levels: Sequence[int], viewer: int = 0) -> str:
    """``us 2, them 5``: both teams' levels (natural values, team 0 first), the viewer's
    team first (section 10)."""
    return (
        f"us {level_str(levels[team(viewer)])}, them {level_str(levels[team(next_seat(viewer))])}"
    )


def levels_line(view: GuandanView) -> Text:
    """``Level 5, their level; levels: us 2, them 5.`` (5.1, 10)."""
    line = Text(f"Level {level_str(view.level)}", style="bold")
    if view.level_team is None:
        line.append(" (first deal of the match)")
    else:
        line.append(f", {team_own(view.level_team, view.seat)} level")
    line.append(f"; levels: {levels_words(view.levels, view.seat)}.")
    return line


def places_words(places: Sequence[int], viewer: int = 0) -> str:
    """``1st seat 1 (right), 2nd you`` (section 1)."""
    return ", ".join(f"{ordinal(i + 1)} {label(s, viewer)}" for i, s in enumerate(places))


def counts_line(view: GuandanView) -> Text:
    """``Cards left: you 27, right 27, partner 27, left 27`` (12, "Hand counts"), with the
    places of those out."""
    parts = []
    for s in SEATS:
        name = short(s, view.seat)
        if s in view.places:
            parts.append(f"{name} out ({ordinal(view.places.index(s) + 1)})")
        else:
            parts.append(f"{name} {view.hand_sizes[s]}")
    return Text("Cards left: " + ", ".join(parts) + ".")


def trick_line(view: GuandanView) -> Text:
    """The top play of the trick and who played it, with the passes since (9.3)."""
    top = view.table
    if top is None:
        if view.phase in (Phase.LEAD, Phase.FOLLOW) and view.to_act is not None:
            who = label(view.to_act, view.seat)
            return Text(f"The table is empty: {who} {verb_for(view.to_act, view.seat, 'lead')}.")
        return Text("The table is empty.")
    line = Text("On the table: ")
    line.append(f"{possessive(top.seat, view.seat, partners=True)} ")
    line.append(reading_words(top.interpretation, view.level), style="bold")
    line.append(": ")
    line.append_text(cards_text(top.cards, view.level))
    if view.passes:
        line.append(f"; {plural(view.passes, 'pass', 'passes')} since")
    line.append(".")
    return line


def tribute_lines(view: GuandanView) -> list[Text]:
    """This deal's tribute and returns (section 7: announced to all)."""
    lines: list[Text] = []
    if view.tribute_cancelled:
        lines.append(Text("Tribute cancelled this deal: the payers hold both red jokers (7.2)."))
    for t in view.tributes:
        line = Text(f"Tribute: {label(t.giver, view.seat)} gave ")
        line.append_text(card_text(t.card, view.level))
        line.append(f" to {label(t.receiver, view.seat)}")
        back = [r for r in view.returns if r.giver == t.receiver and r.receiver == t.giver]
        if back:
            line.append(", who returned ")
            line.append_text(card_text(back[0].card, view.level))
        line.append(".")
        lines.append(line)
    return lines


def table_view(view: GuandanView) -> RenderableType:
    """The ``table`` command: both levels, every seat's cards left and place, this deal's
    tribute, and the trick on the table."""
    grid = Table(box=None, padding=(0, 2, 0, 0), show_header=True, header_style="bold")
    grid.add_column("seat", no_wrap=True)
    grid.add_column("team", no_wrap=True)
    grid.add_column("cards", justify="right", no_wrap=True)
    grid.add_column("place", no_wrap=True)
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
        to = f" to {label(owed.giver, view.seat)}" if owed is not None else ""
        line = Text(f"Return one card{to} (rules 7.5, 8.1): return CARD or its number.")
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
                "You lead: play CARDS [as TYPE KEY], any combination (rules 8.2); a leader "
                "may not pass."
            )
        ]
    return [
        Text(
            f"Beat {reading_words(view.table.interpretation, view.level)} with play CARDS "
            "[as TYPE KEY] (the same type higher, or a bomb: rules 6.5), or pass."
        )
    ]


def status_view(view: GuandanView) -> RenderableType:
    """Before each decision: the levels, the cards left and places, the trick, the hand and
    the choices."""
    parts: list[RenderableType] = [Text(""), levels_line(view), counts_line(view)]
    if view.places:
        parts.append(Text(f"Places so far: {places_words(view.places, view.seat)}."))
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
        return f"Deal {view.deals_finished}: levels {levels}."
    first = view.places[0]
    mate_place = view.places.index(partner(first)) + 1
    up = {2: 3, 3: 2, 4: 1}[mate_place]
    return (
        f"Deal {view.deals_finished}: {places_words(view.places, view.seat)}; "
        f"{team_name(team(first), view.seat)} goes up {up}: levels {levels}."
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
        whose = team_own(winner, view.seat)
        if partner(first) == view.places[1]:
            payers = f"{label(view.places[2], view.seat)} and "
            payers += f"{label(view.places[3], view.seat)} pay"
        else:
            loser = view.places[3]
            payers = f"{label(loser, view.seat)} {verb_for(loser, view.seat, 'pay')}"
        parts.append(
            Text(
                f"The next deal is played at {nxt}, {whose} level; {payers} tribute first "
                "(rules 7.1)."
            )
        )
    return Group(*parts)


def outcome_view(view: GuandanView, outcome: Outcome) -> RenderableType:
    """The end of the match (section 10: a win at level A): the winning team, the last
    deal's places and the levels."""
    winner = outcome.winner
    if winner is None:
        head = Text(outcome.summary, style="bold")
    else:
        who = "Your team wins" if winner == team(view.seat) else "Their team wins"
        deals = plural(view.deals_finished, "deal")
        head = Text(f"{who} the match at level A after {deals}.", style="bold")
    lines: list[RenderableType] = [Text(""), head]
    if len(view.places) == 4:
        lines.append(Text(f"Last deal: {places_words(view.places, view.seat)}."))
    lines.append(Text(f"Levels: {levels_words(view.levels, view.seat)}."))
    return Group(*lines)
