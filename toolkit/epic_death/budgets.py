"""Epic Death!'s budgets, all in one place: how much work a question may do before it is refused
rather than answered slowly.

The numbers beside a decision come from closed forms (:mod:`toolkit.epic_death.odds`), which need
no budget. The exact walk they are checked against (:func:`toolkit.epic_death.decisions.walked`)
counts positions: the distinct positions of the game it may visit (each one a copy of the seat's
view and a step of the engine), multiplied by the :func:`~toolkit.analysis.patience` in force
(:func:`~toolkit.analysis.patient`), as every game's walks are. The last entry is no walk budget,
and says why it is not scaled.
"""

from __future__ import annotations

#: Positions the walk of one choice may visit (the quest walked to its end, every roll, re-roll
#: and D6 a chance node): a larger walk is refused, not left to run.
WALK_LIMIT = 100_000

#: The search bot's searched moves a decision, spent in rounds of one playout a candidate: the
#: bot's strength, part of the games it plays, not a walk behind the numbers shown; patience never
#: changes it, so a seeded game plays the same (the measurements: data/epic_death/studies/README.md).
SEARCH_PLAYOUTS = 24
