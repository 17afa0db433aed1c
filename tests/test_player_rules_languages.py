"""The player's rules in Turkish and Arabic (``games/<game>/player_rules.<lang>.md``): each
translation has exactly the sections of the English text and every card code of it, the
language spoken chooses the text, and ``rules TOPIC`` finds a section by number, by a title
word of the language (folded as that language writes capitals), or by an English title word."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from cli_support import run_cardavia

from cardavia_cli.engine import i18n
from cardavia_cli.games import rules_text
from cardavia_cli.games.cucu.cards import parse_card as cucu_card
from cardavia_cli.games.rulebook import UnknownTopicError, find_section, fold, sections

PLAYED = ("sisepai", "cucu", "guandan", "minchiate")
LANGS = ("tr", "ar")
PACKAGE = Path(__file__).resolve().parent.parent / "cardavia_cli"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))


# -- the texts ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", PLAYED)
def test_each_game_has_its_rules_in_each_language(game: str, lang: str) -> None:
    path = PACKAGE / "games" / game / f"player_rules.{lang}.md"
    assert path.is_file()
    assert rules_text(game, lang) == path.read_text("utf-8")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", PLAYED)
def test_a_translation_has_exactly_the_sections_of_the_english(game: str, lang: str) -> None:
    english = [(s.number, s.level) for s in sections(rules_text(game, "en"))]
    translated = [(s.number, s.level) for s in sections(rules_text(game, lang))]
    assert translated == english
    assert rules_text(game, lang).startswith("# ")  # one title, as in English
    assert all(s.title.strip() for s in sections(rules_text(game, lang)))


def _code(pattern: str) -> re.Pattern[str]:
    """A card code: ``pattern`` as a whole run of Latin letters and digits (an Arabic letter
    may touch it: ``وKC``, "and KC")."""
    return re.compile(rf"(?<![A-Za-z0-9])(?:{pattern})(?![A-Za-z0-9])")


def shape(text: str) -> list[tuple[str, str, int]]:
    """The Markdown blocks of ``text`` as rich reads them (headings, paragraphs, lists, list
    items, tables, code), without their words."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table")
    return [(t.type, t.tag, t.level) for t in parser.parse(text) if t.type != "inline"]


def test_a_line_starting_with_a_number_and_a_dot_is_a_list() -> None:
    """The trap of Turkish ordinals ("1. olan": "the one who came 1st") in a list."""
    assert shape("- 1. olan kazanır\n") != shape("- Birinci olan kazanır\n")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", PLAYED)
def test_a_translation_has_the_markdown_blocks_of_the_english(game: str, lang: str) -> None:
    assert shape(rules_text(game, lang)) == shape(rules_text(game, "en"))


#: A card code as each game writes it (case matters: ``as`` in a sentence is no card).
CODES = {
    "guandan": _code(r"(?:10|[2-9TJQKA])[SHDC]|[BR]J"),
    "sisepai": _code(r"[rywg][KAERHCP]|F"),
    "minchiate": _code(r"T\d{1,2}|M|(?:10|[2-9AJNQK])[CDSB]"),
}
_SPAN = re.compile(r"`([^`]+)`")


def card_codes(game: str, text: str) -> Counter[str]:
    """How many times each card code is written in ``text``; for Cuccu, whose codes are words
    (``lion``, ``inn``), every card named in a code span, by its code (``osteria`` is ``inn``)."""
    if game in CODES:
        return Counter(CODES[game].findall(text))
    found: Counter[str] = Counter()
    for span in _SPAN.findall(text):
        for word in span.split():
            try:
                found[cucu_card(word)] += 1
            except Exception:
                continue
    return found


def test_card_codes_are_read_as_each_game_writes_them() -> None:
    assert card_codes("guandan", "`TH` as 2S, 10D and BJ; AA2233 TJQKA وAS") == Counter(
        {"TH": 1, "2S": 1, "10D": 1, "BJ": 1, "AS": 1}
    )
    assert card_codes("cucu", "a Lion, `rules osteria`, `lion 7 inn`") == Counter(
        {"inn": 2, "lion": 1, "7": 1}
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", PLAYED)
def test_every_card_code_of_the_english_is_kept(game: str, lang: str) -> None:
    english = card_codes(game, rules_text(game, "en"))
    assert english  # the scan finds the codes
    assert card_codes(game, rules_text(game, lang)) == english


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", PLAYED)
def test_what_a_player_types_stays_english(game: str, lang: str) -> None:
    """Every command of the English text (a code span starting with a verb) is in the
    translation too, as it is; a placeholder in capitals (``play CARDS``) may be translated."""
    verbs = r"(?:play|pass|claim|win|discard|declare|return|keep|swap|pay|accept|refuse|draw)\b"
    typed = re.compile(rf"`({verbs}[^`]*)`")
    english = {
        t for t in typed.findall(rules_text(game, "en")) if not re.search(r"\b[A-Z]{3,}\b", t)
    }
    assert english
    assert english - set(typed.findall(rules_text(game, lang))) == set()


# -- the language spoken chooses the text -----------------------------------------------------
def test_the_rules_are_those_of_the_language_spoken() -> None:
    i18n.set_language("tr")
    assert rules_text("guandan") == rules_text("guandan", "tr")
    assert rules_text("guandan").startswith("# Guandan: kurallar\n")
    i18n.set_language("ar")
    assert rules_text("guandan") == rules_text("guandan", "ar")
    i18n.set_language("en")
    assert rules_text("guandan").startswith("# Guandan: the rules\n")


def test_a_game_without_a_translation_shows_its_english_rules() -> None:
    i18n.set_language("tr")
    assert rules_text("tally") == rules_text("tally", "en")
    assert rules_text("tally").startswith("# Tally: rules")
    english = "# G\n## 7. Tribute and return\nx\n### 7.5 The return\ny\n"
    assert find_section(english, "TRIBUTE").name == "7. Tribute and return"  # English capitals


# -- the lookup in Turkish and Arabic ----------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "game", "topic", "name"),
    [
        ("tr", "guandan", "7.5", "7.5 İade"),
        ("tr", "guandan", "7", "7. Haraç ve iade"),
        ("tr", "guandan", "haraç", "7. Haraç ve iade"),
        ("tr", "guandan", "HARAÇ", "7. Haraç ve iade"),
        ("tr", "guandan", "iade", "7.5 İade"),
        ("tr", "guandan", "İADE", "7.5 İade"),  # İ is the capital of i
        ("tr", "guandan", "YAZILIŞ", "3. Kartların yazılışı"),  # I is the capital of ı
        ("tr", "guandan", "bombalar", "6.5 Bir hamleyi geçmek: bombalar ve bomba merdiveni"),
        ("tr", "guandan", "tribute", "7. Haraç ve iade"),  # an English title word
        ("tr", "guandan", "TRIBUTE", "7. Haraç ve iade"),
        ("tr", "guandan", "the return", "7.5 İade"),
        ("tr", "guandan", "harac", "7. Haraç ve iade"),  # typed without Turkish letters
        ("tr", "minchiate", "9.3.3.1", "9.3.3.1 Kral zorunluluğu"),
        ("tr", "cucu", "osteria", "7.5 Osteria: durdurma ve anlaşma"),
        ("tr", "sisepai", "öncelik", "7.4 Alma önceliği"),
        ("ar", "guandan", "7.5", "7.5 الإرجاع"),
        ("ar", "guandan", "٧٫٥", "7.5 الإرجاع"),  # Arabic-Indic digits
        ("ar", "guandan", "الجزية", "7. الجزية والإرجاع"),
        ("ar", "guandan", "جزية", "7. الجزية والإرجاع"),  # without the article
        ("ar", "guandan", "الجِزْيَة", "7. الجزية والإرجاع"),  # with its short vowels
        ("ar", "guandan", "tribute", "7. الجزية والإرجاع"),
        ("ar", "minchiate", "9.3", "9.3 الأوراق المسموح بلعبها"),
        ("ar", "cucu", "أوستيريا", "7.5 الأوستيريا: إيقاف واتفاق"),
        ("ar", "sisepai", "أولوية", "7.4 أولوية المطالبة"),
    ],
)
def test_a_topic_finds_its_section_in_each_language(
    lang: str, game: str, topic: str, name: str
) -> None:
    i18n.set_language(lang)
    text, english = rules_text(game), rules_text(game, "en")
    assert find_section(text, topic, english=english).name == name


def test_turkish_capitals_fold_as_turkish_writes_them() -> None:
    assert fold("IŞIK İADE", "tr") == "ışık iade"
    assert fold("IŞIK İADE", "en") != "ışık iade"  # the default lower() is wrong for Turkish
    assert fold("Haraç", "plain") == "harac"


def test_an_unknown_topic_in_turkish_names_nearby_sections_in_turkish() -> None:
    i18n.set_language("tr")
    with pytest.raises(UnknownTopicError) as caught:
        find_section(rules_text("guandan"), "harçç", english=rules_text("guandan", "en"))
    assert caught.value.nearby[0] == "7. Haraç ve iade"
    assert str(caught.value) == (
        f"kurallarda 'harçç' adlı bir bölüm yok; yakın bölümler: {', '.join(caught.value.nearby)}"
    )


def test_an_english_typo_in_turkish_names_the_turkish_sections_it_may_mean() -> None:
    i18n.set_language("tr")
    with pytest.raises(UnknownTopicError) as caught:
        find_section(rules_text("guandan"), "tribte", english=rules_text("guandan", "en"))
    assert caught.value.nearby == (
        "7. Haraç ve iade",
        "7.3 Haraç kartı",
        "7.6 Haraçtan sonra kim açar",
        "9.2 Haraç ya da ilk açış",
    )


def test_an_unknown_topic_in_arabic_joins_the_sections_with_an_arabic_comma() -> None:
    i18n.set_language("ar")
    with pytest.raises(UnknownTopicError) as caught:
        find_section(rules_text("guandan"), "99")
    assert str(caught.value) == (
        "لا يوجد في القواعد قسم باسم '99'؛ أقسام قريبة: " + "، ".join(caught.value.nearby)
    )
    assert len(caught.value.nearby) == 4


def test_rules_in_turkish_on_the_command_line() -> None:
    done = run_cardavia("--lang", "tr", "guandan", "rules", "tribute")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("7. Haraç ve iade\n")
    assert "7.5 İade" in done.stdout and "8.1" not in done.stdout


def test_an_unknown_topic_in_turkish_is_one_line_and_exit_2() -> None:
    done = run_cardavia("--lang", "tr", "guandan", "rules", "zzzz")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "kurallarda 'zzzz' adlı bir bölüm yok; yakın bölümler: 1. Genel bakış, " in done.stderr


def test_the_whole_rules_in_arabic_on_the_command_line() -> None:
    done = run_cardavia("--lang", "ar", "minchiate", "rules", "9.3")
    assert done.returncode == 0, done.stderr
    assert "9.3 الأوراق المسموح بلعبها" in done.stdout
    assert "9.3.3.4" in done.stdout and "play KS" in done.stdout


def test_the_repl_rules_verb_speaks_the_language() -> None:
    done = run_cardavia(
        "--lang", "tr", "guandan", "play", "--seed", "3", stdin="rules bombs\nrules 7.5\n"
    )
    assert done.returncode == 0, done.stderr
    assert "6.5 Bir hamleyi geçmek: bombalar ve bomba merdiveni" in done.stdout
    assert "7.5 İade" in done.stdout
