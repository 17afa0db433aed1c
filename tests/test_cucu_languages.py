"""Cuccu in Turkish and Arabic (issue: cardavia in Turkish and Arabic): the views, the story,
the hints and the refusals come from the ``cucu`` catalogs, while card codes, the typed verbs,
saves and ``--json`` stay as they are in every language.

One deal from a fixed deck (rules 13 shorthand; the dealer is seat 3): you hold the 7, your
right the Inn, across the 3, the dealer on your left the Horse, and the Lion is the top card
of the pack. You ask your right to swap and meet the Inn; you ask them to pay, they accept and
keep; across asks the dealer, whose Horse sends them to the top card of the pack (the Lion);
the dealer keeps, and at the showdown the Lion loses a life.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from cli_support import run_cardavia
from rich.console import Console, RenderableType

from cardavia_cli.engine import i18n
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.games.cucu.cards import example_deck, rank_of
from cardavia_cli.games.cucu.repl import UI, _decimal
from cardavia_cli.games.cucu.rules import Action, CucuState, new_state
from cardavia_cli.games.cucu.view import (
    CARD_NAMES,
    card_bare,
    card_words,
    lives_words,
    losses_words,
)
from cardavia_cli.repl.text import you_wording

#: The answers of the deal above, in the order the decision points arise.
ANSWERS = ("swap", "pay", "accept", "keep", "swap", "keep")


def deal(upto: int = 0) -> CucuState:
    """The deal of the module docstring, after its first ``upto`` answers."""
    state = new_state(0, deck=example_deck(["7", "inn", "3", "horse"], top="lion"), dealer=3)
    for word in ANSWERS[:upto]:
        state.apply(Action.parse(word))
    return state


def lines(*renderables: RenderableType) -> list[str]:
    """The renderables as a terminal 200 columns wide shows them, one string per non-blank
    line, runs of spaces made one."""
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True)
    for r in renderables:
        console.print(r)
    return [" ".join(ln.split()) for ln in out.getvalue().splitlines() if ln.strip()]


def story(state: CucuState, seat: int = 0) -> list[str]:
    return lines(*UI.narrate(state.visible_events(seat), 0, seat, frozenset()))


# -- Turkish ----------------------------------------------------------------------------------
def test_your_turn_in_turkish_the_table_your_card_and_the_choices():
    i18n.set_language("tr")
    view = deal().view(0)
    assert lines(UI.status(view)) == [
        "Tur 1 dağıtıcı: 3. koltuk (sol)",
        "koltuk can kart bu tur",
        "> sen 3 can 7 şimdi sırada",
        "1. koltuk (sağ) 3 can ? -",
        "2. koltuk (karşı) 3 can ? -",
        "3. koltuk (sol), dağıtıcı 3 can ? -",
        "Bu turda gösterilen: yok",
        "Deste: 36 kart.",
        "Kartın: 7: gücü yok: senden takas istenirse takas etmek zorundasın (kural 7.1).",
        "Sıra sende: kartını tut ya da sıradaki oyuncudan takas iste (kural 7).",
        "Seçeneklerin (bir sayı ya da sözcük):",
        "1 tut 7 kartını tut",
        "2 değiş 1. koltuk (sağ) ile kart takası iste",
    ]
    assert UI.prompt(view) == "7: tut ya da değiş > "


def test_stopped_by_the_inn_in_turkish():
    i18n.set_language("tr")
    view = deal(1).view(0)
    assert lines(*UI.status(view).renderables[-3:]) == [
        "Kartın: 7: gücü yok: senden takas istenirse takas etmek zorundasın (kural 7.1).",
        "1. koltuk (sağ) Osteria'yı gösterdi: takas durdu (kural 7.5).",
        "Seçeneklerin (bir sayı ya da sözcük):",
        "1 tut durmayı kabul et ve 7 kartını tut",
        "2 öde kartın kaybederse senin yerine ödemesi için 1. koltuk (sağ) ile anlaşma iste "
        "(Nulla hariç)",
    ]
    assert lines(UI.status(view))[2] == "> sen 3 can 7 sağ oyuncudan takas istedi, şimdi sırada"
    assert UI.prompt(view) == "7: tut ya da öde > "


def test_the_whole_deal_told_in_turkish():
    i18n.set_language("tr")
    state = deal(len(ANSWERS))
    assert state.at_break
    assert story(state) == [
        "Sana 7 geldi.",
        "1. koltuk (sağ) ile takas istedin.",
        "1. koltuk (sağ) Osteria kartını gösterdi: takas durdu.",
        "Kartın kaybederse senin yerine ödemesi için 1. koltuk (sağ) ile anlaşma istedin.",
        "1. koltuk (sağ) kabul etti: takas yok; kartın kaybederse senin yerine bir canı "
        "1. koltuk (sağ) ödeyecek (Nulla hariç).",
        "1. koltuk (sağ) kartını tuttu.",
        "2. koltuk (karşı), 3. koltuk (sol) ile takas istedi.",
        "3. koltuk (sol) Cavallo kartını gösterdi: 2. koltuk (karşı) destenin en üstteki "
        "kartıyla takas etti.",
        "Dağıtıcı 3. koltuk (sol) kartını tuttu.",
        "Açılış: sende 7, 1. koltuk (sağ) Osteria, 2. koltuk (karşı) Leone, 3. koltuk (sol) "
        "Cavallo.",
        "2. koltuk (karşı) oyuncusunun Leone kartı kaybetti: 2 canı kaldı.",
    ]
    assert lines(UI.round_end(state.view(0))) == [
        "1. turun sonu: 2. koltuk (karşı) bir can kaybetti.",
        "Canlar: sen 3, 1. koltuk (sağ) 3, 2. koltuk (karşı) 2, 3. koltuk (sol) 3. Sıradaki "
        "dağıtıcı sensin.",
    ]
    assert lines(UI.round_summary(state.view(0))) == [
        "Tur 1: 2. koltuk (karşı) bir can kaybetti; canlar: sen 3, sağ 3, karşı 2, sol 3."
    ]


def test_the_inn_holder_is_asked_to_pay_in_turkish_and_the_prompt_keeps_the_card_code():
    i18n.set_language("tr")
    view = deal(2).view(1)
    assert lines(*UI.status(view).renderables[-2:]) == [
        "Osteria sende: 0. koltuk (sol), kaybederse onun yerine ödemeni istiyor (kural 7.5).",
        "Seçeneklerin (bir sayı ya da sözcük):",
        "1 kabul takas yok; 0. koltuk (sol) oyuncusunun kartı kaybederse onun yerine sen bir "
        "can kaybedersin (Nulla hariç)",
        "2 reddet Osteria kartını 0. koltuk (sol) oyuncusunun kartıyla takas et",
    ]
    assert UI.prompt(view) == "inn: kabul ya da reddet > "


def test_a_hint_in_turkish_writes_the_decimal_mark_of_the_language():
    assert _decimal(0.5) == "0.50"
    i18n.set_language("tr")
    assert _decimal(0.5) == "0,50"
    hint = lines(UI.hint(deal(1).view(0), Action.parse("pay")))
    assert hint == [
        "İpucu: öde: kartın kaybederse senin yerine ödemesi için 1. koltuk (sağ) ile anlaşma "
        "iste (Nulla hariç)",
        "Ödeme istemek hiçbir zaman tutmaktan kötü değildir: kabul edilen anlaşma Nulla dışında "
        "kaybeden her kartı karşılar, reddedilirse de Osteria sana geçer (kural 7.5).",
    ]


def test_a_refusal_in_turkish_names_the_rule_after_the_seat():
    i18n.set_language("tr")
    state = deal()
    with pytest.raises(IllegalActionError) as refused:
        state.parse_action("pay")
    assert str(refused.value) == (
        "seat 0, sıra gelmişken: 'pay' geçerli bir yanıt değil (bölüm 6, 7: keep yaz ya da "
        "sıradaki oyuncudan takas istemek için swap)"
    )
    assert you_wording(refused.value) == (
        "sıra gelmişken: 'pay' geçerli bir yanıt değil (bölüm 6, 7: keep yaz ya da sıradaki "
        "oyuncudan takas istemek için swap)"
    )
    with pytest.raises(IllegalActionError, match=r"^seat 0, sıra gelmişken: 'draw' yalnızca "):
        state.parse_action("draw")
    with pytest.raises(InvalidActionError) as unknown:
        state.parse_action("tut")
    assert str(unknown.value) == (
        "bilinmeyen hamle 'tut': keep, swap (dağıtıcı için draw), pay, accept ya da refuse yaz"
    )


# -- Arabic -----------------------------------------------------------------------------------
def test_stopped_by_the_inn_in_arabic():
    i18n.set_language("ar")
    view = deal(1).view(0)
    assert lines(UI.status(view))[:4] == [
        "الدور 1 الموزّع: المقعد 3 (اليسار)",
        "المقعد الأرواح الورقة في هذا الدور",
        "> أنت 3 7 طلب المبادلة من لاعب اليمين، صاحب النوبة",
        "المقعد 1 (اليمين) 3 أوستيريا -",
    ]
    assert lines(*UI.status(view).renderables[-3:]) == [
        "ورقتك: 7: لا قوة لها: إن طُلبت منك المبادلة لزمتك (القاعدة 7.1).",
        "كشف المقعد 1 (اليمين) أوستيريا: توقفت المبادلة (القاعدة 7.5).",
        "خياراتك (رقم أو الكلمة):",
        "1 إبقاء اقبل التوقف واحتفظ بورقتك 7",
        "2 دفع اطلب من المقعد 1 (اليمين) أن يدفع عنك إن خسرت ورقتك (إلا النولا)",
    ]
    assert UI.prompt(view) == "7: إبقاء أو دفع > "


def test_the_whole_deal_told_in_arabic():
    i18n.set_language("ar")
    state = deal(len(ANSWERS))
    assert story(state) == [
        "حصلتَ على 7.",
        "طلبتَ من المقعد 1 (اليمين) المبادلة.",
        "كشف المقعد 1 (اليمين) أوستيريا: توقفت المبادلة.",
        "طلبتَ من المقعد 1 (اليمين) أن يدفع عنك إن خسرت ورقتك.",
        "قبل المقعد 1 (اليمين): لا مبادلة؛ يدفع المقعد 1 (اليمين) روحًا عنك إن خسرت ورقتك "
        "(إلا النولا).",
        "احتفظ المقعد 1 (اليمين) بورقته.",
        "طلب المقعد 2 (المقابل) من المقعد 3 (اليسار) المبادلة.",
        "كشف المقعد 3 (اليسار) كافالو: بادل المقعد 2 (المقابل) مع الورقة العليا في الرزمة.",
        "احتفظ الموزّع، المقعد 3 (اليسار)، بورقته.",
        "كشف الأوراق: أنت 7، المقعد 1 (اليمين) أوستيريا، المقعد 2 (المقابل) ليوني، "
        "المقعد 3 (اليسار) كافالو.",
        "خسرت ورقة المقعد 2 (المقابل)، ليوني: بقيت له روحان.",
    ]
    assert lines(UI.round_end(state.view(0))) == [
        "نهاية الدور 1: خسر المقعد 2 (المقابل) روحًا.",
        "الأرواح: أنت 3، المقعد 1 (اليمين) 3، المقعد 2 (المقابل) 2، المقعد 3 (اليسار) 3. "
        "أنت الموزّع التالي.",
    ]


def test_arabic_keeps_the_card_codes_of_the_prompt_as_left_to_right_runs():
    i18n.set_language("ar")
    prompt = UI.prompt(deal(2).view(1))
    assert prompt == "inn: قبول أو رفض > "
    shown = i18n.isolate_ltr(prompt)
    assert shown.startswith(i18n.LRI + "inn:" + i18n.PDI)
    assert shown.replace(i18n.LRI, "").replace(i18n.PDI, "") == prompt


@pytest.mark.parametrize(
    ("lang", "cells"),
    [("tr", ["elendi", "1 can", "2 can", "3 can"]), ("ar", ["خارج", "1", "2", "3"])],
)
def test_the_lives_column_of_the_table_says_each_count_in_the_language(lang, cells):
    i18n.set_language(lang)
    assert [lives_words(n) for n in range(4)] == cells


def test_the_arabic_table_gives_lives_as_figures():
    i18n.set_language("ar")
    assert lines(UI.table(deal(len(ANSWERS)).view(0)))[2:6] == [
        "أنت 3 7 طلب المبادلة من لاعب اليمين، طلب من أوستيريا الدفع، اتفاق: المقعد 1 (اليمين) "
        "يدفع عنك",
        "المقعد 1 (اليمين) 3 أوستيريا قبل الدفع، احتفظ",
        "المقعد 2 (المقابل) 2 ليوني طلب المبادلة من لاعب اليسار",
        "المقعد 3 (اليسار)، الموزّع 3 كافالو احتفظ",
    ]


def test_losses_of_several_lives_in_arabic_use_the_dual():
    i18n.set_language("ar")
    state = new_state(0, deck=example_deck(["7", "inn", "3", "horse"], top="lion"), dealer=3)
    view = state.view(0)
    lost = replace(view, start_lives=(3, 3, 3, 3), lives=(1, 3, 0, 3))
    assert losses_words(lost) == (
        "خسرتَ روحين، خسر المقعد 2 (المقابل) أرواحه الـ3 الأخيرة وخرج من المباراة"
    )


def test_a_refusal_in_arabic_names_the_rule_after_the_seat():
    i18n.set_language("ar")
    state = deal(1)
    with pytest.raises(IllegalActionError) as refused:
        state.parse_action("accept")
    assert you_wording(refused.value) == (
        "وقد أوقفت أوستيريا الطلب: 'accept' ليست إجابة مسموحة (القسم 7.5: أجب keep، أو pay "
        "لتطلب من صاحب أوستيريا أن يدفع عنك)"
    )


# -- every language ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_every_named_card_has_a_name_of_its_own_in_the_language(lang):
    i18n.set_language(lang)
    names = [card_words(code) for code in ("lion", "mask", "bucket", "zero", "inn", "cat")]
    names += [card_words(code) for code in ("horse", "hunter", "cuckoo", "fool")]
    assert len(set(names)) == 10
    english = {words for pair in CARD_NAMES.values() for words in pair}
    assert not english & set(names)
    assert card_words("7") == card_bare("7") == "7"


def test_the_english_card_names_are_the_sites():
    from cardavia_cli.games.cucu.cards import ENGLISH_NAMES

    for rank, (the, bare) in CARD_NAMES.items():
        assert (the, bare) == (f"the {ENGLISH_NAMES[rank]}", ENGLISH_NAMES[rank])
        assert rank_of(bare) == rank


def _play(home: Path, lang: str) -> tuple[str, bytes]:
    done = run_cardavia(
        "cucu",
        "play",
        "--seed",
        "7",
        "--ai",
        "basic",
        "--save",
        "evening",
        stdin="swap\nnext\nkeep\nquit\n",
        home=home,
        env={"CARDAVIA_LANG": lang, "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, (home / "saves" / "evening.toml").read_bytes()


def test_a_save_made_in_turkish_is_the_save_made_in_english(tmp_path: Path):
    told_tr, saved_tr = _play(tmp_path / "tr", "tr")
    told_en, saved_en = _play(tmp_path / "en", "en")
    assert saved_tr == saved_en
    assert "Sıra sende: kartını tut ya da sıradaki oyuncudan takas iste (kural 7)." in told_tr
    assert "Your turn: keep your card or ask the next player to swap (rules 7)." in told_en
    assert "Sıra sende" not in told_en
    for lang in ("tr", "ar", "en"):
        run = run_cardavia(
            "run",
            str(tmp_path / "tr" / "saves" / "evening.toml"),
            "--json",
            env={"CARDAVIA_LANG": lang},
            home=tmp_path / lang,
        )
        assert run.returncode == 0, run.stderr
        if lang == "tr":
            first = run.stdout
        assert run.stdout == first


def test_the_showdown_check_says_a_life_as_the_game_does_in_arabic():
    """``cucu check`` and the game say "a life" with one word (روح, as the player's rules do),
    not حياة."""
    done = run_cardavia(
        "cucu", "check", "0=2", "1=7", "2=lion", "3=inn", env={"CARDAVIA_LANG": "ar"}
    )
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "المقعد 0: 2",
        "المقعد 1: 7",
        "المقعد 2: lion  يخسر روحًا",
        "المقعد 3: inn",
    ]
    done = run_cardavia("cucu", "check", "0=cuckoo", "1=cuckoo", env={"CARDAVIA_LANG": "ar"})
    assert done.stdout.splitlines()[-1] == "لا أحد يخسر روحًا."
