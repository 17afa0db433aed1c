"""The learned hand model (engine/learning.py, engine/handmodel.py, games/guandan/inference.py;
the issue "Computer players that read the table", items 1 to 3): records, a tiny model trained
here and read back with numpy alone, features from the view alone, a sampler that cannot peek."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from conformance import check_beliefs

from cardavia_cli.engine import learning
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.handmodel import HandModel
from cardavia_cli.engine.seats import SEATS
from cardavia_cli.games import load_game
from cardavia_cli.games.guandan import inference
from cardavia_cli.games.guandan.rules import GuandanState


def _position(seed: int, plies: int) -> GuandanState:
    """A position of an all-``basic`` single deal ``seed`` after ``plies`` actions."""
    info = load_game("guandan")
    assert info.single_deal is not None
    state, _ = info.single_deal(seed)
    basic = info.agents["basic"]()
    from cardavia_cli.engine.agents import decide

    for _ in range(plies):
        if state.at_break or state.is_over:
            break
        state.push(decide(state, basic))
    assert isinstance(state, GuandanState)
    return state


@pytest.fixture(scope="module")
def records() -> dict[str, np.ndarray]:
    """The records of 10 seeded deals (serial), the same every run."""
    return learning.record(load_game("guandan"), 10, seed=3, mix={"basic": 3.0, "random": 1.0})


@pytest.fixture(scope="module")
def tiny(records: dict[str, np.ndarray]) -> HandModel:
    return learning.train(records, hidden=(8,), seed=1, epochs=3)


def test_records_hold_one_row_per_hidden_face_with_its_true_copies(records) -> None:
    x, y = records["x"], records["y"]
    assert x.shape[1] == inference.FEATURES == 65
    assert y.shape == (len(x), 3) and len(x) > 1000
    assert set(np.unique(y.sum(axis=1)).tolist()) <= {1, 2}  # each row: 1 or 2 free copies
    assert int(records["deal"].max()) == 9
    again = learning.record(load_game("guandan"), 10, seed=3, mix={"basic": 3.0, "random": 1.0})
    assert all(np.array_equal(records[k], again[k]) for k in records)  # seeded


def test_labels_sum_to_the_free_copies_and_the_room_of_each_seat() -> None:
    state = _position(5, 60)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    free, known, room = inference.free_cards(view)
    codes, rows = inference.encode(view)
    labels = inference.HAND_MODEL.labels(state, seat, codes)
    assert codes == [c for c in range(54) if free[c]]
    assert [sum(row) for row in labels] == [free[c] for c in codes]
    others = inference.relative_seats(seat)
    assert [sum(row[k] for row in labels) for k in range(3)] == [room[s] for s in others]
    assert sum(room) == sum(state.sizes[s] for s in SEATS if s != seat) - sum(map(sum, known))
    assert all(len(r) == inference.FEATURES for r in rows)


def test_the_features_read_the_view_alone() -> None:
    """A state dealt anew where the seat cannot see (the same view) encodes the same rows."""
    rng = random.Random(4)
    for seed, plies in ((1, 10), (2, 45), (6, 50)):
        state = _position(seed, plies)
        for seat in SEATS:
            twin = state.resample(seat, rng)
            assert twin.hands != state.hands  # other hidden cards
            assert inference.encode(twin.view(seat)) == inference.encode(state.view(seat))


def test_a_tiny_model_trains_saves_and_loads_with_numpy_alone(tiny, tmp_path: Path) -> None:
    path = tmp_path / "m.npz"
    tiny.save(path)
    back = HandModel.load(path)
    assert (back.features, back.classes) == (65, 3)
    rows = np.random.default_rng(0).random((5, 65))
    p = back.predict(rows)
    assert p.shape == (5, 3) and np.allclose(p.sum(axis=1), 1.0)
    assert np.allclose(p, tiny.predict(rows), atol=1e-5)  # float32 on disk


def test_the_model_beats_the_belief_without_it_on_held_back_deals(records, tiny) -> None:
    """Even 8 deals of training place more hidden copies right than chances in proportion to
    each seat's room, with a lower log-loss."""
    with_model = learning.belief_quality(records, tiny)
    without = learning.belief_quality(records, None)
    assert with_model["copies"] == without["copies"] > 500
    assert with_model["log_loss"] < without["log_loss"]


def test_weights_that_are_not_weights_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not numpy")
    with pytest.raises(ValueError):
        HandModel.load(bad)
    np.savez(tmp_path / "other.npz", format=np.array(1), w0=np.zeros((3, 2)), b0=np.zeros(5))
    with pytest.raises(ValueError, match="shapes"):
        HandModel.load(tmp_path / "other.npz")


def test_the_model_sampler_cannot_peek_and_keeps_the_counts(
    tiny, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a model, twin states (same view, other hidden cards) give identical samples, each
    keeping the view and the whole pack (the conformance property)."""
    path = tmp_path / "m.npz"
    tiny.save(path)
    monkeypatch.setenv(inference.MODEL_ENV, str(path))
    assert inference.hand_model() is not None
    for seed, plies in ((2, 30), (7, 70)):
        state = _position(seed, plies)
        check_beliefs(state, random.Random(seed))
        seat = state.to_act
        assert seat is not None
        sample = Belief(state, seat).sample(random.Random(1))
        assert sample.sizes == state.sizes


def test_off_plays_without_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(inference.MODEL_ENV, "off")
    assert inference.hand_model() is None
    monkeypatch.setenv(inference.MODEL_ENV, "/nowhere/weights.npz")
    assert inference.hand_model() is None  # a missing file: the sampler deals without it


def test_learn_all_is_one_seeded_command(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from cardavia_cli.commands.learn import main

    out = tmp_path / "w.npz"
    recs = tmp_path / "r.npz"
    argv = ["all", "guandan", "--deals", "6", "--seed", "2", "--mix", "basic=1"]
    main([*argv, "--hidden", "6", "--epochs", "2", "-o", str(out), "--records", str(recs)])
    report = json.loads(capsys.readouterr().out)
    assert report["held_back_deals"] == 2
    assert report["with_model"]["copies"] == report["without_model"]["copies"] > 100
    assert HandModel.load(out).features == 65
    main(["score", "guandan", str(recs), "--weights", str(out)])
    assert json.loads(capsys.readouterr().out) == report


@pytest.mark.parametrize(
    "argv, words",
    [
        (["score", "guandan", "MISSING"], "cannot read the records"),
        (["score", "cucu", "x.npz"], "cucu has no hand model"),
        (["score", "nope", "x.npz"], "unknown game"),
        (["record", "guandan", "--mix", "basic=1,wizard=1", "-o", "r.npz"], "unknown level"),
    ],
)
def test_learn_refuses_bad_input_in_one_line(
    argv: list[str],
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardavia_cli.commands.learn import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err.lower(), err


def test_learn_refuses_a_file_that_is_not_records(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    from cardavia_cli.commands.learn import main

    bad = tmp_path / "r.npz"
    bad.write_text("hello")
    with pytest.raises(SystemExit) as stop:
        main(["score", "guandan", str(bad)])
    assert stop.value.code == 2
    assert "not a records file" in capsys.readouterr().err
