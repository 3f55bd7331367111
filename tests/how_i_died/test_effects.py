"""Each of the sixteen effects on a stacked table (see hid_table.stacked).

Seat 0 plays an adventure whose one effect card is under test, with plain cards for the rest, and
holds spare cards so that drawing back to six does not blur what the effect did. An effect is
chosen as soon as its card is played, so the cards after it are still in the hand meanwhile.
"""

from __future__ import annotations

from collections import Counter

import pytest
from how_i_died.hid_table import stacked, where

from toolkit.how_i_died.cards import CARDS, TYPE
from toolkit.how_i_died.effects import EFFECTS
from toolkit.how_i_died.rules import phase
from toolkit.state import IllegalAction
from toolkit.steps import PASS

PLAIN = {"I": "cursed", "II": "the-drunken", "III": "troll"}
SPARE = ["robbed", "insulted", "the-giant", "the-lonely", "ogre", "banshee"]  # never touched


def adventure(effect_card) -> list[str]:
    return [effect_card if TYPE[effect_card] == kind else PLAIN[kind] for kind in PLAIN]


def build(state, effect_card):
    """Seat 0 plays plain cards up to `effect_card`, whose effect is then being chosen."""
    for card in adventure(effect_card):
        state.apply(card)
        if card == effect_card:
            break
    assert phase(state) == "effect" and state.resolving == effect_card


def finish(state, effect_card):
    """Seat 0 plays the plain cards after `effect_card`."""
    for card in adventure(effect_card)[len(state.building) :]:
        state.apply(card)


def table(effect_card, *, hand=(), **layout):
    hands = layout.pop("hands", {})
    hands[0] = adventure(effect_card) + SPARE + list(hand)
    layout.setdefault("pool", ["hugged", "the-royal", "goblin", "serenaded", "the-sleepy", "dwarf"])
    return stacked(hands=hands, **layout)


OPPONENT_LEGEND = [("ambushed", "the-cursed", "wraith")]  # all purple


def test_sixteen_effects_four_from_the_rulebook():
    assert len(EFFECTS) == 16
    assert sorted(e.id for e in EFFECTS.values() if e.source == "rulebook") == [
        "manipulated",
        "mounted",
        "swap_table",
        "the_deadly",
    ]
    used = [c.effect for c in CARDS.values() if c.effect]
    assert sorted(set(used)) == sorted(EFFECTS)
    assert used.count("swap_table") == 20
    assert all(used.count(e) == 1 for e in EFFECTS if e != "swap_table")


def test_an_effect_is_chosen_as_soon_as_its_card_is_played():
    """Mounted, a beginning, takes effect before the middle is played, so it cannot pull The
    Sneaky back to the hand and leave The Sneaky's effect still to come."""
    state = table("mounted", hand=["the-sneaky"], hands={1: ["mocked"]})
    state.adventures[0] = [("summoned", "the-flaming", "werewolf")]
    state.apply("mounted")
    assert phase(state) == "effect" and state.resolving == "mounted"
    assert "the-sneaky" not in state.legal_actions() and "summoned" in state.legal_actions()
    state.apply(PASS)
    assert phase(state) == "build" and state.building == ["mounted"]
    state.apply("the-sneaky")
    assert state.resolving == "the-sneaky" and list(state.legal_actions()) == [PASS, 1]


NO_END_POOL = ["hugged", "the-royal", "serenaded", "the-sleepy", "robbed", "the-giant"]


def test_an_effect_that_leaves_no_card_of_a_needed_type_brings_the_mulligan():
    fresh = ["lured", "the-mighty", "hydra", "bit", "the-hungry", "mummy"]
    state = stacked(
        hands={0: ["manipulated", "the-drunken", "troll"], 1: ["mocked", "the-wicked"]},
        pool=NO_END_POOL,
        deck_top=fresh,
    )
    state.apply("manipulated")
    state.apply(1)  # player 1 now holds no end, and the Pool has none
    assert state.mulligans[0] == 1 and state.deck.discards == ["mocked", "the-wicked"]
    assert state.hands[0] == fresh and state.building == ["manipulated"]
    assert phase(state) == "build" and state.seat == 0
    assert state.log == [
        "Player 1 cannot finish the adventure: shows their hand (Mocked, The Wicked), discards "
        "it and draws six new cards."
    ]


def test_an_adventure_that_can_no_longer_be_finished_goes_back_to_the_hand():
    ends = [card for card in CARDS if TYPE[card] == "III"]  # all of them, none left to draw
    state = stacked(
        hands={0: ["manipulated", "the-drunken", *ends], 1: ["mocked", "the-wicked"]},
        pool=NO_END_POOL,
    )
    state.apply("manipulated")
    state.apply(1)
    assert state.adventures[0] == [] and state.building == [] and state.mulligans[0] == 0
    assert state.hands[0][:3] == ["mocked", "the-wicked", "manipulated"]
    assert state.seat == 1 and state.passes == 1 and state.turns_taken[0] == 1
    assert state.log == ["Player 1 cannot make an adventure and passes, taking back Manipulated."]


def test_swap_table_breaks_an_opponents_legend_with_a_pool_card():
    state = table("chased", adventures={1: OPPONENT_LEGEND}, hands={1: ["mocked"]})
    build(state, "chased")
    assert PASS in state.legal_actions()
    state.apply("wraith")
    second = state.legal_actions()
    assert PASS not in second and "wraith" not in second
    assert all(TYPE[c] == "III" for c in second) and {"dwarf", "goblin"} <= set(second)
    assert "troll" not in second  # seat 0's end is still in the hand: it is played after this
    with pytest.raises(IllegalAction):
        state.apply("the-cursed")  # a middle cannot swap with an end
    state.apply("dwarf")
    assert state.adventures[1][0] == ("ambushed", "the-cursed", "dwarf")
    assert "wraith" in state.pool and state.effects_applied[0] == 1


def test_swap_table_never_touches_the_dead_and_a_swapped_in_effect_does_not_fire():
    state = table(
        "chased",
        players=3,
        adventures={1: OPPONENT_LEGEND, 2: [("kissed", "the-frozen", "pirate-king")]},
        hands={1: ["mocked"], 2: []},
    )
    state.alive[1] = False
    build(state, "chased")
    options = state.legal_actions()
    assert not set(options) & {"ambushed", "the-cursed", "wraith"}
    state.apply("kissed")  # a swap card in player 3's adventure
    state.apply("chased")  # ...trades places with the card just played
    assert state.building == ["kissed"] and state.adventures[2][0][0] == "chased"
    finish(state, "chased")
    assert state.adventures[0][0] == ("kissed", "the-drunken", "troll")
    assert phase(state) == "build" and state.seat == 2  # kissed's effect did not fire: turn over


def test_skip_leaves_the_table_as_it_was():
    state = table("chased", adventures={1: OPPONENT_LEGEND})
    build(state, "chased")
    before = (list(state.pool), [list(a) for a in state.adventures])
    state.apply(PASS)
    assert (state.pool, [list(a) for a in state.adventures]) == before
    assert state.effects_applied[0] == 0
    assert phase(state) == "build" and state.building == ["chased"]


def test_mounted_swaps_an_own_adventure_card_with_a_hand_card_but_not_itself():
    state = table(
        "mounted", hand=["tricked"], adventures={0: [("summoned", "the-flaming", "werewolf")]}
    )
    build(state, "mounted")
    options = state.legal_actions()
    assert "mounted" not in options and "summoned" in options
    state.apply("summoned")
    assert set(state.legal_actions()) == {c for c in state.hands[0] if TYPE[c] == "I"}
    state.apply("tricked")
    assert state.adventures[0][0] == ("tricked", "the-flaming", "werewolf")
    assert "summoned" in state.hands[0]


def test_the_deadly_swaps_an_opponents_card_with_a_hand_card_of_the_same_type():
    state = table("the-deadly", hand=["unicorn"], adventures={1: OPPONENT_LEGEND})
    build(state, "the-deadly")
    state.apply("wraith")
    assert set(state.legal_actions()) == {c for c in state.hands[0] if TYPE[c] == "III"}
    state.apply("unicorn")
    assert state.adventures[1][0] == ("ambushed", "the-cursed", "unicorn")
    assert where(state, "wraith") == "hand0"


def test_manipulated_swaps_whole_hands():
    state = table("manipulated", hands={1: ["mocked", "the-wicked"]})
    build(state, "manipulated")
    assert list(state.legal_actions()) == [PASS, 1]
    mine = list(state.hands[0])
    state.apply(1)
    assert state.hands[1] == mine and state.hands[0] == ["mocked", "the-wicked"]
    state.apply("the-wicked")  # the adventure goes on from the hand just received
    state.apply("goblin")
    assert state.adventures[0][0] == ("manipulated", "the-wicked", "goblin")
    assert state.hands[0][0] == "mocked" and len(state.hands[0]) == 6  # drawn back to six


def test_barbaric_swaps_an_opponents_card_with_a_pool_card():
    state = table("the-barbaric", adventures={1: OPPONENT_LEGEND})
    build(state, "the-barbaric")
    state.apply("the-cursed")
    assert list(state.legal_actions()) == ["the-royal", "the-sleepy"]
    state.apply("the-royal")
    assert state.adventures[1][0] == ("ambushed", "the-royal", "wraith")
    assert "the-cursed" in state.pool


def test_pool_swap_lowers_your_own_damage():
    state = table("lich")
    build(state, "lich")
    state.apply("lich")  # the end just played, 5 damage
    state.apply("dwarf")  # a 2-damage end from the Pool
    assert state.adventures[0][0] == ("cursed", "the-drunken", "dwarf")
    assert state.damage(0) == 2 and "lich" in state.pool


def test_swap_own_trades_between_your_adventures():
    state = table("phoenix", adventures={0: [("kissed", "the-invisible", "vampire")]})
    build(state, "phoenix")
    state.apply("the-drunken")
    assert list(state.legal_actions()) == ["the-invisible"]
    state.apply("the-invisible")
    assert state.adventures[0] == [
        ("kissed", "the-drunken", "vampire"),
        ("cursed", "the-invisible", "phoenix"),
    ]


def test_draw_two():
    state = table("blessed", hand=["mocked"], deck_top=["hydra", "bit"])
    build(state, "blessed")
    state.apply("draw")
    assert state.hands[0][-2:] == ["hydra", "bit"] and len(state.hands[0]) == 11
    state.apply("the-drunken")
    assert "hydra" in state.legal_actions()  # a card drawn by a beginning may end the adventure


def test_take_from_pool_refills_the_pool():
    state = table("the-greedy", deck_top=["demigod"])
    build(state, "the-greedy")
    state.apply("goblin")
    assert "goblin" in state.hands[0] and state.pool[2] == "demigod"


def test_trade_with_pool_ignores_types():
    state = table("mimic")
    build(state, "mimic")
    state.apply("robbed")
    state.apply("the-sleepy")
    assert "the-sleepy" in state.hands[0] and "robbed" in state.pool


def test_new_pool():
    fresh = ["bit", "the-hungry", "hydra", "lured", "the-mighty", "mummy"]
    state = table("kraken", deck_top=fresh)
    old = list(state.pool)
    build(state, "kraken")
    state.apply("redeal")
    assert state.pool == fresh and state.deck.discards == old


def test_redraw_hand():
    state = table(
        "confused", deck_top=["bit", "the-hungry", "hydra", "lured", "the-mighty", "mummy"]
    )
    build(state, "confused")
    old = list(state.hands[0])
    state.apply("redraw")
    assert state.hands[0] == ["bit", "the-hungry", "hydra", "lured", "the-mighty", "mummy"]
    assert state.deck.discards == old


def test_steal_reveals_the_hand_through_the_choices():
    state = table("the-sneaky", players=3, hands={1: ["mocked", "unicorn"], 2: []})
    build(state, "the-sneaky")
    assert list(state.legal_actions()) == [PASS, 1]  # player 3 has no cards
    state.apply(1)
    assert list(state.legal_actions()) == ["mocked", "unicorn"]
    state.apply("unicorn")
    assert state.hands[1] == ["mocked"] and "unicorn" in state.hands[0]


def test_foresee_takes_one_of_three_and_buries_the_rest():
    state = table("the-prophetic", deck_top=["bit", "hydra", "lured", "mummy"])
    build(state, "the-prophetic")
    state.apply("look")
    assert list(state.legal_actions()) == ["bit", "hydra", "lured"]
    state.apply("hydra")
    assert "hydra" in state.hands[0]
    assert state.deck.peek(1) == ["mummy"]
    assert state.deck.cards[:2] == ["lured", "bit"]  # at the bottom


def test_gift():
    state = table("befriended", hands={1: []})
    build(state, "befriended")
    state.apply("ogre")
    assert list(state.legal_actions()) == [1]
    state.apply(1)
    assert "ogre" in state.hands[1] and "ogre" not in state.hands[0]


def test_scavenge():
    state = table("necromancer", discards=["hydra", "bit"])
    build(state, "necromancer")
    assert list(state.legal_actions()) == [PASS, "hydra", "bit"]
    state.apply("bit")
    assert "bit" in state.hands[0] and state.deck.discards == ["hydra"]


def test_an_effect_without_a_choice_is_skipped_by_itself():
    state = table("the-deadly")  # no opponent adventures: nothing to swap
    for card in ("cursed", "the-deadly", "troll"):
        state.apply(card)
    assert phase(state) == "build" and state.seat == 1


@pytest.mark.parametrize("effect_card", ["chased", "mounted", "the-sneaky", "kraken"])
def test_effects_conserve_the_90_cards(effect_card):
    state = table(
        effect_card,
        hands={1: ["mocked", "unicorn"]},
        adventures={0: [("summoned", "the-flaming", "werewolf")], 1: OPPONENT_LEGEND},
    )
    build(state, effect_card)
    while phase(state) == "effect":
        state.apply([a for a in state.legal_actions() if a != PASS][0])
    assert state.card_locations() == Counter(CARDS.keys())
