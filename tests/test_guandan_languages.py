"""Guandan in Turkish and Arabic (issue: cardavia in Turkish and Arabic): the status, the
narration, the refusals, the tribute and the end of a deal in each language, card codes intact;
a save made while playing in Turkish or Arabic is byte for byte the save of the same moves in
English, and replays identically.

The deals are those of ``test_guandan_repl``: seat 0 leads the run ``2H 3S 4S 5S 6S`` (a
straight or a straight flush, 8.3), then ``9H 9D``; seat 1 beats it with ``TH TH`` and leads
``RJ``, which nothing of seat 0's beats (autopass, 8.2). The tribute deal has seat 3 pay its
``RJ`` to seat 0, who returns a card (7.3, 7.5).
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cardavia
from rich.console import Console
from rich.text import Text
from test_guandan_repl import DECK, OPENING, SCRIPTS, TRIBUTE_DECK, TRIBUTE_MATCH, Script

from cardavia_cli.engine import i18n
from cardavia_cli.engine.dealfile import DealFile
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import new_game_state
from cardavia_cli.games.guandan.ai import BasicAgent
from cardavia_cli.games.guandan.repl import UI
from cardavia_cli.games.guandan.rules import GuandanState, new_state
from cardavia_cli.games.guandan.view import round_end_view, status_view
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import Session


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


def played(
    lang: str,
    lines: Sequence[str],
    *,
    deck: Sequence[str] = DECK,
    match: dict[str, Any] | None = None,
    scripts: dict[int, Sequence[str]] | None = None,
) -> list[str]:
    """The lines a person reads after typing ``lines`` in ``lang`` (wide enough that no line
    wraps)."""
    i18n.set_language(lang)
    header = DealFile(game="guandan", seed=0, deck=list(deck), match=dict(match or {}))
    out = io.StringIO()
    session = Session(
        load_game("guandan"),
        load_ui("guandan"),
        header,
        new_game_state(header),
        console=Console(file=out, width=300, no_color=True),
    )
    for seat, words in (scripts or {}).items():
        session.agents[seat] = Script(words)
    assert session.run(ListReader(list(lines))) == 0
    return [line.rstrip() for line in out.getvalue().splitlines()]


HAND = (
    "3S 3C  4S 4D  5S 5H  6S 6C  7D 7C  8H 8C  9H 9D  TS TC  JH JD  QS QC  KH KD  AD AC  2H* 2D  BJ"
)


def test_turkish_status_narration_and_refusals() -> None:
    lines = played("tr", [*OPENING, "pass"], scripts=SCRIPTS)
    assert lines[1] == (
        "Seviyeler: biz 2, onlar 2. İlk dağıtım seviye 2 üzerinden oynanır: 2 değerindeki "
        "kartlar jokerlerin hemen altına geçer ve 2H serbest karttır. Elini ilk bitiren "
        "dağıtımı kazanır; maç A seviyesinde kazanılır."
    )
    assert "Elin (27 kart, seviye 2 için en zayıftan başlayarak; * = serbest kart):" in lines
    assert HAND in lines  # the cards as they are in every language
    assert "Kalan kartlar: sen 27, sağ 27, eş 27, sol 27." in lines
    assert "Masa boş: löveyi sen açıyorsun." in lines
    # the refusals: the rule in Turkish, its section kept
    assert "! açış: löveyi açan pas geçemez (kural 8.2)" in lines
    assert "! açış: 3S 4D bir kombinasyon değil (kural 6.3)" in lines
    assert any(
        ln.startswith("! açış: 2H 3S 4S 5S 6S 2 farklı biçimde okunabilir (kural 8.3); ")
        for ln in lines
    )
    # each play with its combination in Turkish and its cards as they are
    assert "Sen 7 ile biten kent ile açtın: 2H* 3S 4S 5S 6S." in lines
    assert "1. koltuk (sağ), 2. koltuk (eş) ve 3. koltuk (sol) pas geçti." in lines
    assert "Yeni löveyi sen açıyorsun." in lines
    assert "1. koltuk (sağ) çift 10 ile geçti: TH TH." in lines
    assert "Masada 1. koltuk (sağ) tarafından oynanan [bold]" not in " ".join(lines)
    assert (
        "Masada 1. koltuk (sağ) tarafından oynanan çift 10: TH TH; o zamandan beri 2 pas." in lines
    )
    assert (
        "! takip: 8H 8C, 1. koltuğun oynadığı çift 10 oyununu geçmiyor (kural 6.5: aynı türden "
        "daha yüksek bir değer ya da bir bomba gerekir)"
    ) in lines
    assert (
        "İpucu: oyna JH JD (çift J). Neden: elinin bölündüğü kombinasyonların hiçbiri masadakini "
        "geçmiyor: bu oyun onu geçer ve elini 6 kombinasyonda bırakır."
    ) in lines
    assert (
        "Pas geçtin: elinde tekli kırmızı joker oyununu geçecek bir şey yok (otomatik pas)."
    ) in lines


def test_arabic_status_narration_and_refusals_keep_the_card_codes() -> None:
    lines = played("ar", [*OPENING, "pass"], scripts=SCRIPTS)
    assert "يدك (27 ورقة، من الأضعف إلى الأقوى على المستوى 2؛ * = حرّة):" in lines
    assert HAND in lines
    assert "الأوراق المتبقية: أنت 27، اليمين 27، الشريك 27، اليسار 27." in lines
    assert "! البدء: لا يجوز لمن يبدأ الأكلة أن يمرِّر (القاعدة 8.2)" in lines
    assert "أنت تبدأ بمتتالية تنتهي بـ7: 2H* 3S 4S 5S 6S." in lines
    assert "المقعد 1 (اليمين) والمقعد 2 (الشريك) والمقعد 3 (اليسار): باس." in lines
    assert "المقعد 1 (اليمين) يتغلب عليها بزوج 10: TH TH." in lines
    assert "على الطاولة زوج 10 التي لعبها المقعد 1 (اليمين): TH TH؛ تمريران بعدها." in lines
    assert (
        "! المتابعة: 8H 8C لا تتغلب على زوج 10 التي لعبها المقعد 1 (القاعدة 6.5: النوع نفسه "
        "بقيمة أعلى، أو قنبلة)"
    ) in lines
    assert "مرّرتَ: لا شيء في يدك يتغلب على مفردة الجوكر الأحمر (تمرير تلقائي)." in lines


def test_the_tribute_and_the_return_in_turkish_and_arabic() -> None:
    tr = played("tr", ["return AS", "return 4s", "table"], deck=TRIBUTE_DECK, match=TRIBUTE_MATCH)
    assert "1. dağıtım, seviye 3 üzerinden oynanıyor: sizin seviyeniz." in tr
    assert "3. koltuk (sol) sana haraç verdi: RJ." in tr
    assert (
        "Bir kartı 3. koltuk (sol) oyuncusuna iade et (kural 7.5, 8.1): return CARD ya da "
        "kartın numarası."
    ) in tr
    assert any(ln.startswith("! iade: AS iade edilebilecek bir kart değil (kural 7.5") for ln in tr)
    assert "Sen 4S kartını iade ettin, alan 3. koltuk (sol)." in tr
    assert "Haraç: 3. koltuk (sol) sana RJ verdi; sen karşılığında 4S iade ettin." in tr
    assert "Seviye 3, sizin seviyeniz; seviyeler: biz 3, onlar 2." in tr
    assert "koltuk           takım  kart  sıra" in tr
    ar = played("ar", ["return 4s"], deck=TRIBUTE_DECK, match=TRIBUTE_MATCH)
    assert "المقعد 3 (اليسار) يدفع لك الجزية: RJ." in ar
    assert "أنت تُرجع 4S إلى المقعد 3 (اليسار)." in ar


def test_the_colours_of_the_cards_are_kept_in_a_translated_line() -> None:
    """A translated sentence is filled with the cards' own styles: the wild 2H in the hearts'
    colour and the wild card's weight (named styles of the palette), in Turkish as in
    English."""
    i18n.set_language("tr")
    state = new_state(deck=DECK)
    state.push(state.parse_action("play 2H 3S 4S 5S 6S as straight 7"))
    line = UI.narrate(state.visible_events(0), 0, 0, frozenset())[-1]
    assert isinstance(line, Text)
    assert line.plain == "Sen 7 ile biten kent ile açtın: 2H* 3S 4S 5S 6S."
    wild = line.plain.index("2H*")
    styles = {str(s.style) for s in line.spans if s.start <= wild < s.end}
    assert styles == {"suit.hearts", "card.wild"}
    assert line.style == "bold"


def test_refusals_say_the_context_and_the_rule_in_the_language() -> None:
    state = new_state(deck=DECK)
    for lang, phase, rule in (
        ("tr", "açış", "löveyi açan pas geçemez (kural 8.2)"),
        ("ar", "البدء", "لا يجوز لمن يبدأ الأكلة أن يمرِّر (القاعدة 8.2)"),
        ("en", "lead", "a leader may not pass (rules 8.2)"),
    ):
        i18n.set_language(lang)
        with pytest.raises(IllegalActionError) as err:
            state.parse_action("pass")
        assert str(err.value) == f"seat 0, {phase}: {rule}"
        assert err.value.rule == rule
    i18n.set_language("tr")
    assert UI.prompt(state.view(0)) == "seviye 2: açış > "
    with pytest.raises(InvalidActionError) as bad:
        state.parse_action("play 9S 9S 9S")
    assert str(bad.value) == (
        "'play 9S 9S 9S': 9S ikiden fazla kez yazılmış (oyunda iki deste var, her kart iki tane)"
    )


def _deal_over(seed: int) -> GuandanState:
    state = new_state(seed=seed)
    rng = random.Random(seed)
    while not state.at_break:
        view = state.view(state.to_act)
        state.push(BasicAgent().choose(view, state.legal_actions(), rng))
    return state


def _plain(renderable: Any) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=300, no_color=True).print(renderable)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_the_end_of_a_deal_in_turkish_and_arabic() -> None:
    state = _deal_over(3)
    view = state.view(0)
    english = _plain(round_end_view(view))
    assert english[1] == (
        "Deal 1: 1st seat 2 (partner), 2nd you, 3rd seat 1 (right), 4th seat 3 (left); your "
        "team goes up 3: levels us 5, them 2."
    )
    i18n.set_language("tr")
    assert _plain(round_end_view(view))[1:] == [
        "1. dağıtım: 1. sırada 2. koltuk (eş), 2. sırada sen, 3. sırada 1. koltuk (sağ), "
        "4. sırada 3. koltuk (sol); takımınız 3 seviye yükseldi: seviyeler biz 5, onlar 2.",
        "Sonraki dağıtım seviye 5 üzerinden, sizin seviyenizde oynanacak; önce 1. koltuk (sağ) "
        "ve 3. koltuk (sol) haraç veriyor (kural 7.1).",
    ]
    i18n.set_language("ar")
    assert _plain(round_end_view(view))[1:] == [
        "الجولة 1: الأول: المقعد 2 (الشريك)، الثاني: أنت، الثالث: المقعد 1 (اليمين)، الرابع: "
        "المقعد 3 (اليسار)؛ فريقك يتقدم 3 مستويات: المستويات نحن 5، هم 2.",
        "تُلعب الجولة التالية على المستوى 5، مستوى فريقك؛ المقعد 1 (اليمين) والمقعد 3 "
        "(اليسار) يدفعان الجزية أولًا (القاعدة 7.1).",
    ]
    # the next deal's status: the tribute line names who gave what (7: announced to all)
    state.next_round()
    status = _plain(status_view(state.view(0)))
    assert status[1] == "المستوى 5، مستوى فريقك؛ المستويات: نحن 5، هم 2."


MOVES = "pass\nplay 3C\nplay ZZ\npass\nhint\npass\n"


@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_a_save_made_in_another_language_is_the_english_save(tmp_path: Path, lang: str) -> None:
    saves = {}
    for speaking in ("en", lang):
        home = tmp_path / speaking
        done = run_cardavia(
            "guandan",
            "play",
            "--seed",
            "3",
            "--save",
            "s",
            stdin=MOVES,
            env={"CARDAVIA_LANG": speaking},
            home=home,
        )
        assert done.returncode == 0, done.stderr
        saves[speaking] = (home / "saves" / "s.toml").read_bytes()
    assert saves[lang] == saves["en"]
    assert b'"0 play 3C"' in saves[lang]
    # and it replays the same in English and in the other language
    path = tmp_path / lang / "saves" / "s.toml"
    runs = [
        run_cardavia("run", str(path), "--json", "--stop", env={"CARDAVIA_LANG": speaking})
        for speaking in ("en", lang)
    ]
    assert runs[0].returncode == runs[1].returncode == 0
    assert runs[0].stdout == runs[1].stdout


@pytest.mark.parametrize(
    ("lang", "words", "kinds"),
    [
        (
            "tr",
            [
                "ful 5",
                "9 ile biten çift dizisi",
                "K ile biten üçlü dizisi",
                "10 ile biten kent renk",
                "joker bombası",
            ],
            ["ful", "çift dizisi", "üçlü dizisi", "kent renk"],
        ),
        (
            "ar",
            [
                "فل هاوس 5",
                "سلسلة أزواج تنتهي بـ9",
                "سلسلة ثلاثيات تنتهي بـK",
                "متتالية من نوع واحد تنتهي بـ10",
                "قنبلة الجوكرات",
            ],
            ["فل هاوس", "سلسلة أزواج", "سلسلة ثلاثيات", "متتالية من نوع واحد"],
        ),
    ],
)
def test_combinations_are_named_as_the_players_rules_name_them(lang, words, kinds):
    """The narration names each combination with the word of the table of the player's rules
    (6.3): Turkish ful, çift dizisi, üçlü dizisi, kent renk (not full, ardışık çiftler, ardışık
    üçlüler, kent floş); Arabic سلسلة أزواج, سلسلة ثلاثيات, فل هاوس and الجوكرات; a sequence by
    its top card, 10 written as a player reads it (never the letter T)."""
    from cardavia_cli.games.guandan.combos import combination_words

    i18n.set_language(lang)
    keys = ["full_house 5", "tube 9", "plate K", "straight_flush T", "joker_bomb"]
    assert [combination_words(k) for k in keys] == words
    rules = (
        (Path(__file__).parent.parent / "cardavia_cli/games/guandan")
        .joinpath(f"player_rules.{lang}.md")
        .read_text("utf-8")
    )
    for word, kind in zip(words, kinds, strict=False):
        assert kind in word and kind in rules


def test_regression_the_ambiguous_play_menu_says_the_verb_in_turkish():
    """The numbered readings of an ambiguous play showed the English verb in Turkish."""
    from test_guandan_repl import SCRIPTS, lines_of, make, run

    i18n.set_language("tr")
    session, out = make(scripts=SCRIPTS)
    run(session, ["oyna 2H 3S 4S 5S 6S", "2", "quit", "quit"], interactive=True)
    lines = lines_of(out)
    assert "1)  oyna 2H 3S 4S 5S 6S as straight 7" in lines
    assert "2)  oyna 2H 3S 4S 5S 6S as straight_flush 7" in lines
    assert session.state.history[0].text == "play 2H 3S 4S 5S 6S as straight_flush 7"


def test_regression_your_only_move_says_the_verb_in_turkish():
    """With autopass off, "Your only move: pass" showed the English verb in Turkish."""
    from test_guandan_repl import lines_of, make, run

    i18n.set_language("tr")
    session, out = make(scripts=SCRIPTS)
    run(session, ["autopass off", *OPENING[4:6], "pas", "quit", "quit"])
    assert "Tek hamlen: pas (bunu yaz; oto-pas kapalı)." in lines_of(out)
