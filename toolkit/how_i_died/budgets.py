"""And That's How I Died's budgets, all in one place: how much work a question may do before it
is refused rather than answered slowly.

A walk's budget counts positions: the distinct positions of the game its exact walk may visit
(each one a copy of the player's view and a step of the engine). Every walk budget here is
multiplied by the :func:`~toolkit.analysis.patience` in force where it is used
(:func:`~toolkit.analysis.patient`), so ``death-toolkit analyse --patience N`` and the widget's
background walks scale them all alike; at patience 1 they are the widget's, which must answer at
once. The other entries are no walk budgets, and each says why it is not scaled.
"""

from __future__ import annotations

#: Positions the walks of all of one decision's choices may visit together (shared out among
#: them by :func:`toolkit.how_i_died.turn_odds.answers`): the widget's 100 ms (the measurements:
#: data/how_i_died/studies/README.md).
LIMIT = 1600
#: The least share of :data:`LIMIT` a choice's walk is tried with, so that a decision of many
#: choices is not split into shares too small to finish any walk. A floor on a share, not a
#: budget: not scaled, so that at any patience the last few positions still go to small walks.
MIN_LIMIT = 10

#: The search bot's playouts a decision: the bot's strength, part of the games it plays, not a
#: walk behind the numbers shown; patience never changes it, so a seeded game plays the same.
SEARCH_PLAYOUTS = 50
