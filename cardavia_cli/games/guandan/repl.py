"""The REPL hook of Guandan (RULES.md sections 7, 8, 9, 10, 11): ``UI``.

The game-independent REPL (:mod:`cardavia_cli.repl`) asks this object for everything that is
Guandan: the verbs ``play``, ``pass`` and ``return`` (8.1, 8.2, 8.3), the rendering of the
human seat's view (through :mod:`.view`: the hand by strength at the deal's level with the
wild hearts marked, the cards left in each hand, the trick and who played it, the places so
far, both levels), the completion of the cards in hand and of an ``as TYPE KEY`` clause, the
``hint`` with the ``basic`` player's choice and why, the story of each deal in plain words
(the tribute and returns, who leads, each play with its type, the passes, a player going out
and the place taken), the end of each deal (places and levels) and the match's winner.

A play with readings of different types is ambiguous (8.3): the state raises
``AmbiguousActionError`` with the candidates; on a terminal the REPL lists them numbered
(``cancel`` takes the play back), piped it refuses the play and lists them. The setting
``autopass`` (8.2, on by default) makes the forced answers for you: a pass when nothing in
your hand beats the table, said in one line; ``autopass off`` waits for you to type them.
Once you are out, the deal plays on without prompts (8.5). Between deals the REPL waits for
``next`` (8.4; ``restart`` is the REPL's own).

It works only on the human seat's :class:`~.rules.GuandanView` and the events that seat may
see; it never prints. Every word goes through the message catalogs (domain ``guandan``): one
whole sentence per message, a sentence about the person and one about another seat being two
messages; the typed words (verbs, card codes, ``as TYPE KEY``) stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.i18n import N_, _, ngettext, pgettext
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.richtext import fill
from cardavia_cli.engine.seats import partner, team
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.engine.words import capital, ordinal, said_action
from cardavia_cli.games.guandan.ai import group_count, groups_after, split_hand
from cardavia_cli.games.guandan.cards import CODES, is_wild, level_str, parse_code
from cardavia_cli.games.guandan.combos import (
    TYPES,
    Interpretation,
    combination_words,
    legal_plays,
)
from cardavia_cli.games.guandan.events import (
    Advance,
    Deal,
    Lead,
    Levels,
    Match,
    Out,
    Pass,
    Places,
    Play,
    Return,
    Start,
    Tribute,
    TributeCancelled,
)
from cardavia_cli.games.guandan.hands import can_beat, counts_of
from cardavia_cli.games.guandan.rules import Action, GuandanView, Phase
from cardavia_cli.games.guandan.view import (
    by_seat,
    cards_plain,
    cards_text,
    deal_result_line,
    hand_view,
    key_words,
    label,
    levels_words,
    ours,
    outcome_line,
    outcome_view,
    places_words,
    reading_words,
    round_end_view,
    status_view,
    table_view,
)

ACTIONS: tuple[Verb, ...] = (
    Verb(
        "play",
        "play CARDS [as TYPE KEY]",
        N_(
            "Play cards from your hand as one combination (rules 6.3, 8.2): to lead, any "
            "combination; to follow, one that beats the table, the same type higher or a bomb "
            "(6.5). Write a card twice to play both copies (play 9S 9S). A play with readings "
            "of different types asks which one (8.3), or name it: play 2H 3S 4S 5S 6S as "
            "straight_flush 7. Keys: the rank of a set, the top card of a sequence."
        ),
        N_("play a combination"),
    ),
    Verb(
        "pass",
        "pass",
        N_(
            "Pass when following, even if you could beat the table (rules 8.2, 9.3); a leader "
            "may not pass. With autopass on, a pass is made for you when nothing beats the "
            "table."
        ),
        N_("let the table stand"),
    ),
    Verb(
        "return",
        "return CARD",
        N_(
            "After receiving a tribute, give one card back to the payer (rules 7.5, 8.1): a "
            "non-wild card of rank 2..T, else one of your lowest. A number returns that listed "
            "card."
        ),
        N_("give a card back"),
    ),
)

AUTOPASS = Switch(
    "autopass",
    N_(
        "Make your forced answers for you (rules 8.2): a pass when nothing in your hand beats "
        "the table, said in one line; off, you type them."
    ),
    True,
    True,
)


#: The types of the bomb ladder (6.5): a play of one of them answering the table bombs it.
BOMB_TYPES = frozenset({"bomb", "straight_flush", "joker_bomb"})

#: Events after which a lead is the deal's first (the status says who leads it).
_DEAL_START = (Start, Deal, Return, TributeCancelled)


class _Teller:
    """Tells the events one seat sees in words (:meth:`GuandanUI.narrate` and ``log``).

    :meth:`read` follows the story (the deal's number and level, the play on the table);
    :meth:`story` tells a stretch of it, :meth:`line` one event alone."""

    def __init__(self, events: Sequence[Event], seat: int, forced: frozenset[int]) -> None:
        self.events, self.me, self.forced = events, seat, forced
        self.deal, self.level, self.top = 0, 2, ""  # ``top``: the TYPE KEY on the table

    def read(self, event: Event) -> None:
        """Follow ``event`` (told or not)."""
        match event:
            case Start(deal=deal, level=level):
                self.deal, self.level, self.top = deal, level, ""
            case Lead():
                self.top = ""
            case Play(key=key):
                self.top = key

    def how(self, play: Play) -> str:
        """How ``play`` (not yet read) answers the table: ``lead`` on an empty table, else
        ``bomb`` with a bomb of the ladder of 6.5, else ``beat``."""
        if not self.top:
            return "lead"
        return "bomb" if play.key.split()[0] in BOMB_TYPES else "beat"

    def _at(self, i: int) -> Event | None:
        """Event ``i``, ``None`` outside the log."""
        return self.events[i] if 0 <= i < len(self.events) else None

    def _bold(self, seat: int, mine: str, theirs: str, **fields: Any) -> Text:
        """:func:`.view.by_seat` of a line told in bold (a seat's move)."""
        return by_seat(seat, self.me, mine, theirs, style="bold", **fields)

    def play_line(self, i: int, how: str) -> Text:
        """A play as it happened (:meth:`how`): ``Seat 1 (right) leads pair 9: 9S 9D.``,
        ``You beat it with pair T: TH TH.``, ``Seat 3 (left) bombs it with bomb 7 (4 cards):
        ...``, with the seat going out after it; your last card played for you is noted."""
        play = self.events[i]
        assert isinstance(play, Play)
        out = self._at(i + 1)
        place = ordinal(out.place) if isinstance(out, Out) else None
        noted = i in self.forced and place is not None
        mine, theirs = _play_words(how, place is not None, noted)
        return self._bold(
            play.seat,
            mine,
            theirs,
            combo=key_words(play.key, len(play.cards)),
            cards=cards_text(play.cards, self.level),
            place=place or "",
        )

    def _passes(self, i: int) -> list[Text]:
        """The passes in a row from event ``i``, in the order they were made: the others'
        in one line, yours made by autopass in a line of its own where it came."""
        lines: list[Text] = []
        seats: list[int] = []
        while isinstance(event := self._at(i), Pass):
            if event.seat == self.me and i in self.forced:
                if seats:
                    lines.append(self._pass_line(seats))
                    seats = []
                if self.top:
                    text = _("You pass: nothing in your hand beats the {combo} (autopass).").format(
                        combo=combination_words(self.top)
                    )
                else:
                    text = _("You pass: nothing in your hand beats the table (autopass).")
                lines.append(Text(text, style="dim"))
            else:
                seats.append(event.seat)
            i += 1
        if seats:
            lines.append(self._pass_line(seats))
        return lines

    def _pass_line(self, seats: Sequence[int]) -> Text:
        """``Seat 1 (right) passes.``, ``You and seat 1 (right) pass.``"""
        if len(seats) == 1:
            return by_seat(seats[0], self.me, _("You pass."), _("{Seat} passes."))
        names = [label(s, self.me) for s in seats]
        you = self.me in seats
        if len(seats) == 2:
            words = (
                pgettext("you among them", "{A} and {b} pass.") if you else _("{A} and {b} pass.")
            )
            return fill(words, A=capital(names[0]), b=names[1])
        words = (
            pgettext("you among them", "{A}, {b} and {c} pass.")
            if you
            else _("{A}, {b} and {c} pass.")
        )
        return fill(words, A=capital(names[0]), b=names[1], c=names[2])

    def story(self, start: int) -> list[RenderableType]:
        """Lines for ``events[start:]`` (see :meth:`GuandanUI.narrate`). A lead is told with
        its play (a leader plays at once), a seat going out with its last play, passes in a
        row with the first; your lead of a deal's first trick by the status; the deal's end
        and the match's result by :meth:`GuandanUI.round_end` and :meth:`GuandanUI.outcome`."""
        lines: list[RenderableType] = []
        for i in range(start, len(self.events)):
            event, before = self.events[i], self._at(i - 1)
            how = self.how(event) if isinstance(event, Play) else ""
            self.read(event)
            match event:
                case Play():
                    lines.append(self.play_line(i, how))
                case Pass() if not (i > start and isinstance(before, Pass)):
                    lines.extend(self._passes(i))
                case Lead(seat=seat) if not (
                    isinstance(self._at(i + 1), Play)
                    or (seat == self.me and isinstance(before, _DEAL_START))
                ):
                    lines.append(
                        self._bold(seat, _("You lead a new trick."), _("{Seat} leads a new trick."))
                    )
                case Deal(cards=cards):
                    n = len(cards)
                    words = ngettext("You are dealt {n} card.", "You are dealt {n} cards.", n)
                    lines.append(Text(words.format(n=n)))
                case Start() | TributeCancelled() | Tribute() | Return():
                    lines.append(self.line(i))
        return lines

    def line(self, i: int) -> Text:
        """Event ``i`` alone, in words (the events before it read)."""
        event, me, level = self.events[i], self.me, self.level
        match event:
            case Start(deal=deal, level=at, level_team=level_team):
                if level_team is None:
                    words = _(
                        "Deal {deal}, played at level {level} (a match's first deal: no "
                        "declaring team, no tribute)."
                    )
                else:
                    words = ours(
                        level_team,
                        me,
                        _("Deal {deal}, played at level {level}, your level."),
                        _("Deal {deal}, played at level {level}, their level."),
                    )
                return Text(words.format(deal=deal, level=level_str(at)), style="bold")
            case Deal(cards=cards):
                ordered = sorted(cards, key=lambda c: (is_wild(c, level), c))
                return fill(_("You are dealt: {cards}"), cards=cards_text(ordered, level))
            case TributeCancelled(payers=payers):
                return Text(self._no_tribute(payers), style="bold")
            case Tribute(giver=giver, receiver=receiver, card=card):
                if receiver == me:
                    mine = theirs = _("{Seat} pays tribute to you: {card}.")
                else:
                    mine = _("You pay tribute to {receiver}: {card}.")
                    theirs = _("{Seat} pays tribute to {receiver}: {card}.")
                return self._bold(
                    giver,
                    mine,
                    theirs,
                    receiver=label(receiver, me),
                    card=cards_text((card,), level),
                )
            case Return(giver=giver, receiver=receiver, card=card):
                if receiver == me:
                    mine = theirs = _("{Seat} returns {card} to you.")
                elif i in self.forced:
                    mine = _(
                        "You return {card} to {receiver}[dim] (the only card you could "
                        "return)[/dim]."
                    )
                    theirs = _("{Seat} returns {card} to {receiver}.")
                else:
                    mine = _("You return {card} to {receiver}.")
                    theirs = _("{Seat} returns {card} to {receiver}.")
                return self._bold(
                    giver,
                    mine,
                    theirs,
                    receiver=label(receiver, me),
                    card=cards_text((card,), level),
                )
            case Lead(seat=seat):
                return self._bold(seat, _("You lead."), _("{Seat} leads."))
            case Play():
                return self.play_line(i, "beat")
            case Pass(seat=seat):
                mine = _("You pass[dim] (autopass)[/dim].") if i in self.forced else _("You pass.")
                return self._bold(seat, mine, _("{Seat} passes."))
            case Out(seat=seat, place=place):
                return by_seat(
                    seat,
                    me,
                    _("You go out {place}."),
                    _("{Seat} goes out {place}."),
                    place=ordinal(place),
                )
            case Places(places=places):
                return Text(
                    _("Deal {deal} is over: {places}.").format(
                        deal=self.deal, places=places_words(places, me)
                    )
                )
            case Advance(team=team_number, levels=n):
                words = ours(
                    team_number,
                    me,
                    ngettext("Your team goes up {n} level.", "Your team goes up {n} levels.", n),
                    ngettext("Their team goes up {n} level.", "Their team goes up {n} levels.", n),
                )
                return Text(words.format(n=n))
            case Levels(levels=levels):
                return Text(_("Levels: {levels}.").format(levels=levels_words(levels, me)))
            case Match(team=team_number):
                words = ours(
                    team_number, me, _("Your team wins the match."), _("Their team wins the match.")
                )
                return Text(words, style="bold")
        return Text(event.text)

    def _no_tribute(self, payers: Sequence[int]) -> str:
        """``No tribute this deal: seat 3 (left) holds both red jokers (rules 7.2).``"""
        me = self.me
        if len(payers) == 1:
            if payers[0] == me:
                return _("No tribute this deal: you hold both red jokers (rules 7.2).")
            return _("No tribute this deal: {seat} holds both red jokers (rules 7.2).").format(
                seat=label(payers[0], me)
            )
        if me in payers:
            words = pgettext(
                "you among them",
                "No tribute this deal: {a} and {b} hold both red jokers (rules 7.2).",
            )
        else:
            words = _("No tribute this deal: {a} and {b} hold both red jokers (rules 7.2).")
        return words.format(a=label(payers[0], me), b=label(payers[1], me))


class GuandanUI(GameUI[GuandanView, Action]):
    """Guandan for the REPL; see the module docstring and :class:`~.engine.ui.GameUI`."""

    actions = ACTIONS
    has_breaks = True
    breaks_between_deals = True
    has_ambiguous_plays = True
    settings = (AUTOPASS,)
    table_help = N_(
        "Show the table: both levels and whose level the deal is played at, every seat's "
        "cards left and place, this deal's tribute, and the play on the table."
    )
    hint_help = N_(
        "Suggest a move (the strong computer player's choice for your seat) and say why."
    )

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: GuandanView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The first lines (rules 1, 4, 5.1): where the deal comes from, the partner and the
        opponents with their levels, both teams' levels and whose level the deal is at."""
        me = view.seat
        mate = partner(me)
        right, left = (s for s in range(4) if team(s) != team(me))
        if seats[right] == seats[left]:
            words = _(
                "Guandan, {origin}: you (seat {seat}) and {partner}, {partner_player}, against "
                "{right} and {left}, {opponents}."
            )
        else:
            words = _(
                "Guandan, {origin}: you (seat {seat}) and {partner}, {partner_player}, against "
                "{right} and {left}, {right_player} and {left_player}."
            )
        line = Text(
            words.format(
                origin=origin,
                seat=me,
                partner=label(mate, me),
                partner_player=seats[mate],
                right=label(right, me),
                left=label(left, me),
                opponents=seats[right],
                right_player=seats[right],
                left_player=seats[left],
            ),
            style="bold",
        )
        declarer, level = view.level_team, view.level
        if len(view.places) == 4 and view.match_winner is None:
            # at a break (a match resumed there): what the next deal holds (10.1, 11)
            declarer = team(view.places[0])
            level = view.levels[declarer]
            words = ours(
                declarer,
                me,
                _(
                    "Levels: {levels}. The next deal is played at {level}, your level: the "
                    "{level}s rank just below the jokers and {level}H is wild. First out wins "
                    "the deal; the match is won at level A."
                ),
                _(
                    "Levels: {levels}. The next deal is played at {level}, their level: the "
                    "{level}s rank just below the jokers and {level}H is wild. First out wins "
                    "the deal; the match is won at level A."
                ),
            )
        elif declarer is None:
            words = _(
                "Levels: {levels}. The first deal is played at {level}: the {level}s rank just "
                "below the jokers and {level}H is wild. First out wins the deal; the match is "
                "won at level A."
            )
        else:
            words = ours(
                declarer,
                me,
                _(
                    "Levels: {levels}. This deal is played at {level}, your level: the {level}s "
                    "rank just below the jokers and {level}H is wild. First out wins the deal; "
                    "the match is won at level A."
                ),
                _(
                    "Levels: {levels}. This deal is played at {level}, their level: the {level}s "
                    "rank just below the jokers and {level}H is wild. First out wins the deal; "
                    "the match is won at level A."
                ),
            )
        at = level_str(level)
        levels = Text(words.format(levels=levels_words(view.levels, me), level=at))
        return Group(line, levels)

    def status(self, view: GuandanView) -> RenderableType:
        """Levels, cards left, places, the trick, the hand and the choices (rules 8)."""
        return status_view(view)

    def table(self, view: GuandanView) -> RenderableType:
        """The public table (:func:`.view.table_view`)."""
        return table_view(view)

    def hand(self, view: GuandanView) -> RenderableType:
        """The hand by strength at the deal's level, wild hearts marked (3, 6.1, 6.2)."""
        return hand_view(view)

    def prompt(self, view: GuandanView) -> str:
        """The deal's level and the decision (5.1, 8): ``level 5: return > ``, ``level 5: lead
        > `` or ``level 5: beat pair 9 > ``."""
        at = level_str(view.level)
        if view.phase == Phase.RETURN:
            return _("level {level}: return > ").format(level=at)
        if view.table is None:
            return _("level {level}: lead > ").format(level=at)
        combo = combination_words(view.table.interpretation.key(view.level))
        return _("level {level}: beat {combo} > ").format(level=at, combo=combo)

    def outcome(self, view: GuandanView, outcome: Outcome) -> RenderableType:
        """The match won (section 10): the team, the last deal's places, the levels."""
        return outcome_view(view, outcome)

    def outcome_line(self, view: GuandanView, outcome: Outcome) -> str:
        """The head of :meth:`outcome` (section 10), one sentence for the seat of ``view``."""
        return outcome_line(view, outcome)

    def round_end(self, view: GuandanView) -> RenderableType:
        """A break between deals (8.4, 11): the places, the levels, the next deal's level and
        tribute."""
        return round_end_view(view)

    def round_summary(self, view: GuandanView) -> RenderableType:
        """One line for a finished deal: its places and the levels after it."""
        return Text(deal_result_line(view))

    # -- choices, completion -------------------------------------------------------------------
    def legal_verbs(self, view: GuandanView) -> list[str]:
        """``return`` after a tribute; ``play`` to lead; ``play`` and ``pass`` to follow
        (``pass`` alone when nothing in the hand beats the table)."""
        if view.to_act != view.seat:
            return []
        if view.phase == Phase.RETURN:
            return ["return"]
        if view.table is None:
            return ["play"]
        if can_beat(counts_of(view.hand), view.level, view.table.interpretation):
            return ["play", "pass"]
        return ["pass"]

    def choices(self, view: GuandanView) -> list[str]:
        """The numbered answers: the legal return cards (7.5); plays are typed."""
        if view.to_act == view.seat and view.phase == Phase.RETURN:
            return [f"return {CODES[c]}" for c in view.return_options]
        return []

    def complete(self, view: GuandanView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After ``play``: the cards still in hand (a card held twice offered twice), and when
        following only those of a play that beats the table with the cards typed (6.5);
        ``as`` once a card is typed, then the type names that fit the cards, then their keys
        (8.3). After ``return``: the legal return cards."""
        if view.to_act != view.seat:
            return []
        if verb == "return" and view.phase == Phase.RETURN and not args:
            return [Completion(CODES[c], _("legal return card")) for c in view.return_options]
        if verb != "play" or view.phase not in (Phase.LEAD, Phase.FOLLOW):
            return []
        low = [a.lower() for a in args]
        if "as" in low:
            at = len(low) - 1 - low[::-1].index("as")
            try:
                codes = [parse_code(a) for a in args[:at]]
            except CardError:
                return []
            readings = [r.key(view.level) for r in view.readings(codes)]
            after = args[at + 1 :]
            if not after:
                types = [r.split()[0] for r in readings] or list(TYPES)
                return [Completion(t, _("type")) for t in dict.fromkeys(types)]
            if len(after) == 1:
                fits = [r.split() for r in readings if r.split()[0] == after[0].lower()]
                return [Completion(r[1], " ".join(r)) for r in fits if len(r) > 1]
            return []
        try:
            typed = counts_of([parse_code(a) for a in args])
        except CardError:
            return []
        held = counts_of(view.hand)
        if view.table is not None:
            # following: only the cards of a play that beats the table, with those typed
            room = [0] * len(held)
            for cards, _reading in legal_plays(view.hand, view.level, view.table.interpretation):
                play = counts_of(cards)
                if all(play[c] >= n for c, n in enumerate(typed)):
                    room = [max(r, n) for r, n in zip(room, play, strict=True)]
            held = room
        out: list[Completion] = []
        for c in dict.fromkeys(view.hand):
            if held[c] > typed[c]:
                out.append(Completion(CODES[c], _("wild") if is_wild(c, view.level) else ""))
        if args:
            out.append(Completion("as", _("name the reading: as TYPE KEY")))
        return out

    # -- hint ----------------------------------------------------------------------------------
    def describe(self, view: GuandanView, action: Action) -> str:
        """``play 9S 9D (pair 9)``, ``pass`` or ``return 3S``."""
        if action.verb == "play":
            reading = action.reading(view.level)
            plain = said_action(f"play {cards_plain(action.cards)}")
            return f"{plain} ({reading_words(reading, view.level)})" if reading else plain
        return said_action(action)

    def hint(self, view: GuandanView, suggestion: Action) -> RenderableType:
        """The suggested action (the ``basic`` player's) and why, in words."""
        words = _("Hint: {action}. Why: {why}")
        why = _why(view, suggestion)
        return Text(words.format(action=self.describe(view, suggestion), why=why), style="bold")

    # -- narration -----------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """Short lines for ``events[start:]`` (earlier ones are context): the deal and its
        level, the tribute and returns (cards announced to all, 7), who leads, each play with
        its type and who played it (and going out, with the place), the passes in a row on
        one line and your own autopass on its own (``forced``). The end of a deal is told by
        :meth:`round_end`, the match by :meth:`outcome`."""
        teller = _Teller(events, seat, forced)
        for event in events[:start]:
            teller.read(event)
        return teller.story(start)

    def story_start(self, events: Sequence[Event]) -> int:
        """The lead of the current trick (a resumed deal tells that trick again), or the start
        of the deal while no card has been played in it."""
        first = max((i for i, e in enumerate(events) if isinstance(e, Start)), default=0)
        played = max(
            (i for i in range(first, len(events)) if isinstance(events[i], Play)), default=first
        )
        return max((i for i in range(first, played) if isinstance(events[i], Lead)), default=first)

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log`` (your own hand as dealt,
        the tribute, each play, pass, place, and the levels after each deal). A lead is told
        with its play and a seat going out with its last play (:meth:`_Teller.play_line`),
        never twice."""
        teller = _Teller(events, seat, forced)
        lines: list[RenderableType] = []
        for i, event in enumerate(events):
            how = teller.how(event) if isinstance(event, Play) else ""
            teller.read(event)
            told = (isinstance(event, Lead) and isinstance(teller._at(i + 1), Play)) or (
                isinstance(event, Out) and isinstance(teller._at(i - 1), Play)
            )
            if not told:
                lines.append(teller.play_line(i, how) if how else teller.line(i))
        return lines


def _play_words(how: str, out: bool, noted: bool) -> tuple[str, str]:
    """The two sentences of a play (said to you, said of another seat): ``how`` it answers
    the table (``lead``, ``beat``, ``bomb``), whether the seat goes out with it (``{place}``),
    and whether it was your last card played for you (``noted``)."""
    if how == "lead":
        if noted:
            return (
                _(
                    "You lead a {combo}: {cards}[dim] (your last card, played for you)[/dim], and "
                    "go out {place}."
                ),
                _("{Seat} leads a {combo}: {cards}, and goes out {place}."),
            )
        if out:
            return (
                _("You lead a {combo}: {cards}, and go out {place}."),
                _("{Seat} leads a {combo}: {cards}, and goes out {place}."),
            )
        return _("You lead a {combo}: {cards}."), _("{Seat} leads a {combo}: {cards}.")
    if how == "bomb":
        if noted:
            return (
                _(
                    "You bomb it with a {combo}: {cards}[dim] (your last card, played for "
                    "you)[/dim], and go out {place}."
                ),
                _("{Seat} bombs it with a {combo}: {cards}, and goes out {place}."),
            )
        if out:
            return (
                _("You bomb it with a {combo}: {cards}, and go out {place}."),
                _("{Seat} bombs it with a {combo}: {cards}, and goes out {place}."),
            )
        return (
            _("You bomb it with a {combo}: {cards}."),
            _("{Seat} bombs it with a {combo}: {cards}."),
        )
    if noted:
        return (
            _(
                "You beat it with a {combo}: {cards}[dim] (your last card, played for you)[/dim], "
                "and go out {place}."
            ),
            _("{Seat} beats it with a {combo}: {cards}, and goes out {place}."),
        )
    if out:
        return (
            _("You beat it with a {combo}: {cards}, and go out {place}."),
            _("{Seat} beats it with a {combo}: {cards}, and goes out {place}."),
        )
    return _("You beat it with a {combo}: {cards}."), _("{Seat} beats it with a {combo}: {cards}.")


def _why(view: GuandanView, action: Action) -> str:
    """Why the ``basic`` player chooses ``action`` (see :mod:`.ai`), in words."""
    level = view.level
    if action.verb == "return":
        rest = list(view.hand)
        rest.remove(action.cards[0])
        groups = group_count(rest, level)
        return _(
            "of the legal return cards (rules 7.5), it leaves your hand in the fewest "
            "combinations ({n}), the lowest among equals."
        ).format(n=groups)
    mate = partner(view.seat)
    if action.verb == "pass":
        assert view.table is not None
        if team(view.table.seat) == team(view.seat):
            return _("your partner's play stands: let it win the trick.")
        if not can_beat(counts_of(view.hand), level, view.table.interpretation):
            return _("nothing in your hand beats the table.")
        return _("{reasons} while no opponent is close to going out.").format(reasons=_kept(view))
    if len(action.cards) == len(view.hand):
        return _("it is your whole hand: you go out.")
    reading = action.reading(level)
    groups = len(split_hand(view.hand, level))
    if view.table is None:
        n = view.hand_sizes[mate]
        if n in (1, 2) and reading is not None and reading.size <= 2:
            if reading.type == "pair":
                words = ngettext(
                    "your partner holds {n} card: a low pair may let them go out.",
                    "your partner holds {n} cards: a low pair may let them go out.",
                    n,
                )
            else:
                words = ngettext(
                    "your partner holds {n} card: a low single may let them go out.",
                    "your partner holds {n} cards: a low single may let them go out.",
                    n,
                )
            return words.format(n=n)
        return ngettext(
            "your hand splits into {n} combinations; lead the weakest and keep the strong ones "
            "and the bombs for later.",
            "your hand splits into {n} combinations; lead the weakest and keep the strong ones "
            "and the bombs for later.",
            groups,
        ).format(n=groups)
    if reading is not None and reading.tier:
        return _("a bomb: an opponent is close to going out, or it leaves you almost out.")
    assert view.table is not None
    previous = view.table.interpretation
    fits = [
        g.cards
        for g in sorted(split_hand(view.hand, level), key=lambda g: (g.reading.rank, -len(g.cards)))
        if not g.on_ladder and g.reading.beats(previous)
    ]
    played = tuple(sorted(action.cards))
    if fits and fits[0] == played:
        return _("the weakest of the combinations your hand splits into that beats the table.")
    if played in fits:
        return _("one of the combinations your hand splits into, and it beats the table.")
    after = groups_after(counts_of(view.hand), action.cards, level)
    if fits:
        words = ngettext(
            "it beats the table and leaves your hand in {n} combination; your high "
            "combinations are kept for later.",
            "it beats the table and leaves your hand in {n} combinations; your high "
            "combinations are kept for later.",
            after,
        )
    else:
        words = ngettext(
            "none of the combinations your hand splits into beats the table: this play "
            "beats it and leaves your hand in {n} combination.",
            "none of the combinations your hand splits into beats the table: this play "
            "beats it and leaves your hand in {n} combinations.",
            after,
        )
    return words.format(n=after)


def _kept(view: GuandanView) -> str:
    """What a pass keeps when the hand could beat the table (:func:`_why`): the cheapest play
    that beats it and the combinations it would cost, and the cheapest bomb it would spend
    (6.5), named by its cards: ``beating it would spend your bomb 7S 7H 7D 7C``."""
    assert view.table is not None
    level = view.level
    plays = legal_plays(view.hand, level, view.table.interpretation)
    plain = [(cards, r) for cards, r in plays if not r.tier]
    bombs = [(cards, r) for cards, r in plays if r.tier]
    parts: list[str] = []
    if plain:
        base = len(split_hand(view.hand, level))

        def cost(play: tuple[Sequence[int], Interpretation]) -> tuple[int, int]:
            return group_count(_without(view.hand, play[0]), level), play[1].rank

        cards, reading = min(plain, key=cost)
        after = cost((cards, reading))[0]
        what = _("{combo} ({cards})").format(
            combo=reading_words(reading, level), cards=cards_plain(cards)
        )
        if after > base:
            parts.append(
                _(
                    "beating it with a {what} would break your hand into {after} combinations "
                    "instead of {base}"
                ).format(what=what, after=after, base=base)
            )
        else:
            parts.append(
                _("beating it with a {what} would spend a strong combination").format(what=what)
            )
    if bombs:
        cards, reading = min(bombs, key=lambda b: (b[1].tier, b[1].rank))
        if reading.type == "joker_bomb":
            word = _("joker bomb")
        elif reading.type == "straight_flush":
            word = _("straight flush")
        else:
            word = _("bomb")
        if plain:
            words = _("beating it with a bomb would spend your {bomb} {cards}")
        else:
            words = _("beating it would spend your {bomb} {cards}")
        parts.append(words.format(bomb=word, cards=cards_plain(cards)))
    # TRANSLATORS: between two reasons of a hint ("beating it ... instead of 5; beating ...").
    return pgettext("reasons", "; ").join(parts)


def _without(hand: Sequence[int], cards: Sequence[int]) -> list[int]:
    """``hand`` less ``cards`` (codes, a face at most twice)."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


UI = GuandanUI()

__all__ = ["ACTIONS", "AUTOPASS", "UI", "GuandanUI"]
