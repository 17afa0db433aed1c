"""Tally's table in words: seats, tokens, bids, and one line per event (the REPL side,
:mod:`.repl`, builds on these). Nothing here prints."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardavia_cli.engine.game import Event
from cardavia_cli.engine.seats import SEATS, partner, team, team_seats
from cardavia_cli.engine.words import capital, verb_for

from .events import Bid, Deal, Give, Lose, Out, Play, Reveal, Trick, Win
from .rules import PACK, Action, Phase, TallyView

#: The words that mark an answer given without asking (``forced`` in the narration).
AUTOMATIC = " (automatic)"


def seat_word(seat: int, viewer: int, *, start: bool = False) -> str:
    """``you``/``You`` for the viewer, else ``seat N``/``Seat N`` (Tally names no places)."""
    word = "you" if seat == viewer else f"seat {seat}"
    return capital(word) if start else word


def does(seat: int, viewer: int, verb: str) -> str:
    """``You play`` or ``Seat 1 plays``."""
    return f"{seat_word(seat, viewer, start=True)} {verb_for(seat, viewer, verb)}"


def tokens_text(view: TallyView) -> str:
    """Every seat's tokens: ``you 2, seat 1 out, seat 2 1, seat 3 2`` (rules, match)."""
    return ", ".join(f"{seat_word(s, view.seat)} {view.tokens[s] or 'out'}" for s in SEATS)


def round_number(view: TallyView) -> int:
    """The round being played, or the round just finished at a break or the end."""
    return view.rounds_finished + (view.phase not in (Phase.BREAK, Phase.OVER))


def team_words(number: int, viewer: int) -> str:
    """``your team (you and seat 2)`` or ``team 1 (seats 1 and 3)``."""
    if team(viewer) == number:
        return f"your team (you and seat {partner(viewer)})"
    return "team {} (seats {} and {})".format(number, *team_seats(number))


def possessive(seat: int, viewer: int) -> str:
    """``your`` or ``seat 1's``."""
    return "your" if seat == viewer else f"seat {seat}'s"


def pairs(pairs: Sequence[tuple[int, str]], viewer: int) -> str:
    return ", ".join(f"{seat_word(s, viewer)} {c}" for s, c in pairs)


def event_line(event: Event, seat: int) -> Text:
    """One event as ``seat`` sees it, with its private details (its deal, the card it gave
    or received, its own bid)."""
    mine = event.detail(seat)
    match event:
        case Deal(seat=who, cards=cards):
            if who == seat:
                return Text(f"You are dealt {' '.join(sorted(cards, key=PACK.index))}.")
            return Text(f"Seat {who} is dealt {len(cards)} cards.")
        case Give(seat=giver, to=taker):
            if mine:
                if giver == seat:
                    return Text(f"You give {mine[0]} to {seat_word(taker, seat)}.")
                return Text(f"{seat_word(giver, seat, start=True)} gives you {mine[0]}.")
            return Text(f"Seat {giver} gives seat {taker} a card.")
        case Bid(seat=who):
            return Text(
                f"You bid {mine[0]}, face down." if mine else f"{does(who, seat, 'bid')} face down."
            )
        case Reveal(seat=who, card=card):
            return Text(f"{capital(possessive(who, seat))} bid: {card}.")
        case Play(seat=who, card=card):
            return Text(f"{does(who, seat, 'play')} {card}.")
        case Trick(seat=who):
            return Text(f"{does(who, seat, 'take')} the trick.")
        case Lose(seat=who, left=left):
            return Text(f"{does(who, seat, 'lose')} a token ({left} left).")
        case Out(seat=who):
            return Text(f"{does(who, seat, 'are')} out.")
        case Win(team=number):
            return Text(f"{capital(team_words(number, seat))} wins the match.", style="bold")
    return Text(event.line_for(seat))


def mark(line: Text, marked: bool) -> Text:
    """``line`` with `` (automatic)`` before its final full stop when ``marked``."""
    if not marked:
        return line
    out = line[:-1] if line.plain.endswith(".") else line.copy()
    out.append(AUTOMATIC, style="dim")
    out.append(".")
    return out


def card_note(view: TallyView, action: Action) -> str:
    """What ``action`` does, in a few words: ``to seat 2``, ``face down``, ``follows b``."""
    if action.verb == Phase.GIVE:
        return f"to seat {partner(view.seat)}"
    if action.verb == Phase.BID:
        return "face down"
    if not view.trick:
        return "lead"
    led = view.trick[0][1][0]
    return f"follows {led}" if action.card[0] == led else f"cannot follow {led}"
