"""The rules written for players (``games/<game>/player_rules.md``): what ``cardavia GAME
rules [TOPIC]`` and the REPL's ``rules`` show, the lookup of a section by number or title,
and the sections that the program's refusals and hints cite, in English and in each
translation (``player_rules.tr.md``, ``player_rules.ar.md``; the rest of the translations'
checks are in ``test_player_rules_languages.py``)."""

from __future__ import annotations

import ast
import io
import re
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from cli_support import run_cardavia
from rich.console import Console

from cardavia_cli.games import GAMES, rules_text
from cardavia_cli.games.rulebook import UnknownTopicError, find_section, sections

PACKAGE = Path(__file__).resolve().parent.parent / "cardavia_cli"
PLAYED = ("sisepai", "cucu", "guandan", "minchiate")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))


# -- the lookup -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "topic", "name"),
    [
        ("guandan", "9.3", "9.3 Tricks"),
        ("guandan", "7", "7. Tribute and return"),
        ("guandan", "7.", "7. Tribute and return"),
        ("minchiate", "9.3.3.1", "9.3.3.1 The King obligation"),
        ("sisepai", "7.4", "7.4 Claim priority"),
        ("cucu", " 7.6 ", "7.6 The Cat: refused, scratched, and the card sent back"),
    ],
)
def test_a_number_finds_that_section(game: str, topic: str, name: str) -> None:
    assert find_section(rules_text(game), topic).name == name


@pytest.mark.parametrize(
    ("game", "topic", "name"),
    [
        ("guandan", "tribute", "7. Tribute and return"),  # a section before its subsections
        ("guandan", "TRIBUTE", "7. Tribute and return"),
        ("guandan", "trib", "7. Tribute and return"),  # the start of a word
        ("guandan", "return", "7.5 The return"),  # the whole title first
        ("guandan", "bombs", "6.5 Beating a play: bombs and the bomb ladder"),
        ("guandan", "bomb", "6.5 Beating a play: bombs and the bomb ladder"),
        ("guandan", "wild", "6.2 Wild cards"),  # the title with the fewest other words
        ("guandan", "wild cards", "6.2 Wild cards"),
        ("sisepai", "priority", "7.4 Claim priority"),
        ("sisepai", "melds", "5. Melds"),
        ("cucu", "inn", "7.5 The Inn: stop and pact"),
        ("cucu", "Showdown", "9. The showdown and lives"),
        ("minchiate", "resti", "10.3 Resti and the running difference"),
        # another form of a title's word: a singular, a plural, an accent left out
        ("minchiate", "resto", "10.3 Resti and the running difference"),
        ("minchiate", "versicola", "8. Declaring versicole"),
        ("minchiate", "trick", "9. Tricks"),
        ("guandan", "tributes", "7. Tribute and return"),
        ("cucu", "showdowns", "9. The showdown and lives"),
        ("minchiate", "versicole", "8. Declaring versicole"),
        ("minchiate", "robbing", "6. The deal and the robbing"),
        ("minchiate", "matto", "9.6 Paying for the Matto"),
    ],
)
def test_words_find_a_section_by_its_title(game: str, topic: str, name: str) -> None:
    assert find_section(rules_text(game), topic).name == name


def test_a_section_holds_its_subsections_and_stops_at_the_next() -> None:
    text = "# T\n\n## 1. One\nx\n\n### 1.1 Sub\ny\n\n## 2. Two\nz\n"
    one = find_section(text, "1")
    assert one.text == "## 1. One\nx\n\n### 1.1 Sub\ny"
    assert one.body == "x"
    assert [s.name for s in sections(text)] == ["1. One", "1.1 Sub", "2. Two"]


def test_headings_inside_code_blocks_are_no_sections() -> None:
    text = "## 1. One\n```\n## 2. Not a heading\n```\n## 3. Three\n"
    assert [s.name for s in sections(text)] == ["1. One", "3. Three"]


@pytest.mark.parametrize(
    ("topic", "nearby"),
    [
        (
            "tribte",  # a typo: titles with a close word
            (
                "7. Tribute and return",
                "7.3 The tribute card",
                "7.6 Who leads after the tribute",
                "9.2 Tribute or first lead",
            ),
        ),
        (
            "7.9",
            (
                "7.7 Examples",
                "7.6 Who leads after the tribute",
                "7.5 The return",
                "7.4 Who receives",
            ),
        ),
        (
            "tube",
            (
                "6.3 Combinations",
                "8.3 Plays with several readings",
                "6.1 Card order",
                "6.2 Wild cards",
            ),
        ),
    ],
)
def test_an_unknown_topic_names_nearby_sections(topic: str, nearby: tuple[str, ...]) -> None:
    with pytest.raises(UnknownTopicError) as caught:
        find_section(rules_text("guandan"), topic)
    assert caught.value.nearby == nearby
    assert str(caught.value) == f"the rules have no section {topic!r}; nearby: {', '.join(nearby)}"


def test_an_unknown_number_beyond_the_last_names_the_top_sections() -> None:
    with pytest.raises(UnknownTopicError) as caught:
        find_section(rules_text("sisepai"), "99")
    assert caught.value.nearby == (
        "12. Fine points",
        "11. End of the deal",
        "10. Winning and scoring",
        "9. What happens by itself",
    )


# -- the command ------------------------------------------------------------------------------
def test_rules_topic_prints_that_section_only() -> None:
    done = run_cardavia("guandan", "rules", "tribute")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("7. Tribute and return\n")
    assert "7.5 The return" in done.stdout and "8.1 Returning a card" not in done.stdout


def test_rules_unknown_topic_is_one_line_and_exit_2() -> None:
    done = run_cardavia("guandan", "rules", "tribte")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "cardavia: error: the rules have no section 'tribte'; nearby: 7. Tribute and return, "
        "7.3 The tribute card, 7.6 Who leads after the tribute, 9.2 Tribute or first lead\n"
    )


@pytest.mark.parametrize("game", PLAYED)
def test_regression_rules_print_the_players_rules_not_the_specification(game: str) -> None:
    done = run_cardavia(game, "rules")
    assert done.returncode == 0, done.stderr
    assert "the rules" in done.stdout.splitlines()[0]
    assert "Rule function" not in done.stdout and "Test cases" not in done.stdout
    assert "1. Overview" in done.stdout and "Fine points" in done.stdout  # the whole text


@contextmanager
def _no_pager(calls: list[str]):  # type: ignore[no-untyped-def]
    yield
    calls.append("paged")


def test_piped_rules_are_plain_and_never_paged(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(Console, "pager", lambda self, **kw: _no_pager(calls))
    done = run_cardavia("guandan", "rules")
    assert done.returncode == 0 and calls == []
    assert "\x1b" not in done.stdout
    assert "Guandan: the rules" in done.stdout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_rules_on_a_terminal_go_through_the_pager(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardavia_cli.commands.render import print_rules

    calls: list[str] = []
    monkeypatch.setattr(Console, "pager", lambda self, **kw: _no_pager(calls))
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stdout", _Terminal())
    print_rules("cucu")
    assert calls == ["paged"]
    calls.clear()
    print_rules("cucu", "inn")  # one section is short: printed as it is
    assert calls == []


def test_the_repl_rules_verb_uses_the_same_lookup() -> None:
    done = run_cardavia("guandan", "play", "--seed", "3", stdin="rules bombs\nrules tribte\n")
    assert done.returncode == 0, done.stderr
    assert "6.5 Beating a play: bombs and the bomb ladder" in done.stdout
    assert (
        "the rules have no section 'tribte'; nearby: 7. Tribute and return, 7.3 The tribute "
        "card, 7.6 Who leads after the tribute, 9.2 Tribute or first lead"
    ) in done.stdout


# -- what the texts hold ----------------------------------------------------------------------
#: Words of the specification's notes to developers: none may reach a player.
FORBIDDEN = re.compile(
    r"\btest|\bjson\b|implement|\bthe human\b|customer|specification|rule function|python"
    r"|random\.random|\bnull\b|\bmod 4\b|% ?4|deck\[|source page|\bexpected\b|\bargs\b"
    r"|canonical|\bfn\b|^#+ [\d.]* *decisions\b",
    re.IGNORECASE | re.MULTILINE,
)


#: The same notes as a Turkish or Arabic translation would write them.
FORBIDDEN_TRANSLATED = re.compile(
    r"spesifikasyon|şartname|kanonik|\bpython|\binsan oyuncu|gerçekle[sş]tir|\bfonksiyon"
    r"|المواصفات|اختبار|بايثون|الدالة|\bالبشري\b",
    re.IGNORECASE,
)
LANGS = ("en", "tr", "ar")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", PLAYED)
def test_the_players_rules_hold_no_developer_text(game: str, lang: str) -> None:
    text = rules_text(game, lang)
    found = [m.group(0) for m in FORBIDDEN.finditer(text)]
    found += [m.group(0) for m in FORBIDDEN_TRANSLATED.finditer(text)]
    assert found == []


def test_the_translated_forbidden_words_are_found() -> None:
    notes = "Kanonik sıra, spesifikasyona göre; اختبار الدالة في المواصفات"
    assert [m.group(0) for m in FORBIDDEN_TRANSLATED.finditer(notes)] == [
        "Kanonik",
        "spesifikasyon",
        "اختبار",
        "الدالة",
        "المواصفات",
    ]


def test_the_forbidden_words_are_found_in_the_specifications() -> None:
    spec = (PACKAGE / "games" / "guandan" / "RULES.md").read_text("utf-8")
    assert {m.group(0).lower() for m in FORBIDDEN.finditer(spec)} >= {
        "test",
        "json",
        "implement",
        "the human",
        "canonical",
    }


_NUM = r"\d+(?:\.\d+)*"
#: "rules 7.5", "rule 8.2", "rules section 5", "rules 7.5, 8.1", "rules 6 and 7".
CITED = re.compile(rf"(?<!design\.md )\brules? (?:section )?({_NUM}(?:(?:, | and ){_NUM})*)")


def _game_of(path: Path) -> str | None:
    """The game a module's messages are about, or ``None`` for shared code (every game)."""
    rel = path.relative_to(PACKAGE)
    if rel.parts[0] == "games" and len(rel.parts) > 2 and rel.parts[1] in GAMES:
        return rel.parts[1]
    if rel.parts[0] == "commands" and rel.stem in GAMES:
        return rel.stem
    return None


def cited_sections() -> set[tuple[str | None, str]]:
    """Every (game, section number) a string of ``cardavia_cli`` cites: the messages, help
    texts and prompts, and the docstrings of commands (Typer shows them as help); not the
    other docstrings, which cite the specification for developers."""
    out: set[tuple[str | None, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        docstrings: dict[int, ast.AST] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                first = node.body[0] if node.body else None
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docstrings[id(first.value)] = node
        in_commands = path.parent.name == "commands"
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            owner = docstrings.get(id(node))
            if owner is not None and not (in_commands and isinstance(owner, ast.FunctionDef)):
                continue
            for m in CITED.finditer(node.value):
                for number in re.split(r", | and ", m.group(1)):
                    out.add((_game_of(path), number))
    return out


def test_the_scan_finds_the_citations_of_the_messages() -> None:
    cited = cited_sections()
    assert {
        ("guandan", "8.3"),
        ("guandan", "7.5"),
        ("sisepai", "7.3"),
        ("minchiate", "9.3.3.4"),
        ("cucu", "7.6"),
        ("cucu", "9.2"),  # the help of 'cucu check', a command's docstring
        ("minchiate", "10.1"),  # the second of "rules 8, 10.1"
    } <= cited
    assert ("guandan", "13") not in cited  # module docstrings cite the specification


@pytest.mark.parametrize("lang", LANGS)
def test_every_cited_section_is_in_the_players_rules(lang: str) -> None:
    missing = []
    for game, number in sorted(cited_sections(), key=str):
        for name in [game] if game is not None else list(PLAYED):
            numbers = {s.number for s in sections(rules_text(name, lang))}
            if number not in numbers:
                missing.append(f"{name} {number}")
    assert missing == []
