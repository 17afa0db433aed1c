"""Rich rendering of Si Se Pai cards, melds and a seat's view (rules/sisepai.md 3, 7.1).

Returns rich renderables; it never prints. The four colours are styled, and every card keeps
its code (``rK``), so a hand stays readable with ``NO_COLOR`` or off a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.table import Table
from rich.text import Text

from cardavia_cli.games.sisepai.cards import FLOWER, card_str
from cardavia_cli.games.sisepai.melds import Meld

COLOUR_STYLES = ("bold red", "bold yellow", "bold white", "bold green")
FLOWER_STYLE = "bold magenta"


def card_style(code: int) -> str:
    """The rich style of a card: its colour, magenta for a flower."""
    return FLOWER_STYLE if code == FLOWER else COLOUR_STYLES[code // 7]


def card_text(code: int) -> Text:
    """One card as styled text, e.g. ``rK`` in red."""
    return Text(card_str(code), style=card_style(code))


def cards_text(codes: Iterable[int], sep: str = " ") -> Text:
    """Several cards as one styled line."""
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(sep)
        out.append_text(card_text(code))
    return out


def meld_text(meld: Meld) -> Text:
    """A meld in brackets, e.g. ``[rK rA rE]``."""
    out = Text("[")
    out.append_text(cards_text(meld.cards))
    out.append("]")
    return out


def melds_line(melds: Sequence[Meld]) -> Text:
    """Melds side by side, or a dash for none."""
    if not melds:
        return Text("-", style="dim")
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append(" ")
        out.append_text(meld_text(m))
    return out


def melds_table(melds: Sequence[Meld], title: str | None = None, exposed: Sequence[Meld] = ()) -> Table:
    """A table of melds: cards, kind, points, and whether each was exposed before."""
    table = Table(title=title, title_justify="left", show_footer=True)
    table.add_column("meld", footer="total")
    table.add_column("kind")
    table.add_column("points", justify="right", footer=str(sum(m.points for m in melds)))
    table.add_column("", style="dim")
    left = list(exposed)
    for m in melds:
        note = ""
        if m in left:
            left.remove(m)
            note = "exposed"
        table.add_row(cards_text(m.cards), m.kind, str(m.points), note)
    return table
