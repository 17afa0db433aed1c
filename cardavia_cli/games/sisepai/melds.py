"""Si Se Pai melds, the win check, scoring, waits and claim options.

rules/sisepai.md sections 5, 7.3, 10 and 13.

Pure functions over code indexes (see :mod:`.cards`) and 29-slot count vectors.

**Why it is fast.** No meld ever mixes cards of two of these groups: for each colour the
General/Advisor/Elephant group (singles, identical sets, ``command``) and the
Chariot/Horse/Cannon group (identical sets, ``field``); the four Soldiers (identical sets,
``soldier3``, ``soldier4``); the flowers (always single). A hand is complete exactly when each
of its ten groups is, and its best partition is the union of the groups' best partitions. Each
group has at most 5**4 count patterns, so every answer (completeness, best score with its
canonical tie-break, distance to a win) is precomputed by exhaustive search over that group
and then looked up: a win check is nine table look-ups. The tables ship with the package
(:data:`TABLES_FILE`, written by ``scripts/build_meld_tables.py`` from :func:`build_tables`;
a test checks that the shipped file equals a fresh build), so importing this module costs a
file read rather than the search. The melds of a group's best partition are made once per
pattern met and kept (a group has at most 625 patterns), and :func:`waits` asks only the
group that one more card can complete.

The canonical tie-break of rules 10.3 decomposes the same way: the groups' meld tuples map
monotonically into the global index order, and merging the same melds into two sorted lists
preserves the order of the lists, so the smallest list of the hand is the union of the
smallest lists of its groups. (The tests check this against an exhaustive search over whole
hands.)
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any

from cardavia_cli.engine.i18n import NP_, pgettext
from cardavia_cli.games.sisepai.cards import (
    COPIES,
    FLOWER,
    NUM_CODES,
    card_str,
    counts_of,
    is_general,
    parse_card,
)

#: Score of each meld kind (rules section 5).
MELD_POINTS: dict[str, int] = {
    "general": 1,
    "flower": 3,
    "pair": 0,
    "triple": 1,
    "quad": 2,
    "command": 1,
    "field": 1,
    "soldier3": 1,
    "soldier4": 2,
}
MIXED_KINDS = frozenset({"command", "field", "soldier3", "soldier4"})
IDENTICAL_KINDS = frozenset({"pair", "triple", "quad"})

#: The meld kinds (rules 5; :attr:`~.melds.Meld.kind`, the JSON's ``kind``) as a player reads
#: them (the words of the player's rules: ``soldier3`` is ``three soldiers``).
KIND_WORDS = {
    "general": NP_("meld kind", "general"),
    "flower": NP_("meld kind", "flower"),
    "pair": NP_("meld kind", "pair"),
    "triple": NP_("meld kind", "triple"),
    "quad": NP_("meld kind", "quad"),
    "command": NP_("meld kind", "command"),
    "field": NP_("meld kind", "field"),
    "soldier3": NP_("meld kind", "three soldiers"),
    "soldier4": NP_("meld kind", "four soldiers"),
}


def kind_word(kind: str) -> str:
    """A meld kind in a player's words, in the language spoken now (``triple``; ``three
    soldiers`` for ``soldier3``)."""
    word = KIND_WORDS.get(kind)
    return kind if word is None else pgettext("meld kind", word)


Counts = list[int]


def meld_kind(cards: Iterable[int]) -> str | None:
    """The kind name (rules 13.1) of the cards as one meld, in any order, else ``None``.

    >>> meld_kind([0]), meld_kind([27, 20, 13, 6]), meld_kind([0, 0])
    ('general', 'soldier4', None)
    """
    cs = tuple(sorted(cards))
    kind = _KINDS.get(cs)
    return kind if kind is not None else _classify(cs)


def _classify(cs: tuple[int, ...]) -> str | None:
    """:func:`meld_kind` of cards already sorted, worked out from the rules (section 5)."""
    n = len(cs)
    if n == 0 or n > 4:
        return None
    first = cs[0]
    if n == 1:
        if first == FLOWER:
            return "flower"
        return "general" if is_general(first) else None
    if FLOWER in cs:
        return None
    if all(c == first for c in cs):
        if is_general(first):
            return None
        return ("pair", "triple", "quad")[n - 2]
    pieces = [c % 7 for c in cs]
    colours = [c // 7 for c in cs]
    if n == 3 and len(set(colours)) == 1:
        if pieces == [0, 1, 2]:
            return "command"
        if pieces == [3, 4, 5]:
            return "field"
        return None
    if n >= 3 and all(p == 6 for p in pieces) and len(set(colours)) == n:
        return "soldier3" if n == 3 else "soldier4"
    return None


def _every_meld() -> Iterator[tuple[int, ...]]:
    """The card tuples (sorted) of every legal meld: singles, identical sets, the mixed sets."""
    for code in range(NUM_CODES):
        yield (code,)
        yield from ((code,) * n for n in (2, 3, 4))
    for colour in range(4):
        yield tuple(7 * colour + p for p in (0, 1, 2))
        yield tuple(7 * colour + p for p in (3, 4, 5))
    soldiers = (6, 13, 20, 27)
    for n in (3, 4):
        yield from itertools.combinations(soldiers, n)


#: :func:`meld_kind` of every legal meld, by its sorted cards: the look-up that answers nearly
#: every call (anything else goes through :func:`_classify`, which says ``None``).
_KINDS: dict[tuple[int, ...], str] = {
    cs: kind for cs in _every_meld() if (kind := _classify(cs)) is not None
}


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal meld: its cards as code indexes in canonical (ascending) order, and its kind.

    ``Meld.parse("rK rA rE")`` reads one; ``str(meld)`` is ``"rK rA rE"``.
    """

    cards: tuple[int, ...]
    kind: str

    @classmethod
    def of(cls, cards: Iterable[int]) -> Meld:
        """The meld made of ``cards``; raises ``ValueError`` if they are not a meld."""
        cs = tuple(sorted(cards))
        kind = meld_kind(cs)
        if kind is None:
            raise ValueError(f"not a meld: {' '.join(card_str(c) for c in cs)}")
        return cls(cs, kind)

    @classmethod
    def parse(cls, text: str | Sequence[str]) -> Meld:
        """A meld from card texts (a space-separated string or a list), any notation."""
        parts = text.split() if isinstance(text, str) else list(text)
        return cls.of(parse_card(t) for t in parts)

    @property
    def points(self) -> int:
        """The meld's score (rules section 5)."""
        return MELD_POINTS[self.kind]

    def codes(self) -> list[str]:
        """The canonical card texts."""
        return [card_str(c) for c in self.cards]

    def to_json(self) -> dict[str, object]:
        """``{"kind", "cards", "points"}`` as in cli.md."""
        return {"kind": self.kind, "cards": self.codes(), "points": self.points}

    def __str__(self) -> str:
        return " ".join(self.codes())

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"


#: Every legal meld, by its cards in canonical order (see :func:`meld_of_sorted`).
MELDS: dict[tuple[int, ...], Meld] = {cs: Meld(cs, kind) for cs, kind in _KINDS.items()}


def meld_of_sorted(cards: tuple[int, ...]) -> Meld | None:
    """The meld made of ``cards`` (code indexes already in ascending order), else ``None``:
    :meth:`Meld.of` without the sort and the checks, for a hot path."""
    return MELDS.get(cards)


# -- the ten groups ------------------------------------------------------------------------
# A group is a list of global code indexes; its local pattern is the tuple of their counts.
# Candidate melds of a group are tuples of local positions.

_COMMAND_GROUP = ((0,), (1, 1), (2, 2), (1, 1, 1), (2, 2, 2), (1, 1, 1, 1), (2, 2, 2, 2), (0, 1, 2))
_FIELD_GROUP = tuple(m for i in range(3) for m in ((i, i), (i, i, i), (i, i, i, i))) + ((0, 1, 2),)
_SOLDIER_GROUP = tuple(m for i in range(4) for m in ((i, i), (i, i, i), (i, i, i, i))) + (
    (0, 1, 2),
    (0, 1, 3),
    (0, 2, 3),
    (1, 2, 3),
    (0, 1, 2, 3),
)
# Partial melds for the distance to a win: two cards of a mixed set, and any lone card that
# is not a complete single meld (a General is one).
_COMMAND_PARTIAL = ((0, 1), (0, 2), (1, 2), (1,), (2,))
_FIELD_PARTIAL = ((0, 1), (0, 2), (1, 2), (0,), (1,), (2,))
_SOLDIER_PARTIAL = tuple((a, b) for a in range(4) for b in range(a + 1, 4)) + tuple(
    (i,) for i in range(4)
)

GROUPS: tuple[tuple[tuple[int, ...], str], ...] = tuple(
    item
    for c in range(4)
    for item in (
        ((7 * c, 7 * c + 1, 7 * c + 2), "command"),
        ((7 * c + 3, 7 * c + 4, 7 * c + 5), "field"),
    )
) + (((6, 13, 20, 27), "soldier"),)

_CANDIDATES = {"command": _COMMAND_GROUP, "field": _FIELD_GROUP, "soldier": _SOLDIER_GROUP}
_PARTIALS = {"command": _COMMAND_PARTIAL, "field": _FIELD_PARTIAL, "soldier": _SOLDIER_PARTIAL}


def _local_kind(meld: tuple[int, ...], group: str) -> str:
    n = len(meld)
    if n == 1:
        return "general"
    if len(set(meld)) == 1:
        return ("pair", "triple", "quad")[n - 2]
    if group == "soldier":
        return "soldier3" if n == 3 else "soldier4"
    return group


def _partitions(pattern: tuple[int, ...], candidates: tuple[tuple[int, ...], ...]):
    """Every partition of a local pattern into candidate melds (the meld holding the lowest
    remaining position is chosen first, so each partition comes once per meld order)."""
    first = next((i for i, n in enumerate(pattern) if n), None)
    if first is None:
        yield ()
        return
    for meld in candidates:
        if meld[0] != first:
            continue
        rest = list(pattern)
        ok = True
        for p in meld:
            rest[p] -= 1
            if rest[p] < 0:
                ok = False
        if not ok:
            continue
        for tail in _partitions(tuple(rest), candidates):
            yield (meld, *tail)


def _best_local(
    pattern: tuple[int, ...], group: str
) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
    best: tuple[int, tuple[tuple[int, ...], ...]] | None = None
    for part in _partitions(pattern, _CANDIDATES[group]):
        score = sum(MELD_POINTS[_local_kind(m, group)] for m in part)
        ordered = tuple(sorted(part))
        if best is None or score > best[0] or (score == best[0] and ordered < best[1]):
            best = (score, ordered)
    return best


@cache
def _distance_local(pattern: tuple[int, ...], group: str) -> int:
    """Fewest partial melds plus lone cards over all ways to split a local pattern."""
    first = next((i for i, n in enumerate(pattern) if n), None)
    if first is None:
        return 0
    best = 99
    for meld, cost in [(m, 0) for m in _CANDIDATES[group]] + [(m, 1) for m in _PARTIALS[group]]:
        if meld[0] != first:
            continue
        rest = list(pattern)
        for p in meld:
            rest[p] -= 1
        if min(rest) < 0:
            continue
        best = min(best, cost + _distance_local(tuple(rest), group))
    return best


def _patterns(width: int):
    if width == 0:
        yield ()
        return
    for head in range(5):
        for tail in _patterns(width - 1):
            yield (head, *tail)


def _key(pattern: Sequence[int]) -> int:
    k = 0
    for n in pattern:
        k = k * 5 + n
    return k


#: The widths of the three kinds of group, in the order the table file lists them.
GROUP_WIDTHS: dict[str, int] = {"command": 3, "field": 3, "soldier": 4}
#: The precomputed group tables, shipped beside this module (package data).
TABLES_FILE = "meld_tables.json"
#: Format of :data:`TABLES_FILE`; a file of another format is not used.
TABLES_FORMAT = 1

Best = tuple[int, tuple[tuple[int, ...], ...]] | None
Tables = dict[str, tuple[list[Best], list[int]]]


def build_tables() -> Tables:
    """The group tables, built afresh by exhaustive search (about 0.1 s).

    Returns ``{group: (best, dist)}`` for the groups ``command``, ``field`` and ``soldier``,
    each list indexed by the base-5 key of a local count pattern (``5**width`` entries):
    ``best[k]`` is ``(score, melds)`` of the best partition with the tie-break of rules 10.3
    (melds as sorted tuples of local positions) or ``None`` when the pattern does not split
    completely; ``dist[k]`` is the group's distance to a win (ai.md).
    """
    tables: Tables = {}
    for group, width in GROUP_WIDTHS.items():
        size = 5**width
        best: list[Best] = [None] * size
        dist = [0] * size
        for pattern in _patterns(width):
            k = _key(pattern)
            best[k] = _best_local(pattern, group)
            dist[k] = _distance_local(pattern, group)
        tables[group] = (best, dist)
    return tables


def tables_json(tables: Tables) -> str:
    """The text of :data:`TABLES_FILE` for ``tables`` (deterministic: one line per list)."""
    lines = ["{", f'"format": {TABLES_FORMAT},']
    for i, (group, (best, dist)) in enumerate(tables.items()):
        rows = [None if b is None else [b[0], [list(m) for m in b[1]]] for b in best]
        lines.append(f'"{group}": {{')
        lines.append(f'"best": {json.dumps(rows, separators=(",", ":"))},')
        lines.append(f'"dist": {json.dumps(dist, separators=(",", ":"))}')
        lines.append("}," if i < len(tables) - 1 else "}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_tables(path: str | None = None) -> Tables:
    """The group tables read from ``path`` (default: the shipped :data:`TABLES_FILE`).

    Raises ``OSError`` if the file cannot be read and ``ValueError`` if it is not a table
    file of :data:`TABLES_FORMAT` with lists of the right lengths.
    """
    if path is None:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), TABLES_FILE)
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict) or data.get("format") != TABLES_FORMAT:
        raise ValueError(f"{path}: not a meld table file of format {TABLES_FORMAT}")
    tables: Tables = {}
    for group, width in GROUP_WIDTHS.items():
        entry = data.get(group)
        if not isinstance(entry, dict):
            raise ValueError(f"{path}: no table for the {group} groups")
        rows, dist = entry.get("best"), entry.get("dist")
        if not isinstance(rows, list) or not isinstance(dist, list):
            raise ValueError(f"{path}: the {group} table needs lists 'best' and 'dist'")
        if len(rows) != 5**width or len(dist) != 5**width:
            raise ValueError(f"{path}: the {group} tables need {5**width} entries")
        best: list[Best] = [
            None if row is None else (row[0], tuple(map(tuple, row[1]))) for row in rows
        ]
        tables[group] = (best, dist)
    return tables


def _tables() -> Tables:
    """The shipped tables, or a fresh build when they cannot be read (a broken install)."""
    try:
        return load_tables()
    except (OSError, ValueError, TypeError, IndexError, KeyError):
        return build_tables()


_TABLES = _tables()
_BEST = {group: best for group, (best, _) in _TABLES.items()}
_CMD_OK, _FLD_OK, _SOL_OK = (
    [b is not None for b in _TABLES[group][0]] for group in ("command", "field", "soldier")
)
_CMD_D, _FLD_D, _SOL_D = (_TABLES[group][1] for group in ("command", "field", "soldier"))


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a hand (29-slot counts, at most 4 of a chess code) splits completely into melds.

    This is the fast win check (rules 10.1): nine table look-ups.
    """
    for b in (0, 7, 14, 21):
        if not _CMD_OK[counts[b] * 25 + counts[b + 1] * 5 + counts[b + 2]]:
            return False
        if not _FLD_OK[counts[b + 3] * 25 + counts[b + 4] * 5 + counts[b + 5]]:
            return False
    return _SOL_OK[counts[6] * 125 + counts[13] * 25 + counts[20] * 5 + counts[27]]


def distance(counts: Sequence[int]) -> int:
    """Distance to a win of a concealed hand: the fewest partial melds (two cards of a
    ``command``, ``field`` or ``soldier3``) plus lone cards (anything but a General or a
    flower) over all ways to split it (ai.md). 0 exactly when :func:`is_complete`."""
    d = 0
    for b in (0, 7, 14, 21):
        d += _CMD_D[counts[b] * 25 + counts[b + 1] * 5 + counts[b + 2]]
        d += _FLD_D[counts[b + 3] * 25 + counts[b + 4] * 5 + counts[b + 5]]
    return d + _SOL_D[counts[6] * 125 + counts[13] * 25 + counts[20] * 5 + counts[27]]


#: The independent groups of :func:`distance`: four card codes (the fourth -1 for a group of
#: three) and the group's table.
_DIST_GROUPS: tuple[tuple[int, int, int, int, Sequence[int]], ...] = (
    *(
        group
        for b in (0, 7, 14, 21)
        for group in ((b, b + 1, b + 2, -1, _CMD_D), (b + 3, b + 4, b + 5, -1, _FLD_D))
    ),
    (6, 13, 20, 27, _SOL_D),
)
#: The index in :data:`_DIST_GROUPS` of each card code's group (``None``: the flower).
GROUP_OF: tuple[int | None, ...] = tuple(
    next((g for g, group in enumerate(_DIST_GROUPS) if code in group[:4]), None)
    for code in range(NUM_CODES)
)


def group_distance(group: int, counts: Sequence[int]) -> int:
    """One term of :func:`distance`: that of the group numbered ``group`` (see
    :data:`GROUP_OF`); a card added or taken changes only its own group's term."""
    a, b, c, d, table = _DIST_GROUPS[group]
    if d < 0:
        return table[counts[a] * 25 + counts[b] * 5 + counts[c]]
    return table[counts[a] * 125 + counts[b] * 25 + counts[c] * 5 + counts[d]]


def _lowering_table(width: int, table: Sequence[int]) -> list[tuple[int, ...]]:
    """For each table key of a group of ``width`` codes: the positions in the group of the
    codes one more card of which lowers the group's term (a code held 4 times takes none)."""
    out: list[tuple[int, ...]] = []
    for key in range(5**width):
        digits = [key // 5 ** (width - 1 - i) % 5 for i in range(width)]
        out.append(
            tuple(
                i
                for i in range(width)
                if digits[i] < 4 and table[key + 5 ** (width - 1 - i)] < table[key]
            )
        )
    return out


_CMD_LOW, _FLD_LOW, _SOL_LOW = (
    _lowering_table(3, _CMD_D),
    _lowering_table(3, _FLD_D),
    _lowering_table(4, _SOL_D),
)


def lowering(counts: Sequence[int]) -> list[int]:
    """The codes one more card of which would lower the hand's :func:`distance` (a card
    changes only its own group's term, so a code lowers the distance exactly when it lowers
    its group's; a flower never does, a code held 4 times cannot come). Nine look-ups."""
    out: list[int] = []
    for b in (0, 7, 14, 21):
        for i in _CMD_LOW[counts[b] * 25 + counts[b + 1] * 5 + counts[b + 2]]:
            out.append(b + i)
        for i in _FLD_LOW[counts[b + 3] * 25 + counts[b + 4] * 5 + counts[b + 5]]:
            out.append(b + 3 + i)
    for i in _SOL_LOW[counts[6] * 125 + counts[13] * 25 + counts[20] * 5 + counts[27]]:
        out.append(6 + 7 * i)
    return out


#: Per group (order of :data:`_DIST_GROUPS`): its codes, its distance table and its
#: :func:`_lowering_table`.
_LOW_GROUPS: tuple[tuple[tuple[int, ...], Sequence[int], list[tuple[int, ...]]], ...] = (
    *(
        group
        for b in (0, 7, 14, 21)
        for group in (
            ((b, b + 1, b + 2), _CMD_D, _CMD_LOW),
            ((b + 3, b + 4, b + 5), _FLD_D, _FLD_LOW),
        )
    ),
    ((6, 13, 20, 27), _SOL_D, _SOL_LOW),
)


def discard_terms(counts: Sequence[int], live: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(distance, reach, code)`` of the hand after discarding one card of each code it
    holds but the Generals and the flower, in code order: its :func:`distance`, and the live
    copies (``live[code]``) of the codes that would then lower it (:func:`lowering`). A
    discard changes only its own group's terms, so each costs two look-ups."""
    terms: list[tuple[int, int, int]] = []
    total_d = 0
    total_r = 0
    parts: list[tuple[tuple[int, ...], Sequence[int], list[tuple[int, ...]], int, int, int]] = []
    for members, table, low in _LOW_GROUPS:
        key = 0
        for c in members:
            key = key * 5 + counts[c]
        d = table[key]
        r = sum(live[members[i]] for i in low[key])
        total_d += d
        total_r += r
        parts.append((members, table, low, key, d, r))
    for members, table, low, key, d, r in parts:
        width = len(members)
        for i, code in enumerate(members):
            if not counts[code] or code % 7 == 0:
                continue  # nothing to discard, or a General
            k = key - 5 ** (width - 1 - i)
            terms.append(
                (
                    total_d - d + table[k],
                    total_r - r + sum(live[members[j]] for j in low[k]),
                    code,
                )
            )
    terms.sort(key=lambda t: t[2])
    return terms


def group_distances(counts: Sequence[int]) -> list[int]:
    """The terms of :func:`distance`, one per group (their sum is the distance)."""
    return [group_distance(g, counts) for g in range(len(_DIST_GROUPS))]


#: The table of completeness of each group, in the order of :data:`GROUPS`.
_GROUP_OK: tuple[list[bool], ...] = (_CMD_OK, _FLD_OK) * 4 + (_SOL_OK,)
#: What one more card of each code adds to its group's table key (0 for the flower).
_KEY_STEP: tuple[int, ...] = tuple(
    0 if group is None else 5 ** (len(GROUPS[group][0]) - 1 - GROUPS[group][0].index(code))
    for code, group in enumerate(GROUP_OF)
)
#: The melds of each group's best partition, by table key, made on first use: ``(score,
#: melds)``, or ``None`` for a pattern that does not split completely (order of :data:`GROUPS`).
_GROUP_MELDS: tuple[dict[int, tuple[int, tuple[Meld, ...]] | None], ...] = tuple({} for _ in GROUPS)
_GROUPS = range(len(GROUPS))
_UNKNOWN: Any = object()
_FLOWER_MELD = Meld((FLOWER,), "flower")
_BY_CARDS = attrgetter("cards")


def _group_keys(counts: Sequence[int]) -> list[int]:
    """The table key of each group's count pattern, in the order of :data:`GROUPS`."""
    c = counts
    return [
        c[0] * 25 + c[1] * 5 + c[2],
        c[3] * 25 + c[4] * 5 + c[5],
        c[7] * 25 + c[8] * 5 + c[9],
        c[10] * 25 + c[11] * 5 + c[12],
        c[14] * 25 + c[15] * 5 + c[16],
        c[17] * 25 + c[18] * 5 + c[19],
        c[21] * 25 + c[22] * 5 + c[23],
        c[24] * 25 + c[25] * 5 + c[26],
        c[6] * 125 + c[13] * 25 + c[20] * 5 + c[27],
    ]


def _group_melds(group: int, key: int) -> tuple[int, tuple[Meld, ...]] | None:
    """The best partition of group number ``group`` (in :data:`GROUPS`) for its table key."""
    memo = _GROUP_MELDS[group]
    if key in memo:
        return memo[key]
    codes, name = GROUPS[group]
    best = _BEST[name][key]
    found = None
    if best is not None:
        melds = tuple(
            Meld(tuple(codes[p] for p in local), _local_kind(local, name)) for local in best[1]
        )
        found = (best[0], melds)
    memo[key] = found
    return found


def _partition(counts: Sequence[int]) -> tuple[int, list[Meld]] | None:
    """:func:`best_partition` with the melds not yet sorted."""
    score = 0
    melds: list[Meld] = []
    for group, key in enumerate(_group_keys(counts)):
        found = _GROUP_MELDS[group].get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = _group_melds(group, key)
        if found is None:
            return None
        score += found[0]
        melds.extend(found[1])
    flowers = counts[FLOWER]
    if flowers:
        score += 3 * flowers
        melds.extend([_FLOWER_MELD] * flowers)
    return score, melds


def best_partition(counts: Sequence[int]) -> tuple[int, list[Meld]] | None:
    """The highest-scoring partition of a hand into melds, with the canonical tie-break of
    rules 10.3, as ``(score, melds)`` with melds sorted canonically; ``None`` if incomplete."""
    found = _partition(counts)
    if found is not None:
        found[1].sort(key=_BY_CARDS)
    return found


def _check_copies(counts: Sequence[int], what: str) -> None:
    if max(counts[:FLOWER]) <= COPIES[0] and counts[FLOWER] <= COPIES[FLOWER]:
        return
    for code in range(NUM_CODES):
        if counts[code] > COPIES[code]:
            raise ValueError(
                f"{what} holds {counts[code]} x {card_str(code)}; the pack has {COPIES[code]}"
            )


def best_win(
    concealed: Iterable[int], exposed: Iterable[Iterable[int] | Meld] = ()
) -> tuple[int, list[Meld]] | None:
    """rules 13.2: the best complete arrangement of 21 cards, or ``None``.

    ``concealed`` holds the concealed cards plus the won card; ``exposed`` the fixed melds
    (each its card codes, or a :class:`Meld`). Returns ``(score, melds)`` where melds is the
    whole canonical list (exposed included). Raises ``ValueError`` if an exposed group is not
    a meld or a code appears more often than the pack holds. (The 21-card total is the
    caller's business.)
    """
    fixed = [m if isinstance(m, Meld) else Meld.of(m) for m in exposed]
    counts = counts_of(concealed)
    if fixed:
        total = list(counts)
        for m in fixed:
            for c in m.cards:
                total[c] += 1
        _check_copies(total, "the hand")
    else:
        _check_copies(counts, "the hand")
    found = _partition(counts)
    if found is None:
        return None
    score, melds = found
    if fixed:
        melds.extend(fixed)
        score += sum([MELD_POINTS[m.kind] for m in fixed])
    melds.sort(key=_BY_CARDS)
    return score, melds


def waits(concealed20: Iterable[int], exposed: Iterable[Iterable[int] | Meld] = ()) -> list[int]:
    """rules 13.3: the codes, canonical order, that would complete a 20-card hand.

    ``exposed`` holds the fixed melds (each its card codes, or a :class:`Meld`). A code of
    which the hand (concealed plus exposed) already holds every copy is left out. Raises
    ``ValueError`` if a code appears more often than the pack holds.

    One more card changes only its own group (or none, a flower), so with two groups that do
    not split completely nothing completes the hand, and with one only that group's codes can.
    """
    counts = counts_of(concealed20)
    held = list(counts)
    for m in exposed:
        for c in m.cards if isinstance(m, Meld) else m:
            held[c] += 1
    _check_copies(held, "the hand")
    keys = _group_keys(counts)
    incomplete = [g for g, ok, key in zip(_GROUPS, _GROUP_OK, keys, strict=True) if not ok[key]]
    if len(incomplete) > 1:
        return []
    if incomplete:  # only the codes of that group, which are in canonical order
        group = incomplete[0]
        codes: Iterable[int] = GROUPS[group][0]
    else:
        codes = range(NUM_CODES)
    out = []
    for code in codes:
        if held[code] >= COPIES[code]:
            continue
        of = GROUP_OF[code]
        if of is None or _GROUP_OK[of][keys[of] + _KEY_STEP[code]]:
            out.append(code)
    return out


def melds_with(card: int, counts: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct meld made of ``card`` plus cards available in ``counts``, canonical
    order. Each result lists the cards taken from ``counts`` (not ``card`` itself)."""
    out: list[tuple[int, ...]] = []
    if card == FLOWER:
        return [()]
    colour, piece = divmod(card, 7)
    if piece == 0:
        out.append(())
    else:
        for n in (1, 2, 3):
            if counts[card] >= n:
                out.append((card,) * n)
    if piece <= 2:
        others = tuple(7 * colour + p for p in (0, 1, 2) if p != piece)
        if all(counts[c] for c in others):
            out.append(others)
    elif piece <= 5:
        others = tuple(7 * colour + p for p in (3, 4, 5) if p != piece)
        if all(counts[c] for c in others):
            out.append(others)
    else:
        mates = [7 * c + 6 for c in range(4) if c != colour and counts[7 * c + 6]]
        for i in range(len(mates)):
            for j in range(i + 1, len(mates)):
                out.append((mates[i], mates[j]))
        if len(mates) == 3:
            out.append(tuple(mates))
    out.sort(key=lambda taken: tuple(sorted((card, *taken))))
    return out


#: Non-winning claims allowed by role and source (rules 7.3).
ALLOWED: dict[tuple[str, str], frozenset[str]] = {
    ("drawer", "draw"): frozenset(MELD_POINTS) - {"pair"},
    ("drawer", "discard"): frozenset(),
    ("next", "draw"): frozenset({"triple", "quad"}) | MIXED_KINDS,
    ("next", "discard"): frozenset({"triple", "quad"}) | MIXED_KINDS,
    ("other", "draw"): frozenset({"triple", "quad"}),
    ("other", "discard"): frozenset({"triple", "quad"}),
}


def claim_options(
    concealed: Sequence[int] | Counts, card: int, role: str, source: str, *, as_counts: bool = False
) -> list[tuple[Meld, bool, tuple[int, ...]]]:
    """rules 13.4: the legal claims of one player on a public card.

    ``concealed`` is the concealed hand (code indexes, or a 29-slot count vector when
    ``as_counts``); ``role`` is ``drawer``/``next``/``other``; ``source`` is ``draw``/``discard``.
    Returns ``(meld, win, taken)`` triples in canonical meld order, ``taken`` being the cards
    that leave the hand. Raises ``ValueError`` for an unknown role or source.
    """
    if (role, source) not in ALLOWED:
        raise ValueError(
            f"role must be drawer/next/other and source draw/discard, not {role}/{source}"
        )
    if role == "drawer" and source == "discard":
        return []
    counts = list(concealed) if as_counts else counts_of(concealed)
    allowed = ALLOWED[(role, source)]
    out = []
    for taken in melds_with(card, counts):
        for c in taken:
            counts[c] -= 1
        win = is_complete(counts)
        for c in taken:
            counts[c] += 1
        meld = Meld.of((card, *taken))
        if win or meld.kind in allowed:
            out.append((meld, win, taken))
    return out
