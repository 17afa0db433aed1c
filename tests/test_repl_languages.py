"""The REPL shell in Turkish and Arabic (issue: cardavia in Turkish and Arabic): the session's
messages from the ``repl`` catalog, and the typed command words of each language (the ``verbs``
catalog, ``pgettext("verb", VERB)``) beside the English verbs, which always work. What a
session records is always the game's English action: a save made in Turkish replays in
English, and is the save the same decisions typed in English make.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from cardavia_cli.engine import i18n
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.repl import verbs
from cardavia_cli.repl.commands import BUILTINS
from cardavia_cli.repl.completion import complete_line
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.output import Note, Problem
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import Session
from cardavia_cli.repl.words import ARGUMENT_WORDS, argument_word, fold, said_word

LANGS = ("tr", "ar")
SHIPPED = ("sisepai", "cucu", "minchiate", "guandan")


def session_of(game: str = "guandan", seed: int = 3) -> tuple[Session, io.StringIO]:
    """A session of ``game`` from ``seed`` on a captured plain console."""
    header = DealFile(game=game, seed=seed)
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, force_terminal=False)
    session = Session(
        load_game(game), load_ui(game), header, new_game_state(header), console=console
    )
    session.emit(session.begin())
    return session, out


def said(reply: list[object]) -> str:
    """The text of a reply's notes and problems, one a line."""
    return "\n".join(str(item.text) for item in reply if isinstance(item, Note | Problem))


def saved_actions(home: Path, name: str) -> list[str]:
    return load_deal(home / "saves" / f"{name}.toml").actions


# -- the catalog of typed words -----------------------------------------------------------------
def test_the_verbs_catalog_lists_every_command_of_every_game_cardavia_ships():
    assert verbs.shipped_games() == list(SHIPPED)
    listed = verbs.messages()
    assert all(context == "verb" for context, _ in listed)
    words = [verb for _, verb in listed]
    assert len(words) == len(set(words))
    every = {c.verb for cmds in verbs.session_commands().values() for c in cmds}
    assert set(words) == every | {c.verb for c in BUILTINS}
    assert {"pass", "claim", "win", "discard", "keep", "swap", "draw", "pay", "accept"} <= every
    assert {"refuse", "declare", "play", "return", "score", "autoplay", "autopass"} <= every
    assert {"help", "hand", "quit", "next", "restart", "cancel", "watch", "finish"} <= every


def test_the_verbs_catalog_leaves_out_a_game_the_tests_register():
    # tests/conftest.py registers Tally, whose bid and give are no verbs of cardavia's games
    assert "tally" not in verbs.shipped_games()
    assert "bid" not in [v for _, v in verbs.messages()]


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_of_every_game_has_a_word_of_its_own_in_each_language(lang):
    i18n.set_language(lang)
    english = {
        name.lower()
        for cmds in verbs.session_commands().values()
        for c in cmds
        for name in (c.verb, *c.aliases)
    }
    words: dict[str, str] = {}
    for verb in verbs.verbs():
        word = said_word(verb)
        assert word is not None, verb
        assert word == word.lower() and word.split() == [word] and not word.isdigit(), word
        # never another verb's English name, never another verb's word (folded as typed)
        assert fold(word) not in english, (verb, word)
        assert fold(word) not in words, (verb, word, words.get(fold(word)))
        words[fold(word)] = verb
    for word in ARGUMENT_WORDS:
        assert argument_word(word) is not None, word


@pytest.mark.parametrize("game", SHIPPED)
def test_in_english_no_command_has_a_second_word(game):
    for cmd in verbs.session_commands([game])[game]:
        assert cmd.word is None
        assert cmd.shown_usage == cmd.usage
        assert cmd.said_help == cmd.help


def test_the_words_chosen_for_some_verbs():
    i18n.set_language("tr")
    registry = load_registry("guandan")
    assert [registry.lookup(w).verb for w in ("pas", "yardım", "el", "ipucu", "çık", "kaydet")] == [  # type: ignore[union-attr]
        "pass",
        "help",
        "hand",
        "hint",
        "quit",
        "save",
    ]
    i18n.set_language("ar")
    registry = load_registry("guandan")
    assert [registry.lookup(w).verb for w in ("باس", "مساعدة", "تلميح", "خروج", "حفظ")] == [  # type: ignore[union-attr]
        "pass",
        "help",
        "hint",
        "quit",
        "save",
    ]


def load_registry(game: str):
    from cardavia_cli.repl.commands import session_registry

    return session_registry(load_ui(game))


def test_a_typed_word_is_folded_turkish_capitals_and_arabic_hamza_and_marks():
    i18n.set_language("tr")
    registry = load_registry("guandan")
    assert registry.lookup("ÇIK").verb == "quit"  # type: ignore[union-attr]
    assert registry.lookup("İptal").verb == "cancel"  # type: ignore[union-attr]
    assert registry.lookup("HINT").verb == "hint"  # type: ignore[union-attr]
    i18n.set_language("ar")
    registry = load_registry("guandan")
    assert registry.lookup("الغاء").verb == "cancel"  # type: ignore[union-attr]
    assert registry.lookup("إِلْغَاء").verb == "cancel"  # type: ignore[union-attr]
    assert registry.lookup("pass").verb == "pass"  # type: ignore[union-attr]


def test_the_lookup_follows_the_language_spoken_now():
    registry = load_registry("guandan")
    i18n.set_language("tr")
    assert registry.lookup("pas").verb == "pass"  # type: ignore[union-attr]
    i18n.set_language("en")
    assert registry.lookup("pas") is None
    i18n.set_language("ar")
    assert registry.lookup("pas") is None
    assert registry.lookup("باس").verb == "pass"  # type: ignore[union-attr]


# -- typing the words -------------------------------------------------------------------------
def play_and_save(lines: list[str], name: str) -> tuple[Session, str]:
    session, out = session_of("guandan", 3)
    session.run(ListReader([*lines, f"save {name}"]))
    return session, out.getvalue()


def test_a_save_made_in_turkish_and_one_in_arabic_are_the_save_made_in_english(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    play_and_save(["play 3C", "pass"], "english")
    i18n.set_language("tr")
    play_and_save(["oyna 3C", "pas"], "turkish")
    i18n.set_language("ar")
    play_and_save(["لعب 3C", "باس"], "arabic")
    i18n.set_language("en")
    english = saved_actions(tmp_path, "english")
    assert [a for a in english if a.startswith("0 ")] == ["0 play 3C", "0 pass"]
    assert saved_actions(tmp_path, "turkish") == english
    assert saved_actions(tmp_path, "arabic") == english
    # and it replays in English to the state the English session left
    english_state = replay(load_deal(tmp_path / "saves" / "english.toml"))
    turkish_state = replay(load_deal(tmp_path / "saves" / "turkish.toml"))
    assert [str(r) for r in turkish_state.history] == [str(r) for r in english_state.history]
    assert [e.text for e in turkish_state.events] == [e.text for e in english_state.events]


def test_arguments_have_their_words_too():
    i18n.set_language("tr")
    session, _ = session_of("guandan", 3)
    assert said(session.execute("ayarla tempo 0")) == "tempo artık kapalı."
    assert said(session.execute("oto-pas kapalı")) == "oto-pas artık kapalı."
    assert said(session.execute("oto-pas açık")).startswith("oto-pas artık açık.")
    assert said(session.execute("oto-pas")) == "oto-pas açık."
    reply = session.execute("geçmiş ham 1")
    assert not any(isinstance(item, Problem) for item in reply)
    session.execute("oto hepsi")
    assert session.state.at_break or session.state.is_over


def test_a_turkish_yes_answers_the_restart_question():
    i18n.set_language("tr")
    session, _ = session_of("guandan", 3)
    session.interactive = True
    session.execute("play 3C")
    question = said(session.execute("baştan"))
    assert question == "Bu maç (kaydedilmedi) bırakılıp yenisi başlatılsın mı? e/H"
    assert session.prompt_text() == "e/H > "
    session.execute("e")
    assert session.pending() == []
    assert not any(r.seat == 0 and not r.forced for r in session.state.history)


def test_an_arabic_no_keeps_the_match_and_yes_abandons_it():
    i18n.set_language("ar")
    session, _ = session_of("guandan", 3)
    session.interactive = True
    session.execute("لعب 3C")
    question = "أتترك هذه المباراة (غير محفوظة) وتبدأ مباراة جديدة؟ ن/لا"
    assert said(session.execute("إعادة")) == question
    assert said(session.execute("لا")) == "تستمر هذه المباراة."
    assert [str(r) for r in session.state.history][:1] == ["0 play 3C"]
    assert said(session.execute("إعادة")) == question
    session.execute("نعم")
    assert not any(r.seat == 0 and not r.forced for r in session.state.history)


# -- completion, help, the toolbar ----------------------------------------------------------------
def test_tab_offers_the_languages_words_beside_the_english_ones():
    i18n.set_language("tr")
    session, _ = session_of("guandan", 3)
    prefix, found = complete_line(session, "pa")
    assert (prefix, [c.text for c in found]) == ("pa", [])  # a leader may not pass
    assert [c.text for c in complete_line(session, "oy")[1]] == ["oyna"]
    first = [c.text for c in complete_line(session, "")[1]]
    assert first[:2] == ["oyna", "play"]
    assert {"yardım", "help", "el", "hand", "çık", "quit"} <= set(first)
    meta = dict((c.text, c.meta) for c in complete_line(session, "")[1])
    assert meta["el"] == meta["hand"] == "elini göster"
    # the words after a typed word of the language are those of its command
    assert [c.text for c in complete_line(session, "oyna 3")[1]] == [
        c.text for c in complete_line(session, "play 3")[1]
    ]
    assert [c.text for c in complete_line(session, "oto ")[1]] == ["hepsi", "all", "maç", "match"]
    assert [c.text for c in complete_line(session, "yardım ya")[1]] == ["yardım"]
    session.execute("oyna 3C")
    assert [c.text for c in complete_line(session, "pa")[1]] == ["pas", "pass"]


def test_tab_offers_the_arabic_words():
    i18n.set_language("ar")
    session, _ = session_of("guandan", 3)
    session.execute("لعب 3C")
    assert [c.text for c in complete_line(session, "با")[1]] == ["باس", "باس-تلقائي"]
    # a word typed without its hamza completes to the word
    assert [c.text for c in complete_line(session, "اع")[1]] == ["إعادة"]
    meta = dict((c.text, c.meta) for c in complete_line(session, "")[1])
    assert meta["مساعدة"] == meta["help"] == "اعرض الأوامر"


def test_english_completion_offers_the_english_verbs_only():
    session, _ = session_of("guandan", 3)
    first = [c.text for c in complete_line(session, "")[1]]
    assert first[:1] == ["play"]
    assert "oyna" not in first and "el" not in first


def test_help_shows_the_languages_word_beside_the_english_verb():
    i18n.set_language("tr")
    session, out = session_of("guandan", 3)
    session.emit(session.execute("help"))
    text = out.getvalue()
    assert "play/oyna CARDS [as TYPE KEY]" in text
    assert "pass/pas" in text
    assert "save/kaydet [AD]" in text
    assert "quit/çık" in text
    assert "Hamlelerin" in text and "Diğer komutlar" in text
    session.emit(session.execute("yardım kaydet"))
    line = out.getvalue().splitlines()[-1]
    assert line.startswith("save/kaydet [AD]  Dağıtımı şimdiki haliyle kaydet")


def test_the_toolbar_names_the_commands_in_the_language():
    i18n.set_language("tr")
    session, _ = session_of("guandan", 3)
    bar = session.toolbar(width=200)
    assert bar.startswith(" hamlen: oyna  |  yardım el masa ipucu oto geçmiş kurallar kaydet")
    assert bar.endswith("|  Tab tamamlar")
    assert session.toolbar(width=20) == " oyna | yardım"


# -- the session's messages ---------------------------------------------------------------------
def test_a_refusal_in_turkish_suggests_the_turkish_word():
    i18n.set_language("tr")
    session, _ = session_of("guandan", 3)
    assert said(session.execute("yardim")) == (
        "bilinmeyen komut 'yardim' (yardım mı demek istedin?): komutların listesi için yardım yaz"
    )
    assert said(session.execute("el 3")) == "el ardından bir şey almaz (kullanım: hand/el)"
    assert said(session.execute("kaydet a b")) == (
        "kaydet tek bir ad alır (boşluksuz), ör. kaydet aksam (kullanım: save/kaydet [AD])"
    )
    assert said(session.execute("iptal")) == "iptal edilecek bir şey yok"


def test_the_session_speaks_arabic():
    i18n.set_language("ar")
    session, _ = session_of("guandan", 3)
    assert said(session.execute("مساعدتي")) == (
        "أمر غير معروف 'مساعدتي' (هل تقصد مساعدة؟): اكتب مساعدة لعرض قائمة الأوامر"
    )
    assert said(session.execute("التالي")) == "لا توجد استراحة للمتابعة منها"
    assert said(session.execute("ضبط إيقاع")) == "الإيقاع موقوف (في الطرفية فقط)."
    assert said(session.execute("ضبط إيقاع 2")) == "أصبح الإيقاع 2 ث."
    assert said(session.execute("باس-تلقائي إيقاف")) == "أصبح باس-تلقائي موقوفًا."


def test_the_session_start_and_end_lines_in_turkish():
    i18n.set_language("tr")
    session, out = session_of("guandan", 3)
    assert "Komutlar için yardım yaz; Tab komutları ve kartları tamamlar." in out.getvalue()
    session.execute("oyna 3C")
    assert said(session.end_of_input()) == "(bu maç kaydedilmedi)"
    assert said(session.quit()) == "(bu maç kaydedilmedi)"


def test_a_turkish_help_starting_with_a_dotted_capital_i_is_lowered_in_turkish():
    from cardavia_cli.repl.commands import Command

    i18n.set_language("tr")
    cmd = Command(verb="x", handler=lambda s, a: [], help="İki kart göster. Sonra", usage="x")
    assert cmd.meta == "iki kart göster"
    cmd = Command(verb="x", handler=lambda s, a: [], help="Işık yak.", usage="x")
    assert cmd.meta == "ışık yak"
