"""Cuccu cards: the pack, the canonical order, every alias of the notation (rules sections 2,
3; worked examples 19 and 20) and the deck shorthand of section 13."""

from __future__ import annotations

from collections import Counter

import pytest

from cardavia_cli.engine.errors import CardError
from cardavia_cli.games.cucu.cards import (
    CAT,
    CUCKOO,
    FOOL,
    HORSE,
    HUNTER,
    INN,
    LION,
    PACK,
    PACK_RANKS,
    PACK_SIZE,
    RANKS,
    SPECIALS,
    ZERO,
    Card,
    card_str,
    check_deck,
    example_deck,
    is_special,
    parse_card,
    parse_cards,
    rank_of,
    value,
)

#: Section 2's canonical pack order, as the rules file writes it.
RULES_PACK = (
    "lion lion mask mask bucket bucket zero zero 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 "
    "inn inn cat cat horse horse hunter hunter cuckoo cuckoo fool fool"
).split()

#: Section 3's alias table, row by row.
ALIASES = {
    "lion": ["-3", "leone", "bressa"],
    "mask": ["-2", "mascherone"],
    "bucket": ["-1", "pail", "secchia"],
    "zero": ["0", "nulla"],
    "1": ["I"],
    "2": ["II"],
    "3": ["III"],
    "4": ["IIII", "IV"],
    "5": ["V"],
    "6": ["VI"],
    "7": ["VII"],
    "8": ["VIII"],
    "9": ["VIIII", "IX"],
    "10": ["X"],
    "inn": ["XI", "11", "osteria", "taverna"],
    "cat": ["XII", "12", "gnao", "gatto"],
    "horse": ["XIII", "13", "salta", "cavallo"],
    "hunter": ["XIIII", "XIV", "14", "bragon", "bum"],
    "cuckoo": ["XV", "15", "cucco", "cucu", "cucù", "cuccù"],
    "fool": ["matto"],
}


def test_the_pack_is_forty_cards_twenty_ranks_twice_in_canonical_order():
    assert list(PACK) == RULES_PACK
    assert len(PACK) == PACK_SIZE == 40
    assert len(RANKS) == 20
    assert Counter(PACK) == {name: 2 for name in RANKS}
    assert [card_str(r) for r in PACK_RANKS] == RULES_PACK


def test_values_from_lion_to_cuckoo_and_the_fool_has_none():
    values = [value(r) for r in range(20)]
    assert values == [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, None]
    assert value(LION) == -3 and value(ZERO) == 0 and value(CUCKOO) == 15 and value(FOOL) is None


def test_only_the_five_high_pictures_are_special():
    assert SPECIALS == {INN, CAT, HORSE, HUNTER, CUCKOO}
    assert [RANKS[r] for r in sorted(SPECIALS)] == ["inn", "cat", "horse", "hunter", "cuckoo"]
    assert sum(is_special(r) for r in range(20)) == 5
    assert not is_special(FOOL) and not is_special(LION)


@pytest.mark.parametrize("name", RANKS)
def test_every_canonical_name_parses_to_itself(name: str):
    assert parse_card(name) == name
    assert parse_card(name.upper()) == name
    assert parse_card(f"  {name}\t") == name


@pytest.mark.parametrize(
    ("alias", "name"), [(a, name) for name, aliases in ALIASES.items() for a in aliases]
)
def test_every_alias_of_section_3(alias: str, name: str):
    assert parse_card(alias) == name
    assert parse_card(alias.upper()) == name
    assert parse_card(alias.lower()) == name
    assert parse_card(f" {alias.title()} ") == name


def test_worked_examples_19_and_20():
    assert parse_card("XIIII") == "hunter"
    assert parse_card("viiii") == "9"


def test_accented_names_typed_decomposed():
    assert parse_card("cucu\u0300") == "cuckoo"
    assert parse_card("CUCCU\u0300") == "cuckoo"


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "16",
        "XVI",
        "-4",
        "IIIII",
        "VV",
        "knight",
        "fools",
        "²",
        "١",
        "０",
        "1.0",
        "+1",
        "0x1",
        "lion lion",
        "cuccu",
        "zero,",
        "ⅰ",
        "-0",
        "01",
    ],
)
def test_any_other_text_is_an_error(text: str):
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


def test_non_text_is_a_card_error():
    with pytest.raises(CardError):
        rank_of(3)  # type: ignore[arg-type]


def test_parse_cards_and_rank_of():
    assert parse_cards(["Leone", "x", "Bum", "matto"]) == [LION, ZERO + 10, HUNTER, FOOL]
    assert rank_of("gatto") == CAT


def test_card_value_type():
    card = Card.parse(" Salta ")
    assert card == Card(HORSE) and str(card) == "horse" and repr(card) == "Card.parse('horse')"
    assert eval(repr(card), {"Card": Card}) == card
    assert card.value == 13 and card.special
    assert Card.parse("matto").value is None and not Card.parse("matto").special
    assert Card.parse("-3") < Card.parse("zero") < Card.parse("cuckoo")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    for bad in (20, -1, True, "3"):
        with pytest.raises(CardError):
            Card(bad)  # type: ignore[arg-type]


def test_check_deck():
    check_deck(PACK_RANKS)
    with pytest.raises(ValueError, match="40 cards"):
        check_deck(PACK_RANKS[:-1])
    with pytest.raises(ValueError, match="3 x lion"):
        check_deck([LION, *PACK_RANKS[:-1]])


def test_example_deck_shorthand_of_section_13():
    deck = example_deck(["2", "5", "8", "1", "lion"])
    assert deck[:5] == ["2", "5", "8", "1", "lion"]
    # the rest in canonical order with those copies taken out
    assert deck[5:12] == ["lion", "mask", "mask", "bucket", "bucket", "zero", "zero"]
    assert deck[12:16] == ["1", "2", "3", "3"]
    assert Counter(deck) == Counter(PACK)
    top = example_deck(["3", "9", "zero", "horse"], top="VII")
    assert top[39] == "7" and top.count("7") == 2 and top[:4] == ["3", "9", "zero", "horse"]
    assert Counter(top) == Counter(PACK)
    with pytest.raises(ValueError, match="only 2 x fool"):
        example_deck(["fool", "fool"], top="fool")


def test_example_deck_matches_the_acceptance_cases():
    # play_round-106 of the published cases: deck starts 1 5 horse horse, top = cuckoo
    case = [
        "1", "5", "horse", "horse", "lion", "lion", "mask", "mask", "bucket", "bucket", "zero",
        "zero", "1", "2", "2", "3", "3", "4", "4", "5", "6", "6", "7", "7", "8", "8", "9", "9",
        "10", "10", "inn", "inn", "cat", "cat", "hunter", "hunter", "cuckoo", "fool", "fool",
        "cuckoo",
    ]  # fmt: skip
    assert example_deck(["1", "5", "horse", "horse"], top="cuckoo") == case
