"""The rulebook's worked example of level 1, as a stacked deal and its moves.

Three friends play Brin, Taric and Galen (seats 0, 1, 2; Brin's player starts). The row is a small
monster, a large (x2) monster and a secret door; each keeps one card: Brin a torch, Taric an x2
weapon, Galen an x2 weapon (in a three-character game that is Galen's potion, the only x2 monster
item Galen has). Brin and Taric pass; Galen spends his weapon on the small monster; Brin passes
again; Taric's x2 weapon fells the large monster; Brin's torch finds the door.
"""

from __future__ import annotations

from toolkit.tpk.rules import PASS, TPKState

LEVEL_ONE_OPTIONS = {
    "players": 3,
    "characters": ["brin", "taric", "galen"],
    "scenario": {
        "1": {
            "row": ["small-monster", "large-monster", "secret-door"],
            "draws": [["brin-torch"], ["taric-greatsword"], ["potion-galen"]],
        }
    },
}

LEVEL_ONE_MOVES = [
    (("keep", ("brin-torch",)), "Brin keeps the torch."),
    (("keep", ("taric-greatsword",)), "Taric keeps the x2 greatsword."),
    (("keep", ("potion-galen",)), "Galen keeps the potion (x2 against monsters)."),
    (PASS, "Brin cannot touch the small monster and passes."),
    (PASS, "Taric could, but saves the x2 greatsword for the large monster and passes."),
    (
        ("use", ("potion-galen",), (0,)),
        "Both others passed, so Galen must act: the potion takes the small monster. "
        "His hand is empty, so he passes.",
    ),
    (PASS, "Brin still cannot help with the large monster and passes."),
    (
        ("use", ("taric-greatsword",), (1,)),
        "Taric fells the large monster. Taric and Galen have no cards left and pass.",
    ),
    (("use", ("brin-torch",), (2,)), "Brin's torch finds the secret door: level 1 is clear."),
]


def level_one_example(seed: int = 0) -> TPKState:
    """The example's table before anyone keeps a card (the two cards each player drew besides the
    one they keep come from the seed; the example does not name them)."""
    return TPKState(seed=seed, **LEVEL_ONE_OPTIONS)
