"""The REPL hook of Si Se Pai (rules/sisepai.md 8, 9, 11): ``UI``.

The game-independent REPL (:mod:`cardavia_cli.repl`) asks this object for everything that is
Si Se Pai: the verbs ``pass claim win discard``, the rendering of a seat's view (through
:mod:`.view`), the cards that fit after ``claim`` or ``discard``, the two conveniences of
rules 8.1 (one answer per card; a pass or a non-winning claim refused once while a win exists), the
``hint`` with the hand's waits (rules 8.2, 13.3), one short line per public event, and the
event log told in words. A match is one deal (rules 11.3) and every play has one reading, so
the REPL's ``next`` and ``cancel`` are not offered.

It works only on the human seat's :class:`~.rules.SisepaiView` and the events that seat may see;
it never prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.i18n import N_, NP_, _, ngettext, pgettext
from cardavia_cli.engine.interface import Completion, Verb
from cardavia_cli.engine.richtext import fill
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.engine.words import said_action
from cardavia_cli.games.sisepai.cards import COPIES, card_name, card_str, counts_of, parse_card
from cardavia_cli.games.sisepai.events import (
    Claim,
    Dead,
    Deal,
    Discard,
    Draw,
    Exhausted,
    Respond,
    Win,
)
from cardavia_cli.games.sisepai.melds import Meld, waits
from cardavia_cli.games.sisepai.rules import Action, Phase, SisepaiView
from cardavia_cli.games.sisepai.view import (
    card_text,
    cards_text,
    hand_view,
    kind_word,
    meld_text,
    melds_line,
    outcome_line,
    outcome_view,
    seat_text,
    status_view,
    table_view,
)

ACTIONS: tuple[Verb, ...] = (
    Verb("pass", "pass", N_("Do not claim the public card (rules 8.1)."), N_("do not claim")),
    Verb(
        "claim",
        "claim [CARDS]",
        N_(
            "Claim the public card with these cards from your hand, e.g. claim rR rR; a bare "
            "claim takes a public General or flower alone (rules 8.1)."
        ),
        N_("claim the public card"),
    ),
    Verb(
        "win",
        "win",
        N_("Claim the public card as a win; the winning meld is found for you."),
        N_("claim it as a win"),
    ),
    Verb(
        "discard",
        "discard CARD",
        N_(
            "Discard one card of your hand after a claim (rules 8.2), or type its number in the "
            "list."
        ),
        N_("discard a card"),
    ),
)

#: How a public card that nobody takes is told, after the card or the line that shows it.
# TRANSLATORS: after a card (or the line that shows it): "wP: nobody takes it, dead."
DEAD = N_(": nobody takes it, dead.")
#: The mark of an answer given without asking (rules 8.1), after a space.
AUTOMATIC = N_("(automatic)")
#: The prompt's word for each decision point (the verbs typed stay English).
PROMPTS = {
    Phase.CLAIM: NP_("prompt", "claim"),
    Phase.DISCARD: NP_("prompt", "discard"),
    Phase.OVER: NP_("prompt", "over"),
}


def _automatic() -> Text:
    return Text(" " + _(AUTOMATIC), style="dim")


def _line(event: Event, seat: int, auto: bool = False, end: str | Text = ".") -> Text:
    """``event`` in words for ``seat``, ending with ``end``; ``auto``: an answer of ``seat``
    given without asking (rules 8.1)."""
    mark = _automatic() if auto else Text("")
    match event:
        case Deal(seat=s, cards=cards):
            line = seat_text(
                s,
                seat,
                _("[bold]You[/bold] are dealt {cards}"),
                _("{Seat} is dealt {cards}"),
                cards=cards_text(cards),
            )
        case Draw(seat=s, card=card):
            line = seat_text(
                s,
                seat,
                _("[bold]You[/bold] draw {card}"),
                _("{Seat} draws {card}"),
                card=card_text(card),
            )
        case Discard(seat=s, card=card):
            line = seat_text(
                s,
                seat,
                _("[bold]You[/bold] discard {card}"),
                _("{Seat} discards {card}"),
                card=card_text(card),
            )
        case Respond(seat=s, meld=None):
            line = seat_text(s, seat, _("[bold]You[/bold] pass"), _("{Seat} passes"))
            line.append_text(mark)
        case Respond(seat=s, meld=Meld() as meld):
            line = seat_text(
                s,
                seat,
                _("[bold]You[/bold] answer with a claim: {meld}"),
                _("{Seat} answers: claim {meld}"),
                meld=meld_text(meld),
            )
            line.append_text(mark)
        case Claim(seat=s, meld=meld, card=card, drawn=True):
            line = seat_text(
                s,
                seat,
                _("[bold]You[/bold] claim the drawn {card}: {meld}"),
                _("{Seat} claims the drawn {card}: {meld}"),
                card=card_text(card),
                meld=meld_text(meld),
            )
        case Claim(seat=s, meld=meld, card=card):
            line = seat_text(
                s,
                seat,
                _("[bold]You[/bold] claim the discarded {card}: {meld}"),
                _("{Seat} claims the discarded {card}: {meld}"),
                card=card_text(card),
                meld=meld_text(meld),
            )
        case Dead(card=card):
            line = card_text(card)  # the whole line in the card's style
            line.append(_(DEAD))
            return line
        case Win(seat=s, points=points):
            # TRANSLATORS: the English says "points" for any number.
            mine = ngettext(
                "[bold]You[/bold] win with {n} points!",
                "[bold]You[/bold] win with {n} points!",
                points,
            )
            # TRANSLATORS: the English says "points" for any number.
            theirs = ngettext(
                "{Seat} wins with {n} points!", "{Seat} wins with {n} points!", points
            )
            return seat_text(s, seat, mine, theirs, n=str(points))
        case Exhausted():
            return Text(_("The stock is exhausted."))
        case _:
            return Text(event.text)
    line.append_text(end if isinstance(end, Text) else Text(end))
    return line


def _over(claimant: int, seat: int, own: tuple[Meld, bool] | None) -> Text:
    """The end of a claim's line: how ``seat``'s own sealed claim (its meld, and whether it
    was forced) fared, `` (forced).`` or `` (over your claim [...]).``, else ``.``."""
    if own is not None and claimant != seat:
        if own[1]:
            over = _("(over your forced claim [{meld}])").format(meld=own[0])
        else:
            over = _("(over your claim [{meld}])").format(meld=own[0])
        return Text.assemble((" " + over, "dim"), ".")
    if own is not None and own[1]:
        return Text.assemble((" " + _("(forced)"), "dim"), ".")
    return Text(".")


class SisepaiUI(GameUI[SisepaiView, Action]):
    """Si Se Pai for the REPL; see the module docstring and :class:`~.engine.ui.GameUI`."""

    actions = ACTIONS
    table_help = N_("Show the table: every seat, the public card, the stock, the dead pile.")
    hint_help = N_(
        "Suggest a move (the strong computer player's choice for your seat) and show your waits."
    )

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: SisepaiView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The first line of a deal: where it comes from (``seed 7``, ``deck from FILE``),
        the opponents, the dealer (rules 4, 6)."""
        levels = [seats[s] for s in (1, 2, 3)]
        if len(set(levels)) == 1:
            line = fill(
                _(
                    "[bold]Si Se Pai[/bold], {origin}: you (seat 0) against three {level} "
                    "computer players."
                ),
                origin=origin,
                level=levels[0],
            )
        else:
            players = ", ".join(
                _("{level} at seat {n}").format(level=level, n=s)
                for s, level in zip((1, 2, 3), levels, strict=True)
            )
            line = fill(
                _("[bold]Si Se Pai[/bold], {origin}: you (seat 0) against {players}."),
                origin=origin,
                players=players,
            )
        line.append(" ")
        line.append_text(
            seat_text(
                view.dealer,
                view.seat,
                _("[bold]You[/bold] deal and draw first."),
                _("{Seat} deals and draws first."),
            )
        )
        return line

    def status(self, view: SisepaiView) -> RenderableType:
        """The table, the hand and the choices (rules 7.1, 8.1, 8.2)."""
        return status_view(view)

    def table(self, view: SisepaiView) -> RenderableType:
        """The public table."""
        return table_view(view)

    def hand(self, view: SisepaiView) -> RenderableType:
        """The concealed hand and this seat's exposed melds."""
        exposed = Text(_("Your exposed melds:") + " ")
        exposed.append_text(melds_line(view.exposed[view.seat]))
        return Group(hand_view(view.hand), exposed)

    def prompt(self, view: SisepaiView) -> str:
        """``wP > `` when a public card waits for an answer (``wP (WIN available) > `` when a
        claim wins), ``discard > `` after a claim."""
        if view.phase is Phase.CLAIM and view.public is not None:
            win = " " + _("(WIN available)") if any(o.win for o in view.claims) else ""
            return f"{card_str(view.public)}{win} > "
        return f"{pgettext('prompt', PROMPTS[view.phase])} > "

    def outcome(self, view: SisepaiView, outcome: Outcome) -> RenderableType:
        """The result (rules 11): the summary line and the winner's melds."""
        return outcome_view(view, outcome)

    def outcome_line(self, view: SisepaiView, outcome: Outcome) -> str:
        """The head of :meth:`outcome` (rules 11), one sentence for the seat of ``view``."""
        return outcome_line(view, outcome)

    def round_end(self, view: SisepaiView) -> RenderableType:
        """A match is one deal (rules 11.3): there are no breaks."""
        return Text(_("The deal is over."))

    # -- choices, completion ---------------------------------------------------------------------
    def legal_verbs(self, view: SisepaiView) -> list[str]:
        """The verbs with a legal use now, in :data:`ACTIONS` order."""
        verbs = {a.verb for a in view.legal}
        if any(o.win for o in view.claims):
            verbs.add("win")
        return [v.verb for v in ACTIONS if v.verb in verbs]

    def choices(self, view: SisepaiView) -> list[str]:
        """The numbered answers to a public card (``pass`` first, then each claim), or the
        numbered legal discards."""
        return [str(a) for a in view.legal] if view.phase is not Phase.OVER else []

    def complete(self, view: SisepaiView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After ``claim``: the hand's cards that can still meld with the public card given
        the cards typed so far; after ``discard``: the legal discards."""
        try:
            typed = Counter(parse_card(a) for a in args)
        except CardError:
            return []
        if verb == "claim" and view.phase is Phase.CLAIM:
            found: set[int] = set()
            for option in view.claims:
                need = Counter(option.action.cards)
                if typed <= need:
                    found.update((need - typed).keys())
            return [Completion(card_str(c), card_name(c)) for c in sorted(found)]
        if verb == "discard" and view.phase is Phase.DISCARD and not args:
            return [Completion(card_str(a.cards[0]), card_name(a.cards[0])) for a in view.legal]
        return []

    # -- rules 8.1 conveniences --------------------------------------------------------------------
    def auto_answer(self, view: SisepaiView) -> str | None:
        """rules 8.1, one answer per card: in the discard round of a card the seat passed on
        in its draw round, the pass carries over (``"pass"``)."""
        if view.phase is not Phase.CLAIM or view.source != "discard" or view.public is None:
            return None
        if not view.passed_draw_round or Action("pass") not in view.legal:
            return None
        return "pass"

    def safeguard(self, view: SisepaiView, action: Action) -> str | None:
        """rules 8.1, wins are never missed by accident: a ``pass`` or a non-winning claim
        while a win exists is refused once with the hint."""
        if view.phase is not Phase.CLAIM or action.verb not in ("claim", "pass"):
            return None
        if action.verb == "pass":
            if any(o.win for o in view.claims):
                return _("WIN available: type win, or pass again to let it go")
            return None
        chosen = next((o for o in view.claims if o.action == action), None)
        if chosen is None or chosen.win or not any(o.win for o in view.claims):
            return None
        return _(
            "WIN available: type win. '{action}' ({meld}) does not win; "
            "type it again to claim it anyway."
        ).format(action=action, meld=chosen.meld)

    # -- hint and auto -----------------------------------------------------------------------------
    def describe(self, view: SisepaiView, action: Action) -> str:
        """``pass``, ``discard gH``, ``claim rR rR: [rR rR rR] triple`` or ``win: [...]``."""
        option = next((o for o in view.claims if o.action == action), None)
        if option is None:
            return said_action(action)
        if option.win:
            return f"{said_action('win')}: [{option.meld}] {kind_word(option.meld.kind)}"
        return f"{said_action(action)}: [{option.meld}] {kind_word(option.meld.kind)}"

    def hint(self, view: SisepaiView, suggestion: Action) -> RenderableType:
        """The suggested action and the waits of the hand (rules 8.2, 13.3): of the hand as it
        is when answering a public card, after the suggested discard after a claim (and the
        line says so). A wait whose every remaining copy is already visible (dead pile, exposed
        melds) is marked ``dead``."""
        line = Text(_("Hint:") + " ", style="bold")
        line.append(self.describe(view, suggestion))
        hand = list(view.hand)
        label = Text(_("Waits:") + " ")
        if suggestion.verb == "discard":
            card = suggestion.cards[0]
            hand.remove(card)
            label = fill(_("Waits after discarding {card}:"), card=card_text(card))
            label.append(" ")
        option = next((o for o in view.claims if o.action == suggestion), None)
        if option is not None and option.win:
            return line
        own = [m.cards for m in view.exposed[view.seat]]
        return Group(line, self._waits_line(view, hand, own, label))

    def _waits_line(
        self, view: SisepaiView, hand: list[int], own: list[tuple[int, ...]], label: Text
    ) -> Text:
        if len(hand) + sum(len(m) for m in own) != 20:
            return Text("")
        try:
            found = waits(hand, own)
        except ValueError:
            return Text("")
        text = label.copy()
        if not found:
            text.append(_("none yet (no single card completes your hand)"), style="dim")
            return text
        held = counts_of(hand)
        for cards in own:
            for c in cards:
                held[c] += 1
        seen = Counter(view.dead)
        for seat, melds in enumerate(view.exposed):
            if seat != view.seat:
                for meld in melds:
                    seen.update(meld.cards)
        for i, code in enumerate(found):
            if i:
                text.append(" ")
            text.append_text(card_text(code))
            remaining = COPIES[code] - held[code]
            if seen[code] >= remaining:
                text.append(" " + pgettext("wait", "(dead)"), style="dim")
        return text

    # -- narration ---------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One short line per public event of ``events[start:]`` (rules 7.4, 8.1): draws,
        successful claims, discards, dead cards. Sealed responses are never shown; the seat's
        own claim appears in the line of the card's fate (``forced`` marks its own forced
        claims; a claim beaten by another is said so). A draw or discard that nobody takes
        shares its line with its fate (``: nobody takes it, dead.``); told apart from the
        card, the fate is ``rH: nobody takes it, dead.`` The win itself is not told here: the
        outcome that follows says it (:func:`.view.outcome_view`), once."""
        lines: list[RenderableType] = []
        own: tuple[Meld, bool] | None = None  # the seat's sealed claim on the public card
        card_line: Text | None = None  # the public card's line, while it is the last line
        for i, event in enumerate(events):
            told = i >= start
            match event:
                case Draw() | Discard():
                    own = card_line = None
                    if told:
                        card_line = _line(event, seat)
                        lines.append(card_line)
                case Respond(seat=s, meld=Meld() as meld) if s == seat:
                    own = (meld, i in forced)
                case Dead() if card_line:
                    card_line.right_crop(1)
                    card_line.append(_(DEAD))
                case Claim() if told:
                    lines.append(_line(event, seat, end=_over(event.seat, seat, own)))
                    card_line = None
                case Dead() | Exhausted() if told:
                    lines.append(_line(event, seat))
                    card_line = None
        return lines

    def story_start(self, events: Sequence[Event]) -> int:
        """The last draw (rules 7.2 step 1): from there on, the story of the public card (or of
        the claim and discard that followed it) when a replayed deal opens."""
        return next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], Draw)), 0)

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log``: the deal of its hand, draws,
        its own sealed answers (``You pass.``; answers given without asking marked), claims,
        discards, dead cards, the win, the exhausted stock. The seat's passes given without
        asking are folded into the line of the card they answer (``Seat 1 (right) draws rA;
        you pass (automatic).``), once per card."""
        lines: list[RenderableType] = []
        card_line: Text | None = None  # the public card's line, while it is the last line
        folded = False
        for i, event in enumerate(events):
            match event:
                case Respond(seat=s, meld=None) if s == seat and i in forced and card_line:
                    if not folded:
                        card_line.right_crop(1)
                        # TRANSLATORS: after a card's line: "Seat 1 (right) draws rA; you pass".
                        you_pass = _("; you pass")
                        card_line.append(Text.assemble(you_pass, _automatic(), "."))
                        folded = True
                    continue
            line = _line(event, seat, auto=i in forced)
            lines.append(line)
            card_line, folded = (line if isinstance(event, Draw | Discard) else None), False
        return lines


UI = SisepaiUI()

__all__ = ["ACTIONS", "UI", "SisepaiUI"]
