"""Minchiate in Turkish and Arabic (issue 18): the narration, the views, the prompts and the
refusals come from the catalogs of the domain ``minchiate``; card codes, the saves and the
actions recorded in them do not change with the language.

The scripted deck is the deck of rules example 13 (``minchiate_support.EXAMPLE_DECK``). With
seat 1 dealing, seat 0 is the cutter: it robs T22 KC T3 and owes three discards; in trick 1
(seat 2 leads 10C, seat 3 trumps with T11) the King obligation falls on its robbed KC.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cli_support import run_cardavia
from minchiate_support import EXAMPLE_DECK
from rich.console import Console, RenderableType

from cardavia_cli.engine import i18n
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state
from cardavia_cli.games.minchiate.repl import UI
from cardavia_cli.games.minchiate.rules import MinchiateState
from cardavia_cli.games.minchiate.view import outcome_line

#: The decisions from the deal to seat 0's turn in trick 1, where only KC may be played.
TO_KING_OBLIGATION = [
    "discard T22 T23 T24",
    "discard 2C 3C 4C",
    "declare 1",
    "declare 1 2",
    "play 10C",
    "play T11",
]


def scripted(actions: list[str] = ()) -> MinchiateState:  # type: ignore[assignment]
    state = new_game_state(DealFile(game="minchiate", deck=list(EXAMPLE_DECK), dealer=1))
    assert isinstance(state, MinchiateState)
    for text in actions:
        state.push(state.parse_action(text))
    return state


def plain(*items: RenderableType) -> list[str]:
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, force_terminal=False)
    for item in items:
        console.print(item)
    return [line.rstrip() for line in out.getvalue().splitlines()]


# -- the narration of the deal -------------------------------------------------------------------
OPENING = {
    "en": [
        "You rob T22 KC(5) T3(3) from the bottom of the pack: 8 points for us.",
        "You are dealt 21 cards.",
        "Seat 1 (right) shows the last card dealt to all: T38(10), 10 points for them.",
        "Seat 1 (right) robs T29 KD(5) KB(5) from the fola: 10 points for them.",
        "Running difference: 12 for them (resti: us 0, them 0).",
    ],
    "tr": [
        "Destenin dibinden T22 KC(5) T3(3) aldın: bize 8 puan.",
        "Sana 21 kart dağıtıldı.",
        "1. koltuk (sağ) dağıttığı son kartı herkese açtı: T38(10), onlara 10 puan.",
        "1. koltuk (sağ) foladan T29 KD(5) KB(5) aldı: onlara 10 puan.",
        "Güncel fark: onların lehine 12 (resti: biz 0, onlar 0).",
    ],
    "ar": [
        "تأخذ T22 KC(5) T3(3) من أسفل الرزمة: 8 نقاط لنا.",
        "وُزِّعت عليك 21 ورقة.",
        "المقعد 1 (اليمين) يكشف للجميع آخر ورقة وُزّعت: T38(10)، 10 نقاط لهم.",
        "المقعد 1 (اليمين) يأخذ T29 KD(5) KB(5) من الفولا: 10 نقاط لهم.",
        "الفارق الجاري: 12 لصالحهم (الريستي: نحن 0، هم 0).",
    ],
}


@pytest.mark.parametrize("lang", ["en", "tr", "ar"])
def test_the_robbing_and_the_deal_are_told_in_the_language(lang: str) -> None:
    i18n.set_language(lang)
    state = scripted()
    events = state.visible_events(0)
    assert plain(*UI.narrate(events, 0, 0, frozenset())) == OPENING[lang]


DISCARD_PROMPT = {
    "en": "three cards to discard (auto: 2S 3S 4S) > ",
    "tr": "atılacak üç kart (auto: 2S 3S 4S) > ",
    "ar": "ثلاثة أوراق للطرح (auto: 2S 3S 4S) > ",
}


@pytest.mark.parametrize("lang", ["en", "tr", "ar"])
def test_the_discard_prompt_counts_in_words_and_keeps_the_cards(lang: str) -> None:
    i18n.set_language(lang)
    assert UI.prompt(scripted().view(0)) == DISCARD_PROMPT[lang]


DECLARATIONS = {
    "tr": [
        "Attığın kartlar: T22 T23 T24.",
        "1. koltuk (sağ) 3 kart kapalı attı.",
        "İlan ettin: seri T30 T31 T32 T33 (20): bize +20.",
        "1. koltuk (sağ) ilan etti: seri T34 T35 T36 T37 T38 T39 T40 (60),",
        "  ve papazlar KD KS KB (15): onlara +75.",
        "Onlara bir resto! Resti: biz 0, onlar 1; fark onların lehine 7.",
        "Fola açıldı: 6C T15 7B JB NB QB 5S (ölü kartlar, oyun dışı).",
    ],
    "ar": [
        "تطرح T22 T23 T24.",
        "المقعد 1 (اليمين) يطرح 3 أوراق مقلوبة.",
        "تعلن متتالية T30 T31 T32 T33 (20): +20 لنا.",
        "المقعد 1 (اليمين) يعلن متتالية T34 T35 T36 T37 T38 T39 T40 (60)،",
        "  وملوك KD KS KB (15): +75 لهم.",
        "ريستو لهم! الريستي: نحن 0، هم 1؛ الفارق 7 لصالحهم.",
        "كُشفت الفولا: 6C T15 7B JB NB QB 5S (أوراق ميتة، خارج اللعب).",
    ],
}


@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_discards_declarations_and_a_resto_are_told_in_the_language(lang: str) -> None:
    i18n.set_language(lang)
    state = scripted()
    start = len(state.visible_events(0))
    for text in TO_KING_OBLIGATION[:4]:
        state.push(state.parse_action(text))
    events = state.visible_events(0)
    assert plain(*UI.narrate(events, start, 0, frozenset())) == DECLARATIONS[lang]


# -- the views at the King obligation ----------------------------------------------------------
KING = {
    "tr": {
        "trick": "Löve 1/21 (uyulacak renk: Kupa): açan karşı: 10C, sol T11 (alıyor); sıra sende.",
        "reason": (
            "Papaz zorunluluğu: ilk Kupa lövesi kozlandı, bu yüzden KC kartını oynamalısın, "
            "Matto bile olmaz (kural 9.3.3.1). Tek kartın: KC (play ya da 1)."
        ),
        "hand": "Elin (21 kart, 33 kart puanı)",
        "score": "Resti: biz 0, onlar 1   fark onların lehine 7   puanlar: biz 28, onlar 95",
        "prompt": "löve 1, Kupa > ",
        "refusal": (
            "seat 0, 1. löve: Papaz zorunluluğu: bu ilk Kupa lövesi ve kozlandı, bu yüzden KC "
            "oynanmalı, Matto bile olmaz (kural 9.3.3.1)"
        ),
    },
    "ar": {
        "trick": (
            "الأكلة 1 من 21 (المطلوب الكؤوس): المقابل بدأ بـ 10C، اليسار T11 (الرابحة)؛ "
            "دورك في اللعب."
        ),
        "reason": (
            "إلزام الملك: قُطعت أول أكلة من الكؤوس بالحكم، فيجب أن تلعب KC، ولا حتى الماتو "
            "(القاعدة 9.3.3.1). ورقتك الوحيدة: KC (play أو 1)."
        ),
        "hand": "يدك (21 ورقة، 33 من نقاط الأوراق)",
        "score": "الريستي: نحن 0، هم 1   الفارق 7 لصالحهم   النقاط: نحن 28، هم 95",
        "prompt": "الأكلة 1، الكؤوس > ",
        "refusal": (
            "seat 0, الأكلة 1: إلزام الملك: هذه أول أكلة من الكؤوس وقد قُطعت بالحكم، فيجب لعب "
            "KC، ولا حتى الماتو (القاعدة 9.3.3.1)"
        ),
    },
}


@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_the_table_the_hand_and_the_choices_at_the_king_obligation(lang: str) -> None:
    i18n.set_language(lang)
    view = scripted(TO_KING_OBLIGATION).view(0)
    lines = plain(UI.status(view))
    expected = KING[lang]
    for key in ("trick", "reason", "hand", "score"):
        assert expected[key] in lines, key
    assert UI.prompt(view) == expected["prompt"]
    # the hand's rows keep every card code as it is
    assert any(line.split()[1:3] == ["KC(5)", "5"] for line in lines if "KC(5)" in line)


@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_a_refusal_names_the_rule_in_the_language_after_the_english_place(lang: str) -> None:
    i18n.set_language(lang)
    state = scripted(TO_KING_OBLIGATION)
    with pytest.raises(IllegalActionError) as refused:
        state.parse_action("play 2S")
    assert str(refused.value) == KING[lang]["refusal"]
    with pytest.raises(InvalidActionError) as bad:
        state.parse_action("play KC QC")
    assert (
        str(bad.value)
        == {
            "tr": "'play' tam olarak bir kart ister, ör. 'play KS' (kural 9.3)",
            "ar": "يأخذ 'play' ورقة واحدة بالضبط، مثل 'play KS' (القاعدة 9.3)",
        }[lang]
    )


# -- the end of the deal ---------------------------------------------------------------------------
def test_the_result_is_said_in_the_language_with_the_same_numbers() -> None:
    state = scripted(TO_KING_OBLIGATION)
    from cardavia_cli.games.minchiate.ai import BasicAgent

    while not state.is_over:
        view = state.view(state.to_act)  # type: ignore[arg-type]
        state.push(BasicAgent().explain(view, view.legal)[0])
    outcome = state.result()
    assert outcome is not None
    view = state.view(0)
    resti = outcome.data["resti"]
    assert outcome.winner is not None and resti[outcome.winner] > 1
    won, lost = resti[outcome.winner], resti[1 - outcome.winner]
    said = {
        "en": outcome_line(view, outcome),
        "tr": "",
        "ar": "",
    }
    for lang in ("tr", "ar"):
        i18n.set_language(lang)
        said[lang] = outcome_line(view, outcome)
    if outcome.winner == 0:
        assert said["en"] == f"Your team wins, {won} resti to {lost}."
        assert said["tr"] == f"Takımın {lost} resti'ye karşı {won} resti ile kazandı."
        assert said["ar"] == f"يفوز فريقك، {won} ريستي مقابل {lost}."
    else:
        assert said["en"] == f"Their team (right and left) wins, {won} resti to {lost}."
        assert (
            said["tr"] == f"Rakip takım (sağ ve sol) {lost} resti'ye karşı {won} resti ile kazandı."
        )
        assert said["ar"] == f"يفوز الفريق الآخر (اليمين واليسار)، {won} ريستي مقابل {lost}."


# -- a save made in Turkish or Arabic is the save of the same moves in English -----------------
def test_a_save_made_in_turkish_or_arabic_is_byte_identical_to_the_english_one(
    tmp_path: Path,
) -> None:
    deck = ", ".join(f'"{c}"' for c in EXAMPLE_DECK)
    path = tmp_path / "deal.toml"
    path.write_text(f'format = 1\ngame = "minchiate"\ndeck = [{deck}]\ndealer = 1\nseed = 4\n')
    typed = "discard T22\ndiscard T3\ndiscard T23 T24\ndeclare all\nplay 2S\nplay T25\nsave mid\n"
    saved: dict[str, bytes] = {}
    shown: dict[str, str] = {}
    for lang in ("en", "tr", "ar"):
        home = tmp_path / lang
        done = run_cardavia(
            "minchiate",
            "play",
            "--deal",
            str(path),
            stdin=typed,
            env={"CARDAVIA_LANG": lang, "NO_COLOR": "1"},
            home=home,
        )
        assert done.returncode == 0, done.stderr
        saved[lang] = (home / "saves" / "mid.toml").read_bytes()
        shown[lang] = done.stdout
    assert saved["tr"] == saved["en"]
    assert saved["ar"] == saved["en"]
    # the sessions were spoken in their languages, the refused card and the King's play included
    assert (
        "T3 atılamaz: yalnızca T29 dışındaki puansız kartlar atılabilir (kural 7.2)"
        in (shown["tr"])
    )
    assert "لا يجوز طرح T3: تُطرح فقط الأوراق التي بلا نقاط عدا T29 (القاعدة 7.2)" in shown["ar"]
    assert (
        "Löve 1: karşı 10C, sol T11, sen KC(5) (zorunlu), sağ AC: löveyi sol aldı" in (shown["tr"])
    )
    assert "الأكلة 1: المقابل 10C، اليسار T11، أنت KC(5) (إجباري)، اليمين AC" in shown["ar"]
    deal = load_deal(tmp_path / "en" / "saves" / "mid.toml")
    assert deal.actions[:4] == [
        "0 discard T22",
        "0 discard T23 T24",
        "1 discard 2C 3C 4C",
        "0 declare 1",
    ]
    assert "0 play T25" in deal.actions


def test_the_game_keeps_its_name_in_arabic() -> None:
    """The game is named Minchiate in Arabic too, as the other games keep theirs (Guandan،
    Cuccu،) and as its player's rules write it."""
    done = run_cardavia(
        "minchiate",
        "play",
        "--seed",
        "4",
        "--ai",
        "basic",
        stdin="quit\n",
        env={"CARDAVIA_LANG": "ar"},
    )
    assert done.returncode == 0
    assert done.stdout.startswith(
        "Minchiate، البذرة 4: أنت (المقعد 0) وشريكك المقعد 2 (المقابل)، basic، "
    )
    done = run_cardavia("minchiate", "check", "ZZ", env={"CARDAVIA_LANG": "ar"})
    assert done.returncode == 2
    said = done.stderr.replace("\u2066", "").replace("\u2069", "")
    assert "'ZZ' ليست ورقة Minchiate (" in said
