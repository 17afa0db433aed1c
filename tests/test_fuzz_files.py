"""Deal files from strangers: whatever a file holds, reading, replaying and running it raise only
the program's own errors (``CardaviaError``: one line, exit code 2), never another exception.

Three sources of input: random TOML documents over the deal-file keys (values of every TOML
type, nested), the shipped examples with one key changed, dropped or an action rewritten,
and random bytes. Each goes to ``parse_deal``, ``load_deal`` and ``replay``, and some to
``cardavia run FILE`` in this process.
"""

from __future__ import annotations

import datetime
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from cli_support import run_cardavia
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.games import GAMES, load_game
from cardavia_cli.games.deals import COMMON_KEYS, load_deal, parse_deal, replay

EXAMPLES = sorted((Path(__file__).parent.parent / "saves" / "examples").glob("*.toml"))
GAME_NAMES = sorted(GAMES)
KEYS = [*COMMON_KEYS, "lives", "levels", "level_team", "previous_places", "first_leader", "x"]
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.integers(min_value=-3, max_value=5),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["human", "basic", "random", "2", "A", "0 pass", "1 pass", "rK", "4H"]),
    st.dates(),
    st.datetimes(),
    st.times(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.text(min_size=1, max_size=5), inner, max_size=3),
    ),
    max_leaves=12,
)
actions = st.lists(
    st.one_of(
        st.text(max_size=20),
        st.builds(
            lambda seat, words: f"{seat} {words}",
            st.integers(min_value=-1, max_value=4),
            st.sampled_from(["pass", "claim", "win", "discard rK", "play 2S", "keep", "swap"]),
        ),
    ),
    max_size=6,
)
OPTIONAL = {
    "format": st.one_of(st.just(1), values),
    "seed": st.one_of(st.integers(min_value=0, max_value=50), values),
    "seats": st.one_of(
        st.lists(st.sampled_from(["human", "basic", "random", "x"]), min_size=4, max_size=4),
        values,
    ),
    "actions": st.one_of(actions, values),
    "dealer": st.one_of(st.integers(min_value=-1, max_value=4), values),
    "lives": st.one_of(
        st.lists(st.integers(min_value=-1, max_value=4), min_size=4, max_size=4), values
    ),
    "levels": st.one_of(st.lists(st.sampled_from(["2", "5", "A", "K", "x"]), max_size=3), values),
    "level_team": st.one_of(st.integers(min_value=-1, max_value=2), values),
    "previous_places": st.one_of(
        st.permutations([0, 1, 2, 3]), st.lists(st.integers(-1, 4), max_size=5), values
    ),
    "first_leader": st.one_of(st.integers(min_value=-1, max_value=4), values),
    "deck": values,
    "x": values,
}


def _own_keys(game: str) -> dict[str, st.SearchStrategy[Any]]:
    """The keys a file of ``game`` may hold, with values mostly of about the right shape: the
    deck a shuffled pack (now and then with one card changed)."""
    info = load_game(game)
    keys = [*COMMON_KEYS, *info.match_keys]
    if not info.has_dealer:
        keys.remove("dealer")
    own = {k: OPTIONAL.get(k, values) for k in keys if k not in ("game", "format")}
    pack = st.permutations(list(info.pack))
    own["deck"] = st.one_of(
        pack,
        st.tuples(pack, st.integers(0, len(info.pack) - 1), st.text(max_size=3)).map(
            lambda t: [*t[0][: t[1]], t[2], *t[0][t[1] + 1 :]]
        ),
    )
    return own


#: Documents of one game with its own keys; and now and then a document of anything at all.
documents = st.one_of(
    st.sampled_from(GAME_NAMES).flatmap(
        lambda game: st.fixed_dictionaries({"game": st.just(game)}, optional=_own_keys(game))
    ),
    st.fixed_dictionaries(
        {"game": st.one_of(st.sampled_from(GAME_NAMES), values)}, optional=OPTIONAL
    ),
)


def _toml(document: dict[str, Any]) -> str:
    return tomli_w.dumps(document)


def _only_own_errors(text: str, where: str = "fuzz.toml") -> None:
    """Parse and replay ``text``: any exception but a CardaviaError fails the test."""
    try:
        replay(parse_deal(text, where), where)
    except CardaviaError as exc:
        message = str(exc)
        assert message.startswith(where) and "\n" not in message, message


def test_regression_a_settings_key_with_a_newline_is_named_on_one_line():
    with pytest.raises(CardaviaError) as caught:
        replay(parse_deal(_toml({"game": "cucu", "settings": {"\n": 0}}), "f.toml"), "f.toml")
    assert str(caught.value) == 'f.toml, line 3: settings."\\n" must be true or false, not 0'


@FUZZ
@given(documents)
@example({"game": "cucu", "settings": {"\n": 0}})
def test_random_documents_raise_only_the_programs_errors(document: dict[str, Any]):
    _only_own_errors(_toml(document))


def _mutated(draw: st.DrawFn) -> str:
    path = draw(st.sampled_from(EXAMPLES))
    data = tomllib.loads(path.read_text("utf-8"))
    key = draw(st.sampled_from(sorted({*data, *KEYS})))
    how = draw(st.sampled_from(["drop", "replace", "action", "cut", "deck"]))
    if how == "drop":
        data.pop(key, None)
    elif how == "replace":
        data[key] = draw(values)
    elif how == "action" and data.get("actions"):
        i = draw(st.integers(0, len(data["actions"]) - 1))
        data["actions"][i] = draw(st.one_of(st.text(max_size=15), st.sampled_from(["0 pass"])))
    elif how == "cut" and data.get("actions"):
        data["actions"] = data["actions"][: draw(st.integers(0, len(data["actions"])))]
    elif how == "deck" and data.get("deck"):
        deck = data["deck"]
        i, j = draw(st.integers(0, len(deck) - 1)), draw(st.integers(0, len(deck) - 1))
        deck[i] = deck[j]
    return _toml(data)


@FUZZ
@given(st.composite(_mutated)())
def test_examples_with_a_key_changed_raise_only_the_programs_errors(text: str):
    _only_own_errors(text)


@FUZZ
@given(st.binary(max_size=300))
@example(b'game = "sisepai"\nx = ' + b"[" * 600 + b"]" * 600)
@example(b'game = "sisepai"\nseed = ' + b"9" * 5000)
@example(b'\xef\xbb\xbfgame = "cucu"\r\nlives = [1, 0, 0, 0]\r\n')
@example(b'game = "sisepai"\x00')
def test_random_bytes_raise_only_the_programs_errors(tmp_path: Path, data: bytes):
    path = tmp_path / "fuzz.toml"
    path.write_bytes(data)
    try:
        replay(load_deal(path))
    except CardaviaError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
    text = data.decode("utf-8", errors="replace")
    _only_own_errors(text)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.one_of(
        documents.map(_toml),
        st.composite(_mutated)(),
        st.binary(max_size=200).map(lambda b: b.decode("utf-8", errors="surrogateescape")),
    ),
    st.sampled_from([["--stop"], ["--max-deals", "1"], ["--json", "--max-deals", "1"]]),
)
def test_cardavia_run_of_any_file_is_a_result_or_one_line(
    tmp_path: Path, text: str, options: list[str]
):
    path = tmp_path / "fuzz.toml"
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    done = run_cardavia("run", str(path), *options, home=tmp_path / "home")
    assert done.returncode in (0, 2), done.stderr
    assert "Traceback" not in done.stderr
    if done.returncode == 2:
        assert done.stdout == ""
        assert done.stderr.startswith(f"cardavia: error: {path}") and done.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "value",
    [datetime.date(2024, 1, 2), datetime.time(1, 2), [[1, 2], [3]], {"a": {"b": []}}, 1e400],
)
def test_every_toml_type_in_every_key_is_refused_by_name(value: object):
    for game in GAME_NAMES:
        for key in KEYS:
            if key == "game":
                continue
            _only_own_errors(_toml({"game": game, key: value}))
