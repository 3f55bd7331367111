"""The rules engine searched by brute force: the check the faster TPK solvers are held to."""

from __future__ import annotations

from toolkit.tpk.rules import TPKState


def tree_clears(state: TPKState, level: int) -> bool:
    """Brute force: does any sequence of legal actions (everyone's, chosen together) clear it?"""
    if state.won or state.level > level:
        return True
    if state.outcome is not None:
        return False
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if tree_clears(child, level):
            return True
    return False
