"""The typed command words of the REPL, for the message catalogs (domain ``verbs``).

Every command of a session may be typed with its English verb (and its aliases) or with the
word the language spoken now gives it, ``pgettext("verb", VERB)`` (Turkish ``pas`` for
``pass``; :attr:`~.commands.Command.word`). :func:`messages` lists every verb of every
registered game, from the registries a session builds (:func:`~.commands.session_registry`
over each game's UI), so that the catalog cannot drift from the commands;
``tools/catalogs.py`` makes ``cardavia_cli/locale/verbs.pot`` from it.
"""

from __future__ import annotations

from cardavia_cli.repl.commands import BUILTINS, Command, session_registry

#: The context of the typed command words in the catalogs.
CONTEXT = "verb"


def shipped_games() -> list[str]:
    """The registered games that cardavia ships (a package under ``cardavia_cli``; not a game
    the tests register)."""
    from cardavia_cli.games import GAMES, MODULES

    return [game for game in GAMES if MODULES[game].startswith("cardavia_cli.")]


def session_commands(games: list[str] | None = None) -> dict[str, list[Command]]:
    """The commands of a session of each game of ``games`` (default :func:`shipped_games`), by
    game name, in registry order."""
    from cardavia_cli.repl.hooks import load_ui

    chosen = shipped_games() if games is None else games
    return {game: list(session_registry(load_ui(game))) for game in chosen}


def verbs() -> list[str]:
    """Every command verb of every game cardavia ships and every interface command, once each, in
    the order they are met (each game's registry in turn, then the interface commands no game
    of them has)."""
    seen: dict[str, None] = {}
    for commands in session_commands().values():
        for cmd in commands:
            seen.setdefault(cmd.verb, None)
    for cmd in BUILTINS:
        seen.setdefault(cmd.verb, None)
    return list(seen)


def messages() -> list[tuple[str, str]]:
    """The catalog's messages: ``("verb", VERB)`` for every verb of :func:`verbs`."""
    return [(CONTEXT, verb) for verb in verbs()]
