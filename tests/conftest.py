"""Shared test setup: the helper module ``sisepai_support`` (card helpers, the exhaustive
oracle, deck builders and the reference policies of rules E15) is importable from every test
module, whatever pytest's import mode."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# The engine's test game (tests/tallygame) plays in every test that runs registered games.
from cardavia_cli.games import register  # noqa: E402

register("tally", "Tally (the engine's test game)", "tallygame")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    """Every test gets its own cardavia home (saves, history, scores ledger), never the user's."""
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path_factory.mktemp("home")))
