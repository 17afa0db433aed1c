"""Issue 15, the layout of the REPL: every view of every game, early and late in a deal, at 40,
80 and 100 columns splits no word across lines (a word of the text printed at that width is
a word of the same items printed without a width limit), and no header wraps
(:mod:`views_support`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run_cardavia
from rich.table import Table
from views_support import (
    SEEDS,
    WIDTHS,
    game_views,
    lobby_views,
    positions,
    render,
    split_words,
    wrapped_headers,
)

from cardavia_cli.games.minchiate.cards import parse_card as minchiate_card
from cardavia_cli.games.minchiate.view import hand_view as minchiate_hand
from cardavia_cli.games.sisepai.cards import parse_card as sisepai_card
from cardavia_cli.games.sisepai.view import hand_view as sisepai_hand

MOMENTS = {game: positions(game, seed) for game, seed in SEEDS.items()}


def fits(items: list[object], width: int) -> list[str]:
    """What is wrong with ``items`` at ``width``: split words, wrapped headers, long lines."""
    problems = [f"split word {w!r}" for w in split_words(items, width)]
    problems += [f"wrapped header {h!r}" for h in wrapped_headers(items, width)]
    text = render(items, width)
    problems += [f"line longer than {width}: {ln!r}" for ln in text.splitlines() if len(ln) > width]
    return problems


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", list(SEEDS))
def test_every_view_of_every_game_splits_no_word_and_wraps_no_header(game: str, width: int) -> None:
    checked = set()
    problems = []
    for moment in MOMENTS[game]:
        for name, items in game_views(game, moment.state).items():
            checked.add(name)
            problems += [f"{moment.name} {name}: {p}" for p in fits(items, width)]
    assert problems == []
    assert {"status", "table", "hand", "hint", "log", "help", "intro"} <= checked
    assert ("outcome" in checked) or ("round end" in checked)


@pytest.fixture
def filled_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cardavia folder with saves (finished, in progress, a long name, an unreadable one)
    and finished games in the scores."""
    home = tmp_path_factory.mktemp("home")
    for game, save in (
        ("sisepai", "evening"),
        ("minchiate", "a-rather-long-save-name-for-minchiate"),
    ):
        done = run_cardavia(
            game, "play", "--seed", "2", "--save", save, stdin="auto all\n", home=home
        )
        assert done.returncode == 0, done.stderr
    done = run_cardavia(
        "guandan", "play", "--seed", "3", "--save", "guandan", stdin="auto\n", home=home
    )
    assert done.returncode == 0, done.stderr
    (home / "saves" / "broken.toml").write_text('format = 1\ngame = "sisepai"\nseed = "x"\n')
    return home


@pytest.mark.parametrize("width", WIDTHS)
def test_lobby_lists_saves_list_and_scores_split_no_word(
    filled_home: Path, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    monkeypatch.setenv("CARDAVIA_HOME", str(filled_home))
    views = lobby_views(filled_home)
    problems = [f"{name}: {p}" for name, items in views.items() for p in fits(items, width)]
    assert problems == []
    listed = render(views["saves list"], width)
    for name in ("evening", "a-rather-long-save-name-for-minchiate", "guandan", "broken"):
        assert name in listed.split(), (width, name)


def test_a_table_too_narrow_for_its_words_is_written_a_row_a_line() -> None:
    """Minchiate's seats at 40 columns split ``discar/ded`` and ``(partn/er)``: a table whose
    longest words do not fit side by side is written one line per row, each cell headed."""
    table = Table(box=None)
    for name in ("seat", "team", "role", "cards", "discarded"):
        table.add_column(name, no_wrap=True)
    table.add_row("2 across (partner)", "us", "first leader", "1", "2")
    shown = render([table], 30)
    assert [ln.rstrip() for ln in shown.splitlines()] == [
        "seat 2 across (partner)  team",
        "us  role first leader  cards 1",
        "discarded 2",
    ]


def test_squeezed_columns_keep_their_longest_word() -> None:
    """Cucu's table at 40 columns split ``(across`` and ``)``: each column keeps at least its
    longest word, and the room left is shared by need. Regression (the Cuccu table wrapped at
    80 columns, a seat's name and its lives split over two lines): a column that must not
    wrap keeps its widest cell whole where the other columns' longest words still fit."""
    table = Table(box=None, padding=(0, 2, 0, 0))
    table.add_column("seat", no_wrap=True)
    table.add_column("this round")
    table.add_row("seat 2 (across)", "asked to swap and swapped with the dealer")
    shown = render([table], 30)
    assert [ln.rstrip() for ln in shown.splitlines()] == [
        "seat             this round",
        "seat 2 (across)  asked to",
        "                 swap and",
        "                 swapped",
        "                 with the",
        "                 dealer",
    ]
    table.columns[0]._cells[0] = "seat 2 (across) and a very long name"
    shown = render([table], 30)  # too wide to keep whole: every column its longest word
    assert [ln.rstrip() for ln in shown.splitlines()] == [
        "seat           this round",
        "seat 2         asked to swap",
        "(across) and   and swapped",
        "a very long    with the",
        "name           dealer",
    ]


def test_regression_the_cuccu_table_at_80_columns_keeps_names_and_lives_on_one_line() -> None:
    """The Cuccu table at 80 columns split ``seat 2`` from ``(across)`` over two lines when
    another seat's notes were long (seed 6, round 8); only the notes wrap now."""
    from cardavia_cli.games.cucu.view import table_view
    from cardavia_cli.games.deals import DealFile, replay

    actions = (
        "1 keep, 2 keep, 3 keep, 0 keep, 2 keep, 3 keep, 0 keep, 1 swap, 3 keep, 0 keep, 1 keep, "
        "2 swap, 0 keep, 1 swap, 2 swap, 3 swap, 1 keep, 2 swap, 2 pay, 3 refuse, 3 swap, "
        "0 swap, 2 keep, 3 keep, 0 keep, 1 swap, 0 swap, 1 swap, 2 swap, 1 swap, 2 keep"
    ).split(", ")
    state = replay(DealFile(game="cucu", seed=6, actions=actions))
    shown = [ln.rstrip() for ln in render([table_view(state.view(0))], 80).splitlines()]
    assert shown[:7] == [
        "Round 8   dealer: you",
        "   seat             lives    card     this round",
        "   seat 1 (right)   out      ?        asked across to swap, knocked out this",
        "                                      round",
        "   seat 2 (across)  1 life   the Cat  kept",
        ">  you, dealer      2 lives  the Inn  to act now",
        "   seat 3 (left)    out      -        out of the match",
    ]


def test_the_minchiate_hand_header_does_not_wrap_late_in_a_deal() -> None:
    """At 100 columns late in a deal the header wrapped: "Your hand (2 / cards, 0 card /
    points)"."""
    hand = [minchiate_card(c) for c in ("3D", "4D")]
    shown = render([minchiate_hand(hand)], 100)
    assert shown.splitlines()[0].rstrip() == "Your hand (2 cards, 0 card points)"


def test_regression_the_minchiate_hand_keeps_its_spacing_as_it_shrinks() -> None:
    """The hand's rows were spread apart as the hand shrank (a table as wide as its title):
    ``Trumps   T34(5) T37(10)    15 pts`` with 6 cards, two spaces between columns with 21.
    The title is a line of its own; the columns keep two spaces at any size."""
    for codes in (("T34", "T37", "2D", "JD", "QD", "QB"), ("T34",), ("QB",)):
        hand = [minchiate_card(c) for c in codes]
        rows = render([minchiate_hand(hand)], 100).splitlines()[1:]
        assert all(
            row.startswith(("Trumps  ", "Cups    ", "Coins   ", "Swords  ", "Batons  "))
            for row in rows
        )
        assert rows[0].rstrip() in (
            "Trumps  T34(5) T37(10)  15 pts",
            "Trumps  T34(5)  5 pts",
            "Trumps  -",
        )


def test_the_sisepai_hand_header_does_not_wrap() -> None:
    """ "Your hand (11" and "cards)" were on two lines: the hand's table is at least as wide
    as its title, in either layout."""
    hand = sorted(sisepai_card(c) for c in "rE rE yK yC wR wH wH gH".split())
    for width in WIDTHS:
        shown = render([sisepai_hand(hand)], width)
        assert shown.splitlines()[0].rstrip() == "Your hand (8 cards)", width
