"""Starting and resuming a game in the REPL (placeholder until the REPL lands)."""

from __future__ import annotations

from pathlib import Path


def start(game: str, *, seed: int | None, deal_path: Path | None, ai: str, save: str | None) -> int:
    """Start a new game of ``game`` in the REPL; returns the exit code."""
    raise NotImplementedError


def resume(path: Path) -> int:
    """Continue the save at ``path`` in the REPL; returns the exit code."""
    raise NotImplementedError
