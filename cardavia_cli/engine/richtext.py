"""Translated templates filled with styled text: the one :func:`fill` of every game's lines.

A player's line is a translated message (``_("{Seat} plays {cards}.")``) whose fields are a
seat's name, a count, and cards that carry their own colours. :func:`fill` reads the
template's rich markup (``[bold]...[/bold]``, written by us, in the catalogs too), puts each
field in its place without ever reading a field as markup (a save's name may hold ``[red]``),
keeps a :class:`~rich.text.Text` field's own styles above the template's, and gives the whole
line a ``style``. :func:`by_seat` is :func:`~cardavia_cli.engine.words.by_seat` as styled
text: one of two whole sentences, said to the viewer or about another seat.

>>> line = fill("[bold]{Seat}[/bold] plays {cards}.", Seat="Seat 1", cards=Text("9H", "red"))
>>> line.plain, line.spans
('Seat 1 plays 9H.', [Span(0, 6, 'bold'), Span(13, 15, 'red')])
>>> fill("{name} left", name="[bold]x[/bold]").plain
'[bold]x[/bold] left'
"""

from __future__ import annotations

from string import Formatter

from rich.control import strip_control_codes
from rich.text import Span, Text

from cardavia_cli.engine.words import capital, seat_label

_FORMATTER = Formatter()
#: The private-use characters that hold the fields' places while the markup is read.
_SLOTS = range(0xE000, 0xF900)


def fill(template: str, *, style: str = "", **fields: object) -> Text:
    """``template`` (a translated message, rich markup allowed) as styled text, each
    ``{name}`` replaced by ``fields[name]`` as :meth:`str.format` would (``{n:>2}`` and
    ``{{`` work): a :class:`~rich.text.Text` keeps its own styles, drawn above the markup
    around it; any other value is plain text, never read as markup. ``style`` is the style
    of the whole line. Fields the template does not name are ignored (a sentence said to the
    viewer names fewer); a field it names and ``fields`` lacks raises ``KeyError``.

    >>> fill("Your card: {card}.", card=Text("7", style="bold")).spans
    [Span(11, 12, 'bold')]
    >>> line = fill("Fola: [dim]{cards}[/dim] ({n:>2})", style="bold", cards="[x]", n=3)
    >>> line.plain, line.style, line.spans
    ('Fola: [x] ( 3)', 'bold', [Span(6, 9, 'dim')])
    >>> fill("[bold]{who}[/bold] leads {card}.", who="You", card=Text("KC", "blue")).spans
    [Span(0, 3, 'bold'), Span(10, 12, 'blue')]
    """
    slots = (chr(code) for code in _SLOTS if chr(code) not in template)
    markup: list[str] = []
    values: dict[str, str | Text] = {}
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        markup.append(literal)
        if name is None:
            continue
        value = _FORMATTER.get_field(name, (), fields)[0]
        if conversion:
            value = _FORMATTER.convert_field(value, conversion)
        if not isinstance(value, Text):
            value = _FORMATTER.format_field(value, spec or "")
        slot = next(slots)
        values[slot] = value
        markup.append(slot)
    read = Text.from_markup("".join(markup), emoji=False)
    # Where each character of ``read`` starts in the line: a slot takes its value's length.
    starts: list[int] = []
    plain: list[str] = []
    own: list[Span] = []
    at = 0
    for char in read.plain:
        starts.append(at)
        value = values.get(char)
        if value is None:
            plain.append(char)
            at += 1
            continue
        # rich drops a few control characters (carriage return, bell) from any text
        text = value.plain if isinstance(value, Text) else strip_control_codes(value)
        if isinstance(value, Text):
            if value.style:
                own.append(Span(at, at + len(text), value.style))
            own.extend(Span(at + s.start, at + s.end, s.style) for s in value.spans)
        plain.append(text)
        at += len(text)
    starts.append(at)
    spans = [Span(starts[s.start], starts[s.end], s.style) for s in read.spans]
    return Text("".join(plain), style=style, spans=[s for s in spans + own if s.end > s.start])


def by_seat(
    seat: int,
    viewer: int,
    mine: str,
    theirs: str,
    *,
    partners: bool = False,
    name: str | None = None,
    style: str = "",
    seat_style: str = "",
    **fields: object,
) -> Text:
    """:func:`fill` of ``mine`` (said to the viewer: ``You pass.``) when ``seat`` is the
    viewer, else of ``theirs`` (``{Seat} passes.``), with the seat's name as ``{seat}`` and,
    capitalised, ``{Seat}``: its label (``seat 1 (right)``, ``seat 2 (partner)`` with
    ``partners``) unless ``name`` gives another (``right``). ``seat_style`` styles the name;
    ``style`` the whole line.

    >>> by_seat(3, 0, "You pass.", "{Seat} passes.", seat_style="bold").spans
    [Span(0, 13, 'bold')]
    >>> by_seat(0, 0, "You pass.", "{Seat} passes.", style="bold").plain
    'You pass.'
    """
    if seat == viewer:
        return fill(mine, style=style, **fields)
    said = seat_label(seat, viewer, partners=partners) if name is None else name
    return fill(
        theirs,
        style=style,
        seat=Text(said, style=seat_style),
        Seat=Text(capital(said), style=seat_style),
        **fields,
    )
