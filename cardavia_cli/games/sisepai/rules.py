"""The Si Se Pai state machine (rules/sisepai.md, sections 4, 6, 7, 9, 10, 11).

One :class:`SisepaiState` is one deal (a match is one deal, rules 11.3). Decisions are the
responses to a public card (``pass``, ``claim ...``, ``win``) and the discard after a claim;
everything else (dealing, drawing, resolving a claim round, turning an untaken draw into the
drawer's discard, the dead pile, scoring, the exhausted stock) runs automatically after each
decision (:meth:`SisepaiState._apply`). Events are the values of :mod:`.events`.

>>> s = new_state(seed=7)
>>> s.to_act is not None and s.phase is Phase.CLAIM
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardavia_cli.engine.belief import weighed_choice
from cardavia_cli.engine.errors import (
    CardError,
    IllegalActionError,
    InvalidActionError,
)
from cardavia_cli.engine.game import GameState, Outcome, check_deck
from cardavia_cli.engine.i18n import N_, NP_, _, pgettext
from cardavia_cli.engine.seats import distance, next_seat
from cardavia_cli.games.sisepai.cards import (
    FLOWER,
    NUM_CODES,
    PACK,
    card_str,
    cards_str,
    counts_of,
    expand,
    is_general,
    parse_card,
)
from cardavia_cli.games.sisepai.events import (
    Claim,
    Dead,
    Deal,
    Discard,
    Draw,
    Exhausted,
    Respond,
    Win,
)
from cardavia_cli.games.sisepai.melds import (
    ALLOWED,
    IDENTICAL_KINDS,
    Meld,
    best_partition,
    claim_options,
    is_complete,
    kind_word,
)

HAND_SIZE = 20
#: The roles of 7.3 in words, in the order of play from the actor.
ROLE_WORDS = {
    "drawer": N_("the drawer of the card"),
    "next": N_("the next player"),
    "other": N_("the players after the next one"),
}
#: The roles allowed a non-winning meld (rules 7.3) in words, by their ``ROLE_WORDS`` keys.
ROLES_ALLOWED = {
    ("drawer",): N_("the drawer of the card"),
    ("next",): N_("the next player"),
    ("drawer", "next"): N_("the drawer of the card and the next player"),
    ("next", "other"): N_("the next player and the players after the next one"),
    ("drawer", "next", "other"): N_(
        "the drawer of the card and the next player and the players after the next one"
    ),
}
DEALT = 80
VERBS = ("pass", "claim", "win", "discard")
ROLES = ("drawer", "next", "other", "other")


class Phase(StrEnum):
    """The decision points of a deal (rules 7.2), and its end. A match is one deal (rules
    11.3): there is no break."""

    #: A seat answers the public card: ``pass``, ``claim ...`` or ``win`` (rules 7.3, 7.4).
    CLAIM = "claim"
    #: The seat whose claim took the card discards (rules 7.2 step 3).
    DISCARD = "discard"
    OVER = "over"


#: The phases' names as a refusal's context says them (translated in the context ``phase``).
PHASE_WORDS = (
    NP_("phase", "claim"),
    NP_("phase", "discard"),
    NP_("phase", "over"),
)


@dataclass(frozen=True, slots=True)
class Action:
    """One Si Se Pai decision, in its canonical REPL/save text.

    ``verb`` is ``pass``, ``claim`` or ``discard`` (``win`` is read by
    :meth:`SisepaiState.parse_action` as the first winning ``claim``); ``cards`` are the cards
    that leave the concealed hand, canonical order (empty for ``pass`` and for the bare
    ``claim`` of a public General or flower).

    >>> str(Action.parse("claim rr RR")), Action.parse("discard green-horse")
    ('claim rR rR', Action.parse('discard gH'))
    """

    verb: str
    cards: tuple[int, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Action:
        """Syntax only; raises ``InvalidActionError`` for an unknown verb, card or card count."""
        words = text.split()
        if not words:
            raise InvalidActionError(_("empty action: type pass, claim CARDS, win or discard CARD"))
        verb = words[0].lower()
        if verb not in VERBS:
            raise InvalidActionError(
                _("unknown action {word}: type pass, claim CARDS, win or discard CARD").format(
                    word=repr(words[0])
                )
            )
        if verb in ("pass", "win") and len(words) > 1:
            raise InvalidActionError(_("{verb} takes no cards").format(verb=repr(verb)))
        found: list[int] = []
        for word in words[1:]:
            try:
                found.append(parse_card(word))
            except CardError:
                raise InvalidActionError(
                    _(
                        "{action}: unknown card {card} (write e.g. rK, gP, F, or red-general)"
                    ).format(action=repr(text.strip()), card=repr(word))
                ) from None
        cards = tuple(sorted(found))
        if verb == "discard" and len(cards) != 1:
            raise InvalidActionError(_("discard takes exactly one card, e.g. 'discard gH'"))
        if verb == "claim" and len(cards) > 3:
            raise InvalidActionError(_("a claim names at most three cards from your hand"))
        return cls(verb, cards)

    def __str__(self) -> str:
        return " ".join([self.verb, *(card_str(c) for c in self.cards)])

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


PASS = Action("pass")


@dataclass(frozen=True)
class ClaimOption:
    """A legal claim of the seat to act: the action, its meld, and whether it wins."""

    action: Action
    meld: Meld
    win: bool


@dataclass(frozen=True)
class SisepaiView:
    """What one seat may see (rules 7.1): its own concealed hand and everything public.

    ``hand`` is canonical code indexes; ``exposed[s]`` the melds exposed by seat ``s``;
    ``public`` the public card with ``source`` and ``actor`` (``None`` between cards);
    ``own_response`` this seat's sealed answer in the current claim round, if given;
    ``passed_draw_round`` whether it passed on the current card in its draw round;
    ``legal`` its legal actions when it is to act (else empty); ``dead_from[i]`` who put
    ``dead[i]`` out and whether it came from the stock: ``(actor, drawn)`` (public: every seat
    saw it drawn or discarded, and every seat passed on it, rules 7.2); ``discards`` every
    discard after a claim so far, ``(seat, code)`` in order (public, rules 7.2 step 4).
    """

    seat: int
    dealer: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    exposed: tuple[tuple[Meld, ...], ...]
    public: int | None
    source: str | None
    actor: int | None
    dead: tuple[int, ...]
    stock_count: int
    to_act: int | None
    phase: Phase
    own_response: Action | None
    passed_draw_round: bool
    legal: tuple[Action, ...]
    claims: tuple[ClaimOption, ...]
    outcome: Outcome | None
    dead_from: tuple[tuple[int, bool], ...] = ()
    discards: tuple[tuple[int, int], ...] = ()

    @property
    def role(self) -> str | None:
        """This seat's role for the public card: ``drawer``, ``next`` or ``other``."""
        if self.actor is None:
            return None
        return ROLES[distance(self.actor, self.seat)]


class SisepaiState(GameState[Action, SisepaiView]):
    """One deal of Si Se Pai. Build it with :func:`new_state`.

    The base keeps the books (history, caches); this class answers :meth:`_refusal` (the rule
    an action breaks) and plays a legal action in :meth:`_apply`.
    """

    game = "sisepai"
    _phase: Phase
    action_type = Action
    _caches = ("_legal", "_options")

    def __init__(self, seed: int, deck: Sequence[int], dealer: int) -> None:
        super().__init__(seed)
        self.deck = tuple(deck)
        self.dealer = dealer
        self.hands: list[list[int]] = [[0] * NUM_CODES for _ in range(4)]
        for i in range(DEALT):
            self.hands[next_seat(dealer, i)][self.deck[i]] += 1
        self.exposed: list[list[Meld]] = [[] for _ in range(4)]
        self.stock: list[int] = list(self.deck[DEALT:])
        self.stock_pos = 0
        self.dead: list[int] = []
        #: ``(actor, drawn)`` of each card of :attr:`dead`, in the same order (public).
        self.dead_from: list[tuple[int, bool]] = []
        #: ``(seat, code)`` of each discard after a claim, in order (public).
        self.discards: list[tuple[int, int]] = []
        self.public: int | None = None
        self.source: str | None = None
        self.actor: int | None = None
        self.responders: list[int] = []
        self.responses: dict[int, tuple[Action, ClaimOption | None]] = {}
        self.draw_round_passes: set[int] = set()
        self.claimant: int | None = None
        self.outcome: Outcome | None = None
        self._phase: Phase = Phase.CLAIM
        self._legal: list[Action] | None = None
        self._options: list[ClaimOption] | None = None
        #: The claim option :meth:`_refusal` found for the action it passed (used by the next
        #: :meth:`_apply` when it plays that action; cleared by every apply).
        self._chosen: ClaimOption | None = None
        for s in range(4):
            self.events.append(Deal(s, tuple(expand(self.hands[s])), seats=frozenset({s})))
        self._draw(dealer)

    # -- protocol ------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self._phase is Phase.CLAIM:
            return self.responders[len(self.responses)]
        if self._phase is Phase.DISCARD:
            return self.claimant
        return None

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.stock_pos

    def role_of(self, seat: int) -> str:
        """``drawer``/``next``/``other`` of ``seat`` for the public card (rules 7.3)."""
        assert self.actor is not None
        return ROLES[distance(self.actor, seat)]

    def claim_options(self) -> list[ClaimOption]:
        """The legal claims of the seat to act on the public card, canonical order."""
        if self._options is None:
            self._options = []
            seat = self.to_act
            if self._phase is Phase.CLAIM and seat is not None and self.public is not None:
                assert self.source is not None
                for meld, win, taken in claim_options(
                    self.hands[seat], self.public, self.role_of(seat), self.source, as_counts=True
                ):
                    self._options.append(
                        ClaimOption(Action("claim", tuple(sorted(taken))), meld, win)
                    )
        return self._options

    def must_claim(self) -> bool:
        """Whether the seat to act is the drawer of a drawn General or flower (no ``pass``)."""
        return (
            self._phase is Phase.CLAIM
            and self.source == "draw"
            and self.to_act == self.actor
            and self.public is not None
            and (self.public == FLOWER or is_general(self.public))
        )

    def legal_actions(self) -> list[Action]:
        """``pass`` (unless forced to claim) then the claims in canonical meld order; or the
        legal discards (any concealed card but a General or a flower), canonical order."""
        if self._legal is None:
            if self._phase is Phase.CLAIM:
                legal = [] if self.must_claim() else [PASS]
                legal.extend(o.action for o in self.claim_options())
            elif self._phase is Phase.DISCARD:
                assert self.claimant is not None
                hand = self.hands[self.claimant]
                legal = [
                    Action("discard", (c,)) for c in range(FLOWER) if hand[c] and not is_general(c)
                ]
            else:
                legal = []
            self._legal = legal
        return self._legal

    def where(self) -> str:
        """The context of a refusal: ``seat 1, claim round on wP (drawn by seat 0)`` or
        ``seat 3, discard`` (the seat to act and the decision point)."""
        seat = self.to_act
        if self._phase is Phase.CLAIM:
            assert self.public is not None
            how = (
                _("claim round on {card} (drawn by seat {n})")
                if self.source == "draw"
                else _("claim round on {card} (discarded by seat {n})")
            )
            return f"seat {seat}, " + how.format(card=card_str(self.public), n=self.actor)
        if self._phase is Phase.DISCARD:
            return f"seat {seat}, " + pgettext("phase", "discard")
        return _("the deal is over")

    def parse_action(self, text: str) -> Action:
        """Read ``pass``, ``claim [CARDS]``, ``win`` or ``discard CARD`` for the seat to act and
        return the checked action (``win`` is the first winning claim, rules 8.1).

        Raises ``InvalidActionError`` for text that is no action, ``IllegalActionError`` naming
        the rule for an action not allowed here.
        """
        action = Action.parse(text)
        if self._phase is Phase.OVER:
            raise IllegalActionError(
                _("{action}: the deal is over").format(action=repr(text.strip())),
                phase=self.phase,
            )
        if action.verb == "win":
            wins = [o for o in self.claim_options() if o.win]
            if self._phase is not Phase.CLAIM:
                why = _("'win' needs a public card to claim")
            elif not wins:
                why = _(
                    "no winning claim: the concealed hand plus {card} cannot be completely melded"
                ).format(card=card_str(self.public or 0))
            else:
                self._chosen = wins[0]
                return wins[0].action
            raise IllegalActionError(f"{self.where()}: {why}", seat=self.to_act, phase=self.phase)
        error = self.refusal(action)
        if error is not None:
            raise error
        return action

    def _refusal(self, action: Action) -> str | None:
        """The rule ``action`` breaks for the seat to act (rules 5, 7.2, 7.3, 8.1), or ``None``
        when it is legal; a legal claim's option is kept for :meth:`_apply`."""
        if self._phase is Phase.CLAIM and action.verb == "claim":
            self._chosen = next((o for o in self.claim_options() if o.action == action), None)
            if self._chosen is not None:
                return None
        elif action in self.legal_actions():
            return None
        where = self.where()
        if self._phase is Phase.DISCARD:
            if action.verb != "discard":
                return f"{where}: " + _("after a claim you must discard a card (rules 7.2)")
            card = action.cards[0]
            assert self.claimant is not None
            if not self.hands[self.claimant][card]:
                why = _("{card} is not in the concealed hand").format(card=card_str(card))
                return f"{where}: {why}"
            return f"{where}: " + _("a General or a flower may never be discarded (rules 7.2)")
        assert self.public is not None and self.to_act is not None
        if action.verb == "discard":
            return f"{where}: " + _("nothing to discard now; answer pass or claim")
        if action.verb == "pass":
            return f"{where}: " + _("the drawer of a General or a flower must claim it (rules 7.3)")
        seat = self.to_act
        if self.source == "discard" and seat == self.actor:
            return f"{where}: " + _("the actor never claims their own discard (rules 7.3)")
        hand = self.hands[seat]
        need = counts_of(action.cards)
        for c in set(action.cards):
            if hand[c] < need[c]:
                if c == self.public and hand[c] == need[c] - 1:
                    why = _(
                        "list only the cards from your hand, not the public card {card} itself "
                        "(rules 8.1)"
                    ).format(card=card_str(c))
                    return f"{where}: {why}"
                if any(c in m.cards for m in self.exposed[seat]):
                    why = _(
                        "{card} x{n} is not in the concealed hand (exposed cards can never be "
                        "used, rules 7.3)"
                    )
                else:
                    why = _("{card} x{n} is not in the concealed hand")
                return f"{where}: " + why.format(card=card_str(c), n=need[c])
        cards = (self.public, *action.cards)
        try:
            meld = Meld.of(cards)
        except ValueError:
            why = _("{cards} is not a meld (rules 5)").format(cards=cards_str(sorted(cards)))
            return f"{where}: {why}"
        source = self.source
        assert source is not None
        roles = tuple(r for r in ROLE_WORDS if meld.kind in ALLOWED[(r, source)])
        kind = kind_word(meld.kind)
        if not roles:
            # never claimed without a win by anyone (a pair: never): say so, suggest no one
            if source == "draw":
                why = _("a non-winning {kind} on a drawn card is never allowed (rules 7.3)")
            else:
                why = _("a non-winning {kind} on a discard is never allowed (rules 7.3)")
            return f"{where}: " + why.format(kind=kind)
        if source == "draw":
            why = _(
                "a non-winning {kind} on a drawn card is allowed only to {who}, not to {role} "
                "(rules 7.3)"
            )
        else:
            why = _(
                "a non-winning {kind} on a discard is allowed only to {who}, not to {role} "
                "(rules 7.3)"
            )
        allowed = ROLES_ALLOWED.get(roles)
        who = _(allowed) if allowed else " and ".join(_(ROLE_WORDS[r]) for r in roles)
        role = _(ROLE_WORDS[self.role_of(seat)])
        return f"{where}: " + why.format(kind=kind, who=who, role=role)

    def _apply(self, action: Action) -> None:
        """Play the legal ``action`` of the seat to act (rules 7.2, 7.4): a sealed answer, and
        the claim round's resolution once every responder has answered; or the discard after a
        claim, which opens the card's claim round."""
        seat = self.to_act
        assert seat is not None
        if self._phase is Phase.DISCARD:
            card = action.cards[0]
            self.hands[seat][card] -= 1
            self.discards.append((seat, card))
            if not self.quiet:
                self.events.append(Discard(seat, card))
            self._open_round(card, "discard", seat)
            return
        option = self._option(action)
        self.responses[seat] = (action, option)
        if not self.quiet:
            meld = None if option is None else option.meld
            self.events.append(Respond(seat, meld, seats=frozenset({seat})))
        if len(self.responses) == len(self.responders):
            self._resolve()

    def _option(self, action: Action) -> ClaimOption | None:
        """The claim option of the claim ``action`` on the public card (``None`` for a pass):
        the one :meth:`_refusal` kept, else made here (rules 7.3, 10.1)."""
        chosen, self._chosen = self._chosen, None
        if action.verb != "claim":
            return None
        if chosen is not None and chosen.action == action:
            return chosen
        seat = self.to_act
        assert seat is not None and self.public is not None
        rest = list(self.hands[seat])
        for c in action.cards:
            rest[c] -= 1
        return ClaimOption(action, Meld.of((self.public, *action.cards)), is_complete(rest))

    def view(self, seat: int) -> SisepaiView:
        """Exactly what ``seat`` may see (rules 7.1, 7.4: responses are sealed)."""
        mine = self.responses.get(seat)
        acting = self.to_act == seat
        return SisepaiView(
            seat=seat,
            dealer=self.dealer,
            hand=tuple(expand(self.hands[seat])),
            hand_sizes=tuple(sum(h) for h in self.hands),
            exposed=tuple(tuple(m) for m in self.exposed),
            public=self.public,
            source=self.source,
            actor=self.actor,
            dead=tuple(self.dead),
            stock_count=self.stock_count,
            to_act=self.to_act,
            phase=self._phase,
            own_response=mine[0] if mine else None,
            passed_draw_round=seat in self.draw_round_passes,
            legal=tuple(self.legal_actions()) if acting else (),
            claims=tuple(self.claim_options()) if acting else (),
            outcome=self.outcome,
            dead_from=tuple(self.dead_from),
            discards=tuple(self.discards),
        )

    def result(self) -> Outcome | None:
        return self.outcome

    def zones(self) -> dict[str, list[str]]:
        """Every card by place: each seat's concealed hand and exposed melds, the public card,
        the dead pile and the stock (canonical codes)."""
        out: dict[str, list[str]] = {}
        for s in range(4):
            out[f"hand {s}"] = [card_str(c) for c in expand(self.hands[s])]
            out[f"exposed {s}"] = [card_str(c) for m in self.exposed[s] for c in m.cards]
        out["public"] = [] if self.public is None else [card_str(self.public)]
        out["dead"] = [card_str(c) for c in self.dead]
        out["stock"] = [card_str(c) for c in self.stock[self.stock_pos :]]
        return out

    def _copy_mutable(self, new: GameState) -> None:
        assert isinstance(new, SisepaiState)
        new.hands = [list(h) for h in self.hands]
        new.exposed = [list(m) for m in self.exposed]
        new.dead = list(self.dead)
        new.dead_from = list(self.dead_from)
        new.discards = list(self.discards)
        new.responses = dict(self.responses)
        new.draw_round_passes = set(self.draw_round_passes)
        new.responders = list(self.responders)

    def resample(self, seat: int, rng: random.Random) -> SisepaiState:
        """A copy in which the other seats' concealed cards and the stock are dealt anew with
        ``rng`` (hand sizes kept), ``view(seat)`` unchanged (rules 7.1). The other seats'
        answers already given in this claim round are sealed (7.4): ``seat`` cannot know
        them, so in the copy each of them is a pass (keeping a real claim, or its cards in
        that seat's hand, would tell what the seat may not see).

        The deal is weighed by what the other seats' public answers tell (:func:`tells`): of
        :data:`INFERENCE_DRAWS` deals drawn, one is taken with a chance in proportion to the
        likelihood of those answers with the hands it deals (:func:`tell_weight`)."""
        new = self.copy()
        assert isinstance(new, SisepaiState)
        if self._phase is Phase.CLAIM:
            new.responses = {
                other: (answer if other == seat else (Action("pass"), None))
                for other, answer in self.responses.items()
            }
        pool: list[int] = []
        sizes: dict[int, int] = {}
        for other in range(4):
            if other == seat:
                continue
            cards = expand(new.hands[other])
            sizes[other] = len(cards)
            pool.extend(cards)
        rest = self.stock[self.stock_pos :]
        pool.extend(rest)
        pool.sort()  # the order of the hidden cards must not tell where they are
        told = tells(self.dead, self.dead_from, self.discards, seat)
        chosen: list[int] = pool
        if any(told.values()):
            deals: list[list[int]] = []
            weights: list[float] = []
            for _draw in range(INFERENCE_DRAWS):
                order = list(pool)
                rng.shuffle(order)
                weight, pos = 1.0, 0
                for other, size in sizes.items():
                    weight *= tell_weight(counts_of(order[pos : pos + size]), told[other])
                    pos += size
                deals.append(order)
                weights.append(weight)
            chosen = weighed_choice(deals, weights, rng)
        else:
            rng.shuffle(pool)
        pos = 0
        for other, size in sizes.items():
            new.hands[other] = counts_of(chosen[pos : pos + size])
            pos += size
        new.stock = list(self.stock[: self.stock_pos]) + chosen[pos:]
        new._invalidate()
        new._chosen = None
        return new

    def partial_result(self) -> dict[str, Any]:
        """``{"winner", "score", "melds"}`` (cli.md); all empty while the deal goes on."""
        if self.outcome is not None:
            return dict(self.outcome.data)
        return {"winner": None, "score": None, "melds": []}

    # -- automatic steps -------------------------------------------------------------------
    def _draw(self, seat: int) -> None:
        """rules 7.2 step 1: ``seat`` draws publicly, or the deal ends on an empty stock."""
        if self.stock_pos >= len(self.stock):
            self.public = self.source = self.actor = None
            self._end(
                Outcome(
                    "exhausted",
                    None,
                    f"Draw: seat {seat} must draw and the stock is empty; nobody scores.",
                    {"winner": None, "score": None, "melds": []},
                )
            )
            if not self.quiet:
                self.events.append(Exhausted())
            return
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        if not self.quiet:
            self.events.append(Draw(seat, card))
        self.draw_round_passes = set()
        self._open_round(card, "draw", seat)

    def _open_round(self, card: int, source: str, actor: int) -> None:
        self.public, self.source, self.actor = card, source, actor
        first = actor if source == "draw" else next_seat(actor)
        count = 4 if source == "draw" else 3
        self.responders = [next_seat(first, k) for k in range(count)]
        self.responses = {}
        self.claimant = None
        self._phase = Phase.CLAIM

    def claim_rank(self, seat: int, option: ClaimOption) -> tuple[int, int]:
        """The priority of a claim (rules 7.4): ``(rank, distance from the actor)``."""
        assert self.actor is not None
        d = distance(self.actor, seat)
        drawer = self.source == "draw" and seat == self.actor
        if option.win:
            rank = 0 if drawer else 1
        elif option.meld.kind in IDENTICAL_KINDS:
            rank = 2
        elif drawer:
            rank = 3
        else:
            rank = 4
        return rank, d

    def _resolve(self) -> None:
        """rules 7.4: the best-ranked claim takes the card; else the next step of 7.2."""
        claims = [(self.claim_rank(s, o), s, o) for s, (_, o) in self.responses.items() if o]
        # the card came from the stock: its draw round, or the discard round after it (7.2)
        drawn = self.source == "draw" or bool(self.draw_round_passes)
        if self.source == "draw" and not claims:
            self.draw_round_passes = set(self.responses)
        else:
            self.draw_round_passes = set()
        if not claims:
            assert self.public is not None and self.actor is not None
            if self.source == "draw":
                self._open_round(self.public, "discard", self.actor)
                return
            self.dead.append(self.public)
            self.dead_from.append((self.actor, drawn))
            if not self.quiet:
                self.events.append(Dead(self.public))
            self._draw(next_seat(self.actor))
            return
        _, seat, option = min(claims, key=lambda t: t[0])
        hand = self.hands[seat]
        won = self.public
        assert won is not None
        counts = list(hand)
        counts[won] += 1
        for c in option.action.cards:
            hand[c] -= 1
        if not self.quiet:
            self.events.append(Claim(seat, option.meld, won, drawn))
        if option.win:
            best = best_partition(counts)
            assert best is not None
            score, melds = best
            fixed = self.exposed[seat]
            allm = sorted(melds + fixed, key=lambda m: m.cards)
            total = score + sum(m.points for m in fixed)
            self.exposed[seat].append(option.meld)
            self.public = None
            if not self.quiet:
                self.events.append(Win(seat, total))
            self._end(
                Outcome(
                    "win",
                    seat,
                    f"Seat {seat} wins with {total} points.",
                    {"winner": seat, "score": total, "melds": [m.to_json() for m in allm]},
                    score=total,
                )
            )
            return
        self.exposed[seat].append(option.meld)
        self.public = self.source = None
        self.claimant = seat
        self._phase = Phase.DISCARD

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self._phase = Phase.OVER
        self.responders = []
        self.responses = {}


#: Deals drawn for each sample of :meth:`SisepaiState.resample`, one of them kept by weight.
INFERENCE_DRAWS = 8
#: How likely a seat passes on a public card it could claim (rules 7.3) as an identical
#: ``triple``/``quad`` (it holds two copies) and as a mixed set, and how likely it discards a
#: card of which it keeps a copy, or which makes a mixed set with cards it keeps: measured on
#: 300 deals of four ``basic`` players (13% and 38% of such answers were passes; 6% and 7% of
#: discards), each pulled towards 1 so that players who play otherwise are not ruled out.
#: Passing with no claim at hand, or discarding a lone card, has likelihood 1.
PASS_IDENTICAL = 0.2
PASS_MIXED = 0.5
DISCARD_COPY = 0.25
DISCARD_MIXED = 0.5


@dataclass(frozen=True)
class Tells:
    """What one seat's public answers say of its concealed hand (:func:`tells`): the codes
    of the dead cards it passed on where an identical claim was open to it (``ident``) and
    where a mixed claim was (``mixed``), and the codes it discarded (``discarded``)."""

    ident: frozenset[int]
    mixed: frozenset[int]
    discarded: frozenset[int]

    def __bool__(self) -> bool:
        return bool(self.ident or self.mixed or self.discarded)


def tells(
    dead: Sequence[int],
    dead_from: Sequence[tuple[int, bool]],
    discards: Sequence[tuple[int, int]],
    seat: int,
) -> dict[int, Tells]:
    """The :class:`Tells` of every seat but ``seat``, from public facts only: a dead card is
    one every seat passed on (rules 7.2), and everyone may claim a ``triple`` or ``quad`` of
    it, the next seat and the drawer of a drawn card a mixed set too, the discarder nothing
    (7.3); a discard is seen by all."""
    others = [s for s in range(4) if s != seat]
    ident: dict[int, set[int]] = {s: set() for s in others}
    mixed: dict[int, set[int]] = {s: set() for s in others}
    thrown: dict[int, set[int]] = {s: set() for s in others}
    for code, (actor, drawn) in zip(dead, dead_from, strict=True):
        for s in others:
            role = ROLES[distance(actor, s)]
            if role == "drawer" and not drawn:
                continue  # nobody claims their own discard
            ident[s].add(code)
            if role != "other":
                mixed[s].add(code)
    for s, code in discards:
        if s != seat:
            thrown[s].add(code)
    return {
        s: Tells(frozenset(ident[s]), frozenset(mixed[s]), frozenset(thrown[s])) for s in others
    }


def tell_weight(counts: Sequence[int], told: Tells) -> float:
    """The likelihood (up to a constant) of a seat's public answers (:class:`Tells`) if its
    concealed hand is ``counts``: a factor :data:`PASS_IDENTICAL` for each code of
    ``told.ident`` it holds twice or more, :data:`PASS_MIXED` for each code of ``told.mixed``
    it could meld with two cards of a mixed set, :data:`DISCARD_COPY` for each discarded code
    it holds, and :data:`DISCARD_MIXED` for each discarded code that makes a mixed set with
    its cards. A concealed hand only loses cards, so what it holds now it held then."""
    weight = 1.0
    for code in told.ident:
        if counts[code] >= 2:
            weight *= PASS_IDENTICAL
    for code in told.mixed:
        if mixed_open(code, counts):
            weight *= PASS_MIXED
    for code in told.discarded:
        if counts[code]:
            weight *= DISCARD_COPY
        if mixed_open(code, counts):
            weight *= DISCARD_MIXED
    return weight


def mixed_open(code: int, counts: Sequence[int]) -> bool:
    """Whether ``counts`` holds the cards that make a mixed set with ``code`` (rules 5)."""
    colour, piece = divmod(code, 7)
    if piece == 6:
        return sum(1 for c in range(4) if c != colour and counts[7 * c + 6]) >= 2
    base = 7 * colour + (0 if piece <= 2 else 3)
    return all(counts[base + p] for p in range(3) if base + p != code)


def new_state(
    seed: int = 0,
    deck: Sequence[str] | Sequence[int] | None = None,
    dealer: int | None = None,
    match: dict[str, Any] | None = None,
) -> SisepaiState:
    """A new deal (rules 6): from ``deck`` (117 cards, index 0 = top, canonical text or code
    indexes; uses no random numbers) or shuffled by ``random.Random(seed)``; the dealer is
    drawn from the same generator when not given (after the shuffle).

    Raises ``ValueError`` if ``deck`` is not exactly the pack or ``dealer`` is not a seat.
    """
    if match:
        raise ValueError(f"Si Se Pai has no match state: {', '.join(match)}")
    if seed < 0:
        raise ValueError(f"the seed must be 0 or more, not {seed}")
    rng = random.Random(seed)
    if deck is None:
        codes = [parse_card(c) for c in PACK]
        rng.shuffle(codes)
    else:
        codes = [c if isinstance(c, int) else parse_card(c) for c in deck]
        if sorted(codes) != sorted(parse_card(c) for c in PACK):
            check_deck(PACK, (card_str(c) for c in codes))
    if dealer is None:
        dealer = rng.randrange(4)
    elif dealer not in (0, 1, 2, 3):
        raise ValueError(f"dealer must be a seat 0..3, not {dealer!r}")
    state = SisepaiState(seed, codes, dealer)
    state.rng = rng
    return state
