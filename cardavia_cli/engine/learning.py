"""Hand models learned from self-play: where a seat's hidden cards lie (the issue "Computer
players that read the table", items 1 and 2; ai.md, "Stronger levels").

A game that has one gives its :class:`~cardavia_cli.engine.game.GameInfo` a
:class:`HandModelSpec`: how a seat's view becomes rows of features (one row per card face the
seat cannot place, :meth:`HandModelSpec.encode`, from the view alone) and, for the records only,
where those cards really are (:meth:`HandModelSpec.labels`, from the state). The model itself is
a small multilayer perceptron (:class:`HandModel`): play reads its weights with numpy alone;
training (:func:`train`) needs scikit-learn (``pip install 'cardavia[train]'``).

The three steps, one seeded command each (``cardavia model record|train|score``):

1. :func:`record`: seeded deals of our own players (levels drawn per seat from a mix, Guandan
   single deals at random levels with tribute), played serially, over processes or on a Ray
   cluster by the arena's executors; every real decision gives the deciding seat's rows and
   their labels (counts of each face per other seat). :func:`save_records` writes them to a
   compressed ``.npz`` (atomically).
2. :func:`train`: a seeded scikit-learn ``MLPClassifier`` on those rows (one sample per hidden
   copy), saved as plain arrays (:meth:`HandModel.save`).
3. :func:`belief_quality`: on records the model did not see, the mean log-loss of the true
   seat of each hidden copy and the share of copies whose likeliest seat is the true one,
   beside the same figures for chances in proportion to the cards each seat still takes (the
   belief without a model).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from cardavia_cli.engine.agents import decide, fallback_for
from cardavia_cli.engine.arena import Scheduled, deal_seed, parallel_records
from cardavia_cli.engine.game import GameInfo, GameState
from cardavia_cli.engine.handmodel import HandModel, atomic_npz
from cardavia_cli.engine.runner import make_agents

#: The format of a records file (read back only when it matches).
RECORDS_FORMAT = 1


class HandModelSpec(Protocol):
    """A game's part of the hand model (module docstring).

    ``features``: numbers per row; ``classes``: the other seats a card may lie with (3);
    ``weights``: the name of the shipped weights file in the game's package."""

    features: int
    classes: int
    weights: str

    def encode(self, view: Any) -> tuple[list[int], list[list[float]]]:
        """The face codes of the hidden cards the seat of ``view`` cannot place, and one row of
        features for each: from the view alone."""
        ...

    def labels(self, state: GameState, seat: int, codes: Sequence[int]) -> list[list[int]]:
        """For each of ``codes``, the copies of that face each other seat of ``seat`` holds in
        ``state`` beyond those every seat knows of: the truth the model learns."""
        ...


# -- records -----------------------------------------------------------------------------------


#: The default mix of levels a seat is drawn from in the records (weights). ``strong`` may be
#: added (``strong=1``): its decisions cost a thousand times ``basic``'s, so a run of the same
#: size takes hours instead of minutes.
DEFAULT_MIX: dict[str, float] = {"basic": 9.0, "random": 1.0}


def mix_levels(mix: dict[str, float], seed: int, deck: int) -> list[str]:
    """The four levels of deal ``deck`` of a records run with ``seed``: each seat drawn from
    ``mix`` (level -> weight), from a generator of the run's seed and the deal.

    >>> mix_levels({"basic": 1.0}, 3, 0)
    ['basic', 'basic', 'basic', 'basic']
    """
    rng = random.Random(f"cardavia-records:{seed}:{deck}")
    names = sorted(mix)
    return rng.choices(names, [mix[n] for n in names], k=4)


@dataclass
class DealRows:
    """The rows of one deal of the records: ``x`` (rows, features), ``y`` (rows, classes)
    copies per other seat, ``decision`` (rows,) the index of the decision within the deal."""

    x: np.ndarray
    y: np.ndarray
    decision: np.ndarray


def record_deal(info: GameInfo, seed: int, item: Scheduled, single: bool) -> DealRows:
    """Play one deal of a records run (the levels of ``item``) and give the rows of every real
    decision: the deciding seat's view encoded, the state's truth as labels."""
    spec = info.hand_model
    assert spec is not None, f"{info.name} has no hand model"
    deck_seed = deal_seed(seed, item.deck)
    if single and info.single_deal is not None:
        state, _ = info.single_deal(deck_seed)
    else:
        state = info.new_state(seed=deck_seed)
    agents = make_agents(info, item.levels)
    fallback = fallback_for(info)
    xs: list[list[float]] = []
    ys: list[list[int]] = []
    index: list[int] = []
    n = 0
    start = state.rounds_finished
    while not (state.is_over or state.at_break or state.rounds_finished > start):
        seat = state.to_act
        assert seat is not None
        forced = state.forced_action()
        if forced is None:
            codes, rows = spec.encode(state.view(seat))
            if codes:
                xs.extend(rows)
                ys.extend(spec.labels(state, seat, codes))
                index.extend([n] * len(codes))
            n += 1
            forced = decide(state, agents[seat], fallback)
        state.push(forced)
    return DealRows(
        np.asarray(xs, dtype=np.float32).reshape(-1, spec.features),
        np.asarray(ys, dtype=np.int8).reshape(-1, spec.classes),
        np.asarray(index, dtype=np.int32),
    )


Progress = Callable[[int, int], None]


def record(
    info: GameInfo,
    deals: int,
    seed: int = 0,
    mix: dict[str, float] | None = None,
    *,
    jobs: int = 1,
    load: Callable[[str], GameInfo] | None = None,
    executor: Any = None,
    progress: Progress | None = None,
) -> dict[str, np.ndarray]:
    """The records of ``deals`` seeded deals (module docstring): arrays ``x``, ``y``, ``deal``
    (the deal of each row), ``decision`` (its decision in the deal), ``seed`` and
    ``format``. Serial, over ``jobs`` processes, or by ``executor`` (a
    :class:`~cardavia_cli.engine.cluster.RayExecutor`); the rows come in the deals' order
    whichever way, so a run is the same from its seed. Raises ``ValueError`` for a game
    without a hand model, a bad count, or an unknown level in ``mix``."""
    if info.hand_model is None:
        raise ValueError(f"{info.name} has no hand model")
    if deals < 1 or jobs < 1:
        raise ValueError("records need at least one deal and one job")
    mix = dict(mix or DEFAULT_MIX)
    make_agents(info, sorted(mix))  # an unknown level stops here
    single = info.single_deal is not None
    schedule = [Scheduled(k, mix_levels(mix, seed, k)) for k in range(deals)]
    work = ((load, info.name, seed, item, single, record_deal) for item in schedule)
    results: Iterator[Any]
    if executor is not None:
        results = executor.records(work, deals, progress)
    elif jobs > 1:
        if load is None:
            raise ValueError("a run over several processes needs load, to find the game in each")
        results = parallel_records(work, jobs, deals)
    else:
        results = (record_deal(info, seed, item, single) for item in schedule)
    xs, ys, dealt, decided = [], [], [], []
    for done, got in enumerate(results, 1):
        if isinstance(got, DealRows):
            xs.append(got.x)
            ys.append(got.y)
            dealt.append(np.full(len(got.x), done - 1, dtype=np.int32))
            decided.append(got.decision)
        if progress is not None and executor is None:
            progress(done, deals)
    spec = info.hand_model
    return {
        "format": np.array(RECORDS_FORMAT),
        "seed": np.array(seed),
        "x": np.concatenate(xs) if xs else np.zeros((0, spec.features), np.float32),
        "y": np.concatenate(ys) if ys else np.zeros((0, spec.classes), np.int8),
        "deal": np.concatenate(dealt) if dealt else np.zeros(0, np.int32),
        "decision": np.concatenate(decided) if decided else np.zeros(0, np.int32),
    }


def save_records(path: Path, records: dict[str, np.ndarray]) -> None:
    """Write ``records`` (:func:`record`) to ``path`` as a compressed ``.npz``, atomically."""
    atomic_npz(path, records, compressed=True)


def load_records(path: Path, features: int) -> dict[str, np.ndarray]:
    """The records saved at ``path``. Raises ``ValueError`` for a file that is not records
    of this format with rows of ``features`` numbers, ``OSError`` for one that cannot be read."""
    try:
        with np.load(path, allow_pickle=False) as data:
            out = {k: np.asarray(data[k]) for k in ("format", "seed", "x", "y", "deal", "decision")}
    except (KeyError, ValueError, EOFError) as exc:
        raise ValueError(f"not a records file: {exc}") from None
    if int(out["format"]) != RECORDS_FORMAT:
        raise ValueError("records of another format")
    x, y = out["x"], out["y"]
    if x.ndim != 2 or x.shape[1] != features or len(y) != len(x):
        raise ValueError(f"records with rows of {features} features expected")
    if len(x) and (int(y.min()) < 0 or int(y.max()) > 2):
        raise ValueError("records with labels out of range")
    return out


# -- training and scoring ------------------------------------------------------------------------


def split_deals(records: dict[str, np.ndarray], held: float = 0.2) -> tuple[np.ndarray, np.ndarray]:
    """Masks of the rows to train on and to score on: the last ``held`` share of the deals
    is held back (whole deals, so no position of a scored deal was seen)."""
    deal = records["deal"]
    if not len(deal):
        return np.zeros(0, bool), np.zeros(0, bool)
    cut = int(math.floor((int(deal.max()) + 1) * (1.0 - held)))
    return deal < cut, deal >= cut


def expand(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One sample per hidden copy: each row repeated once per copy, labelled with the class
    (other seat) holding it."""
    reps = y.sum(axis=1).astype(np.int64)
    rows = np.repeat(np.arange(len(x)), reps)
    labels = (
        np.concatenate([np.repeat(np.arange(y.shape[1]), y[i]) for i in range(len(y))])
        if len(y)
        else np.zeros(0, np.int64)
    )
    return x[rows], labels


def train(
    records: dict[str, np.ndarray],
    hidden: Sequence[int] = (64, 32),
    seed: int = 0,
    epochs: int = 10,
    limit: int | None = None,
) -> HandModel:
    """A :class:`HandModel` fitted to the training part of ``records`` (:func:`split_deals`)
    by scikit-learn's ``MLPClassifier`` (Adam, ReLU, early stopping on a tenth of the
    samples), seeded by ``seed``; at most ``limit`` samples, drawn by that seed. Raises
    ``ImportError`` without scikit-learn, ``ValueError`` for records with too few samples."""
    from sklearn.neural_network import MLPClassifier  # the optional extra

    fit, _ = split_deals(records)
    x, y = expand(records["x"][fit], records["y"][fit])
    if limit is not None and len(x) > limit:
        pick = np.random.default_rng(seed).choice(len(x), size=limit, replace=False)
        x, y = x[pick], y[pick]
    if len(set(y.tolist())) < records["y"].shape[1]:
        raise ValueError("too few records to train on: some seat never holds a hidden card")
    model = MLPClassifier(
        hidden_layer_sizes=tuple(hidden),
        activation="relu",
        solver="adam",
        batch_size=512,
        learning_rate_init=1e-3,
        max_iter=epochs,
        early_stopping=True,
        n_iter_no_change=3,
        random_state=seed,
    )
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a capped run of epochs is not an error here
        model.fit(x.astype(np.float32), y)
    return HandModel(
        tuple(np.asarray(w, dtype=np.float64) for w in model.coefs_),
        tuple(np.asarray(b, dtype=np.float64) for b in model.intercepts_),
    )


def fit_to_room(
    p: np.ndarray, group: np.ndarray, room: np.ndarray, iterations: int = 6
) -> np.ndarray:
    """Chances ``p`` (rows, classes) rescaled per class within each position (``group``: the
    position of each row, 0..k-1) so that each position's expected copies per class match
    ``room`` (k, classes): iterative proportional fitting, rows kept summing to 1 (the numpy
    twin of the games' ``seat_chances``)."""
    scale = np.where(room > 0, 1.0, 0.0)
    out = p
    for _ in range(iterations):
        w = p * scale[group]
        t = w.sum(axis=1, keepdims=True)
        out = np.divide(w, t, out=np.zeros_like(w), where=t > 0)
        expected = np.zeros_like(room)
        np.add.at(expected, group, out)
        ratio = np.divide(room, expected, out=np.ones_like(room), where=expected > 0)
        scale = np.where(room > 0, scale * ratio, 0.0)
    return out


def belief_quality(records: dict[str, np.ndarray], model: HandModel | None) -> dict[str, float]:
    """Over the held-back part of ``records`` (:func:`split_deals`), one figure per hidden
    copy: ``log_loss`` (mean of -ln of the chance given to its true seat) and ``placed`` (the
    share whose likeliest seat is the true one), for ``model``'s chances fitted to the hidden
    cards each seat takes (:func:`fit_to_room`, as the samplers use them); with ``model``
    ``None``, for chances in proportion to those counts (the belief without a model). The
    counts per position are public (hand sizes); they are summed here from the labels."""
    _, held = split_deals(records)
    x, y = records["x"][held], records["y"][held].astype(np.float64)
    if not len(x):
        return {"copies": 0, "log_loss": math.nan, "placed": math.nan}
    key = records["deal"][held].astype(np.int64) * 1_000_000 + records["decision"][held]
    _, inverse = np.unique(key, return_inverse=True)
    room = np.zeros((int(inverse.max()) + 1, y.shape[1]))
    np.add.at(room, inverse, y)  # the hidden cards each seat takes: public counts
    if model is not None:
        p = fit_to_room(model.predict(x), inverse, room)
    else:
        p = room[inverse] / room[inverse].sum(axis=1, keepdims=True)
    copies = y.sum()
    eps = 1e-9
    loss = float(-(y * np.log(np.clip(p, eps, 1.0))).sum() / copies)
    best = p.argmax(axis=1)
    placed = float(y[np.arange(len(y)), best].sum() / copies)
    return {"copies": int(copies), "log_loss": round(loss, 4), "placed": round(placed, 4)}
