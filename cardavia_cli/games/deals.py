"""Deal files and saves bound to the registry of games: :mod:`cardavia_cli.engine.dealfile`
with ``lookup`` = :func:`cardavia_cli.games.load_game`. Commands, the REPL and the tests use
these; the engine itself never knows the games."""

from __future__ import annotations

import os

from cardavia_cli.engine import dealfile as _engine
from cardavia_cli.engine.dealfile import (
    COMMON_KEYS,
    DEFAULT_SEATS,
    FORMAT,
    MAX_FILE_BYTES,
    DealFile,
    SettingsProblem,
    apply_forced,
    read_text,
    save_atomic,
)
from cardavia_cli.engine.game import GameState
from cardavia_cli.games import load_game


def parse_deal(
    text: str, where: str = "<deal file>", *, ignore_settings: SettingsProblem | None = None
) -> DealFile:
    """:func:`cardavia_cli.engine.dealfile.parse_deal` over the registered games."""
    return _engine.parse_deal(text, where, lookup=load_game, ignore_settings=ignore_settings)


def load_deal(
    path: str | os.PathLike[str], *, ignore_settings: SettingsProblem | None = None
) -> DealFile:
    """:func:`cardavia_cli.engine.dealfile.load_deal` over the registered games."""
    return _engine.load_deal(path, lookup=load_game, ignore_settings=ignore_settings)


def new_game_state(deal: DealFile, where: str | None = None) -> GameState:
    """:func:`cardavia_cli.engine.dealfile.new_game_state` over the registered games."""
    return _engine.new_game_state(deal, lookup=load_game, where=where)


def replay(deal: DealFile, where: str | None = None) -> GameState:
    """:func:`cardavia_cli.engine.dealfile.replay` over the registered games."""
    return _engine.replay(deal, where, lookup=load_game)


__all__ = [
    "COMMON_KEYS",
    "DEFAULT_SEATS",
    "FORMAT",
    "MAX_FILE_BYTES",
    "DealFile",
    "SettingsProblem",
    "apply_forced",
    "load_deal",
    "new_game_state",
    "parse_deal",
    "read_text",
    "replay",
    "save_atomic",
]
