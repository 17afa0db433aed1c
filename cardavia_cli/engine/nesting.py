"""Reading TOML and JSON of our own files as values: the parsers recurse once per level of
nesting, so a document nested a few thousand deep (``a = [[[[...]]]]``) would end in a
``RecursionError`` wherever it is read. Every file cardavia reads itself (deal files and
saves, ``settings.toml``, the scores ledger's columns) is read through :func:`load_toml` or
:func:`load_json`, which refuse anything nested deeper than :data:`MAX_DEPTH` as malformed
input, never as a crash. Nothing cardavia writes nests more than a few levels.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from typing import Any

#: The deepest nesting of arrays and tables (the top-level table counts 1) accepted in a file
#: cardavia reads.
MAX_DEPTH = 16


class TooDeepError(tomllib.TOMLDecodeError):
    """A document nested deeper than allowed (a ``TOMLDecodeError``, so that whoever reads
    TOML already refuses it as malformed; a ``ValueError`` for JSON readers)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"arrays or tables nested more than {limit} deep")
        self.limit = limit


def deeper_than(value: object, limit: int) -> bool:
    """Whether ``value`` (parsed TOML or JSON) nests lists and tables more than ``limit``
    deep; the top level counts 1. Walks without recursion.

    >>> deeper_than({"a": [[1]]}, 3), deeper_than({"a": [[1]]}, 2)
    (False, True)
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def load_toml(text: str, limit: int = MAX_DEPTH) -> dict[str, Any]:
    """The TOML document ``text``. Raises ``tomllib.TOMLDecodeError`` for malformed TOML, for
    an integer too long to convert, and (:class:`TooDeepError`) for nesting deeper than
    ``limit``, which the parser itself meets as a ``RecursionError``.

    >>> load_toml("a = [[1]]")
    {'a': [[1]]}
    >>> load_toml("a = " + "[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    cardavia_cli.engine.nesting.TooDeepError: arrays or tables nested more than 16 deep
    """
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise TooDeepError(limit) from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError as exc:  # an integer of more digits than Python converts
        raise tomllib.TOMLDecodeError(str(exc)) from None
    if deeper_than(data, limit):
        raise TooDeepError(limit)
    return data


def load_json(text: str | bytes, limit: int = MAX_DEPTH, **options: Any) -> Any:
    """The JSON value ``text`` (``options`` go to :func:`json.loads`). Raises ``ValueError``
    for malformed JSON and (:class:`TooDeepError`) for nesting deeper than ``limit``."""
    try:
        data = json.loads(text, **options)
    except RecursionError:
        raise TooDeepError(limit) from None
    if deeper_than(data, limit):
        raise TooDeepError(limit)
    return data
