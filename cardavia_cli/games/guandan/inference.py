"""Where the hidden cards of Guandan lie, read from what a seat has seen: the features of the
learned hand model and the dealing of a sample from its probabilities (the issue "Computer
players that read the table", items 2 and 3; ai.md, "Stronger levels").

Everything here reads a :class:`~.rules.GuandanView` alone (the seat's own hand and the public
record: hand counts, the trail of plays and passes, the tribute and return cards), never a
state, so a sampler built on it cannot peek.

The *free* hidden cards of a view are those it cannot see and cannot place: the two packs less
its hand, the cards played this deal, and the tribute and return cards that every seat knows
its receiver still holds (section 7; :func:`known_holdings`). The model gives, for each face
code with free copies, the chance that each of the other seats holds a copy, the seats named
relative to the viewer: 0 the next seat (the viewer's right), 1 the partner, 2 the seat before
(:func:`relative_seats`).

Features, per face code ``c`` (value ``v`` at the deal's level, section 6.1) and per other
seat ``s`` (:data:`SEAT_FEATURES` each), then of the card alone (:data:`CARD_FEATURES`):

- ``s``'s cards left, and whether it is out; the cards it played this deal;
- the copies of ``c``'s natural rank that ``s`` played;
- ``s``'s passes on an opponent's single, pair or triple/full house ranked below ``v`` (with
  nothing about to go out: a pass that says it holds nothing of the kind above), and such
  passes while an opponent of ``s`` was about to go out (any beat would have been played);
- ``s``'s answers to an opponent's single (pair) ranked below ``v`` with a single (pair)
  above ``v``: it passed over ``c`` for a higher card, so it likely lacks it;
- ``s``'s leads of a single or pair above ``v`` (a lead is its weakest group);
- whether ``s`` paid a tribute below ``v`` (7.3: it holds nothing stronger but wild cards);
- for the card: its natural rank (one-hot, the jokers apart), wild, level rank, suit, free
  copies, copies in the viewer's hand, copies of its rank played by anyone, and the deal's
  progress.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from cardavia_cli.engine.handmodel import HandModel
from cardavia_cli.engine.seats import SEATS, next_seat, team
from cardavia_cli.games.guandan.cards import BJ, COPIES, NUM_CODES, SUIT, VALUES, wild_code

#: A :class:`~.rules.GuandanView` (this module is below :mod:`.rules`, which samples with it).
GuandanView = Any

#: An opponent holding this many cards or fewer is "about to go out": ``basic`` then plays
#: any beat, bombs included (ai.md; :mod:`.ai` and :mod:`.rules` read this constant).
DANGER = 6

#: Features per other seat, and of the card itself (see the module docstring).
SEAT_FEATURES = 13
CARD_FEATURES = 15 + 1 + 1 + 4 + 5
FEATURES = 3 * SEAT_FEATURES + CARD_FEATURES

#: The natural rank index of each code: 0..12 for 2..A, 13 and 14 for BJ and RJ.
_RANK_INDEX = tuple(c // 4 for c in range(52)) + (13, 14)
_SET_FAMILY = {"single": 0, "pair": 1, "triple": 2, "full_house": 2}


def relative_seats(seat: int) -> tuple[int, int, int]:
    """The other seats as the model names them: the next seat, the partner, the seat before.

    >>> relative_seats(0), relative_seats(3)
    ((1, 2, 3), (0, 1, 2))
    """
    return (next_seat(seat, 1), next_seat(seat, 2), next_seat(seat, 3))


def played_by(view: GuandanView) -> list[list[int]]:
    """The cards each seat played this deal (54 counts per seat), from the public trail."""
    out = [[0] * NUM_CODES for _ in SEATS]
    for step in view.trail:
        for c in step.cards:
            out[step.seat][c] += 1
    return out


def known_holdings(view: GuandanView, played: Sequence[Sequence[int]]) -> list[list[int]]:
    """The cards every seat knows a seat still holds (54 counts per seat): the tribute and
    return cards it received this deal (section 7: shown to all), less those it gave on and
    those it played since (``played``: :func:`played_by`)."""
    known = [[0] * NUM_CODES for _ in SEATS]
    for t in (*view.tributes, *view.returns):
        known[t.receiver][t.card] += 1
        known[t.giver][t.card] -= 1
    for s in SEATS:
        for c in range(NUM_CODES):
            known[s][c] = max(0, known[s][c] - played[s][c]) if known[s][c] > 0 else 0
    return known


def free_cards(view: GuandanView) -> tuple[list[int], list[list[int]], list[int]]:
    """``(free, known, room)``: the free hidden copies per face code (54 counts; module
    docstring), the cards known held per seat (:func:`known_holdings`, the viewer's own row
    empty), and the free cards each seat still takes (its cards left less those known; 0
    for the viewer)."""
    played = played_by(view)
    known = known_holdings(view, played)
    known[view.seat] = [0] * NUM_CODES
    free = [0] * NUM_CODES
    mine = [0] * NUM_CODES
    for c in view.hand:
        mine[c] += 1
    for c in range(NUM_CODES):
        free[c] = COPIES - mine[c] - view.played[c] - sum(known[s][c] for s in SEATS)
    room = [0 if s == view.seat else view.hand_sizes[s] - sum(known[s]) for s in SEATS]
    return free, known, room


def encode(view: GuandanView) -> tuple[list[int], list[list[float]]]:
    """The model's input for ``view``: the face codes with free copies (ascending) and one row
    of :data:`FEATURES` numbers for each (module docstring). Reads the view alone."""
    level = view.level
    values = VALUES[level]
    wild = wild_code(level)
    free, _known, _room = free_cards(view)
    played = played_by(view)
    others = relative_seats(view.seat)
    sizes = view.hand_sizes
    # per seat: the thresholds read off its steps (values of the plays on the table and its own)
    passes_below: dict[int, list[list[int]]] = {s: [[], [], []] for s in others}
    danger_passes: dict[int, list[int]] = {s: [] for s in others}
    gaps: dict[int, list[tuple[int, int]]] = {s: [] for s in others}
    leads: dict[int, list[int]] = {s: [] for s in others}
    then = list(sizes)
    for step in reversed(view.trail):  # newest first: the hand counts at each step follow
        s = step.seat
        if step.cards:
            then[s] += len(step.cards)
        if s not in passes_below:
            continue
        top = step.top
        if top is None:
            if step.cards and len(set(step.cards)) == 1 and len(step.cards) <= 2:
                leads[s].append(values[step.cards[0]])
            continue
        if team(top.seat) == team(s):
            continue  # a pass or play on the partner's play says little
        reading = top.interpretation
        family = _SET_FAMILY.get(reading.type)
        if not step.cards:
            short = min((then[o] for o in SEATS if team(o) != team(s) and then[o]), default=99)
            if short <= DANGER:
                danger_passes[s].append(reading.rank if family is not None else 0)
            elif family is not None:
                passes_below[s][family].append(reading.rank)
        elif family is not None and family < 2 and len(step.cards) == reading.size:
            gaps[s].append((reading.rank, values[step.cards[-1]]))
    rank_played = [0] * 15
    rank_played_by = {s: [0] * 15 for s in others}
    for c in range(NUM_CODES):
        rank_played[_RANK_INDEX[c]] += view.played[c]
        for s in others:
            rank_played_by[s][_RANK_INDEX[c]] += played[s][c]
    mine = [0] * NUM_CODES
    for c in view.hand:
        mine[c] += 1
    tribute_caps = {t.giver: values[t.card] for t in view.tributes}
    progress = sum(view.played) / 108
    codes = [c for c in range(NUM_CODES) if free[c] > 0]
    rows: list[list[float]] = []
    for c in codes:
        v = values[c]
        r = _RANK_INDEX[c]
        row: list[float] = []
        for s in others:
            rank_by_s = rank_played_by[s][r]
            below = passes_below[s]
            row += [
                sizes[s] / 27,
                1.0 if sizes[s] == 0 else 0.0,
                sum(played[s]) / 27,
                rank_by_s / 4,
                sum(1 for x in below[0] if x < v) / 4,
                sum(1 for x in below[1] if x < v) / 4,
                sum(1 for x in below[2] if x < v) / 4,
                sum(1 for x in danger_passes[s] if x < v) / 4,
                len(danger_passes[s]) / 4,
                sum(1 for lo, hi in gaps[s] if lo < v < hi) / 4,
                sum(1 for x in leads[s] if x > v) / 4,
                1.0 if s in tribute_caps and c != wild and v > tribute_caps[s] else 0.0,
                1.0 if s == others[1] else 0.0,
            ]
        onehot = [0.0] * 15
        onehot[r] = 1.0
        suit = [0.0] * 4
        if SUIT[c] >= 0:
            suit[SUIT[c]] = 1.0
        row += onehot
        row += [1.0 if c == wild else 0.0, 1.0 if r == level - 2 and c < BJ else 0.0]
        row += suit
        row += [
            free[c] / 2,
            mine[c] / 2,
            rank_played[r] / 8,
            progress,
            (v - 2) / 15,
        ]
        rows.append(row)
    return codes, rows


def seat_chances(
    probs: Sequence[Sequence[float]], room: Sequence[int], iterations: int = 6
) -> list[list[float]]:
    """Chances per free copy (``probs``: one row per face code, three columns by relative
    seat, as the model gives them) rescaled so that the seats' expected shares match the free
    cards each takes (``room``, three numbers by relative seat): a few rounds of iterative
    proportional fitting of the columns, a seat without room getting nothing. Each row still
    sums to 1 (or is all 0 when no seat has room)."""
    scale = [1.0 if r > 0 else 0.0 for r in room]
    rows = [list(p) for p in probs]
    for _ in range(iterations):
        out = []
        for p in rows:
            w = [p[k] * scale[k] for k in range(3)]
            t = sum(w)
            out.append([x / t for x in w] if t > 0 else [0.0, 0.0, 0.0])
        expected = [sum(o[k] for o in out) for k in range(3)]
        scale = [
            scale[k] * (room[k] / expected[k]) if expected[k] > 0 and room[k] > 0 else scale[k]
            for k in range(3)
        ]
    return out


class GuandanHandModel:
    """Guandan's part of the learned hand model
    (:class:`~cardavia_cli.engine.learning.HandModelSpec`): rows by :func:`encode`, classes
    the other seats in the order of :func:`relative_seats`."""

    features = FEATURES
    classes = 3
    weights = "hand_model.npz"

    def encode(self, view: GuandanView) -> tuple[list[int], list[list[float]]]:
        return encode(view)

    def labels(self, state: Any, seat: int, codes: Sequence[int]) -> list[list[int]]:
        """The free copies of each of ``codes`` that each other seat holds in ``state`` (its
        hand less the cards every seat knows it holds)."""
        _free, known, _room = free_cards(state.view(seat))
        others = relative_seats(seat)
        return [[state.hands[s][c] - known[s][c] for s in others] for c in codes]


HAND_MODEL = GuandanHandModel()

#: ``CARDAVIA_HAND_MODEL``: ``off`` plays without the model (the samplers deal the free cards
#: in proportion to the room of each seat, as before it), a path plays with the weights of that
#: file; unset, the weights shipped in this package.
MODEL_ENV = "CARDAVIA_HAND_MODEL"


@lru_cache(maxsize=4)
def _load(where: str) -> HandModel | None:
    try:
        if where == "shipped":
            source = resources.files(__package__).joinpath(HAND_MODEL.weights)
            if not source.is_file():
                return None
            with source.open("rb") as f:
                model = HandModel.load(f)
        else:
            model = HandModel.load(Path(where))
    except (OSError, ValueError):
        return None  # a missing or damaged model: the sampler deals as without one
    return model if model.features == FEATURES and model.classes == 3 else None


def hand_model() -> HandModel | None:
    """The hand model the samplers use (:data:`MODEL_ENV`), ``None`` for none."""
    where = os.environ.get(MODEL_ENV, "").strip()
    if where.lower() == "off":
        return None
    return _load(where or "shipped")


@lru_cache(maxsize=64)
def chances(view: GuandanView, model: HandModel) -> dict[int, list[float]]:
    """For each face code with free hidden copies in ``view``, the chance that each other seat
    (in the order of :func:`relative_seats`) holds a copy: the model's output fitted to the
    free cards each seat takes (:func:`seat_chances`). Reads the view alone."""
    codes, rows = encode(view)
    if not codes:
        return {}
    _free, _known, room = free_cards(view)
    others = relative_seats(view.seat)
    fitted = seat_chances(model.predict(rows).tolist(), [room[s] for s in others])
    return dict(zip(codes, fitted, strict=True))
