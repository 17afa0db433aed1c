"""``cardavia arena GAME`` (placeholder until the arena lands)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add ``arena`` to the root app."""
