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

from cardavia_cli.engine.seats import SEATS
from cardavia_cli.engine.words import (
    own,
    plural,
    possessive,
    seat_label,
    seat_short,
    seat_subject,
    verb_for,
)
from cardavia_cli.games.cucu.cards import (
    ENGLISH_NAMES,
    FOOL,
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

#: What a card does, in words, by canonical name (sections 7.1-7.6, 9.2); numerals and the
#: low cards share :data:`PLAIN_POWER`.
POWERS: dict[str, str] = {
    "inn": "asked to swap, you show it and the swap stops; the asker keeps their card or asks "
    "you to pay for them if they lose, and you accept (a pact) or refuse (then you must swap) "
    "(rules 7.5)",
    "cat": "asked to swap, you show it and refuse: the asker loses a life and the swaps that "
    "brought them their card are undone (rules 7.6)",
    "horse": "asked to swap, you show it and keep it: the asker must ask the next player "
    "instead, or swap with the top card of the pack when you are the dealer (rules 7.4)",
    "hunter": "asked to swap, you show it and refuse: the asker loses a life (rules 7.3)",
    "cuckoo": "asked to swap, you show it and refuse, at no cost; it never loses at the "
    "showdown (rules 7.2, 9.2)",
    "fool": "no power in the swaps (asked, you must swap); at the showdown it ties with the "
    "lowest live card, and two live Fools are worth 14½ (rules 9.2)",
}
PLAIN_POWER = "no power: asked to swap, you must swap (rules 7.1)"
ZERO_NOTE = "; an Inn's pact does not cover the Zero (rules 7.5)"


# -- cards ----------------------------------------------------------------------------------
def card_words(name: str) -> str:
    """A card in words: ``7`` for a numeral, ``the Lion``, ``the Cuckoo``, ``the Fool``."""
    rank = rank_of(name)
    if ZERO < rank < ZERO + 11:
        return name
    return f"the {ENGLISH_NAMES[rank]}"


def card_bare(name: str) -> str:
    """A card after ``your`` or ``seat 1's``: ``7``, ``Lion``, ``Cuckoo``."""
    rank = rank_of(name)
    return name if ZERO < rank < ZERO + 11 else ENGLISH_NAMES[rank]


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
        return POWERS[name]
    return PLAIN_POWER + (ZERO_NOTE if name == "zero" else "")


# -- seats (named by :mod:`cardavia_cli.engine.words`) -----------------------------------------
def lives_words(lives: int) -> str:
    """``3 lives``, ``1 life`` or ``out`` (section 1)."""
    return "out" if lives <= 0 else plural(lives, "life", "lives")


def lives_line(lives: Sequence[int], viewer: int = 0) -> str:
    """Every seat's lives in a few words: ``you 2, right 3, across 0, left 1``."""
    return ", ".join(f"{seat_short(s, viewer)} {lives[s]}" for s in SEATS)


def lives_list(view: CucuView) -> str:
    """Every seat's lives: ``you 2, seat 1 (right) 3, seat 2 (across) 0, seat 3 (left) 1``."""
    return ", ".join(f"{seat_label(s, view.seat)} {view.lives[s]}" for s in SEATS)


# -- the round so far -------------------------------------------------------------------------
_MOVE_WORDS = {
    (Phase.TURN, "keep"): "kept",
    (Phase.TURN, "swap"): "asked to swap",
    (Phase.INN, "keep"): "kept at the Inn",
    (Phase.INN, "pay"): "asked the Inn to pay",
    (Phase.PAY, "accept"): "accepted to pay",
    (Phase.PAY, "refuse"): "refused to pay",
    (Phase.DEALER, "keep"): "kept",
    (Phase.DEALER, "swap"): "drew from the pack",
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
        words = _MOVE_WORDS[(point, verb)]
        if (point, verb) == (Phase.TURN, "swap") and seat in order:
            # the asker names whom it asked: "asked across to swap" (section 7)
            at = order.index(asked.get(seat, seat)) + 1
            if at < len(order):
                asked[seat] = order[at]
                words = f"asked {seat_short(order[at], view.seat)} to swap"
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
        return Text("a plain card", style="dim")
    return Text("?", style="dim")


def _notes_cell(view: CucuView, seat: int, moves: dict[int, list[str]]) -> Text:
    if seat not in view.order:
        return Text("out of the match", style="dim")
    notes = list(moves[seat])
    for asker, holder in view.pacts:
        if asker == seat:
            whom = "you" if seat == view.seat else "them"
            notes.append(f"pact: {seat_label(holder, view.seat)} pays for {whom}")
    if seat in view.out:
        notes.append("knocked out this round")
    if view.to_act == seat:
        notes.append("to act now")
    return Text(", ".join(notes) if notes else "-", style="" if notes else "dim")


def table_view(view: CucuView) -> RenderableType:
    """The table (sections 4-7): one row per seat in the order of play (the dealer last,
    seats out of the match after), with its lives, the card this seat knows it holds
    (``?`` unknown, ``a plain card`` when it handed one over in a forced swap, 7.1) and what
    it did this round; the seat to act is marked ``>``. Below: the special cards shown this
    round and the pack."""
    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, title_justify="left")
    table.title = f"Round {view.round}   dealer: {seat_label(view.dealer, view.seat)}"
    table.add_column("", no_wrap=True)
    table.add_column("seat", no_wrap=True)
    table.add_column("lives", no_wrap=True)
    table.add_column("card", no_wrap=True)
    table.add_column("this round")
    moves = moves_by_seat(view)
    rows = [*view.order, *(s for s in SEATS if s not in view.order)]
    for seat in rows:
        label = seat_label(seat, view.seat)
        if seat == view.dealer:
            label += ", dealer"
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
    out = Text("Shown this round: ")
    if not view.shown:
        out.append("none", style="dim")
        return out
    for i, (seat, name) in enumerate(view.shown):
        if i:
            out.append(", ")
        out.append(f"{seat_label(seat, view.seat)} ")
        out.append_text(card_text(name))
    out.append(".")
    return out


def pack_line(view: CucuView) -> Text:
    """The pack: how many cards, and its top and bottom cards when this seat knows them
    (section 5: the dealer draws the bottom card, a Horse at the dealer gives the top one)."""
    out = Text(f"Pack: {PACK_SIZE - len(view.order)} cards")
    if view.top is not None:
        out.append("; top card ")
        out.append_text(card_text(view.top))
    if view.bottom is not None:
        out.append("; bottom card ")
        out.append_text(card_text(view.bottom))
    out.append(".")
    return out


def card_line(view: CucuView) -> Text:
    """``Your card: the Horse (13): asked to swap, ...`` (its power in words), or that the
    seat is out of the match or of this round."""
    if view.lives[view.seat] == 0 and view.winner is None:
        return Text("You are out of the match.")
    if view.card is None:
        return Text("You have no card in this round.")
    out = Text("Your card: ")
    out.append_text(card_text(view.card, with_value=True))
    out.append(f": {power_words(view.card)}.")
    return out


def choice_notes(view: CucuView) -> list[tuple[str, str]]:
    """The legal answers of the seat to act, each with what it does (sections 6-8)."""
    if not view.legal or view.card is None:
        return []
    mine = card_bare(view.card)
    phase = view.phase
    notes: dict[str, str] = {}
    if phase == Phase.TURN:
        order = view.order
        target = order[order.index(view.seat) + 1]
        dealer = ", the dealer," if target == view.dealer else ""
        notes = {
            "keep": f"keep your {mine}",
            "swap": f"ask {seat_label(target, view.seat)}{dealer} to swap cards with you",
        }
    elif phase == Phase.INN and view.target is not None:
        holder = seat_label(view.target, view.seat)
        notes = {
            "keep": f"accept the stop and keep your {mine}",
            "pay": f"ask {holder} to pay for you if your card loses (not for the Zero)",
        }
    elif phase == Phase.PAY and view.asker is not None:
        asker = seat_label(view.asker, view.seat)
        notes = {
            "accept": f"no swap; you lose a life in place of {asker} if their card loses "
            "(not for the Zero)",
            "refuse": f"swap your {mine} for {possessive(view.asker, view.seat)} card",
        }
    elif phase == Phase.DEALER:
        notes = {
            "keep": f"keep your {mine}",
            "swap": "swap your card for the bottom card of the pack",
        }
    return [(str(a), notes.get(str(a), "")) for a in view.legal]


def choices_view(view: CucuView) -> RenderableType:
    """The numbered choices (typing the number or the verb answers)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold")
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for i, (verb, note) in enumerate(choice_notes(view), 1):
        grid.add_row(str(i), verb, note)
    return Group(Text("Your choices (a number or the word):"), grid)


def situation_line(view: CucuView) -> Text:
    """What the seat to act is answering (section 6), in one sentence."""
    phase = view.phase
    if phase == Phase.TURN:
        return Text("Your turn: keep your card or ask the next player to swap (rules 7).")
    if phase == Phase.INN and view.target is not None:
        holder = seat_subject(view.target, view.seat)
        return Text(f"{holder} showed the Inn: the swap stops (rules 7.5).")
    if phase == Phase.PAY and view.asker is not None:
        asker = seat_subject(view.asker, view.seat)
        return Text(f"{asker} asks you, the Inn holder, to pay for them if they lose (rules 7.5).")
    if phase == Phase.DEALER:
        return Text(
            "You deal and act last: keep your card, or swap (or draw) the bottom card of the "
            "pack (rules 8)."
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
        return "every seat still in lost its last life: all-out restart, three lives each"
    parts = []
    for seat, n in enumerate(lost_lives(view)):
        if not n:
            continue
        who = seat_label(seat, view.seat)
        lives = "life" if n == 1 else f"{n} lives"
        if view.lives[seat] == 0:
            out = verb_for(seat, view.seat, "are")
            parts.append(f"{who} lost {own(seat, view.seat)} last {lives} and {out} out")
        else:
            parts.append(f"{who} lost {'a life' if n == 1 else lives}")
    return ", ".join(parts) if parts else "nobody lost a life"


def round_end_view(view: CucuView) -> RenderableType:
    """A break after a showdown (section 10, 11a): who lost lives, every seat's lives and the
    next dealer; for a seat that has just gone out, what it may do now."""
    head = Text(f"End of round {view.round}: {losses_words(view)}.", style="bold")
    lives = Text(f"Lives: {lives_list(view)}")
    following = next_dealer(view.dealer, view.lives)
    if following is not None:
        deals = verb_for(following, view.seat, "deal")
        lives.append(f". {seat_subject(following, view.seat)} {deals} next.")
    parts: list[RenderableType] = [head, lives]
    me = view.seat
    if view.lives[me] == 0 and view.start_lives[me] > 0 and view.winner is None:
        parts.append(
            Text(
                "You are out of the match: watch follows it one line per round, finish plays "
                "it to its end.",
                style="dim",
            )
        )
    return Group(*parts)


def round_summary_line(view: CucuView) -> Text:
    """One line for a finished round (``watch``): who lost lives, lives left."""
    return Text(
        f"Round {view.round}: {losses_words(view)}; lives: {lives_line(view.lives, view.seat)}."
    )


def outcome_view(view: CucuView, outcome: Outcome) -> RenderableType:
    """The end of the match (section 10.2): the winner after how many rounds, and the lives
    left."""
    rounds = plural(outcome.data.get("rounds", view.round), "round")
    restarts = f", {plural(view.restarts, 'all-out restart')}" if view.restarts else ""
    if outcome.winner == view.seat:
        head = f"You win the match after {rounds}{restarts}!"
    elif outcome.winner is not None:
        who = seat_subject(outcome.winner, view.seat)
        head = f"{who} wins the match after {rounds}{restarts}."
    else:
        head = outcome.summary
    return Group(Text(""), Text(head, style="bold"), Text(f"Lives left: {lives_list(view)}."))


def intro_text(view: CucuView, origin: str, seats: Sequence[str]) -> RenderableType:
    """The start of a match (sections 1, 4): where it comes from, the opponents, the lives,
    the dealer."""
    line = Text("Cuccu", style="bold")
    levels = [seats[s] for s in SEATS if s != view.seat]
    if len(set(levels)) == 1:
        against = f"three {levels[0]} computer players"
    else:
        against = ", ".join(
            f"{seats[s]} at {seat_label(s, view.seat)}" for s in SEATS if s != view.seat
        )
    line.append(f", {origin}: you (seat {view.seat}) against {against}")
    if all(n == START_LIVES for n in view.start_lives) and view.round == 1:
        line.append(", three lives each. ")
    else:
        line.append(f". Lives: {lives_list(view)}. ")
    deals = verb_for(view.dealer, view.seat, "deal")
    line.append(f"{seat_subject(view.dealer, view.seat)} {deals}.")
    parts: list[RenderableType] = [line]
    if view.lives[view.seat] == 0 and view.winner is None:
        parts.append(
            Text(
                "You are out of this match: watch follows it one line per round, finish plays "
                "it to its end.",
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
