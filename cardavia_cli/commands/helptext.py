"""The command line's help in the language spoken (domain ``help``).

The help texts are written once, in English, where the commands are declared (Typer's
``help=`` and docstrings). :func:`messages` lists every one of them from the built command
tree (each command's help and short help, each parameter's help, the help option's), so the
catalog cannot drift from the commands: ``tools/catalogs.py`` makes ``locale/help.pot`` from
it. :func:`translate` replaces those texts in a built tree by their translation in the
language spoken now; :func:`cardavia_cli.app.main` calls it right after building the tree,
so ``--help``, the plain help off a terminal and shell completion are in that language. The
man pages are built from a fresh, untranslated tree (:mod:`cardavia_cli.manpages`): they stay
English.

>>> texts = messages()
>>> "Print one JSON document." in texts and "Show this message and exit." in texts
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardavia_cli.commands.plainhelp import walk
from cardavia_cli.engine import i18n

#: The help option's text (written by the parser under every command's options).
HELP_OPTION = "Show this message and exit."
#: Typer's panel titles of the rich help on a terminal (``typer.rich_utils``), in English.
PANELS: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
}


#: The module of the root Typer app (the layer above this one).
ROOT_MODULE = "cardavia_cli.app"


def _tree() -> Any:
    """cardavia's command tree, freshly built (English). Only the catalog tool asks for it
    (:func:`messages`): the root app is the layer above the commands, so it is looked up by
    name, as the console script finds it, never imported by this layer when cardavia runs."""
    import importlib

    import typer

    app = importlib.import_module(ROOT_MODULE).app
    return typer.main.get_command(app)


def _help_option(command: Any, names: list[str]) -> Any:
    """The help option of ``command`` (the parser makes it once per command, with the
    root's option names ``names``, which every command inherits)."""
    import typer

    if not getattr(command, "add_help_option", False):
        return None
    ctx = typer.Context(command, info_name=command.name, help_option_names=names)
    return command.get_help_option(ctx)


def _texts(root: Any) -> Iterator[tuple[Any, str]]:
    """``(holder, attribute)`` for every help text of the tree under ``root``: each command's
    ``help`` and ``short_help``, each parameter's ``help``, the help option's."""
    names = (root.context_settings or {}).get("help_option_names", ["--help"])
    for _path, command in walk(root):
        for attr in ("help", "short_help"):
            if isinstance(getattr(command, attr, None), str):
                yield command, attr
        for param in getattr(command, "params", []):
            if isinstance(getattr(param, "help", None), str):
                yield param, "help"
        option = _help_option(command, names)
        if option is not None and isinstance(option.help, str):
            yield option, "help"


def messages() -> list[str]:
    """Every help text of cardavia's command tree, each once, in the tree's order (the
    messages of the ``help`` domain; Typer's own panel titles too)."""
    out: dict[str, None] = {}
    for holder, attr in _texts(_tree()):
        text = getattr(holder, attr)
        if text.strip():
            out[text] = None
    out[HELP_OPTION] = None
    for title in PANELS.values():
        out[title] = None
    return list(out)


def translate(command: Any, *, panels: bool = False) -> None:
    """Replace every help text of the built tree ``command`` (in place) by its translation in
    the language spoken now (nothing to do in English). With ``panels`` (the rich help of a
    terminal), Typer's panel titles (Arguments, Options, Commands) are translated too."""
    if i18n.language() == i18n.SOURCE_LANGUAGE:
        return
    for holder, attr in _texts(command):
        setattr(holder, attr, i18n._(getattr(holder, attr)))
    if panels:
        from typer import rich_utils

        for name, title in PANELS.items():
            setattr(rich_utils, name, i18n._(title))


__all__ = ["HELP_OPTION", "PANELS", "messages", "translate"]
