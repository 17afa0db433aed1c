"""The one fill of every game's translated lines (engine/richtext.py), and its by_seat."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.style import Style
from rich.text import Span, Text

from cardavia_cli.engine import i18n
from cardavia_cli.engine.richtext import by_seat, fill

#: Templates as the catalogs write them: markup around, beside and between the fields.
TEMPLATES = (
    "{x}",
    "[bold]{x}[/bold]",
    "{x} [dim](x)[/dim].",
    "[bold]You[/bold] draw {x}",
    "Fola: [dim]{x}[/dim] ({y})",
    "[bold]{y}[/bold] leads {x}; {y} again",
    "{{{x}}} [italic]{y} [bold]{x}[/bold][/italic]",
)
#: Any text, markup-like text and the characters fill itself holds places with included.
FIELD_TEXT = st.text() | st.sampled_from(
    ["[bold]x[/bold]", "[/]", "[red]", "\\[dim]", "{y}", ":smile:", "\ue000", "\ue001[", "]"]
)


def plain_of(template: str, **fields: str) -> str:
    """What the template says as plain text: its markup tags dropped, the fields in place
    (less the control characters rich drops from any text: carriage return, bell, ...)."""
    return Text(Text.from_markup(template, emoji=False).plain.format(**fields)).plain


def style_at(text: Text, at: int) -> Style:
    """The style of character ``at`` of ``text`` as rich draws it (later spans above)."""
    style = Style.parse(text.style) if text.style else Style()
    for span in text.spans:
        if span.start <= at < span.end:
            style += Style.parse(str(span.style))
    return style


@given(st.sampled_from(TEMPLATES), FIELD_TEXT, FIELD_TEXT)
def test_any_field_text_comes_out_literally(template: str, x: str, y: str) -> None:
    assert fill(template, x=x, y=y).plain == plain_of(template, x=x, y=y)


@given(st.sampled_from(TEMPLATES), FIELD_TEXT, FIELD_TEXT)
def test_a_text_field_comes_out_literally_with_its_own_styles(
    template: str, x: str, y: str
) -> None:
    x = Text(x).plain
    card = Text(x, style="red")
    card.stylize("underline", 0, len(x) // 2)
    line = fill(template, style="italic", x=card, y=y)
    assert line.plain == plain_of(template, x=x, y=y)
    assert line.style == "italic"
    start = len(plain_of(template[: template.index("{x}")], y=y))
    for i in range(len(x)):
        assert style_at(line, start + i).color is not None
        assert style_at(line, start + i).color.name == "red"  # type: ignore[union-attr]
        assert bool(style_at(line, start + i).underline) == (i < len(x) // 2)


def test_markup_is_read_and_styles_the_fields_it_holds() -> None:
    line = fill("[bold]{Seat}[/bold] plays {cards} [dim](x)[/dim].", Seat="Seat 1", cards="9H")
    assert line.plain == "Seat 1 plays 9H (x)."
    assert line.spans == [Span(0, 6, "bold"), Span(16, 19, "dim")]


def test_a_text_field_inside_markup_keeps_its_style_above_the_markup() -> None:
    line = fill("Table: [bold]{cards}[/bold]!", cards=Text("9H", style="red"))
    assert line.plain == "Table: 9H!"
    assert line.spans == [Span(7, 9, "bold"), Span(7, 9, "red")]
    assert style_at(line, 7) == Style(bold=True, color="red")


def test_a_markup_span_across_a_field_stays_one_span() -> None:
    """One span per tag, as a template with the field written in would give (no extra
    escape codes between the pieces)."""
    assert fill("[dim]a {x} b[/dim]", x="xyz").spans == [Span(0, 7, "dim")]


def test_format_specs_conversions_and_braces_as_str_format() -> None:
    assert fill("{n:>3}|{s!r}|{{x}}", n=7, s="a").plain == "  7|'a'|{x}"


def test_fields_the_template_does_not_name_are_ignored_and_missing_ones_raise() -> None:
    assert fill("You pass.", Seat="Seat 1", cards=Text("9H")).plain == "You pass."
    with pytest.raises(KeyError):
        fill("{Seat} passes.")


def test_a_template_holding_the_place_characters_keeps_them() -> None:
    assert fill("\ue000 {x} \ue001", x="a").plain == "\ue000 a \ue001"


def test_by_seat_chooses_the_sentence_and_styles_the_seat() -> None:
    mine, theirs = "[bold]You[/bold] pass", "{Seat} passes, {seat}"
    assert by_seat(0, 0, mine, theirs).plain == "You pass"
    line = by_seat(2, 0, mine, theirs, seat_style="bold", style="dim")
    assert line.plain == "Seat 2 (across) passes, seat 2 (across)"
    assert line.style == "dim"
    assert line.spans == [Span(0, 15, "bold"), Span(24, 39, "bold")]
    assert by_seat(2, 0, mine, theirs, partners=True).plain == (
        "Seat 2 (partner) passes, seat 2 (partner)"
    )
    assert by_seat(1, 0, "you led {card}", "{seat} led {card}", name="right", card="9H").plain == (
        "right led 9H"
    )


def test_by_seat_in_turkish_capitalises_the_dotted_i() -> None:
    i18n.set_language("tr")
    assert by_seat(1, 0, "", "{Seat}", name="ileri").plain == "İleri"


def test_control_characters_rich_drops_shift_no_style() -> None:
    line = fill("[bold]{y}[/bold] {x}", y="a\rb", x=Text("9H", "red"))
    assert (line.plain, line.spans) == ("ab 9H", [Span(0, 2, "bold"), Span(3, 5, "red")])
