"""Left-to-right runs in a right-to-left line (engine/i18n.py isolate_ltr)."""

from __future__ import annotations

import re

import pytest
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


# -- isolates in what is rendered: one cell, one line ---------------------------------------
#: Box drawing (a table's rules and column separators on a terminal).
_BOX = re.compile("[\u2500-\u257f]")


def isolates_of_line(line: str) -> list[str]:
    """The text of each isolate of one rendered ``line`` (escapes taken out), asserting that
    every isolate opened in the line is closed in it, none nested, and none spans a cell
    separator of a table: two spaces or more (the gap between columns) or a box rule."""
    line = _ESCAPE.sub("", line)
    found: list[str] = []
    inside: str | None = None
    for ch in line:
        if ch == LRI:
            assert inside is None, f"nested isolate in {line!r}"
            inside = ""
        elif ch == PDI:
            assert inside is not None, f"a close without an open in {line!r}"
            found.append(inside)
            inside = None
        elif inside is not None:
            inside += ch
    assert inside is None, f"an isolate left open in {line!r}"
    for run in found:
        assert "  " not in run and not _BOX.search(run), f"{run!r} spans two cells in {line!r}"
    return found


def _arabic_session(game: str, commands: list[str]) -> list[str]:
    """The lines a terminal of 80 columns shows of a REPL session of ``game`` (seed 1) in
    Arabic, given ``commands``."""
    import io

    from cardavia_cli.engine import i18n
    from cardavia_cli.games.deals import DealFile, new_game_state
    from cardavia_cli.repl.console import make_console
    from cardavia_cli.repl.hooks import load_ui
    from cardavia_cli.repl.reader import ListReader
    from cardavia_cli.repl.session import Session

    i18n.set_language("ar")
    out = io.StringIO()
    console = make_console(file=out, terminal=True, width=80)
    header = DealFile(game=game, seed=1)
    session = Session(
        load_game(game), load_ui(game), header, new_game_state(header), console=console
    )
    session.run(ListReader(commands))
    lines = out.getvalue().split("\n")
    assert sum(LRI in line for line in lines) > 5  # isolated it was: a terminal in Arabic
    return lines


def _arabic_cli(*args: str) -> list[str]:
    """The lines of ``cardavia --lang ar ARGS`` on a terminal of 80 columns (a pseudo
    terminal), escapes and carriage returns taken out."""
    import os
    import pty
    import sys

    env = dict(os.environ, COLUMNS="80", LINES="40", TERM="xterm-256color", PAGER="cat")
    pid, fd = pty.fork()
    if pid == 0:  # the child: cardavia on the terminal
        os.execve(
            sys.executable, [sys.executable, "-m", "cardavia_cli", "--lang", "ar", *args], env
        )
    raw = b""
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        raw += data
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, raw
    return _ESCAPE.sub("", raw.decode("utf-8")).replace("\r", "").split("\n")


@pytest.mark.parametrize("game", ["sisepai", "cucu", "guandan", "minchiate"])
def test_regression_every_isolate_opens_and_closes_in_one_table_cell_in_arabic(game: str) -> None:
    """``⁦41   101⁩``: one isolate held two cells of Minchiate's score (and Cuccu's lives,
    Si Se Pai's hands, the settings), so that under right-to-left headings the numbers
    swapped; now each cell has its own, and every line of tables, help and log balances."""
    commands = ["help", "help play", "table", "hand", "auto all", "table", "log", "next",
                "auto all", "table"]  # fmt: skip
    lines = _arabic_session(game, commands)
    cells = [isolates_of_line(line) for line in lines]
    assert any(len(found) >= 2 for found in cells)  # rows of several cells were checked
    if game == "minchiate":  # the score at the end of the deal: one isolate per number

        def row(words: str) -> set[tuple[str, ...]]:
            return {
                tuple(f) for line, f in zip(lines, cells, strict=True) if line.startswith(words)
            }

        assert row("نقاط الأوراق") == {("41", "101")}
        assert row("مكافأة العدد") == {("42", "0", "2")}  # 42 without the bracket after it


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs a pseudo terminal")
def test_regression_the_cli_tables_and_help_keep_isolates_in_their_cells_in_arabic() -> None:
    from cli_support import run_cardavia

    for deal in ("sisepai-first-draw-win", "cucu-cat", "minchiate-matto"):
        assert run_cardavia("run", f"saves/examples/{deal}.toml").returncode == 0
    shown = {args: _arabic_cli(*args) for args in (("settings",), ("scores", "list"), ("--help",),
                                                  ("scores", "export", "--help"))}  # fmt: skip
    for lines in shown.values():
        for line in lines:
            isolates_of_line(line)
    (row,) = [line for line in shown[("settings",)] if line.lstrip(LRI).startswith("temperature")]
    assert isolates_of_line(row)[:3] == ["temperature", "neutral", "neutral, warm,"]
