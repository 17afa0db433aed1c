"""Cuccu (Cucù, Cucco), the old Italian one-card game of lives: rules/cucu.md (``RULES.md``).

Modules, in the order every game package follows: :mod:`.cards` (the 40-card pack, its
notation and the special cards) and :mod:`.round` (one round as a pure state machine, the
showdown, dealer rotation and the reference match of rules section 12).
"""

from __future__ import annotations
