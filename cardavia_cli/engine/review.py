"""Reviewing a game: every real decision of one seat graded by the search of level
``strong``, and the same deck played again with a computer player in that seat (the issue
"Review your game").

**Grading.** The game is replayed from its deal file, action by action. At each real decision
of the reviewed seat (not a forced answer, nor one the rules gave: the caller's ``skip``, nor
one the ``auto`` command made: the save's ``auto_decisions``),
the game's ``strong`` player runs its search on exactly what it would have had then: the
seat's view, its legal actions, a :class:`~cardavia_cli.engine.belief.Belief` of the seat
(samples of the states the seat cannot tell from the real one, never the state) and the
generator :func:`~cardavia_cli.engine.agents.agent_rng` gives that decision.
:meth:`~cardavia_cli.engine.search.SearchPlayer.evaluate` adds the move played to the
candidates, from the same samples, so that it has an estimate even where the search would not
have looked at it. So the review of a decision is the search ``strong`` makes there, and the
move it names is ``strong``'s move.

Estimates are *expected results* from 0 to 1 (:class:`~cardavia_cli.engine.search.ScoreScale`
of the game's search: the win chance in Si Se Pai and Cuccu, the match's and deal's result in
Guandan, the deal's in Minchiate). The *loss* of a move is ``strong``'s move's estimate minus
the played move's (0 when the move played is as good or better). A loss within the search's
own noise, at most ``margin`` (2) standard errors of the paired difference of the two moves
over the samples, is not marked: ``strong`` itself keeps ``basic``'s move unless another is
better by that margin, so its own moves are never marked. With fewer than
:data:`MARK_SAMPLES` samples nothing is marked (their spread says nothing). Otherwise the
mark is the worst of :data:`THRESHOLDS` that the loss reaches: an inaccuracy from 0.05 (5
points of expected result), a mistake from 0.10, a blunder from 0.20.

**Replays.** "How would the computer have played your cards": the deal file's deck and seed,
the other seats' levels as the file gives them, and ``basic`` or ``strong`` in the reviewed
seat (:func:`replay_seat`); its result beside the player's own, as in duplicate bridge. A
game whose deals can be played alone (:attr:`~cardavia_cli.engine.game.GameInfo.single_deal`:
Guandan, whose matches run to many deals) compares its first deal; the others the whole deal
or match. Replays are made only of a finished game: the replay of a game in progress would
play out the cards its player has not seen.

The search has no time cap here (``budget=None``): its fixed samples and seeded generators
make the same file give the same review on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardavia_cli.engine.agents import agent_rng, fallback_for
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.dealfile import DealFile, new_game_state
from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.game import GameInfo, GameState, LegalActions, Record
from cardavia_cli.engine.i18n import _, ngettext
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.engine.search import SearchPlayer, SearchSettings, paired

#: The marks of a decision, from the best to the worst.
MARKS: tuple[str, ...] = ("good", "inaccuracy", "mistake", "blunder")
#: The smallest loss (of expected result, 0 to 1) of each mark but ``good``.
THRESHOLDS: dict[str, float] = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
#: The seat a review grades: the person's (cli.md: you at seat 0).
HUMAN = 0
#: The fewest samples a decision is marked on: below them the spread of the samples says
#: nothing (two that agree would make any loss certain), and every loss is within the noise.
MARK_SAMPLES = 4
#: The most deals or rounds a replay plays (as ``run --max-deals``' default).
MAX_ROUNDS = 200
#: The levels a replay puts in the reviewed seat.
REPLAY_LEVELS: tuple[str, ...] = ("basic", "strong")

#: ``progress(stage, done, total)``: ``stage`` ``"decisions"`` (``done`` of ``total``
#: decisions reviewed), or a level replaying (``done`` 0, ``total`` 0 as it starts).
Progress = Callable[[str, int, int], None]


def mark_of(loss: float, noise: float) -> str:
    """The mark of a move that loses ``loss`` (expected result, 0 to 1) against ``strong``'s,
    within the search's ``noise`` (the same unit): ``good`` for a loss within the noise or
    below every threshold, else the worst mark of :data:`THRESHOLDS` it reaches.

    >>> [mark_of(x, 0.0) for x in (0.0, 0.04, 0.05, 0.15, 0.5)]
    ['good', 'good', 'inaccuracy', 'mistake', 'blunder']
    >>> mark_of(0.5, 0.6)
    'good'
    """
    if loss <= noise:
        return "good"
    mark = "good"
    for name in MARKS[1:]:
        if loss >= THRESHOLDS[name]:
            mark = name
    return mark


@dataclass(frozen=True)
class Option:
    """One move compared at a decision: its ``estimate`` (expected result, 0 to 1),
    ``chance`` (win chance, the game's :meth:`~.search.SearchSpec.chance`) and ``score``
    (the mean score of the game's search)."""

    action: Any
    estimate: float
    chance: float
    score: float

    def to_json(self) -> dict[str, Any]:
        """``{"action", "estimate", "chance"}``."""
        return {
            "action": str(self.action),
            "estimate": _rounded(self.estimate),
            "chance": _rounded(self.chance),
        }


@dataclass
class Decision:
    """One reviewed decision: ``index`` its number among the seat's real decisions (from 1,
    as ``--from`` counts), ``ply`` the actions before it in the game (forced ones too),
    ``round`` the deal or round it belongs to (from 1), ``phase`` the decision point,
    ``played`` the move made, ``best`` ``strong``'s move, ``options`` every move compared
    (best estimate first), ``loss`` and ``noise`` (expected result), ``mark`` one of
    :data:`MARKS`, ``samples`` the sampled deals; ``view`` the seat's view then (for showing
    the position as the player saw it; never in the JSON)."""

    index: int
    ply: int
    round: int
    seat: int
    phase: str
    played: Any
    best: Any
    options: list[Option]
    loss: float
    noise: float
    mark: str
    samples: int
    view: Any = field(default=None, repr=False, compare=False)

    def option(self, action: Any) -> Option:
        """The option of ``action`` (one of the moves compared)."""
        return next(o for o in self.options if o.action == action)

    @property
    def within_noise(self) -> bool:
        """Whether a mark was withheld: the loss reaches a mark's threshold, but not past the
        search's noise (the move may be as good as ``strong``'s)."""
        return self.mark == "good" and mark_of(self.loss, 0.0) != "good"

    @property
    def marked(self) -> bool:
        """Whether the move is marked (an inaccuracy or worse)."""
        return self.mark != "good"

    def to_json(self) -> dict[str, Any]:
        """``{"index", "seat", "phase", "played", "options", "loss", "mark"}`` (the issue's
        shape), plus ``"round"``, ``"ply"``, ``"best"``, ``"estimate"`` (the played move's),
        ``"best_estimate"``, ``"noise"``, ``"within_noise"`` (:attr:`within_noise`) and
        ``"samples"``."""
        return {
            "index": self.index,
            "seat": self.seat,
            "phase": self.phase,
            "played": str(self.played),
            "options": [o.to_json() for o in self.options],
            "loss": _rounded(self.loss),
            "mark": self.mark,
            "round": self.round,
            "ply": self.ply,
            "best": str(self.best),
            "estimate": _rounded(self.option(self.played).estimate),
            "best_estimate": _rounded(self.option(self.best).estimate),
            "noise": _rounded(self.noise),
            "within_noise": self.within_noise,
            "samples": self.samples,
        }


@dataclass
class Played:
    """The result of one playing of the deck: ``level`` who sat in the reviewed seat
    (``"you"`` for the game itself), ``result`` the ``run --json`` result there, ``value``
    the seat's result as the game's search scores it (expected result: 1 the best, 0 the
    worst); ``state`` the state at that point (for its words; never in the JSON)."""

    level: str
    result: dict[str, Any]
    value: float
    state: GameState = field(repr=False, compare=False)
    errors: list[str] = field(default_factory=list, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"level", "result", "value"}``."""
        return {"level": self.level, "result": self.result, "value": _rounded(self.value)}


@dataclass
class Review:
    """A game's review (module docstring). ``unit`` what the estimates are (the scale's
    English message), ``decisions`` the reviewed ones, ``skipped`` the forced answers and
    the answers the rules gave in the reviewed span, ``auto`` the decisions the ``auto``
    command made there (not graded: not the player's), ``start`` the first decision reviewed
    (``--from``), ``total`` the seat's real decisions in the whole game, ``finished`` whether
    the game is over, ``scope`` what the replays compare (``"game"`` or ``"first deal"``),
    ``own`` the player's own result of that span (``None`` before it ends), ``replays`` the
    results with the :data:`REPLAY_LEVELS` in the seat (empty when not asked or not
    finished)."""

    game: str
    seat: int
    unit: str
    samples: int
    decisions: list[Decision]
    skipped: int
    start: int
    total: int
    finished: bool
    scope: str
    own: Played | None = None
    replays: list[Played] = field(default_factory=list)
    auto: int = 0

    def marks(self) -> dict[str, int]:
        """How many decisions got each mark, in :data:`MARKS` order."""
        counts = dict.fromkeys(MARKS, 0)
        for d in self.decisions:
            counts[d.mark] += 1
        return counts

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` marked decisions that lost most (the earlier first among equals)."""
        marked = [d for d in self.decisions if d.marked]
        return sorted(marked, key=lambda d: (-d.loss, d.index))[:n]

    def to_json(self, position: Callable[[Decision], str] | None = None) -> dict[str, Any]:
        """``{"game", "decisions", "summary"}`` (the issue's shape), plus ``"own"`` and
        ``"replays"``. ``summary``: ``"decisions"`` reviewed, ``"skipped"``, ``"auto"`` (made by
        the ``auto`` command, not graded), ``"from"``,
        ``"total"``, ``"marks"`` (by mark), ``"loss"`` (their sum), ``"costliest"`` (up to
        three: ``"index"``, ``"round"``, ``"phase"``, ``"played"``, ``"best"``, ``"loss"``,
        ``"mark"``, and ``"position"``, the position as the seat saw it, from ``position``),
        ``"unit"``, ``"thresholds"``, ``"samples"``, ``"finished"``, ``"scope"``."""
        costly = []
        for d in self.costliest():
            entry: dict[str, Any] = {
                "index": d.index,
                "round": d.round,
                "phase": d.phase,
                "played": str(d.played),
                "best": str(d.best),
                "loss": _rounded(d.loss),
                "mark": d.mark,
            }
            if position is not None:
                entry["position"] = position(d)
            costly.append(entry)
        return {
            "game": self.game,
            "decisions": [d.to_json() for d in self.decisions],
            "summary": {
                "decisions": len(self.decisions),
                "skipped": self.skipped,
                "auto": self.auto,
                "from": self.start,
                "total": self.total,
                "marks": self.marks(),
                "loss": _rounded(sum((d.loss for d in self.decisions if d.marked), 0.0)),
                "costliest": costly,
                "unit": self.unit,
                "thresholds": dict(THRESHOLDS),
                "samples": self.samples,
                "finished": self.finished,
                "scope": self.scope,
            },
            "own": self.own.to_json() if self.own is not None else None,
            "replays": [r.to_json() for r in self.replays],
        }


def _rounded(x: float) -> float:
    return round(x, 4) if math.isfinite(x) else x


def reviewer(info: GameInfo, samples: int | None = None) -> SearchPlayer:
    """The game's ``strong`` player as a review runs it: no time cap, and ``samples``
    sampled deals per decision when given (default: the level's own). Raises
    :class:`~cardavia_cli.engine.errors.CardaviaError` for a game without a search level."""
    make = info.agents.get("strong")
    player = make() if make is not None else None
    if not isinstance(player, SearchPlayer):
        raise CardaviaError(
            _("{game} has no strong computer player to review a game with").format(game=info.name)
        )
    settings = replace(player.settings, budget=None)
    if samples is not None:
        settings = replace(settings, samples=samples)
    player.settings = settings
    return player


def real_decisions(history: Sequence[Record], seat: int = HUMAN) -> int:
    """How many real (not forced) decisions ``seat`` took in ``history``."""
    return sum(1 for r in history if r.seat == seat and not r.forced)


def auto_plies(history: Sequence[Record], auto: Collection[int], seat: int = HUMAN) -> set[int]:
    """The plies (indices into ``history``) of the decisions of ``seat`` that the ``auto``
    command made: ``auto`` numbers them among the seat's real decisions, from 1 (a save's
    ``auto_decisions``)."""
    out: set[int] = set()
    n = 0
    for ply, record in enumerate(history):
        if record.seat == seat and not record.forced:
            n += 1
            if n in auto:
                out.add(ply)
    return out


def graded_plies(
    info: GameInfo,
    deal: DealFile,
    final: GameState,
    *,
    seat: int = HUMAN,
    skip: Callable[[Any], bool] | None = None,
) -> list[int]:
    """The plies (indices into ``final.history``, the state ``deal`` replays to) of the
    decisions of ``seat`` that a review grades, in order: not forced, not an answer the
    rules gave (``skip(view)``) and not made by the ``auto`` command (the deal's
    ``auto_decisions``, for seat 0). A review numbers these from 1, and ``--from`` counts
    them. Raises ``ValueError`` if ``final`` is not a replay of ``deal``."""
    state = new_game_state(deal, lookup=lambda _name: info)
    automatic = auto_plies(final.history, deal.auto_decisions) if seat == HUMAN else set()
    plies = []
    for ply, record in enumerate(final.history):
        while state.at_break:
            state.next_round()
        if state.to_act != record.seat:
            raise ValueError(f"the history does not replay: {record} at {state.position()}")
        if record.seat == seat and not record.forced and ply not in automatic:
            if skip is None or not skip(state.view(seat)):
                plies.append(ply)
        state.push(state.parse_action(record.text))
    return plies


def start_problem(start: int, total: int) -> str | None:
    """Why a review of a game in which the seat made ``total`` real decisions cannot start at
    decision ``start`` (numbered from 1), naming the range there is; ``None`` when it can. A
    game without a decision of the seat has nothing to review from any start.

    >>> start_problem(3, 5), start_problem(6, 5)
    (None, '--from 6: the game holds 5 decisions of yours; give a number from 1 to 5')
    """
    if start < 1:
        return _("--from counts your decisions from 1, not {n}").format(n=start)
    if total and start > total:
        return ngettext(
            "--from {n}: the game holds only {total} decision of yours (--from {total})",
            "--from {n}: the game holds {total} decisions of yours; give a number from 1 to "
            "{total}",
            total,
        ).format(n=start, total=total)
    return None


def review_game(
    info: GameInfo,
    deal: DealFile,
    final: GameState,
    *,
    seat: int = HUMAN,
    samples: int | None = None,
    start: int = 1,
    skip: Callable[[Any], bool] | None = None,
    replays: bool = True,
    progress: Progress | None = None,
) -> Review:
    """The review of ``seat``'s decisions in ``final``, the state ``deal`` replays to (its
    ``history`` is walked again from the deal's start), from decision ``start`` (1 = the
    first); ``skip(view)`` says a decision was the rules' answer, not the player's
    (skipped, as forced ones are); ``samples`` as :func:`reviewer`; with ``replays`` and a
    finished game, the :data:`REPLAY_LEVELS` in the seat (:func:`replay_seat`).

    Raises :class:`~cardavia_cli.engine.errors.CardaviaError` for a game without ``strong``
    or a ``start`` below 1, and ``ValueError`` if ``final`` is not a replay of ``deal``."""
    if start < 1:
        raise CardaviaError(_("--from counts decisions from 1, not {n}").format(n=start))
    player = reviewer(info, samples)
    scale = player.spec.scale
    first_deal = info.single_deal is not None
    state = new_game_state(deal, lookup=lambda _name: info)
    initial = state.copy()
    history = final.history
    graded = graded_plies(info, deal, final, seat=seat, skip=skip)
    automatic = auto_plies(history, deal.auto_decisions) if seat == HUMAN else set()
    total = len(graded)
    todo = max(0, total - start + 1)
    # the span reviewed: from the ply of decision ``start`` (nothing when there is none)
    first = graded[start - 1] if start <= total else len(history)
    numbers = {ply: n for n, ply in enumerate(graded, 1)}
    decisions: list[Decision] = []
    skipped = auto = 0
    own: Played | None = None
    if progress is not None:
        progress("decisions", 0, todo)
    for ply, record in enumerate(history):
        while state.at_break:
            state.next_round()
        action = state.parse_action(record.text)
        if record.seat == seat and ply >= first:
            number = numbers.get(ply)
            if ply in automatic:
                auto += 1  # the auto command's, not the player's
            elif number is None:
                skipped += 1  # forced, or the rules' answer
            else:
                decisions.append(_judge(player, state, seat, action, number))
                if progress is not None:
                    progress("decisions", number - start + 1, todo)
        state.push(action)
        if first_deal and own is None and state.rounds_finished >= 1:
            own = _played("you", state, initial, player, seat)
    if own is None and state.is_over:
        own = _played("you", state, initial, player, seat)
    review = Review(
        game=info.name,
        seat=seat,
        unit=scale.unit,
        samples=player.settings.samples,
        decisions=decisions,
        skipped=skipped,
        auto=auto,
        start=start,
        total=total,
        finished=final.is_over,
        scope="first deal" if first_deal else "game",
        own=own,
    )
    if replays and final.is_over:
        for level in REPLAY_LEVELS:
            if level not in info.agents:
                continue
            if progress is not None:
                progress(level, 0, 0)
            review.replays.append(replay_seat(info, deal, level, seat=seat, samples=samples))
    return review


def _judge(player: SearchPlayer, state: GameState, seat: int, action: Any, index: int) -> Decision:
    """The review of ``action``, the move ``seat`` made in ``state`` (its ``index``-th real
    decision): the search ``strong`` makes there, with ``action`` among the candidates."""
    view = state.view(seat)
    rng = agent_rng(state.seed, seat, len(state.history))
    report = player.evaluate(view, LegalActions(state), rng, Belief(state, seat), include=(action,))
    scale = player.spec.scale
    span = scale.best - scale.worst
    by_action = {e.action: e for e in report.estimates}
    played, best = by_action[action], by_action[report.chosen]
    diff, stderr = paired(best, played)
    loss = max(0.0, diff / span)
    noise = player.settings.margin * stderr / span
    if report.samples < MARK_SAMPLES:
        noise = math.inf  # two or three samples that agree measure no spread: mark nothing
    options = sorted(
        (Option(e.action, scale.value(e.mean), e.chance, e.mean) for e in report.estimates),
        key=lambda o: -o.estimate,
    )
    return Decision(
        index=index,
        ply=len(state.history),
        round=state.rounds_finished + 1,
        seat=seat,
        phase=str(state.phase),
        played=action,
        best=report.chosen,
        options=options,
        loss=loss,
        noise=noise,
        mark=mark_of(loss, noise),
        samples=report.samples,
        view=view,
    )


def _played(
    level: str, state: GameState, initial: GameState, player: SearchPlayer, seat: int
) -> Played:
    """The result of a playing of the deck at ``state`` (the end of the span compared)."""
    scale = player.spec.scale
    value = scale.value(player.spec.score(state, initial, seat))
    return Played(level, state.partial_result(), value, state.copy())


def replay_seat(
    info: GameInfo,
    deal: DealFile,
    level: str,
    *,
    seat: int = HUMAN,
    samples: int | None = None,
) -> Played:
    """The deck of ``deal`` played again by computer players: ``level`` in ``seat``, the other
    seats the levels the file gives them (``basic`` for a ``human`` one), the file's seed (so
    the same generators for every decision), to the end of the game, or of its first deal
    for a game whose deals can be played alone. Search players have no time cap;
    ``samples`` (when given) is that of a search player in ``seat``. Computer players'
    failures are in :attr:`Played.errors`."""
    state = new_game_state(deal, lookup=lambda _name: info)
    initial = state.copy()
    seats = list(deal.seats)
    seats[seat] = level
    agents = make_agents(info, seats)
    for i, agent in enumerate(agents):
        if isinstance(agent, SearchPlayer):
            settings: SearchSettings = replace(agent.settings, budget=None)
            if i == seat and samples is not None:
                settings = replace(settings, samples=samples)
            agent.settings = settings
    errors: list[str] = []
    first_deal = info.single_deal is not None
    play_on(
        state,
        agents,
        max_deals=1 if first_deal else MAX_ROUNDS,
        fallback=fallback_for(info),
        on_error=errors.append,
    )
    player = reviewer(info)
    out = _played(level, state, initial, player, seat)
    out.errors = errors
    return out


__all__ = [
    "HUMAN",
    "MARKS",
    "REPLAY_LEVELS",
    "THRESHOLDS",
    "Decision",
    "Option",
    "Played",
    "Review",
    "mark_of",
    "auto_plies",
    "graded_plies",
    "real_decisions",
    "replay_seat",
    "review_game",
    "reviewer",
]
