"""Whole deals compared step by step with their golden transcripts (tests/playthroughs.py)."""

from __future__ import annotations

import pytest
from playthroughs import CASES, path_of, transcript


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_playthrough_matches_its_transcript(case: tuple[str, int, str]) -> None:
    golden = path_of(*case).read_text(encoding="utf-8")
    assert transcript(*case) == golden, "regenerate with: python tests/playthroughs.py"
