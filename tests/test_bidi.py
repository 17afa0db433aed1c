"""Left-to-right runs in a right-to-left line (engine/i18n.py isolate_ltr)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from cardavia_cli.engine.i18n import LRI, PDI, isolate_ltr
from cardavia_cli.games import GAMES, load_game

_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ARABIC_WORDS = ["لعب", "المقعد", "ثم", "أوراق", "(القواعد", "المقابل)", "أنت", "يدك"]
SIGNS = ["(", ")", "[", "]", "+", "-", "%", ":", ".", "'", "/", "*", "=", ">"]
SEPARATORS = [" ", "، ", " (", ") ", ": ", ". ", "؛ ", " - ", "  "]
COLOURS = ["", "\x1b[31m", "\x1b[1;34m", "\x1b[0m"]
PACK = sorted({code for game in GAMES for code in load_game(game).pack})


def isolates(shown: str) -> list[tuple[int, int]]:
    """The isolates of ``shown`` as ``[start, end)`` in the text without the isolate marks;
    asserts that they are never nested and always closed."""
    found: list[tuple[int, int]] = []
    at, start = 0, None
    for ch in shown:
        if ch == LRI:
            assert start is None, "nested isolate"
            start = at
        elif ch == PDI:
            assert start is not None, "a close without an open"
            found.append((start, at))
            start = None
        else:
            at += 1
    assert start is None, "an isolate left open"
    return found


def check(text: str) -> list[tuple[int, int]]:
    """The properties of every isolated line: the text itself unchanged, each isolate a
    left-to-right run (ASCII or Latin letters with accents, a Latin letter or digit in it, no
    space at its edges)."""
    shown = isolate_ltr(text, rtl=True)
    assert shown.replace(LRI, "").replace(PDI, "") == text
    found = isolates(shown)
    for start, end in found:
        run = _ESCAPE.sub("", text[start:end])
        assert all(c.isascii() or "\u00c0" <= c <= "\u024f" for c in run), run
        assert re.search(r"[A-Za-z0-9\u00c0-\u024f]", run), run
        assert run == run.strip(" "), run
    return found


def test_regression_a_latin_word_with_an_accent_is_one_run() -> None:
    """``Cucù`` was cut at its ``ù``."""
    assert isolate_ltr("بطاقة Cucù الآن", rtl=True) == f"بطاقة {LRI}Cucù{PDI} الآن"


def test_you_and_your_seat_are_one_isolate() -> None:
    """Regression: ``you (seat 0)`` was two isolates, split at the bracket."""
    shown = isolate_ltr("لعبت you (seat 0) الآن", rtl=True)
    assert shown == f"لعبت {LRI}you (seat 0){PDI} الآن"


def test_signs_around_a_run_are_in_it() -> None:
    for run in ("+12", "[1]", "50%", "9H 9D", "T36(10)", "'0=7':", "9H - 9D", "wP."):
        assert isolate_ltr(f"خذ {run} الآن", rtl=True) == f"خذ {LRI}{run}{PDI} الآن"


def test_a_bracket_paired_outside_the_run_stays_outside() -> None:
    """Regression: ``(القواعد 9.3).`` isolated ``9.3).``, so the line showed two closing
    brackets."""
    shown = isolate_ltr("ليست في يدك (القواعد 9.3).", rtl=True)
    assert shown == f"ليست في يدك (القواعد {LRI}9.3{PDI})."
    assert isolate_ltr("[9H الآن]", rtl=True) == f"[{LRI}9H{PDI} الآن]"


def test_arabic_letters_and_the_arabic_comma_are_never_in_a_run() -> None:
    shown = isolate_ltr("9H،9D، أنت", rtl=True)
    assert shown == f"{LRI}9H{PDI}،{LRI}9D{PDI}، أنت"


def test_a_run_spans_its_colours_and_leaves_the_edges_outside() -> None:
    text = "لعب \x1b[31m9H\x1b[0m \x1b[34m9D\x1b[0m الآن"
    shown = f"لعب \x1b[31m{LRI}9H\x1b[0m \x1b[34m9D{PDI}\x1b[0m الآن"
    assert isolate_ltr(text, rtl=True) == shown


@given(
    st.lists(
        st.sampled_from(ARABIC_WORDS + SIGNS + SEPARATORS + COLOURS)
        | st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=6)
        | st.text(max_size=4),
        max_size=12,
    )
)
def test_any_line_keeps_its_text_and_isolates_whole_runs(parts: list[str]) -> None:
    text = "".join(parts).replace(LRI, "").replace(PDI, "")
    check(text)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(ARABIC_WORDS),
            st.sampled_from(SEPARATORS),
            st.lists(st.sampled_from(PACK), min_size=1, max_size=4),
            st.sampled_from(COLOURS),
            st.sampled_from(SEPARATORS),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_every_card_code_of_every_pack_is_whole_in_one_isolate(
    parts: list[tuple[str, str, list[str], str, str]],
) -> None:
    text = ""
    codes: list[tuple[int, int]] = []
    for word, before, cards, colour, after in parts:
        text += word + before
        for i, card in enumerate(cards):
            text += (" " if i else "") + colour
            codes.append((len(text), len(text) + len(card)))
            text += card + ("\x1b[0m" if colour else "")
        text += after
    found = check(text)
    for start, end in codes:
        assert any(a <= start and end <= b for a, b in found), (text[start:end], text)
