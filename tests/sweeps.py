"""Random sweeps in two sizes (not a test module): a sample in the default run, the full sweep
behind the ``slow`` marker (see ``conftest``).

A test decorated with :func:`two_sizes` takes the number of examples as its ``examples``
argument, and runs its body, a function under ``@given``, with :func:`examples_of`::

    @two_sizes(sample=40, full=200)
    def test_agrees_with_the_oracle(examples):
        @examples_of(PROPS, examples)
        @given(hands())
        def check(hand):
            assert fast(hand) == oracle(hand)

        check()

Every example asserts the same in both sizes; only their number differs.
"""

from __future__ import annotations

import pytest
from hypothesis import settings


def two_sizes(*, sample: int, full: int) -> pytest.MarkDecorator:
    """Parametrize a test by ``examples``: ``sample`` (id ``sample``) in the default run, and
    ``full`` (id ``full``) marked ``slow``."""
    return pytest.mark.parametrize(
        "examples",
        [
            pytest.param(sample, id="sample"),
            pytest.param(full, id="full", marks=pytest.mark.slow),
        ],
    )


def examples_of(base: settings, examples: int) -> settings:
    """The hypothesis settings ``base`` with ``examples`` examples."""
    return settings(base, max_examples=examples)
