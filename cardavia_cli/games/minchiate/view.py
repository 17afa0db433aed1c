"""Rich rendering of Minchiate cards and of a seat's view of the table (RULES.md 3, 5-10).

Returns rich renderables; it never prints. Every card keeps its canonical code (``KS``,
``T36``), so a hand stays readable with ``NO_COLOR`` or off a terminal; the suits are coloured
and the counting cards (2.2) carry their points, ``T36(10)``. The functions at the end render
one seat's view for the REPL: the hand by suit, the table (roles, the score and resti, the
exposed and robbed cards, the fola once shown, the declarations, the trick in progress), the
choices, the score and the result with its breakdown (10.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine import display, words
from cardavia_cli.engine.i18n import N_, _, ngettext, pgettext
from cardavia_cli.engine.richtext import by_seat, fill
from cardavia_cli.engine.seats import next_seat, partner, team, turn_order_from
from cardavia_cli.engine.words import (
    capital,
    number_word,
    seat_label,
    seat_short,
    team_word,
)
from cardavia_cli.games.minchiate.cards import (
    NUM_TRUMPS,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    SUITS,
    TRUMP_SUIT,
    Card,
    marks_of,
    parse_card,
)
from cardavia_cli.games.minchiate.combos import Combination
from cardavia_cli.games.minchiate.deal import auto_discards
from cardavia_cli.games.minchiate.rules import MinchiateView, Phase
from cardavia_cli.games.minchiate.scoring import RESTO, EndPoints
from cardavia_cli.games.minchiate.tricks import suit_to_follow, trick_winner

if TYPE_CHECKING:
    from cardavia_cli.engine.game import Outcome

#: Styles of the suits (Cups, Coins, Swords, Batons), of the trumps and of the Matto: named
#: styles of the palette (``repl/theme.py``; Swords use the terminal's own colour in bold,
#: blue reads badly on a dark background); a counting card (2.2) adds :data:`COUNTING_STYLE`.
SUIT_STYLES = {
    "C": "suit.cups",
    "D": "suit.coins",
    "S": "suit.swords",
    "B": "suit.batons",
    TRUMP_SUIT: "suit.trumps",
}
MATTO_STYLE = "card.matto"
COUNTING_STYLE = "card.counting"
MUTED = "muted"
#: Rows of a hand: the Matto, the trumps, then the suits (the canonical order, 3.3).
HAND_ROWS: tuple[tuple[str | None, str], ...] = (
    (None, N_("Matto")),
    (TRUMP_SUIT, N_("Trumps")),
    *((s, n) for s, n in zip(SUITS, SUIT_NAMES, strict=True)),
)
DASH = Text("-", style=MUTED)
#: The suits' names for the catalogs (cards.SUIT_NAMES, translated where shown).
_SUIT_WORDS = (N_("Cups"), N_("Coins"), N_("Swords"), N_("Batons"))
#: The names of the aces and the court cards (cards.RANK_NAMES; the number cards are figures).
_RANK_WORDS = (N_("Ace"), N_("Fante"), N_("Cavallo"), N_("Regina"), N_("Re"))
#: The combinations' kinds said in words (10.1).
KIND_WORDS = {
    "sequence": N_("sequence"),
    "kings": N_("kings"),
    # the four special sets of 10.1 (1-40-M, ...): their cards say which
    "1-40-M": N_("special set"),
    "1-13-28": N_("special set"),
    "10-20-30": N_("special set"),
    "20-30-40": N_("special set"),
}


def listing(items: Iterable[str | Text], sep: str = ",") -> Text:
    """Items joined by the language's comma (``sep`` ``","``) or semicolon (``";"``)."""
    # TRANSLATORS: the separator of the items of a list (a comma and a space)
    comma = pgettext("minchiate list", ", ")
    # TRANSLATORS: the separator of the groups of a list (a semicolon and a space)
    semicolon = pgettext("minchiate list", "; ")
    parts = [item if isinstance(item, Text) else Text(item) for item in items]
    return Text(comma if sep == "," else semicolon).join(parts)


def suit_word(suit: str | None) -> str:
    """``"Cups"`` ... ``"Batons"``, ``"trumps"`` for ``"T"``, ``"any card"`` for ``None``."""
    if suit is None:
        return _("any card")
    return _("trumps") if suit == TRUMP_SUIT else _(SUIT_NAMES[SUITS.index(suit)])


def card_name(card: Card) -> str:
    """A readable name: ``"the Matto"``, ``"trump 29"``, ``"Re of Swords"``
    (:attr:`.cards.Card.name`, translated)."""
    if card.is_matto:
        return _("the Matto")
    if card.is_trump:
        return _("trump {number}").format(number=card.index)
    rank = (card.index - NUM_TRUMPS - 1) % len(RANKS)
    suit = (card.index - NUM_TRUMPS - 1) // len(RANKS)
    word = RANK_NAMES[rank]
    rank_word = word if word.isdigit() else _(word)
    return _("{rank} of {suit}").format(rank=rank_word, suit=_(SUIT_NAMES[suit]))


def kind_word(kind: str) -> str:
    """A combination's kind as said to a player: ``sequence``, ``kings``, ``special set`` (for
    ``1-40-M`` and the other sets of 10.1, whose cards follow)."""
    return _(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def card_style(card: Card) -> str:
    """The rich style of a card: its suit's colour (the Matto's own)."""
    if card.is_matto:
        return MATTO_STYLE
    return SUIT_STYLES[card.suit or TRUMP_SUIT]


def card_mark(card: Card) -> str:
    """The mark a card shows in the colour-blind palette (``KC♥``, ``T36★``), else ``""``."""
    return display.mark(*marks_of(card))


def card_text(card: Card, points: bool = False) -> Text:
    """One card as styled text, bold for a counting card; with ``points``, a counting card
    carries its points (``T36(10)``, ``KC(5)``). The mark of the colour-blind palette comes
    last (``KC(5)♥``), so that the code and its points stay one run of text."""
    out = Text(str(card), style=card_style(card))
    if points and card.is_counting:
        out.append(f"({card.points})", style=MUTED)
    if card.is_counting:
        out.stylize(COUNTING_STYLE)
    out.append(card_mark(card))
    return out


def cards_text(cards: Iterable[Card], points: bool = False, sep: str = " ") -> Text:
    """Several cards as one styled line (``points``: see :func:`card_text`)."""
    return Text(sep).join(card_text(card, points) for card in cards)


def codes_text(codes: Iterable[object], points: bool = False) -> Text:
    """Cards given by their canonical codes (event fields) as one styled line."""
    return cards_text((parse_card(str(c)) for c in codes), points)


def combination_text(combo: Combination) -> Text:
    """``sequence T30 T31 T32 T33 (20)``."""
    out = Text(f"{kind_word(combo.kind)} ")
    out.append_text(cards_text(combo.cards))
    out.append(f" ({combo.points})")
    return out


def combination_words(combo: Combination) -> str:
    """:func:`combination_text` as plain text."""
    return combination_text(combo).plain


# -- teams, as said to the person at ``viewer`` (seats and words: engine.words) -------------
def teams(viewer: int = 0) -> tuple[int, int]:
    """``(the viewer's team, the other team)``."""
    return team(viewer), team(next_seat(viewer))


def team_label(team_number: int, viewer: int = 0, short: bool = False) -> str:
    """``"your team (you and across)"`` or ``"their team (right and left)"``; ``short``:
    ``"us (you, across)"``, ``"them (right, left)"``."""
    first, second = (
        seat_short(s, viewer) for s in turn_order_from(viewer) if team(s) == team_number
    )
    mine = team_number == team(viewer)
    if short:
        return (_("us ({first}, {second})") if mine else _("them ({first}, {second})")).format(
            first=first, second=second
        )
    return (
        _("your team ({first} and {second})") if mine else _("their team ({first} and {second})")
    ).format(first=first, second=second)


def diff_words(diff: int, viewer: int = 0) -> str:
    """The running difference (team 0 minus team 1, 10.3) seen from the viewer's team, the
    same way for both sides: ``"7 for us"``, ``"12 for them"``, ``"0"``."""
    mine = diff if team(viewer) == 0 else -diff
    if mine > 0:
        return _("{n} for us").format(n=mine)
    if mine < 0:
        return _("{n} for them").format(n=-mine)
    return "0"


def resti_words(resti: Sequence[int], viewer: int = 0) -> str:
    """``"us 1, them 0"``: the resti of the viewer's team first."""
    mine, theirs = teams(viewer)
    return _("us {ours}, them {theirs}").format(ours=resti[mine], theirs=resti[theirs])


# -- the hand ---------------------------------------------------------------------------------
def hand_view(cards: Sequence[Card], title: str | None = None) -> Group:
    """A hand by suit (rows Matto, Trumps, Cups, Coins, Swords, Batons; canonical order in a
    row, 3.3), the counting cards marked with their points, the points per row and in all.
    The title is a line of its own above the rows: a table as wide as its title spread a
    short hand's columns apart, wider as the hand shrank."""
    total = sum(c.points for c in cards)
    head = title or ngettext(
        "Your hand ({n} card, {points} card points)",
        "Your hand ({n} cards, {points} card points)",
        len(cards),
    ).format(n=len(cards), points=total)
    table = Table(box=None, padding=(0, 2, 0, 0), show_header=False)
    table.add_column(no_wrap=True)
    table.add_column()
    table.add_column(justify="right", no_wrap=True)
    for suit, name in HAND_ROWS:
        row = [c for c in sorted(cards) if c.suit == suit]
        if suit is None and not row:
            continue  # the Matto's row only when it is held
        points = sum(c.points for c in row)
        table.add_row(
            Text(_(name), style=SUIT_STYLES.get(suit or "", MATTO_STYLE)),
            cards_text(row, points=True) if row else DASH,
            Text(_("{points} pts").format(points=points) if points else "", style="dim"),
        )
    return Group(Text(head, style="table.title"), table)


# -- the table ------------------------------------------------------------------------------
def score_line(view: MinchiateView) -> Text:
    """Both teams' resti and running score (10.3): ``Resti: us 1, them 0   difference +7 for
    us   scored: us 85, them 18``."""
    me, them = teams(view.seat)
    out = fill(
        _("Resti: {resti}   difference {diff}"),
        style="bold",
        resti=resti_words(view.resti, view.seat),
        diff=diff_words(view.diff, view.seat),
    )
    scored = _("scored: us {ours}, them {theirs}")
    out.append("   " + scored.format(ours=view.scored[me], theirs=view.scored[them]), style="dim")
    return out


def roles_line(view: MinchiateView) -> Text:
    """Dealer, cutter and first leader (rules 4)."""
    return fill(
        _("Dealer: {dealer}   cutter: {cutter}   first leader: {leader}"),
        dealer=Text(seat_label(view.dealer, view.seat), style="bold"),
        cutter=seat_label(view.cutter, view.seat),
        leader=seat_label(view.first_leader, view.seat),
    )


def seen_line(view: MinchiateView) -> Text:
    """The exposed card and the robbed cards (6.2, 6.4, 6.5): shown to all."""
    me = view.seat
    out = fill(_("Exposed: {card}"), card=card_text(view.exposed, points=True))
    for seat, robbed, mine, theirs in (
        (
            view.cutter,
            view.cutter_robbed,
            _("you robbed at the cut: {cards}"),
            _("{seat} robbed at the cut: {cards}"),
        ),
        (
            view.dealer,
            view.dealer_robbed,
            _("you robbed from the fola: {cards}"),
            _("{seat} robbed from the fola: {cards}"),
        ),
    ):
        name = seat_short(seat, me)
        if robbed:
            out.append("   ")
            out.append_text(
                by_seat(seat, me, mine, theirs, name=name, cards=cards_text(robbed, points=True))
            )
        elif seat == view.cutter:
            nothing = words.by_seat(
                seat,
                me,
                _("you robbed nothing at the cut"),
                _("{seat} robbed nothing at the cut"),
                name=name,
            )
            out.append("   " + nothing)
    return out


def matto_owed(view: MinchiateView) -> int | None:
    """The team that owes the opponents a card for the Matto (9.6: it played the Matto to a
    trick the opponents won), as far as the tricks so far tell; ``None`` while nobody does."""
    for leader, cards in view.tricks:
        for i, card in enumerate(cards):
            if card.is_matto:
                owner = team(next_seat(leader, i))
                if team(_winner_seat(leader, cards)) != owner:
                    return owner
    return None


def matto_line(view: MinchiateView) -> Text | None:
    """``Your team owes their team a card for the Matto at the end (rules 9.6).``, or
    ``None`` while no card is owed."""
    owes = matto_owed(view)
    if owes is None or view.deal_result is not None:
        return None
    if owes == team(view.seat):
        return Text(_("Your team owes their team a card for the Matto at the end (rules 9.6)."))
    return Text(_("Their team owes your team a card for the Matto at the end (rules 9.6)."))


def fola_line(view: MinchiateView) -> Text:
    """The fola: face down until the declarations are over, then shown (6.5, step 8)."""
    if view.fola is None:
        down = ngettext("{n} card face down", "{n} cards face down", view.fola_size)
        return fill(_("Fola: [dim]{cards}[/dim]"), cards=down.format(n=view.fola_size))
    if view.fola:
        return fill(_("Fola: {cards}[dim] (dead cards)[/dim]"), cards=cards_text(view.fola))
    return Text(_("Fola: ")).append(_("empty"), style="dim")


def declarations_line(view: MinchiateView) -> Text | None:
    """The declarations made (8), in order; ``None`` before the first."""
    if not view.declarations:
        return None
    me = view.seat
    said: list[Text] = []
    for declaration in view.declarations:
        who = seat_short(declaration.seat, me)
        if not declaration.combinations:
            said.append(
                by_seat(
                    declaration.seat,
                    me,
                    _("you [dim]passed[/dim]"),
                    _("{seat} [dim]passed[/dim]"),
                    name=who,
                )
            )
            continue
        made = listing(combination_text(c) for c in declaration.combinations)
        # TRANSLATORS: a seat and the combinations it declared: "right kings KC KD KS (15)"
        said.append(fill(_("{seat} {combinations}"), seat=who, combinations=made))
    return fill(_("Declared: {declarations}"), declarations=listing(said, ";"))


def trick_line(view: MinchiateView) -> Text | None:
    """The trick in progress (9.2, 9.4): its number, the suit to follow, each card with its
    seat, who led and who is winning, and who plays next; ``None`` outside play."""
    if view.phase != Phase.PLAY:
        return None
    number = len(view.tricks) + 1
    me = view.seat
    cards = [c for _s, c in view.trick]
    if not cards:
        leader = view.leader
        leads = words.by_seat(
            leader,
            me,
            _("Trick {number} of 21: you lead."),
            _("Trick {number} of 21: {seat} leads."),
            number=number,
        )
        return Text(leads, style="bold")
    suit = suit_to_follow(cards)
    winning = trick_winner(cards) if suit is not None else None
    played: list[Text] = []
    for i, (seat, card) in enumerate(view.trick):
        shown = Text().append_text(card_text(card, points=True))
        if i == winning:
            shown.append(" " + _("(winning)"), style="bold")
        if i == 0:
            name = seat_short(seat, me)
            led = by_seat(
                seat, me, _("you led {card}"), _("{seat} led {card}"), name=name, card=shown
            )
            played.append(led)
        else:
            played.append(Text(seat_short(seat, me) + " ").append_text(shown))
    if suit is None:
        head = _("Trick {number} of 21 (the Matto led): {cards}")
    else:
        head = _("Trick {number} of 21 ({suit} to follow): {cards}")
    out = fill(head, style="bold", number=number, suit=suit_word(suit), cards=listing(played))
    if view.to_act is not None:
        who = view.to_act
        turn = words.by_seat(
            who, me, _("you to play."), _("{seat} to play."), name=seat_short(who, me)
        )
        out.append(listing(["", turn], ";").plain)
    return out


def seats_table(view: MinchiateView) -> Table:
    """One row per seat from the viewer's right round to the viewer: cards in hand, discards,
    the seat to act marked ``>``."""
    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column(pgettext("minchiate table", "seat"), no_wrap=True)
    table.add_column(pgettext("minchiate table", "team"), no_wrap=True)
    table.add_column(pgettext("minchiate table", "role"), no_wrap=True)
    table.add_column(pgettext("minchiate table", "cards"), justify="right", no_wrap=True)
    table.add_column(pgettext("minchiate table", "discarded"), justify="right", no_wrap=True)
    order = turn_order_from(view.seat)
    for seat in [*order[1:], order[0]]:
        roles = [
            name
            for name, who in (
                (pgettext("minchiate role", "dealer"), view.dealer),
                (pgettext("minchiate role", "cutter"), view.cutter),
                (pgettext("minchiate role", "first leader"), view.first_leader),
            )
            if who == seat
        ]
        label = f"{seat} {seat_short(seat, view.seat)}"
        if seat == partner(view.seat):
            label += " " + pgettext("minchiate table", "(partner)")
        table.add_row(
            Text(">" if seat == view.to_act else "", style="bold"),
            Text(label, style="bold" if seat == view.seat else ""),
            team_word(team(seat), view.seat),
            listing(roles).plain,
            str(view.hand_sizes[seat]),
            str(view.discard_counts[seat]) if view.discard_counts[seat] else "",
        )
    return table


def table_view(view: MinchiateView) -> RenderableType:
    """The public table: the score and resti, the seats, the exposed and robbed cards, the
    fola, the declarations, the tricks won and the trick in progress."""
    me, them = teams(view.seat)
    parts: list[RenderableType] = [score_line(view), seats_table(view), seen_line(view)]
    parts.append(fola_line(view))
    declared = declarations_line(view)
    if declared is not None:
        parts.append(declared)
    if view.tricks:
        won = [0, 0]
        for leader, cards in view.tricks:
            won[team(_winner_seat(leader, cards))] += 1
        piles = view.pile_sizes
        ours, theirs = (ngettext("{n} card", "{n} cards", n).format(n=n) for n in piles)
        if me == 1:
            ours, theirs = theirs, ours
        parts.append(
            Text(
                _("Tricks won: us {ours} ({our_cards}), them {theirs} ({their_cards})").format(
                    ours=won[me], our_cards=ours, theirs=won[them], their_cards=theirs
                )
            )
        )
    owed = matto_line(view)
    if owed is not None:
        parts.append(owed)
    trick = trick_line(view)
    if trick is not None:
        parts.append(trick)
    return Group(*parts)


def _winner_seat(leader: int, cards: Sequence[Card]) -> int:
    return next_seat(leader, trick_winner(cards))


# -- the decision -----------------------------------------------------------------------------
def numbered(items: Sequence[Text]) -> Columns:
    """``1 KC  2 3C  3 M``: items numbered from 1, side by side."""
    out = []
    for i, item in enumerate(items, 1):
        line = Text(f"{i} ", style="bold")
        line.append_text(item)
        out.append(line)
    return Columns(out, padding=(0, 2))


def play_reason(view: MinchiateView) -> str:
    """What the legal cards are, in words (9.3)."""
    cards = [c for _, c in view.trick]
    suit = suit_to_follow(cards)
    legal = [a.cards[0] for a in view.legal]
    if not cards:
        return _("You lead: any card (rules 9.3.1).")
    if suit is None:
        return _("Only the Matto is led: any card, and yours sets the suit (rules 9.2).")
    name = suit_word(suit)
    matto = any(c.is_matto for c in view.hand)
    if suit == TRUMP_SUIT:
        if any(c.is_trump for c in view.hand):
            if matto:
                return _("Trumps to follow: a trump or the Matto (rules 9.3.2).")
            return _("Trumps to follow: a trump (rules 9.3.2).")
        return _("Trumps to follow and you have none: any card (rules 9.3.2).")
    if (
        len(legal) == 1
        and legal[0].is_king
        and legal[0].suit == suit
        and any(c.is_trump for c in cards)
        and suit not in view.suits_led
    ):
        return _(
            "The King obligation: the first {suit} trick has been trumped, so your "
            "{card} must be played, not even the Matto (rules 9.3.3.1)."
        ).format(suit=name, card=legal[0])
    if any(c.suit == suit for c in view.hand):
        if matto:
            said = _("{suit} to follow: a card of {suit} or the Matto (rules 9.3.3.2).")
        else:
            said = _("{suit} to follow: a card of {suit} (rules 9.3.3.2).")
    elif any(c.is_trump for c in view.hand):
        if matto:
            said = _("No {suit} in your hand: a trump or the Matto (rules 9.3.3.3).")
        else:
            said = _("No {suit} in your hand: a trump (rules 9.3.3.3).")
    else:
        said = _("No {suit} and no trump in your hand: any card (rules 9.3.3.4).")
    return said.format(suit=name)


def decision_view(view: MinchiateView, auto: Sequence[Card] | None = None) -> RenderableType:
    """The legal choices of the seat to act, numbered: the discards (7.2, with ``auto``, the
    cards of ``discard auto``: by default the lowest discardable ones), the combinations to
    declare (8) or the cards to play (9.3)."""
    if view.phase == Phase.DISCARD:
        owed = view.owed_discards
        owe = ngettext(
            "You owe {n} discard (rules 7.2: zero-point cards, never T29), by name or number, "
            "at once or a few at a time; discard auto = discard {cards} (the basic player's "
            "choice).",
            "You owe {n} discards (rules 7.2: zero-point cards, never T29), by name or number, "
            "at once or a few at a time; discard auto = discard {cards} (the basic player's "
            "choice).",
            owed,
        )
        chosen = cards_text(auto_discards(view.hand) if auto is None else auto)
        head = fill(owe, n=number_word(owed), cards=chosen)
        return Group(head, numbered([card_text(a.cards[0]) for a in view.legal]))
    if view.phase == Phase.DECLARE:
        head = Text(
            _(
                "Declare your combinations (rules 8): declare all, declare NUMBERS (a number "
                "alone declares that one), or pass."
            )
        )
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", style="bold")
        grid.add_column()
        for i, combo in enumerate(view.listed, 1):
            grid.add_row(str(i), combination_text(combo))
        total = sum(c.points for c in view.listed)
        scores = _("declare all scores {points} now.").format(points=total)
        return Group(head, grid, Text(scores, style="dim"))
    if view.phase == Phase.PLAY and view.legal:
        head = Text(play_reason(view))
        cards = [a.cards[0] for a in view.legal]
        if len(cards) == 1:
            only = _("Your only card: {card} (play, or 1).").format(card=cards[0])
            head.append(" " + only, style="bold")
        return Group(head, numbered([card_text(c, points=True) for c in cards]))
    return Text("")


def status_view(view: MinchiateView, auto: Sequence[Card] | None = None) -> RenderableType:
    """Shown before each of the seat's decisions: the table, the hand, the choices (``auto``:
    see :func:`decision_view`)."""
    gap = Text("")
    choices = decision_view(view, auto)
    return Group(gap, table_view(view), gap, hand_view(view.hand), gap, choices)


def score_view(view: MinchiateView) -> RenderableType:
    """The ``score`` command: both teams' resti, points scored in running events and the
    running difference (10.3), the tricks won; after the end, the result too."""
    me, them = teams(view.seat)
    table = Table(
        box=None, padding=(0, 3, 0, 0), title=pgettext("minchiate", "Score"), title_justify="left"
    )
    table.add_column("")
    # the teams' words head the columns (short enough for 40 columns); their seats follow
    table.add_column(team_word(me, view.seat), justify="right", no_wrap=True)
    table.add_column(team_word(them, view.seat), justify="right", no_wrap=True)
    table.add_row(_("points scored so far"), str(view.scored[me]), str(view.scored[them]))
    table.add_row(_("resti so far"), str(view.resti[me]), str(view.resti[them]))
    table.add_row(_("cards taken"), str(view.pile_sizes[me]), str(view.pile_sizes[them]))
    mine, theirs = (team_label(n, view.seat, short=True) for n in (me, them))
    teams_line = _("Teams: {ours}; {theirs}.").format(ours=mine, theirs=theirs)
    parts: list[RenderableType] = [table, Text(teams_line, style="dim")]
    parts.append(
        Text(
            _(
                "Running difference {diff}: each {points} makes a resto (rules 10.3); at the "
                "end it is added to the end count and rounded up (10.4)."
            ).format(diff=diff_words(view.diff, view.seat), points=RESTO)
        )
    )
    if view.outcome is not None:
        parts.append(outcome_view(view, view.outcome))
    return Group(*parts)


# -- the result ---------------------------------------------------------------------------------
def outcome_line(view: MinchiateView, outcome: Outcome) -> str:
    """``Your team wins, 7 resti to 0.``, ``Their team (right and left) wins, 3 resti to 1.``,
    ``A tie: 1 resto each.`` (10.5)."""
    resti = outcome.data.get("resti", [0, 0])
    me, them = teams(view.seat)
    if outcome.winner is None:
        return ngettext("A tie: {n} resto each.", "A tie: {n} resti each.", resti[0]).format(
            n=resti[0]
        )
    loser = them if outcome.winner == me else me
    won = resti[outcome.winner]
    if outcome.winner == me:
        said = ngettext(
            "Your team wins, {n} resto to {other}.", "Your team wins, {n} resti to {other}.", won
        )
        return said.format(n=won, other=resti[loser])
    said = ngettext("{team} wins, {n} resto to {other}.", "{team} wins, {n} resti to {other}.", won)
    return said.format(
        team=capital(team_label(outcome.winner, view.seat)), n=won, other=resti[loser]
    )


def _parts_rows(
    points: tuple[EndPoints, EndPoints], me: int, them: int
) -> list[tuple[str, int, int]]:
    rows = []
    for name, attr in (
        (_("card points"), "card_points"),
        (_("combinations"), "combinations"),
        (_("count bonus (cards over 42)"), "count_bonus"),
        (_("last trick"), "last_trick"),
        (_("end count"), "total"),
    ):
        rows.append((name, getattr(points[me], attr), getattr(points[them], attr)))
    return rows


def outcome_view(view: MinchiateView, outcome: Outcome) -> RenderableType:
    """The end of the deal (10.5): the result line, then the breakdown: the running resti and
    the remaining difference, each team's end count with its parts (10.2), ``D_end`` and the
    final resti (10.4), the total resti."""
    headline = Text(outcome_line(view, outcome), style="bold")
    result = view.deal_result
    if result is None:
        return Group(Text(""), headline)
    me, them = teams(view.seat)
    table = Table(box=None, padding=(0, 3, 0, 0), title=_("The end count"), title_justify="left")
    table.add_column("")
    table.add_column(team_word(me, view.seat), justify="right")
    table.add_column(team_word(them, view.seat), justify="right")
    for name, mine, theirs in _parts_rows(result.points, me, them):
        table.add_row(name, str(mine), str(theirs))
    running = result.running
    final = result.final_resti
    total = result.resti
    table.add_row(_("resti during play"), str(running.resti[me]), str(running.resti[them]))
    table.add_row(_("resti of the end"), str(final[me]), str(final[them]))
    table.add_row(
        Text(pgettext("minchiate end count", "resti"), style="bold"),
        Text(str(total[me]), style="bold"),
        Text(str(total[them]), style="bold"),
    )
    d = running.diff
    e0, e1 = result.points[0].total, result.points[1].total
    end = Text(
        _(
            "End difference: {running} + {first} - {second} = {end} (team 0 minus team 1), "
            "{diff}: rounded up to whole resti of 60 (rules 10.4)."
        ).format(
            running=d,
            first=e0,
            second=e1,
            end=result.d_end,
            diff=diff_words(result.d_end, view.seat),
        )
    )
    net = total[me] - total[them]
    if net > 0:
        said = ngettext("Net: {n} resto for us.", "Net: {n} resti for us.", net)
    elif net < 0:
        said = ngettext("Net: {n} resto for them.", "Net: {n} resti for them.", -net)
    else:
        said = _("Net: even.")
    net_line = Text(said.format(n=abs(net)), style="dim")
    return Group(Text(""), headline, table, end, net_line)
