"""The REPL hook of Tally (the rules are the docstring of :mod:`.rules`): ``UI``.

Tally is driven through the REPL like a real game, so that the REPL's hook features are
tested on the engine's one test game: the verbs ``give bid play`` with the cards that fit, a
match of rounds with breaks (``next``, ``restart``), a play read two ways (``play 3`` with
two 3s: ``cancel``), the game's own commands ``score``, ``watch`` and ``finish``, and one
setting, ``autoplay``, that makes the human's forced play wait to be typed when off.

It works only on the human seat's :class:`~.rules.TallyView` and the events that seat may
see; the narration reads each event's ``kind``, ``args`` and the seat's private ``detail``,
never its text. It never prints: every method returns rich text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.seats import SEATS, partner, team, team_seats

from .rules import PACK, Action, TallyView, strength

ACTIONS: tuple[Verb, ...] = (
    Verb(
        "give",
        "give CARD",
        "As the dealer, give one card of your hand to your partner (rules step 2).",
        "give your partner a card",
    ),
    Verb(
        "bid",
        "bid CARD",
        "Lay one card of your hand face down as your bid; the highest bid leads (rules step 3).",
        "bid a card face down",
    ),
    Verb(
        "play",
        "play CARD",
        "Play a card, following the led suit when you can (rules step 4); play N names a "
        "card by its rank alone.",
        "play a card",
    ),
)

#: The line that tells an answer given without asking (``forced`` in the narration).
AUTOMATIC = " (automatic)"


# -- words ---------------------------------------------------------------------------------------
def seat_word(seat: int, viewer: int, *, start: bool = False) -> str:
    """``you``/``You`` for the viewer, else ``seat N``/``Seat N``."""
    if seat == viewer:
        return "You" if start else "you"
    return f"Seat {seat}" if start else f"seat {seat}"


def _verb(seat: int, viewer: int, verb: str) -> str:
    """``play`` for the viewer, ``plays`` for another seat."""
    return verb if seat == viewer else verb + "s"


def tokens_text(view: TallyView) -> str:
    """Every seat's tokens: ``you 2, seat 1 out, seat 2 1, seat 3 2`` (rules, match)."""
    parts = []
    for s in SEATS:
        n = view.tokens[s]
        parts.append(f"{seat_word(s, view.seat)} {n if n else 'out'}")
    return ", ".join(parts)


def round_number(view: TallyView) -> int:
    """The round being played, or the round just finished at a break or the end."""
    if view.phase in ("break", "over"):
        return view.rounds_finished
    return view.rounds_finished + 1


def team_words(number: int, viewer: int) -> str:
    """``your team (you and seat 2)`` or ``team 1 (seats 1 and 3)``."""
    a, b = team_seats(number)
    if team(viewer) == number:
        return f"your team (you and seat {partner(viewer)})"
    return f"team {number} (seats {a} and {b})"


def _pairs(pairs: Sequence[tuple[int, str]], viewer: int) -> str:
    return ", ".join(f"{seat_word(s, viewer)} {c}" for s, c in pairs)


# -- one line per event ----------------------------------------------------------------------
def event_line(event: Event, seat: int) -> Text:
    """One event as ``seat`` sees it, in words, with ``seat``'s private details (the cards
    dealt to it, the card it gave or received, its own bid)."""
    kind, args = event.kind, event.args
    mine = event.detail(seat)
    if kind == "deal":
        who = int(args[0])
        if who == seat:
            cards = sorted(map(str, args[1:]), key=PACK.index)
            return Text(f"You are dealt {' '.join(cards)}.")
        return Text(f"Seat {who} is dealt {len(args) - 1} cards.")
    if kind == "give":
        giver, taker = int(args[0]), int(args[1])
        if mine and giver == seat:
            return Text(f"You give {mine[0]} to {seat_word(taker, seat)}.")
        if mine and taker == seat:
            return Text(f"{seat_word(giver, seat, start=True)} gives you {mine[0]}.")
        return Text(f"Seat {giver} gives seat {taker} a card.")
    if kind == "bid":
        who = int(args[0])
        if mine:
            return Text(f"You bid {mine[0]}, face down.")
        return Text(f"{seat_word(who, seat, start=True)} {_verb(who, seat, 'bid')} face down.")
    if kind == "reveal":
        who = int(args[0])
        whose = "Your" if who == seat else f"Seat {who}'s"
        return Text(f"{whose} bid: {args[1]}.")
    if kind == "play":
        who = int(args[0])
        return Text(f"{seat_word(who, seat, start=True)} {_verb(who, seat, 'play')} {args[1]}.")
    if kind == "trick":
        who = int(args[0])
        return Text(f"{seat_word(who, seat, start=True)} {_verb(who, seat, 'take')} the trick.")
    if kind == "lose":
        who, left = int(args[0]), int(args[1])
        return Text(
            f"{seat_word(who, seat, start=True)} {_verb(who, seat, 'lose')} a token ({left} left)."
        )
    if kind == "out":
        who = int(args[0])
        return Text("You are out." if who == seat else f"Seat {who} is out.")
    if kind == "win":
        words = team_words(int(args[0]), seat)
        return Text(f"{words[0].upper()}{words[1:]} wins the match.", style="bold")
    return Text(event.line_for(seat))


def _mark(line: Text, marked: bool) -> Text:
    """``line`` with `` (automatic)`` before its final full stop when ``marked``."""
    if not marked:
        return line
    out = line[:-1] if line.plain.endswith(".") else line.copy()
    out.append(AUTOMATIC, style="dim")
    out.append(".")
    return out


class TallyUI:
    """Tally for the REPL; see the module docstring and ``repl.hooks.GameUI``."""

    actions = ACTIONS
    has_breaks = True
    has_ambiguous_plays = True
    table_help = "Show the table: the dealer, every seat's tokens, the bids and the trick."
    hint_help = (
        "Suggest a move (the basic computer player's choice for your seat) and name the "
        "lowest card played so far."
    )

    def __init__(self) -> None:
        self.commands = (Score(), Watch(), Finish())
        self.settings = (
            Switch(
                "autoplay", "Play your card for you when it is your only legal one.", True, True
            ),
        )

    # -- rendering -------------------------------------------------------------------------------
    def intro(self, view: TallyView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """``Tally, seed 3: you (seat 0) against three basic computer players. Seat 3 deals.``
        and the tokens (``origin``: where the match comes from; ``seats``: the levels)."""
        levels = [seats[s] for s in SEATS if s != view.seat]
        if len(set(levels)) == 1:
            against = f"three {levels[0]} computer players"
        else:
            against = ", ".join(f"{seats[s]} at seat {s}" for s in SEATS if s != view.seat)
        deals = "You deal." if view.dealer == view.seat else f"Seat {view.dealer} deals."
        return Group(
            Text(f"Tally, {origin}: you (seat {view.seat}) against {against}. {deals}"),
            Text(f"Tokens: {tokens_text(view)}."),
        )

    def table(self, view: TallyView) -> RenderableType:
        """The round, the dealer, every seat's tokens (rules, match), the bids laid or
        revealed (step 3) and the trick (step 4)."""
        dealer = "you deal" if view.dealer == view.seat else f"seat {view.dealer} deals"
        lines = [
            Text(f"Round {round_number(view)}, {dealer}. Tokens: {tokens_text(view)}."),
        ]
        if view.revealed:
            lines.append(Text(f"Bids: {_pairs(view.revealed, view.seat)}."))
        elif view.bids_made:
            laid = ", ".join(
                f"you {view.own_bid}" if s == view.seat else f"seat {s} face down"
                for s in view.bids_made
            )
            lines.append(Text(f"Bids: {laid}."))
        if view.trick:
            lines.append(Text(f"Trick: {_pairs(view.trick, view.seat)}."))
        return Group(*lines)

    def hand(self, view: TallyView) -> RenderableType:
        """The hand (the card left from the round at a break), whether the seat is out, and
        what this seat alone knows: the card given or received (step 2), its bid."""
        line = Text(f"Your hand: {' '.join(view.hand) or 'empty'}.")
        if view.tokens[view.seat] == 0:
            line.append(" You are out of the match.")
        if view.given is not None:
            if view.dealer == view.seat:
                line.append(f" You gave {view.given} to seat {partner(view.seat)}.")
            else:
                line.append(f" Seat {view.dealer} gave you {view.given}.")
        if view.own_bid is not None and not view.revealed:
            line.append(f" Your bid: {view.own_bid}.")
        return line

    def status(self, view: TallyView) -> RenderableType:
        """The table, the hand and the numbered choices."""
        choices = Text("Choose: ")
        choices.append("  ".join(f"{i}) {a}" for i, a in enumerate(self.choices(view), 1)))
        return Group(self.table(view), self.hand(view), choices)

    def prompt(self, view: TallyView) -> str:
        """``give > ``, ``bid > `` or ``play > ``."""
        return f"{view.phase} > "

    def outcome(self, view: TallyView, outcome: Outcome) -> RenderableType:
        """The end of the match (rules step 6): who wins, and every seat's tokens."""
        ours = outcome.winner is not None and team(view.seat) == outcome.winner
        verdict = "Your team wins." if ours else "Your team loses."
        return Group(
            Text(f"Match over: {outcome.summary} {verdict}", style="bold"),
            Text(f"Tokens: {tokens_text(view)}."),
        )

    def round_end(self, view: TallyView) -> RenderableType:
        """A break (rules step 6): the round's number and every seat's tokens."""
        return Text(f"End of round {round_number(view)}: tokens {tokens_text(view)}.")

    def round_summary(self, view: TallyView) -> RenderableType:
        """One line per finished round for ``watch``: its number and the tokens after it."""
        return Text(f"Round {round_number(view)}: tokens {tokens_text(view)}.")

    # -- choices, completion -------------------------------------------------------------------
    def legal_verbs(self, view: TallyView) -> list[str]:
        """The verb of the phase when the seat is to act (``[]`` otherwise)."""
        verbs = {a.verb for a in view.legal}
        return [v.verb for v in ACTIONS if v.verb in verbs]

    def choices(self, view: TallyView) -> list[str]:
        """The legal actions, in canonical order (``N`` answers the N-th)."""
        return [str(a) for a in view.legal]

    def complete(self, view: TallyView, verb: str, args: Sequence[str]) -> list[Completion]:
        """After the phase's verb: the cards that may be given, bid or played now (only those
        of the led suit when the seat can follow, rule 4)."""
        if args or verb not in self.legal_verbs(view):
            return []
        return [Completion(a.card, self._meta(view, a)) for a in view.legal]

    @staticmethod
    def _meta(view: TallyView, action: Action) -> str:
        if action.verb == "give":
            return f"to seat {partner(view.seat)}"
        if action.verb == "bid":
            return "face down"
        if not view.trick:
            return "lead"
        led = view.trick[0][1][0]
        return f"follows {led}" if action.card[0] == led else f"cannot follow {led}"

    # -- hint and auto ---------------------------------------------------------------------------
    def describe(self, view: TallyView, action: Action) -> str:
        """``give a1 to seat 2``, ``bid d6, face down``, ``play c2 (lead)``,
        ``play b5 (follows b)``."""
        if action.verb == "give":
            return f"give {action.card} to seat {partner(view.seat)}"
        if action.verb == "bid":
            return f"bid {action.card}, face down"
        return f"play {action.card} ({self._meta(view, action)})"

    def hint(self, view: TallyView, suggestion: Action) -> RenderableType:
        """The suggested action; in a trick, the lowest card played so far (rules step 5:
        the lowest card of the round loses its player a token)."""
        line = Text("Hint: ", style="bold")
        line.append(self.describe(view, suggestion))
        if suggestion.verb != "play" or not view.trick:
            return line
        low_seat, low = min(view.trick, key=lambda t: strength(t[1]))
        return Group(line, Text(f"Lowest card so far: {low} ({seat_word(low_seat, view.seat)})."))

    # -- narration ------------------------------------------------------------------------------
    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line per event of ``events[start:]``, the revealed bids of a round told in one
        line (``Bids: seat 1 d6, seat 2 c3, seat 3 b5, you c2.``); the seat's answers given
        without asking end in ``(automatic)``."""
        lines: list[RenderableType] = []
        i = start
        while i < len(events):
            if events[i].kind == "reveal":
                j = i
                pairs: list[tuple[int, str]] = []
                while j < len(events) and events[j].kind == "reveal":
                    pairs.append((int(events[j].args[0]), str(events[j].args[1])))
                    j += 1
                lines.append(Text(f"Bids: {_pairs(pairs, seat)}."))
                i = j
                continue
            lines.append(_mark(event_line(events[i], seat), i in forced))
            i += 1
        return lines

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """One line per event the seat saw, with its private details (its deal, the card it
        gave or received, its own bid); answers given without asking end in
        ``(automatic)``."""
        return [_mark(event_line(e, seat), i in forced) for i, e in enumerate(events)]

    def story_start(self, events: Sequence[Event]) -> int:
        """Where the present round begins (after the last round's ``lose``/``out``): at a
        break or the end, the round just finished; else the round being played."""
        start = 0
        for i in range(1, len(events)):
            if events[i - 1].kind in ("lose", "out") and events[i].kind not in ("out", "win"):
                start = i
        return start


def _out(control: Any) -> bool:
    view = control.view
    return view.tokens[view.seat] == 0 and not control.is_over


class Score:
    """``score``: every seat's tokens (rules, match), available always."""

    verb, usage, short, aliases = "score", "score", "every seat's tokens", ()
    help = "Show the tokens of every seat."

    def available(self, control: Any) -> bool:
        """Always."""
        return True

    def handler(self, control: Any, args: str) -> list[Any]:
        """One line: ``Tokens: you 2, seat 1 2, seat 2 1, seat 3 2.``"""
        return [Text(f"Tokens: {tokens_text(control.view)}.")]


class Watch:
    """``watch``: once the human is out, the rest of the match, one line per round."""

    verb, usage, short, aliases = "watch", "watch", "watch the rounds", ()
    help = "Once you are out: go on round after round, one line per round."

    def available(self, control: Any) -> bool:
        """Once the human has no token and the match goes on."""
        return _out(control)

    def handler(self, control: Any, args: str) -> list[Any]:
        """The summary line of every round to the end of the match."""
        return list(control.play_on(through_breaks=True, summary=True))


class Finish(Watch):
    """``finish``: once the human is out, the match played out; only its result is shown."""

    verb, usage, short = "finish", "finish", "play the match out"
    help = "Once you are out: play the match to its end and show the result."

    def handler(self, control: Any, args: str) -> list[Any]:
        """Nothing but the outcome (which the REPL shows after the command)."""
        control.play_on(through_breaks=True, summary=True)
        return []


UI = TallyUI()

__all__ = ["ACTIONS", "UI", "TallyUI", "event_line", "tokens_text"]
