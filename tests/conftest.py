"""Shared test setup: the helper module ``sisepai_support`` (card helpers, the exhaustive
oracle, deck builders and the reference policies of rules E15) is importable from every test
module, whatever pytest's import mode.

Tests marked ``slow`` (the full sweeps: whole Guandan matches, every oracle case) are skipped
unless ``CARDAVIA_SLOW_TESTS`` is set (to anything but ``""`` or ``0``) or ``-m`` names the
marker: ``CARDAVIA_SLOW_TESTS=1 pytest -m slow`` runs just them, ``CARDAVIA_SLOW_TESTS=1
pytest`` runs everything."""

from __future__ import annotations

import os
import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# The engine's test game (tests/tallygame) plays in every test that runs registered games.
from cardavia_cli.games import register  # noqa: E402

register("tally", "Tally (the engine's test game)", "tallygame")

import pytest  # noqa: E402

#: The environment variable that turns the ``slow`` tests on.
SLOW_ENV = "CARDAVIA_SLOW_TESTS"


def slow_wanted(config: pytest.Config) -> bool:
    """Whether the ``slow`` tests run: ``CARDAVIA_SLOW_TESTS`` set, or ``-m`` naming ``slow``."""
    if os.environ.get(SLOW_ENV, "") not in ("", "0"):
        return True
    return "slow" in (config.getoption("markexpr", "") or "")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_wanted(config):
        return
    skip = pytest.mark.skip(reason=f"slow: run with {SLOW_ENV}=1 (or -m slow)")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _basic_by_default(monkeypatch):
    """Games started without a level play ``basic`` in the tests, for speed (players get
    ``strong``: ``test_the_default_level_is_strong`` checks it)."""
    monkeypatch.setattr("cardavia_cli.commands.play.DEFAULT_LEVELS", ("basic",))


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test speaks English unless it asks for another language (whatever the locale of
    the machine), and leaves English behind it."""
    from cardavia_cli.engine import i18n

    monkeypatch.setenv("CARDAVIA_LANG", "en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    """Every test gets its own cardavia home (saves, history, scores ledger), never the user's."""
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _no_pace(monkeypatch):
    """No test waits between computer plays (a test of pacing sets its own pace and pause)."""
    monkeypatch.setenv("CARDAVIA_PACE", "0")


@pytest.fixture(autouse=True)
def _no_search_cap(monkeypatch):
    """A searching player plays all its samples in the tests (``CARDAVIA_SEARCH_BUDGET=off``),
    so that its moves, hints and reviews are the same however busy the machine is (a test of
    the cap sets its own budget and clock)."""
    monkeypatch.setenv("CARDAVIA_SEARCH_BUDGET", "off")
