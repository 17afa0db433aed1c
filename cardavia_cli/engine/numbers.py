"""Whole numbers typed by a person or written in a file, read strictly.

``str.isdigit`` accepts characters that ``int`` refuses (``"²"``), and ``int`` accepts text
that nobody means as a number here (``"1_000"``, ``" 7 "``, ``"+7"``, Arabic-Indic or
full-width digits). Every number the program reads from text goes through :func:`parse_int`,
which accepts ASCII digits only, with an optional leading ``-``.

>>> parse_int("42"), parse_int("-5"), parse_int("²"), parse_int("1_000"), parse_int("")
(42, -5, None, None, None)

Numbers with a fraction (a pace, a time budget) are read the same way by :func:`parse_decimal`:
ASCII digits and one optional ``.``, never ``float``'s exponents, underscores, ``nan`` or
other digits.

>>> parse_decimal("0.3"), parse_decimal(".5"), parse_decimal("0_5"), parse_decimal("1e3")
(0.3, 0.5, None, None)

A seed is read in one way wherever it comes from (an option, the lobby, the REPL's ``new``, a
deal file): :func:`seed_problem` says why a number is not one.

>>> seed_problem(7), seed_problem(-1), parse_seed("-0"), parse_seed("9223372036854775808")
(None, 'a seed is 0 or more, not -1', 0, None)

A count (how many deals to play, processes to start, samples to draw; which decision to start
from) is a :class:`Count`: a whole number from its least value up, and at most a limit of its
own, with its own reason, never the seed's.

>>> DEALS = Count(1, 1000, N_("{text} is more deals than a run plays (at most {most})"))
>>> DEALS.parse("12"), DEALS.problem("0"), DEALS.problem("5000")
(12, "'0' is not a whole number 1 or more", "'5000' is more deals than a run plays (at most 1000)")
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardavia_cli.engine.i18n import N_, _

_INTEGER = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


def parse_int(text: str) -> int | None:
    """``text`` as an integer if it is exactly an optional ``-`` and ASCII digits ``0-9``
    (no spaces, signs ``+``, underscores or other digits), else ``None``; also ``None`` for
    more digits than Python converts (about 4300). Never raises."""
    if not _INTEGER.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:  # longer than sys.get_int_max_str_digits()
        return None


def parse_decimal(text: str) -> float | None:
    """``text`` as a number 0 or more if it is exactly ASCII digits with an optional
    fraction (``2``, ``0.25``, ``.5``, ``1.``), else ``None`` (no sign, spaces, exponent,
    underscore, ``inf``/``nan`` or other digits). Never raises."""
    if len(text) > 40 or not _DECIMAL.fullmatch(text):
        return None
    return float(text)


#: The largest seed: a deal file (TOML) holds signed 64-bit integers.
MAX_SEED = 2**63 - 1


def seed_problem(value: int) -> str | None:
    """Why ``value`` is not a seed (0 to :data:`MAX_SEED`), in words, or ``None``."""
    if value < 0:
        return _("a seed is 0 or more, not {value}").format(value=value)
    if value > MAX_SEED:
        return _("a seed is at most {max} (a deal file holds 64-bit integers), not {value}").format(
            max=MAX_SEED, value=value
        )
    return None


def parse_seed(text: str) -> int | None:
    """``text`` as a seed (:func:`parse_int`, then 0 to :data:`MAX_SEED`), else ``None``."""
    value = parse_int(text)
    return value if value is not None and seed_problem(value) is None else None


@dataclass(frozen=True, slots=True)
class Count:
    """How many of something a person may ask for: a whole number from ``least`` up to
    ``most`` (``None``: no bound but the one of :func:`parse_int`). ``too_many`` is the reason
    there is no more, a message marked with ``N_`` and filled with ``text`` (as typed, quoted)
    and ``most``, e.g. ``"{text} is more deals than a run plays (at most {most})"``: each
    count says why it stops where it does (a seed's reason is a seed's)."""

    least: int
    most: int | None = None
    too_many: str = N_("{text} is more than {most}")

    def problem(self, text: str) -> str | None:
        """Why ``text`` is not this count (one clause naming ``text``), or ``None``."""
        value = parse_int(text.strip())
        if value is None or value < self.least:
            return _("{text} is not a whole number {least} or more").format(
                text=repr(text), least=self.least
            )
        if self.most is not None and value > self.most:
            return _(self.too_many).format(text=repr(text), most=self.most)
        return None

    def parse(self, text: str) -> int:
        """``text`` as this count; raises ``ValueError`` with :meth:`problem` as its
        message."""
        why = self.problem(text)
        if why is not None:
            raise ValueError(why)
        return int(text.strip())


#: A review's ``--from N`` (the command's and the REPL's): the seat's real decisions are
#: numbered from 1, as the review's ``#`` column shows them; the last one is the game's own
#: count (:func:`~cardavia_cli.engine.review.start_problem`).
START = Count(1)
#: A review's ``--samples`` (the command's and the REPL's): at least one sampled deal per
#: decision; at most 100000 (each candidate keeps every sample's score, and a decision then
#: takes hours).
SAMPLES = Count(
    1, 100_000, N_("{text} is more sampled deals than a decision is searched with (at most {most})")
)
