"""Determinized search: the level ``strong`` of every game (ai.md, "Stronger levels"; the issue
"Strong computer players", item 3).

A :class:`SearchPlayer` decides by perfect-information Monte Carlo (PIMC) over samples of its
:class:`~cardavia_cli.engine.belief.Belief`, the states its seat cannot tell from the real one:

1. its ``rollout`` player (the game's ``basic``) names the move it would make, the
   *preferred* move;
2. the game's :class:`SearchSpec` lists the candidates worth comparing with it (always the
   preferred move among them);
3. ``samples`` samples are drawn from the belief, each with its own generator drawn from the
   decision's; every candidate is played from the *same* samples with the same rollout
   generators (common random numbers: the comparison between two candidates is paired, so
   the luck of a sample cancels out);
4. each rollout plays on with the rollout player at every seat until the game's
   :meth:`SearchSpec.rollout_over` says the rollout is done (the end of the deal, or earlier
   with an estimate), and :meth:`SearchSpec.score` scores it for the searching seat;
5. a candidate replaces the preferred move only if its mean paired gain over the preferred
   move is at least ``min_gain`` and ``margin`` standard errors: ``basic``'s move is kept
   unless search finds a clearly better one.

The search sees only samples of its belief, never the state, so it cannot peek (the no-leak
property of the belief is in the conformance suite). It is exact from a seed: the samples and
rollouts come from the decision's generator (:func:`~cardavia_cli.engine.agents.agent_rng`),
and the time budget, a safety cap on one decision's CPU time, is set well above what the fixed
sample count needs, so that it does not cut a decision short on this kind of machine. On a
slower or busier machine it can: ``CARDAVIA_SEARCH_BUDGET=off`` (:func:`budget_from_env`) lifts
it, and every decision then plays all its samples, the same moves on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.budget import budget_from_env
from cardavia_cli.engine.game import GameState, LegalActions
from cardavia_cli.engine.i18n import N_

S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


class Player(Protocol):
    """What a rollout needs of a computer player: ``choose(view, legal, rng)``."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


def _budget() -> float | None:
    return budget_from_env()[0]


@dataclass(frozen=True)
class SearchSettings:
    """How hard a :class:`SearchPlayer` searches.

    ``samples``: determinizations per decision (fixed, so a decision replays exactly);
    ``budget``: a cap in seconds of CPU time (``time.process_time``) on one decision: no
    sample is begun that would end past it at the pace so far, ``None`` for none (at least
    one sample is always played; default :func:`budget_from_env`, read when the settings
    are made); ``margin``: the
    standard errors by which a candidate's mean paired gain must exceed zero to replace the
    preferred move; ``min_gain``: the smallest mean gain (in the units of
    :meth:`SearchSpec.score`) that does; ``horizon``: decisions per rollout before it is
    scored (``None``: to :meth:`SearchSpec.rollout_over`); ``extra``: samples drawn on top
    of ``samples`` when, after them, no candidate is clearly better but one is near it (a
    gain above ``look_again`` standard errors, at most ``margin``): a second look, as in
    racing; 0 for none (the shipped levels).
    """

    samples: int = 16
    budget: float | None = field(default_factory=_budget)
    margin: float = 2.0
    min_gain: float = 0.0
    horizon: int | None = None
    extra: int = 0
    look_again: float = 1.0


@dataclass(frozen=True)
class ScoreScale:
    """How a person reads a :class:`SearchSpec`'s scores (a review's estimates and losses):
    as an *expected result* from 0 (``worst``, the score of the worst result of a deal or
    round) to 1 (``best``, the score of the best one). ``unit`` says what that expected result
    is, for a person (a catalog message, marked ``N_``: translated where it is shown). The
    expected result is linear in the score, so a move is better in one exactly when it is
    better in the other.

    >>> ScoreScale(-1.0, 1.0).value(0.5), WIN_CHANCE.value(0.25)
    (0.75, 0.25)
    """

    worst: float = 0.0
    best: float = 1.0
    unit: str = N_("win chance")

    def value(self, score: float) -> float:
        """``score`` as an expected result (0 the worst result, 1 the best)."""
        return (score - self.worst) / (self.best - self.worst)


#: The scale of a game whose score is its win chance (0 or 1 at the end).
WIN_CHANCE = ScoreScale()


class SearchSpec(Protocol[S_contra]):
    """A game's part of the search: which moves to compare, when a rollout ends and how it
    scores; ``scale``: how a person reads its scores (:class:`ScoreScale`)."""

    scale: ScoreScale

    def candidates(
        self, view: Any, legal: Sequence[Any], preferred: Any, rng: random.Random
    ) -> list[Any]:
        """The moves to compare (the preferred move among them; one alone means no search)."""
        ...

    def rollout_over(self, state: S_contra, start: S_contra) -> bool:
        """Whether a rollout begun at ``start`` (the sample before the candidate) is done."""
        ...

    def score(self, state: S_contra, start: S_contra, seat: int) -> float:
        """The value to ``seat`` of the rollout's last ``state`` (higher is better)."""
        ...

    def chance(self, score: float) -> float:
        """The chance of winning (the deal or match, as the game's hint says) that a rollout
        scored ``score`` stands for: 0 to 1."""
        ...


@dataclass
class Estimate:
    """What one decision's search found about one candidate: ``mean`` score, ``gain`` (mean
    paired gain over the preferred move) and its standard error ``stderr``, and ``chance``
    (the mean win chance, :meth:`SearchSpec.chance`), over ``n`` samples; ``scores``: the
    score of each sample, in sample order (the same samples for every candidate of a
    decision, so two candidates' scores pair up: :func:`paired`)."""

    action: Any
    mean: float
    gain: float
    stderr: float
    n: int
    chance: float = 0.0
    scores: tuple[float, ...] = field(default=(), repr=False)


@dataclass
class SearchReport:
    """The last decision of a :class:`SearchPlayer`: the candidates' estimates (preferred
    first), the move chosen, samples played and CPU seconds spent."""

    estimates: list[Estimate]
    chosen: Any
    samples: int
    seconds: float


class SearchPlayer(Generic[S]):
    """The level ``strong``: PIMC over its belief (module docstring).

    Without a belief (``choose``, as an ordinary agent) it plays its rollout player's move.
    ``search`` raises what the game's sampler raises (``NotImplementedError`` for a game
    without ``resample``); :func:`~cardavia_cli.engine.agents.decide` then falls back to
    ``basic``. ``last`` is the :class:`SearchReport` of the last search (for ``hint``).
    """

    name = "strong"

    def __init__(
        self,
        spec: SearchSpec[S],
        rollout: Callable[[], Player],
        settings: SearchSettings | None = None,
        clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.spec = spec
        self.policy = rollout()
        self._make_rollout = rollout
        self.settings = settings or SearchSettings()
        self.clock = clock
        self.last: SearchReport | None = None

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self.policy.choose(view, legal, rng)

    def search(self, view: Any, legal: Sequence[Any], rng: random.Random, belief: Belief[S]) -> Any:
        """The move to make: the preferred move unless a candidate is clearly better."""
        return self._compare(view, legal, rng, belief, (), shortcut=True).chosen

    def evaluate(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        belief: Belief[S],
        include: Sequence[Any] = (),
    ) -> SearchReport:
        """The search of one decision, for a review: the :class:`SearchReport` of
        :meth:`search` from the same generator (the same candidates, samples and rollouts,
        so ``chosen`` is the move :meth:`search` makes), with the moves of ``include`` (legal
        actions) compared too, from the same samples, even where the game's
        :meth:`SearchSpec.candidates` leaves them out. Every estimate keeps its samples'
        scores (:attr:`Estimate.scores`). Unlike :meth:`search`, a decision with one
        candidate is sampled too (its estimate is the chance of the position). Raises what
        the game's sampler raises."""
        return self._compare(view, legal, rng, belief, include, shortcut=False)

    def _compare(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        belief: Belief[S],
        include: Sequence[Any],
        *,
        shortcut: bool,
    ) -> SearchReport:
        start = self.clock()
        preferred = self.policy.choose(view, legal, random.Random(rng.getrandbits(64)))
        offered = self.spec.candidates(view, legal, preferred, rng)
        candidates = [preferred]
        for action in (*offered, *include):
            if action not in candidates:
                candidates.append(action)
        if shortcut and len(candidates) == 1:
            self.last = SearchReport([Estimate(preferred, 0.0, 0.0, 0.0, 0)], preferred, 0, 0.0)
            return self.last
        seat = belief.seat
        scores: list[list[float]] = [[] for _ in candidates]
        settings = self.settings
        played = 0
        target = settings.samples
        while played < target:
            if played and settings.budget is not None:
                spent = self.clock() - start
                if spent + spent / played > settings.budget:
                    break  # the next sample would end past the budget
            sample = belief.sample(random.Random(rng.getrandbits(64)))
            roll_seed = rng.getrandbits(64)
            for i, action in enumerate(candidates):
                scores[i].append(self._rollout(sample, action, seat, random.Random(roll_seed)))
            played += 1
            if played == settings.samples and settings.extra and self._near(candidates, scores):
                target += settings.extra  # a second look
        estimates = [
            _estimate(a, s, scores[0], self.spec.chance)
            for a, s in zip(candidates, scores, strict=True)
        ]
        best = estimates[0]
        for e in estimates[1:]:
            clear = e.gain > settings.min_gain and e.gain > settings.margin * e.stderr
            if clear and e.gain > best.gain:
                best = e
        self.last = SearchReport(estimates, best.action, played, self.clock() - start)
        return self.last

    def _near(self, candidates: Sequence[Any], scores: Sequence[Sequence[float]]) -> bool:
        """Whether no candidate is clearly better than the preferred move (``candidates[0]``)
        over the samples so far (``scores``, by candidate), but one is near it: a gain above
        ``look_again`` standard errors (:class:`SearchSettings`)."""
        settings = self.settings
        near = False
        for action, own in zip(candidates[1:], scores[1:], strict=True):
            e = _estimate(action, own, scores[0], self.spec.chance)
            if e.gain <= settings.min_gain:
                continue
            if e.gain > settings.margin * e.stderr:
                return False
            near = near or e.gain > settings.look_again * e.stderr
        return near

    def _rollout(self, sample: S, action: Any, seat: int, rng: random.Random) -> float:
        """Play ``action`` in a copy of ``sample``, then the rollout player everywhere."""
        spec = self.spec
        state: S = sample.copy(quiet=True)  # type: ignore[assignment]
        state.push(action)
        policy = self.policy
        horizon = self.settings.horizon
        n = 0
        while not spec.rollout_over(state, sample):
            if horizon is not None and n >= horizon:
                break
            forced = state.forced_action()
            if forced is None:
                to_act = state.to_act
                assert to_act is not None
                forced = policy.choose(state.view(to_act), LegalActions(state), rng)
            state.push(forced)
            n += 1
        return spec.score(state, sample, seat)


def _estimate(
    action: Any,
    scores: Sequence[float],
    base: Sequence[float],
    chance: Callable[[float], float],
) -> Estimate:
    n = len(scores)
    gains = [a - b for a, b in zip(scores, base, strict=True)]
    mean = sum(scores) / n if n else 0.0
    gain = sum(gains) / n if n else 0.0
    if n > 1:
        var = sum((g - gain) ** 2 for g in gains) / (n - 1)
        stderr = math.sqrt(var / n)
    else:
        stderr = math.inf
    won = sum(chance(s) for s in scores) / n if n else 0.0
    return Estimate(action, mean, gain, stderr, n, won, tuple(scores))


def paired(a: Estimate, b: Estimate) -> tuple[float, float]:
    """The mean paired difference of ``a``'s scores over ``b``'s (two candidates of one
    decision, played from the same samples) and its standard error (``inf`` with fewer than
    two samples).

    >>> paired(Estimate("x", 0, 0, 0, 3, scores=(1.0, 1.0, 0.0)),
    ...        Estimate("y", 0, 0, 0, 3, scores=(0.0, 1.0, 0.0)))[0]
    0.3333333333333333
    """
    diffs = [x - y for x, y in zip(a.scores, b.scores, strict=True)]
    n = len(diffs)
    if n == 0:
        return 0.0, math.inf
    mean = sum(diffs) / n
    if n == 1:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def deal_over(state: GameState, start: GameState) -> bool:
    """A rollout end for most games: the game is over, at a break, or past ``start``'s deal."""
    return state.is_over or state.at_break or state.rounds_finished > start.rounds_finished
