"""What the narration calls a play, a meld or a combination: the words of the player's rules,
never the names of the code or of ``--json`` (``full_house 4``, ``soldier3``, ``1-40-M``)."""

from __future__ import annotations

import pytest

from cardavia_cli.engine import i18n


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("soldier3", {"en": "three soldiers", "tr": "üç asker", "ar": "ثلاثة جنود"}),
        ("soldier4", {"en": "four soldiers", "tr": "dört asker", "ar": "أربعة جنود"}),
    ],
)
def test_si_se_pai_soldier_melds_are_named_in_words(kind: str, words: dict[str, str]) -> None:
    from cardavia_cli.games.sisepai.melds import kind_word

    for lang, word in words.items():
        i18n.set_language(lang)
        assert kind_word(kind) == word


@pytest.mark.parametrize("lang", ["en", "tr", "ar"])
def test_minchiate_special_sets_are_named_in_words_their_cards_saying_which(lang: str) -> None:
    from cardavia_cli.games.minchiate.cards import parse_cards
    from cardavia_cli.games.minchiate.combos import combinations
    from cardavia_cli.games.minchiate.view import combination_words

    i18n.set_language(lang)
    found = combinations(parse_cards("T1 T13 T28 T40 M".split()))
    word = {"en": "special set", "tr": "özel takım", "ar": "طقم خاص"}[lang]
    assert [c.kind for c in found] == ["1-40-M", "1-13-28"]
    assert [combination_words(c) for c in found] == [
        f"{word} M T1 T40 (20)",
        f"{word} M T1 T13 T28 (20)",
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "claim yE yE"), ("tr", "al yE yE"), ("ar", "مطالبة yE yE")],
)
def test_an_action_is_said_with_the_verb_the_player_types(lang: str, said: str) -> None:
    from cardavia_cli.engine.words import said_action

    i18n.set_language(lang)
    assert said_action("claim yE yE") == said


def test_regression_turkish_numbered_choices_and_hints_say_the_verb_typed_in_turkish(
    tmp_path,
) -> None:
    """A newcomer's finding: in Turkish the numbered choices and the hints showed the English
    verbs (``2 claim yE yE``, ``İpucu: claim yE yE``); they show the Turkish word, which the
    REPL takes typed."""
    from cli_support import run_cardavia

    done = run_cardavia(
        "sisepai", "play", "--seed", "3", stdin="hint\nal yE yE\nquit\nquit\n",
        env={"CARDAVIA_LANG": "tr", "NO_COLOR": "1"}, home=tmp_path,
    )  # fmt: skip
    lines = [line.rstrip() for line in done.stdout.splitlines()]
    assert "2  al yE yE  [yE yE yE] üçlü" in lines
    assert "İpucu: al yE yE: [yE yE yE] üçlü" in lines
    assert "Sen çekilen yE kartını aldın: [yE yE yE]." in lines
    assert not any("claim" in line for line in lines)
