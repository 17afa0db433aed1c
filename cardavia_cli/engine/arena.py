"""The arena: computer players against each other, with honest statistics (ai.md, "Measuring
strength"; cli.md, ``cardavia arena``).

Everything here is game-independent and prints nothing. A run is a stream of deals (for Cuccu
and Guandan a "deal" is a whole match); deal ``i`` is played from the seed
:func:`deal_seed` ``(seed, i)``, so the same ``--seed`` always plays the same decks and the
same games. Computer players draw their randomness from the game's seed (see
:func:`~cardavia_cli.engine.agents.agent_rng`), so a whole run is reproducible. The schedule
(:func:`plan`) is a generator: a run of any length holds one deal at a time.

**Rotation** (ai.md: "for solo games rotate the candidate through every seat on the same
decks"). With ``rotate=True`` and seats that are not all the same level, each deck is played
four times, once per rotation of the seat list: in rotation ``r`` seat ``s`` is played by
``seats[(s - r) mod 4]``. Every level then sits in every seat on the same deck (and with the
same dealer), which removes most of the luck of the deal from a comparison of levels. The
per-level totals (:class:`LevelStats`) are the measure to read in that mode.

**Duplicate** (ai.md: "fixed partnerships (seats 0+2 vs 1+3), every deal played twice with the
sides swapped on the same deck order"). In a partnership game (``GameInfo.partnerships``) the
levels listed at seats 0 and 2 form side 0 and those at seats 1 and 3 side 1. When the two
sides differ, each deck is played twice: first with the seats as given (A, B, C, D), then with
the sides exchanged (B, A, D, C, :func:`swap_sides`), so each side plays both teams' cards of
the same deck. Per team (a pair of seats) and per side (a pair of levels) the wins are counted
over the decided deals (:class:`TeamStats`): an even share is 50%.

>>> wilson(5, 10)
(0.236593090512564, 0.7634069094874361)
>>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
True
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from cardavia_cli.engine.agents import fallback_for
from cardavia_cli.engine.errors import UnknownNameError
from cardavia_cli.engine.game import GameInfo
from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.runner import make_agents, play_on
from cardavia_cli.engine.seats import NUM_SEATS, SEATS, next_seat, team

#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054

#: Deals or rounds at which a match game is cut off (as ``cardavia run --max-deals``); a match
#: cut off has no winner and counts as a draw.
MAX_ROUNDS = 200

#: ``progress(done, total)``, called after every deal played.
Progress = Callable[[int, int], None]


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``wins`` successes in ``n`` trials.

    ``z`` is the normal quantile (1.96 for 95%). Both bounds lie in ``[0, 1]``; with ``n == 0``
    nothing is known and the interval is ``(0.0, 1.0)``. Raises ``ValueError`` unless
    ``0 <= wins <= n``.

    >>> wilson(0, 10)
    (0.0, 0.2775327998628892)
    >>> wilson(10, 10)
    (0.7224672001371107, 1.0)
    """
    if n < 0 or wins < 0 or wins > n:
        raise ValueError(f"need 0 <= wins <= n, not wins={wins}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (low, high)


def deal_seed(seed: int, index: int) -> int:
    """The game seed of deck number ``index`` (0-based) of an arena run with ``seed``.

    The first 8 bytes of SHA-256 of ``"cardavia-arena:{seed}:{index}"``, as an unsigned
    big-endian integer shifted right by one bit: independent-looking seeds in ``0 ..
    2**63 - 1`` for every (seed, index), never colliding in practice between runs with
    different ``--seed``, and always a TOML integer (TOML's integers are signed 64-bit), so a
    deal replays on its own from this seed (``seed = ...`` in a deal file). The same
    (seed, index) gives the same deal seed on every machine and every version of Python.
    """
    digest = hashlib.sha256(f"cardavia-arena:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def rotation(seats: Sequence[str], r: int) -> list[str]:
    """The seat list of rotation ``r``: seat ``s`` is played by ``seats[(s - r) mod 4]``.

    >>> rotation(["basic", "random", "random", "random"], 1)
    ['random', 'basic', 'random', 'random']
    """
    return [seats[next_seat(s, -r)] for s in SEATS]


def swap_sides(seats: Sequence[str]) -> list[str]:
    """The seat list with the sides exchanged (duplicate format): each seat of team 0 takes
    the level of the seat after it, each seat of team 1 the level of the seat before it, so
    A, B, C, D becomes B, A, D, C and the levels of seats 0+2 now play seats 1+3.

    >>> swap_sides(["a", "b", "c", "d"])
    ['b', 'a', 'd', 'c']
    """
    return [seats[next_seat(s, 1 if team(s) == 0 else -1)] for s in SEATS]


def side_of(seat: int, swapped: bool) -> int:
    """The side (0: the levels listed at seats 0+2, 1: those at seats 1+3) playing ``seat`` in
    a deal played as listed or, ``swapped``, with the sides exchanged (:func:`swap_sides`)."""
    return team(next_seat(seat)) if swapped else team(seat)


class Scheduled(NamedTuple):
    """One deal of a run: the deck index (its seed is :func:`deal_seed` ``(seed, deck)``),
    the level at each seat, and whether the sides are exchanged (duplicate format)."""

    deck: int
    levels: list[str]
    swapped: bool = False


#: How a run plays its decks: each deck once, once per rotation, or once per side.
PLAIN, ROTATE, DUPLICATE = "plain", "rotate", "duplicate"


def arena_format(seats: Sequence[str], rotate: bool, partnerships: bool) -> str:
    """:data:`PLAIN`, :data:`ROTATE` or :data:`DUPLICATE` for a run with ``seats``.

    A partnership game plays the duplicate format when its two sides (the levels at seats
    0+2 and at seats 1+3) differ, else each deck once (exchanging identical sides would
    replay the same game). A solo game rotates with ``rotate`` and seats that are not all the
    same level. Raises ``ValueError`` for ``rotate`` in a partnership game.
    """
    if partnerships:
        if rotate:
            raise ValueError(
                _(
                    "--rotate is for solo games: a partnership game plays every deck twice with "
                    "the sides exchanged (duplicate format)"
                )
            )
        return DUPLICATE if swap_sides(seats) != list(seats) else PLAIN
    return ROTATE if rotate and len(set(seats)) > 1 else PLAIN


#: Deals played per deck in each format.
PER_DECK = {PLAIN: 1, ROTATE: NUM_SEATS, DUPLICATE: 2}


def plan(
    seats: Sequence[str], deals: int, rotate: bool, partnerships: bool = False
) -> Iterator[Scheduled]:
    """The schedule of a run, in playing order, as a generator (one deal at a time, so a run
    of any length needs the same memory).

    Plain: deal ``i`` plays deck ``i`` with ``seats``. Rotation: deck ``j`` is played by the
    four rotations in turn (:func:`rotation`). Duplicate: deck ``j`` is played as listed, then
    with the sides exchanged (:func:`swap_sides`). The arguments are checked at once: raises
    ``ValueError`` for fewer than one deal, ``rotate`` in a partnership game, or a deal count
    that is not a multiple of the deals per deck (4 rotating, 2 duplicate).
    """
    if deals < 1:
        raise ValueError(_("--deals must be at least 1, not {n}").format(n=deals))
    kind = arena_format(seats, rotate, partnerships)
    per_deck = PER_DECK[kind]
    if deals % per_deck:
        message = (
            _(
                "--deals must be a multiple of {per_deck} with --rotate (each deck is played "
                "once per rotation of the seats), not {n}"
            )
            if kind == ROTATE
            else _(
                "--deals must be a multiple of {per_deck} with a partnership game (each deck "
                "is played twice, the sides exchanged the second time), not {n}"
            )
        )
        raise ValueError(message.format(per_deck=per_deck, n=deals))
    return _schedule(list(seats), deals, kind)


def _schedule(seats: list[str], deals: int, kind: str) -> Iterator[Scheduled]:
    if kind == PLAIN:
        for i in range(deals):
            yield Scheduled(i, list(seats))
    elif kind == ROTATE:
        rotations = [rotation(seats, r) for r in SEATS]
        for j in range(deals // NUM_SEATS):
            for levels in rotations:
                yield Scheduled(j, list(levels))
    else:
        swapped = swap_sides(seats)
        for j in range(deals // 2):
            yield Scheduled(j, list(seats), False)
            yield Scheduled(j, list(swapped), True)


@dataclass
class LevelStats:
    """Totals of one computer-player level over a run.

    ``seat_deals`` counts (deal, seat) pairs played by this level, so a level at one seat of
    100 deals has 100 and a level at three seats has 300; ``win_rate`` is ``wins /
    seat_deals``, the chance that one seat played by this level wins a deal (0.25 of the
    decided deals for players of equal strength in a solo game), and ``ci95`` its Wilson
    interval (for a level at several seats of the same deal those seats are not independent
    trials; read the interval of a level at one seat per deal as the exact one).
    """

    level: str
    seat_deals: int = 0
    wins: int = 0
    #: CPU seconds of each real (not forced) decision of this level.
    decision_times: list[float] = field(default_factory=list, repr=False)
    #: searches cut short by the time cap (``CARDAVIA_SEARCH_BUDGET``): fewer samples than
    #: asked, so a move that a less busy or faster machine might have made otherwise
    cut_short: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_deals if self.seat_deals else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.seat_deals)

    def decision_ms(self) -> dict[str, float]:
        """``{"median", "p95", "max"}`` of the decision times in milliseconds of CPU (zeros
        without decisions); p95 is the nearest-rank 95th percentile."""
        times = sorted(self.decision_times)
        if not times:
            return {"median": 0.0, "p95": 0.0, "max": 0.0}

        def rank(q: float) -> float:
            return round(1000 * times[max(0, math.ceil(q * len(times)) - 1)], 3)

        return {"median": rank(0.5), "p95": rank(0.95), "max": round(1000 * times[-1], 3)}

    def to_json(self) -> dict[str, Any]:
        """``{"level", "seat_deals", "wins", "win_rate", "ci95", "decisions",
        "decision_ms", "cut_short"}``: the count of real decisions, :meth:`decision_ms`, and
        the searches the time cap cut short (a timing field: it depends on the machine)."""
        return {
            "level": self.level,
            "seat_deals": self.seat_deals,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "decisions": len(self.decision_times),
            "decision_ms": self.decision_ms(),
            "cut_short": self.cut_short,
        }


#: The win share of either partnership when both are equally strong.
EVEN_SHARE = 0.5


@dataclass
class TeamStats:
    """Wins of one partnership of a partnership game: a team (``kind`` ``"team"``: a pair of
    seats, whoever plays them) or a side (``"side"``: a pair of levels, at whichever seats the
    duplicate format puts them); ``members`` are those seats or levels.

    ``decided`` counts the deals with a winner; ``win_rate`` is ``wins / decided`` and
    ``ci95`` its Wilson interval, so an even share is :data:`EVEN_SHARE` (50%) whatever the
    number of draws.
    """

    kind: str
    index: int
    members: list[Any]
    wins: int = 0
    decided: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.decided if self.decided else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.decided)

    def to_json(self) -> dict[str, Any]:
        """``{"team": t, "seats": [...], ...}`` or ``{"side": t, "levels": [...], ...}``,
        then ``"wins"``, ``"decided"``, ``"win_rate"`` and ``"ci95"``."""
        return {
            self.kind: self.index,
            "seats" if self.kind == "team" else "levels": list(self.members),
            "wins": self.wins,
            "decided": self.decided,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
        }


def _partnerships(seats: Sequence[str]) -> tuple[list[TeamStats], list[TeamStats]]:
    """Empty team and side totals for ``seats``: team ``t`` holds the seats of team ``t``,
    side ``t`` the levels listed at them."""
    teams = [TeamStats("team", t, [s for s in SEATS if team(s) == t]) for t in (0, 1)]
    sides = [TeamStats("side", t, [seats[s] for s in SEATS if team(s) == t]) for t in (0, 1)]
    return teams, sides


@dataclass
class ArenaResult:
    """The outcome of an arena run; :meth:`to_json` is the document of cli.md (plus extras).

    ``wins[s]`` counts the deals won by seat ``s`` (in partnership games both partners of the
    winning team count a win, so there ``sum(wins) + draws`` exceeds ``deals``); ``draws`` the
    deals without a winner; ``seconds`` the wall time of the play alone (no start-up);
    ``levels`` the per-level totals, in order of first appearance in ``seats``; ``teams`` and
    ``sides`` the partnership totals (partnership games only, else empty); ``agent_errors``
    the failures of computer players (each replaced by a fallback choice); ``task_errors``
    the deals that an executor could not play however often it tried (a Ray task that failed
    every retry): they are missing from every count, and ``deals`` is that many short of the
    schedule.
    """

    game: str
    seats: list[str]
    seed: int
    rotate: bool
    duplicate: bool = False
    single_deals: bool = False
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * NUM_SEATS)
    draws: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelStats] = field(default_factory=dict)
    agent_errors: int = 0
    #: The first few failures' messages (``agent_errors`` counts them all).
    error_messages: list[str] = field(default_factory=list)
    task_errors: int = 0
    #: The first few lost deals, one line each (``task_errors`` counts them all).
    task_messages: list[str] = field(default_factory=list)
    teams: list[TeamStats] = field(default_factory=list)
    sides: list[TeamStats] = field(default_factory=list)

    @property
    def win_rate(self) -> list[float]:
        return [w / self.deals if self.deals else 0.0 for w in self.wins]

    @property
    def ci95(self) -> list[tuple[float, float]]:
        return [wilson(w, self.deals) for w in self.wins]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    @property
    def per_deck(self) -> int:
        """Deals played per deck: 4 rotating, 2 in the duplicate format, else 1."""
        return PER_DECK[ROTATE if self.rotate else DUPLICATE if self.duplicate else PLAIN]

    def to_json(self) -> dict[str, Any]:
        """cli.md's keys in its order, then ``seed``, ``rotate``, ``duplicate``, ``decks``,
        ``levels``, ``agent_errors`` and ``task_errors`` (deals lost, 0 in a serial or
        ``--jobs`` run); for a partnership game then ``teams``, ``sides`` and
        ``even_share`` (0.5: the win rate of either partnership when both are equally
        strong)."""
        data: dict[str, Any] = {
            "game": self.game,
            "deals": self.deals,
            "seats": list(self.seats),
            "wins": list(self.wins),
            "win_rate": self.win_rate,
            "ci95": [list(ci) for ci in self.ci95],
            "draws": self.draws,
            "deals_per_second": round(self.deals_per_second, 3),
            "seed": self.seed,
            "rotate": self.rotate,
            "duplicate": self.duplicate,
            "single_deals": self.single_deals,
            "decks": self.deals // self.per_deck,
            "levels": [s.to_json() for s in self.levels.values()],
            "agent_errors": self.agent_errors,
            "task_errors": self.task_errors,
        }
        if self.teams:
            data["teams"] = [t.to_json() for t in self.teams]
            data["sides"] = [s.to_json() for s in self.sides]
            data["even_share"] = EVEN_SHARE
        return data


def run_arena(
    info: GameInfo,
    seats: Sequence[str],
    *,
    deals: int = 100,
    seed: int = 0,
    rotate: bool = False,
    single_deals: bool = False,
    jobs: int = 1,
    load: Callable[[str], GameInfo] | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> ArenaResult:
    """Play ``deals`` deals of ``info``'s game with computer players at ``seats`` (four level
    names) and count the wins per seat and per level, and in a partnership game per team and
    per side.

    Deal ``i`` of the schedule (:func:`plan`: plain, rotated, or duplicate for a partnership
    game) starts from ``info.new_state(seed=deal_seed(seed, deck))``; with ``single_deals``
    (a match game with ``info.single_deal``) it is one deal alone, drawn by
    ``info.single_deal(deal_seed(seed, deck))``, and its winners are that deal's. A computer
    player that fails (any exception but ``KeyboardInterrupt``, which ends the run) is
    replaced for that decision by ``basic`` (ai.md); the failures are counted in
    ``agent_errors``. With ``jobs`` above 1 the deals are spread over that many processes
    (a game loaded by name in each: ``info`` must be a registered game) and counted in the
    schedule's order, so the result is the same as a serial run's (``seconds`` and the
    decision times apart); each process finds the game with ``load(info.name)`` (a function
    of a module, such as ``cardavia_cli.games.load_game``: it is sent to the processes).
    With an ``executor`` (an :class:`Executor`, such as
    :class:`~cardavia_cli.engine.cluster.RayExecutor` for a Ray cluster) the schedule is
    played by it instead, each deal found with ``load`` as in ``jobs``, and counted in the
    schedule's order too; a deal it could not play is counted in ``task_errors`` and missing
    from the figures. ``progress(done, deals)`` is called after every deal counted, or with an
    executor as the executor's results come back.
    Raises :class:`~cardavia_cli.engine.errors.UnknownNameError`
    naming an unknown level or ``human``, and ``ValueError`` for a bad seat list, deal count
    or job count, or single deals of a game without them.
    """
    seats = list(seats)
    if len(seats) != NUM_SEATS:
        raise ValueError(
            _("--seats needs {n} levels separated by commas, not {m}").format(
                n=NUM_SEATS, m=len(seats)
            )
        )
    if "human" in seats:
        raise UnknownNameError(
            _("'human' cannot play in the arena (levels: {levels})").format(
                levels=", ".join(info.agents)
            )
        )
    if jobs < 1:
        raise ValueError(_("--jobs must be at least 1, not {n}").format(n=jobs))
    if (jobs > 1 or executor is not None) and load is None:
        raise ValueError("a run over several processes needs load, to find the game in each")
    if jobs > 1 and executor is not None:
        raise ValueError("a run has jobs or an executor, not both")
    if single_deals and info.single_deal is None:
        raise ValueError(
            _("--single-deals: {game} has no deals to play alone").format(game=info.name)
        )
    make_agents(info, seats)  # raises UnknownNameError naming an unknown level
    schedule = plan(seats, deals, rotate, info.partnerships)
    kind = arena_format(seats, rotate, info.partnerships)
    result = ArenaResult(
        game=info.name,
        seats=seats,
        seed=seed,
        rotate=kind == ROTATE,
        duplicate=kind == DUPLICATE,
        single_deals=single_deals,
    )
    if info.partnerships:
        result.teams, result.sides = _partnerships(seats)
    for level in seats:
        result.levels.setdefault(level, LevelStats(level))
    first: list[str] = []
    start = clock()
    try:
        if executor is not None:
            assert load is not None
            work = ((load, info.name, seed, item, single_deals) for item in schedule)
            _tally(result, executor.records(work, deals, progress), deals, first, None)
        elif jobs == 1:
            records: Iterator[DealRecord] = (
                play_deal(info, seed, item, single_deals) for item in schedule
            )
            _tally(result, records, deals, first, progress)
        else:
            assert load is not None
            work = ((load, info.name, seed, item, single_deals) for item in schedule)
            _run_parallel(work, jobs, result, deals, first, progress)
    finally:
        result.seconds = clock() - start
        result.error_messages = first
    return result


class FailedDeal(NamedTuple):
    """A deal of the schedule that an executor could not play however often it tried (a Ray
    task that failed every retry), with one line saying why; counted in ``task_errors``."""

    scheduled: Scheduled
    message: str


class Executor(Protocol):
    """What plays a schedule elsewhere than in this process (``run_arena(executor=...)``):
    :class:`~cardavia_cli.engine.cluster.RayExecutor` on a Ray cluster."""

    def records(
        self, work: Iterator[Work], deals: int, progress: Progress | None = None
    ) -> Iterator[DealRecord | FailedDeal]:
        """One record per item of ``work`` (``deals`` of them), in the order of ``work``:
        the :class:`DealRecord` of :func:`_worker_deal` ``(item)``, or a :class:`FailedDeal`
        for a deal that could not be played; ``progress(done, deals)`` as deals finish."""
        ...


class DealRecord(NamedTuple):
    """What one deal of a run gives the totals: the deal as scheduled, its winning seats
    (none: a draw), its computer-player failures (count and first messages) and the CPU
    seconds of every real decision, per seat."""

    scheduled: Scheduled
    winners: list[int]
    errors: int
    messages: list[str]
    times: list[list[float]]
    #: per seat, the searches cut short by the time cap (fewer samples than asked)
    cut: Sequence[int] = (0, 0, 0, 0)


def play_deal(info: GameInfo, seed: int, item: Scheduled, single: bool = False) -> DealRecord:
    """Play one deal of a run (see :func:`run_arena`)."""
    deck_seed = deal_seed(seed, item.deck)
    if single:
        assert info.single_deal is not None
        state, winners_of = info.single_deal(deck_seed)
        limit = state.rounds_finished + 1
    else:
        state, winners_of, limit = info.new_state(seed=deck_seed), None, MAX_ROUNDS
    errors = ErrorCount()
    times: list[list[float]] = [[] for _ in SEATS]
    cut = [0] * len(SEATS)
    agents = make_agents(info, item.levels)
    seen: list[object] = [None] * len(SEATS)

    def decided(seat: int, seconds: float) -> None:
        times[seat].append(seconds)
        report = getattr(agents[seat], "last", None)
        if report is not None and report is not seen[seat]:  # a search of this decision
            seen[seat] = report
            wanted = agents[seat].settings.samples  # type: ignore[attr-defined]
            if len(report.estimates) > 1 and report.samples < wanted:
                cut[seat] += 1

    play_on(
        state,
        agents,
        max_deals=limit,
        fallback=fallback_for(info),
        on_error=errors,
        on_decision=decided,
    )
    if winners_of is not None and (state.at_break or state.is_over):
        winners = winners_of(state)
    else:
        outcome = state.result() if state.is_over else None
        winners = outcome.winning_seats() if outcome else []
    return DealRecord(item, winners, errors.count, list(errors.first), times, cut)


def _tally(
    result: ArenaResult,
    records: Iterator[DealRecord | FailedDeal],
    deals: int,
    first: list[str],
    progress: Progress | None,
) -> None:
    """Count ``records`` into ``result`` in their order (the schedule's, in every path), a
    :class:`FailedDeal` in ``task_errors`` only."""
    for done, record in enumerate(records, 1):
        if isinstance(record, FailedDeal):
            result.task_errors += 1
            if len(result.task_messages) < ErrorCount.KEEP:
                item = record.scheduled
                result.task_messages.append(
                    f"deck {item.deck}, seats {','.join(item.levels)}: {record.message}"
                )
            if progress is not None:
                progress(done, deals)
            continue
        item = record.scheduled
        _count(result, item.levels, item.swapped, record.winners)
        result.agent_errors += record.errors
        first.extend(record.messages[: max(0, ErrorCount.KEEP - len(first))])
        for s in SEATS:
            stats = result.levels[item.levels[s]]
            stats.decision_times.extend(record.times[s])
            stats.cut_short += record.cut[s]
        if progress is not None:
            progress(done, deals)


#: What a worker process is sent for one deal: the game's loader and name, the run's seed,
#: the deal, and whether deals are single; optionally last, what plays it (a function of a
#: module, ``play(info, seed, item, single)``: :func:`play_deal` when left out, the self-play
#: records' recorder for them).
Work = tuple[Any, ...]


def _worker_deal(work: Work) -> Any:
    """One deal in a worker process, the game loaded by name: its :class:`DealRecord`, or
    what the work's own player of deals returns."""
    load, name, seed, item, single, *rest = work
    play: Callable[[GameInfo, int, Scheduled, bool], Any] = rest[0] if rest else play_deal
    return play(load(name), seed, item, single)


def _run_parallel(
    work: Iterator[Work],
    jobs: int,
    result: ArenaResult,
    deals: int,
    first: list[str],
    progress: Progress | None,
) -> None:
    """Play the schedule over ``jobs`` processes, counting the deals in schedule order
    (:func:`parallel_records`)."""
    _tally(result, parallel_records(work, jobs, deals), deals, first, progress)


def parallel_records(work: Iterator[Work], jobs: int, deals: int) -> Iterator[Any]:
    """What :func:`_worker_deal` gives for each of the ``deals`` items of ``work``, played
    over ``jobs`` processes, in the order of ``work``.

    The workers leave Ctrl-C to this process (they ignore SIGINT, which a terminal sends to
    all of them): on ``KeyboardInterrupt`` they are stopped at once (``terminate``) and the
    interrupt goes on, however many times Ctrl-C is pressed meanwhile."""
    import multiprocessing
    import signal
    import threading

    context = multiprocessing.get_context("spawn")
    jobs = min(jobs, deals)  # a process more than the deals would have nothing to play
    chunk = max(1, min(8, deals // (jobs * 16)))
    # Ctrl-C is held back while the workers are started: they keep it held back from their
    # first instruction (a new program keeps the signal mask) until their initializer
    # ignores it (one that came while a worker was still starting ended it with a
    # traceback). One that comes to this process meanwhile is noted, and taken once the pool
    # is there, which it then stops.
    came: list[int] = []
    main = threading.current_thread() is threading.main_thread()
    taken = signal.getsignal(signal.SIGINT) if main else None
    listen = main and callable(taken)  # (a run in the background has Ctrl-C ignored)
    if listen:
        signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    hold = main and hasattr(signal, "pthread_sigmask")
    if hold:
        # multiprocessing's resource tracker, started with the pool's first lock, unblocks
        # Ctrl-C in this thread once it is started (SIG_UNBLOCK, not the mask it found): the
        # workers started after it had Ctrl-C again while they were starting. Started first,
        # it leaves the mask below alone.
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hold else None
    try:
        pool = context.Pool(jobs, initializer=_leave_interrupts)
    finally:
        if held is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if listen:
            signal.signal(signal.SIGINT, taken)
    try:
        if came:
            raise KeyboardInterrupt
        yield from pool.imap(_worker_deal, work, chunksize=chunk)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


def _leave_interrupts() -> None:
    """A worker process ignores Ctrl-C: the process that started it decides."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ErrorCount:
    """An ``on_error`` hook that counts computer-player failures and keeps the first few
    messages (memory stays bounded however long the run)."""

    KEEP = 10

    def __init__(self) -> None:
        self.count = 0
        self.first: list[str] = []

    def __call__(self, message: str) -> None:
        self.count += 1
        if len(self.first) < self.KEEP:
            self.first.append(message)


def _count(result: ArenaResult, levels: Sequence[str], swapped: bool, winners: list[int]) -> None:
    """Add one deal played by ``levels`` and won by the seats ``winners`` (none: a draw)."""
    result.deals += 1
    for s in SEATS:
        result.levels[levels[s]].seat_deals += 1
    if not winners:
        result.draws += 1
    for s in winners:
        result.wins[s] += 1
        result.levels[levels[s]].wins += 1
    if result.teams and winners:
        for stats in (*result.teams, *result.sides):
            stats.decided += 1
        result.teams[team(winners[0])].wins += 1
        result.sides[side_of(winners[0], swapped)].wins += 1
