"""Cthulhu: Death May Die's budgets, all in one place: how much work a question may do before it
is refused rather than answered slowly.

A walk's budget counts positions: the distinct positions its exact walk may visit. Those of a
decision's walk are positions of the game (each one a copy of the seat's view and a step of the
engine); those of one roll walked as the dice's own process (:mod:`toolkit.death_may_die.roll_walk`)
are the dice showing, times the rerolls left. Every walk budget here is multiplied by the
:func:`~toolkit.analysis.patience` in force where it is used (:func:`~toolkit.analysis.patient`),
so ``death-toolkit analyse --patience N`` and the widget's background walks scale them all alike;
at patience 1 they are the widget's, which must answer at once. The last entry is no walk budget,
and says why it is not scaled.
"""

from __future__ import annotations

#: Positions one choice's walk may visit, where the question ends with one roll, fight or card:
#: a larger walk is refused, not guessed.
WALK_LIMIT = 20_000
#: Positions the rest of a turn's walk may visit (each roll's dice showing and its ends among
#: them): well inside the widget's 100 ms, so that the decision's other choices still fit (the
#: measurements: data/death_may_die/studies/README.md).
TURN_LIMIT = 1_250
#: Positions (dice showing, times the rerolls left) of one roll: about the widget's 100 ms. Only a
#: hand-made roll has more, and it is refused before it is walked.
ROLL_LIMIT = 2_000

#: The search bot's playouts a level-up (its two or three skills get 20 to 30 rounds each on the
#: same cards and dice): the bot's strength, part of the games it plays, not a walk behind the
#: numbers shown; patience never changes it, so a seeded game plays the same.
LEVEL_PLAYOUTS = 60
