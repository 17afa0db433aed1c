"""Tally's REPL side, ``UI`` (a :class:`~cardavia_cli.engine.ui.GameUI`): every REPL feature
on the engine's test game: cards that fit, breaks, a play read two ways (``play 3``), players
who go out (``watch``, ``finish``), a game command (``score``) and a setting (``autoplay``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardavia_cli.engine.game import Event, Outcome
from cardavia_cli.engine.interface import Completion, Switch, Verb
from cardavia_cli.engine.seats import SEATS, partner, team
from cardavia_cli.engine.ui import GameUI
from cardavia_cli.engine.words import verb_for

from .events import Lose, Out, Reveal, Win
from .rules import Action, Phase, TallyView, strength
from .view import card_note, does, event_line, mark, pairs, round_number, seat_word, tokens_text

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
        "Play a card, following the led suit when you can (rules step "
        "4); play N names a card by its rank alone.",
        "play a card",
    ),
)


class Score:
    """``score``: every seat's tokens (rules, match), available always."""

    verb, usage, short, aliases, help = (
        "score",
        "score",
        "every seat's tokens",
        (),
        ("Show the tokens of every seat."),
    )

    def available(self, control: Any) -> bool:
        return True

    def handler(self, control: Any, args: str) -> list[Any]:
        return [Text(f"Tokens: {tokens_text(control.view)}.")]


class TallyUI(GameUI[TallyView, Action]):
    """Tally for the REPL (module docstring); what is not here is the base's default."""

    actions = ACTIONS
    has_breaks = True
    has_ambiguous_plays = True
    players_go_out = True
    commands = (Score(),)
    settings = (
        Switch("autoplay", "Play your card for you when it is your only legal one.", True, True),
    )
    table_help = "Show the table: the dealer, every seat's tokens, the bids and the trick."
    hint_help = (
        "Suggest a move (the basic computer player's choice for your seat) and name the "
        "lowest card played so far."
    )

    def intro(self, view: TallyView, *, origin: str, seats: Sequence[str]) -> RenderableType:
        """``Tally, seed 3: you (seat 0) against three basic computer players. Seat 3 deals.``
        and the tokens."""
        others = [s for s in SEATS if s != view.seat]
        against = ", ".join(f"{seats[s]} at seat {s}" for s in others)
        if len({seats[s] for s in others}) == 1:
            against = f"three {seats[others[0]]} computer players"
        deals = f"{does(view.dealer, view.seat, 'deal')}."
        return Group(
            Text(f"Tally, {origin}: you (seat {view.seat}) against {against}. {deals}"),
            Text(f"Tokens: {tokens_text(view)}."),
        )

    def table(self, view: TallyView) -> RenderableType:
        """The round, the dealer, the tokens, the bids laid or revealed and the trick."""
        dealer = f"{seat_word(view.dealer, view.seat)} {verb_for(view.dealer, view.seat, 'deal')}"
        lines = [Text(f"Round {round_number(view)}, {dealer}. Tokens: {tokens_text(view)}.")]
        if view.revealed:
            lines.append(Text(f"Bids: {pairs(view.revealed, view.seat)}."))
        elif view.bids_made:
            laid = [(s, view.own_bid if s == view.seat else "face down") for s in view.bids_made]
            lines.append(Text(f"Bids: {pairs(laid, view.seat)}."))  # type: ignore[arg-type]
        if view.trick:
            lines.append(Text(f"Trick: {pairs(view.trick, view.seat)}."))
        return Group(*lines)

    def hand(self, view: TallyView) -> RenderableType:
        """The hand, whether the seat is out, the card given or received, its own bid."""
        line = Text(f"Your hand: {' '.join(view.hand) or 'empty'}.")
        if view.tokens[view.seat] == 0:
            line.append(" You are out of the match.")
        if view.given is not None and view.dealer == view.seat:
            line.append(f" You gave {view.given} to seat {partner(view.seat)}.")
        elif view.given is not None:
            line.append(f" Seat {view.dealer} gave you {view.given}.")
        if view.own_bid is not None and not view.revealed:
            line.append(f" Your bid: {view.own_bid}.")
        return line

    def status(self, view: TallyView) -> RenderableType:
        choices = "  ".join(f"{i}) {a}" for i, a in enumerate(self.choices(view), 1))
        return Group(self.table(view), self.hand(view), Text(f"Choose: {choices}"))

    def prompt(self, view: TallyView) -> str:
        return f"{view.phase} > "

    def outcome(self, view: TallyView, outcome: Outcome) -> RenderableType:
        ours = outcome.winner is not None and team(view.seat) == outcome.winner
        verdict = "Your team wins." if ours else "Your team loses."
        return Group(
            Text(f"Match over: {outcome.summary} {verdict}", style="bold"),
            Text(f"Tokens: {tokens_text(view)}."),
        )

    def round_end(self, view: TallyView) -> RenderableType:
        return Text(f"End of round {round_number(view)}: tokens {tokens_text(view)}.")

    def round_summary(self, view: TallyView) -> RenderableType:
        return Text(f"Round {round_number(view)}: tokens {tokens_text(view)}.")

    def is_out(self, view: TallyView) -> bool:
        return view.tokens[view.seat] == 0

    def legal_verbs(self, view: TallyView) -> list[str]:
        return [v.verb for v in ACTIONS if v.verb in {a.verb for a in view.legal}]

    def choices(self, view: TallyView) -> list[str]:
        return [str(a) for a in view.legal]

    def complete(self, view: TallyView, verb: str, args: Sequence[str]) -> list[Completion]:
        """The cards that may be given, bid or played now (rule 4 for the led suit)."""
        if args or verb not in self.legal_verbs(view):
            return []
        return [Completion(a.card, card_note(view, a)) for a in view.legal]

    def describe(self, view: TallyView, action: Action) -> str:
        """``give a1 to seat 2``, ``bid d6, face down``, ``play b5 (follows b)``."""
        if action.verb == Phase.PLAY:
            return f"play {action.card} ({card_note(view, action)})"
        return f"{action} {card_note(view, action)}".replace(" face", ", face")

    def hint(self, view: TallyView, suggestion: Action) -> RenderableType:
        """The suggestion; in a trick, the lowest card so far (it loses a token, step 5)."""
        line = Text.assemble(("Hint: ", "bold"), self.describe(view, suggestion))
        if suggestion.verb != Phase.PLAY or not view.trick:
            return line
        low_seat, low = min(view.trick, key=lambda t: strength(t[1]))
        return Group(line, Text(f"Lowest card so far: {low} ({seat_word(low_seat, view.seat)})."))

    def narrate(
        self, events: Sequence[Event], start: int, seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        """A line per event, a round's revealed bids in one line (``Bids: seat 1 d6, ...``)."""
        lines: list[RenderableType] = []
        bids: list[tuple[int, str]] = []
        for i in range(start, len(events)):
            e = events[i]
            if not isinstance(e, Reveal):
                lines.append(mark(event_line(e, seat), i in forced))
                continue
            bids.append((e.seat, e.card))
            if i + 1 == len(events) or not isinstance(events[i + 1], Reveal):
                lines.append(Text(f"Bids: {pairs(bids, seat)}."))
                bids = []
        return lines

    def log_lines(
        self, events: Sequence[Event], seat: int, forced: frozenset[int]
    ) -> list[RenderableType]:
        return [mark(event_line(e, seat), i in forced) for i, e in enumerate(events)]

    def story_start(self, events: Sequence[Event]) -> int:
        """After the last round's ``lose``/``out``: the round being played or just ended."""
        ends = [i for i in range(1, len(events)) if isinstance(events[i - 1], Lose | Out)]
        return max([i for i in ends if not isinstance(events[i], Out | Win)], default=0)


UI = TallyUI()

__all__ = ["ACTIONS", "UI", "TallyUI", "event_line", "tokens_text"]
