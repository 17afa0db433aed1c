"""Computer players for Guandan (ai.md, "basic: heuristics per game").

Both levels see only a :class:`~cardavia_cli.games.guandan.rules.GuandanView`.

``random`` is uniform among the legal actions (it lists them: hundreds when leading).

``basic`` never lists every legal play. It splits its own hand into the fewest combinations
(:func:`split_hand`: the joker bomb, bombs and straight flushes kept whole, then the straights,
tubes and plates that lower the number of groups, and sets for the rest, triples joined with
pairs into full houses), and then:

- **returns** (7.5) the legal card whose loss leaves the fewest groups, the lowest among equals;
- **leads** the whole hand when it is one combination; feeds a partner about to go out (a low
  single or pair); otherwise leads its weakest group (lowest rank, longer first), avoiding
  singles (pairs) when an opponent holds one card (two);
- **follows** by letting the partner's play stand; else with the cheapest group that beats;
  else with the cheapest play that beats (:func:`~.combos.legal_plays` against the table,
  which lists only the plays that beat it) if breaking the hand costs at most one group or an
  opponent is about to go out; bombs only when an opponent is about to go out, when the bomb
  leaves at most two groups, or when it goes out. Unless it goes out or an opponent is about
  to, it breaks no bomb or straight flush of its split to follow, spends no wild heart on a
  play below the level rank, and keeps the big joker rather than throw it on a low single.

Every play is declared at the strongest reading of its cards (:func:`strongest`: a same-suit
straight as a straight flush), never worse than a lower one.

Every choice is checked with ``action in legal``; a refused one falls back to ``pass`` or the
lowest single.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardavia_cli.engine.agents import Agent, RandomAgent
from cardavia_cli.engine.i18n import N_
from cardavia_cli.engine.search import ScoreScale, SearchPlayer, SearchSettings, deal_over
from cardavia_cli.engine.seats import SEATS, next_seat, partner, team
from cardavia_cli.games.guandan.cards import (
    ACE,
    BJ,
    LEVEL_VALUE,
    RJ,
    SUIT,
    VALUES,
    wild_code,
)
from cardavia_cli.games.guandan.combos import Interpretation, classify, legal_plays, strength
from cardavia_cli.games.guandan.hands import counts_of, rank_counts
from cardavia_cli.games.guandan.rules import (
    DANGER,
    PASS,
    Action,
    GuandanState,
    GuandanView,
    Phase,
    play_action,
)

#: Sequence shapes: (cards per rank, ranks in a window).
_SHAPES = {"straight": (1, 5), "tube": (2, 3), "plate": (3, 2)}
_SET_TYPES = {1: "single", 2: "pair", 3: "triple"}


@dataclass(frozen=True, slots=True)
class Group:
    """One combination of a split hand: its cards (face codes) and the reading it is meant
    to be played as."""

    cards: tuple[int, ...]
    reading: Interpretation

    @property
    def on_ladder(self) -> bool:
        """A bomb, a straight flush or the joker bomb (kept whole, played last)."""
        return self.reading.tier > 0


def _windows(length: int) -> list[tuple[int, tuple[int, ...]]]:
    return [
        (top, tuple(14 if v == 1 else v for v in range(top - length + 1, top + 1)))
        for top in range(length, ACE + 1)
    ]


_WINDOWS = {t: _windows(n) for t, (_, n) in _SHAPES.items()}


def _set_score(ranks: Sequence[int]) -> int:
    """Groups needed for rank counts split into sets only: each rank one group, a full house
    joining a triple and a pair."""
    singles = pairs = triples = 0
    for n in ranks:
        if n == 1:
            singles += 1
        elif n == 2:
            pairs += 1
        elif n == 3:
            triples += 1
        elif n:
            triples += 1  # only after bombs are taken out: never in practice
    return singles + pairs + triples - min(pairs, triples)


_SEQUENCE_WINDOWS: tuple[tuple[str, int, int, tuple[int, ...]], ...] = tuple(
    (type_, each, top, window)
    for type_, (each, _) in _SHAPES.items()
    for top, window in _WINDOWS[type_]
)


@lru_cache(maxsize=1 << 17)
def _best_sequences(state: tuple[int, ...]) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The fewest groups for rank counts (index 2..14, the level rank's cards at their
    natural place, no rank above 3 cards), with the sequences chosen: ``(groups, ((type,
    top), ...))``. Cached: the same rank counts come back in every deal."""
    result: tuple[int, tuple[tuple[str, int], ...]] = (_set_score(state), ())
    for type_, each, top, window in _SEQUENCE_WINDOWS:
        for v in window:
            if state[v] < each:
                break
        else:
            nxt = list(state)
            for v in window:
                nxt[v] -= each
            score, seqs = _best_sequences(tuple(nxt))
            if score + 1 < result[0]:
                result = (score + 1, ((type_, top), *seqs))
    return result


def group_count(hand: Sequence[int], level: int) -> int:
    """How many groups :func:`split_hand` makes of ``hand`` (face codes), computed from the
    rank counts alone."""
    return groups_of_counts(counts_of(hand), level)


def groups_after(counts: Sequence[int], cards: Sequence[int], level: int) -> int:
    """:func:`group_count` of the hand of count vector ``counts`` once ``cards`` are played
    (each of them in the hand), without building that hand."""
    rest = list(counts)
    for c in cards:
        rest[c] -= 1
    return groups_of_counts(rest, level)


def groups_of_counts(counts: Sequence[int], level: int) -> int:
    """:func:`group_count` of the hand of count vector ``counts`` (54 entries)."""
    ranks = rank_counts(counts)  # the wild card is the level rank's heart: it joins it there
    groups = 0
    bj, rj = counts[BJ], counts[RJ]
    if bj == 2 and rj == 2:
        groups, bj, rj = 1, 0, 0
    groups += (1 if bj else 0) + (1 if rj else 0)
    for v in range(2, ACE + 1):
        if ranks[v] >= 4:
            groups += 1
            ranks[v] = 0
    return groups + _best_sequences(tuple(ranks))[0]


def split_hand(hand: Sequence[int], level: int) -> list[Group]:
    """Split a hand (face codes) into combinations, few and whole (ai.md): the joker bomb,
    bombs of the natural cards of a rank (wild cards join the level rank), then the sequences
    that lower the count of groups (a straight of one suit becomes a straight flush), then
    sets, triples joined with pairs as full houses. Groups in no particular order."""
    return list(_split(tuple(hand), level))


@lru_cache(maxsize=1 << 14)
def _split(hand: tuple[int, ...], level: int) -> tuple[Group, ...]:
    """:func:`split_hand`, cached: a rollout asks a seat again and again with the same hand
    (the groups are frozen values)."""
    counts = counts_of(hand)
    wild = wild_code(level)
    values = VALUES[level]
    groups: list[Group] = []
    pool: list[list[int]] = [[] for _ in range(15)]  # codes by natural rank, wilds at level
    for c in range(BJ):
        if c != wild:
            pool[2 + c // 4].extend([c] * counts[c])
    pool[level].extend([wild] * counts[wild])
    jokers = [BJ] * counts[BJ] + [RJ] * counts[RJ]
    if counts[BJ] == 2 and counts[RJ] == 2:
        groups.append(_group(tuple(jokers), level, "joker_bomb"))
        jokers = []
    for v in range(2, ACE + 1):
        if len(pool[v]) >= 4:
            groups.append(_group(tuple(pool[v]), level, "bomb"))
            pool[v] = []
    _, sequences = _best_sequences(tuple(len(p) for p in pool))
    for type_, top in sequences:
        each, length = _SHAPES[type_]
        window = next(w for t, w in _WINDOWS[type_] if t == top)
        cards: list[int] = []
        if type_ == "straight":
            cards = _straight_cards(pool, window)
        else:
            for v in window:
                cards.extend(pool[v][:each])
                del pool[v][:each]
        reading = _reading(cards, level, type_)
        if reading is not None:
            groups.append(Group(tuple(sorted(cards)), reading))
    triples = [v for v in range(2, ACE + 1) if len(pool[v]) == 3]
    pairs = [v for v in range(2, ACE + 1) if len(pool[v]) == 2]
    triples.sort(key=lambda v: values[pool[v][0]])
    pairs.sort(key=lambda v: values[pool[v][0]])
    for v in range(2, ACE + 1):
        if pool[v] and v not in triples and v not in pairs:
            groups.extend(_group((c,), level, "single") for c in pool[v])
    for t in triples:
        if pairs:
            p = pairs.pop(0)
            groups.append(_group(tuple(pool[t] + pool[p]), level, "full_house", prefer=t))
        else:
            groups.append(_group(tuple(pool[t]), level, "triple"))
    groups.extend(_group(tuple(pool[p]), level, "pair") for p in pairs)
    if jokers:
        for joker in (BJ, RJ):
            n = jokers.count(joker)
            if n == 2:
                groups.append(_group((joker, joker), level, "pair"))
            elif n == 1:
                groups.append(_group((joker,), level, "single"))
    return tuple(groups)


def _straight_cards(pool: list[list[int]], window: Sequence[int]) -> list[int]:
    """One card per rank of a straight's window, taken from ``pool``: one suit for all five
    when the pool allows it (a straight flush), else the first card of each rank."""
    for suit in range(4):
        picks = [next((c for c in pool[v] if SUIT[c] == suit), None) for v in window]
        if all(p is not None for p in picks):
            chosen = [p for p in picks if p is not None]
            for v, c in zip(window, chosen, strict=True):
                pool[v].remove(c)
            return chosen
    out = []
    for v in window:
        out.append(pool[v].pop(0))
    return out


def _reading(cards: Sequence[int], level: int, type_: str) -> Interpretation | None:
    """The strongest reading of ``cards``, preferring a straight flush for a straight; the
    highest rank of ``type_`` otherwise (``None`` if the cards do not read so)."""
    found = classify(cards, level)
    if type_ == "straight":
        flush = [i for i in found if i.type == "straight_flush"]
        if flush:
            return flush[-1]
    same = [i for i in found if i.type == type_]
    return same[-1] if same else (max(found, key=strength) if found else None)


def _group(cards: tuple[int, ...], level: int, type_: str, prefer: int | None = None) -> Group:
    found = classify(cards, level)
    same = [i for i in found if i.type == type_]
    if prefer is not None:
        value = LEVEL_VALUE if prefer == level else prefer
        same = [i for i in same if i.rank == value] or same
    reading = same[-1] if same else max(found, key=strength)
    return Group(tuple(sorted(cards)), reading)


def _weakness(g: Group) -> tuple[int, int]:
    return (g.reading.rank, -len(g.cards))


class BasicAgent:
    """Level ``basic`` (module docstring)."""

    name = "basic"

    def choose(self, view: GuandanView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == Phase.RETURN:
            choice = self._return(view)
        elif view.leading:
            choice = self._lead(view)
        else:
            choice = self._follow(view)
        if choice in legal:
            return choice
        if view.following:
            return PASS
        return play_action((view.hand[0],), classify((view.hand[0],), view.level)[0], view.level)

    # -- the three decisions -------------------------------------------------------------------
    def _return(self, view: GuandanView) -> Action:
        """The return card that leaves the fewest groups, the lowest among equals."""
        best: tuple[int, int] | None = None
        choice = view.return_options[0]
        values = VALUES[view.level]
        for c in view.return_options:
            rest = list(view.hand)
            rest.remove(c)
            key = (group_count(rest, view.level), values[c])
            if best is None or key < best:
                best, choice = key, c
        return Action("return", (choice,))

    def _lead(self, view: GuandanView) -> Action:
        """The lead (module docstring), at its strongest reading."""
        mate = view.hand_sizes[partner(view.seat)]
        short = min(view.hand_sizes[s] for s in _opponents(view))
        return lead_choice(view.hand, view.level, mate if mate in (1, 2) else 0, min(short, 3))

    def _follow(self, view: GuandanView) -> Action:
        """The answer to the table (module docstring), at its strongest reading."""
        table = view.table
        assert table is not None
        short = min(view.hand_sizes[s] for s in _opponents(view))
        mate = team(table.seat) == team(view.seat)
        previous = table.interpretation
        return follow_choice(view.hand, view.level, previous, mate, min(short, DANGER + 1))

    @staticmethod
    def _act(group: Group, level: int) -> Action:
        return play_action(group.cards, group.reading, level)


@lru_cache(maxsize=1 << 13)
def lead_choice(hand: tuple[int, ...], level: int, mate: int, short: int) -> Action:
    """``basic``'s lead from ``hand`` (display order) at ``level``: ``mate`` the partner's
    cards when 1 or 2 (else 0), ``short`` the fewest cards an opponent holds, 3 for three or
    more. Cached: these are all the lead reads, and a rollout asks again and again."""
    act = BasicAgent._act
    if len(hand) <= 10:
        whole = classify(hand, level)
        if whole:
            return strongest(play_action(hand, max(whole, key=strength), level), level)
    groups = split_hand(hand, level)
    plain = sorted((g for g in groups if not g.on_ladder), key=_weakness)
    if mate:
        fed = feed(hand, level, mate, groups)
        if fed is not None:
            return fed
    if not plain:
        bombs = sorted(groups, key=lambda g: strength(g.reading))
        return strongest(act(bombs[0], level), level)
    if short <= 2:
        avoid = "single" if short == 1 else "pair"
        others = [g for g in plain if g.reading.type != avoid]
        if others:
            return strongest(act(others[0], level), level)
        return strongest(act(plain[-1], level), level)
    return strongest(act(plain[0], level), level)


def feed(hand: tuple[int, ...], level: int, mate: int, groups: Sequence[Group]) -> Action | None:
    """The lead that feeds a partner holding ``mate`` cards (1 or 2; ai.md: feed a partner
    close to going out): the lowest pair of the split when the partner holds two cards and a
    pair lies below the level rank, else the lowest single card off the bomb ladder (from a
    single group first, else broken from the lowest plain group). ``None`` when the hand
    holds nothing off the ladder."""
    plain = sorted((g for g in groups if not g.on_ladder), key=_weakness)
    if mate == 2:
        pairs = [g for g in plain if g.reading.type == "pair" and g.reading.rank < LEVEL_VALUE]
        if pairs:
            return strongest(BasicAgent._act(pairs[0], level), level)
    singles = [g for g in plain if g.reading.type == "single"]
    if singles and singles[0].reading.rank < LEVEL_VALUE:
        return BasicAgent._act(singles[0], level)
    wild = wild_code(level)
    values = VALUES[level]
    loose = [c for g in plain for c in g.cards if c != wild]
    if not loose:
        return None
    low = min(loose, key=lambda c: values[c])
    return play_action((low,), classify((low,), level)[0], level)


@lru_cache(maxsize=1 << 14)
def follow_choice(
    hand: tuple[int, ...], level: int, previous: Interpretation, mate: bool, short: int
) -> Action:
    """``basic``'s answer from ``hand`` (display order) at ``level`` to ``previous`` on the
    table: ``mate`` when the partner played it, ``short`` the fewest cards an opponent holds
    (:data:`~.rules.DANGER` or fewer: about to go out; any number above it means the same).
    Cached, as :func:`lead_choice`."""
    return strongest(_follow_plain(hand, level, previous, mate, short), level)


def _follow_plain(
    hand: tuple[int, ...], level: int, previous: Interpretation, mate: bool, short: int
) -> Action:
    """:func:`follow_choice` before its strongest reading."""
    if len(hand) <= 10:
        whole = [i for i in classify(hand, level) if i.beats(previous)]
        if whole:
            return play_action(hand, max(whole, key=strength), level)
    if mate:
        return PASS  # the partner's play stands
    danger = short <= DANGER
    if short <= 2 and not previous.tier and previous.size <= short:
        cover = hard_cover(hand, level, previous)
        if cover is not None:
            return cover
    groups = split_hand(hand, level)
    fits = sorted(
        (g for g in groups if not g.on_ladder and g.reading.beats(previous)),
        key=_weakness,
    )
    if fits and (danger or fits[0].reading.rank < LEVEL_VALUE or len(hand) < 12):
        return BasicAgent._act(fits[0], level)
    base = len(groups)
    kept = _ladder_cards(groups)
    wild = wild_code(level)
    best: tuple[int, int, int, int] | None = None
    choice: Action | None = None
    counts = counts_of(hand)
    for cards, reading in legal_plays(hand, level, previous):
        if best is not None and reading.tier > best[0]:
            continue  # a higher tier of the ladder is never cheaper
        out = len(cards) == len(hand)
        # the tests that need no count of groups first (each only rules a play out)
        if not reading.tier and not out and _breaks(cards, hand, kept):
            continue  # no bomb (or straight flush) broken to follow
        wilds = cards.count(wild)
        if wilds and not (danger or out) and reading.rank < LEVEL_VALUE:
            continue  # the wild hearts are kept for where they matter
        if cards == (RJ,) and not (danger or out) and previous.rank < LEVEL_VALUE:
            continue  # the big joker is kept for control, not thrown on a low single
        after = groups_after(counts, cards, level)
        if reading.tier and not (danger or after <= 2):
            continue
        if not reading.tier and after > base and not danger:
            continue
        key = (reading.tier, after, wilds, reading.rank)
        if best is None or key < best:
            best, choice = key, play_action(cards, reading, level)
    return choice if choice is not None else PASS


def hard_cover(hand: tuple[int, ...], level: int, previous: Interpretation) -> Action | None:
    """The hardest cover of ``previous`` (a single or a pair) from ``hand`` when an opponent
    holds no more cards than it has (ai.md: cover hard when an opponent is about to go out):
    the play of its type and size, off the bomb ladder, of the highest rank, breaking no bomb
    of the hand's split and the fewest groups left among equals; ``None`` when no such play
    beats it."""
    groups = split_hand(hand, level)
    kept = _ladder_cards(groups)
    counts = counts_of(hand)
    best: tuple[int, int] | None = None
    choice: Action | None = None
    for cards, reading in legal_plays(hand, level, previous):
        if reading.tier or reading.type != previous.type or reading.size != previous.size:
            continue
        if _breaks(cards, hand, kept):
            continue
        key = (-reading.rank, groups_after(counts, cards, level))
        if best is None or key < best:
            best, choice = key, play_action(cards, reading, level)
    return choice


def strongest(action: Action, level: int) -> Action:
    """``action`` with its cards at their strongest reading (6.4): a same-suit straight as a
    straight flush, wild cards at the higher of two ranks. Never worse than a lower reading
    of the same cards: it beats all they beat, and is harder to beat (a pass stays)."""
    if action.verb != "play":
        return action
    readings = classify(action.cards, level)
    if len(readings) < 2:
        return action
    return play_action(action.cards, max(readings, key=strength), level)


def _ladder_cards(groups: Sequence[Group]) -> list[int]:
    """The face codes of the groups on the ladder (bombs, straight flushes, the joker bomb)
    of a split hand, one entry per card."""
    return [c for g in groups if g.on_ladder for c in g.cards]


def _breaks(cards: Sequence[int], hand: Sequence[int], kept: Sequence[int]) -> bool:
    """Whether playing ``cards`` from ``hand`` takes a card from the ladder groups ``kept``:
    a face played more often than the hand holds it outside them."""
    if not kept:
        return False
    return any(cards.count(c) > hand.count(c) - kept.count(c) for c in set(cards) if c in kept)


def _opponents(view: GuandanView) -> list[int]:
    """The opponents still holding cards (both, when neither does: they are harmless)."""
    out = [s for s in SEATS if team(s) != team(view.seat) and view.hand_sizes[s]]
    return out or [next_seat(view.seat)]


class DealSearch:
    """What level ``strong`` searches in Guandan (:mod:`cardavia_cli.engine.search`).

    Leading: ``basic``'s lead and the weakest group of every other type of its split hand.
    Following: ``basic``'s answer, a pass, the cheapest group that beats, the cheapest plays
    that beat of every tier of the ladder (a plain play, the smallest bomb...). Returning a
    card (7.5): ``basic``'s. A rollout plays the deal out (to the break after it, or the end of
    the match), scored for the searching seat's team by the levels the deal gives (10.1): the
    team of the first player out goes up 3, 2 or 1 levels by its partner's place; the score is
    that advance over 3, positive for the seat's team, negative for the opponents', and ±2 for
    a match won or lost."""

    #: The match won is the best result (+2), lost the worst (-2).
    scale = ScoreScale(
        -2.0,
        2.0,
        N_(
            "expected result (100% the match won, 75% a deal won by 3 levels, 58% by 1 level, "
            "42% a deal lost by 1 level, 25% by 3, 0% the match lost)"
        ),
    )

    def candidates(
        self, view: GuandanView, legal: Sequence[Action], preferred: Action, rng: random.Random
    ) -> list[Action]:
        if view.phase == Phase.RETURN:
            return [preferred]
        level = view.level
        out = [preferred]
        if view.leading:
            groups = split_hand(view.hand, level)
            by_type: dict[str, Group] = {}
            for g in sorted(groups, key=_weakness):
                by_type.setdefault(g.reading.type, g)
            out.extend(BasicAgent._act(g, level) for g in by_type.values())
        else:
            table = view.table
            assert table is not None
            out.append(PASS)
            previous = table.interpretation
            fits = sorted(
                (g for g in split_hand(view.hand, level) if g.reading.beats(previous)),
                key=_weakness,
            )
            if fits:
                out.append(BasicAgent._act(fits[0], level))
            cheapest: dict[int, tuple[tuple[int, int], Action]] = {}
            counts = counts_of(view.hand)
            for cards, reading in legal_plays(view.hand, level, previous):
                key = (groups_after(counts, cards, level), reading.rank)
                if reading.tier not in cheapest or key < cheapest[reading.tier][0]:
                    cheapest[reading.tier] = (key, play_action(cards, reading, level))
            out.extend(action for _, action in cheapest.values())
            if team(table.seat) == team(view.seat):
                out = [a for a in out if not takes_over(view, a)]
        unique: list[Action] = []
        for action in out:
            if action in legal and action not in unique:
                unique.append(action)
        return unique[:MAX_CANDIDATES]

    def rollout_over(self, state: GuandanState, start: GuandanState) -> bool:
        return deal_over(state, start)

    def score(self, state: GuandanState, start: GuandanState, seat: int) -> float:
        mine = team(seat)
        if state.is_over:
            outcome = state.result()
            if outcome is not None and outcome.winner is not None:
                return 2.0 if outcome.winner == mine else -2.0
        places = state.places
        if not places:
            return 0.0
        first = team(places[0])
        mate = next((i for i, s in enumerate(places[1:], 2) if team(s) == first), 4)
        return deal_score(first == mine, {2: 3, 3: 2}.get(mate, 1))

    def chance(self, score: float) -> float:
        return 1.0 if score > 0 else 0.0


def takes_over(view: GuandanView, action: Action) -> bool:
    """Whether ``action``, played over the partner's play on the table, takes the trick from
    the partner in a way a partner should not (ai.md, the issue "Computer players that read the
    table", item 4): with a bomb (any play on the ladder) or a wild heart, when it neither
    empties the hand nor stops an opponent about to go out (:data:`~.rules.DANGER` cards or
    fewer). A pass, a play that goes out and a plain play of natural cards never do."""
    if action.verb != "play" or len(action.cards) == len(view.hand):
        return False
    if min(view.hand_sizes[s] for s in _opponents(view)) <= DANGER:
        return False
    reading = action.reading(view.level)
    return reading is None or reading.tier > 0 or wild_code(view.level) in action.cards


def deal_score(won: bool, advance: int) -> float:
    """The score of :class:`DealSearch` for a deal whose winners go up ``advance`` levels
    (1 to 3, 10.1), for a seat of the winning team (``won``) or of the other: the advance
    over 3, positive or negative (between a match lost, -2, and won, +2).

    >>> deal_score(True, 3), deal_score(False, 3), round(deal_score(True, 1), 3)
    (1.0, -1.0, 0.333)
    """
    value = advance / 3
    return value if won else -value


#: Candidates compared by level ``strong`` at most; samples per decision.
MAX_CANDIDATES = 6
STRONG_SAMPLES = 8
#: Samples drawn again when no candidate is clearly better but one comes near: on the same
#: 1,000 single deals, 566 won against 545 without (tools/guandan_bounds.py strong --extra 8).
SECOND_LOOK = 8


def strong() -> SearchPlayer[GuandanState]:
    """Level ``strong``: PIMC over the deal, ``basic`` rolling out (:class:`DealSearch`), with
    a second look of :data:`SECOND_LOOK` more samples when a candidate comes near the margin
    (:attr:`~cardavia_cli.engine.search.SearchSettings.extra`)."""
    return SearchPlayer(
        DealSearch(), BasicAgent, SearchSettings(samples=STRONG_SAMPLES, extra=SECOND_LOOK)
    )


AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "basic": BasicAgent,
    "strong": strong,
}
