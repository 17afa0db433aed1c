"""Minchiate (Germini), the Florentine tarot game of 97 cards: RULES.md.

The pure rule core, in the order every game package follows: :mod:`.cards` (the pack, the
notation, the card points), :mod:`.deal` (the cut, the robbing, the deal, the fola and the
discards), :mod:`.combos` (versicole and declarations), :mod:`.tricks` (trick play, captures,
piles and the Matto), :mod:`.scoring` (end-of-deal scoring, the running settlement, the final
rounding, the result) and :mod:`.contracts` (the rule functions of RULES.md section 12, over
card texts and JSON-shaped values).
"""
