"""The command line in Turkish and Arabic (issue: cardavia in Turkish and Arabic).

What a person reads changes with the language: the commands' output, their one-line errors
and ``--help``. What a script reads never does: ``--json`` output (standard output and
standard error) and the event lines of ``run`` are the same bytes in every language. The
language is chosen by ``--lang``, then ``CARDAVIA_LANG``, then the settings file, then the
locale.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
import typer
from cli_support import run_cardavia

from cardavia_cli.app import app
from cardavia_cli.commands.plainhelp import walk
from cardavia_cli.engine import i18n

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "saves" / "examples"
LANGS = ("en", "tr", "ar")
#: An example save whose match stops at a break (``run --stop``) and one whose deal is over.
OPEN_SAVE = "cucu-cat"
DONE_SAVE = "sisepai-claims-whole-deal"


def _json_commands() -> set[str]:
    """Every command of the tree that takes ``--json``, by its path (``saves show``)."""
    found = set()
    for path, command in walk(typer.main.get_command(app)):
        for param in getattr(command, "params", []):
            if "--json" in getattr(param, "opts", []):
                found.add(" ".join(path))
    return found


#: For each command with ``--json``: command lines (after ``cardavia``), a valid one and a bad
#: one, run in a cardavia home holding the saves OPEN_SAVE and DONE_SAVE.
JSON_CASES: dict[str, list[list[str]]] = {
    "run": [
        [str(EXAMPLES / f"{OPEN_SAVE}.toml"), "--json", "--stop"],
        [str(EXAMPLES / f"{DONE_SAVE}.toml"), "--json"],
        ["no-such-save", "--json"],
        [str(EXAMPLES / f"{OPEN_SAVE}.toml"), "--json", "--max-deals", "x"],
    ],
    "saves list": [["--json"]],
    "saves show": [[OPEN_SAVE, "--json"], ["no-such-save", "--json"]],
    "saves delete": [[OPEN_SAVE, "--yes", "--json"], ["no-such-save", "--yes", "--json"]],
    "saves prune": [["--finished", "--yes", "--json"], ["--json"]],
    "scores list": [["--json"], ["--json", "--since", "yesterday"]],
    "arena": [
        ["cucu", "--deals", "2", "--json"],
        ["cucu", "--seats", "basic,nobody,basic,basic", "--json"],
    ],
    "sisepai check": [
        "rK rA rE yK yA yE wR wH wC gR gR gR gP gP gP F F yP yP yP wK --json".split(),
        ["rK", "rA", "--json"],
    ],
    "guandan check": [
        ["2H", "3S", "4S", "5S", "6S", "--level", "2", "--beats", "9S 9D", "--json"],
        ["2H", "ZZ", "--level", "2", "--json"],
    ],
    "cucu check": [["0=3", "1=7", "2=lion", "3=X", "--json"], ["0=3", "0=7", "--json"]],
    "minchiate check": [["T28", "T29", "T30", "M", "KS", "--json"], ["T28", "T28", "--json"]],
    "settings": [["--json"], ["palette", "blue", "--json"]],
    "review": [
        [OPEN_SAVE, "--samples", "2", "--json"],
        [OPEN_SAVE, "--from", "99", "--json"],
    ],
}
#: Timings in ``arena --json``: the only values that differ between two runs.
TIMINGS = ("deals_per_second", "decision_ms")


def _home(tmp_path: Path, lang: str) -> Path:
    """A cardavia home of its own for ``lang``, holding the two example saves."""
    home = tmp_path / lang
    saves = home / "saves"
    saves.mkdir(parents=True)
    for name in (OPEN_SAVE, DONE_SAVE):
        shutil.copy(EXAMPLES / f"{name}.toml", saves / f"{name}.toml")
        os.utime(saves / f"{name}.toml", (1_700_000_000, 1_700_000_000))  # the same "modified"
    return home


def _without_timings(text: str) -> str:
    """``arena --json``'s document without its timings (the rest as it is)."""
    if not text.startswith("{"):
        return text
    doc = json.loads(text)
    for key in TIMINGS:
        doc.pop(key, None)
    for level in doc.get("levels", []):
        for key in TIMINGS:
            level.pop(key, None)
    return json.dumps(doc)


def test_every_command_with_json_has_cases():
    """A command given ``--json`` later is listed here too (else it is not tested below)."""
    assert _json_commands() == set(JSON_CASES)


@pytest.mark.parametrize(
    "command, case",
    [(c, i) for c, cases in JSON_CASES.items() for i in range(len(cases))],
    ids=lambda v: str(v).replace(" ", "-"),
)
def test_json_output_is_the_same_in_every_language(tmp_path, command, case):
    words = [*command.split(), *JSON_CASES[command][case]]
    answers = {}
    for lang in LANGS:
        done = run_cardavia(*words, env={"CARDAVIA_LANG": lang}, home=_home(tmp_path, lang))
        stdout = done.stdout
        if command == "arena":
            stdout = _without_timings(stdout)
        home = str(tmp_path / lang)  # (each language has a home of its own)
        answers[lang] = (done.returncode, stdout.replace(home, "H"), done.stderr.replace(home, "H"))
    assert answers["tr"] == answers["en"]
    assert answers["ar"] == answers["en"]
    if command == "run" and case == 0:
        assert json.loads(answers["en"][1])["log"][0] == "deal 0 1"


def test_json_errors_stay_english_whatever_lang_option(tmp_path):
    """``--lang tr`` with ``--json``: the error line is still the English one."""
    done = run_cardavia("--lang", "tr", "sisepai", "check", "rK", "rA", "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("cardavia: error: a hand has 21 cards")


def test_json_usage_errors_stay_english():
    done = run_cardavia("--lang", "ar", "run", "x.toml", "--json", "--max-deals", "x")
    assert done.returncode == 2
    assert done.stderr == (
        "cardavia: error: Invalid value for '--max-deals': 'x' is not a whole number 1 or "
        "more (see 'cardavia run --help')\n"
    )


def test_the_batch_check_answers_in_english(tmp_path):
    """``sisepai check -`` answers in JSON, so it speaks English."""
    lines = "rK rA\nrK rA rE yK yA yE wR wH wC gR gR gR gP gP gP F F yP yP yP wK\n"
    english = run_cardavia("sisepai", "check", "-", stdin=lines)
    turkish = run_cardavia("sisepai", "check", "-", stdin=lines, env={"CARDAVIA_LANG": "tr"})
    assert english.returncode == turkish.returncode == 2
    assert (turkish.stdout, turkish.stderr) == (english.stdout, english.stderr)
    assert english.stderr == (
        "cardavia: error: 1 line of 2 answered was bad input (the first: line 1)\n"
    )


@pytest.mark.parametrize("lang", ["tr", "ar"])
def test_run_prints_english_event_lines(lang):
    """``run`` without ``--json``: the event lines are the log of ``run --json``, in English;
    only the last line (where the match stands) is in the language."""
    deal = str(EXAMPLES / f"{OPEN_SAVE}.toml")
    log = json.loads(run_cardavia("run", deal, "--json", "--stop").stdout)["log"]
    done = run_cardavia("run", deal, "--stop", env={"CARDAVIA_LANG": lang})
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert lines[: len(log)] == log
    assert "play 1 9H 9D" not in log  # (a Guandan line: the example is Cuccu's)
    assert lines[len(log)].startswith({"tr": "Durduruldu: ", "ar": "توقف: "}[lang])
    english = run_cardavia("run", deal, "--stop").stdout.splitlines()
    assert english[-1].startswith("Stopped: ")


# -- --help in the language ---------------------------------------------------------------------

ENGLISH_GUANDAN_HELP = """\
Usage: cardavia guandan [OPTIONS] COMMAND [ARGS]...

  Guandan (掼蛋): two packs, levels 2 to A, wild hearts, bombs, tribute.

  Alone, cardavia guandan starts a new game: cardavia guandan play.

Options:
  -h, --help  Show this message and exit.

Commands:
  play   Play a match at seat 0, with seat 2 as your partner, in the REPL.
  rules  Print the rules of the game for players (through a pager on a...
  check  Every combination the cards form at a level; with --beats,...
"""


def test_help_in_turkish():
    done = run_cardavia("--lang", "tr", "guandan", "--help")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert "  Tek başına cardavia guandan yeni bir oyun başlatır: cardavia guandan play." in lines
    assert "  -h, --help  Bu iletiyi gösterir ve çıkar." in lines
    assert "  play   REPL'de, 0 numaralı koltukta, 2 numaralı koltuk eşin olarak bir..." in lines


def test_help_in_arabic():
    done = run_cardavia("sisepai", "check", "--help", env={"CARDAVIA_LANG": "ar"})
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert "  هل هذه اليد من 21 ورقة فائزة، وبكم؟ مع 20 ورقة: أي الأوراق تكملها." in lines
    assert "  Example: cardavia sisepai check - < hands.txt > answers.jsonl" not in lines
    assert "  مثال: cardavia sisepai check - < hands.txt > answers.jsonl" in lines


def test_english_help_is_unchanged_after_another_language():
    """The tree is translated where it is built, for one run: English help after a Turkish
    run is the English help, and ``-h`` still works in Turkish."""
    assert run_cardavia("--lang", "tr", "guandan", "check", "-h").returncode == 0
    done = run_cardavia("guandan", "--help")
    assert done.stdout == ENGLISH_GUANDAN_HELP


def test_man_pages_stay_english_in_another_language():
    from cardavia_cli.manpages import pages

    i18n.set_language("tr")
    made = pages()
    for name, text in made.items():
        assert (ROOT / "man" / name).read_text("utf-8") == text, name


def test_help_messages_list_every_help_text():
    """The ``help`` domain lists each command's help and each option's (from the tree)."""
    from cardavia_cli.commands.helptext import messages

    texts = messages()
    assert (
        "Fix the interpretation of the --beats play (default: its strongest, the one "
        "hardest to beat)." in texts
    )
    assert "Show this message and exit." in texts
    assert len(texts) == len(set(texts))


# -- choosing the language ----------------------------------------------------------------------

EMPTY = {
    "en": "No saves yet: play with --save NAME, or type save in a game.\n",
    "tr": "Henüz kayıt yok: --save NAME ile oyna ya da bir oyunda save yaz.\n",
    "ar": "لا ألعاب محفوظة بعد: العب مع --save NAME، أو اكتب save داخل لعبة.\n",
}


@pytest.fixture
def no_language(monkeypatch):
    """No language asked for by the environment: no CARDAVIA_LANG, no locale."""
    for name in ("CARDAVIA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def _saves_list(*root: str, env: dict[str, str] | None = None, home: Path | None = None):
    return run_cardavia(*root, "saves", "list", env=env, home=home)


def _settings(tmp_path: Path, language: str) -> Path:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    (home / "settings.toml").write_text(f'language = "{language}"\n', "utf-8")
    return home


@pytest.mark.parametrize(
    "root, env, lang",
    [
        (["--lang", "tr"], {}, "tr"),
        (["--lang=ar"], {}, "ar"),
        (["--lang", "EN"], {}, "en"),
        ([], {"CARDAVIA_LANG": "tr"}, "tr"),
        ([], {"CARDAVIA_LANG": "ar_EG.UTF-8"}, "ar"),
        ([], {"LANG": "tr_TR.UTF-8"}, "tr"),
        ([], {"LC_MESSAGES": "ar_SA.UTF-8", "LANG": "tr_TR.UTF-8"}, "ar"),
        ([], {"LANG": "de_DE.UTF-8"}, "en"),
        ([], {"LANG": "C"}, "en"),
        ([], {}, "en"),
    ],
)
def test_the_language_from_the_option_or_the_environment(no_language, root, env, lang):
    done = _saves_list(*root, env=env)
    assert (done.returncode, done.stdout, done.stderr) == (0, EMPTY[lang], "")


def test_the_language_from_the_settings_file(no_language, tmp_path):
    done = _saves_list(home=_settings(tmp_path, "tr"))
    assert (done.returncode, done.stdout) == (0, EMPTY["tr"])


def test_the_settings_file_auto_follows_the_locale(no_language, tmp_path):
    done = _saves_list(home=_settings(tmp_path, "auto"), env={"LANG": "ar_EG.UTF-8"})
    assert done.stdout == EMPTY["ar"]


def test_the_order_lang_option_env_settings_locale(no_language, tmp_path):
    home = _settings(tmp_path, "ar")
    assert _saves_list(home=home, env={"LANG": "tr_TR.UTF-8"}).stdout == EMPTY["ar"]
    env = {"CARDAVIA_LANG": "tr", "LANG": "ar_EG.UTF-8"}
    assert _saves_list(home=home, env=env).stdout == EMPTY["tr"]
    assert _saves_list("--lang", "en", home=home, env=env).stdout == EMPTY["en"]


@pytest.mark.parametrize(
    "root, env, settings, line",
    [
        (
            ["--lang", "xx"],
            {"CARDAVIA_LANG": "tr"},
            None,
            "cardavia: error: --lang: unknown language 'xx': cardavia speaks en, tr, ar\n",
        ),
    ],
)
def test_an_unknown_language_is_one_line(no_language, tmp_path, root, env, settings, line):
    home = _settings(tmp_path, settings) if settings else None
    done = _saves_list(*root, env=env, home=home)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", line)


@pytest.mark.parametrize(("settings", "spoken"), [("tr", "tr"), (None, "en")])
def test_regression_an_unknown_cardavia_lang_is_a_warning_and_the_next_source_decides(
    no_language, tmp_path, settings, spoken
):
    """``CARDAVIA_LANG=klingon`` stopped every command (exit 2), where every other variable's
    bad value is a warning: now one warning line, and the settings file (or the locale, or
    English) speaks."""
    home = _settings(tmp_path, settings) if settings else None
    done = _saves_list(env={"CARDAVIA_LANG": "klingon"}, home=home)
    assert (done.returncode, done.stdout) == (0, EMPTY[spoken])
    if spoken == "en":
        assert done.stderr == (
            "cardavia: warning: CARDAVIA_LANG: unknown language 'klingon': cardavia speaks en, "
            "tr, ar; passed over\n"
        )
    else:  # said once, in the language that speaks
        assert done.stderr.count("\n") == 1 and "CARDAVIA_LANG" in done.stderr
        assert "'klingon'" in done.stderr and "warning" not in done.stderr


def test_regression_a_bad_settings_file_is_one_warning_and_the_defaults(no_language, tmp_path):
    """A settings file that cannot be read never locks the player out of the games: the
    command runs in the defaults, after one line saying what is wrong and what mends it."""
    home = _settings(tmp_path, "xx")
    done = _saves_list(home=home)
    assert (done.returncode, done.stdout) == (0, EMPTY["en"])
    assert done.stderr == (
        f"cardavia: warning: {home / 'settings.toml'}:1: language = 'xx' is not one of auto, en, "
        "tr, ar; the other settings are used (cardavia settings says how to mend it)\n"
    )


def test_a_bad_settings_file_does_not_matter_when_the_language_is_given(no_language, tmp_path):
    """The settings file is read only when it decides: ``--lang`` or CARDAVIA_LANG first."""
    home = _settings(tmp_path, "xx")
    assert _saves_list("--lang", "tr", home=home).stdout == EMPTY["tr"]
    assert _saves_list(home=home, env={"CARDAVIA_LANG": "ar"}).stdout == EMPTY["ar"]


# -- the commands' own words ----------------------------------------------------------------------


def test_errors_are_said_in_the_language():
    done = run_cardavia("cucu", "check", "0=3", "0=7", env={"CARDAVIA_LANG": "tr"})
    assert done.returncode == 2
    assert done.stderr == "cardavia: hata: '0=7': 0 numaralı koltuğa iki kart verilmiş\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_arabic_lines_keep_codes_as_left_to_right_runs_on_a_terminal(monkeypatch):
    from cardavia_cli.commands.common import error_line

    i18n.set_language("ar")
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    error_line("'0=7': أُعطي المقعد 0 ورقتين")
    assert terminal.getvalue() == (
        "\u2066cardavia:\u2069 خطأ: \u2066'0=7':\u2069 أُعطي المقعد \u20660\u2069 ورقتين\n"
    )


def test_regression_a_file_or_a_pipe_gets_arabic_lines_without_isolates():
    done = run_cardavia("cucu", "check", "0=3", "0=7", env={"CARDAVIA_LANG": "ar"})
    assert done.stderr == "cardavia: خطأ: '0=7': أُعطي المقعد 0 ورقتين\n"


def test_check_results_in_the_language():
    words = ("cucu", "check", "0=3", "1=7", "2=lion", "3=X", "--dead", "1")
    done = run_cardavia(*words, env={"CARDAVIA_LANG": "tr"})
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "koltuk 0: 3",
        "koltuk 1: 7  (ölü)",
        "koltuk 2: lion  bir can kaybeder",
        "koltuk 3: 10",
    ]
    english = run_cardavia(*words)
    assert english.stdout.splitlines()[1:3] == ["seat 1: 7  (dead)", "seat 2: lion  loses a life"]


def test_the_lobby_in_turkish():
    from rich.console import Console

    from cardavia_cli.commands.lobby import Lobby
    from cardavia_cli.repl.reader import ListReader

    i18n.set_language("tr")
    console = Console(width=100, record=True, color_system=None, force_terminal=False)
    Lobby(console).run(ListReader(["help", "play", "resume", "oyun", "quit"]))
    text = console.export_text()
    assert "Oyunlar:" in text
    assert "Si Se Pai (Dört Renk Kartları, çiçekli çeşit)" in text
    assert "play GAME [SEED] [LEVEL]" in text  # what is typed stays as it is
    assert "Oyunları listeler." in text
    assert "hangi oyun? adını ya da numarasını yaz (games hepsini listeler)" in text
    assert "henüz kayıt yok" in text
    assert "bilinmeyen komut: 'oyun'; komutlar için help yaz" in text
    assert text.rstrip().endswith("Hoşça kal.")


def test_the_lobby_completion_menu_in_arabic():
    from cardavia_cli.commands.lobby import _candidates

    i18n.set_language("ar")
    _prefix, found = _candidates("")
    meta = {c.text: c.meta for c in found}
    assert meta["games"] == "اعرض الألعاب"
    assert meta["minchiate"] == "Minchiate (Germini)"
    i18n.set_language("en")
    _prefix, found = _candidates("")
    assert {c.text: c.meta for c in found}["games"] == "list the games"


def test_guandan_check_in_arabic_says_combination_as_the_game_does():
    """Guandan's check says a combination تركيبة and a play رمية, as the game and its player's
    rules do (تشكيلة is Si Se Pai's meld)."""
    done = run_cardavia("--lang", "ar", "guandan", "check", "3S", "4D", "--level", "2")
    assert done.stdout.splitlines() == ["3S 4D في المستوى 2: لا تركيبة (القاعدة 6.3)."]
    done = run_cardavia("--lang", "ar", "guandan", "check", "--help")
    assert "  كل تركيبة تكوّنها الأوراق في مستوى ما؛ ومع --beats، هل تغلب رمية معينة." in (
        done.stdout.splitlines()
    )


def test_cucu_help_in_turkish_names_the_swaps_and_cards_as_the_game_does():
    done = run_cardavia("--lang", "tr", "cucu", "--help")
    said = " ".join(done.stdout.split())
    assert "Cuccu: herkese bir gizli kart, takaslar, Cucù, Bragon, Cavallo, Gnao ve Osteria" in said
