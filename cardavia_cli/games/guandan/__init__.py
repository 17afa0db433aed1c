"""Guandan (掼蛋): the pure rule core (RULES.md, a copy of the rules specification).

- :mod:`.cards`: the two-pack 108-card deck, the notation (sections 2, 3), single strength at a
  level (6.1), the wild cards (6.2), hand order and the deal (5.2).
- :mod:`.combos`: the combinations of section 6.3 with wild cards, their interpretations (6.4),
  beating (6.5), every distinct legal play of a hand, the ``TYPE KEY`` text of ``as`` clauses
  (8.3), and the tribute step (section 7).
- :mod:`.levels`: the levels after a deal (section 10) and the lead after passes (9.5).

The state machine (turns, tricks, places, the match) is not part of this package yet; the game is
therefore not registered in :data:`cardavia_cli.games.GAMES`.
"""
