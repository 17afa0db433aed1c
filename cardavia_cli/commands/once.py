"""An option that takes one value, given twice, is a usage error (cli.md: exit 2), not the
last value taken without a word: ``guandan check --beats "9S 9D" --beats "KS KD"`` does not
say which table is meant, and ``--lang tr --lang ar`` would be read one way before the parse
(:func:`cardavia_cli.app.lang_option`) and the other way by it.

Options that may be repeated (``--dead 1 --dead 2``, declared as lists) and flags
(``--json --json`` says the same thing twice) are not checked.
"""

from __future__ import annotations

from typing import Any

from cardavia_cli.engine.i18n import _


def _single_valued(param: Any) -> bool:
    """Whether ``param`` (a parameter of the built command tree) is an option that takes one
    value: not repeatable, not a counter, not a flag."""
    return (
        getattr(param, "param_type_name", "") == "option"
        and not getattr(param, "multiple", False)
        and not getattr(param, "count", False)
        and not getattr(param, "is_flag", False)
    )


def _checked_parser(make_parser: Any) -> Any:
    def make(ctx: Any) -> Any:
        parser = make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args: list[str]) -> Any:
            opts, rest, order = parse(args)
            seen: set[int] = set()
            for param in order:
                if not _single_valued(param):
                    continue
                if id(param) in seen:
                    name = max(param.opts, key=len)
                    ctx.fail(
                        _("option '{option}' is given more than once: give it once").format(
                            option=name
                        )
                    )
                seen.add(id(param))
            return opts, rest, order

        parser.parse_args = parse_args
        return parser

    return make


def given_once(command: Any) -> None:
    """Make every command of the built tree ``command`` (in place) refuse an option that takes
    one value given more than once, as a usage error: one line, exit 2 (module docstring)."""
    command.make_parser = _checked_parser(command.make_parser)
    for sub in getattr(command, "commands", {}).values():
        given_once(sub)


__all__ = ["given_once"]
