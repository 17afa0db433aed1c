"""Every form the program shows a card in is read back as that card: ``parse(display(card)) ==
card`` for every card of every game, in every display (the standard palette, the colour-blind
palette's marks, their ASCII stand-ins with ``--ascii``), wild and counting marks included.
Regression: ``yA●`` (colour-blind palette) and ``yE+`` (``--ascii``) were refused as typed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardavia_cli.engine import display
from cardavia_cli.engine.display import ASCII_ENV, Display

#: (palette, ASCII marks): every display a card's text depends on.
DISPLAYS = [("standard", False), ("colour-blind", False), ("colour-blind", True)]


@pytest.fixture(params=DISPLAYS, ids=["standard", "colour-blind", "colour-blind-ascii"])
def shown(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    palette, ascii_marks = request.param
    if ascii_marks:
        monkeypatch.setenv(ASCII_ENV, "1")
    else:
        monkeypatch.delenv(ASCII_ENV, raising=False)
    display.configure(Display(palette=palette))
    yield palette
    display.reset()


def test_si_se_pai_cards_read_back_as_shown(shown: str) -> None:
    from cardavia_cli.games.sisepai.cards import CODES, parse_card
    from cardavia_cli.games.sisepai.view import card_text

    for code in range(len(CODES)):
        assert parse_card(card_text(code).plain) == code
        assert parse_card(card_text(code).plain.lower()) == code


def test_guandan_cards_read_back_as_shown_at_every_level(shown: str) -> None:
    from cardavia_cli.games.guandan.cards import LEVELS, NUM_CODES, parse_code
    from cardavia_cli.games.guandan.view import card_text

    for level in LEVELS:
        for code in range(NUM_CODES):
            assert parse_code(card_text(code, level).plain) == code


def test_minchiate_cards_read_back_as_shown_with_and_without_points(shown: str) -> None:
    from cardavia_cli.games.minchiate.cards import PACK, parse_card
    from cardavia_cli.games.minchiate.view import card_text

    for card in PACK:
        for points in (False, True):
            assert parse_card(card_text(card, points).plain) == card


def test_cuccu_cards_read_back_as_shown_after_a_possessive(shown: str) -> None:
    from cardavia_cli.games.cucu.cards import RANKS, rank_of
    from cardavia_cli.games.cucu.view import card_bare

    for rank, name in enumerate(RANKS):
        assert rank_of(card_bare(name)) == rank


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("sisepai", "yA◆"),  # the mark of another colour
        ("sisepai", "yA●●"),
        ("guandan", "AS*"),  # only a heart is ever wild
        ("guandan", "BJ*"),
        ("guandan", "AH♠"),
        ("minchiate", "KC(4)"),  # points it is not worth
        ("minchiate", "T29(0)"),
        ("minchiate", "KC♠"),
    ],
)
def test_a_mark_the_card_is_never_shown_with_is_refused(game: str, text: str) -> None:
    from cardavia_cli.engine.errors import CardError
    from cardavia_cli.games import load_game

    with pytest.raises(CardError):
        load_game(game).parse_card(text)


def test_a_card_typed_as_the_ascii_display_shows_it_is_played(tmp_path) -> None:
    """``--ascii`` with the colour-blind palette shows ``yE+``; typed back, it claims."""
    from cli_support import run_cardavia

    assert run_cardavia("settings", "palette", "colour-blind", home=tmp_path).returncode == 0
    result = run_cardavia(
        "--ascii", "sisepai", "play", "--seed", "3", stdin="claim yE+ yE+\nquit\n", home=tmp_path
    )
    assert "You claim the drawn yE+: [yE+ yE+ yE+]." in result.stdout.splitlines()
    assert "!" not in "".join(line[:1] for line in result.stdout.splitlines())
