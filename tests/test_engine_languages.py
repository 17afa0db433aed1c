"""The engine's words in Turkish and Arabic: seat labels, deal-file refusals, the scores'
winner; and what never changes with the language (exports)."""

from __future__ import annotations

import pytest

from cardavia_cli.engine import i18n
from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.ledger import Entry
from cardavia_cli.engine.words import by_seat, capital, seat_label
from cardavia_cli.games.deals import parse_deal


def _entry(winner: int, team: bool) -> Entry:
    return Entry.new(
        "guandan", ["human", "basic", "basic", "basic"], "win", winner, team, 3, {}, "d", "s"
    )


def test_seat_words_in_each_language():
    assert seat_label(1) == "seat 1 (right)"
    i18n.set_language("tr")
    assert (seat_label(1), seat_label(2, partners=True), seat_label(0)) == (
        "1. koltuk (sağ)",
        "2. koltuk (eş)",
        "sen",
    )
    assert by_seat(3, 0, "Pas geçtin.", "{Seat} pas geçti.") == "3. koltuk (sol) pas geçti."
    i18n.set_language("ar")
    assert seat_label(3) == "المقعد 3 (اليسار)"


def test_turkish_capitals_keep_the_dot_of_i():
    i18n.set_language("tr")
    assert capital("ikinci") == "İkinci"
    i18n.set_language("en")
    assert capital("ikinci") == "Ikinci"


def test_a_deal_file_refusal_in_turkish_names_the_line():
    i18n.set_language("tr")
    with pytest.raises(CardaviaError) as caught:
        parse_deal('game = "cucu"\nseed = -1\n', "d.toml")
    assert str(caught.value) == "d.toml, satır 2: 'seed' en az 0 olmalı, -1 değil"


def test_the_winner_of_a_score_in_words_and_the_export_in_english():
    entry = _entry(0, True)
    i18n.set_language("tr")
    assert entry.winner_words() == "0. takım (sen ve karşı)"
    assert entry.winner_name() == "team 0 (you and across)"
    i18n.set_language("ar")
    assert _entry(2, False).winner_words() == "المقعد 2 (المقابل)"
    assert _entry(2, False).columns()["winner"] == "seat 2 (across)"
