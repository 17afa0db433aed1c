"""Shell completion for bash, zsh and fish: ``cardavia --show-completion SHELL`` prints the
script, ``cardavia --install-completion SHELL`` installs it. The scripts call ``cardavia`` back
with Click's ``_CARDAVIA_COMPLETE`` environment protocol; the help strings in the answers are
plain text (Typer takes the rich markup out).
"""

from __future__ import annotations

import sys
from typing import Any

import typer

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
            f"{value!r} is not a shell cardavia completes (use {', '.join(SHELLS)})"
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

    echo(f"{shell} completion installed in {path}; it takes effect in a new shell.")
    raise typer.Exit()


def init() -> None:
    """Register Typer's completion classes (bash, zsh, fish), so that the
    ``_CARDAVIA_COMPLETE`` protocol answers."""
    from typer.completion import completion_init

    completion_init()
