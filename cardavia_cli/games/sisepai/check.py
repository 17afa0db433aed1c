"""``check``: Si Se Pai's win check as a calculator (cli.md; rules/sisepai.md 10, 13.2, 13.3).

One answer for both forms of ``cardavia sisepai check``: the single form (cards on the command
line) calls :func:`check_hand`; the batch form (``check -``, one hand per input line) calls
:func:`check_line` on each line's words, which reads the same options as the command line
(:func:`parse_check_words`), then calls :func:`check_hand`. Both give a :class:`CheckAnswer`,
whose :meth:`~CheckAnswer.to_json` is the ``--json`` document of cli.md and
:meth:`~CheckAnswer.to_json_text` the same document as the text ``json.dumps`` writes, made
from pieces written once (the batch form answers tens of thousands of hands a second).
Nothing here prints.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardaviaError, CardError, HandError
from cardavia_cli.engine.i18n import _
from cardavia_cli.games.sisepai.cards import CODES, card_str, parse_cards
from cardavia_cli.games.sisepai.melds import Meld, best_win, meld_of_sorted, waits

#: The ``reason`` of a 21-card hand that is not a win.
NO_WIN_REASON = "the concealed cards cannot be completely melded"
#: The ``reason`` of a 20-card waits answer (cli.md).
WAITS_REASON = "20 cards"
#: The options a line of the batch form may hold: the command line's own.
EXPOSED_OPTIONS = ("--exposed", "-e")
JSON_OPTION = "--json"

#: The code index of each canonical card text (the common spelling, read without a call).
_CODE_OF: dict[str, int] = {code: i for i, code in enumerate(CODES)}
#: Each code as a JSON string.
_CODE_JSON: tuple[str, ...] = tuple(json.dumps(code) for code in CODES)
#: The JSON text of a 21-card hand that is no win, and the start of a waits answer.
_NO_WIN_JSON = json.dumps(
    {"win": False, "score": None, "melds": [], "reason": NO_WIN_REASON}, ensure_ascii=False
)
_WAITS_JSON = json.dumps(
    {"win": False, "score": None, "melds": [], "reason": WAITS_REASON}, ensure_ascii=False
)[:-1]
#: The JSON text of each meld met so far, by its cards (which decide its kind); there are
#: fewer than 200 melds.
_MELD_JSON: dict[tuple[int, ...], str] = {}


def _meld_json(meld: Meld) -> str:
    """``json.dumps(meld.to_json(), ensure_ascii=False)``, kept for the next time."""
    text = _MELD_JSON.get(meld.cards)
    if text is None:
        text = _MELD_JSON[meld.cards] = json.dumps(meld.to_json(), ensure_ascii=False)
    return text


@dataclass(frozen=True, slots=True)
class CheckAnswer:
    """The answer to one ``check``.

    ``win`` and ``score`` (``None`` unless a win); ``melds``, the whole best arrangement in
    canonical order, exposed melds included (empty unless a win); ``exposed``, the exposed
    melds as given; ``reason`` (``None`` for a win); ``waits``, the codes that complete a
    20-card hand in canonical order (``None`` for a 21-card hand).
    """

    win: bool
    score: int | None
    melds: tuple[Meld, ...]
    exposed: tuple[Meld, ...]
    reason: str | None
    waits: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, object]:
        """The ``--json`` document of cli.md: ``{"win", "score", "melds", "reason"}``, plus
        ``"waits"`` (canonical card codes) for a 20-card hand."""
        doc: dict[str, object] = {
            "win": self.win,
            "score": self.score,
            "melds": [m.to_json() for m in self.melds],
            "reason": self.reason,
        }
        if self.waits is not None:
            doc["waits"] = [card_str(c) for c in self.waits]
        return doc

    def to_json_text(self) -> str:
        """:meth:`to_json` as JSON text, exactly ``json.dumps(self.to_json(),
        ensure_ascii=False)`` (one line), made from pieces written once."""
        if self.waits is not None:
            codes = ", ".join([_CODE_JSON[c] for c in self.waits])
            return f'{_WAITS_JSON}, "waits": [{codes}]}}'
        if not self.win:
            if self.reason == NO_WIN_REASON and not self.melds and self.score is None:
                return _NO_WIN_JSON
            return json.dumps(self.to_json(), ensure_ascii=False)
        melds = ", ".join(map(_meld_json, self.melds))
        return f'{{"win": true, "score": {self.score}, "melds": [{melds}], "reason": null}}'


def check_hand(cards: Sequence[str], exposed: Sequence[str] = ()) -> CheckAnswer:
    """Is this hand a win, and for how much; with 20 cards, which cards complete it.

    ``cards`` are the concealed card texts (any notation of rules 3.2); ``exposed`` holds one
    string per exposed meld, its cards separated by spaces. With 21 cards in all the best
    arrangement is chosen (rules 10.3, 13.2); with 20 the answer lists the waits (13.3).

    Raises :class:`~cardavia_cli.engine.errors.CardError` for a text that is not a card (the
    first one, concealed cards before exposed melds) and
    :class:`~cardavia_cli.engine.errors.HandError` for an exposed group that is not a meld
    (rules section 5), a total other than 20 or 21, or more copies of a card than the pack
    holds (rules section 2).
    """
    concealed = _parse(cards)
    fixed: list[Meld] = []
    total = len(concealed)
    for text in exposed:
        try:
            codes = _parse(text.split())
        except CardError as exc:
            raise CardError(
                _("--exposed {meld}: {problem}").format(meld=repr(text), problem=exc)
            ) from None
        codes.sort()
        meld = meld_of_sorted(tuple(codes))
        if meld is None:
            raise HandError(
                _("--exposed {meld} is not a meld (rules section 5)").format(meld=repr(text))
            )
        fixed.append(meld)
        total += len(codes)
    if total not in (20, 21):
        raise HandError(_("a hand has 21 cards (20 to ask for waits), not {n}").format(n=total))
    fixed_melds = tuple(fixed)
    try:
        if total == 20:
            found = waits(concealed, fixed)
            return CheckAnswer(False, None, (), fixed_melds, WAITS_REASON, tuple(found))
        result = best_win(concealed, fixed)
    except ValueError as exc:  # more copies than the pack holds
        raise HandError(str(exc)) from None
    if result is None:
        return CheckAnswer(False, None, (), fixed_melds, NO_WIN_REASON)
    score, melds = result
    return CheckAnswer(True, score, tuple(melds), fixed_melds, None)


def _parse(texts: Sequence[str]) -> list[int]:
    """:func:`~cardavia_cli.games.sisepai.cards.parse_cards`, canonical texts read at once."""
    try:
        return list(map(_CODE_OF.__getitem__, texts))
    except KeyError:  # an alias, or no card: the full parser says which
        return parse_cards(texts)


def parse_check_words(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split the words that follow ``check`` on a command line into ``(cards, exposed)``.

    Reads what the command line reads: ``--exposed MELD``, ``--exposed=MELD``, ``-e MELD`` and
    ``-eMELD`` (repeatable; the value is the next word whatever it looks like), ``--json``
    (accepted, no effect: every batch answer is JSON), ``--`` (every later word is a card);
    options may come before, between or after the cards. Raises
    :class:`~cardavia_cli.engine.errors.CardaviaError` for an unknown option, ``--json`` with
    a value, or an option missing its value.
    """
    if "-" not in " ".join(words):  # no option at all (nearly every line): all cards
        return list(words), []
    cards: list[str] = []
    exposed: list[str] = []
    i, n = 0, len(words)
    while i < n:
        word = words[i]
        i += 1
        if word[:1] != "-" or word == "-":
            cards.append(word)
        elif word == "--":
            cards.extend(words[i:])
            break
        elif word in EXPOSED_OPTIONS:
            if i == n:
                raise CardaviaError(
                    _('option {option} needs a meld, e.g. {option} "rP yP wP"').format(option=word)
                )
            exposed.append(words[i])
            i += 1
        elif word.startswith("--exposed="):
            exposed.append(word[len("--exposed=") :])
        elif word.startswith("-e"):
            exposed.append(word[2:])
        elif word == JSON_OPTION:
            continue
        elif word.startswith(JSON_OPTION + "="):
            raise CardaviaError(
                _("option {option} takes no value: {word}").format(
                    option=JSON_OPTION, word=repr(word)
                )
            )
        else:
            raise CardaviaError(
                _(
                    "no such option {word} (a line holds cards, --exposed/-e MELD and --json)"
                ).format(word=repr(word))
            )
    return cards, exposed


def check_words(words: Sequence[str]) -> CheckAnswer:
    """The answer for the words that would follow ``check`` on a command line (one line of
    the batch form, already split shell-like). Raises
    :class:`~cardavia_cli.engine.errors.CardaviaError` (see :func:`parse_check_words` and
    :func:`check_hand`)."""
    cards, exposed = parse_check_words(words)
    return check_hand(cards, exposed)


def check_line(words: Sequence[str]) -> str:
    """The answer for one line of the batch form as JSON text:
    ``check_words(words).to_json_text()``. Raises as :func:`check_words`."""
    cards, exposed = parse_check_words(words)
    return check_hand(cards, exposed).to_json_text()
