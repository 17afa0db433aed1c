"""The Cuccu match on the engine (rules/cucu.md, sections 4-10): :class:`CucuState`.

One :class:`CucuState` is a whole match of three lives each (section 1): a
:class:`~cardavia_cli.games.cucu.round.Round` at a time, the lives carried from round to round,
the deal passing to the next seat still in (section 4), the whole pack shuffled again with the
state's generator before every round but the first one of a deal file with a ``deck``
(section 5), the all-out restart with three lives each (section 10.1) and the end of the match
when one seat alone has lives (section 10.2). After every showdown the match pauses at a break
(:attr:`CucuState.at_break`); :meth:`CucuState.next_round` deals the next round.

The decisions are the REPL verbs of section 6 (:class:`Action`: ``keep``, ``swap``, ``pay``,
``accept``, ``refuse``; ``draw`` is the dealer's word for ``swap``, recorded as ``swap``) at
the decision points of :class:`Phase`. The event log is the log of section 12.2, round after
round, as the values of :mod:`.events`; a ``deal S C`` line is seen by S alone and the cards
behind ``swap``, ``top``, ``undo`` and ``draw`` by the seats that receive them.

>>> s = new_state(seed=1)
>>> s.dealer, s.phase, [str(a) for a in s.legal_actions()]
(1, <Phase.TURN: 'turn'>, ['keep', 'swap'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardavia_cli.engine.belief import weighed_choice
from cardavia_cli.engine.errors import IllegalActionError, InvalidActionError, said_about
from cardavia_cli.engine.game import GameState, Outcome
from cardavia_cli.engine.i18n import N_, NP_, _
from cardavia_cli.engine.seats import SEATS
from cardavia_cli.games.cucu.cards import (
    PACK,
    PACK_RANKS,
    PACK_SIZE,
    RANKS,
    SPECIALS,
    rank_of,
)
from cardavia_cli.games.cucu.round import ANSWERS, START_LIVES, Round, validate_lives


class Phase(StrEnum):
    """The decision points of section 6 (a seat's turn, the asker stopped by an Inn, the Inn
    holder asked to pay, the dealer), the break after a showdown, and the end of the match."""

    TURN = "turn"
    INN = "inn"
    PAY = "pay"
    DEALER = "dealer"
    BREAK = "break"
    OVER = "over"


#: The phases' names as a refusal's context says them (translated in the context ``phase``).
PHASE_WORDS = (
    NP_("phase", "turn"),
    NP_("phase", "inn"),
    NP_("phase", "pay"),
    NP_("phase", "dealer"),
    NP_("phase", "break"),
    NP_("phase", "over"),
)


#: The phase of each decision point of a :class:`~.round.Round` (its ``decision``).
DECISION: dict[str, Phase] = {p.value: p for p in (Phase.TURN, Phase.INN, Phase.PAY, Phase.DEALER)}
#: The decision words of section 6, canonical order (``draw`` is read as ``swap``).
VERBS: tuple[str, ...] = ("keep", "swap", "pay", "accept", "refuse")
#: Accepted spellings besides the verbs themselves: the dealer's ``draw`` (section 6, 8).
ALIASES: dict[str, str] = {"draw": "swap"}
#: What each decision point is about, for messages (section 6); translated where shown.
RULE: dict[Phase, str] = {
    # TRANSLATORS: the answers of a decision point; keep, swap, draw, pay, accept and refuse
    # are the words typed, as they are.
    Phase.TURN: N_("section 6, 7: answer keep, or swap to ask the next player"),
    Phase.INN: N_("section 7.5: answer keep, or pay to ask the Inn holder to pay for you"),
    Phase.PAY: N_("section 7.5: answer accept or refuse"),
    Phase.DEALER: N_("section 8: answer keep, or swap (draw) for the bottom card of the pack"),
}
#: Where a seat stands at each decision point, for messages (``seat 2, on a turn: ...``);
#: translated where shown (the ``seat N, `` before it stays as it is).
PLACE: dict[Phase, str] = {
    # TRANSLATORS: where a seat stands when its answer is refused ("on a turn: 'pay' is not
    # a legal answer").
    Phase.TURN: N_("on a turn"),
    Phase.INN: N_("stopped by an Inn"),
    Phase.PAY: N_("asked to pay as the Inn holder"),
    Phase.DEALER: N_("as the dealer"),
}


@dataclass(frozen=True, slots=True)
class Action:
    """One Cuccu decision (section 6): its verb, which is also its canonical REPL and save
    text.

    >>> Action.parse(" Draw "), str(Action.parse("KEEP"))
    (Action.parse('swap'), 'keep')
    """

    verb: str

    def __post_init__(self) -> None:
        if self.verb not in VERBS:
            raise InvalidActionError(f"{self.verb!r} is not a Cuccu action ({_VERB_LIST})")

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written ``text`` (any case, spaces around ignored; ``draw`` is ``swap``).

        Raises ``InvalidActionError`` for anything but one of the words of section 6.
        """
        words = text.split() if isinstance(text, str) else []
        if len(words) != 1:
            shown = text.strip() if isinstance(text, str) else repr(text)
            raise InvalidActionError(
                _("{text} is not a Cuccu action: type {verbs}").format(
                    text=repr(shown), verbs=_(_VERB_LIST)
                )
            )
        word = words[0].lower()
        word = ALIASES.get(word, word)
        if word not in VERBS:
            raise InvalidActionError(
                _("unknown action {text}: type {verbs}").format(
                    text=repr(words[0]), verbs=_(_VERB_LIST)
                )
            )
        return _ACTIONS[word]

    def __str__(self) -> str:
        return self.verb

    def __repr__(self) -> str:
        return f"Action.parse({self.verb!r})"


# TRANSLATORS: the words typed as answers, as they are (keep, swap, draw, pay, accept, refuse).
_VERB_LIST = N_("keep, swap (draw for the dealer), pay, accept or refuse")
_ACTIONS: dict[str, Action] = {}
for _verb in VERBS:
    _ACTIONS[_verb] = Action(_verb)
KEEP, SWAP, PAY, ACCEPT, REFUSE = (_ACTIONS[v] for v in VERBS)
#: The legal actions at each decision point, canonical order (section 6).
LEGAL: dict[Phase, tuple[Action, ...]] = {
    DECISION[d]: tuple(_ACTIONS[w] for w in words) for d, words in ANSWERS.items()
}


@dataclass(frozen=True, slots=True)
class CucuView:
    """What one seat may see (section 6, "What is public"), and nothing more.

    ``card`` is the seat's own card (``None`` when it is not in the round). ``cards[s]`` is the
    card the seat knows seat ``s`` holds now (its own, a card it handed over or saw shown and
    followed through the public swaps, every card after the showdown), else ``None``;
    ``top`` / ``bottom`` the top and bottom cards of the pack when it knows them. ``plain``
    lists the seats whose card it has not seen but knows to be plain, because a target handed
    it over in a forced swap (7.1). ``shown`` are the special cards shown in answer to asks
    this round, ``(seat, card)`` in order; ``pacts`` the payment pacts ``(asker, Inn holder)``;
    ``out`` the seats knocked out during this round's play; ``moves`` the decisions of this
    round, ``(seat, verb)`` in order; ``losers`` the seats whose cards lost at the showdown
    (empty before it). ``phase`` is the decision point (:class:`Phase`: ``TURN``, ``INN``,
    ``PAY``, ``DEALER``), ``BREAK`` after a showdown or ``OVER``; ``asker`` and ``target``
    name the two seats of an Inn offer; ``legal`` the seat's answers when it is to act, else
    empty.
    ``round`` counts the rounds of the match (this one included), ``restarts`` the all-out
    restarts so far. ``start_lives`` are the lives of seats 0..3 when this round was dealt;
    ``restarted`` says this round ended in an all-out restart (10.1), after which ``lives``
    are three each.
    """

    seat: int
    round: int
    dealer: int
    order: tuple[int, ...]
    lives: tuple[int, ...]
    start_lives: tuple[int, ...]
    phase: Phase
    to_act: int | None
    legal: tuple[Action, ...]
    card: str | None
    cards: tuple[str | None, ...]
    top: str | None
    bottom: str | None
    plain: tuple[int, ...]
    asker: int | None
    target: int | None
    shown: tuple[tuple[int, str], ...]
    pacts: tuple[tuple[int, int], ...]
    out: tuple[int, ...]
    moves: tuple[tuple[int, str], ...]
    losers: tuple[int, ...]
    winner: int | None
    restarts: int
    restarted: bool


class CucuState(GameState[Action, CucuView]):
    """A whole match of Cuccu (sections 4-10). Build it with :func:`new_state`.

    ``round`` is the round being played (or just scored, at a break); ``rounds`` counts the
    rounds finished, ``restarts`` the all-out restarts, ``winner`` is the seat that won the
    match (``None`` until then). The round keeps its own events; :meth:`_sync` copies the new
    ones into the match log after every step (a quiet state's round keeps none).
    """

    game = "cucu"
    _phase: Phase
    action_type = Action
    # The legal actions are a table by phase (:data:`LEGAL`): nothing to cache.
    _caches = ()

    def __init__(
        self,
        seed: int,
        rng: random.Random,
        deck: Sequence[int],
        dealer: int,
        lives: Sequence[int],
    ) -> None:
        super().__init__(seed)
        self.rng = rng
        self.rounds = 0
        self.restarts = 0
        self.winner: int | None = None
        self._phase: Phase = Phase.TURN
        self._start(deck, dealer, lives)

    # -- rounds ------------------------------------------------------------------------------
    def _start(self, deck: Sequence[int], dealer: int, lives: Sequence[int]) -> None:
        self.round = Round(deck, dealer, lives, quiet=self.quiet)
        self._synced = 0
        self._sync()

    def _sync(self) -> None:
        """Copy the round's new events to the match log (none in a quiet state); count a
        round that has just ended; set the phase."""
        rnd = self.round
        if len(rnd.events) > self._synced:
            self.events.extend(rnd.events[self._synced :])
            self._synced = len(rnd.events)
        if rnd.decision is not None:
            self._phase = DECISION[rnd.decision]
            return
        self.rounds += 1
        self.restarts += rnd.restarted
        self.winner = rnd.winner
        self._phase = Phase.OVER if rnd.winner is not None else Phase.BREAK

    @property
    def dealer(self) -> int:
        """The dealer of the current round."""
        return self.round.dealer

    @property
    def lives(self) -> list[int]:
        """Lives of seats 0..3 now (after the showdown's losses and any restart at a break)."""
        return list(self.round.lives)

    # -- protocol ------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.round.to_act

    @property
    def rounds_finished(self) -> int:
        return self.rounds

    def position(self) -> str:
        phase = self._phase
        rnd = self.round
        if phase == Phase.INN:
            return f"seat {rnd.to_act} is to act (inn: the Inn of seat {rnd.target} stopped it)"
        if phase == Phase.PAY:
            return f"seat {rnd.to_act} is to act (pay: seat {rnd.asker} asks it to pay)"
        return super().position()

    def _next_round(self) -> None:
        """Deal the next round (section 10.3): the next dealer still in, the whole pack
        shuffled with the state's generator."""
        rnd = self.round
        assert rnd.next_dealer is not None
        deck = list(PACK_RANKS)
        self.rng.shuffle(deck)
        self._start(deck, rnd.next_dealer, rnd.lives)

    def legal_actions(self) -> list[Action]:
        """``keep`` / ``swap`` on a turn and for the dealer, ``keep`` / ``pay`` at an Inn,
        ``accept`` / ``refuse`` for the Inn holder (section 6); empty when nobody acts."""
        return list(LEGAL.get(self._phase, ()))

    def forced_action(self) -> Action | None:
        legal = LEGAL.get(self._phase, ())
        return legal[0] if len(legal) == 1 else None

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` is not a legal answer now (section 6), naming the rule."""
        phase = self._phase
        if action in LEGAL[phase]:
            return None
        why = _("{place}: {word} is not a legal answer ({rule})").format(
            place=_(PLACE[phase]), word=repr(str(action)), rule=_(RULE[phase])
        )
        return f"seat {self.to_act}, {why}"

    def parse_action(self, text: str) -> Action:
        """Read a decision for the seat to act (section 6) and return it checked. Raises
        ``InvalidActionError`` for text that is no action and ``IllegalActionError`` naming the
        rule for an answer that is not legal here (``draw`` is accepted from the dealer only),
        or at a break or the end of the match."""
        action = Action.parse(text)
        word = text.strip().lower()
        phase = self._phase
        why: str | None
        if phase == Phase.OVER:
            assert self.winner is not None
            why = said_about(
                self.winner,
                _("{word}: the match is over, you won (section 10.2)"),
                _("{word}: the match is over, seat {winner} won (section 10.2)"),
                word=repr(word),
                winner=self.winner,
            )
        elif phase == Phase.BREAK:
            why = _("{word}: the round is over; the next round starts next (section 10.3)").format(
                word=repr(word)
            )
        elif word == "draw" and phase != Phase.DEALER:
            rule = _(
                "{place}: 'draw' is only the dealer's swap with the pack (section 8); {rule}"
            ).format(place=_(PLACE[phase]), rule=_(RULE[phase]))
            why = f"seat {self.to_act}, {rule}"
        else:
            why = self._refusal(action)
        if why is not None:
            raise IllegalActionError(why, seat=self.to_act, phase=str(phase))
        return action

    def _apply(self, action: Action) -> None:
        """Play ``action`` for the seat to act, then every automatic step up to the next
        decision or the showdown and its scoring."""
        self.round.play(action.verb)
        self._sync()

    def view(self, seat: int) -> CucuView:
        """Exactly what ``seat`` may see now (section 6): see :class:`CucuView`."""
        rnd = self.round
        known = rnd.known(seat)
        rank = rnd.rank
        hold = rnd.hold
        cards = tuple(None if c < 0 or not known >> c & 1 else RANKS[rank[c]] for c in hold)
        plain_ids = rnd.known_plain() & ~known
        phase = self._phase
        playing = rnd.decision is not None
        inn = phase == Phase.INN or phase == Phase.PAY
        return CucuView(
            seat=seat,
            round=self.rounds + playing,
            dealer=rnd.dealer,
            order=rnd.order,
            lives=tuple(rnd.lives),
            start_lives=rnd.start_lives,
            phase=phase,
            to_act=rnd.to_act,
            legal=LEGAL[phase] if playing and rnd.to_act == seat else (),
            card=cards[seat],
            cards=cards,
            top=RANKS[rank[rnd.top]] if known >> rnd.top & 1 else None,
            bottom=RANKS[rank[rnd.bottom]] if known >> rnd.bottom & 1 else None,
            plain=tuple(s for s in SEATS if hold[s] >= 0 and plain_ids >> hold[s] & 1),
            asker=rnd.asker if inn else None,
            target=rnd.target if inn else None,
            shown=tuple((s, RANKS[r]) for s, r in rnd.shown),
            pacts=tuple((s, k) for s, k in enumerate(rnd.pact) if k >= 0),
            out=tuple(rnd.out),
            moves=tuple(rnd.history),
            losers=tuple(rnd.losers),
            winner=self.winner,
            restarts=self.restarts,
            restarted=rnd.restarted,
        )

    def result(self) -> Outcome | None:
        if self.winner is None:
            return None
        n = self.rounds
        return Outcome(
            "win",
            self.winner,
            f"Seat {self.winner} wins the match after {n} round{'' if n == 1 else 's'}.",
            self.partial_result(),
            score=self.round.lives[self.winner],  # the winner's lives left (section 10)
        )

    def partial_result(self) -> dict[str, Any]:
        """``{"lives": [l0, l1, l2, l3], "winner": int | None, "rounds": int}`` (cli.md): the
        lives now, the match winner once there is one, the rounds finished."""
        return {"lives": list(self.round.lives), "winner": self.winner, "rounds": self.rounds}

    def zones(self) -> dict[str, list[str]]:
        """Every card by place: ``hand 0`` .. ``hand 3`` (one card, or none for a seat not in
        the round) and ``pack``, bottom card first (section 5)."""
        rnd = self.round
        rank = rnd.rank
        out = {f"hand {s}": [] if c < 0 else [RANKS[rank[c]]] for s, c in enumerate(rnd.hold)}
        out["pack"] = [RANKS[rank[c]] for c in rnd.pack()]
        return out

    def _copy_mutable(self, new: GameState[Action, CucuView]) -> None:
        assert isinstance(new, CucuState)
        new.round = self.round.copy(quiet=new.quiet)
        new._synced = len(new.round.events)

    def resample(self, seat: int, rng: random.Random) -> CucuState:
        """A copy in which the cards ``seat`` has not seen are dealt anew with ``rng``: the
        other players' hidden cards and the unseen cards of the pack trade places at random,
        except that a card known to be plain (7.1) gets a plain card. Cards the seat has seen
        stay where it knows they are, so ``view(seat)`` is unchanged; the later rounds are
        shuffled by a generator drawn from ``rng``.

        The public answers weigh the deal (inference): a player who kept its card (7) more
        likely holds a high one. :data:`RESAMPLE_DRAWS` deals are drawn and one is chosen with
        a chance in proportion to its weight, the product over the players who kept a card
        ``seat`` has not seen of :data:`KEEP_LIKELIHOOD` of its rank."""
        new = self.copy()
        assert isinstance(new, CucuState)
        new.rng = random.Random(rng.getrandbits(64))
        rnd = new.round
        known = rnd.known(seat)
        keepers = [
            rnd.hold[s]
            for s, answer in rnd.history
            if answer == "keep" and s != seat and rnd.hold[s] >= 0 and not known >> rnd.hold[s] & 1
        ]

        def weigh(ranks: Sequence[int]) -> float:
            weight = 1.0
            for c in keepers:
                weight *= KEEP_LIKELIHOOD[ranks[c]]
            return weight

        rnd.rank = weighed_deal(rnd, seat, rng, RESAMPLE_DRAWS if keepers else 1, weigh)
        return new


def weighed_deal(
    rnd: Round,
    seat: int,
    rng: random.Random,
    draws: int,
    weigh: Callable[[Sequence[int]], float],
) -> tuple[int, ...]:
    """The ranks of the round's cards (by card id) with every card ``seat`` has not seen dealt
    anew: ``draws`` deals drawn with ``rng`` (a card known to be plain, 7.1, gets a plain
    rank), one chosen with a chance in proportion to ``weigh(ranks)`` (the last when every
    weight is 0). The cards ``seat`` has seen keep their ranks."""
    known = rnd.known(seat)
    plain = rnd.known_plain() & ~known
    hidden = [c for c in range(PACK_SIZE) if not known >> c & 1]
    ranks = [rnd.rank[c] for c in hidden]
    ranks.sort()  # the order of the hidden cards must not tell where they are
    tied = [c for c in hidden if plain >> c & 1]
    free = [c for c in hidden if not plain >> c & 1]
    deals: list[list[int]] = []
    weights: list[float] = []
    for _draw in range(draws):
        order = list(ranks)
        rng.shuffle(order)
        new_rank = list(rnd.rank)
        left = list(tied)
        rest: list[int] = []
        for r in order:
            if left and r not in SPECIALS:
                new_rank[left.pop()] = r
            else:
                rest.append(r)
        for c, r in zip(free, rest, strict=True):
            new_rank[c] = r
        deals.append(new_rank)
        weights.append(weigh(new_rank))
    return tuple(weighed_choice(deals, weights, rng))


#: How likely a player keeps a card of each rank index (0..19) on its turn (7): measured on
#: 3,000 matches of four ``basic`` players (Zero to 4: 0-11%, 5: 62%, 6: 89%, 7 up and the
#: special cards: 95-100%, the Fool 5%), each pulled a tenth of the way towards 1, so that
#: players who keep otherwise are not ruled out.
KEEP_LIKELIHOOD: tuple[float, ...] = tuple(
    0.1 + 0.9 * p
    for p in (
        *(0.0, 0.03, 0.05, 0.08, 0.11, 0.62, 0.89, 0.95),
        *(1.0,) * 11,
        0.05,
    )
)
#: Deals drawn per sample when some player has kept (the sample is one of them).
RESAMPLE_DRAWS = 16


def new_state(
    seed: int = 0,
    deck: Sequence[str] | Sequence[int] | None = None,
    dealer: int | None = None,
    match: dict[str, Any] | None = None,
) -> CucuState:
    """A new match (sections 4, 5): ``match`` may hold ``lives`` (four ints 0..3, at least two
    above 0; default three each). Without ``dealer`` the first dealer is drawn from
    ``random.Random(seed)`` among the seats with lives; then the first round is dealt from
    ``deck`` (40 cards, ``deck[0]`` the bottom card; names in any notation or rank indexes; no
    random numbers used) or from the canonical pack shuffled by the same generator (as
    ``play_match`` of section 12.3 does).

    Raises ``ValueError`` for a negative seed, bad ``lives``, a dealer that is not a seat or
    has no lives (section 5), a deck that is not the pack, or unknown match keys;
    ``CardError`` (a ``ValueError``) for a card that is not in the notation.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"the seed must be a whole number 0 or more, not {seed!r}")
    values = dict(match or {})
    unknown = sorted(set(values) - {"lives"})
    if unknown:
        raise ValueError(f"unknown match key {unknown[0]!r} for cucu (known: lives)")
    lives = validate_lives(values.get("lives", [START_LIVES] * len(SEATS)))
    rng = random.Random(seed)
    alive = [s for s in SEATS if lives[s] > 0]
    if dealer is None:
        dealer = rng.choice(alive)
    elif isinstance(dealer, bool) or dealer not in SEATS:
        raise ValueError(f"'dealer' must be a seat 0..3, not {dealer!r}")
    elif lives[dealer] == 0:
        raise ValueError(
            _(
                "'dealer': seat {dealer} has 0 lives (lives {lives}); the dealer must be a seat "
                "still in (rules section 5)"
            ).format(dealer=dealer, lives=lives)
        )
    if deck is None:
        ranks = list(PACK_RANKS)
        rng.shuffle(ranks)
    else:
        ranks = [rank_of(c) if isinstance(c, str) else c for c in deck]
    return CucuState(seed, rng, ranks, dealer, lives)


__all__ = ["PACK", "Action", "CucuState", "CucuView", "Phase", "new_state"]
