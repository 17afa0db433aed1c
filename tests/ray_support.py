"""Game loaders for the Ray tests (not a test module): each returns the registered game with
its ``new_state`` changed for one deck of a run, so that a Ray worker playing that deck dies,
fails or hangs. The Ray tests send this module to the workers by value (the workers do not
have ``tests/`` on their path), so everything here is plain module-level code.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import time
from collections.abc import Callable
from typing import Any

from cardavia_cli.engine.arena import deal_seed
from cardavia_cli.engine.game import GameInfo

Loader = Callable[[str], GameInfo]


Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]


def _with_new_state(name: str, wrap: Wrap) -> GameInfo:
    # the game's package by name, not through cardavia_cli.games.load_game, which a test may
    # have replaced by one of these loaders
    info: GameInfo = importlib.import_module(f"cardavia_cli.games.{name}").GAME
    return dataclasses.replace(info, new_state=wrap(info.new_state))


def dying_loader(marker: str, seed: int, deck: int) -> Loader:
    """A loader whose game kills its worker process (``os._exit``) when it deals deck ``deck``
    of a run with ``seed``, once: the first time it writes ``marker``, so the retry plays."""
    target = deal_seed(seed, deck)

    def load(name: str) -> GameInfo:
        def wrap(new_state: Callable[..., Any]) -> Callable[..., Any]:
            def dealt(*args: Any, **kwargs: Any) -> Any:
                if kwargs.get("seed") == target and not os.path.exists(marker):
                    with open(marker, "x") as f:
                        f.write(str(os.getpid()))
                    os._exit(3)
                return new_state(*args, **kwargs)

            return dealt

        return _with_new_state(name, wrap)

    return load


def failing_loader(seed: int, deck: int) -> Loader:
    """A loader whose game raises ``RuntimeError`` every time it deals deck ``deck``."""
    target = deal_seed(seed, deck)

    def load(name: str) -> GameInfo:
        def wrap(new_state: Callable[..., Any]) -> Callable[..., Any]:
            def dealt(*args: Any, **kwargs: Any) -> Any:
                if kwargs.get("seed") == target:
                    raise RuntimeError(f"deck {deck} cannot be dealt")
                return new_state(*args, **kwargs)

            return dealt

        return _with_new_state(name, wrap)

    return load


def slow_loader(seed: int, fast: int, seconds: float) -> Loader:
    """A loader whose game waits ``seconds`` before dealing any deck from number ``fast`` on
    (the first ``fast`` decks deal at once)."""
    quick = {deal_seed(seed, d) for d in range(fast)}

    def load(name: str) -> GameInfo:
        def wrap(new_state: Callable[..., Any]) -> Callable[..., Any]:
            def dealt(*args: Any, **kwargs: Any) -> Any:
                if kwargs.get("seed") not in quick:
                    end = time.monotonic() + seconds
                    while time.monotonic() < end:  # short sleeps: a cancel interrupts them
                        time.sleep(0.05)
                return new_state(*args, **kwargs)

            return dealt

        return _with_new_state(name, wrap)

    return load
