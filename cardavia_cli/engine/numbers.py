"""Whole numbers typed by a person or written in a file, read strictly.

``str.isdigit`` accepts characters that ``int`` refuses (``"²"``), and ``int`` accepts text
that nobody means as a number here (``"1_000"``, ``" 7 "``, ``"+7"``, Arabic-Indic or
full-width digits). Every number the program reads from text goes through :func:`parse_int`,
which accepts ASCII digits only, with an optional leading ``-``.

>>> parse_int("42"), parse_int("-5"), parse_int("²"), parse_int("1_000"), parse_int("")
(42, -5, None, None, None)
"""

from __future__ import annotations

import re

_INTEGER = re.compile(r"-?[0-9]+")


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
