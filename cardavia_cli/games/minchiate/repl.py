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

import random
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.i18n import N_, _, ngettext, pgettext
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.richtext import by_seat, fill
from cardavia_cli.engine.seats import next_seat, partner, team
from cardavia_cli.engine.ui import GameControl, GameUI
from cardavia_cli.engine.words import (
    number_word,
    said_action,
    seat_label,
    seat_short,
    seat_subject,
    team_word,
)
from cardavia_cli.games.minchiate.ai import AGENTS, BasicAgent
from cardavia_cli.games.minchiate.cards import Card, parse_card, total_points
from cardavia_cli.games.minchiate.combos import Combination
from cardavia_cli.games.minchiate.deal import auto_discards
from cardavia_cli.games.minchiate.events import (
    Count,
    Dealer,
    Dealt,
    Declare,
    Discard,
    Expose,
    Fola,
    Matto,
    Pass,
    Play,
    Resto,
    Result,
    Rob,
    Score,
    Trick,
)
from cardavia_cli.games.minchiate.rules import Action, MinchiateView, Phase, discard_refusal
from cardavia_cli.games.minchiate.tricks import suit_to_follow
from cardavia_cli.games.minchiate.view import (
    card_name,
    card_text,
    cards_text,
    codes_text,
    combination_text,
    combination_words,
    diff_words,
    hand_view,
    listing,
    outcome_line,
    outcome_view,
    resti_words,
    score_view,
    status_view,
    suit_word,
    table_view,
)

# The verbs' help is translated where the REPL shows it; a usage line keeps its typed words.
ACTIONS: tuple[Verb, ...] = (
    Verb(
        "discard",
        # TRANSLATORS: a usage line: keep the typed words (discard, auto), translate CARDS
        N_("discard CARDS | discard auto"),
        N_(
            "Discard the cards you owe after the robbing, zero-point cards only and never T29 "
            "(rules 7.2, 7.3): all at once (discard 2S 3S 4S) or some now and the rest later; "
            "discard auto discards what the basic computer player would (the hint's choice); a "
            "number discards that listed card."
        ),
        N_("discard your excess"),
    ),
    Verb(
        "declare",
        # TRANSLATORS: a usage line: keep the typed words (declare, all), translate NUMBERS
        N_("declare all | declare NUMBERS"),
        N_(
            "Declare the listed combinations (versicole) of your hand by number, or all of "
            "them; they score at once for your team (rules 8, 10.1). A number alone declares "
            "that one."
        ),
        N_("declare combinations"),
    ),
    Verb("pass", "pass", N_("Declare nothing (rules 8)."), N_("declare nothing")),
    Verb(
        "play",
        # TRANSLATORS: a usage line: keep the typed word (play), translate CARD
        N_("play [CARD]"),
        N_(
            "Play a card to the trick (rules 9.3): follow suit, else trump, the Matto at any "
            "time but under the King obligation; a bare play plays your only legal card. A "
            "number plays that listed card."
        ),
        N_("play a card"),
    ),
)


class ScoreCommand:
    """The command ``score`` (11: an informing command): the running score and resti."""

    verb = "score"
    usage = "score"
    short = N_("the running score and resti")
    aliases: tuple[str, ...] = ()
    help = N_(
        "Show both teams' points scored so far, their resti and the running difference (rules "
        "10.3); after the deal, the result too."
    )

    def available(self, control: GameControl) -> bool:
        """Offered at any time."""
        return True

    def handler(self, control: GameControl, args: str) -> list[RenderableType]:
        """The score of the human seat's view (:func:`.view.score_view`)."""
        return [score_view(control.view)]


AUTOPLAY = Switch(
    "autoplay",
    N_("Play your only legal card for you (rules 9.3); off, it waits for you to type play."),
    True,
    True,
)


class MinchiateUI(GameUI[MinchiateView, Action]):
    """Minchiate for the REPL; see the module docstring and :class:`~.engine.ui.GameUI`."""

    actions = ACTIONS
    commands = (ScoreCommand(),)
    settings = (AUTOPLAY,)
    table_help = N_(
        "Show the table: the score and resti, the seats and their roles, the exposed and "
        "robbed cards, the fola, the declarations and the trick in progress."
    )
    hint_help = N_(
        "Suggest a move (the strong computer player's choice for your seat) and say why."
    )

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: MinchiateView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The first lines of a deal (rules 1, 4): where it comes from, the partner and the
        opponents with their levels, the dealer, the cutter and the first leader."""
        me = view.seat
        mate = partner(me)
        right, left = next_seat(me), next_seat(me, -1)
        if seats[right] == seats[left]:
            said = _(
                "Minchiate, {origin}: you (seat {seat}) and your partner {partner}, "
                "{partner_level}, against {right} and {left}, {level}."
            )
        else:
            said = _(
                "Minchiate, {origin}: you (seat {seat}) and your partner {partner}, "
                "{partner_level}, against {right} and {left}, {right_level} and {left_level}."
            )
        line = Text(
            said.format(
                origin=origin,
                seat=me,
                partner=seat_label(mate, me),
                partner_level=seats[mate],
                right=seat_label(right, me),
                left=seat_label(left, me),
                level=seats[right],
                right_level=seats[right],
                left_level=seats[left],
            ),
            style="bold",
        )
        if view.dealer == me:
            roles = _(
                "You deal, {cutter} cuts; {leader} leads the first trick and declares first. "
                "One deal; the team with more resti wins."
            )
        elif view.cutter == me:
            roles = _(
                "{Dealer} deals, you cut; {leader} leads the first trick and declares first. "
                "One deal; the team with more resti wins."
            )
        elif view.first_leader == me:
            roles = _(
                "{Dealer} deals, {cutter} cuts; you lead the first trick and declare first. "
                "One deal; the team with more resti wins."
            )
        else:
            roles = _(
                "{Dealer} deals, {cutter} cuts; {leader} leads the first trick and declares "
                "first. One deal; the team with more resti wins."
            )
        told = roles.format(
            Dealer=seat_subject(view.dealer, me),
            cutter=seat_label(view.cutter, me),
            leader=seat_label(view.first_leader, me),
        )
        return Group(line, Text(told))

    def status(self, view: MinchiateView) -> RenderableType:
        """The table, the hand and the numbered choices (rules 7, 8, 9.3), with the cards of
        ``discard auto`` (:func:`basic_discard`)."""
        auto = basic_discard(view) if view.phase == Phase.DISCARD else ()
        return status_view(view, auto=auto)

    def table(self, view: MinchiateView) -> RenderableType:
        """The public table (:func:`.view.table_view`)."""
        return table_view(view)

    def hand(self, view: MinchiateView) -> RenderableType:
        """The hand by suit, with its counting cards and points; the seat's own discards."""
        if not view.own_discards:
            return hand_view(view.hand)
        line = fill(
            _("Your discards (face down, dead): {cards}"), cards=cards_text(view.own_discards)
        )
        return Group(hand_view(view.hand), line)

    def prompt(self, view: MinchiateView) -> str:
        """``three cards to discard (auto: 2S 3S 4S) > `` (7.2: how many are owed in words,
        never a figure that reads like a card's number, and the cards of ``discard auto``),
        ``declare > ``, ``trick 5, Cups > `` or ``trick 5, you lead > ``."""
        if view.phase == Phase.DISCARD:
            auto = " ".join(map(str, basic_discard(view)))
            owed = view.owed_discards
            said = ngettext(
                "{n} card to discard (auto: {cards})", "{n} cards to discard (auto: {cards})", owed
            )
            return said.format(n=number_word(owed), cards=auto) + " > "
        if view.phase == Phase.DECLARE:
            # TRANSLATORS: the prompt of the declarations (rules 8)
            return pgettext("minchiate prompt", "declare") + " > "
        number = len(view.tricks) + 1
        if not view.trick:
            return _("trick {number}, you lead").format(number=number) + " > "
        suit = suit_to_follow([c for _s, c in view.trick])
        return _("trick {number}, {suit}").format(number=number, suit=suit_word(suit)) + " > "

    def outcome(self, view: MinchiateView, outcome: Outcome) -> RenderableType:
        """The result (10.5): the winner team, the resti and the breakdown."""
        return outcome_view(view, outcome)

    def outcome_line(self, view: MinchiateView, outcome: Outcome) -> str:
        """The head of :meth:`outcome` (10.5), one sentence for the seat of ``view``."""
        return outcome_line(view, outcome)

    def round_end(self, view: MinchiateView) -> RenderableType:
        """The match is one deal (15.15): there are no breaks."""
        return Text(_("The deal is over."))

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
        if view.phase == Phase.DECLARE:
            return [f"declare {i}" for i in range(1, len(view.listed) + 1)]
        return [str(a) for a in view.legal]

    def complete(self, view: MinchiateView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After ``play``: the legal cards; after ``discard``: ``auto`` and the cards that can
        still be discarded with those typed; after ``declare``: ``all`` and the numbers of
        the combinations not yet typed."""
        if verb == "play" and view.phase == Phase.PLAY and not args:
            return [
                Completion(str(a.cards[0]), _card_meta(card_name(a.cards[0]), a.cards[0].points))
                for a in view.legal
            ]
        if verb == "discard" and view.phase == Phase.DISCARD:
            try:
                typed = [parse_card(a) for a in args]
            except CardError:
                return []
            if "auto" in (a.lower() for a in args) or len(typed) >= view.owed_discards:
                return []
            out = [] if typed else [Completion("auto", " ".join(map(str, basic_discard(view))))]
            for card in view.hand:
                if card in typed:
                    continue
                if discard_refusal(view.hand, [*typed, card], view.seat) is None:
                    out.append(Completion(str(card), card_name(card)))
            return out
        if verb == "declare" and view.phase == Phase.DECLARE:
            if "all" in (a.lower() for a in args):
                return []
            out = [] if args else [Completion("all", _("every listed combination"))]
            for i, combo in enumerate(view.listed, 1):
                if str(i) not in args:
                    out.append(Completion(str(i), combination_words(combo)))
            return out
        return []

    # -- hint and auto -------------------------------------------------------------------------
    def expand(self, view: MinchiateView, text: str) -> str:
        """``discard auto`` as the cards it stands for (7.2: what ``basic`` would discard,
        :func:`basic_discard`); any other text as it is."""
        words = text.lower().split()
        if words == ["discard", "auto"] and view.phase == Phase.DISCARD and view.legal:
            return "discard " + " ".join(map(str, basic_discard(view)))
        return text

    def describe(self, view: MinchiateView, action: Action) -> str:
        """``play KC``, ``discard 2S 3S 4S``, ``declare 1 2: sequence ... (60), kings ...
        (15)`` or ``pass (declare nothing)``."""
        if action.verb == "declare":
            made = [view.listed[n - 1] for n in action.numbers if n <= len(view.listed)]
            return f"{said_action(action)}: " + listing(combination_words(c) for c in made).plain
        if action.verb == "pass":
            return _("pass (declare nothing)")
        return said_action(action)

    def hint(self, view: MinchiateView, suggestion: Action) -> RenderableType:
        """The suggested action and why ``basic`` takes it."""
        chosen, why = BasicAgent().explain(view, view.legal)
        move = self.describe(view, suggestion)
        if chosen == suggestion:
            said = _("Hint: {move}. Why: {why}.").format(move=move, why=why)
        else:
            said = _("Hint: {move}").format(move=move)
        return Text(said, style="bold")

    # -- narration ---------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """Short lines for ``events[start:]`` (earlier ones are context): the robbing with its
        points, the deal, the exposed card, the discards (the seat's own by card), each
        declaration with its score, the fola, each complete trick on one line with who takes
        it and the capture score, resti won, the Matto's payment and the end count. The roles
        are the intro's, the result the outcome's, a trick in progress the status's.
        ``forced`` marks the seat's own answers given without asking."""
        teller = _Teller(seat, forced)
        for i in range(start):
            teller.track(i, events[i])
        return teller.tell(events, start)

    def story_start(self, events: Sequence[Event]) -> int:
        """The first play of the last complete trick (its line tells it whole), or the start
        of the deal before the first trick."""
        for i in range(len(events) - 1, -1, -1):
            if isinstance(events[i], Trick):
                while i > 0 and isinstance(events[i - 1], Play):
                    i -= 1
                return i
        return 0

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log`` (``forced`` marks the seat's
        answers given without asking)."""
        teller = _Teller(seat, forced)
        lines: list[RenderableType] = []
        for i, event in enumerate(events):
            teller.track(i, event)
            lines.append(teller.line(i, event))
            after = events[i + 1] if i + 1 < len(events) else None
            if isinstance(event, Dealer) and not (
                isinstance(after, Rob) and after.seat == event.cutter
            ):
                lines.append(teller.robs_nothing(event.cutter))
        return lines


def basic_discard(view: MinchiateView) -> tuple[Card, ...]:
    """The cards of ``discard auto`` for the seat of ``view``, who is to discard (7.2): what
    the ``basic`` computer player discards (the ``hint``), asked through the agent interface
    (``choose(view, legal, rng)``); the lowest discardable cards should its answer not be a
    legal discard. Sorted; the cards still owed, or some of them."""
    answer = AGENTS["basic"]().choose(view, view.legal, random.Random(0))
    cards = answer.cards if answer.verb == "discard" else ()
    if not cards or discard_refusal(view.hand, cards, view.seat) is not None:
        cards = tuple(auto_discards(view.hand))
    return tuple(sorted(cards))


def _card_meta(name: str, points: int) -> str:
    if not points:
        return name
    return ngettext("{name}, {n} point", "{name}, {n} points", points).format(name=name, n=points)


def _score_for(points: int, team_number: int, viewer: int) -> str:
    """``8 points for us``, ``1 point for them``: a score and the team it goes to."""
    if team_number == team(viewer):
        said = ngettext("{n} point for us", "{n} points for us", points)
    else:
        said = ngettext("{n} point for them", "{n} points for them", points)
    return said.format(n=points)


class _Teller:
    """Tells one seat's visible events in words (:meth:`MinchiateUI.narrate` and ``log``),
    following the cutter, the trick in progress and the resti as it reads them."""

    def __init__(self, seat: int, forced: frozenset[int]) -> None:
        self.me = seat
        self.forced = forced
        self.cutter: int | None = None
        self.plays: list[tuple[int, Play]] = []  # the trick in progress, with log indexes
        self.ended: list[tuple[int, Play]] = []  # the last complete trick
        self.tricks = 0  # complete tricks so far
        self.resti = [0, 0]

    def track(self, i: int, event: Event) -> None:
        """Read event ``i`` (told or not)."""
        match event:
            case Dealer(cutter=cutter):
                self.cutter = cutter
            case Play():
                self.plays.append((i, event))
            case Trick():
                self.ended, self.plays = self.plays, []
                self.tricks += 1
            case Resto(team=t):
                self.resti[t] += 1

    def say(self, seat: int, mine: str, theirs: str, **fields: Any) -> Text:
        """A sentence in bold about ``seat``: ``mine`` (``You rob ...``) said to the seat
        itself, else ``theirs`` (``{Seat} robs ...``), with the seat's label and ``fields``."""
        return by_seat(seat, self.me, mine, theirs, style="bold", **fields)

    def forced_mark(self, i: int) -> Text:
        """`` (forced)`` where event ``i`` is an answer given without asking, else nothing."""
        if i in self.forced:
            return Text(" " + _("(forced)"), style="dim")
        return Text("")

    def tell(self, events: Sequence[Event], start: int) -> list[RenderableType]:
        """Lines for ``events[start:]`` (see :meth:`MinchiateUI.narrate`): each event, or a
        group of them, then the score and resto events it caused."""
        lines: list[RenderableType] = []
        i, end, told = start, len(events), False
        while True:
            i, settled = self.settle(events, i, told)
            lines.extend(settled)
            if i == end:
                return lines
            event = events[i]
            self.track(i, event)
            i += 1
            told = isinstance(event, (Trick, Declare))  # their lines tell the score
            match event:
                case Dealer(cutter=cutter):
                    robbed = events[i] if i < end else None
                    if not (isinstance(robbed, Rob) and robbed.seat == cutter):
                        lines.append(self.robs_nothing(cutter))
                    continue
                case Play() | Result():
                    continue
                case Trick(winner=winner):
                    line = self.trick_line(winner, events[i] if i < end else None)
                case Declare(seat=who):
                    made = [event.combination]
                    while i < end and isinstance(more := events[i], Declare) and more.seat == who:
                        made.append(more.combination)
                        i += 1
                    line = self.declaration(who, made)
                case Count():
                    counts = [event]
                    while i < end and isinstance(more := events[i], Count):
                        counts.append(more)
                        i += 1
                    parts = (f"{team_word(c.team, self.me)} {c.total}" for c in counts)
                    line = fill(
                        _("The end count (rules 10.2): {counts}."),
                        style="bold",
                        counts=listing(parts),
                    )
                case _:
                    line = self.line(i - 1, event, narrating=True)
            lines.append(line)

    def settle(self, events: Sequence[Event], j: int, told: bool) -> tuple[int, list[Text]]:
        """The ``score`` and ``resto`` events from ``j`` on (10.3): the running difference,
        unless the line of their cause ``told`` the score, and a line per resto won, with the
        resti and the difference after them. Returns the index after them and the lines."""
        diff: int | None = None
        restos: list[int] = []
        while j < len(events) and isinstance(events[j], (Score, Resto)):
            match events[j]:
                case Score(diff=d):
                    diff = d
                case Resto(team=t):
                    restos.append(t)
            self.track(j, events[j])
            j += 1
        me, resti = self.me, resti_words(self.resti, self.me)
        lines = []
        if diff is not None and not told:
            running = _("Running difference: {diff} (resti: {resti}).")
            lines.append(Text(running.format(diff=diff_words(diff, me), resti=resti)))
        for t in restos:
            if t == team(me):
                won = _("A resto for us! Resti: {resti}; difference {diff}.")
            else:
                won = _("A resto for them! Resti: {resti}; difference {diff}.")
            said = won.format(resti=resti, diff=diff_words(diff or 0, me))
            lines.append(Text(said, style="bold"))
        return j, lines

    def robs_nothing(self, cutter: int) -> Text:
        """``You rob nothing at the cut: ...`` (6.2: the bottom card was not robbable)."""
        return self.say(
            cutter,
            _(
                "You rob nothing at the cut: the bottom card of the pack is no counting card and "
                "no trump above T20 (rules 6.2)."
            ),
            _(
                "{Seat} robs nothing at the cut: the bottom card of the pack is no counting card "
                "and no trump above T20 (rules 6.2)."
            ),
        )

    def trick_line(self, winner: int, after: Event | None) -> Text:
        """``Trick 3: you T40(10), right T35(5), ...: you take it, +10 for us.``"""
        me = self.me
        played = [
            Text(f"{seat_short(play.seat, me)} ")
            .append_text(card_text(play.card, points=True))
            .append_text(self.forced_mark(i))
            for i, play in self.ended
        ]
        mine = winner == me
        if not isinstance(after, Score):
            said = (
                _("Trick {number}: {cards}: you take it.")
                if mine
                else _("Trick {number}: {cards}: {seat} takes it.")
            )
        elif after.team == team(me):
            said = (
                _("Trick {number}: {cards}: you take it, +{points} for us.")
                if mine
                else _("Trick {number}: {cards}: {seat} takes it, +{points} for us.")
            )
        else:
            said = (
                _("Trick {number}: {cards}: you take it, +{points} for them.")
                if mine
                else _("Trick {number}: {cards}: {seat} takes it, +{points} for them.")
            )
        points = after.points if isinstance(after, Score) else 0
        line = fill(
            said,
            style="bold",
            number=self.tricks,
            cards=listing(played),
            seat=seat_short(winner, me),
            points=points,
        )
        for _i, play in self.ended:
            if play.card.is_matto and team(play.seat) != team(winner):
                if team(play.seat) == team(me):
                    owes = _("Your team owes their team a card for the Matto (rules 9.6).")
                else:
                    owes = _("Their team owes your team a card for the Matto (rules 9.6).")
                line.append(" " + owes)
        return line

    def declaration(self, who: int, made: list[Combination]) -> Text:
        """One seat's declaration (8): a line per combination, the points on the last."""
        # TRANSLATORS: between two combinations of one declaration, the second on a new line
        joiner = Text(pgettext("minchiate list", ",\n  and "))
        combos = joiner.join(combination_text(c) for c in made)
        total = sum(c.points for c in made)
        if team(who) == team(self.me):
            mine = _("You declare {combinations}: +{points} for us.")
            theirs = _("{Seat} declares {combinations}: +{points} for us.")
        else:
            mine = _("You declare {combinations}: +{points} for them.")
            theirs = _("{Seat} declares {combinations}: +{points} for them.")
        return self.say(who, mine, theirs, combinations=combos, points=total)

    def line(self, i: int, event: Event, *, narrating: bool = False) -> Text:
        """Event ``i`` alone, in words (``narrating``: the deal as a count of cards)."""
        me = self.me
        match event:
            case Dealer(seat=dealer, cutter=cutter):
                if cutter == me:
                    return self.say(dealer, "", _("{Seat} deals; you cut."))
                return self.say(
                    dealer,
                    _("You deal; {cutter} cuts."),
                    _("{Seat} deals; {cutter} cuts."),
                    cutter=seat_label(cutter, me),
                )
            case Rob(seat=robber, cards=cards):
                if robber == self.cutter:
                    mine = _("You rob {cards} from the bottom of the pack: {score}.")
                    theirs = _("{Seat} robs {cards} from the bottom of the pack: {score}.")
                else:
                    mine = _("You rob {cards} from the fola: {score}.")
                    theirs = _("{Seat} robs {cards} from the fola: {score}.")
                score = _score_for(total_points(cards), team(robber), me)
                return self.say(robber, mine, theirs, cards=cards_text(cards, True), score=score)
            case Dealt(cards=cards):
                if narrating:
                    said = ngettext(
                        "You are dealt {n} card.", "You are dealt {n} cards.", len(cards)
                    )
                    return Text(said.format(n=len(cards)))
                return fill(_("You are dealt {cards}."), cards=cards_text(cards, True))
            case Expose(seat=dealer, card=card):
                shown = card_text(card, True)
                if card.points:
                    mine = _("You show the last card dealt to all: {card}, {score}.")
                    theirs = _("{Seat} shows the last card dealt to all: {card}, {score}.")
                else:
                    mine = _("You show the last card dealt to all: {card} (no points).")
                    theirs = _("{Seat} shows the last card dealt to all: {card} (no points).")
                score = _score_for(card.points, team(dealer), me)
                return self.say(dealer, mine, theirs, card=shown, score=score)
            case Discard(seat=who, count=count):
                mine_cards = event.detail(me) if who == me else ()
                forced = self.forced_mark(i)
                if mine_cards:
                    return self.say(
                        who,
                        _("You discard {cards}{forced}."),
                        "",
                        cards=codes_text(mine_cards),
                        forced=forced,
                    )
                mine = ngettext(
                    "You discard {n} card face down{forced}.",
                    "You discard {n} cards face down{forced}.",
                    count,
                )
                theirs = ngettext(
                    "{Seat} discards {n} card face down{forced}.",
                    "{Seat} discards {n} cards face down{forced}.",
                    count,
                )
                return self.say(who, mine, theirs, n=count, forced=forced)
            case Pass(seat=who):
                return self.say(who, _("You declare nothing."), _("{Seat} declares nothing."))
            case Declare(seat=who, combination=combo):
                return self.say(
                    who,
                    _("You declare {combination}."),
                    _("{Seat} declares {combination}."),
                    combination=combination_text(combo),
                )
            case Fola(cards=cards) if cards:
                return fill(
                    _("The fola is shown: {cards} (dead cards, out of the game)."),
                    cards=cards_text(cards),
                )
            case Fola():
                return Text(_("The fola is empty."))
            case Play(seat=who, card=card):
                if self.plays[0][0] == i:
                    mine, theirs = _("You lead {card}{forced}."), _("{Seat} leads {card}{forced}.")
                else:
                    mine, theirs = _("You play {card}{forced}."), _("{Seat} plays {card}{forced}.")
                return self.say(
                    who, mine, theirs, card=card_text(card, True), forced=self.forced_mark(i)
                )
            case Trick(winner=who):
                return self.say(
                    who,
                    _("You take trick {number}."),
                    _("{Seat} takes trick {number}."),
                    number=self.tricks,
                )
            case Score(team=t, points=points, diff=diff):
                if t == team(me):
                    said = _("+{points} for us; difference {diff}.")
                else:
                    said = _("+{points} for them; difference {diff}.")
                return Text(said.format(points=points, diff=diff_words(diff, me)))
            case Resto(team=t):
                said = _("A resto for us.") if t == team(me) else _("A resto for them.")
                return Text(said, style="bold")
            case Matto(team=t, card=card):
                ours = t == team(me)
                if card.is_matto:
                    if ours:
                        said = _(
                            "Your team won no trick: the Matto itself goes to the other team "
                            "(rules 9.6)."
                        )
                    else:
                        said = _(
                            "Their team won no trick: the Matto itself goes to the other team "
                            "(rules 9.6)."
                        )
                    return Text(said)
                if ours:
                    said = _(
                        "Your team lost the trick of the Matto and pays {card} for it (rules 9.6)."
                    )
                else:
                    said = _(
                        "Their team lost the trick of the Matto and pays {card} for it (rules 9.6)."
                    )
                return fill(said, card=card_text(card))
            case Count():
                return Text(
                    _(
                        "End count, {team}: card points {card_points}, combinations "
                        "{combinations}, count bonus {count_bonus}, last trick {last_trick}: "
                        "{total}."
                    ).format(
                        team=team_word(event.team, me),
                        card_points=event.card_points,
                        combinations=event.combinations,
                        count_bonus=event.count_bonus,
                        last_trick=event.last_trick,
                        total=event.total,
                    )
                )
            case Result(resti=resti):
                return Text(_("Resti: {resti}.").format(resti=resti_words(resti, me)))
        return Text(event.text)


UI = MinchiateUI()

__all__ = ["ACTIONS", "AUTOPLAY", "UI", "MinchiateUI", "ScoreCommand"]
