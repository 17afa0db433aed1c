"""The Guandan state machine: a whole match (RULES.md sections 5, 7, 8, 9, 10 and 11).

One :class:`GuandanState` is a match: deal after deal, levels 2 to A, until a team wins the
match at A (section 10). Decisions are ``play CARDS [as TYPE KEY]`` and ``pass`` in the tricks
(8.2, 8.3) and ``return CARD`` after a tribute (8.1); the decision point is a :class:`Phase`.
The base state checks an action once (:meth:`GuandanState._refusal`) and keeps the books;
everything else runs inside :meth:`GuandanState._apply`: the tribute payments (7.3,
automatic), the turn (9.3), the end of a trick and the next leader (9.5), players going out
and their places (9.4), the end of the deal (9.6) and the levels (10), each told by an event
of :mod:`.events`. Between deals the match pauses (:attr:`~GuandanState.at_break`);
:meth:`~GuandanState.next_round` deals the next one, tribute first.

Cards are face codes (:mod:`.cards`); a hand is a count vector of 54 entries (:mod:`.hands`), so
playing one of two identical cards removes exactly one of them.

>>> s = new_state(seed=7)
>>> s.phase is Phase.LEAD, s.level, s.to_act is not None
(True, 2, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from cardavia_cli.engine.belief import weighed_choice
from cardavia_cli.engine.errors import (
    AmbiguousActionError,
    CardError,
    DealFileError,
    IllegalActionError,
    InvalidActionError,
)
from cardavia_cli.engine.game import GameState, Outcome
from cardavia_cli.engine.i18n import NP_, _, ngettext
from cardavia_cli.engine.seats import SEATS, next_active, partner, team, team_seats
from cardavia_cli.games.guandan.cards import (
    ACE,
    CODES,
    DECK,
    NUM_CODES,
    RANKS,
    RJ,
    SUIT,
    VALUES,
    Card,
    check_copies,
    code_str,
    deal,
    deck_of,
    level_str,
    parse_code,
    parse_level,
    wild_code,
)
from cardavia_cli.games.guandan.combos import (
    TYPE_ORDER,
    Interpretation,
    Transfer,
    classify,
    combination_words,
    legal_plays,
    outranks,
    parse_key,
    return_options,
    tribute,
    tribute_payers,
)
from cardavia_cli.games.guandan.events import (
    Advance,
    Deal,
    Lead,
    Levels,
    Match,
    Out,
    Pass,
    Places,
    Play,
    Return,
    Start,
    Tribute,
    TributeCancelled,
)
from cardavia_cli.games.guandan.hands import beats_in_kind, can_beat, counts_of, expand
from cardavia_cli.games.guandan.inference import DANGER, chances, hand_model, relative_seats
from cardavia_cli.games.guandan.levels import FIRST_LEVEL, lead_after_passes, next_levels

VERBS = ("play", "pass", "return")
#: The pack in canonical order (E36), as card texts.
PACK: tuple[str, ...] = tuple(str(c) for c in DECK)
#: Canonical key tokens of an ``as`` clause (8.3), by lower-case token.
_KEY_TOKENS: dict[str, str] = {r.lower(): r for r in RANKS} | {"10": "T", "bj": "BJ", "rj": "RJ"}


class Phase(StrEnum):
    """The decision points of a match (8.1, 8.2, 8.4), and its end."""

    #: A seat that received a tribute gives a card back (7.5, 8.1).
    RETURN = "return"
    #: A trick is to be led (8.2).
    LEAD = "lead"
    #: The table is to be beaten, or passed (8.2).
    FOLLOW = "follow"
    #: Between deals (8.4): ``next_round`` deals on.
    BREAK = "break"
    #: A team has won the match (10).
    OVER = "over"


#: The phases' names as a refusal's context says them (translated in the context ``phase``).
PHASE_WORDS = (
    NP_("phase", "return"),
    NP_("phase", "lead"),
    NP_("phase", "follow"),
    NP_("phase", "break"),
    NP_("phase", "over"),
)


def parse_card(text: str) -> str:
    """The canonical text of one card (section 3: any case, ``10`` for ``T``); raises
    :class:`~cardavia_cli.engine.errors.CardError` naming the text."""
    return code_str(parse_code(text))


# -- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One Guandan decision, in its canonical REPL/save text (8.1, 8.2, 8.3).

    ``verb`` is ``play``, ``pass`` or ``return``; ``cards`` the face codes played or returned,
    ascending (the canonical deck order); ``key`` the ``TYPE KEY`` of the play's ``as`` clause
    (canonical tokens, ``"straight 7"``, ``"pair T"``, ``"joker_bomb"``), present exactly when
    the cards have more than one interpretation (8.3: "the recorded action always carries
    ``as <type> <key>`` when the play had more than one interpretation").

    >>> str(Action.parse("play 6s 2h 3S 4S 5S AS STRAIGHT 10"))
    'play 2H 3S 4S 5S 6S as straight T'
    >>> str(Action.parse("play AS AD as pair A")), Action.parse("pass")
    ('play AS AD as pair A', Action.parse('pass'))
    """

    verb: str
    cards: tuple[int, ...] = ()
    key: str | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Syntax only (the state resolves and checks): ``pass``, ``return CARD`` or ``play
        CARDS [as TYPE KEY]``. The ``as`` clause starts at the last token ``as`` followed by
        a type name (8.3). Raises ``InvalidActionError`` for an unknown verb, card or key, a
        card written more than twice, or a wrong card count."""
        words = text.split()
        if not words:
            raise InvalidActionError(
                _("empty action: type play CARDS [as TYPE KEY], pass or return CARD")
            )
        verb = words[0].lower()
        if verb not in VERBS:
            raise InvalidActionError(
                _(
                    "unknown action {word}: type play CARDS [as TYPE KEY], pass or return CARD"
                ).format(word=repr(words[0]))
            )
        if verb == "pass":
            if len(words) > 1:
                raise InvalidActionError(_("'pass' takes no cards"))
            return cls("pass")
        key: str | None = None
        card_words = words[1:]
        if verb == "play":
            for i in range(len(words) - 2, 0, -1):
                if words[i].lower() == "as" and words[i + 1].lower() in TYPE_ORDER:
                    key = _canonical_key(words[i + 1 :])
                    card_words = words[1:i]
                    break
            else:
                # "as" followed by a word that is no card is an `as` clause with an unknown
                # type: say so, not "unknown card"
                for i in range(len(words) - 2, 0, -1):
                    if words[i].lower() == "as" and not _is_card(words[i + 1]):
                        _canonical_key(words[i + 1 :])
                if len(words) > 2 and words[-1].lower() == "as" and words[-1] != "AS":
                    # "as" at the end, not written AS, reads as an unfinished as clause as much as
                    # the ace of spades: never play an ace the person may not have meant
                    raise InvalidActionError(
                        _(
                            "{text}: the last word 'as' needs TYPE KEY after it (rules 8.3, e.g. "
                            "'as straight 7'); for the ace of spades write AS"
                        ).format(text=repr(text.strip()))
                    )
        try:
            codes = [parse_code(w) for w in card_words]
            check_copies(codes)
        except CardError as exc:
            raise InvalidActionError(f"{text.strip()!r}: {exc}") from None
        if verb == "return" and len(codes) != 1:
            raise InvalidActionError(_("return takes exactly one card, e.g. 'return 3S'"))
        if not codes:
            raise InvalidActionError(_("play takes the cards played, e.g. 'play 9S 9D'"))
        return cls(verb, tuple(sorted(codes)), key)

    def __str__(self) -> str:
        words = [self.verb, *(CODES[c] for c in self.cards)]
        if self.key is not None:
            words += ["as", self.key]
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def reading(self, level: int) -> Interpretation | None:
        """The reading a ``play`` plays at ``level`` (6.4, 8.3): the one its ``as`` clause
        names, else the cards' first (their only one, in canonical form); ``None`` for
        another verb or cards that do not read so."""
        if self.verb != "play":
            return None
        found = classify(self.cards, level)
        return next((i for i in found if self.key is None or i.key(level) == self.key), None)


PASS = Action("pass")


def _is_card(text: str) -> bool:
    """Whether ``text`` is a card's text (section 3)."""
    try:
        parse_code(text)
    except CardError:
        return False
    return True


def _canonical_key(words: Sequence[str]) -> str:
    """The canonical ``TYPE KEY`` of an ``as`` clause's words; raises ``InvalidActionError``
    (the checks of :func:`.combos.parse_key`, with the level left out)."""
    text = " ".join(words)
    parse_key(text, FIRST_LEVEL)  # shape and token checks
    type_ = words[0].lower()
    if type_ == "joker_bomb":
        return type_
    return f"{type_} {_KEY_TOKENS[words[1].lower()]}"


def display_codes(counts: Sequence[int], level: int) -> tuple[int, ...]:
    """The face codes of a hand in the display order of section 3: increasing single
    strength, then suit ``S H D C``."""
    out: list[int] = []
    for c in _display_order(level):
        n = counts[c]
        if n:
            out.append(c)
            if n == 2:
                out.append(c)
    return tuple(out)


@cache
def _display_order(level: int) -> tuple[int, ...]:
    """Every face code in the display order of section 3 at ``level`` (:func:`display_codes`)."""
    values = VALUES[level]
    return tuple(sorted(range(NUM_CODES), key=lambda c: (values[c], SUIT[c])))


def play_action(cards: Sequence[int], interpretation: Interpretation, level: int) -> Action:
    """The canonical action playing the face codes ``cards`` as ``interpretation`` at
    ``level``: with its ``as`` clause exactly when the cards have several interpretations
    (8.3)."""
    many = len(classify(cards, level)) > 1
    return Action("play", tuple(sorted(cards)), interpretation.key(level) if many else None)


# -- views ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TablePlay:
    """The top play of the current trick: its ``seat``, its ``cards`` (face codes, ascending)
    and the ``interpretation`` it was played as (6.4)."""

    seat: int
    cards: tuple[int, ...]
    interpretation: Interpretation


@dataclass(frozen=True, slots=True)
class Step:
    """One public step of a deal's tricks (8.2, 9.3): ``seat`` played ``cards`` (face codes,
    ascending), or passed when ``cards`` is empty, while ``top`` was the play on the table
    (``None`` for a lead). Every seat sees every step (section 9)."""

    seat: int
    cards: tuple[int, ...]
    top: TablePlay | None


@dataclass(frozen=True)
class GuandanView:
    """What one seat may see: its own hand and everything public (sections 7, 9, 12 "Hand
    counts"; the tribute and return cards are announced to all, section 7).

    ``hand`` is face codes in the display order of section 3; ``hand_sizes`` the cards left
    in every hand; ``table`` the top play of the trick (``None`` when a trick is to be led)
    and ``passes`` the passes since it; ``played`` counts per face code of every card played
    this deal; ``places`` the seats out so far, in order; ``levels`` both teams' levels
    (natural values) and ``level_team`` the declaring team (``None`` in a match's first deal);
    ``tributes`` and ``returns`` the transfers of this deal (cards as codes);
    ``return_options`` the cards this seat may return when it is to return (else empty);
    ``trail`` the public record of this deal's plays and passes, oldest first (:class:`Step`;
    section 9: every seat sees every step).
    """

    seat: int
    phase: Phase
    to_act: int | None
    level: int
    levels: tuple[int, int]
    level_team: int | None
    deals_finished: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    table: TablePlay | None
    passes: int
    played: tuple[int, ...]
    places: tuple[int, ...]
    previous_places: tuple[int, ...] | None
    tribute_cancelled: bool
    tributes: tuple[Transfer, ...]
    returns: tuple[Transfer, ...]
    return_options: tuple[int, ...]
    match_winner: int | None
    trail: tuple[Step, ...] = ()

    @property
    def leading(self) -> bool:
        """Whether this seat is to lead a trick (no play on the table; 8.2)."""
        return self.to_act == self.seat and self.phase == Phase.LEAD

    @property
    def following(self) -> bool:
        """Whether this seat is to follow (beat the table or pass; 8.2)."""
        return self.to_act == self.seat and self.phase == Phase.FOLLOW

    def plays(self) -> list[Action]:
        """Every legal play of this seat now (6.5, 8.3), as canonical actions, in the order of
        :func:`.combos.legal_plays`; empty unless it is to lead or follow. Lists them all
        (hundreds when leading): a computer player that knows what it wants builds that one
        action with :func:`play_action` instead."""
        if not (self.leading or self.following):
            return []
        return _play_actions(self.hand, self.level, self.previous)

    @property
    def previous(self) -> Interpretation | None:
        """The reading of the play on the table, ``None`` when a trick is to be led."""
        return self.table.interpretation if self.table is not None else None

    def readings(self, cards: Sequence[int]) -> list[Interpretation]:
        """The readings of the face codes ``cards`` this seat may play now
        (:func:`open_readings`; 6.4, 8.3): the candidates an ambiguous play asks between."""
        return open_readings(classify(cards, self.level), self.previous)


def open_readings(
    found: Sequence[Interpretation], previous: Interpretation | None
) -> list[Interpretation]:
    """Those of the readings ``found`` (of one set of cards, :func:`.combos.classify`) that
    may be played now (8.3): all of them to lead (``previous`` is ``None``), those that beat
    ``previous`` to follow (6.5), in the order of ``found``."""
    if previous is None:
        return list(found)
    return [i for i in found if outranks(i, previous)]


def _play_actions(hand: Sequence[int], level: int, previous: Interpretation | None) -> list[Action]:
    plays = legal_plays(hand, level, previous)
    readings: dict[tuple[int, ...], int] = {}
    keys = [tuple(sorted(cards)) for cards, _ in plays]
    if previous is None:  # a lead lists every reading of every set of cards
        for k in keys:
            readings[k] = readings.get(k, 0) + 1
    else:
        for k in keys:
            if k not in readings:
                readings[k] = len(classify(k, level))
    return [
        Action("play", k, i.key(level) if readings[k] > 1 else None)
        for k, (_, i) in zip(keys, plays, strict=True)
    ]


# -- the state -----------------------------------------------------------------------------------


class GuandanState(GameState[Action, GuandanView]):
    """A Guandan match. Build it with :func:`new_state`.

    The base keeps the books (:class:`~cardavia_cli.engine.game.GameState`): this class
    answers :meth:`_refusal` and plays a legal action in :meth:`_apply`. A play's reading
    (6.4) is worked out once per decision: :meth:`parse_action` and :meth:`_refusal` leave
    it in ``_stash`` for the :meth:`_apply` that follows, which classifies the cards itself
    only when the action comes from elsewhere (:meth:`legal_actions`)."""

    game = "guandan"
    action_type = Action
    _caches = ("_legal",)

    # the current deal (set by _start_deal)
    _level: int
    _phase: Phase
    _legal: list[Action] | None
    #: The last play found legal in this position and its reading (see the class docstring).
    _stash: tuple[Action, Interpretation] | None
    hands: list[list[int]]
    sizes: list[int]
    played: list[int]
    played_by: list[list[int]]
    places: list[int]
    table: TablePlay | None
    passes: int
    #: The public record of this deal's plays and passes, in order (:class:`Step`).
    trail: list[Step]
    turn: int
    tributes: list[Transfer]
    returns: list[Transfer]
    owed: list[_Owed]
    cancelled: bool
    tribute_leader: int
    deal_level_team: int | None
    deal_previous_places: tuple[int, ...] | None
    levels_before: tuple[int, int]

    def __init__(
        self,
        seed: int,
        rng: random.Random,
        deck: Sequence[Card] | None,
        levels: Sequence[int],
        level_team: int | None,
        previous_places: Sequence[int] | None,
        first_leader: int | None,
    ) -> None:
        super().__init__(seed)
        self.rng = rng
        self.levels = [levels[0], levels[1]]
        self.level_team = level_team
        self.previous_places: tuple[int, ...] | None = (
            tuple(previous_places) if previous_places is not None else None
        )
        self.deals = 0
        self.match_winner: int | None = None
        self._start_deal(deck, first_leader)

    # -- protocol ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self._phase == Phase.RETURN:
            return self.owed[0].seat
        if self._phase in (Phase.LEAD, Phase.FOLLOW):
            return self.turn
        return None

    @property
    def rounds_finished(self) -> int:
        """Deals finished in this match (those replayed from a file included)."""
        return self.deals

    @property
    def phase(self) -> Phase:
        """``return`` (8.1), ``lead`` or ``follow`` (8.2), ``break`` (8.4) or ``over``."""
        return self._phase

    def position(self) -> str:
        """As :meth:`GameState.position`, a break said in deals, as Guandan counts them."""
        if self.at_break and not self.is_over:
            return _("a break after deal {n}: the match goes on with the next deal").format(
                n=self.rounds_finished
            )
        return super().position()

    def _next_round(self) -> None:
        """Deal the next deal of the match (section 9.1, 9.2): tribute first."""
        self._start_deal(None, None)

    def legal_actions(self) -> list[Action]:
        """``return CARD`` for each legal return card (7.5); or ``pass`` when following, then
        every legal play in the order of :func:`.combos.legal_plays` (a lead has hundreds)."""
        if self._legal is None:
            seat = self.to_act
            if seat is None:
                self._legal = []
            elif self._phase == Phase.RETURN:
                self._legal = [Action("return", (c,)) for c in self.owed[0].options]
            else:
                previous = self.table.interpretation if self.table is not None else None
                plays = _play_actions(expand(self.hands[seat]), self.level, previous)
                self._legal = [PASS, *plays] if previous is not None else plays
        return self._legal

    def forced_action(self) -> Action | None:
        """The only legal action, found without listing the plays: a single return card; a
        leader's last card; ``pass`` when nothing in the hand beats the table (8.2
        auto-pass, :func:`.hands.can_beat`)."""
        seat = self.to_act
        if seat is None:
            return None
        if self._phase == Phase.RETURN:
            options = self.owed[0].options
            return Action("return", (options[0],)) if len(options) == 1 else None
        hand = self.hands[seat]
        if self.table is None:
            if self.sizes[seat] == 1:
                return Action("play", (hand.index(1),))
            return None
        if can_beat(hand, self.level, self.table.interpretation):
            return None
        return PASS

    def parse_action(self, text: str) -> Action:
        """Read ``play CARDS [as TYPE KEY]``, ``pass`` or ``return CARD`` for the seat to act
        and return the canonical legal action (8.3: a play's interpretation is resolved, the
        highest rank among candidates of one type); :meth:`push` plays it unchecked.

        Raises ``InvalidActionError`` for text that is no action, ``IllegalActionError``
        naming the rule, ``AmbiguousActionError`` with the candidates as full action texts
        (``play ... as TYPE KEY``) when candidates of different types remain (8.3).
        """
        action = Action.parse(text)
        seat = self.to_act
        if seat is None:
            raise IllegalActionError(
                _("{text}: nobody is to act ({position})").format(
                    text=repr(text.strip()), position=self.position()
                )
            )
        if action.verb != "play" or self._phase == Phase.RETURN:
            why = self._refusal(action)
            if why is not None:
                raise IllegalActionError(why, seat=seat, phase=self._phase)
            return action
        why, found, candidates = self._play_readings(seat, action)
        if why is not None:
            raise self._illegal(why)
        if action.key is not None:
            type_, rank = parse_key(action.key, self.level)
            chosen = [i for i in candidates if i.type == type_ and i.rank == rank]
            if not chosen:
                raise self._illegal(self._not_a_candidate(action, candidates))
            reading = chosen[0]
        elif len({i.type for i in candidates}) > 1:
            # 8.3: one candidate per type, its highest rank (the others are never better)
            highest = list({i.type: i for i in candidates}.values())
            cards = self._cards(action)
            n = len(highest)
            rule = ngettext(
                "{cards} can be read {n} ways (rules 8.3); add 'as TYPE KEY'",
                "{cards} can be read {n} ways (rules 8.3); add 'as TYPE KEY'",
                n,
            ).format(cards=cards, n=n)
            raise AmbiguousActionError(
                f"{self.where()}: {rule}",
                [f"play {cards} as {i.key(self.level)}" for i in highest],
            )
        else:
            reading = candidates[-1]
        checked = Action("play", action.cards, reading.key(self.level) if len(found) > 1 else None)
        self._stash = (checked, reading)
        return checked

    def _illegal(self, rule: str) -> IllegalActionError:
        """The refusal of ``rule`` here (with :meth:`where`, the seat and the phase)."""
        return IllegalActionError(f"{self.where()}: {rule}", seat=self.to_act, phase=self._phase)

    def view(self, seat: int) -> GuandanView:
        """Exactly what ``seat`` may see (module docstring of :class:`GuandanView`)."""
        acting = self.to_act == seat
        return GuandanView(
            seat=seat,
            phase=self._phase,
            to_act=self.to_act,
            level=self.level,
            levels=(self.levels[0], self.levels[1]),
            level_team=self.deal_level_team,
            deals_finished=self.deals,
            hand=display_codes(self.hands[seat], self.level),
            hand_sizes=tuple(self.sizes),
            table=self.table,
            passes=self.passes,
            played=tuple(self.played),
            places=tuple(self.places),
            previous_places=self.deal_previous_places,
            tribute_cancelled=self.cancelled,
            tributes=tuple(self.tributes),
            returns=tuple(self.returns),
            return_options=self.owed[0].options if acting and self._phase == Phase.RETURN else (),
            match_winner=self.match_winner,
            trail=tuple(self.trail),
        )

    def result(self) -> Outcome | None:
        """The match's outcome once a team has won it (section 10); ``None`` before."""
        if self.match_winner is None:
            return None
        w = self.match_winner
        a, b = team_seats(w)
        return Outcome(
            "match",
            w,
            f"Team {w} (seats {a} and {b}) wins the match at level A after {self.deals} "
            f"deal{'' if self.deals == 1 else 's'}.",
            self.partial_result(),
            winner_is_team=True,
        )

    def partial_result(self) -> dict[str, Any]:
        """cli.md's ``{"places", "levels": {"before", "after", "level_team"}, "deals",
        "match_winner"}``: the places and levels of the current (or last finished) deal,
        the deals finished, and the team that won the match (``None`` until then)."""
        return {
            "places": list(self.places),
            "levels": {
                "before": [level_str(v) for v in self.levels_before],
                "after": [level_str(v) for v in self.levels],
                "level_team": self.deal_level_team,
            },
            "deals": self.deals,
            "match_winner": self.match_winner,
        }

    def zones(self) -> dict[str, list[str]]:
        """Every card by place: each hand, and the cards played this deal (the top play
        included). Cards played in earlier deals are shuffled into the next deal."""
        out = {f"hand {s}": [CODES[c] for c in expand(self.hands[s])] for s in SEATS}
        out["played"] = [CODES[c] for c in expand(self.played)]
        return out

    def _copy_mutable(self, new: GameState) -> None:
        assert isinstance(new, GuandanState)
        new.levels = list(self.levels)
        new.hands = [list(h) for h in self.hands]
        new.sizes = list(self.sizes)
        new.played = list(self.played)
        new.played_by = [list(p) for p in self.played_by]
        new.places = list(self.places)
        new.trail = list(self.trail)
        new.tributes = list(self.tributes)
        new.returns = list(self.returns)
        new.owed = list(self.owed)

    def resample(self, seat: int, rng: random.Random) -> GuandanState:
        """A copy in which the hands of the other seats are dealt anew from the cards ``seat``
        cannot see (sizes kept: section 12 "Hand counts"). A tribute or return card announced
        this deal (section 7: they are shown to all) stays with its receiver as far as every
        seat can tell: the copies received, less those given on and those the receiver has
        played since.

        With the learned hand model (:func:`.inference.hand_model`), the free hidden cards
        are dealt card by card, each to a seat with room by the model's chance that the seat
        holds it (:func:`.inference.chances`, from the seat's view alone). Without it, the
        other seats' passes weigh the deal (inference, 8.2): of :data:`RESAMPLE_DRAWS`
        deals drawn, one is taken with a chance in proportion to the likelihood of those
        passes with the hands it deals (:func:`pass_tells`, :func:`tell_weight`). With every
        factor at 1.0, or no pass to weigh, one deal is drawn, as without inference. A card
        the tribute says a seat cannot hold (:meth:`seats_for`) goes to a seat that can."""
        new = self.copy()
        assert isinstance(new, GuandanState)
        known = [[0] * len(self.played) for _ in SEATS]
        for t in (*self.tributes, *self.returns):
            known[t.receiver][t.card] += 1
            known[t.giver][t.card] -= 1
        pool: list[int] = []
        others = [s for s in SEATS if s != seat]
        for s in others:
            for c, n in enumerate(self.hands[s]):
                keep = max(0, known[s][c] - self.played_by[s][c])
                assert keep <= n, "a card known to be held is held"
                known[s][c] = keep
                pool.extend([c] * (n - keep))
        pool.sort()  # the order of the hidden cards must not tell where they are
        model = hand_model()
        # with the model, the chance of each free card at each seat (read from the seat's
        # view alone: inference.chances); it reads the passes itself, so they weigh no draw
        odds: dict[int, dict[int, float]] | None = None
        if model is not None:
            rel = relative_seats(seat)
            odds = {
                c: dict(zip(rel, p, strict=True))
                for c, p in chances(self.view(seat), model).items()
            }
        tells = pass_tells(self.trail, self.sizes, seat) if odds is None else []
        weighed = bool(tells) and (PASS_BEATABLE != 1.0 or PASS_IN_DANGER != 1.0)
        takes = [self.sizes[s] - sum(known[s]) for s in SEATS]
        places = self.seats_for(seat, pool)
        free = [c for c in pool if c not in places]
        bound = sorted((c for c in pool if c in places), key=lambda c: (len(places[c]), c))
        chosen: list[list[list[int]]] = []
        weights: list[float] = []
        for _draw in range(RESAMPLE_DRAWS if weighed else 1):
            hands = [list(h) for h in known]
            left = list(takes)
            if bound:  # the cards some seats cannot hold: each to a seat that can, first
                rng.shuffle(bound)
                bound.sort(key=lambda c: len(places[c]))  # the narrowest first (stable)
                for c in bound:
                    s = _seat_with_room(places[c], left, rng, odds.get(c) if odds else None)
                    hands[s][c] += 1
                    left[s] -= 1
            rng.shuffle(free)
            if odds is not None:
                for c in free:  # card by card, by the model's chances among seats with room
                    s = _seat_with_room(others, left, rng, odds.get(c))
                    hands[s][c] += 1
                    left[s] -= 1
            else:
                pos = 0
                for s in others:
                    hand = hands[s]
                    take = left[s]
                    for c in free[pos : pos + take]:
                        hand[c] += 1
                    pos += take
            chosen.append(hands)
            if weighed:
                weights.append(tell_weight(hands, tells, self._level))
        hands = weighed_choice(chosen, weights, rng) if weighed else chosen[-1]
        for s in others:
            new.hands[s] = hands[s]
        # a return still owed by another seat offers the cards of its new hand (7.5): the
        # options of its real hand would tell the search what that hand holds
        new.owed = [
            o
            if o.seat == seat
            else _Owed(o.seat, o.to, return_options(expand(new.hands[o.seat]), self._level))
            for o in self.owed
        ]
        new._legal = None
        new._stash = None
        return new

    def seats_for(self, seat: int, pool: Sequence[int]) -> dict[int, tuple[int, ...]]:
        """The hidden cards of ``pool`` (codes) that some seat other than ``seat`` cannot hold,
        by what the tribute told every seat (section 7, inference): each such code with the
        other seats that may hold it. A payer gave its strongest card leaving out wild cards
        (7.3: the first in suit order S H D C among equals), so it holds nothing stronger (and
        no second ``RJ``: two would have cancelled the tribute, 7.2); a cancelled tribute puts
        both ``RJ`` with the payers (7.2). Empty with no tribute this deal."""
        others = tuple(s for s in SEATS if s != seat)
        places = self.deal_previous_places
        if places is None:
            return {}
        out: dict[int, tuple[int, ...]] = {}
        values = VALUES[self._level]
        wild = wild_code(self._level)
        if self.cancelled:
            payers = tribute_payers(places)
            if RJ in pool:
                out[RJ] = tuple(s for s in others if s in payers)
            return out
        caps = [(t.giver, t.card) for t in self.tributes if t.giver != seat]
        if not caps:
            return out
        for c in set(pool):
            if c == wild:
                continue
            barred = {
                giver
                for giver, t in caps
                if values[c] > values[t]
                or (values[c] == values[t] and SUIT[c] < SUIT[t])
                or c == t == RJ
            }
            if barred:
                out[c] = tuple(s for s in others if s not in barred)
        return out

    # -- checks ------------------------------------------------------------------------------
    @property
    def level(self) -> int:
        """The level rank of the current deal (5.1), a natural value 2..14."""
        return self._level

    def _cards(self, action: Action) -> str:
        return " ".join(CODES[c] for c in action.cards)

    def _missing(self, seat: int, cards: Sequence[int]) -> str | None:
        hand = self.hands[seat]
        for c in set(cards):
            k = cards.count(c)
            if hand[c] < k:
                return _(
                    "{card} is not in the hand (held {n}; rules 8.2: the cards must all be in "
                    "your hand, a card listed twice held twice)"
                ).format(card=CODES[c] + (" x2" if k > 1 else ""), n=hand[c])
        return None

    def _play_readings(
        self, seat: int, action: Action
    ) -> tuple[str | None, list[Interpretation], list[Interpretation]]:
        """The rule a play of ``seat`` breaks before its ``as`` clause is looked at (cards not
        in the hand, no combination, nothing that beats the table: 8.2, 6.3, 6.5) or
        ``None``; every reading of its cards (6.4) and those open now (:func:`open_readings`)."""
        why = self._missing(seat, action.cards)
        if why is not None:
            return why, [], []
        found = classify(action.cards, self.level)
        if not found:
            why = _("{cards} is no combination (rules 6.3)").format(cards=self._cards(action))
            return why, found, []
        previous = self.table.interpretation if self.table is not None else None
        candidates = open_readings(found, previous)
        if not candidates:
            return self._too_low(action), found, []
        return None, found, candidates

    def _too_low(self, action: Action) -> str:
        assert self.table is not None
        top = self.table
        return _(
            "{cards} does not beat seat {seat}'s {combo} (rules 6.5: the same type and a higher "
            "rank, or a bomb)"
        ).format(
            cards=self._cards(action),
            seat=top.seat,
            combo=combination_words(top.interpretation.key(self.level)),
        )

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now (the rule, after :meth:`where`), or ``None``. A
        legal play's reading is stashed for :meth:`_apply` (one classification, 6.4)."""
        seat = self.to_act
        assert seat is not None
        where = self.where()
        if self._phase == Phase.RETURN:
            owed = self.owed[0]
            names = " ".join(CODES[c] for c in owed.options)
            if action.verb != "return":
                rule = _(
                    "return a card to seat {seat} first (rules 7.5, 8.1): one of {cards}"
                ).format(seat=owed.to, cards=names)
                return f"{where}: {rule}"
            if action.cards[0] not in owed.options or len(action.cards) != 1:
                rule = _(
                    "{card} is not a legal return card (rules 7.5: a non-wild card of rank "
                    "2..T, else one of the lowest): one of {cards}"
                ).format(card=self._cards(action), cards=names)
                return f"{where}: {rule}"
            return None
        if action.verb == "return":
            return f"{where}: " + _("no card is owed back now (rules 7.5)")
        if action.verb == "pass":
            if self.table is None:
                return f"{where}: " + _("a leader may not pass (rules 8.2)")
            return None
        stash = self._stash
        if stash is not None and stash[0] == action:  # read already in this position
            why = self._missing(seat, action.cards)
            return None if why is None else f"{where}: {why}"
        why, found, candidates = self._play_readings(seat, action)
        if why is not None:
            return f"{where}: {why}"
        if action.key is None:
            if len(found) > 1:
                rule = _("{cards} has several readings: add 'as TYPE KEY' (rules 8.3)")
                return f"{where}: " + rule.format(cards=self._cards(action))
            self._stash = (action, candidates[0])
            return None
        if len(found) == 1:
            rule = _(
                "{cards} has one reading only; it takes no 'as' clause in its canonical form "
                "(rules 8.3)"
            )
            return f"{where}: " + rule.format(cards=self._cards(action))
        for i in candidates:
            if i.key(self.level) == action.key:
                self._stash = (action, i)
                return None
        return f"{where}: {self._not_a_candidate(action, candidates)}"

    def _not_a_candidate(self, action: Action, candidates: Sequence[Interpretation]) -> str:
        names = ", ".join(i.key(self.level) for i in candidates)
        return _(
            "'as {key}' is not a candidate of {cards} (rules 8.3; candidates: {candidates})"
        ).format(key=action.key, cards=self._cards(action), candidates=names)

    # -- the steps ---------------------------------------------------------------------------
    def _active(self) -> set[int]:
        return {s for s in SEATS if self.sizes[s]}

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        stash, self._stash = self._stash, None
        if action.verb == "return":
            owed = self.owed.pop(0)
            card = action.cards[0]
            self._move(card, seat, owed.to)
            self.returns.append(Transfer(seat, owed.to, card))
            if not self.quiet:
                self.events.append(Return(seat, owed.to, card))
            if not self.owed:
                self._lead(self.tribute_leader)
            return
        if action.verb == "pass":
            self._pass(seat)
            return
        if stash is not None and stash[0] == action:
            reading: Interpretation | None = stash[1]
        else:  # an action from legal_actions() or forced_action(): read it here
            reading = action.reading(self.level)
        assert reading is not None, f"{action} is not a legal play"
        self._play(seat, action.cards, reading)

    def _move(self, card: int, giver: int, receiver: int) -> None:
        self.hands[giver][card] -= 1
        self.hands[receiver][card] += 1
        self.sizes[giver] -= 1
        self.sizes[receiver] += 1

    def _lead(self, seat: int) -> None:
        """A new trick: ``seat`` leads (9.3, 9.5)."""
        self.table = None
        self.passes = 0
        self.turn = seat
        self._phase = Phase.LEAD
        self.events.append(Lead(seat))

    def _play(self, seat: int, cards: tuple[int, ...], reading: Interpretation) -> None:
        hand = self.hands[seat]
        mine = self.played_by[seat]
        for c in cards:
            hand[c] -= 1
            self.played[c] += 1
            mine[c] += 1
        self.sizes[seat] -= len(cards)
        self.trail.append(Step(seat, cards, self.table))
        self.table = TablePlay(seat, cards, reading)
        self.passes = 0
        if not self.quiet:
            self.events.append(Play(seat, cards, reading.key(self.level)))
        if self.sizes[seat] == 0:
            self.places.append(seat)
            self.events.append(Out(seat, len(self.places)))
            if len(self.places) == 2 and partner(self.places[0]) == self.places[1]:
                self._finish_one_two()
                return
            if len(self.places) == 3:
                rest = next(s for s in SEATS if self.sizes[s])
                self.places.append(rest)
                self._end_deal()
                return
        nxt = next_active(seat, self._active())
        assert nxt is not None
        self.turn = nxt
        self._phase = Phase.FOLLOW

    def _pass(self, seat: int) -> None:
        assert self.table is not None
        self.trail.append(Step(seat, (), self.table))
        self.events.append(Pass(seat))
        self.passes += 1
        last = self.table.seat
        active = self._active()
        needed = len(active) - (1 if last in active else 0)
        if self.passes >= needed:
            self._lead(lead_after_passes(last, [s for s in SEATS if s not in active]))
            return
        nxt = next_active(seat, active)
        assert nxt is not None
        self.turn = nxt

    def _finish_one_two(self) -> None:
        """9.6: after a 1-2 finish the two opponents take places 3 and 4 without playing on,
        fewer cards first, then the first reached in turn order after the 2nd place."""
        active = self._active()
        second = self.places[1]
        order = [next_active(second, active, k) for k in (1, 2)]
        rest = sorted((s for s in order if s is not None), key=lambda s: self.sizes[s])
        self.places.extend(rest)
        self._end_deal()

    def _end_deal(self) -> None:
        """9.6, 10: the places, the levels, and the match won or the break before the next
        deal."""
        self.table = None
        self.events.append(Places(tuple(self.places)))
        change = next_levels(self.levels, self.deal_level_team, self.places)
        self.levels = list(change.levels)
        self.deals += 1
        self.events.append(Advance(change.winner_team, change.advance))
        self.events.append(Levels((self.levels[0], self.levels[1])))
        if change.match_won:
            self.match_winner = change.winner_team
            self.events.append(Match(change.winner_team))
            self._phase = Phase.OVER
            return
        self.level_team = change.next_level_team
        self.previous_places = tuple(self.places)
        self._phase = Phase.BREAK

    def _start_deal(self, deck: Sequence[Card] | None, first_leader: int | None) -> None:
        """9.1, 9.2: the deal's level, the shuffle and the deal (5.2), then the first leader
        (5.3) or the tribute (section 7)."""
        given = deck is not None
        if deck is None:
            shuffled = list(DECK)
            self.rng.shuffle(shuffled)
            deck = shuffled
        self.deal_level_team = self.level_team
        self.deal_previous_places = self.previous_places
        self._level = FIRST_LEVEL if self.level_team is None else self.levels[self.level_team]
        self.levels_before = (self.levels[0], self.levels[1])
        self.hands = [counts_of(c.code for c in h) for h in deal(deck)]
        self.sizes = [sum(h) for h in self.hands]
        self.played = [0] * len(self.hands[0])
        self.played_by = [[0] * len(self.hands[0]) for _ in SEATS]
        self.places = []
        self.table = None
        self.passes = 0
        self.trail = []
        self.turn = 0
        self.tributes = []
        self.returns = []
        self.owed = []
        self.cancelled = False
        self.tribute_leader = 0
        self._legal = None
        self._stash = None
        self.events.append(Start(self.deals + 1, self._level, self.level_team))
        if not self.quiet:
            for s in SEATS:
                hand = display_codes(self.hands[s], self._level)
                self.events.append(Deal(s, hand, seats=frozenset({s})))
        if self.previous_places is None:
            if first_leader is None:
                first_leader = 0 if given else self.rng.randrange(len(SEATS))
            self._lead(first_leader)
            return
        self._tribute(self.previous_places)

    def _tribute(self, places: Sequence[int]) -> None:
        """Section 7: payment (automatic), cancellation, then the returns owed."""
        step = tribute([expand(h) for h in self.hands], places, self._level)
        if step.cancelled:
            self.cancelled = True
            self.events.append(TributeCancelled(tribute_payers(places)))
            self._lead(places[0])
            return
        for t in step.tributes:
            self._move(t.card, t.giver, t.receiver)
            self.tributes.append(t)
            self.events.append(Tribute(t.giver, t.receiver, t.card))
        # the options depend on the hand after the tribute: computed as each return comes up
        self.owed = [
            _Owed(r.giver, r.receiver, return_options(expand(self.hands[r.giver]), self._level))
            for r in step.returns
        ]
        self.tribute_leader = step.leader
        self._phase = Phase.RETURN


#: How likely ``basic`` passes on an opponent's play (8.2) while holding a play of the same
#: type, off the bomb ladder, that beats it (:func:`.hands.beats_in_kind`), no opponent of it
#: being about to go out: measured on 400 single deals of four ``basic`` players
#: (``python tools/guandan_inference.py passes --deals 400``: 2,074 passes of 7,748 such
#: decisions, 27%; a pass with nothing that beats, 100%), pulled a tenth of the way towards 1
#: so that players who pass otherwise are not ruled out. 1.0: no inference.
PASS_BEATABLE = 0.1 + 0.9 * 0.27
#: The same when an opponent of the passer held :data:`DANGER` cards or fewer, for any play
#: that beats, bombs included (``basic`` then never passed: 0 of 2,921 such decisions),
#: pulled the same way. 1.0: no inference.
PASS_IN_DANGER = 0.1
#: Deals drawn per sample of :meth:`GuandanState.resample` when a pass is weighed (the sample
#: is one of them, chosen by weight).
RESAMPLE_DRAWS = 16


def _seat_with_room(
    seats: Sequence[int],
    left: Sequence[int],
    rng: random.Random,
    odds: dict[int, float] | None = None,
) -> int:
    """One of ``seats`` with room left (``left[s]`` cards still to deal it), drawn with a
    chance in proportion to that room, or with ``odds`` (the hand model's chance of the card
    at each seat) to those chances; any seat with room when none of ``seats`` has (which a
    state that came from a real deal never asks)."""
    room = [s for s in seats if left[s] > 0] or [s for s in SEATS if left[s] > 0]
    if odds is not None:
        weights = [odds.get(s, 0.0) for s in room]
        if sum(weights) > 0:
            return weighed_choice(room, weights, rng)
    return weighed_choice(room, [float(left[s]) for s in room], rng)


@dataclass(frozen=True, slots=True)
class PassTell:
    """What one pass says of the passer's hand (:func:`pass_tells`): ``seat`` passed on the
    opponent's play read ``top`` (6.4) after which it played the face codes ``since``
    (ascending), while an opponent of it held :data:`DANGER` cards or fewer (``danger``)."""

    seat: int
    top: Interpretation
    since: tuple[int, ...]
    danger: bool


def pass_tells(trail: Sequence[Step], sizes: Sequence[int], seat: int) -> list[PassTell]:
    """The :class:`PassTell` of every pass of the deal's public record ``trail`` (oldest
    first) by a seat other than ``seat`` on an opponent's play (a pass on the partner's play
    says nothing: 8.2, ai.md "let the partner's winning play stand"), oldest first.

    Public facts only: the steps' seats, cards and the plays on the table, and the hand
    counts now (``sizes``, by seat), from which the counts at each pass follow (a hand only
    loses cards in the tricks, 9.3).
    """
    since: list[list[int]] = [[] for _ in SEATS]
    then = list(sizes)
    out: list[PassTell] = []
    for step in reversed(trail):
        s = step.seat
        if step.cards:
            since[s].extend(step.cards)
            then[s] += len(step.cards)
            continue
        top = step.top
        if s == seat or top is None or team(top.seat) == team(s):
            continue
        left = [then[o] for o in SEATS if team(o) != team(s) and then[o]]
        danger = min(left, default=0) <= DANGER
        out.append(PassTell(s, top.interpretation, tuple(sorted(since[s])), danger))
    out.reverse()
    return out


def tell_weight(hands: Sequence[Sequence[int]], tells: Sequence[PassTell], level: int) -> float:
    """The likelihood (up to a constant) of the passes ``tells`` if the seats hold ``hands``
    now (count vectors by seat) at ``level``: a factor :data:`PASS_BEATABLE` for each pass
    with no opponent about to go out where the passer's hand then (its hand now and the cards
    ``since``) held a play of the same type, off the bomb ladder, that beats ``top``
    (:func:`.hands.beats_in_kind`; 6.5), a factor :data:`PASS_IN_DANGER` for each pass with
    an opponent about to go out where it held any play that beats (bombs too,
    :func:`.hands.can_beat`), 1 for the other passes (8.2: with nothing that beats, a pass
    is forced)."""
    weight = 1.0
    cache: dict[tuple[int, tuple[int, ...]], list[int] | Sequence[int]] = {}
    for t in tells:
        key = (t.seat, t.since)
        hand = cache.get(key)
        if hand is None:
            hand = hands[t.seat]
            if t.since:
                hand = list(hand)
                for c in t.since:
                    hand[c] += 1
            cache[key] = hand
        if t.danger:
            if can_beat(hand, level, t.top):
                weight *= PASS_IN_DANGER
        elif beats_in_kind(hand, level, t.top):
            weight *= PASS_BEATABLE
    return weight


@dataclass(frozen=True, slots=True)
class _Owed:
    """A return owed (7.5): ``seat``, who received a tribute, gives one of ``options`` back
    ``to`` the seat that paid it."""

    seat: int
    to: int
    options: tuple[int, ...]


# -- a new match ---------------------------------------------------------------------------------


def check_match(match: dict[str, Any]) -> dict[str, Any]:
    """Check the match keys of a deal file (cli.md, guandan): ``levels`` (two level letters,
    team 0 first), ``level_team`` (0 or 1), ``previous_places`` (the four seats, the first
    one's team being ``level_team``), ``first_leader`` (a seat). Without ``level_team`` the
    deal is a match's first: ``levels`` must be ``["2", "2"]`` and ``previous_places`` is
    refused; with it ``previous_places`` is required and ``first_leader`` refused (the leader
    follows from the tribute, 5.3).

    Returns the keys given, in canonical form. Raises ``ValueError`` naming the key.
    """
    out: dict[str, Any] = {}
    if "levels" in match:
        levels = match["levels"]
        if not isinstance(levels, list) or len(levels) != 2:
            raise ValueError('\'levels\' must list two levels, team 0 first, e.g. ["2", "5"]')
        canon = []
        for i, text in enumerate(levels):
            if not isinstance(text, str):
                raise ValueError(f"'levels'[{i}] must be a level letter 2..9, T, J, Q, K, A")
            try:
                canon.append(level_str(parse_level(text)))
            except CardError as exc:
                raise ValueError(f"'levels'[{i}]: {exc}") from None
        out["levels"] = canon
    team_given = "level_team" in match
    if team_given:
        value = match["level_team"]
        if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
            raise ValueError(f"'level_team' must be the team 0 or 1, not {value!r}")
        out["level_team"] = value
        if "previous_places" not in match:
            raise ValueError(
                "'level_team' needs 'previous_places' (the last deal's finishing order, "
                "which drives the tribute)"
            )
    elif out.get("levels", ["2", "2"]) != ["2", "2"]:
        raise ValueError(
            "'levels' must be [\"2\", \"2\"] without 'level_team' (a match's first deal)"
        )
    if "previous_places" in match:
        places = match["previous_places"]
        if (
            not isinstance(places, list)
            or any(isinstance(p, bool) or not isinstance(p, int) for p in places)
            or sorted(places) != list(SEATS)
        ):
            raise ValueError("'previous_places' must list the four seats 0..3 once each")
        if not team_given:
            raise ValueError("'previous_places' needs 'level_team' (a match's first deal has none)")
        if team(places[0]) != out["level_team"]:
            raise ValueError(
                f"'previous_places' starts with seat {places[0]} of team {team(places[0])}, "
                f"but 'level_team' is {out['level_team']} (the last deal's winner declares)"
            )
        out["previous_places"] = list(places)
    if "first_leader" in match:
        seat = match["first_leader"]
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in SEATS:
            raise ValueError(f"'first_leader' must be a seat 0..3, not {seat!r}")
        if team_given:
            raise ValueError(
                "'first_leader' is for a match's first deal only; after a deal the tribute "
                "decides who leads (rules 5.3)"
            )
        out["first_leader"] = seat
    return out


def new_state(
    seed: int = 0,
    deck: Sequence[str] | None = None,
    dealer: int | None = None,
    match: dict[str, Any] | None = None,
) -> GuandanState:
    """A new match, or a match going on from the keys of a deal file (5.2, 5.3, cli.md).

    ``deck``: the 108 card texts of the first deal, index 0 the top (uses no random numbers
    for that deal); otherwise shuffled by ``random.Random(seed)``, as is every later deal.
    ``match``: see :func:`check_match`. The first leader of a match's first deal is
    ``first_leader``, else seat 0 with a given ``deck``, else drawn right after the shuffle.
    Raises ``ValueError`` for a negative seed, a ``dealer`` (Guandan has none), bad match keys
    or a deck that is not the two packs.
    """
    if seed < 0:
        raise ValueError(f"the seed must be 0 or more, not {seed}")
    if dealer is not None:
        raise ValueError("Guandan has no dealer (rules 5.3)")
    keys = check_match(dict(match or {}))
    cards: list[Card] | None = None
    if deck is not None:
        try:
            cards = deck_of(list(deck))
        except (CardError, DealFileError) as exc:
            raise ValueError(f"deck: {exc}") from None
    levels = [parse_level(t) for t in keys.get("levels", ["2", "2"])]
    return GuandanState(
        seed,
        random.Random(seed),
        cards,
        levels,
        keys.get("level_team"),
        keys.get("previous_places"),
        keys.get("first_leader"),
    )


def single_deal(seed: int) -> tuple[GuandanState, Callable[[GameState], list[int]]]:
    """One deal somewhere in a match, for ``arena --single-deals`` (the "single-round win
    rate" of the Guandan research bots): each team's level drawn from 2..A, the previous
    deal's finishing order drawn from the 24 (so with tribute, 7), the level team that of its
    first place (10.1), all from ``random.Random(seed)``, the deal then shuffled from
    ``seed``. The deal's winners are the team of its first player out (10.1: the team that
    goes up). Returns the state and that winners function."""
    rng = random.Random(f"cardavia-single-deal:{seed}")
    levels = [level_str(rng.randint(FIRST_LEVEL, ACE)) for _ in range(2)]
    places = list(SEATS)
    rng.shuffle(places)
    state = new_state(
        seed,
        match={"levels": levels, "level_team": team(places[0]), "previous_places": places},
    )
    return state, deal_winners


def deal_winners(state: GameState) -> list[int]:
    """The seats of the team whose player went out first in the deal just finished."""
    assert isinstance(state, GuandanState) and state.places, "no deal finished"
    return list(team_seats(team(state.places[0])))
