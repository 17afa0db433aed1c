"""Helpers shared by the Si Se Pai tests (not a test module).

* card helpers: ``cards("rK rA")`` -> code indexes, ``text(codes)`` -> canonical text;
* an exhaustive oracle for the rule functions of rules/sisepai.md section 13, written from the
  rules text alone: it classifies melds by the table of section 5 over card *texts*, derives
  the list of every legal meld by enumerating all multisets of one to four codes, and searches
  every partition of a hand (no grouping, no tables, no memo on the tie-break);
* decks: the canonical pack, rotations of it (rules E13, E15, E16), and :func:`build_deck`,
  which lays out a deck so that chosen seats are dealt chosen hands and the stock starts with
  chosen cards (rules 6.2: ``deck[i]`` goes to seat ``(dealer + i) mod 4`` for ``i < 80``);
* the reference policies *passive* and *eager* of rules E15, and :func:`snapshot` of a state.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from cardavia_cli.games.sisepai.cards import CODES, PACK
from cardavia_cli.games.sisepai.rules import PASS, Action, Phase, SisepaiState

# ---------------------------------------------------------------- cards


def cards(spec: str | Iterable[str]) -> list[int]:
    """Code indexes of canonical card texts (``"rK rA"`` or a list)."""
    parts = spec.split() if isinstance(spec, str) else list(spec)
    return [CODES.index(p) for p in parts]


def text(codes: Iterable[int]) -> str:
    """Canonical texts of code indexes, space-separated, in the given order."""
    return " ".join(CODES[c] for c in codes)


def meld_texts(melds: Iterable[object]) -> list[str]:
    """``str`` of each meld (canonical texts)."""
    return [str(m) for m in melds]


def counts(spec: str | Iterable[int]) -> list[int]:
    """A 29-slot count vector of card texts or code indexes."""
    out = [0] * 29
    for c in cards(spec) if isinstance(spec, str) else spec:
        out[c] += 1
    return out


# ---------------------------------------------------------------- the oracle

PACK_COPIES = {code: (5 if code == "F" else 4) for code in CODES}
ORACLE_POINTS = {
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


def oracle_kind(texts: Sequence[str]) -> str | None:
    """The kind of section 5 for card texts, decided from the table directly."""
    n = len(texts)
    if n == 1:
        t = texts[0]
        if t == "F":
            return "flower"
        return "general" if t[1] == "K" else None
    if n < 2 or n > 4 or "F" in texts:
        return None
    colours = {t[0] for t in texts}
    pieces = [t[1] for t in texts]
    if len(set(texts)) == 1:
        if pieces[0] == "K":
            return None
        return {2: "pair", 3: "triple", 4: "quad"}[n]
    if n == 3 and len(colours) == 1 and sorted(pieces) == sorted("KAE"):
        return "command"
    if n == 3 and len(colours) == 1 and sorted(pieces) == sorted("RHC"):
        return "field"
    if set(pieces) == {"P"} and len(colours) == n and n in (3, 4):
        return f"soldier{n}"
    return None


#: Every legal meld as a sorted tuple of code indexes, found by trying every multiset.
ALL_MELDS: tuple[tuple[int, ...], ...] = tuple(
    combo
    for n in range(1, 5)
    for combo in itertools.combinations_with_replacement(range(29), n)
    if oracle_kind([CODES[i] for i in combo]) is not None
)
_BY_FIRST: dict[int, list[tuple[int, ...]]] = {}
for _m in ALL_MELDS:
    _BY_FIRST.setdefault(_m[0], []).append(_m)


def oracle_points(meld: Sequence[int]) -> int:
    kind = oracle_kind([CODES[c] for c in meld])
    assert kind is not None
    return ORACLE_POINTS[kind]


def oracle_partitions(cnt: list[int]):
    """Every partition of the counts into legal melds (each once)."""
    first = next((i for i in range(29) if cnt[i]), None)
    if first is None:
        yield ()
        return
    for meld in _BY_FIRST.get(first, ()):
        for c in meld:
            cnt[c] -= 1
        if all(cnt[c] >= 0 for c in meld):
            for rest in oracle_partitions(cnt):
                yield (meld, *rest)
        for c in meld:
            cnt[c] += 1


def oracle_best(concealed: Iterable[int], exposed: Iterable[Sequence[int]] = ()):
    """``None`` or ``(score, [meld tuples])``: the best partition of the concealed cards,
    the whole list (exposed melds included) compared canonically for ties (rules 10.3)."""
    fixed = [tuple(sorted(m)) for m in exposed]
    fixed_points = sum(oracle_points(m) for m in fixed)
    best = None
    for part in oracle_partitions(counts(list(concealed))):
        score = fixed_points + sum(oracle_points(m) for m in part)
        whole = sorted([*part, *fixed])
        key = (-score, whole)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    return -best[0], best[1]


_COMPLETE_MEMO: dict[tuple[int, ...], bool] = {}


def oracle_complete(cnt: Sequence[int]) -> bool:
    """Whether the counts split into legal melds (any partition)."""
    key = tuple(cnt)
    if key not in _COMPLETE_MEMO:
        _COMPLETE_MEMO[key] = next(oracle_partitions(list(cnt)), None) is not None
    return _COMPLETE_MEMO[key]


def oracle_waits(concealed20: Iterable[int], exposed: Iterable[Sequence[int]] = ()) -> list[str]:
    conc = counts(list(concealed20))
    held = list(conc)
    for m in exposed:
        for c in m:
            held[c] += 1
    out = []
    for code in range(29):
        if held[code] >= PACK_COPIES[CODES[code]]:
            continue
        conc[code] += 1
        if oracle_complete(conc):
            out.append(CODES[code])
        conc[code] -= 1
    return out


#: Non-winning claims allowed by role and source: the table of rules 7.3.
ORACLE_ALLOWED = {
    ("drawer", "draw"): {
        "general",
        "flower",
        "triple",
        "quad",
        "command",
        "field",
        "soldier3",
        "soldier4",
    },
    ("drawer", "discard"): set(),
    ("next", "draw"): {"triple", "quad", "command", "field", "soldier3", "soldier4"},
    ("next", "discard"): {"triple", "quad", "command", "field", "soldier3", "soldier4"},
    ("other", "draw"): {"triple", "quad"},
    ("other", "discard"): {"triple", "quad"},
}


def oracle_claims(
    concealed: Iterable[int], card: int, role: str, source: str
) -> list[tuple[str, bool]]:
    """rules 13.4 by enumeration of every sub-multiset of the concealed hand."""
    if role == "drawer" and source == "discard":
        return []
    conc = sorted(concealed)
    found: dict[tuple[int, ...], bool] = {}
    for size in range(0, 4):
        for taken in set(itertools.combinations(conc, size)):
            meld = tuple(sorted((card, *taken)))
            kind = oracle_kind([CODES[c] for c in meld])
            if kind is None:
                continue
            rest = counts(conc)
            for c in taken:
                rest[c] -= 1
            win = oracle_complete(rest)
            if win or kind in ORACLE_ALLOWED[(role, source)]:
                found[meld] = win
    return [(text(m), found[m]) for m in sorted(found)]


# ---------------------------------------------------------------- decks


def canonical_pack() -> list[str]:
    return list(PACK)


def rotated_pack(k: int) -> list[str]:
    """``deck[i] = canonical[(i + k) mod 117]`` (rules E15, E16)."""
    return [PACK[(i + k) % len(PACK)] for i in range(len(PACK))]


def build_deck(
    dealer: int,
    hands: dict[int, str],
    stock: str = "",
    avoid: str = "",
) -> list[str]:
    """A 117-card deck (canonical texts) that deals ``hands[s]`` to seat ``s`` and starts the
    stock with ``stock``.

    Seats not given, or given fewer than 20 cards, are filled from the rest of the pack, taking
    the codes in ``avoid`` (and those of ``stock``) only if nothing else is left. The filler is
    shuffled by a fixed sequence of seeds until no filled hand is one card from a win (the
    oracle finds no wait), so that only the hands a test spells out in full can win. The rest of
    the stock follows the prefix in canonical order."""
    import random

    pool = Counter(PACK)
    given = {s: h.split() for s, h in hands.items()}
    prefix = stock.split()
    for card in [*itertools.chain.from_iterable(given.values()), *prefix]:
        pool[card] -= 1
        assert pool[card] >= 0, f"too many {card}"
    late = set(avoid.split()) | set(prefix)
    early_cards = [c for c in CODES if c not in late for _ in range(pool[c])]
    late_cards = [c for c in CODES if c in late for _ in range(pool[c])]
    for attempt in range(200):
        rng = random.Random(attempt)
        early, tail = list(early_cards), list(late_cards)
        rng.shuffle(early)
        rng.shuffle(tail)
        filler = early + tail
        full = {}
        for seat in range(4):
            hand = list(given.get(seat, []))
            assert len(hand) <= 20
            while len(hand) < 20:
                hand.append(filler.pop(0))
            full[seat] = hand
        if all(len(given.get(s, [])) == 20 or not oracle_waits(cards(full[s])) for s in range(4)):
            break
    else:  # pragma: no cover - the seeds above always suffice for the tests' positions
        raise AssertionError("could not fill the hands without a wait")
    deck: list[str] = [""] * 117
    for seat, hand in full.items():
        offset = (seat - dealer) % 4
        for k, card in enumerate(hand):
            deck[4 * k + offset] = card
    deck[80:] = [*prefix, *sorted(filler, key=CODES.index)]
    assert sorted(deck) == sorted(PACK)
    return deck


# ---------------------------------------------------------------- policies


def passive(state: SisepaiState) -> Action:
    """rules E15 *passive*: a win if any (first in canonical order); the first claim of a
    drawn General or flower by its drawer; otherwise pass; discards the first legal card."""
    if state.phase is Phase.DISCARD:
        return state.legal_actions()[0]
    wins = [o for o in state.claim_options() if o.win]
    if wins:
        return wins[0].action
    if state.must_claim():
        return state.claim_options()[0].action
    return PASS


def eager(state: SisepaiState) -> Action:
    """rules E15 *eager*: the first winning claim, else the first legal claim, else pass."""
    if state.phase is Phase.DISCARD:
        return state.legal_actions()[0]
    options = state.claim_options()
    wins = [o for o in options if o.win]
    if wins:
        return wins[0].action
    if options:
        return options[0].action
    return PASS


def play_out(
    state: SisepaiState, policy: Callable[[SisepaiState], Action], limit: int = 5000
) -> None:
    """Apply ``policy`` (through the checked ``apply``) until the deal is over."""
    for _ in range(limit):
        if state.is_over:
            return
        state.apply(policy(state))
    raise AssertionError("the deal did not end")


def save_lines(history) -> list[tuple[int, str]]:
    """The lines of a save, each with the index of its record in ``history``: every real
    decision, plus a forced answer wherever omitting it would let the replay read the next
    line as that forced answer (the next real decision is by the same seat with the same
    text). Deal files may list forced answers (cli.md), so this is always a valid file."""
    lines = []
    for i, record in enumerate(history):
        if record.forced:
            following = next((r for r in history[i + 1 :] if not r.forced), None)
            if following is None or (following.seat, following.text) != (record.seat, record.text):
                continue
        lines.append((i, str(record)))
    return lines


def public_events(state: SisepaiState) -> list[str]:
    return [e.text for e in state.events if e.seats is None]


def snapshot(state: SisepaiState) -> tuple:
    """Everything that makes up a state, as plain comparable values."""
    return (
        tuple(state.events),
        tuple(tuple(h) for h in state.hands),
        tuple(tuple(str(m) for m in ex) for ex in state.exposed),
        tuple(state.dead),
        state.stock_pos,
        state.public,
        state.source,
        state.actor,
        state.phase,
        state.to_act,
        tuple(sorted((s, str(a)) for s, (a, _) in state.responses.items())),
        tuple(state.history),
        tuple(str(a) for a in state.legal_actions()),
        state.claimant,
        repr(state.outcome),
    )
