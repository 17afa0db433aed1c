"""Guandan combinations: classification, beating, every legal play, and the tribute step.

RULES.md sections 6 (strength, wild cards, combination types, interpretations, beating), 7
(tribute and return), 8.3 (the ``as TYPE KEY`` clause) and 13 (the rule functions).

Plays are handled as **codes** (see :mod:`.cards`): a play is a multiset of faces, and two
copies of a face are interchangeable. Levels are natural values 2..14.

**How classification stays fast.** Nothing tries what a wild card stands for. A play is
counted once (how many wild cards, how many of each joker, how many ordinary cards of each
natural rank, which suits): the set types then follow from the number of distinct ranks and
their counts, the gaps the wild cards must fill are ``size - ordinary cards``, and the
sequences a set of ranks fits in are looked up in precomputed tables (rank bit mask ->
tops of every window of the right length that holds all those ranks, the ace low or high).

**How enumeration stays fast.** :func:`legal_plays` builds, once per hand, the distinct
sub-multisets of each rank's ordinary cards by size, and composes plays from them type by
type (a triple part and a pair part, one card per position of a window, ...), with a known
number of wild cards in each part. Every (cards, interpretation) pair is built exactly once,
so no deduplication pass is needed: the cards of each rank fix how many wild cards join
them, and the wild cards of a play fill exactly the positions its ordinary cards leave.

>>> [str(i) for i in classify([1, 4, 8, 12, 16], 2)]  # 2H 3S 4S 5S 6S at level 2 (E1)
['straight 6 5', 'straight 7 5', 'straight_flush 6 5', 'straight_flush 7 5']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product, repeat

from cardavia_cli.engine.errors import (
    AmbiguousActionError,
    CardError,
    IllegalActionError,
    InvalidActionError,
)
from cardavia_cli.engine.i18n import N_, NP_, _, pgettext
from cardavia_cli.engine.seats import next_seat, partner
from cardavia_cli.games.guandan.cards import (
    ACE,
    BJ,
    BJ_VALUE,
    CODES,
    LEVEL_VALUE,
    NATURAL,
    NUM_CODES,
    RANKS,
    RJ,
    RJ_VALUE,
    SUIT,
    VALUES,
    Card,
    code_str,
    level_str,
)

# -- interpretations -----------------------------------------------------------------------------

#: The ten combination types, in the canonical order of 13.1.
TYPES: tuple[str, ...] = (
    "single",
    "pair",
    "triple",
    "full_house",
    "straight",
    "tube",
    "plate",
    "bomb",
    "straight_flush",
    "joker_bomb",
)
TYPE_ORDER: dict[str, int] = {t: i for i, t in enumerate(TYPES)}
#: A play's ``TYPE KEY`` (8.3) in a player's words, by type (the words of the player's rules,
#: 6.3): ``{rank}`` is the rank as a player reads it (:func:`rank_words`), ``{ranks}`` the
#: cards of that rank (:func:`ranks_words`: ``9s``, ``aces``).
TYPE_WORDS: dict[str, str] = {
    "single": N_("single {rank}"),
    "pair": N_("pair of {ranks}"),
    "triple": N_("triple of {ranks}"),
    "full_house": N_("full house of {ranks}"),
    "straight": N_("straight topped by {rank}"),
    "tube": N_("tube topped by {rank}"),
    "plate": N_("plate topped by {rank}"),
    "bomb": N_("bomb of {ranks}"),
    "straight_flush": N_("straight flush topped by {rank}"),
    "joker_bomb": N_("joker bomb"),
}
#: The ranks a player reads that differ from their letter in a ``TYPE KEY``.
RANK_WORDS: dict[str, str] = {"T": "10", "BJ": N_("black joker"), "RJ": N_("red joker")}
#: The cards of each rank, as in "a pair of 9s", "a pair of aces" (a language may keep the
#: letter: Turkish "çift A").
RANKS_WORDS: dict[str, str] = {
    "2": NP_("cards of a rank", "2s"),
    "3": NP_("cards of a rank", "3s"),
    "4": NP_("cards of a rank", "4s"),
    "5": NP_("cards of a rank", "5s"),
    "6": NP_("cards of a rank", "6s"),
    "7": NP_("cards of a rank", "7s"),
    "8": NP_("cards of a rank", "8s"),
    "9": NP_("cards of a rank", "9s"),
    "T": NP_("cards of a rank", "10s"),
    "J": NP_("cards of a rank", "jacks"),
    "Q": NP_("cards of a rank", "queens"),
    "K": NP_("cards of a rank", "kings"),
    "A": NP_("cards of a rank", "aces"),
    "BJ": NP_("cards of a rank", "black jokers"),
    "RJ": NP_("cards of a rank", "red jokers"),
}


def rank_words(rank: str) -> str:
    """The rank letter of a ``TYPE KEY`` as a player reads it: ``10`` for ``T``, the jokers
    in words, any other letter as it is (``9``, ``K``)."""
    word = RANK_WORDS.get(rank)
    if word is None:
        return rank
    return word if word.isdigit() else _(word)


def ranks_words(rank: str) -> str:
    """The cards of the rank letter of a ``TYPE KEY`` in words: ``9s``, ``10s``, ``aces``,
    ``black jokers``."""
    word = RANKS_WORDS.get(rank)
    return rank if word is None else pgettext("cards of a rank", word)


def combination_words(key: str) -> str:
    """A play's ``TYPE KEY`` (8.3) in a player's words, in the language spoken: ``pair 9`` is
    ``pair of 9s``, ``pair A`` ``pair of aces``, ``straight_flush T`` ``straight flush topped
    by 10``, ``joker_bomb`` ``joker bomb``."""
    type_, _sep, rank = key.partition(" ")
    words = TYPE_WORDS.get(type_)
    if words is None:
        return key
    return _(words).format(rank=rank_words(rank), ranks=ranks_words(rank))


#: Types whose rank is a natural value (6.1 "natural value"): the sequences.
SEQUENCE_TYPES = frozenset({"straight", "tube", "plate", "straight_flush"})
#: Fixed sizes (bombs have 4..10 cards).
TYPE_SIZE: dict[str, int] = {
    "single": 1,
    "pair": 2,
    "triple": 3,
    "full_house": 5,
    "straight": 5,
    "tube": 6,
    "plate": 6,
    "straight_flush": 5,
    "joker_bomb": 4,
}
JOKER_BOMB_RANK = 17
MAX_BOMB = 10


@dataclass(frozen=True, slots=True)
class Interpretation:
    """One reading of a play (6.4): its ``type`` (one of :data:`TYPES`), its ``rank`` (the
    integer that compares plays of the type: the single value 2..17 for set types, the natural
    value of the top card for sequences, 17 for the joker bomb) and its ``size`` in cards.

    The notation is level-free, ``"TYPE RANK SIZE"`` (``"full_house 15 5"``); the text a
    player types, ``TYPE KEY``, depends on the level: :meth:`key`.
    """

    type: str
    rank: int
    size: int

    @property
    def tier(self) -> int:
        """The tier on the bomb ladder of 6.5 (1..9), or 0 off the ladder."""
        return _tier(self.type, self.size)

    @property
    def order(self) -> tuple[int, int, int]:
        """Sort key of the canonical order of 13.1: type, then rank (then size)."""
        return (TYPE_ORDER[self.type], self.rank, self.size)

    def key(self, level: int) -> str:
        """The ``TYPE KEY`` text of 8.3 at ``level`` (``"full_house 7"``, ``"joker_bomb"``)."""
        if self.type == "joker_bomb":
            return "joker_bomb"
        if self.type in SEQUENCE_TYPES:
            return f"{self.type} {RANKS[self.rank - 2]}"
        if self.rank == LEVEL_VALUE:
            return f"{self.type} {level_str(level)}"
        if self.rank == BJ_VALUE:
            return f"{self.type} BJ"
        if self.rank == RJ_VALUE:
            return f"{self.type} RJ"
        return f"{self.type} {RANKS[self.rank - 2]}"

    def beats(self, other: Interpretation) -> bool:
        """Whether a play read as ``self`` beats one read as ``other`` (6.5)."""
        return outranks(self, other)

    def to_json(self) -> dict[str, object]:
        """``{"type": t, "rank": r, "size": n}`` (section 13)."""
        return {"type": self.type, "rank": self.rank, "size": self.size}

    @classmethod
    def parse(cls, text: str) -> Interpretation:
        """The interpretation written ``"TYPE RANK SIZE"``; raises ``InvalidActionError``."""
        parts = text.split()
        if (
            len(parts) != 3
            or parts[0] not in TYPE_ORDER
            or not all(re.fullmatch(r"[0-9]+", p) for p in parts[1:])
        ):
            raise InvalidActionError(f"not an interpretation: {text!r} (write TYPE RANK SIZE)")
        found = _INTERNED.get((parts[0], int(parts[1]), int(parts[2])))
        if found is None:
            raise InvalidActionError(f"no combination is a {text!r}")
        return found

    def __str__(self) -> str:
        return f"{self.type} {self.rank} {self.size}"

    def __repr__(self) -> str:
        return f"Interpretation.parse({str(self)!r})"


def _tier(type_: str, size: int) -> int:
    if type_ == "bomb":
        return 1 if size == 4 else 2 if size == 5 else size - 2
    if type_ == "straight_flush":
        return 3
    if type_ == "joker_bomb":
        return 9
    return 0


def _all_interpretations() -> dict[tuple[str, int, int], Interpretation]:
    table: dict[tuple[str, int, int], Interpretation] = {}

    def add(t: str, ranks: Iterable[int], sizes: Iterable[int]) -> None:
        for size in sizes:
            for rank in ranks:
                table[(t, rank, size)] = Interpretation(t, rank, size)

    add("single", range(2, RJ_VALUE + 1), [1])
    add("pair", range(2, RJ_VALUE + 1), [2])
    add("triple", range(2, LEVEL_VALUE + 1), [3])
    add("full_house", range(2, LEVEL_VALUE + 1), [5])
    add("straight", range(5, ACE + 1), [5])
    add("straight_flush", range(5, ACE + 1), [5])
    add("tube", range(3, ACE + 1), [6])
    add("plate", range(2, ACE + 1), [6])
    add("bomb", range(2, LEVEL_VALUE + 1), range(4, MAX_BOMB + 1))
    add("joker_bomb", [JOKER_BOMB_RANK], [4])
    return table


_INTERNED = _all_interpretations()
#: Every interpretation that exists, in canonical order (13.1).
ALL_INTERPRETATIONS: tuple[Interpretation, ...] = tuple(
    sorted(_INTERNED.values(), key=lambda i: i.order)
)
_TIER: dict[Interpretation, int] = {i: i.tier for i in ALL_INTERPRETATIONS}


def interpretation(type_: str, rank: int, size: int | None = None) -> Interpretation:
    """The interpretation ``(type_, rank, size)``; ``size`` may be left out for every type but
    ``bomb``. Raises ``InvalidActionError`` when no combination reads so."""
    if size is None:
        if type_ not in TYPE_SIZE:
            raise InvalidActionError(f"a {type_!r} needs its size")
        size = TYPE_SIZE[type_]
    found = _INTERNED.get((type_, rank, size))
    if found is None:
        raise InvalidActionError(f"no combination is a {type_} of rank {rank} and size {size}")
    return found


def outranks(new: Interpretation, old: Interpretation) -> bool:
    """Whether a play read as ``new`` beats one read as ``old`` (6.5).

    Off the bomb ladder: same type and a strictly higher rank. A play on the ladder beats every
    play off it; on the ladder the higher tier wins, then the strictly higher rank.
    """
    tn, to = _TIER[new], _TIER[old]
    if tn == 0 and to == 0:
        return new.type == old.type and new.rank > old.rank
    return tn > to or (tn == to and new.rank > old.rank)


def strength(i: Interpretation) -> tuple[int, int, int]:
    """A total order that agrees with :func:`outranks` wherever that compares: ladder tier,
    rank, then the type order of 13.1. Used to take a play at its strongest reading (the one
    hardest to beat, cli.md ``--beats`` without ``--beats-as``)."""
    return (_TIER[i], i.rank, TYPE_ORDER[i.type])


# -- the TYPE KEY text of 8.3 --------------------------------------------------------------------

_KEY_TEXT: dict[str, int] = {r.lower(): 2 + i for i, r in enumerate(RANKS)} | {
    "10": 10,
    "bj": BJ_VALUE,
    "rj": RJ_VALUE,
}


def parse_key(text: str, level: int) -> tuple[str, int]:
    """``(type, rank)`` from the ``TYPE KEY`` text of an ``as`` clause (8.3) at ``level``.

    ``TYPE`` is one of :data:`TYPES` (any case). ``KEY`` is a rank token ``2``..``9``,
    ``T``/``10``, ``J``, ``Q``, ``K``, ``A``, ``BJ``, ``RJ``: the single value for set types
    (the level rank gives 15), the natural value for sequences (A = 14); ``joker_bomb`` takes
    no key. Raises ``InvalidActionError`` naming the text.
    """
    parts = text.split()
    if not parts or parts[0].lower() not in TYPE_ORDER:
        raise InvalidActionError(
            _("not an interpretation: {text} (write TYPE KEY, TYPE one of {types})").format(
                text=repr(text), types=", ".join(TYPES)
            )
        )
    type_ = parts[0].lower()
    if type_ == "joker_bomb":
        if len(parts) != 1:
            raise InvalidActionError(_("joker_bomb takes no key: {text}").format(text=repr(text)))
        return type_, JOKER_BOMB_RANK
    if len(parts) != 2 or parts[1].lower() not in _KEY_TEXT:
        raise InvalidActionError(
            _(
                "not an interpretation: {text} (the key is one rank: 2..9, T, J, Q, K, A, BJ, RJ)"
            ).format(text=repr(text))
        )
    value = _KEY_TEXT[parts[1].lower()]
    if type_ in SEQUENCE_TYPES:
        if value > ACE:
            raise InvalidActionError(
                _("jokers are never in sequences: {text}").format(text=repr(text))
            )
        return type_, value
    return type_, LEVEL_VALUE if value == level else value


# -- classification ------------------------------------------------------------------------------


def _window_tables() -> dict[int, dict[int, tuple[int, ...]]]:
    """For window lengths 5 (straight), 3 (tube), 2 (plate): bit mask of natural ranks (bit v
    for value v, the ace as bit 14) -> tops of every window holding all those ranks."""
    tables: dict[int, dict[int, tuple[int, ...]]] = {}
    for length in (5, 3, 2):
        found: dict[int, list[int]] = {}
        for top in range(length, ACE + 1):
            ranks = [14 if v == 1 else v for v in range(top - length + 1, top + 1)]
            for k in range(1, length + 1):
                for sub in combinations(ranks, k):
                    mask = sum(1 << v for v in sub)
                    found.setdefault(mask, []).append(top)
        tables[length] = {m: tuple(sorted(t)) for m, t in found.items()}
    return tables


_WINDOWS = _window_tables()
_STRAIGHT_TOPS, _TUBE_TOPS, _PLATE_TOPS = _WINDOWS[5], _WINDOWS[3], _WINDOWS[2]
_I = _INTERNED


def _code_of(card: Card | int) -> int:
    return card if isinstance(card, int) else card.code


def codes_of(cards: Iterable[Card | int]) -> list[int]:
    """Codes of cards given as :class:`Card` values or codes; raises :class:`CardError` for
    an unknown code or a face more than twice (section 2)."""
    out = [_code_of(c) for c in cards]
    seen = once = 0
    for c in out:
        if not 0 <= c < NUM_CODES:
            raise CardError(f"no card has code {c!r}")
        bit = 1 << c
        if seen & bit:
            raise CardError(f"{CODES[c]} appears more than twice (there are two packs)")
        if once & bit:
            seen |= bit
        once |= bit
    return out


def classify(cards: Iterable[Card | int], level: int) -> list[Interpretation]:
    """Every interpretation of a play (6.3, 6.4), in the canonical order of 13.1.

    ``cards``: the play, as :class:`Card` values or codes (a face at most twice); ``level``:
    the natural value 2..14 of the deal's level rank, which fixes the single values (6.1) and
    the wild cards (6.2). The result is empty when the cards form no combination. Raises
    :class:`CardError` for a face given more than twice.
    """
    return _classify(codes_of(cards), level)


def _classify(codes: Sequence[int], level: int) -> list[Interpretation]:
    """:func:`classify` on codes already checked."""
    n = len(codes)
    if n == 0 or n > MAX_BOMB:
        return []
    wild = 4 * (level - 2) + 1
    counts = [0] * 15
    w = bj = rj = 0
    rmask = suits = 0
    for c in codes:
        if c == wild:
            w += 1
        elif c >= BJ:
            if c == BJ:
                bj += 1
            else:
                rj += 1
        else:
            v = 2 + (c >> 2)
            counts[v] += 1
            rmask |= 1 << v
            suits |= 1 << (c & 3)
    values = VALUES[level]
    if w == n:  # only wild cards: taken at face value (6.2, decision 7)
        return [_I[("single", LEVEL_VALUE, 1)]] if n == 1 else [_I[("pair", LEVEL_VALUE, 2)]]
    jokers = bj + rj
    if n == 1:
        return [_I[("single", values[codes[0]], 1)]]
    one_rank = rmask & (rmask - 1) == 0  # at most one natural rank among ordinary cards
    if jokers:
        if n == 2:
            if bj == 2:
                return [_I[("pair", BJ_VALUE, 2)]]
            if rj == 2:
                return [_I[("pair", RJ_VALUE, 2)]]
            return []
        if n == 4 and bj == 2 and rj == 2:
            return [_I[("joker_bomb", JOKER_BOMB_RANK, 4)]]
        if n == 5 and (bj == 2 or rj == 2) and jokers == 2 and rmask and one_rank:
            # the joker pair of a full house; the other three (wilds included) are the triple
            return [_I[("full_house", _rank_value(rmask, level), 5)]]
        return []
    m = n - w
    out: list[Interpretation] = []
    if n <= 3:
        if one_rank:
            out.append(_I[(("pair", "triple")[n - 2], _rank_value(rmask, level), n)])
        return out
    if n == 4:
        if one_rank:
            out.append(_I[("bomb", _rank_value(rmask, level), 4)])
        return out
    if n == 5:
        if one_rank:
            value = _rank_value(rmask, level)
            if w == 2:  # three of a rank, the two wilds a pair of another rank (E8)
                out.append(_I[("full_house", value, 5)])
            out.append(_I[("bomb", value, 5)])
            return out
        low = (rmask & -rmask).bit_length() - 1
        rest = rmask & (rmask - 1)
        if rest & (rest - 1) == 0:  # two ranks: either may be the triple
            high = rest.bit_length() - 1
            cl, ch = counts[low], counts[high]
            vl = LEVEL_VALUE if low == level else low
            vh = LEVEL_VALUE if high == level else high
            fh = []
            if cl <= 3 and ch <= 2:
                fh.append(vl)
            if ch <= 3 and cl <= 2:
                fh.append(vh)
            out.extend(_I[("full_house", v, 5)] for v in sorted(fh))
            return out
        if rmask.bit_count() == m:  # all ordinary ranks distinct
            tops = _STRAIGHT_TOPS.get(rmask)
            if tops:
                out.extend(_I[("straight", t, 5)] for t in tops)
                if suits & (suits - 1) == 0:
                    out.extend(_I[("straight_flush", t, 5)] for t in tops)
        return out
    if n == 6:
        if one_rank:
            return [_I[("bomb", _rank_value(rmask, level), 6)]]
        top_count = max(counts)
        if top_count <= 2:
            tops = _TUBE_TOPS.get(rmask)
            if tops:
                out.extend(_I[("tube", t, 6)] for t in tops)
        if top_count <= 3:
            tops = _PLATE_TOPS.get(rmask)
            if tops:
                out.extend(_I[("plate", t, 6)] for t in tops)
        return out
    if one_rank:
        out.append(_I[("bomb", _rank_value(rmask, level), n)])
    return out


def _rank_value(rmask: int, level: int) -> int:
    v = rmask.bit_length() - 1
    return LEVEL_VALUE if v == level else v


# -- beating ---------------------------------------------------------------------------------------

Selector = Interpretation | tuple[str, int]


def _matches(i: Interpretation, chosen: Selector) -> bool:
    if isinstance(chosen, Interpretation):
        return i == chosen
    return i.type == chosen[0] and i.rank == chosen[1]


def candidates(
    cards: Iterable[Card | int], level: int, previous: Interpretation | None = None
) -> list[Interpretation]:
    """The candidates of a play (8.3), canonical order: every interpretation when leading
    (``previous`` None), only those that beat ``previous`` when following. Raises
    :class:`CardError` for a face given more than twice."""
    found = classify(cards, level)
    if previous is None:
        return found
    return [i for i in found if outranks(i, previous)]


def beats(
    play: Iterable[Card | int],
    interpretation: Selector | None,
    previous: Interpretation | None,
    level: int,
) -> bool:
    """Whether ``play`` can beat ``previous`` at ``level`` (6.5; rule function of 13).

    ``interpretation``: ``None`` (the play's best reading counts) or the chosen reading, an
    :class:`Interpretation` or ``(type, rank)``. ``previous``: the reading of the play on the
    table, or ``None`` to ask whether ``play`` is a legal lead (under ``interpretation`` if
    given). Raises :class:`CardError` for a face given more than twice.
    """
    found = candidates(play, level, previous)
    if interpretation is None:
        return bool(found)
    return any(_matches(i, interpretation) for i in found)


def resolve(
    cards: Iterable[Card | int],
    level: int,
    previous: Interpretation | None = None,
    key: str | None = None,
) -> Interpretation:
    """The interpretation a play takes (8.3): ``key`` is the ``TYPE KEY`` text of an ``as``
    clause, or ``None``.

    Raises :class:`IllegalActionError` when the play has no candidate or ``key`` names none,
    :class:`AmbiguousActionError` (candidates as ``TYPE KEY`` texts, canonical order) when the
    candidates differ in type and no ``key`` is given, ``InvalidActionError`` for a malformed
    key. With several candidates of one type the highest rank is used.
    """
    codes = codes_of(cards)
    found = candidates(codes, level, previous)
    what = "beats the table (6.5)" if previous is not None else "is a combination (6.3)"
    if not found:
        raise IllegalActionError(f"{' '.join(CODES[c] for c in codes)}: no reading {what}")
    if key is not None:
        chosen = parse_key(key, level)
        for i in found:
            if _matches(i, chosen):
                return i
        names = ", ".join(i.key(level) for i in found)
        raise IllegalActionError(f"{key!r} is not a reading of this play that {what}: {names}")
    if len({i.type for i in found}) > 1:
        keys = [i.key(level) for i in found]
        raise AmbiguousActionError(
            f"the play can be read several ways (8.3): {', '.join(keys)}", keys
        )
    return found[-1]


# -- every legal play ------------------------------------------------------------------------------

#: A legal play: its cards (codes in :func:`play_key` order, a face twice when both copies are
#: played) and the interpretation it is played as.
LegalPlay = tuple[tuple[int, ...], Interpretation]

_FOLLOWING_NOTHING = -1
#: Cards of one part of a play (codes, ascending).
Part = tuple[int, ...]


def play_key(cards: Iterable[Card | int], level: int) -> tuple[int, ...]:
    """The cards of a play in the order :func:`legal_plays` gives them: every card that is not
    wild at ``level`` by ascending code (the canonical deck order of a face), then the wild
    cards. Two plays of the same faces have the same key, whichever copies they use."""
    wild = 4 * (level - 2) + 1
    codes = [_code_of(c) for c in cards]
    return tuple(sorted(c for c in codes if c != wild)) + (wild,) * codes.count(wild)


def _rank_parts(hc: Sequence[int], wild: int) -> list[Sequence[Sequence[Part]]]:
    """``parts[v][k]``: the distinct multisets of ``k`` ordinary non-wild cards of natural
    rank ``v`` in a hand of code counts ``hc`` (codes ascending in each), ``k`` 0..8."""
    parts: list[Sequence[Sequence[Part]]] = [() for _ in range(15)]
    for v in range(2, ACE + 1):
        base = 4 * (v - 2)
        held = (hc[base], hc[base + 1], hc[base + 2], hc[base + 3])
        parts[v] = _parts_of_rank(base, held, wild - base if base <= wild < base + 4 else -1)
    return parts


@lru_cache(maxsize=1024)
def _parts_of_rank(
    base: int, held: tuple[int, int, int, int], wild_at: int
) -> tuple[tuple[Part, ...], ...]:
    """The parts of one rank (:func:`_rank_parts`) by size 0..8: ``base`` its first code,
    ``held`` the counts of its four codes, ``wild_at`` the wild card's place among them
    (-1: none of them is wild). Cached: a rank has at most 3^4 holdings."""
    subs: list[Part] = [()]
    for i, k in enumerate(held):
        code = base + i
        if i == wild_at:
            continue
        if k == 1:
            subs = subs + [s + (code,) for s in subs]
        elif k == 2:
            subs = subs + [s + (code,) for s in subs] + [s + (code, code) for s in subs]
    by_size: list[list[Part]] = [[] for _ in range(9)]
    for s in subs:
        by_size[len(s)].append(s)
    return tuple(tuple(b) for b in by_size)


def legal_plays(
    hand: Iterable[Card | int], level: int, previous: Interpretation | None = None
) -> list[LegalPlay]:
    """Every distinct legal play of ``hand`` at ``level`` (6.3-6.5, 8.2, 8.3).

    ``hand``: :class:`Card` values or codes (a face at most twice); ``level``: natural value
    2..14. ``previous``: the reading of the play on the table when following, ``None`` when
    leading.

    **Distinct** means: two plays are the same when they use the same faces (which copy of
    a face is played does not matter) and are played as the same interpretation. A set of
    cards with several candidates gives one play per candidate (each is a different action,
    ``play ... as TYPE KEY``); when following, only the candidates that beat ``previous``.
    The cards of each play are in :func:`play_key` order.

    Order: by interpretation in the canonical order of 13.1 (type, then rank; bombs of one
    rank by size), then in a fixed order of the cards. Raises :class:`CardError` for a face
    given more than twice.
    """
    codes = codes_of(hand)
    hc = [0] * NUM_CODES
    for c in codes:
        hc[c] += 1
    wild = 4 * (level - 2) + 1
    w = hc[wild]
    parts = _rank_parts(hc, wild)
    values = VALUES[level]
    #: natural ranks by increasing single value at this level
    by_value = [v for v in range(2, ACE + 1) if v != level] + [level]
    #: the wild-card tails of a part, by how many wild cards it holds
    tails: list[Part] = [(), (wild,), (wild, wild)][: w + 1]

    if previous is None:
        floor: dict[str, int] = dict.fromkeys(TYPES, _FOLLOWING_NOTHING)
        ltier, lrank = 0, _FOLLOWING_NOTHING
    else:
        floor = {}
        ltier = _TIER[previous]
        if ltier == 0:
            floor[previous.type] = previous.rank
            lrank = _FOLLOWING_NOTHING  # every play on the ladder beats it
        else:
            lrank = previous.rank

    out: list[LegalPlay] = []

    if "single" in floor:
        lo = floor["single"]
        singles = [c for c in range(NUM_CODES) if hc[c] and values[c] > lo]
        singles.sort(key=lambda c: (values[c], SUIT[c]))
        out.extend(((c,), _I[("single", values[c], 1)]) for c in singles)

    for type_, size in (("pair", 2), ("triple", 3)):
        if type_ not in floor:
            continue
        lo = floor[type_]
        for v in by_value:
            value = LEVEL_VALUE if v == level else v
            if value <= lo:
                continue
            interp = _I[(type_, value, size)]
            for k, tail in enumerate(tails):
                if k < size:
                    out.extend((p + tail, interp) for p in parts[v][size - k])
        if type_ == "pair":
            if w == 2 and LEVEL_VALUE > lo:  # two wild cards alone (6.2)
                out.append(((wild, wild), _I[("pair", LEVEL_VALUE, 2)]))
            for joker, value in ((BJ, BJ_VALUE), (RJ, RJ_VALUE)):
                if hc[joker] == 2 and value > lo:
                    out.append(((joker, joker), _I[("pair", value, 2)]))

    if "full_house" in floor:
        _full_houses(out, parts, hc, level, by_value, tails, floor["full_house"])
    if "straight" in floor:
        _sequences(out, parts, tails, "straight", floor["straight"])
    if "tube" in floor:
        _sequences(out, parts, tails, "tube", floor["tube"])
    if "plate" in floor:
        _sequences(out, parts, tails, "plate", floor["plate"])

    for v in by_value:
        value = LEVEL_VALUE if v == level else v
        base = 4 * (v - 2)
        biggest = sum(hc[c] for c in range(base, base + 4) if c != wild) + w
        for size in range(4, min(biggest, MAX_BOMB) + 1):
            t = 1 if size == 4 else 2 if size == 5 else size - 2
            if t < ltier or (t == ltier and value <= lrank):
                continue
            interp = _I[("bomb", value, size)]
            for k, tail in enumerate(tails):
                if size - k <= 8:
                    out.extend((p + tail, interp) for p in parts[v][size - k])
    if ltier < 3 or (ltier == 3 and lrank < ACE):
        _straight_flushes(out, hc, w, wild, lrank if ltier == 3 else _FOLLOWING_NOTHING)
    if hc[BJ] == 2 and hc[RJ] == 2 and ltier < 9:
        out.append(((BJ, BJ, RJ, RJ), _I[("joker_bomb", JOKER_BOMB_RANK, 4)]))
    return out


def _full_houses(
    out: list[LegalPlay],
    parts: Sequence[Sequence[Sequence[Part]]],
    hc: Sequence[int],
    level: int,
    by_value: Sequence[int],
    tails: Sequence[Part],
    lo: int,
) -> None:
    """Full houses above rank ``lo``: a triple part with ``k1`` wild cards, a pair part with
    ``k2`` (``k1 + k2`` at most the wild cards held). The pair of two wild cards alone is one
    part, whatever rank it stands for."""
    w = len(tails) - 1
    # real cards of pair parts by the number of wild cards joining them: (natural rank, cards);
    # jokers count as rank 15, above every ordinary code
    pairs: list[list[tuple[int, Part]]] = [[], [], []]
    for v in range(2, ACE + 1):
        pairs[0].extend((v, p) for p in parts[v][2])
        if w:
            pairs[1].extend((v, p) for p in parts[v][1])
    for joker in (BJ, RJ):
        if hc[joker] == 2:
            pairs[0].append((15, (joker, joker)))
    if w == 2:
        pairs[2].append((0, ()))
    for v in by_value:
        value = LEVEL_VALUE if v == level else v
        if value <= lo:
            continue
        interp = _I[("full_house", value, 5)]
        for k1 in range(w + 1):
            triples = parts[v][3 - k1]
            if not triples:
                continue
            for k2 in range(w - k1 + 1):
                tail = tails[k1 + k2]
                below = [p for r, p in pairs[k2] if r < v]
                above = [p for r, p in pairs[k2] if r > v]
                out.extend((p + t + tail, interp) for p in below for t in triples)
                out.extend((t + p + tail, interp) for t in triples for p in above)


def _window_ranks(top: int, length: int) -> list[int]:
    """The natural ranks of a window, ascending by code (an ace-low window lists the ace
    last, where its codes are)."""
    return sorted(14 if v == 1 else v for v in range(top - length + 1, top + 1))


#: type -> (cards per rank, windows as (top, ranks ascending by code)).
_SEQUENCES: dict[str, tuple[int, list[tuple[int, list[int]]]]] = {
    "straight": (1, [(top, _window_ranks(top, 5)) for top in range(5, ACE + 1)]),
    "tube": (2, [(top, _window_ranks(top, 3)) for top in range(3, ACE + 1)]),
    "plate": (3, [(top, _window_ranks(top, 2)) for top in range(2, ACE + 1)]),
}
#: (cards per rank, window length, wild cards held) -> every way to give each rank of a window
#: some wild cards (at most its cards per rank), two at most in all
_SPLITS: dict[tuple[int, int, int], list[tuple[int, ...]]] = {
    (each, length, w): [s for s in product(range(min(w, each) + 1), repeat=length) if sum(s) <= w]
    for each, length in ((1, 5), (2, 3), (3, 2))
    for w in (0, 1, 2)
}


def _sequences(
    out: list[LegalPlay],
    parts: Sequence[Sequence[Sequence[Part]]],
    tails: Sequence[Part],
    type_: str,
    lo: int,
) -> None:
    """Straights, tubes or plates above rank ``lo``: each rank of a window gets ``each - k``
    ordinary cards and ``k`` wild cards."""
    each, windows = _SEQUENCES[type_]
    w = len(tails) - 1
    size = 5 if each == 1 else 6
    if each == 1:  # straights: one code per rank, so products of codes are the plays
        singles = [[p[0] for p in parts[v][1]] if v >= 2 else [] for v in range(15)]
    for top, ranks in windows:
        if top <= lo:
            continue
        interp = _I[(type_, top, size)]
        for split in _SPLITS[(each, len(ranks), w)]:
            if each == 1:
                options = [singles[v] for v, k in zip(ranks, split, strict=True) if not k]
                if not all(options):
                    continue
                tail = tails[sum(split)]
                if tail:
                    out.extend((cards + tail, interp) for cards in product(*options))
                else:
                    out.extend(zip(product(*options), repeat(interp)))
                continue
            chosen = [parts[v][each - k] for v, k in zip(ranks, split, strict=True)]
            if not all(chosen):
                continue
            tail = tails[sum(split)]
            if len(chosen) == 3:
                a, b, c = chosen
                out.extend((x1 + x2 + x3 + tail, interp) for x1, x2, x3 in product(a, b, c))
            else:
                a, b = chosen
                out.extend((x1 + x2 + tail, interp) for x1 in a for x2 in b)


#: For 5 positions: every set of positions the wild cards may fill, by its size 0, 1, 2.
_WILD_POSITIONS = [list(combinations(range(5), k)) for k in range(3)]


def _straight_flushes(out: list[LegalPlay], hc: Sequence[int], w: int, wild: int, lo: int) -> None:
    """Straight flushes above rank ``lo``: per window and suit, the wild cards fill the
    missing positions and may replace held ones."""
    for top, by_suit in _FLUSH_WINDOWS:
        if top <= lo:
            continue
        interp = _I[("straight_flush", top, 5)]
        for cards in by_suit:
            missing: list[int] = []
            for i, c in enumerate(cards):
                if not hc[c] or c == wild:
                    missing.append(i)
                    if len(missing) > w:
                        break
            else:
                for k in range(len(missing), w + 1):
                    for pos in _WILD_POSITIONS[k]:
                        if any(i not in pos for i in missing):
                            continue
                        kept = tuple(c for i, c in enumerate(cards) if i not in pos)
                        out.append((kept + (wild,) * k, interp))


#: The straight windows (tops ascending), each with its five codes in each suit 0..3.
_FLUSH_WINDOWS: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = tuple(
    (top, tuple(tuple(4 * (v - 2) + suit for v in ranks) for suit in range(4)))
    for top, ranks in _SEQUENCES["straight"][1]
)


# -- tribute and return (section 7) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transfer:
    """One tribute card: ``card`` (a code) goes from seat ``giver`` to seat ``receiver``."""

    giver: int
    receiver: int
    card: int

    def to_json(self) -> dict[str, object]:
        """``{"from": s, "to": r, "card": c}`` (section 13)."""
        return {"from": self.giver, "to": self.receiver, "card": code_str(self.card)}


@dataclass(frozen=True, slots=True)
class ReturnChoice:
    """A return owed: seat ``giver`` gives one of ``options`` (codes, the order of 13.1) back
    to seat ``receiver``."""

    giver: int
    receiver: int
    options: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        """``{"from": r, "to": s, "options": [cards]}`` (section 13)."""
        return {
            "from": self.giver,
            "to": self.receiver,
            "options": [code_str(c) for c in self.options],
        }


@dataclass(frozen=True, slots=True)
class Tribute:
    """The outcome of the tribute step (section 7): whether it was ``cancelled``, the
    ``tributes`` (the one to the 1st place first), the ``returns`` owed (same order) and the
    ``leader`` of the new deal."""

    cancelled: bool
    tributes: tuple[Transfer, ...]
    returns: tuple[ReturnChoice, ...]
    leader: int

    def to_json(self) -> dict[str, object]:
        """The ``tribute`` result of section 13."""
        return {
            "cancelled": self.cancelled,
            "tributes": [t.to_json() for t in self.tributes],
            "returns": [r.to_json() for r in self.returns],
            "leader": self.leader,
        }


def tribute_card(hand: Iterable[Card | int], level: int) -> int:
    """The card a payer gives (7.3): the highest single value (6.1) leaving out wild cards,
    the first in suit order ``S H D C`` among equals. Raises ``ValueError`` when the hand has
    no non-wild card."""
    values = VALUES[level]
    wild = 4 * (level - 2) + 1
    held = [c for c in (_code_of(x) for x in hand) if c != wild]
    if not held:
        raise ValueError("a payer must hold a card that is not wild (rules 7.3)")
    return min(held, key=lambda c: (-values[c], SUIT[c]))


def return_options(hand: Iterable[Card | int], level: int) -> tuple[int, ...]:
    """The legal return cards of a hand (7.5), already holding the tribute card: every
    distinct non-wild ordinary card of natural rank 2..T; if there is none, the cards of the
    lowest single value, a wild card only when no other card has that value. Codes, sorted by
    single value then suit (13.1). Raises ``ValueError`` for an empty hand."""
    values = VALUES[level]
    wild = 4 * (level - 2) + 1
    held = sorted({_code_of(x) for x in hand}, key=lambda c: (values[c], SUIT[c]))
    if not held:
        raise ValueError("an empty hand has nothing to return")
    low = [c for c in held if c != wild and c < BJ and NATURAL[c] <= 10]
    if low:
        return tuple(low)
    lowest = values[held[0]]
    tied = [c for c in held if values[c] == lowest]
    plain = [c for c in tied if c != wild]
    return tuple(plain or tied)


def tribute_payers(places: Sequence[int]) -> tuple[int, ...]:
    """Who pays tribute after a deal finished in ``places`` ``[1st, 2nd, 3rd, 4th]`` (7.1):
    the 3rd and 4th places when the 1st and 2nd are partners (double tribute), else the 4th.

    >>> tribute_payers([0, 2, 1, 3]), tribute_payers([0, 1, 2, 3])
    ((1, 3), (3,))
    """
    return (places[2], places[3]) if partner(places[0]) == places[1] else (places[3],)


def tribute(hands: Sequence[Iterable[Card | int]], places: Sequence[int], level: int) -> Tribute:
    """The tribute step before a deal (section 7; rule function of 13).

    ``hands``: the four hands of the new deal before tribute (cards or codes), by seat.
    ``places``: the previous deal's finishing order ``[1st, 2nd, 3rd, 4th]`` (seats).
    ``level``: the new deal's level (natural value), which fixes values and wild cards.
    Raises ``ValueError`` for places that are not the four seats, or a payer holding only wild
    cards.
    """
    if sorted(places) != [0, 1, 2, 3]:
        raise ValueError(f"places must list the four seats once each, not {list(places)}")
    held = [[_code_of(c) for c in h] for h in hands]
    first, second, third, fourth = places
    payers = tribute_payers(places)
    double = len(payers) == 2
    if sum(held[p].count(RJ) for p in payers) >= 2:
        return Tribute(True, (), (), first)
    values = VALUES[level]
    if not double:
        card = tribute_card(held[fourth], level)
        pays = [(fourth, first, card)]
    else:
        cards = {p: tribute_card(held[p], level) for p in payers}
        a, b = payers
        if values[cards[a]] == values[cards[b]]:
            top = next_seat(first)  # the first payer reached in turn order from 1st (7.4)
        else:
            top = a if values[cards[a]] > values[cards[b]] else b
        other = b if top == a else a
        pays = [(top, first, cards[top]), (other, second, cards[other])]
    transfers = tuple(Transfer(g, r, c) for g, r, c in pays)
    returns = tuple(ReturnChoice(r, g, return_options([*held[r], c], level)) for g, r, c in pays)
    return Tribute(False, transfers, returns, pays[0][0])


__all__ = [
    "ALL_INTERPRETATIONS",
    "Interpretation",
    "LegalPlay",
    "ReturnChoice",
    "SEQUENCE_TYPES",
    "TYPES",
    "Transfer",
    "Tribute",
    "beats",
    "candidates",
    "classify",
    "codes_of",
    "interpretation",
    "legal_plays",
    "outranks",
    "parse_key",
    "play_key",
    "resolve",
    "return_options",
    "strength",
    "tribute",
    "tribute_card",
]
