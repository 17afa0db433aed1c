"""The palettes: one rich :class:`~rich.theme.Theme` made from the display settings
(:mod:`cardavia_cli.engine.display`), the theme of every console cardavia prints on
(:func:`~cardavia_cli.repl.console.make_console`).

The games' views style their cards and labels with the named styles of :data:`STYLES`
(``card.red``, ``suit.cups``, ``muted``, ...), never with a colour. Each is written in colour
roles (``red``, ``gold``, ``yellow``, ``green``, ``magenta``, ``cyan``) that the palette of the
settings turns into colours:

* temperature ``neutral`` (the default): the colours of before, exactly; ``warm`` and
  ``cool``: the same roles in warmer or cooler tones;
* palette ``colour-blind``: the Okabe-Ito colours (vermillion, orange, bluish green, reddish
  purple, sky blue), told apart by colour-blind players, whatever the temperature; the cards
  show a mark of their colour or suit too (each game's view names its marks,
  :func:`~cardavia_cli.engine.display.mark`), so that no two are told apart by hue alone;
* contrast ``high``: cards and labels bold, strong colours, and no dim text anywhere (``dim``
  and ``muted`` are plain).

The plain style words that other code still writes (``dim``, ``bold red``, ``[red]...``) are
styles of the theme too (:data:`ALIASES`), so they follow the palette and the contrast.
``NO_COLOR``, ``TERM=dumb`` and ``--ascii`` act on top of any theme: rich drops the colours,
the console the escapes, the streams the characters outside ASCII.

>>> styles(Display())["card.yellow"], styles(Display(contrast="high"))["muted"]
('bold color(136)', 'none')
>>> styles(Display(palette="colour-blind"))["card.red"]
'bold #D55E00'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from rich.theme import Theme

from cardavia_cli.engine.display import Display, current

#: The colour roles a style may name.
ROLES = ("red", "gold", "yellow", "green", "magenta", "cyan")

#: The colours of the roles, by palette and temperature (contrast ``normal``).
COLOURS: Mapping[tuple[str, str], Mapping[str, str]] = {
    ("standard", "neutral"): {
        "red": "red",
        # dark goldenrod: Si Se Pai's yellow, readable on light and dark backgrounds alike
        "gold": "color(136)",
        "yellow": "yellow",
        "green": "green",
        "magenta": "magenta",
        "cyan": "cyan",
    },
    ("standard", "warm"): {
        "red": "color(160)",
        "gold": "color(172)",
        "yellow": "color(178)",
        "green": "color(64)",
        "magenta": "color(168)",
        "cyan": "color(73)",
    },
    ("standard", "cool"): {
        "red": "color(161)",
        "gold": "color(142)",
        "yellow": "color(142)",
        "green": "color(36)",
        "magenta": "color(134)",
        "cyan": "color(38)",
    },
}
#: The strong colours of high contrast, by temperature (palette ``standard``).
STRONG: Mapping[str, Mapping[str, str]] = {
    "neutral": {
        "red": "color(160)",
        "gold": "color(136)",
        "yellow": "color(172)",
        "green": "color(28)",
        "magenta": "color(164)",
        "cyan": "color(31)",
    },
    "warm": {
        "red": "color(160)",
        "gold": "color(130)",
        "yellow": "color(172)",
        "green": "color(64)",
        "magenta": "color(162)",
        "cyan": "color(30)",
    },
    "cool": {
        "red": "color(161)",
        "gold": "color(136)",
        "yellow": "color(142)",
        "green": "color(29)",
        "magenta": "color(127)",
        "cyan": "color(25)",
    },
}
#: The colour-blind palette (Okabe and Ito, "Color Universal Design"), at every temperature
#: and contrast: vermillion, orange, bluish green, reddish purple, sky blue.
OKABE_ITO: Mapping[str, str] = {
    "red": "#D55E00",
    "gold": "#E69F00",
    "yellow": "#E69F00",
    "green": "#009E73",
    "magenta": "#CC79A7",
    "cyan": "#56B4E9",
}

#: The named styles of the views, in colour roles, as contrast ``normal`` draws them.
STYLES: Mapping[str, str] = {
    # text of less weight (a dash for nothing, the points of a card, a note)
    "muted": "dim",
    # Si Se Pai's four colours and the flowers (rules 3): the cards, and the rows of a hand.
    # White cards use the terminal's own colour in bold (ANSI white vanishes on a light
    # background)
    "card.red": "bold red",
    "card.yellow": "bold gold",
    "card.white": "bold",
    "card.green": "bold green",
    "card.flower": "bold magenta",
    "label.red": "red",
    "label.yellow": "gold",
    "label.white": "",
    "label.green": "green",
    "label.flower": "magenta",
    # Guandan's suits and jokers (section 3), and its wild cards (6.2)
    "suit.hearts": "red",
    "suit.diamonds": "red",
    "suit.spades": "",
    "suit.clubs": "",
    "joker.red": "red",
    "joker.black": "",
    "card.wild": "bold",
    # Minchiate's suits (Cups, Coins, Swords, Batons), its trumps and the Matto; a counting
    # card is bold (2.2). Swords use the terminal's own colour in bold (blue reads badly on a
    # dark background)
    "suit.cups": "red",
    "suit.coins": "yellow",
    "suit.swords": "bold",
    "suit.batons": "green",
    "suit.trumps": "magenta",
    "card.matto": "bold cyan",
    "card.counting": "bold",
    # Cuccu's cards have no suit: the high pictures and the Fool stand out, the rest is bold
    "card.picture": "bold magenta",
    "card.fool": "bold cyan",
    "card.plain": "bold",
}
#: Plain style words written in other code, made styles of the theme so that they follow the
#: palette and the contrast.
ALIASES: tuple[str, ...] = (
    "dim",
    "bold",
    "red",
    "green",
    "yellow",
    "magenta",
    "cyan",
    "bold red",
    "bold green",
    "bold magenta",
    "bold cyan",
    "bold reverse green",
)
#: The named styles that high contrast makes bold (cards and the labels of their colours).
_EMPHASISED = ("card.", "label.", "suit.", "joker.")


def colours(display: Display) -> Mapping[str, str]:
    """The colour of each role (:data:`ROLES`) with ``display``."""
    if display.marked:
        return OKABE_ITO
    if display.high_contrast:
        return STRONG[display.temperature]
    return COLOURS[("standard", display.temperature)]


def _style(name: str, spec: str, display: Display, palette: Mapping[str, str]) -> str:
    words = spec.split()
    if display.high_contrast:
        words = [w for w in words if w != "dim"]
        coloured = any(w in ROLES for w in words)
        if (coloured or name.startswith(_EMPHASISED)) and "bold" not in words:
            words.insert(0, "bold")
    return " ".join(palette.get(w, w) for w in words) or "none"


def styles(display: Display | None = None) -> dict[str, str]:
    """Every style of the theme (:data:`STYLES` and :data:`ALIASES`) as rich style text, with
    ``display`` (default: the settings in force)."""
    shown = current() if display is None else display
    palette = colours(shown)
    table = {**STYLES, **{alias: alias for alias in ALIASES}}
    return {name: _style(name, spec, shown, palette) for name, spec in table.items()}


@lru_cache(maxsize=16)
def _theme(display: Display) -> Theme:
    return Theme(styles(display))


def theme(display: Display | None = None) -> Theme:
    """The rich theme of ``display`` (default: the settings in force)."""
    return _theme(current() if display is None else display)


__all__ = [
    "ALIASES",
    "COLOURS",
    "OKABE_ITO",
    "ROLES",
    "STRONG",
    "STYLES",
    "colours",
    "styles",
    "theme",
]
