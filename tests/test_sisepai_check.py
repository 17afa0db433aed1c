"""``cardavia sisepai check`` for scripts: the shipped meld tables, the shared answer function,
and the batch form ``check -`` (cli.md; rules/sisepai.md 10, 13.2, 13.3, worked examples
E3-E8).

The batch answers are compared with the answers of the single form, run through the command
line for the same hands: wins, non-wins, 20-card waits, exposed melds.
"""

from __future__ import annotations

import io
import json
import random
import runpy
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sisepai_support import ALL_MELDS, PACK_COPIES, oracle_best, oracle_waits, text
from sisepai_support import cards as codes_of
from typer.testing import CliRunner

from cardavia_cli.app import app
from cardavia_cli.commands import batch as batch_module
from cardavia_cli.commands.batch import json_answer, run_batch, split_line
from cardavia_cli.engine.errors import CardaviaError, CardError, HandError
from cardavia_cli.games.sisepai import melds
from cardavia_cli.games.sisepai.cards import COPIES, PACK, counts_of
from cardavia_cli.games.sisepai.check import (
    CheckAnswer,
    check_hand,
    check_line,
    check_words,
    parse_check_words,
)
from cardavia_cli.games.sisepai.melds import Meld, meld_kind

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

E3 = "rK yK rA rA yE yE yE wR wH wC gR gR gR gR rP yP wP F wA wA F"
E3_MELDS = [
    ["rK"],
    ["rA", "rA"],
    ["rP", "yP", "wP"],
    ["yK"],
    ["yE", "yE", "yE"],
    ["wA", "wA"],
    ["wR", "wH", "wC"],
    ["gR", "gR", "gR", "gR"],
    ["F"],
    ["F"],
]


def batch(text_in: str | bytes):
    """Run ``cardavia sisepai check -`` on ``text_in``: (exit code, answers, stderr)."""
    result = runner.invoke(app, ["sisepai", "check", "-"], input=text_in)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    return result.exit_code, answers, result.stderr


def single(words: list[str]):
    """Run ``cardavia sisepai check WORDS --json``: (exit code, answer or None, stderr)."""
    result = runner.invoke(app, ["sisepai", "check", *words, "--json"])
    data = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, data, result.stderr


# ---------------------------------------------------------------- the shipped tables


def test_shipped_tables_equal_a_fresh_build():
    fresh = melds.build_tables()
    assert melds.load_tables() == fresh
    path = Path(melds.__file__).with_name(melds.TABLES_FILE)
    assert path.read_text(encoding="utf-8") == melds.tables_json(fresh)
    # the tables in use are the shipped ones, and they are the fresh ones
    assert melds._BEST == {group: best for group, (best, _) in fresh.items()}
    in_use = [melds._CMD_OK, melds._FLD_OK, melds._SOL_OK]
    assert in_use == [[b is not None for b in fresh[g][0]] for g in ("command", "field", "soldier")]
    assert [melds._CMD_D, melds._FLD_D, melds._SOL_D] == [
        fresh[g][1] for g in ("command", "field", "soldier")
    ]


def test_table_sizes_and_counts():
    fresh = melds.build_tables()
    assert {g: (len(b), len(d)) for g, (b, d) in fresh.items()} == {
        "command": (125, 125),
        "field": (125, 125),
        "soldier": (625, 625),
    }
    complete = {g: sum(b is not None for b in best) for g, (best, _) in fresh.items()}
    # Independent count: local patterns that split completely, by the oracle over whole hands.
    for group, width, codes in (
        ("command", 3, (0, 1, 2)),
        ("field", 3, (3, 4, 5)),
        ("soldier", 4, (6, 13, 20, 27)),
    ):
        found = 0
        for k in range(5**width):
            pattern = [k // 5 ** (width - 1 - i) % 5 for i in range(width)]
            hand = [c for c, n in zip(codes, pattern, strict=True) for _ in range(n)]
            found += oracle_best(hand) is not None
        assert complete[group] == found


def test_generator_script_check_mode(capsys):
    module = runpy.run_path(str(ROOT / "scripts" / "build_meld_tables.py"))
    assert module["main"](["--check"]) == 0
    assert capsys.readouterr().out == "meld_tables.json: up to date\n"


@pytest.mark.parametrize(
    "content, needle",
    [
        ('{"format": 2}', "format 1"),
        ("[]", "format 1"),
        ('{"format": 1}', "no table for the command groups"),
        ('{"format": 1, "command": {"best": [], "dist": []}}', "need 125 entries"),
        ('{"format": 1, "command": {"best": 3}}', "lists 'best' and 'dist'"),
        ("{", "Expecting"),
    ],
)
def test_load_tables_rejects_a_bad_file(tmp_path, content, needle):
    path = tmp_path / "tables.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=needle):
        melds.load_tables(str(path))


def test_check_path_imports_no_state_machine_nor_rich():
    """The regression behind the start-up figures: ``check --json`` loads the tables and the
    cards, not the state machine, the computer players, rich, TOML writing or the REPL."""
    code = (
        "import sys\n"
        "from cardavia_cli.app import main\n"
        "try:\n"
        f"    main(['sisepai', 'check', *{E3.split()!r}, '--json'])\n"
        "except SystemExit as exc:\n"
        "    print(exc.code)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in\n"
        "    ('rich', 'tomli_w', 'prompt_toolkit', 'shlex', 'hypothesis')\n"
        "    or m.startswith(('cardavia_cli.games.sisepai.', 'cardavia_cli.repl',\n"
        "                     'cardavia_cli.engine.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    assert json.loads(out[0])["score"] == 13
    assert out[1] == "0"
    assert out[2] == str(
        [
            "cardavia_cli.engine.budget",  # the check of CARDAVIA_SEARCH_BUDGET: a few lines
            "cardavia_cli.engine.counts",
            "cardavia_cli.engine.errors",
            "cardavia_cli.engine.i18n",
            "cardavia_cli.engine.nesting",  # settings.toml read with a depth limit: a few lines
            "cardavia_cli.engine.numbers",
            "cardavia_cli.games.sisepai.cards",
            "cardavia_cli.games.sisepai.check",
            "cardavia_cli.games.sisepai.melds",
        ]
    )


def test_game_is_built_on_first_use():
    from cardavia_cli.games import load_game, sisepai

    info = load_game("sisepai")
    assert info is sisepai.GAME and info.name == "sisepai" and len(info.pack) == 117
    with pytest.raises(AttributeError, match="no attribute 'NOPE'"):
        sisepai.NOPE  # noqa: B018


# ---------------------------------------------------------------- the answer function


def test_check_hand_worked_examples():
    """E3, E4(a), E5, E6(b): best_win; E7, E8: waits (rules 14)."""
    answer = check_hand(E3.split())
    assert (answer.win, answer.score, answer.reason, answer.waits) == (True, 13, None, None)
    assert sorted(m["cards"] for m in answer.to_json()["melds"]) == sorted(E3_MELDS)
    e4a = "yH yH yH yH rK gK wK yK rE rE wE wE gE gE rC rC rC yC yC gA gA"
    assert check_hand(e4a.split()).score == 7
    e5 = "rP rP rP yP wP gP rK rA rE yR yR wH wH wH gA gA gA gA F F F"
    assert [str(m) for m in check_hand(e5.split()).melds] == [
        "rK rA rE",
        "rP rP",
        "rP yP wP gP",
        "yR yR",
        "wH wH wH",
        "gA gA gA gA",
        "F",
        "F",
        "F",
    ]
    e6b = check_hand("rK rA rE yK yA yA wR wR wR wR gH gH gH F F".split(), ["gP gP gP", "rP yP wP"])
    assert e6b.score == 13 and [str(m) for m in e6b.exposed] == ["gP gP gP", "rP yP wP"]
    e6a = check_hand("gP rK rA rE yK yA yA wR wR wR wR gH gH F F".split(), ["gP gP gP", "rP yP wP"])
    assert e6a.to_json() == {
        "win": False,
        "score": None,
        "melds": [],
        "reason": "the concealed cards cannot be completely melded",
    }
    e7 = check_hand(E3.split()[:-1]).to_json()
    assert e7["waits"] == "rK rA yK yA yE wK wA gK gP F".split()
    e8b = check_hand("rA rA rA yK yK yE yE yE wR wH wC gR gR gR gR F F".split(), ["rK rA rE"])
    assert e8b.to_json()["waits"] == "rK yK yA yE wK gK F".split()


@pytest.mark.parametrize(
    "cards, exposed, error, message",
    [
        (["rK", "F1"], [], CardError, "unknown card 'F1'"),
        (["rK", "²"], [], CardError, "unknown card '²'"),
        (E3.split()[:-3], ["rK zz"], CardError, "--exposed 'rK zz': unknown card 'zz'"),
        (E3.split()[:-2], ["rK rK"], HandError, "--exposed 'rK rK' is not a meld"),
        (E3.split()[:-3], [""], HandError, "--exposed '' is not a meld"),
        (E3.split()[:-2], [], HandError, r"waits\), not 19"),
        ([*E3.split(), "rK"], [], HandError, r"waits\), not 22"),
        ("rK rK rK rK rK rA rA rE rE wR wR wR wH wC F F F F gP gP gP".split(), [], HandError,
         "the hand holds 5 x rK; the pack has 4"),
        ("gP gP rK yK wK gK F F F F F rA rA rA rE rE rE".split(), ["gP gP gP"], HandError,
         "5 x gP"),
    ],
)  # fmt: skip
def test_check_hand_bad_input(cards, exposed, error, message):
    with pytest.raises(error, match=message):
        check_hand(cards, exposed)


def test_parse_check_words_reads_the_command_line_forms():
    words = shlex.split("rK --exposed 'rP yP wP' --json -e 'gK' --exposed=F -eyK -- rA --json")
    assert parse_check_words(words) == (["rK", "rA", "--json"], ["rP yP wP", "gK", "F", "yK"])
    assert parse_check_words(["-e", "--json"]) == ([], ["--json"])


@pytest.mark.parametrize(
    "words, message",
    [
        (["rK", "--exposed"], "option --exposed needs a meld"),
        (["rK", "-e"], "option -e needs a meld"),
        (["rK", "--jsn"], "no such option '--jsn'"),
        (["rK", "-x"], "no such option '-x'"),
        (["--help"], "no such option '--help'"),
        (["--json=yes"], "option --json takes no value"),
    ],
)
def test_parse_check_words_bad_options(words, message):
    with pytest.raises(CardaviaError, match=message):
        parse_check_words(words)


# ---------------------------------------------------------------- sample hands


def random_wins(rng: random.Random, n: int) -> list[list[list[str]]]:
    """``n`` complete 21-card hands, each as its melds (card texts), melds drawn at random."""
    wins: list[list[list[str]]] = []
    while len(wins) < n:
        held = dict.fromkeys(PACK_COPIES, 0)
        hand: list[list[str]] = []
        size = 0
        for _ in range(300):
            meld = rng.choice(ALL_MELDS)
            if size + len(meld) > 21:
                continue
            cards = text(meld).split()
            if any(held[c] + cards.count(c) > PACK_COPIES[c] for c in set(cards)):
                continue
            for c in cards:
                held[c] += 1
            hand.append(cards)
            size += len(cards)
            if size == 21:
                wins.append(hand)
                break
    return wins


def sample_hands(seed: int = 11) -> list[tuple[list[str], list[str]]]:
    """(concealed, exposed) pairs: 10 random deals (no win), 10 complete hands (wins), 10
    20-card hands (waits), 10 complete or 20-card hands with one or two exposed melds."""
    rng = random.Random(seed)
    pack = list(PACK)
    out: list[tuple[list[str], list[str]]] = []
    for _ in range(10):
        rng.shuffle(pack)
        out.append((pack[:21], []))
    wins = random_wins(rng, 30)
    for hand in wins[:10]:
        out.append(([c for m in hand for c in m], []))
    for hand in wins[10:20]:
        cards = [c for m in hand for c in m]
        cards.pop(rng.randrange(21))
        out.append((cards, []))
    for i, hand in enumerate(wins[20:]):
        shown = [m for m in hand if len(m) >= 3][: 1 + i % 2] or hand[:1]
        rest = list(hand)
        for m in shown:
            rest.remove(m)
        cards = [c for m in rest for c in m]
        if i % 3 == 2:
            cards.pop(rng.randrange(len(cards)))
        out.append((cards, [" ".join(m) for m in shown]))
    return out


SAMPLE = sample_hands()


def line_of(cards: list[str], exposed: list[str], style: int) -> str:
    """One batch line, its exposed melds written in one of four command-line styles."""
    words = list(cards)
    for meld in exposed:
        words += (
            ["--exposed", shlex.quote(meld)],
            ["-e", shlex.quote(meld)],
            [shlex.quote(f"--exposed={meld}")],
            ["--exposed", f'"{meld}"'],
        )[style % 4]
    return " ".join(words)


def words_of(cards: list[str], exposed: list[str]) -> list[str]:
    return [*cards, *(w for meld in exposed for w in ("--exposed", meld))]


def test_sample_covers_every_kind_of_answer():
    kinds = [(len(c) + sum(len(m.split()) for m in e), bool(e)) for c, e in SAMPLE]
    assert kinds.count((21, False)) == 20 and kinds.count((20, False)) == 10
    assert sum(1 for n, exp in kinds if exp) == 10 and (20, True) in kinds
    answers = [check_hand(c, e) for c, e in SAMPLE]
    assert [a.win for a in answers[10:20]] == [True] * 10
    assert all(a.waits for a in answers[20:30])


def test_batch_answers_equal_single_answers():
    singles = [single(words_of(c, e)) for c, e in SAMPLE]
    code, answers, err = batch("".join(line_of(c, e, i) + "\n" for i, (c, e) in enumerate(SAMPLE)))
    assert (code, err) == (0, "")
    assert answers == [data for _, data, _ in singles]
    assert [c for c, _, _ in singles] == [0 if a["win"] else 1 for a in answers]
    # and both agree with the oracle, which shares no code with melds.py
    for (cards, exposed), answer in zip(SAMPLE, answers, strict=True):
        concealed = codes_of(cards)
        fixed = [codes_of(m) for m in exposed]
        if "waits" in answer:
            assert answer["waits"] == oracle_waits(concealed, fixed)
        else:
            best = oracle_best(concealed, fixed)
            assert answer["score"] == (None if best is None else best[0])


def test_batch_worked_examples_with_blank_lines_and_comments():
    lines = [
        "# E3, then E7 (its 20 cards), then E8(b) with an exposed meld",
        E3,
        "",
        "   ",
        f"{' '.join(E3.split()[:-1])}   # waits",
        "rA rA rA yK yK yE yE yE wR wH wC gR gR gR gR F F -e 'rK rA rE'\r",
    ]
    code, answers, err = batch("\n".join(lines))  # the last line has no newline
    assert (code, err) == (0, "")
    assert len(answers) == 3
    assert answers[0]["score"] == 13 and answers[0]["win"] is True
    assert answers[1] == {
        "win": False,
        "score": None,
        "melds": [],
        "reason": "20 cards",
        "waits": "rK rA yK yA yE wK wA gK gP F".split(),
    }
    assert answers[2]["waits"] == "rK yK yA yE wK gK F".split()


def test_batch_bad_lines_answered_with_their_numbers():
    e3 = E3.split()
    lines = [
        E3,  # 1
        " ".join([*e3[:-1], "F1"]),  # 2 unknown card
        "",  # 3 skipped, still counted
        " ".join(e3[:-2]),  # 4 wrong count
        " ".join(e3[:-2]) + " -e 'rK rK'",  # 5 bad meld
        "# comment",  # 6
        " ".join([*e3[:-1], "²"]),  # 7 superscript two
        " ".join(e3[:-1]),  # 8 waits
        "rK 'rA",  # 9 unclosed quote
        " ".join(e3) + " --jsn",  # 10 unknown option
        "rK rK rK rK rK rA rA rE rE wR wR wR wH wC F F F F gP gP gP",  # 11 five rK
    ]
    code, answers, err = batch("\n".join(lines) + "\n")
    assert code == 2
    assert err == "cardavia: error: 7 lines of 9 answered were bad input (the first: line 2)\n"
    assert answers[0]["win"] is True and answers[5]["reason"] == "20 cards"
    errors = [a for a in answers if "error" in a]
    assert errors == [
        {"error": "unknown card 'F1' (write e.g. rK, gP, F, or red-general)", "line": 2},
        {"error": "a hand has 21 cards (20 to ask for waits), not 19", "line": 4},
        {"error": "--exposed 'rK rK' is not a meld (rules section 5)", "line": 5},
        {"error": "unknown card '²' (write e.g. rK, gP, F, or red-general)", "line": 7},
        {"error": "cannot split the line: No closing quotation", "line": 9},
        {
            "error": "no such option '--jsn' (a line holds cards, --exposed/-e MELD and --json)",
            "line": 10,
        },
        {"error": "the hand holds 5 x rK; the pack has 4", "line": 11},
    ]


def test_batch_error_messages_equal_single_errors():
    cases = [
        [*E3.split()[:-1], "F1"],
        E3.split()[:-2],
        [*E3.split()[:-2], "--exposed", "rK rK"],
        [*E3.split()[:-1], "²"],
        "rK rK rK rK rK rA rA rE rE wR wR wR wH wC F F F F gP gP gP".split(),
    ]
    _, answers, _ = batch("".join(shlex.join(words) + "\n" for words in cases))
    for n, (words, answer) in enumerate(zip(cases, answers, strict=True), start=1):
        code, data, err = single(words)
        assert (code, data) == (2, None)
        assert err == f"cardavia: error: {answer['error']}\n" and answer["line"] == n


def test_batch_not_utf8_line():
    code, answers, _ = batch(b"rK \xff\n" + E3.encode() + b"\n")
    assert code == 2
    assert answers[0] == {"error": "the line is not valid UTF-8", "line": 1}
    assert answers[1]["score"] == 13


@pytest.mark.parametrize("text_in", ["", "\n\n# nothing here\n"])
def test_batch_without_hands_exits_0_silently(text_in):
    assert batch(text_in) == (0, [], "")


def test_batch_of_non_wins_exits_0():
    code, answers, _ = batch(" ".join(E3.split()[:-1]) + "\n" + " ".join(SAMPLE[0][0]) + "\n")
    assert code == 0 and [a["win"] for a in answers] == [False, False]


@pytest.mark.parametrize(
    "args, message",
    [
        (["-", "rK"], "'-' (read hands from standard input) must be the only card argument"),
        (["rK", "-"], "must be the only card argument"),
        (["-", "-e", "rP yP wP"], "give the --exposed melds on each input line"),
    ],
)
def test_batch_usage_errors(args, message):
    result = runner.invoke(app, ["sisepai", "check", *args], input=E3 + "\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("cardavia: error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr


def test_batch_json_flag_changes_nothing():
    plain = runner.invoke(app, ["sisepai", "check", "-"], input=E3 + "\n")
    flagged = runner.invoke(app, ["sisepai", "check", "-", "--json"], input=E3 + "\n")
    assert plain.stdout == flagged.stdout and json.loads(plain.stdout)["score"] == 13


# ---------------------------------------------------------------- streaming


class Trickle(io.RawIOBase):
    """A byte source that returns at most ``step`` bytes per read and records what the sink
    held at each read, as a pipe written slowly would."""

    def __init__(self, data: bytes, step: int, sink: io.StringIO) -> None:
        self.data, self.step, self.sink, self.seen = data, step, sink, []

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        self.seen.append(self.sink.getvalue().count("\n"))
        chunk, self.data = self.data[: self.step], self.data[self.step :]
        return chunk


answer_of = check_line


@pytest.mark.parametrize("step", [1, 7, 64, 1 << 20])
def test_run_batch_same_answers_whatever_the_chunks(step):
    data = "".join(line_of(c, e, i) + "\n" for i, (c, e) in enumerate(SAMPLE[:12])).encode()
    sink = io.StringIO()
    answered = run_batch(answer_of, Trickle(data, step, sink), sink)
    assert answered == (12, 0, 0)
    expected = [check_hand(c, e).to_json() for c, e in SAMPLE[:12]]
    assert [json.loads(line) for line in sink.getvalue().splitlines()] == expected


def test_run_batch_answers_each_line_before_reading_on():
    lines = [" ".join(c) + "\n" for c, _ in SAMPLE[:3]]
    sink = io.StringIO()
    source = Trickle("".join(lines).encode(), len(lines[0]), sink)
    run_batch(answer_of, source, sink)
    # reads 1-3 return one line each; each answer is on the sink before the next read
    assert source.seen[:4] == [0, 1, 2, 3]


# ---------------------------------------------------------------- shell-like splitting

_WORDS = st.text(alphabet="rKyP F#'\"\\ \t\r\u00a0\u2003\x1c-eé²", max_size=30)


@given(_WORDS)
def test_split_line_is_shlex_split_with_comments(line):
    try:
        expected = shlex.split(line, comments=True)
    except ValueError:
        with pytest.raises(ValueError):
            split_line(line)
        return
    assert split_line(line) == expected


@given(st.lists(st.sampled_from(sorted(set(PACK))), min_size=20, max_size=21))
def test_words_and_hand_give_one_answer(hand):
    """The batch's words path and the single form's path agree, whatever the hand."""
    try:
        direct = check_hand(hand).to_json()
    except HandError as exc:
        with pytest.raises(HandError, match=str(exc)):
            check_words(split_line(" ".join(hand)))
        return
    assert check_words(split_line(" ".join(hand))).to_json() == direct


def test_readme_batch_example():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    body = readme.split("cat > hands.txt <<'EOF'\n", 1)[1].split("\nEOF\n", 1)[0]
    code, answers, err = batch(body + "\n")
    assert (code, err) == (0, "")
    assert [a["score"] for a in answers] == [13, None]
    assert answers[1]["waits"] == "rK yK yA yE wK gK F".split()


# ---------------------------------------------------------------- the fast paths


_QUOTED_WORDS = st.text(alphabet='rKP F"- e\t\r\n\x00\x01\u00a0', max_size=30)


@given(_QUOTED_WORDS)
def test_regression_double_quoted_lines_split_like_shlex(line):
    """``--exposed "rP yP wP"`` lines (half of a realistic mix) no longer go through shlex;
    the words, and the error for an unclosed quote, are still shlex's own."""
    try:
        expected = shlex.split(line, comments=True)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            split_line(line)
        return
    assert split_line(line) == expected


@pytest.mark.parametrize(
    "line, words",
    [
        ('rK -e "rP yP wP" --exposed="wK"', ["rK", "-e", "rP yP wP", "--exposed=wK"]),
        ('a"b c"d "" " "', ["ab cd", "", " "]),
        ('"rP\tyP" x\r', ["rP\tyP", "x"]),
        ('"\x00" \u00a0"a b"', ["\x00", "\u00a0a b"]),
    ],
)
def test_split_line_double_quotes(line, words):
    assert split_line(line) == words == shlex.split(line, comments=True)


def test_other_whitespace_is_what_str_split_adds_to_shlex():
    spaces = [chr(i) for i in range(0x110000) if chr(i).isspace()]
    assert batch_module.SHLEX_WHITESPACE == shlex.shlex(posix=True).whitespace
    assert batch_module.OTHER_WHITESPACE == "".join(
        c for c in spaces if c not in batch_module.SHLEX_WHITESPACE
    )


def test_json_answer_encodes_like_json_dumps():
    doc = {"win": False, "reason": "é ²", "n": [1, None]}
    assert json_answer(lambda words: doc)(["x"]) == json.dumps(doc, ensure_ascii=False)


def test_to_json_text_is_json_dumps_of_to_json():
    answers = [check_hand(c, e) for c, e in SAMPLE]
    answers += [check_hand(E3.split()), check_hand(E3.split()[:-1])]
    answers.append(check_hand("F F F F rK rK rK rK yK yK yK yK wK wK wK wK gK gK gK gK".split()))
    answers.append(check_hand(SAMPLE[0][0][:20]))  # no card completes it
    e6b = "rK rA rE yK yA yA wR wR wR wR gH gH gH F F".split()
    answers.append(check_hand(e6b, ["gP gP gP", "rP yP wP"]))
    answers.append(CheckAnswer(False, None, (), (), "something else"))
    kinds = {("waits" if a.waits is not None else a.win, bool(a.waits)) for a in answers}
    assert kinds == {(True, False), (False, False), ("waits", True), ("waits", False)}
    for answer in answers:
        assert answer.to_json_text() == json.dumps(answer.to_json(), ensure_ascii=False)


def test_meld_of_sorted_knows_every_meld():
    import itertools

    for n in range(0, 6):
        for combo in itertools.combinations_with_replacement(range(29), n):
            kind = meld_kind(combo)
            assert melds.meld_of_sorted(combo) == (None if kind is None else Meld(combo, kind))
    assert len(melds.MELDS) == len(ALL_MELDS)


def plain_waits(concealed: list[int], exposed: list[list[int]]) -> list[int]:
    """The waits by the plain loop: every code not all held, added, and the nine look-ups."""
    counts = counts_of(concealed)
    held = counts_of([*concealed, *(c for m in exposed for c in m)])
    out = []
    for code in range(29):
        if held[code] < COPIES[code]:
            counts[code] += 1
            if melds.is_complete(counts):
                out.append(code)
            counts[code] -= 1
    return out


def plain_partition(counts: list[int]) -> tuple[int, list[Meld]] | None:
    """The best partition by walking the group tables directly, a new meld each time."""
    score, found = 0, []
    for codes, group in melds.GROUPS:
        best = melds._BEST[group][melds._key([counts[c] for c in codes])]
        if best is None:
            return None
        score += best[0]
        for local in best[1]:
            found.append(Meld.of(codes[p] for p in local))
    found += [Meld((28,), "flower")] * counts[28]
    return score + 3 * counts[28], sorted(found, key=lambda m: m.cards)


def near_wins(seed: int) -> list[tuple[list[int], list[list[int]]]]:
    """20-card hands (concealed, exposed) a card or a meld away from a win, or further."""
    rng = random.Random(seed)
    out = []
    for hand in random_wins(rng, 40):
        shown = [codes_of(m) for m in hand[: rng.randrange(3)]]
        cards = [c for m in hand[len(shown) :] for c in codes_of(m)]
        for i in range(len(cards)):  # a card away: one group open (or none)
            out.append((cards[:i] + cards[i + 1 :], shown))
        singles = [i for i, c in enumerate(cards) if c == 28 or c % 7 == 0]
        if singles:  # a General or a flower away: every group complete
            out.append((cards[: singles[0]] + cards[singles[0] + 1 :], shown))
        swapped = list(cards[1:])  # two cards swapped for others: two groups open
        swapped[0] = rng.randrange(29)
        out.append((swapped, shown))
    return out


def test_waits_equal_the_plain_loop_over_every_code():
    cases = near_wins(5)
    opened = set()
    for concealed, exposed in cases:
        try:
            found = melds.waits(concealed, exposed)
        except ValueError:  # more copies than the pack holds: the plain loop is not asked
            continue
        assert found == plain_waits(concealed, exposed), text(concealed)
        opened.add(sum(not ok for ok in melds_open(counts_of(concealed))))
    assert {0, 1, 2} <= opened


def melds_open(counts: list[int]) -> list[bool]:
    """Whether each group of the hand splits completely."""
    return [melds._BEST[g][melds._key([counts[c] for c in codes])] is not None
            for codes, g in melds.GROUPS]  # fmt: skip


def test_best_partition_equals_the_group_tables_walked_directly():
    rng = random.Random(8)
    hands = [[c for m in hand for c in codes_of(m)] for hand in random_wins(rng, 60)]
    pack = list(range(29)) * 4
    hands += [rng.sample(pack, 21) for _ in range(60)]
    wins = 0
    for hand in hands:
        counts = counts_of(hand)
        assert melds.best_partition(counts) == plain_partition(counts)
        wins += plain_partition(counts) is not None
    assert wins >= 60


MIX = ROOT / "benchmarks" / "data" / "sisepai-check-mix.txt"


def test_batch_answers_the_benchmark_mix_like_the_single_form():
    """Every line of the shipped mix: the batch answer is the single form's document (the
    words split by shlex, the answer encoded by json)."""
    lines = MIX.read_text(encoding="utf-8").splitlines()
    hands = [line for line in lines if line.strip() and not line.startswith("#")]
    assert len(hands) == 108
    code, answers, err = batch("\n".join(lines) + "\n")
    assert (code, err) == (0, "")
    expected = [check_words(shlex.split(line, comments=True)).to_json() for line in hands]
    assert answers == expected
    assert sum("waits" in a for a in answers) == 44 and sum(a["win"] for a in answers) == 50
