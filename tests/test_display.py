"""Issue: the display settings of the original site (cardavia in Turkish and Arabic).

``cardavia settings`` shows and changes the settings file; the palettes are one rich theme
made from the settings (``repl/theme.py``): the default draws the colours of before, high
contrast has no dim text, the colour-blind palette marks every card of every game with a
symbol of its colour or suit; ``NO_COLOR``, ``--ascii`` and ``TERM=dumb`` act on top; a
language written right to left keeps card codes as left-to-right isolates on a terminal.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pytest
from cli_support import run_cardavia
from rich.text import Text
from views_support import SEEDS, game_views, positions, render, split_words, wrapped_headers

from cardavia_cli.engine import display, i18n
from cardavia_cli.engine.display import Display
from cardavia_cli.engine.preferences import SETTINGS
from cardavia_cli.repl.console import isolated, make_console
from cardavia_cli.repl.output import Note
from cardavia_cli.repl.render import Renderer
from cardavia_cli.repl.theme import ALIASES, STYLES, styles

LRI, PDI = "\u2066", "\u2069"
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

DISPLAYS = [
    Display(contrast, temperature, palette)
    for contrast, temperature, palette in itertools.product(
        ("normal", "high"), ("neutral", "warm", "cool"), ("standard", "colour-blind")
    )
]


@pytest.fixture(autouse=True)
def _default_display():
    """Every test starts and ends with the default display settings."""
    display.reset()
    yield
    display.reset()


def coloured(items: list[object], width: int = 100) -> str:
    """``items`` printed as a 256-colour terminal shows them (escapes kept)."""
    out = io.StringIO()
    console = make_console(file=out, terminal=True, width=width)
    console._color_system = __import__("rich.console").console.ColorSystem.EIGHT_BIT
    Renderer(console).show(items)
    return out.getvalue()


def dim_texts(ansi: str) -> list[str]:
    """The pieces of ``ansi`` (terminal output) drawn dim."""
    found = []
    for line in ansi.splitlines():
        text = Text.from_ansi(line)
        for span in text.spans:
            style = span.style
            if not isinstance(style, str) and style.dim:
                found.append(text.plain[span.start : span.end])
    return found


# -- the theme --------------------------------------------------------------------------------
def test_the_default_theme_draws_the_colours_of_before() -> None:
    """The neutral standard palette at normal contrast is the look of before, style for
    style (the views' literal colours, now named)."""
    before = {
        "card.red": "bold red",
        "card.yellow": "bold color(136)",
        "card.white": "bold",
        "card.green": "bold green",
        "card.flower": "bold magenta",
        "label.red": "red",
        "label.yellow": "color(136)",
        "label.white": "none",
        "label.green": "green",
        "label.flower": "magenta",
        "suit.hearts": "red",
        "suit.diamonds": "red",
        "suit.spades": "none",
        "suit.clubs": "none",
        "joker.red": "red",
        "joker.black": "none",
        "card.wild": "bold",
        "suit.cups": "red",
        "suit.coins": "yellow",
        "suit.swords": "bold",
        "suit.batons": "green",
        "suit.trumps": "magenta",
        "card.matto": "bold cyan",
        "card.counting": "bold",
        "card.picture": "bold magenta",
        "card.fool": "bold cyan",
        "card.plain": "bold",
        "muted": "dim",
    }
    drawn = styles(Display())
    assert {name: drawn[name] for name in STYLES} == before
    assert {alias: drawn[alias] for alias in ALIASES} == {alias: alias for alias in ALIASES}


def test_the_default_look_of_the_cards_is_the_look_of_before() -> None:
    """Every card of Si Se Pai, Guandan (a wild one too) and Minchiate (with its points)
    reaches a 256-colour terminal byte for byte as when the views wrote literal colours."""
    from cardavia_cli.games.guandan.cards import CODES
    from cardavia_cli.games.guandan.view import cards_text as guandan_cards
    from cardavia_cli.games.minchiate.cards import PACK
    from cardavia_cli.games.minchiate.view import cards_text as minchiate_cards
    from cardavia_cli.games.sisepai.cards import NUM_CODES, card_str
    from cardavia_cli.games.sisepai.view import cards_text as sisepai_cards

    def joined(parts: list[Text]) -> Text:
        return Text(" ").join(parts)

    colours = ("bold red", "bold color(136)", "bold", "bold green")
    sisepai_before = joined(
        [
            Text(card_str(c), style="bold magenta" if c == 28 else colours[c // 7])
            for c in range(NUM_CODES)
        ]
    )
    assert coloured([sisepai_cards(range(NUM_CODES))]) == coloured([sisepai_before])

    def guandan_style(i: int, code: str) -> str:
        red = "red" if code == "RJ" or code[-1] in "HD" else ""
        return (red + " bold").strip() if i == 1 else red

    guandan_before = joined(
        [
            Text(code + ("*" if i == 1 else ""), style=guandan_style(i, code))
            for i, code in enumerate(CODES)
        ]
    )
    assert coloured([guandan_cards(range(len(CODES)), 2)]) == coloured([guandan_before])

    suits = {"C": "red", "D": "yellow", "S": "bold", "B": "green", "T": "magenta"}

    def minchiate_before(card: object) -> Text:
        if card.is_matto:  # type: ignore[attr-defined]
            style = "bold cyan"
        else:
            style = suits[card.suit or "T"]  # type: ignore[attr-defined]
            if card.is_counting and style != "bold":  # type: ignore[attr-defined]
                style = f"bold {style}"
        out = Text(str(card), style=style)
        if card.is_counting:  # type: ignore[attr-defined]
            out.append(f"({card.points})", style="dim")  # type: ignore[attr-defined]
        return out

    assert coloured([minchiate_cards(PACK, points=True)]) == coloured(
        [joined([minchiate_before(c) for c in PACK])]
    )


@pytest.mark.parametrize("shown", DISPLAYS, ids=str)
def test_high_contrast_has_no_dim_text_and_colours_in_bold(shown: Display) -> None:
    table = styles(shown)
    if shown.high_contrast:
        assert table["muted"] == "none" and table["dim"] == "none"
        assert all("dim" not in spec.split() for spec in table.values())
        for name in ("card.red", "label.red", "suit.cups", "label.white", "red"):
            assert table[name].split()[0] == "bold", name
    else:
        assert table["muted"] == "dim"


def test_temperatures_and_palettes_differ_from_the_default() -> None:
    neutral = styles(Display())
    for other in (Display(temperature="warm"), Display(temperature="cool")):
        assert styles(other)["card.red"] != neutral["card.red"]
        assert styles(other)["suit.batons"] != neutral["suit.batons"]
    blind = styles(Display(palette="colour-blind"))
    assert (blind["card.red"], blind["card.yellow"], blind["card.green"]) == (
        "bold #D55E00",
        "bold #E69F00",
        "bold #009E73",
    )
    assert blind["label.flower"] == "#CC79A7" and blind["card.fool"] == "bold #56B4E9"


MOMENTS = {game: positions(game, seed) for game, seed in SEEDS.items()}


@pytest.mark.parametrize("palette", ["standard", "colour-blind"])
@pytest.mark.parametrize("game", list(SEEDS))
def test_every_view_of_every_game_renders_in_every_palette_contrast_and_temperature(
    game: str, palette: str
) -> None:
    """Every view at every moment, in each palette × contrast × temperature: it renders, at
    40 columns it splits no word and wraps no header, and in high contrast nothing is dim.
    The palette decides the text (the marks), contrast and temperature only the styles: the
    views are made once per palette and printed in every contrast and temperature, whose
    text must then be the same."""
    display.configure(Display(palette=palette))
    problems = []
    for moment in MOMENTS[game]:
        for name, items in game_views(game, moment.state).items():
            where = f"{palette} {moment.name} {name}"
            problems += [f"{where}: split {w!r}" for w in split_words(items, 40)]
            problems += [f"{where}: wrapped {h!r}" for h in wrapped_headers(items, 40)]
            texts = set()
            for shown in DISPLAYS:
                if shown.palette != palette:
                    continue
                display.configure(shown)
                ansi = coloured(items)
                texts.add(_ESCAPE.sub("", ansi))
                if shown.high_contrast:
                    problems += [f"{shown} {where}: dim {t!r}" for t in dim_texts(ansi)]
            display.configure(Display(palette=palette))
            assert len(texts) == 1 and texts.pop().strip(), where
    assert problems == []


def test_the_default_status_has_dim_text_and_high_contrast_none() -> None:
    """The check above can fail: the default status of a Minchiate deal holds dim text."""
    state = MOMENTS["minchiate"][0].state
    items = game_views("minchiate", state)["status"]
    assert dim_texts(coloured(items)) != []
    display.configure(Display(contrast="high"))
    assert dim_texts(coloured(game_views("minchiate", state)["status"])) == []


# -- the marks of the colour-blind palette ------------------------------------------------------
def _sisepai_cards() -> dict[str, str]:
    from cardavia_cli.games.sisepai.cards import NUM_CODES, card_str
    from cardavia_cli.games.sisepai.view import card_text

    return {card_str(c): card_text(c).plain for c in range(NUM_CODES)}


def _guandan_cards() -> dict[str, str]:
    from cardavia_cli.games.guandan.cards import CODES
    from cardavia_cli.games.guandan.view import card_text

    # at "level" 0 no card is wild; the wild 2H of level 2 is checked below
    return {code: card_text(i, 0).plain for i, code in enumerate(CODES)}


def _minchiate_cards() -> dict[str, str]:
    from cardavia_cli.games.minchiate.cards import PACK
    from cardavia_cli.games.minchiate.view import card_text

    return {str(card): card_text(card).plain for card in PACK}


MARKED_GAMES = {
    "sisepai": _sisepai_cards,
    "guandan": _guandan_cards,
    "minchiate": _minchiate_cards,
}
#: The mark of each card's colour or suit, by the letter (or code) that names it.
SISEPAI_MARKS = {"r": "◆", "y": "●", "w": "○", "g": "▲", "F": "✿"}
GUANDAN_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "BJ": "☆", "RJ": "★"}
MINCHIATE_MARKS = {"C": "♥", "D": "♦", "S": "♠", "B": "♣", "T": "★", "M": "☆"}


def _expected_mark(game: str, code: str, ascii_only: bool = False) -> str:
    if game == "sisepai":
        marks, key = SISEPAI_MARKS, code[0]
    elif game == "guandan":
        marks, key = GUANDAN_MARKS, code if code in ("BJ", "RJ") else code[-1]
    else:
        marks, key = MINCHIATE_MARKS, "T" if re.fullmatch(r"T\d+", code) else code[-1]
    symbol = marks[key]
    if not ascii_only:
        return symbol
    return {
        "sisepai": dict(zip("◆●○▲✿", "*+o#%", strict=True)),
        "guandan": dict(zip("♠♥♦♣☆★", "^<+%&@", strict=True)),
        "minchiate": dict(zip("♥♦♠♣★☆", "<+^%#@", strict=True)),
    }[game][symbol]


@pytest.mark.parametrize("game", list(MARKED_GAMES))
def test_the_standard_palette_shows_every_card_as_its_code(game: str) -> None:
    cards = MARKED_GAMES[game]()
    assert cards == {code: code for code in cards}


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
@pytest.mark.parametrize("game", list(MARKED_GAMES))
def test_the_colour_blind_palette_marks_every_card_of_the_pack(
    game: str, ascii_only: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if ascii_only:
        monkeypatch.setenv("CARDAVIA_ASCII", "1")
    display.configure(Display(palette="colour-blind"))
    cards = MARKED_GAMES[game]()
    assert cards == {code: code + _expected_mark(game, code, ascii_only) for code in cards}
    marks = {shown.removeprefix(code) for code, shown in cards.items()}
    # one mark per colour or suit, each a single character, none the same
    wanted = {"sisepai": 5, "guandan": 6, "minchiate": 6}[game]
    assert len(marks) == wanted and all(len(m) == 1 for m in marks)
    assert all(m.isascii() for m in marks) == ascii_only


def test_marks_keep_the_wild_mark_and_the_points_apart() -> None:
    from cardavia_cli.games.guandan.view import card_text as guandan_card
    from cardavia_cli.games.minchiate.cards import parse_card as minchiate_parse
    from cardavia_cli.games.minchiate.view import card_text as minchiate_card

    display.configure(Display(palette="colour-blind"))
    assert guandan_card(1, 2).plain == "2H♥*"  # the wild heart of level 2 (6.2)
    assert minchiate_card(minchiate_parse("T36"), points=True).plain == "T36(10)★"
    assert minchiate_card(minchiate_parse("KC"), points=True).plain == "KC(5)♥"


def test_cuccu_cards_have_no_suit_and_no_mark() -> None:
    """Cuccu's cards are named in words and have no colour: the colour-blind palette changes
    nothing in them."""
    from cardavia_cli.games.cucu.cards import PACK
    from cardavia_cli.games.cucu.view import card_style, card_text

    before = [(card_text(n).plain, card_text(n, with_value=True).plain) for n in PACK]
    styles_before = [card_style(n) for n in PACK]
    display.configure(Display(palette="colour-blind"))
    assert [(card_text(n).plain, card_text(n, with_value=True).plain) for n in PACK] == before
    assert [card_style(n) for n in PACK] == styles_before
    state = MOMENTS["cucu"][0].state
    display.reset()
    plain = {k: render(v, 100) for k, v in game_views("cucu", state).items()}
    display.configure(Display(palette="colour-blind"))
    assert {k: render(v, 100) for k, v in game_views("cucu", state).items()} == plain


# -- NO_COLOR, --ascii and TERM=dumb on top of the colour-blind palette -------------------------
def _red_king(monkeypatch: pytest.MonkeyPatch) -> str:
    from cardavia_cli.games.sisepai.view import card_text

    display.configure(Display(palette="colour-blind"))
    out = io.StringIO()
    make_console(file=out, terminal=True).print(card_text(0))
    return out.getvalue()


def test_colour_blind_colours_reach_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("COLORTERM", raising=False)
    # vermillion (#D55E00) on a 256-colour terminal
    assert _red_king(monkeypatch) == "\x1b[1;38;5;166mrK◆\x1b[0m\n"


def test_no_color_keeps_the_marks_without_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "1")
    assert _red_king(monkeypatch) == "\x1b[1mrK◆\x1b[0m\n"


def test_dumb_terminal_keeps_the_marks_without_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert _red_king(monkeypatch) == "rK◆\n"


def test_ascii_marks_are_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("CARDAVIA_ASCII", "1")
    assert _red_king(monkeypatch) == "rK*\n"


def test_a_stream_that_is_not_unicode_writes_the_marks_in_ascii() -> None:
    from cardavia_cli.repl.console import to_ascii

    assert to_ascii("rK◆ yK● wK○ gK▲ F✿") == "rK* yK+ wKo gK# F%"


def test_the_palette_set_with_the_command_reaches_the_game(home: Path) -> None:
    plain = run_cardavia("sisepai", "play", "--seed", "3", stdin="hand\n", home=home)
    assert plain.returncode == 0 and "rK◆" not in plain.stdout and " rK " in plain.stdout
    assert run_cardavia("settings", "palette", "colour-blind", home=home).returncode == 0
    marked = run_cardavia("sisepai", "play", "--seed", "3", stdin="hand\n", home=home)
    assert marked.returncode == 0, marked.stderr
    assert "rK◆" in marked.stdout and "F✿" in marked.stdout
    ascii_run = run_cardavia("--ascii", "sisepai", "play", "--seed", "3", stdin="hand\n", home=home)
    assert ascii_run.stdout.isascii() and "rK*" in ascii_run.stdout and "F%" in ascii_run.stdout
    env = {"NO_COLOR": "1", "TERM": "dumb"}
    done = run_cardavia("sisepai", "play", "--seed", "3", stdin="hand\n", home=home, env=env)
    assert "rK◆" in done.stdout


# -- right to left ----------------------------------------------------------------------------
def _arabic_line() -> list[object]:
    from cardavia_cli.games.guandan.view import cards_text

    line = Text("تلعب ")
    line.append_text(cards_text([28, 29], 0))  # 9S 9H
    line.append(" ثم 10 نقاط")
    return [line, Note("0 play 9S 9H")]


def test_an_arabic_line_keeps_each_card_code_inside_an_isolate_on_a_terminal() -> None:
    i18n.set_language("ar")
    shown = coloured(_arabic_line())
    first, second = shown.splitlines()
    plain = _ESCAPE.sub("", first).rstrip()
    assert plain == f"تلعب {LRI}9S 9H{PDI} ثم {LRI}10{PDI} نقاط"
    # the codes intact inside one isolate across their colours, the escapes at its edges outside
    assert f"{LRI}9S \x1b[31m9H{PDI}\x1b[0m" in first
    assert second.rstrip() == "0 play 9S 9H"  # a line without Arabic letters is as it was


def test_nothing_is_isolated_in_english_and_turkish_or_off_a_terminal() -> None:
    for lang in ("en", "tr"):
        i18n.set_language(lang)
        shown = coloured(_arabic_line())
        assert LRI not in shown and PDI not in shown
        assert _ESCAPE.sub("", shown).splitlines()[0].rstrip() == "تلعب 9S 9H ثم 10 نقاط"
    i18n.set_language("ar")
    out = io.StringIO()
    Renderer(make_console(file=out, terminal=False)).show(_arabic_line())
    assert out.getvalue() == "تلعب 9S 9H ثم 10 نقاط\n0 play 9S 9H\n"


def test_the_prompt_and_toolbar_text_are_isolated_in_arabic() -> None:
    assert isolated("دورك (9S 9H) > ") == "دورك (9S 9H) > "
    i18n.set_language("ar")
    assert isolated("دورك (9S 9H) > ") == f"دورك {LRI}(9S 9H){PDI} > "
    assert isolated("hand 9S") == "hand 9S"


def test_with_bidi_off_an_arabic_line_on_a_terminal_has_no_isolate() -> None:
    """A terminal or multiplexer without bidirectional text (tmux) shows the isolates as
    glyphs: ``bidi = "off"`` writes the lines in logical order without them."""
    i18n.set_language("ar")
    display.configure(Display(bidi="off"))
    shown = coloured(_arabic_line())
    assert LRI not in shown and PDI not in shown
    assert _ESCAPE.sub("", shown).splitlines()[0].rstrip() == "تلعب 9S 9H ثم 10 نقاط"
    assert isolated("دورك (9S 9H) > ") == "دورك (9S 9H) > "
    display.configure(Display(bidi="isolate"))
    assert LRI in coloured(_arabic_line())


def test_bidi_off_in_the_settings_file_leaves_the_isolates_out_of_a_terminal(
    home: Path, monkeypatch
) -> None:
    from cardavia_cli.commands.common import error_line

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    said = "cardavia: خطأ: '0=7': أُعطي المقعد 0 ورقتين\n"
    i18n.set_language("ar")
    monkeypatch.setenv("CARDAVIA_HOME", str(home))
    display.forget()
    default = Terminal()
    monkeypatch.setattr("sys.stderr", default)
    error_line("'0=7': أُعطي المقعد 0 ورقتين")
    assert default.getvalue().replace(LRI, "").replace(PDI, "") == said
    assert LRI in default.getvalue()
    done = _settings(home, "bidi", "off")
    assert (done.returncode, done.stdout) == (0, "bidi is now off.\n")
    assert (home / "settings.toml").read_text() == 'bidi = "off"\n'
    display.forget()
    i18n.set_language("ar")  # (the command spoke the test's English)
    off = Terminal()
    monkeypatch.setattr("sys.stderr", off)
    error_line("'0=7': أُعطي المقعد 0 ورقتين")
    assert off.getvalue() == said


def test_the_bidi_setting_is_said_in_turkish_and_arabic(home: Path) -> None:
    tr = _settings(home, "bidi", env={"CARDAVIA_LANG": "tr"}).stdout
    assert "bidi  isolate  isolate, off    off: sağdan sola satırlar yalıtım" in tr
    ar = _settings(home, "bidi", env={"CARDAVIA_LANG": "ar"}).stdout
    assert "bidi     isolate  isolate, off   off: تُكتب الأسطر من اليمين إلى اليسار بلا" in ar


def test_ascii_output_in_arabic_has_no_isolates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_ASCII", "1")
    i18n.set_language("ar")
    shown = coloured(_arabic_line())
    assert shown.isascii() and "\\u2066" not in shown and "9S" in shown


# -- cardavia settings ------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def _settings(home: Path, *args: str, **kw: object):
    return run_cardavia("settings", *args, home=home, **kw)  # type: ignore[arg-type]


def _values(home: Path) -> dict[str, str]:
    done = _settings(home, "--json")
    assert done.returncode == 0, done.stderr
    return {s["key"]: s["value"] for s in json.loads(done.stdout)["settings"]}


def test_the_settings_help_marked_for_the_catalogs_is_the_settings_help() -> None:
    from cardavia_cli.commands.settings import HELP

    assert {s.key: s.help for s in SETTINGS} == dict(HELP)


def test_settings_shows_every_setting_its_value_its_values_and_what_it_does(home: Path) -> None:
    done = _settings(home)
    assert (done.returncode, done.stderr) == (0, "")
    lines = [" ".join(ln.split()) for ln in done.stdout.splitlines()]
    assert lines[0] == "setting value values what it does"
    rows = {ln.split()[0]: ln for ln in lines[1:9] if ln}
    assert rows["language"].startswith("language auto auto, en, tr, ar the language")
    assert rows["contrast"].startswith("contrast normal normal, high high: bold")
    assert rows["temperature"].startswith("temperature neutral neutral, warm, cool the")
    assert rows["palette"].startswith("palette standard standard, colour-blind colour-blind:")
    text = " ".join(done.stdout.split())
    assert f"Kept in {home / 'settings.toml'}." in text
    assert (
        "Grain, the third display setting of the site these games come from, has no "
        "meaning on a terminal: it is no setting here." in text
    )


def test_settings_json(home: Path) -> None:
    done = _settings(home, "--json")
    assert json.loads(done.stdout) == {
        "file": str(home / "settings.toml"),
        "settings": [
            {
                "key": s.key,
                "value": s.default,
                "default": s.default,
                "values": list(s.values),
                "help": s.help,
            }
            for s in SETTINGS
        ],
    }
    for lang in ("tr", "ar"):
        assert _settings(home, "--json", env={"CARDAVIA_LANG": lang}).stdout == done.stdout


def test_settings_set_show_and_reset(home: Path) -> None:
    path = home / "settings.toml"
    done = _settings(home, "palette", "colour-blind")
    assert (done.returncode, done.stdout, done.stderr) == (0, "palette is now colour-blind.\n", "")
    assert path.read_text() == 'palette = "colour-blind"\n'
    done = _settings(home, "contrast", "high")
    assert done.stdout == "contrast is now high.\n"
    done = _settings(home, "contrast", "normal")
    assert done.stdout == "contrast is now normal (it was high).\n"
    assert path.read_text() == 'palette = "colour-blind"\n'  # a default is not kept
    assert _values(home) == {
        "language": "auto",
        "contrast": "normal",
        "temperature": "neutral",
        "palette": "colour-blind",
        "bidi": "isolate",
    }
    one = _settings(home, "palette")
    assert [" ".join(ln.split()) for ln in one.stdout.splitlines()][1].startswith(
        "palette colour-blind standard, colour-blind"
    )
    done = _settings(home, "palette", "--reset")
    assert done.stdout == "palette is back to its default, standard.\n"
    assert path.read_text() == ""
    _settings(home, "temperature", "warm")
    done = _settings(home, "--reset")
    assert (done.returncode, done.stdout) == (0, "Every setting is back to its default.\n")
    assert _values(home)["temperature"] == "neutral"


def test_regression_setting_a_value_keeps_the_files_comments_and_order(home: Path) -> None:
    """A set rewrites only its key's line (or adds one at the end); a default or --reset
    takes the line out: the player's comments and blank lines stay (they were lost)."""
    path = home / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('# mine\nlanguage = "en"\n\n# colours\npalette = "colour-blind"')
    assert _settings(home, "palette", "standard").returncode == 0  # the default: line out
    assert path.read_text() == '# mine\nlanguage = "en"\n\n# colours\n'
    assert _settings(home, "contrast", "high").returncode == 0
    assert _settings(home, "language", "tr").returncode == 0
    assert path.read_text() == '# mine\nlanguage = "tr"\n\n# colours\ncontrast = "high"\n'
    assert _settings(home, "contrast", "--reset").returncode == 0
    assert path.read_text() == '# mine\nlanguage = "tr"\n\n# colours\n'
    # a comment on the key's own line stays with it
    path.write_text('temperature = "cool"  # evenings\n')
    assert _settings(home, "temperature", "warm").returncode == 0
    assert path.read_text() == 'temperature = "warm"  # evenings\n'


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("colour", "red"),
            "unknown setting 'colour': the settings are language, contrast, temperature, "
            "palette, bidi",
        ),
        (("contrast", "ultra"), "'ultra' is not a value of contrast: its values are normal, high"),
        (("language", "de"), "'de' is not a value of language: its values are auto, en, tr, ar"),
        (
            ("grain", "fine"),
            "grain, the third display setting of the site these games come from, has no "
            "meaning on a terminal: it is no setting here (the settings are language, "
            "contrast, temperature, palette, bidi)",
        ),
        (("contrast", "high", "--reset"), "--reset takes the name of a setting, not a value"),
    ],
)
def test_a_bad_key_or_value_is_one_line_and_exit_2(
    home: Path, args: tuple[str, ...], message: str
) -> None:
    done = _settings(home, *args)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"cardavia: error: {message}\n")
    assert not (home / "settings.toml").exists()


def test_a_settings_file_that_is_not_toml_is_named_and_mended_by_reset(home: Path) -> None:
    home.mkdir()
    path = home / "settings.toml"
    path.write_text("contrast = \n")
    done = _settings(home)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"cardavia: error: {path}: is not TOML (")
    assert done.stderr.endswith("(cardavia settings --reset writes the defaults)\n")
    # setting one key would lose what the file holds: refused, the file untouched
    assert _settings(home, "palette", "colour-blind").returncode == 2
    assert path.read_text() == "contrast = \n"
    # another command is not locked out (the language comes from CARDAVIA_LANG here): its
    # display is the default one
    other = run_cardavia("sisepai", "rules", "1", home=home)
    assert (other.returncode, other.stderr) == (0, "") and other.stdout
    assert _settings(home, "--reset").returncode == 0
    assert _settings(home).returncode == 0 and path.read_text() == ""


def test_regression_settings_reset_names_settings_toml_when_it_is_a_folder(home: Path) -> None:
    """``settings --reset`` named its temporary file (``.settings.toml.XXXXXXXX.tmp``) when
    ``settings.toml`` was a folder; every settings command now names the real path and says
    what mends it (moving the folder: --reset cannot, and cardavia removes no folder)."""
    path = home / "settings.toml"
    path.mkdir(parents=True)
    refused = (
        f"cardavia: error: {path}: is a folder, not a settings file: move it out of the way, "
        "and cardavia settings can write the file (cardavia removes no folder)\n"
    )
    for args in ((), ("--reset",), ("palette", "colour-blind"), ("palette", "--reset")):
        done = _settings(home, *args)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", refused), args
    assert path.is_dir() and list(home.iterdir()) == [path]
    other = run_cardavia("sisepai", "rules", "1", home=home, env={"CARDAVIA_LANG": ""})
    assert other.returncode == 0 and other.stdout
    assert other.stderr == (
        f"cardavia: warning: {path}: is a folder, not a settings file; the defaults are used "
        "(move it out of the way: cardavia removes no folder)\n"
    )


@pytest.mark.parametrize("typed", ["color-blind", "Color-Blind", " COLOR-BLIND "])
def test_regression_the_us_spelling_color_blind_is_the_colour_blind_palette(
    home: Path, typed: str
) -> None:
    """``color-blind`` was refused where ``colour-blind`` was accepted; it is read as the
    project's spelling everywhere the palette is read (the command, the settings file) and
    shown and written as ``colour-blind``."""
    path = home / "settings.toml"
    done = _settings(home, "palette", typed)
    assert (done.returncode, done.stdout, done.stderr) == (0, "palette is now colour-blind.\n", "")
    assert path.read_text() == 'palette = "colour-blind"\n'
    path.write_text(f'palette = "{typed}"\n')  # written by hand in the settings file
    assert _values(home)["palette"] == "colour-blind"
    shown = _settings(home, "palette")
    assert shown.returncode == 0 and shown.stdout.splitlines()[1].split()[:2] == [
        "palette",
        "colour-blind",
    ]
    marked = run_cardavia("sisepai", "play", "--seed", "3", stdin="hand\n", home=home)
    assert (marked.returncode, marked.stderr) == (0, "") and "rK◆" in marked.stdout
    assert _settings(home, "palette", "colorblind").stderr == (
        "cardavia: error: 'colorblind' is not a value of palette: its values are standard, "
        "colour-blind\n"
    )


def test_a_bad_value_in_the_file_is_taken_out_by_its_key_reset(home: Path) -> None:
    home.mkdir()
    path = home / "settings.toml"
    path.write_text('palette = "colour-blind"\ncontrast = "ultra"\n')
    done = _settings(home)
    assert (done.returncode, done.stderr) == (
        2,
        f"cardavia: error: {path}:2: contrast = 'ultra' is not one of normal, high (cardavia "
        "settings contrast --reset takes it out, cardavia settings --reset writes the "
        "defaults)\n",
    )
    marked = run_cardavia("sisepai", "play", "--seed", "3", stdin="hand\n", home=home)
    assert (marked.returncode, marked.stderr) == (0, "")
    assert "rK◆" in marked.stdout  # the bad entry is passed over, the good palette is used
    assert _settings(home, "contrast", "--reset").stdout == (
        "contrast is back to its default, normal.\n"
    )
    assert path.read_text() == 'palette = "colour-blind"\n'
    marked = run_cardavia("sisepai", "play", "--seed", "3", stdin="hand\n", home=home)
    assert "rK◆" in marked.stdout
    path.write_text('grain = "fine"\n')
    assert _settings(home, "grain", "--reset").stdout == (
        "grain is taken out of the settings file.\n"
    )
    assert path.read_text() == ""
    path.write_text('contrast = "ultra"\n')
    assert _settings(home, "contrast", "high").stdout == "contrast is now high (it was ultra).\n"
    assert path.read_text() == 'contrast = "high"\n'


def test_the_settings_help_says_that_grain_has_no_meaning_on_a_terminal(home: Path) -> None:
    done = _settings(home, "--help")
    text = " ".join(done.stdout.split())
    assert done.returncode == 0
    assert (
        "Grain, the third display setting of the site these games come from, has no "
        "meaning on a terminal: it is no setting here." in text
    )
    assert "NO_COLOR, --ascii and TERM=dumb apply on top of every setting." in text


def test_settings_speaks_the_language_of_the_player(home: Path) -> None:
    """The command's words are in the player's language; the keys and values, typed words,
    are not translated."""
    done = _settings(home, "palette", "colour-blind", env={"CARDAVIA_LANG": "tr"})
    assert (done.returncode, done.stdout) == (0, "palette ayarı artık colour-blind.\n")
    bad = _settings(home, "palette", "blue", env={"CARDAVIA_LANG": "tr"})
    assert bad.stderr == (
        "cardavia: hata: 'blue', palette için geçerli bir değer değil; değerleri: standard, "
        "colour-blind\n"
    )
    shown = _settings(home, env={"CARDAVIA_LANG": "ar"})
    assert shown.returncode == 0
    assert shown.stdout.splitlines()[0].split() == [
        "الإعداد",
        "القيمة",
        "القيم",
        "المتاحة",
        "وظيفته",
    ]
    assert "palette" in shown.stdout and "colour-blind" in shown.stdout


def test_regression_two_bad_entries_are_mended_one_key_at_a_time(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text('foo = "bar"\npalette = "pink"\n', "utf-8")
    done = _settings(home, "foo", "--reset")
    assert done.returncode == 0
    assert (home / "settings.toml").read_text() == 'palette = "pink"\n'
    done = _settings(home, "palette", "--reset")
    assert done.returncode == 0
    assert (home / "settings.toml").read_text() == ""


def test_regression_a_bad_display_value_does_not_stop_a_game(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text('palette = "pink"\n', "utf-8")
    no_language = {"CARDAVIA_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}
    done = run_cardavia("sisepai", "check", "rK", home=home, env=no_language)
    assert done.returncode == 2  # one card is no hand: the check's own refusal, after the warning
    assert done.stderr.splitlines() == [
        f"cardavia: warning: {home / 'settings.toml'}:1: palette = 'pink' is not one of standard, "
        "colour-blind; the other settings are used (cardavia settings says how to mend it)",
        "cardavia: error: a hand has 21 cards (20 to ask for waits), not 1",
    ]


def test_regression_a_value_in_capitals_is_the_value(home: Path) -> None:
    assert _settings(home, "language", "TR").returncode == 0
    assert (home / "settings.toml").read_text() == 'language = "tr"\n'


def test_regression_turkish_letters_under_ascii_are_letters() -> None:
    from cardavia_cli.repl.console import to_ascii

    assert to_ascii("kırmızı karşı yardım İpucu") == "kirmizi karsi yardim Ipucu"


def test_every_bad_entry_of_the_settings_file_is_named_with_its_line(home: Path) -> None:
    """A newcomer's finding: only the first bad key was named, and no line. Each one is named
    now, at its line (quoted keys and tables too), with the reset of each."""
    home.mkdir()
    path = home / "settings.toml"
    path.write_text('language = "en"\n\n"palette" = "pink"\n[width]\nx = 1\n')
    done = _settings(home)
    assert (done.returncode, done.stderr) == (
        2,
        f"cardavia: error: {path}:3: palette = 'pink' is not one of standard, colour-blind; "
        f"{path}:4: unknown setting 'width': the settings are language, contrast, temperature, "
        "palette, bidi (cardavia settings KEY --reset takes one out, for each of palette, "
        "width; cardavia settings --reset writes the defaults)\n",
    )
    assert path.read_text().startswith('language = "en"')  # left as it was


def test_regression_a_reset_among_bad_entries_keeps_the_comments_and_names_lines(
    home: Path,
) -> None:
    """A newcomer's finding: ``settings grain --reset`` in a file with other bad entries
    rewrote it without its comments, and the warning of what was left had no lines."""
    home.mkdir()
    path = home / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('# mine\nlanguage = "fr"\n# the palette\npalette = "colour-blind"\ngrain = 1\n')
    done = _settings(home, "grain", "--reset")
    assert done.returncode == 0
    assert path.read_text() == '# mine\nlanguage = "fr"\n# the palette\npalette = "colour-blind"\n'
    assert done.stderr == (
        f"cardavia: warning: {path}:2: language = 'fr' is not one of auto, en, tr, ar (cardavia "
        "settings language --reset takes it out, cardavia settings --reset writes the "
        "defaults)\n"
    )


def test_regression_a_bad_entry_leaves_the_good_ones_in_use(home: Path) -> None:
    """The second newcomer's finding: one bad entry made every setting its default (the
    good palette and language were thrown out with it). The good ones are used now."""
    home.mkdir()
    path = home / "settings.toml"
    path.write_text('language = "tr"\ncontrast = "loud"\npalette = "colour-blind"\n')
    no_language = {"CARDAVIA_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}
    done = run_cardavia(
        "sisepai", "play", "--seed", "3", stdin="hand\n", home=home, env=no_language
    )
    assert done.returncode == 0
    assert "rK◆" in done.stdout  # the palette
    assert "Elin" in done.stdout or "elin" in done.stdout  # Turkish
    assert done.stderr.startswith(f"cardavia: uyarı: {path}:2: contrast = 'loud'")
