"""The cap on a searching computer player's CPU time per decision, from the environment
(``CARDAVIA_SEARCH_BUDGET``), read without loading the search (a ``check`` command stays light).
See :mod:`cardavia_cli.engine.search`.
"""

from __future__ import annotations

import os

from cardavia_cli.engine.i18n import _
from cardavia_cli.engine.numbers import parse_decimal

#: The environment variable that sets the cap on a search's CPU time per decision (seconds).
BUDGET_ENV = "CARDAVIA_SEARCH_BUDGET"
#: The cap without it: one second of CPU per decision (the issue's budget).
DEFAULT_BUDGET = 1.0
#: The words of :data:`BUDGET_ENV` for no cap.
NO_BUDGET = ("off", "none", "0")


def budget_from_env() -> tuple[float | None, str | None]:
    """The cap :data:`BUDGET_ENV` sets (:func:`parse_budget` of its value; unset:
    :data:`DEFAULT_BUDGET`), and a problem line when its value is none. Never raises."""
    return parse_budget(os.environ.get(BUDGET_ENV, ""))


def parse_budget(text: str) -> tuple[float | None, str | None]:
    """A cap on a search's CPU time per decision from ``text``, and a problem line.

    Seconds above 0 (``0.5``, ``2``), or ``off``/``none``/``0`` for no cap (``None``: every
    decision plays all its samples). Empty: :data:`DEFAULT_BUDGET`; a value that is neither:
    :data:`DEFAULT_BUDGET` and the problem, in words. Never raises.

    >>> parse_budget("off"), parse_budget("2.5"), parse_budget(""), parse_budget("1e9")[0]
    ((None, None), (2.5, None), (1.0, None), 1.0)
    """
    text = text.strip()
    if not text:
        return DEFAULT_BUDGET, None
    if text.lower() in NO_BUDGET:
        return None, None
    value = parse_decimal(text)
    if value is not None:
        return (value if value > 0 else None), None  # 0.0 as 0: no cap
    return DEFAULT_BUDGET, _(
        "{name}={value} is not a time: seconds of CPU per decision (0.5, 2) or off; "
        "{default} s is used"
    ).format(name=BUDGET_ENV, value=repr(text), default=DEFAULT_BUDGET)
