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
see; it never prints.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.errors import CardError
from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.seats import partner, team
from cardavia_cli.games.guandan.ai import group_count, split_hand
from cardavia_cli.games.guandan.cards import CODES, is_wild, level_str, parse_code, parse_level
from cardavia_cli.games.guandan.combos import TYPES, classify, outranks
from cardavia_cli.games.guandan.hands import can_beat, counts_of
from cardavia_cli.games.guandan.rules import Action, GuandanView
from cardavia_cli.games.guandan.view import (
    cards_plain,
    cards_text,
    hand_view,
    ordinal,
    outcome_view,
    places_words,
    plural,
    reading_words,
    round_end_view,
    seat_label,
    seat_subject,
    status_view,
    table_view,
    team_name,
    verb_for,
)
from cardavia_cli.games.guandan.view import deal_result_line as _deal_result_line

ACTIONS: tuple[Verb, ...] = (
    Verb(
        "play",
        "play CARDS [as TYPE KEY]",
        "Play cards from your hand as one combination (rules 6.3, 8.2): to lead, any "
        "combination; to follow, one that beats the table, the same type higher or a bomb "
        "(6.5). Write a card twice to play both copies (play 9S 9S). A play with readings of "
        "different types asks which one (8.3), or name it: play 2H 3S 4S 5S 6S as "
        "straight_flush 7. Keys: the rank of a set, the top card of a sequence.",
        "play a combination",
    ),
    Verb(
        "pass",
        "pass",
        "Pass when following, even if you could beat the table (rules 8.2, 9.3); a leader "
        "may not pass. With autopass on, a pass is made for you when nothing beats the table.",
        "let the table stand",
    ),
    Verb(
        "return",
        "return CARD",
        "After receiving a tribute, give one card back to the payer (rules 7.5, 8.1): a "
        "non-wild card of rank 2..T, else one of your lowest. A number returns that listed "
        "card.",
        "give a card back",
    ),
)

AUTOPASS = Switch(
    "autopass",
    "Make your forced answers for you (rules 8.2): a pass when nothing in your hand beats the "
    "table, said in one line; off, you type them.",
    True,
    True,
)


#: Events after which a lead is the deal's first.
_DEAL_START = frozenset({"start", "deal", "return", "tribute_cancelled"})


def _words(event: Event) -> tuple[str, ...]:
    return tuple(map(str, event.args))


def _codes(texts: Sequence[str]) -> list[int]:
    return [parse_code(t) for t in texts]


def _play_parts(event: Event) -> tuple[int, list[int], str]:
    """The seat, the cards and the ``TYPE KEY`` of a ``play`` event."""
    w = _words(event)
    at = w.index("as")
    return int(w[0]), _codes(w[1:at]), " ".join(w[at + 1 :])


def _key_words(key: str, size: int) -> str:
    """``bomb 7 (5 cards)`` for a bomb, the key as it is otherwise."""
    return f"{key} ({size} cards)" if key.startswith("bomb ") else key


class _Teller:
    """Tells the events one seat sees in words (:meth:`GuandanUI.narrate` and ``log``)."""

    def __init__(self, events: Sequence[Event], seat: int, forced: frozenset[int]) -> None:
        self.events = events
        self.seat = seat
        self.forced = forced
        self.level = 2
        self.deal = 0
        self.top_key = ""
        self.leader: int | None = None

    def context(self, start: int) -> None:
        """Read ``events[:start]`` (already told): the deal's level and the table's play."""
        for e in self.events[:start]:
            self._track(e)

    def _track(self, event: Event) -> None:
        if event.kind == "start":
            self.deal = int(event.args[0])
            self.level = parse_level(str(event.args[1]))
        elif event.kind == "lead":
            self.leader = int(event.args[0])
        elif event.kind == "play":
            self.top_key = _play_parts(event)[2]

    def _who(self, seat: int) -> Text:
        return Text(seat_subject(seat, self.seat), style="bold")

    def _cards(self, codes: Sequence[int]) -> Text:
        return cards_text(codes, self.level)

    def _start_line(self, event: Event) -> Text:
        w = _words(event)
        line = Text(f"Deal {w[0]}, played at level {w[1]}", style="bold")
        if w[2] == "none":
            line.append(" (a match's first deal: nobody declares).")
        else:
            line.append(f", {team_name(int(w[2]), self.seat).split()[0]} level.")
        return line

    def _play_line(self, i: int, leads: bool) -> tuple[Text, int]:
        """A play (``Seat 1 (right) leads pair 9: 9S 9D``), with the seat going out after it."""
        seat, codes, key = _play_parts(self.events[i])
        line = self._who(seat)
        word = "lead" if leads else "play"
        line.append(f" {verb_for(seat, self.seat, word)} {_key_words(key, len(codes))}: ")
        line.append_text(self._cards(codes))
        if i in self.forced:
            line.append(" (your last card, played for you)", style="dim")
        j = i + 1
        if j < len(self.events) and self.events[j].kind == "out":
            place = int(self.events[j].args[1])
            line.append(f", and {verb_for(seat, self.seat, 'go', 'goes')} out {ordinal(place)}")
            j += 1
        line.append(".")
        return line, j

    def _passes(self, i: int) -> tuple[list[Text], int]:
        """Passes in a row: the others in one line, yours made by autopass in its own."""
        events = self.events
        names: list[str] = []
        auto = False
        j = i
        while j < len(events) and events[j].kind == "pass":
            seat = int(events[j].args[0])
            if seat == self.seat and j in self.forced:
                auto = True
            else:
                names.append(seat_label(seat, self.seat))
            j += 1
        lines: list[Text] = []
        if names:
            if len(names) == 1:
                who = names[0]
                word = "pass" if who == "you" else "passes"
            else:
                who = ", ".join(names[:-1]) + " and " + names[-1]
                word = "pass"
            lines.append(Text(f"{who[0].upper()}{who[1:]} {word}."))
        if auto:
            top = f" beats {self.top_key}" if self.top_key else " beats the table"
            lines.append(Text(f"You pass: nothing in your hand{top} (autopass).", style="dim"))
        return lines, j

    def tell(self, start: int) -> list[RenderableType]:
        """Lines for ``events[start:]`` (see :meth:`GuandanUI.narrate`)."""
        events = self.events
        lines: list[RenderableType] = []
        i = start
        while i < len(events):
            e = events[i]
            kind = e.kind
            if kind == "lead":
                seat = int(e.args[0])
                nxt = events[i + 1] if i + 1 < len(events) else None
                if nxt is not None and nxt.kind == "play" and int(nxt.args[0]) == seat:
                    self._track(nxt)
                    self.leader = None
                    line, i = self._play_line(i + 1, leads=True)
                    lines.append(line)
                    continue
                self._track(e)
                if seat == self.seat and i and events[i - 1].kind in _DEAL_START:
                    i += 1  # the status says it: you lead the deal's first trick
                    continue
                line = self._who(seat)
                line.append(f" {verb_for(seat, self.seat, 'lead')} a new trick.")
                lines.append(line)
                i += 1
                continue
            if kind == "play":
                leads = self.leader == int(e.args[0])
                self._track(e)
                self.leader = None
                line, i = self._play_line(i, leads=leads)
                lines.append(line)
                continue
            if kind == "pass":
                told, i = self._passes(i)
                lines.extend(told)
                continue
            self._track(e)
            if kind == "deal":
                lines.append(Text(f"You are dealt {plural(len(e.args) - 1, 'card')}."))
            elif kind in ("places", "advance", "levels", "match"):
                pass  # the deal's end and the match's result say these
            else:
                lines.append(self.plain(i))
            i += 1
        return lines

    def plain(self, i: int) -> Text:
        """One event alone, in words."""
        event = self.events[i]
        kind, w = event.kind, _words(event)
        me = self.seat
        if kind == "start":
            return self._start_line(event)
        if kind == "deal":
            line = Text("You are dealt: ")
            codes = sorted(_codes(w[1:]), key=lambda c: (is_wild(c, self.level), c))
            line.append_text(self._cards(codes))
            return line
        if kind == "tribute_cancelled":
            payers = [seat_label(int(s), me) for s in w]
            who = " and ".join(payers)
            hold = "hold" if len(payers) > 1 or payers[0] == "you" else "holds"
            return Text(
                f"No tribute this deal: {who} {hold} both red jokers (rules 7.2).", style="bold"
            )
        if kind == "tribute":
            giver, receiver = int(w[0]), int(w[1])
            line = self._who(giver)
            line.append(f" {verb_for(giver, me, 'pay')} tribute to {seat_label(receiver, me)}: ")
            line.append_text(self._cards(_codes(w[2:3])))
            line.append(".")
            return line
        if kind == "return":
            giver, receiver = int(w[0]), int(w[1])
            line = self._who(giver)
            line.append(f" {verb_for(giver, me, 'return')} ")
            line.append_text(self._cards(_codes(w[2:3])))
            line.append(f" to {seat_label(receiver, me)}")
            if i in self.forced:
                line.append(" (the only card you could return)", style="dim")
            line.append(".")
            return line
        if kind == "lead":
            seat = int(w[0])
            line = self._who(seat)
            line.append(f" {verb_for(seat, me, 'lead')}.")
            return line
        if kind == "play":
            self._track(event)
            line, _ = self._play_line(i, leads=False)
            return line
        if kind == "pass":
            seat = int(w[0])
            line = self._who(seat)
            line.append(f" {verb_for(seat, me, 'pass', 'passes')}")
            if i in self.forced:
                line.append(" (autopass)", style="dim")
            line.append(".")
            return line
        if kind == "out":
            seat, place = int(w[0]), int(w[1])
            return Text(
                f"{seat_subject(seat, me)} {verb_for(seat, me, 'go', 'goes')} out {ordinal(place)}."
            )
        if kind == "places":
            return Text(f"Deal {self.deal} is over: {places_words([int(s) for s in w], me)}.")
        if kind == "advance":
            t, n = int(w[0]), int(w[1])
            return Text(f"{team_name(t, me).capitalize()} goes up {plural(n, 'level')}.")
        if kind == "levels":
            mine = w[team(me)]
            theirs = w[team(partner(me)) ^ 1]
            return Text(f"Levels: us {mine}, them {theirs}.")
        if kind == "match":
            return Text(f"{team_name(int(w[0]), me).capitalize()} wins the match.", style="bold")
        return Text(event.text)

    def one(self, i: int) -> Text:
        """The log line of event ``i`` (events before it have been read)."""
        event = self.events[i]
        if event.kind != "play":
            self._track(event)
        return self.plain(i)


def _reading_candidates(view: GuandanView, codes: Sequence[int]) -> list[str]:
    """The ``TYPE KEY`` readings of ``codes`` open now (8.3: those that beat the table)."""
    found = classify(codes, view.level)
    if view.table is not None:
        found = [r for r in found if outranks(r, view.table.interpretation)]
    return [r.key(view.level) for r in found]


class GuandanUI:
    """Guandan for the REPL; see the module docstring and ``repl.hooks.GameUI``."""

    actions = ACTIONS
    has_breaks = True
    has_ambiguous_plays = True
    settings = (AUTOPASS,)
    table_help = (
        "Show the table: both levels and whose level the deal is played at, every seat's "
        "cards left and place, this deal's tribute, and the play on the table."
    )
    hint_help = "Suggest a move (the basic computer player's choice for your seat) and say why."

    # -- rendering -----------------------------------------------------------------------------
    def intro(self, view: GuandanView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """The first lines (rules 1, 4, 5.1): where the deal comes from, the partner and the
        opponents with their levels, both teams' levels and whose level the deal is at."""
        me = view.seat
        mate = partner(me)
        right, left = (s for s in range(4) if team(s) != team(me))
        line = Text("Guandan", style="bold")
        line.append(f", {origin}: you (seat {me}) and {seat_label(mate, me)}, ")
        line.append(f"{seats[mate]}, against {seat_label(right, me)} and {seat_label(left, me)}")
        if seats[right] == seats[left]:
            line.append(f", {seats[right]}.")
        else:
            line.append(f", {seats[right]} and {seats[left]}.")
        mine = level_str(view.levels[team(me)])
        theirs = level_str(view.levels[team(right)])
        at = level_str(view.level)
        levels = Text(f"Levels: us {mine}, them {theirs}. ")
        if view.level_team is None:
            levels.append(f"The first deal is played at {at}: ")
        else:
            whose = "your" if view.level_team == team(me) else "their"
            levels.append(f"This deal is played at {at}, {whose} level: ")
        levels.append(
            f"the {at}s rank just below the jokers and {at}H is wild. First out wins the deal; "
            "the match is won at level A."
        )
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
        """``return > ``, ``lead > `` or ``beat pair 9 > `` (with the level: ``5: lead >``)."""
        at = level_str(view.level)
        if view.phase == "return":
            return f"{at}: return > "
        if view.table is None:
            return f"{at}: lead > "
        return f"{at}: beat {view.table.interpretation.key(view.level)} > "

    def outcome(self, view: GuandanView, outcome: Outcome) -> RenderableType:
        """The match won (section 10): the team, the last deal's places, the levels."""
        return outcome_view(view, outcome)

    def round_end(self, view: GuandanView) -> RenderableType:
        """A break between deals (8.4, 11): the places, the levels, the next deal's level and
        tribute."""
        return round_end_view(view)

    def round_summary(self, view: GuandanView) -> RenderableType:
        """One line for a finished deal: its places and the levels after it."""
        return Text(_deal_result_line(view))

    # -- choices, completion -------------------------------------------------------------------
    def legal_verbs(self, view: GuandanView) -> list[str]:
        """``return`` after a tribute; ``play`` to lead; ``play`` and ``pass`` to follow
        (``pass`` alone when nothing in the hand beats the table)."""
        if view.to_act != view.seat:
            return []
        if view.phase == "return":
            return ["return"]
        if view.table is None:
            return ["play"]
        if can_beat(counts_of(view.hand), view.level, view.table.interpretation):
            return ["play", "pass"]
        return ["pass"]

    def choices(self, view: GuandanView) -> list[str]:
        """The numbered answers: the legal return cards (7.5); plays are typed."""
        if view.to_act == view.seat and view.phase == "return":
            return [f"return {CODES[c]}" for c in view.return_options]
        return []

    def complete(self, view: GuandanView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After ``play``: the cards still in hand (a card held twice offered twice), ``as``
        once a card is typed, then the type names that fit the cards, then their keys (8.3).
        After ``return``: the legal return cards."""
        if view.to_act != view.seat:
            return []
        if verb == "return" and view.phase == "return" and not args:
            return [Completion(CODES[c], "legal return card") for c in view.return_options]
        if verb != "play" or view.phase not in ("lead", "follow"):
            return []
        low = [a.lower() for a in args]
        if "as" in low:
            at = len(low) - 1 - low[::-1].index("as")
            try:
                codes = _codes(args[:at])
            except CardError:
                return []
            readings = _reading_candidates(view, codes)
            after = args[at + 1 :]
            if not after:
                types = [r.split()[0] for r in readings] or list(TYPES)
                return [Completion(t, "type") for t in dict.fromkeys(types)]
            if len(after) == 1:
                fits = [r.split() for r in readings if r.split()[0] == after[0].lower()]
                return [Completion(r[1], " ".join(r)) for r in fits if len(r) > 1]
            return []
        try:
            typed = counts_of(_codes(args))
        except CardError:
            return []
        held = counts_of(view.hand)
        out: list[Completion] = []
        for c in dict.fromkeys(view.hand):
            if held[c] > typed[c]:
                out.append(Completion(CODES[c], "wild" if is_wild(c, view.level) else ""))
        if args:
            out.append(Completion("as", "name the reading: as TYPE KEY"))
        return out

    # -- hint ----------------------------------------------------------------------------------
    def describe(self, view: GuandanView, action: Action) -> str:
        """``play 9S 9D (pair 9)``, ``pass`` or ``return 3S``."""
        if action.verb == "play":
            found = classify(action.cards, view.level)
            reading = next(
                (r for r in found if action.key is None or r.key(view.level) == action.key),
                None,
            )
            plain = f"play {cards_plain(action.cards)}"
            return f"{plain} ({reading_words(reading, view.level)})" if reading else plain
        return str(action)

    def hint(self, view: GuandanView, suggestion: Action) -> RenderableType:
        """The suggested action (the ``basic`` player's) and why, in words."""
        line = Text("Hint: ", style="bold")
        line.append(self.describe(view, suggestion))
        line.append(f". Why: {_why(view, suggestion)}")
        return line

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
        teller.context(start)
        return teller.tell(start)

    def story_start(self, events: Sequence[Event]) -> int:
        """The lead of the current trick (a resumed deal tells that trick again), or the start
        of the deal while no card has been played in it."""
        last_start = max((i for i, e in enumerate(events) if e.kind == "start"), default=0)
        played = [i for i in range(last_start, len(events)) if events[i].kind == "play"]
        if not played:
            return last_start
        leads = [i for i in range(last_start, played[-1]) if events[i].kind == "lead"]
        return leads[-1] if leads else last_start

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line in words per event the seat saw, for ``log`` (your own hand as dealt,
        the tribute, each play, pass, place, and the levels after each deal)."""
        teller = _Teller(events, seat, forced)
        return [teller.one(i) for i in range(len(events))]


def _why(view: GuandanView, action: Action) -> str:
    """Why the ``basic`` player chooses ``action`` (see :mod:`.ai`), in words."""
    level = view.level
    if action.verb == "return":
        rest = list(view.hand)
        rest.remove(action.cards[0])
        groups = group_count(rest, level)
        return (
            f"of the legal return cards (rules 7.5), it leaves your hand in the fewest "
            f"combinations ({groups}), the lowest among equals."
        )
    mate = partner(view.seat)
    if action.verb == "pass":
        assert view.table is not None
        if team(view.table.seat) == team(view.seat):
            return "your partner's play stands: let it win the trick."
        if not can_beat(counts_of(view.hand), level, view.table.interpretation):
            return "nothing in your hand beats the table."
        return (
            "beating it would break your hand into more combinations or spend a bomb while "
            "no opponent is close to going out."
        )
    if len(action.cards) == len(view.hand):
        return "it is your whole hand: you go out."
    found = classify(action.cards, level)
    reading = next((r for r in found if action.key is None or r.key(level) == action.key), None)
    groups = len(split_hand(view.hand, level))
    if view.table is None:
        if view.hand_sizes[mate] in (1, 2) and reading is not None and reading.size <= 2:
            return (
                f"your partner holds {plural(view.hand_sizes[mate], 'card')}: a low "
                f"{reading.type} may let them go out."
            )
        return (
            f"your hand splits into {groups} combinations; lead the weakest and keep the "
            "strong ones and the bombs for later."
        )
    if reading is not None and reading.tier:
        return "a bomb: an opponent is close to going out, or it leaves you almost out."
    return "the cheapest combination of your hand that beats the table."


UI = GuandanUI()

__all__ = ["ACTIONS", "AUTOPASS", "UI", "GuandanUI"]
