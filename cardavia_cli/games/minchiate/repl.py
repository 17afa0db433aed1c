"""The REPL hook of Minchiate (RULES.md 5, 7, 8, 9, 10, 11): ``UI``.

The game-independent REPL (:mod:`cardavia_cli.repl`) asks this object for everything that is
Minchiate: the verbs ``discard declare pass play`` (11), the rendering of a seat's view
(through :mod:`.view`), the cards and numbers that fit after a verb, the ``hint`` with the
``basic`` player's reason, the story of the deal told in plain words (the cut and the robbing,
the deal, the exposed card, the discards, the declarations, each trick and who takes it, the
resti won during play, the Matto, the end count), the command ``score`` and the setting
``autoplay`` (9.3: a player's only legal card is played for them; with ``autoplay off`` it
waits, and a bare ``play`` plays it). The deal is the match (15.15): no breaks, and every
action has one reading.

It works only on the human seat's :class:`~.rules.MinchiateView` and the events that seat may
see; it never prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.seats import next_seat, partner, team
from cardavia_cli.games.minchiate.ai import BasicAgent
from cardavia_cli.games.minchiate.cards import parse_card
from cardavia_cli.games.minchiate.deal import auto_discards
from cardavia_cli.games.minchiate.rules import Action, MinchiateView, discard_refusal
from cardavia_cli.games.minchiate.tricks import suit_to_follow
from cardavia_cli.games.minchiate.view import (
    card_text,
    cards_text,
    codes_text,
    diff_words,
    hand_view,
    outcome_view,
    plural,
    resti_words,
    score_view,
    seat_label,
    seat_short,
    seat_subject,
    status_view,
    suit_word,
    table_view,
    team_word,
)

ACTIONS: tuple[Verb, ...] = (
    Verb(
        "discard",
        "discard CARDS | discard auto",
        "Discard the cards you owe after the robbing, zero-point cards only and never T29 "
        "(rules 7.2, 7.3), e.g. discard 2S 3S 4S; discard auto discards the lowest ones; a "
        "number discards that listed card.",
        "discard your excess",
    ),
    Verb(
        "declare",
        "declare all | declare NUMBERS",
        "Declare the listed combinations (versicole) of your hand by number, or all of them; "
        "they score at once for your team (rules 8, 10.1). A number alone declares that one.",
        "declare combinations",
    ),
    Verb("pass", "pass", "Declare nothing (rules 8).", "declare nothing"),
    Verb(
        "play",
        "play [CARD]",
        "Play a card to the trick (rules 9.3): follow suit, else trump, the Matto at any time "
        "but under the King obligation; a bare play plays your only legal card. A number "
        "plays that listed card.",
        "play a card",
    ),
)


class Score:
    """The command ``score`` (11: an informing command): the running score and resti."""

    verb = "score"
    usage = "score"
    short = "the running score and resti"
    aliases: tuple[str, ...] = ()
    help = (
        "Show both teams' points scored so far, their resti and the running difference (rules "
        "10.3); after the deal, the result too."
    )

    def available(self, control: Any) -> bool:
        """Offered at any time."""
        return True

    def handler(self, control: Any, args: str) -> list[RenderableType]:
        """The score of the human seat's view (:func:`.view.score_view`)."""
        return [score_view(control.view)]


AUTOPLAY = Switch(
    "autoplay",
    "Play your only legal card for you (rules 9.3); off, it waits for you to type play.",
    True,
    True,
)


def _words(event: Event) -> tuple[str, ...]:
    return tuple(map(str, event.args))


def _points(codes: Sequence[str]) -> int:
    return sum(parse_card(c).points for c in codes)


def _verb(seat: int, viewer: int, verb: str, third: str | None = None) -> str:
    """``discard`` for you, ``discards`` for another seat."""
    return verb if seat == viewer else (third or verb + "s")


class MinchiateUI:
    """Minchiate for the REPL; see the module docstring and ``repl.hooks.GameUI``."""

    actions = ACTIONS
    has_breaks = False
    has_ambiguous_plays = False
    commands = (Score(),)
    settings = (AUTOPLAY,)
    table_help = (
        "Show the table: the score and resti, the seats and their roles, the exposed and "
        "robbed cards, the fola, the declarations and the trick in progress."
    )
    hint_help = "Suggest a move (the basic computer player's choice for your seat) and say why."

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: MinchiateView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The first lines of a deal (rules 1, 4): where it comes from, the partner and the
        opponents with their levels, the dealer, the cutter and the first leader."""
        me = view.seat
        mate = partner(me)
        right, left = next_seat(me), next_seat(me, -1)
        line = Text("Minchiate", style="bold")
        line.append(f", {origin}: you (seat {me}) and your partner {seat_label(mate, me)}, ")
        line.append(f"{seats[mate]}, against {seat_label(right, me)} and {seat_label(left, me)}")
        if seats[right] == seats[left]:
            line.append(f", {seats[right]}.")
        else:
            line.append(f", {seats[right]} and {seats[left]}.")
        roles = Text(f"{seat_subject(view.dealer, me)} {_verb(view.dealer, me, 'deal')}, ")
        roles.append(f"{seat_label(view.cutter, me)} {_verb(view.cutter, me, 'cut')}; ")
        leader = view.first_leader
        roles.append(
            f"{seat_label(leader, me)} {_verb(leader, me, 'lead')} the first trick and "
            f"{_verb(leader, me, 'declare')} first. One deal; the team with more resti wins."
        )
        return Group(line, roles)

    def status(self, view: MinchiateView) -> RenderableType:
        """The table, the hand and the numbered choices (rules 7, 8, 9.3)."""
        return status_view(view)

    def table(self, view: MinchiateView) -> RenderableType:
        """The public table (:func:`.view.table_view`)."""
        return table_view(view)

    def hand(self, view: MinchiateView) -> RenderableType:
        """The hand by suit, with its counting cards and points; the seat's own discards."""
        if not view.own_discards:
            return hand_view(view.hand)
        line = Text("Your discards (face down, dead): ")
        line.append_text(cards_text(view.own_discards))
        return Group(hand_view(view.hand), line)

    def prompt(self, view: MinchiateView) -> str:
        """``discard 3 (auto: 2S 3S 4S) > `` (7.2: the prompt shows the suggestion),
        ``declare > ``, ``trick 5, Cups > `` or ``trick 5, you lead > ``."""
        if view.phase == "discard":
            auto = " ".join(map(str, auto_discards(view.hand)))
            return f"discard {view.owed_discards} (auto: {auto}) > "
        if view.phase == "declare":
            return "declare > "
        number = len(view.tricks) + 1
        if not view.trick:
            return f"trick {number}, you lead > "
        suit = suit_to_follow([c for _, c in view.trick])
        return f"trick {number}, {suit_word(suit)} > "

    def outcome(self, view: MinchiateView, outcome: Outcome) -> RenderableType:
        """The result (10.5): the winner team, the resti and the breakdown."""
        return outcome_view(view, outcome)

    def round_end(self, view: MinchiateView) -> RenderableType:
        """The match is one deal (15.15): there are no breaks."""
        return Text("The deal is over.")

    # -- choices, completion -------------------------------------------------------------------
    def legal_verbs(self, view: MinchiateView) -> list[str]:
        """The verbs with a legal use now, in :data:`ACTIONS` order."""
        verbs = {a.verb for a in view.legal}
        if "pass" in verbs:
            verbs.add("declare")
        return [v.verb for v in ACTIONS if v.verb in verbs]

    def choices(self, view: MinchiateView) -> list[str]:
        """The numbered answers: each legal discard (one card), each listed combination
        (``declare N``) or each legal card."""
        if view.phase == "declare":
            return [f"declare {i}" for i in range(1, len(view.listed) + 1)]
        return [str(a) for a in view.legal]

    def complete(self, view: MinchiateView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After ``play``: the legal cards; after ``discard``: ``auto`` and the cards that can
        still be discarded with those typed; after ``declare``: ``all`` and the numbers of
        the combinations not yet typed."""
        if verb == "play" and view.phase == "play" and not args:
            return [
                Completion(str(a.cards[0]), _card_meta(a.cards[0].name, a.cards[0].points))
                for a in view.legal
            ]
        if verb == "discard" and view.phase == "discard":
            try:
                typed = [parse_card(a) for a in args]
            except CardError:
                return []
            if "auto" in (a.lower() for a in args) or len(typed) >= view.owed_discards:
                return []
            out = [] if typed else [Completion("auto", "the lowest discardable cards")]
            for card in view.hand:
                if card in typed:
                    continue
                if discard_refusal(view.hand, [*typed, card], view.seat) is None:
                    out.append(Completion(str(card), card.name))
            return out
        if verb == "declare" and view.phase == "declare":
            if "all" in (a.lower() for a in args):
                return []
            out = [] if args else [Completion("all", "every listed combination")]
            for i, combo in enumerate(view.listed, 1):
                if str(i) not in args:
                    out.append(Completion(str(i), f"{combo.kind} ({combo.points})"))
            return out
        return []

    # -- hint and auto -------------------------------------------------------------------------
    def describe(self, view: MinchiateView, action: Action) -> str:
        """``play KC``, ``discard 2S 3S 4S``, ``declare 1 2: sequence ... (60), kings ...
        (15)`` or ``pass (declare nothing)``."""
        if action.verb == "declare":
            made = [view.listed[n - 1] for n in action.numbers if n <= len(view.listed)]
            return f"{action}: " + ", ".join(str(c) for c in made)
        if action.verb == "pass":
            return "pass (declare nothing)"
        return str(action)

    def hint(self, view: MinchiateView, suggestion: Action) -> RenderableType:
        """The suggested action and why ``basic`` takes it."""
        line = Text("Hint: ", style="bold")
        line.append(self.describe(view, suggestion))
        chosen, why = BasicAgent().explain(view, view.legal)
        if chosen == suggestion:
            line.append(f". Why: {why}.")
        return line

    # -- narration ---------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """Short lines for ``events[start:]`` (earlier ones are context): the roles, the
        robbing with its points, the deal, the exposed card, the discards (the seat's own by
        card), each declaration with its score, the fola, each complete trick on one line
        with who takes it and the capture score, resti won, the Matto's payment and the end
        count. A trick still in progress is left to the status. ``forced`` marks the seat's
        own answers given without asking."""
        teller = _Teller(events, seat, forced)
        teller.context(start)
        return teller.tell(start)

    def story_start(self, events: Sequence[Event]) -> int:
        """The first play of the last complete trick (its line tells it whole), or the start
        of the deal before the first trick."""
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind == "trick":
                j = i
                while j > 0 and events[j - 1].kind == "play":
                    j -= 1
                return j
        return 0

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log`` (``forced`` marks the seat's
        answers given without asking)."""
        teller = _Teller(events, seat, forced)
        return [teller.one(i) for i in range(len(events))]


def _card_meta(name: str, points: int) -> str:
    return f"{name}, {points} points" if points else name


class _Teller:
    """Tells the events of one seat in words (:meth:`MinchiateUI.narrate` and ``log``)."""

    def __init__(self, events: Sequence[Event], seat: int, forced: frozenset[int]) -> None:
        self.events = events
        self.seat = seat
        self.forced = forced
        self.dealer: int | None = None
        self.cutter: int | None = None
        self.trick: list[int] = []  # indexes of the plays of the trick in progress
        self.ended: list[int] = []  # the plays of the last complete trick
        self.tricks = 0  # complete tricks so far

    # -- shared pieces --------------------------------------------------------------------------
    def _who(self, seat: int) -> Text:
        return Text(seat_subject(seat, self.seat), style="bold")

    def _mark(self, line: Text, index: int) -> None:
        if index in self.forced:
            line.append(" (forced)", style="dim")

    def _track(self, index: int) -> None:
        """Follow the roles and the trick in progress up to event ``index``."""
        event = self.events[index]
        if event.kind == "dealer":
            self.dealer, self.cutter = int(event.args[0]), int(event.args[1])
        elif event.kind == "play":
            self.trick.append(index)
        elif event.kind == "trick":
            self.ended, self.trick = self.trick, []
            self.tricks += 1

    def context(self, start: int) -> None:
        """Read ``events[:start]`` (already told)."""
        for i in range(start):
            self._track(i)

    def _dealer_line(self, w: tuple[str, ...]) -> Text:
        dealer, cutter = int(w[0]), int(w[1])
        line = self._who(dealer)
        line.append(f" {_verb(dealer, self.seat, 'deal')}; {seat_label(cutter, self.seat)} ")
        line.append(f"{_verb(cutter, self.seat, 'cut')}.")
        return line

    def _rob_line(self, w: tuple[str, ...]) -> Text:
        robber = int(w[0])
        line = self._who(robber)
        line.append(f" {_verb(robber, self.seat, 'rob')} ")
        line.append_text(codes_text(w[1:], points=True))
        where = "from the bottom of the pack" if robber == self.cutter else "from the fola"
        points = _points(w[1:])
        line.append(f" {where}: {points} points for {team_word(team(robber), self.seat)}.")
        return line

    def _expose_line(self, w: tuple[str, ...]) -> Text:
        dealer = int(w[0])
        line = self._who(dealer)
        line.append(f" {_verb(dealer, self.seat, 'show')} the last card dealt to all: ")
        line.append_text(codes_text(w[1:], points=True))
        points = _points(w[1:])
        if points:
            line.append(f", {points} points for {team_word(team(dealer), self.seat)}.")
        else:
            line.append(" (no points).")
        return line

    def _settled(self, j: int) -> tuple[int, list[RenderableType]]:
        """The ``score`` and ``resto`` events from ``j`` on (the score itself is told with its
        cause): a line per resto won, with the resti and the difference after it (10.3).
        Returns the index after them and the lines."""
        events = self.events
        last_diff = 0
        restos: list[int] = []
        while j < len(events) and events[j].kind in ("score", "resto"):
            if events[j].kind == "score":
                last_diff = int(events[j].args[2])
            else:
                restos.append(int(events[j].args[0]))
            j += 1
        lines: list[RenderableType] = []
        for t in restos:
            line = Text(f"A resto for {team_word(t, self.seat)}!", style="bold")
            line.append(f" Resti: {self._resti_now(j)}; difference ")
            line.append(f"{diff_words(last_diff, self.seat)}.")
            lines.append(line)
        return j, lines

    def _resti_now(self, j: int) -> str:
        """The resti after the events up to ``j`` (counted from every ``resto`` event)."""
        resti = [0, 0]
        for event in self.events[:j]:
            if event.kind == "resto":
                resti[int(event.args[0])] += 1
        return resti_words(resti, self.seat)

    def _trick_line(self, plays: list[int], end: int) -> Text:
        """One trick: ``Trick 3: you T40(10), right T35(5), ...: you take it, +10 for us``."""
        line = Text(f"Trick {self.tricks}: ", style="bold")
        for k, i in enumerate(plays):
            seat, code = int(self.events[i].args[0]), str(self.events[i].args[1])
            if k:
                line.append(", ")
            line.append(seat_short(seat, self.seat) + " ")
            line.append_text(card_text(parse_card(code), points=True))
            self._mark(line, i)
        winner = int(self.events[end].args[0])
        taker = "you take" if winner == self.seat else f"{seat_short(winner, self.seat)} takes"
        line.append(f": {taker} it")
        nxt = end + 1
        if nxt < len(self.events) and self.events[nxt].kind == "score":
            points = int(self.events[nxt].args[1])
            line.append(f", +{points} for {team_word(int(self.events[nxt].args[0]), self.seat)}")
        return line

    # -- narration -------------------------------------------------------------------------------
    def tell(self, start: int) -> list[RenderableType]:
        """Lines for ``events[start:]`` (see :meth:`MinchiateUI.narrate`)."""
        events = self.events
        lines: list[RenderableType] = []
        i = start
        while i < len(events):
            kind = events[i].kind
            self._track(i)
            if kind in ("play", "dealer", "result"):
                # a trick is told when it is complete; the intro tells the roles and the
                # outcome the result, with its breakdown
                i += 1
                continue
            if kind == "trick":
                line = self._trick_line(self.ended, i)
                line.append(".")
                lines.append(line)
                i += 1
            elif kind == "declare":
                line, i = self._declaration(i)
                lines.append(line)
            elif kind == "count":
                line, i = self._count_line(i)
                lines.append(line)
                continue
            elif kind in ("score", "resto"):
                j, _ = self._settled(i)
                diffs = [int(e.args[2]) for e in events[i:j] if e.kind == "score"]
                if diffs:
                    line = Text(f"Running difference: {diff_words(diffs[-1], self.seat)}")
                    line.append(f" (resti: {self._resti_now(j)}).")
                    lines.append(line)
            else:
                lines.append(self._plain(i, narrating=True))
                i += 1
                continue
            j, restos = self._settled(i)
            lines.extend(restos)
            for k in range(i, j):
                self._track(k)
            i = j
        return lines

    def _declaration(self, i: int) -> tuple[Text, int]:
        """One seat's declaration (8): a line per combination, the points on the last."""
        events = self.events
        who = int(events[i].args[0])
        line = self._who(who)
        line.append(f" {_verb(who, self.seat, 'declare')} ")
        j = i
        total = 0
        while j < len(events) and events[j].kind == "declare" and int(events[j].args[0]) == who:
            w = _words(events[j])
            if j > i:
                line.append(",\n  and ")
            line.append(f"{w[1]} ")
            line.append_text(codes_text(w[3:]))
            line.append(f" ({w[2]})")
            total += int(w[2])
            j += 1
        line.append(f": +{total} for {team_word(team(who), self.seat)}.")
        return line, j

    def _count_line(self, i: int) -> tuple[Text, int]:
        """The end count of both teams (10.2), their parts left to the outcome."""
        events = self.events
        totals: dict[int, int] = {}
        j = i
        while j < len(events) and events[j].kind == "count":
            totals[int(events[j].args[0])] = int(events[j].args[5])
            j += 1
        line = Text("The end count (rules 10.2): ", style="bold")
        line.append(", ".join(f"{team_word(t, self.seat)} {n}" for t, n in sorted(totals.items())))
        line.append(".")
        return line, j

    def _plain(self, i: int, *, narrating: bool = False) -> Text:
        """One event alone, in words."""
        event = self.events[i]
        kind, w = event.kind, _words(event)
        me = self.seat
        if kind == "dealer":
            return self._dealer_line(w)
        if kind == "rob":
            return self._rob_line(w)
        if kind == "deal":
            line = Text("You are dealt ")
            if narrating:
                line.append(f"{plural(len(w) - 1, 'card')}.")
            else:
                line.append_text(codes_text(w[1:], points=True))
                line.append(".")
            return line
        if kind == "expose":
            return self._expose_line(w)
        if kind == "discard":
            who = int(w[0])
            line = self._who(who)
            detail = event.detail(me)
            if who == me and detail:
                line.append(" discard ")
                line.append_text(codes_text(detail))
            else:
                line.append(f" {_verb(who, me, 'discard')} {plural(int(w[1]), 'card')}")
                line.append(" face down")
            self._mark(line, i)
            line.append(".")
            return line
        if kind == "pass":
            who = int(w[0])
            line = self._who(who)
            line.append(f" {_verb(who, me, 'declare')} nothing.")
            return line
        if kind == "declare":
            who = int(w[0])
            line = self._who(who)
            line.append(f" {_verb(who, me, 'declare')} {w[1]} ")
            line.append_text(codes_text(w[3:]))
            line.append(f" ({w[2]}).")
            return line
        if kind == "fola":
            if not w:
                return Text("The fola is empty.")
            line = Text("The fola is shown: ")
            line.append_text(codes_text(w))
            line.append(" (dead cards, out of the game).")
            return line
        if kind == "play":
            who = int(w[0])
            line = self._who(who)
            leads = not self.trick or self.trick[0] == i
            line.append(f" {_verb(who, me, 'lead') if leads else _verb(who, me, 'play')} ")
            line.append_text(card_text(parse_card(w[1]), points=True))
            self._mark(line, i)
            line.append(".")
            return line
        if kind == "trick":
            who = int(w[0])
            line = self._who(who)
            line.append(f" {_verb(who, me, 'take')} trick {self.tricks}.")
            return line
        if kind == "score":
            t, points = int(w[0]), int(w[1])
            line = Text(f"+{points} for {team_word(t, me)}; difference ")
            line.append(f"{diff_words(int(w[2]), me)}.")
            return line
        if kind == "resto":
            return Text(f"A resto for {team_word(int(w[0]), me)}.", style="bold")
        if kind == "matto":
            t, card = int(w[0]), w[1]
            whose = "Your team" if t == team(me) else "Their team"
            if card == "M":
                return Text(
                    f"{whose} won no trick: the Matto itself goes to the other team (rules 9.6)."
                )
            line = Text(f"{whose} lost the trick of the Matto and pays ")
            line.append_text(codes_text([card]))
            line.append(" for it (rules 9.6).")
            return line
        if kind == "count":
            t, cards, combos, bonus, last, total = (int(a) for a in w)
            return Text(
                f"End count, {team_word(t, me)}: card points {cards}, combinations {combos}, "
                f"count bonus {bonus}, last trick {last}: {total}."
            )
        if kind == "result":
            return Text(f"Resti: {resti_words([int(w[0]), int(w[1])], me)}.")
        return Text(event.text)

    def one(self, i: int) -> Text:
        """The log line of event ``i`` (events before it have been read)."""
        self._track(i)
        return self._plain(i)


UI = MinchiateUI()

__all__ = ["ACTIONS", "AUTOPLAY", "UI", "MinchiateUI", "Score"]
