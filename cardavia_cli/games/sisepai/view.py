"""Rich rendering of Si Se Pai cards, melds and a seat's view (rules/sisepai.md 3, 7.1).

Returns rich renderables; it never prints. The four colours are styled, and every card keeps
its code (``rK``), so a hand stays readable with ``NO_COLOR`` or off a terminal. White cards
use the terminal's own foreground colour in bold (ANSI white vanishes on a light background),
and yellow cards a dark gold (ANSI yellow is hard to read on a light background). A hand too
wide for the screen is laid out one line per colour (:class:`Fit`).
The functions at the end render one seat's view of the table for the REPL: the hand by colour
and kind, the table, the choices, the result.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine import display
from cardavia_cli.engine.i18n import NP_, _, ngettext, pgettext
from cardavia_cli.engine.richtext import by_seat
from cardavia_cli.engine.words import capital, said_action, seat_label, seat_short
from cardavia_cli.games.sisepai.cards import FLOWER, card_str, marks_of
from cardavia_cli.games.sisepai.melds import Meld, kind_word

if TYPE_CHECKING:
    from cardavia_cli.engine.game import Outcome
    from cardavia_cli.games.sisepai.rules import SisepaiView

#: The styles of the four colours' cards and of a flower: named styles of the palette
#: (``repl/theme.py``; yellow is a dark gold that reads on light and dark backgrounds alike).
COLOUR_STYLES = ("card.red", "card.yellow", "card.white", "card.green")
FLOWER_STYLE = "card.flower"
#: The row labels of a hand (``red``, ..., ``flowers``): the colour, one weight for all.
LABEL_STYLES = ("label.red", "label.yellow", "label.white", "label.green")
FLOWER_LABEL_STYLE = "label.flower"

#: The colours as a hand's row labels (the parser's :data:`~.cards.COLOUR_NAMES` stay English).
COLOUR_LABELS = (
    NP_("sisepai colour", "red"),
    NP_("sisepai colour", "yellow"),
    NP_("sisepai colour", "white"),
    NP_("sisepai colour", "green"),
)
#: A sentence about a seat (:func:`~cardavia_cli.engine.richtext.by_seat`) in the narration:
#: another seat's name in bold.
seat_text = partial(by_seat, seat_style="bold")


def card_style(code: int) -> str:
    """The rich style of a card: its colour, magenta for a flower."""
    return FLOWER_STYLE if code == FLOWER else COLOUR_STYLES[code // 7]


def card_mark(code: int) -> str:
    """The mark a card shows after its code in the colour-blind palette (``rK◆``), else
    ``""``."""
    return display.mark(*marks_of(code))


def card_text(code: int) -> Text:
    """One card as styled text, e.g. ``rK`` in red (``rK◆`` in the colour-blind palette)."""
    return Text(card_str(code) + card_mark(code), style=card_style(code))


def cards_text(codes: Iterable[int], sep: str = " ") -> Text:
    """Several cards as one styled line."""
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(sep)
        out.append_text(card_text(code))
    return out


def meld_text(meld: Meld) -> Text:
    """A meld in brackets, e.g. ``[rK rA rE]``."""
    out = Text("[")
    out.append_text(cards_text(meld.cards))
    out.append("]")
    return out


def melds_line(melds: Sequence[Meld]) -> Text:
    """Melds side by side, or a dash for none."""
    if not melds:
        return Text("-", style="dim")
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append(" ")
        out.append_text(meld_text(m))
    return out


def melds_table(
    melds: Sequence[Meld], title: str | None = None, exposed: Sequence[Meld] = ()
) -> Table:
    """A table of melds: cards, kind, points, and, when some of ``melds`` were exposed before
    (``exposed``), a column ``exposed`` marking them ``yes``."""
    left = list(exposed)
    marks: list[str] = []
    for m in melds:
        if m in left:
            left.remove(m)
            marks.append(pgettext("exposed meld", "yes"))
        else:
            marks.append("")
    table = Table(
        title=title,
        title_justify="left",
        show_footer=True,
        min_width=len(title) + 4 if title else None,  # the title fits above the box
    )
    table.add_column(pgettext("melds table", "meld"), footer=pgettext("melds table", "total"))
    table.add_column(pgettext("melds table", "kind"))
    table.add_column(
        pgettext("melds table", "points"),
        justify="right",
        footer=str(sum(m.points for m in melds)),
    )
    shown = any(marks)
    if shown:
        table.add_column(pgettext("melds table", "exposed"), justify="center")
    for m, mark in zip(melds, marks, strict=True):
        cells: list[RenderableType] = [cards_text(m.cards), kind_word(m.kind), str(m.points)]
        table.add_row(*cells, *([mark] if shown else []))
    return table


# -- a seat's view of the table (rules 7.1), for the REPL ------------------------------------
# Every function below takes a SisepaiView (what one seat may see) and returns a renderable.

#: The hand's columns: one per piece (rules 3), headed by its letter.
_PIECES = "KAERHCP"


_SEAT_WORDS = re.compile(r"\b([Ss])eat (\d)\b(?! \()")


def with_positions(text: str, viewer: int = 0) -> str:
    """``text`` with every ``seat N`` named as :func:`~.engine.words.seat_label` does
    (``you``, ``seat 2 (across)``), keeping a capital at the start of a sentence: for an
    outcome's summary, which the rules write with bare seat numbers.

    >>> with_positions("Draw: seat 3 must draw and the stock is empty; nobody scores.")
    'Draw: seat 3 (left) must draw and the stock is empty; nobody scores.'
    """

    def name(m: re.Match[str]) -> str:
        label = seat_label(int(m.group(2)), viewer)
        return capital(label) if m.group(1) == "S" else label

    return _SEAT_WORDS.sub(name, text)


def outcome_line(view: SisepaiView, outcome: Outcome) -> str:
    """The result in one sentence for the seat of ``view``: ``You win with 15 points.``,
    ``Seat 2 (across) wins with 13 points.``, or the engine's summary with the seats named
    by position (an exhausted stock)."""
    score = outcome.data.get("score")
    if outcome.termination == "win" and outcome.winner is not None and score is not None:
        if outcome.winner == view.seat:
            # TRANSLATORS: the English says "points" for any number.
            text = ngettext("You win with {n} points.", "You win with {n} points.", score)
        else:
            # TRANSLATORS: the English says "points" for any number.
            text = ngettext("{Seat} wins with {n} points.", "{Seat} wins with {n} points.", score)
        return _seat_words(text, outcome.winner, view.seat, n=score)
    found = _EXHAUSTED.fullmatch(outcome.summary)
    if outcome.termination == "exhausted" and found:
        seat = int(found.group(1))
        if seat == view.seat:
            text = _("Draw: you must draw and the stock is empty; nobody scores.")
        else:
            text = _("Draw: {seat} must draw and the stock is empty; nobody scores.")
        return _seat_words(text, seat, view.seat)
    return with_positions(outcome.summary, view.seat)


#: The summary of an exhausted stock (:mod:`.rules`), which names the seat that must draw.
_EXHAUSTED = re.compile(r"Draw: seat (\d) must draw and the stock is empty; nobody scores\.")


def _seat_words(text: str, seat: int, viewer: int, **fields: object) -> str:
    label = seat_label(seat, viewer)
    return text.format(seat=label, Seat=capital(label), **fields)


class Fit:
    """The first of ``layouts`` whose natural width fits the width where it is printed, else
    the last one (a rich renderable)."""

    def __init__(self, *layouts: RenderableType) -> None:
        if not layouts:
            raise ValueError("Fit needs at least one layout")
        self.layouts = layouts

    def chosen(self, console: Console, options: ConsoleOptions) -> RenderableType:
        """The layout printed with these options."""
        unbounded = options.update_width(1_000_000)
        for layout in self.layouts[:-1]:
            if Measurement.get(console, unbounded, layout).maximum <= options.max_width:
                return layout
        return self.layouts[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(console, options))


def hand_view(hand: Sequence[int], title: str | None = None) -> Fit:
    """A concealed hand (rules 3, 5): by colour (rows) and piece (columns ``K A E R H C P``,
    each holding the copies of that card, e.g. ``wK wK`` under ``K``), the flowers in a column
    ``F`` of their own row; where that is too wide, one line of cards per colour
    (:func:`hand_lines`). Cards keep their codes, so the colours read without styling."""
    return Fit(hand_grid(hand, title), hand_lines(hand, title))


def _hand_title(hand: Sequence[int], title: str | None) -> str:
    if title is not None:
        return title
    n = len(hand)
    return ngettext("Your hand ({n} card)", "Your hand ({n} cards)", n).format(n=n)


def hand_lines(hand: Sequence[int], title: str | None = None) -> Table:
    """A concealed hand as one line per colour (``red  rK rR rC rC``) and one of flowers, for
    narrow screens; a line longer than the screen wraps between cards."""
    table = Table.grid(padding=(0, 2, 0, 0))
    table.title = _hand_title(hand, title)
    table.title_justify = "left"
    table.min_width = len(table.title)  # the title never wraps inside a narrower table
    table.add_column(no_wrap=True)
    table.add_column()
    empty = Text("-", style="dim")
    for colour, cname in enumerate(COLOUR_LABELS):
        codes = sorted(c for c in hand if c // 7 == colour and c != FLOWER)
        label = Text(pgettext("sisepai colour", cname), style=LABEL_STYLES[colour])
        table.add_row(label, cards_text(codes) if codes else empty)
    flowers = [c for c in hand if c == FLOWER]
    table.add_row(
        Text(pgettext("hand row", "flowers"), style=FLOWER_LABEL_STYLE),
        cards_text(flowers) if flowers else empty,
    )
    return table


def hand_grid(hand: Sequence[int], title: str | None = None) -> Table:
    """A concealed hand by colour (rows) and piece (columns), as :func:`hand_view` shows it
    where there is room."""
    head = _hand_title(hand, title)
    table = Table(
        title=head,
        title_justify="left",
        min_width=len(head),  # the title never wraps inside a narrower table
        box=None,
        padding=(0, 2, 0, 0),
        show_edge=False,
    )
    table.add_column("", no_wrap=True)
    for letter in _PIECES:
        table.add_column(letter)
    table.add_column("F", no_wrap=True)
    empty = Text("-", style="dim")
    for colour, cname in enumerate(COLOUR_LABELS):
        cells: list[Text] = []
        for piece in range(len(_PIECES)):
            codes = [c for c in hand if c == colour * 7 + piece]
            cells.append(cards_text(codes) if codes else empty)
        table.add_row(
            Text(pgettext("sisepai colour", cname), style=LABEL_STYLES[colour]), *cells, Text("")
        )
    flowers = [c for c in hand if c == FLOWER]
    table.add_row(
        Text(pgettext("hand row", "flowers"), style=FLOWER_LABEL_STYLE),
        *[Text("") for _piece in _PIECES],
        cards_text(flowers) if flowers else empty,
    )
    return table


def public_line(view: SisepaiView, titled: bool = True) -> Text:
    """The public card with its source and actor, and this seat's role; or what happens now.
    ``titled``: the line begins ``Public card`` (the table's row is already labelled
    ``public``)."""
    from cardavia_cli.games.sisepai.rules import Phase

    out = Text()
    if view.phase is Phase.OVER:
        out.append(_("The deal is over."), style="bold")
        return out
    if view.public is None:
        if view.phase is Phase.DISCARD and view.to_act is not None:
            mine, theirs = _("You must discard."), _("{Seat} must discard.")
            out.append_text(by_seat(view.to_act, view.seat, mine, theirs))
        return out
    assert view.actor is not None and view.source is not None
    card = card_text(view.public)
    if view.source == "draw":
        mine, theirs = (
            (_("Public card {card}, drawn by you"), _("Public card {card}, drawn by {seat}"))
            if titled
            else (_("{card}, drawn by you"), _("{card}, drawn by {seat}"))
        )
    else:
        mine, theirs = (
            (
                _("Public card {card}, discarded by you"),
                _("Public card {card}, discarded by {seat}"),
            )
            if titled
            else (_("{card}, discarded by you"), _("{card}, discarded by {seat}"))
        )
    line = by_seat(view.actor, view.seat, mine, theirs, card=card)
    out.append_text(line)
    role = view.role
    if view.to_act == view.seat:
        if role == "drawer":
            out.append(": " + _("you drew it"))
        elif role == "next":
            out.append(": " + _("you are the next player"))
        else:
            out.append(": " + _("you are the other player"))
    out.append(".")
    return out


def table_view(view: SisepaiView) -> Table:
    """The public table (rules 7.1): every seat's concealed count and exposed melds, the seat
    whose turn it is marked ``>`` (the actor of the public card, or the seat that must
    discard), then the dead pile and the public card."""
    from cardavia_cli.engine.seats import turn_order_from

    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, title_justify="left")
    table.title = _("Stock {n}   dealer: {dealer}").format(
        n=view.stock_count, dealer=seat_label(view.dealer, view.seat)
    )
    table.add_column("", no_wrap=True)
    table.add_column(pgettext("table", "seat"), no_wrap=True)
    table.add_column(pgettext("table", "concealed"), justify="right", no_wrap=True)
    table.add_column(pgettext("table", "exposed melds"))
    order = turn_order_from(view.seat)
    turn = view.actor if view.public is not None else view.to_act
    for seat in [*order[1:], order[0]]:
        mark = ">" if seat == turn else ""
        label = f"{seat} {seat_short(seat, view.seat)}"
        table.add_row(
            Text(mark, style="bold"),
            Text(label, style="bold" if seat == view.seat else ""),
            str(view.hand_sizes[seat]),
            melds_line(view.exposed[seat]),
        )
    dead = cards_text(view.dead) if view.dead else Text("-", style="dim")
    table.add_row("", Text(pgettext("table", "dead pile"), style="dim"), str(len(view.dead)), dead)
    line = public_line(view, titled=False)
    if line.plain:
        table.add_row("", Text(pgettext("table", "public"), style="dim"), "", line)
    return table


def decision_view(view: SisepaiView) -> RenderableType:
    """The legal choices of the seat to act (rules 8.1, 8.2): numbered answers to a public card
    with the winning claims marked, and the ``WIN available`` line; or the numbered legal
    discards, side by side."""
    from cardavia_cli.games.sisepai.rules import Phase

    if view.phase is Phase.DISCARD:
        text = Text(_("Discard one card (no General or flower), by name or number:"))
        numbered = []
        for i, action in enumerate(view.legal, 1):
            item = Text(f"{i} ", style="bold")
            item.append_text(card_text(action.cards[0]))
            numbered.append(item)
        return Group(text, Columns(numbered, padding=(0, 2)))
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold")
    grid.add_column(no_wrap=True)
    grid.add_column()
    options = {o.action: o for o in view.claims}
    any_win = False
    for i, action in enumerate(view.legal, 1):
        option = options.get(action)
        if option is None:
            grid.add_row(str(i), said_action(action), "")
            continue
        note = meld_text(option.meld)
        note.append(f" {kind_word(option.meld.kind)}")
        if option.win:
            any_win = True
            # TRANSLATORS: the mark of a winning claim in the list of choices.
            note.append("  " + _("WIN"), style="bold reverse green")
        grid.add_row(str(i), said_action(action), note)
    parts: list[RenderableType] = [grid]
    if any_win:
        parts.append(Text(_("WIN available: type win"), style="bold green"))
    elif view.legal and view.legal[0].verb != "pass":
        parts.append(Text(_("You drew a General or a flower: you must claim it."), style="dim"))
    return Group(*parts)


def status_view(view: SisepaiView) -> RenderableType:
    """Shown before each of the seat's decisions: the table, the hand, the choices."""
    gap = Text("")
    return Group(gap, table_view(view), gap, hand_view(view.hand), gap, decision_view(view))


def outcome_view(view: SisepaiView, outcome: Outcome) -> RenderableType:
    """The end of the deal (rules 11): the result line, and for a win the winner's 21 cards as
    a table of melds (the ones exposed before the winning claim marked)."""
    from cardavia_cli.games.sisepai.melds import Meld

    headline = Text(outcome_line(view, outcome), style="bold")
    if outcome.termination != "win" or outcome.winner is None:
        return Group(Text(""), headline)
    winner = outcome.winner
    melds = [Meld.parse(m["cards"]) for m in outcome.data.get("melds", [])]
    exposed = list(view.exposed[winner][:-1])
    mine, theirs = _("Your winning hand"), _("{Seat}'s winning hand")
    title = by_seat(winner, view.seat, mine, theirs).plain
    return Group(Text(""), headline, melds_table(melds, title=title, exposed=exposed))
