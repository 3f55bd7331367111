"""To the Death!'s budgets, all in one place: how much work a question may do before it is
refused rather than answered slowly.

A walk's budget counts positions: the distinct positions of the game its exact walk may visit
(each one a copy of the game and a step of the engine). Every walk budget here is multiplied by
the :func:`~toolkit.analysis.patience` in force where it is used (:func:`~toolkit.analysis.patient`),
so ``death-toolkit analyse --patience N`` and the widget's background walks scale them all alike;
at patience 1 they are the widget's, which must answer at once. How a decision's budget is shared
among its options is :data:`toolkit.to_the_death.options.PASSES`. The last entry is no walk
budget, and says why it is not scaled.
"""

from __future__ import annotations

#: Positions the walks of all of one decision's options may visit together: the widget's
#: 100 ms for nearly every decision (the measurements: data/to_the_death/studies/README.md).
DECISION_BUDGET = 800
#: Positions one option's walk may visit: it binds only where no decision's budget does (a
#: reference walk of the tests, the calibration run), so it is a generous multiple of it.
OPTION_LIMIT = 5 * DECISION_BUDGET
#: The search bot's playouts a main step (three rounds of its four candidates): the bot's
#: strength, part of the games it plays, not a walk behind the numbers shown; patience never
#: changes it, so a seeded game plays the same.
SEARCH_PLAYOUTS = 12
