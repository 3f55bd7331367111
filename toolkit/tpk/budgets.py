"""TPK's budgets, all in one place: how much work a question may do before it is refused rather
than answered slowly, and how much a bot's decision may do.

TPK's numbers are not walks of the game's positions: the chance beside a choice is a count over
the partners' possible hands (:mod:`toolkit.tpk.families`), whose work is joins of families of
sets of threats, each costing more as the row grows; and the fresh-deal chances are exact counts
over deals and rows. So each budget here is counted in the steps or items of its own count, and
says which. Every budget of a count is multiplied by the :func:`~toolkit.analysis.patience` in
force where it is used (:func:`~toolkit.analysis.patient`), as every game's walks are; the
others say why they are not scaled.
"""

from __future__ import annotations

#: Steps of the count behind one decision's numbers: the widget's 100 ms. Not positions: the
#: count visits no positions of the game, and its work is operations on families of sets of
#: threats, each weighted by its family's size (:meth:`toolkit.tpk.families.Joiner.spend`), so
#: that the budget bounds its time whatever the row.
COUNT_STEPS = 100_000
#: What the widget weighs :data:`COUNT_STEPS` as against its bound of positions for the
#: background counts (:data:`toolkit.widgets.MOST_POSITIONS`): a step keeps a few bytes, not a
#: position's kilobyte, so the counts may go on to a higher patience than a walk's.
WIDGET_WALK_LIMIT = COUNT_STEPS // 10
#: Deals one plain enumeration of a fresh deal may search (:func:`toolkit.tpk.odds.exact_clearable`:
#: a deal is a row of threat kinds and a group of alike hands per character, each searched once);
#: a larger one is refused before any work (the sizes: data/tpk/studies/README.md).
EXACT_BUDGET = 1_000_000
#: Ordered rows of threat kinds one exact count of a fresh deal may cover
#: (:mod:`toolkit.tpk.winnability`): a larger count is refused before any work.
ROW_BUDGET = 1_000_000
#: Threats in a row the exact count may take: a family of coverable sets has a bit per subset of
#: the row, so this bounds the width of its tables, not a count's work; not scaled by patience.
ROW_LIMIT = 8

#: The search bot's playouts a decision: the bot's strength, part of the games it plays, not a
#: count behind the numbers shown; patience never changes it (nor any bot's number below), so a
#: seeded game plays the same.
SEARCH_PLAYOUTS = 15
#: The planner bot's partner deals each decision weighs (the same deals for every move, so moves
#: compare), and those every keep is tried on before the weaker keeps are dropped.
PLANNER_DEALS = 24
KEEP_SCREEN = 8
#: Steps of one covering search of the planner: a longer one is taken for a failure (they nearly
#: all are).
SEARCH_STEPS = 300
