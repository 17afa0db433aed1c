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
from cardavia_cli.engine.interface import Completion, Verb
from cardavia_cli.games.sisepai.cards import COPIES, card_name, card_str, counts_of, parse_card
from cardavia_cli.games.sisepai.melds import waits
from cardavia_cli.games.sisepai.rules import Action, SisepaiView
from cardavia_cli.games.sisepai.view import (
    SOURCE_WORDS,
    card_text,
    cards_text,
    hand_view,
    melds_line,
    outcome_view,
    seat_subject,
    status_view,
    table_view,
)

ACTIONS: tuple[Verb, ...] = (
    Verb("pass", "pass", "Do not claim the public card (rules 8.1).", "do not claim"),
    Verb(
        "claim",
        "claim [CARDS]",
        "Claim the public card with these cards from your hand, e.g. claim rR rR; a bare claim "
        "takes a public General or flower alone (rules 8.1).",
        "claim the public card",
    ),
    Verb(
        "win",
        "win",
        "Claim the public card as a win; the winning meld is found for you.",
        "claim it as a win",
    ),
    Verb(
        "discard",
        "discard CARD",
        "Discard one card of your hand after a claim (rules 8.2), or type its number in the list.",
        "discard a card",
    ),
)

#: How a public card that nobody takes is told, after the card or the line that shows it.
DEAD = ": nobody takes it, dead."


def _subject(seat: int, viewer: int) -> Text:
    return Text(seat_subject(seat, viewer), style="bold")


def _verb(seat: int, viewer: int, verb: str) -> str:
    """``draw`` for you, ``draws`` for another seat."""
    return verb if seat == viewer else verb + "s"


def _card(code: str) -> Text:
    return card_text(parse_card(code))


def _meld(codes: Sequence[str]) -> Text:
    out = Text("[")
    out.append_text(cards_text(parse_card(c) for c in codes))
    out.append("]")
    return out


class SisepaiUI:
    """Si Se Pai for the REPL; see the module docstring and ``repl.hooks.GameUI``."""

    actions = ACTIONS
    has_breaks = False
    has_ambiguous_plays = False
    table_help = "Show the table: every seat, the public card, the stock, the dead pile."
    hint_help = (
        "Suggest a move (the basic computer player's choice for your seat) and show your waits."
    )

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: SisepaiView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The first line of a deal: where it comes from (``seed 7``, ``deck from FILE``),
        the opponents, the dealer (rules 4, 6)."""
        line = Text("Si Se Pai", style="bold")
        levels = [seats[s] for s in (1, 2, 3)]
        if len(set(levels)) == 1:
            against = f"three {levels[0]} computer players"
        else:
            against = ", ".join(
                f"{level} at seat {s}" for s, level in zip((1, 2, 3), levels, strict=True)
            )
        line.append(f", {origin}: you (seat 0) against {against}. ")
        line.append_text(_subject(view.dealer, view.seat))
        mine = view.dealer == view.seat
        line.append(" deal and draw first." if mine else " deals and draws first.")
        return line

    def status(self, view: SisepaiView) -> RenderableType:
        """The table, the hand and the choices (rules 7.1, 8.1, 8.2)."""
        return status_view(view)

    def table(self, view: SisepaiView) -> RenderableType:
        """The public table."""
        return table_view(view)

    def hand(self, view: SisepaiView) -> RenderableType:
        """The concealed hand and this seat's exposed melds."""
        exposed = Text("Your exposed melds: ")
        exposed.append_text(melds_line(view.exposed[view.seat]))
        return Group(hand_view(view.hand), exposed)

    def prompt(self, view: SisepaiView) -> str:
        """``wP > `` when a public card waits for an answer (``wP (WIN available) > `` when a
        claim wins), ``discard > `` after a claim."""
        if view.phase == "claim" and view.public is not None:
            win = " (WIN available)" if any(o.win for o in view.claims) else ""
            return f"{card_str(view.public)}{win} > "
        return f"{view.phase} > "

    def outcome(self, view: SisepaiView, outcome: Outcome) -> RenderableType:
        """The result (rules 11): the summary line and the winner's melds."""
        return outcome_view(view, outcome)

    def round_end(self, view: SisepaiView) -> RenderableType:
        """A match is one deal (rules 11.3): there are no breaks."""
        return Text("The deal is over.")

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
        return [str(a) for a in view.legal] if view.phase in ("claim", "discard") else []

    def complete(self, view: SisepaiView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After ``claim``: the hand's cards that can still meld with the public card given
        the cards typed so far; after ``discard``: the legal discards."""
        try:
            typed = Counter(parse_card(a) for a in args)
        except CardError:
            return []
        if verb == "claim" and view.phase == "claim":
            found: set[int] = set()
            for option in view.claims:
                need = Counter(option.action.cards)
                if typed <= need:
                    found.update((need - typed).keys())
            return [Completion(card_str(c), card_name(c)) for c in sorted(found)]
        if verb == "discard" and view.phase == "discard" and not args:
            return [Completion(card_str(a.cards[0]), card_name(a.cards[0])) for a in view.legal]
        return []

    # -- rules 8.1 conveniences --------------------------------------------------------------------
    def auto_answer(self, view: SisepaiView) -> str | None:
        """rules 8.1, one answer per card: in the discard round of a card the seat passed on
        in its draw round, the pass carries over (``"pass"``)."""
        if view.phase != "claim" or view.source != "discard" or view.public is None:
            return None
        if not view.passed_draw_round or Action("pass") not in view.legal:
            return None
        return "pass"

    def safeguard(self, view: SisepaiView, action: Action) -> str | None:
        """rules 8.1, wins are never missed by accident: a ``pass`` or a non-winning claim
        while a win exists is refused once with the hint."""
        if view.phase != "claim" or action.verb not in ("claim", "pass"):
            return None
        if action.verb == "pass":
            if any(o.win for o in view.claims):
                return "WIN available: type win, or pass again to let it go"
            return None
        chosen = next((o for o in view.claims if o.action == action), None)
        if chosen is None or chosen.win or not any(o.win for o in view.claims):
            return None
        return (
            f"WIN available: type win. '{action}' ({chosen.meld}) does not win; "
            "type it again to claim it anyway."
        )

    # -- hint and auto -----------------------------------------------------------------------------
    def describe(self, view: SisepaiView, action: Action) -> str:
        """``pass``, ``discard gH``, ``claim rR rR: [rR rR rR] triple`` or ``win: [...]``."""
        option = next((o for o in view.claims if o.action == action), None)
        if option is None:
            return str(action)
        if option.win:
            return f"win: [{option.meld}] {option.meld.kind}"
        return f"{action}: [{option.meld}] {option.meld.kind}"

    def hint(self, view: SisepaiView, suggestion: Action) -> RenderableType:
        """The suggested action and the waits of the hand (rules 8.2, 13.3): of the hand as it
        is when answering a public card, after the suggested discard after a claim (and the
        line says so). A wait whose every remaining copy is already visible (dead pile, exposed
        melds) is marked ``dead``."""
        line = Text("Hint: ", style="bold")
        line.append(self.describe(view, suggestion))
        hand = list(view.hand)
        label = Text("Waits: ")
        if suggestion.verb == "discard":
            card = suggestion.cards[0]
            hand.remove(card)
            label = Text("Waits after discarding ")
            label.append_text(card_text(card))
            label.append(": ")
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
            text.append("none yet (no single card completes your hand)", style="dim")
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
                text.append(" (dead)", style="dim")
        return text

    # -- narration ---------------------------------------------------------------------------
    def _claim_line(
        self, claimant: int, meld: Sequence[str], public: str | None, source: str, seat: int
    ) -> Text:
        line = _subject(claimant, seat)
        line.append(f" {_verb(claimant, seat, 'claim')} ")
        if public is not None:
            line.append(f"the {SOURCE_WORDS[source]} ")
            line.append_text(_card(public))
            line.append(": ")
        line.append_text(_meld(meld))
        return line

    @staticmethod
    def _win_line(winner: int, points: str, seat: int) -> Text:
        line = _subject(winner, seat)
        line.append(f" {_verb(winner, seat, 'win')} with {points} points!")
        return line

    @staticmethod
    def _dead_line(card: str) -> Text:
        line = _card(card)
        line.append(DEAD)
        return line

    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One short line per public event of ``events[start:]`` (rules 7.4, 8.1): draws,
        successful claims, discards, dead cards, the win. Sealed responses are never shown;
        the seat's own claim appears in the line of the card's fate (``forced`` marks its own
        forced claims; a claim beaten by another is said so). A draw or discard that nobody
        takes shares its line with its fate (``: nobody takes it, dead.``); told apart from
        the card, the fate is ``rH: nobody takes it, dead.`` The win itself is not told here:
        the outcome that follows says it (:func:`.view.outcome_view`), once."""
        words: list[tuple[str, ...]] = [(e.kind, *map(str, e.args)) for e in events]
        own_claim: str | None = None
        own_forced = False
        public: str | None = None
        source = "draw"
        for w in words[:start]:
            if w[0] in ("draw", "discard"):
                source, public, own_claim = w[0], w[2], None
            elif w[0] == "respond" and int(w[1]) == seat and w[2] == "claim":
                own_claim = " ".join(w[3:])
        lines: list[RenderableType] = []
        i = start
        while i < len(words):
            w = words[i]
            kind = w[0]
            if kind in ("draw", "discard"):
                source, actor, public, own_claim = kind, int(w[1]), w[2], None
                line = _subject(actor, seat)
                line.append(f" {_verb(actor, seat, kind)} ")
                line.append_text(_card(public))
                j = i + 1
                while j < len(words) and words[j][0] == "respond" and words[j][2] == "pass":
                    j += 1
                if j < len(words) and words[j][0] == "dead":
                    line.append(DEAD)
                    i = j
                else:
                    line.append(".")
                lines.append(line)
            elif kind == "respond":
                if int(w[1]) == seat and w[2] == "claim":
                    own_claim = " ".join(w[3:])
                    own_forced = i in forced
            elif kind == "claim":
                claimant = int(w[1])
                line = self._claim_line(claimant, w[2:], public, source, seat)
                if claimant == seat and own_forced:
                    line.append(" (forced)", style="dim")
                elif claimant != seat and own_claim is not None:
                    yours = "your forced claim" if own_forced else "your claim"
                    line.append(f" (over {yours} [{own_claim}])", style="dim")
                line.append(".")
                own_claim, own_forced = None, False
                lines.append(line)
            elif kind == "dead":
                lines.append(self._dead_line(w[1]))
            elif kind == "exhausted":
                lines.append(Text("The stock is exhausted."))
            i += 1
        return lines

    def story_start(self, events: Sequence[Event]) -> int:
        """The last draw (rules 7.2 step 1): from there on, the story of the public card (or of
        the claim and discard that followed it) when a replayed deal opens."""
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind == "draw":
                return i
        return 0

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log``: the deal of its hand, draws,
        its own sealed answers (``You pass.``; answers given without asking marked), claims,
        discards, dead cards, the win, the exhausted stock. The seat's passes given without
        asking are folded into the line of the card they answer (``Seat 1 (right) draws rA;
        you pass (automatic).``), once per card."""
        words: list[tuple[str, ...]] = [(e.kind, *map(str, e.args)) for e in events]
        lines: list[RenderableType] = []
        public: str | None = None
        source = "draw"
        #: The line of the public card's draw or discard, while it is the last line.
        card_line: Text | None = None
        folded = False
        for i, w in enumerate(words):
            kind = w[0]
            if kind == "respond" and int(w[1]) == seat and w[2] == "pass" and i in forced:
                if card_line is not None and lines and lines[-1] is card_line:
                    if not folded:
                        card_line.right_crop(1)
                        card_line.append("; you pass")
                        card_line.append(" (automatic)", style="dim")
                        card_line.append(".")
                        folded = True
                    continue
            card_line, folded = None, False
            if kind == "deal":
                who = int(w[1])
                line = _subject(who, seat)
                line.append(" are dealt " if who == seat else " is dealt ")
                line.append_text(cards_text(parse_card(c) for c in w[2:]))
                line.append(".")
            elif kind in ("draw", "discard"):
                source, actor, public = kind, int(w[1]), w[2]
                line = _subject(actor, seat)
                line.append(f" {_verb(actor, seat, kind)} ")
                line.append_text(_card(public))
                line.append(".")
                card_line = line
            elif kind == "respond":
                who = int(w[1])
                line = _subject(who, seat)
                if w[2] == "pass":
                    line.append(" pass" if who == seat else " passes")
                else:
                    line.append(" answer with a claim: " if who == seat else " answers: claim ")
                    line.append_text(_meld(w[3:]))
                if i in forced:
                    line.append(" (automatic)", style="dim")
                line.append(".")
            elif kind == "claim":
                line = self._claim_line(int(w[1]), w[2:], public, source, seat)
                line.append(".")
            elif kind == "dead":
                line = self._dead_line(w[1])
            elif kind == "win":
                line = self._win_line(int(w[1]), w[2], seat)
            elif kind == "exhausted":
                line = Text("The stock is exhausted.")
            else:
                line = Text(events[i].text)
            lines.append(line)
        return lines


UI = SisepaiUI()

__all__ = ["ACTIONS", "UI", "SisepaiUI"]
