"""``death-toolkit odds how-i-died``: every card id given is checked, ``--unseen`` too."""

from __future__ import annotations

import pytest
from how_i_died.test_cli_and_bots import run_cli

ID_HINT = "an id is a card's name in lower case"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--unseen", "nonexistent"], "unseen: unknown card id 'nonexistent'"),
        (
            ["--hand", "bit", "--unseen", "troll,nonexistent"],
            "unseen: unknown card id 'nonexistent'",
        ),
        (["--hand", "nonexistent"], "hand: unknown card id 'nonexistent'"),
        (["--hand", "bit,troll,bit"], "hand: bit is listed twice"),
        (["--unseen", "troll"], "unseen: it says what a Pool refill may be; give --hand or --pool"),
    ],
)
def test_a_bad_card_id_or_an_unused_unseen_list_is_refused_in_one_line(args, line):
    shown = run_cli("odds", "how-i-died", *args)
    assert shown.returncode == 2 and shown.stdout == ""
    [said] = shown.stderr.strip().splitlines()
    assert said.startswith(f"death-toolkit odds how-i-died: error: {line}")
    if "unknown card id" in line:
        assert ID_HINT in said


def test_a_good_unseen_list_is_used():
    """Spied On and The Spiteful (purple) in hand, the Sorceress (a purple end) in the Pool:
    a Legendary is certain whatever the refills may be, and the list of them is accepted."""
    shown = run_cli("odds", "how-i-died", "--hand", "spied-on,the-spiteful", "--pool",
                    "sorceress", "--unseen", "troll", "--json")  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert '"legendary_chance": "1/1"' in shown.stdout


def test_a_deck_stacked_with_a_card_twice_names_it():
    from toolkit.how_i_died.rules import HowIDiedState

    with pytest.raises(ValueError, match="deck option: troll is listed twice"):
        HowIDiedState(seed=1, players=2, deck=["bit", "troll", "troll"])
