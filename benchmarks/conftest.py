"""Benchmarks use the test game Tally (tests/tallygame), registered here as in the tests."""

from __future__ import annotations

import sys
from pathlib import Path

from cardavia_cli.games import register

_TESTS = str(Path(__file__).resolve().parent.parent / "tests")
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

register("tally", "Tally (the engine's test game)", "tallygame")
