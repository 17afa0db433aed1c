"""Si Se Pai in Turkish and Arabic (issue: cardavia in Turkish and Arabic): the views, the
narration, the hint and the refusals come from the ``sisepai`` catalog, card codes and the
action words typed stay as they are, and a save made while playing in Turkish is the save
of the same moves in English.

The deal is seed 5 (dealer seat 2, who draws wP, claims it with rP yP gP and discards yE);
the person claims yE yE, discards gA, then claims rH rH (choice 2)."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from cli_support import run_cardavia
from rich.console import Console
from sisepai_support import build_deck

from cardavia_cli.engine import i18n
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.engine.game import Outcome
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, new_game_state
from cardavia_cli.games.sisepai.cards import CODES, card_name, card_str
from cardavia_cli.games.sisepai.repl import UI
from cardavia_cli.games.sisepai.rules import Action, new_state
from cardavia_cli.games.sisepai.view import hand_lines, outcome_line
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import Session

MOVES = ["claim yE yE", "discard gA", "2"]
#: Seat 0's 20 dealt cards in the deal of seed 5.
DEALT = "rH rH rP rP yE yE yR yH yC yP wK wH gK gA gR gH gC gC gP F"
_CODE = re.compile(r"^(?:[rywg][KAERHCP]|F)$")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


def played(lang: str, lines: list[str]) -> list[str]:
    """The screen's lines (right spaces cut) of the seed-5 deal in ``lang`` after ``lines``."""
    i18n.set_language(lang)
    header = DealFile(game="sisepai", seed=5)
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, force_terminal=False)
    session = Session(
        load_game("sisepai"), load_ui("sisepai"), header, new_game_state(header), console=console
    )
    session.run(ListReader(lines))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def hand_codes(lines: list[str], title: str) -> Counter[str]:
    """The card codes of the first hand shown under ``title`` (its five rows)."""
    start = lines.index(title)
    return Counter(
        w for line in lines[start + 2 : start + 7] for w in line.split() if _CODE.match(w)
    )


# -- views and narration ---------------------------------------------------------------------
def test_turkish_first_decision_narration_table_hand_and_choices() -> None:
    lines = played("tr", [])
    assert lines[0] == (
        "Si Se Pai, tohum 5: sen (0. koltuk), basic düzeyinde üç bilgisayar oyuncusuna karşı. "
        "2. koltuk (karşı) dağıtıyor ve ilk kartı çekiyor."
    )
    assert lines[2:5] == [
        "2. koltuk (karşı) wP çekti.",
        "2. koltuk (karşı) çekilen wP kartını aldı: [rP yP wP gP].",
        "2. koltuk (karşı) yE attı.",
    ]
    assert "Deste 36   dağıtan: 2. koltuk (karşı)" in lines
    assert "   koltuk       kapalı  açık perler" in lines
    assert ">  2 karşı          16  [rP yP wP gP]" in lines
    assert "   ölü kartlar       0  -" in lines
    assert "   ortadaki             yE, 2. koltuk (karşı) attı: sıran, sıradakinden sonra." in lines
    assert "kırmızı   -   -   -      -   rH rH  -      rP rP" in lines
    assert "çiçekler                                          F" in lines
    assert hand_codes(lines, "Elin (20 kart)") == Counter(DEALT.split())
    assert "2  al yE yE  [yE yE yE] üçlü" in lines


def test_arabic_first_decision_narration_table_hand_and_choices() -> None:
    lines = played("ar", [])
    assert lines[2:5] == [
        "سحب المقعد 2 (المقابل) الورقة wP.",
        "طالب المقعد 2 (المقابل) بالورقة المسحوبة wP: [rP yP wP gP].",
        "رمى المقعد 2 (المقابل) الورقة yE.",
    ]
    assert "كومة السحب 36   الموزّع: المقعد 2 (المقابل)" in lines
    assert "   الأوراق الميتة      0  -" in lines
    assert "   المطروحة               yE، رماها المقعد 2 (المقابل): دورك بعد التالي." in lines
    assert "أحمر    -   -   -      -   rH rH  -      rP rP" in lines
    assert hand_codes(lines, "يدك (20 ورقة)") == Counter(DEALT.split())
    assert "2  مطالبة yE yE  [yE yE yE] ثلاثية" in lines


def test_turkish_claim_discard_and_dead_card_lines_then_the_hint_and_the_log() -> None:
    lines = played("tr", [*MOVES, "hint", "log"])
    assert "Sen atılan yE kartını aldın: [yE yE yE]." in lines
    assert "   ortadaki             Bir kart atman gerekiyor." in lines
    assert "Bir kart at (General ya da çiçek olmaz), adını ya da numarasını yazarak:" in lines
    assert "1 rH  2 rP  3 yR  4 yH  5 yC  6 yP  7 wH  8 gA  9 gR  10 gH  11 gC  12 gP" in lines
    assert "Sen gA attın: kimse almadı, kart öldü." in lines
    assert "1. koltuk (sağ) rC attı: kimse almadı, kart öldü." in lines
    assert "Elin (15 kart)" in lines
    assert "İpucu: at gC" in lines
    assert (
        "gC atıldıktan sonra beklediğin kartlar: henüz yok (elini tek bir kart tamamlamıyor)"
        in lines
    )
    assert f" 1 Sana dağıtılan kartlar: {DEALT}." in lines
    assert " 2 2. koltuk (karşı) wP çekti; sen pas geçtin (otomatik)." in lines
    assert " 5 Sen almak istedin: [yE yE yE]." in lines
    assert " 8 gA: kimse almadı, kart öldü." in lines


def test_arabic_claim_discard_and_dead_card_lines_then_the_hint_and_the_log() -> None:
    lines = played("ar", [*MOVES, "hint", "log"])
    assert "طالبتَ بالورقة المرمية yE: [yE yE yE]." in lines
    assert "رميتَ الورقة gA: لم يأخذها أحد، فهي ميتة." in lines
    assert "طالبتَ بالورقة المسحوبة rH: [rH rH rH]." in lines
    assert "يدك (15 ورقة)" in lines
    assert "تلميح: رمي gC" in lines
    assert f" 1 وُزِّعت عليك الأوراق: {DEALT}." in lines
    assert " 2 سحب المقعد 2 (المقابل) الورقة wP؛ مرّرتَ (تلقائي)." in lines
    assert " 5 أجبتَ بمطالبة: [yE yE yE]." in lines


def test_arabic_line_keeps_its_card_codes_as_left_to_right_runs() -> None:
    i18n.set_language("ar")
    state = new_state(seed=5)
    line = UI.narrate(state.visible_events(0), 0, 0, frozenset())[0].plain
    assert line == "سحب المقعد 2 (المقابل) الورقة wP."
    isolated = i18n.isolate_ltr(line)
    assert f"{i18n.LRI}wP." in isolated
    assert isolated.replace(i18n.LRI, "").replace(i18n.PDI, "") == line


def test_counts_take_each_languages_plural_forms() -> None:
    i18n.set_language("ar")
    titles = [hand_lines([0] * n).title for n in (1, 2, 3, 10, 11, 20)]
    assert titles == [
        "يدك (ورقة واحدة)",
        "يدك (ورقتان)",
        "يدك (3 أوراق)",
        "يدك (10 أوراق)",
        "يدك (11 ورقة)",
        "يدك (20 ورقة)",
    ]
    i18n.set_language("tr")
    assert hand_lines([0]).title == "Elin (1 kart)"
    assert hand_lines([0] * 7).title == "Elin (7 kart)"


def test_results_in_turkish_and_arabic() -> None:
    state = new_state(seed=5)
    view = state.view(0)
    win = {"winner": 2, "score": 9, "melds": []}
    drawn = {"winner": None, "score": None, "melds": []}
    exhausted = "Draw: seat 3 must draw and the stock is empty; nobody scores."
    i18n.set_language("tr")
    assert outcome_line(view, Outcome("win", 2, "Seat 2 wins with 9 points.", win)) == (
        "2. koltuk (karşı) 9 puanla kazandı."
    )
    assert outcome_line(view, Outcome("exhausted", None, exhausted, drawn)) == (
        "Berabere: 3. koltuk (sol) kart çekmeli ama deste boş; kimse puan almıyor."
    )
    i18n.set_language("ar")
    assert outcome_line(view, Outcome("win", 2, "Seat 2 wins with 9 points.", win)) == (
        "فاز المقعد 2 (المقابل) بـ9 نقاط."
    )
    mine = {"winner": 0, "score": 2, "melds": []}
    assert outcome_line(view, Outcome("win", 0, "Seat 0 wins with 2 points.", mine)) == (
        "فزتَ بنقطتين."
    )


def test_card_names_in_the_completion_menu_are_translated_and_the_codes_are_not() -> None:
    i18n.set_language("ar")
    assert [card_name(c) for c in (0, 3, 25, 28)] == [
        "جنرال أحمر",
        "عربة حمراء",
        "حصان أخضر",
        "زهرة",
    ]
    i18n.set_language("tr")
    assert [card_name(c) for c in (0, 3, 28)] == ["kırmızı General", "kırmızı Araba", "çiçek"]
    assert [card_str(c) for c in range(29)] == list(CODES)


# -- refusals -------------------------------------------------------------------------------
def test_refusals_say_the_place_and_the_rule_in_the_language() -> None:
    state = new_state(seed=5)
    where = "seat 2, wP için alma turu (2. koltuk çekti): "
    i18n.set_language("tr")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("discard gA")
    assert str(info.value) == where + "şimdi atılacak kart yok; pass ya da claim ile cevap ver"
    with pytest.raises(InvalidActionError) as bad:
        state.parse_action("claim xx")
    assert str(bad.value) == (
        "'claim xx': bilinmeyen kart 'xx' (örneğin rK, gP, F ya da red-general yaz)"
    )
    i18n.set_language("ar")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("discard gA")
    where = "seat 2, جولة المطالبة على wP (سحبها المقعد 2): "
    assert str(info.value) == where + "لا شيء للرمي الآن؛ أجب بـ pass أو claim"
    assert info.value.seat == 2


def test_role_refusal_names_the_roles_in_the_language() -> None:
    # rules E9 (c): a player after the next one may not make a non-winning field claim
    hand = "rR rR yP wP rH rC gA gA gA yK wE wE wC wC wC yH yH rP F gC"
    state = new_state(deck=build_deck(2, {0: hand}, stock="rR", avoid="rR rH rC"), dealer=2)
    for _ in (2, 3):
        state.apply(Action("pass"))
    assert state.to_act == 0
    where = "seat 0, rR için alma turu (2. koltuk çekti): "
    i18n.set_language("tr")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("claim rH rC")
    assert str(info.value) == where + (
        "çekilen kartla bitirmeyen bir sahra takımı kurmak yalnızca kartı çeken ve sıradaki "
        "oyuncu için serbesttir, sıradakinden sonraki oyuncular için değil (kural 7.3)"
    )
    i18n.set_language("ar")
    where = "seat 0, جولة المطالبة على rR (سحبها المقعد 2): "
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("claim rH rC")
    assert str(info.value) == where + (
        "لا يجوز أن يكوّن تشكيلة غير فائزة من نوع طقم الميدان بورقة مسحوبة إلا ساحب الورقة "
        "واللاعب التالي، لا اللاعبون بعد التالي (القاعدة 7.3)"
    )
    i18n.set_language("en")
    where = "seat 0, claim round on rR (drawn by seat 2): "
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("claim rH rC")
    assert str(info.value) == where + (
        "a non-winning field on a drawn card is allowed only to the drawer of the card and the "
        "next player, not to the players after the next one (rules 7.3)"
    )


# -- saves ----------------------------------------------------------------------------------
def test_a_save_made_in_turkish_is_the_save_made_in_english(tmp_path: Path) -> None:
    typed = "\n".join([*MOVES, "save evening", "quit"]) + "\n"
    saves = {}
    for lang in ("en", "tr", "ar"):
        home = tmp_path / lang
        done = run_cardavia(
            "sisepai",
            "play",
            "--seed",
            "5",
            "--ai",
            "basic",
            stdin=typed,
            env={"CARDAVIA_LANG": lang, "NO_COLOR": "1"},
            home=home,
        )
        assert done.returncode == 0, done.stderr
        saves[lang] = (home / "saves" / "evening.toml").read_bytes()
        if lang == "tr":
            assert "Sen gA attın: kimse almadı, kart öldü." in done.stdout.splitlines()
    assert saves["tr"] == saves["en"] and saves["ar"] == saves["en"]
    assert b'"0 claim yE yE"' in saves["en"] and b'"0 discard gA"' in saves["en"]


@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_meld_kinds_are_named_as_in_the_table_of_the_players_rules(lang):
    """Every meld kind is said with the word of the table of melds in the player's rules
    (section 5): Turkish sahra takımı and üç asker (the catalog said saha and üç er), Arabic
    طقم الميدان (it said مجموعة الميدان)."""
    from cardavia_cli.games.sisepai.melds import KIND_WORDS, kind_word

    i18n.set_language(lang)
    rules = (
        (Path(__file__).parent.parent / "cardavia_cli/games/sisepai")
        .joinpath(f"player_rules.{lang}.md")
        .read_text("utf-8")
    )
    table = [row.split(" | ")[0].lstrip("| ") for row in rules.splitlines() if "`" in row]
    words = [kind_word(kind) for kind in KIND_WORDS]
    assert [w for w in words if w not in table] == []
    assert (kind_word("field"), kind_word("soldier3")) == {
        "tr": ("sahra takımı", "üç asker"),
        "ar": ("طقم الميدان", "ثلاثة جنود"),
    }[lang]


def test_regression_check_refusals_are_said_in_the_language() -> None:
    said = {
        lang: run_cardavia("sisepai", "check", "zz", env={"CARDAVIA_LANG": lang}).stderr
        for lang in ("tr", "ar")
    }
    assert said["tr"] == (
        "cardavia: hata: bilinmeyen kart 'zz' (örneğin rK, gP, F ya da red-general yaz)\n"
    )
    assert said["ar"] == (
        "cardavia: خطأ: ورقة غير معروفة 'zz' (اكتب مثلًا rK أو gP أو F أو red-general)\n"
    )
    batch = run_cardavia("sisepai", "check", "-", stdin="zz\n", env={"CARDAVIA_LANG": "tr"})
    assert json.loads(batch.stdout.splitlines()[0])["error"] == (
        "unknown card 'zz' (write e.g. rK, gP, F, or red-general)"
    )
