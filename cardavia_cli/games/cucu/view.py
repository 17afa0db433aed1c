"""Rich rendering of a Cuccu seat's view for the REPL (rules/cucu.md 2, 4, 6-10, 11a).

Returns rich renderables and plain strings; it never prints. Every function takes a
:class:`~cardavia_cli.games.cucu.rules.CucuView` (what one seat may see) or card names, and
names seats by where they sit (``you``, ``seat 1 (right)``). Cards are written in words
(``7``, ``the Lion``, ``the Cuckoo``) with their value where it helps (``the Lion (-3)``);
the five high pictures are styled, so a card stays readable with ``NO_COLOR`` or off a
terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine import richtext
from cardavia_cli.engine.i18n import N_, _, ngettext, npgettext, pgettext
from cardavia_cli.engine.richtext import fill
from cardavia_cli.engine.seats import SEATS
from cardavia_cli.engine.words import by_seat, capital, said_action, seat_label, seat_short
from cardavia_cli.games.cucu.cards import (
    BUCKET,
    CAT,
    CUCKOO,
    FOOL,
    HORSE,
    HUNTER,
    INN,
    LION,
    MASK,
    PACK_SIZE,
    SPECIALS,
    ZERO,
    rank_of,
    value,
)
from cardavia_cli.games.cucu.round import START_LIVES, next_dealer
from cardavia_cli.games.cucu.rules import Phase

if TYPE_CHECKING:
    from cardavia_cli.engine.game import Outcome
    from cardavia_cli.games.cucu.rules import CucuView

#: The style of a high picture (Inn .. Cuckoo: the cards with a power, section 2): named
#: styles of the palette (``repl/theme.py``).
PICTURE_STYLE = "card.picture"
#: The style of the Fool (special at the showdown only, section 9.2).
FOOL_STYLE = "card.fool"
#: The style of every other card.
PLAIN_STYLE = "card.plain"
#: Cuccu's cards have no suit and no colour: they are named in words (``the Lion``), so the
#: colour-blind palette gives them no mark.

#: The named cards in words, by rank index (section 2): as a subject or an object (``the
#: Lion``) and after a possessive (``your Lion``, ``seat 1 (right)'s Lion``). The numerals are
#: their figures in every language.
CARD_NAMES: dict[int, tuple[str, str]] = {
    # TRANSLATORS: the Cuccu cards (section 2 of the rules). The first of each pair names the
    # card in a sentence ("seat 1 shows the Lion"), the second follows a possessive ("your
    # Lion"). The five high pictures and the Fool keep their Italian names (Osteria, Gnao,
    # Cavallo, Bragon, Cucù, Matto).
    LION: (N_("the Lion"), N_("Lion")),
    MASK: (N_("the Mask"), N_("Mask")),
    BUCKET: (N_("the Bucket"), N_("Bucket")),
    ZERO: (N_("the Zero"), N_("Zero")),
    INN: (N_("the Inn"), N_("Inn")),
    CAT: (N_("the Cat"), N_("Cat")),
    HORSE: (N_("the Horse"), N_("Horse")),
    HUNTER: (N_("the Hunter"), N_("Hunter")),
    CUCKOO: (N_("the Cuckoo"), N_("Cuckoo")),
    FOOL: (N_("the Fool"), N_("Fool")),
}

#: What a card does, in words, by canonical name (sections 7.1-7.6, 9.2); numerals and the
#: low cards share :data:`PLAIN_POWER` (the Zero :data:`ZERO_POWER`).
POWERS: dict[str, str] = {
    "inn": N_(
        "asked to swap, you show it and the swap stops; the asker keeps their card or asks "
        "you to pay for them if they lose, and you accept (a pact) or refuse (then you must "
        "swap) (rules 7.5)"
    ),
    "cat": N_(
        "asked to swap, you show it and refuse: the asker loses a life and the swaps that "
        "brought them their card are undone (rules 7.6)"
    ),
    "horse": N_(
        "asked to swap, you show it and keep it: the asker must ask the next player "
        "instead, or swap with the top card of the pack when you are the dealer (rules 7.4)"
    ),
    "hunter": N_("asked to swap, you show it and refuse: the asker loses a life (rules 7.3)"),
    "cuckoo": N_(
        "asked to swap, you show it and refuse, at no cost; it never loses at the "
        "showdown (rules 7.2, 9.2)"
    ),
    "fool": N_(
        "no power in the swaps (asked, you must swap); at the showdown it ties with the "
        "lowest live card, and two live Fools are worth 14½ (rules 9.2)"
    ),
}
PLAIN_POWER = N_("no power: asked to swap, you must swap (rules 7.1)")
ZERO_POWER = N_(
    "no power: asked to swap, you must swap (rules 7.1); an Inn's pact does not cover the "
    "Zero (rules 7.5)"
)


def listed(items: Sequence[str]) -> str:
    """``items`` one after the other, with the language's list comma (``a, b, c``)."""
    # TRANSLATORS: what separates the items of a list ("you 2, right 3"); Arabic: "، ".
    return pgettext("list", ", ").join(items)


# -- cards ----------------------------------------------------------------------------------
def card_words(name: str) -> str:
    """A card in words: ``7`` for a numeral, ``the Lion``, ``the Cuckoo``, ``the Fool``."""
    rank = rank_of(name)
    if ZERO < rank < ZERO + 11:
        return name
    return _(CARD_NAMES[rank][0])


def card_bare(name: str) -> str:
    """A card after ``your`` or ``seat 1's``: ``7``, ``Lion``, ``Cuckoo``."""
    rank = rank_of(name)
    return name if ZERO < rank < ZERO + 11 else _(CARD_NAMES[rank][1])


def card_value_words(name: str) -> str:
    """A card with its value where the name does not say it: ``the Lion (-3)``,
    ``the Inn (11)``, ``7``, ``the Fool`` (section 2)."""
    rank = rank_of(name)
    words = card_words(name)
    worth = value(rank)
    if worth is None or words == name:
        return words
    return f"{words} ({worth})"


def card_style(name: str) -> str:
    """The rich style of a card: the high pictures and the Fool stand out."""
    rank = rank_of(name)
    if rank in SPECIALS:
        return PICTURE_STYLE
    return FOOL_STYLE if rank == FOOL else PLAIN_STYLE


def card_text(name: str, *, with_value: bool = False) -> Text:
    """One card in words as styled text (``with_value``: :func:`card_value_words`)."""
    words = card_value_words(name) if with_value else card_words(name)
    return Text(words, style=card_style(name))


def power_words(name: str) -> str:
    """What the card does, in words, citing the rules (sections 7, 9.2)."""
    if name in POWERS:
        return _(POWERS[name])
    text = ZERO_POWER if name == "zero" else PLAIN_POWER
    return _(text)


def seat_card(seat: int, viewer: int, card: str | Text, *, dead: bool = False) -> Text:
    """A seat and a card it showed: ``you 7``, ``seat 1 (right) the Lion``, ``seat 1 (right)
    the Lion (dead)`` (a card of the showdown, section 9.1)."""
    if dead:
        # TRANSLATORS: a seat and its card at the showdown, in a list; the card is dead (9.1).
        mine, theirs = _("you {card} (dead)"), _("{seat} {card} (dead)")
    else:
        # TRANSLATORS: a seat and the card it showed, in a list ("seat 1 (right) the Cat").
        mine, theirs = _("you {card}"), _("{seat} {card}")
    return richtext.by_seat(seat, viewer, mine, theirs, card=card)


# -- seats (named by :mod:`cardavia_cli.engine.words`) -----------------------------------------
def lives_words(lives: int) -> str:
    """``3 lives``, ``1 life`` or ``out`` (section 1): a cell of the table's ``lives``
    column."""
    if lives <= 0:
        # TRANSLATORS: a seat with no life left, out of the match (a cell of the table).
        return pgettext("lives", "out")
    # TRANSLATORS: a cell of the table's "lives" column; the figure may stand alone.
    return npgettext("cucu table", "{n} life", "{n} lives", lives).format(n=lives)


def lives_line(lives: Sequence[int], viewer: int = 0) -> str:
    """Every seat's lives in a few words: ``you 2, right 3, across 0, left 1``."""
    return listed([f"{seat_short(s, viewer)} {lives[s]}" for s in SEATS])


def lives_list(view: CucuView) -> str:
    """Every seat's lives: ``you 2, seat 1 (right) 3, seat 2 (across) 0, seat 3 (left) 1``."""
    return listed([f"{seat_label(s, view.seat)} {view.lives[s]}" for s in SEATS])


# -- the round so far -------------------------------------------------------------------------
_MOVE_WORDS = {
    (Phase.TURN, "keep"): N_("kept"),
    (Phase.TURN, "swap"): N_("asked to swap"),
    (Phase.INN, "keep"): N_("kept at the Inn"),
    (Phase.INN, "pay"): N_("asked the Inn to pay"),
    (Phase.PAY, "accept"): N_("accepted to pay"),
    (Phase.PAY, "refuse"): N_("refused to pay"),
    (Phase.DEALER, "keep"): N_("kept"),
    (Phase.DEALER, "swap"): N_("drew from the pack"),
}


def moves_by_seat(view: CucuView) -> dict[int, list[str]]:
    """Who has acted this round and how, per seat, in words (section 6): ``kept``,
    ``asked to swap``, ``asked the Inn to pay``, ``accepted to pay``, ``drew from the pack``,
    ... The decision point of each move follows from the order of play: the dealer's
    ``keep``/``swap`` is its last decision, a ``keep`` right after the seat's own ``swap`` is
    its answer at an Inn."""
    out: dict[int, list[str]] = {s: [] for s in SEATS}
    last: dict[int, str] = {}
    asked: dict[int, int] = {}  # the last seat each seat asked (a Horse sends it on, 7.4)
    order = list(view.order)
    for seat, verb in view.moves:
        if verb in ("accept", "refuse"):
            point = Phase.PAY
        elif verb == "pay" or (verb == "keep" and last.get(seat) == "swap"):
            point = Phase.INN
        elif seat == view.dealer:
            point = Phase.DEALER
        else:
            point = Phase.TURN
        words = _(_MOVE_WORDS[(point, verb)])
        if (point, verb) == (Phase.TURN, "swap") and seat in order:
            # the asker names whom it asked: "asked across to swap" (section 7)
            at = order.index(asked.get(seat, seat)) + 1
            if at < len(order):
                asked[seat] = order[at]
                words = by_seat(
                    order[at],
                    view.seat,
                    _("asked you to swap"),
                    # TRANSLATORS: {where} is where the seat asked sits: right, across, left.
                    _("asked {where} to swap"),
                    where=seat_short(order[at], view.seat),
                )
        out[seat].append(words)
        if point in (Phase.TURN, Phase.INN):
            last[seat] = verb
    return out


def _card_cell(view: CucuView, seat: int) -> Text:
    if seat not in view.order:
        return Text("-", style="dim")
    name = view.cards[seat]
    if name is not None:
        return card_text(name)
    if seat in view.plain:
        return Text(_("a plain card"), style="dim")
    return Text("?", style="dim")


def _pact_note(view: CucuView, asker: int, holder: int) -> str:
    """``pact: seat 2 (across) pays for them``: a pact of ``asker`` with the Inn ``holder``."""
    me = view.seat
    if asker == me:
        return _("pact: {holder} pays for you").format(holder=seat_label(holder, me))
    if holder == me:
        # TRANSLATORS: in the table, the pact of another seat whose Inn holder is you: you
        # pay for them if their card loses.
        return _("pact: you pays for them")
    return _("pact: {holder} pays for them").format(holder=seat_label(holder, me))


def _notes_cell(view: CucuView, seat: int, moves: dict[int, list[str]]) -> Text:
    if seat not in view.order:
        return Text(_("out of the match"), style="dim")
    notes = list(moves[seat])
    for asker, holder in view.pacts:
        if asker == seat:
            notes.append(_pact_note(view, asker, holder))
    if seat in view.out:
        notes.append(_("knocked out this round"))
    if view.to_act == seat:
        notes.append(_("to act now"))
    return Text(listed(notes) if notes else "-", style="" if notes else "dim")


def table_view(view: CucuView) -> RenderableType:
    """The table (sections 4-7): one row per seat in the order of play (the dealer last,
    seats out of the match after), with its lives, the card this seat knows it holds
    (``?`` unknown, ``a plain card`` when it handed one over in a forced swap, 7.1) and what
    it did this round; the seat to act is marked ``>``. Below: the special cards shown this
    round and the pack."""
    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, title_justify="left")
    table.title = _("Round {n}   dealer: {dealer}").format(
        n=view.round, dealer=seat_label(view.dealer, view.seat)
    )
    table.add_column("", no_wrap=True)
    # TRANSLATORS: the headers of the table's columns.
    table.add_column(pgettext("cucu table", "seat"), no_wrap=True)
    table.add_column(pgettext("cucu table", "lives"), no_wrap=True)
    table.add_column(pgettext("cucu table", "card"), no_wrap=True)
    table.add_column(pgettext("cucu table", "this round"))
    moves = moves_by_seat(view)
    rows = [*view.order, *(s for s in SEATS if s not in view.order)]
    for seat in rows:
        label = seat_label(seat, view.seat)
        if seat == view.dealer:
            # TRANSLATORS: a seat in the table, the dealer of this round ("you, dealer").
            label = _("{seat}, dealer").format(seat=label)
        table.add_row(
            Text(">" if view.to_act == seat else "", style="bold"),
            Text(label, style="bold" if seat == view.seat else ""),
            lives_words(view.lives[seat]),
            _card_cell(view, seat),
            _notes_cell(view, seat, moves),
        )
    parts: list[RenderableType] = [table]
    parts.append(shown_line(view))
    parts.append(pack_line(view))
    return Group(*parts)


def shown_line(view: CucuView) -> Text:
    """The special cards shown in answer to asks this round, in order (section 6: public)."""
    if not view.shown:
        # TRANSLATORS: no special card shown this round.
        none = Text(pgettext("cards shown", "none"), style="dim")
        return fill(_("Shown this round: {none}"), none=none)
    cards = Text()
    for i, (seat, name) in enumerate(view.shown):
        if i:
            cards.append(pgettext("list", ", "))
        cards.append_text(seat_card(seat, view.seat, card_text(name)))
    return fill(_("Shown this round: {cards}."), cards=cards)


def pack_line(view: CucuView) -> Text:
    """The pack: how many cards, and its top and bottom cards when this seat knows them
    (section 5: the dealer draws the bottom card, a Horse at the dealer gives the top one)."""
    n = PACK_SIZE - len(view.order)
    top = None if view.top is None else card_text(view.top)
    bottom = None if view.bottom is None else card_text(view.bottom)
    if top is not None and bottom is not None:
        text = ngettext(
            "Pack: {n} card; top card {top}; bottom card {bottom}.",
            "Pack: {n} cards; top card {top}; bottom card {bottom}.",
            n,
        )
    elif top is not None:
        text = ngettext("Pack: {n} card; top card {top}.", "Pack: {n} cards; top card {top}.", n)
    elif bottom is not None:
        text = ngettext(
            "Pack: {n} card; bottom card {bottom}.", "Pack: {n} cards; bottom card {bottom}.", n
        )
    else:
        text = ngettext("Pack: {n} card.", "Pack: {n} cards.", n)
    return fill(text, n=str(n), top=top or "", bottom=bottom or "")


def card_line(view: CucuView) -> Text:
    """``Your card: the Horse (13): asked to swap, ...`` (its power in words), or that the
    seat is out of the match or of this round."""
    if view.lives[view.seat] == 0 and view.winner is None:
        return Text(_("You are out of the match."))
    if view.card is None:
        return Text(_("You have no card in this round."))
    return fill(
        _("Your card: {card}: {power}."),
        card=card_text(view.card, with_value=True),
        power=power_words(view.card),
    )


def choice_notes(view: CucuView) -> list[tuple[str, str]]:
    """The legal answers of the seat to act, each with what it does (sections 6-8)."""
    if not view.legal or view.card is None:
        return []
    mine = card_bare(view.card)
    phase = view.phase
    me = view.seat
    notes: dict[str, str] = {}
    if phase == Phase.TURN:
        order = view.order
        target = order[order.index(me) + 1]
        if target == view.dealer:
            swap = _("ask {seat}, the dealer, to swap cards with you")
        else:
            swap = _("ask {seat} to swap cards with you")
        notes = {
            "keep": _("keep your {card}").format(card=mine),
            "swap": swap.format(seat=seat_label(target, me)),
        }
    elif phase == Phase.INN and view.target is not None:
        holder = seat_label(view.target, me)
        notes = {
            "keep": _("accept the stop and keep your {card}").format(card=mine),
            "pay": _("ask {seat} to pay for you if your card loses (not for the Zero)").format(
                seat=holder
            ),
        }
    elif phase == Phase.PAY and view.asker is not None:
        asker = seat_label(view.asker, me)
        notes = {
            "accept": _(
                "no swap; you lose a life in place of {seat} if their card loses (not for the Zero)"
            ).format(seat=asker),
            "refuse": _("swap your {card} for {seat}'s card").format(card=mine, seat=asker),
        }
    elif phase == Phase.DEALER:
        notes = {
            "keep": _("keep your {card}").format(card=mine),
            "swap": _("swap your card for the bottom card of the pack"),
        }
    return [(str(a), notes.get(str(a), "")) for a in view.legal]


def choices_view(view: CucuView) -> RenderableType:
    """The numbered choices (typing the number or the verb answers)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold")
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for i, (verb, note) in enumerate(choice_notes(view), 1):
        grid.add_row(str(i), said_action(verb), note)
    return Group(Text(_("Your choices (a number or the word):")), grid)


def situation_line(view: CucuView) -> Text:
    """What the seat to act is answering (section 6), in one sentence."""
    phase = view.phase
    me = view.seat
    if phase == Phase.TURN:
        return Text(_("Your turn: keep your card or ask the next player to swap (rules 7)."))
    if phase == Phase.INN and view.target is not None:
        return Text(
            _("{Seat} showed the Inn: the swap stops (rules 7.5).").format(
                Seat=capital(seat_label(view.target, me))
            )
        )
    if phase == Phase.PAY and view.asker is not None:
        return Text(
            _("{Seat} asks you, the Inn holder, to pay for them if they lose (rules 7.5).").format(
                Seat=capital(seat_label(view.asker, me))
            )
        )
    if phase == Phase.DEALER:
        return Text(
            _(
                "You deal and act last: keep your card, or swap (or draw) the bottom card of "
                "the pack (rules 8)."
            )
        )
    return Text("")


def status_view(view: CucuView) -> RenderableType:
    """Shown before each of the seat's decisions: the table, the seat's card with its power,
    the situation and the numbered choices."""
    gap = Text("")
    return Group(
        gap, table_view(view), gap, card_line(view), situation_line(view), choices_view(view)
    )


# -- the end of a round and of the match --------------------------------------------------------
def lost_lives(view: CucuView) -> list[int]:
    """Lives lost this round per seat (Hunter, Cat, showdown and pacts; sections 7.3, 7.6,
    9.3): after an all-out restart (10.1) every seat in the round lost all it had."""
    if view.restarted:
        return list(view.start_lives)
    return [max(0, a - b) for a, b in zip(view.start_lives, view.lives, strict=True)]


def losses_words(view: CucuView) -> str:
    """``seat 1 (right) lost a life, you lost your last life and are out``, ``nobody lost a
    life`` or the all-out restart (sections 9.3, 10.1)."""
    if view.restarted:
        return _("every seat still in lost its last life: all-out restart, three lives each")
    parts = []
    me = view.seat
    for seat, n in enumerate(lost_lives(view)):
        if not n:
            continue
        if view.lives[seat] == 0:
            mine = ngettext(
                "you lost your last life and are out", "you lost your last {n} lives and are out", n
            )
            theirs = ngettext(
                "{seat} lost their last life and is out",
                "{seat} lost their last {n} lives and is out",
                n,
            )
        else:
            mine = ngettext("you lost a life", "you lost {n} lives", n)
            theirs = ngettext("{seat} lost a life", "{seat} lost {n} lives", n)
        parts.append(by_seat(seat, me, mine, theirs, n=n))
    return listed(parts) if parts else _("nobody lost a life")


def round_end_view(view: CucuView) -> RenderableType:
    """A break after a showdown (section 10, 11a): who lost lives, every seat's lives and the
    next dealer; for a seat that has just gone out, what it may do now."""
    head = Text(
        _("End of round {n}: {losses}.").format(n=view.round, losses=losses_words(view)),
        style="bold",
    )
    following = next_dealer(view.dealer, view.lives)
    if following is None:
        lives = Text(_("Lives: {lives}").format(lives=lives_list(view)))
    else:
        lives = Text(
            by_seat(
                following,
                view.seat,
                _("Lives: {lives}. You deal next."),
                _("Lives: {lives}. {Seat} deals next."),
                lives=lives_list(view),
            )
        )
    parts: list[RenderableType] = [head, lives]
    me = view.seat
    if view.lives[me] == 0 and view.start_lives[me] > 0 and view.winner is None:
        parts.append(
            Text(
                _(
                    "You are out of the match: watch follows it one line per round, finish "
                    "plays it to its end."
                ),
                style="dim",
            )
        )
    return Group(*parts)


def round_summary_line(view: CucuView) -> Text:
    """One line for a finished round (``watch``): who lost lives, lives left."""
    return Text(
        _("Round {n}: {losses}; lives: {lives}.").format(
            n=view.round, losses=losses_words(view), lives=lives_line(view.lives, view.seat)
        )
    )


def outcome_line(view: CucuView, outcome: Outcome) -> str:
    """The end of the match (section 10.2) in one sentence for the seat of ``view``: "You win
    the match after 7 rounds!", "Seat 2 (across) wins the match after 7 rounds, 1 all-out
    restart.", or the engine's summary."""
    n = outcome.data.get("rounds", view.round)
    rounds = ngettext("{n} round", "{n} rounds", n).format(n=n)
    restarts = ngettext("{n} all-out restart", "{n} all-out restarts", view.restarts).format(
        n=view.restarts
    )
    if outcome.winner is not None and view.restarts:
        return by_seat(
            outcome.winner,
            view.seat,
            _("You win the match after {rounds}, {restarts}!"),
            _("{Seat} wins the match after {rounds}, {restarts}."),
            rounds=rounds,
            restarts=restarts,
        )
    if outcome.winner is not None:
        return by_seat(
            outcome.winner,
            view.seat,
            _("You win the match after {rounds}!"),
            _("{Seat} wins the match after {rounds}."),
            rounds=rounds,
        )
    return outcome.summary


def outcome_view(view: CucuView, outcome: Outcome) -> RenderableType:
    """The end of the match (section 10.2): the winner after how many rounds
    (:func:`outcome_line`), and the lives left."""
    head = outcome_line(view, outcome)
    lives = _("Lives left: {lives}.").format(lives=lives_list(view))
    return Group(Text(""), Text(head, style="bold"), Text(lives))


def intro_text(view: CucuView, origin: str, seats: Sequence[str]) -> RenderableType:
    """The start of a match (sections 1, 4): where it comes from, the opponents, the lives,
    the dealer."""
    me = view.seat
    levels = [seats[s] for s in SEATS if s != me]
    if len(set(levels)) == 1:
        # TRANSLATORS: {level} is the level's name as typed (basic, strong, random).
        against = _("three {level} computer players").format(level=levels[0])
    else:
        against = listed(
            [
                # TRANSLATORS: a computer player's level (as typed: basic, strong) and its seat.
                _("{level} at {seat}").format(level=seats[s], seat=seat_label(s, me))
                for s in SEATS
                if s != me
            ]
        )
    if all(n == START_LIVES for n in view.start_lives) and view.round == 1:
        # TRANSLATORS: the first line of a match: {game} is "Cuccu", {origin} where the deal
        # comes from (a seed, a file).
        text = _("{game}, {origin}: you (seat {seat}) against {against}, three lives each.")
    else:
        text = _("{game}, {origin}: you (seat {seat}) against {against}. Lives: {lives}.")
    line = fill(
        text,
        style="bold",
        game="Cuccu",
        origin=origin,
        seat=str(me),
        against=against,
        lives=lives_list(view),
    )
    line.append(" ")
    line.append(by_seat(view.dealer, me, _("You deal."), _("{Seat} deals.")))
    parts: list[RenderableType] = [line]
    if view.lives[me] == 0 and view.winner is None:
        parts.append(
            Text(
                _(
                    "You are out of this match: watch follows it one line per round, finish "
                    "plays it to its end."
                ),
                style="dim",
            )
        )
    return Group(*parts)


__all__ = [
    "card_bare",
    "card_line",
    "card_text",
    "card_value_words",
    "card_words",
    "choice_notes",
    "choices_view",
    "intro_text",
    "lives_line",
    "lives_list",
    "lives_words",
    "losses_words",
    "moves_by_seat",
    "outcome_view",
    "power_words",
    "round_end_view",
    "round_summary_line",
    "status_view",
    "table_view",
]
