"""The command group of a game: ``cardavia GAME play`` and ``cardavia GAME rules`` (cli.md),
made once for every game by :func:`game_app`; a game's module adds its own ``check``.
``cardavia GAME`` alone is ``cardavia GAME play`` with its defaults (the README names it as
the game's command); ``cardavia GAME --help`` prints the group's help.

Thin (design.md rule 8): the game's package is imported only when a command runs, so
``cardavia --help`` stays fast.
"""

from __future__ import annotations

from pathlib import Path

import typer

from cardavia_cli.commands import completion
from cardavia_cli.commands.common import file_name, guarded, whole_number


def game_app(name: str, help: str, play_help: str | None = None) -> typer.Typer:
    """A Typer group for the game registered as ``name`` (``help``: its one-line
    description), with ``play [--seed N] [--deal FILE] [--ai LEVEL] [--save NAME]`` (its help
    ``play_help``, by default a generic one) and ``rules [TOPIC]``; the group alone runs
    ``play`` with its defaults. Errors of the commands are one line on stderr and exit code
    2."""
    app = typer.Typer(
        help=f"{help}\n\nAlone, cardavia {name} starts a new game: cardavia {name} play.",
        no_args_is_help=False,
        add_completion=False,
        rich_markup_mode="rich",
    )

    @app.callback(invoke_without_command=True)
    def alone(ctx: typer.Context) -> None:
        if ctx.invoked_subcommand is None:
            # parsed from no words, so that every option takes its default
            command = ctx.command.get_command(ctx, "play")  # type: ignore[attr-defined]
            with command.make_context("play", [], parent=ctx) as sub:
                command.invoke(sub)

    @app.command(help=play_help)
    @guarded
    def play(
        seed: int | None = typer.Option(
            None,
            "--seed",
            parser=whole_number,
            metavar="N",
            help="Seed of every shuffle and draw (default: random).",
        ),
        deal: Path | None = typer.Option(
            None,
            "--deal",
            parser=file_name,
            metavar="FILE",
            help="Start from this deal file.",
        ),
        ai: str | None = typer.Option(
            None,
            "--ai",
            metavar="LEVEL",
            help="Level of the three computer players: random (any legal move), basic (quick "
            "rules of thumb) or strong (searches sampled deals of the hidden cards, up to a "
            "second a move; the default); or three levels separated by commas, seats 1 to 3. "
            "With --deal it replaces the file's seats.",
            autocompletion=completion.levels,
        ),
        save: str | None = typer.Option(
            None,
            "--save",
            metavar="NAME",
            help="Save under this name (or path) as you play. Over an existing save it asks on "
            "a terminal and refuses in a pipe, unless --force; a save open in another REPL is "
            "refused.",
        ),
        force: bool = typer.Option(
            False, "--force", help="With --save: replace an existing save of that name."
        ),
    ) -> None:
        """Play at seat 0 against three computer players, in the REPL."""
        from cardavia_cli.commands.play import start

        level = ai.strip().lower() if ai is not None else None
        raise typer.Exit(start(name, seed=seed, deal_path=deal, ai=level, save=save, force=force))

    @app.command()
    @guarded
    def rules(
        topic: str | None = typer.Argument(
            None,
            metavar="TOPIC",
            help="Show only one section: its number (7.5) or a word of its title, whole or "
            "its start, in any case (quote several words).",
        ),
    ) -> None:
        """Print the rules of the game for players (through a pager on a terminal), or one
        section of them."""
        from cardavia_cli.commands.render import print_rules

        print_rules(name, topic)

    return app
