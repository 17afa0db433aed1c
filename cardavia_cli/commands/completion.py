"""Shell completion for bash, zsh and fish: ``cardavia --show-completion SHELL`` prints the
script, ``cardavia --install-completion SHELL`` installs it. The scripts call ``cardavia`` back
with Click's ``_CARDAVIA_COMPLETE`` environment protocol (``complete_bash``, ``complete_zsh``,
``complete_fish``; Click's own order, ``bash_complete``, is read too); the help strings in the
answers are plain text (Typer takes the rich markup out).

Beside the commands and options, the values that cardavia knows are completed (the
``autocompletion`` functions below, each ``(ctx, incomplete) -> [(value, help)]``): save names
(:func:`saves`: ``resume``, ``run``, ``saves show|delete``), games (:func:`games`: ``arena
GAME``, ``scores list|export --game``), computer-player levels (:func:`levels` for ``--ai``,
:func:`seat_levels` for each entry of ``--seats``: read from the game's agent registry when the
command runs, so a level added there is offered) and fixed choices such as the export
formats (:func:`fixed`). A word that holds a slash is a path: nothing is offered, so the shell
completes file names; so it does when no save matches. Completion never fails: a problem (a
``CARDAVIA_HOME`` that is a file) offers nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

import typer

from cardavia_cli.engine.i18n import _

#: The shells offered.
SHELLS = ("bash", "zsh", "fish")
#: The environment variable of Click's completion protocol for the program ``cardavia``.
COMPLETE_VAR = "_CARDAVIA_COMPLETE"


def _shell(value: str) -> str:
    """The shell named by ``value`` (any case); raises ``typer.BadParameter`` for any other
    (a usage error, exit code 2)."""
    shell = value.strip().lower()
    if shell not in SHELLS:
        raise typer.BadParameter(
            _("{value} is not a shell cardavia completes (use {shells})").format(
                value=repr(value), shells=", ".join(SHELLS)
            )
        )
    return shell


def script(shell: str) -> str:
    """The completion script of ``shell`` (``bash``, ``zsh`` or ``fish``) for ``cardavia``."""
    from typer.completion import completion_init, get_completion_script

    completion_init()
    return get_completion_script(prog_name="cardavia", complete_var=COMPLETE_VAR, shell=shell)


def show(ctx: Any, param: Any, value: str | None) -> None:
    """``--show-completion [SHELL]``: print the script and exit."""
    if value is None or ctx.resilient_parsing:
        return
    sys.stdout.write(script(_shell(value)).rstrip("\n") + "\n")
    raise typer.Exit()


def install(ctx: Any, param: Any, value: str | None) -> None:
    """``--install-completion [SHELL]``: install the script where the shell reads it, and
    exit."""
    if value is None or ctx.resilient_parsing:
        return
    from typer.completion import completion_init
    from typer.completion import install as install_script

    completion_init()
    shell, path = install_script(
        shell=_shell(value), prog_name="cardavia", complete_var=COMPLETE_VAR
    )
    from cardavia_cli.commands.common import echo

    echo(
        _("{shell} completion installed in {path}; it takes effect in a new shell.").format(
            shell=shell, path=path
        )
    )
    raise typer.Exit()


def init() -> None:
    """Register Typer's completion classes (bash, zsh, fish), so that the
    ``_CARDAVIA_COMPLETE`` protocol answers; Click's order of the instruction
    (``bash_complete``) is read as Typer's (``complete_bash``)."""
    from typer.completion import completion_init

    completion_init()
    shell, _, instruction = os.environ.get(COMPLETE_VAR, "").partition("_")
    if shell in SHELLS and instruction in ("complete", "source"):
        os.environ[COMPLETE_VAR] = f"{instruction}_{shell}"


#: A completion: the value and a few words of help (``""``: none).
Choice = tuple[str, str]


def _matching(choices: Iterable[Choice], incomplete: str) -> list[Choice]:
    """The ``choices`` whose value starts with ``incomplete``, each once."""
    seen: set[str] = set()
    out: list[Choice] = []
    for value, help_text in choices:
        if value.startswith(incomplete) and value not in seen:
            seen.add(value)
            out.append((value, help_text))
    return out


def saves(ctx: Any, incomplete: str) -> list[Choice]:
    """The names of the saves in the saves folder (as ``cardavia resume NAME`` takes them,
    :func:`~cardavia_cli.engine.saves.resume_name`), the most recent first; nothing for a word
    with a slash (a path: the shell completes it) or when the folder cannot be read."""
    if "/" in incomplete or os.sep in incomplete:
        return []
    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.engine.saves import resume_name, save_files

    try:
        names = [resume_name(p) for p in save_files()]
    except (CardaviaError, OSError):
        return []
    return _matching(((name, _("saved game")) for name in names), incomplete)


def games(ctx: Any, incomplete: str) -> list[Choice]:
    """The registered games, with their titles."""
    from cardavia_cli.games import GAMES, game_title

    return _matching(((name, game_title(name)) for name in GAMES), incomplete)


def _game_of(ctx: Any) -> str | None:
    """The game a command is completed for: its ``GAME`` argument (``arena GAME``) or the
    group it is in (``cardavia guandan play``), when it is a registered game."""
    from cardavia_cli.games import GAMES

    candidates = [getattr(ctx, "params", {}).get("game")]
    parent = getattr(ctx, "parent", None)
    candidates.append(getattr(parent, "info_name", None))
    for name in candidates:
        if isinstance(name, str) and name.strip().lower() in GAMES:
            return name.strip().lower()
    return None


def level_names(game: str | None) -> list[str]:
    """The computer-player levels of ``game`` (its agent registry, ``GameInfo.agents``, in
    its order), or of every registered game when ``game`` is ``None``; a game that cannot be
    loaded adds none."""
    from cardavia_cli.games import GAMES, load_game

    out: list[str] = []
    for name in [game] if game is not None else list(GAMES):
        try:
            agents = load_game(name).agents
        except Exception:  # noqa: BLE001 - completion must never fail
            continue
        out += [level for level in agents if level not in out]
    return out


def levels(ctx: Any, incomplete: str) -> list[Choice]:
    """The levels for ``--ai`` of the game being played (:func:`level_names`)."""
    return _matching(((lv, _("computer player")) for lv in level_names(_game_of(ctx))), incomplete)


def seat_levels(ctx: Any, incomplete: str) -> list[Choice]:
    """The levels for the entry of ``--seats A,B,C,D`` being typed: ``basic,ra`` completes to
    ``basic,random``; nothing after the fourth entry."""
    head, comma, last = incomplete.rpartition(",")
    if head.count(",") >= 3 and comma:
        return []
    prefix = head + comma
    names = level_names(_game_of(ctx))
    return _matching(((prefix + lv, "") for lv in names if lv.startswith(last)), incomplete)


def fixed(choices: dict[str, str]) -> Callable[[Any, str], list[Choice]]:
    """The completion of an option that takes one of ``choices`` (value: help), e.g. the
    export formats of ``scores export --format``."""

    def complete(ctx: Any, incomplete: str) -> list[Choice]:
        return _matching(((value, _(text)) for value, text in choices.items()), incomplete)

    return complete
