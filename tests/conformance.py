"""The conformance suite: what every game of cardavia must satisfy, written once against the
game protocol (design.md; ``cardavia_cli.engine.game``). ``tests/test_conformance.py`` runs it
for every registered game; a game joins with no code of its own.

Each check plays random matches with the game's computer players (``random`` and ``basic``) and
asserts, at every step, breaks between rounds included:

* card conservation: the zones of the state hold exactly the pack;
* legality: every legal action reads back from its own text, ``is_legal`` agrees with the list,
  ``forced_action`` with its length; computer players never choose an illegal action;
* replay: a save cut at any point loads and replays to the identical state;
* views: a seat's view is the same when the cards it cannot see are dealt anew
  (``resample``), and a seat's log holds only what it may see;
* checked and unchecked play agree, and a copy is independent of its original.

A match may be cut (``stop_after``): it then ends at its first break between rounds after that
many records of history, with the same checks at every step up to there. Games of one deal, or
of short rounds, play whole either way; a long match (Guandan's, to level A) stops after a few
deals. The test module runs cut matches by default and whole ones behind the ``slow`` marker.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cardavia_cli.engine.agents import decide
from cardavia_cli.engine.belief import Belief
from cardavia_cli.engine.game import GameInfo, GameState
from cardavia_cli.engine.runner import make_agents
from cardavia_cli.games.deals import DealFile, parse_deal, replay

#: A bound on decisions in one playout (a match that runs longer is a bug).
MAX_STEPS = 20_000


def cut_here(state: GameState, stop_after: int | None) -> bool:
    """Whether a match cut after ``stop_after`` records stops here: at a break between rounds
    once its history holds that many (never when ``stop_after`` is ``None``)."""
    return stop_after is not None and state.at_break and len(state.history) >= stop_after


def check_finished(state: GameState, stop_after: int | None) -> None:
    """A playout ended where it should: the end of the match with its result, or (cut) a
    break after ``stop_after`` records, without a result yet."""
    if state.is_over:
        assert state.result() is not None
    else:
        assert cut_here(state, stop_after), f"stopped before the end at {state.position()}"
        assert state.result() is None and state.rounds_finished >= 1


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything observable of a state, for equality: the log (with private parts), the
    history, who acts, the legal actions, the zones, every seat's view and the result."""
    return (
        [(e.kind, e.args, e.seats, e.private) for e in state.events],
        [(r.seat, r.text, r.forced) for r in state.history],
        state.to_act,
        state.phase,
        state.at_break,
        state.is_over,
        state.rounds_finished,
        [str(a) for a in state.legal_actions()],
        state.zones(),
        [state.view(s) for s in range(4)],
        state.result(),
    )


def check_cards(info: GameInfo, state: GameState) -> None:
    """The zones hold exactly the pack."""
    zones = state.zones()
    have = Counter(c for cards in zones.values() for c in cards)
    pack = Counter(info.pack)
    assert have == pack, f"cards not conserved: {have - pack} extra, {pack - have} missing"


#: At most this many legal actions of one position are read back from their text (a sample,
#: drawn from the test's generator, when there are more: a Guandan lead has thousands).
READ_BACK = 40


def check_legality(state: GameState, rng: random.Random | None = None) -> None:
    """Legal actions read back from their text; ``is_legal`` and ``forced_action`` agree."""
    legal = state.legal_actions()
    if state.to_act is None:
        assert legal == [] and state.forced_action() is None
        return
    assert legal, "a seat to act has a legal action"
    assert len(set(map(str, legal))) == len(legal), "legal actions have distinct texts"
    sample = legal
    if len(legal) > READ_BACK:
        sample = (rng or random.Random(len(legal))).sample(legal, READ_BACK)
    for action in sample:
        assert state.is_legal(action)
        assert state.parse_action(str(action)) == action
    forced = state.forced_action()
    assert (forced is not None) == (len(legal) == 1)
    if forced is not None:
        assert forced == legal[0]


def check_views(state: GameState, rng: random.Random) -> None:
    """Each seat's log holds only events it may see (private parts its own), and its view is
    unchanged when the cards it cannot see are dealt anew."""
    for seat in range(4):
        for event in state.visible_events(seat):
            assert event.visible_to(seat)
        view = state.view(seat)
        try:
            other = state.resample(seat, rng)
        except NotImplementedError:
            continue
        assert other.view(seat) == view, f"seat {seat}'s view depends on cards it cannot see"
        assert sorted(c for z in other.zones().values() for c in z) == sorted(
            c for z in state.zones().values() for c in z
        )


def check_beliefs(state: GameState, rng: random.Random) -> None:
    """A search player's samples leak nothing: for every seat, a state that looks the same to
    it but holds other hidden cards (and another generator) gives samples identical to the
    real state's for the same generator; a sample keeps the seat's view, is quiet and holds
    exactly the pack."""
    for seat in range(4):
        try:
            twin = state.resample(seat, rng)
        except NotImplementedError:
            continue
        twin.rng = random.Random(rng.getrandbits(64))
        key = rng.getrandbits(64)
        mine = Belief(state, seat).sample(random.Random(key))
        theirs = Belief(twin, seat).sample(random.Random(key))
        assert mine.view(seat) == state.view(seat)
        assert not mine.events and not mine.history and mine.quiet
        assert mine.zones() == theirs.zones(), f"seat {seat}'s samples depend on hidden cards"
        assert [mine.view(s) for s in range(4)] == [theirs.view(s) for s in range(4)]
        assert mine.rng.getstate() == theirs.rng.getstate()


def fingerprint(state: GameState) -> tuple[Any, ...]:
    """A cheap summary of a state, compared at every step where a full :func:`snapshot` (which
    grows with the log) would make a long match quadratic."""
    last = state.events[-1] if state.events else None
    return (
        len(state.events),
        None if last is None else (last.kind, last.args, last.seats, last.private),
        len(state.history),
        state.to_act,
        state.phase,
        state.at_break,
        state.is_over,
        state.rounds_finished,
        state.zones(),
    )


class Playout:
    """One random match with computer players at ``levels``, calling ``each(state)`` at every
    position (after every step, and at every break before the next round is dealt); with
    ``stop_after``, cut at the first break after that many records (:func:`cut_here`).

    ``snap_at`` lists history lengths: the first position at or after each where a real
    decision is pending, or at a break, or at the end, is kept in ``snaps`` (a full
    :func:`snapshot`), for the replay checks. A playout is a pure function of its arguments.
    """

    def __init__(
        self,
        info: GameInfo,
        seed: int,
        levels: list[str],
        each: Callable[[GameState], None] | None = None,
        snap_at: Sequence[int] = (),
        stop_after: int | None = None,
    ) -> None:
        self.info = info
        self.seed = seed
        self.levels = levels
        self.state = info.new_state(seed=seed)
        self.errors: list[str] = []
        self.snaps: dict[int, tuple[Any, ...]] = {}
        waiting = sorted(set(snap_at))
        agents = make_agents(info, levels)
        state = self.state
        for _ in range(MAX_STEPS):
            while waiting and len(state.history) >= waiting[0] and self._settled(state):
                self.snaps[waiting.pop(0)] = snapshot(state)
            if each is not None:
                each(state)
            if state.is_over or cut_here(state, stop_after):
                break
            if state.at_break:
                state.next_round()
                continue
            seat = state.to_act
            assert seat is not None, f"nobody to act in {state.position()}"
            state.apply(decide(state, agents[seat], on_error=self.errors.append))
        else:
            raise AssertionError(f"{info.name} seed {seed}: no end after {MAX_STEPS} steps")

    @staticmethod
    def _settled(state: GameState) -> bool:
        """A real decision pending, a break or the end: where a replay stops."""
        return state.at_break or state.is_over or state.forced_action() is None


def records_before(history: Sequence[Any], lines: list[str], cut: int) -> int:
    """How many records of ``history`` precede the position a save holding the first ``cut``
    of ``lines`` replays to (the lines list the history in order, some forced ones left out)."""
    if not cut:
        return 0
    taken = 0
    for index, rec in enumerate(history):
        if str(rec) == lines[taken]:
            taken += 1
            if taken == cut:
                return index + 1
    raise AssertionError("the lines list the history in order")


def check_replay_cuts(
    info: GameInfo,
    seed: int,
    levels: list[str],
    picks: Sequence[float],
    stop_after: int | None = None,
) -> None:
    """Saves cut after a fraction ``picks`` of their action lines (and at 0 and the end) load
    and replay to the identical state: the first position where a real decision is pending,
    or a break, or the end, after the last line's record. With ``stop_after``, of a match cut
    there (:class:`Playout`), its end being that break."""
    first = Playout(info, seed, levels, stop_after=stop_after)
    check_finished(first.state, stop_after)
    lines = first.state.recorded_actions()
    cuts = sorted({0, len(lines), *(int(p * len(lines)) for p in picks)})
    wanted = {cut: records_before(first.state.history, lines, cut) for cut in cuts}
    second = Playout(info, seed, levels, snap_at=list(wanted.values()), stop_after=stop_after)
    assert [str(r) for r in second.state.history] == [str(r) for r in first.state.history]
    seats = ["human", *levels[1:]]
    for cut in cuts:
        deal = DealFile(game=info.name, seed=seed, seats=seats, actions=lines[:cut])
        again = replay(parse_deal(deal.to_toml(), "cut.toml"))
        assert snapshot(again) == second.snaps[wanted[cut]], f"cut at {cut} of {len(lines)}"
    assert snapshot(first.state) == second.snaps[wanted[len(lines)]]


def quiet_fingerprint(state: GameState, *, full: bool) -> tuple[Any, ...]:
    """What a quiet copy (no log, no history) must share with the state it follows: the
    position and every card; with ``full``, every view and the result too."""
    position = (
        state.to_act,
        state.phase,
        state.at_break,
        state.is_over,
        state.rounds_finished,
        state.zones(),
    )
    if not full:
        return position
    return (*position, [state.view(s) for s in range(4)], state.result())


def check_unchecked_and_copies(
    info: GameInfo,
    seed: int,
    levels: list[str],
    rng: random.Random,
    stop_after: int | None = None,
) -> None:
    """``apply``, ``apply_unchecked`` and a quiet copy's ``push`` play the same match (the
    quiet one keeping no log and no history); a copy taken at a random point plays on
    independently and reaches the same end as its original (with ``stop_after``, the same
    break, where the match is cut: :func:`cut_here`)."""
    checked = info.new_state(seed=seed)
    unchecked = info.new_state(seed=seed)
    quiet = info.new_state(seed=seed).copy(quiet=True)
    assert quiet.quiet and not quiet.events and not quiet.history
    agents = make_agents(info, levels)
    copied: tuple[GameState, tuple[Any, ...]] | None = None
    for _ in range(MAX_STEPS):
        if checked.is_over or cut_here(checked, stop_after):
            break
        if checked.at_break:
            checked.next_round()
            unchecked.next_round()
            quiet.next_round()
            continue
        if copied is None and rng.random() < 0.05:
            copied = (checked.copy(), snapshot(checked))
            assert snapshot(copied[0]) == copied[1]
        seat = checked.to_act
        assert seat is not None
        action = decide(checked, agents[seat])
        checked.apply(action)
        unchecked.apply_unchecked(action)
        quiet.push(action)
        assert fingerprint(unchecked) == fingerprint(checked)
        # views and results every 8th step and at every break and end (they cost the most)
        full = len(checked.history) % 8 == 0 or checked.at_break or checked.is_over
        assert quiet_fingerprint(quiet, full=full) == quiet_fingerprint(checked, full=full)
        assert not quiet.events and not quiet.history
        if checked.at_break or checked.is_over:
            assert snapshot(unchecked) == snapshot(checked)
    check_finished(checked, stop_after)
    assert unchecked.result() == checked.result()
    if copied is not None:
        twin, before = copied
        assert snapshot(twin) == before, "playing the original changed its copy"
        for _ in range(MAX_STEPS):
            if twin.is_over or cut_here(twin, stop_after):
                break
            if twin.at_break:
                twin.next_round()
                continue
            seat = twin.to_act
            assert seat is not None
            twin.apply(decide(twin, agents[seat]))
        assert twin.result() == checked.result()
        assert [str(r) for r in twin.history] == [str(r) for r in checked.history]
