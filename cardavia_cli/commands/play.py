"""Starting and resuming a game in the REPL: ``cardavia GAME play`` and ``cardavia resume``.

Thin (design.md rule 8): build the state (a new deal, a deal file, or a save, replayed through
the checked path), the console and the reader, and run :class:`~cardavia_cli.repl.session.Session`.
Bad input raises :class:`~cardavia_cli.engine.errors.CardaviaError` (a deal file that cannot be
read, is malformed or does not replay: ``DealFileError``), which
:func:`~cardavia_cli.commands.common.guarded` turns into one line and exit code 2.

Seats: a new deal puts the human at seat 0 and ``--ai`` (default ``basic``) at seats 1-3. With
``--deal FILE`` the file's ``seats`` decide, unless ``--ai`` is given, which then replaces every
computer seat. Seat 0 is always the human's, whatever the file says there.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_AI = "basic"


def _session(
    game: str,
    header: object,
    state: object,
    *,
    save_to: Path | None,
    autosave: bool,
    replayed: str | None,
) -> int:
    from cardavia_cli.commands.common import console, home
    from cardavia_cli.games import load_game
    from cardavia_cli.repl.completion import ReplCompleter
    from cardavia_cli.repl.hooks import load_ui
    from cardavia_cli.repl.reader import make_reader
    from cardavia_cli.repl.session import Session

    info = load_game(game)
    session = Session(
        info,
        load_ui(game),
        header,  # type: ignore[arg-type]
        state,  # type: ignore[arg-type]
        console=console(),
        save_to=save_to,
        autosave=autosave,
        replayed=replayed,
    )
    reader = make_reader(home() / "history", ReplCompleter(session), session.toolbar)
    return session.run(reader)


def _replayed(n: int) -> str:
    return f"{n} recorded action{'' if n == 1 else 's'} replayed"


def _check_level(game: str, ai: str) -> None:
    from cardavia_cli.engine.errors import CardaviaError
    from cardavia_cli.games import load_game

    levels = load_game(game).agents
    if ai not in levels:
        raise CardaviaError(f"--ai {ai!r}: unknown computer player level (use {', '.join(levels)})")


def start(
    game: str,
    *,
    seed: int | None,
    deal_path: Path | None,
    ai: str | None,
    save: str | None,
) -> int:
    """Play ``game`` in the REPL: a new deal (of ``seed``, random when ``None``) or the deal
    file ``deal_path`` (replayed; play continues where its actions end). ``ai`` is the level of
    the computer players (``None``: ``basic``, or the file's seats). With ``save``, the deal is
    saved under that name (or path) after each of the human's decisions and at its end.

    Returns the exit code. Raises ``CardaviaError`` for an unknown level, a deal file of
    another game, or a file that is unreadable, malformed or does not replay.
    """
    from cardavia_cli.engine.dealfile import DealFile, load_deal, new_game_state, replay
    from cardavia_cli.engine.errors import DealFileError
    from cardavia_cli.repl.session import random_seed, save_target

    if ai is not None:
        _check_level(game, ai)
    replayed = None
    if deal_path is not None:
        where = str(deal_path)
        header = load_deal(deal_path)
        if header.game != game:
            raise DealFileError(f"this is a {header.game} deal file, not {game}", where)
        if seed is not None and seed != header.seed:
            raise DealFileError(f"--seed {seed} contradicts the file's seed {header.seed}", where)
        state = replay(header, where)
        if ai is not None:
            header.seats = ["human", ai, ai, ai]
        if header.actions:
            replayed = f"Loaded {where}: {_replayed(len(header.actions))}."
    else:
        level = ai or DEFAULT_AI
        header = DealFile(
            game=game,
            seed=random_seed() if seed is None else seed,
            seats=["human", level, level, level],
        )
        state = new_game_state(header)
    target = save_target(save) if save else None
    return _session(
        game, header, state, save_to=target, autosave=target is not None, replayed=replayed
    )


def resume(path: Path) -> int:
    """Continue the save (or deal file) at ``path`` in the REPL; ``save`` without a name
    writes back to it. Returns the exit code; raises ``DealFileError`` as :func:`start`."""
    from cardavia_cli.engine.dealfile import load_deal, replay

    where = str(path)
    header = load_deal(path)
    state = replay(header, where)
    return _session(
        header.game,
        header,
        state,
        save_to=path,
        autosave=False,
        replayed=f"Resumed {where}: {_replayed(len(header.actions))}.",
    )
